// Row reductions split into lanes by jx-vectorizable-reductions keep
// stablehlo.reduce's results at the edges: a row of negative zeros sums
// to -0.0, a maximum orders -0 below +0 and propagates NaN (from any
// lane), and a fused softmax-style sum of exp(x - max) is right. Column
// sums, interchanged rather than split, are exact on integers-as-floats.
// RUN: jxc run --split-input-file %s | FileCheck %s
// CHECK: PASS sum_negative_zeros
// CHECK: PASS max_edges
// CHECK: PASS softmax_rows
// CHECK: PASS column_sum
// CHECK: PASS lane_order

func.func @sum_negative_zeros() {
  %x = stablehlo.constant dense<-0.0> : tensor<2x256xf32>
  %z = stablehlo.constant dense<-0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x256xf32>, tensor<f32>) -> tensor<2xf32>
  %b = stablehlo.bitcast_convert %s : (tensor<2xf32>) -> tensor<2xi32>
  %want = stablehlo.constant dense<-2147483648> : tensor<2xi32>
  check.expect_eq %b, %want : tensor<2xi32>
  return
}

// -----

func.func @max_edges() {
  // Row 0: -0.0 everywhere but +0.0 at 200; row 1: a NaN at 131 (lane 3);
  // row 2: 0..255 with its maximum in the last lane.
  %i = stablehlo.iota dim = 1 : tensor<3x256xi32>
  %f = stablehlo.convert %i : (tensor<3x256xi32>) -> tensor<3x256xf32>
  %r = stablehlo.iota dim = 0 : tensor<3x256xi32>
  %c0 = stablehlo.constant dense<0> : tensor<3x256xi32>
  %c1 = stablehlo.constant dense<1> : tensor<3x256xi32>
  %c200 = stablehlo.constant dense<200> : tensor<3x256xi32>
  %c131 = stablehlo.constant dense<131> : tensor<3x256xi32>
  %nz = stablehlo.constant dense<-0.0> : tensor<3x256xf32>
  %pz = stablehlo.constant dense<0.0> : tensor<3x256xf32>
  %nan = stablehlo.constant dense<0x7FC00000> : tensor<3x256xf32>
  %row0 = stablehlo.compare EQ, %r, %c0 : (tensor<3x256xi32>, tensor<3x256xi32>) -> tensor<3x256xi1>
  %row1 = stablehlo.compare EQ, %r, %c1 : (tensor<3x256xi32>, tensor<3x256xi32>) -> tensor<3x256xi1>
  %at200 = stablehlo.compare EQ, %i, %c200 : (tensor<3x256xi32>, tensor<3x256xi32>) -> tensor<3x256xi1>
  %at131 = stablehlo.compare EQ, %i, %c131 : (tensor<3x256xi32>, tensor<3x256xi32>) -> tensor<3x256xi1>
  %z0 = stablehlo.select %at200, %pz, %nz : tensor<3x256xi1>, tensor<3x256xf32>
  %n1 = stablehlo.select %at131, %nan, %f : tensor<3x256xi1>, tensor<3x256xf32>
  %a = stablehlo.select %row1, %n1, %f : tensor<3x256xi1>, tensor<3x256xf32>
  %x = stablehlo.select %row0, %z0, %a : tensor<3x256xi1>, tensor<3x256xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<3x256xf32>, tensor<f32>) -> tensor<3xf32>
  %b = stablehlo.bitcast_convert %m : (tensor<3xf32>) -> tensor<3xi32>
  // +0.0, the NaN, 255.0
  %want = stablehlo.constant dense<[0, 2143289344, 1132396544]> : tensor<3xi32>
  check.expect_eq %b, %want : tensor<3xi32>
  return
}

// -----

func.func @softmax_rows() {
  // Each row of 1024 is 0, 1, ..., 1023 scaled by 1/256: the sum of
  // exp(x - max) over a row is the geometric series
  // (1 - exp(-1024/256)) / (1 - exp(-1/256)) = 251.80236...
  %i = stablehlo.iota dim = 1 : tensor<4x1024xi32>
  %f = stablehlo.convert %i : (tensor<4x1024xi32>) -> tensor<4x1024xf32>
  %s = stablehlo.constant dense<0.00390625> : tensor<4x1024xf32>
  %x = stablehlo.multiply %f, %s : tensor<4x1024xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<4x1024xf32>, tensor<f32>) -> tensor<4xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<4xf32>) -> tensor<4x1024xf32>
  %d = stablehlo.subtract %x, %mb : tensor<4x1024xf32>
  %e = stablehlo.exponential %d : tensor<4x1024xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %sum = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x1024xf32>, tensor<f32>) -> tensor<4xf32>
  %want = stablehlo.constant dense<251.802358> : tensor<4xf32>
  check.expect_almost_eq %sum, %want, tolerance = 2.0e-4 : tensor<4xf32>
  return
}

// -----

func.func @column_sum() {
  // x[r, c] = r + c over 512 x 8: column c sums to 512 c + 511 * 512 / 2.
  %r = stablehlo.iota dim = 0 : tensor<512x8xi32>
  %c = stablehlo.iota dim = 1 : tensor<512x8xi32>
  %v = stablehlo.add %r, %c : tensor<512x8xi32>
  %f = stablehlo.convert %v : (tensor<512x8xi32>) -> tensor<512x8xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%f init: %z) applies stablehlo.add across dimensions = [0] : (tensor<512x8xf32>, tensor<f32>) -> tensor<8xf32>
  %want = stablehlo.constant dense<[130816.0, 131328.0, 131840.0, 132352.0, 132864.0, 133376.0, 133888.0, 134400.0]> : tensor<8xf32>
  check.expect_eq %s, %want : tensor<8xf32>
  return
}

// -----

// The order of the additions, which the CUDA pipeline keeps (its threads
// are the lanes): 2^24 then 255 ones. In order, every 1 is lost to
// rounding (2^24). In 64 lanes, lane 0 loses its three ones and the others
// hold 4 each; lanes o * 8 + i added into i, o ascending, give 2^24 + 28
// and seven 32s, added in order: 2^24 + 252 = 16777468.
func.func @lane_order() {
  %i = stablehlo.iota dim = 1 : tensor<1x256xi32>
  %c0 = stablehlo.constant dense<0> : tensor<1x256xi32>
  %first = stablehlo.compare EQ, %i, %c0 : (tensor<1x256xi32>, tensor<1x256xi32>) -> tensor<1x256xi1>
  %big = stablehlo.constant dense<16777216.0> : tensor<1x256xf32>
  %one = stablehlo.constant dense<1.0> : tensor<1x256xf32>
  %x = stablehlo.select %first, %big, %one : (tensor<1x256xi1>, tensor<1x256xf32>, tensor<1x256xf32>) -> tensor<1x256xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<1x256xf32>, tensor<f32>) -> tensor<1xf32>
  %want = stablehlo.constant dense<16777468.0> : tensor<1xf32>
  check.expect_eq %s, %want : tensor<1xf32>
  return
}
