//===- InferControlFlow.h - shape functions of control flow ops -*- C++ -*-===//
//
// Result types of while, if and case, computed from their regions, shared
// by the ops' verifiers and the C++ frontend (which builds the regions
// first, then asks for the op's result types).
//
//===----------------------------------------------------------------------===//

#ifndef JX_DIALECT_STABLEHLO_IR_INFERCONTROLFLOW_H
#define JX_DIALECT_STABLEHLO_IR_INFERCONTROLFLOW_H

#include "jx/Dialect/StableHLO/IR/TypeUtils.h"

#include "mlir/IR/Region.h"

namespace jx::stablehlo {

/// The types returned by the terminator of the single block of `region`;
/// reports "<what> must have one block ending in a terminator" otherwise.
mlir::FailureOr<mlir::TypeRange>
getRegionReturnTypes(EmitErrorFn emitError, mlir::Region &region,
                     llvm::StringRef what);

/// Checks the regions of a while op against its operand types (while_c1:
/// `cond` is (T...) -> tensor<i1>; while_c2: `body` is (T...) -> (T...)) and
/// returns the result types, the operand types (while_c3).
mlir::FailureOr<llvm::SmallVector<mlir::Type>>
inferWhileOp(EmitErrorFn emitError, mlir::TypeRange operands,
             mlir::Region &cond, mlir::Region &body);

/// Checks the branches of an if (if_c1: no inputs, if_c2: the same output
/// types) and returns the result types, the true branch's outputs (if_c3).
mlir::FailureOr<llvm::SmallVector<mlir::Type>>
inferIfOp(EmitErrorFn emitError, mlir::Type pred, mlir::Region &trueBranch,
          mlir::Region &falseBranch);

/// Checks the branches of a case (case_c1: at least one, case_c2: no inputs,
/// case_c3: the same output types) and returns the result types, the first
/// branch's outputs (case_c4).
mlir::FailureOr<llvm::SmallVector<mlir::Type>>
inferCaseOp(EmitErrorFn emitError, mlir::Type index,
            llvm::MutableArrayRef<mlir::Region> branches);

/// Prints `(T0, T1)` for error messages.
std::string typesToString(mlir::TypeRange types);

} // namespace jx::stablehlo

#endif // JX_DIALECT_STABLEHLO_IR_INFERCONTROLFLOW_H
