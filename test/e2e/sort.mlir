// RUN: jxc run --split-input-file %s | FileCheck %s
// CHECK-NOT: FAIL

// Two inputs sorted together along dimension 0 by the first, descending;
// equal keys keep their order (column 1).
// CHECK: PASS sort_variadic_i64_dim0
func.func @sort_variadic_i64_dim0() {
  %a = stablehlo.constant dense<[[1, 2, 3], [3, 2, 1]]> : tensor<2x3xi64>
  %b = stablehlo.constant dense<[[3, 2, 1], [1, 2, 3]]> : tensor<2x3xi64>
  %r0, %r1 = "stablehlo.sort"(%a, %b) ({
    ^bb0(%x0: tensor<i64>, %y0: tensor<i64>, %x1: tensor<i64>, %y1: tensor<i64>):
      %0 = stablehlo.compare GT, %x0, %y0 : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<2x3xi64>, tensor<2x3xi64>) -> (tensor<2x3xi64>, tensor<2x3xi64>)
  check.expect_eq_const %r0, dense<[[3, 2, 3], [1, 2, 1]]> : tensor<2x3xi64>
  check.expect_eq_const %r1, dense<[[1, 2, 1], [3, 2, 3]]> : tensor<2x3xi64>
  func.return
}

// -----

// Stability: equal keys keep their input order (an argsort of the keys).
// CHECK: PASS sort_stable_argsort_i32
func.func @sort_stable_argsort_i32() {
  %keys = stablehlo.constant dense<[2, 1, 2, 1, 0, 2, 1]> : tensor<7xi32>
  %idx = stablehlo.constant dense<[0, 1, 2, 3, 4, 5, 6]> : tensor<7xi32>
  %k, %i = "stablehlo.sort"(%keys, %idx) ({
    ^bb0(%x0: tensor<i32>, %y0: tensor<i32>, %x1: tensor<i32>, %y1: tensor<i32>):
      %0 = stablehlo.compare LT, %x0, %y0 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<7xi32>, tensor<7xi32>) -> (tensor<7xi32>, tensor<7xi32>)
  check.expect_eq_const %k, dense<[0, 1, 1, 1, 2, 2, 2]> : tensor<7xi32>
  check.expect_eq_const %i, dense<[4, 1, 3, 6, 0, 2, 5]> : tensor<7xi32>
  func.return
}

// -----

// 17 elements (not a power of two), reversed, along the last dimension of
// each row; the comparator reads the second input, too (lexicographic).
// CHECK: PASS sort_rows_i16_lexicographic
func.func @sort_rows_i16_lexicographic() {
  %a = stablehlo.constant dense<[[16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
                                 [1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]]> : tensor<2x17xi16>
  %b = stablehlo.constant dense<[[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                                 [9, 3, 5, 1, 8, 2, 7, 4, 6, 0, 3, 1, 8, 2, 5, 7, 4]]> : tensor<2x17xi16>
  %r0, %r1 = "stablehlo.sort"(%a, %b) ({
    ^bb0(%x0: tensor<i16>, %y0: tensor<i16>, %x1: tensor<i16>, %y1: tensor<i16>):
      %lt0 = stablehlo.compare LT, %x0, %y0 : (tensor<i16>, tensor<i16>) -> tensor<i1>
      %eq0 = stablehlo.compare EQ, %x0, %y0 : (tensor<i16>, tensor<i16>) -> tensor<i1>
      %lt1 = stablehlo.compare LT, %x1, %y1 : (tensor<i16>, tensor<i16>) -> tensor<i1>
      %t = stablehlo.and %eq0, %lt1 : tensor<i1>
      %0 = stablehlo.or %lt0, %t : tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {dimension = 1 : i64} : (tensor<2x17xi16>, tensor<2x17xi16>) -> (tensor<2x17xi16>, tensor<2x17xi16>)
  check.expect_eq_const %r0, dense<[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16],
                                    [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]]> : tensor<2x17xi16>
  check.expect_eq_const %r1, dense<[[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                                    [0, 1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 8, 9]]> : tensor<2x17xi16>
  func.return
}

// -----

// The middle dimension of a 3-d tensor.
// CHECK: PASS sort_middle_dim_i8
func.func @sort_middle_dim_i8() {
  %a = stablehlo.constant dense<[[[5, -1], [2, 7], [-3, 0]], [[1, 1], [0, 2], [9, -8]]]> : tensor<2x3x2xi8>
  %r = "stablehlo.sort"(%a) ({
    ^bb0(%x: tensor<i8>, %y: tensor<i8>):
      %0 = stablehlo.compare LT, %x, %y : (tensor<i8>, tensor<i8>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {dimension = 1 : i64} : (tensor<2x3x2xi8>) -> tensor<2x3x2xi8>
  check.expect_eq_const %r, dense<[[[-3, -1], [2, 0], [5, 7]], [[0, -8], [1, 1], [9, 2]]]> : tensor<2x3x2xi8>
  func.return
}

// -----

// CHECK: PASS sort_ui8
func.func @sort_ui8() {
  %a = stablehlo.constant dense<[200, 5, 100, 255, 0]> : tensor<5xui8>
  %r = "stablehlo.sort"(%a) ({
    ^bb0(%x: tensor<ui8>, %y: tensor<ui8>):
      %0 = stablehlo.compare LT, %x, %y : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<5xui8>) -> tensor<5xui8>
  check.expect_eq_const %r, dense<[0, 5, 100, 200, 255]> : tensor<5xui8>
  func.return
}

// -----

// CHECK: PASS sort_i1
func.func @sort_i1() {
  %a = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %r = "stablehlo.sort"(%a) ({
    ^bb0(%x: tensor<i1>, %y: tensor<i1>):
      %0 = stablehlo.compare LT, %x, %y, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<4xi1>) -> tensor<4xi1>
  check.expect_eq_const %r, dense<[false, false, true, true]> : tensor<4xi1>
  func.return
}

// -----

// TOTALORDER: -inf < -1 < 0.5 < 3 < inf.
// CHECK: PASS sort_f32_totalorder
func.func @sort_f32_totalorder() {
  %a = stablehlo.constant dense<[3.0, 0x7F800000, -1.0, 0xFF800000, 0.5]> : tensor<5xf32>
  %r = "stablehlo.sort"(%a) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %0 = stablehlo.compare LT, %x, %y, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<5xf32>) -> tensor<5xf32>
  check.expect_eq_const %r, dense<[0xFF800000, -1.0, 0.5, 3.0, 0x7F800000]> : tensor<5xf32>
  func.return
}

// -----

// CHECK: PASS sort_f16_descending
func.func @sort_f16_descending() {
  %a = stablehlo.constant dense<[1.5, -2.0, 8.0, 0.25]> : tensor<4xf16>
  %r = "stablehlo.sort"(%a) ({
    ^bb0(%x: tensor<f16>, %y: tensor<f16>):
      %0 = stablehlo.compare GT, %x, %y : (tensor<f16>, tensor<f16>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<4xf16>) -> tensor<4xf16>
  check.expect_eq_const %r, dense<[8.0, 1.5, 0.25, -2.0]> : tensor<4xf16>
  func.return
}

// -----

// CHECK: PASS sort_bf16
func.func @sort_bf16() {
  %a = stablehlo.constant dense<[[3.0, -0.5, 2.0], [1.0, 1.0, -4.0]]> : tensor<2x3xbf16>
  %r = "stablehlo.sort"(%a) ({
    ^bb0(%x: tensor<bf16>, %y: tensor<bf16>):
      %0 = stablehlo.compare LT, %x, %y : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {dimension = 1 : i64} : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  check.expect_eq_const %r, dense<[[-0.5, 2.0, 3.0], [-4.0, 1.0, 1.0]]> : tensor<2x3xbf16>
  func.return
}

// -----

// f64 with an f64 payload; a constant inside the comparator.
// CHECK: PASS sort_f64_abs_key
func.func @sort_f64_abs_key() {
  %a = stablehlo.constant dense<[-3.0, 1.0, -0.5, 2.0]> : tensor<4xf64>
  %r = "stablehlo.sort"(%a) ({
    ^bb0(%x: tensor<f64>, %y: tensor<f64>):
      %zero = stablehlo.constant dense<0.0> : tensor<f64>
      %ax = stablehlo.abs %x : tensor<f64>
      %ay = stablehlo.abs %y : tensor<f64>
      %sx = stablehlo.add %ax, %zero : tensor<f64>
      %0 = stablehlo.compare LT, %sx, %ay : (tensor<f64>, tensor<f64>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<4xf64>) -> tensor<4xf64>
  check.expect_eq_const %r, dense<[-0.5, 1.0, 2.0, -3.0]> : tensor<4xf64>
  func.return
}

// -----

// Complex values ordered by their real parts (stable for equal ones).
// CHECK: PASS sort_complex_by_real
func.func @sort_complex_by_real() {
  %a = stablehlo.constant dense<[(2.0, 1.0), (-1.0, 5.0), (2.0, -3.0), (0.0, 0.0)]> : tensor<4xcomplex<f32>>
  %r = "stablehlo.sort"(%a) ({
    ^bb0(%x: tensor<complex<f32>>, %y: tensor<complex<f32>>):
      %rx = stablehlo.real %x : (tensor<complex<f32>>) -> tensor<f32>
      %ry = stablehlo.real %y : (tensor<complex<f32>>) -> tensor<f32>
      %0 = stablehlo.compare LT, %rx, %ry : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  check.expect_eq_const %r, dense<[(-1.0, 5.0), (0.0, 0.0), (2.0, 1.0), (2.0, -3.0)]> : tensor<4xcomplex<f32>>
  func.return
}

// -----

// One element and an empty dimension: nothing to do.
// CHECK: PASS sort_trivial_sizes
func.func @sort_trivial_sizes() {
  %a = stablehlo.constant dense<[[4], [2]]> : tensor<2x1xi32>
  %e = stablehlo.constant dense<> : tensor<0x3xi32>
  %r = "stablehlo.sort"(%a) ({
    ^bb0(%x: tensor<i32>, %y: tensor<i32>):
      %0 = stablehlo.compare LT, %x, %y : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {dimension = 1 : i64} : (tensor<2x1xi32>) -> tensor<2x1xi32>
  %s = "stablehlo.sort"(%e) ({
    ^bb0(%x: tensor<i32>, %y: tensor<i32>):
      %0 = stablehlo.compare LT, %x, %y : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<0x3xi32>) -> tensor<0x3xi32>
  check.expect_eq_const %r, dense<[[4], [2]]> : tensor<2x1xi32>
  check.expect_eq_const %s, dense<> : tensor<0x3xi32>
  func.return
}

// -----

// Without a dimension attribute the default -1 means the last dimension.
// CHECK: PASS sort_default_dimension
func.func @sort_default_dimension() {
  %a = stablehlo.constant dense<[[3, 1, 2], [0, 5, -1]]> : tensor<2x3xi32>
  %r = "stablehlo.sort"(%a) ({
    ^bb0(%x: tensor<i32>, %y: tensor<i32>):
      %0 = stablehlo.compare LT, %x, %y : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[1, 2, 3], [-1, 0, 5]]> : tensor<2x3xi32>
  func.return
}
