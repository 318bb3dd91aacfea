// A function called from a stablehlo region inlines into it.
// RUN: jx-opt %s --inline | FileCheck %s

// CHECK-LABEL: func.func @reduce_with_call
// CHECK: stablehlo.reduce
// CHECK-NOT: call
// CHECK: stablehlo.maximum
func.func @reduce_with_call(%x: tensor<4xf32>) -> tensor<f32> {
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %init) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    reducer(%a: tensor<f32>, %b: tensor<f32>) {
      %m = func.call @max(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      stablehlo.return %m : tensor<f32>
    }
  return %0 : tensor<f32>
}
func.func private @max(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.maximum %a, %b : tensor<f32>
  return %0 : tensor<f32>
}
