// RUN: jx-opt %s --jx-empty-tensor-to-alloc-tensor | FileCheck %s

// tensor.empty becomes bufferization.alloc_tensor with the same type and
// dynamic sizes; an unused one is erased rather than allocated.
// CHECK-LABEL: func.func @empties
// CHECK-SAME: (%[[N:.*]]: index)
func.func @empties(%n: index) -> (tensor<4x8xf32>, tensor<?x8xi32>) {
  // CHECK-NOT: tensor.empty
  // CHECK: %[[A:.*]] = bufferization.alloc_tensor() : tensor<4x8xf32>
  // CHECK: %[[B:.*]] = bufferization.alloc_tensor(%[[N]]) : tensor<?x8xi32>
  // CHECK-NOT: bufferization.alloc_tensor
  // CHECK: return %[[A]], %[[B]]
  %a = tensor.empty() : tensor<4x8xf32>
  %b = tensor.empty(%n) : tensor<?x8xi32>
  %unused = tensor.empty() : tensor<1024x1024xf32>
  return %a, %b : tensor<4x8xf32>, tensor<?x8xi32>
}

// Inside regions too (the tiles of a row loop).
// CHECK-LABEL: func.func @nested
func.func @nested(%t: tensor<16x4xf32>) -> tensor<16x4xf32> {
  // CHECK: scf.forall
  // CHECK: bufferization.alloc_tensor() : tensor<1x4xf32>
  %r = scf.forall (%i) in (16) shared_outs(%o = %t) -> (tensor<16x4xf32>) {
    %e = tensor.empty() : tensor<1x4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %e into %o[%i, 0] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<16x4xf32>
    }
  }
  return %r : tensor<16x4xf32>
}
