//===- ControlFlowOps.cpp - control flow ops ------------------------------===//

#include "jx/Dialect/StableHLO/IR/AssemblyFormat.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"
#include "jx/Dialect/StableHLO/IR/TypeUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace jx::stablehlo;

#define GET_OP_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLOControlFlowOps.cpp.inc"
