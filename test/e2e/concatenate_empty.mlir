// RUN: jxc run %s | FileCheck %s --implicit-check-not=FAIL
// An empty operand at the end of a concatenation inserts nothing (its
// offset equals the result's size, which insert_slice would reject).

func.func @concatenate_empty_last() {
  %a = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %e = stablehlo.constant dense<> : tensor<0x2xf32>
  %r = stablehlo.concatenate %e, %a, %e, dim = 0 : (tensor<0x2xf32>, tensor<2x2xf32>, tensor<0x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %r, dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  func.return
}
// CHECK: PASS concatenate_empty_last
