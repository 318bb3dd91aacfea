// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// dynamic_reshape: expected values from jax.lax.reshape. Shapes as constants
// and as run-time values (dynamic result dimensions).

// CHECK: PASS dynamic_reshape_i1
func.func @dynamic_reshape_i1() {
  %x = stablehlo.constant dense<[[true, true, true, false, false, false]]> : tensor<1x6xi1>
  %s = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
  %r = stablehlo.dynamic_reshape %x, %s : (tensor<1x6xi1>, tensor<2xi64>) -> tensor<3x2xi1>
  check.expect_eq_const %r, dense<[[true, true], [true, false], [false, false]]> : tensor<3x2xi1>
  func.return
}

// -----

// CHECK: PASS dynamic_reshape_i8
func.func @dynamic_reshape_i8() {
  %x = stablehlo.constant dense<[[-7, 3, 65, 115, -120, -92]]> : tensor<1x6xi8>
  %s = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
  %r = stablehlo.dynamic_reshape %x, %s : (tensor<1x6xi8>, tensor<2xi64>) -> tensor<3x2xi8>
  check.expect_eq_const %r, dense<[[-7, 3], [65, 115], [-120, -92]]> : tensor<3x2xi8>
  func.return
}

// -----

// CHECK: PASS dynamic_reshape_ui64
func.func @dynamic_reshape_ui64() {
  %x = stablehlo.constant dense<[[1206473021768521264, 1376547432707316825, 3754953463742327879, 423887465215007743, 2767475205246728501, 18446744073709551612]]> : tensor<1x6xui64>
  %s = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
  %r = stablehlo.dynamic_reshape %x, %s : (tensor<1x6xui64>, tensor<2xi64>) -> tensor<3x2xui64>
  check.expect_eq_const %r, dense<[[1206473021768521264, 1376547432707316825], [3754953463742327879, 423887465215007743], [2767475205246728501, 18446744073709551612]]> : tensor<3x2xui64>
  func.return
}

// -----

// CHECK: PASS dynamic_reshape_f16
func.func @dynamic_reshape_f16() {
  %x = stablehlo.constant dense<[[6.0, -8.5, -6.5, -5.5, -6.5, 6.0]]> : tensor<1x6xf16>
  %s = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
  %r = stablehlo.dynamic_reshape %x, %s : (tensor<1x6xf16>, tensor<2xi64>) -> tensor<3x2xf16>
  check.expect_eq_const %r, dense<[[6.0, -8.5], [-6.5, -5.5], [-6.5, 6.0]]> : tensor<3x2xf16>
  func.return
}

// -----

// CHECK: PASS dynamic_reshape_f64
func.func @dynamic_reshape_f64() {
  %x = stablehlo.constant dense<[[4.5, 8.75, 7.5, 0.0, 8.75, 9.5]]> : tensor<1x6xf64>
  %s = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
  %r = stablehlo.dynamic_reshape %x, %s : (tensor<1x6xf64>, tensor<2xi64>) -> tensor<3x2xf64>
  check.expect_eq_const %r, dense<[[4.5, 8.75], [7.5, 0.0], [8.75, 9.5]]> : tensor<3x2xf64>
  func.return
}

// -----

// CHECK: PASS dynamic_reshape_c64
func.func @dynamic_reshape_c64() {
  %x = stablehlo.constant dense<[[(3.25, 5.0), (6.0, -9.0), (-9.75, 19.0), (6.0, -18.0), (-0.75, -9.0), (0.25, -5.0)]]> : tensor<1x6xcomplex<f32>>
  %s = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
  %r = stablehlo.dynamic_reshape %x, %s : (tensor<1x6xcomplex<f32>>, tensor<2xi64>) -> tensor<3x2xcomplex<f32>>
  check.expect_eq_const %r, dense<[[(3.25, 5.0), (6.0, -9.0)], [(-9.75, 19.0), (6.0, -18.0)], [(-0.75, -9.0), (0.25, -5.0)]]> : tensor<3x2xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS dynamic_reshape_runtime_shape
func.func @dynamic_reshape_runtime_shape() {
  %x = stablehlo.constant dense<[[1337901816, -1779623277, -1376791563, -1130390267, -1368527818, 1293963975], [1585841956, 352883257, -1978265842, -1743204208, -720688889, -287217605]]> : tensor<2x6xi32>
  %s_c = stablehlo.constant dense<[4, 3]> : tensor<2xi32>
  %s_z = stablehlo.constant dense<[0, 0]> : tensor<2xi32>
  %s = stablehlo.add %s_c, %s_z : tensor<2xi32>
  %r = stablehlo.dynamic_reshape %x, %s : (tensor<2x6xi32>, tensor<2xi32>) -> tensor<?x3xi32>
  %shape = stablehlo.constant dense<[4, 3]> : tensor<2xi64>
  %q = stablehlo.dynamic_reshape %r, %shape : (tensor<?x3xi32>, tensor<2xi64>) -> tensor<4x3xi32>
  check.expect_eq_const %q, dense<[[1337901816, -1779623277, -1376791563], [-1130390267, -1368527818, 1293963975], [1585841956, 352883257, -1978265842], [-1743204208, -720688889, -287217605]]> : tensor<4x3xi32>
  func.return
}

// CHECK-NOT: FAIL
