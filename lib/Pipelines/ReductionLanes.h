//===- ReductionLanes.h - splitting a reduced row into lanes ----*- C++ -*-===//
//
// jx-vectorizable-reductions splits the contiguous reduced dimension of a
// row reduction into lanes (VectorizableReductions.cpp for reductions with
// one result, ArgReductions.cpp for argmax and argmin). The pieces both
// build with are here.
//
//===----------------------------------------------------------------------===//

#ifndef JX_LIB_PIPELINES_REDUCTIONLANES_H
#define JX_LIB_PIPELINES_REDUCTIONLANES_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace jx {

/// Whether `dim` is the last index of every input of `op` that uses it
/// (inputs that do not, broadcast along it, are invariant in its loop), and
/// at least one input uses it.
bool isContiguousInputDim(mlir::linalg::GenericOp op, unsigned dim);

/// `v` with its last dimension, of n elements, split into [n / inner,
/// inner] (a free reshape).
mlir::Value splitLastDim(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                         int64_t inner);

/// A tensor of `type`'s shape with `lanes` more elements in a new last
/// dimension, each `value`: partial results starting at the identity.
mlir::Value filledWithLanes(mlir::OpBuilder &b, mlir::Location loc,
                            mlir::RankedTensorType type, int64_t lanes,
                            mlir::Value value);

/// The lanes to split a reduced row of `n` elements into: 64 (32 where an
/// operand has 64 bits: four AVX-512 registers), or the largest power of
/// two down to 8 that divides n at least twice; 0 when none does or the
/// row is shorter than 64 elements (not worth splitting).
int64_t laneCount(int64_t n, unsigned bits);

/// `map` over one more loop, the lane, which it reads as a new last result.
mlir::AffineMap appendLane(mlir::AffineMap map);

/// The inputs of `op` and their maps for the split op: those that read loop
/// `dim` reshaped to [.., n / lanes, lanes] and read with a new last loop
/// (the lane), the others as they were, over one more loop.
void splitInputsIntoLanes(mlir::OpBuilder &b, mlir::linalg::GenericOp op,
                          unsigned dim, int64_t lanes,
                          llvm::SmallVectorImpl<mlir::Value> &inputs,
                          llvm::SmallVectorImpl<mlir::AffineMap> &maps);

/// Combines the partial results of a split reduction, [.., L] each (one per
/// result of the reduction), over their last dimension into `inits`, of
/// [..]: first 8 lanes at a time when L > 8 (lane o * 8 + i into i, o
/// ascending, from `identities`: whole vectors, where a chain of L
/// dependent scalar steps per row was as slow as reading the row), then
/// the last 8. `combiner` builds each step's body from the lane's values
/// and then the accumulators, and yields the accumulators. The combined
/// values, one per result.
llvm::SmallVector<mlir::Value> combineLanes(
    mlir::RewriterBase &rewriter, mlir::Location loc, mlir::ValueRange partials,
    mlir::ValueRange inits, mlir::ValueRange identities, int64_t lanes,
    llvm::function_ref<void(mlir::OpBuilder &, mlir::Location,
                            mlir::ValueRange)>
        combiner);

/// Argmax and argmin (the (value, index) reductions JAX's argmax and argmin
/// lower to) along a contiguous last dimension, split into lanes; false if
/// `op` is not one or does not qualify (ArgReductions.cpp).
bool splitArgReduction(mlir::RewriterBase &rewriter,
                       mlir::linalg::GenericOp op);

/// Whether `op` is an argmax or argmin (of any layout) as
/// splitArgReduction recognizes them.
bool isArgReduction(mlir::linalg::GenericOp op);

} // namespace jx

#endif // JX_LIB_PIPELINES_REDUCTIONLANES_H
