// RUN: jx-opt --jx-manual-computations --split-input-file --verify-diagnostics %s | FileCheck %s

// shard_map over a 2x2 mesh: each device slices its shard of the global
// operand at (its "x" coordinate * 4, its "y" coordinate * 3), runs the
// body, and the result split along "x" is gathered over the devices that
// differ only in "x" ({0, 2} and {1, 3}); the mesh goes away.
// CHECK-LABEL: func.func @two_axes
// CHECK-NOT: sdy.
// CHECK: %[[PID:.*]] = stablehlo.partition_id
// CHECK: %[[ID:.*]] = stablehlo.convert %[[PID]] : (tensor<ui32>) -> tensor<i64>
// CHECK: stablehlo.divide %[[ID]]
// CHECK: %[[S:.*]] = stablehlo.dynamic_slice %arg0, %{{.*}}, %{{.*}}, sizes = [4, 3]
// CHECK: %[[R:.*]] = "stablehlo.all_reduce"(%[[S]])
// CHECK-SAME: replica_groups = dense<{{\[\[}}0, 1], [2, 3]]>
// CHECK: %[[G:.*]] = "stablehlo.all_gather"(%[[R]]) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 2], [1, 3]]> : tensor<2x2xi64>, use_global_device_ids}> : (tensor<4x3xf32>) -> tensor<8x3xf32>
// CHECK: return %[[G]]
module attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func @two_axes(%arg0: tensor<8x6xf32>) -> tensor<8x3xf32> {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x", "y"} (%arg1: tensor<4x3xf32>) {
      %1 = "stablehlo.all_reduce"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %2 = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %2 : tensor<f32>
      }) : (tensor<4x3xf32>) -> tensor<4x3xf32>
      sdy.return %1 : tensor<4x3xf32>
    } : (tensor<8x6xf32>) -> tensor<8x3xf32>
    return %0 : tensor<8x3xf32>
  }
}

// -----

// A mesh with device_ids: the device's position in the mesh is looked up
// from its partition id, and the gathered groups list the mesh's devices.
// CHECK-LABEL: func.func @device_ids
// CHECK: %[[TABLE:.*]] = stablehlo.constant dense<[2, 3, 0, 1]> : tensor<4xi64>
// CHECK: stablehlo.dynamic_slice %[[TABLE]]
// CHECK: "stablehlo.all_gather"
// CHECK-SAME: replica_groups = dense<{{\[\[}}2, 3, 0, 1]]> : tensor<1x4xi64>
module attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["i"=4], device_ids=[2, 3, 0, 1]>
  func.func @device_ids(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"i"}]>] out_shardings=[<@mesh, [{"i"}]>] manual_axes={"i"} (%arg1: tensor<2xf32>) {
      sdy.return %arg1 : tensor<2xf32>
    } : (tensor<8xf32>) -> tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}

// -----

module attributes {mhlo.num_partitions = 2 : i32} {
  sdy.mesh @mesh = <["i"=4]>
  func.func @too_many(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    // expected-error @+1 {{runs on a mesh of 4 devices in a program compiled for 2 partitions (mhlo.num_partitions)}}
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"i"}]>] out_shardings=[<@mesh, [{"i"}]>] manual_axes={"i"} (%arg1: tensor<2xf32>) {
      sdy.return %arg1 : tensor<2xf32>
    } : (tensor<8xf32>) -> tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}

// -----

module attributes {mhlo.num_partitions = 2 : i32} {
  sdy.mesh @mesh = <["i"=2]>
  func.func @wrong_shard(%arg0: tensor<8xf32>) -> tensor<2xf32> {
    // expected-error @+1 {{operand 0 'tensor<8xf32>' split as its in_sharding says is not the body's argument 'tensor<2xf32>'}}
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"i"}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"i"} (%arg1: tensor<2xf32>) {
      sdy.return %arg1 : tensor<2xf32>
    } : (tensor<8xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
