// RUN: jx-opt --stablehlo-legalize-to-linalg --split-input-file %s | FileCheck %s

// reduce: the output is filled with the init value, the reduced dimension
// gets a reduction iterator, the body is scalar code (accumulator first).
// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[PROJ:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @reduce_sum
// CHECK-SAME: (%[[X:.*]]: tensor<4x?xi32>, %[[INIT:.*]]: tensor<i32>)
// CHECK: %[[DIM:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<4x?xi32>
// CHECK: %[[EMPTY:.*]] = tensor.empty(%[[DIM]]) : tensor<?xi32>
// CHECK: %[[I:.*]] = tensor.extract %[[INIT]][] : tensor<i32>
// CHECK: %[[FILL:.*]] = linalg.fill ins(%[[I]] : i32) outs(%[[EMPTY]] : tensor<?xi32>)
// CHECK: linalg.generic {indexing_maps = [#[[ID2]], #[[PROJ]]], iterator_types = ["reduction", "parallel"]}
// CHECK-SAME: ins(%[[X]] : tensor<4x?xi32>) outs(%[[FILL]] : tensor<?xi32>)
// CHECK: ^bb0(%[[IN:.*]]: i32, %[[OUT:.*]]: i32):
// CHECK: %[[S:.*]] = arith.addi %[[OUT]], %[[IN]] : i32
// CHECK: linalg.yield %[[S]] : i32
func.func @reduce_sum(%x: tensor<4x?xi32>, %init: tensor<i32>) -> tensor<?xi32> {
  %r = "stablehlo.reduce"(%x, %init) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %0 = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %0 : tensor<i32>
  }) {dimensions = array<i64: 0>} : (tensor<4x?xi32>, tensor<i32>) -> tensor<?xi32>
  func.return %r : tensor<?xi32>
}

// -----

// Variadic reduce: one generic with two outputs.
// CHECK-LABEL: func.func @reduce_argmax
// CHECK: linalg.fill
// CHECK: linalg.fill
// CHECK: %[[R:.*]]:2 = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK-SAME: outs(%{{.*}}, %{{.*}} : tensor<2xf32>, tensor<2xi32>)
// CHECK: ^bb0(%[[V:.*]]: f32, %[[I:.*]]: i32, %[[AV:.*]]: f32, %[[AI:.*]]: i32):
// CHECK: arith.cmpf ogt, %[[AV]], %[[V]] : f32
// CHECK: linalg.yield %{{.*}}, %{{.*}} : f32, i32
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @reduce_argmax(%v: tensor<2x4xf32>, %i: tensor<2x4xi32>, %vi: tensor<f32>, %ii: tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>) {
  %rv, %ri = "stablehlo.reduce"(%v, %i, %vi, %ii) ({
    ^bb0(%av: tensor<f32>, %ai: tensor<i32>, %bv: tensor<f32>, %bi: tensor<i32>):
      %gt = stablehlo.compare GT, %av, %bv : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %nv = stablehlo.select %gt, %av, %bv : tensor<i1>, tensor<f32>
      %ni = stablehlo.select %gt, %ai, %bi : tensor<i1>, tensor<i32>
      stablehlo.return %nv, %ni : tensor<f32>, tensor<i32>
  }) {dimensions = array<i64: 1>} : (tensor<2x4xf32>, tensor<2x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
  func.return %rv, %ri : tensor<2xf32>, tensor<2xi32>
}

// -----

// map: a parallel generic; unsigned types become signless, the division
// stays unsigned.
// CHECK-LABEL: func.func @map_ui8
// CHECK-SAME: (%[[A:.*]]: tensor<3xi8>, %[[B:.*]]: tensor<3xi8>) -> tensor<3xi8>
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel"]
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<3xi8>, tensor<3xi8>)
// CHECK: arith.divui
func.func @map_ui8(%a: tensor<3xui8>, %b: tensor<3xui8>) -> tensor<3xui8> {
  %r = "stablehlo.map"(%a, %b) ({
    ^bb0(%x: tensor<ui8>, %y: tensor<ui8>):
      %0 = stablehlo.divide %x, %y : tensor<ui8>
      stablehlo.return %0 : tensor<ui8>
  }) {dimensions = array<i64: 0>} : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xui8>
  func.return %r : tensor<3xui8>
}

// -----

// A window covering everything before each position (JAX's cumsum) is a
// scan, not a reduction over windows. Along the last dimension: each row in
// turn, carrying the running value.
// CHECK-LABEL: func.func @cumsum_rows
// CHECK-NOT: linalg.generic
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<8x16xf32>)
// CHECK: scf.for {{.*}} -> (f32, tensor<8x16xf32>)
// CHECK: tensor.extract %arg0
// CHECK: arith.addf
// CHECK: tensor.insert
func.func @cumsum_rows(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %zero) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %0 : tensor<f32>
  }) {window_dimensions = array<i64: 1, 16>, padding = dense<[[0, 0], [15, 0]]> : tensor<2x2xi64>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xf32>
  func.return %r : tensor<8x16xf32>
}

// -----

// Along another dimension: one step per row of the result, each a parallel
// generic combining the carried row with the input's.
// CHECK-LABEL: func.func @cummax_cols_reversed
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (tensor<16xf32>, tensor<8x16xf32>)
// CHECK: arith.subi %c7
// CHECK: tensor.extract_slice %arg0
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel"]
// CHECK: tensor.insert_slice
func.func @cummax_cols_reversed(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %ninf) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %0 : tensor<f32>
  }) {window_dimensions = array<i64: 8, 1>, padding = dense<[[0, 7], [0, 0]]> : tensor<2x2xi64>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xf32>
  func.return %r : tensor<8x16xf32>
}

// -----

// With an init that adds something (1 for an add), the padding counts: the
// windows' generic as usual.
// CHECK-LABEL: func.func @prefix_window_init_one
// CHECK-NOT: scf.for
// CHECK: linalg.generic {{.*}}"reduction"
func.func @prefix_window_init_one(%x: tensor<8xi32>) -> tensor<8xi32> {
  %one = stablehlo.constant dense<1> : tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %one) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %0 = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %0 : tensor<i32>
  }) {window_dimensions = array<i64: 8>, padding = dense<[[7, 0]]> : tensor<1x2xi64>} : (tensor<8xi32>, tensor<i32>) -> tensor<8xi32>
  func.return %r : tensor<8xi32>
}

// -----

// reduce_window: padding builds a padded tensor (init where no input lands),
// then a generic over (output, window) reads it at o * stride + w.
// CHECK-DAG: #[[PAD:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[WIN_IN:.*]] = affine_map<(d0, d1) -> (d0 * 2 + d1)>
// CHECK-DAG: #[[WIN:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @reduce_window_pad
// CHECK: %[[PADDED:.*]] = linalg.generic {indexing_maps = [#[[PAD]]], iterator_types = ["parallel"]} outs(%{{.*}} : tensor<7xf32>)
// CHECK: linalg.index 0
// CHECK: tensor.extract
// CHECK: arith.select
// CHECK: %[[WINDOW:.*]] = tensor.empty() : tensor<3xi8>
// CHECK: %[[FILL:.*]] = linalg.fill
// CHECK: linalg.generic {indexing_maps = [#[[WIN_IN]], #[[WIN]], #[[OUT]]], iterator_types = ["parallel", "reduction"]}
// CHECK-SAME: ins(%[[PADDED]], %[[WINDOW]] : tensor<7xf32>, tensor<3xi8>) outs(%[[FILL]] : tensor<3xf32>)
// CHECK: arith.cmpf ogt
func.func @reduce_window_pad(%x: tensor<5xf32>, %init: tensor<f32>) -> tensor<3xf32> {
  %r = "stablehlo.reduce_window"(%x, %init) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %0 : tensor<f32>
  }) {window_dimensions = array<i64: 3>, window_strides = array<i64: 2>,
      padding = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<5xf32>, tensor<f32>) -> tensor<3xf32>
  func.return %r : tensor<3xf32>
}

// -----

// Without padding or base dilation the input is read directly.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3) -> (d0 + d2, d1 * 2 + d3 * 3)>
// CHECK-LABEL: func.func @reduce_window_plain
// CHECK-SAME: (%[[X:.*]]: tensor<4x9xi32>
// CHECK-NOT: linalg.index
// CHECK: linalg.generic {indexing_maps = [#[[IN]], {{.*}}], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
// CHECK-SAME: ins(%[[X]], %{{.*}} : tensor<4x9xi32>, tensor<2x2xi8>)
func.func @reduce_window_plain(%x: tensor<4x9xi32>, %init: tensor<i32>) -> tensor<3x3xi32> {
  %r = "stablehlo.reduce_window"(%x, %init) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %0 = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %0 : tensor<i32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 2>,
      window_dilations = array<i64: 1, 3>} : (tensor<4x9xi32>, tensor<i32>) -> tensor<3x3xi32>
  func.return %r : tensor<3x3xi32>
}

// -----

// select_and_scatter: loops over the source, an inner loop nest over the
// window carrying (found, selected value, selected index), then the scatter
// region updates the result in an scf.if.
// CHECK-LABEL: func.func @select_and_scatter
// CHECK: %[[FILL:.*]] = linalg.fill
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[FILL]]) -> (tensor<4xf32>)
// CHECK: tensor.extract %{{.*}}[%{{.*}}] : tensor<3xf32>
// CHECK: %[[SEL:.*]]:3 = scf.for {{.*}} -> (i1, f32, index)
// CHECK: arith.cmpf oge
// CHECK: scf.yield
// CHECK: scf.if %[[SEL]]#0 -> (tensor<4xf32>)
// CHECK: tensor.extract %[[ACC]][%[[SEL]]#2]
// CHECK: arith.addf
// CHECK: tensor.insert %{{.*}} into %[[ACC]][%[[SEL]]#2]
// CHECK: } else {
// CHECK: scf.yield %[[ACC]]
func.func @select_and_scatter(%op: tensor<4xf32>, %src: tensor<3xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  %r = "stablehlo.select_and_scatter"(%op, %src, %init) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }, {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %0 : tensor<f32>
  }) {window_dimensions = array<i64: 2>} : (tensor<4xf32>, tensor<3xf32>, tensor<f32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}

// -----

// Windows that do not overlap (a 2x2 max pool's gradient): one parallel
// generic over the result; each position finds its window, walks it
// unrolled (4 reads of the operand, 4 select regions) and takes the scatter
// of its source element where it is the selected position, the init value
// elsewhere. No loop over the source, no fill.
// CHECK-LABEL: func.func @select_and_scatter_disjoint
// CHECK-NOT: linalg.fill
// CHECK-NOT: scf.for
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "parallel"]
// CHECK-COUNT-4: arith.cmpf oge
// CHECK: tensor.extract %{{.*}} : tensor<2x2x2x3xf32>
// CHECK: arith.addf
// CHECK: arith.select
// CHECK: linalg.yield
// CHECK-NOT: scf.for
func.func @select_and_scatter_disjoint(%op: tensor<2x4x4x3xf32>, %src: tensor<2x2x2x3xf32>, %init: tensor<f32>) -> tensor<2x4x4x3xf32> {
  %r = "stablehlo.select_and_scatter"(%op, %src, %init) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }, {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %0 : tensor<f32>
  }) {window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>} : (tensor<2x4x4x3xf32>, tensor<2x2x2x3xf32>, tensor<f32>) -> tensor<2x4x4x3xf32>
  func.return %r : tensor<2x4x4x3xf32>
}

// -----

// sort: each slice on its own (an scf.forall over the other dimensions),
// copied into a 1-D tensor; an scf.while of rounds, each merging runs of w
// into a second tensor and runs of 2w back; each merge step takes one
// element from the front of the two runs (the right one only when the
// comparator puts it strictly first) and one from the back (the left one
// only when it comes strictly last).
// CHECK-LABEL: func.func @sort_i32
// CHECK-SAME: (%[[X:.*]]: tensor<2x5xi32>)
// CHECK: %[[R:.*]] = scf.forall (%[[ROW:.*]]) in (2) shared_outs(%[[OUT:.*]] = %{{.*}})
// CHECK: %[[S:.*]] = tensor.extract_slice %[[X]][%[[ROW]], 0] [1, 5] [1, 1] : tensor<2x5xi32> to tensor<5xi32>
// CHECK: %[[A:.*]] = linalg.copy ins(%[[S]] : tensor<5xi32>)
// CHECK: %[[W:.*]]:3 = scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %[[A]], %{{.*}} = %{{.*}})
// CHECK: scf.condition
// CHECK: } do {
// CHECK: scf.for
// CHECK: scf.for
// CHECK-COUNT-4: tensor.extract
// CHECK: %[[FRONT:.*]] = arith.cmpi slt, %[[RT:.*]], %[[LT:.*]] : i32
// CHECK: %[[BACK:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : i32
// CHECK-COUNT-2: tensor.insert
// CHECK: scf.for
// CHECK: tensor.parallel_insert_slice %[[W]]#1 into %[[OUT]][%[[ROW]], 0] [1, 5] [1, 1]
// CHECK: return %[[R]]
func.func @sort_i32(%x: tensor<2x5xi32>) -> tensor<2x5xi32> {
  %r = "stablehlo.sort"(%x) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %0 = stablehlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {dimension = 1 : i64} : (tensor<2x5xi32>) -> tensor<2x5xi32>
  func.return %r : tensor<2x5xi32>
}

// -----

// A sort read only through leading slices of at most 64 (and half the
// dimension) is a selection: per slice (an scf.forall over the others),
// one pass that keeps the first k in order; the iota operand (top_k's
// indices) is the position itself, not read; the slices read the k-wide
// results.
// CHECK-LABEL: func.func @sort_first_k
// CHECK-SAME: (%[[X:.*]]: tensor<3x100xf32>)
// CHECK: %[[V0:.*]] = bufferization.alloc_tensor() : tensor<3x4xf32>
// CHECK: %[[I0:.*]] = bufferization.alloc_tensor() : tensor<3x4xi32>
// CHECK: %[[SEL:.*]]:2 = scf.forall (%[[ROW:.*]]) in (3) shared_outs(%{{.*}} = %[[V0]], %{{.*}} = %[[I0]])
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[N:.*]] = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (index, tensor<4xf32>, tensor<4xi32>)
// CHECK: tensor.extract %[[X]][%[[ROW]], %[[J]]] : tensor<3x100xf32>
// CHECK: arith.index_cast %[[J]] : index to i32
// CHECK: arith.cmpi sge, %[[N]], %{{.*}} : index
// CHECK: scf.if
// CHECK: scf.while
// CHECK: tensor.parallel_insert_slice %{{.*}} into %{{.*}}[%[[ROW]], 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<3x4xf32>
// CHECK: %[[A:.*]] = tensor.extract_slice %[[SEL]]#0[0, 0] [3, 4] [1, 1] : tensor<3x4xf32> to tensor<3x4xf32>
// CHECK: %[[B:.*]] = tensor.extract_slice %[[SEL]]#1[1, 0] [2, 2] [1, 1] : tensor<3x4xi32> to tensor<2x2xi32>
// CHECK: return %[[A]], %[[B]]
func.func @sort_first_k(%x: tensor<3x100xf32>) -> (tensor<3x4xf32>, tensor<2x2xi32>) {
  %i = stablehlo.iota dim = 1 : tensor<3x100xi32>
  %r:2 = "stablehlo.sort"(%x, %i) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
      %0 = stablehlo.compare GT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {dimension = 1 : i64, is_stable = true} : (tensor<3x100xf32>, tensor<3x100xi32>) -> (tensor<3x100xf32>, tensor<3x100xi32>)
  %a = stablehlo.slice %r#0 [0:3, 0:4] : (tensor<3x100xf32>) -> tensor<3x4xf32>
  %b = stablehlo.slice %r#1 [1:3, 0:2] : (tensor<3x100xi32>) -> tensor<2x2xi32>
  func.return %a, %b : tensor<3x4xf32>, tensor<2x2xi32>
}

// -----

// Still sorted: a prefix longer than half the dimension, and a result read
// other than through a leading slice.
// (A selection takes an element under an scf.if; the merge sort has none.)
// CHECK-LABEL: func.func @sort_not_selected
// CHECK-NOT: scf.if
// CHECK: return
func.func @sort_not_selected(%x: tensor<10xi32>, %y: tensor<100xi32>) -> (tensor<6xi32>, tensor<2xi32>, tensor<100xi32>) {
  %r = "stablehlo.sort"(%x) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %0 = stablehlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<10xi32>) -> tensor<10xi32>
  %p = stablehlo.slice %r [0:6] : (tensor<10xi32>) -> tensor<6xi32>
  %s = "stablehlo.sort"(%y) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %0 = stablehlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<100xi32>) -> tensor<100xi32>
  %q = stablehlo.slice %s [0:2] : (tensor<100xi32>) -> tensor<2xi32>
  func.return %p, %q, %s : tensor<6xi32>, tensor<2xi32>, tensor<100xi32>
}

// -----

// A constant hoisted out of the body (as canonicalize does) is re-emitted
// as a scalar.
// CHECK-LABEL: func.func @sort_hoisted_constant
// CHECK: scf.for
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK: arith.addf %{{.*}}, %[[ZERO]] : f64
func.func @sort_hoisted_constant(%x: tensor<4xf64>) -> tensor<4xf64> {
  %zero = stablehlo.constant dense<0.0> : tensor<f64>
  %r = "stablehlo.sort"(%x) ({
    ^bb0(%a: tensor<f64>, %b: tensor<f64>):
      %s = stablehlo.add %a, %zero : tensor<f64>
      %0 = stablehlo.compare LT, %s, %b : (tensor<f64>, tensor<f64>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<4xf64>) -> tensor<4xf64>
  func.return %r : tensor<4xf64>
}
