//===- BroadcastPatterns.cpp - chlo broadcasting binary ops ---------------===//
//
// chlo.broadcast_<op> becomes stablehlo.<op> on operands that already have
// the result shape; otherwise each operand is first expanded with
// stablehlo.broadcast_in_dim.
//
//===----------------------------------------------------------------------===//

#include "Decompose.h"

using namespace mlir;
using namespace jx::chlo;
using namespace jx::chlo::detail;

namespace {

/// The operand as a value of the result shape: itself when the shapes agree,
/// else a stablehlo.broadcast_in_dim. An operand of the result's rank maps
/// dimension i to i; a lower-rank one maps through `broadcastDims`, or
/// numpy-style onto the trailing dimensions. Null when the result shape is
/// dynamic (that needs dynamic_broadcast_in_dim and shape computations).
Value expandTo(PatternRewriter &rewriter, Location loc, Value operand,
               RankedTensorType resultType,
               std::optional<ArrayRef<int64_t>> broadcastDims = std::nullopt) {
  auto type = cast<RankedTensorType>(operand.getType());
  if (type.getShape() == resultType.getShape())
    return operand;
  if (!resultType.hasStaticShape() || !type.hasStaticShape())
    return {};
  int64_t rank = type.getRank(), resultRank = resultType.getRank();
  SmallVector<int64_t> dims;
  if (rank == resultRank) {
    for (int64_t i = 0; i < rank; ++i)
      dims.push_back(i);
  } else if (broadcastDims) {
    dims.assign(broadcastDims->begin(), broadcastDims->end());
  } else {
    for (int64_t i = 0; i < rank; ++i)
      dims.push_back(resultRank - rank + i);
  }
  if (static_cast<int64_t>(dims.size()) != rank)
    return {};
  return hlo::BroadcastInDimOp::create(rewriter, loc, operand,
                                       resultType.getShape(), dims);
}

template <class ChloOp, class HloOp>
struct BroadcastBinaryPattern : OpRewritePattern<ChloOp> {
  using OpRewritePattern<ChloOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(ChloOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = op.getType();
    RankedTensorType operandResultType = resultType.clone(
        getElementTypeOrSelf(op.getLhs().getType()));
    Value lhs = expandTo(rewriter, op.getLoc(), op.getLhs(), operandResultType,
                         op.getBroadcastDimensions());
    Value rhs = expandTo(rewriter, op.getLoc(), op.getRhs(), operandResultType,
                         op.getBroadcastDimensions());
    if (!lhs || !rhs)
      return failure();
    rewriter.replaceOpWithNewOp<HloOp>(op, resultType, lhs, rhs);
    return success();
  }
};

/// Broadcasting ops whose element-wise form is itself a chlo op.
template <class ChloOp, class ElementOp>
struct BroadcastChloPattern : OpRewritePattern<ChloOp> {
  using OpRewritePattern<ChloOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(ChloOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = op.getType();
    Value lhs = expandTo(rewriter, op.getLoc(), op.getLhs(), resultType,
                         op.getBroadcastDimensions());
    Value rhs = expandTo(rewriter, op.getLoc(), op.getRhs(), resultType,
                         op.getBroadcastDimensions());
    if (!lhs || !rhs)
      return failure();
    rewriter.replaceOpWithNewOp<ElementOp>(op, resultType, lhs, rhs);
    return success();
  }
};

struct BroadcastComparePattern : OpRewritePattern<BroadcastCompareOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastCompareOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = op.getType();
    RankedTensorType operandResultType =
        resultType.clone(getElementTypeOrSelf(op.getLhs().getType()));
    Value lhs = expandTo(rewriter, op.getLoc(), op.getLhs(), operandResultType,
                         op.getBroadcastDimensions());
    Value rhs = expandTo(rewriter, op.getLoc(), op.getRhs(), operandResultType,
                         op.getBroadcastDimensions());
    if (!lhs || !rhs)
      return failure();
    auto dir = static_cast<hlo::ComparisonDirection>(
        static_cast<uint32_t>(op.getComparisonDirection()));
    hlo::ComparisonTypeAttr typeAttr;
    if (auto t = op.getCompareType())
      typeAttr = hlo::ComparisonTypeAttr::get(
          getContext(),
          static_cast<hlo::ComparisonType>(static_cast<uint32_t>(*t)));
    rewriter.replaceOpWithNewOp<hlo::CompareOp>(
        op, resultType, lhs, rhs,
        hlo::ComparisonDirectionAttr::get(getContext(), dir), typeAttr);
    return success();
  }
};

struct BroadcastSelectPattern : OpRewritePattern<BroadcastSelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastSelectOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType resultType = op.getType();
    Value pred = expandTo(rewriter, op.getLoc(), op.getPred(),
                          resultType.clone(rewriter.getI1Type()));
    Value onTrue = expandTo(rewriter, op.getLoc(), op.getOnTrue(), resultType);
    Value onFalse =
        expandTo(rewriter, op.getLoc(), op.getOnFalse(), resultType);
    if (!pred || !onTrue || !onFalse)
      return failure();
    rewriter.replaceOpWithNewOp<hlo::SelectOp>(op, resultType, pred, onTrue,
                                               onFalse);
    return success();
  }
};

} // namespace

void jx::chlo::detail::populateBroadcastPatterns(RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<BroadcastBinaryPattern<BroadcastAddOp, hlo::AddOp>,
               BroadcastBinaryPattern<BroadcastAtan2Op, hlo::Atan2Op>,
               BroadcastBinaryPattern<BroadcastDivOp, hlo::DivOp>,
               BroadcastBinaryPattern<BroadcastMaxOp, hlo::MaxOp>,
               BroadcastBinaryPattern<BroadcastMinOp, hlo::MinOp>,
               BroadcastBinaryPattern<BroadcastMulOp, hlo::MulOp>,
               BroadcastBinaryPattern<BroadcastPowOp, hlo::PowOp>,
               BroadcastBinaryPattern<BroadcastRemOp, hlo::RemOp>,
               BroadcastBinaryPattern<BroadcastShiftLeftOp, hlo::ShiftLeftOp>,
               BroadcastBinaryPattern<BroadcastShiftRightArithmeticOp,
                                      hlo::ShiftRightArithmeticOp>,
               BroadcastBinaryPattern<BroadcastShiftRightLogicalOp,
                                      hlo::ShiftRightLogicalOp>,
               BroadcastBinaryPattern<BroadcastSubOp, hlo::SubtractOp>,
               BroadcastBinaryPattern<BroadcastAndOp, hlo::AndOp>,
               BroadcastBinaryPattern<BroadcastOrOp, hlo::OrOp>,
               BroadcastBinaryPattern<BroadcastXorOp, hlo::XorOp>,
               BroadcastBinaryPattern<BroadcastComplexOp, hlo::ComplexOp>,
               BroadcastChloPattern<BroadcastNextAfterOp, NextAfterOp>,
               BroadcastChloPattern<BroadcastPolygammaOp, PolygammaOp>,
               BroadcastChloPattern<BroadcastZetaOp, ZetaOp>,
               BroadcastComparePattern, BroadcastSelectPattern>(ctx);
}
