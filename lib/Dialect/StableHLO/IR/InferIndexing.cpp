//===- InferIndexing.cpp - shape functions of gather and scatter ----------===//
//
// The spec's constraints of gather (gather_c1 ... gather_c23) and scatter
// (scatter_c1 ... scatter_c25), checked in an order where every index is
// known to be in range before it is used.
//
//===----------------------------------------------------------------------===//

#include "jx/Dialect/StableHLO/IR/InferIndexing.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"

#include <string>

using namespace mlir;

namespace jx::stablehlo {

namespace {

std::string label(StringRef opName, int n) {
  return (opName + "_c" + Twine(n)).str();
}

bool isSorted(ArrayRef<int64_t> dims) {
  return llvm::is_sorted(dims);
}

bool contains(ArrayRef<int64_t> dims, int64_t d) {
  return llvm::is_contained(dims, d);
}

SmallVector<int64_t> concat(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  SmallVector<int64_t> all(a);
  all.append(b.begin(), b.end());
  return all;
}

/// `<what> [..] must be sorted (<label>)`.
LogicalResult verifySorted(EmitErrorFn emitError, StringRef what,
                           ArrayRef<int64_t> dims, StringRef label) {
  if (isSorted(dims))
    return success();
  return emitError() << what << " " << dimsToString(dims)
                     << " must be sorted (" << label << ")";
}

/// The dimension sizes of `indices` without `indexVectorDim` (the batch
/// dimensions of gather, the update scatter dimensions of scatter).
SmallVector<int64_t> withoutIndexVectorDim(RankedTensorType indices,
                                           int64_t indexVectorDim) {
  SmallVector<int64_t> sizes;
  for (auto [d, size] : llvm::enumerate(indices.getShape()))
    if (static_cast<int64_t>(d) != indexVectorDim)
      sizes.push_back(size);
  return sizes;
}

/// `size(index_map) = index_vector_dim < rank(indices) ?
///  dim(indices, index_vector_dim) : 1` (gather_c3, scatter_c19).
LogicalResult verifyIndexMapSize(EmitErrorFn emitError, StringRef what,
                                 ArrayRef<int64_t> indexMap,
                                 RankedTensorType indices,
                                 int64_t indexVectorDim, StringRef label) {
  int64_t expected = 1;
  if (indexVectorDim < indices.getRank())
    expected = indices.getDimSize(indexVectorDim);
  if (ShapedType::isDynamic(expected) ||
      static_cast<int64_t>(indexMap.size()) == expected)
    return success();
  return emitError() << what << " " << dimsToString(indexMap) << " has size "
                     << indexMap.size() << " but the index vector of "
                     << indices << " at index_vector_dim " << indexVectorDim
                     << " has size " << expected << " (" << label << ")";
}

/// The batching dimensions of operand and indices pair up: same count,
/// compatible sizes (gather_c16/c17, scatter_c17/c18).
LogicalResult verifyBatchingDimSizes(EmitErrorFn emitError,
                                     RankedTensorType operand,
                                     StringRef operandWhat,
                                     ArrayRef<int64_t> operandDims,
                                     RankedTensorType indices,
                                     StringRef indicesWhat,
                                     ArrayRef<int64_t> indicesDims,
                                     StringRef sizeLabel, StringRef dimLabel) {
  if (operandDims.size() != indicesDims.size())
    return emitError() << operandWhat << " " << dimsToString(operandDims)
                       << " and " << indicesWhat << " "
                       << dimsToString(indicesDims)
                       << " must have the same size (" << sizeLabel << ")";
  for (auto [a, b] : llvm::zip(operandDims, indicesDims))
    if (!isCompatibleDim(operand.getDimSize(a), indices.getDimSize(b)))
      return emitError() << "dimension " << a << " of " << operand
                         << " (size " << operand.getDimSize(a)
                         << ") and dimension " << b << " of " << indices
                         << " (size " << indices.getDimSize(b)
                         << ") are batching dimensions and must have the "
                            "same size ("
                         << dimLabel << ")";
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// gather
//===----------------------------------------------------------------------===//

FailureOr<RankedTensorType>
inferGatherOp(EmitErrorFn emitError, StringRef opName, RankedTensorType operand,
              RankedTensorType startIndices, const GatherDims &dims,
              ArrayRef<int64_t> sliceSizes) {
  auto l = [&](int n) { return label(opName, n); };
  int64_t operandRank = operand.getRank();
  int64_t indicesRank = startIndices.getRank();
  int64_t ivd = dims.indexVectorDim;

  // gather_c2: 0 <= index_vector_dim <= rank(start_indices).
  if (ivd < 0 || ivd > indicesRank)
    return emitError() << "index_vector_dim " << ivd
                       << " must be in range [0, " << indicesRank
                       << "] for start_indices of type " << startIndices
                       << " (" << l(2) << ")";

  // gather_c1: rank(operand) = size(offset_dims) + size(collapsed_slice_dims)
  // + size(operand_batching_dims).
  int64_t dimCount = dims.offsetDims.size() + dims.collapsedSliceDims.size() +
                     dims.operandBatchingDims.size();
  if (dimCount != operandRank)
    return emitError() << "operand rank " << operandRank
                       << " must equal size(offset_dims) + "
                          "size(collapsed_slice_dims) + "
                          "size(operand_batching_dims) = "
                       << dims.offsetDims.size() << " + "
                       << dims.collapsedSliceDims.size() << " + "
                       << dims.operandBatchingDims.size() << " (" << l(1)
                       << ")";

  // gather_c20: size(slice_sizes) = rank(operand).
  if (static_cast<int64_t>(sliceSizes.size()) != operandRank)
    return emitError() << "slice_sizes " << dimsToString(sliceSizes)
                       << " must have one entry per operand dimension ("
                       << operandRank << ") (" << l(20) << ")";

  // gather_c4: is_unique(offset_dims) and is_sorted(offset_dims).
  if (failed(verifyDimsUnique(emitError, "offset_dims", dims.offsetDims,
                              l(4))) ||
      failed(verifySorted(emitError, "offset_dims", dims.offsetDims, l(4))))
    return failure();

  // gather_c6: is_unique(collapsed_slice_dims ++ operand_batching_dims).
  if (failed(verifyDimsUnique(
          emitError, "collapsed_slice_dims ++ operand_batching_dims",
          concat(dims.collapsedSliceDims, dims.operandBatchingDims), l(6))))
    return failure();

  // gather_c7: is_sorted(collapsed_slice_dims).
  if (failed(verifySorted(emitError, "collapsed_slice_dims",
                          dims.collapsedSliceDims, l(7))))
    return failure();

  // gather_c8: 0 <= collapsed_slice_dims < rank(operand).
  if (failed(verifyDimsInRange(emitError, "collapsed_slice_dims",
                               dims.collapsedSliceDims, operandRank, l(8))))
    return failure();

  // gather_c9: slice_sizes[collapsed_slice_dims...] <= 1.
  for (int64_t d : dims.collapsedSliceDims)
    if (!ShapedType::isDynamic(sliceSizes[d]) && sliceSizes[d] > 1)
      return emitError() << "slice size " << sliceSizes[d]
                         << " of collapsed dimension " << d
                         << " must be at most 1 (" << l(9) << ")";

  // gather_c10: is_sorted(operand_batching_dims).
  if (failed(verifySorted(emitError, "operand_batching_dims",
                          dims.operandBatchingDims, l(10))))
    return failure();

  // gather_c11: 0 <= operand_batching_dims < rank(operand).
  if (failed(verifyDimsInRange(emitError, "operand_batching_dims",
                               dims.operandBatchingDims, operandRank, l(11))))
    return failure();

  // gather_c12: slice_sizes[operand_batching_dims...] <= 1.
  for (int64_t d : dims.operandBatchingDims)
    if (!ShapedType::isDynamic(sliceSizes[d]) && sliceSizes[d] > 1)
      return emitError() << "slice size " << sliceSizes[d]
                         << " of batching dimension " << d
                         << " must be at most 1 (" << l(12) << ")";

  // gather_c13: is_unique(start_indices_batching_dims).
  if (failed(verifyDimsUnique(emitError, "start_indices_batching_dims",
                              dims.startIndicesBatchingDims, l(13))))
    return failure();

  // gather_c14: 0 <= start_indices_batching_dims < rank(start_indices).
  if (failed(verifyDimsInRange(emitError, "start_indices_batching_dims",
                               dims.startIndicesBatchingDims, indicesRank,
                               l(14))))
    return failure();

  // gather_c15: index_vector_dim not in start_indices_batching_dims.
  if (contains(dims.startIndicesBatchingDims, ivd))
    return emitError() << "index_vector_dim " << ivd
                       << " must not be in start_indices_batching_dims "
                       << dimsToString(dims.startIndicesBatchingDims) << " ("
                       << l(15) << ")";

  // gather_c16, gather_c17: the batching dimensions pair up.
  if (failed(verifyBatchingDimSizes(
          emitError, operand, "operand_batching_dims",
          dims.operandBatchingDims, startIndices,
          "start_indices_batching_dims", dims.startIndicesBatchingDims, l(16),
          l(17))))
    return failure();

  // gather_c3: size(start_index_map) matches the index vector.
  if (failed(verifyIndexMapSize(emitError, "start_index_map",
                                dims.startIndexMap, startIndices, ivd, l(3))))
    return failure();

  // gather_c18: is_unique(start_index_map ++ operand_batching_dims).
  if (failed(verifyDimsUnique(
          emitError, "start_index_map ++ operand_batching_dims",
          concat(dims.startIndexMap, dims.operandBatchingDims), l(18))))
    return failure();

  // gather_c19: 0 <= start_index_map < rank(operand).
  if (failed(verifyDimsInRange(emitError, "start_index_map",
                               dims.startIndexMap, operandRank, l(19))))
    return failure();

  // gather_c21: 0 <= slice_sizes <= shape(operand).
  for (auto [d, size] : llvm::enumerate(sliceSizes)) {
    if (ShapedType::isDynamic(size))
      continue;
    int64_t bound = operand.getDimSize(d);
    if (size < 0 || (!ShapedType::isDynamic(bound) && size > bound))
      return emitError() << "slice_sizes " << dimsToString(sliceSizes)
                         << " must be in range [0, dim] of operand shape "
                         << dimsToString(operand.getShape())
                         << " (slice size " << size << " of dimension " << d
                         << ") (" << l(21) << ")";
  }

  // gather_c22: shape(result) = combine(batch_dim_sizes, offset_dim_sizes).
  SmallVector<int64_t> batchSizes = withoutIndexVectorDim(startIndices, ivd);
  SmallVector<int64_t> offsetSizes;
  for (auto [d, size] : llvm::enumerate(sliceSizes))
    if (!contains(dims.collapsedSliceDims, d) &&
        !contains(dims.operandBatchingDims, d))
      offsetSizes.push_back(size);
  int64_t resultRank = batchSizes.size() + offsetSizes.size();

  // gather_c5: 0 <= offset_dims < rank(result).
  if (failed(verifyDimsInRange(emitError, "offset_dims", dims.offsetDims,
                               resultRank, l(5))))
    return failure();

  SmallVector<int64_t> shape;
  shape.reserve(resultRank);
  auto batchIt = batchSizes.begin();
  auto offsetIt = offsetSizes.begin();
  for (int64_t d = 0; d < resultRank; ++d)
    shape.push_back(contains(dims.offsetDims, d) ? *offsetIt++ : *batchIt++);

  // gather_c23: element_type(result) = element_type(operand).
  return RankedTensorType::get(shape, operand.getElementType());
}

//===----------------------------------------------------------------------===//
// scatter
//===----------------------------------------------------------------------===//

LogicalResult verifyScatterOperands(EmitErrorFn emitError,
                                    ArrayRef<RankedTensorType> inputs,
                                    RankedTensorType indices,
                                    ArrayRef<RankedTensorType> updates,
                                    const ScatterDims &dims) {
  auto l = [](int n) { return label("scatter", n); };

  // scatter_c5: 0 < size(inputs) = size(updates) = N.
  if (inputs.empty() || inputs.size() != updates.size())
    return emitError() << "expects as many updates as inputs, and at least "
                          "one of each; got "
                       << inputs.size() << " inputs and " << updates.size()
                       << " updates (" << l(5) << ")";

  // scatter_c1: same(shape(inputs...)).
  for (RankedTensorType input : inputs.drop_front())
    if (!isCompatibleShape(input.getShape(), inputs[0].getShape()))
      return emitError() << "all inputs must have the same shape, got "
                         << inputs[0] << " and " << input << " (" << l(1)
                         << ")";

  // scatter_c3: same(shape(updates...)).
  for (RankedTensorType update : updates.drop_front())
    if (!isCompatibleShape(update.getShape(), updates[0].getShape()))
      return emitError() << "all updates must have the same shape, got "
                         << updates[0] << " and " << update << " (" << l(3)
                         << ")";

  // scatter_c6: element_type(updates...) = element_type(inputs...).
  for (auto [i, pair] : llvm::enumerate(llvm::zip(inputs, updates))) {
    auto [input, update] = pair;
    if (input.getElementType() != update.getElementType())
      return emitError() << "updates #" << i << " element type "
                         << update.getElementType()
                         << " must match inputs #" << i << " element type "
                         << input.getElementType() << " (" << l(6) << ")";
  }

  RankedTensorType input = inputs[0], update = updates[0];
  int64_t inputRank = input.getRank();
  int64_t updateRank = update.getRank();
  int64_t indicesRank = indices.getRank();
  int64_t ivd = dims.indexVectorDim;

  // scatter_c22: 0 <= index_vector_dim <= rank(scatter_indices).
  if (ivd < 0 || ivd > indicesRank)
    return emitError() << "index_vector_dim " << ivd
                       << " must be in range [0, " << indicesRank
                       << "] for scatter_indices of type " << indices << " ("
                       << l(22) << ")";

  // scatter_c2: rank(inputs[0]) = size(update_window_dims) +
  // size(inserted_window_dims) + size(input_batching_dims).
  int64_t dimCount = dims.updateWindowDims.size() +
                     dims.insertedWindowDims.size() +
                     dims.inputBatchingDims.size();
  if (dimCount != inputRank)
    return emitError() << "input rank " << inputRank
                       << " must equal size(update_window_dims) + "
                          "size(inserted_window_dims) + "
                          "size(input_batching_dims) = "
                       << dims.updateWindowDims.size() << " + "
                       << dims.insertedWindowDims.size() << " + "
                       << dims.inputBatchingDims.size() << " (" << l(2)
                       << ")";

  // scatter_c7: is_unique(update_window_dims), is_sorted(update_window_dims).
  if (failed(verifyDimsUnique(emitError, "update_window_dims",
                              dims.updateWindowDims, l(7))) ||
      failed(verifySorted(emitError, "update_window_dims",
                          dims.updateWindowDims, l(7))))
    return failure();

  // scatter_c8: 0 <= update_window_dims < rank(updates[0]).
  if (failed(verifyDimsInRange(emitError, "update_window_dims",
                               dims.updateWindowDims, updateRank, l(8))))
    return failure();

  // scatter_c9: is_unique(inserted_window_dims ++ input_batching_dims).
  if (failed(verifyDimsUnique(
          emitError, "inserted_window_dims ++ input_batching_dims",
          concat(dims.insertedWindowDims, dims.inputBatchingDims), l(9))))
    return failure();

  // scatter_c10: is_sorted(inserted_window_dims).
  if (failed(verifySorted(emitError, "inserted_window_dims",
                          dims.insertedWindowDims, l(10))))
    return failure();

  // scatter_c11: 0 <= inserted_window_dims < rank(inputs[0]).
  if (failed(verifyDimsInRange(emitError, "inserted_window_dims",
                               dims.insertedWindowDims, inputRank, l(11))))
    return failure();

  // scatter_c12: is_sorted(input_batching_dims).
  if (failed(verifySorted(emitError, "input_batching_dims",
                          dims.inputBatchingDims, l(12))))
    return failure();

  // scatter_c13: 0 <= input_batching_dims < rank(inputs[0]).
  if (failed(verifyDimsInRange(emitError, "input_batching_dims",
                               dims.inputBatchingDims, inputRank, l(13))))
    return failure();

  // scatter_c14: is_unique(scatter_indices_batching_dims).
  if (failed(verifyDimsUnique(emitError, "scatter_indices_batching_dims",
                              dims.scatterIndicesBatchingDims, l(14))))
    return failure();

  // scatter_c15: 0 <= scatter_indices_batching_dims < rank(scatter_indices).
  if (failed(verifyDimsInRange(emitError, "scatter_indices_batching_dims",
                               dims.scatterIndicesBatchingDims, indicesRank,
                               l(15))))
    return failure();

  // scatter_c16: index_vector_dim not in scatter_indices_batching_dims.
  if (contains(dims.scatterIndicesBatchingDims, ivd))
    return emitError() << "index_vector_dim " << ivd
                       << " must not be in scatter_indices_batching_dims "
                       << dimsToString(dims.scatterIndicesBatchingDims)
                       << " (" << l(16) << ")";

  // scatter_c17, scatter_c18: the batching dimensions pair up.
  if (failed(verifyBatchingDimSizes(
          emitError, input, "input_batching_dims", dims.inputBatchingDims,
          indices, "scatter_indices_batching_dims",
          dims.scatterIndicesBatchingDims, l(17), l(18))))
    return failure();

  // scatter_c19: size(scatter_dims_to_operand_dims) matches the index vector.
  if (failed(verifyIndexMapSize(emitError, "scatter_dims_to_operand_dims",
                                dims.scatterDimsToOperandDims, indices, ivd,
                                l(19))))
    return failure();

  // scatter_c20: is_unique(scatter_dims_to_operand_dims ++
  // input_batching_dims).
  if (failed(verifyDimsUnique(
          emitError, "scatter_dims_to_operand_dims ++ input_batching_dims",
          concat(dims.scatterDimsToOperandDims, dims.inputBatchingDims),
          l(20))))
    return failure();

  // scatter_c21: 0 <= scatter_dims_to_operand_dims < rank(inputs[0]).
  if (failed(verifyDimsInRange(emitError, "scatter_dims_to_operand_dims",
                               dims.scatterDimsToOperandDims, inputRank,
                               l(21))))
    return failure();

  // scatter_c4: shape(updates[0]) = combine(update_scatter_dim_sizes,
  // update_window_dim_sizes), where the window sizes are bounded by the
  // input dimensions that are neither inserted nor batching.
  SmallVector<int64_t> scatterSizes = withoutIndexVectorDim(indices, ivd);
  SmallVector<int64_t> windowBounds;
  for (auto [d, size] : llvm::enumerate(input.getShape()))
    if (!contains(dims.insertedWindowDims, d) &&
        !contains(dims.inputBatchingDims, d))
      windowBounds.push_back(size);
  int64_t expectedRank = scatterSizes.size() + dims.updateWindowDims.size();
  if (updateRank != expectedRank)
    return emitError() << "updates rank " << updateRank << " must equal "
                       << scatterSizes.size()
                       << " scatter dimensions of scatter_indices "
                       << dimsToString(indices.getShape()) << " plus "
                       << dims.updateWindowDims.size()
                       << " update_window_dims (" << l(4) << ")";
  auto scatterIt = scatterSizes.begin();
  auto windowIt = windowBounds.begin();
  for (int64_t d = 0; d < updateRank; ++d) {
    int64_t size = update.getDimSize(d);
    if (contains(dims.updateWindowDims, d)) {
      int64_t bound = *windowIt++;
      if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(bound) &&
          size > bound)
        return emitError() << "updates dimension " << d << " (size " << size
                           << ") is a window dimension and must not exceed "
                              "the matching input dimension (size "
                           << bound << ") (" << l(4) << ")";
    } else {
      int64_t expected = *scatterIt++;
      if (!isCompatibleDim(size, expected))
        return emitError() << "updates dimension " << d << " (size " << size
                           << ") is a scatter dimension and must match "
                              "scatter_indices shape "
                           << dimsToString(indices.getShape())
                           << " without index_vector_dim (size " << expected
                           << ") (" << l(4) << ")";
    }
  }
  return success();
}


FailureOr<SmallVector<RankedTensorType>>
inferScatterOp(EmitErrorFn emitError, ArrayRef<RankedTensorType> inputs,
               RankedTensorType indices, ArrayRef<RankedTensorType> updates,
               const ScatterDims &dims, TypeRange computationArgs,
               TypeRange computationResults) {
  if (failed(verifyScatterOperands(emitError, inputs, indices, updates, dims)))
    return failure();

  // scatter_c23: update_computation has type (tensor<E0>, ..., tensor<EN-1>,
  // tensor<E0>, ..., tensor<EN-1>) -> (tensor<E0>, ..., tensor<EN-1>) with
  // is_promotable(element_type(inputs[i]), Ei).
  size_t n = inputs.size();
  if (computationArgs.size() != 2 * n || computationResults.size() != n)
    return emitError() << "update_computation must take " << 2 * n
                       << " arguments and return " << n << " values, got "
                       << computationArgs.size() << " arguments and "
                       << computationResults.size() << " results (scatter_c23)";
  SmallVector<RankedTensorType> results;
  for (size_t i = 0; i < n; ++i) {
    auto arg = dyn_cast<RankedTensorType>(computationArgs[i]);
    if (!arg || arg.getRank() != 0)
      return emitError() << "update_computation argument #" << i
                         << " must be a 0-dimensional tensor, got "
                         << computationArgs[i] << " (scatter_c23)";
    if (computationArgs[n + i] != arg)
      return emitError() << "update_computation arguments #" << i << " and #"
                         << n + i << " must have the same type, got " << arg
                         << " and " << computationArgs[n + i]
                         << " (scatter_c23)";
    if (computationResults[i] != arg)
      return emitError() << "update_computation result #" << i << " has type "
                         << computationResults[i] << " but argument #" << i
                         << " has type " << arg << " (scatter_c23)";
    Type element = arg.getElementType();
    if (!isPromotableElementType(inputs[i].getElementType(), element))
      return emitError() << "inputs #" << i << " element type "
                         << inputs[i].getElementType()
                         << " cannot be promoted to the update_computation "
                            "element type "
                         << element << " (scatter_c23)";
    // scatter_c24, scatter_c25: results[i] has shape(inputs[i]) and element
    // type Ei.
    results.push_back(RankedTensorType::get(inputs[i].getShape(), element,
                                            inputs[i].getEncoding()));
  }
  return results;
}

} // namespace jx::stablehlo
