//===- DynamicShapeToLinalg.cpp - dynamic-shape variants of the shape ops -===//
//
// dynamic_iota, dynamic_reshape, dynamic_broadcast_in_dim,
// real_dynamic_slice and dynamic_pad take sizes, paddings or indices as 1-D
// tensor operands. Constant operands give static sizes (the same code as the
// static ops); others are read with tensor.extract and give dynamic sizes,
// except where the result type is static already.
//
//===----------------------------------------------------------------------===//

#include "ShapeLowering.h"

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace jx::stablehlo::shape {
namespace {

struct DynamicIotaLowering : ShapePattern<DynamicIotaOp> {
  using ShapePattern::ShapePattern;
  LogicalResult
  matchAndRewrite(DynamicIotaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedResult(op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    Location loc = op.getLoc();
    auto sizes = mixSizes(type, shapeOperandValues(rewriter, loc,
                                                   op.getOutputShape(),
                                                   adaptor.getOutputShape(),
                                                   type.getRank()));
    Value r = buildIota(rewriter, loc, type.getElementType(), sizes,
                        op.getIotaDimension());
    rewriter.replaceOp(op, castTo(rewriter, loc, r, type));
    return success();
  }
};

struct DynamicReshapeLowering : ShapePattern<DynamicReshapeOp> {
  using ShapePattern::ShapePattern;
  LogicalResult
  matchAndRewrite(DynamicReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedResult(op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    Location loc = op.getLoc();
    auto sizes = mixSizes(type, shapeOperandValues(rewriter, loc,
                                                   op.getOutputShape(),
                                                   adaptor.getOutputShape(),
                                                   type.getRank()));
    Value r = buildReshape(rewriter, loc, adaptor.getOperand(), sizes);
    rewriter.replaceOp(op, castTo(rewriter, loc, r, type));
    return success();
  }
};

struct DynamicBroadcastInDimLowering
    : ShapePattern<DynamicBroadcastInDimOp> {
  using ShapePattern::ShapePattern;
  LogicalResult
  matchAndRewrite(DynamicBroadcastInDimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedResult(op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    Location loc = op.getLoc();
    auto sizes = mixSizes(type, shapeOperandValues(rewriter, loc,
                                                   op.getOutputDimensions(),
                                                   adaptor.getOutputDimensions(),
                                                   type.getRank()));
    ArrayRef<int64_t> nonExpanding;
    if (auto known = op.getKnownNonexpandingDimensions())
      nonExpanding = *known;
    Value r = buildBroadcastInDim(rewriter, loc, adaptor.getOperand(), sizes,
                                  op.getBroadcastDimensions(), nonExpanding);
    rewriter.replaceOp(op, castTo(rewriter, loc, r, type));
    return success();
  }
};

struct RealDynamicSliceLowering : ShapePattern<RealDynamicSliceOp> {
  using ShapePattern::ShapePattern;
  LogicalResult
  matchAndRewrite(RealDynamicSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedResult(op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    Location loc = op.getLoc();
    int64_t rank = type.getRank();
    IndexMath m{rewriter, loc};
    auto starts = shapeOperandValues(rewriter, loc, op.getStartIndices(),
                                     adaptor.getStartIndices(), rank);
    auto limits = shapeOperandValues(rewriter, loc, op.getLimitIndices(),
                                     adaptor.getLimitIndices(), rank);
    auto strides = shapeOperandValues(rewriter, loc, op.getStrides(),
                                      adaptor.getStrides(), rank);
    SmallVector<OpFoldResult> sizes;
    for (int64_t i = 0; i < rank; ++i)
      sizes.push_back(m.ceilDiv(m.sub(limits[i], starts[i]), strides[i]));
    sizes = mixSizes(type, sizes);
    Value r = tensor::ExtractSliceOp::create(rewriter, loc, adaptor.getOperand(),
                                             starts, sizes, strides);
    rewriter.replaceOp(op, castTo(rewriter, loc, r, type));
    return success();
  }
};

struct DynamicPadLowering : ShapePattern<DynamicPadOp> {
  using ShapePattern::ShapePattern;
  LogicalResult
  matchAndRewrite(DynamicPadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedResult(op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    Location loc = op.getLoc();
    int64_t rank = type.getRank();
    auto low = shapeOperandValues(rewriter, loc, op.getEdgePaddingLow(),
                                  adaptor.getEdgePaddingLow(), rank);
    auto high = shapeOperandValues(rewriter, loc, op.getEdgePaddingHigh(),
                                   adaptor.getEdgePaddingHigh(), rank);
    auto interior = shapeOperandValues(rewriter, loc, op.getInteriorPadding(),
                                       adaptor.getInteriorPadding(), rank);
    Value r = buildPad(rewriter, loc, adaptor.getOperand(),
                       adaptor.getPaddingValue(), low, high, interior);
    rewriter.replaceOp(op, castTo(rewriter, loc, r, type));
    return success();
  }
};

} // namespace

void populateDynamicShapePatterns(const TypeConverter &converter,
                                  RewritePatternSet &patterns) {
  patterns.add<DynamicIotaLowering, DynamicReshapeLowering,
               DynamicBroadcastInDimLowering, RealDynamicSliceLowering,
               DynamicPadLowering>(converter, patterns.getContext());
}

} // namespace jx::stablehlo::shape
