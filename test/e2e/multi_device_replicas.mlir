// Every collective of a program compiled for 4 replicas, on 4 devices of one
// process (jxc run --devices 4): each input holds the 4 replicas values
// stacked on its leading axis and each result comes back stacked the same
// way. Replica r has x = [r+1, 10(r+1)]; y = iota + 10r.
// RUN: jxc run --devices 4 %s --input "4x2xf32=1 10 2 20 3 30 4 40" | FileCheck %s
// One thread for the four devices, and the same bits:
// RUN: rm -rf %t && env JX_NUM_THREADS=1 jxc run --devices 4 %s --input "4x2xf32=1 10 2 20 3 30 4 40" --output-dir %t/one
// RUN: jxc run --devices 4 %s --input "4x2xf32=1 10 2 20 3 30 4 40" --output-dir %t/four
// RUN: cmp %t/one/result0.npy %t/four/result0.npy && cmp %t/one/result5.npy %t/four/result5.npy

// all_reduce (sum) over all four
// CHECK: result[0]: f32[4,2]
// CHECK-NEXT: {{\[\[}}10, 100],
// CHECK-NEXT:  [10, 100],
// CHECK-NEXT:  [10, 100],
// CHECK-NEXT:  [10, 100]]
// all_reduce (max) over {0, 2} and {1, 3}
// CHECK: result[1]: f32[4,2]
// CHECK-NEXT: {{\[\[}}3, 30],
// CHECK-NEXT:  [4, 40],
// CHECK-NEXT:  [3, 30],
// CHECK-NEXT:  [4, 40]]
// all_gather over {0, 1} and {2, 3}, in group order
// CHECK: result[2]: f32[4,4]
// CHECK-NEXT: {{\[\[}}1, 10, 2, 20],
// CHECK-NEXT:  [1, 10, 2, 20],
// CHECK-NEXT:  [3, 30, 4, 40],
// CHECK-NEXT:  [3, 30, 4, 40]]
// collective_permute 0->1->2->3: zeros where nothing arrives
// CHECK: result[3]: f32[4,2]
// CHECK-NEXT: {{\[\[}}0, 0],
// CHECK-NEXT:  [1, 10],
// CHECK-NEXT:  [2, 20],
// CHECK-NEXT:  [3, 30]]
// all_to_all: part r of every replica goes to replica r
// CHECK: result[4]: f32[4,4]
// CHECK-NEXT: {{\[\[}}0, 10, 20, 30],
// CHECK-NEXT:  [1, 11, 21, 31],
// CHECK-NEXT:  [2, 12, 22, 32],
// CHECK-NEXT:  [3, 13, 23, 33]]
// reduce_scatter (sum): replica r keeps the sum of part r, 4r + 60
// CHECK: result[5]: f32[4,1]
// CHECK-NEXT: {{\[\[}}60],
// CHECK-NEXT:  [64],
// CHECK-NEXT:  [68],
// CHECK-NEXT:  [72]]
// CHECK: result[6]: u32[4]
// CHECK-NEXT: [0, 1, 2, 3]
// collective_broadcast from the first of {1, 0} and of {3, 2}
// CHECK: result[7]: f32[4,2]
// CHECK-NEXT: {{\[\[}}2, 20],
// CHECK-NEXT:  [2, 20],
// CHECK-NEXT:  [4, 40],
// CHECK-NEXT:  [4, 40]]
// CHECK: PASS main

module attributes {mhlo.num_replicas = 4 : i32, mhlo.num_partitions = 1 : i32} {
func.func @main(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<4xf32>, tensor<2xf32>, tensor<4xf32>, tensor<1xf32>, tensor<ui32>, tensor<2xf32>) {
  %sum = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  %max = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  %g = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<4xf32>
  %p = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  %id = stablehlo.replica_id : tensor<ui32>
  %idf = stablehlo.convert %id : (tensor<ui32>) -> tensor<f32>
  %ten = stablehlo.constant dense<10.0> : tensor<f32>
  %r10 = stablehlo.multiply %idf, %ten : tensor<f32>
  %r10b = stablehlo.broadcast_in_dim %r10, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %io = stablehlo.iota dim = 0 : tensor<4xf32>
  %y = stablehlo.add %io, %r10b : tensor<4xf32>
  %a2a = "stablehlo.all_to_all"(%y) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 4 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  %rs = "stablehlo.reduce_scatter"(%y) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<4xf32>) -> tensor<1xf32>
  %bc = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[1, 0], [3, 2]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return %sum, %max, %g, %p, %a2a, %rs, %id, %bc : tensor<2xf32>, tensor<2xf32>, tensor<4xf32>, tensor<2xf32>, tensor<4xf32>, tensor<1xf32>, tensor<ui32>, tensor<2xf32>
}
}
