// RUN: jx-opt %s --chlo-legalize-to-stablehlo --split-input-file | FileCheck %s

// top_k: stable descending sort of (values, iota), then the first k.
// CHECK-LABEL: func.func @top_k
func.func @top_k(%x: tensor<5x3xf16>) -> (tensor<5x2xf16>, tensor<5x2xi32>) {
  // CHECK: %[[IOTA:.*]] = stablehlo.iota dim = 1 : tensor<5x3xi32>
  // CHECK: %[[SORT:.*]]:2 = "stablehlo.sort"(%arg0, %[[IOTA]]) <{dimension = 1 : i64, is_stable = true}>
  // CHECK: ^bb0(%[[A:.*]]: tensor<f16>, %[[B:.*]]: tensor<f16>, %{{.*}}: tensor<i32>, %{{.*}}: tensor<i32>):
  // CHECK: %[[GT:.*]] = stablehlo.compare GT, %[[A]], %[[B]], TOTALORDER
  // CHECK: stablehlo.return %[[GT]]
  // CHECK: %[[V:.*]] = stablehlo.slice %[[SORT]]#0 [0:5, 0:2]
  // CHECK: %[[I:.*]] = stablehlo.slice %[[SORT]]#1 [0:5, 0:2]
  // CHECK: return %[[V]], %[[I]]
  %values, %indices = chlo.top_k(%x, k = 2) : tensor<5x3xf16> -> (tensor<5x2xf16>, tensor<5x2xi32>)
  return %values, %indices : tensor<5x2xf16>, tensor<5x2xi32>
}

// -----

// scan: a while loop over the index with the outputs as loop state.
// CHECK-LABEL: func.func @scan
func.func @scan(%input: tensor<4xi32>, %init: tensor<i32>) -> (tensor<4xi32>, tensor<i32>) {
  // CHECK: %[[W:.*]]:3 = stablehlo.while(%[[I:.*]] = %{{.*}}, %[[C:.*]] = %arg1, %[[ACC:.*]] = %{{.*}})
  // CHECK: cond {
  // CHECK: stablehlo.compare LT, %[[I]]
  // CHECK: } do {
  // CHECK: %[[S:.*]] = stablehlo.dynamic_slice %arg0, %[[I]], sizes = [1]
  // CHECK: %[[E:.*]] = stablehlo.reshape %[[S]] : (tensor<1xi32>) -> tensor<i32>
  // CHECK: %[[SUM:.*]] = stablehlo.add %[[E]], %[[C]] : tensor<i32>
  // CHECK: %[[NEXT:.*]] = stablehlo.add %[[I]], %{{.*}} : tensor<i64>
  // CHECK: %[[R:.*]] = stablehlo.reshape %[[SUM]] : (tensor<i32>) -> tensor<1xi32>
  // CHECK: %[[U:.*]] = stablehlo.dynamic_update_slice %[[ACC]], %[[R]], %[[I]]
  // CHECK: stablehlo.return %[[NEXT]], %[[SUM]], %[[U]]
  // CHECK: return %[[W]]#2, %[[W]]#1
  %0:2 = chlo.scan(%input) inits(%init) dimension = 0 {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %1 = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %1, %1 : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  return %0#0, %0#1 : tensor<4xi32>, tensor<i32>
}

// -----

// is_reverse walks the index down from the end.
// CHECK-LABEL: func.func @scan_reverse
func.func @scan_reverse(%input: tensor<2x3xf32>, %init: tensor<2xf32>) -> tensor<2x3xf32> {
  // CHECK: %[[LAST:.*]] = stablehlo.constant dense<2> : tensor<i64>
  // CHECK: stablehlo.while
  // CHECK: %[[IDX:.*]] = stablehlo.subtract %[[LAST]], %{{.*}} : tensor<i64>
  // CHECK: stablehlo.dynamic_slice %arg0, %{{.*}}, %[[IDX]], sizes = [2, 1]
  %0:2 = chlo.scan(%input) inits(%init) dimension = 1 attributes {is_reverse = true} {
  ^bb0(%a: tensor<2xf32>, %b: tensor<2xf32>):
    %1 = stablehlo.add %a, %b : tensor<2xf32>
    stablehlo.return %1, %1 : tensor<2xf32>, tensor<2xf32>
  } : (tensor<2x3xf32>, tensor<2xf32>) -> (tensor<2x3xf32>, tensor<2xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// Ragged non-contracting dimension: one dot_general per group, selected by
// row.
// CHECK-LABEL: func.func @ragged_dot_rows
func.func @ragged_dot_rows(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %gs: tensor<3xi64>) -> tensor<11x7xf32> {
  // CHECK-COUNT-3: stablehlo.dot_general %arg0, %{{.*}}, contracting_dims = [1] x [0] : (tensor<11x5xf32>, tensor<5x7xf32>) -> tensor<11x7xf32>
  // CHECK: return
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1],
      rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>
  } : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

// Ragged contracting dimension: a masked product per group, stacked.
// CHECK-LABEL: func.func @ragged_dot_contracting
func.func @ragged_dot_contracting(%lhs: tensor<11x5xf32>, %rhs: tensor<5x7xf32>, %gs: tensor<2xi32>) -> tensor<2x11x7xf32> {
  // CHECK-COUNT-2: stablehlo.dot_general
  // CHECK: stablehlo.concatenate %{{.*}}, %{{.*}}, dim = 0 : (tensor<1x11x7xf32>, tensor<1x11x7xf32>) -> tensor<2x11x7xf32>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1],
      rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1]>
  } : (tensor<11x5xf32>, tensor<5x7xf32>, tensor<2xi32>) -> tensor<2x11x7xf32>
  return %0 : tensor<2x11x7xf32>
}

// -----

// Ragged batch dimension: a plain batched dot_general.
// CHECK-LABEL: func.func @ragged_dot_batch
func.func @ragged_dot_batch(%lhs: tensor<3x11x5xf32>, %rhs: tensor<3x5x7xf32>, %gs: tensor<3xi64>) -> tensor<3x11x7xf32> {
  // CHECK: %[[R:.*]] = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1]
  // CHECK-NEXT: return %[[R]]
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0]>
  } : (tensor<3x11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<3x11x7xf32>
  return %0 : tensor<3x11x7xf32>
}
