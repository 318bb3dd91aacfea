// RUN: jx-opt %s -split-input-file | jx-opt -split-input-file | FileCheck %s
// RUN: jx-opt %s -split-input-file -mlir-print-op-generic | jx-opt -split-input-file | FileCheck %s

// What JAX attaches with Shardy is accepted and printed back: meshes,
// shardings kept as text, sharding_constraint, reshard, manual_computation.

// CHECK-LABEL: module @jit_f attributes {mhlo.num_partitions = 8 : i32}
// CHECK-NEXT: sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-NEXT: sdy.mesh @mesh2 = <["a"=2], device_ids=[1, 0]>
// CHECK-NEXT: sdy.mesh @empty = <[]>
// CHECK-NEXT: sdy.mesh @maximal = <[], device_ids=[3]>
// CHECK-NEXT: sdy.mesh @full = <["z"=8]>
// CHECK: func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {"y"}p1], replicated={}>})
// Written in full, a sharding keeps its exact text.
// CHECK-SAME: -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh,[{ "x" },{}]>})
// CHECK: %[[C:.*]] = sdy.sharding_constraint %arg0 <@mesh, [{}, {"y"}]> : tensor<8x8xf32>
// CHECK: %[[R:.*]] = sdy.reshard %[[C]] <@mesh, [{"x":(1)2, ?}, {}], replicated={"y"}> : tensor<8x8xf32>
// CHECK: %[[M:.*]] = sdy.manual_computation(%[[R]], %arg1) in_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%[[A:.*]]: tensor<4x8xf32>, %{{.*}}: tensor<4x8xf32>) {
// CHECK-NEXT: sdy.return %[[A]] : tensor<4x8xf32>
// CHECK-NEXT: } : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: stablehlo.add %[[M]], %[[M]] {other = #sdy<manual_axes{"x"}>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8}, custom>} : tensor<8x8xf32>

module @jit_f attributes {mhlo.num_partitions = 8 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=4]>
  sdy.mesh @mesh2 = <["a"=2], device_ids=[1, 0]>
  sdy.mesh @empty = <[]>
  sdy.mesh @maximal = <[], device_ids=[3]>
  sdy.mesh @full = #sdy.mesh<["z"=8]>
  func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {"y"}p1], replicated={}>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh,[{ "x" },{}]>}) {
    %0 = sdy.sharding_constraint %arg0 <@mesh, [{}, {"y"}]> : tensor<8x8xf32>
    %1 = sdy.reshard %0 <@mesh, [{"x":(1)2, ?}, {}], replicated={"y"}> : tensor<8x8xf32>
    %2 = sdy.manual_computation(%1, %arg1) in_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) {
      sdy.return %a : tensor<4x8xf32>
    } : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    %3 = stablehlo.add %2, %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8}, custom>, other = #sdy<manual_axes{"x"}>} : tensor<8x8xf32>
    return %3 : tensor<8x8xf32>
  }
}

// -----
// Attributes written without their prefix are rebuilt token by token, in
// canonical spacing, and print back the same way.

// CHECK-LABEL: module @stripped
module @stripped {
  sdy.mesh @mesh = < [ "x" = 2 ] , device_ids = [ 1 , 0 ] >
  // CHECK: sdy.mesh @mesh = <["x"=2], device_ids=[1, 0]>
  func.func @f(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    // CHECK: sdy.sharding_constraint %arg0 <@mesh, [{"x"}]> : tensor<8xf32>
    %0 = sdy.sharding_constraint %arg0 <  @mesh ,[ { "x" } ] > : tensor<8xf32>
    // CHECK: sdy.manual_computation(%{{.*}}) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{}]>] manual_axes={} (%{{.*}}: tensor<4xf32>) {
    %1 = sdy.manual_computation(%0) in_shardings=[ <@mesh, [{"x"}]> ] out_shardings=[<@mesh,[{}]>] manual_axes={ } (%a: tensor<4xf32>) {
      sdy.return %a : tensor<4xf32>
    } : (tensor<8xf32>) -> tensor<8xf32>
    return %1 : tensor<8xf32>
  }
}
