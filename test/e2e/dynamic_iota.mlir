// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// dynamic_iota: expected values from jax.lax.broadcasted_iota. Shapes given
// as constants (static lowering) and as values computed at run time, the
// dynamic result reshaped to a static one for the check.

// CHECK: PASS dynamic_iota_i32_constant_shape
func.func @dynamic_iota_i32_constant_shape() {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %r = stablehlo.dynamic_iota %s, dim = 1 : (tensor<2xi64>) -> tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[0, 1, 2], [0, 1, 2]]> : tensor<2x3xi32>
  func.return
}

// -----

// CHECK: PASS dynamic_iota_ui16_constant_shape
func.func @dynamic_iota_ui16_constant_shape() {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %r = stablehlo.dynamic_iota %s, dim = 1 : (tensor<2xi64>) -> tensor<2x3xui16>
  check.expect_eq_const %r, dense<[[0, 1, 2], [0, 1, 2]]> : tensor<2x3xui16>
  func.return
}

// -----

// CHECK: PASS dynamic_iota_f32_constant_shape
func.func @dynamic_iota_f32_constant_shape() {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %r = stablehlo.dynamic_iota %s, dim = 1 : (tensor<2xi64>) -> tensor<2x3xf32>
  check.expect_eq_const %r, dense<[[0.0, 1.0, 2.0], [0.0, 1.0, 2.0]]> : tensor<2x3xf32>
  func.return
}

// -----

// CHECK: PASS dynamic_iota_bf16_constant_shape
func.func @dynamic_iota_bf16_constant_shape() {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %r = stablehlo.dynamic_iota %s, dim = 1 : (tensor<2xi64>) -> tensor<2x3xbf16>
  check.expect_eq_const %r, dense<[[0.0, 1.0, 2.0], [0.0, 1.0, 2.0]]> : tensor<2x3xbf16>
  func.return
}

// -----

// CHECK: PASS dynamic_iota_c128_constant_shape
func.func @dynamic_iota_c128_constant_shape() {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %r = stablehlo.dynamic_iota %s, dim = 1 : (tensor<2xi64>) -> tensor<2x3xcomplex<f64>>
  check.expect_eq_const %r, dense<[[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)], [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)]]> : tensor<2x3xcomplex<f64>>
  func.return
}

// -----

// CHECK: PASS dynamic_iota_i64_runtime_shape
func.func @dynamic_iota_i64_runtime_shape() {
  %s_c = stablehlo.constant dense<[3, 2]> : tensor<2xi32>
  %s_z = stablehlo.constant dense<[0, 0]> : tensor<2xi32>
  %s = stablehlo.add %s_c, %s_z : tensor<2xi32>
  %r = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi32>) -> tensor<?x?xi64>
  %shape = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
  %q = stablehlo.dynamic_reshape %r, %shape : (tensor<?x?xi64>, tensor<2xi64>) -> tensor<3x2xi64>
  check.expect_eq_const %q, dense<[[0, 0], [1, 1], [2, 2]]> : tensor<3x2xi64>
  func.return
}

// -----

// CHECK: PASS dynamic_iota_f64_runtime_shape
func.func @dynamic_iota_f64_runtime_shape() {
  %s_c = stablehlo.constant dense<[3, 2]> : tensor<2xi32>
  %s_z = stablehlo.constant dense<[0, 0]> : tensor<2xi32>
  %s = stablehlo.add %s_c, %s_z : tensor<2xi32>
  %r = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi32>) -> tensor<?x?xf64>
  %shape = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
  %q = stablehlo.dynamic_reshape %r, %shape : (tensor<?x?xf64>, tensor<2xi64>) -> tensor<3x2xf64>
  check.expect_eq_const %q, dense<[[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]]> : tensor<3x2xf64>
  func.return
}

// -----

// CHECK: PASS dynamic_iota_ui32_runtime_shape_static_result
func.func @dynamic_iota_ui32_runtime_shape_static_result() {
  %s_c = stablehlo.constant dense<[4]> : tensor<1xui32>
  %s_z = stablehlo.constant dense<[0]> : tensor<1xui32>
  %s = stablehlo.add %s_c, %s_z : tensor<1xui32>
  %r = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xui32>) -> tensor<4xi32>
  check.expect_eq_const %r, dense<[0, 1, 2, 3]> : tensor<4xi32>
  func.return
}

// CHECK-NOT: FAIL
