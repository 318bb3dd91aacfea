//===- CHLOOps.h - the chlo dialect ---------------------------*- C++ -*-===//
//
// Include this header to use the chlo dialect: it declares the dialect, its
// enums, the ragged_dot attribute and every op.
//
//===----------------------------------------------------------------------===//

#ifndef JX_DIALECT_CHLO_IR_CHLOOPS_H
#define JX_DIALECT_CHLO_IR_CHLOOPS_H

#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"
#include "jx/Dialect/StableHLO/IR/TypeUtils.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "jx/Dialect/CHLO/IR/CHLOEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "jx/Dialect/CHLO/IR/CHLOAttrs.h.inc"

#include "jx/Dialect/CHLO/IR/CHLODialect.h.inc"

#define GET_OP_CLASSES
#include "jx/Dialect/CHLO/IR/CHLOOps.h.inc"

namespace jx::chlo {

/// The shape of numpy-style broadcasting of `lhs` and `rhs`, or with
/// `broadcastDims`, the shape when the lower-rank operand's dimension i maps
/// to dimension broadcastDims[i] of the higher-rank one. Fails with a message
/// through `emitError` when the shapes do not broadcast.
mlir::FailureOr<llvm::SmallVector<int64_t>>
inferBroadcastShape(jx::stablehlo::EmitErrorFn emitError,
                    llvm::ArrayRef<int64_t> lhs, llvm::ArrayRef<int64_t> rhs,
                    std::optional<llvm::ArrayRef<int64_t>> broadcastDims);

} // namespace jx::chlo

#endif // JX_DIALECT_CHLO_IR_CHLOOPS_H
