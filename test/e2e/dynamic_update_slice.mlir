// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// dynamic_update_slice: expected values from numpy with the start indices
// clamped to [0, dim - update dim] as the spec says; cross-checked with
// jax.lax.dynamic_update_slice where the starts are non-negative (JAX wraps
// negative starts first). Each case also checks that the operand constant is
// unchanged.

// CHECK: PASS dynamic_update_slice_i1
func.func @dynamic_update_slice_i1() {
  %x = stablehlo.constant dense<[[true, true, true, false], [false, false, false, false], [false, true, true, true], [true, true, true, true]]> : tensor<4x4xi1>
  %u = stablehlo.constant dense<[[true, true, true], [true, true, true]]> : tensor<2x3xi1>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %i0, %i1 : (tensor<4x4xi1>, tensor<2x3xi1>, tensor<i64>, tensor<i64>) -> tensor<4x4xi1>
  check.expect_eq_const %r, dense<[[true, true, true, false], [false, true, true, true], [false, true, true, true], [true, true, true, true]]> : tensor<4x4xi1>
  check.expect_eq_const %x, dense<[[true, true, true, false], [false, false, false, false], [false, true, true, true], [true, true, true, true]]> : tensor<4x4xi1>
  func.return
}

// -----

// CHECK: PASS dynamic_update_slice_i8
func.func @dynamic_update_slice_i8() {
  %x = stablehlo.constant dense<[[-7, 3, 65, 115], [-120, -92, 82, 114], [-65, -49, 94, -20], [-59, 83, -63, -24]]> : tensor<4x4xi8>
  %u = stablehlo.constant dense<[[-30, 113, 111], [-50, -41, -63]]> : tensor<2x3xi8>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %i0, %i1 : (tensor<4x4xi8>, tensor<2x3xi8>, tensor<i64>, tensor<i64>) -> tensor<4x4xi8>
  check.expect_eq_const %r, dense<[[-7, 3, 65, 115], [-120, -30, 113, 111], [-65, -50, -41, -63], [-59, 83, -63, -24]]> : tensor<4x4xi8>
  check.expect_eq_const %x, dense<[[-7, 3, 65, 115], [-120, -92, 82, 114], [-65, -49, 94, -20], [-59, 83, -63, -24]]> : tensor<4x4xi8>
  func.return
}

// -----

// CHECK: PASS dynamic_update_slice_i16
func.func @dynamic_update_slice_i16() {
  %x = stablehlo.constant dense<[[22123, -15623, -25605, -13207], [-5649, 20593, -3194, -26745], [-10822, 6560, 20525, 14978], [32299, -20454, 24918, -29154]]> : tensor<4x4xi16>
  %u = stablehlo.constant dense<[[30459, 7586, -15938], [4864, -2128, 1280]]> : tensor<2x3xi16>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %i0, %i1 : (tensor<4x4xi16>, tensor<2x3xi16>, tensor<i64>, tensor<i64>) -> tensor<4x4xi16>
  check.expect_eq_const %r, dense<[[22123, -15623, -25605, -13207], [-5649, 30459, 7586, -15938], [-10822, 4864, -2128, 1280], [32299, -20454, 24918, -29154]]> : tensor<4x4xi16>
  check.expect_eq_const %x, dense<[[22123, -15623, -25605, -13207], [-5649, 20593, -3194, -26745], [-10822, 6560, 20525, 14978], [32299, -20454, 24918, -29154]]> : tensor<4x4xi16>
  func.return
}

// -----

// CHECK: PASS dynamic_update_slice_i32
func.func @dynamic_update_slice_i32() {
  %x = stablehlo.constant dense<[[1337901816, -1779623277, -1376791563, -1130390267], [-1368527818, 1293963975, 1585841956, 352883257], [-1978265842, -1743204208, -720688889, -287217605], [520669666, -89973990, -1010226911, -1461410234]]> : tensor<4x4xi32>
  %u = stablehlo.constant dense<[[1100771403, -2099693571, 765599549], [940214098, 1330861672, -725303192]]> : tensor<2x3xi32>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %i0, %i1 : (tensor<4x4xi32>, tensor<2x3xi32>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
  check.expect_eq_const %r, dense<[[1337901816, -1779623277, -1376791563, -1130390267], [-1368527818, 1100771403, -2099693571, 765599549], [-1978265842, 940214098, 1330861672, -725303192], [520669666, -89973990, -1010226911, -1461410234]]> : tensor<4x4xi32>
  check.expect_eq_const %x, dense<[[1337901816, -1779623277, -1376791563, -1130390267], [-1368527818, 1293963975, 1585841956, 352883257], [-1978265842, -1743204208, -720688889, -287217605], [520669666, -89973990, -1010226911, -1461410234]]> : tensor<4x4xi32>
  func.return
}

// -----

// CHECK: PASS dynamic_update_slice_i64
func.func @dynamic_update_slice_i64() {
  %x = stablehlo.constant dense<[[-4611686018427387907, 24909552067, 1047270984161, -921751331344], [236077971176, -271608873328, 663887775041, -715720901335], [817234610522, 96628162160, 884480314029, -50239932385], [-152840301621, 635400551495, 1064663706093, -286476011556]]> : tensor<4x4xi64>
  %u = stablehlo.constant dense<[[-4611686018427387907, 40857788059, -924350691069], [170291722676, -910130891388, -98319478982]]> : tensor<2x3xi64>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %i0, %i1 : (tensor<4x4xi64>, tensor<2x3xi64>, tensor<i64>, tensor<i64>) -> tensor<4x4xi64>
  check.expect_eq_const %r, dense<[[-4611686018427387907, 24909552067, 1047270984161, -921751331344], [236077971176, -4611686018427387907, 40857788059, -924350691069], [817234610522, 170291722676, -910130891388, -98319478982], [-152840301621, 635400551495, 1064663706093, -286476011556]]> : tensor<4x4xi64>
  check.expect_eq_const %x, dense<[[-4611686018427387907, 24909552067, 1047270984161, -921751331344], [236077971176, -271608873328, 663887775041, -715720901335], [817234610522, 96628162160, 884480314029, -50239932385], [-152840301621, 635400551495, 1064663706093, -286476011556]]> : tensor<4x4xi64>
  func.return
}

// -----

// CHECK: PASS dynamic_update_slice_ui8
func.func @dynamic_update_slice_ui8() {
  %x = stablehlo.constant dense<[[171, 206, 5, 206], [120, 131, 161, 73], [250, 13, 71, 98], [146, 104, 33, 255]]> : tensor<4x4xui8>
  %u = stablehlo.constant dense<[[246, 213, 186], [222, 56, 255]]> : tensor<2x3xui8>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %i0, %i1 : (tensor<4x4xui8>, tensor<2x3xui8>, tensor<i64>, tensor<i64>) -> tensor<4x4xui8>
  check.expect_eq_const %r, dense<[[171, 206, 5, 206], [120, 246, 213, 186], [250, 222, 56, 255], [146, 104, 33, 255]]> : tensor<4x4xui8>
  check.expect_eq_const %x, dense<[[171, 206, 5, 206], [120, 131, 161, 73], [250, 13, 71, 98], [146, 104, 33, 255]]> : tensor<4x4xui8>
  func.return
}

// -----

// CHECK: PASS dynamic_update_slice_ui16
func.func @dynamic_update_slice_ui16() {
  %x = stablehlo.constant dense<[[29166, 35269, 33932, 22496], [62006, 24187, 43105, 24543], [29485, 64713, 12225, 41468], [27982, 44192, 49525, 65532]]> : tensor<4x4xui16>
  %u = stablehlo.constant dense<[[24056, 47587, 25960], [1107, 62319, 65532]]> : tensor<2x3xui16>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %i0, %i1 : (tensor<4x4xui16>, tensor<2x3xui16>, tensor<i64>, tensor<i64>) -> tensor<4x4xui16>
  check.expect_eq_const %r, dense<[[29166, 35269, 33932, 22496], [62006, 24056, 47587, 25960], [29485, 1107, 62319, 65532], [27982, 44192, 49525, 65532]]> : tensor<4x4xui16>
  check.expect_eq_const %x, dense<[[29166, 35269, 33932, 22496], [62006, 24187, 43105, 24543], [29485, 64713, 12225, 41468], [27982, 44192, 49525, 65532]]> : tensor<4x4xui16>
  func.return
}

// -----

// CHECK: PASS dynamic_update_slice_ui32
func.func @dynamic_update_slice_ui32() {
  %x = stablehlo.constant dense<[[4058335883, 2684764585, 2938530453, 3853503932], [2483747170, 3331544671, 3580503874, 967257515], [238506309, 1289204377, 1224353588, 3751883479], [3919686768, 22614310, 2146567901, 4294967292]]> : tensor<4x4xui32>
  %u = stablehlo.constant dense<[[279996949, 2938473615, 3521220623], [2011384587, 3772621515, 4294967292]]> : tensor<2x3xui32>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %i0, %i1 : (tensor<4x4xui32>, tensor<2x3xui32>, tensor<i64>, tensor<i64>) -> tensor<4x4xui32>
  check.expect_eq_const %r, dense<[[4058335883, 2684764585, 2938530453, 3853503932], [2483747170, 279996949, 2938473615, 3521220623], [238506309, 2011384587, 3772621515, 4294967292], [3919686768, 22614310, 2146567901, 4294967292]]> : tensor<4x4xui32>
  check.expect_eq_const %x, dense<[[4058335883, 2684764585, 2938530453, 3853503932], [2483747170, 3331544671, 3580503874, 967257515], [238506309, 1289204377, 1224353588, 3751883479], [3919686768, 22614310, 2146567901, 4294967292]]> : tensor<4x4xui32>
  func.return
}

// -----

// CHECK: PASS dynamic_update_slice_ui64
func.func @dynamic_update_slice_ui64() {
  %x = stablehlo.constant dense<[[1507893476435237117, 4553010814738638046, 1469794317764927225, 3636540102167023569], [4011689580468196472, 1803560334336180829, 2019373712003207020, 1719000904761314826], [493236405474018320, 2208838288271925925, 1113040313004487816, 1185873147448280778], [851923937815595561, 894042429650742716, 3753117687863246678, 18446744073709551612]]> : tensor<4x4xui64>
  %u = stablehlo.constant dense<[[1425065400200423636, 4057516354232052279, 1121061451112624501], [961169747232477937, 3900623678229757132, 18446744073709551612]]> : tensor<2x3xui64>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %i0, %i1 : (tensor<4x4xui64>, tensor<2x3xui64>, tensor<i64>, tensor<i64>) -> tensor<4x4xui64>
  check.expect_eq_const %r, dense<[[1507893476435237117, 4553010814738638046, 1469794317764927225, 3636540102167023569], [4011689580468196472, 1425065400200423636, 4057516354232052279, 1121061451112624501], [493236405474018320, 961169747232477937, 3900623678229757132, 18446744073709551612], [851923937815595561, 894042429650742716, 3753117687863246678, 18446744073709551612]]> : tensor<4x4xui64>
  check.expect_eq_const %x, dense<[[1507893476435237117, 4553010814738638046, 1469794317764927225, 3636540102167023569], [4011689580468196472, 1803560334336180829, 2019373712003207020, 1719000904761314826], [493236405474018320, 2208838288271925925, 1113040313004487816, 1185873147448280778], [851923937815595561, 894042429650742716, 3753117687863246678, 18446744073709551612]]> : tensor<4x4xui64>
  func.return
}

// -----

// CHECK: PASS dynamic_update_slice_f16
func.func @dynamic_update_slice_f16() {
  %x = stablehlo.constant dense<[[-1.75, 7.25, 9.0, -4.5], [-7.75, 2.0, 3.25, 5.5], [2.75, 4.25, 8.25, 8.25], [8.5, 7.0, 4.25, 8.25]]> : tensor<4x4xf16>
  %u = stablehlo.constant dense<[[5.75, 1.75, 4.75], [6.5, 2.5, -7.75]]> : tensor<2x3xf16>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %i0, %i1 : (tensor<4x4xf16>, tensor<2x3xf16>, tensor<i64>, tensor<i64>) -> tensor<4x4xf16>
  check.expect_eq_const %r, dense<[[-1.75, 7.25, 9.0, -4.5], [-7.75, 5.75, 1.75, 4.75], [2.75, 6.5, 2.5, -7.75], [8.5, 7.0, 4.25, 8.25]]> : tensor<4x4xf16>
  check.expect_eq_const %x, dense<[[-1.75, 7.25, 9.0, -4.5], [-7.75, 2.0, 3.25, 5.5], [2.75, 4.25, 8.25, 8.25], [8.5, 7.0, 4.25, 8.25]]> : tensor<4x4xf16>
  func.return
}

// -----

// CHECK: PASS dynamic_update_slice_bf16
func.func @dynamic_update_slice_bf16() {
  %x = stablehlo.constant dense<[[5.5, 9.0, -4.75, -6.0], [5.75, 6.5, 0.25, -7.25], [6.5, 0.25, -7.0, -7.5], [-2.0, 3.75, -2.0, 6.75]]> : tensor<4x4xbf16>
  %u = stablehlo.constant dense<[[-6.75, -3.75, -2.25], [-9.5, 9.25, -9.0]]> : tensor<2x3xbf16>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %i0, %i1 : (tensor<4x4xbf16>, tensor<2x3xbf16>, tensor<i64>, tensor<i64>) -> tensor<4x4xbf16>
  check.expect_eq_const %r, dense<[[5.5, 9.0, -4.75, -6.0], [5.75, -6.75, -3.75, -2.25], [6.5, -9.5, 9.25, -9.0], [-2.0, 3.75, -2.0, 6.75]]> : tensor<4x4xbf16>
  check.expect_eq_const %x, dense<[[5.5, 9.0, -4.75, -6.0], [5.75, 6.5, 0.25, -7.25], [6.5, 0.25, -7.0, -7.5], [-2.0, 3.75, -2.0, 6.75]]> : tensor<4x4xbf16>
  func.return
}

// -----

// CHECK: PASS dynamic_update_slice_f32
func.func @dynamic_update_slice_f32() {
  %x = stablehlo.constant dense<[[-7.5, -7.5, 5.75, -0.25], [1.75, 2.0, 4.0, -9.5], [-0.5, -7.25, -2.0, 8.5], [0.75, -8.75, 0.75, -7.5]]> : tensor<4x4xf32>
  %u = stablehlo.constant dense<[[-1.75, -2.75, 5.0], [5.25, -0.75, 3.25]]> : tensor<2x3xf32>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %i0, %i1 : (tensor<4x4xf32>, tensor<2x3xf32>, tensor<i64>, tensor<i64>) -> tensor<4x4xf32>
  check.expect_eq_const %r, dense<[[-7.5, -7.5, 5.75, -0.25], [1.75, -1.75, -2.75, 5.0], [-0.5, 5.25, -0.75, 3.25], [0.75, -8.75, 0.75, -7.5]]> : tensor<4x4xf32>
  check.expect_eq_const %x, dense<[[-7.5, -7.5, 5.75, -0.25], [1.75, 2.0, 4.0, -9.5], [-0.5, -7.25, -2.0, 8.5], [0.75, -8.75, 0.75, -7.5]]> : tensor<4x4xf32>
  func.return
}

// -----

// CHECK: PASS dynamic_update_slice_f64
func.func @dynamic_update_slice_f64() {
  %x = stablehlo.constant dense<[[2.25, -5.0, 9.25, 8.75], [-8.75, -6.25, -6.25, -6.5], [1.5, -3.25, -0.5, -5.5], [9.0, 3.25, 3.25, -7.75]]> : tensor<4x4xf64>
  %u = stablehlo.constant dense<[[-1.25, 2.0, 1.25], [4.75, 6.0, 5.5]]> : tensor<2x3xf64>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %i0, %i1 : (tensor<4x4xf64>, tensor<2x3xf64>, tensor<i64>, tensor<i64>) -> tensor<4x4xf64>
  check.expect_eq_const %r, dense<[[2.25, -5.0, 9.25, 8.75], [-8.75, -1.25, 2.0, 1.25], [1.5, 4.75, 6.0, 5.5], [9.0, 3.25, 3.25, -7.75]]> : tensor<4x4xf64>
  check.expect_eq_const %x, dense<[[2.25, -5.0, 9.25, 8.75], [-8.75, -6.25, -6.25, -6.5], [1.5, -3.25, -0.5, -5.5], [9.0, 3.25, 3.25, -7.75]]> : tensor<4x4xf64>
  func.return
}

// -----

// CHECK: PASS dynamic_update_slice_c64
func.func @dynamic_update_slice_c64() {
  %x = stablehlo.constant dense<[[(7.75, 13.0), (7.25, 16.0), (6.25, -15.0), (7.0, 19.0)], [(-8.75, 13.5), (6.0, -9.0), (8.75, -1.0), (-5.0, 12.5)], [(-6.75, 16.0), (-8.5, -17.0), (5.75, 6.0), (8.75, -2.5)], [(2.0, -6.5), (2.25, 12.5), (5.75, 7.5), (-10.0, -4.0)]]> : tensor<4x4xcomplex<f32>>
  %u = stablehlo.constant dense<[[(-1.0, 2.5), (1.0, 0.0), (8.25, -11.0)], [(9.75, -12.0), (8.5, 6.0), (-6.25, -13.5)]]> : tensor<2x3xcomplex<f32>>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %i0, %i1 : (tensor<4x4xcomplex<f32>>, tensor<2x3xcomplex<f32>>, tensor<i64>, tensor<i64>) -> tensor<4x4xcomplex<f32>>
  check.expect_eq_const %r, dense<[[(7.75, 13.0), (7.25, 16.0), (6.25, -15.0), (7.0, 19.0)], [(-8.75, 13.5), (-1.0, 2.5), (1.0, 0.0), (8.25, -11.0)], [(-6.75, 16.0), (9.75, -12.0), (8.5, 6.0), (-6.25, -13.5)], [(2.0, -6.5), (2.25, 12.5), (5.75, 7.5), (-10.0, -4.0)]]> : tensor<4x4xcomplex<f32>>
  check.expect_eq_const %x, dense<[[(7.75, 13.0), (7.25, 16.0), (6.25, -15.0), (7.0, 19.0)], [(-8.75, 13.5), (6.0, -9.0), (8.75, -1.0), (-5.0, 12.5)], [(-6.75, 16.0), (-8.5, -17.0), (5.75, 6.0), (8.75, -2.5)], [(2.0, -6.5), (2.25, 12.5), (5.75, 7.5), (-10.0, -4.0)]]> : tensor<4x4xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS dynamic_update_slice_c128
func.func @dynamic_update_slice_c128() {
  %x = stablehlo.constant dense<[[(-7.0, 10.0), (6.5, -1.5), (3.0, 11.5), (-3.0, 2.5)], [(-8.25, 14.5), (4.0, 9.5), (-3.25, 16.0), (7.0, -17.5)], [(-3.25, -20.0), (2.75, 5.5), (-6.5, 8.5), (0.75, 9.0)], [(-8.75, 12.5), (5.0, -4.5), (-8.25, 13.0), (4.25, 0.0)]]> : tensor<4x4xcomplex<f64>>
  %u = stablehlo.constant dense<[[(0.0, -19.0), (8.75, -7.5), (7.0, 1.0)], [(0.25, 14.0), (-5.25, 16.5), (-8.75, -17.0)]]> : tensor<2x3xcomplex<f64>>
  %i0 = stablehlo.constant dense<1> : tensor<i64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %i0, %i1 : (tensor<4x4xcomplex<f64>>, tensor<2x3xcomplex<f64>>, tensor<i64>, tensor<i64>) -> tensor<4x4xcomplex<f64>>
  check.expect_eq_const %r, dense<[[(-7.0, 10.0), (6.5, -1.5), (3.0, 11.5), (-3.0, 2.5)], [(-8.25, 14.5), (0.0, -19.0), (8.75, -7.5), (7.0, 1.0)], [(-3.25, -20.0), (0.25, 14.0), (-5.25, 16.5), (-8.75, -17.0)], [(-8.75, 12.5), (5.0, -4.5), (-8.25, 13.0), (4.25, 0.0)]]> : tensor<4x4xcomplex<f64>>
  check.expect_eq_const %x, dense<[[(-7.0, 10.0), (6.5, -1.5), (3.0, 11.5), (-3.0, 2.5)], [(-8.25, 14.5), (4.0, 9.5), (-3.25, 16.0), (7.0, -17.5)], [(-3.25, -20.0), (2.75, 5.5), (-6.5, 8.5), (0.75, 9.0)], [(-8.75, 12.5), (5.0, -4.5), (-8.25, 13.0), (4.25, 0.0)]]> : tensor<4x4xcomplex<f64>>
  func.return
}

// -----

// CHECK: PASS dynamic_update_slice_clamp_high
func.func @dynamic_update_slice_clamp_high() {
  %x = stablehlo.constant dense<[[-4611686018427387907, 990580144002, -782501286895, 986590567845], [-413787012993, -168606921796, 720625624715, -199673210749], [109057672521, -1038908496853, 557481221563, 83878032812], [-374423915102, 634261426407, -432779147201, -102259222465]]> : tensor<4x4xi64>
  %u = stablehlo.constant dense<[[-4611686018427387907, -443122661833, 690989711059], [-897386333465, 220123384491, 502609913760]]> : tensor<2x3xi64>
  %i0 = stablehlo.constant dense<4> : tensor<i64>
  %i1 = stablehlo.constant dense<4> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %i0, %i1 : (tensor<4x4xi64>, tensor<2x3xi64>, tensor<i64>, tensor<i64>) -> tensor<4x4xi64>
  check.expect_eq_const %r, dense<[[-4611686018427387907, 990580144002, -782501286895, 986590567845], [-413787012993, -168606921796, 720625624715, -199673210749], [109057672521, -4611686018427387907, -443122661833, 690989711059], [-374423915102, -897386333465, 220123384491, 502609913760]]> : tensor<4x4xi64>
  check.expect_eq_const %x, dense<[[-4611686018427387907, 990580144002, -782501286895, 986590567845], [-413787012993, -168606921796, 720625624715, -199673210749], [109057672521, -1038908496853, 557481221563, 83878032812], [-374423915102, 634261426407, -432779147201, -102259222465]]> : tensor<4x4xi64>
  func.return
}

// -----

// CHECK: PASS dynamic_update_slice_clamp_negative
func.func @dynamic_update_slice_clamp_negative() {
  %x = stablehlo.constant dense<[[6.0, -8.5, -6.5, -5.5, -6.5], [6.0, 7.25, 1.5, -9.25, -8.25], [-3.5, -1.5, 2.25, -0.5, -4.75]]> : tensor<3x5xf32>
  %u = stablehlo.constant dense<[[4.5, 8.75], [7.5, 0.0]]> : tensor<2x2xf32>
  %i0 = stablehlo.constant dense<-7> : tensor<i32>
  %i1 = stablehlo.constant dense<-1> : tensor<i32>
  %r = stablehlo.dynamic_update_slice %x, %u, %i0, %i1 : (tensor<3x5xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<3x5xf32>
  check.expect_eq_const %r, dense<[[4.5, 8.75, -6.5, -5.5, -6.5], [7.5, 0.0, 1.5, -9.25, -8.25], [-3.5, -1.5, 2.25, -0.5, -4.75]]> : tensor<3x5xf32>
  check.expect_eq_const %x, dense<[[6.0, -8.5, -6.5, -5.5, -6.5], [6.0, 7.25, 1.5, -9.25, -8.25], [-3.5, -1.5, 2.25, -0.5, -4.75]]> : tensor<3x5xf32>
  func.return
}

// -----

// CHECK: PASS dynamic_update_slice_unsigned_index
func.func @dynamic_update_slice_unsigned_index() {
  %x = stablehlo.constant dense<[[171, 206, 5, 206, 120], [131, 161, 73, 250, 13], [71, 98, 146, 104, 255]]> : tensor<3x5xui8>
  %u = stablehlo.constant dense<[[113, 255]]> : tensor<1x2xui8>
  %i0 = stablehlo.constant dense<250> : tensor<ui16>
  %i1 = stablehlo.constant dense<2> : tensor<ui16>
  %r = stablehlo.dynamic_update_slice %x, %u, %i0, %i1 : (tensor<3x5xui8>, tensor<1x2xui8>, tensor<ui16>, tensor<ui16>) -> tensor<3x5xui8>
  check.expect_eq_const %r, dense<[[171, 206, 5, 206, 120], [131, 161, 73, 250, 13], [71, 98, 113, 255, 255]]> : tensor<3x5xui8>
  check.expect_eq_const %x, dense<[[171, 206, 5, 206, 120], [131, 161, 73, 250, 13], [71, 98, 146, 104, 255]]> : tensor<3x5xui8>
  func.return
}

// -----

// CHECK: PASS dynamic_update_slice_whole
func.func @dynamic_update_slice_whole() {
  %x = stablehlo.constant dense<[[8.75, 2.5, 3.5], [7.75, 1.5, 5.5]]> : tensor<2x3xf64>
  %u = stablehlo.constant dense<[[4.25, -3.5, -5.5], [9.5, -6.5, -3.75]]> : tensor<2x3xf64>
  %i0 = stablehlo.constant dense<1> : tensor<i8>
  %i1 = stablehlo.constant dense<-1> : tensor<i8>
  %r = stablehlo.dynamic_update_slice %x, %u, %i0, %i1 : (tensor<2x3xf64>, tensor<2x3xf64>, tensor<i8>, tensor<i8>) -> tensor<2x3xf64>
  check.expect_eq_const %r, dense<[[4.25, -3.5, -5.5], [9.5, -6.5, -3.75]]> : tensor<2x3xf64>
  check.expect_eq_const %x, dense<[[8.75, 2.5, 3.5], [7.75, 1.5, 5.5]]> : tensor<2x3xf64>
  func.return
}

// -----

// CHECK: PASS dynamic_update_slice_rank3
func.func @dynamic_update_slice_rank3() {
  %x = stablehlo.constant dense<[[[-336951519, 1590208222, 1980171296, -915613116], [-1656314946, 443017931, 719493880, 1191999809], [612575877, 928033467, 1783569260, 1784044032]], [[1832176136, 1547878936, 949248535, 1796316938], [-2091382356, -2033290198, 1278370204, -269517788], [1065938906, -64663624, 1725465840, -1867648502]]]> : tensor<2x3x4xi32>
  %u = stablehlo.constant dense<[[[1187719576, 1958512429], [-1013529280, -1255497066]]]> : tensor<1x2x2xi32>
  %i0 = stablehlo.constant dense<1> : tensor<i32>
  %i1 = stablehlo.constant dense<1> : tensor<i32>
  %i2 = stablehlo.constant dense<3> : tensor<i32>
  %r = stablehlo.dynamic_update_slice %x, %u, %i0, %i1, %i2 : (tensor<2x3x4xi32>, tensor<1x2x2xi32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x3x4xi32>
  check.expect_eq_const %r, dense<[[[-336951519, 1590208222, 1980171296, -915613116], [-1656314946, 443017931, 719493880, 1191999809], [612575877, 928033467, 1783569260, 1784044032]], [[1832176136, 1547878936, 949248535, 1796316938], [-2091382356, -2033290198, 1187719576, 1958512429], [1065938906, -64663624, -1013529280, -1255497066]]]> : tensor<2x3x4xi32>
  check.expect_eq_const %x, dense<[[[-336951519, 1590208222, 1980171296, -915613116], [-1656314946, 443017931, 719493880, 1191999809], [612575877, 928033467, 1783569260, 1784044032]], [[1832176136, 1547878936, 949248535, 1796316938], [-2091382356, -2033290198, 1278370204, -269517788], [1065938906, -64663624, 1725465840, -1867648502]]]> : tensor<2x3x4xi32>
  func.return
}

// CHECK-NOT: FAIL
