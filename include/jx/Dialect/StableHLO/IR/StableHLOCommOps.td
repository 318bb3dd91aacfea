//===- StableHLOCommOps.td - stablehlo Comm ops ---*- tablegen -*-===//

#ifndef JX_STABLEHLO_COMM_OPS
#define JX_STABLEHLO_COMM_OPS

include "jx/Dialect/StableHLO/IR/StableHLOAttrs.td"

#endif
