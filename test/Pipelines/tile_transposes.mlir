// A parallel nest that writes along its innermost loop and reads along
// another (a transpose) runs one 32 x 32 tile at a time: the tiles stay one
// scf.parallel (for the threads), the elements of a tile an inner one.
// Nests that read along the loop they write, small nests and extents that
// 32 does not divide keep their loops.
// RUN: jx-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(jx-tile-transposes))' | FileCheck %s

// CHECK-LABEL: func.func @transpose
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) = ({{.*}}) to ({{.*}}) step (%[[C32]], %{{.*}})
// CHECK: scf.parallel (%[[TI:.*]], %[[TJ:.*]]) = ({{.*}}) to ({{.*}}) step
// CHECK: %[[R:.*]] = arith.addi %[[TI]], %[[I]]
// CHECK: %[[C:.*]] = arith.addi %[[TJ]], %[[J]]
// CHECK: memref.load %arg0[%[[C]], %[[R]]]
// CHECK: memref.store %{{.*}}, %arg1[%[[R]], %[[C]]]
func.func @transpose(%x: memref<512x256xf32>, %y: memref<256x512xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c256, %c512) step (%c1, %c1) {
    %v = memref.load %x[%j, %i] : memref<512x256xf32>
    memref.store %v, %y[%i, %j] : memref<256x512xf32>
    scf.reduce
  }
  return
}

// -----

// Batched (the batch loop tiled by 1), fused with an add that reads along
// the written loop.
// CHECK-LABEL: func.func @batched
// CHECK: scf.parallel {{.*}} step (%c1{{.*}}, %c32{{.*}}, %c32{{.*}})
// CHECK: scf.parallel
func.func @batched(%x: memref<4x256x256xf32>, %b: memref<4x256x256xf32>, %y: memref<4x256x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  scf.parallel (%n, %i, %j) = (%c0, %c0, %c0) to (%c4, %c256, %c256) step (%c1, %c1, %c1) {
    %v = memref.load %x[%n, %j, %i] : memref<4x256x256xf32>
    %w = memref.load %b[%n, %i, %j] : memref<4x256x256xf32>
    %s = arith.addf %v, %w : f32
    memref.store %s, %y[%n, %i, %j] : memref<4x256x256xf32>
    scf.reduce
  }
  return
}

// -----

// CHECK-LABEL: func.func @kept
// CHECK-NOT: arith.constant 32
// CHECK-COUNT-3: scf.parallel ({{[^)]*}}) = ({{[^)]*}}) to ({{[^)]*}}) step ({{[^)]*}}) {
// CHECK-NOT: scf.parallel
func.func @kept(%x: memref<512x512xf32>, %y: memref<512x512xf32>, %s: memref<16x16xf32>, %t: memref<16x16xf32>, %u: memref<520x520xf32>, %v: memref<520x520xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c512 = arith.constant 512 : index
  %c520 = arith.constant 520 : index
  // Reads along the loop it writes: a copy.
  scf.parallel (%i, %j) = (%c0, %c0) to (%c512, %c512) step (%c1, %c1) {
    %a = memref.load %x[%i, %j] : memref<512x512xf32>
    memref.store %a, %y[%i, %j] : memref<512x512xf32>
    scf.reduce
  }
  // Too small.
  scf.parallel (%i, %j) = (%c0, %c0) to (%c16, %c16) step (%c1, %c1) {
    %a = memref.load %s[%j, %i] : memref<16x16xf32>
    memref.store %a, %t[%i, %j] : memref<16x16xf32>
    scf.reduce
  }
  // 520 is no multiple of 32.
  scf.parallel (%i, %j) = (%c0, %c0) to (%c520, %c520) step (%c1, %c1) {
    %a = memref.load %u[%j, %i] : memref<520x520xf32>
    memref.store %a, %v[%i, %j] : memref<520x520xf32>
    scf.reduce
  }
  return
}
