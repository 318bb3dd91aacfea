// RUN: jxc run --split-input-file %s | FileCheck %s

// CHECK: PASS dot_vector_vector
func.func @dot_vector_vector() {
  %lhs = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %rhs = stablehlo.constant dense<[4.0, -5.0, 6.0]> : tensor<3xf32>
  %r = stablehlo.dot %lhs, %rhs : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  check.expect_eq_const %r, dense<12.0> : tensor<f32>
  func.return
}

// -----

// CHECK: PASS dot_matrix_vector
func.func @dot_matrix_vector() {
  %lhs = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %rhs = stablehlo.constant dense<[7, 8, 9]> : tensor<3xi32>
  %r = stablehlo.dot %lhs, %rhs : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2xi32>
  check.expect_eq_const %r, dense<[50, 122]> : tensor<2xi32>
  func.return
}

// -----

// CHECK: PASS dot_vector_matrix
func.func @dot_vector_matrix() {
  %lhs = stablehlo.constant dense<[7, -8]> : tensor<2xi64>
  %rhs = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %r = stablehlo.dot %lhs, %rhs : (tensor<2xi64>, tensor<2x3xi64>) -> tensor<3xi64>
  check.expect_eq_const %r, dense<[-25, -26, -27]> : tensor<3xi64>
  func.return
}

// -----

// CHECK: PASS dot_matrix_matrix_f64
func.func @dot_matrix_matrix_f64() {
  %lhs = stablehlo.constant dense<[[0.2503980162775905, -0.061344079833248494, 0.08321735347453037, -1.0768749198271783], [-0.2693470462204049, -0.17825876338229713, 1.1880942172123188, 0.33442706039101433], [-0.005555030202663769, 1.5289699979109401, -0.5552479297636472, -0.3894303048753847]]> : tensor<3x4xf64>
  %rhs = stablehlo.constant dense<[[-1.8167550113390598, 1.5691058462836123], [0.9643323681944285, 0.9168480445117076], [0.6688984464469374, 0.110148587663652], [0.21548893918232892, -0.2520065902673078]]> : tensor<4x2xf64>
  %r = stablehlo.dot %lhs, %rhs : (tensor<3x4xf64>, tensor<4x2xf64>) -> tensor<3x2xf64>
  check.expect_almost_eq_const %r, dense<[[-0.6904586083310518, 0.6172036422458564], [1.1842166091698676, -0.5394811466727634], [1.0292049870476871, 1.4300959503462047]]> : tensor<3x2xf64>
  func.return
}

// -----

// CHECK: PASS dot_ui8_to_ui16
func.func @dot_ui8_to_ui16() {
  %lhs = stablehlo.constant dense<[[200, 100]]> : tensor<1x2xui8>
  %rhs = stablehlo.constant dense<[[2], [3]]> : tensor<2x1xui8>
  %r = stablehlo.dot %lhs, %rhs : (tensor<1x2xui8>, tensor<2x1xui8>) -> tensor<1x1xui16>
  check.expect_eq_const %r, dense<[[700]]> : tensor<1x1xui16>
  func.return
}

// -----

// CHECK: PASS dot_complex64
func.func @dot_complex64() {
  %lhs = stablehlo.constant dense<[[(1.0, 2.0), (3.0, -1.0)]]> : tensor<1x2xcomplex<f32>>
  %rhs = stablehlo.constant dense<[[(2.0, -1.0)], [(0.0, 1.0)]]> : tensor<2x1xcomplex<f32>>
  %r = stablehlo.dot %lhs, %rhs : (tensor<1x2xcomplex<f32>>, tensor<2x1xcomplex<f32>>) -> tensor<1x1xcomplex<f32>>
  check.expect_eq_const %r, dense<[[(5.0, 6.0)]]> : tensor<1x1xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS dot_f16
func.func @dot_f16() {
  %lhs = stablehlo.constant dense<[[1.5, -2.0]]> : tensor<1x2xf16>
  %rhs = stablehlo.constant dense<[[2.0], [0.25]]> : tensor<2x1xf16>
  %r = stablehlo.dot %lhs, %rhs : (tensor<1x2xf16>, tensor<2x1xf16>) -> tensor<1x1xf16>
  check.expect_eq_const %r, dense<[[2.5]]> : tensor<1x1xf16>
  func.return
}

// CHECK-NOT: FAIL
