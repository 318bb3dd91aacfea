// RUN: jx-opt --jx-collectives-to-runtime --split-input-file --verify-diagnostics %s | FileCheck %s

// A module for 2 replicas. An all_reduce whose region is one add of f32
// goes to the runtime whole (descriptor: version 2, kind all_reduce, mode
// cross_replica, op all_reduce, 2 x 1 devices, 12 bytes, groups 1 x 2,
// reduction sum, element f32, then the group [0, 1]); one on f16 gathers
// every replica's operand (kind all_gather) and folds the parts in group
// order with the op's region (stablehlo.map); all_gather moves the group
// axis next to its dimension, unsigned integers travelling as signless ones.
// CHECK-DAG: memref.global "private" constant @[[AR:__jx_collective_desc]] : memref<13xi64> = dense<[2, 6, 0, 3, 2, 1, 12, 1, 2, 0, 0, 0, 1]>
// CHECK-DAG: memref.global "private" constant @[[FOLD:__jx_collective_desc_0]] : memref<13xi64> = dense<[2, 2, 0, 3, 2, 1, 6, 1, 2, 0, 0, 0, 1]>
// CHECK-DAG: memref.global "private" constant @[[AG:__jx_collective_desc_1]] : memref<13xi64> = dense<[2, 2, 0, 2, 2, 1, 6, 1, 2, 0, 0, 0, 1]>
// CHECK-DAG: func.func private @jx_rt_collective(i64, i64, i64)
// CHECK-LABEL: func.func @all_reduce
// CHECK: memref.get_global @[[AR]]
// CHECK: %[[OUT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
// CHECK: call @jx_rt_collective
// CHECK: %[[R:.*]] = bufferization.to_tensor %[[OUT]]
// CHECK-NOT: stablehlo.map
// CHECK: return %[[R]]
// CHECK-LABEL: func.func @all_reduce_fold
// CHECK: memref.get_global @[[FOLD]]
// CHECK: %[[OUT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3xf16>
// CHECK: call @jx_rt_collective
// CHECK: %[[ALL:.*]] = bufferization.to_tensor %[[OUT]]
// CHECK: %[[P0:.*]] = stablehlo.slice %[[ALL]] [0:1, 0:3]
// CHECK: %[[P1:.*]] = stablehlo.slice %[[ALL]] [1:2, 0:3]
// CHECK: "stablehlo.map"
// CHECK: stablehlo.add
// CHECK-LABEL: func.func @all_gather
// CHECK: stablehlo.bitcast_convert %arg0 : (tensor<2x3xui8>) -> tensor<2x3xi8>
// CHECK: memref.get_global @[[AG]]
// CHECK: call @jx_rt_collective
// CHECK: stablehlo.bitcast_convert %{{.*}} : (tensor<2x2x3xi8>) -> tensor<2x2x3xui8>
// CHECK: stablehlo.transpose %{{.*}}, dims = [1, 0, 2]
// CHECK: stablehlo.reshape %{{.*}} : (tensor<2x2x3xui8>) -> tensor<2x6xui8>
module attributes {mhlo.num_replicas = 2 : i32} {
  func.func @all_reduce(%x: tensor<3xf32>) -> tensor<3xf32> {
    %s = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %t = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
    return %s : tensor<3xf32>
  }
  func.func @all_reduce_fold(%x: tensor<3xf16>) -> tensor<3xf16> {
    %s = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f16>, %b: tensor<f16>):
      %t = stablehlo.add %a, %b : tensor<f16>
      stablehlo.return %t : tensor<f16>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xf16>) -> tensor<3xf16>
    return %s : tensor<3xf16>
  }
  func.func @all_gather(%x: tensor<2x3xui8>) -> tensor<2x6xui8> {
    %g = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x3xui8>) -> tensor<2x6xui8>
    return %g : tensor<2x6xui8>
  }
}

// -----

// One device: the collectives stay for the single-device lowering.
// CHECK-LABEL: func.func @one
// CHECK: stablehlo.all_reduce
// CHECK-NOT: jx_rt_collective
func.func @one(%x: tensor<3xf32>) -> tensor<3xf32> {
  %s = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<3xf32>) -> tensor<3xf32>
  return %s : tensor<3xf32>
}

// -----

// Groups of different sizes: the runtime's reduction takes them; the
// compiled fold (here of f16) needs one size.
module attributes {mhlo.num_replicas = 4 : i32} {
  func.func @uneven(%x: tensor<3xf32>, %h: tensor<3xf16>) -> (tensor<3xf32>, tensor<3xf16>) {
    %s = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %t = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) {replica_groups = dense<[[0, 1, 2], [3, -1, -1]]> : tensor<2x3xi64>} : (tensor<3xf32>) -> tensor<3xf32>
    // expected-error @+1 {{process groups of different sizes (-1 in replica_groups) are not supported}}
    %f = "stablehlo.all_reduce"(%h) ({
    ^bb0(%a: tensor<f16>, %b: tensor<f16>):
      %t = stablehlo.add %a, %b : tensor<f16>
      stablehlo.return %t : tensor<f16>
    }) {replica_groups = dense<[[0, 1, 2], [3, -1, -1]]> : tensor<2x3xi64>} : (tensor<3xf16>) -> tensor<3xf16>
    return %s, %f : tensor<3xf32>, tensor<3xf16>
  }
}

// -----

module attributes {mhlo.num_replicas = 2 : i32} {
  func.func @out_of_range(%x: tensor<3xf32>) -> tensor<3xf32> {
    // expected-error @+1 {{source_target_pairs name id 2 (there are 2)}}
    %p = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 2]]> : tensor<1x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
    return %p : tensor<3xf32>
  }
}
