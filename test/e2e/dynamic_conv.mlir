// RUN: jxc run --split-input-file %s | FileCheck %s

// CHECK: PASS dynamic_conv_si64_padding
func.func @dynamic_conv_si64_padding() {
  %lhs = stablehlo.constant dense<[[[[4], [-1], [1], [-4]], [[2], [-1], [1], [-4]], [[-3], [-2], [-3], [4]], [[0], [-2], [-2], [-2]]]]> : tensor<1x4x4x1xi64>
  %rhs = stablehlo.constant dense<[[[[-2]], [[2]], [[0]]], [[[3]], [[3]], [[-2]]], [[[-2]], [[-1]], [[3]]]]> : tensor<3x3x1x1xi64>
  %padding = stablehlo.constant dense<[[1, 1], [2, 0]]> : tensor<2x2xi64>
  %r = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {window_strides = array<i64: 2, 2>, lhs_dilation = array<i64: 2, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>, tensor<2x2xi64>) -> tensor<1x4x2x1xi64>
  check.expect_eq_const %r, dense<[[[[-8], [7]], [[-4], [1]], [[6], [-9]], [[0], [-2]]]]> : tensor<1x4x2x1xi64>
  func.return
}

// -----

// CHECK: PASS dynamic_conv_f32_negative_padding
func.func @dynamic_conv_f32_negative_padding() {
  %lhs = stablehlo.constant dense<[[[2.0, 0.0], [3.0, 1.0], [1.0, 2.0], [-3.0, 1.0], [-3.0, -4.0], [2.0, -4.0]]]> : tensor<1x6x2xf32>
  %rhs = stablehlo.constant dense<[[[2.0], [-3.0]], [[4.0], [-4.0]]]> : tensor<2x2x1xf32>
  %padding = stablehlo.constant dense<[[-1, 1]]> : tensor<1x2xi64>
  %r = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {window_strides = array<i64: 1>, lhs_dilation = array<i64: 1>, rhs_dilation = array<i64: 1>, window_reversal = array<i1: false>, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x2xf32>, tensor<2x2x1xf32>, tensor<1x2xi64>) -> tensor<1x5x1xf32>
  check.expect_eq_const %r, dense<[[[-1.0], [-20.0], [-5.0], [30.0], [16.0]]]> : tensor<1x5x1xf32>
  func.return
}

// CHECK-NOT: FAIL
