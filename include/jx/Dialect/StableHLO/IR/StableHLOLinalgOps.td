//===- StableHLOLinalgOps.td - stablehlo Linalg ops ---*- tablegen -*-===//

#ifndef JX_STABLEHLO_LINALG_OPS
#define JX_STABLEHLO_LINALG_OPS

include "jx/Dialect/StableHLO/IR/StableHLOAttrs.td"

#endif
