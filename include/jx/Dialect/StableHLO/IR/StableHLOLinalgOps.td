//===- StableHLOLinalgOps.td - stablehlo Linalg ops ---*- tablegen -*-===//
//
// Contractions, convolutions, fft, the batch_norm ops, triangular_solve,
// cholesky and the deprecated einsum ops. Verifiers live in LinalgOps.cpp
// and share the shape functions of InferLinalg.h with the C++ frontend.
//
//===----------------------------------------------------------------------===//

#ifndef JX_STABLEHLO_LINALG_OPS
#define JX_STABLEHLO_LINALG_OPS

include "jx/Dialect/StableHLO/IR/StableHLOAttrs.td"

//===----------------------------------------------------------------------===//
// dot_general, dot
//===----------------------------------------------------------------------===//

def StableHLO_DotGeneralOp : StableHLO_Op<"dot_general", [Pure]> {
  let summary = "dot_general: batched contraction of two tensors";
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
      StableHLO_DotDimensionNumbers:$dot_dimension_numbers,
      OptionalAttr<StableHLO_PrecisionConfigAttr>:$precision_config,
      OptionalAttr<StableHLO_DotAlgorithm>:$algorithm);
  let results = (outs HLO_Tensor:$result);
  // `stablehlo.dot_general %a, %b, batching_dims = [0] x [0],
  //    contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT],
  //    algorithm = <...> : (ta, tb) -> tr`
  let assemblyFormat = [{
    $lhs `,` $rhs `,` custom<DotDimensionNumbers>($dot_dimension_numbers)
      `` custom<PrecisionConfigAndAlgorithm>($precision_config, $algorithm)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DotOp : StableHLO_Op<"dot", [Pure]> {
  let summary = "dot: matrix/vector product (dot_general on the last lhs and "
                "first rhs dimension)";
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
      OptionalAttr<StableHLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  // `stablehlo.dot %a, %b, precision = [DEFAULT, DEFAULT] : (ta, tb) -> tr`
  let assemblyFormat = [{
    $lhs `,` $rhs `` custom<PrecisionConfig>($precision_config) attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// convolution, dynamic_conv
//===----------------------------------------------------------------------===//

def StableHLO_ConvolutionOp : StableHLO_Op<"convolution", [Pure]> {
  let summary = "convolution: windowed dot products of lhs with a kernel";
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
      OptionalAttr<DenseI64ArrayAttr>:$window_strides,
      OptionalAttr<I64ElementsAttr>:$padding,
      OptionalAttr<DenseI64ArrayAttr>:$lhs_dilation,
      OptionalAttr<DenseI64ArrayAttr>:$rhs_dilation,
      OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
      StableHLO_ConvDimensionNumbers:$dimension_numbers,
      I64Attr:$feature_group_count,
      I64Attr:$batch_group_count,
      OptionalAttr<StableHLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  // `stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->
  //    [b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]],
  //    lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]}
  //    {batch_group_count = 1 : i64, ...} : (ta, tb) -> tr`
  let assemblyFormat = [{
    `(` operands `)` `dim_numbers` `=`
      custom<ConvolutionDimensions>($dimension_numbers) `,` `window` `=`
      custom<WindowAttributes>($window_strides, $padding, $lhs_dilation,
                               $rhs_dilation, $window_reversal)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicConvOp : StableHLO_Op<"dynamic_conv", [Pure]> {
  let summary = "dynamic_conv: convolution with the padding as an operand";
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
      HLO_IntTensor:$padding,
      OptionalAttr<DenseI64ArrayAttr>:$window_strides,
      OptionalAttr<DenseI64ArrayAttr>:$lhs_dilation,
      OptionalAttr<DenseI64ArrayAttr>:$rhs_dilation,
      OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
      StableHLO_ConvDimensionNumbers:$dimension_numbers,
      I64Attr:$feature_group_count,
      I64Attr:$batch_group_count,
      OptionalAttr<StableHLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  // Upstream prints the generic form.
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// fft
//===----------------------------------------------------------------------===//

def StableHLO_FftOp : StableHLO_Op<"fft", [Pure]> {
  let summary = "fft: forward and inverse, complex and real Fourier transforms";
  let arguments = (ins HLO_FpOrComplexTensor:$operand,
      StableHLO_FftTypeAttr:$fft_type,
      DenseI64ArrayAttr:$fft_length);
  let results = (outs HLO_FpOrComplexTensor:$result);
  // `stablehlo.fft %x, type = FFT, length = [4] : (tx) -> tr`
  let assemblyFormat = [{
    $operand `,` `type` `=` custom<EnumKeyword>($fft_type) `,`
      `length` `=` custom<Dims>($fft_length)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// triangular_solve, cholesky
//===----------------------------------------------------------------------===//

def StableHLO_TriangularSolveOp : StableHLO_Op<"triangular_solve", [Pure]> {
  let summary = "triangular_solve: solves triangular systems of equations";
  let arguments = (ins HLO_FpComplexOrQuantTensor:$a,
      HLO_FpComplexOrQuantTensor:$b,
      BoolAttr:$left_side, BoolAttr:$lower, BoolAttr:$unit_diagonal,
      StableHLO_TransposeAttr:$transpose_a);
  let results = (outs HLO_FpComplexOrQuantTensor:$result);
  // Upstream prints the generic form.
  let hasVerifier = 1;
}

def StableHLO_CholeskyOp : StableHLO_Op<"cholesky", [Pure]> {
  let summary = "cholesky: Cholesky decomposition of a batch of matrices";
  let arguments = (ins HLO_FpComplexOrQuantTensor:$a,
      DefaultValuedOptionalAttr<BoolAttr, "false">:$lower);
  let results = (outs HLO_FpComplexOrQuantTensor:$result);
  // `stablehlo.cholesky %a, lower = true : tensor<3x3xf32>`
  let assemblyFormat = [{
    $a (`,` `lower` `=` $lower^)? attr-dict
      `:` custom<SameOperandsAndResultType>(type($a), type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// batch_norm_training, batch_norm_inference, batch_norm_grad
//===----------------------------------------------------------------------===//

def HLO_FpOrQuantTensor : RankedTensorOf<[HLO_Float, HLO_Quant]>;

def StableHLO_BatchNormTrainingOp : StableHLO_Op<"batch_norm_training", [Pure]> {
  let summary = "batch_norm_training: normalizes with the batch statistics";
  let arguments = (ins HLO_FpOrQuantTensor:$operand,
      HLO_FpOrQuantTensor:$scale, HLO_FpOrQuantTensor:$offset,
      F32Attr:$epsilon, I64Attr:$feature_index);
  let results = (outs HLO_FpOrQuantTensor:$output,
      HLO_FpOrQuantTensor:$batch_mean, HLO_FpOrQuantTensor:$batch_var);
  // Upstream prints the generic form.
  let hasVerifier = 1;
}

def StableHLO_BatchNormInferenceOp : StableHLO_Op<"batch_norm_inference", [Pure]> {
  let summary = "batch_norm_inference: normalizes with given mean and variance";
  let arguments = (ins HLO_FpOrQuantTensor:$operand,
      HLO_FpOrQuantTensor:$scale, HLO_FpOrQuantTensor:$offset,
      HLO_FpOrQuantTensor:$mean, HLO_FpOrQuantTensor:$variance,
      F32Attr:$epsilon, I64Attr:$feature_index);
  let results = (outs HLO_FpOrQuantTensor:$result);
  // Upstream prints the generic form.
  let hasVerifier = 1;
}

def StableHLO_BatchNormGradOp : StableHLO_Op<"batch_norm_grad", [Pure]> {
  let summary = "batch_norm_grad: gradients of batch_norm_training";
  let arguments = (ins HLO_FpOrQuantTensor:$operand,
      HLO_FpOrQuantTensor:$scale, HLO_FpOrQuantTensor:$mean,
      HLO_FpOrQuantTensor:$variance, HLO_FpOrQuantTensor:$grad_output,
      F32Attr:$epsilon, I64Attr:$feature_index);
  let results = (outs HLO_FpOrQuantTensor:$grad_operand,
      HLO_FpOrQuantTensor:$grad_scale, HLO_FpOrQuantTensor:$grad_offset);
  // Upstream prints the generic form.
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// einsum, unary_einsum (deprecated, kept so that old programs parse)
//===----------------------------------------------------------------------===//

def StableHLO_EinsumOp : StableHLO_Op<"einsum", [Pure]> {
  let summary = "einsum (deprecated): Einstein summation of two tensors";
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
      StrAttr:$einsum_config);
  let results = (outs HLO_Tensor:$result);
  // `stablehlo.einsum %a, %b, config = "ab,bc->ac" : (ta, tb) -> tr`
  let assemblyFormat = [{
    $lhs `,` $rhs `,` `config` `=` $einsum_config attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_UnaryEinsumOp : StableHLO_Op<"unary_einsum", [Pure]> {
  let summary = "unary_einsum (deprecated): Einstein summation of one tensor";
  let arguments = (ins HLO_Tensor:$operand, StrAttr:$einsum_config);
  let results = (outs HLO_Tensor:$result);
  // `stablehlo.unary_einsum %a, config = "ab->a" : (ta) -> tr`
  let assemblyFormat = [{
    $operand `,` `config` `=` $einsum_config attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // JX_STABLEHLO_LINALG_OPS
