//===- InferIndexing.h - shape functions of gather and scatter -*- C++ -*-===//
//
// Written once, used by the ops' verifiers and by the C++ frontend when it
// traces a gather or scatter primitive. Each check cites the spec's label
// (gather_c1 ... gather_c23, scatter_c1 ... scatter_c25).
//
//===----------------------------------------------------------------------===//

#ifndef JX_DIALECT_STABLEHLO_IR_INFERINDEXING_H
#define JX_DIALECT_STABLEHLO_IR_INFERINDEXING_H

#include "jx/Dialect/StableHLO/IR/TypeUtils.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallVector.h"

namespace jx::stablehlo {

class GatherDimensionNumbersAttr;

/// The dimension numbers of gather, independent of the attribute that
/// stores them (#stablehlo.gather<...>).
struct GatherDims {
  llvm::ArrayRef<int64_t> offsetDims;
  llvm::ArrayRef<int64_t> collapsedSliceDims;
  llvm::ArrayRef<int64_t> operandBatchingDims;
  llvm::ArrayRef<int64_t> startIndicesBatchingDims;
  llvm::ArrayRef<int64_t> startIndexMap;
  int64_t indexVectorDim = 0;
};

/// The fields of a #stablehlo.gather attribute (gather and dynamic_gather).
GatherDims toGatherDims(GatherDimensionNumbersAttr attr);

/// The dimension numbers of scatter (#stablehlo.scatter<...>).
struct ScatterDims {
  llvm::ArrayRef<int64_t> updateWindowDims;
  llvm::ArrayRef<int64_t> insertedWindowDims;
  llvm::ArrayRef<int64_t> inputBatchingDims;
  llvm::ArrayRef<int64_t> scatterIndicesBatchingDims;
  llvm::ArrayRef<int64_t> scatterDimsToOperandDims;
  int64_t indexVectorDim = 0;
};

/// Result type of gather (gather_c1 ... gather_c22; the element type is the
/// operand's, gather_c23). `sliceSizes` may hold ShapedType::kDynamic for a
/// size that is not known (dynamic_gather with a non-constant operand); the
/// matching result dimension is then dynamic. `opName` prefixes the labels
/// ("gather" or "dynamic_gather").
mlir::FailureOr<mlir::RankedTensorType>
inferGatherOp(EmitErrorFn emitError, llvm::StringRef opName,
              mlir::RankedTensorType operand,
              mlir::RankedTensorType startIndices, const GatherDims &dims,
              llvm::ArrayRef<int64_t> sliceSizes);

/// Checks the operands and dimension numbers of scatter
/// (scatter_c1 ... scatter_c22), without the update computation.
mlir::LogicalResult
verifyScatterOperands(EmitErrorFn emitError,
                      llvm::ArrayRef<mlir::RankedTensorType> inputs,
                      mlir::RankedTensorType scatterIndices,
                      llvm::ArrayRef<mlir::RankedTensorType> updates,
                      const ScatterDims &dims);

/// Result types of scatter: checks the operands (verifyScatterOperands),
/// then the update computation's type `(tensor<E0>, ..., tensor<EN-1>,
/// tensor<E0>, ..., tensor<EN-1>) -> (tensor<E0>, ..., tensor<EN-1>)`
/// given by its argument and returned types (scatter_c23), and returns
/// shape(inputs[i]) with element type Ei (scatter_c24, scatter_c25).
mlir::FailureOr<llvm::SmallVector<mlir::RankedTensorType>>
inferScatterOp(EmitErrorFn emitError,
               llvm::ArrayRef<mlir::RankedTensorType> inputs,
               mlir::RankedTensorType scatterIndices,
               llvm::ArrayRef<mlir::RankedTensorType> updates,
               const ScatterDims &dims, mlir::TypeRange computationArgs,
               mlir::TypeRange computationResults);


} // namespace jx::stablehlo

#endif // JX_DIALECT_STABLEHLO_IR_INFERINDEXING_H
