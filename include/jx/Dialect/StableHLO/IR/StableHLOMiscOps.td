//===- StableHLOMiscOps.td - stablehlo Misc ops ---*- tablegen -*-===//
//
// custom_call and composite: ops whose meaning lives outside the op set (a
// backend target, or a decomposition function). Verifiers and syntax are in
// MiscOps.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef JX_STABLEHLO_MISC_OPS
#define JX_STABLEHLO_MISC_OPS

include "jx/Dialect/StableHLO/IR/StableHLOAttrs.td"
include "mlir/IR/SymbolInterfaces.td"

// What a custom_call or composite may take and produce.
def HLO_CustomCallValue : AnyTypeOf<[HLO_Tensor, StableHLO_Token, HLO_Tuple]>;

// operand_layouts / result_layouts: one minor-to-major layout per value,
// `dense<[1, 0]> : tensor<2xindex>`.
// called_computations = [@a, @b].
def HLO_FlatSymbolRefArrayAttr : TypedArrayAttrBase<FlatSymbolRefAttr,
    "array of flat symbol references"> {
  let constBuilderCall = "$_builder.getArrayAttr($0)";
}

def HLO_LayoutArrayAttr : TypedArrayAttrBase<IndexElementsAttr,
    "array of layouts">;

def StableHLO_CustomCallOp : StableHLO_Op<"custom_call",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
     DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "custom_call: calls an implementation-defined target";
  let description = [{
    `stablehlo.custom_call @target(%a, %b) {backend_config = "", ...}
    : (tensor<f32>, tensor<f32>) -> tensor<f32>`. `backend_config` is a
    string or (with api_version = 4, typed FFI) a dictionary. Only a call
    with `has_side_effect = true` reads and writes memory; others may be
    moved, merged or removed like pure ops.
  }];
  let arguments = (ins
    Variadic<HLO_CustomCallValue>:$inputs,
    StrAttr:$call_target_name,
    DefaultValuedOptionalAttr<BoolAttr, "false">:$has_side_effect,
    OptionalAttr<AnyAttrOf<[StrAttr, DictionaryAttr]>>:$backend_config,
    DefaultValuedOptionalAttr<StableHLO_CustomCallApiVersionAttr,
        "::jx::stablehlo::CustomCallApiVersion::API_VERSION_ORIGINAL">:$api_version,
    DefaultValuedOptionalAttr<HLO_FlatSymbolRefArrayAttr, "{}">:$called_computations,
    OptionalAttr<HLO_LayoutArrayAttr>:$operand_layouts,
    OptionalAttr<HLO_LayoutArrayAttr>:$result_layouts,
    DefaultValuedOptionalAttr<StableHLO_ArrayOfOutputOperandAlias, "{}">:$output_operand_aliases);
  let results = (outs Variadic<HLO_CustomCallValue>:$results);
  let assemblyFormat = [{
    custom<CustomCallTarget>($call_target_name) `(` $inputs `)` attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_CompositeOp : StableHLO_Op<"composite",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "composite: a named op with a decomposition function";
  let description = [{
    `stablehlo.composite "ns.name" %a, %b {composite_attributes = {...},
    decomposition = @impl, version = 1 : i32} : (...) -> ...`. The
    decomposition is looked up in the enclosing symbol tables and must have
    the op's type.
  }];
  let arguments = (ins
    Variadic<HLO_CustomCallValue>:$inputs,
    StrAttr:$name,
    DefaultValuedOptionalAttr<DictionaryAttr, "{}">:$composite_attributes,
    FlatSymbolRefAttr:$decomposition,
    DefaultValuedOptionalAttr<I32Attr, "0">:$version);
  let results = (outs Variadic<HLO_CustomCallValue>:$results);
  let assemblyFormat = [{
    $name ($inputs^)? attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // JX_STABLEHLO_MISC_OPS
