// RUN: jxc run --split-input-file %s | FileCheck %s

// CHECK: PASS einsum_matmul_f32
func.func @einsum_matmul_f32() {
  %a = stablehlo.constant dense<[[4.0, 4.0, 4.0], [4.0, -5.0, 3.0]]> : tensor<2x3xf32>
  %b = stablehlo.constant dense<[[5.0, -3.0, -4.0, -5.0], [3.0, 5.0, 1.0, 1.0], [3.0, -5.0, 4.0, 5.0]]> : tensor<3x4xf32>
  %r = stablehlo.einsum %a, %b, config = "ab,bc->ac" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  check.expect_eq_const %r, dense<[[44.0, -12.0, 4.0, 4.0], [14.0, -52.0, -9.0, -10.0]]> : tensor<2x4xf32>
  func.return
}

// -----

// CHECK: PASS einsum_batch_matmul_i32
func.func @einsum_batch_matmul_i32() {
  %a = stablehlo.constant dense<[[[-4, 5, 4], [-2, 0, 3]], [[4, -5, 2], [-1, -2, 3]]]> : tensor<2x2x3xi32>
  %b = stablehlo.constant dense<[[[2, -1], [4, 0], [4, -4]], [[5, 3], [0, 0], [-2, -3]]]> : tensor<2x3x2xi32>
  %r = stablehlo.einsum %a, %b, config = "bij,bjk->bik" : (tensor<2x2x3xi32>, tensor<2x3x2xi32>) -> tensor<2x2x2xi32>
  check.expect_eq_const %r, dense<[[[28, -12], [8, -10]], [[16, 6], [-11, -12]]]> : tensor<2x2x2xi32>
  func.return
}

// -----

// CHECK: PASS einsum_full_contraction_i64
func.func @einsum_full_contraction_i64() {
  %a = stablehlo.constant dense<[[-2, 3, -1], [5, -1, 0]]> : tensor<2x3xi64>
  %b = stablehlo.constant dense<[[-1, 3, -2], [5, 2, -5]]> : tensor<2x3xi64>
  %r = stablehlo.einsum %a, %b, config = "ij,ij->" : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<i64>
  check.expect_eq_const %r, dense<36> : tensor<i64>
  func.return
}

// -----

// CHECK: PASS einsum_outer_f64
func.func @einsum_outer_f64() {
  %a = stablehlo.constant dense<[[1.480763419858435, -0.9501235216099734], [1.2586181429890126, -1.4804236275921896]]> : tensor<2x2xf64>
  %b = stablehlo.constant dense<[0.3432363675742628, 1.064876469210243, 0.22363214164877185]> : tensor<3xf64>
  %r = stablehlo.einsum %a, %b, config = "ab,c->cab" : (tensor<2x2xf64>, tensor<3xf64>) -> tensor<3x2x2xf64>
  check.expect_almost_eq_const %r, dense<[[[0.5082518574690522, -0.32611694630427385], [0.4320035195626128, -0.5081352284058563]], [[1.576830122274535, -1.0117641810056306], [1.3402728441900926, -1.5764682854857905]], [[0.3311462948581014, -0.2124781579685115], [0.2814674708346331, -0.3310703063858852]]]> : tensor<3x2x2xf64>
  func.return
}

// -----

// CHECK: PASS einsum_complex64
func.func @einsum_complex64() {
  %a = stablehlo.constant dense<[[(-3.0, -4.0), (1.0, 3.0)], [(-5.0, 4.0), (-5.0, -2.0)]]> : tensor<2x2xcomplex<f32>>
  %b = stablehlo.constant dense<[[(-5.0, 1.0), (-5.0, 0.0), (-4.0, 0.0)], [(5.0, 3.0), (-4.0, 3.0), (2.0, 0.0)]]> : tensor<2x3xcomplex<f32>>
  %r = stablehlo.einsum %a, %b, config = "ij,jk->ki" : (tensor<2x2xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
  check.expect_eq_const %r, dense<[[(15.0, 35.0), (2.0, -50.0)], [(2.0, 11.0), (51.0, -27.0)], [(14.0, 22.0), (10.0, -20.0)]]> : tensor<3x2xcomplex<f32>>
  func.return
}

// CHECK-NOT: FAIL
