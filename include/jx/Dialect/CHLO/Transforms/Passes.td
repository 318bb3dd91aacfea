//===- Passes.td - chlo passes ----------------------------*- tablegen -*-===//

#ifndef JX_CHLO_PASSES
#define JX_CHLO_PASSES

include "mlir/Pass/PassBase.td"

def ChloLegalizeToStablehloPass : Pass<"chlo-legalize-to-stablehlo"> {
  let summary = "Decompose every chlo op into stablehlo ops";
  let description = [{
    Rewrites each chlo op into stablehlo: special functions as polynomial,
    rational or series approximations accurate for the element type (f16 and
    bf16 are computed in f32), broadcasting ops as broadcast_in_dim followed
    by the elementwise op, top_k as sort and slice. Fails, naming the op,
    when a chlo op is left that cannot be decomposed.
  }];
  let dependentDialects = ["::jx::stablehlo::StableHLODialect"];
}

#endif // JX_CHLO_PASSES
