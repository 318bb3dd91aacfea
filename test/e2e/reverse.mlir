// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// reverse: expected values from jax.lax.rev.

// CHECK: PASS reverse_i1
func.func @reverse_i1() {
  %x = stablehlo.constant dense<[[true, true], [true, false], [false, false]]> : tensor<3x2xi1>
  %r = stablehlo.reverse %x, dims = [0] : tensor<3x2xi1>
  check.expect_eq_const %r, dense<[[false, false], [true, false], [true, true]]> : tensor<3x2xi1>
  func.return
}

// -----

// CHECK: PASS reverse_i8
func.func @reverse_i8() {
  %x = stablehlo.constant dense<[[-7, 3], [65, 115], [-120, -92]]> : tensor<3x2xi8>
  %r = stablehlo.reverse %x, dims = [0] : tensor<3x2xi8>
  check.expect_eq_const %r, dense<[[-120, -92], [65, 115], [-7, 3]]> : tensor<3x2xi8>
  func.return
}

// -----

// CHECK: PASS reverse_i16
func.func @reverse_i16() {
  %x = stablehlo.constant dense<[[22123, -15623], [-25605, -13207], [-5649, 20593]]> : tensor<3x2xi16>
  %r = stablehlo.reverse %x, dims = [0] : tensor<3x2xi16>
  check.expect_eq_const %r, dense<[[-5649, 20593], [-25605, -13207], [22123, -15623]]> : tensor<3x2xi16>
  func.return
}

// -----

// CHECK: PASS reverse_i32
func.func @reverse_i32() {
  %x = stablehlo.constant dense<[[1337901816, -1779623277], [-1376791563, -1130390267], [-1368527818, 1293963975]]> : tensor<3x2xi32>
  %r = stablehlo.reverse %x, dims = [0] : tensor<3x2xi32>
  check.expect_eq_const %r, dense<[[-1368527818, 1293963975], [-1376791563, -1130390267], [1337901816, -1779623277]]> : tensor<3x2xi32>
  func.return
}

// -----

// CHECK: PASS reverse_i64
func.func @reverse_i64() {
  %x = stablehlo.constant dense<[[-4611686018427387907, 24909552067], [1047270984161, -921751331344], [236077971176, -271608873328]]> : tensor<3x2xi64>
  %r = stablehlo.reverse %x, dims = [0] : tensor<3x2xi64>
  check.expect_eq_const %r, dense<[[236077971176, -271608873328], [1047270984161, -921751331344], [-4611686018427387907, 24909552067]]> : tensor<3x2xi64>
  func.return
}

// -----

// CHECK: PASS reverse_ui8
func.func @reverse_ui8() {
  %x = stablehlo.constant dense<[[171, 206], [5, 206], [120, 255]]> : tensor<3x2xui8>
  %r = stablehlo.reverse %x, dims = [0] : tensor<3x2xui8>
  check.expect_eq_const %r, dense<[[120, 255], [5, 206], [171, 206]]> : tensor<3x2xui8>
  func.return
}

// -----

// CHECK: PASS reverse_ui16
func.func @reverse_ui16() {
  %x = stablehlo.constant dense<[[29166, 35269], [33932, 22496], [62006, 65532]]> : tensor<3x2xui16>
  %r = stablehlo.reverse %x, dims = [0] : tensor<3x2xui16>
  check.expect_eq_const %r, dense<[[62006, 65532], [33932, 22496], [29166, 35269]]> : tensor<3x2xui16>
  func.return
}

// -----

// CHECK: PASS reverse_ui32
func.func @reverse_ui32() {
  %x = stablehlo.constant dense<[[4058335883, 2684764585], [2938530453, 3853503932], [2483747170, 4294967292]]> : tensor<3x2xui32>
  %r = stablehlo.reverse %x, dims = [0] : tensor<3x2xui32>
  check.expect_eq_const %r, dense<[[2483747170, 4294967292], [2938530453, 3853503932], [4058335883, 2684764585]]> : tensor<3x2xui32>
  func.return
}

// -----

// CHECK: PASS reverse_ui64
func.func @reverse_ui64() {
  %x = stablehlo.constant dense<[[1507893476435237117, 4553010814738638046], [1469794317764927225, 3636540102167023569], [4011689580468196472, 18446744073709551612]]> : tensor<3x2xui64>
  %r = stablehlo.reverse %x, dims = [0] : tensor<3x2xui64>
  check.expect_eq_const %r, dense<[[4011689580468196472, 18446744073709551612], [1469794317764927225, 3636540102167023569], [1507893476435237117, 4553010814738638046]]> : tensor<3x2xui64>
  func.return
}

// -----

// CHECK: PASS reverse_f16
func.func @reverse_f16() {
  %x = stablehlo.constant dense<[[-1.75, 7.25], [9.0, -4.5], [-7.75, 2.0]]> : tensor<3x2xf16>
  %r = stablehlo.reverse %x, dims = [0] : tensor<3x2xf16>
  check.expect_eq_const %r, dense<[[-7.75, 2.0], [9.0, -4.5], [-1.75, 7.25]]> : tensor<3x2xf16>
  func.return
}

// -----

// CHECK: PASS reverse_bf16
func.func @reverse_bf16() {
  %x = stablehlo.constant dense<[[5.5, 9.0], [-4.75, -6.0], [5.75, 6.5]]> : tensor<3x2xbf16>
  %r = stablehlo.reverse %x, dims = [0] : tensor<3x2xbf16>
  check.expect_eq_const %r, dense<[[5.75, 6.5], [-4.75, -6.0], [5.5, 9.0]]> : tensor<3x2xbf16>
  func.return
}

// -----

// CHECK: PASS reverse_f32
func.func @reverse_f32() {
  %x = stablehlo.constant dense<[[-7.5, -7.5], [5.75, -0.25], [1.75, 2.0]]> : tensor<3x2xf32>
  %r = stablehlo.reverse %x, dims = [0] : tensor<3x2xf32>
  check.expect_eq_const %r, dense<[[1.75, 2.0], [5.75, -0.25], [-7.5, -7.5]]> : tensor<3x2xf32>
  func.return
}

// -----

// CHECK: PASS reverse_f64
func.func @reverse_f64() {
  %x = stablehlo.constant dense<[[2.25, -5.0], [9.25, 8.75], [-8.75, -6.25]]> : tensor<3x2xf64>
  %r = stablehlo.reverse %x, dims = [0] : tensor<3x2xf64>
  check.expect_eq_const %r, dense<[[-8.75, -6.25], [9.25, 8.75], [2.25, -5.0]]> : tensor<3x2xf64>
  func.return
}

// -----

// CHECK: PASS reverse_c64
func.func @reverse_c64() {
  %x = stablehlo.constant dense<[[(7.75, 17.5), (7.25, -10.0)], [(6.25, -13.5), (7.0, -17.0)], [(-8.75, 11.5), (6.0, 17.5)]]> : tensor<3x2xcomplex<f32>>
  %r = stablehlo.reverse %x, dims = [0] : tensor<3x2xcomplex<f32>>
  check.expect_eq_const %r, dense<[[(-8.75, 11.5), (6.0, 17.5)], [(6.25, -13.5), (7.0, -17.0)], [(7.75, 17.5), (7.25, -10.0)]]> : tensor<3x2xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS reverse_c128
func.func @reverse_c128() {
  %x = stablehlo.constant dense<[[(-7.0, -6.5), (6.5, 14.0)], [(3.0, -6.5), (-3.0, 5.5)], [(-8.25, -13.0), (4.0, 1.5)]]> : tensor<3x2xcomplex<f64>>
  %r = stablehlo.reverse %x, dims = [0] : tensor<3x2xcomplex<f64>>
  check.expect_eq_const %r, dense<[[(-8.25, -13.0), (4.0, 1.5)], [(3.0, -6.5), (-3.0, 5.5)], [(-7.0, -6.5), (6.5, 14.0)]]> : tensor<3x2xcomplex<f64>>
  func.return
}

// -----

// CHECK: PASS reverse_rank3_dims01
func.func @reverse_rank3_dims01() {
  %x = stablehlo.constant dense<[[[1684711802, -944566549, -1023751522, -166873611], [1696477809, -1624701550, -1076831585, 97102131], [-1109950339, -390118714, -668794077, -1839794136]], [[-1999615672, -1722425012, 698030389, 2088592619], [1846021542, 833515207, 1815442566, -220381386], [217668359, 602054808, -410149348, -985742856]]]> : tensor<2x3x4xi32>
  %r = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3x4xi32>
  check.expect_eq_const %r, dense<[[[217668359, 602054808, -410149348, -985742856], [1846021542, 833515207, 1815442566, -220381386], [-1999615672, -1722425012, 698030389, 2088592619]], [[-1109950339, -390118714, -668794077, -1839794136], [1696477809, -1624701550, -1076831585, 97102131], [1684711802, -944566549, -1023751522, -166873611]]]> : tensor<2x3x4xi32>
  func.return
}

// -----

// CHECK: PASS reverse_rank3_dims_none
func.func @reverse_rank3_dims_none() {
  %x = stablehlo.constant dense<[[[7.75, -4.5, -5.0, -1.0], [7.75, -7.75, -5.25, 0.25], [-5.25, -2.0, -3.25, -8.75]], [[-9.5, -8.25, 3.25, 9.5], [8.5, 3.75, 8.25, -1.25], [1.0, 2.75, -2.0, -4.75]]]> : tensor<2x3x4xf32>
  %r = stablehlo.reverse %x, dims = [] : tensor<2x3x4xf32>
  check.expect_eq_const %r, dense<[[[7.75, -4.5, -5.0, -1.0], [7.75, -7.75, -5.25, 0.25], [-5.25, -2.0, -3.25, -8.75]], [[-9.5, -8.25, 3.25, 9.5], [8.5, 3.75, 8.25, -1.25], [1.0, 2.75, -2.0, -4.75]]]> : tensor<2x3x4xf32>
  func.return
}

// -----

// CHECK: PASS reverse_rank3_dims1
func.func @reverse_rank3_dims1() {
  %x = stablehlo.constant dense<[[[-4611686018427387907, -85439288699, -831847193142, 49716291199], [-199740781445, -941974597456, -881881606127, 1069359421267], [426759786460, -112835269160, 308252061977, -504700342065]], [[-435683754137, -938230715620, -983874733972, 676144957755], [688965719490, -1088578936361, -373712250487, -903607558325], [-70485495184, 258801859209, 112255877583, -804706452514]]]> : tensor<2x3x4xi64>
  %r = stablehlo.reverse %x, dims = [1] : tensor<2x3x4xi64>
  check.expect_eq_const %r, dense<[[[426759786460, -112835269160, 308252061977, -504700342065], [-199740781445, -941974597456, -881881606127, 1069359421267], [-4611686018427387907, -85439288699, -831847193142, 49716291199]], [[-70485495184, 258801859209, 112255877583, -804706452514], [688965719490, -1088578936361, -373712250487, -903607558325], [-435683754137, -938230715620, -983874733972, 676144957755]]]> : tensor<2x3x4xi64>
  func.return
}

// -----

// CHECK: PASS reverse_rank3_dims02
func.func @reverse_rank3_dims02() {
  %x = stablehlo.constant dense<[[[228, 71, 66, 118], [229, 31, 63, 133], [61, 104, 88, 18]], [[8, 25, 169, 252], [238, 177, 236, 114], [140, 163, 103, 255]]]> : tensor<2x3x4xui8>
  %r = stablehlo.reverse %x, dims = [0, 2] : tensor<2x3x4xui8>
  check.expect_eq_const %r, dense<[[[252, 169, 25, 8], [114, 236, 177, 238], [255, 103, 163, 140]], [[118, 66, 71, 228], [133, 63, 31, 229], [18, 88, 104, 61]]]> : tensor<2x3x4xui8>
  func.return
}

// -----

// CHECK: PASS reverse_runtime_size
func.func @reverse_runtime_size() {
  %x = stablehlo.constant dense<[4.5, 8.75, 7.5]> : tensor<3xf64>
  %n_c = stablehlo.constant dense<[3]> : tensor<1xi64>
  %n_z = stablehlo.constant dense<[0]> : tensor<1xi64>
  %n = stablehlo.add %n_c, %n_z : tensor<1xi64>
  %d = stablehlo.dynamic_reshape %x, %n : (tensor<3xf64>, tensor<1xi64>) -> tensor<?xf64>
  %r = stablehlo.reverse %d, dims = [0] : tensor<?xf64>
  %shape = stablehlo.constant dense<[3]> : tensor<1xi64>
  %q = stablehlo.dynamic_reshape %r, %shape : (tensor<?xf64>, tensor<1xi64>) -> tensor<3xf64>
  check.expect_eq_const %q, dense<[7.5, 8.75, 4.5]> : tensor<3xf64>
  func.return
}

// CHECK-NOT: FAIL
