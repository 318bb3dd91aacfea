// RUN: jxc run --split-input-file %s | FileCheck %s
// gather and dynamic_gather: expected values from JAX (lax.gather, XLA CPU,
// mode=promise_in_bounds), i.e. starts clamped to [0, dim - slice_size].

// CHECK: PASS gather_i64_spec_example
func.func @gather_i64_spec_example() {
  %operand = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6], [7, 8]], [[9, 10], [11, 12], [13, 14], [15, 16]], [[17, 18], [19, 20], [21, 22], [23, 24]]]> : tensor<3x4x2xi64>
  %start_indices = stablehlo.constant dense<[[[0, 0], [1, 0], [2, 1]], [[0, 1], [1, 1], [0, 9]]]> : tensor<2x3x2xi64>
  %result = "stablehlo.gather"(%operand, %start_indices) {
    dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>,
    slice_sizes = array<i64: 1, 2, 2>
  } : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  check.expect_eq_const %result, dense<[[[[1, 2], [3, 4]], [[3, 4], [5, 6]], [[13, 14], [15, 16]]], [[[9, 10], [11, 12]], [[11, 12], [13, 14]], [[17, 18], [19, 20]]]]> : tensor<2x3x2x2xi64>
  func.return
}

// -----

// CHECK: PASS gather_f32_batching_dims
func.func @gather_f32_batching_dims() {
  %operand = stablehlo.constant dense<[[[[0.5, 1.0], [1.5, 2.0], [2.5, 3.0], [3.5, 4.0]], [[4.5, 5.0], [5.5, 6.0], [6.5, 7.0], [7.5, 8.0]], [[8.5, 9.0], [9.5, 10.0], [10.5, 11.0], [11.5, 12.0]]], [[[12.5, 13.0], [13.5, 14.0], [14.5, 15.0], [15.5, 16.0]], [[16.5, 17.0], [17.5, 18.0], [18.5, 19.0], [19.5, 20.0]], [[20.5, 21.0], [21.5, 22.0], [22.5, 23.0], [23.5, 24.0]]]]> : tensor<2x3x4x2xf32>
  %start_indices = stablehlo.constant dense<[[[[0, 0], [1, 0], [2, 1]], [[0, 1], [1, 1], [0, 9]]], [[[0, 0], [2, 1], [2, 2]], [[1, 2], [0, 1], [1, 0]]]]> : tensor<2x2x3x2xi32>
  %result = "stablehlo.gather"(%operand, %start_indices) {
    dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>,
    slice_sizes = array<i64: 1, 1, 2, 2>
  } : (tensor<2x3x4x2xf32>, tensor<2x2x3x2xi32>) -> tensor<2x2x3x2x2xf32>
  check.expect_eq_const %result, dense<[[[[[0.5, 1.0], [1.5, 2.0]], [[1.5, 2.0], [2.5, 3.0]], [[6.5, 7.0], [7.5, 8.0]]], [[[16.5, 17.0], [17.5, 18.0]], [[17.5, 18.0], [18.5, 19.0]], [[20.5, 21.0], [21.5, 22.0]]]], [[[[0.5, 1.0], [1.5, 2.0]], [[6.5, 7.0], [7.5, 8.0]], [[10.5, 11.0], [11.5, 12.0]]], [[[21.5, 22.0], [22.5, 23.0]], [[16.5, 17.0], [17.5, 18.0]], [[13.5, 14.0], [14.5, 15.0]]]]]> : tensor<2x2x3x2x2xf32>
  func.return
}

// -----

// CHECK: PASS gather_i32_implicit_index_vector_dim
func.func @gather_i32_implicit_index_vector_dim() {
  %operand = stablehlo.constant dense<[[-7, -6, -5], [-4, -3, -2], [-1, 0, 1], [2, 3, 4], [5, 6, 7]]> : tensor<5x3xi32>
  %start_indices = stablehlo.constant dense<[-2, 1, 7, 4]> : tensor<4xi32>
  %result = "stablehlo.gather"(%operand, %start_indices) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 3>
  } : (tensor<5x3xi32>, tensor<4xi32>) -> tensor<4x3xi32>
  check.expect_eq_const %result, dense<[[-7, -6, -5], [-4, -3, -2], [5, 6, 7], [5, 6, 7]]> : tensor<4x3xi32>
  func.return
}

// -----

// CHECK: PASS gather_ui8_ui64_indices_clamped
func.func @gather_ui8_ui64_indices_clamped() {
  %operand = stablehlo.constant dense<[10, 20, 30, 40, 250, 255]> : tensor<6xui8>
  %start_indices = stablehlo.constant dense<[[0], [3], [18446744073709551615]]> : tensor<3x1xui64>
  %result = "stablehlo.gather"(%operand, %start_indices) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 2>
  } : (tensor<6xui8>, tensor<3x1xui64>) -> tensor<3x2xui8>
  check.expect_eq_const %result, dense<[[10, 20], [40, 250], [250, 255]]> : tensor<3x2xui8>
  func.return
}

// -----

// CHECK: PASS gather_i1
func.func @gather_i1() {
  %operand = stablehlo.constant dense<[true, false, false, true]> : tensor<4xi1>
  %start_indices = stablehlo.constant dense<[[3], [1], [0]]> : tensor<3x1xi16>
  %result = "stablehlo.gather"(%operand, %start_indices) {
    dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1>
  } : (tensor<4xi1>, tensor<3x1xi16>) -> tensor<3xi1>
  check.expect_eq_const %result, dense<[true, false, true]> : tensor<3xi1>
  func.return
}

// -----

// CHECK: PASS gather_f16_index_vector_dim_0
func.func @gather_f16_index_vector_dim_0() {
  %operand = stablehlo.constant dense<[[0.0, 0.25, 0.5, 0.75], [1.0, 1.25, 1.5, 1.75], [2.0, 2.25, 2.5, 2.75]]> : tensor<3x4xf16>
  %start_indices = stablehlo.constant dense<[[2, 0, 1], [3, 0, 2]]> : tensor<2x3xi64>
  %result = "stablehlo.gather"(%operand, %start_indices) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 0>,
    slice_sizes = array<i64: 1, 2>
  } : (tensor<3x4xf16>, tensor<2x3xi64>) -> tensor<3x2xf16>
  check.expect_eq_const %result, dense<[[2.5, 2.75], [0.0, 0.25], [1.5, 1.75]]> : tensor<3x2xf16>
  func.return
}

// -----

// CHECK: PASS gather_bf16_offset_dim_first
func.func @gather_bf16_offset_dim_first() {
  %operand = stablehlo.constant dense<[[-5.5, -4.5, -3.5], [-2.5, -1.5, -0.5], [0.5, 1.5, 2.5], [3.5, 4.5, 5.5]]> : tensor<4x3xbf16>
  %start_indices = stablehlo.constant dense<[[2], [0], [9]]> : tensor<3x1xi32>
  %result = "stablehlo.gather"(%operand, %start_indices) {
    dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 3>
  } : (tensor<4x3xbf16>, tensor<3x1xi32>) -> tensor<3x3xbf16>
  check.expect_eq_const %result, dense<[[0.5, -5.5, 3.5], [1.5, -4.5, 4.5], [2.5, -3.5, 5.5]]> : tensor<3x3xbf16>
  func.return
}

// -----

// CHECK: PASS gather_f64_window_clamped
func.func @gather_f64_window_clamped() {
  %operand = stablehlo.constant dense<[[0.0, 1.5, 3.0], [4.5, 6.0, 7.5], [9.0, 10.5, 12.0]]> : tensor<3x3xf64>
  %start_indices = stablehlo.constant dense<[[0, 0], [2, 2], [-1, 1]]> : tensor<3x2xi32>
  %result = "stablehlo.gather"(%operand, %start_indices) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0, 1], index_vector_dim = 1>,
    slice_sizes = array<i64: 2, 2>
  } : (tensor<3x3xf64>, tensor<3x2xi32>) -> tensor<3x2x2xf64>
  check.expect_eq_const %result, dense<[[[0.0, 1.5], [4.5, 6.0]], [[6.0, 7.5], [10.5, 12.0]], [[1.5, 3.0], [6.0, 7.5]]]> : tensor<3x2x2xf64>
  func.return
}

// -----

// CHECK: PASS gather_i8_start_index_map_permuted
func.func @gather_i8_start_index_map_permuted() {
  %operand = stablehlo.constant dense<[[[-12, -11, -10, -9], [-8, -7, -6, -5], [-4, -3, -2, -1]], [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]]> : tensor<2x3x4xi8>
  %start_indices = stablehlo.constant dense<[[1, 0], [3, 1]]> : tensor<2x2xi8>
  %result = "stablehlo.gather"(%operand, %start_indices) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0, 2], start_index_map = [2, 0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 3, 1>
  } : (tensor<2x3x4xi8>, tensor<2x2xi8>) -> tensor<2x3xi8>
  check.expect_eq_const %result, dense<[[-11, -7, -3], [3, 7, 11]]> : tensor<2x3xi8>
  func.return
}

// -----

// CHECK: PASS gather_complex_f32
func.func @gather_complex_f32() {
  %operand = stablehlo.constant dense<[(1.0, 2.0), (-3.0, 0.5), (4.0, -1.0)]> : tensor<3xcomplex<f32>>
  %start_indices = stablehlo.constant dense<[[2], [0]]> : tensor<2x1xi32>
  %result = "stablehlo.gather"(%operand, %start_indices) {
    dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1>
  } : (tensor<3xcomplex<f32>>, tensor<2x1xi32>) -> tensor<2xcomplex<f32>>
  check.expect_eq_const %result, dense<[(4.0, -1.0), (1.0, 2.0)]> : tensor<2xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS dynamic_gather_ui16
func.func @dynamic_gather_ui16() {
  %operand = stablehlo.constant dense<[[0, 1000, 2000, 3000], [4000, 5000, 6000, 7000], [8000, 9000, 10000, 11000]]> : tensor<3x4xui16>
  %start_indices = stablehlo.constant dense<[[1, 1], [2, 3], [0, 5]]> : tensor<3x2xi64>
  %slice_sizes = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %result = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>
  } : (tensor<3x4xui16>, tensor<3x2xi64>, tensor<2xi32>) -> tensor<3x2xui16>
  check.expect_eq_const %result, dense<[[5000, 6000], [10000, 11000], [2000, 3000]]> : tensor<3x2xui16>
  func.return
}

// -----

// CHECK: PASS dynamic_gather_i64_spec_example
func.func @dynamic_gather_i64_spec_example() {
  %operand = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6], [7, 8]], [[9, 10], [11, 12], [13, 14], [15, 16]], [[17, 18], [19, 20], [21, 22], [23, 24]]]> : tensor<3x4x2xi64>
  %start_indices = stablehlo.constant dense<[[[0, 0], [1, 0], [2, 1]], [[0, 1], [1, 1], [0, 9]]]> : tensor<2x3x2xi64>
  %slice_sizes = stablehlo.constant dense<[1, 2, 2]> : tensor<3xi64>
  %result = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) {
    dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>
  } : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  check.expect_eq_const %result, dense<[[[[1, 2], [3, 4]], [[3, 4], [5, 6]], [[13, 14], [15, 16]]], [[[9, 10], [11, 12]], [[11, 12], [13, 14]], [[17, 18], [19, 20]]]]> : tensor<2x3x2x2xi64>
  func.return
}

// CHECK-NOT: FAIL
