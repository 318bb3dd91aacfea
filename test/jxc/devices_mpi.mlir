// REQUIRES: mpirun
// jxc run under mpirun: each process is one device of the program's grid;
// rank 0 prints the results, which equal those of the devices in one
// process; a process that goes elsewhere ends every process with an error.
// RUN: rm -rf %t && mkdir -p %t
// RUN: split-file %s %t
// RUN: %mpirun 4 jxc run %jx_src_root/test/e2e/multi_device_replicas.mlir --input "4x2xf32=1 10 2 20 3 30 4 40" --output-dir %t/mpi > %t/mpi.txt
// RUN: jxc run --devices 4 %jx_src_root/test/e2e/multi_device_replicas.mlir --input "4x2xf32=1 10 2 20 3 30 4 40" --output-dir %t/threads > %t/threads.txt
// RUN: diff %t/mpi.txt %t/threads.txt
// RUN: cmp %t/mpi/result0.npy %t/threads/result0.npy && cmp %t/mpi/result5.npy %t/threads/result5.npy
// A partitioned JAX program (shard_map over a 2x2 mesh) on 4 processes:
// RUN: %mpirun 4 jxc run %jx_src_root/test/Fixtures/multidevice/shard_map_2d.mlir --input %jx_src_root/test/Fixtures/multidevice/shard_map_2d.in0.npy --output-dir %t/smap
// RUN: python3 -c "import numpy as n, sys; a = n.load('%t/smap/result0.npy'); b = n.load('%jx_src_root/test/Fixtures/multidevice/shard_map_2d.out0.npy'); sys.exit(0 if n.allclose(a, b, rtol=1e-6) else 1)"
// RUN: not %mpirun 3 jxc run %t/two.mlir --input "3xf32=1 2 3" 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: env JX_COLLECTIVE_TIMEOUT=20 not %mpirun 2 jxc run %t/uneven.mlir 2>&1 | FileCheck %s --check-prefix=UNEVEN

// Rank 1 computes for a second before the all_reduce; rank 0's watchdog
// ends every process after JX_COLLECTIVE_TIMEOUT:
// RUN: not %mpirun 2 -x JX_COLLECTIVE_TIMEOUT=0.2 jxc run %t/slow.mlir --input "2xi32=0 3000" 2>&1 | FileCheck %s --check-prefix=TIMEOUT
// TIMEOUT: jx: error: rank 0: all_reduce (its call #1) timed out after 0.2 s waiting for the other processes (JX_COLLECTIVE_TIMEOUT); ending every process

// COUNT: runs on 2 devices (mhlo.num_replicas = 1, mhlo.num_partitions = 2); mpirun started 3 processes of one device each
// UNEVEN-DAG: rank 1: @main: all_reduce on rank 1 (its call #2) met another collective on rank 0 (the processes' programs or control flow differ)

//--- two.mlir
module attributes {mhlo.num_partitions = 2 : i32} {
  func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
    return %x : tensor<3xf32>
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
