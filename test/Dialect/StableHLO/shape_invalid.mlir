// RUN: jx-opt %s -split-input-file -verify-diagnostics

// One case per checked constraint of the shape family, named after its label.

func.func @constant_c1() {
  // expected-error @+1 {{value type 'tensor<2xi32>' does not match result type 'tensor<3xi32>' (constant_c1)}}
  %0 = "stablehlo.constant"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<3xi32>
  return
}

// -----

func.func @constant_c1_quantized() {
  // expected-error @+1 {{(constant_c1)}}
  %0 = stablehlo.constant() <{value = dense<1> : tensor<2xi16>}> : () -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

func.func @iota_c1() {
  // expected-error @+1 {{'stablehlo.iota' op iota_dimension 2 must be in range [0, 2) (iota_c1)}}
  %0 = stablehlo.iota dim = 2 : tensor<2x3xf32>
  return
}

// -----

func.func @iota_c1_negative() {
  // expected-error @+1 {{iota_dimension -1 must be in range [0, 1) (iota_c1)}}
  %0 = stablehlo.iota dim = -1 : tensor<4xi32>
  return
}

// -----

func.func @dynamic_iota_c1(%s: tensor<2xi64>) {
  // expected-error @+1 {{iota_dimension 2 must be in range [0, 2) (dynamic_iota_c1)}}
  %0 = stablehlo.dynamic_iota %s, dim = 2 : (tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_iota_c2(%s: tensor<3xi64>) {
  // expected-error @+1 {{output_shape has 3 elements but the result has rank 2 (dynamic_iota_c2)}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<3xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @broadcast_in_dim_c1(%x: tensor<3xf32>) {
  // expected-error @+1 {{result element type 'i32' must match operand element type 'f32' (broadcast_in_dim_c1)}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<3xf32>) -> tensor<3x2xi32>
  return
}

// -----

func.func @broadcast_in_dim_c2(%x: tensor<3xf32>) {
  // expected-error @+1 {{broadcast_dimensions [0, 1] has 2 entries but the operand has rank 1 (broadcast_in_dim_c2)}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<3xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @broadcast_in_dim_c3(%x: tensor<3xf32>) {
  // expected-error @+1 {{broadcast_dimensions [2] must be in range [0, 2) (broadcast_in_dim_c3)}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [2] : (tensor<3xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @broadcast_in_dim_c4(%x: tensor<3x3xf32>) {
  // expected-error @+1 {{broadcast_dimensions [1, 1] must be unique (broadcast_in_dim_c4)}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [1, 1] : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @broadcast_in_dim_c5(%x: tensor<3xf32>) {
  // expected-error @+1 {{operand dimension 0 of size 3 cannot broadcast to result dimension 1 of size 4 (operand shape [3], result shape [2, 4]) (broadcast_in_dim_c5)}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @broadcast_in_dim_c6(%x: tensor<1x2x!quant.uniform<i8:f32:1, {0.1:1, 0.2:2}>>) {
  // expected-error @+1 {{(broadcast_in_dim_c6)}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<1x2x!quant.uniform<i8:f32:1, {0.1:1, 0.2:2}>>) -> tensor<3x4x2x!quant.uniform<i8:f32:1, {0.1:1, 0.2:2, 0.1:1, 0.2:2}>>
  return
}

// -----

func.func @broadcast_c1(%x: tensor<3xf32>) {
  // expected-error @+1 {{broadcast_sizes [-1] must be non-negative (broadcast_c1)}}
  %0 = stablehlo.broadcast %x, sizes = [-1] : (tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @broadcast_c2(%x: tensor<3xf32>) {
  // expected-error @+1 {{result shape [3, 2] must be [2, 3] (broadcast_c2)}}
  %0 = stablehlo.broadcast %x, sizes = [2] : (tensor<3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @broadcast_c3(%x: tensor<3xf32>) {
  // expected-error @+1 {{result element type 'f16' must be 'f32' (broadcast_c3)}}
  %0 = stablehlo.broadcast %x, sizes = [2] : (tensor<3xf32>) -> tensor<2x3xf16>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c1(%x: tensor<?xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{(dynamic_broadcast_in_dim_c1)}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf64>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c2(%x: tensor<?xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{(dynamic_broadcast_in_dim_c2)}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c3(%x: tensor<?xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{broadcast_dimensions [2] must be in range [0, 2) (dynamic_broadcast_in_dim_c3)}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [2] : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c4(%x: tensor<?x?xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{broadcast_dimensions [0, 0] must be unique (dynamic_broadcast_in_dim_c4)}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 0] : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c5(%x: tensor<3xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{(dynamic_broadcast_in_dim_c5)}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<3xf32>, tensor<2xi64>) -> tensor<?x4xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c7(%x: tensor<?xf32>, %s: tensor<3xi64>) {
  // expected-error @+1 {{output_dimensions has 3 elements but the result has rank 2 (dynamic_broadcast_in_dim_c7)}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<?xf32>, tensor<3xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c8(%x: tensor<?x?xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{known_expanding_dimensions + known_nonexpanding_dimensions [0, 0] must be unique (dynamic_broadcast_in_dim_c8)}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c9(%x: tensor<?x?xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{known_expanding_dimensions [2] must be in range [0, 2) (dynamic_broadcast_in_dim_c9)}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] {known_expanding_dimensions = array<i64: 2>} : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c10(%x: tensor<?x?xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{known_nonexpanding_dimensions [-1] must be in range [0, 2) (dynamic_broadcast_in_dim_c10)}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: -1>} : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @reshape_c1(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{result element type 'i32' must match operand element type 'f32' (reshape_c1)}}
  %0 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xi32>
  return
}

// -----

func.func @reshape_c2(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{operand shape [2, 3] has 6 elements but result shape [7] has 7 (reshape_c2)}}
  %0 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<7xf32>
  return
}

// -----

func.func @reshape_c3(%x: tensor<2x3x!quant.uniform<i8:f32:1, {0.1:1, 0.2:2, 0.3:3}>>) {
  // expected-error @+1 {{result shape [3, 2] does not keep quantization dimension 1 of operand shape [2, 3] (reshape_c3)}}
  %0 = stablehlo.reshape %x : (tensor<2x3x!quant.uniform<i8:f32:1, {0.1:1, 0.2:2, 0.3:3}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.1:1, 0.2:2}>>
  return
}

// -----

func.func @dynamic_reshape_c1(%x: tensor<?xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{result element type 'i32' must match operand element type 'f32' (dynamic_reshape_c1)}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xi32>
  return
}

// -----

func.func @dynamic_reshape_c2(%x: tensor<6xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{operand shape [6] and result shape [2, 2] must have the same number of elements (dynamic_reshape_c2)}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<2x2xf32>
  return
}

// -----

func.func @dynamic_reshape_c4(%x: tensor<?xf32>, %s: tensor<3xi64>) {
  // expected-error @+1 {{output_shape has 3 elements but the result has rank 2 (dynamic_reshape_c4)}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<?xf32>, tensor<3xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @transpose_c1(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{result element type 'f64' must match operand element type 'f32' (transpose_c1)}}
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf64>
  return
}

// -----

func.func @transpose_c2(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{permutation [0, 0] must be unique (transpose_c2)}}
  %0 = stablehlo.transpose %x, dims = [0, 0] : (tensor<2x3xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @transpose_c2_size(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{permutation [1, 0, 2] must have 2 entries, one per operand dimension (transpose_c2)}}
  %0 = stablehlo.transpose %x, dims = [1, 0, 2] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @transpose_c2_range(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{permutation [2, 0] must be in range [0, 2) (transpose_c2)}}
  %0 = stablehlo.transpose %x, dims = [2, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @transpose_c3(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{result shape [2, 3] must be [3, 2] (transpose_c3)}}
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @transpose_c4(%x: tensor<2x3x!quant.uniform<i8:f32:0, {0.1:1, 0.2:2}>>) {
  // expected-error @+1 {{(transpose_c4)}}
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32:0, {0.1:1, 0.2:2}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {0.1:1, 0.2:2}>>
  return
}

// -----

func.func @slice_c1(%x: tensor<3x8xi64>) {
  // expected-error @+1 {{result element type 'i32' must be 'i64' (slice_c1)}}
  %0 = stablehlo.slice %x [1:3, 4:8:2] : (tensor<3x8xi64>) -> tensor<2x2xi32>
  return
}

// -----

func.func @slice_c2(%x: tensor<3x8xi64>) {
  // expected-error @+1 {{start_indices [1], limit_indices [3] and strides [1] must each have 2 entries, the operand's rank (slice_c2)}}
  %0 = stablehlo.slice %x [1:3] : (tensor<3x8xi64>) -> tensor<2xi64>
  return
}

// -----

func.func @slice_c2_generic(%x: tensor<3x8xi64>) {
  // expected-error @+1 {{(slice_c2)}}
  %0 = "stablehlo.slice"(%x) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 1, 1>, strides = array<i64: 1>} : (tensor<3x8xi64>) -> tensor<1x1xi64>
  return
}

// -----

func.func @slice_c3(%x: tensor<3x8xi64>) {
  // expected-error @+1 {{slice 1:9 of dimension 1 (size 8) must satisfy 0 <= start <= limit <= size (slice_c3)}}
  %0 = stablehlo.slice %x [0:3, 1:9] : (tensor<3x8xi64>) -> tensor<3x8xi64>
  return
}

// -----

func.func @slice_c3_start_after_limit(%x: tensor<3x8xi64>) {
  // expected-error @+1 {{slice 2:1 of dimension 0 (size 3) must satisfy 0 <= start <= limit <= size (slice_c3)}}
  %0 = stablehlo.slice %x [2:1, 0:8] : (tensor<3x8xi64>) -> tensor<0x8xi64>
  return
}

// -----

func.func @slice_c3_negative(%x: tensor<3x8xi64>) {
  // expected-error @+1 {{(slice_c3)}}
  %0 = stablehlo.slice %x [-1:1, 0:8] : (tensor<3x8xi64>) -> tensor<2x8xi64>
  return
}

// -----

func.func @slice_c4(%x: tensor<3x8xi64>) {
  // expected-error @+1 {{strides [1, 0] must be positive (slice_c4)}}
  %0 = stablehlo.slice %x [0:3, 0:8:0] : (tensor<3x8xi64>) -> tensor<3x8xi64>
  return
}

// -----

func.func @slice_c5(%x: tensor<3x8xi64>) {
  // expected-error @+1 {{result shape [2, 3] must be [2, 2] (slice_c5)}}
  %0 = stablehlo.slice %x [1:3, 4:8:2] : (tensor<3x8xi64>) -> tensor<2x3xi64>
  return
}

// -----

func.func @dynamic_slice_c1(%x: tensor<3x3xi64>, %i: tensor<i64>) {
  // expected-error @+1 {{result element type 'f32' must be 'i64' (dynamic_slice_c1)}}
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [2, 2] : (tensor<3x3xi64>, tensor<i64>, tensor<i64>) -> tensor<2x2xf32>
  return
}

// -----

func.func @dynamic_slice_c2(%x: tensor<3x3xi64>, %i: tensor<i64>) {
  // expected-error @+1 {{has 1 start indices but the operand has rank 2 (dynamic_slice_c2)}}
  %0 = stablehlo.dynamic_slice %x, %i, sizes = [2, 2] : (tensor<3x3xi64>, tensor<i64>) -> tensor<2x2xi64>
  return
}

// -----

func.func @dynamic_slice_c2_sizes(%x: tensor<3x3xi64>, %i: tensor<i64>) {
  // expected-error @+1 {{slice_sizes [2] must have 2 entries, the operand's rank (dynamic_slice_c2)}}
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [2] : (tensor<3x3xi64>, tensor<i64>, tensor<i64>) -> tensor<2xi64>
  return
}

// -----

func.func @dynamic_slice_c3(%x: tensor<3x3xi64>, %i: tensor<i64>, %j: tensor<i32>) {
  // expected-error @+1 {{start indices must have the same type, got 'tensor<i64>' and 'tensor<i32>' (dynamic_slice_c3)}}
  %0 = stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 2] : (tensor<3x3xi64>, tensor<i64>, tensor<i32>) -> tensor<2x2xi64>
  return
}

// -----

func.func @dynamic_slice_c4(%x: tensor<3x3xi64>, %i: tensor<i64>) {
  // expected-error @+1 {{slice_sizes [2, 4] must be within [0, operand shape [3, 3]] (dynamic_slice_c4)}}
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [2, 4] : (tensor<3x3xi64>, tensor<i64>, tensor<i64>) -> tensor<2x4xi64>
  return
}

// -----

func.func @dynamic_slice_c5(%x: tensor<3x3xi64>, %i: tensor<i64>) {
  // expected-error @+1 {{result shape [2, 1] must be [2, 2] (dynamic_slice_c5)}}
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [2, 2] : (tensor<3x3xi64>, tensor<i64>, tensor<i64>) -> tensor<2x1xi64>
  return
}

// -----

func.func @dynamic_slice_index_type(%x: tensor<3xi64>, %i: tensor<1xi64>) {
  // expected-error @+1 {{operand #1 must be variadic of 0D tensor of}}
  %0 = stablehlo.dynamic_slice %x, %i, sizes = [2] : (tensor<3xi64>, tensor<1xi64>) -> tensor<2xi64>
  return
}

// -----

func.func @dynamic_update_slice_c1(%x: tensor<4xi64>, %u: tensor<2xi64>, %i: tensor<i64>) {
  // expected-error @+1 {{result type 'tensor<5xi64>' must match operand type 'tensor<4xi64>' (dynamic_update_slice_c1)}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<4xi64>, tensor<2xi64>, tensor<i64>) -> tensor<5xi64>
  return
}

// -----

func.func @dynamic_update_slice_c2(%x: tensor<4xi64>, %u: tensor<2xi32>, %i: tensor<i64>) {
  // expected-error @+1 {{update element type 'i32' must match operand element type 'i64' (dynamic_update_slice_c2)}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<4xi64>, tensor<2xi32>, tensor<i64>) -> tensor<4xi64>
  return
}

// -----

func.func @dynamic_update_slice_c3(%x: tensor<4xi64>, %u: tensor<1x2xi64>, %i: tensor<i64>) {
  // expected-error @+1 {{update rank 2 must match operand rank 1 (dynamic_update_slice_c3)}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<4xi64>, tensor<1x2xi64>, tensor<i64>) -> tensor<4xi64>
  return
}

// -----

func.func @dynamic_update_slice_c4(%x: tensor<4xi64>, %u: tensor<2xi64>, %i: tensor<i64>) {
  // expected-error @+1 {{has 2 start indices but the operand has rank 1 (dynamic_update_slice_c4)}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<4xi64>, tensor<2xi64>, tensor<i64>, tensor<i64>) -> tensor<4xi64>
  return
}

// -----

func.func @dynamic_update_slice_c5(%x: tensor<4x4xi64>, %u: tensor<2x2xi64>, %i: tensor<i64>, %j: tensor<ui32>) {
  // expected-error @+1 {{start indices must have the same type, got 'tensor<i64>' and 'tensor<ui32>' (dynamic_update_slice_c5)}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %j : (tensor<4x4xi64>, tensor<2x2xi64>, tensor<i64>, tensor<ui32>) -> tensor<4x4xi64>
  return
}

// -----

func.func @dynamic_update_slice_c6(%x: tensor<4xi64>, %u: tensor<5xi64>, %i: tensor<i64>) {
  // expected-error @+1 {{update shape [5] must not exceed operand shape [4] (dynamic_update_slice_c6)}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<4xi64>, tensor<5xi64>, tensor<i64>) -> tensor<4xi64>
  return
}

// -----

func.func @real_dynamic_slice_c1(%x: tensor<?xf32>, %s: tensor<1xi64>) {
  // expected-error @+1 {{(real_dynamic_slice_c1)}}
  %0 = stablehlo.real_dynamic_slice %x, %s, %s, %s : (tensor<?xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf16>
  return
}

// -----

func.func @real_dynamic_slice_c2(%x: tensor<?xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{(real_dynamic_slice_c2)}}
  %0 = stablehlo.real_dynamic_slice %x, %s, %s, %s : (tensor<?xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @real_dynamic_slice_c5(%x: tensor<?xf32>, %s: tensor<1xi64>) {
  // expected-error @+1 {{result rank 2 must match operand rank 1 (real_dynamic_slice_c5)}}
  %0 = stablehlo.real_dynamic_slice %x, %s, %s, %s : (tensor<?xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @concatenate_c1(%a: tensor<1x2xf16>, %b: tensor<1x2xf32>) {
  // expected-error @+1 {{input 1 has element type 'f32' but input 0 has element type 'f16' (concatenate_c1)}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x2xf16>, tensor<1x2xf32>) -> tensor<2x2xf16>
  return
}

// -----

func.func @concatenate_c2(%a: tensor<1x2xf16>, %b: tensor<1x3xf16>) {
  // expected-error @+1 {{input 1 has shape [1, 3] but input 0 has shape [1, 2]; they may differ only in dimension 0 (concatenate_c2)}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x2xf16>, tensor<1x3xf16>) -> tensor<2x2xf16>
  return
}

// -----

func.func @concatenate_c2_rank(%a: tensor<1x2xf16>, %b: tensor<2xf16>) {
  // expected-error @+1 {{(concatenate_c2)}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x2xf16>, tensor<2xf16>) -> tensor<2x2xf16>
  return
}

// -----

func.func @concatenate_c3() {
  // expected-error @+1 {{needs at least one input (concatenate_c3)}}
  %0 = "stablehlo.concatenate"() {dimension = 0 : i64} : () -> tensor<2xf32>
  return
}

// -----

func.func @concatenate_c4(%a: tensor<1x2xf16>) {
  // expected-error @+1 {{dimension 2 must be in range [0, 2) (concatenate_c4)}}
  %0 = stablehlo.concatenate %a, %a, dim = 2 : (tensor<1x2xf16>, tensor<1x2xf16>) -> tensor<1x4xf16>
  return
}

// -----

func.func @concatenate_c5(%a: tensor<1x2xf16>) {
  // expected-error @+1 {{result element type 'f32' must be 'f16' (concatenate_c5)}}
  %0 = stablehlo.concatenate %a, %a, dim = 0 : (tensor<1x2xf16>, tensor<1x2xf16>) -> tensor<2x2xf32>
  return
}

// -----

func.func @concatenate_c6(%a: tensor<1x2xf16>) {
  // expected-error @+1 {{result shape [1, 4] must be [2, 2] (concatenate_c6)}}
  %0 = stablehlo.concatenate %a, %a, dim = 0 : (tensor<1x2xf16>, tensor<1x2xf16>) -> tensor<1x4xf16>
  return
}

// -----

func.func @pad_c1(%x: tensor<2xf32>, %v: tensor<i32>) {
  // expected-error @+1 {{padding_value element type 'i32' must match operand element type 'f32' (pad_c1)}}
  %0 = stablehlo.pad %x, %v, low = [0], high = [0], interior = [0] : (tensor<2xf32>, tensor<i32>) -> tensor<2xf32>
  return
}

// -----

func.func @pad_c1_rank(%x: tensor<2xf32>, %v: tensor<1xf32>) {
  // expected-error @+1 {{padding_value must be a 0-dimensional tensor, got 'tensor<1xf32>' (pad_c1)}}
  %0 = stablehlo.pad %x, %v, low = [0], high = [0], interior = [0] : (tensor<2xf32>, tensor<1xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @pad_c1_result(%x: tensor<2xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{result element type 'f64' must be 'f32' (pad_c1)}}
  %0 = stablehlo.pad %x, %v, low = [0], high = [0], interior = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<2xf64>
  return
}

// -----

func.func @pad_c2(%x: tensor<2xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{low [0, 0], high [0] and interior [0] must each have 1 entries, the operand's rank (pad_c2)}}
  %0 = stablehlo.pad %x, %v, low = [0, 0], high = [0], interior = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @pad_c3(%x: tensor<2xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{interior padding [-1] must be non-negative (pad_c3)}}
  %0 = stablehlo.pad %x, %v, low = [0], high = [0], interior = [-1] : (tensor<2xf32>, tensor<f32>) -> tensor<1xf32>
  return
}

// -----

func.func @pad_c4(%x: tensor<2xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{result shape [4] must be [5] (pad_c4)}}
  %0 = stablehlo.pad %x, %v, low = [1], high = [1], interior = [1] : (tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

func.func @pad_c4_negative(%x: tensor<2xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{padding dimension 0 of size 2 with low -2, high -1 and interior 0 gives a negative or overflowing size (pad_c4)}}
  %0 = stablehlo.pad %x, %v, low = [-2], high = [-1], interior = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<0xf32>
  return
}

// -----

func.func @dynamic_pad_c1(%x: tensor<2xf32>, %v: tensor<f64>, %p: tensor<1xi64>) {
  // expected-error @+1 {{operand, padding_value and result element types 'f32', 'f64' and 'f32' must match (dynamic_pad_c1)}}
  %0 = stablehlo.dynamic_pad %x, %v, %p, %p, %p : (tensor<2xf32>, tensor<f64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @dynamic_pad_c2(%x: tensor<2xf32>, %v: tensor<f32>, %p: tensor<2xi64>) {
  // expected-error @+1 {{(dynamic_pad_c2)}}
  %0 = stablehlo.dynamic_pad %x, %v, %p, %p, %p : (tensor<2xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @dynamic_pad_c4(%x: tensor<2xf32>, %v: tensor<f32>, %p: tensor<1xi64>) {
  // expected-error @+1 {{result rank 2 must match operand rank 1 (dynamic_pad_c4)}}
  %0 = stablehlo.dynamic_pad %x, %v, %p, %p, %p : (tensor<2xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @reverse_c1(%x: tensor<3x2xi64>) {
  // expected-error @+1 {{result type 'tensor<2x3xi64>' must match operand type 'tensor<3x2xi64>' (reverse_c1)}}
  %0 = "stablehlo.reverse"(%x) {dimensions = array<i64: 0>} : (tensor<3x2xi64>) -> tensor<2x3xi64>
  return
}

// -----

func.func @reverse_c2(%x: tensor<3x2xi64>) {
  // expected-error @+1 {{dimensions [1, 1] must be unique (reverse_c2)}}
  %0 = stablehlo.reverse %x, dims = [1, 1] : tensor<3x2xi64>
  return
}

// -----

func.func @reverse_c3(%x: tensor<3x2xi64>) {
  // expected-error @+1 {{dimensions [2] must be in range [0, 2) (reverse_c3)}}
  %0 = stablehlo.reverse %x, dims = [2] : tensor<3x2xi64>
  return
}

// -----

func.func @get_dimension_size_c1(%x: tensor<?x2xf32>) {
  // expected-error @+1 {{dimension 2 must be in range [0, 2) (get_dimension_size_c1)}}
  %0 = stablehlo.get_dimension_size %x, dim = 2 : (tensor<?x2xf32>) -> tensor<i32>
  return
}

// -----

func.func @get_dimension_size_result(%x: tensor<?x2xf32>) {
  // expected-error @+1 {{result #0 must be 0D tensor of 32-bit signless integer values}}
  %0 = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x2xf32>) -> tensor<i64>
  return
}

// -----

func.func @tuple_c1(%a: tensor<2xi64>, %b: tensor<f32>) {
  // expected-error @+1 {{result type 'tuple<tensor<f32>, tensor<2xi64>>' must be 'tuple<tensor<2xi64>, tensor<f32>>' (tuple_c1)}}
  %0 = "stablehlo.tuple"(%a, %b) : (tensor<2xi64>, tensor<f32>) -> tuple<tensor<f32>, tensor<2xi64>>
  return
}

// -----

func.func @get_tuple_element_c1(%t: tuple<tensor<f32>, tensor<i32>>) {
  // expected-error @+1 {{index 2 must be in range [0, 2) (get_tuple_element_c1)}}
  %0 = stablehlo.get_tuple_element %t[2] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<f32>
  return
}

// -----

func.func @get_tuple_element_c2(%t: tuple<tensor<f32>, tensor<i32>>) {
  // expected-error @+1 {{result type 'tensor<f32>' must be 'tensor<i32>', element 1 of the operand (get_tuple_element_c2)}}
  %0 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<f32>
  return
}

// -----

func.func @torch_index_select_c1(%x: tensor<5x1x5xi32>, %i: tensor<2xi32>) {
  // expected-error @+1 {{dim 3 must be in range [0, 3) (torch_index_select_c1)}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {dim = 3 : i64, batch_dims = 0 : i64} : (tensor<5x1x5xi32>, tensor<2xi32>) -> tensor<2x1x5xi32>
  return
}

// -----

func.func @torch_index_select_c2(%x: tensor<5x1x5xi32>, %i: tensor<2xi32>) {
  // expected-error @+1 {{(torch_index_select_c2)}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {dim = 0 : i64, batch_dims = 1 : i64} : (tensor<5x1x5xi32>, tensor<2xi32>) -> tensor<2x1x5xi32>
  return
}

// -----

func.func @torch_index_select_c3(%x: tensor<4x3x2xf32>, %i: tensor<5x5xi64>) {
  // expected-error @+1 {{batch dimension 0 has size 4 in the operand but 5 in the index (torch_index_select_c3)}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {dim = 1 : i64, batch_dims = 1 : i64} : (tensor<4x3x2xf32>, tensor<5x5xi64>) -> tensor<4x5x2xf32>
  return
}

// -----

func.func @torch_index_select_c4(%x: tensor<5x1x5xi32>, %i: tensor<2xi32>) {
  // expected-error @+1 {{result shape [3, 1, 5] must be [2, 1, 5] (torch_index_select_c4)}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {dim = 0 : i64, batch_dims = 0 : i64} : (tensor<5x1x5xi32>, tensor<2xi32>) -> tensor<3x1x5xi32>
  return
}

// -----

// Malformed syntax is an error, never a crash.

func.func @slice_syntax(%x: tensor<3xi64>) {
  // expected-error @+1 {{expected ':'}}
  %0 = stablehlo.slice %x [1] : (tensor<3xi64>) -> tensor<2xi64>
  return
}

// -----

func.func @tuple_syntax(%a: tensor<f32>) {
  // expected-error @+1 {{expected a tuple type, got 'tensor<f32>'}}
  %0 = stablehlo.tuple %a : tensor<f32>
  return
}

// -----

func.func @tuple_operand_count(%a: tensor<f32>) {
  // expected-error @+1 {{number of operands and types do not match: got 1 operands and 2 types}}
  %0 = stablehlo.tuple %a : tuple<tensor<f32>, tensor<f32>>
  return
}

// -----

func.func @get_tuple_element_not_tuple(%a: tensor<f32>) {
  // expected-error @+1 {{operand #0 must be nested tuple}}
  %0 = stablehlo.get_tuple_element %a[0] : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @dynamic_slice_syntax(%x: tensor<3xi64>, %i: tensor<i64>) {
  // expected-error @+1 {{expected ','}}
  %0 = stablehlo.dynamic_slice %x, %i sizes = [1] : (tensor<3xi64>, tensor<i64>) -> tensor<1xi64>
  return
}
