//===- StableHLOControlFlowOps.td - control flow ops -----*- tablegen -*-===//
//
// Region terminators and the structured control flow of the spec: while,
// if, case and optimization_barrier. Verifiers and syntax live in
// ControlFlowOps.cpp; the shape rules in InferControlFlow.h.
//
//===----------------------------------------------------------------------===//

#ifndef JX_STABLEHLO_CONTROLFLOW_OPS
#define JX_STABLEHLO_CONTROLFLOW_OPS

include "jx/Dialect/StableHLO/IR/StableHLOAttrs.td"
include "mlir/IR/OpAsmInterface.td"

// `return` is return-like, but says itself which operands flow where: the
// `cond` region of a while returns only the loop predicate, which is not
// forwarded to any successor (see ReturnOp::getMutableSuccessorOperands).
def StableHLO_ReturnOp : StableHLO_Op<"return", [Pure, Terminator,
    NativeOpTrait<"ReturnLike">,
    DeclareOpInterfaceMethods<RegionBranchTerminatorOpInterface,
                              ["getMutableSuccessorOperands"]>]> {
  let summary = "return: terminates the region of a stablehlo op";
  let arguments = (ins Variadic<HLO_TensorOrTokenOrTuple>:$results);
  let assemblyFormat = "$results attr-dict (`:` type($results)^)?";
}

// Ops whose regions run under the control of the op. `areTypesCompatible`
// compares types modulo dynamism, as the spec does.
class HLO_RegionBranchOp<string mnemonic, list<Trait> traits = []>
    : StableHLO_Op<mnemonic, !listconcat([RecursiveMemoryEffects,
        DeclareOpInterfaceMethods<RegionBranchOpInterface,
                                  ["areTypesCompatible"]>], traits)>;

def StableHLO_WhileOp : StableHLO_Op<"while", [RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<RegionBranchOpInterface,
        ["getEntrySuccessorOperands", "areTypesCompatible"]>,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>]> {
  let summary = "while: runs `body` while `cond` returns true";
  let arguments = (ins Variadic<HLO_TensorOrTokenOrTuple>:$operand);
  let results = (outs Variadic<HLO_TensorOrTokenOrTuple>);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  // stablehlo.while(%iterArg = %a, %iterArg_0 = %b) : tensor<i32>, tensor<f32>
  //  cond { ... } do { ... }
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

// if and case print in the generic form, as upstream tools do.
def StableHLO_IfOp : HLO_RegionBranchOp<"if"> {
  let summary = "if: runs exactly one of two branches";
  let arguments = (ins HLO_PredTensor:$pred);
  let results = (outs Variadic<HLO_TensorOrTokenOrTuple>);
  let regions = (region SizedRegion<1>:$true_branch,
                        SizedRegion<1>:$false_branch);
  let hasVerifier = 1;
}

def StableHLO_CaseOp : HLO_RegionBranchOp<"case"> {
  let summary = "case: runs the branch selected by `index` (the last one "
                "when out of range)";
  let arguments = (ins RankedTensorOf<[I32]>:$index);
  let results = (outs Variadic<HLO_TensorOrTokenOrTuple>);
  let regions = (region VariadicRegion<SizedRegion<1>>:$branches);
  let hasVerifier = 1;
}

def StableHLO_OptimizationBarrierOp : StableHLO_Op<"optimization_barrier",
    [Pure]> {
  let summary = "optimization_barrier: returns its operands unchanged; "
                "no computation moves across it";
  let arguments = (ins Variadic<HLO_TensorOrTokenOrTuple>:$operand);
  let results = (outs Variadic<HLO_TensorOrTokenOrTuple>:$result);
  // `stablehlo.optimization_barrier %a, %b : tensor<f32>, tensor<f32>`;
  // without operands `stablehlo.optimization_barrier()`.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

#endif // JX_STABLEHLO_CONTROLFLOW_OPS
