// all_reduce's element types and reductions on 2 replicas: the runtime's
// fold (f32 maximum propagating NaN, i32 sums wrapping, f64 product) and
// the compiler's fold of the gathered parts (f16, a region of two ops).
// Replica r has x = [r + 1, NaN if r = 1, -r], i = [2^31 - 1, r], and
// h = [0.5 + r, 2].
// RUN: jxc run --devices 2 %s --input "2x3xf32=1 2 0 2 nan -1" --input "2x2xi32=2147483647 0 2147483647 1" --input "2x2xf16=0.5 2 1.5 2" | FileCheck %s

// CHECK: result[0]: f32[2,3]
// CHECK-NEXT: {{\[\[}}2, nan, 0],
// CHECK-NEXT:  [2, nan, 0]]
// CHECK: result[1]: i32[2,2]
// CHECK-NEXT: {{\[\[}}-2, 1],
// CHECK-NEXT:  [-2, 1]]
// CHECK: result[2]: f64[2,3]
// CHECK-NEXT: {{\[\[}}2, nan, -0],
// CHECK-NEXT:  [2, nan, -0]]
// (a + b) * 2 folded in group order: ((0.5 + 1.5) * 2, (2 + 2) * 2)
// CHECK: result[3]: f16[2,2]
// CHECK-NEXT: {{\[\[}}4, 8],
// CHECK-NEXT:  [4, 8]]
// CHECK: PASS main
module attributes {mhlo.num_replicas = 2 : i32} {
  func.func @main(%x: tensor<3xf32>, %i: tensor<2xi32>, %h: tensor<2xf16>) -> (tensor<3xf32>, tensor<2xi32>, tensor<3xf64>, tensor<2xf16>) {
    %m = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %t = stablehlo.maximum %b, %a : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
    %s = "stablehlo.all_reduce"(%i) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %t = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %t : tensor<i32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi32>) -> tensor<2xi32>
    %x64 = stablehlo.convert %x : (tensor<3xf32>) -> tensor<3xf64>
    %p = "stablehlo.all_reduce"(%x64) ({
    ^bb0(%a: tensor<f64>, %b: tensor<f64>):
      %t = stablehlo.multiply %a, %b : tensor<f64>
      stablehlo.return %t : tensor<f64>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xf64>) -> tensor<3xf64>
    %f = "stablehlo.all_reduce"(%h) ({
    ^bb0(%a: tensor<f16>, %b: tensor<f16>):
      %t = stablehlo.add %a, %b : tensor<f16>
      %two = stablehlo.constant dense<2.0> : tensor<f16>
      %u = stablehlo.multiply %t, %two : tensor<f16>
      stablehlo.return %u : tensor<f16>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf16>) -> tensor<2xf16>
    return %m, %s, %p, %f : tensor<3xf32>, tensor<2xi32>, tensor<3xf64>, tensor<2xf16>
  }
}
