// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// Reductions along short rows of 16 to 112 elements run 16 rows at a time
// (jx-collapse-short-inner-loops: rows in vector lanes, read through
// register transposes). Each result is checked bit for bit against the
// same reduction over the array reshaped to (rows, 1, K), whose last
// parallel dimension of 1 keeps it a loop nest: each row is combined
// element after element in both, so any lane or column mixed up shows.

// CHECK: PASS sum_f32_1024x16
func.func @sum_f32_1024x16() {
  %i = stablehlo.iota dim = 0 : tensor<16384xf32>
  %a = stablehlo.constant dense<0.37> : tensor<16384xf32>
  %s = stablehlo.constant dense<1000.0> : tensor<16384xf32>
  %ia = stablehlo.multiply %i, %a : tensor<16384xf32>
  %sin = stablehlo.sine %ia : tensor<16384xf32>
  %v = stablehlo.multiply %sin, %s : tensor<16384xf32>
  %x = stablehlo.reshape %v : (tensor<16384xf32>) -> tensor<1024x16xf32>
  %x3 = stablehlo.reshape %v : (tensor<16384xf32>) -> tensor<1024x1x16xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<1024x16xf32>, tensor<f32>) -> tensor<1024xf32>
  %r3 = stablehlo.reduce(%x3 init: %z) applies stablehlo.add across dimensions = [2] : (tensor<1024x1x16xf32>, tensor<f32>) -> tensor<1024x1xf32>
  %want = stablehlo.reshape %r3 : (tensor<1024x1xf32>) -> tensor<1024xf32>
  check.expect_eq %r, %want : tensor<1024xf32>
  func.return
}

// -----

// CHECK: PASS sum_f32_256x112
func.func @sum_f32_256x112() {
  %i = stablehlo.iota dim = 0 : tensor<28672xf32>
  %a = stablehlo.constant dense<0.37> : tensor<28672xf32>
  %s = stablehlo.constant dense<1000.0> : tensor<28672xf32>
  %ia = stablehlo.multiply %i, %a : tensor<28672xf32>
  %sin = stablehlo.sine %ia : tensor<28672xf32>
  %v = stablehlo.multiply %sin, %s : tensor<28672xf32>
  %x = stablehlo.reshape %v : (tensor<28672xf32>) -> tensor<256x112xf32>
  %x3 = stablehlo.reshape %v : (tensor<28672xf32>) -> tensor<256x1x112xf32>
  %z = stablehlo.constant dense<0.5> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<256x112xf32>, tensor<f32>) -> tensor<256xf32>
  %r3 = stablehlo.reduce(%x3 init: %z) applies stablehlo.add across dimensions = [2] : (tensor<256x1x112xf32>, tensor<f32>) -> tensor<256x1xf32>
  %want = stablehlo.reshape %r3 : (tensor<256x1xf32>) -> tensor<256xf32>
  check.expect_eq %r, %want : tensor<256xf32>
  func.return
}

// -----

// CHECK: PASS max_f32_nan_1024x32
func.func @max_f32_nan_1024x32() {
  %i = stablehlo.iota dim = 0 : tensor<32768xf32>
  %a = stablehlo.constant dense<0.37> : tensor<32768xf32>
  %s = stablehlo.constant dense<1000.0> : tensor<32768xf32>
  %ia = stablehlo.multiply %i, %a : tensor<32768xf32>
  %sin = stablehlo.sine %ia : tensor<32768xf32>
  %v0 = stablehlo.multiply %sin, %s : tensor<32768xf32>
  %seven = stablehlo.constant dense<0.0> : tensor<32768xf32>
  %m = stablehlo.iota dim = 0 : tensor<32768xi32>
  %c97 = stablehlo.constant dense<97> : tensor<32768xi32>
  %zi = stablehlo.constant dense<0> : tensor<32768xi32>
  %rem = stablehlo.remainder %m, %c97 : tensor<32768xi32>
  %isn = stablehlo.compare EQ, %rem, %zi : (tensor<32768xi32>, tensor<32768xi32>) -> tensor<32768xi1>
  %nan = stablehlo.constant dense<0x7FC00000> : tensor<32768xf32>
  %v = stablehlo.select %isn, %nan, %v0 : tensor<32768xi1>, tensor<32768xf32>
  %x = stablehlo.reshape %v : (tensor<32768xf32>) -> tensor<1024x32xf32>
  %x3 = stablehlo.reshape %v : (tensor<32768xf32>) -> tensor<1024x1x32xf32>
  %z = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<1024x32xf32>, tensor<f32>) -> tensor<1024xf32>
  %r3 = stablehlo.reduce(%x3 init: %z) applies stablehlo.maximum across dimensions = [2] : (tensor<1024x1x32xf32>, tensor<f32>) -> tensor<1024x1xf32>
  %want = stablehlo.reshape %r3 : (tensor<1024x1xf32>) -> tensor<1024xf32>
  check.expect_eq %r, %want : tensor<1024xf32>
  func.return
}

// -----

// CHECK: PASS sum_i32_64x48
func.func @sum_i32_64x48() {
  %i = stablehlo.iota dim = 0 : tensor<3072xi32>
  %a = stablehlo.constant dense<-1640531535> : tensor<3072xi32>
  %v = stablehlo.multiply %i, %a : tensor<3072xi32>
  %x = stablehlo.reshape %v : (tensor<3072xi32>) -> tensor<64x48xi32>
  %x3 = stablehlo.reshape %v : (tensor<3072xi32>) -> tensor<64x1x48xi32>
  %z = stablehlo.constant dense<7> : tensor<i32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<64x48xi32>, tensor<i32>) -> tensor<64xi32>
  %r3 = stablehlo.reduce(%x3 init: %z) applies stablehlo.add across dimensions = [2] : (tensor<64x1x48xi32>, tensor<i32>) -> tensor<64x1xi32>
  %want = stablehlo.reshape %r3 : (tensor<64x1xi32>) -> tensor<64xi32>
  check.expect_eq %r, %want : tensor<64xi32>
  func.return
}

// -----

// CHECK: PASS sum_f32_4x64x16
func.func @sum_f32_4x64x16() {
  %i = stablehlo.iota dim = 0 : tensor<4096xf32>
  %a = stablehlo.constant dense<0.37> : tensor<4096xf32>
  %s = stablehlo.constant dense<1000.0> : tensor<4096xf32>
  %ia = stablehlo.multiply %i, %a : tensor<4096xf32>
  %sin = stablehlo.sine %ia : tensor<4096xf32>
  %v = stablehlo.multiply %sin, %s : tensor<4096xf32>
  %x = stablehlo.reshape %v : (tensor<4096xf32>) -> tensor<4x64x16xf32>
  %x3 = stablehlo.reshape %v : (tensor<4096xf32>) -> tensor<4x64x1x16xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [2] : (tensor<4x64x16xf32>, tensor<f32>) -> tensor<4x64xf32>
  %r3 = stablehlo.reduce(%x3 init: %z) applies stablehlo.add across dimensions = [3] : (tensor<4x64x1x16xf32>, tensor<f32>) -> tensor<4x64x1xf32>
  %want = stablehlo.reshape %r3 : (tensor<4x64x1xf32>) -> tensor<4x64xf32>
  check.expect_eq %r, %want : tensor<4x64xf32>
  func.return
}
