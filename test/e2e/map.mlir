// RUN: jxc run --split-input-file %s | FileCheck %s
// CHECK-NOT: FAIL

// CHECK: PASS map_mul_i64
func.func @map_mul_i64() {
  %a = stablehlo.constant dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>
  %b = stablehlo.constant dense<[[4, 5], [6, -7]]> : tensor<2x2xi64>
  %r = "stablehlo.map"(%a, %b) ({
    ^bb0(%x: tensor<i64>, %y: tensor<i64>):
      %0 = stablehlo.multiply %x, %y : tensor<i64>
      stablehlo.return %0 : tensor<i64>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
  check.expect_eq_const %r, dense<[[0, 5], [12, -21]]> : tensor<2x2xi64>
  func.return
}

// -----

// Unsigned: the sum wraps, the division is unsigned.
// CHECK: PASS map_ui8
func.func @map_ui8() {
  %a = stablehlo.constant dense<[200, 250, 7]> : tensor<3xui8>
  %b = stablehlo.constant dense<[100, 2, 3]> : tensor<3xui8>
  %r = "stablehlo.map"(%a, %b) ({
    ^bb0(%x: tensor<ui8>, %y: tensor<ui8>):
      %0 = stablehlo.add %x, %y : tensor<ui8>
      %1 = stablehlo.divide %0, %y : tensor<ui8>
      stablehlo.return %1 : tensor<ui8>
  }) {dimensions = array<i64: 0>} : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xui8>
  check.expect_eq_const %r, dense<[0, 126, 3]> : tensor<3xui8>
  func.return
}

// -----

// One input, a constant in the body, a result type other than the input's.
// CHECK: PASS map_i32_to_i1
func.func @map_i32_to_i1() {
  %a = stablehlo.constant dense<[-1, 0, 5]> : tensor<3xi32>
  %r = "stablehlo.map"(%a) ({
    ^bb0(%x: tensor<i32>):
      %zero = stablehlo.constant dense<0> : tensor<i32>
      %0 = stablehlo.compare GE, %x, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {dimensions = array<i64: 0>} : (tensor<3xi32>) -> tensor<3xi1>
  check.expect_eq_const %r, dense<[false, true, true]> : tensor<3xi1>
  func.return
}

// -----

// CHECK: PASS map_xor_i1
func.func @map_xor_i1() {
  %a = stablehlo.constant dense<[true, true, false, false]> : tensor<4xi1>
  %b = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %r = "stablehlo.map"(%a, %b) ({
    ^bb0(%x: tensor<i1>, %y: tensor<i1>):
      %0 = stablehlo.xor %x, %y : tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {dimensions = array<i64: 0>} : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  check.expect_eq_const %r, dense<[false, true, true, false]> : tensor<4xi1>
  func.return
}

// -----

// CHECK: PASS map_f16
func.func @map_f16() {
  %a = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf16>
  %b = stablehlo.constant dense<[0.25, 3.0]> : tensor<2xf16>
  %r = "stablehlo.map"(%a, %b) ({
    ^bb0(%x: tensor<f16>, %y: tensor<f16>):
      %0 = stablehlo.subtract %x, %y : tensor<f16>
      stablehlo.return %0 : tensor<f16>
  }) {dimensions = array<i64: 0>} : (tensor<2xf16>, tensor<2xf16>) -> tensor<2xf16>
  check.expect_eq_const %r, dense<[1.25, -5.0]> : tensor<2xf16>
  func.return
}

// -----

// CHECK: PASS map_bf16
func.func @map_bf16() {
  %a = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xbf16>
  %b = stablehlo.constant dense<[4.0, 0.5]> : tensor<2xbf16>
  %r = "stablehlo.map"(%a, %b) ({
    ^bb0(%x: tensor<bf16>, %y: tensor<bf16>):
      %0 = stablehlo.multiply %x, %y : tensor<bf16>
      stablehlo.return %0 : tensor<bf16>
  }) {dimensions = array<i64: 0>} : (tensor<2xbf16>, tensor<2xbf16>) -> tensor<2xbf16>
  check.expect_eq_const %r, dense<[6.0, -1.0]> : tensor<2xbf16>
  func.return
}

// -----

// CHECK: PASS map_f32_0d
func.func @map_f32_0d() {
  %a = stablehlo.constant dense<9.0> : tensor<f32>
  %r = "stablehlo.map"(%a) ({
    ^bb0(%x: tensor<f32>):
      %0 = stablehlo.sqrt %x : tensor<f32>
      stablehlo.return %0 : tensor<f32>
  }) {dimensions = array<i64>} : (tensor<f32>) -> tensor<f32>
  check.expect_almost_eq_const %r, dense<3.0> : tensor<f32>
  func.return
}

// -----

// CHECK: PASS map_f64
func.func @map_f64() {
  %a = stablehlo.constant dense<[[1.0, 4.0], [-9.0, 0.5]]> : tensor<2x2xf64>
  %b = stablehlo.constant dense<[[2.0, -8.0], [3.0, 0.25]]> : tensor<2x2xf64>
  %r = "stablehlo.map"(%a, %b) ({
    ^bb0(%x: tensor<f64>, %y: tensor<f64>):
      %0 = stablehlo.divide %x, %y : tensor<f64>
      stablehlo.return %0 : tensor<f64>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<2x2xf64>
  check.expect_eq_const %r, dense<[[0.5, -0.5], [-3.0, 2.0]]> : tensor<2x2xf64>
  func.return
}

// -----

// (1+2i)(3-i) = 5+5i, (0.5+0.5i)(-2+4i) = -3+1i.
// CHECK: PASS map_complex
func.func @map_complex() {
  %a = stablehlo.constant dense<[(1.0, 2.0), (0.5, 0.5)]> : tensor<2xcomplex<f64>>
  %b = stablehlo.constant dense<[(3.0, -1.0), (-2.0, 4.0)]> : tensor<2xcomplex<f64>>
  %r = "stablehlo.map"(%a, %b) ({
    ^bb0(%x: tensor<complex<f64>>, %y: tensor<complex<f64>>):
      %0 = stablehlo.multiply %x, %y : tensor<complex<f64>>
      stablehlo.return %0 : tensor<complex<f64>>
  }) {dimensions = array<i64: 0>} : (tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f64>>
  check.expect_almost_eq_const %r, dense<[(5.0, 5.0), (-3.0, 1.0)]> : tensor<2xcomplex<f64>>
  func.return
}
