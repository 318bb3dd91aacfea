// monoid.h - internal: the binary regions of reductions (reduce_*, psum,
// pmax, pmin, psum_scatter), built once for reduction.cpp and
// collective.cpp.

#ifndef JX_LIB_PRIMITIVES_MONOID_H
#define JX_LIB_PRIMITIVES_MONOID_H

#include "frontend/lowering.h"

namespace jx::core {

enum class monoid { sum, max, min, prod, and_, or_ };

/// A reduction body over 0-d `scalar`s applying `m`, appended to `region`.
void build_monoid_body(frontend::lowering_context &c, mlir::Region &region,
                       mlir::Type scalar, monoid m);

} // namespace jx::core

#endif // JX_LIB_PRIMITIVES_MONOID_H
