//===- RowLoops.h - what loop passes know of row loops ----------*- C++ -*-===//
//
// A loop over rows from jx-fuse-rows holds several loop nests, each a pass
// over the row (its max, its exponentials, the division). Whether such a
// loop is worth overlapping with the memory depends on how much its nests
// compute per element: jx-prefetch-next-rows (PrefetchNextRows.cpp, which
// defines these) and jx-streaming-stores (StreamingStores.cpp) share the
// estimate.
//
//===----------------------------------------------------------------------===//

#ifndef JX_LIB_PIPELINES_ROWLOOPS_H
#define JX_LIB_PIPELINES_ROWLOOPS_H

#include "mlir/IR/Operation.h"

#include <cstdint>

namespace jx {

/// The least costPerIteration of a nest that computes more per element
/// than the memory takes to deliver it: one transcendental function.
constexpr int64_t kComputeBoundCost = 16;

/// A rough count of the work in `nest` per iteration: 20 for a
/// transcendental math function, 4 for a division, 1 for any other
/// arithmetic, counting only the ops that vary from one iteration to the
/// next (the log of a row's sum, computed per element where LLVM hoists it,
/// costs nothing).
int64_t costPerIteration(mlir::Operation *nest);

/// Whether `op` is an scf.parallel or scf.for whose body holds at least two
/// loop nests: a loop over rows.
bool isRowLoop(mlir::Operation *op);

} // namespace jx

#endif // JX_LIB_PIPELINES_ROWLOOPS_H
