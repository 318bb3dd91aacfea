//===- SdyOps.td - a minimal sdy (Shardy) dialect -----------*- tablegen -*-===//
//
// Enough of Shardy's `sdy` dialect for jx to accept and preserve what JAX
// attaches to the modules it exports: meshes, shardings on arguments and
// results, sharding constraints and manual computations. jx does not
// propagate shardings; it keeps them.
//
// Meshes are parsed into a structured attribute (axes and device ids). Every
// other sdy attribute keeps the text of its body and prints it back; see
// SdyDialect.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef JX_SDY_OPS
#define JX_SDY_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Sdy_Dialect : Dialect {
  let name = "sdy";
  let cppNamespace = "::jx::sdy";
  let summary = "Shardy sharding annotations (the part jx keeps)";
  let description = [{
    Meshes, sharding attributes and the ops that carry them, parsed and
    printed back so modules from JAX survive a jx-opt round trip.
  }];
  let useDefaultAttributePrinterParser = 0;
  let extraClassDeclaration = [{
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;
  }];
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

class Sdy_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Sdy_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

// `#sdy.mesh<["x"=2, "y"=4]>`, `#sdy.mesh<["x"=2], device_ids=[1, 0]>`,
// `#sdy.mesh<[]>`, `#sdy.mesh<[], device_ids=[3]>`.
def Sdy_MeshAttr : Sdy_Attr<"Mesh", "mesh"> {
  let summary = "A named-axis device mesh";
  let parameters = (ins
    OptionalArrayRefParameter<"::mlir::StringAttr">:$axisNames,
    OptionalArrayRefParameter<"int64_t">:$axisSizes,
    OptionalArrayRefParameter<"int64_t">:$deviceIds);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Number of devices: the product of the axis sizes (1 for no axes).
    int64_t getTotalSize() const;
  }];
}

// An sdy attribute kept as text: `body` is everything after the mnemonic,
// e.g. `<@mesh, [{"x"}, {}]>` for `#sdy.sharding<@mesh, [{"x"}, {}]>`.
class Sdy_TextAttr<string name, string attrMnemonic>
    : Sdy_Attr<name, attrMnemonic> {
  let parameters = (ins StringRefParameter<"attribute body text">:$body);
  let hasCustomAssemblyFormat = 1;
}

def Sdy_TensorShardingAttr : Sdy_TextAttr<"TensorSharding", "sharding"> {
  let summary = "The sharding of one tensor (kept as text)";
}
def Sdy_TensorShardingPerValueAttr
    : Sdy_TextAttr<"TensorShardingPerValue", "sharding_per_value"> {
  let summary = "The shardings of several values (kept as text)";
}
def Sdy_ManualAxesAttr : Sdy_TextAttr<"ManualAxes", "manual_axes"> {
  let summary = "Mesh axes a manual computation is manual on (kept as text)";
}

// Any other sdy attribute (`#sdy.op_sharding_rule<...>`, ...): its mnemonic
// and body, as text.
def Sdy_UnknownAttr : Sdy_Attr<"Unknown", "unknown"> {
  let summary = "An sdy attribute jx does not model (kept as text)";
  let parameters = (ins StringRefParameter<"mnemonic">:$name,
                        StringRefParameter<"attribute body text">:$body);
  // Prints `<name><body>`; parses a keyword and one bracketed group.
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

class Sdy_Op<string mnemonic, list<Trait> traits = []>
    : Op<Sdy_Dialect, mnemonic, traits>;

def Sdy_MeshOp : Sdy_Op<"mesh", [Symbol, HasParent<"::mlir::ModuleOp">]> {
  let summary = "Declares a named mesh";
  let description = [{
    `sdy.mesh @mesh = <["x"=2, "y"=4]>` names a mesh that shardings refer to
    as `@mesh`.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, Sdy_MeshAttr:$mesh);
  let assemblyFormat = "$sym_name `=` $mesh attr-dict";
}

class Sdy_ShardingOp<string mnemonic> : Sdy_Op<mnemonic,
    [Pure, AllTypesMatch<["input", "result"]>]> {
  let arguments = (ins AnyRankedTensor:$input, Sdy_TensorShardingAttr:$sharding);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input $sharding attr-dict `:` type($result)";
}

def Sdy_ShardingConstraintOp : Sdy_ShardingOp<"sharding_constraint"> {
  let summary = "Asks for a sharding of an intermediate tensor";
}

def Sdy_ReshardOp : Sdy_ShardingOp<"reshard"> {
  let summary = "Reshards a tensor to the given sharding";
}

def Sdy_ReturnOp : Sdy_Op<"return", [Pure, ReturnLike, Terminator,
    HasParent<"ManualComputationOp">]> {
  let summary = "Terminates an sdy region";
  let arguments = (ins Variadic<AnyType>:$results);
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
}

def Sdy_ManualComputationOp : Sdy_Op<"manual_computation", [
    RecursiveMemoryEffects,
    IsolatedFromAbove]> {
  let summary = "A region run per device on local shards (shard_map)";
  let description = [{
    Runs its body on each device's local shard of the operands, e.g.
    `sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a"} ]>]
    out_shardings=[<@mesh, [{"a"} ]>] manual_axes={"a"} (%arg1: tensor<4xf32>)
    { sdy.return %arg1 : tensor<4xf32> } : (tensor<8xf32>) -> tensor<8xf32>`
    (in_shardings and out_shardings are sharding_per_value bodies).
  }];
  let arguments = (ins Variadic<AnyType>:$tensors,
      Sdy_TensorShardingPerValueAttr:$in_shardings,
      Sdy_TensorShardingPerValueAttr:$out_shardings,
      Sdy_ManualAxesAttr:$manual_axes);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
}

#endif // JX_SDY_OPS
