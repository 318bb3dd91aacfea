//===- ElementwiseToLinalg.cpp - elementwise ops to linalg.generic --------===//
//
// Every elementwise op becomes one linalg.generic over its result's index
// space whose body is the op's scalar semantics (ScalarOps.cpp). Scalar
// operands of select and clamp broadcast through an empty indexing map.
//
//===----------------------------------------------------------------------===//

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace jx::stablehlo {
namespace {

/// Sizes of the dynamic dimensions of `type`, read from the first operand of
/// the same rank.
SmallVector<Value> dynamicSizes(OpBuilder &b, Location loc,
                                RankedTensorType type, ValueRange operands) {
  SmallVector<Value> sizes;
  Value shapeSource;
  for (Value v : operands)
    if (auto t = dyn_cast<RankedTensorType>(v.getType());
        t && t.getRank() == type.getRank())
      shapeSource = v;
  for (int64_t i = 0; i < type.getRank(); ++i)
    if (type.isDynamicDim(i))
      sizes.push_back(tensor::DimOp::create(b, loc, shapeSource, i));
  return sizes;
}

struct ElementwiseToGeneric : ConversionPattern {
  ElementwiseToGeneric(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!hasScalarMapping(op) || op->getNumResults() != 1)
      return failure();
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op->getResult(0).getType()));
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    if (isa<RemOp>(op) && isa<ComplexType>(resultType.getElementType()))
      return rewriter.notifyMatchFailure(op, "complex remainder");
    Location loc = op->getLoc();
    int64_t rank = resultType.getRank();
    SmallVector<Type> origTypes;
    for (Value v : op->getOperands())
      origTypes.push_back(getElementTypeOrSelf(v.getType()));

    Value init = tensor::EmptyOp::create(
        rewriter, loc, resultType.getShape(), resultType.getElementType(),
        dynamicSizes(rewriter, loc, resultType, operands));
    SmallVector<AffineMap> maps;
    for (Value v : operands) {
      int64_t r = cast<RankedTensorType>(v.getType()).getRank();
      maps.push_back(r == rank ? rewriter.getMultiDimIdentityMap(rank)
                               : AffineMap::get(rank, 0, rewriter.getContext()));
    }
    maps.push_back(rewriter.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    bool failedBody = false;
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultType, operands, init, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value v = buildScalarOp(b, l, op, origTypes,
                                  resultType.getElementType(),
                                  args.drop_back());
          failedBody |= !v;
          linalg::YieldOp::create(b, l, v ? ValueRange{v} : ValueRange{});
        });
    if (failedBody)
      return failure();
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// Splat constants with more elements than this become a linalg.fill.
constexpr int64_t kMaxSplatConstantElements = 1024;

struct ConstantToArith : OpConversionPattern<ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    // Bytes held apart from the context (a large constant the loader
    // decoded, LargeConstants.h) stay where they are, under the signless
    // type.
    if (auto resource = dyn_cast<DenseResourceElementsAttr>(op.getValue());
        resource && type) {
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(
          op, type,
          DenseResourceElementsAttr::get(type, resource.getRawHandle()));
      return success();
    }
    auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!type || !dense)
      return rewriter.notifyMatchFailure(op, "unsupported constant");
    // Unsigned literals keep their bits under the signless type.
    if (dense.getElementType() != type.getElementType())
      dense = dense.bitcast(type.getElementType());
    // A large splat is filled at run time: as a constant it would become a
    // global initializer of every element, expanded at compile time.
    if (dense.isSplat() && type.getElementType().isIntOrFloat() &&
        type.hasStaticShape() &&
        type.getNumElements() > kMaxSplatConstantElements) {
      Location loc = op.getLoc();
      Value scalar = arith::ConstantOp::create(
          rewriter, loc, type.getElementType(),
          dense.getSplatValue<TypedAttr>());
      Value empty = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                            type.getElementType());
      rewriter.replaceOpWithNewOp<linalg::FillOp>(op, ValueRange{scalar},
                                                  ValueRange{empty});
      return success();
    }
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type, dense);
    return success();
  }
};

} // namespace

void populateStableHLOElementwiseToLinalgPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ElementwiseToGeneric, ConstantToArith>(converter,
                                                      patterns.getContext());
}

} // namespace jx::stablehlo
