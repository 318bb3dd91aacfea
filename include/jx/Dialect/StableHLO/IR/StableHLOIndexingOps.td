//===- StableHLOIndexingOps.td - stablehlo Indexing ops ---*- tablegen -*-===//
//
// gather, dynamic_gather and scatter. Upstream tools print these ops in the
// generic form (`"stablehlo.gather"(%op, %idx) <{dimension_numbers = ...}>`),
// so they have no custom syntax: the generic parser reads both the
// `<{...}>` properties and the older `{...}` attribute dictionary spelling.
// Verifiers are in IndexingOps.cpp; the shape rules, shared with the
// frontend, in InferIndexing.h.
//
//===----------------------------------------------------------------------===//

#ifndef JX_STABLEHLO_INDEXING_OPS
#define JX_STABLEHLO_INDEXING_OPS

include "jx/Dialect/StableHLO/IR/StableHLOAttrs.td"

def StableHLO_GatherOp : StableHLO_Op<"gather", [Pure]> {
  let summary = "gather: collects slices of operand at start_indices";
  let arguments = (ins
    HLO_Tensor:$operand,
    HLO_IntTensor:$start_indices,
    StableHLO_GatherDimensionNumbers:$dimension_numbers,
    DenseI64ArrayAttr:$slice_sizes,
    DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

def StableHLO_DynamicGatherOp : StableHLO_Op<"dynamic_gather", [Pure]> {
  let summary = "dynamic_gather: gather whose slice sizes are an operand";
  let arguments = (ins
    HLO_Tensor:$operand,
    HLO_IntTensor:$start_indices,
    HLO_DimensionTensor:$slice_sizes,
    StableHLO_GatherDimensionNumbers:$dimension_numbers,
    DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

def StableHLO_ScatterOp : StableHLO_Op<"scatter",
    [RecursiveMemoryEffects, SameVariadicOperandSize]> {
  let summary = "scatter: combines updates into slices of inputs";
  let description = [{
    N inputs, one scatter_indices tensor and N updates; the update
    computation takes 2N scalars (the current values, then the updates) and
    returns N.
  }];
  let arguments = (ins
    Variadic<HLO_Tensor>:$inputs,
    HLO_IntTensor:$scatter_indices,
    Variadic<HLO_Tensor>:$updates,
    StableHLO_ScatterDimensionNumbers:$scatter_dimension_numbers,
    DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted,
    DefaultValuedOptionalAttr<BoolAttr, "false">:$unique_indices);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let regions = (region SizedRegion<1>:$update_computation);
  let hasVerifier = 1;
}

#endif // JX_STABLEHLO_INDEXING_OPS
