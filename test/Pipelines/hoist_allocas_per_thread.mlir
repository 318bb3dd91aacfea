// RUN: jx-opt --jx-hoist-allocas-per-thread %s | FileCheck %s

// A per-iteration stack buffer of jx-loop-temporaries-on-stack (marked
// jx.per_iteration) moves to the start of its omp.parallel region: once
// per thread. Any other alloca in the loop body stays where it is.
// CHECK-LABEL: func.func @per_thread(
// CHECK: omp.parallel {
// CHECK-NEXT: %[[A:.*]] = memref.alloca() {jx.per_iteration} : memref<64xf32>
// CHECK: omp.loop_nest
// CHECK-NOT: jx.per_iteration
// CHECK: memref.alloca() : memref<8xf32>
// CHECK: memref.store {{.*}}, %[[A]]
func.func @per_thread(%out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c8) step (%c1) {
        %a = memref.alloca() {jx.per_iteration} : memref<64xf32>
        %b = memref.alloca() : memref<8xf32>
        memref.store %one, %a[%i] : memref<64xf32>
        memref.store %one, %b[%i] : memref<8xf32>
        %v = memref.load %a[%i] : memref<64xf32>
        memref.store %v, %out[%i] : memref<8xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
