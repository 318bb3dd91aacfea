// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// pad: expected values from jax.lax.pad, which takes negative edge padding
// (cropping) and interior padding with the spec's semantics.

// CHECK: PASS pad_i1
func.func @pad_i1() {
  %x = stablehlo.constant dense<[[true, true, true], [false, false, false]]> : tensor<2x3xi1>
  %v = stablehlo.constant dense<true> : tensor<i1>
  %r = stablehlo.pad %x, %v, low = [1, 0], high = [0, 2], interior = [1, 1] : (tensor<2x3xi1>, tensor<i1>) -> tensor<4x7xi1>
  check.expect_eq_const %r, dense<[[true, true, true, true, true, true, true], [true, true, true, true, true, true, true], [true, true, true, true, true, true, true], [false, true, false, true, false, true, true]]> : tensor<4x7xi1>
  func.return
}

// -----

// CHECK: PASS pad_i8
func.func @pad_i8() {
  %x = stablehlo.constant dense<[[-7, 3, 65], [115, -120, -92]]> : tensor<2x3xi8>
  %v = stablehlo.constant dense<-49> : tensor<i8>
  %r = stablehlo.pad %x, %v, low = [1, 0], high = [0, 2], interior = [1, 1] : (tensor<2x3xi8>, tensor<i8>) -> tensor<4x7xi8>
  check.expect_eq_const %r, dense<[[-49, -49, -49, -49, -49, -49, -49], [-7, -49, 3, -49, 65, -49, -49], [-49, -49, -49, -49, -49, -49, -49], [115, -49, -120, -49, -92, -49, -49]]> : tensor<4x7xi8>
  func.return
}

// -----

// CHECK: PASS pad_i16
func.func @pad_i16() {
  %x = stablehlo.constant dense<[[22123, -15623, -25605], [-13207, -5649, 20593]]> : tensor<2x3xi16>
  %v = stablehlo.constant dense<-3731> : tensor<i16>
  %r = stablehlo.pad %x, %v, low = [1, 0], high = [0, 2], interior = [1, 1] : (tensor<2x3xi16>, tensor<i16>) -> tensor<4x7xi16>
  check.expect_eq_const %r, dense<[[-3731, -3731, -3731, -3731, -3731, -3731, -3731], [22123, -3731, -15623, -3731, -25605, -3731, -3731], [-3731, -3731, -3731, -3731, -3731, -3731, -3731], [-13207, -3731, -5649, -3731, 20593, -3731, -3731]]> : tensor<4x7xi16>
  func.return
}

// -----

// CHECK: PASS pad_i32
func.func @pad_i32() {
  %x = stablehlo.constant dense<[[1337901816, -1779623277, -1376791563], [-1130390267, -1368527818, 1293963975]]> : tensor<2x3xi32>
  %v = stablehlo.constant dense<225986769> : tensor<i32>
  %r = stablehlo.pad %x, %v, low = [1, 0], high = [0, 2], interior = [1, 1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<4x7xi32>
  check.expect_eq_const %r, dense<[[225986769, 225986769, 225986769, 225986769, 225986769, 225986769, 225986769], [1337901816, 225986769, -1779623277, 225986769, -1376791563, 225986769, 225986769], [225986769, 225986769, 225986769, 225986769, 225986769, 225986769, 225986769], [-1130390267, 225986769, -1368527818, 225986769, 1293963975, 225986769, 225986769]]> : tensor<4x7xi32>
  func.return
}

// -----

// CHECK: PASS pad_i64
func.func @pad_i64() {
  %x = stablehlo.constant dense<[[-4611686018427387907, 24909552067, 1047270984161], [-921751331344, 236077971176, -271608873328]]> : tensor<2x3xi64>
  %v = stablehlo.constant dense<-4611686018427387907> : tensor<i64>
  %r = stablehlo.pad %x, %v, low = [1, 0], high = [0, 2], interior = [1, 1] : (tensor<2x3xi64>, tensor<i64>) -> tensor<4x7xi64>
  check.expect_eq_const %r, dense<[[-4611686018427387907, -4611686018427387907, -4611686018427387907, -4611686018427387907, -4611686018427387907, -4611686018427387907, -4611686018427387907], [-4611686018427387907, -4611686018427387907, 24909552067, -4611686018427387907, 1047270984161, -4611686018427387907, -4611686018427387907], [-4611686018427387907, -4611686018427387907, -4611686018427387907, -4611686018427387907, -4611686018427387907, -4611686018427387907, -4611686018427387907], [-921751331344, -4611686018427387907, 236077971176, -4611686018427387907, -271608873328, -4611686018427387907, -4611686018427387907]]> : tensor<4x7xi64>
  func.return
}

// -----

// CHECK: PASS pad_ui8
func.func @pad_ui8() {
  %x = stablehlo.constant dense<[[171, 206, 5], [206, 120, 255]]> : tensor<2x3xui8>
  %v = stablehlo.constant dense<255> : tensor<ui8>
  %r = stablehlo.pad %x, %v, low = [1, 0], high = [0, 2], interior = [1, 1] : (tensor<2x3xui8>, tensor<ui8>) -> tensor<4x7xui8>
  check.expect_eq_const %r, dense<[[255, 255, 255, 255, 255, 255, 255], [171, 255, 206, 255, 5, 255, 255], [255, 255, 255, 255, 255, 255, 255], [206, 255, 120, 255, 255, 255, 255]]> : tensor<4x7xui8>
  func.return
}

// -----

// CHECK: PASS pad_ui16
func.func @pad_ui16() {
  %x = stablehlo.constant dense<[[29166, 35269, 33932], [22496, 62006, 65532]]> : tensor<2x3xui16>
  %v = stablehlo.constant dense<65532> : tensor<ui16>
  %r = stablehlo.pad %x, %v, low = [1, 0], high = [0, 2], interior = [1, 1] : (tensor<2x3xui16>, tensor<ui16>) -> tensor<4x7xui16>
  check.expect_eq_const %r, dense<[[65532, 65532, 65532, 65532, 65532, 65532, 65532], [29166, 65532, 35269, 65532, 33932, 65532, 65532], [65532, 65532, 65532, 65532, 65532, 65532, 65532], [22496, 65532, 62006, 65532, 65532, 65532, 65532]]> : tensor<4x7xui16>
  func.return
}

// -----

// CHECK: PASS pad_ui32
func.func @pad_ui32() {
  %x = stablehlo.constant dense<[[4058335883, 2684764585, 2938530453], [3853503932, 2483747170, 4294967292]]> : tensor<2x3xui32>
  %v = stablehlo.constant dense<4294967292> : tensor<ui32>
  %r = stablehlo.pad %x, %v, low = [1, 0], high = [0, 2], interior = [1, 1] : (tensor<2x3xui32>, tensor<ui32>) -> tensor<4x7xui32>
  check.expect_eq_const %r, dense<[[4294967292, 4294967292, 4294967292, 4294967292, 4294967292, 4294967292, 4294967292], [4058335883, 4294967292, 2684764585, 4294967292, 2938530453, 4294967292, 4294967292], [4294967292, 4294967292, 4294967292, 4294967292, 4294967292, 4294967292, 4294967292], [3853503932, 4294967292, 2483747170, 4294967292, 4294967292, 4294967292, 4294967292]]> : tensor<4x7xui32>
  func.return
}

// -----

// CHECK: PASS pad_ui64
func.func @pad_ui64() {
  %x = stablehlo.constant dense<[[1507893476435237117, 4553010814738638046, 1469794317764927225], [3636540102167023569, 4011689580468196472, 18446744073709551612]]> : tensor<2x3xui64>
  %v = stablehlo.constant dense<18446744073709551612> : tensor<ui64>
  %r = stablehlo.pad %x, %v, low = [1, 0], high = [0, 2], interior = [1, 1] : (tensor<2x3xui64>, tensor<ui64>) -> tensor<4x7xui64>
  check.expect_eq_const %r, dense<[[18446744073709551612, 18446744073709551612, 18446744073709551612, 18446744073709551612, 18446744073709551612, 18446744073709551612, 18446744073709551612], [1507893476435237117, 18446744073709551612, 4553010814738638046, 18446744073709551612, 1469794317764927225, 18446744073709551612, 18446744073709551612], [18446744073709551612, 18446744073709551612, 18446744073709551612, 18446744073709551612, 18446744073709551612, 18446744073709551612, 18446744073709551612], [3636540102167023569, 18446744073709551612, 4011689580468196472, 18446744073709551612, 18446744073709551612, 18446744073709551612, 18446744073709551612]]> : tensor<4x7xui64>
  func.return
}

// -----

// CHECK: PASS pad_f16
func.func @pad_f16() {
  %x = stablehlo.constant dense<[[-1.75, 7.25, 9.0], [-4.5, -7.75, 2.0]]> : tensor<2x3xf16>
  %v = stablehlo.constant dense<1.0> : tensor<f16>
  %r = stablehlo.pad %x, %v, low = [1, 0], high = [0, 2], interior = [1, 1] : (tensor<2x3xf16>, tensor<f16>) -> tensor<4x7xf16>
  check.expect_eq_const %r, dense<[[1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [-1.75, 1.0, 7.25, 1.0, 9.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [-4.5, 1.0, -7.75, 1.0, 2.0, 1.0, 1.0]]> : tensor<4x7xf16>
  func.return
}

// -----

// CHECK: PASS pad_bf16
func.func @pad_bf16() {
  %x = stablehlo.constant dense<[[5.5, 9.0, -4.75], [-6.0, 5.75, 6.5]]> : tensor<2x3xbf16>
  %v = stablehlo.constant dense<1.75> : tensor<bf16>
  %r = stablehlo.pad %x, %v, low = [1, 0], high = [0, 2], interior = [1, 1] : (tensor<2x3xbf16>, tensor<bf16>) -> tensor<4x7xbf16>
  check.expect_eq_const %r, dense<[[1.75, 1.75, 1.75, 1.75, 1.75, 1.75, 1.75], [5.5, 1.75, 9.0, 1.75, -4.75, 1.75, 1.75], [1.75, 1.75, 1.75, 1.75, 1.75, 1.75, 1.75], [-6.0, 1.75, 5.75, 1.75, 6.5, 1.75, 1.75]]> : tensor<4x7xbf16>
  func.return
}

// -----

// CHECK: PASS pad_f32
func.func @pad_f32() {
  %x = stablehlo.constant dense<[[-7.5, -7.5, 5.75], [-0.25, 1.75, 2.0]]> : tensor<2x3xf32>
  %v = stablehlo.constant dense<-0.75> : tensor<f32>
  %r = stablehlo.pad %x, %v, low = [1, 0], high = [0, 2], interior = [1, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x7xf32>
  check.expect_eq_const %r, dense<[[-0.75, -0.75, -0.75, -0.75, -0.75, -0.75, -0.75], [-7.5, -0.75, -7.5, -0.75, 5.75, -0.75, -0.75], [-0.75, -0.75, -0.75, -0.75, -0.75, -0.75, -0.75], [-0.25, -0.75, 1.75, -0.75, 2.0, -0.75, -0.75]]> : tensor<4x7xf32>
  func.return
}

// -----

// CHECK: PASS pad_f64
func.func @pad_f64() {
  %x = stablehlo.constant dense<[[2.25, -5.0, 9.25], [8.75, -8.75, -6.25]]> : tensor<2x3xf64>
  %v = stablehlo.constant dense<-6.25> : tensor<f64>
  %r = stablehlo.pad %x, %v, low = [1, 0], high = [0, 2], interior = [1, 1] : (tensor<2x3xf64>, tensor<f64>) -> tensor<4x7xf64>
  check.expect_eq_const %r, dense<[[-6.25, -6.25, -6.25, -6.25, -6.25, -6.25, -6.25], [2.25, -6.25, -5.0, -6.25, 9.25, -6.25, -6.25], [-6.25, -6.25, -6.25, -6.25, -6.25, -6.25, -6.25], [8.75, -6.25, -8.75, -6.25, -6.25, -6.25, -6.25]]> : tensor<4x7xf64>
  func.return
}

// -----

// CHECK: PASS pad_c64
func.func @pad_c64() {
  %x = stablehlo.constant dense<[[(7.75, 17.5), (7.25, -10.0), (6.25, -13.5)], [(7.0, -17.0), (-8.75, 11.5), (6.0, 17.5)]]> : tensor<2x3xcomplex<f32>>
  %v = stablehlo.constant dense<(-4.25, -17.5)> : tensor<complex<f32>>
  %r = stablehlo.pad %x, %v, low = [1, 0], high = [0, 2], interior = [1, 1] : (tensor<2x3xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4x7xcomplex<f32>>
  check.expect_eq_const %r, dense<[[(-4.25, -17.5), (-4.25, -17.5), (-4.25, -17.5), (-4.25, -17.5), (-4.25, -17.5), (-4.25, -17.5), (-4.25, -17.5)], [(7.75, 17.5), (-4.25, -17.5), (7.25, -10.0), (-4.25, -17.5), (6.25, -13.5), (-4.25, -17.5), (-4.25, -17.5)], [(-4.25, -17.5), (-4.25, -17.5), (-4.25, -17.5), (-4.25, -17.5), (-4.25, -17.5), (-4.25, -17.5), (-4.25, -17.5)], [(7.0, -17.0), (-4.25, -17.5), (-8.75, 11.5), (-4.25, -17.5), (6.0, 17.5), (-4.25, -17.5), (-4.25, -17.5)]]> : tensor<4x7xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS pad_c128
func.func @pad_c128() {
  %x = stablehlo.constant dense<[[(-7.0, -6.5), (6.5, 14.0), (3.0, -6.5)], [(-3.0, 5.5), (-8.25, -13.0), (4.0, 1.5)]]> : tensor<2x3xcomplex<f64>>
  %v = stablehlo.constant dense<(-7.0, 9.0)> : tensor<complex<f64>>
  %r = stablehlo.pad %x, %v, low = [1, 0], high = [0, 2], interior = [1, 1] : (tensor<2x3xcomplex<f64>>, tensor<complex<f64>>) -> tensor<4x7xcomplex<f64>>
  check.expect_eq_const %r, dense<[[(-7.0, 9.0), (-7.0, 9.0), (-7.0, 9.0), (-7.0, 9.0), (-7.0, 9.0), (-7.0, 9.0), (-7.0, 9.0)], [(-7.0, -6.5), (-7.0, 9.0), (6.5, 14.0), (-7.0, 9.0), (3.0, -6.5), (-7.0, 9.0), (-7.0, 9.0)], [(-7.0, 9.0), (-7.0, 9.0), (-7.0, 9.0), (-7.0, 9.0), (-7.0, 9.0), (-7.0, 9.0), (-7.0, 9.0)], [(-3.0, 5.5), (-7.0, 9.0), (-8.25, -13.0), (-7.0, 9.0), (4.0, 1.5), (-7.0, 9.0), (-7.0, 9.0)]]> : tensor<4x7xcomplex<f64>>
  func.return
}

// -----

// CHECK: PASS pad_spec_example
func.func @pad_spec_example() {
  %x = stablehlo.constant dense<[[0, 0, 0, 0], [0, 1, 2, 0], [0, 3, 4, 0], [0, 5, 6, 0], [0, 0, 0, 0]]> : tensor<5x4xi64>
  %v = stablehlo.constant dense<-1> : tensor<i64>
  %r = stablehlo.pad %x, %v, low = [1, -1], high = [1, -1], interior = [0, 1] : (tensor<5x4xi64>, tensor<i64>) -> tensor<7x5xi64>
  check.expect_eq_const %r, dense<[[-1, -1, -1, -1, -1], [-1, 0, -1, 0, -1], [-1, 1, -1, 2, -1], [-1, 3, -1, 4, -1], [-1, 5, -1, 6, -1], [-1, 0, -1, 0, -1], [-1, -1, -1, -1, -1]]> : tensor<7x5xi64>
  func.return
}

// -----

// CHECK: PASS pad_negative_into_interior
func.func @pad_negative_into_interior() {
  %x = stablehlo.constant dense<[-115153665, 50773491, 1095936102]> : tensor<3xi32>
  %v = stablehlo.constant dense<9> : tensor<i32>
  %r = stablehlo.pad %x, %v, low = [-2], high = [-1], interior = [2] : (tensor<3xi32>, tensor<i32>) -> tensor<4xi32>
  check.expect_eq_const %r, dense<[9, 50773491, 9, 9]> : tensor<4xi32>
  func.return
}

// -----

// CHECK: PASS pad_crop_only
func.func @pad_crop_only() {
  %x = stablehlo.constant dense<[[6.75, -5.0, -8.0, -4.25], [-1.75, 6.25, -1.0, -8.25], [-3.5, 2.0, 6.25, 4.5]]> : tensor<3x4xf32>
  %v = stablehlo.constant dense<0.5> : tensor<f32>
  %r = stablehlo.pad %x, %v, low = [-1, 0], high = [0, -2], interior = [0, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<2x2xf32>
  check.expect_eq_const %r, dense<[[-1.75, 6.25], [-3.5, 2.0]]> : tensor<2x2xf32>
  func.return
}

// -----

// CHECK: PASS pad_nothing
func.func @pad_nothing() {
  %x = stablehlo.constant dense<[[3485385464, 367860371], [770692085, 4294967292]]> : tensor<2x2xui32>
  %v = stablehlo.constant dense<7> : tensor<ui32>
  %r = stablehlo.pad %x, %v, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x2xui32>, tensor<ui32>) -> tensor<2x2xui32>
  check.expect_eq_const %r, dense<[[3485385464, 367860371], [770692085, 4294967292]]> : tensor<2x2xui32>
  func.return
}

// -----

// CHECK: PASS pad_scalar
func.func @pad_scalar() {
  %x = stablehlo.constant dense<4.5> : tensor<f64>
  %v = stablehlo.constant dense<1.0> : tensor<f64>
  %r = stablehlo.pad %x, %v, low = [], high = [], interior = [] : (tensor<f64>, tensor<f64>) -> tensor<f64>
  check.expect_eq_const %r, dense<4.5> : tensor<f64>
  func.return
}

// -----

// CHECK: PASS pad_empty_operand
func.func @pad_empty_operand() {
  %x = stablehlo.constant dense<> : tensor<0x2xf32>
  %v = stablehlo.constant dense<2.5> : tensor<f32>
  %r = stablehlo.pad %x, %v, low = [1, 1], high = [2, 0], interior = [3, 1] : (tensor<0x2xf32>, tensor<f32>) -> tensor<3x4xf32>
  check.expect_eq_const %r, dense<[[2.5, 2.5, 2.5, 2.5], [2.5, 2.5, 2.5, 2.5], [2.5, 2.5, 2.5, 2.5]]> : tensor<3x4xf32>
  func.return
}

// -----

// CHECK: PASS pad_ui4
func.func @pad_ui4() {
  %x = stablehlo.constant dense<[7, 8, 8]> : tensor<3xui4>
  %v = stablehlo.constant dense<15> : tensor<ui4>
  %r = stablehlo.pad %x, %v, low = [1], high = [-1], interior = [1] : (tensor<3xui4>, tensor<ui4>) -> tensor<5xui4>
  check.expect_eq_const %r, dense<[15, 7, 15, 8, 15]> : tensor<5xui4>
  func.return
}

// -----

// CHECK: PASS pad_rank3
func.func @pad_rank3() {
  %x = stablehlo.constant dense<[[[43, 78], [-123, 78]], [[-8, 3], [33, -55]]]> : tensor<2x2x2xi8>
  %v = stablehlo.constant dense<-3> : tensor<i8>
  %r = stablehlo.pad %x, %v, low = [0, 1, -1], high = [1, 0, 1], interior = [1, 0, 2] : (tensor<2x2x2xi8>, tensor<i8>) -> tensor<4x3x4xi8>
  check.expect_eq_const %r, dense<[[[-3, -3, -3, -3], [-3, -3, 78, -3], [-3, -3, 78, -3]], [[-3, -3, -3, -3], [-3, -3, -3, -3], [-3, -3, -3, -3]], [[-3, -3, -3, -3], [-3, -3, 3, -3], [-3, -3, -55, -3]], [[-3, -3, -3, -3], [-3, -3, -3, -3], [-3, -3, -3, -3]]]> : tensor<4x3x4xi8>
  func.return
}

// CHECK-NOT: FAIL

// -----

// An operand with no elements: the result is all padding (JAX's jvp of a
// square LU pads a 0x0 identity). It did not compile before.
// CHECK: PASS pad_empty_operand
func.func @pad_empty_operand() {
  %x = stablehlo.constant dense<> : tensor<0x0xf32>
  %v = stablehlo.constant dense<2.5> : tensor<f32>
  %r = stablehlo.pad %x, %v, low = [2, 1], high = [0, 1], interior = [0, 0] : (tensor<0x0xf32>, tensor<f32>) -> tensor<2x2xf32>
  check.expect_eq_const %r, dense<2.5> : tensor<2x2xf32>
  %y = stablehlo.constant dense<> : tensor<3x0xf32>
  %s = stablehlo.pad %y, %v, low = [0, 1], high = [-1, 0], interior = [0, 0] : (tensor<3x0xf32>, tensor<f32>) -> tensor<2x1xf32>
  check.expect_eq_const %s, dense<2.5> : tensor<2x1xf32>
  func.return
}
