// RUN: jx-opt --jx-linalg-to-parallel-loops --split-input-file %s | FileCheck %s

// An elementwise op on buffers: one scf.parallel, its index arithmetic
// folded (no affine.apply of the identity), and no load of the output the
// body does not read. Ops outside the nest are left as they are.
// CHECK-LABEL: func.func @elementwise
// CHECK: %[[K:.*]] = arith.constant 3.000000e+00
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) =
// CHECK-NEXT: %[[A:.*]] = memref.load %arg0[%[[I]], %[[J]]]
// CHECK-NEXT: %[[B:.*]] = memref.load %arg1[%[[I]], %[[J]]]
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[A]], %[[B]]
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[M]], %[[K]]
// CHECK-NEXT: memref.store %[[S]], %arg2[%[[I]], %[[J]]]
// CHECK-NOT: linalg.
// CHECK-NOT: affine.apply
// CHECK: return
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @elementwise(%a: memref<4x8xf32>, %b: memref<4x8xf32>, %c: memref<4x8xf32>) {
  %k = arith.constant 3.0 : f32
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<4x8xf32>, memref<4x8xf32>) outs(%c : memref<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %m, %k : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A row sum: scf.parallel over the rows, scf.for along them, the output
// loaded and stored in the loop (the body reads it). A transposed read
// keeps its indices swapped.
// CHECK-LABEL: func.func @row_sum
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK-NEXT: scf.for %[[J:.*]] =
// CHECK-NEXT: memref.load %arg0[%[[J]], %[[I]]]
// CHECK-NEXT: memref.load %arg1[%[[I]]]
// CHECK-NEXT: arith.addf
// CHECK-NEXT: memref.store {{.*}}, %arg1[%[[I]]]
func.func @row_sum(%a: memref<8x4xf32>, %out: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<8x4xf32>) outs(%out : memref<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// An op without loops (rank 0) becomes its body; ops on tensors are not
// this pass's.
// CHECK-LABEL: func.func @scalar_and_tensor
// CHECK: %[[X:.*]] = memref.load %arg0[]
// CHECK-NEXT: %[[N:.*]] = arith.negf %[[X]]
// CHECK-NEXT: memref.store %[[N]], %arg1[]
// CHECK: linalg.generic
// CHECK-SAME: ins(%arg2 : tensor<4xf32>)
func.func @scalar_and_tensor(%a: memref<f32>, %b: memref<f32>, %t: tensor<4xf32>) -> tensor<4xf32> {
  linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
      ins(%a : memref<f32>) outs(%b : memref<f32>) {
  ^bb0(%x: f32, %y: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  }
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
