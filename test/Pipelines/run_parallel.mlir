// RUN: jx-opt --jx-run-parallel --split-input-file --verify-diagnostics %s | FileCheck %s

// A grid of 2 replicas x 1 partition: the module runs on 2 devices; each
// picks its process's inputs by its device id, calls the program once, and
// every process's results are all-gathered, in process order.
// CHECK: module attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 2 : i32}
// CHECK-LABEL: func.func @main
// CHECK: %[[R:.*]] = stablehlo.replica_id
// CHECK: %[[P:.*]] = stablehlo.partition_id
// CHECK: %[[ARG:.*]] = "stablehlo.case"
// CHECK: %[[MINE:.*]] = call @twice(%[[ARG]])
// CHECK: %[[ONE:.*]] = stablehlo.reshape %[[MINE]] : (tensor<2xi64>) -> tensor<1x2xi64>
// CHECK: %[[ALL:.*]] = "stablehlo.all_gather"(%[[ONE]]) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, use_global_device_ids}>
// CHECK: stablehlo.slice %[[ALL]] [0:1, 0:2]
// CHECK: stablehlo.slice %[[ALL]] [1:2, 0:2]
// CHECK-NOT: interpreter.run_parallel
module {
  func.func @twice(%x: tensor<2xi64>) -> tensor<2xi64> {
    %s = stablehlo.add %x, %x : tensor<2xi64>
    return %s : tensor<2xi64>
  }
  func.func @main() -> (tensor<2xi64>, tensor<2xi64>) {
    %a = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
    %b = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
    %r:2 = "interpreter.run_parallel"(%a, %b) {programs = [[@twice], [@twice]]} : (tensor<2xi64>, tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>)
    return %r#0, %r#1 : tensor<2xi64>, tensor<2xi64>
  }
}

// -----

func.func @f(%x: tensor<i64>) -> tensor<i64> {
  return %x : tensor<i64>
}
func.func @bad_rows(%a: tensor<i64>) -> tensor<i64> {
  // expected-error @+1 {{every row of programs must have as many programs (one per partition)}}
  %r = "interpreter.run_parallel"(%a) {programs = [[@f, @f], [@f]]} : (tensor<i64>) -> tensor<i64>
  return %r : tensor<i64>
}

// -----

func.func @f(%x: tensor<i64>) -> tensor<i64> {
  return %x : tensor<i64>
}
func.func @g(%x: tensor<i64>) -> tensor<i64> {
  return %x : tensor<i64>
}
func.func @different(%a: tensor<i64>, %b: tensor<i64>) -> (tensor<i64>, tensor<i64>) {
  // expected-error @+1 {{runs different programs (@f, @g) on its processes; jx runs one program on every device}}
  %r:2 = "interpreter.run_parallel"(%a, %b) {programs = [[@f], [@g]]} : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>)
  return %r#0, %r#1 : tensor<i64>, tensor<i64>
}
