// api_util.h - internal: checks and conversions shared by jx::lax and
// jx::numpy. Errors start with the API's name and show operand types.

#ifndef JX_LIB_FRONTEND_API_UTIL_H
#define JX_LIB_FRONTEND_API_UTIL_H

#include "core/trace.h"
#include "primitives/rules.h"

namespace jx::frontend {

using core::shape_str;
/// A C++ scalar (weak literal) converted on the host to `t`.
bool is_literal(const Array &a);
Array literal_as(const Array &a, dtype t, bool weak);
/// A lax binary op's operands with one dtype: a weak C++ scalar adapts to
/// the other operand; otherwise throws "jx::lax::<api>: operand dtypes
/// differ: ...".
std::pair<Array, Array> match_dtypes(const std::string &api, Array x,
                                     Array y);
/// `p` applied to `x`, which must be floating or complex; throws
/// "jx::lax::<p>: needs a floating or complex operand, got ...".
Array unary_inexact(const core::primitive &p, const Array &x);
/// jnp.result_type of the arrays: the join of their dtypes, weak when the
/// join is weak.
typed_dtype result_type_of(const std::vector<Array> &args);
/// Normalizes `axis` (negative counts from the end) for an array of rank
/// `rank`; throws "<api>: axis 3 is out of bounds for array f32[2,3]".
int64_t normalize_axis(const std::string &api, int64_t axis,
                       const shaped_array &a);
std::vector<int64_t> normalize_axes(const std::string &api,
                                    const std::vector<int64_t> &axes,
                                    const shaped_array &a);

} // namespace jx::frontend

#endif // JX_LIB_FRONTEND_API_UTIL_H
