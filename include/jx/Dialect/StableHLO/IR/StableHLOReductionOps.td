//===- StableHLOReductionOps.td - stablehlo Reduction ops ---*- tablegen -*-===//

#ifndef JX_STABLEHLO_REDUCTION_OPS
#define JX_STABLEHLO_REDUCTION_OPS

include "jx/Dialect/StableHLO/IR/StableHLOAttrs.td"

#endif
