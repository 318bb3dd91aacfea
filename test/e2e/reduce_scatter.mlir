// RUN: jxc run --split-input-file %s | FileCheck %s
//
// jx runs one process: reduce_scatter over a group of that process alone
// reduces one value and keeps the one part: the operand (spec:
// reduce_scatter).

// CHECK: PASS reduce_scatter_single_process
func.func @reduce_scatter_single_process() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0]]> : tensor<1x4xf16>
  %r = "stablehlo.reduce_scatter"(%x) ({
    ^bb0(%a: tensor<f16>, %b: tensor<f16>):
      %s = stablehlo.add %a, %b : tensor<f16>
      stablehlo.return %s : tensor<f16>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<1x4xf16>) -> tensor<1x4xf16>
  check.expect_eq_const %r, dense<[[1.0, 2.0, 3.0, 4.0]]> : tensor<1x4xf16>
  func.return
}

// CHECK-NOT: FAIL
