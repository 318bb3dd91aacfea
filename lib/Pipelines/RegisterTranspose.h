//===- RegisterTranspose.h - square blocks transposed in registers -*- C++
//-*-===//
//
// What jx-tile-transposes and jx-short-inner-loops share: a block
// of n x n elements held as n vectors (its rows) transposed by
// vector.shuffle, so that vector r of the result holds column r.
//
//===----------------------------------------------------------------------===//

#ifndef JX_LIB_PIPELINES_REGISTERTRANSPOSE_H
#define JX_LIB_PIPELINES_REGISTERTRANSPOSE_H

#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "llvm/ADT/SmallVector.h"

namespace jx {

/// Transposes the square block whose rows are `rows` (n vectors of n
/// elements, n a power of two) in place: for b = 1, 2, 4, ..., n / 2 the two
/// off-diagonal b x b blocks of every 2b x 2b block are swapped by n
/// two-source shuffles (unpack and permute instructions on x86).
/// (Canonicalization scalarizes a vector.transpose of the loaded rows into
/// element extracts and inserts, hence the shuffles.)
inline void transposeBlockInRegisters(mlir::OpBuilder &b, mlir::Location loc,
                                      llvm::MutableArrayRef<mlir::Value> rows) {
  int64_t n = rows.size();
  for (int64_t half = 1; half < n; half *= 2) {
    llvm::SmallVector<int64_t> upper, lower;
    for (int64_t c = 0; c < n; ++c) {
      bool left = (c & half) == 0;
      upper.push_back(left ? c : n + c - half);
      lower.push_back(left ? c + half : n + c);
    }
    for (int64_t i = 0; i < n; ++i) {
      if (i & half)
        continue;
      mlir::Value a = rows[i], c = rows[i + half];
      rows[i] = mlir::vector::ShuffleOp::create(b, loc, a, c, upper);
      rows[i + half] = mlir::vector::ShuffleOp::create(b, loc, a, c, lower);
    }
  }
}

} // namespace jx

#endif // JX_LIB_PIPELINES_REGISTERTRANSPOSE_H
