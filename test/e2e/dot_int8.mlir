// int8 x int8 -> int32 dot_generals go to the runtime's jx_rt_gemm_s8s32
// (oneDNN); each is checked for equality against the same product of the
// operands converted to i32 first, which keeps its loop nest.
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
