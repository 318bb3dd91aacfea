// RUN: jx-opt %s --chlo-legalize-to-stablehlo --split-input-file --verify-diagnostics | FileCheck %s

// Same shapes: the elementwise op directly.
// CHECK-LABEL: func.func @same_shape
func.func @same_shape(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK-NEXT: %[[R:.*]] = stablehlo.add %arg0, %arg1 : tensor<4xf32>
  // CHECK-NEXT: return %[[R]]
  %0 = chlo.broadcast_add %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Numpy-style: trailing dimensions align; size-1 dimensions stretch.
// CHECK-LABEL: func.func @numpy_style
func.func @numpy_style(%a: tensor<2x1xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // CHECK-DAG: %[[A:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x3xf32>
  // CHECK-DAG: %[[B:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: stablehlo.subtract %[[A]], %[[B]] : tensor<2x3xf32>
  %0 = chlo.broadcast_subtract %a, %b : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// broadcast_dimensions map the lower-rank operand.
// CHECK-LABEL: func.func @explicit_dims
func.func @explicit_dims(%a: tensor<2x3xi32>, %b: tensor<2xi32>) -> tensor<2x3xi32> {
  // CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<2xi32>) -> tensor<2x3xi32>
  // CHECK: stablehlo.shift_left %arg0, %[[B]] : tensor<2x3xi32>
  %0 = chlo.broadcast_shift_left %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// CHECK-LABEL: func.func @scalar
func.func @scalar(%a: tensor<f32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // CHECK: %[[A:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  // CHECK: stablehlo.power %[[A]], %arg1 : tensor<2x3xf32>
  %0 = chlo.broadcast_power %a, %b : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @all_binary
func.func @all_binary(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %i: tensor<2x3xi32>, %j: tensor<3xi32>)
    -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>,
        tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xcomplex<f32>>) {
  // CHECK: stablehlo.atan2
  %0 = chlo.broadcast_atan2 %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: stablehlo.divide
  %1 = chlo.broadcast_divide %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: stablehlo.maximum
  %2 = chlo.broadcast_maximum %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: stablehlo.minimum
  %3 = chlo.broadcast_minimum %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: stablehlo.multiply
  %4 = chlo.broadcast_multiply %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: stablehlo.remainder
  %5 = chlo.broadcast_remainder %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: stablehlo.and
  %6 = chlo.broadcast_and %i, %j : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  // CHECK: stablehlo.or
  %7 = chlo.broadcast_or %i, %j : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  // CHECK: stablehlo.xor
  %8 = chlo.broadcast_xor %i, %j : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  // CHECK: stablehlo.shift_right_arithmetic
  %9 = chlo.broadcast_shift_right_arithmetic %i, %j : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  // CHECK: stablehlo.shift_right_logical
  %10 = chlo.broadcast_shift_right_logical %i, %j : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  // CHECK: stablehlo.complex %{{.*}}, %{{.*}} : tensor<2x3xcomplex<f32>>
  %11 = chlo.broadcast_complex %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xcomplex<f32>>
  // CHECK-NOT: chlo.
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>,
      tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func @compare
func.func @compare(%a: tensor<2x3xf32>, %b: tensor<f32>) -> tensor<2x3xi1> {
  // CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg1, dims = []
  // CHECK: stablehlo.compare GT, %arg0, %[[B]], FLOAT : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction GT>, compare_type = #chlo<comparison_type FLOAT>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// CHECK-LABEL: func.func @select
func.func @select(%p: tensor<i1>, %a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // CHECK-DAG: %[[P:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<i1>) -> tensor<2x3xi1>
  // CHECK-DAG: %[[B:.*]] = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: stablehlo.select %[[P]], %arg1, %[[B]] : tensor<2x3xi1>, tensor<2x3xf32>
  %0 = chlo.broadcast_select %p, %a, %b : (tensor<i1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Broadcasting special functions become the elementwise chlo op, itself
// decomposed.
// CHECK-LABEL: func.func @special
func.func @special(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  // CHECK: stablehlo.broadcast_in_dim %arg1
  // CHECK-NOT: chlo.
  %0 = chlo.broadcast_next_after %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = chlo.broadcast_zeta %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %2 = chlo.broadcast_polygamma %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// Dynamic result shapes are not decomposed yet: the pass reports the op.
func.func @dynamic(%a: tensor<?x3xf32>, %b: tensor<3xf32>) -> tensor<?x3xf32> {
  // expected-error @+1 {{'chlo.broadcast_add' op has no decomposition into stablehlo for these operand types}}
  %0 = chlo.broadcast_add %a, %b : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
