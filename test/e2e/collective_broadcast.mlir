// RUN: jxc run --split-input-file %s | FileCheck %s
//
// jx runs one process: collective_broadcast in a group of that process
// alone broadcasts its own operand (spec: collective_broadcast).

// CHECK: PASS collective_broadcast_single_process
func.func @collective_broadcast_single_process() {
  %x = stablehlo.constant dense<[[1, 2]]> : tensor<1x2xi64>
  %r = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<1x2xi64>) -> tensor<1x2xi64>
  check.expect_eq_const %r, dense<[[1, 2]]> : tensor<1x2xi64>
  func.return
}

// CHECK-NOT: FAIL
