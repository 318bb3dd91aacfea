//===- ConvolutionToLinalg.cpp - convolution and dynamic_conv to linalg ---===//
//
// The input is first padded and base-dilated by a gather-like generic
// (lhs_dilation inserts holes, positive padding adds zeros, negative padding
// drops elements). The convolution itself is one linalg.generic over the
// output dimensions (in the output's layout), the kernel's spatial window
// and the input features of one group (reductions). Affine maps do the rest,
// for any dimension_numbers layout:
//   input spatial  = out * stride + k * rhs_dilation   (k reversed when
//                                                        window_reversal)
//   input feature  = group(out feature) * C/G + i        (feature groups)
//   input batch    = group(out feature) * N/BG + batch   (batch groups)
// dynamic_conv is lowered the same way when its padding is a constant.
//
// A convolution with a small kernel window (one group, one element type,
// f32/f64) is instead a sum of contractions, one per window position, over
// strided slices of the padded input: each becomes a GEMM call
// (jx-contraction-to-blas) that reads the slice in place.
//
//===----------------------------------------------------------------------===//

#include "DotFamily.h"

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace jx::stablehlo::dotfamily {
namespace {

struct ConvParams {
  SmallVector<int64_t> strides, padLo, padHi, lhsDilation, rhsDilation;
  SmallVector<bool> reversal;
  ConvDimensionNumbersAttr dims;
  int64_t featureGroups = 1, batchGroups = 1;
};

/// Pads and base-dilates the spatial dimensions of `input` (static shape):
/// a linalg.generic over the padded shape whose element at position p of a
/// spatial dimension is input[(p - lo) / dilation] when that divides evenly
/// and lands inside the input, zero otherwise. (A strided insert_slice would
/// say the same but bufferizes to a strided memref.copy.)
Value padAndDilate(OpBuilder &b, Location loc, Value input,
                   const ConvParams &p) {
  auto type = cast<RankedTensorType>(input.getType());
  ArrayRef<int64_t> spatial = p.dims.getInputSpatialDimensions();
  bool needed = false;
  for (size_t i = 0; i < spatial.size(); ++i)
    needed |= p.padLo[i] != 0 || p.padHi[i] != 0 || p.lhsDilation[i] != 1;
  if (!needed)
    return input;

  int64_t rank = type.getRank();
  SmallVector<int64_t> shape(type.getShape());
  for (size_t i = 0; i < spatial.size(); ++i) {
    int64_t d = spatial[i], n = type.getDimSize(d);
    int64_t dilated = n == 0 ? 0 : (n - 1) * p.lhsDilation[i] + 1;
    shape[d] = std::max<int64_t>(p.padLo[i] + dilated + p.padHi[i], 0);
  }
  Type elem = type.getElementType();
  auto outType = RankedTensorType::get(shape, elem);
  Value zero = scalarConst(b, loc, elem, 0);
  if (type.getNumElements() == 0)
    return filledTensor(b, loc, outType, zero);
  Value init = tensor::EmptyOp::create(b, loc, shape, elem);
  return linalg::GenericOp::create(
             b, loc, TypeRange{outType}, ValueRange{}, ValueRange{init},
             {b.getMultiDimIdentityMap(rank)},
             SmallVector<utils::IteratorType>(rank,
                                              utils::IteratorType::parallel),
             [&](OpBuilder &nb, Location l, ValueRange) {
               auto idx = [&](int64_t v) -> Value {
                 return arith::ConstantIndexOp::create(nb, l, v);
               };
               SmallVector<Value> indices;
               Value valid;
               for (int64_t d = 0; d < rank; ++d) {
                 Value pos = linalg::IndexOp::create(nb, l, d);
                 auto *it = llvm::find(spatial, d);
                 if (it == spatial.end()) {
                   indices.push_back(pos);
                   continue;
                 }
                 size_t i = it - spatial.begin();
                 int64_t dil = p.lhsDilation[i], n = type.getDimSize(d);
                 // Signed arithmetic: pos - lo may be negative.
                 Value rel = pos;
                 if (p.padLo[i] != 0)
                   rel = arith::SubIOp::create(nb, l, pos, idx(p.padLo[i]));
                 Value q = dil == 1 ? rel
                                    : arith::FloorDivSIOp::create(nb, l, rel,
                                                                  idx(dil));
                 Value inside = arith::AndIOp::create(
                     nb, l,
                     arith::CmpIOp::create(nb, l, arith::CmpIPredicate::sge,
                                           rel, idx(0)),
                     arith::CmpIOp::create(nb, l, arith::CmpIPredicate::slt, q,
                                           idx(n)));
                 if (dil != 1)
                   inside = arith::AndIOp::create(
                       nb, l, inside,
                       arith::CmpIOp::create(
                           nb, l, arith::CmpIPredicate::eq,
                           arith::RemSIOp::create(nb, l, rel, idx(dil)),
                           idx(0)));
                 valid = valid ? arith::AndIOp::create(nb, l, valid, inside)
                                     .getResult()
                               : inside;
                 indices.push_back(arith::MaxSIOp::create(
                     nb, l, arith::MinSIOp::create(nb, l, q, idx(n - 1)),
                     idx(0)));
               }
               Value v = tensor::ExtractOp::create(nb, l, input, indices);
               linalg::YieldOp::create(
                   nb, l, Value(arith::SelectOp::create(nb, l, valid, v, zero)));
             })
      .getResult(0);
}

/// Convolutions with at most this many kernel window positions are
/// lowered as one contraction per position.
constexpr int64_t kMaxUnrolledTaps = 64;

/// The convolution as a sum over the kernel window's positions of
/// contractions (one GEMM each once bufferized): for a position k,
///   out[b, o..., f] += input[b, o * stride + k' * rhs_dilation, c]
///                      * kernel[k, c, f]                (k' = k, or reversed)
/// where the input operand is a strided slice of the padded input, read in
/// place. Only for one feature and batch group and one element type.
Value lowerAsContractions(OpBuilder &b, Location loc, Value input, Value rhs,
                          RankedTensorType resultType, const ConvParams &p) {
  MLIRContext *ctx = b.getContext();
  ConvDimensionNumbersAttr dims = p.dims;
  auto inType = cast<RankedTensorType>(input.getType());
  auto kType = cast<RankedTensorType>(rhs.getType());
  Type elem = resultType.getElementType();
  int64_t S = dims.getInputSpatialDimensions().size();
  int64_t R = resultType.getRank();
  ArrayRef<int64_t> inSpatial = dims.getInputSpatialDimensions();
  ArrayRef<int64_t> kSpatial = dims.getKernelSpatialDimensions();
  ArrayRef<int64_t> outSpatial = dims.getOutputSpatialDimensions();

  // The kernel's two feature dimensions, in its own order.
  SmallVector<int64_t> kFeatureDims;
  for (int64_t d = 0; d < kType.getRank(); ++d)
    if (!llvm::is_contained(kSpatial, d))
      kFeatureDims.push_back(d);
  SmallVector<int64_t> kSliceShape;
  for (int64_t d : kFeatureDims)
    kSliceShape.push_back(kType.getDimSize(d));
  auto kSliceType = RankedTensorType::get(kSliceShape, elem);

  AffineExpr inFeature = getAffineDimExpr(R, ctx);
  SmallVector<AffineExpr> inExprs(inType.getRank());
  inExprs[dims.getInputBatchDimension()] =
      getAffineDimExpr(dims.getOutputBatchDimension(), ctx);
  inExprs[dims.getInputFeatureDimension()] = inFeature;
  SmallVector<int64_t> sliceShape(inType.getShape());
  for (int64_t i = 0; i < S; ++i) {
    inExprs[inSpatial[i]] = getAffineDimExpr(outSpatial[i], ctx);
    sliceShape[inSpatial[i]] = resultType.getDimSize(outSpatial[i]);
  }
  auto sliceType = RankedTensorType::get(sliceShape, elem);
  SmallVector<AffineExpr> kExprs;
  for (int64_t d : kFeatureDims)
    kExprs.push_back(d == dims.getKernelInputFeatureDimension()
                         ? inFeature
                         : getAffineDimExpr(dims.getOutputFeatureDimension(),
                                            ctx));
  SmallVector<AffineMap> maps = {
      AffineMap::get(R + 1, 0, inExprs, ctx),
      AffineMap::get(R + 1, 0, kExprs, ctx),
      AffineMap::get(R + 1, 0,
                     AffineMap::getMultiDimIdentityMap(R, ctx).getResults(),
                     ctx)};
  SmallVector<utils::IteratorType> iterators(R, utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);

  Value acc = filledTensor(b, loc, resultType, scalarConst(b, loc, elem, 0));
  SmallVector<int64_t> tap(S, 0);
  int64_t taps = 1;
  for (int64_t i = 0; i < S; ++i)
    taps *= kType.getDimSize(kSpatial[i]);
  for (int64_t t = 0; t < taps; ++t) {
    SmallVector<OpFoldResult> offsets(inType.getRank(), b.getIndexAttr(0)),
        sizes, strides(inType.getRank(), b.getIndexAttr(1));
    for (int64_t d : sliceShape)
      sizes.push_back(b.getIndexAttr(d));
    SmallVector<OpFoldResult> kOffsets(kType.getRank(), b.getIndexAttr(0)),
        kSizes, kStrides(kType.getRank(), b.getIndexAttr(1));
    for (int64_t d = 0; d < kType.getRank(); ++d)
      kSizes.push_back(b.getIndexAttr(kType.getDimSize(d)));
    for (int64_t i = 0; i < S; ++i) {
      int64_t ksize = kType.getDimSize(kSpatial[i]);
      int64_t at = p.reversal[i] ? ksize - 1 - tap[i] : tap[i];
      offsets[inSpatial[i]] = b.getIndexAttr(at * p.rhsDilation[i]);
      strides[inSpatial[i]] = b.getIndexAttr(p.strides[i]);
      kOffsets[kSpatial[i]] = b.getIndexAttr(tap[i]);
      kSizes[kSpatial[i]] = b.getIndexAttr(1);
    }
    Value slice = tensor::ExtractSliceOp::create(b, loc, sliceType, input,
                                                 offsets, sizes, strides);
    Value kSlice = tensor::ExtractSliceOp::create(b, loc, kSliceType, rhs,
                                                  kOffsets, kSizes, kStrides);
    acc = linalg::GenericOp::create(
              b, loc, TypeRange{resultType}, ValueRange{slice, kSlice},
              ValueRange{acc}, maps, iterators,
              [&](OpBuilder &nb, Location l, ValueRange args) {
                linalg::YieldOp::create(
                    nb, l, addScalar(nb, l, args[2],
                                     mulScalar(nb, l, args[0], args[1])));
              })
              .getResult(0);
    for (int64_t i = S; i-- > 0;) { // next window position
      if (++tap[i] < kType.getDimSize(kSpatial[i]))
        break;
      tap[i] = 0;
    }
  }
  return acc;
}

LogicalResult lowerConvolution(ConversionPatternRewriter &rewriter,
                               Operation *op, Value lhs, Value rhs,
                               RankedTensorType resultType,
                               const ConvParams &p) {
  Location loc = op->getLoc();
  MLIRContext *ctx = rewriter.getContext();
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  if (!lhsType.hasStaticShape() || !rhsType.hasStaticShape() ||
      !resultType.hasStaticShape())
    return op->emitOpError("with dynamic shapes is not supported yet");
  Type lhsOrig = getElementTypeOrSelf(op->getOperand(0).getType());
  Type rhsOrig = getElementTypeOrSelf(op->getOperand(1).getType());
  Type resultOrig = getElementTypeOrSelf(op->getResult(0).getType());
  Type elem = resultType.getElementType();
  ConvDimensionNumbersAttr dims = p.dims;
  int64_t S = dims.getInputSpatialDimensions().size();
  int64_t R = resultType.getRank();

  Value input = padAndDilate(rewriter, loc, lhs, p);

  int64_t taps = 1;
  for (int64_t d : dims.getKernelSpatialDimensions())
    taps *= rhsType.getDimSize(d);
  bool oneType = lhsOrig == resultOrig && rhsOrig == resultOrig &&
                 (elem.isF32() || elem.isF64());
  if (oneType && p.featureGroups == 1 && p.batchGroups == 1 && taps >= 1 &&
      taps <= kMaxUnrolledTaps && resultType.getNumElements() > 0) {
    rewriter.replaceOp(op, lowerAsContractions(rewriter, loc, input, rhs,
                                               resultType, p));
    return success();
  }

  // Loops: R output dims, S window dims, one input-feature dim.
  int64_t featureLoop = R + S;
  int64_t nLoops = R + S + 1;
  AffineExpr outBatch = getAffineDimExpr(dims.getOutputBatchDimension(), ctx);
  AffineExpr outFeature =
      getAffineDimExpr(dims.getOutputFeatureDimension(), ctx);
  AffineExpr inFeature = getAffineDimExpr(featureLoop, ctx);
  int64_t numOut = rhsType.getDimSize(dims.getKernelOutputFeatureDimension());
  int64_t numIn = lhsType.getDimSize(dims.getInputFeatureDimension());
  int64_t numBatch = lhsType.getDimSize(dims.getInputBatchDimension());
  int64_t G = p.featureGroups, BG = p.batchGroups;

  SmallVector<AffineExpr> inputExprs(lhsType.getRank());
  inputExprs[dims.getInputBatchDimension()] =
      BG > 1 ? outFeature.floorDiv(numOut / BG) * (numBatch / BG) + outBatch
             : outBatch;
  inputExprs[dims.getInputFeatureDimension()] =
      G > 1 ? outFeature.floorDiv(numOut / G) * (numIn / G) + inFeature
            : inFeature;
  SmallVector<AffineExpr> kernelExprs(rhsType.getRank());
  kernelExprs[dims.getKernelInputFeatureDimension()] = inFeature;
  kernelExprs[dims.getKernelOutputFeatureDimension()] = outFeature;
  for (int64_t i = 0; i < S; ++i) {
    int64_t kd = dims.getKernelSpatialDimensions()[i];
    AffineExpr k = getAffineDimExpr(R + i, ctx);
    kernelExprs[kd] = k;
    AffineExpr tap = p.reversal[i] ? (rhsType.getDimSize(kd) - 1) - k : k;
    inputExprs[dims.getInputSpatialDimensions()[i]] =
        getAffineDimExpr(dims.getOutputSpatialDimensions()[i], ctx) *
            p.strides[i] +
        tap * p.rhsDilation[i];
  }
  SmallVector<AffineMap> maps = {
      AffineMap::get(nLoops, 0, inputExprs, ctx),
      AffineMap::get(nLoops, 0, kernelExprs, ctx),
      AffineMap::get(nLoops, 0,
                     AffineMap::getMultiDimIdentityMap(R, ctx).getResults(),
                     ctx)};
  SmallVector<utils::IteratorType> iterators(R, utils::IteratorType::parallel);
  iterators.append(S + 1, utils::IteratorType::reduction);

  Value init = filledTensor(rewriter, loc, resultType,
                            scalarConst(rewriter, loc, elem, 0));
  auto generic = linalg::GenericOp::create(
      rewriter, loc, TypeRange{resultType}, ValueRange{input, rhs},
      ValueRange{init}, maps, iterators,
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value x = convertScalarValue(b, l, args[0], lhsOrig, elem, resultOrig);
        Value y = convertScalarValue(b, l, args[1], rhsOrig, elem, resultOrig);
        linalg::YieldOp::create(b, l, addScalar(b, l, args[2],
                                                mulScalar(b, l, x, y)));
      });
  rewriter.replaceOp(op, generic.getResults());
  return success();
}

/// Window attributes with their defaults filled in.
template <typename OpTy>
ConvParams commonParams(OpTy op, int64_t numSpatial) {
  ConvParams p;
  auto orDefault = [&](std::optional<ArrayRef<int64_t>> v, int64_t d) {
    return v ? SmallVector<int64_t>(*v) : SmallVector<int64_t>(numSpatial, d);
  };
  p.strides = orDefault(op.getWindowStrides(), 1);
  p.lhsDilation = orDefault(op.getLhsDilation(), 1);
  p.rhsDilation = orDefault(op.getRhsDilation(), 1);
  if (auto rev = op.getWindowReversal())
    p.reversal.assign(rev->begin(), rev->end());
  else
    p.reversal.assign(numSpatial, false);
  p.padLo.assign(numSpatial, 0);
  p.padHi.assign(numSpatial, 0);
  p.dims = op.getDimensionNumbers();
  p.featureGroups = op.getFeatureGroupCount();
  p.batchGroups = op.getBatchGroupCount();
  return p;
}

struct ConvolutionToLinalg : OpConversionPattern<ConvolutionOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConvolutionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = convertedTensorType(*getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    int64_t S = op.getDimensionNumbers().getInputSpatialDimensions().size();
    ConvParams p = commonParams(op, S);
    if (auto padding = op.getPadding()) {
      SmallVector<int64_t> flat(padding->getValues<int64_t>());
      for (int64_t i = 0; i < S; ++i) {
        p.padLo[i] = flat[2 * i];
        p.padHi[i] = flat[2 * i + 1];
      }
    }
    return lowerConvolution(rewriter, op, adaptor.getLhs(), adaptor.getRhs(),
                            resultType, p);
  }
};

struct DynamicConvToLinalg : OpConversionPattern<DynamicConvOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DynamicConvOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = convertedTensorType(*getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    DenseIntElementsAttr padding;
    if (auto c = op.getPadding().getDefiningOp<ConstantOp>())
      padding = dyn_cast<DenseIntElementsAttr>(c.getValue());
    if (!padding && !matchPattern(adaptor.getPadding(), m_Constant(&padding)))
      return op.emitOpError(
          "with a padding that is not a constant is not supported yet");
    int64_t S = op.getDimensionNumbers().getInputSpatialDimensions().size();
    ConvParams p = commonParams(op, S);
    SmallVector<int64_t> flat;
    for (const APInt &v : padding.getValues<APInt>())
      flat.push_back(v.getSExtValue());
    for (int64_t i = 0; i < S; ++i) {
      p.padLo[i] = flat[2 * i];
      p.padHi[i] = flat[2 * i + 1];
    }
    return lowerConvolution(rewriter, op, adaptor.getLhs(), adaptor.getRhs(),
                            resultType, p);
  }
};

} // namespace

void populateConvolutionPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns) {
  patterns.add<ConvolutionToLinalg, DynamicConvToLinalg>(converter,
                                                         patterns.getContext());
}

} // namespace jx::stablehlo::dotfamily
