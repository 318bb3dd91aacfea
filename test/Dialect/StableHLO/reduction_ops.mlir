// RUN: jx-opt %s | jx-opt | FileCheck %s
// RUN: jx-opt %s -mlir-print-op-generic | jx-opt | FileCheck %s

// CHECK-LABEL: func.func @reduce_compact
func.func @reduce_compact(%x: tensor<2x3xi16>, %b: tensor<20x20xi1>) -> (tensor<3xi16>, tensor<i1>) {
  %c = stablehlo.constant dense<0> : tensor<i16>
  %t = stablehlo.constant dense<false> : tensor<i1>
  // CHECK: stablehlo.reduce(%{{.*}} init: %{{.*}}) applies stablehlo.add across dimensions = [0] : (tensor<2x3xi16>, tensor<i16>) -> tensor<3xi16>
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [0] : (tensor<2x3xi16>, tensor<i16>) -> tensor<3xi16>
  // CHECK: stablehlo.reduce(%{{.*}} init: %{{.*}}) applies stablehlo.or across dimensions = [0, 1] : (tensor<20x20xi1>, tensor<i1>) -> tensor<i1>
  %1 = stablehlo.reduce(%b init: %t) applies stablehlo.or across dimensions = [0, 1] : (tensor<20x20xi1>, tensor<i1>) -> tensor<i1>
  return %0, %1 : tensor<3xi16>, tensor<i1>
}

// The generic form with a single commutative op prints compactly.
// CHECK-LABEL: func.func @reduce_generic
func.func @reduce_generic(%input: tensor<1x6xi64>, %init: tensor<i64>) -> tensor<1xi64> {
  // CHECK: stablehlo.reduce(%{{.*}} init: %{{.*}}) applies stablehlo.maximum across dimensions = [1] : (tensor<1x6xi64>, tensor<i64>) -> tensor<1xi64>
  %0 = "stablehlo.reduce"(%input, %init) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %1 = stablehlo.maximum %arg0, %arg1 : tensor<i64>
      stablehlo.return %1 : tensor<i64>
  }) {
    dimensions = array<i64: 1>
  } : (tensor<1x6xi64>, tensor<i64>) -> tensor<1xi64>
  return %0 : tensor<1xi64>
}

// A non-commutative body keeps the region form.
// CHECK-LABEL: func.func @reduce_region
func.func @reduce_region(%input: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<6xf32> {
  // CHECK: stablehlo.reduce(%{{.*}} init: %{{.*}}) across dimensions = [0] : (tensor<4x6xf32>, tensor<f32>) -> tensor<6xf32>
  // CHECK-NEXT: reducer(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>)  {
  // CHECK-NEXT:   %[[S:.*]] = stablehlo.subtract %[[A]], %[[B]] : tensor<f32>
  // CHECK-NEXT:   stablehlo.return %[[S]] : tensor<f32>
  // CHECK-NEXT: }
  %0 = "stablehlo.reduce"(%input, %init) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
      %1 = stablehlo.subtract %arg0, %arg1 : tensor<f32>
      stablehlo.return %1 : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// Two inputs (argmax): the reducer pairs each accumulator with its element.
// CHECK-LABEL: func.func @reduce_variadic
func.func @reduce_variadic(%x: tensor<6xf32>, %i: tensor<6xi32>) -> (tensor<f32>, tensor<i32>) {
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  // CHECK: %{{.*}}:2 = stablehlo.reduce(%{{.*}} init: %{{.*}}), (%{{.*}} init: %{{.*}}) across dimensions = [0] {jx.tag = 1 : i32} : (tensor<6xf32>, tensor<6xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
  // CHECK-NEXT: reducer(%[[A1:.*]]: tensor<f32>, %[[A3:.*]]: tensor<f32>) (%[[A2:.*]]: tensor<i32>, %[[A4:.*]]: tensor<i32>)  {
  // CHECK:   stablehlo.compare GT, %[[A1]], %[[A3]], FLOAT
  // CHECK:   stablehlo.compare LT, %[[A2]], %[[A4]], SIGNED
  // CHECK:   stablehlo.return %{{.*}}, %{{.*}} : tensor<f32>, tensor<i32>
  %1:2 = stablehlo.reduce(%x init: %cst), (%i init: %c) across dimensions = [0] {jx.tag = 1 : i32} : (tensor<6xf32>, tensor<6xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
   reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
    %2 = stablehlo.compare  GT, %arg1, %arg3,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %6 = stablehlo.compare  LT, %arg2, %arg4,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %9 = stablehlo.select %2, %arg1, %arg3 : tensor<i1>, tensor<f32>
    %10 = stablehlo.select %6, %arg2, %arg4 : tensor<i1>, tensor<i32>
    stablehlo.return %9, %10 : tensor<f32>, tensor<i32>
  }
  return %1#0, %1#1 : tensor<f32>, tensor<i32>
}

// The body may accumulate in a wider type (is_promotable).
// CHECK-LABEL: func.func @reduce_promoted
func.func @reduce_promoted(%x: tensor<4xi8>, %init: tensor<i8>) -> tensor<i32> {
  // CHECK: reducer(%{{.*}}: tensor<i32>, %{{.*}}: tensor<i32>)
  %0 = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
      %1 = stablehlo.add %arg0, %arg1 : tensor<i32>
      stablehlo.return %1 : tensor<i32>
  }) : (tensor<4xi8>, tensor<i8>) -> tensor<i32>
  return %0 : tensor<i32>
}

// CHECK-LABEL: func.func @reduce_window
func.func @reduce_window(%input: tensor<3x2xi64>, %init: tensor<i64>) -> tensor<2x2xi64> {
  // CHECK: "stablehlo.reduce_window"(%{{.*}}, %{{.*}}) <{base_dilations = array<i64: 2, 1>, padding = dense<{{\[\[}}2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  // CHECK: }) : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  %0 = "stablehlo.reduce_window"(%input, %init) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %1 = stablehlo.add %arg0, %arg1 : tensor<i64>
      stablehlo.return %1 : tensor<i64>
  }) {
    base_dilations = array<i64: 2, 1>,
    padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>,
    window_dilations = array<i64: 3, 1>,
    window_dimensions = array<i64: 2, 1>,
    window_strides = array<i64: 4, 1>
  } : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}

// CHECK-LABEL: func.func @reduce_window_defaults
func.func @reduce_window_defaults(%input: tensor<4x6xi32>, %init: tensor<i32>) -> tensor<3x5xi32> {
  // CHECK: "stablehlo.reduce_window"(%{{.*}}, %{{.*}}) <{window_dimensions = array<i64: 2, 2>}> ({
  %0 = "stablehlo.reduce_window"(%input, %init) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
    %1 = stablehlo.maximum %arg0, %arg1 : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) : (tensor<4x6xi32>, tensor<i32>) -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

// CHECK-LABEL: func.func @select_and_scatter
func.func @select_and_scatter(%operand: tensor<4x2xi64>, %source: tensor<2x2xi64>, %init: tensor<i64>) -> tensor<4x2xi64> {
  // CHECK: "stablehlo.select_and_scatter"(%{{.*}}, %{{.*}}, %{{.*}}) <{padding = dense<{{\[\[}}0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
  // CHECK: }, {
  // CHECK: }) : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %1 = stablehlo.compare GE, %arg0, %arg1 : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
  }, {
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %1 = stablehlo.add %arg0, %arg1 : tensor<i64>
      stablehlo.return %1 : tensor<i64>
  }) {
    window_dimensions = array<i64: 3, 1>,
    window_strides = array<i64: 2, 1>,
    padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>
  } : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  return %0 : tensor<4x2xi64>
}

// CHECK-LABEL: func.func @sort
func.func @sort(%a: tensor<2x3xi64>, %b: tensor<2x3xf32>) -> (tensor<2x3xi64>, tensor<2x3xf32>) {
  // CHECK: "stablehlo.sort"(%{{.*}}, %{{.*}}) <{dimension = 0 : i64, is_stable = true}> ({
  // CHECK: }) : (tensor<2x3xi64>, tensor<2x3xf32>) -> (tensor<2x3xi64>, tensor<2x3xf32>)
  %0:2 = "stablehlo.sort"(%a, %b) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<f32>, %arg3: tensor<f32>):
      %p = stablehlo.compare GT, %arg0, %arg1 : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
  }) {
    dimension = 0 : i64,
    is_stable = true
  } : (tensor<2x3xi64>, tensor<2x3xf32>) -> (tensor<2x3xi64>, tensor<2x3xf32>)
  return %0#0, %0#1 : tensor<2x3xi64>, tensor<2x3xf32>
}

// Absent attributes stay absent; the dimension may count from the end.
// CHECK-LABEL: func.func @sort_defaults
func.func @sort_defaults(%a: tensor<5x7xui8>) -> tensor<5x7xui8> {
  // CHECK: "stablehlo.sort"(%{{.*}}) ({
  // CHECK: "stablehlo.sort"(%{{.*}}) <{dimension = -2 : i64}> ({
  %0 = "stablehlo.sort"(%a) ({
  ^bb0(%arg0: tensor<ui8>, %arg1: tensor<ui8>):
    %1 = stablehlo.compare LT, %arg0, %arg1, UNSIGNED : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<5x7xui8>) -> tensor<5x7xui8>
  %2 = "stablehlo.sort"(%0) <{dimension = -2 : i64}> ({
  ^bb0(%arg0: tensor<ui8>, %arg1: tensor<ui8>):
    %1 = stablehlo.compare LT, %arg0, %arg1, UNSIGNED : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<5x7xui8>) -> tensor<5x7xui8>
  return %2 : tensor<5x7xui8>
}

// CHECK-LABEL: func.func @map
func.func @map(%a: tensor<2x2xi64>, %b: tensor<2x2xi64>) -> tensor<2x2xi1> {
  // CHECK: "stablehlo.map"(%{{.*}}, %{{.*}}) <{dimensions = array<i64: 0, 1>}> ({
  // CHECK: }) : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi1>
  %0 = "stablehlo.map"(%a, %b) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %1 = stablehlo.compare EQ, %arg0, %arg1 : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
  }) {
    dimensions = array<i64: 0, 1>
  } : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi1>
  return %0 : tensor<2x2xi1>
}
