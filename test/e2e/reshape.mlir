// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// reshape: expected values from jax.lax.reshape (row-major order).

// CHECK: PASS reshape_i1
func.func @reshape_i1() {
  %x = stablehlo.constant dense<[[true, true, true], [false, false, false]]> : tensor<2x3xi1>
  %r = stablehlo.reshape %x : (tensor<2x3xi1>) -> tensor<3x2xi1>
  check.expect_eq_const %r, dense<[[true, true], [true, false], [false, false]]> : tensor<3x2xi1>
  func.return
}

// -----

// CHECK: PASS reshape_i8
func.func @reshape_i8() {
  %x = stablehlo.constant dense<[[-7, 3, 65], [115, -120, -92]]> : tensor<2x3xi8>
  %r = stablehlo.reshape %x : (tensor<2x3xi8>) -> tensor<3x2xi8>
  check.expect_eq_const %r, dense<[[-7, 3], [65, 115], [-120, -92]]> : tensor<3x2xi8>
  func.return
}

// -----

// CHECK: PASS reshape_i16
func.func @reshape_i16() {
  %x = stablehlo.constant dense<[[22123, -15623, -25605], [-13207, -5649, 20593]]> : tensor<2x3xi16>
  %r = stablehlo.reshape %x : (tensor<2x3xi16>) -> tensor<3x2xi16>
  check.expect_eq_const %r, dense<[[22123, -15623], [-25605, -13207], [-5649, 20593]]> : tensor<3x2xi16>
  func.return
}

// -----

// CHECK: PASS reshape_i32
func.func @reshape_i32() {
  %x = stablehlo.constant dense<[[1337901816, -1779623277, -1376791563], [-1130390267, -1368527818, 1293963975]]> : tensor<2x3xi32>
  %r = stablehlo.reshape %x : (tensor<2x3xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %r, dense<[[1337901816, -1779623277], [-1376791563, -1130390267], [-1368527818, 1293963975]]> : tensor<3x2xi32>
  func.return
}

// -----

// CHECK: PASS reshape_i64
func.func @reshape_i64() {
  %x = stablehlo.constant dense<[[-4611686018427387907, 24909552067, 1047270984161], [-921751331344, 236077971176, -271608873328]]> : tensor<2x3xi64>
  %r = stablehlo.reshape %x : (tensor<2x3xi64>) -> tensor<3x2xi64>
  check.expect_eq_const %r, dense<[[-4611686018427387907, 24909552067], [1047270984161, -921751331344], [236077971176, -271608873328]]> : tensor<3x2xi64>
  func.return
}

// -----

// CHECK: PASS reshape_ui8
func.func @reshape_ui8() {
  %x = stablehlo.constant dense<[[171, 206, 5], [206, 120, 255]]> : tensor<2x3xui8>
  %r = stablehlo.reshape %x : (tensor<2x3xui8>) -> tensor<3x2xui8>
  check.expect_eq_const %r, dense<[[171, 206], [5, 206], [120, 255]]> : tensor<3x2xui8>
  func.return
}

// -----

// CHECK: PASS reshape_ui16
func.func @reshape_ui16() {
  %x = stablehlo.constant dense<[[29166, 35269, 33932], [22496, 62006, 65532]]> : tensor<2x3xui16>
  %r = stablehlo.reshape %x : (tensor<2x3xui16>) -> tensor<3x2xui16>
  check.expect_eq_const %r, dense<[[29166, 35269], [33932, 22496], [62006, 65532]]> : tensor<3x2xui16>
  func.return
}

// -----

// CHECK: PASS reshape_ui32
func.func @reshape_ui32() {
  %x = stablehlo.constant dense<[[4058335883, 2684764585, 2938530453], [3853503932, 2483747170, 4294967292]]> : tensor<2x3xui32>
  %r = stablehlo.reshape %x : (tensor<2x3xui32>) -> tensor<3x2xui32>
  check.expect_eq_const %r, dense<[[4058335883, 2684764585], [2938530453, 3853503932], [2483747170, 4294967292]]> : tensor<3x2xui32>
  func.return
}

// -----

// CHECK: PASS reshape_ui64
func.func @reshape_ui64() {
  %x = stablehlo.constant dense<[[1507893476435237117, 4553010814738638046, 1469794317764927225], [3636540102167023569, 4011689580468196472, 18446744073709551612]]> : tensor<2x3xui64>
  %r = stablehlo.reshape %x : (tensor<2x3xui64>) -> tensor<3x2xui64>
  check.expect_eq_const %r, dense<[[1507893476435237117, 4553010814738638046], [1469794317764927225, 3636540102167023569], [4011689580468196472, 18446744073709551612]]> : tensor<3x2xui64>
  func.return
}

// -----

// CHECK: PASS reshape_f16
func.func @reshape_f16() {
  %x = stablehlo.constant dense<[[-1.75, 7.25, 9.0], [-4.5, -7.75, 2.0]]> : tensor<2x3xf16>
  %r = stablehlo.reshape %x : (tensor<2x3xf16>) -> tensor<3x2xf16>
  check.expect_eq_const %r, dense<[[-1.75, 7.25], [9.0, -4.5], [-7.75, 2.0]]> : tensor<3x2xf16>
  func.return
}

// -----

// CHECK: PASS reshape_bf16
func.func @reshape_bf16() {
  %x = stablehlo.constant dense<[[5.5, 9.0, -4.75], [-6.0, 5.75, 6.5]]> : tensor<2x3xbf16>
  %r = stablehlo.reshape %x : (tensor<2x3xbf16>) -> tensor<3x2xbf16>
  check.expect_eq_const %r, dense<[[5.5, 9.0], [-4.75, -6.0], [5.75, 6.5]]> : tensor<3x2xbf16>
  func.return
}

// -----

// CHECK: PASS reshape_f32
func.func @reshape_f32() {
  %x = stablehlo.constant dense<[[-7.5, -7.5, 5.75], [-0.25, 1.75, 2.0]]> : tensor<2x3xf32>
  %r = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  check.expect_eq_const %r, dense<[[-7.5, -7.5], [5.75, -0.25], [1.75, 2.0]]> : tensor<3x2xf32>
  func.return
}

// -----

// CHECK: PASS reshape_f64
func.func @reshape_f64() {
  %x = stablehlo.constant dense<[[2.25, -5.0, 9.25], [8.75, -8.75, -6.25]]> : tensor<2x3xf64>
  %r = stablehlo.reshape %x : (tensor<2x3xf64>) -> tensor<3x2xf64>
  check.expect_eq_const %r, dense<[[2.25, -5.0], [9.25, 8.75], [-8.75, -6.25]]> : tensor<3x2xf64>
  func.return
}

// -----

// CHECK: PASS reshape_c64
func.func @reshape_c64() {
  %x = stablehlo.constant dense<[[(7.75, 17.5), (7.25, -10.0), (6.25, -13.5)], [(7.0, -17.0), (-8.75, 11.5), (6.0, 17.5)]]> : tensor<2x3xcomplex<f32>>
  %r = stablehlo.reshape %x : (tensor<2x3xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
  check.expect_eq_const %r, dense<[[(7.75, 17.5), (7.25, -10.0)], [(6.25, -13.5), (7.0, -17.0)], [(-8.75, 11.5), (6.0, 17.5)]]> : tensor<3x2xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS reshape_c128
func.func @reshape_c128() {
  %x = stablehlo.constant dense<[[(-7.0, -6.5), (6.5, 14.0), (3.0, -6.5)], [(-3.0, 5.5), (-8.25, -13.0), (4.0, 1.5)]]> : tensor<2x3xcomplex<f64>>
  %r = stablehlo.reshape %x : (tensor<2x3xcomplex<f64>>) -> tensor<3x2xcomplex<f64>>
  check.expect_eq_const %r, dense<[[(-7.0, -6.5), (6.5, 14.0)], [(3.0, -6.5), (-3.0, 5.5)], [(-8.25, -13.0), (4.0, 1.5)]]> : tensor<3x2xcomplex<f64>>
  func.return
}

// -----

// CHECK: PASS reshape_split
func.func @reshape_split() {
  %x = stablehlo.constant dense<[1910852235, 537280937, 791046805, 1706020284, 336263522, 1184061023]> : tensor<6xi32>
  %r = stablehlo.reshape %x : (tensor<6xi32>) -> tensor<1x2x1x3xi32>
  check.expect_eq_const %r, dense<[[[[1910852235, 537280937, 791046805]], [[1706020284, 336263522, 1184061023]]]]> : tensor<1x2x1x3xi32>
  func.return
}

// -----

// CHECK: PASS reshape_merge
func.func @reshape_merge() {
  %x = stablehlo.constant dense<[[[8.75, 2.5], [3.5, 7.75]], [[1.5, 5.5], [6.5, -5.5]]]> : tensor<2x2x2xf32>
  %r = stablehlo.reshape %x : (tensor<2x2x2xf32>) -> tensor<4x2xf32>
  check.expect_eq_const %r, dense<[[8.75, 2.5], [3.5, 7.75], [1.5, 5.5], [6.5, -5.5]]> : tensor<4x2xf32>
  func.return
}

// -----

// CHECK: PASS reshape_to_scalar
func.func @reshape_to_scalar() {
  %x = stablehlo.constant dense<[[-4611686018427387907]]> : tensor<1x1xi64>
  %r = stablehlo.reshape %x : (tensor<1x1xi64>) -> tensor<i64>
  check.expect_eq_const %r, dense<-4611686018427387907> : tensor<i64>
  func.return
}

// -----

// CHECK: PASS reshape_from_scalar
func.func @reshape_from_scalar() {
  %x = stablehlo.constant dense<255> : tensor<ui8>
  %r = stablehlo.reshape %x : (tensor<ui8>) -> tensor<1x1xui8>
  check.expect_eq_const %r, dense<[[255]]> : tensor<1x1xui8>
  func.return
}

// -----

// CHECK: PASS reshape_rank3_to_rank3
func.func @reshape_rank3_to_rank3() {
  %x = stablehlo.constant dense<[[[8.75, 2.5, 3.5, 7.75], [1.5, 5.5, 6.5, -5.5], [-9.0, -4.0, -4.5, 7.25]], [[8.25, -10.0, -0.25, 6.25], [-7.5, 5.75, -7.75, -0.75], [6.25, -4.0, -3.25, -4.5]]]> : tensor<2x3x4xbf16>
  %r = stablehlo.reshape %x : (tensor<2x3x4xbf16>) -> tensor<4x3x2xbf16>
  check.expect_eq_const %r, dense<[[[8.75, 2.5], [3.5, 7.75], [1.5, 5.5]], [[6.5, -5.5], [-9.0, -4.0], [-4.5, 7.25]], [[8.25, -10.0], [-0.25, 6.25], [-7.5, 5.75]], [[-7.75, -0.75], [6.25, -4.0], [-3.25, -4.5]]]> : tensor<4x3x2xbf16>
  func.return
}

// -----

// CHECK: PASS reshape_empty
func.func @reshape_empty() {
  %x = stablehlo.constant dense<> : tensor<0x3xf32>
  %r = stablehlo.reshape %x : (tensor<0x3xf32>) -> tensor<3x0xf32>
  check.expect_eq_const %r, dense<> : tensor<3x0xf32>
  func.return
}

// -----

// CHECK: PASS reshape_i4
func.func @reshape_i4() {
  %x = stablehlo.constant dense<[[7, 2, 2, 6], [1, 4, 5, -5]]> : tensor<2x4xi4>
  %r = stablehlo.reshape %x : (tensor<2x4xi4>) -> tensor<8xi4>
  check.expect_eq_const %r, dense<[7, 2, 2, 6, 1, 4, 5, -5]> : tensor<8xi4>
  func.return
}

// CHECK-NOT: FAIL
