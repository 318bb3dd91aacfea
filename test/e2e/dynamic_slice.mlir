// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// dynamic_slice: expected values from numpy with the start indices clamped
// to [0, dim - size] as the spec says; cross-checked with jax.lax.dynamic_slice
// where the starts are non-negative (JAX wraps negative starts first).

// CHECK: PASS dynamic_slice_i1
func.func @dynamic_slice_i1() {
  %x = stablehlo.constant dense<[[true, true, true, false], [false, false, false, false], [false, true, true, true]]> : tensor<3x4xi1>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_slice %x, %i0, %i1, sizes = [2, 2] : (tensor<3x4xi1>, tensor<i64>, tensor<i64>) -> tensor<2x2xi1>
  check.expect_eq_const %r, dense<[[false, false], [true, true]]> : tensor<2x2xi1>
  func.return
}

// -----

// CHECK: PASS dynamic_slice_i8
func.func @dynamic_slice_i8() {
  %x = stablehlo.constant dense<[[-7, 3, 65, 115], [-120, -92, 82, 114], [-65, -49, 94, -20]]> : tensor<3x4xi8>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_slice %x, %i0, %i1, sizes = [2, 2] : (tensor<3x4xi8>, tensor<i64>, tensor<i64>) -> tensor<2x2xi8>
  check.expect_eq_const %r, dense<[[-92, 82], [-49, 94]]> : tensor<2x2xi8>
  func.return
}

// -----

// CHECK: PASS dynamic_slice_i16
func.func @dynamic_slice_i16() {
  %x = stablehlo.constant dense<[[22123, -15623, -25605, -13207], [-5649, 20593, -3194, -26745], [-10822, 6560, 20525, 14978]]> : tensor<3x4xi16>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_slice %x, %i0, %i1, sizes = [2, 2] : (tensor<3x4xi16>, tensor<i64>, tensor<i64>) -> tensor<2x2xi16>
  check.expect_eq_const %r, dense<[[20593, -3194], [6560, 20525]]> : tensor<2x2xi16>
  func.return
}

// -----

// CHECK: PASS dynamic_slice_i32
func.func @dynamic_slice_i32() {
  %x = stablehlo.constant dense<[[1337901816, -1779623277, -1376791563, -1130390267], [-1368527818, 1293963975, 1585841956, 352883257], [-1978265842, -1743204208, -720688889, -287217605]]> : tensor<3x4xi32>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_slice %x, %i0, %i1, sizes = [2, 2] : (tensor<3x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
  check.expect_eq_const %r, dense<[[1293963975, 1585841956], [-1743204208, -720688889]]> : tensor<2x2xi32>
  func.return
}

// -----

// CHECK: PASS dynamic_slice_i64
func.func @dynamic_slice_i64() {
  %x = stablehlo.constant dense<[[-4611686018427387907, 24909552067, 1047270984161, -921751331344], [236077971176, -271608873328, 663887775041, -715720901335], [817234610522, 96628162160, 884480314029, -50239932385]]> : tensor<3x4xi64>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_slice %x, %i0, %i1, sizes = [2, 2] : (tensor<3x4xi64>, tensor<i64>, tensor<i64>) -> tensor<2x2xi64>
  check.expect_eq_const %r, dense<[[-271608873328, 663887775041], [96628162160, 884480314029]]> : tensor<2x2xi64>
  func.return
}

// -----

// CHECK: PASS dynamic_slice_ui8
func.func @dynamic_slice_ui8() {
  %x = stablehlo.constant dense<[[171, 206, 5, 206], [120, 131, 161, 73], [250, 13, 71, 255]]> : tensor<3x4xui8>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_slice %x, %i0, %i1, sizes = [2, 2] : (tensor<3x4xui8>, tensor<i64>, tensor<i64>) -> tensor<2x2xui8>
  check.expect_eq_const %r, dense<[[131, 161], [13, 71]]> : tensor<2x2xui8>
  func.return
}

// -----

// CHECK: PASS dynamic_slice_ui16
func.func @dynamic_slice_ui16() {
  %x = stablehlo.constant dense<[[29166, 35269, 33932, 22496], [62006, 24187, 43105, 24543], [29485, 64713, 12225, 65532]]> : tensor<3x4xui16>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_slice %x, %i0, %i1, sizes = [2, 2] : (tensor<3x4xui16>, tensor<i64>, tensor<i64>) -> tensor<2x2xui16>
  check.expect_eq_const %r, dense<[[24187, 43105], [64713, 12225]]> : tensor<2x2xui16>
  func.return
}

// -----

// CHECK: PASS dynamic_slice_ui32
func.func @dynamic_slice_ui32() {
  %x = stablehlo.constant dense<[[4058335883, 2684764585, 2938530453, 3853503932], [2483747170, 3331544671, 3580503874, 967257515], [238506309, 1289204377, 1224353588, 4294967292]]> : tensor<3x4xui32>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_slice %x, %i0, %i1, sizes = [2, 2] : (tensor<3x4xui32>, tensor<i64>, tensor<i64>) -> tensor<2x2xui32>
  check.expect_eq_const %r, dense<[[3331544671, 3580503874], [1289204377, 1224353588]]> : tensor<2x2xui32>
  func.return
}

// -----

// CHECK: PASS dynamic_slice_ui64
func.func @dynamic_slice_ui64() {
  %x = stablehlo.constant dense<[[1507893476435237117, 4553010814738638046, 1469794317764927225, 3636540102167023569], [4011689580468196472, 1803560334336180829, 2019373712003207020, 1719000904761314826], [493236405474018320, 2208838288271925925, 1113040313004487816, 18446744073709551612]]> : tensor<3x4xui64>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_slice %x, %i0, %i1, sizes = [2, 2] : (tensor<3x4xui64>, tensor<i64>, tensor<i64>) -> tensor<2x2xui64>
  check.expect_eq_const %r, dense<[[1803560334336180829, 2019373712003207020], [2208838288271925925, 1113040313004487816]]> : tensor<2x2xui64>
  func.return
}

// -----

// CHECK: PASS dynamic_slice_f16
func.func @dynamic_slice_f16() {
  %x = stablehlo.constant dense<[[-1.75, 7.25, 9.0, -4.5], [-7.75, 2.0, 3.25, 5.5], [2.75, 4.25, 8.25, 8.25]]> : tensor<3x4xf16>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_slice %x, %i0, %i1, sizes = [2, 2] : (tensor<3x4xf16>, tensor<i64>, tensor<i64>) -> tensor<2x2xf16>
  check.expect_eq_const %r, dense<[[2.0, 3.25], [4.25, 8.25]]> : tensor<2x2xf16>
  func.return
}

// -----

// CHECK: PASS dynamic_slice_bf16
func.func @dynamic_slice_bf16() {
  %x = stablehlo.constant dense<[[5.5, 9.0, -4.75, -6.0], [5.75, 6.5, 0.25, -7.25], [6.5, 0.25, -7.0, -7.5]]> : tensor<3x4xbf16>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_slice %x, %i0, %i1, sizes = [2, 2] : (tensor<3x4xbf16>, tensor<i64>, tensor<i64>) -> tensor<2x2xbf16>
  check.expect_eq_const %r, dense<[[6.5, 0.25], [0.25, -7.0]]> : tensor<2x2xbf16>
  func.return
}

// -----

// CHECK: PASS dynamic_slice_f32
func.func @dynamic_slice_f32() {
  %x = stablehlo.constant dense<[[-7.5, -7.5, 5.75, -0.25], [1.75, 2.0, 4.0, -9.5], [-0.5, -7.25, -2.0, 8.5]]> : tensor<3x4xf32>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_slice %x, %i0, %i1, sizes = [2, 2] : (tensor<3x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x2xf32>
  check.expect_eq_const %r, dense<[[2.0, 4.0], [-7.25, -2.0]]> : tensor<2x2xf32>
  func.return
}

// -----

// CHECK: PASS dynamic_slice_f64
func.func @dynamic_slice_f64() {
  %x = stablehlo.constant dense<[[2.25, -5.0, 9.25, 8.75], [-8.75, -6.25, -6.25, -6.5], [1.5, -3.25, -0.5, -5.5]]> : tensor<3x4xf64>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_slice %x, %i0, %i1, sizes = [2, 2] : (tensor<3x4xf64>, tensor<i64>, tensor<i64>) -> tensor<2x2xf64>
  check.expect_eq_const %r, dense<[[-6.25, -6.25], [-3.25, -0.5]]> : tensor<2x2xf64>
  func.return
}

// -----

// CHECK: PASS dynamic_slice_c64
func.func @dynamic_slice_c64() {
  %x = stablehlo.constant dense<[[(7.75, 4.0), (7.25, 4.5), (6.25, 11.5), (7.0, -20.0)], [(-8.75, 13.0), (6.0, 16.0), (8.75, -15.0), (-5.0, 19.0)], [(-6.75, 13.5), (-8.5, -9.0), (5.75, -1.0), (8.75, 12.5)]]> : tensor<3x4xcomplex<f32>>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_slice %x, %i0, %i1, sizes = [2, 2] : (tensor<3x4xcomplex<f32>>, tensor<i64>, tensor<i64>) -> tensor<2x2xcomplex<f32>>
  check.expect_eq_const %r, dense<[[(6.0, 16.0), (8.75, -15.0)], [(-8.5, -9.0), (5.75, -1.0)]]> : tensor<2x2xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS dynamic_slice_c128
func.func @dynamic_slice_c128() {
  %x = stablehlo.constant dense<[[(-7.0, -17.5), (6.5, 10.0), (3.0, -16.5), (-3.0, 8.5)], [(-8.25, 10.0), (4.0, -1.5), (-3.25, 11.5), (7.0, 2.5)], [(-3.25, 14.5), (2.75, 9.5), (-6.5, 16.0), (0.75, -17.5)]]> : tensor<3x4xcomplex<f64>>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_slice %x, %i0, %i1, sizes = [2, 2] : (tensor<3x4xcomplex<f64>>, tensor<i64>, tensor<i64>) -> tensor<2x2xcomplex<f64>>
  check.expect_eq_const %r, dense<[[(4.0, -1.5), (-3.25, 11.5)], [(2.75, 9.5), (-6.5, 16.0)]]> : tensor<2x2xcomplex<f64>>
  func.return
}

// -----

// CHECK: PASS dynamic_slice_clamp_high
func.func @dynamic_slice_clamp_high() {
  %x = stablehlo.constant dense<[[-4611686018427387907, 990580144002, -782501286895], [986590567845, -413787012993, -168606921796], [720625624715, -199673210749, 109057672521]]> : tensor<3x3xi64>
  %i0 = stablehlo.constant dense<3> : tensor<i64>
  %i1 = stablehlo.constant dense<3> : tensor<i64>
  %r = stablehlo.dynamic_slice %x, %i0, %i1, sizes = [3, 3] : (tensor<3x3xi64>, tensor<i64>, tensor<i64>) -> tensor<3x3xi64>
  check.expect_eq_const %r, dense<[[-4611686018427387907, 990580144002, -782501286895], [986590567845, -413787012993, -168606921796], [720625624715, -199673210749, 109057672521]]> : tensor<3x3xi64>
  func.return
}

// -----

// CHECK: PASS dynamic_slice_clamp_negative
func.func @dynamic_slice_clamp_negative() {
  %x = stablehlo.constant dense<[[6.75, -5.0, -8.0, -4.25, -1.75], [6.25, -1.0, -8.25, -3.5, 2.0], [6.25, 4.5, 9.75, -6.25, 7.5], [-9.0, 1.0, -4.75, -6.0, 3.0]]> : tensor<4x5xf32>
  %i0 = stablehlo.constant dense<-2> : tensor<i32>
  %i1 = stablehlo.constant dense<-100> : tensor<i32>
  %r = stablehlo.dynamic_slice %x, %i0, %i1, sizes = [2, 3] : (tensor<4x5xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  check.expect_eq_const %r, dense<[[6.75, -5.0, -8.0], [6.25, -1.0, -8.25]]> : tensor<2x3xf32>
  func.return
}

// -----

// CHECK: PASS dynamic_slice_clamp_mixed
func.func @dynamic_slice_clamp_mixed() {
  %x = stablehlo.constant dense<[[6.0, -8.5, -6.5, -5.5, -6.5], [6.0, 7.25, 1.5, -9.25, -8.25], [-3.5, -1.5, 2.25, -0.5, -4.75], [-7.0, 3.75, 4.5, -9.5, -7.75]]> : tensor<4x5xf32>
  %i0 = stablehlo.constant dense<-1> : tensor<i8>
  %i1 = stablehlo.constant dense<4> : tensor<i8>
  %r = stablehlo.dynamic_slice %x, %i0, %i1, sizes = [2, 2] : (tensor<4x5xf32>, tensor<i8>, tensor<i8>) -> tensor<2x2xf32>
  check.expect_eq_const %r, dense<[[-5.5, -6.5], [-9.25, -8.25]]> : tensor<2x2xf32>
  func.return
}

// -----

// CHECK: PASS dynamic_slice_unsigned_index
func.func @dynamic_slice_unsigned_index() {
  %x = stablehlo.constant dense<[[14840, 29036, 24995, 742, 28864], [31211, 30820, -27471, -3046, 7035], [-14213, -8095, 8321, 19785, 5302], [-21331, 11532, 24355, -18373, 2879]]> : tensor<4x5xi16>
  %i0 = stablehlo.constant dense<1> : tensor<ui8>
  %i1 = stablehlo.constant dense<200> : tensor<ui8>
  %r = stablehlo.dynamic_slice %x, %i0, %i1, sizes = [2, 2] : (tensor<4x5xi16>, tensor<ui8>, tensor<ui8>) -> tensor<2x2xi16>
  check.expect_eq_const %r, dense<[[-3046, 7035], [19785, 5302]]> : tensor<2x2xi16>
  func.return
}

// -----

// CHECK: PASS dynamic_slice_ui64_index
func.func @dynamic_slice_ui64_index() {
  %x = stablehlo.constant dense<[[14840, 29036, 24995, 742, 28864], [31211, 30820, -27471, -3046, 7035], [-14213, -8095, 8321, 19785, 5302], [-21331, 11532, 24355, -18373, 2879]]> : tensor<4x5xi16>
  %i0 = stablehlo.constant dense<2> : tensor<ui64>
  %i1 = stablehlo.constant dense<18446744073709551615> : tensor<ui64>
  %r = stablehlo.dynamic_slice %x, %i0, %i1, sizes = [2, 3] : (tensor<4x5xi16>, tensor<ui64>, tensor<ui64>) -> tensor<2x3xi16>
  check.expect_eq_const %r, dense<[[8321, 19785, 5302], [24355, -18373, 2879]]> : tensor<2x3xi16>
  func.return
}

// -----

// CHECK: PASS dynamic_slice_rank1_size0
func.func @dynamic_slice_rank1_size0() {
  %x = stablehlo.constant dense<[3.25, 6.0, -9.75, 6.0]> : tensor<4xf64>
  %i0 = stablehlo.constant dense<2> : tensor<i32>
  %r = stablehlo.dynamic_slice %x, %i0, sizes = [0] : (tensor<4xf64>, tensor<i32>) -> tensor<0xf64>
  check.expect_eq_const %r, dense<> : tensor<0xf64>
  func.return
}

// CHECK-NOT: FAIL
