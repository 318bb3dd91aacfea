//===- ReductionToLinalg.cpp - Reduction ops of stablehlo, lowered --------===//
//
// The reduction family: reduce and map (ReduceToLinalg.cpp), reduce_window
// (ReduceWindowToLinalg.cpp), select_and_scatter (SelectAndScatterToSCF.cpp)
// and sort (SortToSCF.cpp). Their bodies become scalar code through
// emitScalarRegion. This file holds the shared helpers and registers all.
//
//===----------------------------------------------------------------------===//

#include "ReductionCommon.h"

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace jx::stablehlo {

Value emptyTensor(OpBuilder &b, Location loc, RankedTensorType type,
                  llvm::function_ref<Value(int64_t)> dynSize) {
  SmallVector<Value> sizes;
  for (int64_t i = 0; i < type.getRank(); ++i)
    if (type.isDynamicDim(i))
      sizes.push_back(dynSize(i));
  return tensor::EmptyOp::create(b, loc, type.getShape(),
                                 type.getElementType(), sizes);
}

Value extractScalar(OpBuilder &b, Location loc, Value tensor0d) {
  return tensor::ExtractOp::create(b, loc, tensor0d, ValueRange{});
}

Value fillWith(OpBuilder &b, Location loc, Value tensor, Value init0d) {
  Value scalar = extractScalar(b, loc, init0d);
  return linalg::FillOp::create(b, loc, ValueRange{scalar}, ValueRange{tensor})
      .getResult(0);
}

FailureOr<SmallVector<RankedTensorType>>
convertResultTypes(const TypeConverter &converter, Operation *op) {
  SmallVector<RankedTensorType> types;
  for (Type t : op->getResultTypes()) {
    auto converted =
        dyn_cast_or_null<RankedTensorType>(converter.convertType(t));
    if (!converted)
      return failure();
    types.push_back(converted);
  }
  return types;
}

/// One scalar promoted from `from` (original type `fromOrig`) to `to`.
static Value promoteScalar(OpBuilder &b, Location loc, Value x, Type from,
                           Type fromOrig, Type to) {
  if (from == to)
    return x;
  if (auto cTo = dyn_cast<ComplexType>(to)) {
    auto cFrom = cast<ComplexType>(from);
    Type part = cFrom.getElementType();
    Value re = promoteScalar(b, loc, complex::ReOp::create(b, loc, x), part,
                             part, cTo.getElementType());
    Value im = promoteScalar(b, loc, complex::ImOp::create(b, loc, x), part,
                             part, cTo.getElementType());
    return complex::CreateOp::create(b, loc, to, re, im);
  }
  if (isa<IntegerType>(to)) {
    if (fromOrig.isUnsignedInteger())
      return arith::ExtUIOp::create(b, loc, to, x);
    return arith::ExtSIOp::create(b, loc, to, x);
  }
  if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
    return arith::ExtFOp::create(b, loc, to, x);
  // Same width, other format (f16 -> bf16): through f32.
  Value wide = arith::ExtFOp::create(b, loc, b.getF32Type(), x);
  return arith::TruncFOp::create(b, loc, to, wide);
}

Value promoteElements(OpBuilder &b, Location loc, Value input, Type fromOrig,
                      Type to) {
  auto type = cast<RankedTensorType>(input.getType());
  Type from = type.getElementType();
  if (from == to)
    return input;
  int64_t rank = type.getRank();
  auto resultType = RankedTensorType::get(type.getShape(), to);
  Value init = emptyTensor(b, loc, resultType, [&](int64_t i) -> Value {
    return tensor::DimOp::create(b, loc, input, i);
  });
  SmallVector<AffineMap> maps(2, b.getMultiDimIdentityMap(rank));
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, ValueRange{input}, ValueRange{init}, maps,
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &gb, Location l, ValueRange args) {
        linalg::YieldOp::create(
            gb, l, promoteScalar(gb, l, args[0], from, fromOrig, to));
      });
  return generic.getResult(0);
}

void promoteInputsAndInits(OpBuilder &b, Location loc, ValueRange inputs,
                           ValueRange inits, ValueRange origInputs,
                           ArrayRef<RankedTensorType> resultTypes,
                           SmallVectorImpl<Value> &promotedInputs,
                           SmallVectorImpl<Value> &promotedInits) {
  for (auto [in, init, orig, t] :
       llvm::zip(inputs, inits, origInputs, resultTypes)) {
    Type origElement = getElementTypeOrSelf(orig.getType());
    promotedInputs.push_back(
        promoteElements(b, loc, in, origElement, t.getElementType()));
    promotedInits.push_back(
        promoteElements(b, loc, init, origElement, t.getElementType()));
  }
}

Value indexConst(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value emitOneResultRegion(OpBuilder &b, Region &region,
                          const TypeConverter &converter, ValueRange scalarArgs,
                          Value fallback, bool &failedRegion) {
  SmallVector<Value> results;
  if (failed(emitScalarRegion(b, region, converter, scalarArgs, results)) ||
      results.size() != 1) {
    failedRegion = true;
    return fallback;
  }
  return results[0];
}

SmallVector<Value> buildLoops(
    OpBuilder &b, Location loc, ValueRange ubs, ValueRange iterArgs,
    function_ref<SmallVector<Value>(OpBuilder &, Location, ValueRange,
                                    ValueRange)>
        body) {
  if (ubs.empty())
    return body(b, loc, ValueRange{}, iterArgs);
  SmallVector<Value> lbs(ubs.size(), indexConst(b, loc, 0));
  SmallVector<Value> steps(ubs.size(), indexConst(b, loc, 1));
  scf::LoopNest nest = scf::buildLoopNest(
      b, loc, lbs, ubs, steps, iterArgs,
      [&](OpBuilder &nb, Location l, ValueRange ivs, ValueRange args) {
        return scf::ValueVector(body(nb, l, ivs, args));
      });
  return nest.results;
}

void populateStableHLOReductionToLinalgPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  populateReduceAndMapPatterns(converter, patterns);
  populateReduceWindowPatterns(converter, patterns);
  populateSelectAndScatterPatterns(converter, patterns);
  populateSortPatterns(converter, patterns);
}

} // namespace jx::stablehlo
