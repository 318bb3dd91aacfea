// RUN: jx-opt --jx-transpose-into-dot --split-input-file %s | FileCheck %s

// The weight gradient of x @ w, as JAX writes it: transpose(g^T x) is
// x^T g, computed directly.
// CHECK-LABEL: func.func @weight_gradient
// CHECK-NOT: stablehlo.transpose
// CHECK: %[[D:.*]] = stablehlo.dot_general %arg1, %arg0, contracting_dims = [0] x [0], precision = [HIGHEST, DEFAULT] : (tensor<256x784xf32>, tensor<256x512xf32>) -> tensor<784x512xf32>
// CHECK-NEXT: return %[[D]]
func.func @weight_gradient(%g: tensor<256x512xf32>, %x: tensor<256x784xf32>) -> tensor<784x512xf32> {
  %d = stablehlo.dot_general %g, %x, contracting_dims = [0] x [0], precision = [DEFAULT, HIGHEST] : (tensor<256x512xf32>, tensor<256x784xf32>) -> tensor<512x784xf32>
  %t = stablehlo.transpose %d, dims = [1, 0] : (tensor<512x784xf32>) -> tensor<784x512xf32>
  return %t : tensor<784x512xf32>
}

// -----

// Batched, with two free dimensions on one side: the batch stays first.
// CHECK-LABEL: func.func @batched
// CHECK: stablehlo.dot_general %arg1, %arg0, batching_dims = [0] x [0], contracting_dims = [1] x [3] : (tensor<4x8x5xf32>, tensor<4x6x7x8xf32>) -> tensor<4x5x6x7xf32>
// CHECK-NOT: stablehlo.transpose
func.func @batched(%a: tensor<4x6x7x8xf32>, %b: tensor<4x8x5xf32>) -> tensor<4x5x6x7xf32> {
  %d = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [3] x [1] : (tensor<4x6x7x8xf32>, tensor<4x8x5xf32>) -> tensor<4x6x7x5xf32>
  %t = stablehlo.transpose %d, dims = [0, 3, 1, 2] : (tensor<4x6x7x5xf32>) -> tensor<4x5x6x7xf32>
  return %t : tensor<4x5x6x7xf32>
}

// -----

// Left alone: a permutation that is not the swap, a dot with another use,
// and a matrix-vector product (no free dimension on one side).
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-3: stablehlo.transpose
func.func @kept(%a: tensor<4x6x7x8xf32>, %b: tensor<4x8x5xf32>, %m: tensor<3x4xf32>, %n: tensor<4x5xf32>, %v: tensor<4xf32>)
    -> (tensor<4x7x6x5xf32>, tensor<5x3xf32>, tensor<3x5xf32>, tensor<3xf32>) {
  %d = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [3] x [1] : (tensor<4x6x7x8xf32>, tensor<4x8x5xf32>) -> tensor<4x6x7x5xf32>
  %t = stablehlo.transpose %d, dims = [0, 2, 1, 3] : (tensor<4x6x7x5xf32>) -> tensor<4x7x6x5xf32>
  %e = stablehlo.dot_general %m, %n, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %u = stablehlo.transpose %e, dims = [1, 0] : (tensor<3x5xf32>) -> tensor<5x3xf32>
  %mv = stablehlo.dot_general %m, %v, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>
  %w = stablehlo.transpose %mv, dims = [0] : (tensor<3xf32>) -> tensor<3xf32>
  return %t, %u, %e, %w : tensor<4x7x6x5xf32>, tensor<5x3xf32>, tensor<3x5xf32>, tensor<3xf32>
}
