// RUN: jx-opt %s -split-input-file -verify-diagnostics

func.func @rng_c1(%a: tensor<f32>, %b: tensor<f64>, %shape: tensor<1xi64>) -> tensor<4xf32> {
  // expected-error @+1 {{element types of a ('f32'), b ('f64') and result ('f32') must match (rng_c1)}}
  %0 = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f64>, tensor<1xi64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @rng_c1_result(%a: tensor<i32>, %b: tensor<i32>, %shape: tensor<1xi64>) -> tensor<4xi64> {
  // expected-error @+1 {{element types of a ('i32'), b ('i32') and result ('i64') must match (rng_c1)}}
  %0 = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @rng_c2(%a: tensor<i32>, %b: tensor<i32>, %shape: tensor<1xi64>) -> tensor<4xi32> {
  // expected-error @+1 {{NORMAL distribution needs a floating-point element type, got 'i32' (rng_c2)}}
  %0 = stablehlo.rng %a, %b, %shape, distribution = NORMAL : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @rng_c3_rank(%a: tensor<f32>, %b: tensor<f32>, %shape: tensor<2xi64>) -> tensor<4xf32> {
  // expected-error @+1 {{shape has 2 elements but the result has rank 1 (rng_c3)}}
  %0 = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @rng_c3_constant(%a: tensor<f32>, %b: tensor<f32>) -> tensor<3x4xf32> {
  %shape = stablehlo.constant dense<[3, 3]> : tensor<2xi64>
  // expected-error @+1 {{result shape [3, 4] must match shape [3, 3] (rng_c3)}}
  %0 = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @rng_operand_rank(%a: tensor<2xf32>, %b: tensor<f32>, %shape: tensor<1xi64>) -> tensor<4xf32> {
  // expected-error @+1 {{operand #0 must be 0D tensor}}
  %0 = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<2xf32>, tensor<f32>, tensor<1xi64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @rng_distribution_keyword(%a: tensor<f32>, %b: tensor<f32>, %shape: tensor<1xi64>) -> tensor<4xf32> {
  // expected-error @+1 {{unknown rng_distribution 'POISSON'}}
  %0 = stablehlo.rng %a, %b, %shape, distribution = POISSON : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @rng_bit_generator_c1(%s: tensor<2xui64>) -> tensor<4xui32> {
  // expected-error @+1 {{output_state type 'tensor<3xui64>' must match initial_state type 'tensor<2xui64>' (rng_bit_generator_c1)}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return %0#1 : tensor<4xui32>
}

// -----

func.func @rng_bit_generator_c1_element(%s: tensor<2xui64>) -> tensor<4xui32> {
  // expected-error @+1 {{output_state type 'tensor<2xi64>' must match initial_state type 'tensor<2xui64>' (rng_bit_generator_c1)}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xi64>, tensor<4xui32>)
  return %0#1 : tensor<4xui32>
}

// -----

func.func @rng_bit_generator_c2_three_fry(%s: tensor<3xui64>) -> tensor<4xui32> {
  // expected-error @+1 {{initial_state of THREE_FRY must have 2 elements, got 3 (rng_bit_generator_c2)}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return %0#1 : tensor<4xui32>
}

// -----

func.func @rng_bit_generator_c2_philox(%s: tensor<4xui64>) -> tensor<4xui32> {
  // expected-error @+1 {{initial_state of PHILOX must have 2 or 3 elements, got 4 (rng_bit_generator_c2)}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<4xui64>) -> (tensor<4xui64>, tensor<4xui32>)
  return %0#1 : tensor<4xui32>
}

// -----

func.func @rng_bit_generator_c2_rank(%s: tensor<2x2xui64>) -> tensor<4xui32> {
  // expected-error @+1 {{initial_state must be a 1-dimensional tensor, got 'tensor<2x2xui64>' (rng_bit_generator_c2)}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2x2xui64>) -> (tensor<2x2xui64>, tensor<4xui32>)
  return %0#1 : tensor<4xui32>
}

// -----

func.func @uniform_quantize_c1(%x: tensor<4xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-1>> {
  // expected-error @+1 {{operand shape [4] and result shape [2] must match (uniform_quantize_c1)}}
  %0 = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-1>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.5:-1>>
}

// -----

func.func @uniform_quantize_c2(%x: tensor<4xf16>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-1>> {
  // expected-error @+1 {{result expressed type 'f32' must be 'f16' (uniform_quantize_c2)}}
  %0 = stablehlo.uniform_quantize %x : (tensor<4xf16>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-1>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 0.5:-1>>
}

// -----

func.func @uniform_quantize_c2_requantize(%x: tensor<4x!quant.uniform<i8:bf16, 0.5:-1>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-1>> {
  // expected-error @+1 {{result expressed type 'f32' must be 'bf16' (uniform_quantize_c2)}}
  %0 = stablehlo.uniform_quantize %x : (tensor<4x!quant.uniform<i8:bf16, 0.5:-1>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-1>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 0.5:-1>>
}

// -----

func.func @uniform_quantize_per_axis_dim(%x: tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:1, {0.1:-30,0.5:-20}>> {
  // expected-error @+1 {{quantization dimension 1 of 'tensor<2x!quant.uniform<i8:f32:1, {1.000000e-01:-30,5.000000e-01:-20}>>' must be in range [0, 1)}}
  %0 = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:1, {0.1:-30,0.5:-20}>>
  return %0 : tensor<2x!quant.uniform<i8:f32:1, {0.1:-30,0.5:-20}>>
}

// -----

func.func @uniform_quantize_per_axis_scales(%x: tensor<3xf32>) -> tensor<3x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>> {
  // expected-error @+1 {{has 2 scales but dimension 0 has size 3}}
  %0 = stablehlo.uniform_quantize %x : (tensor<3xf32>) -> tensor<3x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>
  return %0 : tensor<3x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>
}

// -----

func.func @uniform_quantize_result_type(%x: tensor<4xf32>) -> tensor<4xi8> {
  // expected-error @+1 {{result #0 must be ranked tensor of quantized integer values}}
  %0 = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @uniform_dequantize_c1(%x: tensor<4x!quant.uniform<i8:f32, 0.5:-1>>) -> tensor<4x1xf32> {
  // expected-error @+1 {{operand shape [4] and result shape [4, 1] must match (uniform_dequantize_c1)}}
  %0 = stablehlo.uniform_dequantize %x : (tensor<4x!quant.uniform<i8:f32, 0.5:-1>>) -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// -----

func.func @uniform_dequantize_c2(%x: tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2xf16> {
  // expected-error @+1 {{result element type 'f16' must be the operand's expressed type 'f32' (uniform_dequantize_c2)}}
  %0 = stablehlo.uniform_dequantize %x : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// -----

func.func @uniform_dequantize_operand_type(%x: tensor<2xi8>) -> tensor<2xf32> {
  // expected-error @+1 {{operand #0 must be ranked tensor of quantized integer values}}
  %0 = stablehlo.uniform_dequantize %x : (tensor<2xi8>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
