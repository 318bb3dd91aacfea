// collective_broadcast with a dynamic root on 3 replicas, replica_groups
// [[1, 0]]: root [1] picks the group's participant 1, replica 0, whose x is
// [1, 10]; replica 2 is in no group and gets zeros, as the spec says.
// Replica r has x = [r + 1, 10 (r + 1)].
// RUN: jxc run --devices 3 %s --input "3x2xf32=1 10 2 20 3 30" --input "3x1xi32=1 1 1" | FileCheck %s

// CHECK: result[0]: f32[3,2]
// CHECK-NEXT: {{\[\[}}1, 10],
// CHECK-NEXT:  [1, 10],
// CHECK-NEXT:  [0, 0]]
// CHECK: PASS main
module attributes {mhlo.num_replicas = 3 : i32} {
  func.func @main(%x: tensor<2xf32>, %root: tensor<1xi32>) -> tensor<2xf32> {
    %r = "stablehlo.collective_broadcast"(%x, %root) {
      replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>,
      has_dynamic_root
    } : (tensor<2xf32>, tensor<1xi32>) -> tensor<2xf32>
    return %r : tensor<2xf32>
  }
}
