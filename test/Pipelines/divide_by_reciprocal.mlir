// RUN: jx-opt --jx-divide-by-reciprocal --split-input-file %s | FileCheck %s

// A softmax's division by its row sums: one reciprocal per row, broadcast,
// and a multiplication per element.
// CHECK-LABEL: func.func @rows
// CHECK: %[[ONE:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK: %[[R:.*]] = stablehlo.divide %[[ONE]], %arg1 : tensor<4xf32>
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %[[R]], dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
// CHECK: %[[Q:.*]] = stablehlo.multiply %arg0, %[[B]] : tensor<4x8xf32>
// CHECK-NEXT: return %[[Q]]
func.func @rows(%e: tensor<4x8xf32>, %s: tensor<4xf32>) -> tensor<4x8xf32> {
  %b = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %q = stablehlo.divide %e, %b : tensor<4x8xf32>
  return %q : tensor<4x8xf32>
}

// -----

// A splat constant: its reciprocal at compile time (f64 and f16, whose
// reciprocal is rounded from f32's as the compiled code rounds it).
// CHECK-LABEL: func.func @splat
// CHECK-DAG: stablehlo.constant dense<2.500000e-01> : tensor<3xf64>
// CHECK-DAG: stablehlo.constant dense<3.332520e-01> : tensor<3xf16>
// CHECK-NOT: stablehlo.divide
func.func @splat(%x: tensor<3xf64>, %y: tensor<3xf16>) -> (tensor<3xf64>, tensor<3xf16>) {
  %c = stablehlo.constant dense<4.0> : tensor<3xf64>
  %q = stablehlo.divide %x, %c : tensor<3xf64>
  %c3 = stablehlo.constant dense<3.0> : tensor<3xf16>
  %r = stablehlo.divide %y, %c3 : tensor<3xf16>
  return %q, %r : tensor<3xf64>, tensor<3xf16>
}

// -----

// What XLA keeps as a division: a divisor of the dividend's shape, a
// broadcast that adds no element, bf16 and complex, integers, a
// reciprocal already (1 / x), and a dividend computed from constants
// alone (XLA folds the division).
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-7: stablehlo.divide
// CHECK-NOT: stablehlo.multiply
func.func @kept(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %c: tensor<4x8xf32>,
                %h: tensor<4x8xbf16>, %hs: tensor<4xbf16>,
                %z: tensor<4x8xcomplex<f32>>, %zs: tensor<4xcomplex<f32>>,
                %i: tensor<4x8xi32>, %is: tensor<4xi32>, %s: tensor<4xf32>)
    -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xbf16>, tensor<4x8xcomplex<f32>>, tensor<4x8xi32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %same = stablehlo.divide %a, %b : tensor<4x8xf32>
  %nb = stablehlo.broadcast_in_dim %c, dims = [0, 1] : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %n = stablehlo.divide %a, %nb : tensor<4x8xf32>
  %hb = stablehlo.broadcast_in_dim %hs, dims = [0] : (tensor<4xbf16>) -> tensor<4x8xbf16>
  %hq = stablehlo.divide %h, %hb : tensor<4x8xbf16>
  %zb = stablehlo.broadcast_in_dim %zs, dims = [0] : (tensor<4xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
  %zq = stablehlo.divide %z, %zb : tensor<4x8xcomplex<f32>>
  %ib = stablehlo.broadcast_in_dim %is, dims = [0] : (tensor<4xi32>) -> tensor<4x8xi32>
  %iq = stablehlo.divide %i, %ib : tensor<4x8xi32>
  %one = stablehlo.constant dense<1.0> : tensor<4x8xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %r = stablehlo.divide %one, %sb : tensor<4x8xf32>
  %k = stablehlo.constant dense<30.0> : tensor<4xf32>
  %kb = stablehlo.broadcast_in_dim %k, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %f = stablehlo.divide %kb, %sb : tensor<4x8xf32>
  return %same, %n, %hq, %zq, %iq, %r, %f : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xbf16>, tensor<4x8xcomplex<f32>>, tensor<4x8xi32>, tensor<4x8xf32>, tensor<4x8xf32>
}
