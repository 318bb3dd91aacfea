// RUN: jxc run --split-input-file %s | FileCheck %s
//
// jx runs one process: all_to_all with split_count 1 over a group of that
// process alone splits into one part and concatenates it back: the operand
// (spec: all_to_all).

// CHECK: PASS all_to_all_single_process
func.func @all_to_all_single_process() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui16>
  %y = stablehlo.constant dense<[[(1.0, 2.0), (3.0, 4.0), (5.0, 6.0)], [(0.0, 0.0), (-1.0, 1.0), (2.0, -2.0)]]> : tensor<2x3xcomplex<f32>>
  %r:2 = "stablehlo.all_to_all"(%x, %y) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x3xui16>, tensor<2x3xcomplex<f32>>) -> (tensor<2x3xui16>, tensor<2x3xcomplex<f32>>)
  check.expect_eq_const %r#0, dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui16>
  check.expect_eq_const %r#1, dense<[[(1.0, 2.0), (3.0, 4.0), (5.0, 6.0)], [(0.0, 0.0), (-1.0, 1.0), (2.0, -2.0)]]> : tensor<2x3xcomplex<f32>>
  func.return
}

// CHECK-NOT: FAIL
