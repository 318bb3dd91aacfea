// RUN: jx-opt %s | jx-opt | FileCheck %s
// RUN: jx-opt %s -mlir-print-op-generic | jx-opt | FileCheck %s

// Collectives print in the generic form, as upstream tools do; the inputs
// below use the `{...}` attribute dictionary of hand-written programs.

// CHECK-LABEL: func @all_reduce
func.func @all_reduce(%x: tensor<4xi64>) -> tensor<4xi64> {
  // CHECK: "stablehlo.all_reduce"(%{{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> ({
  // CHECK-NEXT: ^{{.*}}(%[[A:.*]]: tensor<i64>, %[[B:.*]]: tensor<i64>):
  // CHECK-NEXT: %[[S:.*]] = stablehlo.add %[[A]], %[[B]] : tensor<i64>
  // CHECK-NEXT: stablehlo.return %[[S]] : tensor<i64>
  // CHECK-NEXT: }) : (tensor<4xi64>) -> tensor<4xi64>
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// CHECK-LABEL: func @all_reduce_variadic_global_ids
func.func @all_reduce_variadic_global_ids(%x: tensor<4xf32>, %y: tensor<5xf32>) -> (tensor<4xf32>, tensor<5xf32>) {
  // CHECK: "stablehlo.all_reduce"(%{{.*}}, %{{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1], [2, -1]]> : tensor<2x2xi64>, use_global_device_ids}>
  // CHECK: (tensor<4xf32>, tensor<5xf32>) -> (tensor<4xf32>, tensor<5xf32>)
  %0:2 = "stablehlo.all_reduce"(%x, %y) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {
    replica_groups = dense<[[0, 1], [2, -1]]> : tensor<2x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
    use_global_device_ids
  } : (tensor<4xf32>, tensor<5xf32>) -> (tensor<4xf32>, tensor<5xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<5xf32>
}

// A computation on a wider element type than the operand (is_promotable).
// CHECK-LABEL: func @all_reduce_promoted
func.func @all_reduce_promoted(%x: tensor<4xf16>) -> tensor<4xf32> {
  // CHECK: "stablehlo.all_reduce"
  // CHECK: (tensor<4xf16>) -> tensor<4xf32>
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func @all_gather
func.func @all_gather(%x: tensor<2x2xi64>) -> tensor<2x4xi64> {
  // CHECK: "stablehlo.all_gather"(%{{.*}}) <{all_gather_dim = 1 : i64, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> : (tensor<2x2xi64>) -> tensor<2x4xi64>
  %0 = "stablehlo.all_gather"(%x) {
    all_gather_dim = 1 : i64,
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
  } : (tensor<2x2xi64>) -> tensor<2x4xi64>
  return %0 : tensor<2x4xi64>
}

// cross_replica_and_partition: the group also spans partitions, so the
// gathered size is only known to be a multiple of the operand's.
// CHECK-LABEL: func @all_gather_variadic_partitions
func.func @all_gather_variadic_partitions(%x: tensor<2x2xi64>, %y: tensor<2x2xi32>) -> (tensor<2x8xi64>, tensor<2x8xi32>) {
  // CHECK: "stablehlo.all_gather"(%{{.*}}, %{{.*}}) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> : (tensor<2x2xi64>, tensor<2x2xi32>) -> (tensor<2x8xi64>, tensor<2x8xi32>)
  %0:2 = "stablehlo.all_gather"(%x, %y) {
    all_gather_dim = 1 : i64,
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle=1, type=0>
  } : (tensor<2x2xi64>, tensor<2x2xi32>) -> (tensor<2x8xi64>, tensor<2x8xi32>)
  return %0#0, %0#1 : tensor<2x8xi64>, tensor<2x8xi32>
}

// CHECK-LABEL: func @all_gather_dynamic
func.func @all_gather_dynamic(%x: tensor<?x2xf32>) -> tensor<?x2xf32> {
  // CHECK: "stablehlo.all_gather"(%{{.*}}) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<?x2xf32>) -> tensor<?x2xf32>
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<?x2xf32>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// CHECK-LABEL: func @all_to_all
func.func @all_to_all(%x: tensor<2x4xi64>) -> tensor<4x2xi64> {
  // CHECK: "stablehlo.all_to_all"(%{{.*}}) <{concat_dimension = 0 : i64, replica_groups = dense<{{\[\[}}1, 0]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x4xi64>) -> tensor<4x2xi64>
  %0 = "stablehlo.all_to_all"(%x) {
    split_dimension = 1 : i64,
    concat_dimension = 0 : i64,
    split_count = 2 : i64,
    replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>
  } : (tensor<2x4xi64>) -> tensor<4x2xi64>
  return %0 : tensor<4x2xi64>
}

// CHECK-LABEL: func @all_to_all_variadic
func.func @all_to_all_variadic(%x: tensor<2x4xi64>, %y: tensor<3x4xi32>) -> (tensor<4x2xi64>, tensor<6x2xi32>) {
  // CHECK: "stablehlo.all_to_all"(%{{.*}}, %{{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, concat_dimension = 0 : i64, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x4xi64>, tensor<3x4xi32>) -> (tensor<4x2xi64>, tensor<6x2xi32>)
  %0:2 = "stablehlo.all_to_all"(%x, %y) {
    split_dimension = 1 : i64,
    concat_dimension = 0 : i64,
    split_count = 2 : i64,
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>
  } : (tensor<2x4xi64>, tensor<3x4xi32>) -> (tensor<4x2xi64>, tensor<6x2xi32>)
  return %0#0, %0#1 : tensor<4x2xi64>, tensor<6x2xi32>
}

// CHECK-LABEL: func @all_to_all_same_dim
func.func @all_to_all_same_dim(%x: tensor<2x4xi64>) -> tensor<2x4xi64> {
  // CHECK: "stablehlo.all_to_all"
  // CHECK-SAME: (tensor<2x4xi64>) -> tensor<2x4xi64>
  %0 = "stablehlo.all_to_all"(%x) {
    split_dimension = 0 : i64,
    concat_dimension = 0 : i64,
    split_count = 2 : i64,
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
  } : (tensor<2x4xi64>) -> tensor<2x4xi64>
  return %0 : tensor<2x4xi64>
}

// CHECK-LABEL: func @reduce_scatter
func.func @reduce_scatter(%x: tensor<2x4xi64>) -> tensor<2x2xi64> {
  // CHECK: "stablehlo.reduce_scatter"(%{{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, scatter_dimension = 1 : i64, use_global_device_ids}> ({
  // CHECK: stablehlo.return
  // CHECK-NEXT: }) : (tensor<2x4xi64>) -> tensor<2x2xi64>
  %0 = "stablehlo.reduce_scatter"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {
    scatter_dimension = 1 : i64,
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>,
    use_global_device_ids
  } : (tensor<2x4xi64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}

// CHECK-LABEL: func @collective_permute
func.func @collective_permute(%x: tensor<2x2xi64>) -> tensor<2x2xi64> {
  // CHECK: "stablehlo.collective_permute"(%{{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [3, 3], [4, 4]]> : tensor<4x2xi64>}> : (tensor<2x2xi64>) -> tensor<2x2xi64>
  %0 = "stablehlo.collective_permute"(%x) {
    source_target_pairs = dense<[[0, 1], [1, 2], [3, 3], [4, 4]]> : tensor<4x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<2x2xi64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}

// CHECK-LABEL: func @collective_broadcast
func.func @collective_broadcast(%x: tensor<1x2xi64>) -> tensor<1x2xi64> {
  // CHECK: "stablehlo.collective_broadcast"(%{{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<{{\[\[}}2, 1, 0]]> : tensor<1x3xi64>}> : (tensor<1x2xi64>) -> tensor<1x2xi64>
  %0 = "stablehlo.collective_broadcast"(%x) {
    replica_groups = dense<[[2, 1, 0]]> : tensor<1x3xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>
  } : (tensor<1x2xi64>) -> tensor<1x2xi64>
  return %0 : tensor<1x2xi64>
}

// CHECK-LABEL: func @collective_broadcast_dynamic_root
func.func @collective_broadcast_dynamic_root(%x: tensor<1x2xi64>, %y: tensor<1x2xi64>, %root: tensor<2xi32>) -> (tensor<1x2xi64>, tensor<1x2xi64>) {
  // CHECK: "stablehlo.collective_broadcast"(%{{.*}}, %{{.*}}, %{{.*}}) <{has_dynamic_root, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> : (tensor<1x2xi64>, tensor<1x2xi64>, tensor<2xi32>) -> (tensor<1x2xi64>, tensor<1x2xi64>)
  %0:2 = "stablehlo.collective_broadcast"(%x, %y, %root) {
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
    has_dynamic_root
  } : (tensor<1x2xi64>, tensor<1x2xi64>, tensor<2xi32>) -> (tensor<1x2xi64>, tensor<1x2xi64>)
  return %0#0, %0#1 : tensor<1x2xi64>, tensor<1x2xi64>
}

// CHECK-LABEL: func @ids
func.func @ids() -> (tensor<ui32>, tensor<ui32>, tensor<ui32>) {
  // CHECK: stablehlo.replica_id : tensor<ui32>
  %0 = stablehlo.replica_id : tensor<ui32>
  // CHECK: stablehlo.partition_id : tensor<ui32>
  %1 = stablehlo.partition_id : tensor<ui32>
  // CHECK: stablehlo.replica_id : tensor<ui32>
  %2 = "stablehlo.replica_id"() : () -> tensor<ui32>
  return %0, %1, %2 : tensor<ui32>, tensor<ui32>, tensor<ui32>
}

// CHECK-LABEL: func @send_recv
func.func @send_recv(%x: tensor<2x2xi64>, %t: !stablehlo.token) -> (!stablehlo.token, tensor<2x2xi64>, !stablehlo.token) {
  // CHECK: "stablehlo.send"(%{{.*}}, %{{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true}> : (tensor<2x2xi64>, !stablehlo.token) -> !stablehlo.token
  %0 = "stablehlo.send"(%x, %t) {
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>,
    is_host_transfer = true
  } : (tensor<2x2xi64>, !stablehlo.token) -> !stablehlo.token
  // CHECK: "stablehlo.recv"(%{{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true}> : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
  %1:2 = "stablehlo.recv"(%t) {
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>,
    is_host_transfer = true
  } : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
  return %0, %1#0, %1#1 : !stablehlo.token, tensor<2x2xi64>, !stablehlo.token
}

// CHECK-LABEL: func @send_recv_device
func.func @send_recv_device(%x: tensor<2xf32>, %t: !stablehlo.token) -> (!stablehlo.token, !stablehlo.token) {
  // CHECK: "stablehlo.send"(%{{.*}}, %{{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, source_target_pairs = dense<{{\[\[}}0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  %0 = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  // CHECK: "stablehlo.recv"(%{{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, is_host_transfer = false}> : (!stablehlo.token) -> !stablehlo.token
  %1 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, is_host_transfer = false} : (!stablehlo.token) -> !stablehlo.token
  return %0, %1 : !stablehlo.token, !stablehlo.token
}

// CHECK-LABEL: func @infeed_outfeed
func.func @infeed_outfeed(%t: !stablehlo.token, %x: tensor<2x2x2xi64>) -> (tensor<2x2xi64>, !stablehlo.token, !stablehlo.token) {
  // CHECK: "stablehlo.infeed"(%{{.*}}) <{infeed_config = ""}> : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
  %0:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
  // CHECK: "stablehlo.infeed"(%{{.*}}) <{infeed_config = "cfg", layout = {{\[\[}}1, 0]]}> : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
  %1:2 = "stablehlo.infeed"(%t) {infeed_config = "cfg", layout = [[1, 0]]} : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
  // CHECK: "stablehlo.outfeed"(%{{.*}}, %{{.*}}) <{outfeed_config = ""}> : (tensor<2x2x2xi64>, !stablehlo.token) -> !stablehlo.token
  %2 = "stablehlo.outfeed"(%x, %t) : (tensor<2x2x2xi64>, !stablehlo.token) -> !stablehlo.token
  // CHECK: "stablehlo.infeed"(%{{.*}}) <{infeed_config = ""}> : (!stablehlo.token) -> !stablehlo.token
  %3 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> !stablehlo.token
  return %0#0, %2, %3 : tensor<2x2xi64>, !stablehlo.token, !stablehlo.token
}

// CHECK-LABEL: func @tokens
func.func @tokens(%a: !stablehlo.token) -> !stablehlo.token {
  // CHECK: %[[T0:.*]] = stablehlo.after_all : !stablehlo.token
  %0 = stablehlo.after_all : !stablehlo.token
  // CHECK: %[[T1:.*]] = stablehlo.create_token : !stablehlo.token
  %1 = stablehlo.create_token : !stablehlo.token
  // CHECK: %[[T2:.*]] = stablehlo.after_all %{{.*}}, %[[T0]], %[[T1]] : !stablehlo.token
  %2 = stablehlo.after_all %a, %0, %1 : !stablehlo.token
  // CHECK: stablehlo.after_all %[[T2]], %[[T2]] : !stablehlo.token
  %3 = "stablehlo.after_all"(%2, %2) : (!stablehlo.token, !stablehlo.token) -> !stablehlo.token
  // CHECK: stablehlo.after_all %{{.*}} : !stablehlo.token
  %4 = stablehlo.after_all %3 : (!stablehlo.token) -> !stablehlo.token
  // CHECK: stablehlo.create_token : !stablehlo.token
  %5 = "stablehlo.create_token"() : () -> !stablehlo.token
  return %4 : !stablehlo.token
}
