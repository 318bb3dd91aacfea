//===- IndexingOps.cpp - gather, dynamic_gather and scatter ---------------===//
//
// Verifiers of the indexing ops. The ops print in the generic form, as
// upstream tools do; the shape rules are the shared functions of
// InferIndexing.h.
//
//===----------------------------------------------------------------------===//

#include "jx/Dialect/StableHLO/IR/InferIndexing.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace jx::stablehlo;

#define GET_OP_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLOIndexingOps.cpp.inc"

GatherDims jx::stablehlo::toGatherDims(GatherDimensionNumbersAttr attr) {
  GatherDims dims;
  dims.offsetDims = attr.getOffsetDims();
  dims.collapsedSliceDims = attr.getCollapsedSliceDims();
  dims.operandBatchingDims = attr.getOperandBatchingDims();
  dims.startIndicesBatchingDims = attr.getStartIndicesBatchingDims();
  dims.startIndexMap = attr.getStartIndexMap();
  dims.indexVectorDim = attr.getIndexVectorDim();
  return dims;
}

namespace {

ScatterDims toScatterDims(ScatterDimensionNumbersAttr attr) {
  ScatterDims dims;
  dims.updateWindowDims = attr.getUpdateWindowDims();
  dims.insertedWindowDims = attr.getInsertedWindowDims();
  dims.inputBatchingDims = attr.getInputBatchingDims();
  dims.scatterIndicesBatchingDims = attr.getScatterIndicesBatchingDims();
  dims.scatterDimsToOperandDims = attr.getScatterDimsToOperandDims();
  dims.indexVectorDim = attr.getIndexVectorDim();
  return dims;
}

/// Checks the declared result of a gather against the inferred one
/// (<op>_c22: shape, <op>_c23: element type).
LogicalResult verifyGatherResult(Operation *op, StringRef name,
                                 RankedTensorType inferred,
                                 RankedTensorType result) {
  if (!isCompatibleShape(inferred.getShape(), result.getShape()))
    return op->emitOpError()
           << "result shape " << dimsToString(result.getShape())
           << " does not match the inferred shape "
           << dimsToString(inferred.getShape()) << " (" << name << "_c22)";
  if (inferred.getElementType() != result.getElementType())
    return op->emitOpError()
           << "result element type " << result.getElementType()
           << " must match operand element type " << inferred.getElementType()
           << " (" << name << "_c23)";
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// gather / dynamic_gather
//===----------------------------------------------------------------------===//

LogicalResult GatherOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  FailureOr<RankedTensorType> inferred = inferGatherOp(
      emitError, "gather", getOperand().getType(), getStartIndices().getType(),
      toGatherDims(getDimensionNumbers()), getSliceSizes());
  if (failed(inferred))
    return failure();
  return verifyGatherResult(*this, "gather", *inferred, getType());
}

LogicalResult DynamicGatherOp::verify() {
  RankedTensorType operandType = getOperand().getType();
  // The slice sizes are known when they come from a constant; otherwise
  // each is dynamic (and the result's offset dimensions may be anything).
  SmallVector<int64_t> sliceSizes;
  DenseIntElementsAttr constant;
  auto sizesType = dyn_cast<RankedTensorType>(getSliceSizes().getType());
  if (matchPattern(getSliceSizes(), m_Constant(&constant))) {
    for (const APInt &size : constant.getValues<APInt>())
      sliceSizes.push_back(size.getSExtValue());
  } else if (sizesType && sizesType.getRank() == 1 &&
             !sizesType.isDynamicDim(0)) {
    sliceSizes.assign(sizesType.getDimSize(0), ShapedType::kDynamic);
  } else {
    sliceSizes.assign(operandType.getRank(), ShapedType::kDynamic);
  }
  auto emitError = [&] { return emitOpError(); };
  FailureOr<RankedTensorType> inferred = inferGatherOp(
      emitError, "dynamic_gather", operandType, getStartIndices().getType(),
      toGatherDims(getDimensionNumbers()), sliceSizes);
  if (failed(inferred))
    return failure();
  return verifyGatherResult(*this, "dynamic_gather", *inferred, getType());
}

//===----------------------------------------------------------------------===//
// scatter
//===----------------------------------------------------------------------===//

LogicalResult ScatterOp::verify() {
  // scatter_c5: the operands are N inputs, the indices and N updates.
  unsigned numOperands = getNumOperands();
  if (numOperands < 3 || numOperands % 2 == 0)
    return emitOpError() << "expects N inputs, scatter_indices and N updates "
                            "with N > 0, got "
                         << numOperands << " operands (scatter_c5)";

  SmallVector<RankedTensorType> inputs, updates;
  for (Type t : getInputs().getTypes())
    inputs.push_back(cast<RankedTensorType>(t));
  for (Type t : getUpdates().getTypes())
    updates.push_back(cast<RankedTensorType>(t));

  // scatter_c23 needs the computation's signature: its block arguments and
  // the values its stablehlo.return yields.
  Block &body = getUpdateComputation().front();
  auto ret = body.empty() ? ReturnOp() : dyn_cast<ReturnOp>(body.back());
  if (!ret)
    return emitOpError() << "update_computation must end with stablehlo.return "
                            "(scatter_c23)";

  auto emitError = [&] { return emitOpError(); };
  FailureOr<SmallVector<RankedTensorType>> inferred = inferScatterOp(
      emitError, inputs, getScatterIndices().getType(), updates,
      toScatterDims(getScatterDimensionNumbers()), body.getArgumentTypes(),
      ret.getOperandTypes());
  if (failed(inferred))
    return failure();

  // scatter_c24: shape(results...) = shape(inputs...);
  // scatter_c25: element_type(results[i]) = Ei.
  if (getNumResults() != inferred->size())
    return emitOpError() << "expects " << inferred->size()
                         << " results, one per input, got " << getNumResults()
                         << " (scatter_c24)";
  for (auto [i, pair] : llvm::enumerate(
           llvm::zip(getResults().getTypes(), *inferred))) {
    auto [actual, expected] = pair;
    auto result = cast<RankedTensorType>(actual);
    if (!isCompatibleShape(result.getShape(), expected.getShape()))
      return emitOpError() << "result #" << i << " shape "
                           << dimsToString(result.getShape())
                           << " must match input shape "
                           << dimsToString(expected.getShape())
                           << " (scatter_c24)";
    if (result.getElementType() != expected.getElementType())
      return emitOpError() << "result #" << i << " element type "
                           << result.getElementType()
                           << " must be the update_computation element type "
                           << expected.getElementType() << " (scatter_c25)";
  }
  return success();
}
