//===- InferComm.h - shape functions of collectives and rng -----*- C++ -*-===//
//
// Written once, used by the ops' verifiers and by the C++ frontend when it
// traces a collective (psum, all_gather, all_to_all, psum_scatter, ...) or a
// random bit generator. The number of processes in a group is an input here:
// the frontend knows it from the mesh axis, a verifier only in some process
// grouping modes (see collectiveGroupSize) and otherwise passes
// ShapedType::kDynamic, which leaves the dimension it scales dynamic.
//
//===----------------------------------------------------------------------===//

#ifndef JX_DIALECT_STABLEHLO_IR_INFERCOMM_H
#define JX_DIALECT_STABLEHLO_IR_INFERCOMM_H

#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"
#include "jx/Dialect/StableHLO/IR/TypeUtils.h"

#include "llvm/ADT/SmallVector.h"

#include <utility>

namespace jx::stablehlo {

/// The spec's process grouping strategies (section "Process groups").
enum class ProcessGrouping {
  CrossReplica,
  CrossPartition,
  CrossReplicaAndPartition,
  FlattenedIds,
};

/// Grouping of all_gather, all_reduce and reduce_scatter:
/// channel_id <= 0 -> cross_replica, else use_global_device_ids ?
/// flattened_ids : cross_replica_and_partition.
ProcessGrouping getCollectiveGrouping(int64_t channelId,
                                      bool useGlobalDeviceIds);

/// dim(process_groups, 1) when it follows from replica_groups alone: in
/// cross_replica and flattened_ids mode with non-empty groups and no `-1`
/// padding. ShapedType::kDynamic otherwise (it then depends on the number of
/// replicas or partitions, which the module does not record).
int64_t collectiveGroupSize(ProcessGrouping grouping,
                            mlir::DenseIntElementsAttr replicaGroups);

/// Checks `replica_groups`: a 2-dimensional tensor whose values are unique
/// (`uniqueLabel`) and each either -1 (padding of a shorter group) or in
/// [0, N) (`rangeLabel`) where N is the number of ids. Without
/// `checkUpperBound` (N is then a process count unknown statically) only
/// negative ids are rejected.
mlir::LogicalResult verifyReplicaGroups(EmitErrorFn emitError,
                                        mlir::DenseIntElementsAttr groups,
                                        llvm::StringRef uniqueLabel,
                                        llvm::StringRef rangeLabel,
                                        bool checkUpperBound = true);

/// Checks `source_target_pairs` of collective_permute (and send/recv):
/// shape [N, 2] (`shapeLabel`), unique sources (`sourceLabel`), unique
/// targets (`targetLabel`), no negative id (`rangeLabel`; the upper bound,
/// the number of processes, is not known statically).
mlir::LogicalResult verifySourceTargetPairs(
    EmitErrorFn emitError, mlir::DenseIntElementsAttr pairs,
    llvm::StringRef shapeLabel, llvm::StringRef sourceLabel,
    llvm::StringRef targetLabel, llvm::StringRef rangeLabel);


/// Result types of all_gather: each operand with its `allGatherDim`
/// dimension multiplied by `groupSize` (all_gather_c1, all_gather_c6).
mlir::FailureOr<llvm::SmallVector<mlir::RankedTensorType>>
inferAllGatherOp(EmitErrorFn emitError,
                 llvm::ArrayRef<mlir::RankedTensorType> operands,
                 int64_t allGatherDim, int64_t groupSize);

/// Result types of all_to_all: each operand with `splitDimension` divided
/// and `concatDimension` multiplied by `splitCount` (all_to_all_c1..c4, c9).
mlir::FailureOr<llvm::SmallVector<mlir::RankedTensorType>>
inferAllToAllOp(EmitErrorFn emitError,
                llvm::ArrayRef<mlir::RankedTensorType> operands,
                int64_t splitDimension, int64_t concatDimension,
                int64_t splitCount);

/// Result type of reduce_scatter: the operand with `scatterDimension`
/// divided by `groupSize` (reduce_scatter_c1, _c2, _c8). The element type is
/// the operand's; with a promoting computation the caller replaces it.
mlir::FailureOr<mlir::RankedTensorType>
inferReduceScatterOp(EmitErrorFn emitError, mlir::RankedTensorType operand,
                     int64_t scatterDimension, int64_t groupSize);

/// Result types (output_state, output) of rng_bit_generator: output_state
/// has the type of `initialState` (rng_bit_generator_c1), whose size suits
/// `algorithm` (rng_bit_generator_c2); output is `outputShape` of
/// `outputElementType`.
mlir::FailureOr<std::pair<mlir::RankedTensorType, mlir::RankedTensorType>>
inferRngBitGeneratorOp(EmitErrorFn emitError, RngAlgorithm algorithm,
                       mlir::RankedTensorType initialState,
                       llvm::ArrayRef<int64_t> outputShape,
                       mlir::Type outputElementType);

} // namespace jx::stablehlo

#endif // JX_DIALECT_STABLEHLO_IR_INFERCOMM_H
