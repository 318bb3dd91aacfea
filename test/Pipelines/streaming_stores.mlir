// RUN: jx-opt --jx-prefetch-next-rows --jx-streaming-stores="min-bytes=65536" %s | FileCheck %s
// RUN: jx-opt --jx-streaming-stores="min-bytes=65536" --convert-scf-to-openmp --jx-fence-streaming-stores %s | FileCheck %s --check-prefix=OMP
// RUN: jx-opt --jx-streaming-stores %s | FileCheck %s --check-prefix=SMALL

// An elementwise loop over f32[64, 1024] (256 KiB, at least min-bytes):
// chunks of 256 elements (1 KiB) computed into a stack buffer of the
// parallel loop's iteration, then written out a line at a time with
// aligned non-temporal stores where the chunk's destination starts a
// cache line, and as before where it does not. One fence after the loop,
// which each thread of it runs.

// CHECK-LABEL: func.func @elementwise
// CHECK: scf.parallel (%[[I:[^,]*]], %[[J:[^)]*]]) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step (%{{.*}}, %[[C256:[^)]*]])
// CHECK: %[[BUF:.*]] = memref.alloca() {alignment = 64 : i64, jx.per_iteration} : memref<256xf32>
// CHECK: %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %[[Y:.*]] :
// CHECK: %[[REST:.*]] = arith.andi %{{.*}}, %{{.*}} : index
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[REST]], %{{.*}} : index
// CHECK: scf.if %[[OK]] {
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[E:.*]] = arith.addi %[[J]], %[[K]] : index
// CHECK: arith.mulf
// CHECK: memref.store %{{.*}}, %[[BUF]][%[[K]]] : memref<256xf32>
// CHECK: scf.for %[[L:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[LINE:.*]] = vector.load %[[BUF]][%[[L]]] : memref<256xf32>, vector<16xf32>
// CHECK: %[[AT:.*]] = arith.addi %[[J]], %[[L]] : index
// CHECK: vector.store %[[LINE]], %[[Y]][%[[I]], %[[AT]]] {alignment = 64 : i64, nontemporal = true}
// CHECK: } else {
// CHECK: scf.for
// CHECK: arith.mulf
// CHECK: memref.store %{{.*}}, %[[Y]][%[[I]], %{{.*}}] : memref<64x1024xf32>
// CHECK: }
// CHECK: scf.reduce
// CHECK: llvm.call_intrinsic "llvm.x86.sse.sfence"() {jx.fence_each_thread}

// Once the loop is an omp.parallel region, its threads each run the fence
// at the region's end.
// OMP-LABEL: func.func @elementwise
// OMP: omp.parallel
// OMP: omp.wsloop
// OMP: vector.store {{.*}}nontemporal = true
// OMP: llvm.call_intrinsic "llvm.x86.sse.sfence"() : () -> ()
// OMP-NEXT: omp.terminator

// Below the default min-bytes (32 MiB), nothing changes.
// SMALL-NOT: nontemporal
// SMALL-NOT: sfence

func.func @elementwise(%x: memref<64x1024xf32>, %z: memref<64x1024xf32>, %y: memref<64x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c1024) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<64x1024xf32>
    %w = memref.load %z[%i, %j] : memref<64x1024xf32>
    %p = arith.mulf %v, %w : f32
    %e = arith.addf %p, %v : f32
    memref.store %e, %y[%i, %j] : memref<64x1024xf32>
    scf.reduce
  }
  return
}

// On one thread (sequential loops): the stack buffer at the function's
// entry, the fence after the outer loop, run by the one thread there is.
// CHECK-LABEL: func.func @sequential
// CHECK-NEXT: memref.alloca() {alignment = 64 : i64, jx.per_iteration} : memref<256xf32>
// CHECK: scf.for
// CHECK: vector.store {{.*}}nontemporal = true
// CHECK: llvm.call_intrinsic "llvm.x86.sse.sfence"() : () -> ()
// CHECK-NEXT: return
func.func @sequential(%x: memref<64x1024xf32>, %y: memref<64x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %j = %c0 to %c1024 step %c1 {
      %v = memref.load %x[%i, %j] : memref<64x1024xf32>
      %e = arith.negf %v : f32
      memref.store %e, %y[%i, %j] : memref<64x1024xf32>
    }
  }
  return
}

// A loop that reads the buffer it writes (an update in place), a row of
// 1000 elements (not whole chunks of 256 bytes), a loop of cheap passes
// over rows that does not prefetch its next row (x - max: its reads would
// wait for the writes), a
// loop bound by its arithmetic (an exponential per 8 bytes moved): left
// alone.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: nontemporal
// CHECK-NOT: sfence
// CHECK: return
func.func @left_alone(%x: memref<64x1024xf32>, %y: memref<64x1024xf32>, %z: memref<64x1000xf32>, %w: memref<64x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1000 = arith.constant 1000 : index
  %c1024 = arith.constant 1024 : index
  %ninf = arith.constant 0xFF800000 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c1024) step (%c1, %c1) {
    %v = memref.load %y[%i, %j] : memref<64x1024xf32>
    %e = arith.addf %v, %v : f32
    memref.store %e, %y[%i, %j] : memref<64x1024xf32>
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c1000) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<64x1024xf32>
    memref.store %v, %z[%i, %j] : memref<64x1000xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %m = scf.for %j = %c0 to %c1024 step %c1 iter_args(%acc = %ninf) -> (f32) {
      %v = memref.load %x[%i, %j] : memref<64x1024xf32>
      %n = arith.maximumf %acc, %v : f32
      scf.yield %n : f32
    }
    scf.for %j = %c0 to %c1024 step %c1 {
      %v = memref.load %x[%i, %j] : memref<64x1024xf32>
      %d = arith.subf %v, %m : f32
      memref.store %d, %y[%i, %j] : memref<64x1024xf32>
    }
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c1024) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<64x1024xf32>
    %e = math.exp %v : f32
    memref.store %e, %w[%i, %j] : memref<64x1024xf32>
    scf.reduce
  }
  return
}

// A loop over rows shaped like softmax's (the exponentials into a buffer
// of the row, then a cheap pass writing the results), which
// jx-prefetch-next-rows makes fetch the next row ahead, writes its results
// with non-temporal stores; the exponentials' nest, which writes the
// row's own buffer, is left as it is.
// CHECK-LABEL: func.func @rows_with_exp
// CHECK: scf.parallel
// CHECK: memref.prefetch
// CHECK: math.exp
// CHECK: memref.store %{{.*}}, %[[TMP:.*]][%{{.*}}] : memref<1024xf32>
// CHECK: vector.store {{.*}}nontemporal = true
// CHECK: llvm.call_intrinsic "llvm.x86.sse.sfence"() {jx.fence_each_thread}
func.func @rows_with_exp(%x: memref<64x1024xf32>, %y: memref<64x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %ninf = arith.constant 0xFF800000 : f32
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %row = memref.subview %x[%i, 0] [1, 1024] [1, 1] : memref<64x1024xf32> to memref<1x1024xf32, strided<[1024, 1], offset: ?>>
    %tmp = memref.alloca() : memref<1024xf32>
    %m = scf.for %j = %c0 to %c1024 step %c1 iter_args(%acc = %ninf) -> (f32) {
      %v = memref.load %row[%c0, %j] : memref<1x1024xf32, strided<[1024, 1], offset: ?>>
      %n = arith.maximumf %acc, %v : f32
      scf.yield %n : f32
    }
    scf.for %j = %c0 to %c1024 step %c1 {
      %v = memref.load %row[%c0, %j] : memref<1x1024xf32, strided<[1024, 1], offset: ?>>
      %d = arith.subf %v, %m : f32
      %e = math.exp %d : f32
      memref.store %e, %tmp[%j] : memref<1024xf32>
    }
    scf.for %j = %c0 to %c1024 step %c1 {
      %e = memref.load %tmp[%j] : memref<1024xf32>
      %h = arith.mulf %e, %m : f32
      memref.store %h, %y[%i, %j] : memref<64x1024xf32>
    }
    scf.reduce
  }
  return
}
