// f32 sums of 10^7 and 10^8 terms (1, 2, 3 repeating) are within a few
// ulps of the exact sum: no accumulator takes more than 1024 terms
// (jx-blocked-reductions). A single running f32 accumulator gave 2.796e7
// for 3.355e7 (17% low) at 2^24 terms.
// RUN: jxc run --split-input-file %s | FileCheck %s
// RUN: jx-opt %s --split-input-file --jx-cpu-hlo | FileCheck %s --check-prefix=HLO
// CHECK: PASS sum_1e7
// CHECK: PASS sum_2e24
// CHECK: PASS sum_1e8
// CHECK: PASS sum_rows
// HLO-LABEL: func.func @sum_1e7
// HLO: stablehlo.reshape {{.*}} -> tensor<9765x1024xf32>
// HLO: stablehlo.reduce{{.*}}across dimensions = [1] : (tensor<9765x1024xf32>

func.func @sum_1e7() {
  %x = stablehlo.iota dim = 0 : tensor<10000000xi32>
  %three = stablehlo.constant dense<3> : tensor<10000000xi32>
  %one = stablehlo.constant dense<1> : tensor<10000000xi32>
  %r = stablehlo.remainder %x, %three : tensor<10000000xi32>
  %v = stablehlo.add %r, %one : tensor<10000000xi32>
  %f = stablehlo.convert %v : (tensor<10000000xi32>) -> tensor<10000000xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%f init: %z) applies stablehlo.add across dimensions = [0] : (tensor<10000000xf32>, tensor<f32>) -> tensor<f32>
  // 3333333 * (1 + 2 + 3) + 1 = 19999999 (20000000 in f32)
  %want = stablehlo.constant dense<19999999.0> : tensor<f32>
  check.expect_almost_eq %s, %want, tolerance = 4.0 : tensor<f32>
  return
}

// -----

func.func @sum_2e24() {
  %x = stablehlo.iota dim = 0 : tensor<16777216xi32>
  %three = stablehlo.constant dense<3> : tensor<16777216xi32>
  %one = stablehlo.constant dense<1> : tensor<16777216xi32>
  %r = stablehlo.remainder %x, %three : tensor<16777216xi32>
  %v = stablehlo.add %r, %one : tensor<16777216xi32>
  %f = stablehlo.convert %v : (tensor<16777216xi32>) -> tensor<16777216xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%f init: %z) applies stablehlo.add across dimensions = [0] : (tensor<16777216xf32>, tensor<f32>) -> tensor<f32>
  %want = stablehlo.constant dense<33554431.0> : tensor<f32>
  check.expect_almost_eq %s, %want, tolerance = 4.0 : tensor<f32>
  return
}

// -----

func.func @sum_1e8() {
  %x = stablehlo.iota dim = 0 : tensor<100000000xi32>
  %three = stablehlo.constant dense<3> : tensor<100000000xi32>
  %one = stablehlo.constant dense<1> : tensor<100000000xi32>
  %r = stablehlo.remainder %x, %three : tensor<100000000xi32>
  %v = stablehlo.add %r, %one : tensor<100000000xi32>
  %f = stablehlo.convert %v : (tensor<100000000xi32>) -> tensor<100000000xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%f init: %z) applies stablehlo.add across dimensions = [0] : (tensor<100000000xf32>, tensor<f32>) -> tensor<f32>
  // 33333333 * 6 + 1 = 199999999
  %want = stablehlo.constant dense<199999999.0> : tensor<f32>
  check.expect_almost_eq %s, %want, tolerance = 32.0 : tensor<f32>
  return
}

// -----

// Several reduced dimensions: each reduced on its own (4096 x 4096 ones).
func.func @sum_rows() {
  %x = stablehlo.constant dense<1.0> : tensor<4096x4096xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<f32>
  check.expect_eq_const %s, dense<16777216.0> : tensor<f32>
  return
}
