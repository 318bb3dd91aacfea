// RUN: jxc run --split-input-file %s | FileCheck %s
// scatter: expected values from JAX (lax.scatter*, XLA CPU,
// mode=promise_in_bounds): an update window that is not entirely inside the
// input is skipped. Cases marked hand-computed have no JAX counterpart.

// CHECK: PASS scatter_i64_spec_example
func.func @scatter_i64_spec_example() {
  %input0 = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6], [7, 8]], [[9, 10], [11, 12], [13, 14], [15, 16]], [[17, 18], [19, 20], [21, 22], [23, 24]]]> : tensor<3x4x2xi64>
  %scatter_indices = stablehlo.constant dense<[[[0, 2], [1, 0], [2, 1]], [[0, 1], [1, 0], [0, 9]]]> : tensor<2x3x2xi64>
  %update0 = stablehlo.constant dense<[[[[1, 1], [1, 1]], [[1, 1], [1, 1]], [[1, 1], [1, 1]]], [[[1, 1], [1, 1]], [[1, 1], [1, 1]], [[1, 1], [1, 1]]]]> : tensor<2x3x2x2xi64>
  %result = "stablehlo.scatter"(%input0, %scatter_indices, %update0) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %v0 = stablehlo.add %arg0, %arg1 : tensor<i64>
      stablehlo.return %v0 : tensor<i64>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>
  } : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  check.expect_eq_const %result, dense<[[[1, 2], [5, 6], [7, 8], [7, 8]], [[10, 11], [12, 13], [14, 15], [16, 17]], [[18, 19], [20, 21], [21, 22], [23, 24]]]> : tensor<3x4x2xi64>
  check.expect_eq_const %input0, dense<[[[1, 2], [3, 4], [5, 6], [7, 8]], [[9, 10], [11, 12], [13, 14], [15, 16]], [[17, 18], [19, 20], [21, 22], [23, 24]]]> : tensor<3x4x2xi64>
  func.return
}

// -----

// CHECK: PASS scatter_f32_batching_dims
func.func @scatter_f32_batching_dims() {
  %input0 = stablehlo.constant dense<[[[[0.5, 1.0], [1.5, 2.0], [2.5, 3.0], [3.5, 4.0]], [[4.5, 5.0], [5.5, 6.0], [6.5, 7.0], [7.5, 8.0]], [[8.5, 9.0], [9.5, 10.0], [10.5, 11.0], [11.5, 12.0]]], [[[12.5, 13.0], [13.5, 14.0], [14.5, 15.0], [15.5, 16.0]], [[16.5, 17.0], [17.5, 18.0], [18.5, 19.0], [19.5, 20.0]], [[20.5, 21.0], [21.5, 22.0], [22.5, 23.0], [23.5, 24.0]]]]> : tensor<2x3x4x2xf32>
  %scatter_indices = stablehlo.constant dense<[[[[0, 0], [1, 0], [2, 1]], [[0, 1], [1, 1], [0, 9]]], [[[0, 0], [2, 1], [2, 2]], [[1, 2], [0, 1], [1, 0]]]]> : tensor<2x2x3x2xi32>
  %update0 = stablehlo.constant dense<[[[[[0.0, 0.25], [0.5, 0.75]], [[1.0, 1.25], [1.5, 1.75]], [[2.0, 2.25], [2.5, 2.75]]], [[[3.0, 3.25], [3.5, 3.75]], [[4.0, 4.25], [4.5, 4.75]], [[5.0, 5.25], [5.5, 5.75]]]], [[[[6.0, 6.25], [6.5, 6.75]], [[7.0, 7.25], [7.5, 7.75]], [[8.0, 8.25], [8.5, 8.75]]], [[[9.0, 9.25], [9.5, 9.75]], [[10.0, 10.25], [10.5, 10.75]], [[11.0, 11.25], [11.5, 11.75]]]]]> : tensor<2x2x3x2x2xf32>
  %result = "stablehlo.scatter"(%input0, %scatter_indices, %update0) ({
    ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
      %v0 = stablehlo.add %arg0, %arg1 : tensor<f32>
      stablehlo.return %v0 : tensor<f32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>
  } : (tensor<2x3x4x2xf32>, tensor<2x2x3x2xi32>, tensor<2x2x3x2x2xf32>) -> tensor<2x3x4x2xf32>
  check.expect_almost_eq_const %result, dense<[[[[6.5, 7.5], [9.5, 10.75], [4.0, 4.75], [3.5, 4.0]], [[4.5, 5.0], [5.5, 6.0], [15.5, 16.5], [17.5, 18.5]], [[8.5, 9.0], [9.5, 10.0], [18.5, 19.25], [20.0, 20.75]]], [[[12.5, 13.0], [24.5, 25.25], [26.0, 26.75], [15.5, 16.0]], [[29.5, 30.5], [35.5, 36.75], [23.0, 23.75], [19.5, 20.0]], [[20.5, 21.0], [30.5, 31.25], [32.0, 32.75], [23.5, 24.0]]]]> : tensor<2x3x4x2xf32>
  check.expect_eq_const %input0, dense<[[[[0.5, 1.0], [1.5, 2.0], [2.5, 3.0], [3.5, 4.0]], [[4.5, 5.0], [5.5, 6.0], [6.5, 7.0], [7.5, 8.0]], [[8.5, 9.0], [9.5, 10.0], [10.5, 11.0], [11.5, 12.0]]], [[[12.5, 13.0], [13.5, 14.0], [14.5, 15.0], [15.5, 16.0]], [[16.5, 17.0], [17.5, 18.0], [18.5, 19.0], [19.5, 20.0]], [[20.5, 21.0], [21.5, 22.0], [22.5, 23.0], [23.5, 24.0]]]]> : tensor<2x3x4x2xf32>
  func.return
}

// -----

// CHECK: PASS scatter_i32_partial_window_skipped
func.func @scatter_i32_partial_window_skipped() {
  %input0 = stablehlo.constant dense<[0, 0, 0, 0, 0, 0]> : tensor<6xi32>
  %scatter_indices = stablehlo.constant dense<[[0], [4], [5], [-1]]> : tensor<4x1xi32>
  %update0 = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6], [7, 8]]> : tensor<4x2xi32>
  %result = "stablehlo.scatter"(%input0, %scatter_indices, %update0) ({
    ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
      %v0 = stablehlo.add %arg0, %arg1 : tensor<i32>
      stablehlo.return %v0 : tensor<i32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
  } : (tensor<6xi32>, tensor<4x1xi32>, tensor<4x2xi32>) -> tensor<6xi32>
  check.expect_eq_const %result, dense<[1, 2, 0, 0, 3, 4]> : tensor<6xi32>
  func.return
}

// -----

// CHECK: PASS scatter_f32_implicit_index_vector_dim_replace
func.func @scatter_f32_implicit_index_vector_dim_replace() {
  %input0 = stablehlo.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0]> : tensor<5xf32>
  %scatter_indices = stablehlo.constant dense<[3, 0, 9]> : tensor<3xi32>
  %update0 = stablehlo.constant dense<[-1.5, 2.5, 7.0]> : tensor<3xf32>
  %result = "stablehlo.scatter"(%input0, %scatter_indices, %update0) ({
    ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
      stablehlo.return %arg1 : tensor<f32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
  } : (tensor<5xf32>, tensor<3xi32>, tensor<3xf32>) -> tensor<5xf32>
  check.expect_almost_eq_const %result, dense<[2.5, 1.0, 2.0, -1.5, 4.0]> : tensor<5xf32>
  func.return
}

// -----

// CHECK: PASS scatter_ui32_ui8_indices_max
func.func @scatter_ui32_ui8_indices_max() {
  %input0 = stablehlo.constant dense<[1, 3000000000, 5, 4294967295]> : tensor<4xui32>
  %scatter_indices = stablehlo.constant dense<[[1], [2], [1], [0]]> : tensor<4x1xui8>
  %update0 = stablehlo.constant dense<[2147483648, 4000000000, 4294967294, 7]> : tensor<4xui32>
  %result = "stablehlo.scatter"(%input0, %scatter_indices, %update0) ({
    ^bb0(%arg0: tensor<ui32>, %arg1: tensor<ui32>):
      %v0 = stablehlo.maximum %arg0, %arg1 : tensor<ui32>
      stablehlo.return %v0 : tensor<ui32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
  } : (tensor<4xui32>, tensor<4x1xui8>, tensor<4xui32>) -> tensor<4xui32>
  check.expect_eq_const %result, dense<[7, 4294967294, 4000000000, 4294967295]> : tensor<4xui32>
  func.return
}

// -----

// CHECK: PASS scatter_i8_min
func.func @scatter_i8_min() {
  %input0 = stablehlo.constant dense<[10, -3, 5, 0]> : tensor<4xi8>
  %scatter_indices = stablehlo.constant dense<[[0], [2], [0], [3]]> : tensor<4x1xi64>
  %update0 = stablehlo.constant dense<[-128, 7, 3, 127]> : tensor<4xi8>
  %result = "stablehlo.scatter"(%input0, %scatter_indices, %update0) ({
    ^bb0(%arg0: tensor<i8>, %arg1: tensor<i8>):
      %v0 = stablehlo.minimum %arg0, %arg1 : tensor<i8>
      stablehlo.return %v0 : tensor<i8>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
  } : (tensor<4xi8>, tensor<4x1xi64>, tensor<4xi8>) -> tensor<4xi8>
  check.expect_eq_const %result, dense<[-128, -3, 5, 0]> : tensor<4xi8>
  func.return
}

// -----

// CHECK: PASS scatter_i1_or
func.func @scatter_i1_or() {
  %input0 = stablehlo.constant dense<[false, false, true, false]> : tensor<4xi1>
  %scatter_indices = stablehlo.constant dense<[[1], [3], [1]]> : tensor<3x1xi32>
  %update0 = stablehlo.constant dense<[false, true, true]> : tensor<3xi1>
  %result = "stablehlo.scatter"(%input0, %scatter_indices, %update0) ({
    ^bb0(%arg0: tensor<i1>, %arg1: tensor<i1>):
      %v0 = stablehlo.or %arg0, %arg1 : tensor<i1>
      stablehlo.return %v0 : tensor<i1>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
  } : (tensor<4xi1>, tensor<3x1xi32>, tensor<3xi1>) -> tensor<4xi1>
  check.expect_eq_const %result, dense<[false, true, true, true]> : tensor<4xi1>
  func.return
}

// -----

// CHECK: PASS scatter_f16_add_duplicates
func.func @scatter_f16_add_duplicates() {
  %input0 = stablehlo.constant dense<[[0.0, 0.5], [1.0, 1.5], [2.0, 2.5]]> : tensor<3x2xf16>
  %scatter_indices = stablehlo.constant dense<[[2], [0], [2]]> : tensor<3x1xi32>
  %update0 = stablehlo.constant dense<[[0.25, 0.5], [1.0, 2.0], [4.0, 8.0]]> : tensor<3x2xf16>
  %result = "stablehlo.scatter"(%input0, %scatter_indices, %update0) ({
    ^bb0(%arg0: tensor<f16>, %arg1: tensor<f16>):
      %v0 = stablehlo.add %arg0, %arg1 : tensor<f16>
      stablehlo.return %v0 : tensor<f16>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
  } : (tensor<3x2xf16>, tensor<3x1xi32>, tensor<3x2xf16>) -> tensor<3x2xf16>
  check.expect_almost_eq_const %result, dense<[[1.0, 2.5], [1.0, 1.5], [6.25, 11.0]]> : tensor<3x2xf16>
  func.return
}

// -----

// CHECK: PASS scatter_bf16_mul
func.func @scatter_bf16_mul() {
  %input0 = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xbf16>
  %scatter_indices = stablehlo.constant dense<[[0, 1], [1, 0]]> : tensor<2x2xi32>
  %update0 = stablehlo.constant dense<[[[2.0, -0.5]], [[4.0, 0.25]]]> : tensor<2x1x2xbf16>
  %result = "stablehlo.scatter"(%input0, %scatter_indices, %update0) ({
    ^bb0(%arg0: tensor<bf16>, %arg1: tensor<bf16>):
      %v0 = stablehlo.multiply %arg0, %arg1 : tensor<bf16>
      stablehlo.return %v0 : tensor<bf16>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>
  } : (tensor<2x3xbf16>, tensor<2x2xi32>, tensor<2x1x2xbf16>) -> tensor<2x3xbf16>
  check.expect_almost_eq_const %result, dense<[[1.0, 4.0, -1.5], [16.0, 1.25, 6.0]]> : tensor<2x3xbf16>
  func.return
}

// -----

// CHECK: PASS scatter_f64_index_vector_dim_0
func.func @scatter_f64_index_vector_dim_0() {
  %input0 = stablehlo.constant dense<[[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]> : tensor<3x3xf64>
  %scatter_indices = stablehlo.constant dense<[[0, 2, 1], [1, 0, 5]]> : tensor<2x3xi32>
  %update0 = stablehlo.constant dense<[1.5, 2.5, 3.5]> : tensor<3xf64>
  %result = "stablehlo.scatter"(%input0, %scatter_indices, %update0) ({
    ^bb0(%arg0: tensor<f64>, %arg1: tensor<f64>):
      %v0 = stablehlo.add %arg0, %arg1 : tensor<f64>
      stablehlo.return %v0 : tensor<f64>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 0>
  } : (tensor<3x3xf64>, tensor<2x3xi32>, tensor<3xf64>) -> tensor<3x3xf64>
  check.expect_almost_eq_const %result, dense<[[0.0, 1.5, 0.0], [0.0, 0.0, 0.0], [2.5, 0.0, 0.0]]> : tensor<3x3xf64>
  func.return
}

// -----

// CHECK: PASS scatter_complex_f32_add
func.func @scatter_complex_f32_add() {
  %input0 = stablehlo.constant dense<[(1.0, 1.0), (2.0, -2.0), (0.0, 0.0)]> : tensor<3xcomplex<f32>>
  %scatter_indices = stablehlo.constant dense<[[2], [0], [2]]> : tensor<3x1xi32>
  %update0 = stablehlo.constant dense<[(0.5, 1.0), (-1.0, 0.0), (2.0, 3.0)]> : tensor<3xcomplex<f32>>
  %result = "stablehlo.scatter"(%input0, %scatter_indices, %update0) ({
    ^bb0(%arg0: tensor<complex<f32>>, %arg1: tensor<complex<f32>>):
      %v0 = stablehlo.add %arg0, %arg1 : tensor<complex<f32>>
      stablehlo.return %v0 : tensor<complex<f32>>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
  } : (tensor<3xcomplex<f32>>, tensor<3x1xi32>, tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  check.expect_almost_eq_const %result, dense<[(0.0, 1.0), (2.0, -2.0), (2.5, 4.0)]> : tensor<3xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS scatter_two_inputs
func.func @scatter_two_inputs() {
  %input0 = stablehlo.constant dense<[5, -2, 9, 0]> : tensor<4xi32>
  %input1 = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %scatter_indices = stablehlo.constant dense<[[3], [1], [3]]> : tensor<3x1xi32>
  %update0 = stablehlo.constant dense<[7, -9, 1]> : tensor<3xi32>
  %update1 = stablehlo.constant dense<[0.5, 0.25, 8.0]> : tensor<3xf32>
  %result:2 = "stablehlo.scatter"(%input0, %input1, %scatter_indices, %update0, %update1) ({
    ^bb0(%arg0: tensor<i32>, %arg1: tensor<f32>, %arg2: tensor<i32>, %arg3: tensor<f32>):
      %v0 = stablehlo.maximum %arg0, %arg2 : tensor<i32>
      %v1 = stablehlo.add %arg1, %arg3 : tensor<f32>
      stablehlo.return %v0, %v1 : tensor<i32>, tensor<f32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
  } : (tensor<4xi32>, tensor<4xf32>, tensor<3x1xi32>, tensor<3xi32>, tensor<3xf32>) -> (tensor<4xi32>, tensor<4xf32>)
  check.expect_eq_const %result#0, dense<[5, -2, 9, 7]> : tensor<4xi32>
  check.expect_almost_eq_const %result#1, dense<[1.0, 2.25, 3.0, 12.5]> : tensor<4xf32>
  func.return
}

// -----

// CHECK: PASS scatter_whole_window_rank1_indices
func.func @scatter_whole_window_rank1_indices() {
  %input0 = stablehlo.constant dense<[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]], [[6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]]> : tensor<2x2x3xf32>
  %scatter_indices = stablehlo.constant dense<[1]> : tensor<1xi64>
  %update0 = stablehlo.constant dense<[[0.5, 0.5, 0.5], [0.5, 0.5, 0.5]]> : tensor<2x3xf32>
  %result = "stablehlo.scatter"(%input0, %scatter_indices, %update0) ({
    ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
      %v0 = stablehlo.add %arg0, %arg1 : tensor<f32>
      stablehlo.return %v0 : tensor<f32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0, 1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 0>
  } : (tensor<2x2x3xf32>, tensor<1xi64>, tensor<2x3xf32>) -> tensor<2x2x3xf32>
  check.expect_almost_eq_const %result, dense<[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]], [[6.5, 7.5, 8.5], [9.5, 10.5, 11.5]]]> : tensor<2x2x3xf32>
  func.return
}

// -----

// CHECK: PASS scatter_ui64_huge_index_skipped
func.func @scatter_ui64_huge_index_skipped() {
  %input0 = stablehlo.constant dense<[1, 2, 3]> : tensor<3xui64>
  %scatter_indices = stablehlo.constant dense<[[18446744073709551615], [1]]> : tensor<2x1xui64>
  %update0 = stablehlo.constant dense<[10, 20]> : tensor<2xui64>
  %result = "stablehlo.scatter"(%input0, %scatter_indices, %update0) ({
    ^bb0(%arg0: tensor<ui64>, %arg1: tensor<ui64>):
      %v0 = stablehlo.add %arg0, %arg1 : tensor<ui64>
      stablehlo.return %v0 : tensor<ui64>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
  } : (tensor<3xui64>, tensor<2x1xui64>, tensor<2xui64>) -> tensor<3xui64>
  check.expect_eq_const %result, dense<[1, 22, 3]> : tensor<3xui64>
  func.return
}

// -----

// Hand-computed: the update computation works on a wider element type than
// the inputs (scatter_c23 promotion); the results have that type.
// CHECK: PASS scatter_promote_bf16_to_f32
func.func @scatter_promote_bf16_to_f32() {
  %in = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xbf16>
  %idx = stablehlo.constant dense<[[1], [1], [2]]> : tensor<3x1xi32>
  %up = stablehlo.constant dense<[0.5, 0.25, 4.0]> : tensor<3xbf16>
  %r = "stablehlo.scatter"(%in, %idx, %up) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %0 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3xbf16>, tensor<3x1xi32>, tensor<3xbf16>) -> tensor<3xf32>
  check.expect_almost_eq_const %r, dense<[1.0, 2.75, 7.0]> : tensor<3xf32>
  func.return
}

// -----

// Hand-computed (promotion).
// CHECK: PASS scatter_promote_ui8_to_ui32
func.func @scatter_promote_ui8_to_ui32() {
  %in = stablehlo.constant dense<[200, 250]> : tensor<2xui8>
  %idx = stablehlo.constant dense<[[1], [1]]> : tensor<2x1xi32>
  %up = stablehlo.constant dense<[255, 100]> : tensor<2xui8>
  %r = "stablehlo.scatter"(%in, %idx, %up) ({
    ^bb0(%a: tensor<ui32>, %b: tensor<ui32>):
      %0 = stablehlo.add %a, %b : tensor<ui32>
      stablehlo.return %0 : tensor<ui32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<2xui8>, tensor<2x1xi32>, tensor<2xui8>) -> tensor<2xui32>
  check.expect_eq_const %r, dense<[200, 605]> : tensor<2xui32>
  func.return
}

// -----

// Hand-computed (promotion).
// CHECK: PASS scatter_promote_i16_to_i64_complex
func.func @scatter_promote_i16_to_i64_complex() {
  %in = stablehlo.constant dense<[-200, 5]> : tensor<2xi16>
  %in2 = stablehlo.constant dense<[(1.0, 2.0), (0.0, 0.0)]> : tensor<2xcomplex<f32>>
  %idx = stablehlo.constant dense<[[0], [0]]> : tensor<2x1xi32>
  %up = stablehlo.constant dense<[-30000, -30000]> : tensor<2xi16>
  %up2 = stablehlo.constant dense<[(0.5, 0.5), (1.0, -1.0)]> : tensor<2xcomplex<f32>>
  %r:2 = "stablehlo.scatter"(%in, %in2, %idx, %up, %up2) ({
    ^bb0(%a: tensor<i64>, %b: tensor<complex<f64>>, %c: tensor<i64>, %d: tensor<complex<f64>>):
      %0 = stablehlo.add %a, %c : tensor<i64>
      %1 = stablehlo.add %b, %d : tensor<complex<f64>>
      stablehlo.return %0, %1 : tensor<i64>, tensor<complex<f64>>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<2xi16>, tensor<2xcomplex<f32>>, tensor<2x1xi32>, tensor<2xi16>, tensor<2xcomplex<f32>>) -> (tensor<2xi64>, tensor<2xcomplex<f64>>)
  check.expect_eq_const %r#0, dense<[-60200, 5]> : tensor<2xi64>
  check.expect_almost_eq_const %r#1, dense<[(2.5, 1.5), (0.0, 0.0)]> : tensor<2xcomplex<f64>>
  func.return
}

// CHECK-NOT: FAIL
