// RUN: jx-opt --jx-prefetch-next-rows %s | FileCheck %s
// RUN: jx-opt --jx-prefetch-next-rows --jx-parallel-loops %s | FileCheck %s --check-prefix=PAR

// A softmax-like loop over rows: the first nest reads row %i of %x from
// memory (its max), the second reads it again and computes. The second
// strip-mines its loop over the row by a cache line (16 f32) and starts
// each strip with a prefetch of that line of row min(%i + 1, 63).

// CHECK-LABEL: func.func @rows
// CHECK: scf.parallel (%[[I:[^)]*]]) = (%{{.*}}) to (%[[C64:[^)]*]]) step
// CHECK: %[[ROW:.*]] = memref.subview %[[X:.*]][%[[I]], 0] [1, 1024] [1, 1]
// The first nest: unchanged, no prefetch.
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK-NOT: memref.prefetch
// CHECK: memref.load %[[ROW]]
// The next row's view, then the second nest in strips of 16.
// CHECK: %[[LAST:.*]] = arith.subi %[[C64]], %[[ONE:.*]] : index
// CHECK: %[[SUCC:.*]] = arith.addi %[[I]], %[[ONE]] : index
// CHECK: %[[NEXT:.*]] = arith.minsi %[[SUCC]], %[[LAST]] : index
// CHECK: %[[NEXTROW:.*]] = memref.subview %[[X]][%[[NEXT]], 0] [1, 1024] [1, 1]
// CHECK: %[[C16:.*]] = arith.constant 16 : index
// CHECK: scf.parallel (%{{.*}}, %[[J:[^)]*]]) = ({{.*}}) to ({{.*}}) step (%{{.*}}, %[[C16]])
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT: memref.prefetch %[[NEXTROW]][%{{.*}}, %[[J]]], read, locality<2>, data
// CHECK-NEXT: scf.for %[[K:.*]] = %[[ZERO]] to %[[C16]] step
// CHECK-NEXT: %[[E:.*]] = arith.addi %[[J]], %[[K]] : index
// CHECK-NEXT: memref.load %[[ROW]][%{{.*}}, %[[E]]]
// CHECK: math.exp
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %[[E]]]

// The loop over rows still runs on all cores: a prefetch orders nothing.
// PAR-LABEL: func.func @rows
// PAR: scf.parallel
// PAR: memref.prefetch

func.func @rows(%x: memref<64x1024xf32>, %y: memref<64x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %ninf = arith.constant 0xFF800000 : f32
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %row = memref.subview %x[%i, 0] [1, 1024] [1, 1] : memref<64x1024xf32> to memref<1x1024xf32, strided<[1024, 1], offset: ?>>
    %out = memref.subview %y[%i, 0] [1, 1024] [1, 1] : memref<64x1024xf32> to memref<1x1024xf32, strided<[1024, 1], offset: ?>>
    %m = scf.for %j = %c0 to %c1024 step %c1 iter_args(%acc = %ninf) -> (f32) {
      %v = memref.load %row[%c0, %j] : memref<1x1024xf32, strided<[1024, 1], offset: ?>>
      %n = arith.maximumf %acc, %v : f32
      scf.yield %n : f32
    }
    scf.parallel (%r, %j) = (%c0, %c0) to (%c1, %c1024) step (%c1, %c1) {
      %v = memref.load %row[%r, %j] : memref<1x1024xf32, strided<[1024, 1], offset: ?>>
      %d = arith.subf %v, %m : f32
      %e = math.exp %d : f32
      memref.store %e, %out[%r, %j] : memref<1x1024xf32, strided<[1024, 1], offset: ?>>
      scf.reduce
    }
    scf.reduce
  }
  return
}

// A row read by one nest only (a row sum): nothing to overlap, no prefetch.
// CHECK-LABEL: func.func @one_nest
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @one_nest(%x: memref<64x1024xf32>, %y: memref<64x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %row = memref.subview %x[%i, 0] [1, 1024] [1, 1] : memref<64x1024xf32> to memref<1x1024xf32, strided<[1024, 1], offset: ?>>
    %out = memref.subview %y[%i, 0] [1, 1024] [1, 1] : memref<64x1024xf32> to memref<1x1024xf32, strided<[1024, 1], offset: ?>>
    scf.parallel (%r, %j) = (%c0, %c0) to (%c1, %c1024) step (%c1, %c1) {
      %v = memref.load %row[%r, %j] : memref<1x1024xf32, strided<[1024, 1], offset: ?>>
      memref.store %v, %out[%r, %j] : memref<1x1024xf32, strided<[1024, 1], offset: ?>>
      scf.reduce
    }
    scf.parallel (%r, %j) = (%c0, %c0) to (%c1, %c1024) step (%c1, %c1) {
      %v = memref.load %out[%r, %j] : memref<1x1024xf32, strided<[1024, 1], offset: ?>>
      %w = arith.addf %v, %v : f32
      memref.store %w, %out[%r, %j] : memref<1x1024xf32, strided<[1024, 1], offset: ?>>
      scf.reduce
    }
    scf.reduce
  }
  return
}

// A row of 1000 elements is not a whole number of cache lines: the nest
// stays as it is.
// CHECK-LABEL: func.func @ragged
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @ragged(%x: memref<64x1000xf32>, %y: memref<64x1000xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1000 = arith.constant 1000 : index
  %ninf = arith.constant 0xFF800000 : f32
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %row = memref.subview %x[%i, 0] [1, 1000] [1, 1] : memref<64x1000xf32> to memref<1x1000xf32, strided<[1000, 1], offset: ?>>
    %out = memref.subview %y[%i, 0] [1, 1000] [1, 1] : memref<64x1000xf32> to memref<1x1000xf32, strided<[1000, 1], offset: ?>>
    %m = scf.for %j = %c0 to %c1000 step %c1 iter_args(%acc = %ninf) -> (f32) {
      %v = memref.load %row[%c0, %j] : memref<1x1000xf32, strided<[1000, 1], offset: ?>>
      %n = arith.maximumf %acc, %v : f32
      scf.yield %n : f32
    }
    scf.parallel (%r, %j) = (%c0, %c0) to (%c1, %c1000) step (%c1, %c1) {
      %v = memref.load %row[%r, %j] : memref<1x1000xf32, strided<[1000, 1], offset: ?>>
      %d = arith.subf %v, %m : f32
      memref.store %d, %out[%r, %j] : memref<1x1000xf32, strided<[1000, 1], offset: ?>>
      scf.reduce
    }
    scf.reduce
  }
  return
}
