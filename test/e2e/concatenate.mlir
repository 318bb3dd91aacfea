// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// concatenate: expected values from jax.lax.concatenate.

// CHECK: PASS concatenate_i1
func.func @concatenate_i1() {
  %x0 = stablehlo.constant dense<[[true, true]]> : tensor<1x2xi1>
  %x1 = stablehlo.constant dense<[[false, true], [true, true]]> : tensor<2x2xi1>
  %r = stablehlo.concatenate %x0, %x1, dim = 0 : (tensor<1x2xi1>, tensor<2x2xi1>) -> tensor<3x2xi1>
  check.expect_eq_const %r, dense<[[true, true], [false, true], [true, true]]> : tensor<3x2xi1>
  func.return
}

// -----

// CHECK: PASS concatenate_i8
func.func @concatenate_i8() {
  %x0 = stablehlo.constant dense<[[-7, 3]]> : tensor<1x2xi8>
  %x1 = stablehlo.constant dense<[[86, -62], [-101, -52]]> : tensor<2x2xi8>
  %r = stablehlo.concatenate %x0, %x1, dim = 0 : (tensor<1x2xi8>, tensor<2x2xi8>) -> tensor<3x2xi8>
  check.expect_eq_const %r, dense<[[-7, 3], [86, -62], [-101, -52]]> : tensor<3x2xi8>
  func.return
}

// -----

// CHECK: PASS concatenate_i16
func.func @concatenate_i16() {
  %x0 = stablehlo.constant dense<[[22123, -15623]]> : tensor<1x2xi16>
  %x1 = stablehlo.constant dense<[[20414, -27155], [-21009, -17249]]> : tensor<2x2xi16>
  %r = stablehlo.concatenate %x0, %x1, dim = 0 : (tensor<1x2xi16>, tensor<2x2xi16>) -> tensor<3x2xi16>
  check.expect_eq_const %r, dense<[[22123, -15623], [20414, -27155], [-21009, -17249]]> : tensor<3x2xi16>
  func.return
}

// -----

// CHECK: PASS concatenate_i32
func.func @concatenate_i32() {
  %x0 = stablehlo.constant dense<[[1337901816, -1779623277]]> : tensor<1x2xi32>
  %x1 = stablehlo.constant dense<[[972564302, 1902911483], [1638082997, 48651468]]> : tensor<2x2xi32>
  %r = stablehlo.concatenate %x0, %x1, dim = 0 : (tensor<1x2xi32>, tensor<2x2xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %r, dense<[[1337901816, -1779623277], [972564302, 1902911483], [1638082997, 48651468]]> : tensor<3x2xi32>
  func.return
}

// -----

// CHECK: PASS concatenate_i64
func.func @concatenate_i64() {
  %x0 = stablehlo.constant dense<[[-4611686018427387907, 24909552067]]> : tensor<1x2xi64>
  %x1 = stablehlo.constant dense<[[-4611686018427387907, 677168957963], [33701265136, -471027746494]]> : tensor<2x2xi64>
  %r = stablehlo.concatenate %x0, %x1, dim = 0 : (tensor<1x2xi64>, tensor<2x2xi64>) -> tensor<3x2xi64>
  check.expect_eq_const %r, dense<[[-4611686018427387907, 24909552067], [-4611686018427387907, 677168957963], [33701265136, -471027746494]]> : tensor<3x2xi64>
  func.return
}

// -----

// CHECK: PASS concatenate_ui8
func.func @concatenate_ui8() {
  %x0 = stablehlo.constant dense<[[171, 255]]> : tensor<1x2xui8>
  %x1 = stablehlo.constant dense<[[113, 137], [132, 255]]> : tensor<2x2xui8>
  %r = stablehlo.concatenate %x0, %x1, dim = 0 : (tensor<1x2xui8>, tensor<2x2xui8>) -> tensor<3x2xui8>
  check.expect_eq_const %r, dense<[[171, 255], [113, 137], [132, 255]]> : tensor<3x2xui8>
  func.return
}

// -----

// CHECK: PASS concatenate_ui16
func.func @concatenate_ui16() {
  %x0 = stablehlo.constant dense<[[29166, 65532]]> : tensor<1x2xui16>
  %x1 = stablehlo.constant dense<[[61925, 40966], [44838, 65532]]> : tensor<2x2xui16>
  %r = stablehlo.concatenate %x0, %x1, dim = 0 : (tensor<1x2xui16>, tensor<2x2xui16>) -> tensor<3x2xui16>
  check.expect_eq_const %r, dense<[[29166, 65532], [61925, 40966], [44838, 65532]]> : tensor<3x2xui16>
  func.return
}

// -----

// CHECK: PASS concatenate_ui32
func.func @concatenate_ui32() {
  %x0 = stablehlo.constant dense<[[4058335883, 4294967292]]> : tensor<1x2xui32>
  %x1 = stablehlo.constant dense<[[3090441204, 1404335234], [1007195001, 4294967292]]> : tensor<2x2xui32>
  %r = stablehlo.concatenate %x0, %x1, dim = 0 : (tensor<1x2xui32>, tensor<2x2xui32>) -> tensor<3x2xui32>
  check.expect_eq_const %r, dense<[[4058335883, 4294967292], [3090441204, 1404335234], [1007195001, 4294967292]]> : tensor<3x2xui32>
  func.return
}

// -----

// CHECK: PASS concatenate_ui64
func.func @concatenate_ui64() {
  %x0 = stablehlo.constant dense<[[1507893476435237117, 18446744073709551612]]> : tensor<1x2xui64>
  %x1 = stablehlo.constant dense<[[4013316086496403912, 1322710912993444104], [2781529890633132271, 18446744073709551612]]> : tensor<2x2xui64>
  %r = stablehlo.concatenate %x0, %x1, dim = 0 : (tensor<1x2xui64>, tensor<2x2xui64>) -> tensor<3x2xui64>
  check.expect_eq_const %r, dense<[[1507893476435237117, 18446744073709551612], [4013316086496403912, 1322710912993444104], [2781529890633132271, 18446744073709551612]]> : tensor<3x2xui64>
  func.return
}

// -----

// CHECK: PASS concatenate_f16
func.func @concatenate_f16() {
  %x0 = stablehlo.constant dense<[[-1.75, 7.25]]> : tensor<1x2xf16>
  %x1 = stablehlo.constant dense<[[5.5, 9.0], [-4.75, -6.0]]> : tensor<2x2xf16>
  %r = stablehlo.concatenate %x0, %x1, dim = 0 : (tensor<1x2xf16>, tensor<2x2xf16>) -> tensor<3x2xf16>
  check.expect_eq_const %r, dense<[[-1.75, 7.25], [5.5, 9.0], [-4.75, -6.0]]> : tensor<3x2xf16>
  func.return
}

// -----

// CHECK: PASS concatenate_bf16
func.func @concatenate_bf16() {
  %x0 = stablehlo.constant dense<[[5.5, 9.0]]> : tensor<1x2xbf16>
  %x1 = stablehlo.constant dense<[[-7.5, -7.5], [5.75, -0.25]]> : tensor<2x2xbf16>
  %r = stablehlo.concatenate %x0, %x1, dim = 0 : (tensor<1x2xbf16>, tensor<2x2xbf16>) -> tensor<3x2xbf16>
  check.expect_eq_const %r, dense<[[5.5, 9.0], [-7.5, -7.5], [5.75, -0.25]]> : tensor<3x2xbf16>
  func.return
}

// -----

// CHECK: PASS concatenate_f32
func.func @concatenate_f32() {
  %x0 = stablehlo.constant dense<[[-7.5, -7.5]]> : tensor<1x2xf32>
  %x1 = stablehlo.constant dense<[[2.25, -5.0], [9.25, 8.75]]> : tensor<2x2xf32>
  %r = stablehlo.concatenate %x0, %x1, dim = 0 : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
  check.expect_eq_const %r, dense<[[-7.5, -7.5], [2.25, -5.0], [9.25, 8.75]]> : tensor<3x2xf32>
  func.return
}

// -----

// CHECK: PASS concatenate_f64
func.func @concatenate_f64() {
  %x0 = stablehlo.constant dense<[[2.25, -5.0]]> : tensor<1x2xf64>
  %x1 = stablehlo.constant dense<[[7.75, 7.25], [6.25, 7.0]]> : tensor<2x2xf64>
  %r = stablehlo.concatenate %x0, %x1, dim = 0 : (tensor<1x2xf64>, tensor<2x2xf64>) -> tensor<3x2xf64>
  check.expect_eq_const %r, dense<[[2.25, -5.0], [7.75, 7.25], [6.25, 7.0]]> : tensor<3x2xf64>
  func.return
}

// -----

// CHECK: PASS concatenate_c64
func.func @concatenate_c64() {
  %x0 = stablehlo.constant dense<[[(7.75, 12.5), (7.25, 14.0)]]> : tensor<1x2xcomplex<f32>>
  %x1 = stablehlo.constant dense<[[(-7.0, -16.5), (6.5, 8.0)], [(3.0, -6.5), (-3.0, 14.0)]]> : tensor<2x2xcomplex<f32>>
  %r = stablehlo.concatenate %x0, %x1, dim = 0 : (tensor<1x2xcomplex<f32>>, tensor<2x2xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
  check.expect_eq_const %r, dense<[[(7.75, 12.5), (7.25, 14.0)], [(-7.0, -16.5), (6.5, 8.0)], [(3.0, -6.5), (-3.0, 14.0)]]> : tensor<3x2xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS concatenate_c128
func.func @concatenate_c128() {
  %x0 = stablehlo.constant dense<[[(-7.0, 6.0), (6.5, -6.0)]]> : tensor<1x2xcomplex<f64>>
  %x1 = stablehlo.constant dense<[[(8.5, -10.5), (3.75, -6.5)], [(4.0, -12.0), (6.25, -18.5)]]> : tensor<2x2xcomplex<f64>>
  %r = stablehlo.concatenate %x0, %x1, dim = 0 : (tensor<1x2xcomplex<f64>>, tensor<2x2xcomplex<f64>>) -> tensor<3x2xcomplex<f64>>
  check.expect_eq_const %r, dense<[[(-7.0, 6.0), (6.5, -6.0)], [(8.5, -10.5), (3.75, -6.5)], [(4.0, -12.0), (6.25, -18.5)]]> : tensor<3x2xcomplex<f64>>
  func.return
}

// -----

// CHECK: PASS concatenate_dim1_three
func.func @concatenate_dim1_three() {
  %x0 = stablehlo.constant dense<[[-115153665], [50773491]]> : tensor<2x1xi32>
  %x1 = stablehlo.constant dense<[[1449875649, -1023868088, -1678020252], [-865473949, -370167522, 1349589279]]> : tensor<2x3xi32>
  %x2 = stablehlo.constant dense<[[1337901816, -1779623277], [-1376791563, -1130390267]]> : tensor<2x2xi32>
  %r = stablehlo.concatenate %x0, %x1, %x2, dim = 1 : (tensor<2x1xi32>, tensor<2x3xi32>, tensor<2x2xi32>) -> tensor<2x6xi32>
  check.expect_eq_const %r, dense<[[-115153665, 1449875649, -1023868088, -1678020252, 1337901816, -1779623277], [50773491, -865473949, -370167522, 1349589279, -1376791563, -1130390267]]> : tensor<2x6xi32>
  func.return
}

// -----

// CHECK: PASS concatenate_one_input
func.func @concatenate_one_input() {
  %x0 = stablehlo.constant dense<[4.5, 8.75, 7.5]> : tensor<3xf32>
  %r = stablehlo.concatenate %x0, dim = 0 : (tensor<3xf32>) -> tensor<3xf32>
  check.expect_eq_const %r, dense<[4.5, 8.75, 7.5]> : tensor<3xf32>
  func.return
}

// -----

// CHECK: PASS concatenate_empty_input
func.func @concatenate_empty_input() {
  %x0 = stablehlo.constant dense<> : tensor<2x0xi64>
  %x1 = stablehlo.constant dense<[[-4611686018427387907, -344651002103], [-287924184604, -275984531120]]> : tensor<2x2xi64>
  %r = stablehlo.concatenate %x0, %x1, dim = 1 : (tensor<2x0xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
  check.expect_eq_const %r, dense<[[-4611686018427387907, -344651002103], [-287924184604, -275984531120]]> : tensor<2x2xi64>
  func.return
}

// -----

// CHECK: PASS concatenate_rank3_middle
func.func @concatenate_rank3_middle() {
  %x0 = stablehlo.constant dense<[[[8.75, 2.5]], [[3.5, 7.75]]]> : tensor<2x1x2xf16>
  %x1 = stablehlo.constant dense<[[[4.25, -3.5], [-5.5, 9.5]], [[-6.5, -3.75], [2.75, 5.75]]]> : tensor<2x2x2xf16>
  %r = stablehlo.concatenate %x0, %x1, dim = 1 : (tensor<2x1x2xf16>, tensor<2x2x2xf16>) -> tensor<2x3x2xf16>
  check.expect_eq_const %r, dense<[[[8.75, 2.5], [4.25, -3.5], [-5.5, 9.5]], [[3.5, 7.75], [-6.5, -3.75], [2.75, 5.75]]]> : tensor<2x3x2xf16>
  func.return
}

// CHECK-NOT: FAIL
