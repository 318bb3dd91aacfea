// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// dynamic_pad: expected values from jax.lax.pad. Paddings as constants and as
// run-time values.

// CHECK: PASS dynamic_pad_spec_example
func.func @dynamic_pad_spec_example() {
  %x = stablehlo.constant dense<[[0, 0, 0, 0], [0, 1, 2, 0], [0, 3, 4, 0], [0, 5, 6, 0], [0, 0, 0, 0]]> : tensor<5x4xi64>
  %v = stablehlo.constant dense<-1> : tensor<i64>
  %lo = stablehlo.constant dense<[1, -1]> : tensor<2xi64>
  %hi = stablehlo.constant dense<[1, -1]> : tensor<2xi64>
  %in = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %r = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in : (tensor<5x4xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<7x5xi64>
  check.expect_eq_const %r, dense<[[-1, -1, -1, -1, -1], [-1, 0, -1, 0, -1], [-1, 1, -1, 2, -1], [-1, 3, -1, 4, -1], [-1, 5, -1, 6, -1], [-1, 0, -1, 0, -1], [-1, -1, -1, -1, -1]]> : tensor<7x5xi64>
  func.return
}

// -----

// CHECK: PASS dynamic_pad_i1
func.func @dynamic_pad_i1() {
  %x = stablehlo.constant dense<[[true, true, true], [false, false, false]]> : tensor<2x3xi1>
  %v = stablehlo.constant dense<false> : tensor<i1>
  %lo = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %hi = stablehlo.constant dense<[1, -1]> : tensor<2xi64>
  %in = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %r = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in : (tensor<2x3xi1>, tensor<i1>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<4x3xi1>
  check.expect_eq_const %r, dense<[[false, true, true], [false, false, false], [false, false, false], [false, false, false]]> : tensor<4x3xi1>
  func.return
}

// -----

// CHECK: PASS dynamic_pad_ui16
func.func @dynamic_pad_ui16() {
  %x = stablehlo.constant dense<[[31010, 33542, 49490], [62289, 2284, 65532]]> : tensor<2x3xui16>
  %v = stablehlo.constant dense<65532> : tensor<ui16>
  %lo = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %hi = stablehlo.constant dense<[1, -1]> : tensor<2xi64>
  %in = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %r = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in : (tensor<2x3xui16>, tensor<ui16>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<4x3xui16>
  check.expect_eq_const %r, dense<[[65532, 31010, 33542], [65532, 65532, 65532], [65532, 62289, 2284], [65532, 65532, 65532]]> : tensor<4x3xui16>
  func.return
}

// -----

// CHECK: PASS dynamic_pad_bf16
func.func @dynamic_pad_bf16() {
  %x = stablehlo.constant dense<[[6.75, -5.0, -8.0], [-4.25, -1.75, 6.25]]> : tensor<2x3xbf16>
  %v = stablehlo.constant dense<-7.5> : tensor<bf16>
  %lo = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %hi = stablehlo.constant dense<[1, -1]> : tensor<2xi64>
  %in = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %r = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in : (tensor<2x3xbf16>, tensor<bf16>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<4x3xbf16>
  check.expect_eq_const %r, dense<[[-7.5, 6.75, -5.0], [-7.5, -7.5, -7.5], [-7.5, -4.25, -1.75], [-7.5, -7.5, -7.5]]> : tensor<4x3xbf16>
  func.return
}

// -----

// CHECK: PASS dynamic_pad_f32
func.func @dynamic_pad_f32() {
  %x = stablehlo.constant dense<[[6.0, -8.5, -6.5], [-5.5, -6.5, 6.0]]> : tensor<2x3xf32>
  %v = stablehlo.constant dense<2.25> : tensor<f32>
  %lo = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %hi = stablehlo.constant dense<[1, -1]> : tensor<2xi64>
  %in = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %r = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in : (tensor<2x3xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<4x3xf32>
  check.expect_eq_const %r, dense<[[2.25, 6.0, -8.5], [2.25, 2.25, 2.25], [2.25, -5.5, -6.5], [2.25, 2.25, 2.25]]> : tensor<4x3xf32>
  func.return
}

// -----

// CHECK: PASS dynamic_pad_c128
func.func @dynamic_pad_c128() {
  %x = stablehlo.constant dense<[[(4.5, 18.5), (8.75, -17.0), (7.5, -2.0)], [(0.0, 4.0), (8.75, -9.0), (9.5, -5.0)]]> : tensor<2x3xcomplex<f64>>
  %v = stablehlo.constant dense<(7.75, 14.5)> : tensor<complex<f64>>
  %lo = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %hi = stablehlo.constant dense<[1, -1]> : tensor<2xi64>
  %in = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %r = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in : (tensor<2x3xcomplex<f64>>, tensor<complex<f64>>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<4x3xcomplex<f64>>
  check.expect_eq_const %r, dense<[[(7.75, 14.5), (4.5, 18.5), (8.75, -17.0)], [(7.75, 14.5), (7.75, 14.5), (7.75, 14.5)], [(7.75, 14.5), (0.0, 4.0), (8.75, -9.0)], [(7.75, 14.5), (7.75, 14.5), (7.75, 14.5)]]> : tensor<4x3xcomplex<f64>>
  func.return
}

// -----

// CHECK: PASS dynamic_pad_runtime
func.func @dynamic_pad_runtime() {
  %x = stablehlo.constant dense<[[1337901816, -1779623277], [-1376791563, -1130390267], [-1368527818, 1293963975]]> : tensor<3x2xi32>
  %v = stablehlo.constant dense<5> : tensor<i32>
  %lo_c = stablehlo.constant dense<[1, -1]> : tensor<2xi64>
  %lo_z = stablehlo.constant dense<[0, 0]> : tensor<2xi64>
  %lo = stablehlo.add %lo_c, %lo_z : tensor<2xi64>
  %hi_c = stablehlo.constant dense<[-1, 2]> : tensor<2xi64>
  %hi_z = stablehlo.constant dense<[0, 0]> : tensor<2xi64>
  %hi = stablehlo.add %hi_c, %hi_z : tensor<2xi64>
  %in_c = stablehlo.constant dense<[1, 1]> : tensor<2xi64>
  %in_z = stablehlo.constant dense<[0, 0]> : tensor<2xi64>
  %in = stablehlo.add %in_c, %in_z : tensor<2xi64>
  %r = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in : (tensor<3x2xi32>, tensor<i32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi32>
  %shape = stablehlo.constant dense<[5, 4]> : tensor<2xi64>
  %q = stablehlo.dynamic_reshape %r, %shape : (tensor<?x?xi32>, tensor<2xi64>) -> tensor<5x4xi32>
  check.expect_eq_const %q, dense<[[5, 5, 5, 5], [5, -1779623277, 5, 5], [5, 5, 5, 5], [5, -1130390267, 5, 5], [5, 5, 5, 5]]> : tensor<5x4xi32>
  func.return
}

// CHECK-NOT: FAIL
