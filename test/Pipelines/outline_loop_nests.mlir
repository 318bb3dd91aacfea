// RUN: jx-opt --jx-outline-loop-nests %s | FileCheck %s
// RUN: jx-opt --jx-outline-loop-nests %s --split-input-file | FileCheck %s --check-prefix=FEW

// Sixteen top-level loop nests: each becomes a call of a private noinline
// function; the constants a nest uses (its bounds) are cloned into it, the
// buffers are passed. Nests that outline to the same function share it:
// the fourteen equal ones call @main_nest0; the one adding another
// constant and the one over another buffer get functions of their own.
// CHECK-LABEL: func.func @main(
// CHECK-COUNT-7: call @main_nest0(%arg0) : (memref<64xf32>) -> ()
// CHECK-NEXT: call @main_nest7(%arg0) : (memref<64xf32>) -> ()
// CHECK-NEXT: call @main_nest8(%arg1) : (memref<64xf64>) -> ()
// CHECK-COUNT-7: call @main_nest0(%arg0) : (memref<64xf32>) -> ()
// CHECK-NOT: scf.for
// CHECK: return
// CHECK: func.func private @main_nest0(%arg0: memref<64xf32>) attributes {passthrough = ["noinline"]}
// CHECK-DAG: arith.constant 64 : index
// CHECK-DAG: arith.constant 0 : index
// CHECK-DAG: arith.constant 1.000000e+00 : f32
// CHECK: scf.for
// CHECK: func.func private @main_nest7(%arg0: memref<64xf32>)
// CHECK: arith.constant 2.000000e+00 : f32
// CHECK: func.func private @main_nest8(%arg0: memref<64xf64>)
// CHECK-NOT: func.func private
func.func @main(%x: memref<64xf32>, %y: memref<64xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %x[%i] : memref<64xf32>
  }
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %x[%i] : memref<64xf32>
  }
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %x[%i] : memref<64xf32>
  }
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %x[%i] : memref<64xf32>
  }
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %x[%i] : memref<64xf32>
  }
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %x[%i] : memref<64xf32>
  }
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %x[%i] : memref<64xf32>
  }
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %w = arith.addf %v, %two : f32
    memref.store %w, %x[%i] : memref<64xf32>
  }
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %y[%i] : memref<64xf64>
    %w = arith.addf %v, %v : f64
    memref.store %w, %y[%i] : memref<64xf64>
  }
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %x[%i] : memref<64xf32>
  }
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %x[%i] : memref<64xf32>
  }
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %x[%i] : memref<64xf32>
  }
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %x[%i] : memref<64xf32>
  }
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %x[%i] : memref<64xf32>
  }
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %x[%i] : memref<64xf32>
  }
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %x[%i] : memref<64xf32>
  }
  return
}

// -----

// Few nests: the function stays whole.
// FEW-LABEL: func.func @small(
// FEW: scf.for
// FEW-NOT: call
// FEW-NOT: func.func private
func.func @small(%x: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %x[%i] : memref<64xf32>
  }
  return
}
