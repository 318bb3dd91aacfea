// RUN: jxc run --split-input-file %s | FileCheck %s
//
// jx runs one process, partition 0 (spec: partition_id).

// CHECK: PASS partition_id_is_zero
func.func @partition_id_is_zero() {
  %r = stablehlo.partition_id : tensor<ui32>
  check.expect_eq_const %r, dense<0> : tensor<ui32>
  func.return
}

// CHECK-NOT: FAIL
