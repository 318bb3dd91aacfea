// RUN: jx-opt %s --jx-loops-to-gpu --split-input-file | FileCheck %s

// The outermost parallel loop becomes one launch: its 4x8 points linearized,
// min(32, 256) threads per block, the point's indices recovered from the
// thread's linear id; the parallel loop inside runs sequentially.
// CHECK-LABEL: func.func @parallel
// CHECK:         arith.muli
// CHECK:         %[[TOTAL:.*]] = arith.muli
// CHECK:         scf.if
// CHECK:           %[[C256:.*]] = arith.constant 256 : index
// CHECK:           %[[PER:.*]] = arith.minsi %[[TOTAL]], %[[C256]]
// CHECK:           %[[BLOCKS:.*]] = arith.ceildivsi %[[TOTAL]], %[[PER]]
// CHECK:           gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[BLOCKS]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%[[BS:.*]] = %[[PER]],
// CHECK:             %[[ID0:.*]] = arith.muli %[[BX]], %[[BS]]
// CHECK:             %[[ID:.*]] = arith.addi %[[ID0]], %[[TX]]
// CHECK:             arith.cmpi slt, %[[ID]], %[[TOTAL]]
// CHECK:             arith.remsi %[[ID]]
// CHECK:             arith.divsi %[[ID]]
// CHECK:             scf.for
// CHECK-NOT:         scf.parallel
// CHECK:             memref.store
// CHECK:             gpu.terminator
module {
  func.func @parallel(%a: memref<4x8x2xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %f = arith.constant 1.0 : f32
    scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c8) step (%c1, %c1) {
      scf.parallel (%k) = (%c0) to (%c2) step (%c1) {
        memref.store %f, %a[%i, %j, %k] : memref<4x8x2xf32>
        scf.reduce
      }
      scf.reduce
    }
    return
  }
}

// -----

// A sequential nest outside any parallel loop runs on one thread; a loop
// that calls the runtime stays on the host.
// CHECK-LABEL: func.func @sequential
// CHECK:         gpu.launch
// CHECK:           scf.for
// CHECK:         scf.for
// CHECK-NEXT:      func.call @jx_rt_thing
// CHECK-NOT:     gpu.launch
module {
  func.func private @jx_rt_thing(i64)
  func.func @sequential(%a: memref<16xf32>, %s: memref<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %z = arith.constant 0 : i64
    scf.for %i = %c0 to %c16 step %c1 {
      %x = memref.load %a[%i] : memref<16xf32>
      %acc = memref.load %s[] : memref<f32>
      %y = arith.addf %acc, %x : f32
      memref.store %y, %s[] : memref<f32>
    }
    scf.for %i = %c0 to %c16 step %c1 {
      func.call @jx_rt_thing(%z) : (i64) -> ()
    }
    return
  }
}
