// RUN: jx-opt %s --jx-loop-accumulators --split-input-file | FileCheck %s

// A reduction in a kernel: the element is loaded once before the loop,
// carried through it and stored once after it.
// CHECK-LABEL: func.func @row_sum
// CHECK:         gpu.launch
// CHECK:           %[[INIT:.*]] = memref.load %[[OUT:.*]][%[[I:.*]]] : memref<8xf32>
// CHECK:           %[[SUM:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f32) {
// CHECK:             %[[X:.*]] = memref.load %{{.*}} : memref<8x64xf32>
// CHECK:             %[[NEXT:.*]] = arith.addf %[[ACC]], %[[X]] : f32
// CHECK-NOT:         memref.store
// CHECK:             scf.yield %[[NEXT]] : f32
// CHECK:           memref.store %[[SUM]], %[[OUT]][%[[I]]] : memref<8xf32>
func.func @row_sum(%x: memref<8x64xf32>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    scf.for %k = %c0 to %c64 step %c1 {
      %v = memref.load %x[%tx, %k] : memref<8x64xf32>
      %a = memref.load %out[%tx] : memref<8xf32>
      %s = arith.addf %a, %v : f32
      memref.store %s, %out[%tx] : memref<8xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// Two reduced loops: the inner one first, then the outer one around it;
// two results (a value and its index) are carried together.
// CHECK-LABEL: func.func @nest_two_results
// CHECK:         %[[V0:.*]] = memref.load %[[V:.*]][%{{.*}}] : memref<4xf32>
// CHECK:         %[[N0:.*]] = memref.load %[[N:.*]][%{{.*}}] : memref<4xi32>
// CHECK:         %[[OUTER:.*]]:2 = scf.for {{.*}} iter_args(%[[A:.*]] = %[[V0]], %[[B:.*]] = %[[N0]])
// CHECK:           %[[INNER:.*]]:2 = scf.for {{.*}} iter_args(%{{.*}} = %[[A]], %{{.*}} = %[[B]])
// CHECK-NOT:         memref.store
// CHECK:             scf.yield
// CHECK:           scf.yield %[[INNER]]#0, %[[INNER]]#1
// CHECK:         memref.store %[[OUTER]]#0, %[[V]]
// CHECK:         memref.store %[[OUTER]]#1, %[[N]]
func.func @nest_two_results(%x: memref<4x16x16xf32>, %v: memref<4xf32>, %n: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    scf.for %j = %c0 to %c16 step %c1 {
      scf.for %k = %c0 to %c16 step %c1 {
        %e = memref.load %x[%tx, %j, %k] : memref<4x16x16xf32>
        %best = memref.load %v[%tx] : memref<4xf32>
        %at = memref.load %n[%tx] : memref<4xi32>
        %gt = arith.cmpf ogt, %e, %best : f32
        %kk = arith.index_cast %k : index to i32
        %nb = arith.select %gt, %e, %best : f32
        %na = arith.select %gt, %kk, %at : i32
        memref.store %nb, %v[%tx] : memref<4xf32>
        memref.store %na, %n[%tx] : memref<4xi32>
      }
    }
    gpu.terminator
  }
  return
}

// -----

// Left alone: the loop reads another view of the accumulated buffer (it
// could read the element being accumulated).
// CHECK-LABEL: func.func @reads_a_view_of_itself
// CHECK:         scf.for
// CHECK-NOT:       iter_args
// CHECK:           memref.store
func.func @reads_a_view_of_itself(%out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %view = memref.subview %out[0] [64] [1] : memref<64xf32> to memref<64xf32, strided<[1]>>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    scf.for %k = %c0 to %c64 step %c1 {
      %v = memref.load %view[%k] : memref<64xf32, strided<[1]>>
      %a = memref.load %out[%c0] : memref<64xf32>
      %s = arith.addf %a, %v : f32
      memref.store %s, %out[%c0] : memref<64xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// Left alone: another store in the loop, a load at other indices, a store
// under a condition, a loop on the host (its load and store would move to
// the host).
// CHECK-LABEL: func.func @other_writes
// CHECK-NOT:     iter_args
// CHECK-LABEL: func.func @other_indices
// CHECK-NOT:     iter_args
// CHECK-LABEL: func.func @conditional_store
// CHECK-NOT:     iter_args
// CHECK-LABEL: func.func @on_the_host
// CHECK-NOT:     iter_args
func.func @other_writes(%x: memref<64xf32>, %out: memref<1xf32>, %copy: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    scf.for %k = %c0 to %c64 step %c1 {
      %v = memref.load %x[%k] : memref<64xf32>
      memref.store %v, %copy[%k] : memref<64xf32>
      %a = memref.load %out[%c0] : memref<1xf32>
      %s = arith.addf %a, %v : f32
      memref.store %s, %out[%c0] : memref<1xf32>
    }
    gpu.terminator
  }
  return
}
func.func @other_indices(%out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    scf.for %k = %c0 to %c64 step %c1 {
      %b = memref.load %out[%c1] : memref<2xf32>
      %a = memref.load %out[%c0] : memref<2xf32>
      %s = arith.addf %a, %b : f32
      memref.store %s, %out[%c0] : memref<2xf32>
    }
    gpu.terminator
  }
  return
}
func.func @conditional_store(%x: memref<64xf32>, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    scf.for %k = %c0 to %c64 step %c1 {
      %v = memref.load %x[%k] : memref<64xf32>
      %a = memref.load %out[%c0] : memref<1xf32>
      %s = arith.addf %a, %v : f32
      %p = arith.cmpf ogt, %v, %zero : f32
      scf.if %p {
        memref.store %s, %out[%c0] : memref<1xf32>
      }
    }
    gpu.terminator
  }
  return
}
func.func @on_the_host(%x: memref<64xf32>, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.for %k = %c0 to %c64 step %c1 {
    %v = memref.load %x[%k] : memref<64xf32>
    %a = memref.load %out[%c0] : memref<1xf32>
    %s = arith.addf %a, %v : f32
    memref.store %s, %out[%c0] : memref<1xf32>
  }
  return
}

// -----

// Before the parallel loops become kernels: the reduction's accumulator is
// hoisted in the parallel loop's body, and the fill before it (a kernel of
// its own) is folded in, past an allocation and the freeing of another
// buffer: the accumulator starts from the fill's value.
// CHECK-LABEL: func.func @fill_folded
// CHECK:         %[[Z:.*]] = arith.constant -0.000000e+00 : f32
// CHECK-NOT:     memref.store %[[Z]]
// CHECK:         memref.alloc
// CHECK-NEXT:    memref.dealloc
// CHECK-NEXT:    scf.parallel (%[[I:.*]]) =
// CHECK-NEXT:      %[[S:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[Z]]) -> (f32)
// CHECK:           memref.store %[[S]], %{{.*}}[%[[I]]]
func.func @fill_folded(%x: memref<8x64xf32>, %out: memref<8xf32>, %done: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %z = arith.constant -0.0 : f32
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    memref.store %z, %out[%i] : memref<8xf32>
    scf.reduce
  }
  %unused = memref.alloc() : memref<4xf32>
  memref.dealloc %done : memref<16xf32>
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    scf.for %k = %c0 to %c64 step %c1 {
      %v = memref.load %x[%i, %k] : memref<8x64xf32>
      %a = memref.load %out[%i] : memref<8xf32>
      %s = arith.addf %a, %v : f32
      memref.store %s, %out[%i] : memref<8xf32>
    }
    scf.reduce
  }
  memref.dealloc %unused : memref<4xf32>
  return
}

// -----

// Left alone: the loop after the fill reads a neighbour's element, runs
// over other points, or is past an op that writes memory.
// CHECK-LABEL: func.func @fill_kept_neighbour
// CHECK:         scf.parallel
// CHECK-NEXT:      memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<9xf32>
// CHECK-LABEL: func.func @fill_kept_other_points
// CHECK:         scf.parallel
// CHECK-NEXT:      memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<8xf32>
// CHECK-LABEL: func.func @fill_kept_after_a_write
// CHECK:         scf.parallel
// CHECK-NEXT:      memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<8xf32>
func.func @fill_kept_neighbour(%out: memref<9xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    memref.store %z, %out[%i] : memref<9xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %a = memref.load %out[%i] : memref<9xf32>
    %j = arith.addi %i, %c1 : index
    %b = memref.load %out[%j] : memref<9xf32>
    %s = arith.addf %a, %b : f32
    memref.store %s, %out[%i] : memref<9xf32>
    scf.reduce
  }
  return
}
func.func @fill_kept_other_points(%out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    memref.store %z, %out[%i] : memref<8xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %a = memref.load %out[%i] : memref<8xf32>
    %s = arith.addf %a, %one : f32
    memref.store %s, %out[%i] : memref<8xf32>
    scf.reduce
  }
  return
}
func.func @fill_kept_after_a_write(%out: memref<8xf32>, %tmp: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    memref.store %z, %out[%i] : memref<8xf32>
    scf.reduce
  }
  memref.store %one, %tmp[%c0] : memref<8xf32>
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %a = memref.load %out[%i] : memref<8xf32>
    %s = arith.addf %a, %one : f32
    memref.store %s, %out[%i] : memref<8xf32>
    scf.reduce
  }
  return
}
