// RUN: jxc run --split-input-file %s | FileCheck %s
//
// jx runs one process: all_gather over a group of that process alone
// concatenates one operand, so the result is the operand (spec: all_gather).

// CHECK: PASS all_gather_single_process
func.func @all_gather_single_process() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %y = stablehlo.constant dense<[[0.5], [-1.0]]> : tensor<2x1xf64>
  %r:2 = "stablehlo.all_gather"(%x, %y) {all_gather_dim = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x2xi32>, tensor<2x1xf64>) -> (tensor<2x2xi32>, tensor<2x1xf64>)
  check.expect_eq_const %r#0, dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  check.expect_eq_const %r#1, dense<[[0.5], [-1.0]]> : tensor<2x1xf64>
  func.return
}

// CHECK-NOT: FAIL
