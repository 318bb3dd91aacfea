//===- StableHLOMiscOps.td - stablehlo Misc ops ---*- tablegen -*-===//

#ifndef JX_STABLEHLO_MISC_OPS
#define JX_STABLEHLO_MISC_OPS

include "jx/Dialect/StableHLO/IR/StableHLOAttrs.td"

#endif
