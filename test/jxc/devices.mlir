// jxc run --devices: a program compiled for several devices runs on that
// many, and says so when it cannot; a device that leaves the others waiting
// ends the run with an error on every device instead of a hang.
// RUN: rm -rf %t && mkdir -p %t
// RUN: split-file %s %t
// RUN: not jxc run %t/replicas.mlir --input "2x3xf32=1 2 3 4 5 6" 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not jxc run --devices 3 %t/replicas.mlir --input "2x3xf32=1 2 3 4 5 6" 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not jxc run --devices 2 %t/replicas.mlir --input "3xf32=1 2 3" 2>&1 | FileCheck %s --check-prefix=STACKED
// RUN: jxc run --devices 2 %t/replicas.mlir --input "2x3xf32=1 2 3 4 5 6" | FileCheck %s --check-prefix=SUM
// RUN: not jxc run --devices 2 %t/single.mlir --input "3xf32=1 2 3" 2>&1 | FileCheck %s --check-prefix=SINGLE
// RUN: not jxc run %t/partitioned.mlir --input "3xf32=1 2 3" 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: not jxc run --devices 2 %t/uneven.mlir 2>&1 | FileCheck %s --check-prefix=UNEVEN
// Replica 1 computes for a second before the all_reduce; replica 0 waits
// for it no longer than JX_COLLECTIVE_TIMEOUT:
// RUN: env JX_COLLECTIVE_TIMEOUT=0.2 not jxc run --devices 2 %t/slow.mlir --input "2xi32=0 3000" 2>&1 | FileCheck %s --check-prefix=TIMEOUT
// TIMEOUT: error: cpu:0: @main: all_reduce on cpu:0 timed out after 0.2 s waiting for the other devices (JX_COLLECTIVE_TIMEOUT)
// A serialized executable keeps its device count; jx-run (the runtime
// alone) runs it the same way:
// RUN: jxc compile %t/replicas.mlir --emit=executable -o %t/replicas.jxe
// RUN: jx-run %t/replicas.jxe --devices 2 --input "2x3xf32=1 2 3 4 5 6" | FileCheck %s --check-prefix=SUM
// RUN: not jx-run %t/replicas.jxe --input "2x3xf32=1 2 3 4 5 6" 2>&1 | FileCheck %s --check-prefix=RUNTIME
// RUNTIME: jx-run: error: @main runs on 2 devices (2 replicas x 1 partitions); run it with --devices 2

// MISSING: error: @main runs on 2 devices (mhlo.num_replicas = 2, mhlo.num_partitions = 1); run it with --devices 2
// COUNT: error: @main runs on 2 devices (mhlo.num_replicas = 2, mhlo.num_partitions = 1); --devices gives 3
// STACKED: error: input #0 f32[3] must hold the values of the 2 replicas stacked on its leading axis (f32[2,3])
// SUM: result[0]: f32[2,3]
// SUM-NEXT: {{\[\[}}5, 7, 9],
// SUM-NEXT: [5, 7, 9]]
// SINGLE: error: @main is a single-device program (no mhlo.num_replicas or mhlo.num_partitions above 1); --devices 2 does not apply
// ONE: all_reduce needs 2 devices (the program is compiled for 1 replicas x 2 partitions) and runs on one
// Replica 1 runs the loop's all_reduce once more than replica 0, which
// has finished:
// UNEVEN: error: cpu:1: @main: all_reduce on cpu:1 waits for cpu:0, which finished the program without joining it

//--- replicas.mlir
module attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
    %s = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %t = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
    return %s : tensor<3xf32>
  }
}

//--- single.mlir
func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  return %x : tensor<3xf32>
}

//--- partitioned.mlir
module attributes {mhlo.num_partitions = 2 : i32} {
  func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
    %s = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %t = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<3xf32>) -> tensor<3xf32>
    return %s : tensor<3xf32>
  }
}

//--- uneven.mlir
module attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main() -> tensor<f32> {
    %id = stablehlo.replica_id : tensor<ui32>
    %n = stablehlo.convert %id : (tensor<ui32>) -> tensor<i32>
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %acc0 = stablehlo.constant dense<1.0> : tensor<f32>
    %r:2 = stablehlo.while(%i = %zero, %acc = %acc0) : tensor<i32>, tensor<f32>
      cond {
        %c = stablehlo.compare LE, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %c : tensor<i1>
      } do {
        %s = "stablehlo.all_reduce"(%acc) ({
        ^bb0(%a: tensor<f32>, %b: tensor<f32>):
          %t = stablehlo.add %a, %b : tensor<f32>
          stablehlo.return %t : tensor<f32>
        }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<f32>) -> tensor<f32>
        %j = stablehlo.add %i, %one : tensor<i32>
        stablehlo.return %j, %s : tensor<i32>, tensor<f32>
      }
    return %r#1 : tensor<f32>
  }
}

//--- slow.mlir
module attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main(%n: tensor<i32>) -> tensor<f32> {
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %x0 = stablehlo.constant dense<1.0> : tensor<1048576xf32>
    %r:2 = stablehlo.while(%i = %zero, %x = %x0) : tensor<i32>, tensor<1048576xf32>
      cond {
        %c = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %c : tensor<i1>
      } do {
        %y = stablehlo.multiply %x, %x : tensor<1048576xf32>
        %j = stablehlo.add %i, %one : tensor<i32>
        stablehlo.return %j, %y : tensor<i32>, tensor<1048576xf32>
      }
    %s0 = stablehlo.constant dense<0.0> : tensor<f32>
    %sum = stablehlo.reduce(%r#1 init: %s0) applies stablehlo.add across dimensions = [0] : (tensor<1048576xf32>, tensor<f32>) -> tensor<f32>
    %t = "stablehlo.all_reduce"(%sum) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %u = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %u : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<f32>) -> tensor<f32>
    return %t : tensor<f32>
  }
}
