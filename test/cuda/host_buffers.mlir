// RUN: jx-opt %s --jx-gpu-host-buffers | FileCheck %s

// Constants are copied into buffers kernels can read when the function
// starts and freed when it returns; stack buffers move to the heap; copies
// become linalg.copy (loops, then kernels).
// CHECK-LABEL: func.func @f
// CHECK:         %[[G:.*]] = memref.get_global @cst : memref<4xf32>
// CHECK-NEXT:    %[[COPY:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    memref.copy %[[G]], %[[COPY]]
// CHECK:         %[[HEAP:.*]] = memref.alloc() : memref<4xf32>
// CHECK:         linalg.copy ins(%[[COPY]] : memref<4xf32>) outs(%[[HEAP]] : memref<4xf32>)
// CHECK:         linalg.copy ins(%[[HEAP]] : memref<4xf32>) outs(%arg0 : memref<4xf32>)
// CHECK:         memref.dealloc %[[HEAP]]
// CHECK:         memref.dealloc %[[COPY]]
// CHECK-NEXT:    return
module {
  memref.global "private" constant @cst : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
  func.func @f(%out: memref<4xf32>) {
    %g = memref.get_global @cst : memref<4xf32>
    %tmp = memref.alloca() : memref<4xf32>
    memref.copy %g, %tmp : memref<4xf32> to memref<4xf32>
    memref.copy %tmp, %out : memref<4xf32> to memref<4xf32>
    return
  }
}
