// Chained dot_generals without contracting dimensions (what
// einsum('i,j,k->ijk', u, v, w) lowers to): the first product must be
// computed once per (i, j), not accumulated again in every iteration of the
// fused k loop (it came out (k+1) times too large). Fused and unfused
// (--no-fuse, the reference path) give the exact products.
// RUN: jxc run %s | FileCheck %s
// RUN: jxc run --no-fuse %s | FileCheck %s
// RUN: jxc compile %s --emit=linalg | FileCheck %s --check-prefix=LINALG
// CHECK: PASS main
// The outer products read no output and need no zero fill.
// LINALG-NOT: linalg.fill
// LINALG: linalg.generic
// LINALG-NOT: linalg.fill

func.func @main() {
  %u = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %v = stablehlo.constant dense<[3.0, 5.0]> : tensor<2xf32>
  %w = stablehlo.constant dense<[7.0, 11.0, 13.0]> : tensor<3xf32>
  %0 = stablehlo.dot_general %v, %u, contracting_dims = [] x [], precision = [DEFAULT, DEFAULT] : (tensor<2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  %1 = stablehlo.dot_general %0, %w, contracting_dims = [] x [], precision = [DEFAULT, DEFAULT] : (tensor<2x2xf32>, tensor<3xf32>) -> tensor<2x2x3xf32>
  check.expect_eq_const %1, dense<[[[21.0, 33.0, 39.0], [42.0, 66.0, 78.0]],
                                   [[35.0, 55.0, 65.0], [70.0, 110.0, 130.0]]]> : tensor<2x2x3xf32>
  return
}
