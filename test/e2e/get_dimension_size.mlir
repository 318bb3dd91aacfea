// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// get_dimension_size: the size of the dimension as tensor<i32> (numpy
// shape).

// CHECK: PASS get_dimension_size_i1_dim0
func.func @get_dimension_size_i1_dim0() {
  %x = stablehlo.constant dense<[[true, true, true], [false, false, false]]> : tensor<2x3xi1>
  %r = stablehlo.get_dimension_size %x, dim = 0 : (tensor<2x3xi1>) -> tensor<i32>
  check.expect_eq_const %r, dense<2> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS get_dimension_size_i1_dim1
func.func @get_dimension_size_i1_dim1() {
  %x = stablehlo.constant dense<[[true, true, true], [false, false, false]]> : tensor<2x3xi1>
  %r = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x3xi1>) -> tensor<i32>
  check.expect_eq_const %r, dense<3> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS get_dimension_size_i64_dim0
func.func @get_dimension_size_i64_dim0() {
  %x = stablehlo.constant dense<[[-4611686018427387907, 990580144002, -782501286895], [986590567845, -413787012993, -168606921796]]> : tensor<2x3xi64>
  %r = stablehlo.get_dimension_size %x, dim = 0 : (tensor<2x3xi64>) -> tensor<i32>
  check.expect_eq_const %r, dense<2> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS get_dimension_size_i64_dim1
func.func @get_dimension_size_i64_dim1() {
  %x = stablehlo.constant dense<[[-4611686018427387907, 990580144002, -782501286895], [986590567845, -413787012993, -168606921796]]> : tensor<2x3xi64>
  %r = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x3xi64>) -> tensor<i32>
  check.expect_eq_const %r, dense<3> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS get_dimension_size_ui8_dim0
func.func @get_dimension_size_ui8_dim0() {
  %x = stablehlo.constant dense<[[214, 66, 27], [76, 105, 255]]> : tensor<2x3xui8>
  %r = stablehlo.get_dimension_size %x, dim = 0 : (tensor<2x3xui8>) -> tensor<i32>
  check.expect_eq_const %r, dense<2> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS get_dimension_size_ui8_dim1
func.func @get_dimension_size_ui8_dim1() {
  %x = stablehlo.constant dense<[[214, 66, 27], [76, 105, 255]]> : tensor<2x3xui8>
  %r = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x3xui8>) -> tensor<i32>
  check.expect_eq_const %r, dense<3> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS get_dimension_size_bf16_dim0
func.func @get_dimension_size_bf16_dim0() {
  %x = stablehlo.constant dense<[[6.0, -8.5, -6.5], [-5.5, -6.5, 6.0]]> : tensor<2x3xbf16>
  %r = stablehlo.get_dimension_size %x, dim = 0 : (tensor<2x3xbf16>) -> tensor<i32>
  check.expect_eq_const %r, dense<2> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS get_dimension_size_bf16_dim1
func.func @get_dimension_size_bf16_dim1() {
  %x = stablehlo.constant dense<[[6.0, -8.5, -6.5], [-5.5, -6.5, 6.0]]> : tensor<2x3xbf16>
  %r = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x3xbf16>) -> tensor<i32>
  check.expect_eq_const %r, dense<3> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS get_dimension_size_f32_dim0
func.func @get_dimension_size_f32_dim0() {
  %x = stablehlo.constant dense<[[4.5, 8.75, 7.5], [0.0, 8.75, 9.5]]> : tensor<2x3xf32>
  %r = stablehlo.get_dimension_size %x, dim = 0 : (tensor<2x3xf32>) -> tensor<i32>
  check.expect_eq_const %r, dense<2> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS get_dimension_size_f32_dim1
func.func @get_dimension_size_f32_dim1() {
  %x = stablehlo.constant dense<[[4.5, 8.75, 7.5], [0.0, 8.75, 9.5]]> : tensor<2x3xf32>
  %r = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>
  check.expect_eq_const %r, dense<3> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS get_dimension_size_c128_dim0
func.func @get_dimension_size_c128_dim0() {
  %x = stablehlo.constant dense<[[(3.25, 5.0), (6.0, -9.0), (-9.75, 19.0)], [(6.0, -18.0), (-0.75, -9.0), (0.25, -5.0)]]> : tensor<2x3xcomplex<f64>>
  %r = stablehlo.get_dimension_size %x, dim = 0 : (tensor<2x3xcomplex<f64>>) -> tensor<i32>
  check.expect_eq_const %r, dense<2> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS get_dimension_size_c128_dim1
func.func @get_dimension_size_c128_dim1() {
  %x = stablehlo.constant dense<[[(3.25, 5.0), (6.0, -9.0), (-9.75, 19.0)], [(6.0, -18.0), (-0.75, -9.0), (0.25, -5.0)]]> : tensor<2x3xcomplex<f64>>
  %r = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x3xcomplex<f64>>) -> tensor<i32>
  check.expect_eq_const %r, dense<3> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS get_dimension_size_zero
func.func @get_dimension_size_zero() {
  %x = stablehlo.constant dense<> : tensor<4x0xf32>
  %r = stablehlo.get_dimension_size %x, dim = 1 : (tensor<4x0xf32>) -> tensor<i32>
  check.expect_eq_const %r, dense<0> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS get_dimension_size_runtime
func.func @get_dimension_size_runtime() {
  %x = stablehlo.constant dense<[6.0, -8.5, -6.5, -5.5, -6.5]> : tensor<5xf32>
  %n_c = stablehlo.constant dense<[5]> : tensor<1xi64>
  %n_z = stablehlo.constant dense<[0]> : tensor<1xi64>
  %n = stablehlo.add %n_c, %n_z : tensor<1xi64>
  %d = stablehlo.dynamic_reshape %x, %n : (tensor<5xf32>, tensor<1xi64>) -> tensor<?xf32>
  %r = stablehlo.get_dimension_size %d, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  check.expect_eq_const %r, dense<5> : tensor<i32>
  func.return
}

// CHECK-NOT: FAIL
