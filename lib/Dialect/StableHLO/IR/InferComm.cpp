//===- InferComm.cpp - shape functions of collectives and rng -------------===//

#include "jx/Dialect/StableHLO/IR/InferComm.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

namespace jx::stablehlo {

ProcessGrouping getCollectiveGrouping(int64_t channelId,
                                      bool useGlobalDeviceIds) {
  if (channelId <= 0)
    return ProcessGrouping::CrossReplica;
  return useGlobalDeviceIds ? ProcessGrouping::FlattenedIds
                            : ProcessGrouping::CrossReplicaAndPartition;
}

int64_t collectiveGroupSize(ProcessGrouping grouping,
                            DenseIntElementsAttr replicaGroups) {
  if (grouping != ProcessGrouping::CrossReplica &&
      grouping != ProcessGrouping::FlattenedIds)
    return ShapedType::kDynamic;
  if (!replicaGroups)
    return ShapedType::kDynamic;
  auto type = replicaGroups.getType();
  if (type.getRank() != 2 || type.getNumElements() == 0)
    return ShapedType::kDynamic;
  for (const APInt &id : replicaGroups.getValues<APInt>())
    if (id.getSExtValue() < 0)
      return ShapedType::kDynamic;
  return type.getDimSize(1);
}

LogicalResult verifyReplicaGroups(EmitErrorFn emitError,
                                  DenseIntElementsAttr groups,
                                  StringRef uniqueLabel, StringRef rangeLabel,
                                  bool checkUpperBound) {
  auto type = groups.getType();
  if (type.getRank() != 2)
    return emitError() << "replica_groups must be a 2-dimensional tensor, got "
                       << type;
  SmallVector<int64_t> ids;
  llvm::SmallDenseSet<int64_t, 16> seen;
  for (const APInt &value : groups.getValues<APInt>()) {
    int64_t id = value.getSExtValue();
    if (id == -1)
      continue; // padding of a group shorter than dim(replica_groups, 1)
    if (id < 0)
      return emitError() << "replica_groups value " << id
                         << " must be non-negative (or -1 as padding) ("
                         << rangeLabel << ")";
    if (!seen.insert(id).second)
      return emitError() << "replica_groups value " << id
                         << " appears more than once (" << uniqueLabel << ")";
    ids.push_back(id);
  }
  if (!checkUpperBound)
    return success();
  int64_t size = ids.size();
  for (int64_t id : ids)
    if (id >= size)
      return emitError() << "replica_groups value " << id
                         << " must be in range [0, " << size
                         << "), the number of ids in replica_groups ("
                         << rangeLabel << ")";
  return success();
}

LogicalResult verifySourceTargetPairs(EmitErrorFn emitError,
                                      DenseIntElementsAttr pairs,
                                      StringRef shapeLabel,
                                      StringRef sourceLabel,
                                      StringRef targetLabel,
                                      StringRef rangeLabel) {
  auto type = pairs.getType();
  if (type.getRank() != 2 || type.getDimSize(1) != 2)
    return emitError() << "source_target_pairs must have shape [N, 2], got "
                       << dimsToString(type.getShape()) << " (" << shapeLabel
                       << ")";
  llvm::SmallDenseSet<int64_t, 16> sources, targets;
  SmallVector<int64_t> values;
  for (const APInt &value : pairs.getValues<APInt>())
    values.push_back(value.getSExtValue());
  for (size_t i = 0; i + 1 < values.size(); i += 2) {
    int64_t source = values[i], target = values[i + 1];
    if (source < 0 || target < 0)
      return emitError() << "source_target_pairs entry [" << source << ", "
                         << target << "] must not be negative (" << rangeLabel
                         << ")";
    if (!sources.insert(source).second)
      return emitError() << "source " << source
                         << " appears more than once in source_target_pairs ("
                         << sourceLabel << ")";
    if (!targets.insert(target).second)
      return emitError() << "target " << target
                         << " appears more than once in source_target_pairs ("
                         << targetLabel << ")";
  }
  return success();
}


/// Checks `0 <= dim < rank(operand)` for the dimension attribute `name`.
static LogicalResult verifyDimAttr(EmitErrorFn emitError, StringRef name,
                                   int64_t dim, size_t operandIndex,
                                   RankedTensorType operand, StringRef label) {
  if (dim >= 0 && dim < operand.getRank())
    return success();
  return emitError() << name << " " << dim << " must be in range [0, "
                     << operand.getRank() << ") for operand #" << operandIndex
                     << " of type " << operand << " (" << label << ")";
}

/// `dim * factor`, dynamic if either is.
static int64_t scaleDim(int64_t dim, int64_t factor) {
  if (ShapedType::isDynamic(dim) || ShapedType::isDynamic(factor))
    return ShapedType::kDynamic;
  return dim * factor;
}

FailureOr<SmallVector<RankedTensorType>>
inferAllGatherOp(EmitErrorFn emitError, ArrayRef<RankedTensorType> operands,
                 int64_t allGatherDim, int64_t groupSize) {
  if (!ShapedType::isDynamic(groupSize) && groupSize <= 0)
    return emitError() << "process group size " << groupSize
                       << " must be positive (all_gather_c6)";
  SmallVector<RankedTensorType> results;
  for (auto [i, operand] : llvm::enumerate(operands)) {
    // all_gather_c1: 0 <= all_gather_dim < rank(operands...)
    if (failed(verifyDimAttr(emitError, "all_gather_dim", allGatherDim, i,
                             operand, "all_gather_c1")))
      return failure();
    // all_gather_c6: dim(results..., all_gather_dim) =
    //   dim(operands..., all_gather_dim) * dim(process_groups, 1)
    SmallVector<int64_t> shape(operand.getShape());
    shape[allGatherDim] = scaleDim(shape[allGatherDim], groupSize);
    results.push_back(RankedTensorType::get(shape, operand.getElementType(),
                                            operand.getEncoding()));
  }
  return results;
}

FailureOr<SmallVector<RankedTensorType>>
inferAllToAllOp(EmitErrorFn emitError, ArrayRef<RankedTensorType> operands,
                int64_t splitDimension, int64_t concatDimension,
                int64_t splitCount) {
  // all_to_all_c4: 0 < split_count
  if (splitCount <= 0)
    return emitError() << "split_count " << splitCount
                       << " must be positive (all_to_all_c4)";
  SmallVector<RankedTensorType> results;
  for (auto [i, operand] : llvm::enumerate(operands)) {
    // all_to_all_c1: 0 <= split_dimension < rank(operands...)
    if (failed(verifyDimAttr(emitError, "split_dimension", splitDimension, i,
                             operand, "all_to_all_c1")))
      return failure();
    // all_to_all_c3: 0 <= concat_dimension < rank(operands...)
    if (failed(verifyDimAttr(emitError, "concat_dimension", concatDimension,
                             i, operand, "all_to_all_c3")))
      return failure();
    SmallVector<int64_t> shape(operand.getShape());
    // all_to_all_c2: dim(operands..., split_dimension) % split_count = 0
    int64_t splitSize = shape[splitDimension];
    if (!ShapedType::isDynamic(splitSize) && splitSize % splitCount != 0)
      return emitError() << "dimension " << splitDimension << " of operand #"
                         << i << " has size " << splitSize
                         << ", which is not divisible by split_count "
                         << splitCount << " (all_to_all_c2)";
    // all_to_all_c9: the split dimension shrinks, the concat one grows.
    if (!ShapedType::isDynamic(splitSize))
      shape[splitDimension] = splitSize / splitCount;
    shape[concatDimension] = scaleDim(shape[concatDimension], splitCount);
    results.push_back(RankedTensorType::get(shape, operand.getElementType(),
                                            operand.getEncoding()));
  }
  return results;
}

FailureOr<RankedTensorType> inferReduceScatterOp(EmitErrorFn emitError,
                                                 RankedTensorType operand,
                                                 int64_t scatterDimension,
                                                 int64_t groupSize) {
  // reduce_scatter_c2: 0 <= scatter_dimension < rank(operand)
  if (failed(verifyDimAttr(emitError, "scatter_dimension", scatterDimension,
                           0, operand, "reduce_scatter_c2")))
    return failure();
  if (!ShapedType::isDynamic(groupSize) && groupSize <= 0)
    return emitError() << "process group size " << groupSize
                       << " must be positive (reduce_scatter_c1)";
  SmallVector<int64_t> shape(operand.getShape());
  int64_t size = shape[scatterDimension];
  // reduce_scatter_c1: dim(operand, scatter_dimension) % dim(process_groups,
  // 1) = 0
  if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(groupSize)) {
    if (size % groupSize != 0)
      return emitError() << "dimension " << scatterDimension
                         << " of the operand has size " << size
                         << ", which is not divisible by the process group "
                            "size "
                         << groupSize << " (reduce_scatter_c1)";
    shape[scatterDimension] = size / groupSize;
  } else {
    shape[scatterDimension] = ShapedType::kDynamic;
  }
  return RankedTensorType::get(shape, operand.getElementType(),
                               operand.getEncoding());
}

FailureOr<std::pair<RankedTensorType, RankedTensorType>>
inferRngBitGeneratorOp(EmitErrorFn emitError, RngAlgorithm algorithm,
                       RankedTensorType initialState,
                       ArrayRef<int64_t> outputShape, Type outputElementType) {
  // rng_bit_generator_c2: size(initial_state) depends on rng_algorithm.
  if (initialState.getRank() != 1)
    return emitError() << "initial_state must be a 1-dimensional tensor, got "
                       << initialState << " (rng_bit_generator_c2)";
  int64_t size = initialState.getDimSize(0);
  if (!ShapedType::isDynamic(size)) {
    if (algorithm == RngAlgorithm::THREE_FRY && size != 2)
      return emitError() << "initial_state of THREE_FRY must have 2 elements, "
                            "got "
                         << size << " (rng_bit_generator_c2)";
    if (algorithm == RngAlgorithm::PHILOX && size != 2 && size != 3)
      return emitError() << "initial_state of PHILOX must have 2 or 3 "
                            "elements, got "
                         << size << " (rng_bit_generator_c2)";
  }
  // rng_bit_generator_c1: type(initial_state) = type(output_state)
  return std::make_pair(initialState,
                        RankedTensorType::get(outputShape, outputElementType));
}

} // namespace jx::stablehlo
