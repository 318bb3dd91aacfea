//===- StableHLORngQuantOps.td - stablehlo RngQuant ops ---*- tablegen -*-===//

#ifndef JX_STABLEHLO_RNGQUANT_OPS
#define JX_STABLEHLO_RNGQUANT_OPS

include "jx/Dialect/StableHLO/IR/StableHLOAttrs.td"

#endif
