// RUN: jxc run --split-input-file %s | FileCheck %s

// CHECK: PASS unary_einsum_transpose_i32
func.func @unary_einsum_transpose_i32() {
  %a = stablehlo.constant dense<[[2, -4, 5], [1, 2, 3]]> : tensor<2x3xi32>
  %r = stablehlo.unary_einsum %a, config = "ab->ba" : (tensor<2x3xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %r, dense<[[2, 1], [-4, 2], [5, 3]]> : tensor<3x2xi32>
  func.return
}

// -----

// CHECK: PASS unary_einsum_diagonal_f32
func.func @unary_einsum_diagonal_f32() {
  %a = stablehlo.constant dense<[[-3.0, 3.0, 5.0], [1.0, -2.0, 5.0], [3.0, 5.0, 2.0]]> : tensor<3x3xf32>
  %r = stablehlo.unary_einsum %a, config = "aa->a" : (tensor<3x3xf32>) -> tensor<3xf32>
  check.expect_eq_const %r, dense<[-3.0, -2.0, 2.0]> : tensor<3xf32>
  func.return
}

// -----

// CHECK: PASS unary_einsum_trace_i64
func.func @unary_einsum_trace_i64() {
  %a = stablehlo.constant dense<[[4, 3, -1], [3, -3, 5], [0, 0, 2]]> : tensor<3x3xi64>
  %r = stablehlo.unary_einsum %a, config = "ii->" : (tensor<3x3xi64>) -> tensor<i64>
  check.expect_eq_const %r, dense<3> : tensor<i64>
  func.return
}

// -----

// CHECK: PASS unary_einsum_sum_f64
func.func @unary_einsum_sum_f64() {
  %a = stablehlo.constant dense<[[[-0.6779301162200867, 0.535475983047878], [1.4124603684044394, -0.03677124294459777], [0.6335944644542391, -0.125903192963739]], [[1.0285554273542712, 0.6666366521512817], [0.8758194707912133, 0.3484229955590589], [1.6400038821107275, -0.3611505786282483]]]> : tensor<2x3x2xf64>
  %r = stablehlo.unary_einsum %a, config = "abc->b" : (tensor<2x3x2xf64>) -> tensor<3xf64>
  check.expect_almost_eq_const %r, dense<[1.5527379463333442, 2.5999315918101136, 1.7865445749729791]> : tensor<3xf64>
  func.return
}

// CHECK-NOT: FAIL
