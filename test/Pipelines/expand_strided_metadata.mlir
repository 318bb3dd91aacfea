// RUN: jx-opt --jx-expand-strided-metadata %s | FileCheck %s

// A subview and a collapse_shape become reinterpret_casts of their base,
// the offset computed from the subview's indices; ops of other dialects
// are left alone.
// CHECK-LABEL: func.func @views
// CHECK-SAME: (%[[A:.*]]: memref<8x16xf32>, %[[I:.*]]: index)
// CHECK: %[[BASE:.*]], %{{.*}}, %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %[[A]]
// CHECK: %[[OFF:.*]] = affine.apply #{{.*}}()[%[[I]]]
// CHECK: %[[ROW:.*]] = memref.reinterpret_cast %[[BASE]] to offset: [%[[OFF]]], sizes: [16], strides: [1]
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [128], strides: [1]
// CHECK-NOT: memref.subview
// CHECK-NOT: memref.collapse_shape
// CHECK: arith.addf
func.func @views(%a: memref<8x16xf32>, %i: index) -> f32 {
  %row = memref.subview %a[%i, 0] [1, 16] [1, 1] : memref<8x16xf32> to memref<16xf32, strided<[1], offset: ?>>
  %flat = memref.collapse_shape %a [[0, 1]] : memref<8x16xf32> into memref<128xf32>
  %c3 = arith.constant 3 : index
  %x = memref.load %row[%c3] : memref<16xf32, strided<[1], offset: ?>>
  %y = memref.load %flat[%c3] : memref<128xf32>
  %s = arith.addf %x, %y : f32
  return %s : f32
}
