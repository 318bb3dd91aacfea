// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// bitcast_convert: expected values from numpy's little-endian bit layout
// (ndarray.view; for i1 one bit per element, least significant first),
// cross-checked with jax.lax.bitcast_convert_type where it applies.

// CHECK: PASS bitcast_convert_f32_to_i32
func.func @bitcast_convert_f32_to_i32() {
  %x = stablehlo.constant dense<[7.5, -1.25, -2.5]> : tensor<3xf32>
  %r = stablehlo.bitcast_convert %x : (tensor<3xf32>) -> tensor<3xi32>
  check.expect_eq_const %r, dense<[1089470464, -1080033280, -1071644672]> : tensor<3xi32>
  func.return
}

// -----

// CHECK: PASS bitcast_convert_i32_to_f32
func.func @bitcast_convert_i32_to_f32() {
  %x = stablehlo.constant dense<[1627525143, -242054750, -515269321]> : tensor<3xi32>
  %r = stablehlo.bitcast_convert %x : (tensor<3xi32>) -> tensor<3xf32>
  %b = stablehlo.bitcast_convert %r : (tensor<3xf32>) -> tensor<3xi32>
  check.expect_eq_const %b, dense<[1627525143, -242054750, -515269321]> : tensor<3xi32>
  func.return
}

// -----

// CHECK: PASS bitcast_convert_f32_to_ui32
func.func @bitcast_convert_f32_to_ui32() {
  %x = stablehlo.constant dense<[[-8.75, -10.0], [-7.75, 7.25]]> : tensor<2x2xf32>
  %r = stablehlo.bitcast_convert %x : (tensor<2x2xf32>) -> tensor<2x2xui32>
  check.expect_eq_const %r, dense<[[3238789120, 3240099840], [3237478400, 1088946176]]> : tensor<2x2xui32>
  func.return
}

// -----

// CHECK: PASS bitcast_convert_f16_to_i16
func.func @bitcast_convert_f16_to_i16() {
  %x = stablehlo.constant dense<[4.75, 6.75, -8.0]> : tensor<3xf16>
  %r = stablehlo.bitcast_convert %x : (tensor<3xf16>) -> tensor<3xi16>
  check.expect_eq_const %r, dense<[17600, 18112, -14336]> : tensor<3xi16>
  func.return
}

// -----

// CHECK: PASS bitcast_convert_bf16_to_ui16
func.func @bitcast_convert_bf16_to_ui16() {
  %x = stablehlo.constant dense<[4.75, 6.75, -8.0]> : tensor<3xbf16>
  %r = stablehlo.bitcast_convert %x : (tensor<3xbf16>) -> tensor<3xui16>
  check.expect_eq_const %r, dense<[16536, 16600, 49408]> : tensor<3xui16>
  func.return
}

// -----

// CHECK: PASS bitcast_convert_i16_to_bf16
func.func @bitcast_convert_i16_to_bf16() {
  %x = stablehlo.constant dense<[15791, 22614, -25734]> : tensor<3xi16>
  %r = stablehlo.bitcast_convert %x : (tensor<3xi16>) -> tensor<3xbf16>
  %b = stablehlo.bitcast_convert %r : (tensor<3xbf16>) -> tensor<3xi16>
  check.expect_eq_const %b, dense<[15791, 22614, -25734]> : tensor<3xi16>
  func.return
}

// -----

// CHECK: PASS bitcast_convert_f64_to_i64
func.func @bitcast_convert_f64_to_i64() {
  %x = stablehlo.constant dense<[-6.75, -9.25]> : tensor<2xf64>
  %r = stablehlo.bitcast_convert %x : (tensor<2xf64>) -> tensor<2xi64>
  check.expect_eq_const %r, dense<[-4604086194056200192, -4601975131730870272]> : tensor<2xi64>
  func.return
}

// -----

// CHECK: PASS bitcast_convert_ui64_to_f64
func.func @bitcast_convert_ui64_to_f64() {
  %x = stablehlo.constant dense<[218554650904394365, 18446744073709551612]> : tensor<2xui64>
  %r = stablehlo.bitcast_convert %x : (tensor<2xui64>) -> tensor<2xf64>
  %b = stablehlo.bitcast_convert %r : (tensor<2xf64>) -> tensor<2xi64>
  check.expect_eq_const %b, dense<[218554650904394365, -4]> : tensor<2xi64>
  func.return
}

// -----

// CHECK: PASS bitcast_convert_i8_to_ui8
func.func @bitcast_convert_i8_to_ui8() {
  %x = stablehlo.constant dense<[-21, 94, 118, -55]> : tensor<4xi8>
  %r = stablehlo.bitcast_convert %x : (tensor<4xi8>) -> tensor<4xui8>
  check.expect_eq_const %r, dense<[235, 94, 118, 201]> : tensor<4xui8>
  func.return
}

// -----

// CHECK: PASS bitcast_convert_i1_to_i1
func.func @bitcast_convert_i1_to_i1() {
  %x = stablehlo.constant dense<[true, false, false]> : tensor<3xi1>
  %r = stablehlo.bitcast_convert %x : (tensor<3xi1>) -> tensor<3xi1>
  check.expect_eq_const %r, dense<[true, false, false]> : tensor<3xi1>
  func.return
}

// -----

// CHECK: PASS bitcast_convert_c64_to_c64
func.func @bitcast_convert_c64_to_c64() {
  %x = stablehlo.constant dense<[(-6.75, 3.5), (-9.25, 0.5)]> : tensor<2xcomplex<f32>>
  %r = stablehlo.bitcast_convert %x : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  check.expect_eq_const %r, dense<[(-6.75, 3.5), (-9.25, 0.5)]> : tensor<2xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS bitcast_convert_i32_to_i8
func.func @bitcast_convert_i32_to_i8() {
  %x = stablehlo.constant dense<[1627525143, -242054750]> : tensor<2xi32>
  %r = stablehlo.bitcast_convert %x : (tensor<2xi32>) -> tensor<2x4xi8>
  check.expect_eq_const %r, dense<[[23, 16, 2, 97], [-94, -119, -110, -15]]> : tensor<2x4xi8>
  func.return
}

// -----

// CHECK: PASS bitcast_convert_ui8_to_ui32
func.func @bitcast_convert_ui8_to_ui32() {
  %x = stablehlo.constant dense<[[198, 244, 67, 53], [202, 212, 131, 255]]> : tensor<2x4xui8>
  %r = stablehlo.bitcast_convert %x : (tensor<2x4xui8>) -> tensor<2xui32>
  check.expect_eq_const %r, dense<[893646022, 4286829770]> : tensor<2xui32>
  func.return
}

// -----

// CHECK: PASS bitcast_convert_f64_to_f32
func.func @bitcast_convert_f64_to_f32() {
  %x = stablehlo.constant dense<[-6.75, -9.25]> : tensor<2xf64>
  %r = stablehlo.bitcast_convert %x : (tensor<2xf64>) -> tensor<2x2xf32>
  %b = stablehlo.bitcast_convert %r : (tensor<2x2xf32>) -> tensor<2x2xi32>
  check.expect_eq_const %b, dense<[[0, -1071972352], [0, -1071480832]]> : tensor<2x2xi32>
  func.return
}

// -----

// CHECK: PASS bitcast_convert_f32_to_f64
func.func @bitcast_convert_f32_to_f64() {
  %x = stablehlo.constant dense<[[-8.75, -10.0], [-7.75, 7.25]]> : tensor<2x2xf32>
  %r = stablehlo.bitcast_convert %x : (tensor<2x2xf32>) -> tensor<2xf64>
  %b = stablehlo.bitcast_convert %r : (tensor<2xf64>) -> tensor<2xi64>
  check.expect_eq_const %b, dense<[-4530621221895929856, 4676988216261738496]> : tensor<2xi64>
  func.return
}

// -----

// CHECK: PASS bitcast_convert_f16_to_i8
func.func @bitcast_convert_f16_to_i8() {
  %x = stablehlo.constant dense<[4.75, 6.75, -8.0]> : tensor<3xf16>
  %r = stablehlo.bitcast_convert %x : (tensor<3xf16>) -> tensor<3x2xi8>
  check.expect_eq_const %r, dense<[[-64, 68], [-64, 70], [0, -56]]> : tensor<3x2xi8>
  func.return
}

// -----

// CHECK: PASS bitcast_convert_i64_to_i16
func.func @bitcast_convert_i64_to_i16() {
  %x = stablehlo.constant dense<[-4611686018427387907, 40070992176]> : tensor<2xi64>
  %r = stablehlo.bitcast_convert %x : (tensor<2xi64>) -> tensor<2x4xi16>
  check.expect_eq_const %r, dense<[[-3, -1, -1, -16385], [-11984, 21610, 9, 0]]> : tensor<2x4xi16>
  func.return
}

// -----

// CHECK: PASS bitcast_convert_i16_to_i64
func.func @bitcast_convert_i16_to_i64() {
  %x = stablehlo.constant dense<[[25794, -6600, -18795, 14248]]> : tensor<1x4xi16>
  %r = stablehlo.bitcast_convert %x : (tensor<1x4xi16>) -> tensor<1xi64>
  check.expect_eq_const %r, dense<[4010656223102264514]> : tensor<1xi64>
  func.return
}

// -----

// CHECK: PASS bitcast_convert_ui8_to_i1
func.func @bitcast_convert_ui8_to_i1() {
  %x = stablehlo.constant dense<[107, 255]> : tensor<2xui8>
  %r = stablehlo.bitcast_convert %x : (tensor<2xui8>) -> tensor<2x8xi1>
  check.expect_eq_const %r, dense<[[true, true, false, true, false, true, true, false], [true, true, true, true, true, true, true, true]]> : tensor<2x8xi1>
  func.return
}

// -----

// CHECK: PASS bitcast_convert_i1_to_i8
func.func @bitcast_convert_i1_to_i8() {
  %x = stablehlo.constant dense<[[true, false, false, false, false, true, true, true]]> : tensor<1x8xi1>
  %r = stablehlo.bitcast_convert %x : (tensor<1x8xi1>) -> tensor<1xi8>
  check.expect_eq_const %r, dense<[-31]> : tensor<1xi8>
  func.return
}

// -----

// CHECK: PASS bitcast_convert_i1_to_i64
func.func @bitcast_convert_i1_to_i64() {
  %x = stablehlo.constant dense<[true, true, true, true, false, true, true, true, true, false, true, true, false, false, true, true, true, true, false, true, false, true, false, true, true, false, false, true, false, false, false, true, true, true, true, false, false, true, true, false, true, false, true, false, false, false, true, false, true, true, false, false, false, true, false, false, true, false, false, false, false, false, false, false]> : tensor<64xi1>
  %r = stablehlo.bitcast_convert %x : (tensor<64xi1>) -> tensor<i64>
  check.expect_eq_const %r, dense<81985529216486895> : tensor<i64>
  func.return
}

// -----

// CHECK: PASS bitcast_convert_f64_to_i1
func.func @bitcast_convert_f64_to_i1() {
  %x = stablehlo.constant dense<0.0> : tensor<f64>
  %r = stablehlo.bitcast_convert %x : (tensor<f64>) -> tensor<64xi1>
  check.expect_eq_const %r, dense<[false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false]> : tensor<64xi1>
  func.return
}

// -----

// CHECK: PASS bitcast_convert_f32_to_bf16
func.func @bitcast_convert_f32_to_bf16() {
  %x = stablehlo.constant dense<[7.5, -1.25]> : tensor<2xf32>
  %r = stablehlo.bitcast_convert %x : (tensor<2xf32>) -> tensor<2x2xbf16>
  %b = stablehlo.bitcast_convert %r : (tensor<2x2xbf16>) -> tensor<2x2xi16>
  check.expect_eq_const %b, dense<[[0, 16624], [0, -16480]]> : tensor<2x2xi16>
  func.return
}

// CHECK-NOT: FAIL
