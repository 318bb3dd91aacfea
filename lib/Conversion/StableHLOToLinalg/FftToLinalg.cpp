//===- FftToLinalg.cpp - fft to linalg ------------------------------------===//
//
// A direct discrete Fourier transform, one axis at a time: a linalg.generic
// whose loops are the output's dimensions plus a reduction over the input
// position along the axis. The twiddle factor exp(+-2 pi i (k n mod N) / N)
// is computed in f64 from the loop indices; the sums are f64 too and the
// result is rounded to the element type once, at the end.
//   FFT   complex -> complex along each of the last k axes;
//   IFFT  the same with exp(+...) and a factor 1/N per axis;
//   RFFT  real -> complex along the innermost axis (N/2+1 outputs), then FFT
//         along the others;
//   IRFFT IFFT along the outer axes, then complex (N/2+1) -> real (N) along
//         the innermost axis, using the Hermitian symmetry of the input:
//         x[n] = 1/N sum_k w_k Re(X[k] exp(2 pi i k n / N)), w_k = 1 for k = 0
//         and k = N/2, 2 otherwise.
// The O(N^2) cost per axis is a placeholder for a real FFT.
//
//===----------------------------------------------------------------------===//

#include "DotFamily.h"

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace jx::stablehlo::dotfamily {
namespace {

/// `x` (a float or complex scalar) with its float parts extended or
/// truncated to `part`.
Value changePrecision(OpBuilder &b, Location loc, Value x, Type part) {
  if (auto c = dyn_cast<ComplexType>(x.getType())) {
    if (c.getElementType() == part)
      return x;
    Value re = changePrecision(b, loc, complex::ReOp::create(b, loc, x), part);
    Value im = changePrecision(b, loc, complex::ImOp::create(b, loc, x), part);
    return complex::CreateOp::create(b, loc, ComplexType::get(part), re, im);
  }
  if (x.getType() == part)
    return x;
  if (x.getType().getIntOrFloatBitWidth() < part.getIntOrFloatBitWidth())
    return arith::ExtFOp::create(b, loc, part, x);
  return arith::TruncFOp::create(b, loc, part, x);
}

Value toF64(OpBuilder &b, Location loc, Value x) {
  return changePrecision(b, loc, x, b.getF64Type());
}

enum class AxisKind { Forward, Inverse, RealToComplex, ComplexToReal };

/// Transforms `input` along `axis` (length `n` of the real signal) into a
/// tensor of `outType`.
Value dftAlongAxis(OpBuilder &b, Location loc, Value input, int64_t axis,
                   int64_t n, AxisKind kind, RankedTensorType outType) {
  MLIRContext *ctx = b.getContext();
  int64_t rank = outType.getRank();
  SmallVector<AffineExpr> inExprs;
  for (int64_t d = 0; d < rank; ++d)
    inExprs.push_back(getAffineDimExpr(d == axis ? rank : d, ctx));
  SmallVector<AffineMap> maps = {
      AffineMap::get(rank + 1, 0, inExprs, ctx),
      AffineMap::get(rank + 1, 0,
                     AffineMap::getMultiDimIdentityMap(rank, ctx).getResults(),
                     ctx)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  Type outElem = outType.getElementType();
  Value init = filledTensor(b, loc, outType, scalarConst(b, loc, outElem, 0));
  bool inverse = kind == AxisKind::Inverse || kind == AxisKind::ComplexToReal;
  double sign = inverse ? 1.0 : -1.0;
  double scale = inverse ? 1.0 / static_cast<double>(n) : 1.0;

  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{outType}, ValueRange{input}, ValueRange{init}, maps,
      iterators, [&](OpBuilder &nb, Location l, ValueRange args) {
        Value outIdx = linalg::IndexOp::create(nb, l, axis);
        Value inIdx = linalg::IndexOp::create(nb, l, rank);
        Value nIdx = arith::ConstantIndexOp::create(nb, l, n);
        Value prod = arith::RemUIOp::create(
            nb, l, arith::MulIOp::create(nb, l, outIdx, inIdx), nIdx);
        Type f64 = nb.getF64Type();
        Value prodF = arith::SIToFPOp::create(
            nb, l, f64,
            arith::IndexCastOp::create(nb, l, nb.getI64Type(), prod));
        Value angle = arith::MulFOp::create(
            nb, l, prodF,
            scalarConst(nb, l, f64,
                        sign * 2.0 * llvm::numbers::pi / static_cast<double>(n)));
        Value c = arith::MulFOp::create(nb, l, math::CosOp::create(nb, l, angle),
                                        scalarConst(nb, l, f64, scale));
        Value s = arith::MulFOp::create(nb, l, math::SinOp::create(nb, l, angle),
                                        scalarConst(nb, l, f64, scale));
        // Everything is computed in f64 (outElem is f64 or complex<f64>).
        Value x = toF64(nb, l, args[0]), acc = args[1];
        Value result;
        switch (kind) {
        case AxisKind::Forward:
        case AxisKind::Inverse: {
          Value w = complex::CreateOp::create(nb, l, outElem, c, s);
          result = complex::AddOp::create(
              nb, l, acc, complex::MulOp::create(nb, l, x, w));
          break;
        }
        case AxisKind::RealToComplex: {
          Value term = complex::CreateOp::create(
              nb, l, outElem, arith::MulFOp::create(nb, l, x, c),
              arith::MulFOp::create(nb, l, x, s));
          result = complex::AddOp::create(nb, l, acc, term);
          break;
        }
        case AxisKind::ComplexToReal: {
          // Re(X w) = re*c - im*s, weighted 2 for the bins that stand for a
          // conjugate pair.
          Value re = complex::ReOp::create(nb, l, x);
          Value im = complex::ImOp::create(nb, l, x);
          Value term = arith::SubFOp::create(
              nb, l, arith::MulFOp::create(nb, l, re, c),
              arith::MulFOp::create(nb, l, im, s));
          Value zero = arith::ConstantIndexOp::create(nb, l, 0);
          Value isSingle = arith::CmpIOp::create(
              nb, l, arith::CmpIPredicate::eq, inIdx, zero);
          if (n % 2 == 0)
            isSingle = arith::OrIOp::create(
                nb, l, isSingle,
                arith::CmpIOp::create(
                    nb, l, arith::CmpIPredicate::eq, inIdx,
                    arith::ConstantIndexOp::create(nb, l, n / 2)));
          Value doubled =
              arith::AddFOp::create(nb, l, term, term);
          term = arith::SelectOp::create(nb, l, isSingle, term, doubled);
          result = arith::AddFOp::create(nb, l, acc, term);
          break;
        }
        }
        linalg::YieldOp::create(nb, l, result);
      });
  return generic.getResult(0);
}

struct FftToLinalg : OpConversionPattern<FftOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(FftOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = convertedTensorType(*getTypeConverter(), op.getType());
    Value input = adaptor.getOperand();
    auto inType = cast<RankedTensorType>(input.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    if (!inType.hasStaticShape() || !resultType.hasStaticShape())
      return op->emitOpError("with dynamic shapes is not supported yet");
    Location loc = op.getLoc();
    ArrayRef<int64_t> lengths = op.getFftLength();
    int64_t rank = inType.getRank(), k = lengths.size();
    // The transform runs in f64 whatever the element type (the sums of an
    // O(N^2) DFT would otherwise lose several ulps in f32) and is rounded
    // once at the end.
    Type f64 = rewriter.getF64Type();
    Type c64 = ComplexType::get(f64);
    Value cur = input;
    auto along = [&](int64_t axis, AxisKind kind, Type outElem,
                     int64_t outSize) {
      SmallVector<int64_t> shape(
          cast<RankedTensorType>(cur.getType()).getShape());
      shape[axis] = outSize;
      cur = dftAlongAxis(rewriter, loc, cur, axis, lengths[axis - (rank - k)],
                         kind, RankedTensorType::get(shape, outElem));
    };
    switch (op.getFftType()) {
    case FftType::FFT:
    case FftType::IFFT: {
      AxisKind kind =
          op.getFftType() == FftType::FFT ? AxisKind::Forward : AxisKind::Inverse;
      for (int64_t axis = rank - 1; axis >= rank - k; --axis)
        along(axis, kind, c64, inType.getDimSize(axis));
      break;
    }
    case FftType::RFFT: {
      along(rank - 1, AxisKind::RealToComplex, c64, lengths.back() / 2 + 1);
      for (int64_t axis = rank - 2; axis >= rank - k; --axis)
        along(axis, AxisKind::Forward, c64, inType.getDimSize(axis));
      break;
    }
    case FftType::IRFFT: {
      for (int64_t axis = rank - 2; axis >= rank - k; --axis)
        along(axis, AxisKind::Inverse, c64, inType.getDimSize(axis));
      along(rank - 1, AxisKind::ComplexToReal, f64, lengths.back());
      break;
    }
    }
    auto curType = cast<RankedTensorType>(cur.getType());
    if (curType.getShape() != resultType.getShape())
      return rewriter.notifyMatchFailure(op, "unexpected result shape");
    if (curType != resultType) {
      Type part = getElementTypeOrSelf(resultType);
      if (auto c = dyn_cast<ComplexType>(part))
        part = c.getElementType();
      int64_t r = resultType.getRank();
      Value init = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                           resultType.getElementType());
      cur = linalg::GenericOp::create(
                rewriter, loc, TypeRange{resultType}, ValueRange{cur},
                ValueRange{init},
                SmallVector<AffineMap>(2, rewriter.getMultiDimIdentityMap(r)),
                SmallVector<utils::IteratorType>(
                    r, utils::IteratorType::parallel),
                [&](OpBuilder &nb, Location l, ValueRange args) {
                  linalg::YieldOp::create(
                      nb, l, changePrecision(nb, l, args[0], part));
                })
                .getResult(0);
    }
    rewriter.replaceOp(op, cur);
    return success();
  }
};

} // namespace

void populateFftPatterns(const TypeConverter &converter,
                         RewritePatternSet &patterns) {
  patterns.add<FftToLinalg>(converter, patterns.getContext());
}

} // namespace jx::stablehlo::dotfamily
