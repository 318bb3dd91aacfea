//===- StableHLOReductionOps.td - stablehlo Reduction ops ---*- tablegen -*-===//
//
// Ops that apply a function given as a region: reduce, reduce_window,
// select_and_scatter, sort and map. Verifiers and the pretty syntax of
// reduce live in ReductionOps.cpp; the shape rules in InferReduction.h.
// All but reduce print in the generic form, as upstream tools do.
//
//===----------------------------------------------------------------------===//

#ifndef JX_STABLEHLO_REDUCTION_OPS
#define JX_STABLEHLO_REDUCTION_OPS

include "jx/Dialect/StableHLO/IR/StableHLOAttrs.td"

def StableHLO_ReduceOp : StableHLO_Op<"reduce",
    [RecursiveMemoryEffects, SameVariadicOperandSize]> {
  let summary = "reduce: applies `body` along `dimensions`";
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       Variadic<HLO_Tensor>:$init_values,
                       DenseI64ArrayAttr:$dimensions);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$body);
  // Compact: `stablehlo.reduce(%x init: %c) applies stablehlo.add
  //   across dimensions = [1] : (...) -> ...`
  // Full:    `stablehlo.reduce(%a init: %c0), (%b init: %c1)
  //   across dimensions = [0] : (...) -> (...)
  //   reducer(%a0: T0, %b0: T0) (%a1: T1, %b1: T1) { ... }`
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def StableHLO_ReduceWindowOp : StableHLO_Op<"reduce_window",
    [RecursiveMemoryEffects, SameVariadicOperandSize]> {
  let summary = "reduce_window: applies `body` to windows of `inputs`";
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       Variadic<HLO_Tensor>:$init_values,
                       DenseI64ArrayAttr:$window_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<DenseI64ArrayAttr>:$base_dilations,
                       OptionalAttr<DenseI64ArrayAttr>:$window_dilations,
                       OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$body);
  let hasVerifier = 1;
}

def StableHLO_SelectAndScatterOp : StableHLO_Op<"select_and_scatter",
    [RecursiveMemoryEffects]> {
  let summary = "select_and_scatter: scatters `source` to the elements "
                "that `select` picks in each window of `operand`";
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$source,
                       HLO_Tensor:$init_value,
                       OptionalAttr<DenseI64ArrayAttr>:$window_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs HLO_Tensor);
  let regions = (region SizedRegion<1>:$select, SizedRegion<1>:$scatter);
  let hasVerifier = 1;
}

def StableHLO_SortOp : StableHLO_Op<"sort", [RecursiveMemoryEffects]> {
  let summary = "sort: sorts `inputs` together along `dimension` by "
                "`comparator`";
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       DefaultValuedOptionalAttr<I64Attr, "-1">:$dimension,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$is_stable);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$comparator);
  let hasVerifier = 1;
}

def StableHLO_MapOp : StableHLO_Op<"map", [RecursiveMemoryEffects]> {
  let summary = "map: applies `computation` elementwise to `inputs`";
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       DenseI64ArrayAttr:$dimensions);
  let results = (outs HLO_Tensor);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
}

#endif // JX_STABLEHLO_REDUCTION_OPS
