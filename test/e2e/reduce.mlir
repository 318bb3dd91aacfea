// RUN: jxc run --split-input-file %s | FileCheck %s
// CHECK-NOT: FAIL

// CHECK: PASS reduce_sum_i32_rows
func.func @reduce_sum_i32_rows() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %init = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.reduce"(%x, %init) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %0 = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %0 : tensor<i32>
  }) {dimensions = array<i64: 1>} : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
  check.expect_eq_const %r, dense<[6, 15]> : tensor<2xi32>
  func.return
}

// -----

// The init value takes part once per result element.
// CHECK: PASS reduce_sum_i64_cols_init
func.func @reduce_sum_i64_cols_init() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %init = stablehlo.constant dense<100> : tensor<i64>
  %r = "stablehlo.reduce"(%x, %init) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %0 = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %0 : tensor<i64>
  }) {dimensions = array<i64: 0>} : (tensor<2x3xi64>, tensor<i64>) -> tensor<3xi64>
  check.expect_eq_const %r, dense<[105, 107, 109]> : tensor<3xi64>
  func.return
}

// -----

// Unsigned maximum: 200 and 250 are above every signed i8 value.
// CHECK: PASS reduce_max_ui8
func.func @reduce_max_ui8() {
  %x = stablehlo.constant dense<[[200, 3], [100, 250]]> : tensor<2x2xui8>
  %init = stablehlo.constant dense<0> : tensor<ui8>
  %r = "stablehlo.reduce"(%x, %init) ({
    ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
      %0 = stablehlo.maximum %a, %b : tensor<ui8>
      stablehlo.return %0 : tensor<ui8>
  }) {dimensions = array<i64: 0>} : (tensor<2x2xui8>, tensor<ui8>) -> tensor<2xui8>
  check.expect_eq_const %r, dense<[200, 250]> : tensor<2xui8>
  func.return
}

// -----

// Signed minimum over every dimension: a 0-d result.
// CHECK: PASS reduce_min_i16_all
func.func @reduce_min_i16_all() {
  %x = stablehlo.constant dense<[[5, -300], [7, 2]]> : tensor<2x2xi16>
  %init = stablehlo.constant dense<32767> : tensor<i16>
  %r = "stablehlo.reduce"(%x, %init) ({
    ^bb0(%a: tensor<i16>, %b: tensor<i16>):
      %0 = stablehlo.minimum %a, %b : tensor<i16>
      stablehlo.return %0 : tensor<i16>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x2xi16>, tensor<i16>) -> tensor<i16>
  check.expect_eq_const %r, dense<-300> : tensor<i16>
  func.return
}

// -----

// CHECK: PASS reduce_and_or_i1
func.func @reduce_and_or_i1() {
  %x = stablehlo.constant dense<[[true, false], [true, true]]> : tensor<2x2xi1>
  %t = stablehlo.constant dense<true> : tensor<i1>
  %f = stablehlo.constant dense<false> : tensor<i1>
  %all = "stablehlo.reduce"(%x, %t) ({
    ^bb0(%a: tensor<i1>, %b: tensor<i1>):
      %0 = stablehlo.and %a, %b : tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {dimensions = array<i64: 1>} : (tensor<2x2xi1>, tensor<i1>) -> tensor<2xi1>
  %any = "stablehlo.reduce"(%x, %f) ({
    ^bb0(%a: tensor<i1>, %b: tensor<i1>):
      %0 = stablehlo.or %a, %b : tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {dimensions = array<i64: 0>} : (tensor<2x2xi1>, tensor<i1>) -> tensor<2xi1>
  check.expect_eq_const %all, dense<[false, true]> : tensor<2xi1>
  check.expect_eq_const %any, dense<[true, true]> : tensor<2xi1>
  func.return
}

// -----

// CHECK: PASS reduce_sum_f16
func.func @reduce_sum_f16() {
  %x = stablehlo.constant dense<[[1.5, 2.25], [-0.5, 4.0]]> : tensor<2x2xf16>
  %init = stablehlo.constant dense<0.0> : tensor<f16>
  %r = "stablehlo.reduce"(%x, %init) ({
    ^bb0(%a: tensor<f16>, %b: tensor<f16>):
      %0 = stablehlo.add %a, %b : tensor<f16>
      stablehlo.return %0 : tensor<f16>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x2xf16>, tensor<f16>) -> tensor<f16>
  check.expect_eq_const %r, dense<7.25> : tensor<f16>
  func.return
}

// -----

// CHECK: PASS reduce_min_bf16
func.func @reduce_min_bf16() {
  %x = stablehlo.constant dense<[[1.5, -2.0, 8.0], [0.25, 3.0, -0.125]]> : tensor<2x3xbf16>
  %init = stablehlo.constant dense<0x7F80> : tensor<bf16>
  %r = "stablehlo.reduce"(%x, %init) ({
    ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
      %0 = stablehlo.minimum %a, %b : tensor<bf16>
      stablehlo.return %0 : tensor<bf16>
  }) {dimensions = array<i64: 1>} : (tensor<2x3xbf16>, tensor<bf16>) -> tensor<2xbf16>
  check.expect_eq_const %r, dense<[-2.0, -0.125]> : tensor<2xbf16>
  func.return
}

// -----

// CHECK: PASS reduce_prod_f32
func.func @reduce_prod_f32() {
  %x = stablehlo.constant dense<[[1.5, -2.0], [4.0, 0.5]]> : tensor<2x2xf32>
  %init = stablehlo.constant dense<1.0> : tensor<f32>
  %r = "stablehlo.reduce"(%x, %init) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.multiply %a, %b : tensor<f32>
      stablehlo.return %0 : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
  check.expect_almost_eq_const %r, dense<[6.0, -1.0]> : tensor<2xf32>
  func.return
}

// -----

// CHECK: PASS reduce_max_f64_3d
func.func @reduce_max_f64_3d() {
  %x = stablehlo.constant dense<[[[1.0, 9.0], [2.0, -3.0]], [[-1.0, 0.5], [7.0, 4.0]]]> : tensor<2x2x2xf64>
  %init = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
  %r = "stablehlo.reduce"(%x, %init) ({
    ^bb0(%a: tensor<f64>, %b: tensor<f64>):
      %0 = stablehlo.maximum %a, %b : tensor<f64>
      stablehlo.return %0 : tensor<f64>
  }) {dimensions = array<i64: 0, 2>} : (tensor<2x2x2xf64>, tensor<f64>) -> tensor<2xf64>
  check.expect_eq_const %r, dense<[9.0, 7.0]> : tensor<2xf64>
  func.return
}

// -----

// CHECK: PASS reduce_sum_complex
func.func @reduce_sum_complex() {
  %x = stablehlo.constant dense<[[(1.0, 2.0), (3.0, -1.0)], [(0.5, 0.5), (-2.0, 4.0)]]> : tensor<2x2xcomplex<f32>>
  %init = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %r = "stablehlo.reduce"(%x, %init) ({
    ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
      %0 = stablehlo.add %a, %b : tensor<complex<f32>>
      stablehlo.return %0 : tensor<complex<f32>>
  }) {dimensions = array<i64: 1>} : (tensor<2x2xcomplex<f32>>, tensor<complex<f32>>) -> tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[(4.0, 1.0), (-1.5, 4.5)]> : tensor<2xcomplex<f32>>
  func.return
}

// -----

// Variadic: argmax as (value, index) pairs; ties go to the smaller index.
// CHECK: PASS reduce_argmax_variadic
func.func @reduce_argmax_variadic() {
  %v = stablehlo.constant dense<[[1.0, 5.0, 5.0, 2.0], [7.0, 0.0, 7.0, -1.0]]> : tensor<2x4xf32>
  %i = stablehlo.constant dense<[[0, 1, 2, 3], [0, 1, 2, 3]]> : tensor<2x4xi32>
  %vinit = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %iinit = stablehlo.constant dense<0> : tensor<i32>
  %rv, %ri = "stablehlo.reduce"(%v, %i, %vinit, %iinit) ({
    ^bb0(%av: tensor<f32>, %ai: tensor<i32>, %bv: tensor<f32>, %bi: tensor<i32>):
      %gt = stablehlo.compare GT, %av, %bv : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %eq = stablehlo.compare EQ, %av, %bv : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %lt = stablehlo.compare LT, %ai, %bi : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %tie = stablehlo.and %eq, %lt : tensor<i1>
      %keep = stablehlo.or %gt, %tie : tensor<i1>
      %nv = stablehlo.select %keep, %av, %bv : tensor<i1>, tensor<f32>
      %ni = stablehlo.select %keep, %ai, %bi : tensor<i1>, tensor<i32>
      stablehlo.return %nv, %ni : tensor<f32>, tensor<i32>
  }) {dimensions = array<i64: 1>} : (tensor<2x4xf32>, tensor<2x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
  check.expect_eq_const %rv, dense<[5.0, 7.0]> : tensor<2xf32>
  check.expect_eq_const %ri, dense<[1, 0]> : tensor<2xi32>
  func.return
}

// -----

// Reducing an empty dimension gives the init value.
// CHECK: PASS reduce_empty_dim
func.func @reduce_empty_dim() {
  %x = stablehlo.constant dense<> : tensor<2x0xf32>
  %init = stablehlo.constant dense<3.5> : tensor<f32>
  %r = "stablehlo.reduce"(%x, %init) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %0 : tensor<f32>
  }) {dimensions = array<i64: 1>} : (tensor<2x0xf32>, tensor<f32>) -> tensor<2xf32>
  check.expect_eq_const %r, dense<[3.5, 3.5]> : tensor<2xf32>
  func.return
}

// -----

// No reduced dimension: each element meets the init value once.
// CHECK: PASS reduce_no_dims
func.func @reduce_no_dims() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %init = stablehlo.constant dense<10> : tensor<i32>
  %r = "stablehlo.reduce"(%x, %init) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %0 = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %0 : tensor<i32>
  }) {dimensions = array<i64>} : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const %r, dense<[11, 12, 13]> : tensor<3xi32>
  func.return
}

// -----

// The body's constant sits in the region; unsigned wraparound in the sum.
// CHECK: PASS reduce_ui32_body_constant
func.func @reduce_ui32_body_constant() {
  %x = stablehlo.constant dense<[4294967295, 2, 3]> : tensor<3xui32>
  %init = stablehlo.constant dense<0> : tensor<ui32>
  %r = "stablehlo.reduce"(%x, %init) ({
    ^bb0(%a: tensor<ui32>, %b: tensor<ui32>):
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %0 = stablehlo.add %a, %b : tensor<ui32>
      %1 = stablehlo.add %0, %one : tensor<ui32>
      stablehlo.return %1 : tensor<ui32>
  }) {dimensions = array<i64: 0>} : (tensor<3xui32>, tensor<ui32>) -> tensor<ui32>
  check.expect_eq_const %r, dense<7> : tensor<ui32>
  func.return
}

// -----

// Promotion (is_promotable): i8 inputs and init, accumulated in i32, so the
// sum does not wrap at 8 bits.
// CHECK: PASS reduce_promoted_i8_to_i32
func.func @reduce_promoted_i8_to_i32() {
  %x = stablehlo.constant dense<[100, 100, -50, 100]> : tensor<4xi8>
  %init = stablehlo.constant dense<-1> : tensor<i8>
  %r = "stablehlo.reduce"(%x, %init) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %0 = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %0 : tensor<i32>
  }) {dimensions = array<i64: 0>} : (tensor<4xi8>, tensor<i8>) -> tensor<i32>
  check.expect_eq_const %r, dense<249> : tensor<i32>
  func.return
}

// -----

// Promotion of floats: f16 accumulated in f32 (2049 is not an f16 value).
// CHECK: PASS reduce_promoted_f16_to_f32
func.func @reduce_promoted_f16_to_f32() {
  %x = stablehlo.constant dense<[2048.0, 1.0]> : tensor<2xf16>
  %init = stablehlo.constant dense<0.0> : tensor<f16>
  %r = "stablehlo.reduce"(%x, %init) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %0 : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<2xf16>, tensor<f16>) -> tensor<f32>
  check.expect_eq_const %r, dense<2049.0> : tensor<f32>
  func.return
}
