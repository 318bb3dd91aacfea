//===- StableHLORngQuantOps.td - stablehlo RngQuant ops ---*- tablegen -*-===//
//
// Random number generation (rng, rng_bit_generator) and the conversions
// between floating-point and quantized tensors (uniform_quantize,
// uniform_dequantize). Verifiers are in RngQuantOps.cpp and cite the spec's
// constraint labels; the rng_bit_generator shape rule is in InferComm.h.
//
//===----------------------------------------------------------------------===//

#ifndef JX_STABLEHLO_RNGQUANT_OPS
#define JX_STABLEHLO_RNGQUANT_OPS

include "jx/Dialect/StableHLO/IR/StableHLOAttrs.td"

def HLO_RngValueTensor : RankedTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>;

def StableHLO_RngOp : StableHLO_Op<"rng"> {
  let summary = "rng: random numbers of a distribution, in a given shape";
  let arguments = (ins
    0DTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>:$a,
    0DTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>:$b,
    HLO_DimensionTensor:$shape,
    StableHLO_RngDistributionAttr:$rng_distribution);
  let results = (outs HLO_RngValueTensor:$result);
  // `stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (...) -> ...`
  let assemblyFormat = [{
    $a `,` $b `,` $shape `,` `distribution` `=`
      custom<EnumKeyword>($rng_distribution) attr-dict `:`
      functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_RngBitGeneratorOp : StableHLO_Op<"rng_bit_generator", [Pure]> {
  let summary = "rng_bit_generator: random bits and the next generator state";
  let arguments = (ins
    StableHLO_RngAlgorithmAttr:$rng_algorithm,
    RankedTensorOf<[HLO_Int, HLO_Float]>:$initial_state);
  let results = (outs
    RankedTensorOf<[HLO_Int, HLO_Float]>:$output_state,
    RankedTensorOf<[HLO_Int, HLO_Float]>:$output);
  // `stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (t) -> (t, u)`
  let assemblyFormat = [{
    $initial_state `,` `algorithm` `=` custom<EnumKeyword>($rng_algorithm)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_UniformQuantizeOp : StableHLO_Op<"uniform_quantize", [Pure]> {
  let summary = "uniform_quantize: quantizes (or requantizes) a tensor";
  let arguments = (ins RankedTensorOf<[HLO_Float, HLO_Quant]>:$operand);
  let results = (outs RankedTensorOf<[HLO_Quant]>:$result);
  // `stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!quant...>`
  let assemblyFormat = [{
    $operand attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_UniformDequantizeOp : StableHLO_Op<"uniform_dequantize", [Pure]> {
  let summary = "uniform_dequantize: converts a quantized tensor to floats";
  let arguments = (ins RankedTensorOf<[HLO_Quant]>:$operand);
  let results = (outs HLO_FpTensor:$result);
  // `stablehlo.uniform_dequantize %x : (tensor<4x!quant...>) -> tensor<4xf32>`
  let assemblyFormat = [{
    $operand attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // JX_STABLEHLO_RNGQUANT_OPS
