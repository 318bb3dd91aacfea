//===- CHLOOps.td - the chlo dialect ----------------------*- tablegen -*-===//
//
// `chlo` ("client HLO") is the set of ops that JAX and other frontends emit
// next to stablehlo and that have no direct stablehlo counterpart: special
// functions (erf, lgamma, ...), the inverse trigonometric and hyperbolic
// functions, numpy-style broadcasting binary ops, top_k, ragged_dot, scan.
// Every op is decomposed into stablehlo by --chlo-legalize-to-stablehlo.
//
// Syntax follows what JAX prints today:
//   %0 = chlo.acosh %x : tensor<4xf32> -> tensor<4xf32>
//   %1 = chlo.next_after %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
//   %2 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1>}
//          : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
//   %v, %i = chlo.top_k(%x, k = 2) : tensor<5x3xf16> -> (tensor<5x2xf16>, tensor<5x2xi32>)
//
//===----------------------------------------------------------------------===//

#ifndef JX_CHLO_OPS
#define JX_CHLO_OPS

include "jx/Dialect/StableHLO/IR/StableHLOBase.td"
include "mlir/IR/OpAsmInterface.td"

def Chlo_Dialect : Dialect {
  let name = "chlo";
  let cppNamespace = "::jx::chlo";
  let summary = "client HLO: ops frontends emit that decompose into stablehlo";
  let dependentDialects = ["::jx::stablehlo::StableHLODialect"];
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
  }];
}

class CHLO_Op<string mnemonic, list<Trait> traits = []>
    : Op<Chlo_Dialect, mnemonic, !listconcat(traits,
                                             [HLO_BoundedTensorSizes])>;

//===----------------------------------------------------------------------===//
// Enums and attributes
//===----------------------------------------------------------------------===//

class CHLO_Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::jx::chlo";
}

def CHLO_ComparisonDirection : CHLO_Enum<"ComparisonDirection",
    "comparison direction", [
  I32EnumAttrCase<"EQ", 0>, I32EnumAttrCase<"NE", 1>, I32EnumAttrCase<"GE", 2>,
  I32EnumAttrCase<"GT", 3>, I32EnumAttrCase<"LE", 4>, I32EnumAttrCase<"LT", 5>]>;
def CHLO_ComparisonDirectionAttr : EnumAttr<Chlo_Dialect,
    CHLO_ComparisonDirection, "comparison_direction">;

def CHLO_ComparisonType : CHLO_Enum<"ComparisonType", "comparison type", [
  I32EnumAttrCase<"NOTYPE", 0>, I32EnumAttrCase<"FLOAT", 1>,
  I32EnumAttrCase<"TOTALORDER", 2>, I32EnumAttrCase<"SIGNED", 3>,
  I32EnumAttrCase<"UNSIGNED", 4>]>;
def CHLO_ComparisonTypeAttr : EnumAttr<Chlo_Dialect, CHLO_ComparisonType,
    "comparison_type">;

def CHLO_Precision : CHLO_Enum<"Precision", "precision", [
  I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGH", 1>,
  I32EnumAttrCase<"HIGHEST", 2>]>;
def CHLO_PrecisionAttr : EnumAttr<Chlo_Dialect, CHLO_Precision, "precision">;
def CHLO_PrecisionConfigAttr : TypedArrayAttrBase<CHLO_PrecisionAttr,
    "precision config">;

def CHLO_RaggedDotDimensionNumbers
    : AttrDef<Chlo_Dialect, "RaggedDotDimensionNumbers"> {
  let mnemonic = "ragged_dot";
  let summary = "dimension numbers of ragged_dot";
  let parameters = (ins
    OptionalArrayRefParameter<"int64_t">:$lhsBatchingDimensions,
    OptionalArrayRefParameter<"int64_t">:$rhsBatchingDimensions,
    OptionalArrayRefParameter<"int64_t">:$lhsContractingDimensions,
    OptionalArrayRefParameter<"int64_t">:$rhsContractingDimensions,
    OptionalArrayRefParameter<"int64_t">:$lhsRaggedDimensions,
    OptionalArrayRefParameter<"int64_t">:$rhsGroupDimensions);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Unary elementwise ops: `chlo.op %x : T -> T`
//===----------------------------------------------------------------------===//

class CHLO_UnaryOp<string mnemonic, Type operandType, Type resultType,
                   string desc, string resultTypeBuilder = "type">
    : CHLO_Op<mnemonic, [Pure]> {
  let summary = desc;
  let arguments = (ins operandType:$operand);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` type($operand) `->` type($result)
  }];
  let builders = [OpBuilder<(ins "::mlir::Value":$operand), [{
    auto type = ::llvm::cast<::mlir::RankedTensorType>(operand.getType());
    build($_builder, $_state, }] # resultTypeBuilder # [{, operand);
  }]>];
  let hasVerifier = 1;
}

class CHLO_SameTypeUnaryOp<string mnemonic, Type type, string desc>
    : CHLO_UnaryOp<mnemonic, type, type, desc>;

def CHLO_AcosOp : CHLO_SameTypeUnaryOp<"acos", HLO_FpOrComplexTensor, "arc cosine">;
def CHLO_AcoshOp : CHLO_SameTypeUnaryOp<"acosh", HLO_FpOrComplexTensor, "inverse hyperbolic cosine">;
def CHLO_AsinOp : CHLO_SameTypeUnaryOp<"asin", HLO_FpOrComplexTensor, "arc sine">;
def CHLO_AsinhOp : CHLO_SameTypeUnaryOp<"asinh", HLO_FpOrComplexTensor, "inverse hyperbolic sine">;
def CHLO_AtanOp : CHLO_SameTypeUnaryOp<"atan", HLO_FpOrComplexTensor, "arc tangent">;
def CHLO_AtanhOp : CHLO_SameTypeUnaryOp<"atanh", HLO_FpOrComplexTensor, "inverse hyperbolic tangent">;
def CHLO_BesselI1eOp : CHLO_SameTypeUnaryOp<"bessel_i1e", HLO_FpTensor,
    "exponentially scaled modified Bessel function of the first kind, order 1">;
def CHLO_ConjOp : CHLO_SameTypeUnaryOp<"conj", HLO_FpOrComplexTensor, "complex conjugate">;
def CHLO_CoshOp : CHLO_SameTypeUnaryOp<"cosh", HLO_FpOrComplexTensor, "hyperbolic cosine">;
def CHLO_SinhOp : CHLO_SameTypeUnaryOp<"sinh", HLO_FpOrComplexTensor, "hyperbolic sine">;
def CHLO_TanOp : CHLO_SameTypeUnaryOp<"tan", HLO_FpOrComplexTensor, "tangent">;
def CHLO_DigammaOp : CHLO_SameTypeUnaryOp<"digamma", HLO_FpTensor,
    "digamma: the logarithmic derivative of the gamma function">;
def CHLO_ErfOp : CHLO_SameTypeUnaryOp<"erf", HLO_FpTensor, "error function">;
def CHLO_ErfcOp : CHLO_SameTypeUnaryOp<"erfc", HLO_FpTensor, "complementary error function">;
def CHLO_ErfInvOp : CHLO_SameTypeUnaryOp<"erf_inv", HLO_FpTensor, "inverse error function">;
def CHLO_LgammaOp : CHLO_SameTypeUnaryOp<"lgamma", HLO_FpTensor,
    "natural logarithm of the absolute value of the gamma function">;
def CHLO_SquareOp : CHLO_SameTypeUnaryOp<"square", HLO_IntFpOrComplexTensor, "x * x">;

defvar PredBuilder = "type.clone($_builder.getI1Type())";
def CHLO_IsInfOp : CHLO_UnaryOp<"is_inf", HLO_FpTensor, HLO_PredTensor,
    "true where the operand is +inf or -inf", PredBuilder>;
def CHLO_IsNegInfOp : CHLO_UnaryOp<"is_neg_inf", HLO_FpTensor, HLO_PredTensor,
    "true where the operand is -inf", PredBuilder>;
def CHLO_IsPosInfOp : CHLO_UnaryOp<"is_pos_inf", HLO_FpTensor, HLO_PredTensor,
    "true where the operand is +inf", PredBuilder>;

//===----------------------------------------------------------------------===//
// Binary elementwise ops on equal shapes: `chlo.op %a, %b : T, T -> T`
//===----------------------------------------------------------------------===//

class CHLO_BinaryOp<string mnemonic, Type type, string lhsName, string rhsName,
                    string desc>
    : CHLO_Op<mnemonic, [Pure]> {
  let summary = desc;
  let arguments = (ins type:$lhs, type:$rhs);
  let results = (outs type:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
  let builders = [OpBuilder<(ins "::mlir::Value":$lhs, "::mlir::Value":$rhs), [{
    build($_builder, $_state, lhs.getType(), lhs, rhs);
  }]>];
  let description = "Operands: " # lhsName # ", " # rhsName # ".";
  let hasVerifier = 1;
}

def CHLO_NextAfterOp : CHLO_BinaryOp<"next_after", HLO_FpTensor, "x", "y",
    "next representable value after x in the direction of y">;
def CHLO_PolygammaOp : CHLO_BinaryOp<"polygamma", HLO_FpTensor, "n", "x",
    "polygamma function of order n at x">;
def CHLO_ZetaOp : CHLO_BinaryOp<"zeta", HLO_FpTensor, "x", "q",
    "Hurwitz zeta function zeta(x, q)">;
def CHLO_MulhiOp : CHLO_BinaryOp<"mulhi", HLO_IntTensor, "lhs", "rhs",
    "high half of the double-width integer product">;

//===----------------------------------------------------------------------===//
// Broadcasting binary ops:
//   `chlo.broadcast_op %a, %b {broadcast_dimensions = ...} : (A, B) -> R`
// Without broadcast_dimensions, shapes broadcast numpy-style (trailing
// dimensions aligned, size-1 dimensions stretched). With it, the operand of
// lower rank maps its dimension i to result dimension broadcast_dimensions[i].
//===----------------------------------------------------------------------===//

class CHLO_BroadcastBinaryOp<string mnemonic, Type operandType,
                             Type resultType, list<Trait> traits = []>
    : CHLO_Op<mnemonic, !listconcat([Pure], traits)> {
  let summary = mnemonic # " with implicit broadcasting";
  let arguments = (ins operandType:$lhs, operandType:$rhs,
      OptionalAttr<DenseI64ArrayAttr>:$broadcast_dimensions);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` `(` type($lhs) `,` type($rhs) `)` `->` type($result)
  }];
  let hasVerifier = 1;
}

class CHLO_BroadcastSameTypeOp<string mnemonic, Type type,
                               list<Trait> traits = []>
    : CHLO_BroadcastBinaryOp<mnemonic, type, type, traits>;

def CHLO_BroadcastAddOp : CHLO_BroadcastSameTypeOp<"broadcast_add", HLO_Tensor, [Commutative]>;
def CHLO_BroadcastAtan2Op : CHLO_BroadcastSameTypeOp<"broadcast_atan2", HLO_FpComplexOrQuantTensor>;
def CHLO_BroadcastDivOp : CHLO_BroadcastSameTypeOp<"broadcast_divide",
    RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex, HLO_Quant]>>;
def CHLO_BroadcastMaxOp : CHLO_BroadcastSameTypeOp<"broadcast_maximum", HLO_Tensor, [Commutative]>;
def CHLO_BroadcastMinOp : CHLO_BroadcastSameTypeOp<"broadcast_minimum", HLO_Tensor, [Commutative]>;
def CHLO_BroadcastMulOp : CHLO_BroadcastSameTypeOp<"broadcast_multiply", HLO_Tensor, [Commutative]>;
def CHLO_BroadcastNextAfterOp : CHLO_BroadcastSameTypeOp<"broadcast_next_after", HLO_FpTensor>;
def CHLO_BroadcastPolygammaOp : CHLO_BroadcastSameTypeOp<"broadcast_polygamma", HLO_FpTensor>;
def CHLO_BroadcastPowOp : CHLO_BroadcastSameTypeOp<"broadcast_power",
    RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex, HLO_Quant]>>;
def CHLO_BroadcastRemOp : CHLO_BroadcastSameTypeOp<"broadcast_remainder",
    RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex, HLO_Quant]>>;
def CHLO_BroadcastShiftLeftOp : CHLO_BroadcastSameTypeOp<"broadcast_shift_left", HLO_IntTensor>;
def CHLO_BroadcastShiftRightArithmeticOp
    : CHLO_BroadcastSameTypeOp<"broadcast_shift_right_arithmetic", HLO_IntTensor>;
def CHLO_BroadcastShiftRightLogicalOp
    : CHLO_BroadcastSameTypeOp<"broadcast_shift_right_logical", HLO_IntTensor>;
def CHLO_BroadcastSubOp : CHLO_BroadcastSameTypeOp<"broadcast_subtract",
    RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex, HLO_Quant]>>;
def CHLO_BroadcastZetaOp : CHLO_BroadcastSameTypeOp<"broadcast_zeta", HLO_FpTensor>;
def CHLO_BroadcastAndOp : CHLO_BroadcastSameTypeOp<"broadcast_and", HLO_PredOrIntTensor, [Commutative]>;
def CHLO_BroadcastOrOp : CHLO_BroadcastSameTypeOp<"broadcast_or", HLO_PredOrIntTensor, [Commutative]>;
def CHLO_BroadcastXorOp : CHLO_BroadcastSameTypeOp<"broadcast_xor", HLO_PredOrIntTensor, [Commutative]>;

def CHLO_BroadcastComplexOp : CHLO_BroadcastBinaryOp<"broadcast_complex",
    HLO_FpTensor, HLO_ComplexTensor>;

def CHLO_BroadcastCompareOp : CHLO_Op<"broadcast_compare", [Pure]> {
  let summary = "compare with implicit broadcasting";
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
      OptionalAttr<DenseI64ArrayAttr>:$broadcast_dimensions,
      CHLO_ComparisonDirectionAttr:$comparison_direction,
      OptionalAttr<CHLO_ComparisonTypeAttr>:$compare_type);
  let results = (outs HLO_PredTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` `(` type($lhs) `,` type($rhs) `)` `->` type($result)
  }];
  let hasVerifier = 1;
}

def CHLO_BroadcastSelectOp : CHLO_Op<"broadcast_select", [Pure]> {
  let summary = "select with implicit numpy-style broadcasting";
  let arguments = (ins HLO_PredTensor:$pred, HLO_Tensor:$on_true,
                       HLO_Tensor:$on_false);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $pred `,` $on_true `,` $on_false attr-dict `:`
      `(` type($pred) `,` type($on_true) `,` type($on_false) `)` `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

def CHLO_ConstantOp : CHLO_Op<"constant", [ConstantLike, Pure,
    AllTypesMatch<["value", "output"]>]> {
  let summary = "constant (decomposes to stablehlo.constant)";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs HLO_Tensor:$output);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
}

def CHLO_ConstantLikeOp : CHLO_Op<"constant_like", [Pure]> {
  let summary = "a splat constant shaped like its operand";
  let description = [{
    `"chlo.constant_like"(%x) {value = 1.0 : f32} : (tensor<2x?xf32>) -> tensor<2x?xf32>`:
    the result has the operand's shape and every element equals `value`,
    whose type is the result's element type.
  }];
  let arguments = (ins TypedAttrInterface:$value, HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// top_k, ragged_dot, scan
//===----------------------------------------------------------------------===//

def CHLO_TopKOp : CHLO_Op<"top_k", [Pure,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "the k largest entries of the last dimension and their indices";
  let description = [{
    Along the last dimension, `values` holds the `k` largest entries in
    descending order (a stable order: equal entries keep their order) and
    `indices` their positions, as i32.
  }];
  let arguments = (ins HLO_Tensor:$operand, I64Attr:$k);
  let results = (outs HLO_Tensor:$values, HLO_IntTensor:$indices);
  let assemblyFormat = [{
    `(` $operand `,` `k` `=` $k `)` attr-dict `:`
      type($operand) `->` `(` type($values) `,` type($indices) `)`
  }];
  let hasVerifier = 1;
}

def CHLO_RaggedDotOp : CHLO_Op<"ragged_dot", [Pure]> {
  let summary = "dot_general whose lhs ragged dimension is split into groups";
  let description = [{
    `group_sizes` splits the lhs ragged dimension into consecutive groups.
    Ragged non-contracting dimension (one rhs group dimension): rows of group
    g are multiplied by rhs[g]. Ragged contracting dimension: the result gets
    a leading group dimension, group g contracting only its own slice.
    Ragged batch dimension: an ordinary batched dot.
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
      HLO_IntTensor:$group_sizes,
      CHLO_RaggedDotDimensionNumbers:$ragged_dot_dimension_numbers,
      OptionalAttr<CHLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

def CHLO_ScanOp : CHLO_Op<"scan", [RecursiveMemoryEffects,
    AttrSizedOperandSegments]> {
  let summary = "sequential scan along one dimension with carried state";
  let description = [{
    The body takes one slice of every input (the scan dimension removed) and
    the carries, and returns one slice of every output and the new carries.
    Results: the outputs stacked along `dimension`, then the final carries.
    With `is_reverse`, the scan runs from the last index to the first.
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
      Variadic<HLO_Tensor>:$inits, I64Attr:$dimension,
      OptionalAttr<BoolAttr>:$is_reverse,
      OptionalAttr<BoolAttr>:$is_associative,
      OptionalAttr<I64Attr>:$scan_dim_size);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The first results: the outputs stacked along the scan dimension.
    ::mlir::ResultRange getOutputs() {
      return getResults().drop_back(getInits().size());
    }
    /// The last results: the final carries.
    ::mlir::ResultRange getCarries() {
      return getResults().take_back(getInits().size());
    }
  }];
}

#endif // JX_CHLO_OPS
