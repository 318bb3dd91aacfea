//===- StableHLOControlFlowOps.td - control flow ops -----*- tablegen -*-===//
//
// Region terminators and the structured control flow of the spec.
//
//===----------------------------------------------------------------------===//

#ifndef JX_STABLEHLO_CONTROLFLOW_OPS
#define JX_STABLEHLO_CONTROLFLOW_OPS

include "jx/Dialect/StableHLO/IR/StableHLOAttrs.td"

def StableHLO_ReturnOp : StableHLO_Op<"return", [Pure, Terminator, ReturnLike]> {
  let summary = "return: terminates the region of a stablehlo op";
  let arguments = (ins Variadic<HLO_TensorOrTokenOrTuple>:$results);
  let assemblyFormat = "$results attr-dict (`:` type($results)^)?";
}

#endif // JX_STABLEHLO_CONTROLFLOW_OPS
