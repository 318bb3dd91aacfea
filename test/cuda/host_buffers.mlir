// RUN: jx-opt %s --jx-gpu-host-buffers --split-input-file | FileCheck %s

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

// -----

// A constant whose address only goes to the runtime (a collective's
// descriptor, on which the devices meet) is not copied.
// CHECK-LABEL: func.func @descriptor
// CHECK-NEXT:    %[[D:.*]] = memref.get_global @desc
// CHECK-NEXT:    memref.extract_aligned_pointer_as_index %[[D]]
// CHECK-NOT:     memref.alloc
module {
  memref.global "private" constant @desc : memref<2xi64> = dense<[1, 2]>
  func.func private @jx_rt_thing(i64)
  func.func @descriptor() {
    %d = memref.get_global @desc : memref<2xi64>
    %p = memref.extract_aligned_pointer_as_index %d : memref<2xi64> -> index
    %i = arith.index_cast %p : index to i64
    func.call @jx_rt_thing(%i) : (i64) -> ()
    return
  }
}

// -----

// With a constant cache (the CUDA pipeline's jx_rt_cuda_constant), a
// function that returns no buffer asks the runtime for each constant's copy
// (made once per executable) and frees nothing; one that returns buffers
// copies as above, since its callers may write into what it returns.
// CACHE:       func.func private @jx_rt_cuda_constant(i64, i64) -> i64
// CACHE-LABEL: func.func @weights
// CHECK-LABEL: func.func @weights
// CACHE:         %[[G:.*]] = memref.get_global @w : memref<2x3xf32>
// CACHE-NEXT:    %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[G]]
// CACHE-NEXT:    %[[A:.*]] = arith.index_cast %[[P]] : index to i64
// CACHE-NEXT:    %[[N:.*]] = arith.constant 24 : i64
// CACHE-NEXT:    %[[C:.*]] = call @jx_rt_cuda_constant(%[[A]], %[[N]]) : (i64, i64) -> i64
// CACHE-NEXT:    %[[PTR:.*]] = llvm.inttoptr %[[C]] : i64 to !llvm.ptr
// CACHE:         %[[M:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<2x3xf32>
// CACHE:         linalg.copy ins(%[[M]] : memref<2x3xf32>)
// CACHE-NOT:     memref.dealloc
// CACHE:         return
// CACHE-LABEL: func.func private @returns_it
// CACHE:         memref.alloc() : memref<2x3xf32>
// CACHE:         memref.copy
// CACHE-NOT:     jx_rt_cuda_constant
// CACHE:         return
// RUN: jx-opt %s --split-input-file '--jx-gpu-host-buffers=constant-cache=jx_rt_cuda_constant' | FileCheck %s --check-prefix=CACHE
module {
  memref.global "private" constant @w : memref<2x3xf32> = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]>
  func.func @weights(%out: memref<2x3xf32>) {
    %g = memref.get_global @w : memref<2x3xf32>
    memref.copy %g, %out : memref<2x3xf32> to memref<2x3xf32>
    return
  }
  func.func private @returns_it() -> memref<2x3xf32> {
    %g = memref.get_global @w : memref<2x3xf32>
    return %g : memref<2x3xf32>
  }
}
