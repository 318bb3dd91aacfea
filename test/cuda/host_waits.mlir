// RUN: jx-opt %s --jx-cuda-host-waits | FileCheck %s

// Kernels and cuBLAS calls queue one after the other with no wait between
// them; the host waits once before it reads or writes a buffer, once
// before a runtime call that may touch buffers, and not for allocations.
// CHECK-LABEL: func.func @queued
// CHECK:         gpu.launch
// CHECK-NOT:     jx_rt_cuda_wait
// CHECK:         gpu.launch
// CHECK-NOT:     jx_rt_cuda_wait
// CHECK:         call @jx_rt_cuda_gemm_f32
// CHECK-NOT:     jx_rt_cuda_wait
// CHECK:         memref.alloc
// CHECK-NEXT:    call @jx_rt_cuda_wait() : () -> ()
// CHECK-NEXT:    memref.load
// CHECK-NEXT:    memref.store
// CHECK-NEXT:    gpu.launch
// CHECK:         call @jx_rt_cuda_wait() : () -> ()
// CHECK-NEXT:    call @jx_rt_lapack_thing
// CHECK-NEXT:    return
func.func private @jx_rt_cuda_gemm_f32(i64)
func.func private @jx_rt_lapack_thing(i64)
func.func @queued(%a: memref<4xf32>, %s: memref<f32>, %p: i64) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  func.call @jx_rt_cuda_gemm_f32(%p) : (i64) -> ()
  %t = memref.alloc() : memref<4xf32>
  %v = memref.load %a[%c0] : memref<4xf32>
  memref.store %v, %s[] : memref<f32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  func.call @jx_rt_lapack_thing(%p) : (i64) -> ()
  return
}

// A loop on the host whose predicate is a kernel's result: the wait is in
// the loop's condition region, before the load, every iteration.
// CHECK-LABEL: func.func @while_on_the_host
// CHECK:         scf.while
// CHECK-NEXT:      call @jx_rt_cuda_wait() : () -> ()
// CHECK-NEXT:      memref.load
// CHECK:         } do {
// CHECK-NOT:       jx_rt_cuda_wait
// CHECK:           gpu.launch
// CHECK:         call @jx_rt_cuda_wait() : () -> ()
// CHECK-NEXT:    memref.load
func.func @while_on_the_host(%flag: memref<i1>, %x: memref<f32>) -> f32 {
  %c1 = arith.constant 1 : index
  scf.while : () -> () {
    %go = memref.load %flag[] : memref<i1>
    scf.condition(%go)
  } do {
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      gpu.terminator
    }
    scf.yield
  }
  %r = memref.load %x[] : memref<f32>
  return %r : f32
}
