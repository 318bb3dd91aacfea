// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// transpose: expected values from jax.lax.transpose.

// CHECK: PASS transpose_i1
func.func @transpose_i1() {
  %x = stablehlo.constant dense<[[true, true, true], [false, false, false]]> : tensor<2x3xi1>
  %r = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xi1>) -> tensor<3x2xi1>
  check.expect_eq_const %r, dense<[[true, false], [true, false], [true, false]]> : tensor<3x2xi1>
  func.return
}

// -----

// CHECK: PASS transpose_i8
func.func @transpose_i8() {
  %x = stablehlo.constant dense<[[-7, 3, 65], [115, -120, -92]]> : tensor<2x3xi8>
  %r = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xi8>) -> tensor<3x2xi8>
  check.expect_eq_const %r, dense<[[-7, 115], [3, -120], [65, -92]]> : tensor<3x2xi8>
  func.return
}

// -----

// CHECK: PASS transpose_i16
func.func @transpose_i16() {
  %x = stablehlo.constant dense<[[22123, -15623, -25605], [-13207, -5649, 20593]]> : tensor<2x3xi16>
  %r = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xi16>) -> tensor<3x2xi16>
  check.expect_eq_const %r, dense<[[22123, -13207], [-15623, -5649], [-25605, 20593]]> : tensor<3x2xi16>
  func.return
}

// -----

// CHECK: PASS transpose_i32
func.func @transpose_i32() {
  %x = stablehlo.constant dense<[[1337901816, -1779623277, -1376791563], [-1130390267, -1368527818, 1293963975]]> : tensor<2x3xi32>
  %r = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %r, dense<[[1337901816, -1130390267], [-1779623277, -1368527818], [-1376791563, 1293963975]]> : tensor<3x2xi32>
  func.return
}

// -----

// CHECK: PASS transpose_i64
func.func @transpose_i64() {
  %x = stablehlo.constant dense<[[-4611686018427387907, 24909552067, 1047270984161], [-921751331344, 236077971176, -271608873328]]> : tensor<2x3xi64>
  %r = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xi64>) -> tensor<3x2xi64>
  check.expect_eq_const %r, dense<[[-4611686018427387907, -921751331344], [24909552067, 236077971176], [1047270984161, -271608873328]]> : tensor<3x2xi64>
  func.return
}

// -----

// CHECK: PASS transpose_ui8
func.func @transpose_ui8() {
  %x = stablehlo.constant dense<[[171, 206, 5], [206, 120, 255]]> : tensor<2x3xui8>
  %r = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xui8>) -> tensor<3x2xui8>
  check.expect_eq_const %r, dense<[[171, 206], [206, 120], [5, 255]]> : tensor<3x2xui8>
  func.return
}

// -----

// CHECK: PASS transpose_ui16
func.func @transpose_ui16() {
  %x = stablehlo.constant dense<[[29166, 35269, 33932], [22496, 62006, 65532]]> : tensor<2x3xui16>
  %r = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xui16>) -> tensor<3x2xui16>
  check.expect_eq_const %r, dense<[[29166, 22496], [35269, 62006], [33932, 65532]]> : tensor<3x2xui16>
  func.return
}

// -----

// CHECK: PASS transpose_ui32
func.func @transpose_ui32() {
  %x = stablehlo.constant dense<[[4058335883, 2684764585, 2938530453], [3853503932, 2483747170, 4294967292]]> : tensor<2x3xui32>
  %r = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xui32>) -> tensor<3x2xui32>
  check.expect_eq_const %r, dense<[[4058335883, 3853503932], [2684764585, 2483747170], [2938530453, 4294967292]]> : tensor<3x2xui32>
  func.return
}

// -----

// CHECK: PASS transpose_ui64
func.func @transpose_ui64() {
  %x = stablehlo.constant dense<[[1507893476435237117, 4553010814738638046, 1469794317764927225], [3636540102167023569, 4011689580468196472, 18446744073709551612]]> : tensor<2x3xui64>
  %r = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xui64>) -> tensor<3x2xui64>
  check.expect_eq_const %r, dense<[[1507893476435237117, 3636540102167023569], [4553010814738638046, 4011689580468196472], [1469794317764927225, 18446744073709551612]]> : tensor<3x2xui64>
  func.return
}

// -----

// CHECK: PASS transpose_f16
func.func @transpose_f16() {
  %x = stablehlo.constant dense<[[-1.75, 7.25, 9.0], [-4.5, -7.75, 2.0]]> : tensor<2x3xf16>
  %r = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf16>) -> tensor<3x2xf16>
  check.expect_eq_const %r, dense<[[-1.75, -4.5], [7.25, -7.75], [9.0, 2.0]]> : tensor<3x2xf16>
  func.return
}

// -----

// CHECK: PASS transpose_bf16
func.func @transpose_bf16() {
  %x = stablehlo.constant dense<[[5.5, 9.0, -4.75], [-6.0, 5.75, 6.5]]> : tensor<2x3xbf16>
  %r = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xbf16>) -> tensor<3x2xbf16>
  check.expect_eq_const %r, dense<[[5.5, -6.0], [9.0, 5.75], [-4.75, 6.5]]> : tensor<3x2xbf16>
  func.return
}

// -----

// CHECK: PASS transpose_f32
func.func @transpose_f32() {
  %x = stablehlo.constant dense<[[-7.5, -7.5, 5.75], [-0.25, 1.75, 2.0]]> : tensor<2x3xf32>
  %r = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  check.expect_eq_const %r, dense<[[-7.5, -0.25], [-7.5, 1.75], [5.75, 2.0]]> : tensor<3x2xf32>
  func.return
}

// -----

// CHECK: PASS transpose_f64
func.func @transpose_f64() {
  %x = stablehlo.constant dense<[[2.25, -5.0, 9.25], [8.75, -8.75, -6.25]]> : tensor<2x3xf64>
  %r = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf64>) -> tensor<3x2xf64>
  check.expect_eq_const %r, dense<[[2.25, 8.75], [-5.0, -8.75], [9.25, -6.25]]> : tensor<3x2xf64>
  func.return
}

// -----

// CHECK: PASS transpose_c64
func.func @transpose_c64() {
  %x = stablehlo.constant dense<[[(7.75, 17.5), (7.25, -10.0), (6.25, -13.5)], [(7.0, -17.0), (-8.75, 11.5), (6.0, 17.5)]]> : tensor<2x3xcomplex<f32>>
  %r = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
  check.expect_eq_const %r, dense<[[(7.75, 17.5), (7.0, -17.0)], [(7.25, -10.0), (-8.75, 11.5)], [(6.25, -13.5), (6.0, 17.5)]]> : tensor<3x2xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS transpose_c128
func.func @transpose_c128() {
  %x = stablehlo.constant dense<[[(-7.0, -6.5), (6.5, 14.0), (3.0, -6.5)], [(-3.0, 5.5), (-8.25, -13.0), (4.0, 1.5)]]> : tensor<2x3xcomplex<f64>>
  %r = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xcomplex<f64>>) -> tensor<3x2xcomplex<f64>>
  check.expect_eq_const %r, dense<[[(-7.0, -6.5), (-3.0, 5.5)], [(6.5, 14.0), (-8.25, -13.0)], [(3.0, -6.5), (4.0, 1.5)]]> : tensor<3x2xcomplex<f64>>
  func.return
}

// -----

// CHECK: PASS transpose_rank3_201
func.func @transpose_rank3_201() {
  %x = stablehlo.constant dense<[[[-7.5, -7.5, 5.75, -0.25], [1.75, 2.0, 4.0, -9.5], [-0.5, -7.25, -2.0, 8.5]], [[0.75, -8.75, 0.75, -7.5], [5.0, 8.75, 9.5, 2.25], [7.25, -2.75, -7.25, 0.0]]]> : tensor<2x3x4xf32>
  %r = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  check.expect_eq_const %r, dense<[[[-7.5, 1.75, -0.5], [0.75, 5.0, 7.25]], [[-7.5, 2.0, -7.25], [-8.75, 8.75, -2.75]], [[5.75, 4.0, -2.0], [0.75, 9.5, -7.25]], [[-0.25, -9.5, 8.5], [-7.5, 2.25, 0.0]]]> : tensor<4x2x3xf32>
  func.return
}

// -----

// CHECK: PASS transpose_rank3_102
func.func @transpose_rank3_102() {
  %x = stablehlo.constant dense<[[[-4611686018427387907, -1587997288, 223197248814, -1036423831188], [-774218727688, 941645997773, -944655143144, -814135695083], [985884694914, 268024855029, -288087167556, 25046922826]], [[358095439587, -494101139459, -796116627018, 633405766834], [374626886270, 27228995307, 696510788577, 107917657517], [1057540276726, -649790566331, 118154317469, -36009672283]]]> : tensor<2x3x4xi64>
  %r = stablehlo.transpose %x, dims = [1, 0, 2] : (tensor<2x3x4xi64>) -> tensor<3x2x4xi64>
  check.expect_eq_const %r, dense<[[[-4611686018427387907, -1587997288, 223197248814, -1036423831188], [358095439587, -494101139459, -796116627018, 633405766834]], [[-774218727688, 941645997773, -944655143144, -814135695083], [374626886270, 27228995307, 696510788577, 107917657517]], [[985884694914, 268024855029, -288087167556, 25046922826], [1057540276726, -649790566331, 118154317469, -36009672283]]]> : tensor<3x2x4xi64>
  func.return
}

// -----

// CHECK: PASS transpose_rank3_012
func.func @transpose_rank3_012() {
  %x = stablehlo.constant dense<[[[8768, 8425, 52237, 32720], [38668, 39419, 46672, 1880], [31817, 9694, 26312, 60831]], [[35897, 4615, 35569, 8504], [49442, 62149, 64188, 40755], [56907, 24182, 9551, 65532]]]> : tensor<2x3x4xui16>
  %r = stablehlo.transpose %x, dims = [0, 1, 2] : (tensor<2x3x4xui16>) -> tensor<2x3x4xui16>
  check.expect_eq_const %r, dense<[[[8768, 8425, 52237, 32720], [38668, 39419, 46672, 1880], [31817, 9694, 26312, 60831]], [[35897, 4615, 35569, 8504], [49442, 62149, 64188, 40755], [56907, 24182, 9551, 65532]]]> : tensor<2x3x4xui16>
  func.return
}

// -----

// CHECK: PASS transpose_rank3_210
func.func @transpose_rank3_210() {
  %x = stablehlo.constant dense<[[[false, false, true, false], [true, true, true, false], [false, false, false, true]], [[true, false, true, false], [true, true, true, true], [true, false, false, true]]]> : tensor<2x3x4xi1>
  %r = stablehlo.transpose %x, dims = [2, 1, 0] : (tensor<2x3x4xi1>) -> tensor<4x3x2xi1>
  check.expect_eq_const %r, dense<[[[false, true], [true, true], [false, true]], [[false, false], [true, true], [false, false]], [[true, true], [true, true], [false, false]], [[false, false], [false, true], [true, true]]]> : tensor<4x3x2xi1>
  func.return
}

// -----

// CHECK: PASS transpose_scalar
func.func @transpose_scalar() {
  %x = stablehlo.constant dense<6.0> : tensor<f64>
  %r = stablehlo.transpose %x, dims = [] : (tensor<f64>) -> tensor<f64>
  check.expect_eq_const %r, dense<6.0> : tensor<f64>
  func.return
}

// CHECK-NOT: FAIL
