//===- FftToLinalg.cpp - fft to linalg ------------------------------------===//
//
// A direct discrete Fourier transform, one axis at a time: a linalg.generic
// whose loops are the output's dimensions plus a reduction over the input
// position along the axis. The twiddle factor exp(+-2 pi i (k n mod N) / N)
// is computed in f64 from the loop indices and rounded to the element type.
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
        Value x = args[0], acc = args[1];
        Type part = isa<ComplexType>(outElem)
                        ? cast<ComplexType>(outElem).getElementType()
                        : outElem;
        if (part != f64) {
          c = arith::TruncFOp::create(nb, l, part, c);
          s = arith::TruncFOp::create(nb, l, part, s);
        }
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
    auto complexElem = [&](Type t) -> Type {
      return isa<ComplexType>(t) ? t : ComplexType::get(t);
    };
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
        along(axis, kind, inType.getElementType(), inType.getDimSize(axis));
      break;
    }
    case FftType::RFFT: {
      Type c = complexElem(inType.getElementType());
      along(rank - 1, AxisKind::RealToComplex, c, lengths.back() / 2 + 1);
      for (int64_t axis = rank - 2; axis >= rank - k; --axis)
        along(axis, AxisKind::Forward, c, inType.getDimSize(axis));
      break;
    }
    case FftType::IRFFT: {
      Type c = inType.getElementType();
      for (int64_t axis = rank - 2; axis >= rank - k; --axis)
        along(axis, AxisKind::Inverse, c, inType.getDimSize(axis));
      along(rank - 1, AxisKind::ComplexToReal, resultType.getElementType(),
            lengths.back());
      break;
    }
    }
    if (cur.getType() != resultType)
      return rewriter.notifyMatchFailure(op, "unexpected result type");
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
