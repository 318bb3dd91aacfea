// RUN: jx-opt %s -split-input-file -verify-diagnostics

// Verifier tests of the linalg ops, one function per checked constraint,
// named after the constraint's label.

//===----------------------------------------------------------------------===//
// dot_general
//===----------------------------------------------------------------------===//

func.func @dot_general_c1(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{lhs_batching_dimensions [0] and rhs_batching_dimensions [] must have the same size (dot_general_c1)}}
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @dot_general_c2(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{lhs_contracting_dimensions [1] and rhs_contracting_dimensions [0, 1] must have the same size (dot_general_c2)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0, 1] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_c3(%a: tensor<2x2x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x2x5xf32> {
  // expected-error @+1 {{lhs_batching_dimensions + lhs_contracting_dimensions [0, 0] must be unique (dot_general_c3)}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [0] x [1] : (tensor<2x2x4xf32>, tensor<2x4x5xf32>) -> tensor<2x2x5xf32>
  return %0 : tensor<2x2x5xf32>
}

// -----

func.func @dot_general_c4(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{rhs_batching_dimensions + rhs_contracting_dimensions [0, 0] must be unique (dot_general_c4)}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [0] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @dot_general_c5(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{lhs_batching_dimensions [3] must be in range [0, 3) (dot_general_c5)}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [3] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @dot_general_c6(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{lhs_contracting_dimensions [-1] must be in range [0, 2) (dot_general_c6)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [-1] x [0] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_c7(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{rhs_batching_dimensions [5] must be in range [0, 3) (dot_general_c7)}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [5], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @dot_general_c8(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{rhs_contracting_dimensions [2] must be in range [0, 2) (dot_general_c8)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [2] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_c9(%a: tensor<2x3x4xf32>, %b: tensor<3x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{batching dimension sizes must match, but dim(lhs, 0) = 2 and dim(rhs, 0) = 3 (dot_general_c9)}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @dot_general_c10(%a: tensor<3x4xf32>, %b: tensor<6x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{contracting dimension sizes must match, but dim(lhs, 1) = 4 and dim(rhs, 0) = 6 (dot_general_c10)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<6x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_c11(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{precision_config must have 2 entries, got 3 (dot_general_c11)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT, HIGH] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_c12(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<3x2x5xf32> {
  // expected-error @+1 {{result shape [3, 2, 5] must be [2, 3, 5] (dot_general_c12)}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<3x2x5xf32>
  return %0 : tensor<3x2x5xf32>
}

// -----

func.func @dot_general_c13(%a: tensor<3x4xf32>, %b: tensor<4x5xf16>) -> tensor<3x5xf32> {
  // expected-error @+1 {{lhs element type 'f32' and rhs element type 'f16' must match (dot_general_c13)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4x5xf16>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_c14(%a: tensor<3x4x!quant.uniform<i8:f32, 1.0:0>>, %b: tensor<4x5xf32>) -> tensor<3x5x!quant.uniform<i32:f32, 1.0:0>> {
  // expected-error @+1 {{a quantized dot_general needs a quantized rhs and lhs and result both quantized or both not}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4x!quant.uniform<i8:f32, 1.0:0>>, tensor<4x5xf32>) -> tensor<3x5x!quant.uniform<i32:f32, 1.0:0>>
  return %0 : tensor<3x5x!quant.uniform<i32:f32, 1.0:0>>
}

// -----

func.func @dot_general_c15(%a: tensor<3x4x!quant.uniform<i8:f32, 1.0:0>>, %b: tensor<4x5x!quant.uniform<i8:f32, 1.0:2>>) -> tensor<3x5x!quant.uniform<i32:f32, 1.0:0>> {
  // expected-error @+1 {{rhs zero points must be 0}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4x!quant.uniform<i8:f32, 1.0:0>>, tensor<4x5x!quant.uniform<i8:f32, 1.0:2>>) -> tensor<3x5x!quant.uniform<i32:f32, 1.0:0>>
  return %0 : tensor<3x5x!quant.uniform<i32:f32, 1.0:0>>
}

// -----

func.func @dot_general_c16(%a: tensor<3x2xf32>, %b: tensor<2x5x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0}>>) -> tensor<3x5xf32> {
  // expected-error @+1 {{quantization dimension 0 of rhs must not be in rhs_contracting_dimensions [0] (dot_general_c16)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x2xf32>, tensor<2x5x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0}>>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_c17(%a: tensor<3x4x!quant.uniform<i8:f32, 1.0:0>>, %b: tensor<4x5x!quant.uniform<i16:f32, 1.0:0>>) -> tensor<3x5x!quant.uniform<i32:f32, 1.0:0>> {
  // expected-error @+1 {{lhs storage type 'i8' and rhs storage type 'i16' must match (dot_general_c17)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4x!quant.uniform<i8:f32, 1.0:0>>, tensor<4x5x!quant.uniform<i16:f32, 1.0:0>>) -> tensor<3x5x!quant.uniform<i32:f32, 1.0:0>>
  return %0 : tensor<3x5x!quant.uniform<i32:f32, 1.0:0>>
}

// -----

func.func @dot_general_c18(%a: tensor<3x4x!quant.uniform<i8:f32, 1.0:0>>, %b: tensor<4x5x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<3x5x!quant.uniform<i32:f16, 1.0:0>> {
  // expected-error @+1 {{expressed types of lhs ('f32'), rhs ('f32') and result ('f16') must match (dot_general_c18)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4x!quant.uniform<i8:f32, 1.0:0>>, tensor<4x5x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<3x5x!quant.uniform<i32:f16, 1.0:0>>
  return %0 : tensor<3x5x!quant.uniform<i32:f16, 1.0:0>>
}

// -----

func.func @dot_general_c19(%a: tensor<3x4x!quant.uniform<i8:f32, 1.0:0>>, %b: tensor<4x2x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<3x2x!quant.uniform<i32:f32:1, {1.0:0, 2.0:0}>> {
  // expected-error @+1 {{result must be per-tensor quantized when rhs is}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4x!quant.uniform<i8:f32, 1.0:0>>, tensor<4x2x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<3x2x!quant.uniform<i32:f32:1, {1.0:0, 2.0:0}>>
  return %0 : tensor<3x2x!quant.uniform<i32:f32:1, {1.0:0, 2.0:0}>>
}

// -----

func.func @dot_general_c20(%a: tensor<3x4xf16>, %b: tensor<4x5x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<3x5xf16> {
  // expected-error @+1 {{lhs element type 'f16', rhs expressed type 'f32' and result element type 'f16' must match (dot_general_c20)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4xf16>, tensor<4x5x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<3x5xf16>
  return %0 : tensor<3x5xf16>
}

// -----

func.func @dot_general_c21(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{precision_config must be DEFAULT when an algorithm is given, got HIGHEST (dot_general_c21)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, HIGHEST], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_c22(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{lhs_component_count must be positive, got 0 (dot_general_c22)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 0, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_c23(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{rhs_component_count must be positive, got -1 (dot_general_c23)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = -1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_c24(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{num_primitive_operations must be positive, got 0 (dot_general_c24)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 0, allow_imprecise_accumulation = false> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_syntax(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{expected 'precision' or 'algorithm'}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], accuracy = [DEFAULT] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

//===----------------------------------------------------------------------===//
// dot
//===----------------------------------------------------------------------===//

func.func @dot_rank(%a: tensor<2x3x4xf32>, %b: tensor<4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{operands must be vectors or matrices, got ranks 3 and 2}}
  %0 = stablehlo.dot %a, %b : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @dot_contracting(%a: tensor<3x4xf32>, %b: tensor<5x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{contracting dimension sizes must match, but dim(lhs, 1) = 4 and dim(rhs, 0) = 5 (dot_general_c10)}}
  %0 = stablehlo.dot %a, %b : (tensor<3x4xf32>, tensor<5x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_result(%a: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{result shape [4] must be [3] (dot_general_c12)}}
  %0 = stablehlo.dot %a, %b : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// convolution
//===----------------------------------------------------------------------===//

func.func @convolution_c1(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{lhs rank 4 and rhs rank 3 must match (convolution_c1)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_c1_rank(%a: tensor<4xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{operands must have rank at least 2 (batch and feature dimensions), got 1 (convolution_c1)}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 0, input_spatial_dimensions = [], kernel_input_feature_dimension = 0, kernel_output_feature_dimension = 0, kernel_spatial_dimensions = [], output_batch_dimension = 0, output_feature_dimension = 0, output_spatial_dimensions = []>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<4xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @convolution_c2(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{window_strides must have 2 entries (one per spatial dimension), got 1 (convolution_c2)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_c3(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{window_strides [1, 0] must be positive (convolution_c3)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 0]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_c4(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{padding shape [1, 2] must be [2, 2] (convolution_c4)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_c4_generic(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{padding shape [2, 3] must be [2, 2] (convolution_c4)}}
  %0 = "stablehlo.convolution"(%a, %b) {padding = dense<0> : tensor<2x3xi64>, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_c5(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{lhs_dilation must have 2 entries (one per spatial dimension), got 3 (convolution_c5)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {lhs_dilate = [1, 1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_c6(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{lhs_dilation [0, 1] must be positive (convolution_c6)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {lhs_dilate = [0, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_c7(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{rhs_dilation must have 2 entries (one per spatial dimension), got 0 (convolution_c7)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {rhs_dilate = []} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_c8(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{rhs_dilation [1, -2] must be positive (convolution_c8)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {rhs_dilate = [1, -2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_c9(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{window_reversal must have 2 entries (one per spatial dimension), got 1 (convolution_c9)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {reverse = [false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_c10(%a: tensor<3x4x4x1xf32>, %b: tensor<3x3x1x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{input batch dimension size 3 must be divisible by batch_group_count 2 (convolution_c10)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<3x4x4x1xf32>, tensor<3x3x1x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @convolution_c11(%a: tensor<1x4x4x3xf32>, %b: tensor<3x3x1x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{input feature dimension size 3 must be divisible by feature_group_count 2 (convolution_c11)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x4x3xf32>, tensor<3x3x1x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @convolution_c12(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{input_spatial_dimensions must have 2 entries (one per spatial dimension), got 1 (convolution_c12)}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_c13(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{input dimensions [0, 1, 1, 3] must be unique (convolution_c13)}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 1], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_c13_range(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{input dimensions [0, 1, 2, 4] must be in range [0, 4) (convolution_c13)}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 4, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_c14(%a: tensor<1x4x4x4xf32>, %b: tensor<3x3x4x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{kernel input feature dimension size 4 must be the input feature dimension size 4 / feature_group_count 2 = 2 (convolution_c14)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x4x4xf32>, tensor<3x3x4x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @convolution_c15(%a: tensor<2x4x4x1xf32>, %b: tensor<3x3x1x3xf32>) -> tensor<1x2x2x3xf32> {
  // expected-error @+1 {{kernel output feature dimension size 3 must be divisible by batch_group_count 2 (convolution_c15)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x4x4x1xf32>, tensor<3x3x1x3xf32>) -> tensor<1x2x2x3xf32>
  return %0 : tensor<1x2x2x3xf32>
}

// -----

func.func @convolution_c16(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x1x3xf32>) -> tensor<1x2x2x3xf32> {
  // expected-error @+1 {{kernel output feature dimension size 3 must be divisible by feature_group_count 2 (convolution_c16)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x1x3xf32>) -> tensor<1x2x2x3xf32>
  return %0 : tensor<1x2x2x3xf32>
}

// -----

func.func @convolution_c17(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{kernel_spatial_dimensions must have 2 entries (one per spatial dimension), got 3 (convolution_c17)}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1, 2], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_c18(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{kernel dimensions [0, 1, 2, 2] must be unique (convolution_c18)}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_c19(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{output_spatial_dimensions must have 2 entries (one per spatial dimension), got 1 (convolution_c19)}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_c20(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{output dimensions [0, 1, 2, 7] must be in range [0, 4) (convolution_c20)}}
  %0 = "stablehlo.convolution"(%a, %b) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 7, output_spatial_dimensions = [1, 2]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_c21(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{feature_group_count must be positive, got 0 (convolution_c21)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 0 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_c22(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{batch_group_count must be positive, got -1 (convolution_c22)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = -1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_c23(%a: tensor<2x4x4x2xf32>, %b: tensor<3x3x1x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{feature_group_count (2) or batch_group_count (2) must be 1 (convolution_c23)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 2 : i64} : (tensor<2x4x4x2xf32>, tensor<3x3x1x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @convolution_c24(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{precision_config must have 2 entries, got 1 (convolution_c24)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>]} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_c25(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x3x3x1xf32> {
  // expected-error @+1 {{result shape [1, 3, 3, 1] must be [1, 2, 2, 1] (convolution_c25)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x3x3x1xf32>
  return %0 : tensor<1x3x3x1xf32>
}

// -----

func.func @convolution_c25_window(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // Strides 2, padding 1 and a dilated window of 5: (4 + 2 - 5) / 2 + 1 = 1.
  // expected-error @+1 {{result shape [1, 2, 2, 1] must be [1, 1, 1, 1] (convolution_c25)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_c26(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2xf32> {
  // expected-error @+1 {{result rank 3 must be 4 (convolution_c26)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2xf32>
  return %0 : tensor<1x2x2xf32>
}

// -----

func.func @convolution_c27(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf16>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{lhs element type 'f32' and rhs element type 'f16' must match (convolution_c27)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf16>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_c28(%a: tensor<1x4x4x1x!quant.uniform<i8:f32, 1.0:0>>, %b: tensor<3x3x1x1x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{a quantized convolution needs a quantized rhs and lhs and result both quantized or both not}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1x!quant.uniform<i8:f32, 1.0:0>>, tensor<3x3x1x1x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_c29(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x2x!quant.uniform<i8:f32:2, {1.0:0}>>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{quantization dimension 2 of rhs must be the kernel output feature dimension 3 (convolution_c29)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x2x!quant.uniform<i8:f32:2, {1.0:0}>>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @convolution_c30(%a: tensor<1x4x4x1x!quant.uniform<i8:f32, 1.0:0>>, %b: tensor<3x3x1x2x!quant.uniform<i8:f32:3, {1.0:0, 2.0:0}>>) -> tensor<1x2x2x2x!quant.uniform<i32:f32:1, {1.0:0, 2.0:0}>> {
  // expected-error @+1 {{quantization dimension 1 of the result must be the output feature dimension 3 (convolution_c30)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1x!quant.uniform<i8:f32, 1.0:0>>, tensor<3x3x1x2x!quant.uniform<i8:f32:3, {1.0:0, 2.0:0}>>) -> tensor<1x2x2x2x!quant.uniform<i32:f32:1, {1.0:0, 2.0:0}>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i32:f32:1, {1.0:0, 2.0:0}>>
}

// -----

func.func @convolution_c31(%a: tensor<1x4x4x1x!quant.uniform<i8:f32, 1.0:0>>, %b: tensor<3x3x1x1x!quant.uniform<i16:f32, 1.0:0>>) -> tensor<1x2x2x1x!quant.uniform<i32:f32, 1.0:0>> {
  // expected-error @+1 {{lhs storage type 'i8' and rhs storage type 'i16' must match (convolution_c31)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1x!quant.uniform<i8:f32, 1.0:0>>, tensor<3x3x1x1x!quant.uniform<i16:f32, 1.0:0>>) -> tensor<1x2x2x1x!quant.uniform<i32:f32, 1.0:0>>
  return %0 : tensor<1x2x2x1x!quant.uniform<i32:f32, 1.0:0>>
}

// -----

func.func @convolution_c32(%a: tensor<1x4x4x1x!quant.uniform<i8:f32, 1.0:0>>, %b: tensor<3x3x1x1x!quant.uniform<i8:f16, 1.0:0>>) -> tensor<1x2x2x1x!quant.uniform<i32:f32, 1.0:0>> {
  // expected-error @+1 {{expressed types of lhs ('f32'), rhs ('f16') and result ('f32') must match (convolution_c32)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1x!quant.uniform<i8:f32, 1.0:0>>, tensor<3x3x1x1x!quant.uniform<i8:f16, 1.0:0>>) -> tensor<1x2x2x1x!quant.uniform<i32:f32, 1.0:0>>
  return %0 : tensor<1x2x2x1x!quant.uniform<i32:f32, 1.0:0>>
}

// -----

func.func @convolution_c33(%a: tensor<1x4x4x1x!quant.uniform<i8:f32, 1.0:0>>, %b: tensor<3x3x1x2x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<1x2x2x2x!quant.uniform<i32:f32:3, {1.0:0, 2.0:0}>> {
  // expected-error @+1 {{result must be per-tensor quantized when rhs is}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1x!quant.uniform<i8:f32, 1.0:0>>, tensor<3x3x1x2x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<1x2x2x2x!quant.uniform<i32:f32:3, {1.0:0, 2.0:0}>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i32:f32:3, {1.0:0, 2.0:0}>>
}

// -----

func.func @convolution_c34(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<1x2x2x1xf16> {
  // expected-error @+1 {{lhs element type 'f32', rhs expressed type 'f32' and result element type 'f16' must match (convolution_c34)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1x!quant.uniform<i8:f32, 1.0:0>>) -> tensor<1x2x2x1xf16>
  return %0 : tensor<1x2x2x1xf16>
}

// -----

func.func @convolution_layout_syntax(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{expected 'b', 'f' or a spatial dimension number, each once, got 'o'}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, o]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_window_syntax(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{unknown window entry 'strides', expected stride, pad, lhs_dilate, rhs_dilate or reverse}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {strides = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @convolution_pad_syntax(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{expected [low, high] padding, got 3 values}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[0, 0, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  return %0 : tensor<1x2x2x1xf32>
}

// -----

//===----------------------------------------------------------------------===//
// dynamic_conv
//===----------------------------------------------------------------------===//

func.func @dynamic_conv_c4(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>, %p: tensor<2x3xi64>) -> tensor<1x?x?x1xf32> {
  // expected-error @+1 {{padding shape [2, 3] must be [2, 2] (dynamic_conv_c4)}}
  %0 = "stablehlo.dynamic_conv"(%a, %b, %p) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>, tensor<2x3xi64>) -> tensor<1x?x?x1xf32>
  return %0 : tensor<1x?x?x1xf32>
}

// -----

func.func @dynamic_conv_c14(%a: tensor<1x4x4x2xf32>, %b: tensor<3x3x1x1xf32>, %p: tensor<2x2xi64>) -> tensor<1x?x?x1xf32> {
  // expected-error @+1 {{kernel input feature dimension size 1 must be the input feature dimension size 2 / feature_group_count 1 = 2 (dynamic_conv_c14)}}
  %0 = "stablehlo.dynamic_conv"(%a, %b, %p) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x1x1xf32>, tensor<2x2xi64>) -> tensor<1x?x?x1xf32>
  return %0 : tensor<1x?x?x1xf32>
}

// -----

func.func @dynamic_conv_c25(%a: tensor<1x4x4x1xf32>, %b: tensor<3x3x1x1xf32>, %p: tensor<2x2xi64>) -> tensor<2x?x?x1xf32> {
  // expected-error @+1 {{result shape [2, ?, ?, 1] must be [1, ?, ?, 1] (dynamic_conv_c25)}}
  %0 = "stablehlo.dynamic_conv"(%a, %b, %p) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>, tensor<2x2xi64>) -> tensor<2x?x?x1xf32>
  return %0 : tensor<2x?x?x1xf32>
}

// -----

//===----------------------------------------------------------------------===//
// fft
//===----------------------------------------------------------------------===//

func.func @fft_c1(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{operand rank 1 must be at least size(fft_length) = 2 (fft_c1)}}
  %0 = stablehlo.fft %x, type = FFT, length = [4, 4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @fft_c2_operand(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{FFT needs a complex operand, got element type 'f32' (fft_c2)}}
  %0 = stablehlo.fft %x, type = FFT, length = [4] : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @fft_c2_rfft(%x: tensor<4xcomplex<f32>>) -> tensor<3xcomplex<f32>> {
  // expected-error @+1 {{RFFT needs a floating-point operand, got element type 'complex<f32>' (fft_c2)}}
  %0 = stablehlo.fft %x, type = RFFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  return %0 : tensor<3xcomplex<f32>>
}

// -----

func.func @fft_c2_result(%x: tensor<4xf64>) -> tensor<3xcomplex<f32>> {
  // expected-error @+1 {{RFFT of element type 'f64' produces element type 'complex<f64>', not 'complex<f32>' (fft_c2)}}
  %0 = stablehlo.fft %x, type = RFFT, length = [4] : (tensor<4xf64>) -> tensor<3xcomplex<f32>>
  return %0 : tensor<3xcomplex<f32>>
}

// -----

func.func @fft_c3(%x: tensor<2x2x2x2xcomplex<f32>>) -> tensor<2x2x2x2xcomplex<f32>> {
  // expected-error @+1 {{fft_length [2, 2, 2, 2] must have 1 to 3 entries (fft_c3)}}
  %0 = stablehlo.fft %x, type = FFT, length = [2, 2, 2, 2] : (tensor<2x2x2x2xcomplex<f32>>) -> tensor<2x2x2x2xcomplex<f32>>
  return %0 : tensor<2x2x2x2xcomplex<f32>>
}

// -----

func.func @fft_c3_empty(%x: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  // expected-error @+1 {{fft_length [] must have 1 to 3 entries (fft_c3)}}
  %0 = stablehlo.fft %x, type = FFT, length = [] : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

func.func @fft_c4_rfft(%x: tensor<3x8xf32>) -> tensor<3x5xcomplex<f32>> {
  // expected-error @+1 {{trailing dimensions [8] of the real operand must be fft_length [6] (fft_c4)}}
  %0 = stablehlo.fft %x, type = RFFT, length = [6] : (tensor<3x8xf32>) -> tensor<3x5xcomplex<f32>>
  return %0 : tensor<3x5xcomplex<f32>>
}

// -----

func.func @fft_c4_irfft(%x: tensor<3x5xcomplex<f32>>) -> tensor<3x9xf32> {
  // expected-error @+1 {{result shape [3, 9] must end in fft_length [8] (fft_c4)}}
  %0 = stablehlo.fft %x, type = IRFFT, length = [8] : (tensor<3x5xcomplex<f32>>) -> tensor<3x9xf32>
  return %0 : tensor<3x9xf32>
}

// -----

func.func @fft_c5_rfft(%x: tensor<3x8xf32>) -> tensor<3x8xcomplex<f32>> {
  // expected-error @+1 {{result shape [3, 8] must be [3, 5] (fft_c5)}}
  %0 = stablehlo.fft %x, type = RFFT, length = [8] : (tensor<3x8xf32>) -> tensor<3x8xcomplex<f32>>
  return %0 : tensor<3x8xcomplex<f32>>
}

// -----

func.func @fft_c5_irfft(%x: tensor<3x4xcomplex<f32>>) -> tensor<3x8xf32> {
  // expected-error @+1 {{last operand dimension 4 must be fft_length[-1] / 2 + 1 = 5 (fft_c5)}}
  %0 = stablehlo.fft %x, type = IRFFT, length = [8] : (tensor<3x4xcomplex<f32>>) -> tensor<3x8xf32>
  return %0 : tensor<3x8xf32>
}

// -----

func.func @fft_c5_fft(%x: tensor<3x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>> {
  // expected-error @+1 {{result shape [2, 4] must be [3, 4] (fft_c5)}}
  %0 = stablehlo.fft %x, type = FFT, length = [4] : (tensor<3x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>>
  return %0 : tensor<2x4xcomplex<f32>>
}

// -----

func.func @fft_type_syntax(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{unknown fft_type 'DFT'}}
  %0 = stablehlo.fft %x, type = DFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

//===----------------------------------------------------------------------===//
// triangular_solve
//===----------------------------------------------------------------------===//

func.func @triangular_solve_c1(%a: tensor<3x3xf32>, %b: tensor<3x1xf64>) -> tensor<3x1xf64> {
  // expected-error @+1 {{element types of a ('f32') and b ('f64') must match (triangular_solve_c1)}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x1xf64>) -> tensor<3x1xf64>
  return %0 : tensor<3x1xf64>
}

// -----

func.func @triangular_solve_c2(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{a and b must have the same rank of at least 2, got 1 and 1 (triangular_solve_c2)}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @triangular_solve_c2_ranks(%a: tensor<2x3x3xf32>, %b: tensor<3x1xf32>) -> tensor<3x1xf32> {
  // expected-error @+1 {{a and b must have the same rank of at least 2, got 3 and 2 (triangular_solve_c2)}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// -----

func.func @triangular_solve_c3_batch(%a: tensor<2x3x3xf32>, %b: tensor<4x3x1xf32>) -> tensor<4x3x1xf32> {
  // expected-error @+1 {{batch dimensions of a [2] and b [4] must match (triangular_solve_c3)}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<4x3x1xf32>) -> tensor<4x3x1xf32>
  return %0 : tensor<4x3x1xf32>
}

// -----

func.func @triangular_solve_c3_square(%a: tensor<3x4xf32>, %b: tensor<3x1xf32>) -> tensor<3x1xf32> {
  // expected-error @+1 {{a must be square in its last two dimensions, got [3, 4] (triangular_solve_c3)}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x4xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// -----

func.func @triangular_solve_c3_side(%a: tensor<3x3xf32>, %b: tensor<3x1xf32>) -> tensor<3x1xf32> {
  // expected-error @+1 {{dimension -1 of b (1) must match the size of a (3) with left_side = false (triangular_solve_c3)}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// -----

func.func @triangular_solve_c4(%a: tensor<3x3xf32>, %b: tensor<3x1xf32>) -> tensor<1x3xf32> {
  // expected-error @+1 {{result type 'tensor<1x3xf32>' must match the type of b 'tensor<3x1xf32>' (triangular_solve_c4)}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}

// -----

func.func @triangular_solve_I6(%a: tensor<3x3xf32>, %b: tensor<3x1xf32>) -> tensor<3x1xf32> {
  // expected-error @+1 {{transpose_a must be NO_TRANSPOSE, TRANSPOSE or ADJOINT (triangular_solve_I6)}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE_INVALID>} : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// -----

//===----------------------------------------------------------------------===//
// cholesky
//===----------------------------------------------------------------------===//

func.func @cholesky_c1(%a: tensor<3x3xf32>) -> tensor<3x3xf64> {
  // expected-error @+1 {{result type 'tensor<3x3xf64>' must match the type of a 'tensor<3x3xf32>' (cholesky_c1)}}
  %0 = "stablehlo.cholesky"(%a) {lower = true} : (tensor<3x3xf32>) -> tensor<3x3xf64>
  return %0 : tensor<3x3xf64>
}

// -----

func.func @cholesky_c2(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{a must have rank at least 2, got 1 (cholesky_c2)}}
  %0 = stablehlo.cholesky %a, lower = true : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @cholesky_c3(%a: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{a must be square in its last two dimensions, got [3, 4] (cholesky_c3)}}
  %0 = stablehlo.cholesky %a : tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// batch_norm_training
//===----------------------------------------------------------------------===//

func.func @batch_norm_training_c1(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{feature_index 2 must be in range [0, 2) (batch_norm_training_c1)}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_training_c2(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf16>) -> tensor<2x3xf32> {
  // expected-error @+1 {{offset element type 'f16' must match operand element type 'f32' (batch_norm_training_c2)}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf16>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_training_c2_result(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{batch_var element type 'f16' must match operand element type 'f32' (batch_norm_training_c2)}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf16>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_training_c3(%x: tensor<2x3xf32>, %s: tensor<2xf32>, %o: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{scale must be a 1-dimensional tensor of size 3 = dim(operand, feature_index), got shape [2] (batch_norm_training_c3)}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<2xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_training_c4(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %o: tensor<3x1xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{offset must be a 1-dimensional tensor of size 3 = dim(operand, feature_index), got shape [3, 1] (batch_norm_training_c4)}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3x1xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_training_c5(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{batch_mean shape [2] must be [3] (batch_norm_training_c5)}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_training_c6(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{batch_var shape [4] must be [3] (batch_norm_training_c6)}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<4xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_training_c7(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{output type 'tensor<3x2xf32>' must match operand type 'tensor<2x3xf32>' (batch_norm_training_c7)}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<3x2xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<3x2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// batch_norm_inference
//===----------------------------------------------------------------------===//

func.func @batch_norm_inference_c1(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{feature_index -1 must be in range [0, 2) (batch_norm_inference_c1)}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = -1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_inference_c2(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %m: tensor<3xbf16>) -> tensor<2x3xf32> {
  // expected-error @+1 {{mean element type 'bf16' must match operand element type 'f32' (batch_norm_inference_c2)}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %m, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xbf16>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_inference_c3(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %bad: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{scale must be a 1-dimensional tensor of size 3 = dim(operand, feature_index), got shape [2] (batch_norm_inference_c3)}}
  %0 = "stablehlo.batch_norm_inference"(%x, %bad, %s, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_inference_c4(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %bad: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{offset must be a 1-dimensional tensor of size 3 = dim(operand, feature_index), got shape [2] (batch_norm_inference_c4)}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %bad, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<2xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_inference_c5(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %bad: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{mean must be a 1-dimensional tensor of size 3 = dim(operand, feature_index), got shape [2] (batch_norm_inference_c5)}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %bad, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_inference_c6(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %bad: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{variance must be a 1-dimensional tensor of size 3 = dim(operand, feature_index), got shape [2] (batch_norm_inference_c6)}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %bad) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_inference_c7(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf16> {
  // expected-error @+1 {{result type 'tensor<2x3xf16>' must match operand type 'tensor<2x3xf32>' (batch_norm_inference_c7)}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

//===----------------------------------------------------------------------===//
// batch_norm_grad
//===----------------------------------------------------------------------===//

func.func @batch_norm_grad_c1(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{feature_index 5 must be in range [0, 2) (batch_norm_grad_c1)}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) {epsilon = 1.0e-3 : f32, feature_index = 5 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_grad_c2(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %g: tensor<2x3xf16>) -> tensor<2x3xf32> {
  // expected-error @+1 {{grad_output element type 'f16' must match operand element type 'f32' (batch_norm_grad_c2)}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %g) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf16>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_grad_c2_result(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{grad_offset element type 'f64' must match operand element type 'f32' (batch_norm_grad_c2)}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf64>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_grad_c3(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %g: tensor<4x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{grad_output shape [4, 3] must match operand shape [2, 3] (batch_norm_grad_c3)}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %g) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_grad_c3_result(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{grad_operand shape [3, 3] must match operand shape [2, 3] (batch_norm_grad_c3)}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<3x3xf32>
}

// -----

func.func @batch_norm_grad_c4(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %m: tensor<?xf32>, %v: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{mean shape [?] and variance shape [4] must match scale shape [3] (batch_norm_grad_c4)}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %v, %x) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<?xf32>, tensor<4xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_grad_c4_result(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{grad_scale shape [2] must be [3] (batch_norm_grad_c4)}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_grad_c5(%x: tensor<2x3xf32>, %s: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{scale must be a 1-dimensional tensor of size 3 = dim(operand, feature_index), got shape [2] (batch_norm_grad_c5)}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// einsum, unary_einsum (not in the spec; no labels)
//===----------------------------------------------------------------------===//

func.func @einsum_config(%a: tensor<4x3xf32>, %b: tensor<3x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{einsum_config "ab->ac" must have the form "lhs,rhs->out"}}
  %0 = stablehlo.einsum %a, %b, config = "ab->ac" : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @unary_einsum_config(%a: tensor<4x3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{einsum_config "ab" must have the form "in->out"}}
  %0 = stablehlo.unary_einsum %a, config = "ab" : (tensor<4x3xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
