// RUN: jxc run --split-input-file %s | FileCheck %s
// CHECK-NOT: FAIL

// CHECK: PASS reduce_window_sum_i32
func.func @reduce_window_sum_i32() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi32>
  %init = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %init) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %0 = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %0 : tensor<i32>
  }) {window_dimensions = array<i64: 2, 2>} : (tensor<3x3xi32>, tensor<i32>) -> tensor<2x2xi32>
  check.expect_eq_const %r, dense<[[12, 16], [24, 28]]> : tensor<2x2xi32>
  func.return
}

// -----

// The spec's example: base and window dilations, strides and padding.
// CHECK: PASS reduce_window_spec_example_i64
func.func @reduce_window_spec_example_i64() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
  %init = stablehlo.constant dense<0> : tensor<i64>
  %r = "stablehlo.reduce_window"(%x, %init) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %0 = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %0 : tensor<i64>
  }) {
    window_dimensions = array<i64: 2, 1>,
    window_strides = array<i64: 4, 1>,
    base_dilations = array<i64: 2, 1>,
    window_dilations = array<i64: 3, 1>,
    padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>
  } : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  check.expect_eq_const %r, dense<[[0, 0], [3, 4]]> : tensor<2x2xi64>
  func.return
}

// -----

// Negative padding crops: [1..5] becomes [2, 3, 4] before the windows.
// CHECK: PASS reduce_window_negative_padding_i16
func.func @reduce_window_negative_padding_i16() {
  %x = stablehlo.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi16>
  %init = stablehlo.constant dense<0> : tensor<i16>
  %r = "stablehlo.reduce_window"(%x, %init) ({
    ^bb0(%a: tensor<i16>, %b: tensor<i16>):
      %0 = stablehlo.add %a, %b : tensor<i16>
      stablehlo.return %0 : tensor<i16>
  }) {window_dimensions = array<i64: 2>,
      padding = dense<[[-1, -1]]> : tensor<1x2xi64>} : (tensor<5xi16>, tensor<i16>) -> tensor<2xi16>
  check.expect_eq_const %r, dense<[5, 7]> : tensor<2xi16>
  func.return
}

// -----

// Windows that lie wholly or partly in the padding take the init value there.
// CHECK: PASS reduce_window_padding_only_windows_i32
func.func @reduce_window_padding_only_windows_i32() {
  %x = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %init = stablehlo.constant dense<10> : tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %init) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %0 = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %0 : tensor<i32>
  }) {window_dimensions = array<i64: 2>,
      padding = dense<[[3, 0]]> : tensor<1x2xi64>} : (tensor<2xi32>, tensor<i32>) -> tensor<4xi32>
  // Padded: [10, 10, 10, 1, 2]; each window adds the init once more.
  check.expect_eq_const %r, dense<[30, 30, 21, 13]> : tensor<4xi32>
  func.return
}

// -----

// A cumulative sum (wrapping) and an unsigned maximum.
// CHECK: PASS reduce_window_ui8
func.func @reduce_window_ui8() {
  %x = stablehlo.constant dense<[100, 100, 100, 7]> : tensor<4xui8>
  %init = stablehlo.constant dense<0> : tensor<ui8>
  %sum = "stablehlo.reduce_window"(%x, %init) ({
    ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
      %0 = stablehlo.add %a, %b : tensor<ui8>
      stablehlo.return %0 : tensor<ui8>
  }) {window_dimensions = array<i64: 4>,
      padding = dense<[[3, 0]]> : tensor<1x2xi64>} : (tensor<4xui8>, tensor<ui8>) -> tensor<4xui8>
  check.expect_eq_const %sum, dense<[100, 200, 44, 51]> : tensor<4xui8>
  %y = stablehlo.constant dense<[200, 3, 100]> : tensor<3xui8>
  %max = "stablehlo.reduce_window"(%y, %init) ({
    ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
      %0 = stablehlo.maximum %a, %b : tensor<ui8>
      stablehlo.return %0 : tensor<ui8>
  }) {window_dimensions = array<i64: 2>} : (tensor<3xui8>, tensor<ui8>) -> tensor<2xui8>
  check.expect_eq_const %max, dense<[200, 100]> : tensor<2xui8>
  func.return
}

// -----

// CHECK: PASS reduce_window_or_i1
func.func @reduce_window_or_i1() {
  %x = stablehlo.constant dense<[false, false, true, false, false, true]> : tensor<6xi1>
  %init = stablehlo.constant dense<false> : tensor<i1>
  %r = "stablehlo.reduce_window"(%x, %init) ({
    ^bb0(%a: tensor<i1>, %b: tensor<i1>):
      %0 = stablehlo.or %a, %b : tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<6xi1>, tensor<i1>) -> tensor<3xi1>
  check.expect_eq_const %r, dense<[false, true, true]> : tensor<3xi1>
  func.return
}

// -----

// Max pooling with -inf padding, window 3, stride 2.
// CHECK: PASS reduce_window_max_f32
func.func @reduce_window_max_f32() {
  %x = stablehlo.constant dense<[1.0, 5.0, 2.0, 8.0, 3.0]> : tensor<5xf32>
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %init) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %0 : tensor<f32>
  }) {window_dimensions = array<i64: 3>, window_strides = array<i64: 2>,
      padding = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<5xf32>, tensor<f32>) -> tensor<3xf32>
  check.expect_eq_const %r, dense<[5.0, 8.0, 8.0]> : tensor<3xf32>
  func.return
}

// -----

// Base dilation 2 puts holes (init values) between elements; window
// dilation 2 skips every other padded element.
// CHECK: PASS reduce_window_dilations_f16
func.func @reduce_window_dilations_f16() {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf16>
  %init = stablehlo.constant dense<0.5> : tensor<f16>
  %r = "stablehlo.reduce_window"(%x, %init) ({
    ^bb0(%a: tensor<f16>, %b: tensor<f16>):
      %0 = stablehlo.add %a, %b : tensor<f16>
      stablehlo.return %0 : tensor<f16>
  }) {window_dimensions = array<i64: 2>, base_dilations = array<i64: 2>,
      window_dilations = array<i64: 2>} : (tensor<3xf16>, tensor<f16>) -> tensor<3xf16>
  // Padded: [1, .5, 2, .5, 3].
  check.expect_eq_const %r, dense<[3.5, 1.5, 5.5]> : tensor<3xf16>
  func.return
}

// -----

// CHECK: PASS reduce_window_min_bf16
func.func @reduce_window_min_bf16() {
  %x = stablehlo.constant dense<[[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]]> : tensor<2x3xbf16>
  %init = stablehlo.constant dense<0x7F80> : tensor<bf16>
  %r = "stablehlo.reduce_window"(%x, %init) ({
    ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
      %0 = stablehlo.minimum %a, %b : tensor<bf16>
      stablehlo.return %0 : tensor<bf16>
  }) {window_dimensions = array<i64: 1, 2>} : (tensor<2x3xbf16>, tensor<bf16>) -> tensor<2x2xbf16>
  check.expect_eq_const %r, dense<[[-2.0, -2.0], [4.0, -6.0]]> : tensor<2x2xbf16>
  func.return
}

// -----

// CHECK: PASS reduce_window_strided_f64
func.func @reduce_window_strided_f64() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tensor<2x4xf64>
  %init = stablehlo.constant dense<0.0> : tensor<f64>
  %r = "stablehlo.reduce_window"(%x, %init) ({
    ^bb0(%a: tensor<f64>, %b: tensor<f64>):
      %0 = stablehlo.add %a, %b : tensor<f64>
      stablehlo.return %0 : tensor<f64>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 2>} : (tensor<2x4xf64>, tensor<f64>) -> tensor<1x2xf64>
  check.expect_eq_const %r, dense<[[14.0, 22.0]]> : tensor<1x2xf64>
  func.return
}

// -----

// CHECK: PASS reduce_window_complex
func.func @reduce_window_complex() {
  %x = stablehlo.constant dense<[(1.0, 1.0), (2.0, 0.0), (0.0, 3.0)]> : tensor<3xcomplex<f32>>
  %init = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %r = "stablehlo.reduce_window"(%x, %init) ({
    ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
      %0 = stablehlo.add %a, %b : tensor<complex<f32>>
      stablehlo.return %0 : tensor<complex<f32>>
  }) {window_dimensions = array<i64: 2>} : (tensor<3xcomplex<f32>>, tensor<complex<f32>>) -> tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[(3.0, 1.0), (2.0, 3.0)]> : tensor<2xcomplex<f32>>
  func.return
}

// -----

// Variadic: windowed argmax over (value, index) pairs.
// CHECK: PASS reduce_window_variadic_argmax
func.func @reduce_window_variadic_argmax() {
  %v = stablehlo.constant dense<[3.0, 1.0, 4.0, 1.0, 5.0]> : tensor<5xf32>
  %i = stablehlo.constant dense<[0, 1, 2, 3, 4]> : tensor<5xi32>
  %vinit = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %iinit = stablehlo.constant dense<0> : tensor<i32>
  %rv, %ri = "stablehlo.reduce_window"(%v, %i, %vinit, %iinit) ({
    ^bb0(%av: tensor<f32>, %ai: tensor<i32>, %bv: tensor<f32>, %bi: tensor<i32>):
      %gt = stablehlo.compare GT, %av, %bv : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %eq = stablehlo.compare EQ, %av, %bv : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %lt = stablehlo.compare LT, %ai, %bi : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %tie = stablehlo.and %eq, %lt : tensor<i1>
      %keep = stablehlo.or %gt, %tie : tensor<i1>
      %nv = stablehlo.select %keep, %av, %bv : tensor<i1>, tensor<f32>
      %ni = stablehlo.select %keep, %ai, %bi : tensor<i1>, tensor<i32>
      stablehlo.return %nv, %ni : tensor<f32>, tensor<i32>
  }) {window_dimensions = array<i64: 2>} : (tensor<5xf32>, tensor<5xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
  check.expect_eq_const %rv, dense<[3.0, 4.0, 4.0, 5.0]> : tensor<4xf32>
  check.expect_eq_const %ri, dense<[0, 2, 2, 4]> : tensor<4xi32>
  func.return
}

// -----

// Promotion: ui8 inputs and init summed in ui16 (no wrap at 256); the
// padding holds the promoted init value.
// CHECK: PASS reduce_window_promoted_ui8_to_ui16
func.func @reduce_window_promoted_ui8_to_ui16() {
  %x = stablehlo.constant dense<[200, 200, 100]> : tensor<3xui8>
  %init = stablehlo.constant dense<1> : tensor<ui8>
  %r = "stablehlo.reduce_window"(%x, %init) ({
    ^bb0(%a: tensor<ui16>, %b: tensor<ui16>):
      %0 = stablehlo.add %a, %b : tensor<ui16>
      stablehlo.return %0 : tensor<ui16>
  }) {window_dimensions = array<i64: 2>,
      padding = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<3xui8>, tensor<ui8>) -> tensor<3xui16>
  // Padded: [1, 200, 200, 100]; each window adds the init once more.
  check.expect_eq_const %r, dense<[202, 401, 301]> : tensor<3xui16>
  func.return
}

// -----

// Prefix windows (JAX's cumsum, cummax and cummin, forwards and reversed,
// along the last and the first dimension) run as scans; the results are
// the spec's: each output is init combined with everything before it.
// CHECK: PASS reduce_window_scans
func.func @reduce_window_scans() {
  %x = stablehlo.constant dense<[[1.0, -2.0, 4.0, 0.5], [3.0, 1.0, -1.0, 2.0], [-5.0, 6.0, 0.0, 1.0]]> : tensor<3x4xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %pinf = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %cumsum_rows = "stablehlo.reduce_window"(%x, %zero) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %0 : tensor<f32>
  }) {window_dimensions = array<i64: 1, 4>, padding = dense<[[0, 0], [3, 0]]> : tensor<2x2xi64>} : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  check.expect_eq_const %cumsum_rows, dense<[[1.0, -1.0, 3.0, 3.5], [3.0, 4.0, 3.0, 5.0], [-5.0, 1.0, 1.0, 2.0]]> : tensor<3x4xf32>
  %cummax_cols = "stablehlo.reduce_window"(%x, %ninf) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %0 : tensor<f32>
  }) {window_dimensions = array<i64: 3, 1>, padding = dense<[[2, 0], [0, 0]]> : tensor<2x2xi64>} : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  check.expect_eq_const %cummax_cols, dense<[[1.0, -2.0, 4.0, 0.5], [3.0, 1.0, 4.0, 2.0], [3.0, 6.0, 4.0, 2.0]]> : tensor<3x4xf32>
  %cummin_rows_reversed = "stablehlo.reduce_window"(%x, %pinf) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.minimum %a, %b : tensor<f32>
      stablehlo.return %0 : tensor<f32>
  }) {window_dimensions = array<i64: 1, 5>, padding = dense<[[0, 0], [0, 4]]> : tensor<2x2xi64>} : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  check.expect_eq_const %cummin_rows_reversed, dense<[[-2.0, -2.0, 0.5, 0.5], [-1.0, -1.0, -1.0, 2.0], [-5.0, 0.0, 0.0, 1.0]]> : tensor<3x4xf32>
  func.return
}

// -----

// The same shape of window with an init that is no identity (1 for an add):
// every padded position adds it once more, so it is no scan.
// CHECK: PASS reduce_window_prefix_with_init_one
func.func @reduce_window_prefix_with_init_one() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %one) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %0 = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %0 : tensor<i32>
  }) {window_dimensions = array<i64: 3>, padding = dense<[[2, 0]]> : tensor<1x2xi64>} : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  // Padded: [1, 1, 1, 2, 3]; windows [1,1,1], [1,1,2], [1,2,3], each plus init.
  check.expect_eq_const %r, dense<[4, 5, 7]> : tensor<3xi32>
  func.return
}
