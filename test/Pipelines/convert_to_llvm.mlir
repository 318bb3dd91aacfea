// RUN: jx-opt --jx-convert-to-llvm --reconcile-unrealized-casts %s | FileCheck %s

// One conversion takes func, memref (allocations through the generic
// functions the runtime defines), arith, math, cf, index and OpenMP ops to
// the LLVM dialect; only llvm and omp ops are left.
// CHECK-LABEL: llvm.func @kernel(
// CHECK-SAME: %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64
// CHECK: llvm.call @_mlir_memref_to_llvm_alloc
// CHECK: omp.parallel
// CHECK: llvm.intr.fma
// CHECK: llvm.call @_mlir_memref_to_llvm_free
// CHECK: llvm.cond_br
// CHECK-NOT: {{(memref|arith|math|index|cf|func)\.}}
// CHECK: llvm.func @main(
// CHECK: llvm.call @kernel(
// CHECK-NOT: {{(memref|arith|math|index|cf|func)\.}}
func.func @kernel(%x: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %i = index.constant 3
  %t = memref.alloc() : memref<16xf32>
  omp.parallel {
    %v = memref.load %x[%c0] : memref<16xf32>
    %f = math.fma %v, %v, %v : f32
    memref.store %f, %t[%c0] : memref<16xf32>
    omp.terminator
  }
  %r = memref.load %t[%i] : memref<16xf32>
  memref.dealloc %t : memref<16xf32>
  %z = arith.constant 0.0 : f32
  %neg = arith.cmpf olt, %r, %z : f32
  cf.cond_br %neg, ^a, ^b
^a:
  return %z : f32
^b:
  return %r : f32
}

func.func @main(%x: memref<16xf32>) -> f32 {
  %r = func.call @kernel(%x) : (memref<16xf32>) -> f32
  return %r : f32
}
