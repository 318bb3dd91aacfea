// RUN: jxc run --split-input-file %s | FileCheck %s
//
// jx runs one process, replica 0 (spec: replica_id).

// CHECK: PASS replica_id_is_zero
func.func @replica_id_is_zero() {
  %r = stablehlo.replica_id : tensor<ui32>
  check.expect_eq_const %r, dense<0> : tensor<ui32>
  func.return
}

// CHECK-NOT: FAIL
