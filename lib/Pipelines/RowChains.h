//===- RowChains.h - chains of linalg ops over the same rows ----*- C++ -*-===//
//
// What jx-fuse-rows (FuseRows.cpp) fuses into one loop over rows, shared
// with jx-fuse-elementwise, whose recompute cost model leaves alone a
// producer that will be computed one row at a time.
//
//===----------------------------------------------------------------------===//

#ifndef JX_LIB_PIPELINES_ROWCHAINS_H
#define JX_LIB_PIPELINES_ROWCHAINS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <optional>

namespace jx {

/// The number of rows of `op` (its leading loop), when every operand is
/// indexed by that loop in its leading dimension or not at all, and the op
/// is no contraction or convolution; nullopt otherwise.
std::optional<int64_t> rowsOf(mlir::linalg::LinalgOp op);

/// Whether `op` is a reshape that leaves the leading dimension alone.
bool keepsRows(mlir::Operation *op);

/// Whether every consumer of `producer` (through such reshapes) works on
/// the same rows, one of them reduces along them, and the work is large
/// enough: jx-fuse-rows will then compute `producer` one row at a time,
/// its result staying in the cache between its consumers.
bool willFuseRows(mlir::linalg::LinalgOp producer);

} // namespace jx

#endif // JX_LIB_PIPELINES_ROWCHAINS_H
