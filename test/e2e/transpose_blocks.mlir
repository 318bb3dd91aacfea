// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// Transposes large enough for jx-tile-transposes' register blocks (16 x 16
// elements through shuffles, in tiles of up to 128 x 128), checked
// element by element against the same values built from iotas in the
// transposed order. 32-bit elements take the register path; the f16 case
// keeps the tiled scalar copies.

// CHECK: PASS transpose_i32_256x512
func.func @transpose_i32_256x512() {
  %i = stablehlo.iota dim = 0 : tensor<256x512xi32>
  %j = stablehlo.iota dim = 1 : tensor<256x512xi32>
  %c = stablehlo.constant dense<512> : tensor<256x512xi32>
  %ic = stablehlo.multiply %i, %c : tensor<256x512xi32>
  %x = stablehlo.add %j, %ic : tensor<256x512xi32>
  %r = stablehlo.transpose %x, dims = [1, 0] : (tensor<256x512xi32>) -> tensor<512x256xi32>
  // r[a][b] = x[b][a] = a + 512 b
  %a = stablehlo.iota dim = 0 : tensor<512x256xi32>
  %b = stablehlo.iota dim = 1 : tensor<512x256xi32>
  %c2 = stablehlo.constant dense<512> : tensor<512x256xi32>
  %bc = stablehlo.multiply %b, %c2 : tensor<512x256xi32>
  %want = stablehlo.add %a, %bc : tensor<512x256xi32>
  check.expect_eq %r, %want : tensor<512x256xi32>
  func.return
}

// -----

// CHECK: PASS transpose_f32_batched_3x1024x96
func.func @transpose_f32_batched_3x1024x96() {
  %n = stablehlo.iota dim = 0 : tensor<3x1024x96xf32>
  %i = stablehlo.iota dim = 1 : tensor<3x1024x96xf32>
  %j = stablehlo.iota dim = 2 : tensor<3x1024x96xf32>
  %k = stablehlo.constant dense<96.0> : tensor<3x1024x96xf32>
  %m = stablehlo.constant dense<98304.0> : tensor<3x1024x96xf32>
  %ik = stablehlo.multiply %i, %k : tensor<3x1024x96xf32>
  %x0 = stablehlo.add %j, %ik : tensor<3x1024x96xf32>
  %nm = stablehlo.multiply %n, %m : tensor<3x1024x96xf32>
  %x = stablehlo.add %x0, %nm : tensor<3x1024x96xf32>
  %r = stablehlo.transpose %x, dims = [0, 2, 1] : (tensor<3x1024x96xf32>) -> tensor<3x96x1024xf32>
  // r[n][a][b] = x[n][b][a] = a + 96 b + 98304 n
  %n2 = stablehlo.iota dim = 0 : tensor<3x96x1024xf32>
  %a = stablehlo.iota dim = 1 : tensor<3x96x1024xf32>
  %b = stablehlo.iota dim = 2 : tensor<3x96x1024xf32>
  %k2 = stablehlo.constant dense<96.0> : tensor<3x96x1024xf32>
  %m2 = stablehlo.constant dense<98304.0> : tensor<3x96x1024xf32>
  %bk = stablehlo.multiply %b, %k2 : tensor<3x96x1024xf32>
  %w0 = stablehlo.add %a, %bk : tensor<3x96x1024xf32>
  %nm2 = stablehlo.multiply %n2, %m2 : tensor<3x96x1024xf32>
  %want = stablehlo.add %w0, %nm2 : tensor<3x96x1024xf32>
  check.expect_eq %r, %want : tensor<3x96x1024xf32>
  func.return
}

// -----

// CHECK: PASS transpose_f16_512x256
func.func @transpose_f16_512x256() {
  %i = stablehlo.iota dim = 0 : tensor<512x256xf16>
  %j = stablehlo.iota dim = 1 : tensor<512x256xf16>
  %x = stablehlo.subtract %i, %j : tensor<512x256xf16>
  %r = stablehlo.transpose %x, dims = [1, 0] : (tensor<512x256xf16>) -> tensor<256x512xf16>
  %a = stablehlo.iota dim = 0 : tensor<256x512xf16>
  %b = stablehlo.iota dim = 1 : tensor<256x512xf16>
  %want = stablehlo.subtract %b, %a : tensor<256x512xf16>
  check.expect_eq %r, %want : tensor<256x512xf16>
  func.return
}

// -----

// One of the two transposed extents only 16 (a multiple of the block, not
// of the 32 x 32 scalar tiles), both ways.
// CHECK: PASS transpose_i32_8192x16_both_ways
func.func @transpose_i32_8192x16_both_ways() {
  %i = stablehlo.iota dim = 0 : tensor<8192x16xi32>
  %j = stablehlo.iota dim = 1 : tensor<8192x16xi32>
  %c = stablehlo.constant dense<16> : tensor<8192x16xi32>
  %ic = stablehlo.multiply %i, %c : tensor<8192x16xi32>
  %x = stablehlo.add %j, %ic : tensor<8192x16xi32>
  %r = stablehlo.transpose %x, dims = [1, 0] : (tensor<8192x16xi32>) -> tensor<16x8192xi32>
  // r[a][b] = x[b][a] = a + 16 b
  %a = stablehlo.iota dim = 0 : tensor<16x8192xi32>
  %b = stablehlo.iota dim = 1 : tensor<16x8192xi32>
  %c2 = stablehlo.constant dense<16> : tensor<16x8192xi32>
  %bc = stablehlo.multiply %b, %c2 : tensor<16x8192xi32>
  %want = stablehlo.add %a, %bc : tensor<16x8192xi32>
  check.expect_eq %r, %want : tensor<16x8192xi32>
  // and from 16 x 8192: t[a][b] = y[b][a] = b + 8192 a
  %yi = stablehlo.iota dim = 0 : tensor<16x8192xi32>
  %yj = stablehlo.iota dim = 1 : tensor<16x8192xi32>
  %c3 = stablehlo.constant dense<8192> : tensor<16x8192xi32>
  %yic = stablehlo.multiply %yi, %c3 : tensor<16x8192xi32>
  %y = stablehlo.add %yj, %yic : tensor<16x8192xi32>
  %t = stablehlo.transpose %y, dims = [1, 0] : (tensor<16x8192xi32>) -> tensor<8192x16xi32>
  %ta = stablehlo.iota dim = 0 : tensor<8192x16xi32>
  %tb = stablehlo.iota dim = 1 : tensor<8192x16xi32>
  %c4 = stablehlo.constant dense<8192> : tensor<8192x16xi32>
  %tbc = stablehlo.multiply %tb, %c4 : tensor<8192x16xi32>
  %want2 = stablehlo.add %ta, %tbc : tensor<8192x16xi32>
  check.expect_eq %t, %want2 : tensor<8192x16xi32>
  func.return
}
