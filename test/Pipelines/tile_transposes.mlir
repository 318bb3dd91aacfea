// A parallel nest that writes along its innermost loop and reads along
// another (a transpose) runs one 32 x 32 tile at a time: the tiles stay one
// scf.parallel (for the threads), the elements of a tile an inner one.
// A nest that only copies 32-bit elements moves 16 x 16 blocks through
// registers instead: 16 row loads, 4 x 16 shuffles, 16 row stores, in tiles
// of up to 128 x 128 elements.
// Nests that read along the loop they write, small nests and extents that
// 32 does not divide keep their loops.
// RUN: jx-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(jx-tile-transposes))' | FileCheck %s

// CHECK-LABEL: func.func @transpose
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) = ({{.*}}) to ({{.*}}) step (%[[C128]], %[[C128]])
// CHECK: scf.for %[[BI:.*]] = %{{.*}} to %[[C128]] step %[[C16:.*]] {
// CHECK: %[[R:.*]] = arith.addi %[[I]], %[[BI]]
// CHECK: scf.for %[[BJ:.*]] = %{{.*}} to %[[C128]] step %[[C16]] {
// CHECK: %[[C:.*]] = arith.addi %[[J]], %[[BJ]]
// CHECK: vector.load %arg0[%[[C]], %[[R]]] : memref<512x256xf32>, vector<16xf32>
// CHECK-COUNT-15: vector.load %arg0[%{{.*}}, %[[R]]]
// CHECK-COUNT-64: vector.shuffle
// CHECK: vector.store %{{.*}}, %arg1[%[[R]], %[[C]]] : memref<256x512xf32>, vector<16xf32>
// CHECK-COUNT-15: vector.store %{{.*}}, %arg1[%{{.*}}, %[[C]]]
// CHECK-NOT: memref.load
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

// One transposed extent of 16 (a multiple of the block, not of the scalar
// tiles): blocks in registers, tiles of 16 x 16.
// CHECK-LABEL: func.func @sixteen_wide
// CHECK: scf.parallel (%{{.*}}, %{{.*}}) = ({{.*}}) to (%c16, %c8192) step (%[[S:.*]], %[[S]])
// CHECK-COUNT-16: vector.load %arg0
// CHECK-COUNT-64: vector.shuffle
// CHECK-COUNT-16: vector.store
func.func @sixteen_wide(%x: memref<8192x16xf32>, %y: memref<16x8192xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c8192 = arith.constant 8192 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c16, %c8192) step (%c1, %c1) {
    %v = memref.load %x[%j, %i] : memref<8192x16xf32>
    memref.store %v, %y[%i, %j] : memref<16x8192xf32>
    scf.reduce
  }
  return
}

// -----

// The shuffles swap the off-diagonal blocks of 1, 2, 4 and 8 elements.
// CHECK-LABEL: func.func @shuffles
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10, 26, 12, 28, 14, 30]
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [1, 17, 3, 19, 5, 21, 7, 23, 9, 25, 11, 27, 13, 29, 15, 31]
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29]
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27]
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23]
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31]
func.func @shuffles(%x: memref<256x256xi32>, %y: memref<256x256xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c256, %c256) step (%c1, %c1) {
    %v = memref.load %x[%j, %i] : memref<256x256xi32>
    memref.store %v, %y[%i, %j] : memref<256x256xi32>
    scf.reduce
  }
  return
}

// -----

// 16-bit elements keep the tiled scalar copies.
// CHECK-LABEL: func.func @half
// CHECK-NOT: vector.
// CHECK: scf.parallel {{.*}} step (%c32{{.*}}, %c32{{.*}})
// CHECK: memref.load %arg0
func.func @half(%x: memref<512x256xf16>, %y: memref<256x512xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c256, %c512) step (%c1, %c1) {
    %v = memref.load %x[%j, %i] : memref<512x256xf16>
    memref.store %v, %y[%i, %j] : memref<256x512xf16>
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
