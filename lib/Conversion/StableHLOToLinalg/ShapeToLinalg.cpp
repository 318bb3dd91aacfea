//===- ShapeToLinalg.cpp - Shape ops of stablehlo, lowered ----------------===//
//
// The ops that move data without computing, on tensors:
//   iota, broadcast_in_dim, broadcast   -> linalg.generic (size-1 expansion
//                                          through a constant index)
//   reshape                             -> tensor.collapse_shape/expand_shape
//   transpose                           -> linalg.transpose
//   slice, dynamic_slice                -> tensor.extract_slice
//   dynamic_update_slice, concatenate   -> tensor.insert_slice
//   pad                                 -> linalg.fill + strided insert_slice
//                                          (+ extract_slice for negative pads)
//   reverse                             -> linalg.generic
// Start indices of dynamic_slice/dynamic_update_slice are clamped to
// [0, dim - size] as the spec says. The dynamic-shape variants live in
// DynamicShapeToLinalg.cpp, bitcast_convert in BitcastConvertToLinalg.cpp,
// get_dimension_size, tuples, optimization_barrier and torch_index_select in
// MiscShapeToLinalg.cpp; shared builders in ShapeLowering.cpp.
//
//===----------------------------------------------------------------------===//

#include "ShapeLowering.h"

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace jx::stablehlo {
namespace {

using shape::castTo;
using shape::IndexMath;
using shape::ShapePattern;

SmallVector<OpFoldResult> constants(OpBuilder &b, ArrayRef<int64_t> values) {
  SmallVector<OpFoldResult> r;
  for (int64_t v : values)
    r.push_back(b.getIndexAttr(v));
  return r;
}

bool isUnsignedTensor(Value v) {
  return getElementTypeOrSelf(v.getType()).isUnsignedInteger();
}

/// A start index of dynamic_slice/dynamic_update_slice (a 0-d tensor),
/// clamped to [0, dimSize - windowSize].
Value clampedStart(OpBuilder &b, Location loc, Value index0d, bool isUnsigned,
                   OpFoldResult dimSize, OpFoldResult windowSize) {
  IndexMath m{b, loc};
  Value idx = tensor::ExtractOp::create(b, loc, index0d, ValueRange{});
  idx = shape::scalarToIndex(b, loc, idx, isUnsigned);
  Value hi = m.value(m.sub(dimSize, windowSize));
  if (isUnsigned)
    return arith::MinUIOp::create(b, loc, idx, hi);
  Value clamped = arith::MinSIOp::create(b, loc, idx, hi);
  return arith::MaxSIOp::create(b, loc, clamped,
                                arith::ConstantIndexOp::create(b, loc, 0));
}

struct IotaLowering : ShapePattern<IotaOp> {
  using ShapePattern::ShapePattern;
  LogicalResult
  matchAndRewrite(IotaOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedResult(op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    if (!type.hasStaticShape())
      return op.emitError("stablehlo.iota with a dynamic shape: use "
                          "stablehlo.dynamic_iota");
    Value r = shape::buildIota(rewriter, op.getLoc(), type.getElementType(),
                               constants(rewriter, type.getShape()),
                               op.getIotaDimension());
    rewriter.replaceOp(op, r);
    return success();
  }
};

/// broadcast_in_dim and broadcast: dynamic result sizes come from the
/// operand dimension mapped to them.
template <typename OpTy>
struct BroadcastLowering : ShapePattern<OpTy> {
  using ShapePattern<OpTy>::ShapePattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = this->convertedResult(op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    Location loc = op.getLoc();
    Value operand = adaptor.getOperand();
    int64_t srcRank = cast<RankedTensorType>(operand.getType()).getRank();
    SmallVector<int64_t> dims;
    if constexpr (std::is_same_v<OpTy, BroadcastInDimOp>)
      llvm::append_range(dims, op.getBroadcastDimensions());
    else
      for (int64_t i = 0; i < srcRank; ++i)
        dims.push_back(type.getRank() - srcRank + i);
    SmallVector<OpFoldResult> sizes = constants(rewriter, type.getShape());
    for (int64_t d = 0; d < type.getRank(); ++d) {
      if (!type.isDynamicDim(d))
        continue;
      auto it = llvm::find(dims, d);
      if (it == dims.end())
        return op.emitError() << "dynamic result dimension " << d
                              << " has no operand dimension to take its size "
                                 "from: use dynamic_broadcast_in_dim";
      sizes[d] = tensor::getMixedSize(rewriter, loc, operand, it - dims.begin());
    }
    Value r = shape::buildBroadcastInDim(rewriter, loc, operand, sizes, dims);
    rewriter.replaceOp(op, castTo(rewriter, loc, r, type));
    return success();
  }
};

struct ReshapeLowering : ShapePattern<ReshapeOp> {
  using ShapePattern::ShapePattern;
  LogicalResult
  matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedResult(op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    if (!type.hasStaticShape())
      return op.emitError("stablehlo.reshape to a dynamic shape: use "
                          "stablehlo.dynamic_reshape");
    Value r = shape::buildReshape(rewriter, op.getLoc(), adaptor.getOperand(),
                                  constants(rewriter, type.getShape()));
    rewriter.replaceOp(op, castTo(rewriter, op.getLoc(), r, type));
    return success();
  }
};

struct TransposeLowering : ShapePattern<TransposeOp> {
  using ShapePattern::ShapePattern;
  LogicalResult
  matchAndRewrite(TransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedResult(op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    Location loc = op.getLoc();
    Value operand = adaptor.getOperand();
    if (type.getRank() == 0) {
      rewriter.replaceOp(op, operand);
      return success();
    }
    SmallVector<OpFoldResult> sizes;
    for (int64_t p : op.getPermutation())
      sizes.push_back(tensor::getMixedSize(rewriter, loc, operand, p));
    Value init =
        tensor::EmptyOp::create(rewriter, loc, sizes, type.getElementType());
    Value r = linalg::TransposeOp::create(rewriter, loc, operand, init,
                                          op.getPermutation())
                  .getResult()[0];
    rewriter.replaceOp(op, castTo(rewriter, loc, r, type));
    return success();
  }
};

struct SliceLowering : ShapePattern<SliceOp> {
  using ShapePattern::ShapePattern;
  LogicalResult
  matchAndRewrite(SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedResult(op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    Location loc = op.getLoc();
    // An empty result: nothing to read (an extract_slice starting at the
    // end of a dimension would not verify).
    auto rt = cast<RankedTensorType>(type);
    if (llvm::is_contained(rt.getShape(), 0)) {
      rewriter.replaceOpWithNewOp<tensor::EmptyOp>(op, rt.getShape(),
                                                   rt.getElementType());
      return success();
    }
    IndexMath m{rewriter, loc};
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (auto [start, limit, stride] :
         llvm::zip(op.getStartIndices(), op.getLimitIndices(), op.getStrides())) {
      offsets.push_back(m.constant(start));
      sizes.push_back(m.ceilDiv(m.constant(limit - start), m.constant(stride)));
      strides.push_back(m.constant(stride));
    }
    Value r = tensor::ExtractSliceOp::create(rewriter, loc, adaptor.getOperand(),
                                             offsets, sizes, strides);
    rewriter.replaceOp(op, castTo(rewriter, loc, r, type));
    return success();
  }
};

struct DynamicSliceLowering : ShapePattern<DynamicSliceOp> {
  using ShapePattern::ShapePattern;
  LogicalResult
  matchAndRewrite(DynamicSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedResult(op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    Location loc = op.getLoc();
    Value operand = adaptor.getOperand();
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (auto [i, size] : llvm::enumerate(op.getSliceSizes())) {
      OpFoldResult dim = tensor::getMixedSize(rewriter, loc, operand, i);
      offsets.push_back(clampedStart(
          rewriter, loc, adaptor.getStartIndices()[i],
          isUnsignedTensor(op.getStartIndices()[i]), dim,
          rewriter.getIndexAttr(size)));
      sizes.push_back(rewriter.getIndexAttr(size));
      strides.push_back(rewriter.getIndexAttr(1));
    }
    Value r = tensor::ExtractSliceOp::create(rewriter, loc, operand, offsets,
                                             sizes, strides);
    rewriter.replaceOp(op, castTo(rewriter, loc, r, type));
    return success();
  }
};

struct DynamicUpdateSliceLowering : ShapePattern<DynamicUpdateSliceOp> {
  using ShapePattern::ShapePattern;
  LogicalResult
  matchAndRewrite(DynamicUpdateSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedResult(op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    Location loc = op.getLoc();
    Value operand = adaptor.getOperand(), update = adaptor.getUpdate();
    SmallVector<OpFoldResult> offsets, sizes, strides;
    SmallVector<OpFoldResult> updateSizes =
        tensor::getMixedSizes(rewriter, loc, update);
    for (int64_t i = 0; i < type.getRank(); ++i) {
      OpFoldResult dim = tensor::getMixedSize(rewriter, loc, operand, i);
      offsets.push_back(clampedStart(
          rewriter, loc, adaptor.getStartIndices()[i],
          isUnsignedTensor(op.getStartIndices()[i]), dim, updateSizes[i]));
      strides.push_back(rewriter.getIndexAttr(1));
    }
    Value r = tensor::InsertSliceOp::create(rewriter, loc, update, operand,
                                            offsets, updateSizes, strides);
    rewriter.replaceOp(op, castTo(rewriter, loc, r, type));
    return success();
  }
};

struct ConcatenateLowering : ShapePattern<ConcatenateOp> {
  using ShapePattern::ShapePattern;
  LogicalResult
  matchAndRewrite(ConcatenateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedResult(op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    Location loc = op.getLoc();
    IndexMath m{rewriter, loc};
    int64_t dim = op.getDimension();
    ValueRange inputs = adaptor.getInputs();
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, inputs.front());
    OpFoldResult total = m.constant(0);
    for (Value input : inputs)
      total = m.add(total, tensor::getMixedSize(rewriter, loc, input, dim));
    sizes[dim] = total;
    sizes = shape::mixSizes(type, sizes);
    Value result =
        tensor::EmptyOp::create(rewriter, loc, sizes, type.getElementType());
    OpFoldResult offset = m.constant(0);
    for (Value input : inputs) {
      SmallVector<OpFoldResult> offsets(type.getRank(), m.constant(0));
      offsets[dim] = offset;
      SmallVector<OpFoldResult> inputSizes =
          tensor::getMixedSizes(rewriter, loc, input);
      // An empty operand inserts nothing; at the end of the result its
      // offset would even be out of bounds for insert_slice's verifier.
      auto inputType = cast<RankedTensorType>(input.getType());
      if (inputType.hasStaticShape() && inputType.getNumElements() == 0)
        continue;
      SmallVector<OpFoldResult> strides(type.getRank(), m.constant(1));
      result = tensor::InsertSliceOp::create(rewriter, loc, input, result,
                                             offsets, inputSizes, strides);
      offset = m.add(offset, inputSizes[dim]);
    }
    rewriter.replaceOp(op, castTo(rewriter, loc, result, type));
    return success();
  }
};

struct PadLowering : ShapePattern<PadOp> {
  using ShapePattern::ShapePattern;
  LogicalResult
  matchAndRewrite(PadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedResult(op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    Value r = shape::buildPad(rewriter, op.getLoc(), adaptor.getOperand(),
                              adaptor.getPaddingValue(),
                              constants(rewriter, op.getEdgePaddingLow()),
                              constants(rewriter, op.getEdgePaddingHigh()),
                              constants(rewriter, op.getInteriorPadding()));
    rewriter.replaceOp(op, castTo(rewriter, op.getLoc(), r, type));
    return success();
  }
};

struct ReverseLowering : ShapePattern<ReverseOp> {
  using ShapePattern::ShapePattern;
  LogicalResult
  matchAndRewrite(ReverseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedResult(op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    Location loc = op.getLoc();
    Value operand = adaptor.getOperand();
    auto srcType = cast<RankedTensorType>(operand.getType());
    int64_t rank = srcType.getRank();
    ArrayRef<int64_t> reversed = op.getDimensions();
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, operand);
    bool staticDims = llvm::all_of(
        reversed, [&](int64_t d) { return !srcType.isDynamicDim(d); });
    Value r;
    if (staticDims) {
      SmallVector<AffineExpr> exprs;
      for (int64_t d = 0; d < rank; ++d) {
        AffineExpr e = rewriter.getAffineDimExpr(d);
        exprs.push_back(llvm::is_contained(reversed, d)
                            ? srcType.getDimSize(d) - 1 - e
                            : e);
      }
      r = shape::buildGeneric(
          rewriter, loc, srcType.getElementType(), sizes, operand,
          AffineMap::get(rank, 0, exprs, rewriter.getContext()),
          [](OpBuilder &, Location, shape::LoopIndices &, ValueRange args) {
            return args[0];
          });
    } else {
      IndexMath m{rewriter, loc};
      SmallVector<Value> last;
      for (int64_t d = 0; d < rank; ++d)
        last.push_back(m.value(m.sub(sizes[d], m.constant(1))));
      r = shape::buildGeneric(
          rewriter, loc, srcType.getElementType(), sizes, {}, {},
          [&](OpBuilder &b, Location l, shape::LoopIndices &ivs, ValueRange) {
            SmallVector<Value> idx = ivs.range(0, ivs.size());
            for (int64_t d : reversed)
              idx[d] = arith::SubIOp::create(b, l, last[d], ivs[d]);
            return tensor::ExtractOp::create(b, l, operand, idx).getResult();
          });
    }
    rewriter.replaceOp(op, castTo(rewriter, loc, r, type));
    return success();
  }
};

} // namespace

void populateStableHLOShapeToLinalgPatterns(const TypeConverter &converter,
                                            RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<IotaLowering, BroadcastLowering<BroadcastInDimOp>,
               BroadcastLowering<BroadcastOp>, ReshapeLowering,
               TransposeLowering, SliceLowering, DynamicSliceLowering,
               DynamicUpdateSliceLowering, ConcatenateLowering, PadLowering,
               ReverseLowering>(converter, ctx);
  shape::populateMiscShapePatterns(converter, patterns);
  shape::populateDynamicShapePatterns(converter, patterns);
  shape::populateBitcastConvertPatterns(converter, patterns);
}

} // namespace jx::stablehlo
