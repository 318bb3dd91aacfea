// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// Reductions along an outer dimension into short rows of results (column
// sums of f32[N, 16]) keep the row of results in a vector while the
// reduction runs (jx-short-inner-loops). Each result is checked bit for bit
// against the same reduction over the array reshaped with a trailing
// dimension of 1, which stays a loop nest: both combine each column's
// elements in the same order.

// CHECK: PASS colsum_f32_512x16
func.func @colsum_f32_512x16() {
  %i = stablehlo.iota dim = 0 : tensor<8192xf32>
  %a = stablehlo.constant dense<0.37> : tensor<8192xf32>
  %s = stablehlo.constant dense<1000.0> : tensor<8192xf32>
  %ia = stablehlo.multiply %i, %a : tensor<8192xf32>
  %sin = stablehlo.sine %ia : tensor<8192xf32>
  %v = stablehlo.multiply %sin, %s : tensor<8192xf32>
  %x = stablehlo.reshape %v : (tensor<8192xf32>) -> tensor<512x16xf32>
  %x1 = stablehlo.reshape %v : (tensor<8192xf32>) -> tensor<512x16x1xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : (tensor<512x16xf32>, tensor<f32>) -> tensor<16xf32>
  %r1 = stablehlo.reduce(%x1 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<512x16x1xf32>, tensor<f32>) -> tensor<16x1xf32>
  %want = stablehlo.reshape %r1 : (tensor<16x1xf32>) -> tensor<16xf32>
  check.expect_eq %r, %want : tensor<16xf32>
  func.return
}

// -----

// CHECK: PASS colsum_f32_65536x16
func.func @colsum_f32_65536x16() {
  %i = stablehlo.iota dim = 0 : tensor<1048576xf32>
  %a = stablehlo.constant dense<0.37> : tensor<1048576xf32>
  %s = stablehlo.constant dense<1000.0> : tensor<1048576xf32>
  %ia = stablehlo.multiply %i, %a : tensor<1048576xf32>
  %sin = stablehlo.sine %ia : tensor<1048576xf32>
  %v = stablehlo.multiply %sin, %s : tensor<1048576xf32>
  %x = stablehlo.reshape %v : (tensor<1048576xf32>) -> tensor<65536x16xf32>
  %x1 = stablehlo.reshape %v : (tensor<1048576xf32>) -> tensor<65536x16x1xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : (tensor<65536x16xf32>, tensor<f32>) -> tensor<16xf32>
  %r1 = stablehlo.reduce(%x1 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<65536x16x1xf32>, tensor<f32>) -> tensor<16x1xf32>
  %want = stablehlo.reshape %r1 : (tensor<16x1xf32>) -> tensor<16xf32>
  check.expect_eq %r, %want : tensor<16xf32>
  func.return
}

// -----

// CHECK: PASS colmax_f32_nan_4096x32
func.func @colmax_f32_nan_4096x32() {
  %i = stablehlo.iota dim = 0 : tensor<131072xf32>
  %a = stablehlo.constant dense<0.37> : tensor<131072xf32>
  %s = stablehlo.constant dense<1000.0> : tensor<131072xf32>
  %ia = stablehlo.multiply %i, %a : tensor<131072xf32>
  %sin = stablehlo.sine %ia : tensor<131072xf32>
  %v0 = stablehlo.multiply %sin, %s : tensor<131072xf32>
  %m = stablehlo.iota dim = 0 : tensor<131072xi32>
  %c97 = stablehlo.constant dense<97> : tensor<131072xi32>
  %zi = stablehlo.constant dense<0> : tensor<131072xi32>
  %rem = stablehlo.remainder %m, %c97 : tensor<131072xi32>
  %isn = stablehlo.compare EQ, %rem, %zi : (tensor<131072xi32>, tensor<131072xi32>) -> tensor<131072xi1>
  %nan = stablehlo.constant dense<0x7FC00000> : tensor<131072xf32>
  %v = stablehlo.select %isn, %nan, %v0 : tensor<131072xi1>, tensor<131072xf32>
  %x = stablehlo.reshape %v : (tensor<131072xf32>) -> tensor<4096x32xf32>
  %x1 = stablehlo.reshape %v : (tensor<131072xf32>) -> tensor<4096x32x1xf32>
  %z = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [0] : (tensor<4096x32xf32>, tensor<f32>) -> tensor<32xf32>
  %r1 = stablehlo.reduce(%x1 init: %z) applies stablehlo.maximum across dimensions = [0] : (tensor<4096x32x1xf32>, tensor<f32>) -> tensor<32x1xf32>
  %want = stablehlo.reshape %r1 : (tensor<32x1xf32>) -> tensor<32xf32>
  check.expect_eq %r, %want : tensor<32xf32>
  func.return
}

// -----

// CHECK: PASS colsum_i32_1000x8
func.func @colsum_i32_1000x8() {
  %i = stablehlo.iota dim = 0 : tensor<8000xi32>
  %a = stablehlo.constant dense<-1640531535> : tensor<8000xi32>
  %v = stablehlo.multiply %i, %a : tensor<8000xi32>
  %x = stablehlo.reshape %v : (tensor<8000xi32>) -> tensor<1000x8xi32>
  %x1 = stablehlo.reshape %v : (tensor<8000xi32>) -> tensor<1000x8x1xi32>
  %z = stablehlo.constant dense<3> : tensor<i32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : (tensor<1000x8xi32>, tensor<i32>) -> tensor<8xi32>
  %r1 = stablehlo.reduce(%x1 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<1000x8x1xi32>, tensor<i32>) -> tensor<8x1xi32>
  %want = stablehlo.reshape %r1 : (tensor<8x1xi32>) -> tensor<8xi32>
  check.expect_eq %r, %want : tensor<8xi32>
  func.return
}

// -----

// CHECK: PASS middle_sum_f32_8x300x16
func.func @middle_sum_f32_8x300x16() {
  %i = stablehlo.iota dim = 0 : tensor<38400xf32>
  %a = stablehlo.constant dense<0.37> : tensor<38400xf32>
  %s = stablehlo.constant dense<1000.0> : tensor<38400xf32>
  %ia = stablehlo.multiply %i, %a : tensor<38400xf32>
  %sin = stablehlo.sine %ia : tensor<38400xf32>
  %v = stablehlo.multiply %sin, %s : tensor<38400xf32>
  %x = stablehlo.reshape %v : (tensor<38400xf32>) -> tensor<8x300x16xf32>
  %x1 = stablehlo.reshape %v : (tensor<38400xf32>) -> tensor<8x300x16x1xf32>
  %z = stablehlo.constant dense<0.5> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<8x300x16xf32>, tensor<f32>) -> tensor<8x16xf32>
  %r1 = stablehlo.reduce(%x1 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<8x300x16x1xf32>, tensor<f32>) -> tensor<8x16x1xf32>
  %want = stablehlo.reshape %r1 : (tensor<8x16x1xf32>) -> tensor<8x16xf32>
  check.expect_eq %r, %want : tensor<8x16xf32>
  func.return
}

// -----

// Booleans (a buffer of i1 holds a byte per element, a vector of i1 a bit:
// left as a loop nest): any along the columns of bool[4096, 16].
// CHECK: PASS colany_i1_4096x16
func.func @colany_i1_4096x16() {
  %i = stablehlo.iota dim = 0 : tensor<65536xi32>
  %c = stablehlo.constant dense<40009> : tensor<65536xi32>
  %cmp = stablehlo.compare EQ, %i, %c : (tensor<65536xi32>, tensor<65536xi32>) -> tensor<65536xi1>
  %x = stablehlo.reshape %cmp : (tensor<65536xi1>) -> tensor<4096x16xi1>
  %x1 = stablehlo.reshape %cmp : (tensor<65536xi1>) -> tensor<4096x16x1xi1>
  %f = stablehlo.constant dense<false> : tensor<i1>
  %r = stablehlo.reduce(%x init: %f) applies stablehlo.or across dimensions = [0] : (tensor<4096x16xi1>, tensor<i1>) -> tensor<16xi1>
  %r1 = stablehlo.reduce(%x1 init: %f) applies stablehlo.or across dimensions = [0] : (tensor<4096x16x1xi1>, tensor<i1>) -> tensor<16x1xi1>
  %want = stablehlo.reshape %r1 : (tensor<16x1xi1>) -> tensor<16xi1>
  check.expect_eq %r, %want : tensor<16xi1>
  // 40009 = 2500 * 16 + 9: only column 9 holds a true.
  %j = stablehlo.iota dim = 0 : tensor<16xi32>
  %nine = stablehlo.constant dense<9> : tensor<16xi32>
  %want2 = stablehlo.compare EQ, %j, %nine : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
  check.expect_eq %r, %want2 : tensor<16xi1>
  func.return
}
