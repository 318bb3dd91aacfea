// RUN: jx-opt %s | jx-opt | FileCheck %s
// RUN: jx-opt %s -mlir-print-op-generic | jx-opt | FileCheck %s

// CHECK-LABEL: func @rng_uniform
func.func @rng_uniform(%a: tensor<f32>, %b: tensor<f32>) -> tensor<3x3xf32> {
  %shape = stablehlo.constant dense<[3, 3]> : tensor<2xi64>
  // CHECK: stablehlo.rng %{{.*}}, %{{.*}}, %{{.*}}, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
  %0 = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// CHECK-LABEL: func @rng_generic
func.func @rng_generic(%a: tensor<i32>, %b: tensor<i32>, %shape: tensor<2xi64>) -> (tensor<3x3xi32>, tensor<?x4xf64>) {
  // CHECK: stablehlo.rng %{{.*}}, %{{.*}}, %{{.*}}, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x3xi32>
  %0 = "stablehlo.rng"(%a, %b, %shape) {
    rng_distribution = #stablehlo<rng_distribution UNIFORM>
  } : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x3xi32>
  %mu = stablehlo.constant dense<0.0> : tensor<f64>
  %sigma = stablehlo.constant dense<1.0> : tensor<f64>
  // CHECK: stablehlo.rng %{{.*}}, %{{.*}}, %{{.*}}, distribution = NORMAL : (tensor<f64>, tensor<f64>, tensor<2xi64>) -> tensor<?x4xf64>
  %1 = "stablehlo.rng"(%mu, %sigma, %shape) <{rng_distribution = #stablehlo<rng_distribution NORMAL>}> : (tensor<f64>, tensor<f64>, tensor<2xi64>) -> tensor<?x4xf64>
  return %0, %1 : tensor<3x3xi32>, tensor<?x4xf64>
}

// CHECK-LABEL: func @rng_bit_generator
func.func @rng_bit_generator(%s2: tensor<2xui64>, %s3: tensor<3xui64>) -> (tensor<10x12xui32>, tensor<2x2xui64>, tensor<3xui64>) {
  // CHECK: stablehlo.rng_bit_generator %{{.*}}, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<10x12xui32>)
  %0:2 = stablehlo.rng_bit_generator %s2, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<10x12xui32>)
  // CHECK: stablehlo.rng_bit_generator %{{.*}}, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
  %1:2 = "stablehlo.rng_bit_generator"(%s2) {
    rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>
  } : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
  // CHECK: stablehlo.rng_bit_generator %{{.*}}, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<f32>)
  %2:2 = stablehlo.rng_bit_generator %s3, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<f32>)
  return %0#1, %1#1, %2#0 : tensor<10x12xui32>, tensor<2x2xui64>, tensor<3xui64>
}

// CHECK-LABEL: func @uniform_quantize
func.func @uniform_quantize(%x: tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-1>> {
  // CHECK: stablehlo.uniform_quantize %{{.*}} : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-1>>
  %0 = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-1>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 0.5:-1>>
}

// Per-axis quantization, and requantization from one quantized type to
// another.
// CHECK-LABEL: func @uniform_quantize_per_axis
func.func @uniform_quantize_per_axis(%x: tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-20,0.2:-30}>> {
  // CHECK: stablehlo.uniform_quantize %{{.*}} : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:0, {1.000000e-01:-30,5.000000e-01:-20}>>
  %0 = "stablehlo.uniform_quantize"(%x) : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>
  // CHECK: stablehlo.uniform_quantize %{{.*}} : (tensor<2x!quant.uniform<i8:f32:0, {1.000000e-01:-30,5.000000e-01:-20}>>) -> tensor<2x!quant.uniform<i8:f32:0, {1.000000e-01:-20,2.000000e-01:-30}>>
  %1 = "stablehlo.uniform_quantize"(%0) : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-20,0.2:-30}>>
  return %1 : tensor<2x!quant.uniform<i8:f32:0, {0.1:-20,0.2:-30}>>
}

// CHECK-LABEL: func @uniform_dequantize
func.func @uniform_dequantize(%x: tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>, %y: tensor<3x!quant.uniform<i8<-127:127>:f16, 2.0>>) -> (tensor<2xf32>, tensor<3xf16>) {
  // CHECK: stablehlo.uniform_dequantize %{{.*}} : (tensor<2x!quant.uniform<i8:f32:0, {1.000000e-01:-30,5.000000e-01:-20}>>) -> tensor<2xf32>
  %0 = "stablehlo.uniform_dequantize"(%x) : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2xf32>
  // CHECK: stablehlo.uniform_dequantize %{{.*}} : (tensor<3x!quant.uniform<i8<-127:127>:f16, 2.000000e+00>>) -> tensor<3xf16>
  %1 = stablehlo.uniform_dequantize %y : (tensor<3x!quant.uniform<i8<-127:127>:f16, 2.0>>) -> tensor<3xf16>
  return %0, %1 : tensor<2xf32>, tensor<3xf16>
}

// CHECK-LABEL: func @quantize_roundtrip
func.func @quantize_roundtrip(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // CHECK: %[[Q:.*]] = stablehlo.uniform_quantize %{{.*}} : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<u8:f32:1, {1.000000e+00:128,2.000000e+00:128,3.000000e+00:128}>>
  %q = stablehlo.uniform_quantize %x : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<u8:f32:1, {1.0:128, 2.0:128, 3.0:128}>>
  // CHECK: stablehlo.uniform_dequantize %[[Q]]
  %d = stablehlo.uniform_dequantize %q : (tensor<2x3x!quant.uniform<u8:f32:1, {1.0:128, 2.0:128, 3.0:128}>>) -> tensor<2x3xf32>
  return %d : tensor<2x3xf32>
}
