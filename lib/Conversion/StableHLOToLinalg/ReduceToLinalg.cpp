//===- ReduceToLinalg.cpp - reduce and map to linalg.generic --------------===//
//
// reduce: one linalg.generic over the input's index space, reduction
// iterators on the reduced dimensions, one output per result (variadic
// reduces such as argmax's (value, index) pairs yield all of them from one
// body). The outputs start filled with the init values; the body is the
// reducer as scalar code, called as reducer(accumulators..., elements...).
//
// map: one parallel linalg.generic whose body is the computation region.
//
//===----------------------------------------------------------------------===//

#include "ReductionCommon.h"

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace jx::stablehlo {
namespace {

/// Builds a linalg.generic whose body emits `region` on the block arguments
/// reordered by `argOrder` (indices into the generic's block arguments).
/// Returns null when the region cannot be emitted.
linalg::GenericOp buildRegionGeneric(
    ConversionPatternRewriter &rewriter, Location loc, TypeRange resultTypes,
    ValueRange inputs, ValueRange outputs, ArrayRef<AffineMap> maps,
    ArrayRef<utils::IteratorType> iterators, Region &region,
    const TypeConverter &converter, ArrayRef<unsigned> argOrder) {
  bool failedBody = false;
  auto generic = linalg::GenericOp::create(
      rewriter, loc, resultTypes, inputs, outputs, maps, iterators,
      [&](OpBuilder &b, Location l, ValueRange args) {
        SmallVector<Value> scalarArgs, results;
        for (unsigned i : argOrder)
          scalarArgs.push_back(args[i]);
        if (failed(emitScalarRegion(b, region, converter, scalarArgs,
                                    results)) ||
            results.size() != resultTypes.size()) {
          failedBody = true;
          results.clear();
        }
        for (auto [v, t] : llvm::zip(results, resultTypes))
          if (v.getType() != cast<ShapedType>(t).getElementType())
            failedBody = true;
        if (failedBody)
          results.clear();
        linalg::YieldOp::create(b, l, results);
      });
  return failedBody ? nullptr : generic;
}

struct ReduceToGeneric : OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultTypes = convertResultTypes(*getTypeConverter(), op);
    if (failed(resultTypes))
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    ValueRange inputs = adaptor.getInputs();
    ValueRange inits = adaptor.getInitValues();
    size_t n = inputs.size();
    if (n == 0 || inits.size() != n || resultTypes->size() != n)
      return rewriter.notifyMatchFailure(op, "operand count mismatch");
    Location loc = op.getLoc();
    // Bodies may accumulate in a wider type than the inputs (is_promotable).
    SmallVector<Value> promoted, promotedInits;
    promoteInputsAndInits(rewriter, loc, adaptor.getInputs(),
                          adaptor.getInitValues(), op.getInputs(),
                          *resultTypes, promoted, promotedInits);
    inputs = promoted;
    inits = promotedInits;
    auto inType = cast<RankedTensorType>(inputs[0].getType());
    int64_t rank = inType.getRank();
    SmallVector<bool> reduced(rank, false);
    for (int64_t d : op.getDimensions())
      reduced[d] = true;
    SmallVector<AffineExpr> outExprs;
    SmallVector<int64_t> kept;
    SmallVector<utils::IteratorType> iterators;
    for (int64_t i = 0; i < rank; ++i) {
      iterators.push_back(reduced[i] ? utils::IteratorType::reduction
                                     : utils::IteratorType::parallel);
      if (!reduced[i]) {
        outExprs.push_back(rewriter.getAffineDimExpr(i));
        kept.push_back(i);
      }
    }
    SmallVector<Value> outputs;
    SmallVector<Type> outTypes;
    for (auto [type, init] : llvm::zip(*resultTypes, inits)) {
      Value empty = emptyTensor(rewriter, loc, type, [&](int64_t j) -> Value {
        return tensor::DimOp::create(rewriter, loc, inputs[0], kept[j]);
      });
      outputs.push_back(fillWith(rewriter, loc, empty, init));
      outTypes.push_back(type);
    }
    SmallVector<AffineMap> maps(n, rewriter.getMultiDimIdentityMap(rank));
    maps.append(n, AffineMap::get(rank, 0, outExprs, rewriter.getContext()));
    // The reducer takes (accumulators..., elements...).
    SmallVector<unsigned> order;
    for (unsigned i = 0; i < n; ++i)
      order.push_back(n + i);
    for (unsigned i = 0; i < n; ++i)
      order.push_back(i);
    auto generic = buildRegionGeneric(rewriter, loc, outTypes, inputs, outputs,
                                      maps, iterators, op.getBody(),
                                      *getTypeConverter(), order);
    if (!generic)
      return failure();
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

struct MapToGeneric : OpConversionPattern<MapOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MapOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultTypes = convertResultTypes(*getTypeConverter(), op);
    if (failed(resultTypes))
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    RankedTensorType type = resultTypes->front();
    ValueRange inputs = adaptor.getInputs();
    Location loc = op.getLoc();
    int64_t rank = type.getRank();
    Value init = emptyTensor(rewriter, loc, type, [&](int64_t i) -> Value {
      return tensor::DimOp::create(rewriter, loc, inputs[0], i);
    });
    SmallVector<AffineMap> maps(inputs.size() + 1,
                                rewriter.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    SmallVector<unsigned> order;
    for (unsigned i = 0; i < inputs.size(); ++i)
      order.push_back(i);
    auto generic = buildRegionGeneric(rewriter, loc, TypeRange{type}, inputs,
                                      init, maps, iterators,
                                      op.getComputation(), *getTypeConverter(),
                                      order);
    if (!generic)
      return failure();
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void populateReduceAndMapPatterns(const TypeConverter &converter,
                                  RewritePatternSet &patterns) {
  patterns.add<ReduceToGeneric, MapToGeneric>(converter,
                                              patterns.getContext());
}

} // namespace jx::stablehlo
