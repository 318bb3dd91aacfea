//===- SolveToLinalg.cpp - triangular_solve and cholesky to linalg/scf ----===//
//
// Both work on batches of matrices in the last two dimensions, one row or
// column at a time in an scf.for whose iter_arg is the result tensor; each
// step is a pair of linalg.generics over the batch and one matrix row.
//
// triangular_solve first materializes the matrix it actually solves with,
// A = op(a) for left_side and op(a)^T for right side (x op(a) = b is
// op(a)^T x^T = b^T, so b is transposed in and the solution out). A is then
// lower or upper triangular and reads only a's stated triangle. Forward
// (lower) or back (upper) substitution then computes, row i at a time,
//   x[i, :] = (b[i, :] - sum_{j before i} A[i, j] x[j, :]) / A[i, i].
//
// cholesky works on the lower triangle: for upper it factors the adjoint of
// a (so it reads a's upper triangle) and returns the adjoint of the factor.
// Column j of L is
//   c = a[:, j] - L[:, :j] conj(L[j, :j]);  L[j, j] = sqrt(c[j]);
//   L[i, j] = c[i] / L[j, j] below the diagonal, 0 above.
// The unused triangle of the result holds zeros.
//
//===----------------------------------------------------------------------===//

#include "DotFamily.h"

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace jx::stablehlo::dotfamily {
namespace {

SmallVector<utils::IteratorType> parallelIters(int64_t n) {
  return SmallVector<utils::IteratorType>(n, utils::IteratorType::parallel);
}

AffineMap dimsMap(int64_t numLoops, ArrayRef<int64_t> dims, MLIRContext *ctx) {
  SmallVector<AffineExpr> exprs;
  for (int64_t d : dims)
    exprs.push_back(getAffineDimExpr(d, ctx));
  return AffineMap::get(numLoops, 0, exprs, ctx);
}

SmallVector<int64_t> iota(int64_t n, int64_t from = 0) {
  SmallVector<int64_t> v;
  for (int64_t i = 0; i < n; ++i)
    v.push_back(from + i);
  return v;
}

/// out[..., i, j] = f(in[..., i, j]) or f(in[..., j, i]) when `swap`, with f
/// the complex conjugate when `conj`.
Value swapConj(OpBuilder &b, Location loc, Value in, bool swap, bool conj) {
  if (!swap && !conj)
    return in;
  auto type = cast<RankedTensorType>(in.getType());
  int64_t r = type.getRank();
  MLIRContext *ctx = b.getContext();
  SmallVector<int64_t> inDims = iota(r);
  if (swap)
    std::swap(inDims[r - 1], inDims[r - 2]);
  SmallVector<int64_t> shape(type.getShape());
  if (swap)
    std::swap(shape[r - 1], shape[r - 2]);
  auto outType = RankedTensorType::get(shape, type.getElementType());
  Value init = tensor::EmptyOp::create(b, loc, shape, type.getElementType());
  conj &= isa<ComplexType>(type.getElementType());
  return linalg::GenericOp::create(
             b, loc, TypeRange{outType}, ValueRange{in}, ValueRange{init},
             {dimsMap(r, inDims, ctx), b.getMultiDimIdentityMap(r)},
             parallelIters(r),
             [&](OpBuilder &nb, Location l, ValueRange args) {
               Value v = args[0];
               if (conj)
                 v = complex::ConjOp::create(nb, l, v);
               linalg::YieldOp::create(nb, l, v);
             })
      .getResult(0);
}

/// The slice of `t` ([batch..., R, C]) at row `row` (a [batch..., C] tensor)
/// or at column `col` (a [batch..., R] tensor); exactly one is set.
Value extractLine(OpBuilder &b, Location loc, Value t, Value row, Value col) {
  auto type = cast<RankedTensorType>(t.getType());
  int64_t r = type.getRank();
  SmallVector<OpFoldResult> offsets(r, b.getIndexAttr(0)),
      sizes = tensorSizes(b, loc, t), strides(r, b.getIndexAttr(1));
  SmallVector<int64_t> shape(type.getShape());
  if (row) {
    offsets[r - 2] = row;
    sizes[r - 2] = b.getIndexAttr(1);
    shape.erase(shape.begin() + r - 2);
  } else {
    offsets[r - 1] = col;
    sizes[r - 1] = b.getIndexAttr(1);
    shape.erase(shape.begin() + r - 1);
  }
  return tensor::ExtractSliceOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType()), t, offsets,
      sizes, strides);
}

Value insertLine(OpBuilder &b, Location loc, Value line, Value t, Value row,
                 Value col) {
  auto type = cast<RankedTensorType>(t.getType());
  int64_t r = type.getRank();
  SmallVector<OpFoldResult> offsets(r, b.getIndexAttr(0)),
      sizes = tensorSizes(b, loc, t), strides(r, b.getIndexAttr(1));
  if (row) {
    offsets[r - 2] = row;
    sizes[r - 2] = b.getIndexAttr(1);
  } else {
    offsets[r - 1] = col;
    sizes[r - 1] = b.getIndexAttr(1);
  }
  return tensor::InsertSliceOp::create(b, loc, line, t, offsets, sizes,
                                       strides);
}

/// The element [..., i] of a [batch..., N] tensor, as a [batch...] tensor.
Value extractLast(OpBuilder &b, Location loc, Value t, Value i) {
  auto type = cast<RankedTensorType>(t.getType());
  int64_t r = type.getRank();
  SmallVector<OpFoldResult> offsets(r, b.getIndexAttr(0)),
      sizes = tensorSizes(b, loc, t), strides(r, b.getIndexAttr(1));
  offsets[r - 1] = i;
  sizes[r - 1] = b.getIndexAttr(1);
  return tensor::ExtractSliceOp::create(
      b, loc,
      RankedTensorType::get(type.getShape().drop_back(), type.getElementType()),
      t, offsets, sizes, strides);
}

struct TriangularSolveToLinalg : OpConversionPattern<TriangularSolveOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TriangularSolveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = convertedTensorType(*getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    Value a = adaptor.getA(), bMat = adaptor.getB();
    auto aType = cast<RankedTensorType>(a.getType());
    if (!aType.hasStaticShape() || !resultType.hasStaticShape())
      return op->emitOpError("with dynamic shapes is not supported yet");
    if (resultType.getNumElements() == 0) { // nothing to solve
      rewriter.replaceOp(op, bMat);
      return success();
    }
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    Type elem = resultType.getElementType();
    int64_t r = resultType.getRank(), nb = r - 2;
    int64_t m = aType.getDimSize(r - 1);

    bool left = op.getLeftSide();
    Transpose t = op.getTransposeA();
    // A[i][j] = f(a[p(i, j)]): the matrix of the left-side system.
    bool swap = t != Transpose::NO_TRANSPOSE;
    bool conj = t == Transpose::ADJOINT;
    if (!left)
      swap = !swap;
    bool lowerA = swap ? !op.getLower() : op.getLower();
    Value mat = swapConj(rewriter, loc, a, swap, conj);
    Value x = left ? bMat : swapConj(rewriter, loc, bMat, true, false);
    auto xType = cast<RankedTensorType>(x.getType());
    int64_t n = xType.getDimSize(r - 1);
    bool unit = op.getUnitDiagonal();

    Value c0 = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value c1 = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value cm = arith::ConstantIndexOp::create(rewriter, loc, m);
    auto loop = scf::ForOp::create(
        rewriter, loc, c0, cm, c1, ValueRange{x},
        [&](OpBuilder &b, Location l, Value iv, ValueRange iterArgs) {
          Value xs = iterArgs[0];
          Value i = lowerA ? iv
                           : arith::SubIOp::create(
                                 b, l, arith::SubIOp::create(b, l, cm, c1), iv);
          Value aRow = extractLine(b, l, mat, i, Value()); // [batch, m]
          // Loops (batch..., col, j): sum of A[i, j] * x[j, col] over the j
          // before i, into a fresh zero tensor.
          SmallVector<int64_t> batch = iota(nb);
          SmallVector<int64_t> aDims = batch, xDims = batch, oDims = batch;
          aDims.push_back(nb + 1);
          xDims.append({nb + 1, nb});
          oDims.push_back(nb);
          SmallVector<utils::IteratorType> iters = parallelIters(nb + 1);
          iters.push_back(utils::IteratorType::reduction);
          SmallVector<int64_t> rowShape(xType.getShape().take_front(nb));
          rowShape.push_back(n);
          auto rowType = RankedTensorType::get(rowShape, elem);
          Value zeros = filledTensor(b, l, rowType, scalarConst(b, l, elem, 0));
          Value sum =
              linalg::GenericOp::create(
                  b, l, TypeRange{rowType}, ValueRange{aRow, xs},
                  ValueRange{zeros},
                  {dimsMap(nb + 2, aDims, ctx), dimsMap(nb + 2, xDims, ctx),
                   dimsMap(nb + 2, oDims, ctx)},
                  iters,
                  [&](OpBuilder &gb, Location gl, ValueRange args) {
                    Value j = linalg::IndexOp::create(gb, gl, nb + 1);
                    Value before = arith::CmpIOp::create(
                        gb, gl,
                        lowerA ? arith::CmpIPredicate::ult
                               : arith::CmpIPredicate::ugt,
                        j, i);
                    Value updated = addScalar(gb, gl, args[2],
                                              mulScalar(gb, gl, args[0],
                                                        args[1]));
                    linalg::YieldOp::create(
                        gb, gl,
                        Value(arith::SelectOp::create(gb, gl, before, updated,
                                                      args[2])));
                  })
                  .getResult(0);
          // Row i of x becomes (x[i, :] - sum) / A[i, i], computed in place
          // in the slice of x it replaces (no copy of a strided row).
          Value xRow = extractLine(b, l, xs, i, Value()); // [batch, n]
          SmallVector<int64_t> rowDims = iota(nb + 1);
          SmallVector<Value> ins = {sum};
          SmallVector<AffineMap> maps = {dimsMap(nb + 1, rowDims, ctx)};
          if (!unit) {
            ins.push_back(extractLast(b, l, aRow, i)); // [batch]
            maps.push_back(dimsMap(nb + 1, batch, ctx));
          }
          maps.push_back(dimsMap(nb + 1, rowDims, ctx));
          Value row =
              linalg::GenericOp::create(
                  b, l, TypeRange{rowType}, ins, ValueRange{xRow}, maps,
                  parallelIters(nb + 1),
                  [&](OpBuilder &gb, Location gl, ValueRange args) {
                    Value v = subScalar(gb, gl, args.back(), args[0]);
                    if (!unit)
                      v = divScalar(gb, gl, v, args[1]);
                    linalg::YieldOp::create(gb, gl, v);
                  })
                  .getResult(0);
          Value next = insertLine(b, l, row, xs, i, Value());
          scf::YieldOp::create(b, l, next);
        });
    Value result = loop.getResult(0);
    if (!left)
      result = swapConj(rewriter, loc, result, true, false);
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct CholeskyToLinalg : OpConversionPattern<CholeskyOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CholeskyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = convertedTensorType(*getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    if (!resultType.hasStaticShape())
      return op->emitOpError("with dynamic shapes is not supported yet");
    if (resultType.getNumElements() == 0) {
      rewriter.replaceOp(op, adaptor.getA());
      return success();
    }
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    Type elem = resultType.getElementType();
    int64_t r = resultType.getRank(), nb = r - 2;
    int64_t n = resultType.getDimSize(r - 1);
    bool lower = op.getLower();
    Value a = swapConj(rewriter, loc, adaptor.getA(), !lower, !lower);

    Value zeroL = filledTensor(rewriter, loc, resultType,
                               scalarConst(rewriter, loc, elem, 0));
    Value c0 = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value c1 = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value cn = arith::ConstantIndexOp::create(rewriter, loc, n);
    SmallVector<int64_t> batch = iota(nb);
    auto loop = scf::ForOp::create(
        rewriter, loc, c0, cn, c1, ValueRange{zeroL},
        [&](OpBuilder &b, Location l, Value j, ValueRange iterArgs) {
          Value lMat = iterArgs[0];
          Value aCol = extractLine(b, l, a, Value(), j);    // [batch, n]
          Value lRow = extractLine(b, l, lMat, j, Value()); // [batch, n]
          // Loops (batch..., i, k): s[i] = sum_k L[i, k] * conj(L[j, k]);
          // the columns k >= j of L are still zero.
          SmallVector<int64_t> lDims = batch, rDims = batch, oDims = batch;
          lDims.append({nb, nb + 1});
          rDims.push_back(nb + 1);
          oDims.push_back(nb);
          SmallVector<utils::IteratorType> iters = parallelIters(nb + 1);
          iters.push_back(utils::IteratorType::reduction);
          auto colType = cast<RankedTensorType>(aCol.getType());
          Value zeros =
              filledTensor(b, l, colType, scalarConst(b, l, elem, 0));
          Value sum =
              linalg::GenericOp::create(
                  b, l, TypeRange{colType}, ValueRange{lMat, lRow},
                  ValueRange{zeros},
                  {dimsMap(nb + 2, lDims, ctx), dimsMap(nb + 2, rDims, ctx),
                   dimsMap(nb + 2, oDims, ctx)},
                  iters,
                  [&](OpBuilder &gb, Location gl, ValueRange args) {
                    Value other = args[1];
                    if (isa<ComplexType>(other.getType()))
                      other = complex::ConjOp::create(gb, gl, other);
                    linalg::YieldOp::create(
                        gb, gl,
                        addScalar(gb, gl, args[2],
                                  mulScalar(gb, gl, args[0], other)));
                  })
                  .getResult(0);
          // c = a[:, j] - s; column j of L, written in place in L.
          Value aDiag = extractLast(b, l, aCol, j); // [batch]
          Value sDiag = extractLast(b, l, sum, j);  // [batch]
          Value lCol = extractLine(b, l, lMat, Value(), j);
          SmallVector<int64_t> colDims = iota(nb + 1);
          AffineMap colMap = dimsMap(nb + 1, colDims, ctx);
          AffineMap batchMap = dimsMap(nb + 1, batch, ctx);
          Value newCol =
              linalg::GenericOp::create(
                  b, l, TypeRange{colType},
                  ValueRange{aCol, sum, aDiag, sDiag}, ValueRange{lCol},
                  {colMap, colMap, batchMap, batchMap, colMap},
                  parallelIters(nb + 1),
                  [&](OpBuilder &gb, Location gl, ValueRange args) {
                    Value i = linalg::IndexOp::create(gb, gl, nb);
                    Value c = subScalar(gb, gl, args[0], args[1]);
                    Value d = subScalar(gb, gl, args[2], args[3]);
                    Value diag;
                    if (auto ct = dyn_cast<ComplexType>(elem)) {
                      Value re = complex::ReOp::create(gb, gl, d);
                      Value root = math::SqrtOp::create(gb, gl, re);
                      diag = complex::CreateOp::create(
                          gb, gl, elem, root,
                          scalarConst(gb, gl, ct.getElementType(), 0));
                    } else {
                      diag = math::SqrtOp::create(gb, gl, d);
                    }
                    Value below = divScalar(gb, gl, c, diag);
                    Value isDiag = arith::CmpIOp::create(
                        gb, gl, arith::CmpIPredicate::eq, i, j);
                    Value isAbove = arith::CmpIOp::create(
                        gb, gl, arith::CmpIPredicate::ult, i, j);
                    Value v = arith::SelectOp::create(gb, gl, isDiag, diag,
                                                      below);
                    // Above the diagonal L still holds its initial zeros
                    // (reading them keeps this generic writing into L).
                    v = arith::SelectOp::create(gb, gl, isAbove, args[4], v);
                    linalg::YieldOp::create(gb, gl, v);
                  })
                  .getResult(0);
          scf::YieldOp::create(b, l,
                               insertLine(b, l, newCol, lMat, Value(), j));
        });
    Value result = swapConj(rewriter, loc, loop.getResult(0), !lower, !lower);
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateSolvePatterns(const TypeConverter &converter,
                           RewritePatternSet &patterns) {
  patterns.add<TriangularSolveToLinalg, CholeskyToLinalg>(
      converter, patterns.getContext());
}

} // namespace jx::stablehlo::dotfamily
