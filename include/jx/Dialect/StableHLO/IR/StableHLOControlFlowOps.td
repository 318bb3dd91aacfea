//===- StableHLOControlFlowOps.td - stablehlo ControlFlow ops ---*- tablegen -*-===//

#ifndef JX_STABLEHLO_CONTROLFLOW_OPS
#define JX_STABLEHLO_CONTROLFLOW_OPS

include "jx/Dialect/StableHLO/IR/StableHLOAttrs.td"

#endif
