// RUN: jxc run %s | FileCheck %s
// CHECK: PASS broadcast_summed_in_contraction
// A dot_general of a broadcast whose new dimension is contracted: the
// broadcast fuses into the contraction as the indexing of its operand,
// which then does not depend on one of the reduction loops (out[c] = sum
// over a, b of v[b, c] * w[a, b]). That loop is no GEMM loop: the BLAS path
// used to leave its sum out, a silently wrong result found by
// scripts/fusion_differential.py --rows; such a contraction keeps its loop
// nest now. v is a matrix product, so that it is not folded or fused away.
func.func @broadcast_summed_in_contraction() {
  %p_i = stablehlo.iota dim = 0 : tensor<128x8xi32>
  %p_j = stablehlo.iota dim = 1 : tensor<128x8xi32>
  %p_m = stablehlo.constant dense<1> : tensor<128x8xi32>
  %p_d = stablehlo.constant dense<3> : tensor<128x8xi32>
  %p_s = stablehlo.constant dense<1> : tensor<128x8xi32>
  %p_jm = stablehlo.multiply %p_j, %p_m : tensor<128x8xi32>
  %p_ij = stablehlo.add %p_i, %p_jm : tensor<128x8xi32>
  %p_r = stablehlo.remainder %p_ij, %p_d : tensor<128x8xi32>
  %p_x = stablehlo.subtract %p_r, %p_s : tensor<128x8xi32>
  %p = stablehlo.convert %p_x : (tensor<128x8xi32>) -> tensor<128x8xf32>
  %q_i = stablehlo.iota dim = 0 : tensor<8x160xi32>
  %q_j = stablehlo.iota dim = 1 : tensor<8x160xi32>
  %q_two = stablehlo.constant dense<2> : tensor<8x160xi32>
  %q_five = stablehlo.constant dense<5> : tensor<8x160xi32>
  %q_i2 = stablehlo.multiply %q_i, %q_two : tensor<8x160xi32>
  %q_ij = stablehlo.add %q_i2, %q_j : tensor<8x160xi32>
  %q_r = stablehlo.remainder %q_ij, %q_five : tensor<8x160xi32>
  %q_x = stablehlo.subtract %q_r, %q_two : tensor<8x160xi32>
  %q = stablehlo.convert %q_x : (tensor<8x160xi32>) -> tensor<8x160xf32>
  %w_i = stablehlo.iota dim = 0 : tensor<4x128xi32>
  %w_j = stablehlo.iota dim = 1 : tensor<4x128xi32>
  %w_three = stablehlo.constant dense<3> : tensor<4x128xi32>
  %w_seven = stablehlo.constant dense<7> : tensor<4x128xi32>
  %w_i3 = stablehlo.multiply %w_i, %w_three : tensor<4x128xi32>
  %w_ij = stablehlo.add %w_i3, %w_j : tensor<4x128xi32>
  %w_r = stablehlo.remainder %w_ij, %w_seven : tensor<4x128xi32>
  %w_x = stablehlo.subtract %w_r, %w_three : tensor<4x128xi32>
  %w = stablehlo.convert %w_x : (tensor<4x128xi32>) -> tensor<4x128xf32>
  %v = stablehlo.dot_general %p, %q, contracting_dims = [1] x [0] : (tensor<128x8xf32>, tensor<8x160xf32>) -> tensor<128x160xf32>
  %vb = stablehlo.broadcast_in_dim %v, dims = [1, 2] : (tensor<128x160xf32>) -> tensor<4x128x160xf32>
  %r = stablehlo.dot_general %vb, %w, contracting_dims = [0, 1] x [0, 1] : (tensor<4x128x160xf32>, tensor<4x128xf32>) -> tensor<160xf32>
  check.expect_eq_const %r, dense<[-15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0, -15.0, -13.0, 4.0, 16.0, 8.0]> : tensor<160xf32>
  func.return
}
