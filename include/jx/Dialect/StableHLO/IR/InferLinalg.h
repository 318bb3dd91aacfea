//===- InferLinalg.h - shape functions of the linalg ops -------*- C++ -*-===//
//
// Result types of dot_general, convolution / dynamic_conv, fft, the
// batch_norm ops, triangular_solve and cholesky. Written once, used by the
// ops' verifiers and by the C++ frontend when it traces these primitives.
// Each function checks the constraints of the spec that do not involve the
// result and cites their labels; the verifiers then compare the result.
//
//===----------------------------------------------------------------------===//

#ifndef JX_DIALECT_STABLEHLO_IR_INFERLINALG_H
#define JX_DIALECT_STABLEHLO_IR_INFERLINALG_H

#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"
#include "jx/Dialect/StableHLO/IR/TypeUtils.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <utility>

namespace jx::stablehlo {

//===----------------------------------------------------------------------===//
// dot_general
//===----------------------------------------------------------------------===//

/// Result type of dot_general (checks dot_general_c1..c10 and the element
/// type rules c13..c20, quantized ones included): shape
/// `dim(lhs, lhs_batching) + dim(lhs, lhs_result) + dim(rhs, rhs_result)`
/// (dot_general_c12). Its element type is `resultElementType`, or the lhs
/// element type when that is null (the spec lets the result element type
/// differ, e.g. i8 x i8 -> i32).
mlir::FailureOr<mlir::RankedTensorType>
inferDotGeneralOp(EmitErrorFn emitError, mlir::RankedTensorType lhs,
                  mlir::RankedTensorType rhs,
                  llvm::ArrayRef<int64_t> lhsBatchingDims,
                  llvm::ArrayRef<int64_t> rhsBatchingDims,
                  llvm::ArrayRef<int64_t> lhsContractingDims,
                  llvm::ArrayRef<int64_t> rhsContractingDims,
                  mlir::Type resultElementType = {});

//===----------------------------------------------------------------------===//
// convolution / dynamic_conv
//===----------------------------------------------------------------------===//

/// The window and layout of a convolution. Absent optionals take the spec's
/// defaults (strides and dilations 1, padding 0, no reversal).
struct ConvolutionConfig {
  std::optional<llvm::ArrayRef<int64_t>> windowStrides;
  /// (low, high) padding of each spatial dimension.
  std::optional<llvm::ArrayRef<std::pair<int64_t, int64_t>>> padding;
  /// dynamic_conv: the padding is an operand, unknown here; the spatial
  /// dimensions of the result are then dynamic.
  bool paddingIsDynamic = false;
  std::optional<llvm::ArrayRef<int64_t>> lhsDilation;
  std::optional<llvm::ArrayRef<int64_t>> rhsDilation;
  std::optional<llvm::ArrayRef<bool>> windowReversal;
  ConvDimensionNumbersAttr dimensionNumbers;
  int64_t featureGroupCount = 1;
  int64_t batchGroupCount = 1;
};

/// Result type of convolution (`opName` is "convolution" or "dynamic_conv",
/// which prefixes the labels): checks <op>_c1..c23 and the element type
/// rules c27..c34, and computes the shape of <op>_c25. The element type is
/// `resultElementType`, or the lhs element type when that is null. c27 is
/// relaxed to element_type(lhs) = element_type(rhs): integer convolutions
/// may widen their result (i8 x i8 -> i32), as conformance programs do.
mlir::FailureOr<mlir::RankedTensorType>
inferConvolutionOp(EmitErrorFn emitError, llvm::StringRef opName,
                   mlir::RankedTensorType lhs, mlir::RankedTensorType rhs,
                   const ConvolutionConfig &config,
                   mlir::Type resultElementType = {});

//===----------------------------------------------------------------------===//
// fft
//===----------------------------------------------------------------------===//

/// Result type of fft (fft_c1..c5).
mlir::FailureOr<mlir::RankedTensorType>
inferFftOp(EmitErrorFn emitError, mlir::RankedTensorType operand,
           FftType fftType, llvm::ArrayRef<int64_t> fftLength);

//===----------------------------------------------------------------------===//
// batch_norm_*
//===----------------------------------------------------------------------===//

/// Result types (output, batch_mean, batch_var) of batch_norm_training
/// (batch_norm_training_c1..c4).
mlir::FailureOr<llvm::SmallVector<mlir::RankedTensorType, 3>>
inferBatchNormTrainingOp(EmitErrorFn emitError, mlir::RankedTensorType operand,
                         mlir::RankedTensorType scale,
                         mlir::RankedTensorType offset, int64_t featureIndex);

/// Result type of batch_norm_inference (batch_norm_inference_c1..c6).
mlir::FailureOr<mlir::RankedTensorType>
inferBatchNormInferenceOp(EmitErrorFn emitError, mlir::RankedTensorType operand,
                          mlir::RankedTensorType scale,
                          mlir::RankedTensorType offset,
                          mlir::RankedTensorType mean,
                          mlir::RankedTensorType variance,
                          int64_t featureIndex);

/// Result types (grad_operand, grad_scale, grad_offset) of batch_norm_grad
/// (batch_norm_grad_c1..c5).
mlir::FailureOr<llvm::SmallVector<mlir::RankedTensorType, 3>>
inferBatchNormGradOp(EmitErrorFn emitError, mlir::RankedTensorType operand,
                     mlir::RankedTensorType scale, mlir::RankedTensorType mean,
                     mlir::RankedTensorType variance,
                     mlir::RankedTensorType gradOutput, int64_t featureIndex);

//===----------------------------------------------------------------------===//
// triangular_solve, cholesky
//===----------------------------------------------------------------------===//

/// Result type of triangular_solve: the type of `b` (triangular_solve_c1..c3).
mlir::FailureOr<mlir::RankedTensorType>
inferTriangularSolveOp(EmitErrorFn emitError, mlir::RankedTensorType a,
                       mlir::RankedTensorType b, bool leftSide);

/// Result type of cholesky: the type of `a` (cholesky_c2, cholesky_c3).
mlir::FailureOr<mlir::RankedTensorType>
inferCholeskyOp(EmitErrorFn emitError, mlir::RankedTensorType a);

} // namespace jx::stablehlo

#endif // JX_DIALECT_STABLEHLO_IR_INFERLINALG_H
