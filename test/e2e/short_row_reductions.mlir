// RUN: jxc run --split-input-file %s | FileCheck %s --implicit-check-not=FAIL
// Reductions along short rows of 16 to 112 elements run 16 rows at a time
// (jx-short-inner-loops: rows in vector lanes, read through
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

// -----

// argmax along rows of 16 as JAX lowers it (a reduce of the values and an
// iota: the greater value, a NaN, or the smaller index among equals), over
// values with many ties and a NaN every 97 elements.
// CHECK: PASS argmax_f32_2048x16
func.func @argmax_f32_2048x16() {
  %i = stablehlo.iota dim = 0 : tensor<32768xf32>
  %a = stablehlo.constant dense<0.37> : tensor<32768xf32>
  %four = stablehlo.constant dense<4.0> : tensor<32768xf32>
  %ia = stablehlo.multiply %i, %a : tensor<32768xf32>
  %sin = stablehlo.sine %ia : tensor<32768xf32>
  %s4 = stablehlo.multiply %sin, %four : tensor<32768xf32>
  %v0 = stablehlo.floor %s4 : tensor<32768xf32>
  %m = stablehlo.iota dim = 0 : tensor<32768xi32>
  %c97 = stablehlo.constant dense<97> : tensor<32768xi32>
  %zi = stablehlo.constant dense<0> : tensor<32768xi32>
  %rem = stablehlo.remainder %m, %c97 : tensor<32768xi32>
  %isn = stablehlo.compare EQ, %rem, %zi : (tensor<32768xi32>, tensor<32768xi32>) -> tensor<32768xi1>
  %nan = stablehlo.constant dense<0x7FC00000> : tensor<32768xf32>
  %v = stablehlo.select %isn, %nan, %v0 : tensor<32768xi1>, tensor<32768xf32>
  %x = stablehlo.reshape %v : (tensor<32768xf32>) -> tensor<2048x16xf32>
  %x3 = stablehlo.reshape %v : (tensor<32768xf32>) -> tensor<2048x1x16xf32>
  %ix = stablehlo.iota dim = 1 : tensor<2048x16xi32>
  %ix3 = stablehlo.iota dim = 2 : tensor<2048x1x16xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %ninf), (%ix init: %z) across dimensions = [1] : (tensor<2048x16xf32>, tensor<2048x16xi32>, tensor<f32>, tensor<i32>) -> (tensor<2048xf32>, tensor<2048xi32>)
   reducer(%p: tensor<f32>, %q: tensor<f32>) (%pi: tensor<i32>, %qi: tensor<i32>) {
    %gt = stablehlo.compare GT, %p, %q : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %pn = stablehlo.compare NE, %p, %p : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %first = stablehlo.or %gt, %pn : tensor<i1>
    %eq = stablehlo.compare EQ, %p, %q : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = stablehlo.compare LT, %pi, %qi : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %take = stablehlo.or %first, %tie : tensor<i1>
    %val = stablehlo.select %take, %p, %q : tensor<i1>, tensor<f32>
    %idx = stablehlo.select %take, %pi, %qi : tensor<i1>, tensor<i32>
    stablehlo.return %val, %idx : tensor<f32>, tensor<i32>
  }
  %r3:2 = stablehlo.reduce(%x3 init: %ninf), (%ix3 init: %z) across dimensions = [2] : (tensor<2048x1x16xf32>, tensor<2048x1x16xi32>, tensor<f32>, tensor<i32>) -> (tensor<2048x1xf32>, tensor<2048x1xi32>)
   reducer(%p: tensor<f32>, %q: tensor<f32>) (%pi: tensor<i32>, %qi: tensor<i32>) {
    %gt = stablehlo.compare GT, %p, %q : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %pn = stablehlo.compare NE, %p, %p : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %first = stablehlo.or %gt, %pn : tensor<i1>
    %eq = stablehlo.compare EQ, %p, %q : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = stablehlo.compare LT, %pi, %qi : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %take = stablehlo.or %first, %tie : tensor<i1>
    %val = stablehlo.select %take, %p, %q : tensor<i1>, tensor<f32>
    %idx = stablehlo.select %take, %pi, %qi : tensor<i1>, tensor<i32>
    stablehlo.return %val, %idx : tensor<f32>, tensor<i32>
  }
  %want = stablehlo.reshape %r3#1 : (tensor<2048x1xi32>) -> tensor<2048xi32>
  check.expect_eq %r#1, %want : tensor<2048xi32>
  %wantv = stablehlo.reshape %r3#0 : (tensor<2048x1xf32>) -> tensor<2048xf32>
  check.expect_eq %r#0, %wantv : tensor<2048xf32>
  func.return
}
