//===- StableHLOOpsRegistration.cpp - register every op family ------------===//
//
// Each family's generated op list is added here; the families' hooks
// (verifiers, parsers, shape inference) live in <Family>Ops.cpp.
//
//===----------------------------------------------------------------------===//

#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

using namespace mlir;
using namespace jx::stablehlo;

void StableHLODialect::registerOps() {
  addOperations<
#define GET_OP_LIST
#include "jx/Dialect/StableHLO/IR/StableHLOElementwiseOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "jx/Dialect/StableHLO/IR/StableHLOShapeOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "jx/Dialect/StableHLO/IR/StableHLOControlFlowOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "jx/Dialect/StableHLO/IR/StableHLOReductionOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "jx/Dialect/StableHLO/IR/StableHLOIndexingOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "jx/Dialect/StableHLO/IR/StableHLOMiscOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "jx/Dialect/StableHLO/IR/StableHLOLinalgOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "jx/Dialect/StableHLO/IR/StableHLOCommOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "jx/Dialect/StableHLO/IR/StableHLORngQuantOps.cpp.inc"
      >();
}
