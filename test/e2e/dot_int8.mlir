// int8 x int8 -> int32 dot_generals go to the runtime's jx_rt_gemm_s8s32
// (oneDNN with VNNI, else the f32 GEMM in exact slices); each is checked
// for equality against the same product of the operands converted to i32
// first, which keeps its loop nest.
// RUN: jxc run --split-input-file %s | FileCheck %s
// RUN: jx-opt --split-input-file --jx-cpu-hlo --jx-cpu-linalg --jx-cpu-bufferized %s | FileCheck %s --check-prefix=IR
// IR-COUNT-3: call @jx_rt_gemm_s8s32

// CHECK: PASS int8_layouts
func.func @int8_layouts() {
  %i = stablehlo.iota dim = 0 : tensor<96x67xi32>
  %j = stablehlo.iota dim = 1 : tensor<96x67xi32>
  %ij = stablehlo.multiply %i, %j : tensor<96x67xi32>
  %c7 = stablehlo.constant dense<7919> : tensor<96x67xi32>
  %h = stablehlo.multiply %ij, %c7 : tensor<96x67xi32>
  %hs = stablehlo.add %h, %i : tensor<96x67xi32>
  // int8 values from -128 to 127 (the conversion wraps).
  %a = stablehlo.convert %hs : (tensor<96x67xi32>) -> tensor<96x67xi8>
  %b0 = stablehlo.reverse %hs, dims = [0] : tensor<96x67xi32>
  %b = stablehlo.convert %b0 : (tensor<96x67xi32>) -> tensor<96x67xi8>
  %a32 = stablehlo.convert %a : (tensor<96x67xi8>) -> tensor<96x67xi32>
  %b32 = stablehlo.convert %b : (tensor<96x67xi8>) -> tensor<96x67xi32>
  // A^T B (contracting the rows of both): 67 x 67, k = 96.
  %atb = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<96x67xi8>, tensor<96x67xi8>) -> tensor<67x67xi32>
  %atb_ref = stablehlo.dot_general %a32, %b32, contracting_dims = [0] x [0] : (tensor<96x67xi32>, tensor<96x67xi32>) -> tensor<67x67xi32>
  check.expect_eq %atb, %atb_ref : tensor<67x67xi32>
  // A B^T: 96 x 96, k = 67.
  %abt = stablehlo.dot_general %a, %b, contracting_dims = [1] x [1] : (tensor<96x67xi8>, tensor<96x67xi8>) -> tensor<96x96xi32>
  %abt_ref = stablehlo.dot_general %a32, %b32, contracting_dims = [1] x [1] : (tensor<96x67xi32>, tensor<96x67xi32>) -> tensor<96x96xi32>
  check.expect_eq %abt, %abt_ref : tensor<96x96xi32>
  // Batched over 3 slices of 32 rows: 3 x (67 x 67), k = 32.
  %a3 = stablehlo.reshape %a : (tensor<96x67xi8>) -> tensor<3x32x67xi8>
  %b3 = stablehlo.reshape %b : (tensor<96x67xi8>) -> tensor<3x32x67xi8>
  %a3_32 = stablehlo.reshape %a32 : (tensor<96x67xi32>) -> tensor<3x32x67xi32>
  %b3_32 = stablehlo.reshape %b32 : (tensor<96x67xi32>) -> tensor<3x32x67xi32>
  %bat = stablehlo.dot_general %a3, %b3, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<3x32x67xi8>, tensor<3x32x67xi8>) -> tensor<3x67x67xi32>
  %bat_ref = stablehlo.dot_general %a3_32, %b3_32, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<3x32x67xi32>, tensor<3x32x67xi32>) -> tensor<3x67x67xi32>
  check.expect_eq %bat, %bat_ref : tensor<3x67x67xi32>
  func.return
}

// -----

// Long sums, which CPUs without VNNI compute through the f32 GEMM in exact
// slices of 1024 terms (blas.cpp): -128 * -128 everywhere makes each slice
// sum to 2^24, f32's last exact integer; a sum past 2^31 wraps as i32 does.
// CHECK: PASS int8_long_sums
func.func @int8_long_sums() {
  %a = stablehlo.constant dense<-128> : tensor<8x4096xi8>
  %b = stablehlo.constant dense<-128> : tensor<4096x8xi8>
  %a32 = stablehlo.convert %a : (tensor<8x4096xi8>) -> tensor<8x4096xi32>
  %b32 = stablehlo.convert %b : (tensor<4096x8xi8>) -> tensor<4096x8xi32>
  %p = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x4096xi8>, tensor<4096x8xi8>) -> tensor<8x8xi32>
  %p_ref = stablehlo.dot_general %a32, %b32, contracting_dims = [1] x [0] : (tensor<8x4096xi32>, tensor<4096x8xi32>) -> tensor<8x8xi32>
  check.expect_eq %p, %p_ref : tensor<8x8xi32>
  %want = stablehlo.constant dense<67108864> : tensor<8x8xi32>
  check.expect_eq %p, %want : tensor<8x8xi32>
  // 132096 terms of 2^14: 2164260864, past 2^31, wraps to -2130706432.
  %w = stablehlo.constant dense<-128> : tensor<2x132096xi8>
  %v = stablehlo.constant dense<-128> : tensor<132096x3xi8>
  %r = stablehlo.dot_general %w, %v, contracting_dims = [1] x [0] : (tensor<2x132096xi8>, tensor<132096x3xi8>) -> tensor<2x3xi32>
  %r_want = stablehlo.constant dense<-2130706432> : tensor<2x3xi32>
  check.expect_eq %r, %r_want : tensor<2x3xi32>
  // 2^18 terms of mixed signs.
  %i = stablehlo.iota dim = 1 : tensor<2x262144xi32>
  %c7 = stablehlo.constant dense<7919> : tensor<2x262144xi32>
  %h = stablehlo.multiply %i, %c7 : tensor<2x262144xi32>
  %x = stablehlo.convert %h : (tensor<2x262144xi32>) -> tensor<2x262144xi8>
  %y = stablehlo.constant dense<-128> : tensor<262144x3xi8>
  %x32 = stablehlo.convert %x : (tensor<2x262144xi8>) -> tensor<2x262144xi32>
  %y32 = stablehlo.convert %y : (tensor<262144x3xi8>) -> tensor<262144x3xi32>
  %q = stablehlo.dot_general %x, %y, contracting_dims = [1] x [0] : (tensor<2x262144xi8>, tensor<262144x3xi8>) -> tensor<2x3xi32>
  %q_ref = stablehlo.dot_general %x32, %y32, contracting_dims = [1] x [0] : (tensor<2x262144xi32>, tensor<262144x3xi32>) -> tensor<2x3xi32>
  check.expect_eq %q, %q_ref : tensor<2x3xi32>
  func.return
}
