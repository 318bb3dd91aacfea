// Elementwise nests on buffers whose inner loop is short: the loops every
// operand reads as one contiguous run merge (an elementwise op over
// f32[N, 16] becomes one loop over 16 N elements); where a row broadcast
// along the inner loop keeps it, the nest becomes loops here, marked so
// that jx-parallel-loops asks LLVM not to unroll the innermost one (LLVM
// would unroll it and vectorize across rows with gathers and scatters).
// Long inner loops, reductions, bodies that read their indices, strided
// views that do not merge and inner loops shorter than a vector stay.
// RUN: jx-opt %s --split-input-file --jx-short-inner-loops | FileCheck %s
// RUN: jx-opt %s --split-input-file --jx-short-inner-loops --jx-parallel-loops | FileCheck %s --check-prefix=LOOPS

#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @elementwise
// CHECK-DAG: %[[X:.*]] = memref.collapse_shape %arg0 {{\[}}[0, 1]] : memref<1024x16xf32> into memref<16384xf32>
// CHECK-DAG: %[[Y:.*]] = memref.collapse_shape %arg1 {{\[}}[0, 1]] : memref<1024x16xf32> into memref<16384xf32>
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["parallel"]} ins(%[[X]] : memref<16384xf32>) outs(%[[Y]] : memref<16384xf32>)
// CHECK: arith.mulf
func.func @elementwise(%x: memref<1024x16xf32>, %y: memref<1024x16xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<1024x16xf32>) outs(%y : memref<1024x16xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %a : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// A row broadcast along the inner loop: the leading loops still merge, the
// inner one stays and is marked.
#x3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-LABEL: func.func @bias
// CHECK-DAG: %[[X:.*]] = memref.collapse_shape %arg0 {{\[}}[0, 1], [2]] : memref<8x512x16xf32> into memref<4096x16xf32>
// CHECK-DAG: %[[Y:.*]] = memref.collapse_shape %arg2 {{\[}}[0, 1], [2]] : memref<8x512x16xf32> into memref<4096x16xf32>
// CHECK: scf.parallel (%{{.*}}, %{{.*}}) = ({{.*}}) to (%c4096, %c16)
// CHECK: memref.load %[[X]][%{{.*}}, %{{.*}}] : memref<4096x16xf32>
// CHECK: memref.load %arg1[%{{.*}}] : memref<16xf32>
// CHECK: memref.store %{{.*}}, %[[Y]][%{{.*}}, %{{.*}}] : memref<4096x16xf32>
// CHECK: } {jx.vectorize_innermost}
// CHECK-NOT: linalg.generic
// LOOPS: #loop_unroll = #llvm.loop_unroll<disable = true>
// LOOPS: #loop_annotation = #llvm.loop_annotation<unroll = #loop_unroll>
// LOOPS-LABEL: func.func @bias
// LOOPS: scf.parallel (%{{.*}}) = (%{{.*}}) to (%c4096)
// LOOPS: scf.for %{{.*}} = %{{.*}} to %c16
// LOOPS: } {loop_annotation = #loop_annotation}
func.func @bias(%x: memref<8x512x16xf32>, %b: memref<16xf32>, %y: memref<8x512x16xf32>) {
  linalg.generic {indexing_maps = [#x3, #row, #x3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %b : memref<8x512x16xf32>, memref<16xf32>) outs(%y : memref<8x512x16xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A broadcast scalar (rank 0) does not keep loops apart.
#id = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @scalar_operand
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%{{.*}}, %arg1 : memref<512xf32>, memref<f32>)
func.func @scalar_operand(%x: memref<32x16xf32>, %s: memref<f32>, %y: memref<32x16xf32>) {
  linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : memref<32x16xf32>, memref<f32>) outs(%y : memref<32x16xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s2 = arith.addf %a, %c : f32
    linalg.yield %s2 : f32
  }
  return
}

// -----

// Left as they are: a long inner loop, a reduction along rows of 8, a body
// that reads its indices, an inner loop of less than a vector that a row
// broadcast keeps.
#id = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1) -> (d0)>
#cols = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: collapse_shape
// CHECK-NOT: scf.parallel
// CHECK-COUNT-4: linalg.generic
// CHECK-NOT: collapse_shape
func.func @left_alone(%long: memref<64x256xf32>, %r: memref<64xf32>,
                      %i: memref<64x16xi64>,
                      %narrow: memref<64x8xf32>, %b: memref<8xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%long : memref<64x256xf32>) outs(%long : memref<64x256xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  }
  linalg.generic {indexing_maps = [#id, #rows], iterator_types = ["parallel", "reduction"]}
      ins(%narrow : memref<64x8xf32>) outs(%r : memref<64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%i : memref<64x16xi64>) {
  ^bb0(%o: i64):
    %k = linalg.index 1 : index
    %v = arith.index_cast %k : index to i64
    linalg.yield %v : i64
  }
  linalg.generic {indexing_maps = [#id, #cols, #id], iterator_types = ["parallel", "parallel"]}
      ins(%narrow, %b : memref<64x8xf32>, memref<8xf32>) outs(%narrow : memref<64x8xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Rows of a view that are not contiguous do not merge; the short inner loop
// is still marked.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @strided_rows
// CHECK-NOT: collapse_shape
// CHECK: scf.parallel (%{{.*}}, %{{.*}}) = ({{.*}}) to (%c64, %c16)
// CHECK: memref.load %arg0[%{{.*}}, %{{.*}}] : memref<64x16xf32, strided<[32, 1]>>
// CHECK: } {jx.vectorize_innermost}
func.func @strided_rows(%x: memref<64x16xf32, strided<[32, 1]>>, %y: memref<64x16xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<64x16xf32, strided<[32, 1]>>) outs(%y : memref<64x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

// A reduction along rows of 16 (x.sum(-1) with a per-row input): 16 rows
// at a time, each row a lane. The rows are loaded as vectors, transposed by
// 64 shuffles, and the body runs on vectors once per column, in order.
#x = affine_map<(d0, d1) -> (d0, d1)>
#r = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @row_sums
// CHECK: scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%c256) step (%c16)
// CHECK-DAG: %[[ACC:.*]] = vector.load %arg2[%[[I]]] : memref<256xf32>, vector<16xf32>
// CHECK-DAG: %[[S:.*]] = vector.load %arg1[%[[I]]] : memref<256xf32>, vector<16xf32>
// CHECK-COUNT-16: vector.load %arg0[%{{.*}}, %{{.*}}] : memref<256x16xf32>, vector<16xf32>
// CHECK-COUNT-64: vector.shuffle
// CHECK: %[[M:.*]] = arith.mulf %{{.*}}, %[[S]] : vector<16xf32>
// CHECK: %[[A:.*]] = arith.addf %[[ACC]], %[[M]] : vector<16xf32>
// CHECK-COUNT-15: arith.addf
// CHECK: vector.store %{{.*}}, %arg2[%[[I]]] : memref<256xf32>, vector<16xf32>
// CHECK-NOT: linalg.generic
func.func @row_sums(%x: memref<256x16xf32>, %s: memref<256xf32>, %out: memref<256xf32>) {
  linalg.generic {indexing_maps = [#x, #r, #r], iterator_types = ["parallel", "reduction"]}
      ins(%x, %s : memref<256x16xf32>, memref<256xf32>) outs(%out : memref<256xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %t = arith.addf %o, %m : f32
    linalg.yield %t : f32
  }
  return
}

// -----

// Reductions left as loop nests: rows of 8, rows whose count 16 does not
// divide, 64-bit elements.
#x = affine_map<(d0, d1) -> (d0, d1)>
#r = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @reductions_left_alone
// CHECK-NOT: vector.shuffle
// CHECK-COUNT-3: linalg.generic
func.func @reductions_left_alone(%a: memref<256x8xf32>, %ra: memref<256xf32>,
                                 %b: memref<250x16xf32>, %rb: memref<250xf32>,
                                 %c: memref<256x16xf64>, %rc: memref<256xf64>) {
  linalg.generic {indexing_maps = [#x, #r], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<256x8xf32>) outs(%ra : memref<256xf32>) {
  ^bb0(%e: f32, %o: f32):
    %t = arith.addf %o, %e : f32
    linalg.yield %t : f32
  }
  linalg.generic {indexing_maps = [#x, #r], iterator_types = ["parallel", "reduction"]}
      ins(%b : memref<250x16xf32>) outs(%rb : memref<250xf32>) {
  ^bb0(%e: f32, %o: f32):
    %t = arith.addf %o, %e : f32
    linalg.yield %t : f32
  }
  linalg.generic {indexing_maps = [#x, #r], iterator_types = ["parallel", "reduction"]}
      ins(%c : memref<256x16xf64>) outs(%rc : memref<256xf64>) {
  ^bb0(%e: f64, %o: f64):
    %t = arith.addf %o, %e : f64
    linalg.yield %t : f64
  }
  return
}

// -----

// Two inputs along the rows, and the loop indices: the reduced loop's index
// is the column's, the row loop's the 16 rows' own.
#x = affine_map<(d0, d1) -> (d0, d1)>
#r = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @indices_and_two_inputs
// CHECK: scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%c64) step (%c16)
// CHECK: %[[B:.*]] = vector.broadcast %[[I]] : index to vector<16xindex>
// CHECK: %[[ROWS:.*]] = arith.addi %[[B]], %{{.*}} : vector<16xindex>
// CHECK-COUNT-16: vector.load %arg0
// CHECK-COUNT-64: vector.shuffle
// CHECK-COUNT-16: vector.load %arg1
// CHECK-COUNT-64: vector.shuffle
// CHECK: %[[C0:.*]] = vector.broadcast %c0{{.*}} : index to vector<16xindex>
// CHECK: arith.muli %[[ROWS]], %[[C0]] : vector<16xindex>
func.func @indices_and_two_inputs(%x: memref<64x16xi32>, %y: memref<64x16xi32>, %out: memref<64xi32>) {
  linalg.generic {indexing_maps = [#x, #x, #r], iterator_types = ["parallel", "reduction"]}
      ins(%x, %y : memref<64x16xi32>, memref<64x16xi32>) outs(%out : memref<64xi32>) {
  ^bb0(%a: i32, %b: i32, %o: i32):
    %i = linalg.index 0 : index
    %k = linalg.index 1 : index
    %p = arith.muli %i, %k : index
    %pi = arith.index_cast %p : index to i32
    %s = arith.addi %a, %b : i32
    %t = arith.addi %pi, %s : i32
    %u = arith.addi %o, %t : i32
    linalg.yield %u : i32
  }
  return
}

// -----

// A copy into rows with gaps (a half of concatenate(f32[N, 8], f32[N, 8],
// axis=1)): half a vector per row, but across rows LLVM would scatter, so
// the row loop is kept. The same copy between adjacent rows merges.
// CHECK-LABEL: func.func @copy_into_half_rows
// CHECK: scf.parallel (%{{.*}}, %{{.*}}) = ({{.*}}) to (%c1024, %c8)
// CHECK: } {jx.vectorize_innermost}
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%{{.*}} : memref<8192xf32>) outs(%{{.*}} : memref<8192xf32>)
func.func @copy_into_half_rows(%x: memref<1024x8xf32>, %y: memref<1024x8xf32, strided<[16, 1], offset: 8>>, %z: memref<1024x8xf32>) {
  linalg.copy ins(%x : memref<1024x8xf32>) outs(%y : memref<1024x8xf32, strided<[16, 1], offset: 8>>)
  linalg.copy ins(%x : memref<1024x8xf32>) outs(%z : memref<1024x8xf32>)
  return
}

// -----

// A reduction along an outer loop into rows of 16 results (the partial sums
// of a blocked column sum): the row of results is a vector carried by the
// reduction loop, loaded and stored once per block.
#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @column_sums
// CHECK: scf.parallel (%[[B:.*]]) = (%{{.*}}) to (%c64) step
// CHECK: %[[INIT:.*]] = vector.load %arg1[%[[B]], %{{.*}}] : memref<64x16xf32>, vector<16xf32>
// CHECK: %[[SUM:.*]] = scf.for %[[I:.*]] = %{{.*}} to %c1024 step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (vector<16xf32>)
// CHECK: %[[ROW:.*]] = vector.load %arg0[%[[B]], %[[I]], %{{.*}}] : memref<64x1024x16xf32>, vector<16xf32>
// CHECK: %[[NEW:.*]] = arith.addf %[[ACC]], %[[ROW]] : vector<16xf32>
// CHECK: scf.yield %[[NEW]] : vector<16xf32>
// CHECK: vector.store %[[SUM]], %arg1[%[[B]], %{{.*}}] : memref<64x16xf32>, vector<16xf32>
func.func @column_sums(%x: memref<64x1024x16xf32>, %out: memref<64x16xf32>) {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : memref<64x1024x16xf32>) outs(%out : memref<64x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = arith.addf %o, %a : f32
    linalg.yield %t : f32
  }
  return
}
