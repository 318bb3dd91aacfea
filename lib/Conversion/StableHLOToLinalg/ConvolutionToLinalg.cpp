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
  // Plain zero padding (no dilation, nothing cut off): a fill and a copy of
  // the input into its interior, both vectorizable loops, instead of one
  // gather-like element at a time.
  bool plain = true;
  for (size_t i = 0; i < spatial.size(); ++i)
    plain &= p.lhsDilation[i] == 1 && p.padLo[i] >= 0 && p.padHi[i] >= 0;
  if (plain) {
    Value filled = filledTensor(b, loc, outType, zero);
    SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0)), sizes,
        strides(rank, b.getIndexAttr(1));
    for (int64_t d = 0; d < rank; ++d)
      sizes.push_back(b.getIndexAttr(type.getDimSize(d)));
    for (size_t i = 0; i < spatial.size(); ++i)
      offsets[spatial[i]] = b.getIndexAttr(p.padLo[i]);
    return tensor::InsertSliceOp::create(b, loc, input, filled, offsets, sizes,
                                         strides);
  }
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

/// acc + x * y as a contraction generic over one element type.
Value multiplyAdd(OpBuilder &b, Location loc, Value x, Value y, Value acc,
                  ArrayRef<AffineMap> maps,
                  ArrayRef<utils::IteratorType> iterators) {
  return linalg::GenericOp::create(
             b, loc, TypeRange{acc.getType()}, ValueRange{x, y},
             ValueRange{acc}, maps, iterators,
             [&](OpBuilder &nb, Location l, ValueRange args) {
               linalg::YieldOp::create(
                   nb, l, addScalar(nb, l, args[2],
                                    mulScalar(nb, l, args[0], args[1])));
             })
      .getResult(0);
}

/// Convolutions with at most this many kernel window positions are
/// lowered as one contraction per position.
constexpr int64_t kMaxUnrolledTaps = 64;

/// lowerByOutputPositions copies each position's window contiguously when
/// its GEMMs have fewer rows than this (see there).
constexpr int64_t kFewGemmRows = 16;

/// Whether a convolution can use whole image rows as GEMM rows: a 2-D
/// convolution in [batch, spatial 0, spatial 1, feature] layout on both
/// input and output, with unit strides. Then the two spatial dimensions of
/// one window position's input slice collapse into one, provided the output
/// is computed over the full padded width (the columns past the output's
/// width are computed from the next row and dropped).
bool usesImageRows(const ConvParams &p) {
  ConvDimensionNumbersAttr d = p.dims;
  auto is = [](ArrayRef<int64_t> v, std::initializer_list<int64_t> w) {
    return llvm::equal(v, w);
  };
  return is(d.getInputSpatialDimensions(), {1, 2}) &&
         is(d.getOutputSpatialDimensions(), {1, 2}) &&
         d.getInputBatchDimension() == 0 && d.getInputFeatureDimension() == 3 &&
         d.getOutputBatchDimension() == 0 &&
         d.getOutputFeatureDimension() == 3 && p.strides[0] == 1 &&
         p.strides[1] == 1;
}

/// The convolution as a sum over the kernel window's positions of
/// contractions (one GEMM each once bufferized): for a position k,
///   out[b, o..., f] += input[b, o * stride + k' * rhs_dilation, c]
///                      * kernel[k, c, f]                (k' = k, or reversed)
/// where the input operand is a strided slice of the padded input, read in
/// place. Only for one feature and batch group and one element type.
/// With `rows` (usesImageRows; the padded input then has enough extra zero
/// rows at the bottom), the input is viewed as [batch, rows x width, c], a
/// position's slice is contiguous, and the sum is computed over the padded
/// width, then cut to the output's.
Value lowerAsContractions(OpBuilder &b, Location loc, Value input, Value rhs,
                          RankedTensorType resultType, const ConvParams &p,
                          bool rows) {
  MLIRContext *ctx = b.getContext();
  ConvDimensionNumbersAttr dims = p.dims;
  auto kType = cast<RankedTensorType>(rhs.getType());
  Type elem = resultType.getElementType();
  int64_t S = dims.getInputSpatialDimensions().size();
  ArrayRef<int64_t> inSpatial = dims.getInputSpatialDimensions();
  ArrayRef<int64_t> kSpatial = dims.getKernelSpatialDimensions();
  ArrayRef<int64_t> outSpatial = dims.getOutputSpatialDimensions();
  int64_t width = cast<RankedTensorType>(input.getType()).getDimSize(2);

  // With rows: input [N, H*W, C], accumulator [N, OH*W, F].
  RankedTensorType accType = resultType;
  if (rows) {
    SmallVector<ReassociationIndices> groups = {{0}, {1, 2}, {3}};
    input = tensor::CollapseShapeOp::create(b, loc, input, groups);
    accType = RankedTensorType::get(
        {resultType.getDimSize(0), resultType.getDimSize(1) * width,
         resultType.getDimSize(3)},
        elem);
  }
  auto inType = cast<RankedTensorType>(input.getType());
  int64_t R = accType.getRank();

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
  SmallVector<int64_t> sliceShape(inType.getShape());
  int64_t outFeatureDim = rows ? 2 : dims.getOutputFeatureDimension();
  if (rows) {
    inExprs = {getAffineDimExpr(0, ctx), getAffineDimExpr(1, ctx), inFeature};
    sliceShape[1] = accType.getDimSize(1);
  } else {
    inExprs[dims.getInputBatchDimension()] =
        getAffineDimExpr(dims.getOutputBatchDimension(), ctx);
    inExprs[dims.getInputFeatureDimension()] = inFeature;
    for (int64_t i = 0; i < S; ++i) {
      inExprs[inSpatial[i]] = getAffineDimExpr(outSpatial[i], ctx);
      sliceShape[inSpatial[i]] = resultType.getDimSize(outSpatial[i]);
    }
  }
  auto sliceType = RankedTensorType::get(sliceShape, elem);
  SmallVector<AffineExpr> kExprs;
  for (int64_t d : kFeatureDims)
    kExprs.push_back(d == dims.getKernelInputFeatureDimension()
                         ? inFeature
                         : getAffineDimExpr(outFeatureDim, ctx));
  SmallVector<AffineMap> maps = {
      AffineMap::get(R + 1, 0, inExprs, ctx),
      AffineMap::get(R + 1, 0, kExprs, ctx),
      AffineMap::get(R + 1, 0,
                     AffineMap::getMultiDimIdentityMap(R, ctx).getResults(),
                     ctx)};
  SmallVector<utils::IteratorType> iterators(R, utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);

  Value acc = filledTensor(b, loc, accType, scalarConst(b, loc, elem, 0));
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
    int64_t rowOffset = 0;
    for (int64_t i = 0; i < S; ++i) {
      int64_t ksize = kType.getDimSize(kSpatial[i]);
      int64_t at = (p.reversal[i] ? ksize - 1 - tap[i] : tap[i]) *
                   p.rhsDilation[i];
      rowOffset = rowOffset * width + at; // rows: (h, w) -> h * width + w
      if (!rows) {
        offsets[inSpatial[i]] = b.getIndexAttr(at);
        strides[inSpatial[i]] = b.getIndexAttr(p.strides[i]);
      }
      kOffsets[kSpatial[i]] = b.getIndexAttr(tap[i]);
      kSizes[kSpatial[i]] = b.getIndexAttr(1);
    }
    if (rows)
      offsets[1] = b.getIndexAttr(rowOffset);
    Value slice = tensor::ExtractSliceOp::create(b, loc, sliceType, input,
                                                 offsets, sizes, strides);
    Value kSlice = tensor::ExtractSliceOp::create(b, loc, kSliceType, rhs,
                                                  kOffsets, kSizes, kStrides);
    acc = multiplyAdd(b, loc, slice, kSlice, acc, maps, iterators);
    for (int64_t i = S; i-- > 0;) { // next window position
      if (++tap[i] < kType.getDimSize(kSpatial[i]))
        break;
      tap[i] = 0;
    }
  }
  if (!rows)
    return acc;
  // [N, OH*W, F] -> [N, OH, W, F] -> the first OW columns.
  auto wide = RankedTensorType::get({resultType.getDimSize(0),
                                     resultType.getDimSize(1), width,
                                     resultType.getDimSize(3)},
                                    elem);
  SmallVector<ReassociationIndices> groups = {{0}, {1, 2}, {3}};
  Value expanded =
      tensor::ExpandShapeOp::create(b, loc, wide, acc, groups);
  SmallVector<OpFoldResult> zeros(4, b.getIndexAttr(0)), ones(4, b.getIndexAttr(1)),
      sizes;
  for (int64_t d : resultType.getShape())
    sizes.push_back(b.getIndexAttr(d));
  return tensor::ExtractSliceOp::create(b, loc, resultType, expanded, zeros,
                                        sizes, ones);
}

/// The convolution one output position at a time, for a small output and a
/// large window (the filter gradient: the "kernel" is the output gradient,
/// the window its whole image): for an output position o,
///   out[o, b, f] = sum over (i, k...) of input[b, o * stride + k * dil, i]
///                                        * kernel[k..., i, f]
/// one contraction (a GEMM with a long reduction) per position. The input's
/// window along the last spatial dimension is first copied out contiguously
/// for each output column, so that the window's two innermost dimensions
/// fold into one GEMM dimension, as the kernel's do; the input features
/// (the GEMM's reduction over i) then loop around the calls. When the
/// GEMM has few rows (b: an RGB image's 3 channels in a first layer's
/// filter gradient), each of those calls is tiny (3 x 32 x 1024: 288 calls
/// of 7 us in a small CNN), so each position's whole window is copied
/// contiguously instead and every reduction dimension folds into one call.
/// Same restrictions as lowerAsContractions.
Value lowerByOutputPositions(OpBuilder &b, Location loc, Value input,
                             Value rhs, RankedTensorType resultType,
                             const ConvParams &p) {
  MLIRContext *ctx = b.getContext();
  ConvDimensionNumbersAttr dims = p.dims;
  auto inType = cast<RankedTensorType>(input.getType());
  auto kType = cast<RankedTensorType>(rhs.getType());
  Type elem = resultType.getElementType();
  int64_t S = dims.getInputSpatialDimensions().size();
  ArrayRef<int64_t> inSpatial = dims.getInputSpatialDimensions();
  ArrayRef<int64_t> kSpatial = dims.getKernelSpatialDimensions();
  ArrayRef<int64_t> outSpatial = dims.getOutputSpatialDimensions();
  int64_t outBatch = dims.getOutputBatchDimension();
  int64_t outFeature = dims.getOutputFeatureDimension();
  auto index = [&](int64_t v) -> OpFoldResult { return b.getIndexAttr(v); };
  int64_t last = S - 1;
  int64_t kLast = kType.getDimSize(kSpatial[last]);

  // Loops: b, f (parallel, in the output's order), i, k_0..k_{S-1}.
  bool batchFirst = outBatch < outFeature;
  AffineExpr bExpr = getAffineDimExpr(batchFirst ? 0 : 1, ctx);
  AffineExpr fExpr = getAffineDimExpr(batchFirst ? 1 : 0, ctx);
  AffineExpr iExpr = getAffineDimExpr(2, ctx);
  unsigned nLoops = 3 + S;
  SmallVector<AffineExpr> inExprs(inType.getRank()), kExprs(kType.getRank());
  inExprs[dims.getInputBatchDimension()] = bExpr;
  inExprs[dims.getInputFeatureDimension()] = iExpr;
  kExprs[dims.getKernelInputFeatureDimension()] = iExpr;
  kExprs[dims.getKernelOutputFeatureDimension()] = fExpr;
  for (int64_t d = 0; d < S; ++d) {
    AffineExpr k = getAffineDimExpr(3 + d, ctx);
    inExprs[inSpatial[d]] = k;
    kExprs[kSpatial[d]] =
        p.reversal[d] ? kType.getDimSize(kSpatial[d]) - 1 - k : k;
  }
  SmallVector<AffineMap> maps = {
      AffineMap::get(nLoops, 0, inExprs, ctx),
      AffineMap::get(nLoops, 0, kExprs, ctx),
      AffineMap::get(nLoops, 0,
                     {getAffineDimExpr(0, ctx), getAffineDimExpr(1, ctx)}, ctx)};
  SmallVector<utils::IteratorType> iterators(2, utils::IteratorType::parallel);
  iterators.append(1 + S, utils::IteratorType::reduction);
  auto pos2d = RankedTensorType::get(
      {resultType.getDimSize(batchFirst ? outBatch : outFeature),
       resultType.getDimSize(batchFirst ? outFeature : outBatch)},
      elem);

  Value out = tensor::EmptyOp::create(b, loc, resultType.getShape(), elem);
  Value zero = scalarConst(b, loc, elem, 0);
  int64_t columns = resultType.getDimSize(outSpatial[last]);
  bool copyEachPosition =
      resultType.getDimSize(outBatch) < kFewGemmRows;
  for (int64_t col = 0; col < columns; ++col) {
    // This column's window along the last spatial dimension, contiguous.
    SmallVector<OpFoldResult> off(inType.getRank(), index(0)), sz, st(
        inType.getRank(), index(1));
    SmallVector<int64_t> colShape(inType.getShape());
    colShape[inSpatial[last]] = kLast;
    for (int64_t d : colShape)
      sz.push_back(index(d));
    off[inSpatial[last]] = index(col * p.strides[last]);
    st[inSpatial[last]] = index(p.rhsDilation[last]);
    auto colType = RankedTensorType::get(colShape, elem);
    auto contiguous = [&](Value slice, ArrayRef<int64_t> shape) {
      return linalg::CopyOp::create(
                 b, loc, slice,
                 tensor::EmptyOp::create(b, loc, shape, elem).getResult())
          .getResult(0);
    };
    Value copy = input;
    if (!copyEachPosition)
      copy = contiguous(tensor::ExtractSliceOp::create(b, loc, colType, input,
                                                       off, sz, st),
                        colShape);
    // Every output position of this column.
    SmallVector<int64_t> at(S, 0);
    at[last] = col;
    int64_t rowsPerColumn = 1;
    for (int64_t d = 0; d < last; ++d)
      rowsPerColumn *= resultType.getDimSize(outSpatial[d]);
    for (int64_t r = 0; r < rowsPerColumn; ++r) {
      SmallVector<OpFoldResult> o(inType.getRank(), index(0)), z, t(
          inType.getRank(), index(1));
      SmallVector<int64_t> winShape(colShape);
      for (int64_t d = 0; d < last; ++d) {
        int64_t kd = kType.getDimSize(kSpatial[d]);
        winShape[inSpatial[d]] = kd;
        o[inSpatial[d]] = index(at[d] * p.strides[d]);
        t[inSpatial[d]] = index(p.rhsDilation[d]);
      }
      for (int64_t d : winShape)
        z.push_back(index(d));
      if (copyEachPosition) {
        // The whole window, from the input itself, then contiguous.
        o[inSpatial[last]] = off[inSpatial[last]];
        t[inSpatial[last]] = st[inSpatial[last]];
      }
      Value win = tensor::ExtractSliceOp::create(
          b, loc, RankedTensorType::get(winShape, elem), copy, o, z, t);
      if (copyEachPosition)
        win = contiguous(win, winShape);
      // out[at..., :, :] as a 2-D tensor, zeroed, then the contraction.
      SmallVector<OpFoldResult> oo(resultType.getRank(), index(0)),
          os(resultType.getRank(), index(1)), ost(resultType.getRank(), index(1));
      for (int64_t d = 0; d < S; ++d)
        oo[outSpatial[d]] = index(at[d]);
      os[outBatch] = index(resultType.getDimSize(outBatch));
      os[outFeature] = index(resultType.getDimSize(outFeature));
      Value dest = tensor::ExtractSliceOp::create(b, loc, pos2d, out, oo, os,
                                                  ost);
      Value init =
          linalg::FillOp::create(b, loc, ValueRange{zero}, ValueRange{dest})
              .getResult(0);
      Value sum = multiplyAdd(b, loc, win, rhs, init, maps, iterators);
      out = tensor::InsertSliceOp::create(b, loc, sum, out, oo, os, ost);
      for (int64_t d = last; d-- > 0;) { // next position in this column
        if (++at[d] < resultType.getDimSize(outSpatial[d]))
          break;
        at[d] = 0;
      }
    }
  }
  return out;
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

  int64_t taps = 1;
  for (int64_t d : dims.getKernelSpatialDimensions())
    taps *= rhsType.getDimSize(d);
  bool oneType = lhsOrig == resultOrig && rhsOrig == resultOrig &&
                 (elem.isF32() || elem.isF64());
  int64_t positions = 1;
  for (int64_t d : dims.getOutputSpatialDimensions())
    positions *= resultType.getDimSize(d);
  bool contraction = oneType && p.featureGroups == 1 && p.batchGroups == 1 &&
                     taps >= 1 && resultType.getNumElements() > 0;
  if (contraction && taps > kMaxUnrolledTaps && S >= 1 &&
      positions <= kMaxUnrolledTaps) {
    Value input = padAndDilate(rewriter, loc, lhs, p);
    rewriter.replaceOp(op, lowerByOutputPositions(rewriter, loc, input, rhs,
                                                  resultType, p));
    return success();
  }
  if (contraction && taps <= kMaxUnrolledTaps) {
    bool rows = usesImageRows(p);
    ConvParams padded = p;
    if (rows) {
      // The last window position's rows run (kernel width - 1) * dilation
      // elements past the padded image: zero rows below it keep the reads
      // inside the buffer.
      int64_t kw = rhsType.getDimSize(dims.getKernelSpatialDimensions()[1]);
      int64_t over = (kw - 1) * p.rhsDilation[1];
      int64_t w = lhsType.getDimSize(2);
      int64_t paddedWidth =
          p.padLo[1] + (w == 0 ? 0 : (w - 1) * p.lhsDilation[1] + 1) + p.padHi[1];
      if (paddedWidth <= 0)
        rows = false;
      else
        padded.padHi[0] += (over + paddedWidth - 1) / paddedWidth;
    }
    Value input = padAndDilate(rewriter, loc, lhs, rows ? padded : p);
    rewriter.replaceOp(op, lowerAsContractions(rewriter, loc, input, rhs,
                                               resultType, p, rows));
    return success();
  }
  Value input = padAndDilate(rewriter, loc, lhs, p);

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
