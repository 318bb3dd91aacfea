//===- StableHLOIndexingOps.td - stablehlo Indexing ops ---*- tablegen -*-===//

#ifndef JX_STABLEHLO_INDEXING_OPS
#define JX_STABLEHLO_INDEXING_OPS

include "jx/Dialect/StableHLO/IR/StableHLOAttrs.td"

#endif
