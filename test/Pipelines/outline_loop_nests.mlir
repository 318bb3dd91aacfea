// RUN: jx-opt --jx-outline-loop-nests %s | FileCheck %s
// RUN: jx-opt --jx-outline-loop-nests %s --split-input-file | FileCheck %s --check-prefix=FEW

// Sixteen top-level loop nests: each becomes a private noinline function
// called in its place; the constants it uses (its bounds) are cloned into
// it, the buffers are passed.
// CHECK-LABEL: func.func @main(
// CHECK-COUNT-16: call @main_nest{{[0-9]+}}(%arg0) : (memref<64xf32>) -> ()
// CHECK-NOT: scf.for
// CHECK: return
// CHECK: func.func private @main_nest0(%arg0: memref<64xf32>) attributes {passthrough = ["noinline"]}
// CHECK-DAG: arith.constant 64 : index
// CHECK-DAG: arith.constant 0 : index
// CHECK: scf.for
// CHECK: func.func private @main_nest15(
func.func @main(%x: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
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
