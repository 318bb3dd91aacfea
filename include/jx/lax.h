// lax.h - jx::lax, the primitives as jax.lax names them.
//
// These are thin and strict: operands must already have equal dtypes (weakly
// typed C++ scalars adapt), and shapes must agree except for 0-d operands and
// size-1 dimensions of equal-rank operands. jx::numpy builds on them.

#ifndef JX_LAX_H
#define JX_LAX_H

#include "jx/array.h"
#include "jx/jaxpr.h"

#include <array>
#include <optional>

namespace jx::lax {

// Elementwise.
Array add(const Array &x, const Array &y);
Array sub(const Array &x, const Array &y);
Array mul(const Array &x, const Array &y);
Array div(const Array &x, const Array &y);
Array max(const Array &x, const Array &y);
Array min(const Array &x, const Array &y);
Array neg(const Array &x);
Array exp(const Array &x);
Array log(const Array &x);
Array tanh(const Array &x);
Array sin(const Array &x);
Array cos(const Array &x);
Array sqrt(const Array &x);
Array rsqrt(const Array &x);
Array log1p(const Array &x);
Array expm1(const Array &x);
Array logistic(const Array &x);
Array floor(const Array &x);
Array ceil(const Array &x);
Array is_finite(const Array &x);
Array abs(const Array &x);
Array sign(const Array &x);
Array square(const Array &x);
/// x ** y for a constant integer y (multiplications; y < 0 needs inexact x).
Array integer_pow(const Array &x, int64_t y);
Array pow(const Array &x, const Array &y);
/// As jax.lax.RoundingMethod.
enum class rounding_method { away_from_zero = 0, to_nearest_even = 1 };
Array round(const Array &x,
            rounding_method method = rounding_method::away_from_zero);
/// Bool or integer operands (JAX's and/or/xor/not primitives).
Array bitwise_and(const Array &x, const Array &y);
Array bitwise_or(const Array &x, const Array &y);
Array bitwise_xor(const Array &x, const Array &y);
Array bitwise_not(const Array &x);
Array eq(const Array &x, const Array &y);
Array ne(const Array &x, const Array &y);
Array lt(const Array &x, const Array &y);
Array le(const Array &x, const Array &y);
Array gt(const Array &x, const Array &y);
Array ge(const Array &x, const Array &y);
/// cases[pred]: `which` is bool (two cases); all cases share a type.
Array select_n(const Array &which, const std::vector<Array> &cases);
Array convert_element_type(const Array &x, dtype new_dtype,
                           bool weak_type = false);

// Reductions over `axes`.
Array reduce_sum(const Array &x, const std::vector<int64_t> &axes);
Array reduce_max(const Array &x, const std::vector<int64_t> &axes);
Array reduce_min(const Array &x, const std::vector<int64_t> &axes);
Array reduce_prod(const Array &x, const std::vector<int64_t> &axes);
/// Bool operands.
Array reduce_and(const Array &x, const std::vector<int64_t> &axes);
Array reduce_or(const Array &x, const std::vector<int64_t> &axes);
/// Index of the largest (smallest) value along `axis`; NaN counts as the
/// extreme, ties give the first index.
Array argmax(const Array &x, int64_t axis, dtype index_dtype = dtype::int32);
Array argmin(const Array &x, int64_t axis, dtype index_dtype = dtype::int32);
/// Running sum / product / maximum / minimum along `axis` (from the end
/// when `reverse`); real numeric operands.
Array cumsum(const Array &x, int64_t axis = 0, bool reverse = false);
Array cumprod(const Array &x, int64_t axis = 0, bool reverse = false);
Array cummax(const Array &x, int64_t axis = 0, bool reverse = false);
Array cummin(const Array &x, int64_t axis = 0, bool reverse = false);

// Shapes.
Array broadcast_in_dim(const Array &x, const shape_t &shape,
                       const std::vector<int64_t> &broadcast_dimensions);
Array reshape(const Array &x, const shape_t &new_sizes);
Array transpose(const Array &x, const std::vector<int64_t> &permutation);
/// Drops the listed size-1 dimensions.
Array squeeze(const Array &x, const std::vector<int64_t> &dimensions);
/// Reverses the listed dimensions.
Array rev(const Array &x, const std::vector<int64_t> &dimensions);
Array concatenate(const std::vector<Array> &operands, int64_t dimension);
/// Pads with `padding_value` (0-d): (low, high, interior) per dimension;
/// negative low/high crop.
Array pad(const Array &x, const Array &padding_value,
          const std::vector<std::array<int64_t, 3>> &padding_config);
Array iota(dtype t, const shape_t &shape, int64_t dimension = 0);

// Slicing.
/// x[start:limit:stride] per dimension (strides default to ones).
Array slice(const Array &x, const std::vector<int64_t> &start_indices,
            const std::vector<int64_t> &limit_indices,
            std::optional<std::vector<int64_t>> strides = std::nullopt);
/// A window of `slice_sizes` at run-time (0-d integer) start indices,
/// clamped so that the window fits; C++ integers may be negative (counted
/// from the end, as in JAX).
Array dynamic_slice(const Array &x, const std::vector<Array> &start_indices,
                    const shape_t &slice_sizes);
/// x with the window at `start_indices` (clamped) replaced by `update`.
Array dynamic_update_slice(const Array &x, const Array &update,
                           const std::vector<Array> &start_indices);

// Sorting.
/// Sorts `operands` (one shape) along `dimension`, ordered lexicographically
/// by the first `num_keys` of them; floats in total order with NaNs last.
std::vector<Array> sort(const std::vector<Array> &operands,
                        int64_t dimension = -1, bool is_stable = true,
                        int64_t num_keys = 1);
Array sort(const Array &operand, int64_t dimension = -1,
           bool is_stable = true);

// Linear algebra.
Array dot_general(const Array &lhs, const Array &rhs,
                  const dot_dimension_numbers &dimension_numbers,
                  std::optional<dtype> preferred_element_type = std::nullopt);

// --- jx::random's primitives (issue 5) --------------------------------------
/// Shifts of integer operands by integer amounts of the same dtype; amounts
/// at or above the bit width give 0 (arithmetic: the sign fill).
Array shift_left(const Array &x, const Array &y);
Array shift_right_logical(const Array &x, const Array &y);
Array shift_right_arithmetic(const Array &x, const Array &y);
/// Remainder with the sign of x (C's fmod / %), numeric operands.
Array rem(const Array &x, const Array &y);
/// The next representable value after x towards y (floating operands).
Array nextafter(const Array &x, const Array &y);
/// Number of set bits of each element (integers).
Array population_count(const Array &x);
/// The error function and its inverse (floating operands; chlo.erf and
/// chlo.erf_inv in the lowered module, as JAX emits).
Array erf(const Array &x);
Array erf_inv(const Array &x);
/// x's bits reinterpreted as `new_dtype` of the same width (JAX also
/// accepts differing widths; jx does not yet).
Array bitcast_convert_type(const Array &x, dtype new_dtype);

} // namespace jx::lax

#endif // JX_LAX_H
