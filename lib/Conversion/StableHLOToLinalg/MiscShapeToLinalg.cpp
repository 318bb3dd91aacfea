//===- MiscShapeToLinalg.cpp - the rest of the shape family ---------------===//
//
//   get_dimension_size                  -> tensor.dim (a constant if static)
//   optimization_barrier                -> its operands
//   tuple, get_tuple_element            -> resolved at compile time
//   torch_index_select                  -> linalg.generic reading the operand
//                                          at the (clamped) index
//
//===----------------------------------------------------------------------===//

#include "ShapeLowering.h"

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace jx::stablehlo::shape {
namespace {

struct GetDimensionSizeLowering : ShapePattern<GetDimensionSizeOp> {
  using ShapePattern::ShapePattern;
  LogicalResult
  matchAndRewrite(GetDimensionSizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedResult(op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    Location loc = op.getLoc();
    OpFoldResult size = tensor::getMixedSize(rewriter, loc, adaptor.getOperand(),
                                             op.getDimension());
    if (auto c = getConstantIntValue(size)) {
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(
          op, type,
          DenseElementsAttr::get(type, rewriter.getIntegerAttr(
                                           type.getElementType(), *c)));
      return success();
    }
    Value i32 = arith::IndexCastOp::create(rewriter, loc, type.getElementType(),
                                           cast<Value>(size));
    rewriter.replaceOpWithNewOp<tensor::FromElementsOp>(op, type, i32);
    return success();
  }
};

/// Values pass through unchanged; tuples are not values of the lowered
/// program.
struct OptimizationBarrierLowering : OpConversionPattern<OptimizationBarrierOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OptimizationBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    for (Type t : op->getOperandTypes())
      if (isa<TupleType>(t))
        return op.emitError("stablehlo.optimization_barrier on tuple values "
                            "is not supported yet");
    rewriter.replaceOp(op, adaptor.getOperands());
    return success();
  }
};

/// Whether every use of the tuple `v` is a get_tuple_element (or a tuple op
/// that is itself only taken apart), so that it can be resolved statically.
Operation *firstUnresolvableUser(Value v) {
  for (Operation *user : v.getUsers()) {
    if (isa<GetTupleElementOp>(user)) {
      if (isa<TupleType>(user->getResult(0).getType()))
        if (Operation *bad = firstUnresolvableUser(user->getResult(0)))
          return bad;
      continue;
    }
    if (isa<TupleOp>(user)) {
      if (Operation *bad = firstUnresolvableUser(user->getResult(0)))
        return bad;
      continue;
    }
    return user;
  }
  return nullptr;
}

/// A tuple becomes an unrealized_conversion_cast of its (lowered) elements
/// to the tuple type, which get_tuple_element takes apart again; no tuple
/// survives when every use is a get_tuple_element.
struct TupleLowering : OpConversionPattern<TupleOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TupleOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (Operation *user = firstUnresolvableUser(op.getResult()))
      return op.emitError() << "tuples are lowered only when taken apart by "
                               "stablehlo.get_tuple_element; this one is used "
                               "by '"
                            << user->getName() << "'";
    rewriter.replaceOpWithNewOp<UnrealizedConversionCastOp>(
        op, op.getType(), adaptor.getOperands());
    return success();
  }
};

struct GetTupleElementLowering : OpConversionPattern<GetTupleElementOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(GetTupleElementOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto tuple =
        adaptor.getOperand().getDefiningOp<UnrealizedConversionCastOp>();
    auto tupleType = tuple && tuple->getNumResults() == 1
                         ? dyn_cast<TupleType>(tuple->getResult(0).getType())
                         : TupleType();
    if (!tupleType || tuple.getNumOperands() != tupleType.size())
      return op.emitError("stablehlo.get_tuple_element of a tuple not built by "
                          "stablehlo.tuple is not supported yet");
    rewriter.replaceOp(op, tuple.getOperand(op.getIndex()));
    return success();
  }
};

struct TorchIndexSelectLowering : ShapePattern<TorchIndexSelectOp> {
  using ShapePattern::ShapePattern;
  LogicalResult
  matchAndRewrite(TorchIndexSelectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedResult(op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    Location loc = op.getLoc();
    Value operand = adaptor.getOperand(), index = adaptor.getIndex();
    int64_t dim = op.getDim(), batch = op.getBatchDims();
    int64_t indexRank = cast<RankedTensorType>(index.getType()).getRank();
    int64_t gathered = indexRank - batch;
    bool uns = getElementTypeOrSelf(op.getIndex().getType()).isUnsignedInteger();
    // Result: operand[:dim] ++ index[batch:] ++ operand[dim+1:].
    SmallVector<OpFoldResult> srcSizes =
        tensor::getMixedSizes(rewriter, loc, operand);
    SmallVector<OpFoldResult> idxSizes =
        tensor::getMixedSizes(rewriter, loc, index);
    SmallVector<OpFoldResult> sizes(srcSizes.begin(), srcSizes.begin() + dim);
    sizes.append(idxSizes.begin() + batch, idxSizes.end());
    sizes.append(srcSizes.begin() + dim + 1, srcSizes.end());
    SmallVector<AffineExpr> exprs;
    for (int64_t i = 0; i < batch; ++i)
      exprs.push_back(rewriter.getAffineDimExpr(i));
    for (int64_t i = 0; i < gathered; ++i)
      exprs.push_back(rewriter.getAffineDimExpr(dim + i));
    auto map = AffineMap::get(sizes.size(), 0, exprs, rewriter.getContext());
    IndexMath m{rewriter, loc};
    // Out-of-range indices are clamped, as gather does.
    Value lastIndex = m.value(m.sub(srcSizes[dim], m.constant(1)));
    Value r = buildGeneric(
        rewriter, loc, type.getElementType(), sizes, index, map,
        [&](OpBuilder &b, Location l, LoopIndices &ivs, ValueRange args) {
          Value i = scalarToIndex(b, l, args[0], uns);
          i = arith::MinSIOp::create(b, l, i, lastIndex);
          i = arith::MaxSIOp::create(b, l, i,
                                     arith::ConstantIndexOp::create(b, l, 0));
          SmallVector<Value> idx = ivs.range(0, dim);
          idx.push_back(i);
          llvm::append_range(idx, ivs.range(dim + gathered, ivs.size()));
          return tensor::ExtractOp::create(b, l, operand, idx).getResult();
        });
    rewriter.replaceOp(op, castTo(rewriter, loc, r, type));
    return success();
  }
};


} // namespace

void populateMiscShapePatterns(const TypeConverter &converter,
                               RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<GetDimensionSizeLowering, TorchIndexSelectLowering>(converter,
                                                                   ctx);
  // Tuples have no lowered type: these patterns see the operands as they
  // are, without type conversion.
  patterns.add<OptimizationBarrierLowering, TupleLowering,
               GetTupleElementLowering>(ctx);
}

} // namespace jx::stablehlo::shape
