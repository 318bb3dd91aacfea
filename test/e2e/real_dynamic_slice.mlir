// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// real_dynamic_slice: expected values from jax.lax.slice with the same start,
// limit and strides. Operands as constants and as run-time values.

// CHECK: PASS real_dynamic_slice_i1
func.func @real_dynamic_slice_i1() {
  %x = stablehlo.constant dense<[[true, true, true, false, false, false], [false, false, false, true, true, true], [true, true, true, true, true, true]]> : tensor<3x6xi1>
  %b = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %e = stablehlo.constant dense<[2, 6]> : tensor<2xi64>
  %s = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %r = stablehlo.real_dynamic_slice %x, %b, %e, %s : (tensor<3x6xi1>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x3xi1>
  check.expect_eq_const %r, dense<[[true, false, false], [false, true, true]]> : tensor<2x3xi1>
  func.return
}

// -----

// CHECK: PASS real_dynamic_slice_i8
func.func @real_dynamic_slice_i8() {
  %x = stablehlo.constant dense<[[-7, 3, 65, 115, -120, -92], [82, 114, -65, -49, 94, -20], [-59, 83, -63, -24, 36, 12]]> : tensor<3x6xi8>
  %b = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %e = stablehlo.constant dense<[2, 6]> : tensor<2xi64>
  %s = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %r = stablehlo.real_dynamic_slice %x, %b, %e, %s : (tensor<3x6xi8>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x3xi8>
  check.expect_eq_const %r, dense<[[3, 115, -92], [114, -49, -20]]> : tensor<2x3xi8>
  func.return
}

// -----

// CHECK: PASS real_dynamic_slice_ui64
func.func @real_dynamic_slice_ui64() {
  %x = stablehlo.constant dense<[[1206473021768521264, 1376547432707316825, 3754953463742327879, 423887465215007743, 2767475205246728501, 3359892395076045594], [866540752892264132, 254318930235336615, 1268072389468092699, 3031874642754335346, 2592992695686308782, 692040041578788192], [1995157369095621445, 3086588994007336181, 1949750166525239955, 2920047641218787807, 4461510855839071494, 18446744073709551612]]> : tensor<3x6xui64>
  %b = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %e = stablehlo.constant dense<[2, 6]> : tensor<2xi64>
  %s = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %r = stablehlo.real_dynamic_slice %x, %b, %e, %s : (tensor<3x6xui64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x3xui64>
  check.expect_eq_const %r, dense<[[1376547432707316825, 423887465215007743, 3359892395076045594], [254318930235336615, 3031874642754335346, 692040041578788192]]> : tensor<2x3xui64>
  func.return
}

// -----

// CHECK: PASS real_dynamic_slice_f16
func.func @real_dynamic_slice_f16() {
  %x = stablehlo.constant dense<[[6.0, -8.5, -6.5, -5.5, -6.5, 6.0], [7.25, 1.5, -9.25, -8.25, -3.5, -1.5], [2.25, -0.5, -4.75, -7.0, 3.75, 4.5]]> : tensor<3x6xf16>
  %b = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %e = stablehlo.constant dense<[2, 6]> : tensor<2xi64>
  %s = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %r = stablehlo.real_dynamic_slice %x, %b, %e, %s : (tensor<3x6xf16>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x3xf16>
  check.expect_eq_const %r, dense<[[-8.5, -5.5, 6.0], [1.5, -8.25, -1.5]]> : tensor<2x3xf16>
  func.return
}

// -----

// CHECK: PASS real_dynamic_slice_f64
func.func @real_dynamic_slice_f64() {
  %x = stablehlo.constant dense<[[4.5, 8.75, 7.5, 0.0, 8.75, 9.5], [9.25, -8.5, -1.0, 2.0, -4.5, -2.5], [2.5, 6.0, 1.5, -6.75, 3.5, 7.25]]> : tensor<3x6xf64>
  %b = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %e = stablehlo.constant dense<[2, 6]> : tensor<2xi64>
  %s = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %r = stablehlo.real_dynamic_slice %x, %b, %e, %s : (tensor<3x6xf64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x3xf64>
  check.expect_eq_const %r, dense<[[8.75, 0.0, 9.5], [-8.5, 2.0, -2.5]]> : tensor<2x3xf64>
  func.return
}

// -----

// CHECK: PASS real_dynamic_slice_c64
func.func @real_dynamic_slice_c64() {
  %x = stablehlo.constant dense<[[(3.25, -14.5), (6.0, 19.5), (-9.75, -12.5), (6.0, 6.0), (-0.75, 10.0), (0.25, -11.0)], [(2.5, -9.0), (-4.5, -3.0), (9.5, -9.5), (-9.0, 18.5), (-4.5, -13.0), (-2.5, 15.5)], [(1.25, 11.5), (-2.0, 13.5), (-7.5, -15.5), (-9.25, -4.5), (-10.0, 5.0), (-9.25, -0.5)]]> : tensor<3x6xcomplex<f32>>
  %b = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %e = stablehlo.constant dense<[2, 6]> : tensor<2xi64>
  %s = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %r = stablehlo.real_dynamic_slice %x, %b, %e, %s : (tensor<3x6xcomplex<f32>>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x3xcomplex<f32>>
  check.expect_eq_const %r, dense<[[(6.0, 19.5), (6.0, 6.0), (0.25, -11.0)], [(-4.5, -3.0), (-9.0, 18.5), (-2.5, 15.5)]]> : tensor<2x3xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS real_dynamic_slice_runtime
func.func @real_dynamic_slice_runtime() {
  %x = stablehlo.constant dense<[[8.75, 2.5, 3.5, 7.75, 1.5, 5.5, 6.5], [-5.5, -9.0, -4.0, -4.5, 7.25, 8.25, -10.0], [-0.25, 6.25, -7.5, 5.75, -7.75, -0.75, 6.25], [-4.0, -3.25, -4.5, 4.25, -5.0, 9.75, -1.25]]> : tensor<4x7xf32>
  %b_c = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %b_z = stablehlo.constant dense<[0, 0]> : tensor<2xi64>
  %b = stablehlo.add %b_c, %b_z : tensor<2xi64>
  %e_c = stablehlo.constant dense<[4, 7]> : tensor<2xi64>
  %e_z = stablehlo.constant dense<[0, 0]> : tensor<2xi64>
  %e = stablehlo.add %e_c, %e_z : tensor<2xi64>
  %s_c = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %s_z = stablehlo.constant dense<[0, 0]> : tensor<2xi64>
  %s = stablehlo.add %s_c, %s_z : tensor<2xi64>
  %r = stablehlo.real_dynamic_slice %x, %b, %e, %s : (tensor<4x7xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  %shape = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %q = stablehlo.dynamic_reshape %r, %shape : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  check.expect_eq_const %q, dense<[[-5.5, -4.5, -10.0], [-4.0, 4.25, -1.25]]> : tensor<2x3xf32>
  func.return
}

// CHECK-NOT: FAIL
