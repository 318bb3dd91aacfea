// RUN: jx-opt --jx-prefetch-next-rows %s | FileCheck %s
// RUN: jx-opt --jx-prefetch-next-rows --jx-parallel-loops %s | FileCheck %s --check-prefix=PAR

// A softmax-like loop over rows: the first nest reads row %i of %x from
// memory (its max), the second reads it again and computes an exponential
// per element. The second strip-mines its loop over the row by four cache
// lines (64 f32) and starts each strip with prefetches of those lines of
// row min(%i + 1, 63), through a one-dimensional view of it.

// CHECK-LABEL: func.func @rows
// CHECK: scf.parallel (%[[I:[^)]*]]) = (%{{.*}}) to (%[[C64:[^)]*]]) step
// CHECK: %[[ROW:.*]] = memref.subview %[[X:.*]][%[[I]], 0] [1, 1024] [1, 1]
// The first nest: unchanged, no prefetch.
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK-NOT: memref.prefetch
// CHECK: memref.load %[[ROW]]
// The next row's view, then the second nest in strips of 64.
// CHECK: %[[LAST:.*]] = arith.subi %[[C64]], %[[ONE:.*]] : index
// CHECK: %[[SUCC:.*]] = arith.addi %[[I]], %[[ONE]] : index
// CHECK: %[[NEXT:.*]] = arith.minsi %[[SUCC]], %[[LAST]] : index
// CHECK: %[[NEXTROW:.*]] = memref.subview %[[X]][%[[NEXT]], 0] [1, 1024] [1, 1]
// CHECK: %[[FLAT:.*]] = memref.collapse_shape %[[NEXTROW]] {{\[}}[0, 1]]
// CHECK: scf.parallel (%{{.*}}, %[[J:[^)]*]]) = ({{.*}}) to ({{.*}}) step (%{{.*}}, %[[STRIP:[^)]*]])
// CHECK: %[[LINE:.*]] = arith.divui %[[J]], %{{.*}} : index
// CHECK: %[[AT0:.*]] = arith.muli %[[LINE]], %{{.*}} : index
// CHECK-NEXT: memref.prefetch %[[FLAT]][%[[AT0]]], read, locality<2>, data
// CHECK: memref.prefetch %[[FLAT]]
// CHECK: memref.prefetch %[[FLAT]]
// CHECK: memref.prefetch %[[FLAT]]
// CHECK-NOT: memref.prefetch
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %[[STRIP]] step
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

// log_softmax's shape: the second nest (x - max into a row buffer) is
// cheap, the third (a sum of exponentials into 64 lanes, over [16, 64])
// is not. The prefetches of %x's next row go into the third nest, which
// does not read %x: four lines before each run of its innermost loop (64
// elements, 4 lines), at line 4 * %b of the row; the cheap nest is left
// alone.

// CHECK-LABEL: func.func @heaviest_nest
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step
// CHECK-NOT: memref.prefetch
// CHECK: memref.store %{{.*}}, %[[TMP:.*]][%{{.*}}] : memref<1024xf32>
// CHECK: %[[FLAT:.*]] = memref.collapse_shape
// CHECK: scf.for %[[B:[^ ]*]] = %{{.*}} to %{{.*}} step %{{[^ ]*}} {
// CHECK: %[[FIRST:.*]] = arith.muli %[[B]], %{{.*}} : index
// CHECK: %[[SUM:.*]] = arith.addi %{{.*}}, %[[FIRST]] : index
// CHECK: %[[LINE:.*]] = arith.divui %[[SUM]], %{{.*}} : index
// CHECK: memref.prefetch %[[FLAT]]
// CHECK: memref.prefetch %[[FLAT]]
// CHECK: memref.prefetch %[[FLAT]]
// CHECK: memref.prefetch %[[FLAT]]
// CHECK-NEXT: scf.for
// CHECK: memref.load %[[TMP]]
// CHECK: math.exp

func.func @heaviest_nest(%x: memref<64x1024xf32>, %y: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %ninf = arith.constant 0xFF800000 : f32
  %tmp = memref.alloc() : memref<1024xf32>
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %row = memref.subview %x[%i, 0] [1, 1024] [1, 1] : memref<64x1024xf32> to memref<1x1024xf32, strided<[1024, 1], offset: ?>>
    %m = scf.for %j = %c0 to %c1024 step %c1 iter_args(%acc = %ninf) -> (f32) {
      %v = memref.load %row[%c0, %j] : memref<1x1024xf32, strided<[1024, 1], offset: ?>>
      %n = arith.maximumf %acc, %v : f32
      scf.yield %n : f32
    }
    scf.for %j = %c0 to %c1024 step %c1 {
      %v = memref.load %row[%c0, %j] : memref<1x1024xf32, strided<[1024, 1], offset: ?>>
      %d = arith.subf %v, %m : f32
      memref.store %d, %tmp[%j] : memref<1024xf32>
    }
    scf.for %b = %c0 to %c16 step %c1 {
      scf.for %l = %c0 to %c64 step %c1 {
        %k = affine.apply affine_map<(b, l) -> (b * 64 + l)>(%b, %l)
        %v = memref.load %tmp[%k] : memref<1024xf32>
        %e = math.exp %v : f32
        %s = memref.load %y[%i, %l] : memref<64x64xf32>
        %t = arith.addf %s, %e : f32
        memref.store %t, %y[%i, %l] : memref<64x64xf32>
      }
    }
    scf.reduce
  }
  memref.dealloc %tmp : memref<1024xf32>
  return
}

// Every pass over the row is cheap (x - max): prefetching the next row
// would only compete with the demand misses, and nothing is added.
// CHECK-LABEL: func.func @cheap
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @cheap(%x: memref<64x1024xf32>, %y: memref<64x1024xf32>) {
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
      memref.store %d, %out[%r, %j] : memref<1x1024xf32, strided<[1024, 1], offset: ?>>
      scf.reduce
    }
    scf.reduce
  }
  return
}

// A row read by the first nest only (a copy): the prefetches of its next
// row go into the later nest that computes an exponential per element.
// CHECK-LABEL: func.func @copy_then_exp
// CHECK: memref.collapse_shape
// CHECK: memref.prefetch
// CHECK: math.exp
func.func @copy_then_exp(%x: memref<64x1024xf32>, %y: memref<64x1024xf32>) {
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
      %w = math.exp %v : f32
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
      %e = math.exp %d : f32
      memref.store %e, %out[%r, %j] : memref<1x1000xf32, strided<[1000, 1], offset: ?>>
      scf.reduce
    }
    scf.reduce
  }
  return
}

// layernorm's shape: no nest computes much, but the second that reads the
// row (the variance, into the row's own accumulator) writes nothing out:
// it prefetches the next row, the output nest after it does not.
// CHECK-LABEL: func.func @variance
// CHECK: memref.collapse_shape
// CHECK: memref.prefetch
// CHECK: arith.mulf
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @variance(%x: memref<64x1024xf32>, %y: memref<64x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %row = memref.subview %x[%i, 0] [1, 1024] [1, 1] : memref<64x1024xf32> to memref<1x1024xf32, strided<[1024, 1], offset: ?>>
    %acc = memref.alloca() : memref<1xf32>
    %m = scf.for %j = %c0 to %c1024 step %c1 iter_args(%a = %zero) -> (f32) {
      %v = memref.load %row[%c0, %j] : memref<1x1024xf32, strided<[1024, 1], offset: ?>>
      %n = arith.addf %a, %v : f32
      scf.yield %n : f32
    }
    scf.for %j = %c0 to %c1024 step %c1 {
      %v = memref.load %row[%c0, %j] : memref<1x1024xf32, strided<[1024, 1], offset: ?>>
      %d = arith.subf %v, %m : f32
      %s = arith.mulf %d, %d : f32
      %a = memref.load %acc[%c0] : memref<1xf32>
      %t = arith.addf %a, %s : f32
      memref.store %t, %acc[%c0] : memref<1xf32>
    }
    %var = memref.load %acc[%c0] : memref<1xf32>
    scf.for %j = %c0 to %c1024 step %c1 {
      %v = memref.load %row[%c0, %j] : memref<1x1024xf32, strided<[1024, 1], offset: ?>>
      %d = arith.subf %v, %m : f32
      %o = arith.mulf %d, %var : f32
      memref.store %o, %y[%i, %j] : memref<64x1024xf32>
    }
    scf.reduce
  }
  return
}
