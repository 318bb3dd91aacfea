// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// optimization_barrier: returns its operands unchanged.

// CHECK: PASS optimization_barrier_i1
func.func @optimization_barrier_i1() {
  %a = stablehlo.constant dense<[[true, true], [true, false]]> : tensor<2x2xi1>
  %r = stablehlo.optimization_barrier %a : tensor<2x2xi1>
  check.expect_eq_const %r, dense<[[true, true], [true, false]]> : tensor<2x2xi1>
  func.return
}

// -----

// CHECK: PASS optimization_barrier_i8
func.func @optimization_barrier_i8() {
  %a = stablehlo.constant dense<[[-7, 3], [65, 115]]> : tensor<2x2xi8>
  %r = stablehlo.optimization_barrier %a : tensor<2x2xi8>
  check.expect_eq_const %r, dense<[[-7, 3], [65, 115]]> : tensor<2x2xi8>
  func.return
}

// -----

// CHECK: PASS optimization_barrier_i16
func.func @optimization_barrier_i16() {
  %a = stablehlo.constant dense<[[22123, -15623], [-25605, -13207]]> : tensor<2x2xi16>
  %r = stablehlo.optimization_barrier %a : tensor<2x2xi16>
  check.expect_eq_const %r, dense<[[22123, -15623], [-25605, -13207]]> : tensor<2x2xi16>
  func.return
}

// -----

// CHECK: PASS optimization_barrier_i32
func.func @optimization_barrier_i32() {
  %a = stablehlo.constant dense<[[1337901816, -1779623277], [-1376791563, -1130390267]]> : tensor<2x2xi32>
  %r = stablehlo.optimization_barrier %a : tensor<2x2xi32>
  check.expect_eq_const %r, dense<[[1337901816, -1779623277], [-1376791563, -1130390267]]> : tensor<2x2xi32>
  func.return
}

// -----

// CHECK: PASS optimization_barrier_i64
func.func @optimization_barrier_i64() {
  %a = stablehlo.constant dense<[[-4611686018427387907, 24909552067], [1047270984161, -921751331344]]> : tensor<2x2xi64>
  %r = stablehlo.optimization_barrier %a : tensor<2x2xi64>
  check.expect_eq_const %r, dense<[[-4611686018427387907, 24909552067], [1047270984161, -921751331344]]> : tensor<2x2xi64>
  func.return
}

// -----

// CHECK: PASS optimization_barrier_ui8
func.func @optimization_barrier_ui8() {
  %a = stablehlo.constant dense<[[171, 206], [5, 255]]> : tensor<2x2xui8>
  %r = stablehlo.optimization_barrier %a : tensor<2x2xui8>
  check.expect_eq_const %r, dense<[[171, 206], [5, 255]]> : tensor<2x2xui8>
  func.return
}

// -----

// CHECK: PASS optimization_barrier_ui16
func.func @optimization_barrier_ui16() {
  %a = stablehlo.constant dense<[[29166, 35269], [33932, 65532]]> : tensor<2x2xui16>
  %r = stablehlo.optimization_barrier %a : tensor<2x2xui16>
  check.expect_eq_const %r, dense<[[29166, 35269], [33932, 65532]]> : tensor<2x2xui16>
  func.return
}

// -----

// CHECK: PASS optimization_barrier_ui32
func.func @optimization_barrier_ui32() {
  %a = stablehlo.constant dense<[[4058335883, 2684764585], [2938530453, 4294967292]]> : tensor<2x2xui32>
  %r = stablehlo.optimization_barrier %a : tensor<2x2xui32>
  check.expect_eq_const %r, dense<[[4058335883, 2684764585], [2938530453, 4294967292]]> : tensor<2x2xui32>
  func.return
}

// -----

// CHECK: PASS optimization_barrier_ui64
func.func @optimization_barrier_ui64() {
  %a = stablehlo.constant dense<[[1507893476435237117, 4553010814738638046], [1469794317764927225, 18446744073709551612]]> : tensor<2x2xui64>
  %r = stablehlo.optimization_barrier %a : tensor<2x2xui64>
  check.expect_eq_const %r, dense<[[1507893476435237117, 4553010814738638046], [1469794317764927225, 18446744073709551612]]> : tensor<2x2xui64>
  func.return
}

// -----

// CHECK: PASS optimization_barrier_f16
func.func @optimization_barrier_f16() {
  %a = stablehlo.constant dense<[[-1.75, 7.25], [9.0, -4.5]]> : tensor<2x2xf16>
  %r = stablehlo.optimization_barrier %a : tensor<2x2xf16>
  check.expect_eq_const %r, dense<[[-1.75, 7.25], [9.0, -4.5]]> : tensor<2x2xf16>
  func.return
}

// -----

// CHECK: PASS optimization_barrier_bf16
func.func @optimization_barrier_bf16() {
  %a = stablehlo.constant dense<[[5.5, 9.0], [-4.75, -6.0]]> : tensor<2x2xbf16>
  %r = stablehlo.optimization_barrier %a : tensor<2x2xbf16>
  check.expect_eq_const %r, dense<[[5.5, 9.0], [-4.75, -6.0]]> : tensor<2x2xbf16>
  func.return
}

// -----

// CHECK: PASS optimization_barrier_f32
func.func @optimization_barrier_f32() {
  %a = stablehlo.constant dense<[[-7.5, -7.5], [5.75, -0.25]]> : tensor<2x2xf32>
  %r = stablehlo.optimization_barrier %a : tensor<2x2xf32>
  check.expect_eq_const %r, dense<[[-7.5, -7.5], [5.75, -0.25]]> : tensor<2x2xf32>
  func.return
}

// -----

// CHECK: PASS optimization_barrier_f64
func.func @optimization_barrier_f64() {
  %a = stablehlo.constant dense<[[2.25, -5.0], [9.25, 8.75]]> : tensor<2x2xf64>
  %r = stablehlo.optimization_barrier %a : tensor<2x2xf64>
  check.expect_eq_const %r, dense<[[2.25, -5.0], [9.25, 8.75]]> : tensor<2x2xf64>
  func.return
}

// -----

// CHECK: PASS optimization_barrier_c64
func.func @optimization_barrier_c64() {
  %a = stablehlo.constant dense<[[(7.75, -17.5), (7.25, 12.0)], [(6.25, 17.5), (7.0, -10.0)]]> : tensor<2x2xcomplex<f32>>
  %r = stablehlo.optimization_barrier %a : tensor<2x2xcomplex<f32>>
  check.expect_eq_const %r, dense<[[(7.75, -17.5), (7.25, 12.0)], [(6.25, 17.5), (7.0, -10.0)]]> : tensor<2x2xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS optimization_barrier_c128
func.func @optimization_barrier_c128() {
  %a = stablehlo.constant dense<[[(-7.0, -16.5), (6.5, 8.0)], [(3.0, -6.5), (-3.0, 14.0)]]> : tensor<2x2xcomplex<f64>>
  %r = stablehlo.optimization_barrier %a : tensor<2x2xcomplex<f64>>
  check.expect_eq_const %r, dense<[[(-7.0, -16.5), (6.5, 8.0)], [(3.0, -6.5), (-3.0, 14.0)]]> : tensor<2x2xcomplex<f64>>
  func.return
}

// -----

// CHECK: PASS optimization_barrier_two
func.func @optimization_barrier_two() {
  %a = stablehlo.constant dense<-0.75> : tensor<f32>
  %b = stablehlo.constant dense<[1206473021768521264, 1376547432707316825, 18446744073709551612]> : tensor<3xui64>
  %r0, %r1 = stablehlo.optimization_barrier %a, %b : tensor<f32>, tensor<3xui64>
  check.expect_eq_const %r0, dense<-0.75> : tensor<f32>
  check.expect_eq_const %r1, dense<[1206473021768521264, 1376547432707316825, 18446744073709551612]> : tensor<3xui64>
  func.return
}

// CHECK-NOT: FAIL
