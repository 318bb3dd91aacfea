// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// slice: expected values from jax.lax.slice.

// CHECK: PASS slice_i1
func.func @slice_i1() {
  %x = stablehlo.constant dense<[[true, true, true, false, false, false], [false, false, false, true, true, true], [true, true, true, true, true, true]]> : tensor<3x6xi1>
  %r = stablehlo.slice %x [0:2, 1:6:2] : (tensor<3x6xi1>) -> tensor<2x3xi1>
  check.expect_eq_const %r, dense<[[true, false, false], [false, true, true]]> : tensor<2x3xi1>
  func.return
}

// -----

// CHECK: PASS slice_i8
func.func @slice_i8() {
  %x = stablehlo.constant dense<[[-7, 3, 65, 115, -120, -92], [82, 114, -65, -49, 94, -20], [-59, 83, -63, -24, 36, 12]]> : tensor<3x6xi8>
  %r = stablehlo.slice %x [0:2, 1:6:2] : (tensor<3x6xi8>) -> tensor<2x3xi8>
  check.expect_eq_const %r, dense<[[3, 115, -92], [114, -49, -20]]> : tensor<2x3xi8>
  func.return
}

// -----

// CHECK: PASS slice_i16
func.func @slice_i16() {
  %x = stablehlo.constant dense<[[22123, -15623, -25605, -13207, -5649, 20593], [-3194, -26745, -10822, 6560, 20525, 14978], [32299, -20454, 24918, -29154, 3815, -14748]]> : tensor<3x6xi16>
  %r = stablehlo.slice %x [0:2, 1:6:2] : (tensor<3x6xi16>) -> tensor<2x3xi16>
  check.expect_eq_const %r, dense<[[-15623, -13207, 20593], [-26745, 6560, 14978]]> : tensor<2x3xi16>
  func.return
}

// -----

// CHECK: PASS slice_i32
func.func @slice_i32() {
  %x = stablehlo.constant dense<[[1337901816, -1779623277, -1376791563, -1130390267, -1368527818, 1293963975], [1585841956, 352883257, -1978265842, -1743204208, -720688889, -287217605], [520669666, -89973990, -1010226911, -1461410234, 822129458, 1007501193]]> : tensor<3x6xi32>
  %r = stablehlo.slice %x [0:2, 1:6:2] : (tensor<3x6xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[-1779623277, -1130390267, 1293963975], [352883257, -1743204208, -287217605]]> : tensor<2x3xi32>
  func.return
}

// -----

// CHECK: PASS slice_i64
func.func @slice_i64() {
  %x = stablehlo.constant dense<[[-4611686018427387907, 24909552067, 1047270984161, -921751331344, 236077971176, -271608873328], [663887775041, -715720901335, 817234610522, 96628162160, 884480314029, -50239932385], [-152840301621, 635400551495, 1064663706093, -286476011556, 1031194284919, 943439003941]]> : tensor<3x6xi64>
  %r = stablehlo.slice %x [0:2, 1:6:2] : (tensor<3x6xi64>) -> tensor<2x3xi64>
  check.expect_eq_const %r, dense<[[24909552067, -921751331344, -271608873328], [-715720901335, 96628162160, -50239932385]]> : tensor<2x3xi64>
  func.return
}

// -----

// CHECK: PASS slice_ui8
func.func @slice_ui8() {
  %x = stablehlo.constant dense<[[171, 206, 5, 206, 120, 131], [161, 73, 250, 13, 71, 98], [146, 104, 33, 11, 0, 255]]> : tensor<3x6xui8>
  %r = stablehlo.slice %x [0:2, 1:6:2] : (tensor<3x6xui8>) -> tensor<2x3xui8>
  check.expect_eq_const %r, dense<[[206, 206, 131], [73, 13, 98]]> : tensor<2x3xui8>
  func.return
}

// -----

// CHECK: PASS slice_ui16
func.func @slice_ui16() {
  %x = stablehlo.constant dense<[[29166, 35269, 33932, 22496, 62006, 24187], [43105, 24543, 29485, 64713, 12225, 41468], [27982, 44192, 49525, 21624, 44058, 65532]]> : tensor<3x6xui16>
  %r = stablehlo.slice %x [0:2, 1:6:2] : (tensor<3x6xui16>) -> tensor<2x3xui16>
  check.expect_eq_const %r, dense<[[35269, 22496, 24187], [24543, 64713, 41468]]> : tensor<2x3xui16>
  func.return
}

// -----

// CHECK: PASS slice_ui32
func.func @slice_ui32() {
  %x = stablehlo.constant dense<[[4058335883, 2684764585, 2938530453, 3853503932, 2483747170, 3331544671], [3580503874, 967257515, 238506309, 1289204377, 1224353588, 3751883479], [3919686768, 22614310, 2146567901, 3527149199, 564533598, 4294967292]]> : tensor<3x6xui32>
  %r = stablehlo.slice %x [0:2, 1:6:2] : (tensor<3x6xui32>) -> tensor<2x3xui32>
  check.expect_eq_const %r, dense<[[2684764585, 3853503932, 3331544671], [967257515, 1289204377, 3751883479]]> : tensor<2x3xui32>
  func.return
}

// -----

// CHECK: PASS slice_ui64
func.func @slice_ui64() {
  %x = stablehlo.constant dense<[[1507893476435237117, 4553010814738638046, 1469794317764927225, 3636540102167023569, 4011689580468196472, 1803560334336180829], [2019373712003207020, 1719000904761314826, 493236405474018320, 2208838288271925925, 1113040313004487816, 1185873147448280778], [851923937815595561, 894042429650742716, 3753117687863246678, 1950670266480588578, 1180225015467065418, 18446744073709551612]]> : tensor<3x6xui64>
  %r = stablehlo.slice %x [0:2, 1:6:2] : (tensor<3x6xui64>) -> tensor<2x3xui64>
  check.expect_eq_const %r, dense<[[4553010814738638046, 3636540102167023569, 1803560334336180829], [1719000904761314826, 2208838288271925925, 1185873147448280778]]> : tensor<2x3xui64>
  func.return
}

// -----

// CHECK: PASS slice_f16
func.func @slice_f16() {
  %x = stablehlo.constant dense<[[-1.75, 7.25, 9.0, -4.5, -7.75, 2.0], [3.25, 5.5, 2.75, 4.25, 8.25, 8.25], [8.5, 7.0, 4.25, 8.25, -9.75, -9.5]]> : tensor<3x6xf16>
  %r = stablehlo.slice %x [0:2, 1:6:2] : (tensor<3x6xf16>) -> tensor<2x3xf16>
  check.expect_eq_const %r, dense<[[7.25, -4.5, 2.0], [5.5, 4.25, 8.25]]> : tensor<2x3xf16>
  func.return
}

// -----

// CHECK: PASS slice_bf16
func.func @slice_bf16() {
  %x = stablehlo.constant dense<[[5.5, 9.0, -4.75, -6.0, 5.75, 6.5], [0.25, -7.25, 6.5, 0.25, -7.0, -7.5], [-2.0, 3.75, -2.0, 6.75, -10.0, -1.5]]> : tensor<3x6xbf16>
  %r = stablehlo.slice %x [0:2, 1:6:2] : (tensor<3x6xbf16>) -> tensor<2x3xbf16>
  check.expect_eq_const %r, dense<[[9.0, -6.0, 6.5], [-7.25, 0.25, -7.5]]> : tensor<2x3xbf16>
  func.return
}

// -----

// CHECK: PASS slice_f32
func.func @slice_f32() {
  %x = stablehlo.constant dense<[[-7.5, -7.5, 5.75, -0.25, 1.75, 2.0], [4.0, -9.5, -0.5, -7.25, -2.0, 8.5], [0.75, -8.75, 0.75, -7.5, 5.0, 8.75]]> : tensor<3x6xf32>
  %r = stablehlo.slice %x [0:2, 1:6:2] : (tensor<3x6xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %r, dense<[[-7.5, -0.25, 2.0], [-9.5, -7.25, 8.5]]> : tensor<2x3xf32>
  func.return
}

// -----

// CHECK: PASS slice_f64
func.func @slice_f64() {
  %x = stablehlo.constant dense<[[2.25, -5.0, 9.25, 8.75, -8.75, -6.25], [-6.25, -6.5, 1.5, -3.25, -0.5, -5.5], [9.0, 3.25, 3.25, -7.75, -7.0, 7.75]]> : tensor<3x6xf64>
  %r = stablehlo.slice %x [0:2, 1:6:2] : (tensor<3x6xf64>) -> tensor<2x3xf64>
  check.expect_eq_const %r, dense<[[-5.0, 8.75, -6.25], [-6.5, -3.25, -5.5]]> : tensor<2x3xf64>
  func.return
}

// -----

// CHECK: PASS slice_c64
func.func @slice_c64() {
  %x = stablehlo.constant dense<[[(7.75, -15.0), (7.25, 19.0), (6.25, 13.5), (7.0, -9.0), (-8.75, -1.0), (6.0, 12.5)], [(8.75, 16.0), (-5.0, -17.0), (-6.75, 6.0), (-8.5, -2.5), (5.75, -6.5), (8.75, 12.5)], [(2.0, 7.5), (2.25, -4.0), (5.75, 15.0), (-10.0, 0.5), (6.5, 14.0), (8.0, -15.5)]]> : tensor<3x6xcomplex<f32>>
  %r = stablehlo.slice %x [0:2, 1:6:2] : (tensor<3x6xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  check.expect_eq_const %r, dense<[[(7.25, 19.0), (7.0, -9.0), (6.0, 12.5)], [(-5.0, -17.0), (-8.5, -2.5), (8.75, 12.5)]]> : tensor<2x3xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS slice_c128
func.func @slice_c128() {
  %x = stablehlo.constant dense<[[(-7.0, 11.5), (6.5, 2.5), (3.0, 14.5), (-3.0, 9.5), (-8.25, 16.0), (4.0, -17.5)], [(-3.25, -20.0), (7.0, 5.5), (-3.25, 8.5), (2.75, 9.0), (-6.5, 12.5), (0.75, -4.5)], [(-8.75, 13.0), (5.0, 0.0), (-8.25, -13.5), (4.25, -11.0), (5.0, 11.5), (-0.75, 6.0)]]> : tensor<3x6xcomplex<f64>>
  %r = stablehlo.slice %x [0:2, 1:6:2] : (tensor<3x6xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
  check.expect_eq_const %r, dense<[[(6.5, 2.5), (-3.0, 9.5), (4.0, -17.5)], [(7.0, 5.5), (2.75, 9.0), (0.75, -4.5)]]> : tensor<2x3xcomplex<f64>>
  func.return
}

// -----

// CHECK: PASS slice_strides_past_end
func.func @slice_strides_past_end() {
  %x = stablehlo.constant dense<[[-115153665, 50773491, 1095936102, 1934726843, -1997793075, -1528322826, 1387032530, 1926934702], [-1077054807, -808177760, 1584951368, -329310395, -974230236, 1407471923, -1043711286, -389986740], [617740842, 213003266, -1779236254, -2029118158, 1570189877, 1088830510, 1451203748, 163824282]]> : tensor<3x8xi32>
  %r = stablehlo.slice %x [1:3:2, 2:8:5] : (tensor<3x8xi32>) -> tensor<1x2xi32>
  check.expect_eq_const %r, dense<[[1584951368, -389986740]]> : tensor<1x2xi32>
  func.return
}

// -----

// CHECK: PASS slice_full
func.func @slice_full() {
  %x = stablehlo.constant dense<[[6.75, -5.0, -8.0], [-4.25, -1.75, 6.25]]> : tensor<2x3xf32>
  %r = stablehlo.slice %x [0:2, 0:3] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %r, dense<[[6.75, -5.0, -8.0], [-4.25, -1.75, 6.25]]> : tensor<2x3xf32>
  func.return
}

// -----

// CHECK: PASS slice_empty
func.func @slice_empty() {
  %x = stablehlo.constant dense<[[6.0, -8.5, -6.5], [-5.5, -6.5, 6.0]]> : tensor<2x3xf32>
  %r = stablehlo.slice %x [1:1, 2:3] : (tensor<2x3xf32>) -> tensor<0x1xf32>
  check.expect_eq_const %r, dense<> : tensor<0x1xf32>
  func.return
}

// -----

// CHECK: PASS slice_rank3
func.func @slice_rank3() {
  %x = stablehlo.constant dense<[[[-4611686018427387907, 24909552067, 1047270984161, -921751331344, 236077971176], [-271608873328, 663887775041, -715720901335, 817234610522, 96628162160], [884480314029, -50239932385, -152840301621, 635400551495, 1064663706093], [-286476011556, 1031194284919, 943439003941, -708761499347, 239367236845]], [[450502339739, 973735588049, 364284512362, -806171259346, -4689199862], [-14030133505, 497395638, 1008433111738, -329991147580, -607433672090], [48569831508, 310438144806, 965606622156, 180354652945, -510539773912], [945084549630, -18196291571, 386590190334, -52690993093, -622367503684]], [[423426424222, 595122725980, -679963267821, -88145620142, -303871896843], [-724072784398, -612754180099, 1017064553371, 844915425857, -258843011567], [526607230736, -1007222938025, 912720437911, 81739566248, 704276347940], [-492716982294, -272406615629, -334155395941, 1038905816142, -155119357903]]]> : tensor<3x4x5xi64>
  %r = stablehlo.slice %x [1:3, 0:4:3, 1:5:2] : (tensor<3x4x5xi64>) -> tensor<2x2x2xi64>
  check.expect_eq_const %r, dense<[[[973735588049, -806171259346], [-18196291571, -52690993093]], [[595122725980, -88145620142], [-272406615629, 1038905816142]]]> : tensor<2x2x2xi64>
  func.return
}

// -----

// CHECK: PASS slice_i4
func.func @slice_i4() {
  %x = stablehlo.constant dense<[[2, 4, -8, 4, -1, 0], [2, -4, 7, -8, -4, -2]]> : tensor<2x6xi4>
  %r = stablehlo.slice %x [0:2, 1:5] : (tensor<2x6xi4>) -> tensor<2x4xi4>
  check.expect_eq_const %r, dense<[[4, -8, 4, -1], [-4, 7, -8, -4]]> : tensor<2x4xi4>
  func.return
}

// CHECK-NOT: FAIL

// -----

// Empty results, one starting at the end of its dimension (x[1:] of one
// element): they did not compile (extract_slice out of bounds).
// CHECK: PASS slice_empty
func.func @slice_empty() {
  %x = stablehlo.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
  %r = stablehlo.slice %x [0:2, 1:1] : (tensor<2x1xf32>) -> tensor<2x0xf32>
  check.expect_eq_const %r, dense<> : tensor<2x0xf32>
  %y = stablehlo.constant dense<[7]> : tensor<1xi32>
  %s = stablehlo.slice %y [1:1] : (tensor<1xi32>) -> tensor<0xi32>
  check.expect_eq_const %s, dense<> : tensor<0xi32>
  func.return
}
