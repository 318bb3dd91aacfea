//===- StableHLOElementwiseOps.td - elementwise ops -----*- tablegen -*-===//
//
// Unary, binary and ternary elementwise ops, compare and the conversions.
// Each verifier is `verify<Kind>Elementwise(op, "<op>")` in
// ElementwiseOps.cpp, which cites the spec's constraint labels.
//
//===----------------------------------------------------------------------===//

#ifndef JX_STABLEHLO_ELEMENTWISE_OPS
#define JX_STABLEHLO_ELEMENTWISE_OPS

include "jx/Dialect/StableHLO/IR/StableHLOAttrs.td"

// Ops whose spec asks `baseline_type(operand) = baseline_type(result)`.
class HLO_UnaryOp<string mnemonic, Type operandType, list<Trait> traits = []>
    : StableHLO_Op<mnemonic, !listconcat([Pure], traits)> {
  let summary = mnemonic # " (elementwise)";
  let arguments = (ins operandType:$operand);
  let results = (outs operandType:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let builders = [OpBuilder<(ins "::mlir::Value":$operand), [{
    build($_builder, $_state, operand.getType(), operand);
  }]>];
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      return verifyUnaryElementwise(*this, getOperation()->getName()
          .stripDialect(), /*sameElementType=*/true);
    }
  }];
  let hasVerifier = 1;
}

// Transcendental ops carry an optional requested result accuracy.
class HLO_UnaryAccuracyOp<string mnemonic, Type operandType>
    : HLO_UnaryOp<mnemonic, operandType> {
  let arguments = (ins operandType:$operand,
      OptionalAttr<StableHLO_ResultAccuracy>:$result_accuracy);
  let builders = [OpBuilder<(ins "::mlir::Value":$operand), [{
    build($_builder, $_state, operand.getType(), operand, nullptr);
  }]>];
}

// Ops whose result element type differs from the operand's: abs, real, imag
// map complex<T> to T; is_finite produces i1.
class HLO_UnaryConvertingOp<string mnemonic, Type operandType, Type resultType>
    : StableHLO_Op<mnemonic, [Pure]> {
  let summary = mnemonic # " (elementwise)";
  let arguments = (ins operandType:$operand);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_AbsOp : HLO_UnaryConvertingOp<"abs",
    RankedTensorOf<[HLO_SInt, HLO_Float, HLO_Complex, HLO_Quant]>,
    RankedTensorOf<[HLO_SInt, HLO_Float, HLO_Quant]>>;
def StableHLO_RealOp : HLO_UnaryConvertingOp<"real", HLO_FpOrComplexTensor, HLO_FpTensor>;
def StableHLO_ImagOp : HLO_UnaryConvertingOp<"imag", HLO_FpOrComplexTensor, HLO_FpTensor>;
def StableHLO_IsFiniteOp : HLO_UnaryConvertingOp<"is_finite", HLO_FpTensor, HLO_PredTensor> {
  let assemblyFormat = [{
    $x attr-dict `:` functional-type(operands, results)
  }];
  let arguments = (ins HLO_FpTensor:$x);
  let results = (outs HLO_PredTensor:$y);
}

def StableHLO_CbrtOp : HLO_UnaryAccuracyOp<"cbrt", HLO_FpComplexOrQuantTensor>;
def StableHLO_CeilOp : HLO_UnaryOp<"ceil", RankedTensorOf<[HLO_Float, HLO_Quant]>>;
def StableHLO_ClzOp : HLO_UnaryOp<"count_leading_zeros", HLO_IntTensor>;
def StableHLO_CosineOp : HLO_UnaryAccuracyOp<"cosine", HLO_FpComplexOrQuantTensor>;
def StableHLO_ExpOp : HLO_UnaryAccuracyOp<"exponential", HLO_FpComplexOrQuantTensor>;
def StableHLO_Expm1Op : HLO_UnaryAccuracyOp<"exponential_minus_one", HLO_FpComplexOrQuantTensor>;
def StableHLO_FloorOp : HLO_UnaryOp<"floor", RankedTensorOf<[HLO_Float, HLO_Quant]>>;
def StableHLO_LogOp : HLO_UnaryAccuracyOp<"log", HLO_FpComplexOrQuantTensor>;
def StableHLO_Log1pOp : HLO_UnaryAccuracyOp<"log_plus_one", HLO_FpComplexOrQuantTensor>;
def StableHLO_LogisticOp : HLO_UnaryAccuracyOp<"logistic", HLO_FpComplexOrQuantTensor>;
def StableHLO_NotOp : HLO_UnaryOp<"not", HLO_PredOrIntTensor>;
def StableHLO_NegOp : HLO_UnaryOp<"negate",
    RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex, HLO_Quant]>>;
def StableHLO_PopulationCountOp : HLO_UnaryOp<"popcnt", HLO_IntTensor>;
def StableHLO_RoundOp : HLO_UnaryOp<"round_nearest_afz", RankedTensorOf<[HLO_Float, HLO_Quant]>>;
def StableHLO_RoundNearestEvenOp : HLO_UnaryOp<"round_nearest_even", RankedTensorOf<[HLO_Float, HLO_Quant]>>;
def StableHLO_RsqrtOp : HLO_UnaryAccuracyOp<"rsqrt", HLO_FpComplexOrQuantTensor>;
def StableHLO_SignOp : HLO_UnaryOp<"sign",
    RankedTensorOf<[HLO_SInt, HLO_Float, HLO_Complex, HLO_Quant]>>;
def StableHLO_SineOp : HLO_UnaryAccuracyOp<"sine", HLO_FpComplexOrQuantTensor>;
def StableHLO_SqrtOp : HLO_UnaryAccuracyOp<"sqrt", HLO_FpComplexOrQuantTensor>;
def StableHLO_TanOp : HLO_UnaryAccuracyOp<"tan", HLO_FpComplexOrQuantTensor>;
def StableHLO_TanhOp : HLO_UnaryAccuracyOp<"tanh", HLO_FpComplexOrQuantTensor>;

//===----------------------------------------------------------------------===//
// Binary ops: baseline_type(lhs) = baseline_type(rhs) = baseline_type(result)
//===----------------------------------------------------------------------===//

class HLO_BinaryOp<string mnemonic, Type tensorType, list<Trait> traits = []>
    : StableHLO_Op<mnemonic, !listconcat([Pure], traits)> {
  let summary = mnemonic # " (elementwise)";
  let arguments = (ins tensorType:$lhs, tensorType:$rhs);
  let results = (outs tensorType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict
      `:` custom<SameOperandsAndResultType>(type($lhs), type($rhs), type($result))
  }];
  let builders = [OpBuilder<(ins "::mlir::Value":$lhs, "::mlir::Value":$rhs), [{
    build($_builder, $_state, lhs.getType(), lhs, rhs);
  }]>];
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      return verifyBinaryElementwise(*this,
          getOperation()->getName().stripDialect());
    }
  }];
  let hasVerifier = 1;
}

def StableHLO_AddOp : HLO_BinaryOp<"add", HLO_Tensor, [Commutative]>;
def StableHLO_AndOp : HLO_BinaryOp<"and", HLO_PredOrIntTensor, [Commutative]>;
def StableHLO_Atan2Op : HLO_BinaryOp<"atan2", HLO_FpComplexOrQuantTensor>;
def StableHLO_DivOp : HLO_BinaryOp<"divide",
    RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex, HLO_Quant]>>;
def StableHLO_MaxOp : HLO_BinaryOp<"maximum", HLO_Tensor, [Commutative]>;
def StableHLO_MinOp : HLO_BinaryOp<"minimum", HLO_Tensor, [Commutative]>;
def StableHLO_MulOp : HLO_BinaryOp<"multiply", HLO_Tensor, [Commutative]>;
def StableHLO_OrOp : HLO_BinaryOp<"or", HLO_PredOrIntTensor, [Commutative]>;
def StableHLO_PowOp : HLO_BinaryOp<"power",
    RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex, HLO_Quant]>>;
def StableHLO_RemOp : HLO_BinaryOp<"remainder",
    RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex, HLO_Quant]>>;
def StableHLO_ShiftLeftOp : HLO_BinaryOp<"shift_left", HLO_IntTensor>;
def StableHLO_ShiftRightArithmeticOp : HLO_BinaryOp<"shift_right_arithmetic", HLO_IntTensor>;
def StableHLO_ShiftRightLogicalOp : HLO_BinaryOp<"shift_right_logical", HLO_IntTensor>;
def StableHLO_SubtractOp : HLO_BinaryOp<"subtract",
    RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex, HLO_Quant]>>;
def StableHLO_XorOp : HLO_BinaryOp<"xor", HLO_PredOrIntTensor, [Commutative]>;

def StableHLO_ComplexOp : StableHLO_Op<"complex", [Pure]> {
  let summary = "complex: builds complex numbers from real and imaginary parts";
  let arguments = (ins HLO_FpTensor:$lhs, HLO_FpTensor:$rhs);
  let results = (outs HLO_ComplexTensor:$result);
  // Upstream prints only the result type when the operands match it:
  // `stablehlo.complex %a, %b : tensor<2xcomplex<f32>>`.
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` custom<ComplexOpType>(type($lhs), type($rhs), type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Ternary ops
//===----------------------------------------------------------------------===//

def StableHLO_ClampOp : StableHLO_Op<"clamp", [Pure]> {
  let summary = "clamp: min(max(operand, min), max); min and max may be scalars";
  let arguments = (ins HLO_Tensor:$min, HLO_Tensor:$operand, HLO_Tensor:$max);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $min `,` $operand `,` $max attr-dict
      `:` custom<SameOperandsAndResultType>(type($min), type($operand), type($max), type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_SelectOp : StableHLO_Op<"select", [Pure]> {
  let summary = "select: on_true where pred, else on_false";
  let arguments = (ins HLO_PredTensor:$pred, HLO_Tensor:$on_true,
                       HLO_Tensor:$on_false);
  let results = (outs HLO_Tensor:$result);
  // `: tensor<i1>, tensor<4xf32>` (pred type, then the shared type), or the
  // full function type when on_true, on_false and result differ.
  let assemblyFormat = [{
    operands attr-dict `:`
      custom<SelectOpType>(type($pred), type($on_true), type($on_false), type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// compare and the conversions
//===----------------------------------------------------------------------===//

def StableHLO_CompareOp : StableHLO_Op<"compare", [Pure]> {
  let summary = "compare: elementwise comparison producing i1";
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
      StableHLO_ComparisonDirectionAttr:$comparison_direction,
      OptionalAttr<StableHLO_ComparisonTypeAttr>:$compare_type);
  let results = (outs HLO_PredTensor:$result);
  // `stablehlo.compare  LT, %a, %b,  SIGNED : (t, t) -> tensor<..xi1>`: the
  // older double-space spelling parses the same way.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def StableHLO_ConvertOp : StableHLO_Op<"convert", [Pure]> {
  let summary = "convert: elementwise conversion of element type";
  let arguments = (ins HLO_NonQuantTensor:$operand);
  let results = (outs HLO_NonQuantTensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_BitcastConvertOp : StableHLO_Op<"bitcast_convert", [Pure]> {
  let summary = "bitcast_convert: reinterprets bits as another element type";
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_ReducePrecisionOp : StableHLO_Op<"reduce_precision", [Pure]> {
  let summary = "reduce_precision: rounds to fewer exponent/mantissa bits";
  let arguments = (ins RankedTensorOf<[HLO_Float, HLO_Quant]>:$operand,
      ConfinedAttr<I32Attr, [IntPositive]>:$exponent_bits,
      ConfinedAttr<I32Attr, [IntNonNegative]>:$mantissa_bits);
  let results = (outs RankedTensorOf<[HLO_Float, HLO_Quant]>:$output);
  // `stablehlo.reduce_precision %x, format = e5m10 : tensor<4xf32>`
  let assemblyFormat = [{
    $operand `,` `format` `=` custom<ExponentMantissa>($exponent_bits, $mantissa_bits)
      attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($output))
  }];
  let hasVerifier = 1;
}

#endif // JX_STABLEHLO_ELEMENTWISE_OPS
