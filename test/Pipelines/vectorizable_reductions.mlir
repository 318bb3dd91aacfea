// RUN: jx-opt --jx-vectorizable-reductions %s | FileCheck %s
// RUN: jx-opt '--jx-vectorizable-reductions=gpu' %s | FileCheck %s --check-prefix=GPU

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#t2 = affine_map<(d0, d1) -> (d1, d0)>

// A row sum over 4096 contiguous elements: 64 lanes of partial sums that
// start at -0.0, each adding 64 elements; then lane o * 8 + i added into
// i, o ascending (whole vectors), then the 8 added in order.
// CHECK-LABEL: func @row_sum
// CHECK: %[[NZ:.*]] = arith.constant -0.000000e+00 : f32
// CHECK: %[[X:.*]] = tensor.expand_shape %arg0 {{\[}}[0], [1, 2]] output_shape [8, 64, 64]
// CHECK: %[[P0:.*]] = linalg.fill ins(%[[NZ]] : f32) outs(%{{.*}} : tensor<8x64xf32>)
// CHECK: %[[P:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[X]] : tensor<8x64x64xf32>) outs(%[[P0]] : tensor<8x64xf32>)
// CHECK: %[[G:.*]] = tensor.expand_shape %[[P]] {{\[}}[0], [1, 2]] output_shape [8, 8, 8]
// CHECK: %[[E0:.*]] = linalg.fill ins(%[[NZ]] : f32) outs(%{{.*}} : tensor<8x8xf32>)
// CHECK: %[[E:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[G]] : tensor<8x8x8xf32>) outs(%[[E0]] : tensor<8x8xf32>)
// CHECK:   arith.addf
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[E]] : tensor<8x8xf32>) outs(%{{.*}} : tensor<8xf32>)
// CHECK:   arith.addf
// CHECK-NOT: linalg.generic
// CHECK: return
// For a GPU, the same split with the lane loop before the reduced one (the
// kernel's threads are the (row, lane) pairs); every step adds in the same
// order as above.
// GPU-LABEL: func @row_sum
// GPU: %[[X:.*]] = tensor.expand_shape %arg0 {{\[}}[0], [1, 2]] output_shape [8, 64, 64]
// GPU: linalg.generic {indexing_maps = [#[[IN:.*]], #[[OUT:.*]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]] : tensor<8x64x64xf32>) outs(%{{.*}} : tensor<8x64xf32>)
// GPU: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%{{.*}} : tensor<8x8x8xf32>) outs(%{{.*}} : tensor<8x8xf32>)
// GPU: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<8x8xf32>) outs(%{{.*}} : tensor<8xf32>)
func.func @row_sum(%x: tensor<8x4096xf32>) -> tensor<8xf32> {
  %nz = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %init = linalg.fill ins(%nz : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x4096xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// A maximum that orders -0 below +0 and propagates NaN (stablehlo's):
// the combiner reads the element and its sign bit; both are rebuilt from
// the partial in the combining generic. f64: 32 lanes; 1000 = 8 x 125.
// CHECK-LABEL: func @row_max_f64
// CHECK: tensor.expand_shape %arg0 {{\[}}[0], [1, 2]] output_shape [4, 125, 8]
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]}
// CHECK: ^bb0(%[[IN:.*]]: f64, %[[ACC:.*]]: f64):
// CHECK:   arith.bitcast %[[IN]] : f64 to i64
// CHECK:   arith.select
func.func @row_max_f64(%x: tensor<4x1000xf64>) -> tensor<4xf64> {
  %ninf = arith.constant 0xFFF0000000000000 : f64
  %c0 = arith.constant 0 : i64
  %e = tensor.empty() : tensor<4xf64>
  %init = linalg.fill ins(%ninf : f64) outs(%e : tensor<4xf64>) -> tensor<4xf64>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x1000xf64>) outs(%init : tensor<4xf64>) {
  ^bb0(%in: f64, %acc: f64):
    %b = arith.bitcast %in : f64 to i64
    %neg = arith.cmpi slt, %b, %c0 : i64
    %gt = arith.cmpf ogt, %acc, %in : f64
    %eq = arith.cmpf oeq, %acc, %in : f64
    %z = arith.andi %eq, %neg : i1
    %nan = arith.cmpf uno, %acc, %acc : f64
    %o1 = arith.ori %gt, %z : i1
    %o2 = arith.ori %o1, %nan : i1
    %m = arith.select %o2, %acc, %in : f64
    linalg.yield %m : f64
  } -> tensor<4xf64>
  return %r : tensor<4xf64>
}

// A sum fused with its producer, exp(x - m[row]): the split generic keeps
// the whole body, the combining one only the addition.
// CHECK-LABEL: func @fused_sum
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK:   math.exp
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]}
// CHECK-NOT: math.exp
// CHECK: return
func.func @fused_sum(%x: tensor<8x512xf32>, %m: tensor<8xf32>) -> tensor<8xf32> {
  %nz = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %init = linalg.fill ins(%nz : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %m : tensor<8x512xf32>, tensor<8xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %mi: f32, %acc: f32):
    %d = arith.subf %in, %mi : f32
    %ex = math.exp %d : f32
    %s = arith.addf %acc, %ex : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// A column sum: the loops are interchanged so that the inner one runs
// along the contiguous columns; nothing is split (same order of additions).
// CHECK-LABEL: func @column_sum
// CHECK-NOT: tensor.expand_shape
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["reduction", "parallel"]}
// For a GPU, left as it is: threads over the columns read neighbouring
// addresses.
// GPU-LABEL: func @column_sum
// GPU-NOT: tensor.expand_shape
// GPU: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["parallel", "reduction"]}
func.func @column_sum(%x: tensor<4096x256xf32>) -> tensor<256xf32> {
  %nz = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<256xf32>
  %init = linalg.fill ins(%nz : f32) outs(%e : tensor<256xf32>) -> tensor<256xf32>
  %r = linalg.generic {indexing_maps = [#t2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4096x256xf32>) outs(%init : tensor<256xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<256xf32>
  return %r : tensor<256xf32>
}

// Left alone: short rows, an odd length, a body that reads its loop index,
// integers, and contractions (the BLAS path's).
// CHECK-LABEL: func @left_alone
// CHECK-NOT: tensor.expand_shape
// CHECK: return
func.func @left_alone(%short: tensor<8x32xf32>, %odd: tensor<8x4097xf32>, %i: tensor<8x4096xi32>,
                      %a: tensor<8x4096xf32>, %b: tensor<4096xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xi32>, tensor<8xf32>, tensor<8xf32>) {
  %nz = arith.constant -0.0 : f32
  %zi = arith.constant 0 : i32
  %e = tensor.empty() : tensor<8xf32>
  %ei = tensor.empty() : tensor<8xi32>
  %init = linalg.fill ins(%nz : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %initi = linalg.fill ins(%zi : i32) outs(%ei : tensor<8xi32>) -> tensor<8xi32>
  %0 = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%short : tensor<8x32xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %1 = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%odd : tensor<8x4097xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %2 = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%i : tensor<8x4096xi32>) outs(%initi : tensor<8xi32>) {
  ^bb0(%in: i32, %acc: i32):
    %s = arith.addi %acc, %in : i32
    linalg.yield %s : i32
  } -> tensor<8xi32>
  %3 = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<8x4096xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %k = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %p = arith.mulf %in, %kf : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %4 = linalg.generic {indexing_maps = [#id2, affine_map<(d0, d1) -> (d1)>, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a, %b : tensor<8x4096xf32>, tensor<4096xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %w: f32, %acc: f32):
    %p = arith.mulf %in, %w : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %0, %1, %2, %3, %4 : tensor<8xf32>, tensor<8xf32>, tensor<8xi32>, tensor<8xf32>, tensor<8xf32>
}

// An argmax along rows (JAX's body: keep the accumulator if greater, NaN,
// or equal with a smaller index): lane l runs the body over elements l,
// l + 64, ... with the element's index j * 64 + l computed in i32; the
// lanes are combined by the total order (a NaN first, then the larger
// value, then the smaller index), not by the body.
// CHECK-LABEL: func @row_argmax
// CHECK: %[[X:.*]] = tensor.expand_shape %arg0 {{\[}}[0], [1, 2]] output_shape [8, 64, 64]
// CHECK: %[[P:.*]]:2 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[X]] : tensor<8x64x64xf32>) outs(%{{.*}}, %{{.*}} : tensor<8x64xf32>, tensor<8x64xi32>)
// CHECK:   %[[J:.*]] = linalg.index 1 : index
// CHECK:   %[[L:.*]] = linalg.index 2 : index
// CHECK:   %[[J32:.*]] = arith.index_cast %[[J]] : index to i32
// CHECK:   %[[L32:.*]] = arith.index_cast %[[L]] : index to i32
// CHECK:   %[[M:.*]] = arith.muli %[[J32]], %c64_i32
// CHECK:   %[[K:.*]] = arith.addi %[[M]], %[[L32]]
// CHECK:   arith.cmpi slt, %{{.*}}, %[[K]] : i32
// CHECK: %[[E:.*]]:2 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%{{.*}}, %{{.*}} : tensor<8x8x8xf32>, tensor<8x8x8xi32>)
// CHECK:   arith.cmpf uno
// CHECK: %[[F:.*]]:2 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[E]]#0, %[[E]]#1 : tensor<8x8xf32>, tensor<8x8xi32>)
// CHECK: return %[[F]]#1
func.func @row_argmax(%x: tensor<8x4096xf32>) -> tensor<8xi32> {
  %ninf = arith.constant 0xFF800000 : f32
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<8xf32>
  %ei = tensor.empty() : tensor<8xi32>
  %iv = linalg.fill ins(%ninf : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %ii = linalg.fill ins(%z : i32) outs(%ei : tensor<8xi32>) -> tensor<8xi32>
  %r:2 = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x4096xf32>) outs(%iv, %ii : tensor<8xf32>, tensor<8xi32>) {
  ^bb0(%in: f32, %v: f32, %i: i32):
    %k = linalg.index 1 : index
    %j = arith.index_cast %k : index to i32
    %gt = arith.cmpf ogt, %v, %in : f32
    %nan = arith.cmpf une, %v, %v : f32
    %p = arith.ori %gt, %nan : i1
    %eq = arith.cmpf oeq, %v, %in : f32
    %lt = arith.cmpi slt, %i, %j : i32
    %q = arith.andi %eq, %lt : i1
    %pi = arith.ori %p, %q : i1
    %sv = arith.select %p, %v, %in : f32
    %si = arith.select %pi, %i, %j : i32
    linalg.yield %sv, %si : f32, i32
  } -> (tensor<8xf32>, tensor<8xi32>)
  return %r#1 : tensor<8xi32>
}

// Left alone: an argmax whose maximum is also used (with floats the value
// result is not reproduced bit for bit when the maximum is a zero), and a
// body that keeps the accumulator's NaN less strictly than argmax (no NaN
// test: not the total order of argmax).
// CHECK-LABEL: func @argmax_left_alone
// CHECK-NOT: tensor.expand_shape
// CHECK: return
func.func @argmax_left_alone(%x: tensor<8x4096xf32>) -> (tensor<8xf32>, tensor<8xi32>, tensor<8xi32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<8xf32>
  %ei = tensor.empty() : tensor<8xi32>
  %iv = linalg.fill ins(%ninf : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %ii = linalg.fill ins(%z : i32) outs(%ei : tensor<8xi32>) -> tensor<8xi32>
  %r:2 = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x4096xf32>) outs(%iv, %ii : tensor<8xf32>, tensor<8xi32>) {
  ^bb0(%in: f32, %v: f32, %i: i32):
    %k = linalg.index 1 : index
    %j = arith.index_cast %k : index to i32
    %gt = arith.cmpf ogt, %v, %in : f32
    %nan = arith.cmpf une, %v, %v : f32
    %p = arith.ori %gt, %nan : i1
    %eq = arith.cmpf oeq, %v, %in : f32
    %lt = arith.cmpi slt, %i, %j : i32
    %q = arith.andi %eq, %lt : i1
    %pi = arith.ori %p, %q : i1
    %sv = arith.select %p, %v, %in : f32
    %si = arith.select %pi, %i, %j : i32
    linalg.yield %sv, %si : f32, i32
  } -> (tensor<8xf32>, tensor<8xi32>)
  %s:2 = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x4096xf32>) outs(%iv, %ii : tensor<8xf32>, tensor<8xi32>) {
  ^bb0(%in: f32, %v: f32, %i: i32):
    %k = linalg.index 1 : index
    %j = arith.index_cast %k : index to i32
    %gt = arith.cmpf ogt, %v, %in : f32
    %eq = arith.cmpf oeq, %v, %in : f32
    %lt = arith.cmpi slt, %i, %j : i32
    %q = arith.andi %eq, %lt : i1
    %pi = arith.ori %gt, %q : i1
    %sv = arith.select %gt, %v, %in : f32
    %si = arith.select %pi, %i, %j : i32
    linalg.yield %sv, %si : f32, i32
  } -> (tensor<8xf32>, tensor<8xi32>)
  return %r#0, %r#1, %s#1 : tensor<8xf32>, tensor<8xi32>, tensor<8xi32>
}
