// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// Elementwise ops over arrays whose last dimension is short (16 f32, 8 f64,
// 32 f16): jx-short-inner-loops merges the loops or keeps the
// inner one from being unrolled. Each result is checked exactly against the
// same values computed over a flat array and reshaped (integers, exact in
// every type used).

// CHECK: PASS elementwise_f32_1000x16
func.func @elementwise_f32_1000x16() {
  %k = stablehlo.iota dim = 0 : tensor<16000xf32>
  %two = stablehlo.constant dense<2.0> : tensor<16000xf32>
  %one = stablehlo.constant dense<1.0> : tensor<16000xf32>
  %k2 = stablehlo.multiply %k, %two : tensor<16000xf32>
  %flat = stablehlo.add %k2, %one : tensor<16000xf32>
  %want = stablehlo.reshape %flat : (tensor<16000xf32>) -> tensor<1000x16xf32>
  %x = stablehlo.reshape %k : (tensor<16000xf32>) -> tensor<1000x16xf32>
  %two2 = stablehlo.constant dense<2.0> : tensor<1000x16xf32>
  %one2 = stablehlo.constant dense<1.0> : tensor<1000x16xf32>
  %x2 = stablehlo.multiply %x, %two2 : tensor<1000x16xf32>
  %r = stablehlo.add %x2, %one2 : tensor<1000x16xf32>
  check.expect_eq %r, %want : tensor<1000x16xf32>
  func.return
}

// -----

// A bias along the last dimension of f32[8, 100, 16] (a row read by every
// row): x + 3 b with x[k] = k, b[j] = j.
// CHECK: PASS bias_f32_8x100x16
func.func @bias_f32_8x100x16() {
  %k = stablehlo.iota dim = 0 : tensor<12800xi32>
  %sixteen = stablehlo.constant dense<16> : tensor<12800xi32>
  %three = stablehlo.constant dense<3> : tensor<12800xi32>
  %j = stablehlo.remainder %k, %sixteen : tensor<12800xi32>
  %j3 = stablehlo.multiply %j, %three : tensor<12800xi32>
  %sum = stablehlo.add %k, %j3 : tensor<12800xi32>
  %flat = stablehlo.convert %sum : (tensor<12800xi32>) -> tensor<12800xf32>
  %want = stablehlo.reshape %flat : (tensor<12800xf32>) -> tensor<8x100x16xf32>
  %kf = stablehlo.convert %k : (tensor<12800xi32>) -> tensor<12800xf32>
  %x = stablehlo.reshape %kf : (tensor<12800xf32>) -> tensor<8x100x16xf32>
  %b = stablehlo.iota dim = 0 : tensor<16xf32>
  %c3 = stablehlo.constant dense<3.0> : tensor<16xf32>
  %b3 = stablehlo.multiply %b, %c3 : tensor<16xf32>
  %bb = stablehlo.broadcast_in_dim %b3, dims = [2] : (tensor<16xf32>) -> tensor<8x100x16xf32>
  %r = stablehlo.add %x, %bb : tensor<8x100x16xf32>
  check.expect_eq %r, %want : tensor<8x100x16xf32>
  func.return
}

// -----

// Large enough to run on every thread: f32[65536, 16] plus a row, then relu
// of (x - 8 b - 1): negative wherever k < 8 (k mod 16) + 1.
// CHECK: PASS bias_relu_f32_65536x16
func.func @bias_relu_f32_65536x16() {
  %k = stablehlo.iota dim = 0 : tensor<1048576xi32>
  %sixteen = stablehlo.constant dense<16> : tensor<1048576xi32>
  %eight = stablehlo.constant dense<8> : tensor<1048576xi32>
  %onei = stablehlo.constant dense<1> : tensor<1048576xi32>
  %zeroi = stablehlo.constant dense<0> : tensor<1048576xi32>
  %j = stablehlo.remainder %k, %sixteen : tensor<1048576xi32>
  %j8 = stablehlo.multiply %j, %eight : tensor<1048576xi32>
  %d = stablehlo.subtract %k, %j8 : tensor<1048576xi32>
  %d1 = stablehlo.subtract %d, %onei : tensor<1048576xi32>
  %relu = stablehlo.maximum %d1, %zeroi : tensor<1048576xi32>
  %flat = stablehlo.convert %relu : (tensor<1048576xi32>) -> tensor<1048576xf32>
  %want = stablehlo.reshape %flat : (tensor<1048576xf32>) -> tensor<65536x16xf32>
  %kf = stablehlo.convert %k : (tensor<1048576xi32>) -> tensor<1048576xf32>
  %x = stablehlo.reshape %kf : (tensor<1048576xf32>) -> tensor<65536x16xf32>
  %b = stablehlo.iota dim = 0 : tensor<16xf32>
  %c8 = stablehlo.constant dense<-8.0> : tensor<16xf32>
  %cm1 = stablehlo.constant dense<-1.0> : tensor<16xf32>
  %b8 = stablehlo.multiply %b, %c8 : tensor<16xf32>
  %b81 = stablehlo.add %b8, %cm1 : tensor<16xf32>
  %bb = stablehlo.broadcast_in_dim %b81, dims = [1] : (tensor<16xf32>) -> tensor<65536x16xf32>
  %s = stablehlo.add %x, %bb : tensor<65536x16xf32>
  %z = stablehlo.constant dense<0.0> : tensor<65536x16xf32>
  %r = stablehlo.maximum %s, %z : tensor<65536x16xf32>
  check.expect_eq %r, %want : tensor<65536x16xf32>
  func.return
}

// -----

// f64 rows of 8 (64 bytes) times a row, and f16 rows of 32 plus a row.
// CHECK: PASS rows_f64_f16
func.func @rows_f64_f16() {
  %k = stablehlo.iota dim = 0 : tensor<4096xi32>
  %eight = stablehlo.constant dense<8> : tensor<4096xi32>
  %j = stablehlo.remainder %k, %eight : tensor<4096xi32>
  %p = stablehlo.multiply %k, %j : tensor<4096xi32>
  %pf = stablehlo.convert %p : (tensor<4096xi32>) -> tensor<4096xf64>
  %want = stablehlo.reshape %pf : (tensor<4096xf64>) -> tensor<512x8xf64>
  %kf = stablehlo.convert %k : (tensor<4096xi32>) -> tensor<4096xf64>
  %x = stablehlo.reshape %kf : (tensor<4096xf64>) -> tensor<512x8xf64>
  %b = stablehlo.iota dim = 0 : tensor<8xf64>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<8xf64>) -> tensor<512x8xf64>
  %r = stablehlo.multiply %x, %bb : tensor<512x8xf64>
  check.expect_eq %r, %want : tensor<512x8xf64>

  %m = stablehlo.iota dim = 0 : tensor<2048xi32>
  %c32 = stablehlo.constant dense<32> : tensor<2048xi32>
  %c64 = stablehlo.constant dense<64> : tensor<2048xi32>
  %mm = stablehlo.remainder %m, %c64 : tensor<2048xi32>
  %jj = stablehlo.remainder %m, %c32 : tensor<2048xi32>
  %ss = stablehlo.add %mm, %jj : tensor<2048xi32>
  %sf = stablehlo.convert %ss : (tensor<2048xi32>) -> tensor<2048xf16>
  %want16 = stablehlo.reshape %sf : (tensor<2048xf16>) -> tensor<64x32xf16>
  %mf = stablehlo.convert %mm : (tensor<2048xi32>) -> tensor<2048xf16>
  %y = stablehlo.reshape %mf : (tensor<2048xf16>) -> tensor<64x32xf16>
  %c = stablehlo.iota dim = 0 : tensor<32xf16>
  %cb = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<32xf16>) -> tensor<64x32xf16>
  %r16 = stablehlo.add %y, %cb : tensor<64x32xf16>
  check.expect_eq %r16, %want16 : tensor<64x32xf16>
  func.return
}

// -----

// Rows of 16 read from a wider array (a slice: rows 32 apart, not merged).
// CHECK: PASS strided_rows_f32
func.func @strided_rows_f32() {
  %k = stablehlo.iota dim = 0 : tensor<2048xf32>
  %x = stablehlo.reshape %k : (tensor<2048xf32>) -> tensor<64x32xf32>
  %s = stablehlo.slice %x [0:64, 16:32] : (tensor<64x32xf32>) -> tensor<64x16xf32>
  %one = stablehlo.constant dense<1.0> : tensor<64x16xf32>
  %r = stablehlo.add %s, %one : tensor<64x16xf32>
  %i = stablehlo.iota dim = 0 : tensor<64x16xf32>
  %j = stablehlo.iota dim = 1 : tensor<64x16xf32>
  %c32 = stablehlo.constant dense<32.0> : tensor<64x16xf32>
  %c17 = stablehlo.constant dense<17.0> : tensor<64x16xf32>
  %i32 = stablehlo.multiply %i, %c32 : tensor<64x16xf32>
  %w = stablehlo.add %i32, %j : tensor<64x16xf32>
  %want = stablehlo.add %w, %c17 : tensor<64x16xf32>
  check.expect_eq %r, %want : tensor<64x16xf32>
  func.return
}

// -----

// A concatenate of two f32[4096, 8] along the rows: each half written into
// rows with gaps.
// CHECK: PASS concatenate_halves_4096x8
func.func @concatenate_halves_4096x8() {
  %i = stablehlo.iota dim = 0 : tensor<4096x8xf32>
  %j = stablehlo.iota dim = 1 : tensor<4096x8xf32>
  %c16 = stablehlo.constant dense<16.0> : tensor<4096x8xf32>
  %c8 = stablehlo.constant dense<8.0> : tensor<4096x8xf32>
  %i16 = stablehlo.multiply %i, %c16 : tensor<4096x8xf32>
  %a = stablehlo.add %i16, %j : tensor<4096x8xf32>
  %b = stablehlo.add %a, %c8 : tensor<4096x8xf32>
  %r = stablehlo.concatenate %a, %b, dim = 1 : (tensor<4096x8xf32>, tensor<4096x8xf32>) -> tensor<4096x16xf32>
  // r[i][j] = 16 i + j
  %ri = stablehlo.iota dim = 0 : tensor<4096x16xf32>
  %rj = stablehlo.iota dim = 1 : tensor<4096x16xf32>
  %c16b = stablehlo.constant dense<16.0> : tensor<4096x16xf32>
  %ri16 = stablehlo.multiply %ri, %c16b : tensor<4096x16xf32>
  %want = stablehlo.add %ri16, %rj : tensor<4096x16xf32>
  check.expect_eq %r, %want : tensor<4096x16xf32>
  func.return
}
