// RUN: jxc run --split-input-file %s | FileCheck %s
// CHECK-NOT: FAIL

// The spec's example: windows 3x1, stride 2x1, one row of high padding that
// is never selected.
// CHECK: PASS select_and_scatter_spec_example_i64
func.func @select_and_scatter_spec_example_i64() {
  %operand = stablehlo.constant dense<[[1, 5], [2, 5], [3, 6], [4, 4]]> : tensor<4x2xi64>
  %source = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi64>
  %init = stablehlo.constant dense<0> : tensor<i64>
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %0 = stablehlo.compare GE, %a, %b : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }, {
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %0 = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %0 : tensor<i64>
  }) {
    window_dimensions = array<i64: 3, 1>,
    window_strides = array<i64: 2, 1>,
    padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>
  } : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  check.expect_eq_const %r, dense<[[0, 0], [0, 0], [5, 14], [7, 0]]> : tensor<4x2xi64>
  func.return
}

// -----

// Ties: with GE the current selection stays (the first maximum wins); with
// GT the later equal element replaces it.
// CHECK: PASS select_and_scatter_ties_i32
func.func @select_and_scatter_ties_i32() {
  %operand = stablehlo.constant dense<[1, 3, 3, 2]> : tensor<4xi32>
  %source = stablehlo.constant dense<[10, 20, 30]> : tensor<3xi32>
  %init = stablehlo.constant dense<0> : tensor<i32>
  %ge = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %0 = stablehlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }, {
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %0 = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %0 : tensor<i32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 1>} : (tensor<4xi32>, tensor<3xi32>, tensor<i32>) -> tensor<4xi32>
  %gt = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %0 = stablehlo.compare GT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }, {
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %0 = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %0 : tensor<i32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 1>} : (tensor<4xi32>, tensor<3xi32>, tensor<i32>) -> tensor<4xi32>
  check.expect_eq_const %ge, dense<[0, 30, 30, 0]> : tensor<4xi32>
  check.expect_eq_const %gt, dense<[0, 10, 50, 0]> : tensor<4xi32>
  func.return
}

// -----

// A window wholly in the padding selects nothing; the init value stays.
// CHECK: PASS select_and_scatter_padding_window_i16
func.func @select_and_scatter_padding_window_i16() {
  %operand = stablehlo.constant dense<[4, 9]> : tensor<2xi16>
  %source = stablehlo.constant dense<[100, 7]> : tensor<2xi16>
  %init = stablehlo.constant dense<1> : tensor<i16>
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
    ^bb0(%a: tensor<i16>, %b: tensor<i16>):
      %0 = stablehlo.compare GE, %a, %b : (tensor<i16>, tensor<i16>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }, {
    ^bb0(%a: tensor<i16>, %b: tensor<i16>):
      %0 = stablehlo.add %a, %b : tensor<i16>
      stablehlo.return %0 : tensor<i16>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>,
      padding = dense<[[2, 0]]> : tensor<1x2xi64>} : (tensor<2xi16>, tensor<2xi16>, tensor<i16>) -> tensor<2xi16>
  check.expect_eq_const %r, dense<[1, 8]> : tensor<2xi16>
  func.return
}

// -----

// Unsigned comparison: 200 is the larger.
// CHECK: PASS select_and_scatter_ui8
func.func @select_and_scatter_ui8() {
  %operand = stablehlo.constant dense<[200, 100]> : tensor<2xui8>
  %source = stablehlo.constant dense<[5]> : tensor<1xui8>
  %init = stablehlo.constant dense<1> : tensor<ui8>
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
    ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
      %0 = stablehlo.compare GE, %a, %b : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }, {
    ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
      %0 = stablehlo.add %a, %b : tensor<ui8>
      stablehlo.return %0 : tensor<ui8>
  }) {window_dimensions = array<i64: 2>} : (tensor<2xui8>, tensor<1xui8>, tensor<ui8>) -> tensor<2xui8>
  check.expect_eq_const %r, dense<[6, 1]> : tensor<2xui8>
  func.return
}

// -----

// Booleans: the first true is selected (GE: true >= anything), scatter is or.
// CHECK: PASS select_and_scatter_i1
func.func @select_and_scatter_i1() {
  %operand = stablehlo.constant dense<[false, true, true, false]> : tensor<4xi1>
  %source = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %init = stablehlo.constant dense<false> : tensor<i1>
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
    ^bb0(%a: tensor<i1>, %b: tensor<i1>):
      %0 = stablehlo.compare GE, %a, %b, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }, {
    ^bb0(%a: tensor<i1>, %b: tensor<i1>):
      %0 = stablehlo.or %a, %b : tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xi1>, tensor<2xi1>, tensor<i1>) -> tensor<4xi1>
  check.expect_eq_const %r, dense<[false, true, false, false]> : tensor<4xi1>
  func.return
}

// -----

// Max-pool gradient in 2-D with overlapping 2x2 windows, stride 1.
// CHECK: PASS select_and_scatter_f32_2d
func.func @select_and_scatter_f32_2d() {
  %operand = stablehlo.constant dense<[[1.0, 2.0, 0.0], [4.0, 3.0, 9.0], [0.0, 5.0, 1.0]]> : tensor<3x3xf32>
  %source = stablehlo.constant dense<[[0.5, 0.25], [1.0, 2.0]]> : tensor<2x2xf32>
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }, {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %0 : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>} : (tensor<3x3xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<3x3xf32>
  // Windows pick 4.0 (1,0), 9.0 (1,2), 5.0 (2,1), 9.0 (1,2).
  check.expect_eq_const %r, dense<[[0.0, 0.0, 0.0], [0.5, 0.0, 2.25], [0.0, 1.0, 0.0]]> : tensor<3x3xf32>
  func.return
}

// -----

// Min selection (LE) in f16.
// CHECK: PASS select_and_scatter_f16
func.func @select_and_scatter_f16() {
  %operand = stablehlo.constant dense<[3.0, -1.0, 2.0, -4.0]> : tensor<4xf16>
  %source = stablehlo.constant dense<[1.5, 2.5]> : tensor<2xf16>
  %init = stablehlo.constant dense<0.0> : tensor<f16>
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
    ^bb0(%a: tensor<f16>, %b: tensor<f16>):
      %0 = stablehlo.compare LE, %a, %b : (tensor<f16>, tensor<f16>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }, {
    ^bb0(%a: tensor<f16>, %b: tensor<f16>):
      %0 = stablehlo.add %a, %b : tensor<f16>
      stablehlo.return %0 : tensor<f16>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf16>, tensor<2xf16>, tensor<f16>) -> tensor<4xf16>
  check.expect_eq_const %r, dense<[0.0, 1.5, 0.0, 2.5]> : tensor<4xf16>
  func.return
}

// -----

// CHECK: PASS select_and_scatter_bf16
func.func @select_and_scatter_bf16() {
  %operand = stablehlo.constant dense<[1.0, 8.0, 2.0]> : tensor<3xbf16>
  %source = stablehlo.constant dense<[0.5, 0.25]> : tensor<2xbf16>
  %init = stablehlo.constant dense<1.0> : tensor<bf16>
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
    ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
      %0 = stablehlo.compare GE, %a, %b : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }, {
    ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
      %0 = stablehlo.add %a, %b : tensor<bf16>
      stablehlo.return %0 : tensor<bf16>
  }) {window_dimensions = array<i64: 2>} : (tensor<3xbf16>, tensor<2xbf16>, tensor<bf16>) -> tensor<3xbf16>
  check.expect_eq_const %r, dense<[1.0, 1.75, 1.0]> : tensor<3xbf16>
  func.return
}

// -----

// f64 with a multiplying scatter.
// CHECK: PASS select_and_scatter_f64_mul
func.func @select_and_scatter_f64_mul() {
  %operand = stablehlo.constant dense<[5.0, 1.0, 7.0]> : tensor<3xf64>
  %source = stablehlo.constant dense<[2.0, 3.0]> : tensor<2xf64>
  %init = stablehlo.constant dense<1.0> : tensor<f64>
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
    ^bb0(%a: tensor<f64>, %b: tensor<f64>):
      %0 = stablehlo.compare LE, %a, %b : (tensor<f64>, tensor<f64>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }, {
    ^bb0(%a: tensor<f64>, %b: tensor<f64>):
      %0 = stablehlo.multiply %a, %b : tensor<f64>
      stablehlo.return %0 : tensor<f64>
  }) {window_dimensions = array<i64: 2>} : (tensor<3xf64>, tensor<2xf64>, tensor<f64>) -> tensor<3xf64>
  check.expect_eq_const %r, dense<[1.0, 6.0, 1.0]> : tensor<3xf64>
  func.return
}

// -----

// Complex: select by the larger real part.
// CHECK: PASS select_and_scatter_complex
func.func @select_and_scatter_complex() {
  %operand = stablehlo.constant dense<[(1.0, 9.0), (2.0, -1.0), (0.0, 0.0)]> : tensor<3xcomplex<f32>>
  %source = stablehlo.constant dense<[(1.0, 1.0)]> : tensor<1xcomplex<f32>>
  %init = stablehlo.constant dense<(0.0, 0.5)> : tensor<complex<f32>>
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
    ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
      %ra = stablehlo.real %a : (tensor<complex<f32>>) -> tensor<f32>
      %rb = stablehlo.real %b : (tensor<complex<f32>>) -> tensor<f32>
      %0 = stablehlo.compare GE, %ra, %rb : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }, {
    ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
      %0 = stablehlo.add %a, %b : tensor<complex<f32>>
      stablehlo.return %0 : tensor<complex<f32>>
  }) {window_dimensions = array<i64: 3>} : (tensor<3xcomplex<f32>>, tensor<1xcomplex<f32>>, tensor<complex<f32>>) -> tensor<3xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[(0.0, 0.5), (1.0, 1.5), (0.0, 0.5)]> : tensor<3xcomplex<f32>>
  func.return
}
