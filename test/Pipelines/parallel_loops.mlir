// RUN: jx-opt --jx-parallel-loops %s | FileCheck %s
// RUN: jx-opt --jx-parallel-loops --convert-scf-to-openmp --canonicalize %s | FileCheck %s --check-prefix=OMP

// A loop nest of 4096 x 4096 elements stays parallel over its leading
// dimension only; the inner dimension becomes a sequential (vectorizable)
// loop. OpenMP then divides the 4096 rows among the threads.
// CHECK-LABEL: func @large
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%c4096) step (%c1) {
// CHECK-NEXT: scf.for
// OMP-LABEL: func @large
// OMP: omp.parallel
// OMP: omp.wsloop
// OMP: omp.loop_nest (%{{.*}}) : index = (%c0) to (%c4096) step (%c1) {
// OMP-NOT: collapse
func.func @large(%x: memref<4096x4096xf32>, %y: memref<4096x4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4096 = arith.constant 4096 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4096, %c4096) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<4096x4096xf32>
    %e = math.exp %v : f32
    memref.store %e, %y[%i, %j] : memref<4096x4096xf32>
    scf.reduce
  }
  return
}

// Small work (8 x 1024 < 64K elements) runs on the calling thread.
// CHECK-LABEL: func @small
// CHECK-NOT: scf.parallel
// CHECK: scf.for
// CHECK: scf.for
// OMP-LABEL: func @small
// OMP-NOT: omp.parallel
// OMP: return
func.func @small(%x: memref<8x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c1024 = arith.constant 1024 : index
  %z = arith.constant 0.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c1024) step (%c1, %c1) {
    memref.store %z, %x[%i, %j] : memref<8x1024xf32>
    scf.reduce
  }
  return
}

// The work counts the sequential loops inside: 256 rows x 4096 reduced
// elements is parallel over the rows.
// CHECK-LABEL: func @rows_with_reduction
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%c256)
// CHECK: scf.for
func.func @rows_with_reduction(%x: memref<256x4096xf32>, %s: memref<256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  scf.parallel (%i) = (%c0) to (%c256) step (%c1) {
    scf.for %k = %c0 to %c4096 step %c1 {
      %v = memref.load %x[%i, %k] : memref<256x4096xf32>
      %a = memref.load %s[%i] : memref<256xf32>
      %r = arith.addf %a, %v : f32
      memref.store %r, %s[%i] : memref<256xf32>
    }
    scf.reduce
  }
  return
}

// Calls (BLAS, the runtime's checks) and heap allocations inside keep a
// loop on the calling thread however large; so do dynamic bounds.
// CHECK-LABEL: func @unsafe
// CHECK-NOT: scf.parallel
// CHECK: return
func.func private @callee(f32)
func.func @unsafe(%x: memref<4096x4096xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4096 = arith.constant 4096 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4096, %c4096) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<4096x4096xf32>
    func.call @callee(%v) : (f32) -> ()
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4096) step (%c1) {
    %t = memref.alloc() : memref<4096xf32>
    memref.dealloc %t : memref<4096xf32>
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %c4096) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<4096x4096xf32>
    memref.store %v, %x[%j, %i] : memref<4096x4096xf32>
    scf.reduce
  }
  return
}
