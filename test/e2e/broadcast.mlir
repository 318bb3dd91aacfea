// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// broadcast (deprecated): expected values from jax.lax.broadcast, which
// prepends dimensions the same way.

// CHECK: PASS broadcast_i1
func.func @broadcast_i1() {
  %x = stablehlo.constant dense<[[true, true, true], [false, false, false]]> : tensor<2x3xi1>
  %r = stablehlo.broadcast %x, sizes = [2] : (tensor<2x3xi1>) -> tensor<2x2x3xi1>
  check.expect_eq_const %r, dense<[[[true, true, true], [false, false, false]], [[true, true, true], [false, false, false]]]> : tensor<2x2x3xi1>
  func.return
}

// -----

// CHECK: PASS broadcast_i8
func.func @broadcast_i8() {
  %x = stablehlo.constant dense<[[-7, 3, 65], [115, -120, -92]]> : tensor<2x3xi8>
  %r = stablehlo.broadcast %x, sizes = [2] : (tensor<2x3xi8>) -> tensor<2x2x3xi8>
  check.expect_eq_const %r, dense<[[[-7, 3, 65], [115, -120, -92]], [[-7, 3, 65], [115, -120, -92]]]> : tensor<2x2x3xi8>
  func.return
}

// -----

// CHECK: PASS broadcast_i16
func.func @broadcast_i16() {
  %x = stablehlo.constant dense<[[22123, -15623, -25605], [-13207, -5649, 20593]]> : tensor<2x3xi16>
  %r = stablehlo.broadcast %x, sizes = [2] : (tensor<2x3xi16>) -> tensor<2x2x3xi16>
  check.expect_eq_const %r, dense<[[[22123, -15623, -25605], [-13207, -5649, 20593]], [[22123, -15623, -25605], [-13207, -5649, 20593]]]> : tensor<2x2x3xi16>
  func.return
}

// -----

// CHECK: PASS broadcast_i32
func.func @broadcast_i32() {
  %x = stablehlo.constant dense<[[1337901816, -1779623277, -1376791563], [-1130390267, -1368527818, 1293963975]]> : tensor<2x3xi32>
  %r = stablehlo.broadcast %x, sizes = [2] : (tensor<2x3xi32>) -> tensor<2x2x3xi32>
  check.expect_eq_const %r, dense<[[[1337901816, -1779623277, -1376791563], [-1130390267, -1368527818, 1293963975]], [[1337901816, -1779623277, -1376791563], [-1130390267, -1368527818, 1293963975]]]> : tensor<2x2x3xi32>
  func.return
}

// -----

// CHECK: PASS broadcast_i64
func.func @broadcast_i64() {
  %x = stablehlo.constant dense<[[-4611686018427387907, 24909552067, 1047270984161], [-921751331344, 236077971176, -271608873328]]> : tensor<2x3xi64>
  %r = stablehlo.broadcast %x, sizes = [2] : (tensor<2x3xi64>) -> tensor<2x2x3xi64>
  check.expect_eq_const %r, dense<[[[-4611686018427387907, 24909552067, 1047270984161], [-921751331344, 236077971176, -271608873328]], [[-4611686018427387907, 24909552067, 1047270984161], [-921751331344, 236077971176, -271608873328]]]> : tensor<2x2x3xi64>
  func.return
}

// -----

// CHECK: PASS broadcast_ui8
func.func @broadcast_ui8() {
  %x = stablehlo.constant dense<[[171, 206, 5], [206, 120, 255]]> : tensor<2x3xui8>
  %r = stablehlo.broadcast %x, sizes = [2] : (tensor<2x3xui8>) -> tensor<2x2x3xui8>
  check.expect_eq_const %r, dense<[[[171, 206, 5], [206, 120, 255]], [[171, 206, 5], [206, 120, 255]]]> : tensor<2x2x3xui8>
  func.return
}

// -----

// CHECK: PASS broadcast_ui16
func.func @broadcast_ui16() {
  %x = stablehlo.constant dense<[[29166, 35269, 33932], [22496, 62006, 65532]]> : tensor<2x3xui16>
  %r = stablehlo.broadcast %x, sizes = [2] : (tensor<2x3xui16>) -> tensor<2x2x3xui16>
  check.expect_eq_const %r, dense<[[[29166, 35269, 33932], [22496, 62006, 65532]], [[29166, 35269, 33932], [22496, 62006, 65532]]]> : tensor<2x2x3xui16>
  func.return
}

// -----

// CHECK: PASS broadcast_ui32
func.func @broadcast_ui32() {
  %x = stablehlo.constant dense<[[4058335883, 2684764585, 2938530453], [3853503932, 2483747170, 4294967292]]> : tensor<2x3xui32>
  %r = stablehlo.broadcast %x, sizes = [2] : (tensor<2x3xui32>) -> tensor<2x2x3xui32>
  check.expect_eq_const %r, dense<[[[4058335883, 2684764585, 2938530453], [3853503932, 2483747170, 4294967292]], [[4058335883, 2684764585, 2938530453], [3853503932, 2483747170, 4294967292]]]> : tensor<2x2x3xui32>
  func.return
}

// -----

// CHECK: PASS broadcast_ui64
func.func @broadcast_ui64() {
  %x = stablehlo.constant dense<[[1507893476435237117, 4553010814738638046, 1469794317764927225], [3636540102167023569, 4011689580468196472, 18446744073709551612]]> : tensor<2x3xui64>
  %r = stablehlo.broadcast %x, sizes = [2] : (tensor<2x3xui64>) -> tensor<2x2x3xui64>
  check.expect_eq_const %r, dense<[[[1507893476435237117, 4553010814738638046, 1469794317764927225], [3636540102167023569, 4011689580468196472, 18446744073709551612]], [[1507893476435237117, 4553010814738638046, 1469794317764927225], [3636540102167023569, 4011689580468196472, 18446744073709551612]]]> : tensor<2x2x3xui64>
  func.return
}

// -----

// CHECK: PASS broadcast_f16
func.func @broadcast_f16() {
  %x = stablehlo.constant dense<[[-1.75, 7.25, 9.0], [-4.5, -7.75, 2.0]]> : tensor<2x3xf16>
  %r = stablehlo.broadcast %x, sizes = [2] : (tensor<2x3xf16>) -> tensor<2x2x3xf16>
  check.expect_eq_const %r, dense<[[[-1.75, 7.25, 9.0], [-4.5, -7.75, 2.0]], [[-1.75, 7.25, 9.0], [-4.5, -7.75, 2.0]]]> : tensor<2x2x3xf16>
  func.return
}

// -----

// CHECK: PASS broadcast_bf16
func.func @broadcast_bf16() {
  %x = stablehlo.constant dense<[[5.5, 9.0, -4.75], [-6.0, 5.75, 6.5]]> : tensor<2x3xbf16>
  %r = stablehlo.broadcast %x, sizes = [2] : (tensor<2x3xbf16>) -> tensor<2x2x3xbf16>
  check.expect_eq_const %r, dense<[[[5.5, 9.0, -4.75], [-6.0, 5.75, 6.5]], [[5.5, 9.0, -4.75], [-6.0, 5.75, 6.5]]]> : tensor<2x2x3xbf16>
  func.return
}

// -----

// CHECK: PASS broadcast_f32
func.func @broadcast_f32() {
  %x = stablehlo.constant dense<[[-7.5, -7.5, 5.75], [-0.25, 1.75, 2.0]]> : tensor<2x3xf32>
  %r = stablehlo.broadcast %x, sizes = [2] : (tensor<2x3xf32>) -> tensor<2x2x3xf32>
  check.expect_eq_const %r, dense<[[[-7.5, -7.5, 5.75], [-0.25, 1.75, 2.0]], [[-7.5, -7.5, 5.75], [-0.25, 1.75, 2.0]]]> : tensor<2x2x3xf32>
  func.return
}

// -----

// CHECK: PASS broadcast_f64
func.func @broadcast_f64() {
  %x = stablehlo.constant dense<[[2.25, -5.0, 9.25], [8.75, -8.75, -6.25]]> : tensor<2x3xf64>
  %r = stablehlo.broadcast %x, sizes = [2] : (tensor<2x3xf64>) -> tensor<2x2x3xf64>
  check.expect_eq_const %r, dense<[[[2.25, -5.0, 9.25], [8.75, -8.75, -6.25]], [[2.25, -5.0, 9.25], [8.75, -8.75, -6.25]]]> : tensor<2x2x3xf64>
  func.return
}

// -----

// CHECK: PASS broadcast_c64
func.func @broadcast_c64() {
  %x = stablehlo.constant dense<[[(7.75, 17.5), (7.25, -10.0), (6.25, -13.5)], [(7.0, -17.0), (-8.75, 11.5), (6.0, 17.5)]]> : tensor<2x3xcomplex<f32>>
  %r = stablehlo.broadcast %x, sizes = [2] : (tensor<2x3xcomplex<f32>>) -> tensor<2x2x3xcomplex<f32>>
  check.expect_eq_const %r, dense<[[[(7.75, 17.5), (7.25, -10.0), (6.25, -13.5)], [(7.0, -17.0), (-8.75, 11.5), (6.0, 17.5)]], [[(7.75, 17.5), (7.25, -10.0), (6.25, -13.5)], [(7.0, -17.0), (-8.75, 11.5), (6.0, 17.5)]]]> : tensor<2x2x3xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS broadcast_c128
func.func @broadcast_c128() {
  %x = stablehlo.constant dense<[[(-7.0, -6.5), (6.5, 14.0), (3.0, -6.5)], [(-3.0, 5.5), (-8.25, -13.0), (4.0, 1.5)]]> : tensor<2x3xcomplex<f64>>
  %r = stablehlo.broadcast %x, sizes = [2] : (tensor<2x3xcomplex<f64>>) -> tensor<2x2x3xcomplex<f64>>
  check.expect_eq_const %r, dense<[[[(-7.0, -6.5), (6.5, 14.0), (3.0, -6.5)], [(-3.0, 5.5), (-8.25, -13.0), (4.0, 1.5)]], [[(-7.0, -6.5), (6.5, 14.0), (3.0, -6.5)], [(-3.0, 5.5), (-8.25, -13.0), (4.0, 1.5)]]]> : tensor<2x2x3xcomplex<f64>>
  func.return
}

// -----

// CHECK: PASS broadcast_scalar
func.func @broadcast_scalar() {
  %x = stablehlo.constant dense<-1758> : tensor<i16>
  %r = stablehlo.broadcast %x, sizes = [2, 3] : (tensor<i16>) -> tensor<2x3xi16>
  check.expect_eq_const %r, dense<[[-1758, -1758, -1758], [-1758, -1758, -1758]]> : tensor<2x3xi16>
  func.return
}

// -----

// CHECK: PASS broadcast_no_sizes
func.func @broadcast_no_sizes() {
  %x = stablehlo.constant dense<[6.75, -5.0, -8.0]> : tensor<3xf32>
  %r = stablehlo.broadcast %x, sizes = [] : (tensor<3xf32>) -> tensor<3xf32>
  check.expect_eq_const %r, dense<[6.75, -5.0, -8.0]> : tensor<3xf32>
  func.return
}

// CHECK-NOT: FAIL
