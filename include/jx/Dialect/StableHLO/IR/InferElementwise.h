//===- InferElementwise.h - shape functions of elementwise ops -*- C++ -*-===//
//
// Written once, used by the ops' verifiers and by the C++ frontend when it
// traces an elementwise primitive.
//
//===----------------------------------------------------------------------===//

#ifndef JX_DIALECT_STABLEHLO_IR_INFERELEMENTWISE_H
#define JX_DIALECT_STABLEHLO_IR_INFERELEMENTWISE_H

#include "jx/Dialect/StableHLO/IR/TypeUtils.h"

namespace jx::stablehlo {

/// Result type of a binary elementwise op on `lhs` and `rhs`
/// (`<op>_c1`: baseline_type(lhs) = baseline_type(rhs)). The result takes
/// the more static of each dimension.
mlir::FailureOr<mlir::RankedTensorType>
inferBinaryElementwiseOp(EmitErrorFn emitError, llvm::StringRef opName,
                         mlir::RankedTensorType lhs, mlir::RankedTensorType rhs);

/// Result type of compare: the operands' shape with i1 elements
/// (compare_c1, compare_c2).
mlir::FailureOr<mlir::RankedTensorType>
inferCompareOp(EmitErrorFn emitError, mlir::RankedTensorType lhs,
               mlir::RankedTensorType rhs);

/// Result type of select (select_c1, select_c2).
mlir::FailureOr<mlir::RankedTensorType>
inferSelectOp(EmitErrorFn emitError, mlir::RankedTensorType pred,
              mlir::RankedTensorType onTrue, mlir::RankedTensorType onFalse);

/// Result type of clamp (clamp_c1, clamp_c2).
mlir::FailureOr<mlir::RankedTensorType>
inferClampOp(EmitErrorFn emitError, mlir::RankedTensorType min,
             mlir::RankedTensorType operand, mlir::RankedTensorType max);

/// Checks the result of bitcast_convert (bitcast_convert_c1, _c2).
mlir::LogicalResult verifyBitcastConvert(EmitErrorFn emitError,
                                         mlir::RankedTensorType operand,
                                         mlir::RankedTensorType result);

} // namespace jx::stablehlo

#endif // JX_DIALECT_STABLEHLO_IR_INFERELEMENTWISE_H
