//===- StableHLOOps.h - the stablehlo dialect, all op families --*- C++ -*-===//
//
// Include this header to use the stablehlo dialect: it declares the dialect,
// its token type, enums, attributes and the ops of every family.
//
//===----------------------------------------------------------------------===//

#ifndef JX_DIALECT_STABLEHLO_IR_STABLEHLOOPS_H
#define JX_DIALECT_STABLEHLO_IR_STABLEHLOOPS_H

#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "jx/Dialect/StableHLO/IR/TypeUtils.h"

namespace jx::stablehlo {
/// True for the quantized element types of the spec (!quant.uniform...).
bool isQuantizedElementType(mlir::Type type);
} // namespace jx::stablehlo

#include "jx/Dialect/StableHLO/IR/StableHLOEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLOTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLOAttrs.h.inc"

#include "jx/Dialect/StableHLO/IR/StableHLODialect.h.inc"

#define GET_OP_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLOElementwiseOps.h.inc"
#define GET_OP_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLOShapeOps.h.inc"
#define GET_OP_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLOControlFlowOps.h.inc"
#define GET_OP_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLOReductionOps.h.inc"
#define GET_OP_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLOIndexingOps.h.inc"
#define GET_OP_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLOMiscOps.h.inc"
#define GET_OP_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLOLinalgOps.h.inc"
#define GET_OP_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLOCommOps.h.inc"
#define GET_OP_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLORngQuantOps.h.inc"

#endif // JX_DIALECT_STABLEHLO_IR_STABLEHLOOPS_H
