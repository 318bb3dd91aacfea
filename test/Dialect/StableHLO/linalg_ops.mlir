// RUN: jx-opt %s | jx-opt | FileCheck %s
// RUN: jx-opt %s --mlir-print-op-generic | jx-opt | FileCheck %s

// Round trips of the linalg ops: dot_general, dot, convolution, dynamic_conv,
// fft, triangular_solve, cholesky, batch_norm_*, einsum, unary_einsum.

// CHECK-LABEL: func.func @dot_general_batched
func.func @dot_general_batched(%lhs: tensor<2x2x2xi64>, %rhs: tensor<2x2x2xi64>) -> tensor<2x2x2xi64> {
  // CHECK: stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x2xi64>, tensor<2x2x2xi64>) -> tensor<2x2x2xi64>
  %0 = stablehlo.dot_general %lhs, %rhs,
    batching_dims = [0] x [0],
    contracting_dims = [2] x [1],
    precision = [DEFAULT, DEFAULT]
    : (tensor<2x2x2xi64>, tensor<2x2x2xi64>) -> tensor<2x2x2xi64>
  return %0 : tensor<2x2x2xi64>
}

// CHECK-LABEL: func.func @dot_general_matmul
func.func @dot_general_matmul(%lhs: tensor<4x3xbf16>, %rhs: tensor<3x6xbf16>) -> tensor<4x6xbf16> {
  // CHECK: stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<4x3xbf16>, tensor<3x6xbf16>) -> tensor<4x6xbf16>
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<4x3xbf16>, tensor<3x6xbf16>) -> tensor<4x6xbf16>
  return %0 : tensor<4x6xbf16>
}

// CHECK-LABEL: func.func @dot_general_outer_product
func.func @dot_general_outer_product(%lhs: tensor<2x2xi64>, %rhs: tensor<2x2xi64>) -> tensor<2x2x2x2xi64> {
  // CHECK: stablehlo.dot_general %arg0, %arg1, contracting_dims = [] x [], precision = [DEFAULT, DEFAULT] : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2x2x2xi64>
  %0 = stablehlo.dot_general %lhs, %rhs,
    batching_dims = [] x [],
    contracting_dims = [] x [],
    precision = [DEFAULT, DEFAULT]
    : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2x2x2xi64>
  return %0 : tensor<2x2x2x2xi64>
}

// CHECK-LABEL: func.func @dot_general_algorithm
func.func @dot_general_algorithm(%lhs: tensor<2x2x2xf32>, %rhs: tensor<2x2x2xf32>) -> tensor<2x2x2xf32> {
  // CHECK: stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x2x2xf32>, tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  %0 = stablehlo.dot_general %lhs, %rhs,
    batching_dims = [0] x [0],
    contracting_dims = [2] x [1],
    precision = [DEFAULT, DEFAULT],
    algorithm = <
      lhs_precision_type = tf32,
      rhs_precision_type = tf32,
      accumulation_type = f32,
      lhs_component_count = 1,
      rhs_component_count = 1,
      num_primitive_operations = 1,
      allow_imprecise_accumulation = false
    > : (tensor<2x2x2xf32>, tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  return %0 : tensor<2x2x2xf32>
}

// CHECK-LABEL: func.func @dot_general_algorithm_only
func.func @dot_general_algorithm_only(%lhs: tensor<4x8xbf16>, %rhs: tensor<8x2xbf16>) -> tensor<4x2xf32> {
  // CHECK: stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 3, rhs_component_count = 3, num_primitive_operations = 6, allow_imprecise_accumulation = true> : (tensor<4x8xbf16>, tensor<8x2xbf16>) -> tensor<4x2xf32>
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 3, rhs_component_count = 3, num_primitive_operations = 6, allow_imprecise_accumulation = true> : (tensor<4x8xbf16>, tensor<8x2xbf16>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// The result element type may differ from the operands'.
// CHECK-LABEL: func.func @dot_general_widening
func.func @dot_general_widening(%lhs: tensor<2x2x2xf32>, %rhs: tensor<2x2x2xf32>, %x: tensor<4xi8>) -> (tensor<2x2x2xf64>, tensor<i32>) {
  // CHECK: stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x2x2xf32>, tensor<2x2x2xf32>) -> tensor<2x2x2xf64>
  %0 = stablehlo.dot_general %lhs, %rhs,
      batching_dims = [0] x [0],
      contracting_dims = [2] x [1]
      : (tensor<2x2x2xf32>, tensor<2x2x2xf32>) -> tensor<2x2x2xf64>
  // CHECK: stablehlo.dot_general %arg2, %arg2, contracting_dims = [0] x [0] : (tensor<4xi8>, tensor<4xi8>) -> tensor<i32>
  %1 = stablehlo.dot_general %x, %x, contracting_dims = [0] x [0] : (tensor<4xi8>, tensor<4xi8>) -> tensor<i32>
  return %0, %1 : tensor<2x2x2xf64>, tensor<i32>
}

// CHECK-LABEL: func.func @dot_general_generic
func.func @dot_general_generic(%lhs: tensor<2x2x2xi32>, %rhs: tensor<2x2x2xi32>) -> (tensor<2x2x2xi32>, tensor<2x2x2xi32>) {
  // CHECK: stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGHEST] : (tensor<2x2x2xi32>, tensor<2x2x2xi32>) -> tensor<2x2x2xi32>
  %0 = "stablehlo.dot_general"(%lhs, %rhs) {
    dot_dimension_numbers = #stablehlo.dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [0],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [1]
    >,
    precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGHEST>]
  } : (tensor<2x2x2xi32>, tensor<2x2x2xi32>) -> tensor<2x2x2xi32>
  // CHECK: stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x2x2xi32>, tensor<2x2x2xi32>) -> tensor<2x2x2xi32>
  %1 = "stablehlo.dot_general"(%lhs, %rhs) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<2x2x2xi32>, tensor<2x2x2xi32>) -> tensor<2x2x2xi32>
  return %0, %1 : tensor<2x2x2xi32>, tensor<2x2x2xi32>
}

// CHECK-LABEL: func.func @dot_general_dynamic
func.func @dot_general_dynamic(%lhs: tensor<?x3xf32>, %rhs: tensor<?x5xf32>) -> tensor<?x5xf32> {
  // CHECK: stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<?x3xf32>, tensor<?x5xf32>) -> tensor<?x5xf32>
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<?x3xf32>, tensor<?x5xf32>) -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}

// CHECK-LABEL: func.func @dot_general_quantized
func.func @dot_general_quantized(%lhs: tensor<2x3x!quant.uniform<i8:f32, 2.0:3>>, %rhs: tensor<3x4x!quant.uniform<i8:f32, 1.5:0>>, %rhs_axis: tensor<3x4x!quant.uniform<i8:f32:1, {0.5:0, 1.0:0, 1.5:0, 2.0:0}>>, %x: tensor<2x3xf32>) -> (tensor<2x4x!quant.uniform<i32:f32, 3.0:0>>, tensor<2x4xf32>) {
  // CHECK: stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 2.000000e+00:3>>, tensor<3x4x!quant.uniform<i8:f32, 1.500000e+00>>) -> tensor<2x4x!quant.uniform<i32:f32, 3.000000e+00>>
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 2.0:3>>, tensor<3x4x!quant.uniform<i8:f32, 1.5:0>>) -> tensor<2x4x!quant.uniform<i32:f32, 3.0:0>>
  // Hybrid: float lhs, per-axis quantized rhs.
  // CHECK: stablehlo.dot_general %arg3, %arg2, contracting_dims = [1] x [0]
  %1 = stablehlo.dot_general %x, %rhs_axis, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4x!quant.uniform<i8:f32:1, {0.5:0, 1.0:0, 1.5:0, 2.0:0}>>) -> tensor<2x4xf32>
  return %0, %1 : tensor<2x4x!quant.uniform<i32:f32, 3.0:0>>, tensor<2x4xf32>
}

// CHECK-LABEL: func.func @dot
func.func @dot(%m: tensor<4x3xf32>, %n: tensor<3x6xf32>, %v: tensor<3xf32>) -> (tensor<4x6xf32>, tensor<4xf32>, tensor<f32>) {
  // CHECK: stablehlo.dot %arg0, %arg1, precision = [DEFAULT, DEFAULT] : (tensor<4x3xf32>, tensor<3x6xf32>) -> tensor<4x6xf32>
  %0 = stablehlo.dot %m, %n, precision = [DEFAULT, DEFAULT] : (tensor<4x3xf32>, tensor<3x6xf32>) -> tensor<4x6xf32>
  // CHECK: stablehlo.dot %arg0, %arg2 : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4xf32>
  %1 = stablehlo.dot %m, %v : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4xf32>
  // CHECK: stablehlo.dot %arg2, %arg2, precision = [HIGH, HIGH] : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  %2 = "stablehlo.dot"(%v, %v) {precision_config = [#stablehlo<precision HIGH>, #stablehlo<precision HIGH>]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %0, %1, %2 : tensor<4x6xf32>, tensor<4xf32>, tensor<f32>
}

// CHECK-LABEL: func.func @convolution
func.func @convolution(%lhs: tensor<1x4x4x1xi64>, %rhs: tensor<3x3x1x1xi64>) -> (tensor<1x2x2x1xi64>, tensor<1x2x2x1xi64>) {
  // CHECK: stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = {{\[}}[1, 1], [1, 1]], lhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64>
  %0 = stablehlo.convolution(%lhs, %rhs)
    dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
    window = {
      stride = [4, 4],
      pad = [[1, 1], [1, 1]],
      lhs_dilate = [2, 2]
    } {
      batch_group_count = 1 : i64,
      feature_group_count = 1 : i64,
      precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
    }
  : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64>
  // CHECK: stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = {{\[}}[0, 0], [0, 0]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64>
  %1 = "stablehlo.convolution"(%lhs, %rhs) {
    window_strides = array<i64: 4, 4>,
    padding = dense<0> : tensor<2x2xi64>,
    lhs_dilation = array<i64: 2, 2>,
    rhs_dilation = array<i64: 1, 1>,
    window_reversal = array<i1: false, false>,
    dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>,
    batch_group_count = 1 : i64,
    feature_group_count = 1 : i64,
    precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
  } : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64>
  return %0, %1 : tensor<1x2x2x1xi64>, tensor<1x2x2x1xi64>
}

// CHECK-LABEL: func.func @convolution_jax
func.func @convolution_jax(%a: tensor<2x9x10x3xf32>, %b: tensor<4x5x3x3xf32>, %c: tensor<1x28x1xf32>, %d: tensor<3x1x16xf32>) -> (tensor<2x6x6x3xf32>, tensor<1x28x16xf32>) {
  // CHECK: stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x9x10x3xf32>, tensor<4x5x3x3xf32>) -> tensor<2x6x6x3xf32>
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x9x10x3xf32>, tensor<4x5x3x3xf32>) -> tensor<2x6x6x3xf32>
  // CHECK: stablehlo.convolution(%arg2, %arg3) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = {{\[}}[1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x28x1xf32>, tensor<3x1x16xf32>) -> tensor<1x28x16xf32>
  %1 = stablehlo.convolution(%c, %d) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x28x1xf32>, tensor<3x1x16xf32>) -> tensor<1x28x16xf32>
  return %0, %1 : tensor<2x6x6x3xf32>, tensor<1x28x16xf32>
}

// Group counts, other layouts, 0/1 reversal flags, widening integers.
// CHECK-LABEL: func.func @convolution_groups
func.func @convolution_groups(%lhs: tensor<1x4x4x1xi64>, %rhs: tensor<1x2x1x4xi64>, %l8: tensor<1x4x4x1xi8>, %r8: tensor<3x3x1x1xi8>, %x: tensor<1x3x16x16xf32>, %w: tensor<8x3x3x3xf32>) -> (tensor<1x1x2x4xi64>, tensor<1x2x1x4xi64>, tensor<1x2x2x1xi32>, tensor<1x8x14x14xf32>) {
  // CHECK: stablehlo.convolution(%arg0, %arg1) dim_numbers = [0, b, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], lhs_dilate = [2, 2]} {batch_group_count = 4 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}
  %0 = stablehlo.convolution(%lhs, %rhs)
    dim_numbers = [0, b, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
    window = {stride = [4, 4], lhs_dilate = [2, 2]}
    {batch_group_count = 4 : i64, feature_group_count = 1 : i64,
     precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}
  : (tensor<1x4x4x1xi64>, tensor<1x2x1x4xi64>) -> tensor<1x1x2x4xi64>
  // CHECK: stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f, 1]x[0, i, 1, o]->[b, 0, 1, f], window = {stride = [4, 4], lhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64}
  %1 = stablehlo.convolution(%lhs, %rhs)
    dim_numbers = [b, 0, f, 1]x[0, i, 1, o]->[b, 0, 1, f],
    window = {stride = [4, 4], lhs_dilate = [2, 2]}
    {batch_group_count = 1 : i64, feature_group_count = 2 : i64}
  : (tensor<1x4x4x1xi64>, tensor<1x2x1x4xi64>) -> tensor<1x2x1x4xi64>
  // CHECK: stablehlo.convolution(%arg2, %arg3) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], lhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xi8>, tensor<3x3x1x1xi8>) -> tensor<1x2x2x1xi32>
  %2 = stablehlo.convolution(%l8, %r8)
    dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
    window = {stride = [4, 4], lhs_dilate = [2, 2]}
    {batch_group_count = 1 : i64, feature_group_count = 1 : i64}
  : (tensor<1x4x4x1xi8>, tensor<3x3x1x1xi8>) -> tensor<1x2x2x1xi32>
  // CHECK: stablehlo.convolution(%arg4, %arg5) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = {{\[}}[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x16x16xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x14x14xf32>
  %3 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [0, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x16x16xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x14x14xf32>
  return %0, %1, %2, %3 : tensor<1x1x2x4xi64>, tensor<1x2x1x4xi64>, tensor<1x2x2x1xi32>, tensor<1x8x14x14xf32>
}

// CHECK-LABEL: func.func @convolution_dynamic
func.func @convolution_dynamic(%x: tensor<?x3x224x224xf32>, %w: tensor<768x3x16x16xf32>) -> tensor<?x768x14x14xf32> {
  // CHECK: stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [16, 16]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<?x3x224x224xf32>, tensor<768x3x16x16xf32>) -> tensor<?x768x14x14xf32>
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [16, 16]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<?x3x224x224xf32>, tensor<768x3x16x16xf32>) -> tensor<?x768x14x14xf32>
  return %0 : tensor<?x768x14x14xf32>
}

// CHECK-LABEL: func.func @dynamic_conv
func.func @dynamic_conv(%lhs: tensor<1x4x4x1xi64>, %rhs: tensor<3x3x1x1xi64>, %padding: tensor<2x2xi64>) -> tensor<1x2x2x1xi64> {
  // CHECK: "stablehlo.dynamic_conv"(%arg0, %arg1, %arg2) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 2, 2>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 4, 4>}> : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>, tensor<2x2xi64>) -> tensor<1x2x2x1xi64>
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {
    window_strides = array<i64: 4, 4>,
    lhs_dilation = array<i64: 2, 2>,
    rhs_dilation = array<i64: 1, 1>,
    window_reversal = array<i1: false, false>,
    dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>,
    batch_group_count = 1 : i64,
    feature_group_count = 1 : i64,
    precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
  } : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>, tensor<2x2xi64>) -> tensor<1x2x2x1xi64>
  return %0 : tensor<1x2x2x1xi64>
}

// CHECK-LABEL: func.func @fft
func.func @fft(%c: tensor<2x2x2xcomplex<f64>>, %r: tensor<2x2x4xf64>, %h: tensor<2x2x3xcomplex<f64>>) -> (tensor<2x2x2xcomplex<f64>>, tensor<2x2x2xcomplex<f64>>, tensor<2x2x3xcomplex<f64>>, tensor<2x2x4xf64>) {
  // CHECK: stablehlo.fft %arg0, type = FFT, length = [2, 2, 2] : (tensor<2x2x2xcomplex<f64>>) -> tensor<2x2x2xcomplex<f64>>
  %0 = stablehlo.fft %c, type = FFT, length = [2, 2, 2] : (tensor<2x2x2xcomplex<f64>>) -> tensor<2x2x2xcomplex<f64>>
  // CHECK: stablehlo.fft %arg0, type = IFFT, length = [2] : (tensor<2x2x2xcomplex<f64>>) -> tensor<2x2x2xcomplex<f64>>
  %1 = "stablehlo.fft"(%c) {fft_type = #stablehlo<fft_type IFFT>, fft_length = array<i64: 2>} : (tensor<2x2x2xcomplex<f64>>) -> tensor<2x2x2xcomplex<f64>>
  // CHECK: stablehlo.fft %arg1, type = RFFT, length = [2, 2, 4] : (tensor<2x2x4xf64>) -> tensor<2x2x3xcomplex<f64>>
  %2 = stablehlo.fft %r, type = RFFT, length = [2, 2, 4] : (tensor<2x2x4xf64>) -> tensor<2x2x3xcomplex<f64>>
  // CHECK: stablehlo.fft %arg2, type = IRFFT, length = [2, 4] : (tensor<2x2x3xcomplex<f64>>) -> tensor<2x2x4xf64>
  %3 = stablehlo.fft %h, type =  IRFFT, length = [2, 4] : (tensor<2x2x3xcomplex<f64>>) -> tensor<2x2x4xf64>
  return %0, %1, %2, %3 : tensor<2x2x2xcomplex<f64>>, tensor<2x2x2xcomplex<f64>>, tensor<2x2x3xcomplex<f64>>, tensor<2x2x4xf64>
}

// CHECK-LABEL: func.func @fft_jax
func.func @fft_jax(%x: tensor<14x15x16x17xcomplex<f32>>) -> tensor<14x15x16x32xf32> {
  // CHECK: stablehlo.fft %arg0, type = IRFFT, length = [15, 16, 32] : (tensor<14x15x16x17xcomplex<f32>>) -> tensor<14x15x16x32xf32>
  %0 = stablehlo.fft %x, type =  IRFFT, length = [15, 16, 32] : (tensor<14x15x16x17xcomplex<f32>>) -> tensor<14x15x16x32xf32>
  return %0 : tensor<14x15x16x32xf32>
}

// CHECK-LABEL: func.func @triangular_solve
func.func @triangular_solve(%a: tensor<3x3xf32>, %b: tensor<1x3xf32>, %ca: tensor<2x3x3xcomplex<f32>>, %cb: tensor<2x3x1xcomplex<f32>>) -> (tensor<1x3xf32>, tensor<2x3x1xcomplex<f32>>) {
  // CHECK: "stablehlo.triangular_solve"(%arg0, %arg1) <{left_side = false, lower = true, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = true}> : (tensor<3x3xf32>, tensor<1x3xf32>) -> tensor<1x3xf32>
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = true, unit_diagonal = true, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<3x3xf32>, tensor<1x3xf32>) -> tensor<1x3xf32>
  // CHECK: "stablehlo.triangular_solve"(%arg2, %arg3) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = false}> : (tensor<2x3x3xcomplex<f32>>, tensor<2x3x1xcomplex<f32>>) -> tensor<2x3x1xcomplex<f32>>
  %1 = "stablehlo.triangular_solve"(%ca, %cb) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = false}> : (tensor<2x3x3xcomplex<f32>>, tensor<2x3x1xcomplex<f32>>) -> tensor<2x3x1xcomplex<f32>>
  return %0, %1 : tensor<1x3xf32>, tensor<2x3x1xcomplex<f32>>
}

// CHECK-LABEL: func.func @cholesky
func.func @cholesky(%a: tensor<3x3xf32>, %b: tensor<2x4x4xcomplex<f64>>) -> (tensor<3x3xf32>, tensor<3x3xf32>, tensor<2x4x4xcomplex<f64>>) {
  // CHECK: stablehlo.cholesky %arg0, lower = true : tensor<3x3xf32>
  %0 = stablehlo.cholesky %a, lower = true : tensor<3x3xf32>
  // CHECK: stablehlo.cholesky %arg0 : tensor<3x3xf32>
  %1 = stablehlo.cholesky %a : tensor<3x3xf32>
  // CHECK: stablehlo.cholesky %arg1, lower = true : tensor<2x4x4xcomplex<f64>>
  %2 = "stablehlo.cholesky"(%b) {lower = true} : (tensor<2x4x4xcomplex<f64>>) -> tensor<2x4x4xcomplex<f64>>
  return %0, %1, %2 : tensor<3x3xf32>, tensor<3x3xf32>, tensor<2x4x4xcomplex<f64>>
}

// CHECK-LABEL: func.func @batch_norm
func.func @batch_norm(%x: tensor<2x2x2xf64>, %s: tensor<2xf64>) -> (tensor<2x2x2xf64>, tensor<2x2x2xf64>, tensor<2x2x2xf64>) {
  // CHECK: "stablehlo.batch_norm_training"(%arg0, %arg1, %arg1) <{epsilon = 0.000000e+00 : f32, feature_index = 2 : i64}> : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
  %out, %mean, %var = "stablehlo.batch_norm_training"(%x, %s, %s) {
    epsilon = 0.0 : f32,
    feature_index = 2 : i64
  } : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
  // CHECK: "stablehlo.batch_norm_inference"(%arg0, %arg1, %arg1, %arg1, %arg1) <{epsilon = 1.000000e-03 : f32, feature_index = 2 : i64}> : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<2x2x2xf64>
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) {
    epsilon = 0.001 : f32,
    feature_index = 2 : i64
  } : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<2x2x2xf64>
  // CHECK: "stablehlo.batch_norm_grad"(%arg0, %arg1, %arg1, %arg1, %arg0) <{epsilon = 0.000000e+00 : f32, feature_index = 2 : i64}> : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2x2x2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
  %g, %gs, %go = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) <{epsilon = 0.0 : f32, feature_index = 2 : i64}> : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2x2x2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
  return %out, %0, %g : tensor<2x2x2xf64>, tensor<2x2x2xf64>, tensor<2x2x2xf64>
}

// CHECK-LABEL: func.func @einsum
func.func @einsum(%a: tensor<4x3xf32>, %b: tensor<3x5xf32>) -> (tensor<4x5xf32>, tensor<4xf32>) {
  // CHECK: stablehlo.einsum %arg0, %arg1, config = "ab,bc->ac" : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  %0 = stablehlo.einsum %a, %b, config = "ab,bc->ac" : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  // CHECK: stablehlo.unary_einsum %arg0, config = "ab->a" : (tensor<4x3xf32>) -> tensor<4xf32>
  %1 = "stablehlo.unary_einsum"(%a) {einsum_config = "ab->a"} : (tensor<4x3xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4x5xf32>, tensor<4xf32>
}
