// RUN: jxc run --split-input-file %s | FileCheck %s
//
// jx runs one process. all_reduce over a group holding that process alone
// reduces one value: the result is the operand (spec: all_reduce). Empty
// replica_groups mean one group of all processes, here one.

// CHECK: PASS all_reduce_single_group
func.func @all_reduce_single_group() {
  %x = stablehlo.constant dense<[1.5, -2.0, 3.0, 0.0]> : tensor<4xf32>
  %r = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  check.expect_eq_const %r, dense<[1.5, -2.0, 3.0, 0.0]> : tensor<4xf32>
  func.return
}

// -----

// CHECK: PASS all_reduce_variadic_unsigned
// Two operands share the computation; empty replica_groups.
func.func @all_reduce_variadic_unsigned() {
  %x = stablehlo.constant dense<[255, 1]> : tensor<2xui8>
  %y = stablehlo.constant dense<[7, 0]> : tensor<2xui8>
  %r:2 = "stablehlo.all_reduce"(%x, %y) ({
    ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
      %s = stablehlo.add %a, %b : tensor<ui8>
      stablehlo.return %s : tensor<ui8>
  }) {replica_groups = dense<0> : tensor<0x0xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2xui8>, tensor<2xui8>) -> (tensor<2xui8>, tensor<2xui8>)
  check.expect_eq_const %r#0, dense<[255, 1]> : tensor<2xui8>
  check.expect_eq_const %r#1, dense<[7, 0]> : tensor<2xui8>
  func.return
}

// -----

// CHECK: PASS all_reduce_max_i1
func.func @all_reduce_max_i1() {
  %x = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i1>, %b: tensor<i1>):
      %s = stablehlo.or %a, %b : tensor<i1>
      stablehlo.return %s : tensor<i1>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2xi1>) -> tensor<2xi1>
  check.expect_eq_const %r, dense<[true, false]> : tensor<2xi1>
  func.return
}

// CHECK-NOT: FAIL
