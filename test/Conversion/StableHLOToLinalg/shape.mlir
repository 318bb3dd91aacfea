// RUN: jx-opt --stablehlo-legalize-to-linalg --split-input-file %s | FileCheck %s

// iota: a generic over the result writing the index of the iota dimension;
// unsigned results are signless after lowering.
// CHECK-LABEL: func.func @iota
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<3x4xi32>
// CHECK: linalg.generic
// CHECK-SAME: outs(%[[INIT]] : tensor<3x4xi32>)
// CHECK: %[[I:.*]] = linalg.index 1 : index
// CHECK: %[[V:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK: linalg.yield %[[V]] : i32
func.func @iota() -> tensor<3x4xui32> {
  %r = stablehlo.iota dim = 1 : tensor<3x4xui32>
  return %r : tensor<3x4xui32>
}

// -----

// Complex iota: the real part counts, the imaginary part is zero.
// CHECK-LABEL: func.func @iota_complex
// CHECK: linalg.generic
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[I64:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK: %[[F:.*]] = arith.sitofp %[[I64]] : i64 to f32
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[C:.*]] = complex.create %[[F]], %[[Z]] : complex<f32>
// CHECK: linalg.yield %[[C]]
func.func @iota_complex() -> tensor<3xcomplex<f32>> {
  %r = stablehlo.iota dim = 0 : tensor<3xcomplex<f32>>
  return %r : tensor<3xcomplex<f32>>
}

// -----

// broadcast_in_dim: a size-1 operand dimension that expands reads index 0.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2) -> (d0, 0)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @broadcast_in_dim
// CHECK-SAME: (%[[X:.*]]: tensor<3x1xf32>)
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<3x2x4xf32>
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]]
// CHECK-SAME: ins(%[[X]] : tensor<3x1xf32>) outs(%[[INIT]] : tensor<3x2x4xf32>)
// CHECK: linalg.yield %{{.*}} : f32
func.func @broadcast_in_dim(%x: tensor<3x1xf32>) -> tensor<3x2x4xf32> {
  %r = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<3x1xf32>) -> tensor<3x2x4xf32>
  return %r : tensor<3x2x4xf32>
}

// -----

// A dynamic operand dimension may be 1 at run time: the index is selected.
// CHECK-LABEL: func.func @broadcast_in_dim_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>)
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?xf32>
// CHECK: %[[ONE:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : index
// CHECK: %[[INIT:.*]] = tensor.empty(%[[D]]) : tensor<2x?xf32>
// CHECK: linalg.generic
// CHECK-SAME: outs(%[[INIT]] : tensor<2x?xf32>)
// CHECK: %[[I:.*]] = linalg.index 1 : index
// CHECK: %[[S:.*]] = arith.select %[[ONE]], %{{.*}}, %[[I]] : index
// CHECK: tensor.extract %[[X]][%[[S]]] : tensor<?xf32>
func.func @broadcast_in_dim_dynamic(%x: tensor<?xf32>) -> tensor<2x?xf32> {
  %r = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<?xf32>) -> tensor<2x?xf32>
  return %r : tensor<2x?xf32>
}

// -----

// broadcast prepends dimensions.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @broadcast
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #{{.*}}]
// CHECK-SAME: ins(%{{.*}} : tensor<3xi8>) outs(%{{.*}} : tensor<2x3xi8>)
func.func @broadcast(%x: tensor<3xi8>) -> tensor<2x3xi8> {
  %r = stablehlo.broadcast %x, sizes = [2] : (tensor<3xi8>) -> tensor<2x3xi8>
  return %r : tensor<2x3xi8>
}

// -----

// reshape: collapse to one dimension, expand to the result.
// CHECK-LABEL: func.func @reshape
// CHECK: %[[C:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK: %[[E:.*]] = tensor.expand_shape %[[C]] {{\[\[}}0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
// CHECK: return %[[E]]
func.func @reshape(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %r = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_scalar
// CHECK: tensor.collapse_shape %{{.*}} [] : tensor<1x1xf32> into tensor<f32>
func.func @reshape_scalar(%x: tensor<1x1xf32>) -> tensor<f32> {
  %r = stablehlo.reshape %x : (tensor<1x1xf32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// CHECK-LABEL: func.func @transpose
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<4x2x3xf32>
// CHECK: linalg.transpose ins(%{{.*}} : tensor<2x3x4xf32>) outs(%[[INIT]] : tensor<4x2x3xf32>) permutation = [2, 0, 1]
func.func @transpose(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %r = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  return %r : tensor<4x2x3xf32>
}

// -----

// CHECK-LABEL: func.func @slice
// CHECK: tensor.extract_slice %{{.*}}[1, 4] [2, 2] [1, 2] : tensor<3x8xf32> to tensor<2x2xf32>
func.func @slice(%x: tensor<3x8xf32>) -> tensor<2x2xf32> {
  %r = stablehlo.slice %x [1:3, 4:8:2] : (tensor<3x8xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

// dynamic_slice: unsigned starts are zero-extended and clamped to
// dim - size with an unsigned minimum.
// CHECK-LABEL: func.func @dynamic_slice
// CHECK: %[[E0:.*]] = tensor.extract %{{.*}}[] : tensor<i32>
// CHECK: %[[I0:.*]] = arith.index_castui %[[E0]] : i32 to index
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[S0:.*]] = arith.minui %[[I0]], %[[C3]] : index
// CHECK: %[[S1:.*]] = arith.minui %{{.*}}, %{{.*}} : index
// CHECK: tensor.extract_slice %{{.*}}[%[[S0]], %[[S1]]] [2, 2] [1, 1] : tensor<5x4xf32> to tensor<2x2xf32>
func.func @dynamic_slice(%x: tensor<5x4xf32>, %i: tensor<ui32>, %j: tensor<ui32>) -> tensor<2x2xf32> {
  %r = stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 2] : (tensor<5x4xf32>, tensor<ui32>, tensor<ui32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

// dynamic_update_slice: signed starts clamped to [0, dim - update dim].
// CHECK-LABEL: func.func @dynamic_update_slice
// CHECK-SAME: (%[[X:.*]]: tensor<4x4xi32>, %[[U:.*]]: tensor<2x3xi32>
// CHECK: %[[I0:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[M0:.*]] = arith.minsi %[[I0]], %[[C2]] : index
// CHECK: %[[S0:.*]] = arith.maxsi %[[M0]], %{{.*}} : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[M1:.*]] = arith.minsi %{{.*}}, %[[C1]] : index
// CHECK: %[[S1:.*]] = arith.maxsi %[[M1]], %{{.*}} : index
// CHECK: tensor.insert_slice %[[U]] into %[[X]][%[[S0]], %[[S1]]] [2, 3] [1, 1] : tensor<2x3xi32> into tensor<4x4xi32>
func.func @dynamic_update_slice(%x: tensor<4x4xi32>, %u: tensor<2x3xi32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<4x4xi32> {
  %r = stablehlo.dynamic_update_slice %x, %u, %i, %j : (tensor<4x4xi32>, tensor<2x3xi32>, tensor<i32>, tensor<i32>) -> tensor<4x4xi32>
  return %r : tensor<4x4xi32>
}

// -----

// CHECK-LABEL: func.func @concatenate
// CHECK-SAME: (%[[A:.*]]: tensor<1x2xf32>, %[[B:.*]]: tensor<3x2xf32>)
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<4x2xf32>
// CHECK: %[[R0:.*]] = tensor.insert_slice %[[A]] into %[[INIT]][0, 0] [1, 2] [1, 1]
// CHECK: %[[R1:.*]] = tensor.insert_slice %[[B]] into %[[R0]][1, 0] [3, 2] [1, 1]
// CHECK: return %[[R1]]
func.func @concatenate(%a: tensor<1x2xf32>, %b: tensor<3x2xf32>) -> tensor<4x2xf32> {
  %r = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x2xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

// pad: fill a tensor padded by the positive edges, insert the operand with
// stride interior + 1, crop the negative edges.
// CHECK-LABEL: func.func @pad
// CHECK-SAME: (%[[X:.*]]: tensor<5x4xi64>, %[[V:.*]]: tensor<i64>)
// CHECK: %[[S:.*]] = tensor.extract %[[V]][] : tensor<i64>
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<7x7xi64>
// CHECK: %[[F:.*]] = linalg.fill ins(%[[S]] : i64) outs(%[[INIT]] : tensor<7x7xi64>)
// CHECK: %[[I:.*]] = tensor.insert_slice %[[X]] into %[[F]][1, 0] [5, 4] [1, 2] : tensor<5x4xi64> into tensor<7x7xi64>
// CHECK: tensor.extract_slice %[[I]][0, 1] [7, 5] [1, 1] : tensor<7x7xi64> to tensor<7x5xi64>
func.func @pad(%x: tensor<5x4xi64>, %v: tensor<i64>) -> tensor<7x5xi64> {
  %r = stablehlo.pad %x, %v, low = [1, -1], high = [1, -1], interior = [0, 1] : (tensor<5x4xi64>, tensor<i64>) -> tensor<7x5xi64>
  return %r : tensor<7x5xi64>
}

// -----

// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1) -> (-d0 + 2, d1)>
// CHECK-LABEL: func.func @reverse
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #{{.*}}]
func.func @reverse(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %r = stablehlo.reverse %x, dims = [0] : tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func @get_dimension_size
// CHECK: %[[D:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?x3xf32>
// CHECK: %[[I:.*]] = arith.index_cast %[[D]] : index to i32
// CHECK: %[[T:.*]] = tensor.from_elements %[[I]] : tensor<i32>
// CHECK: %[[C:.*]] = arith.constant dense<3> : tensor<i32>
// CHECK: return %[[T]], %[[C]]
func.func @get_dimension_size(%x: tensor<?x3xf32>) -> (tensor<i32>, tensor<i32>) {
  %a = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x3xf32>) -> tensor<i32>
  %b = stablehlo.get_dimension_size %x, dim = 1 : (tensor<?x3xf32>) -> tensor<i32>
  return %a, %b : tensor<i32>, tensor<i32>
}

// -----

// CHECK-LABEL: func.func @bitcast_same_width
// CHECK: linalg.generic
// CHECK: %[[B:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK: linalg.yield %[[B]] : i32
func.func @bitcast_same_width(%x: tensor<2xf32>) -> tensor<2xui32> {
  %r = stablehlo.bitcast_convert %x : (tensor<2xf32>) -> tensor<2xui32>
  return %r : tensor<2xui32>
}

// -----

// A narrower result: element k of the extra dimension is bits [8k, 8k+8).
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @bitcast_narrower
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #{{.*}}]
// CHECK: ^bb0(%[[IN_ARG:.*]]: i32, %{{.*}}: i8):
// CHECK: %[[K:.*]] = linalg.index 1 : index
// CHECK: %[[K32:.*]] = arith.index_cast %[[K]] : index to i32
// CHECK: %[[SH:.*]] = arith.muli %[[K32]], %{{.*}} : i32
// CHECK: %[[R:.*]] = arith.shrui %[[IN_ARG]], %[[SH]] : i32
// CHECK: %[[T:.*]] = arith.trunci %[[R]] : i32 to i8
// CHECK: linalg.yield %[[T]] : i8
func.func @bitcast_narrower(%x: tensor<2xi32>) -> tensor<2x4xi8> {
  %r = stablehlo.bitcast_convert %x : (tensor<2xi32>) -> tensor<2x4xi8>
  return %r : tensor<2x4xi8>
}

// -----

// A wider result: the last operand dimension fills it from the low bits up.
// CHECK-LABEL: func.func @bitcast_wider
// CHECK: linalg.generic
// CHECK: tensor.extract %{{.*}}[%{{.*}}, %{{.*}}] : tensor<2x2xf16>
// CHECK: arith.bitcast %{{.*}} : f16 to i16
// CHECK: arith.extui %{{.*}} : i16 to i32
// CHECK: tensor.extract %{{.*}}[%{{.*}}, %{{.*}}] : tensor<2x2xf16>
// CHECK: %[[HI:.*]] = arith.extui %{{.*}} : i16 to i32
// CHECK: %[[C16:.*]] = arith.constant 16 : i32
// CHECK: arith.shli %[[HI]], %[[C16]] : i32
// CHECK: %[[F:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK: linalg.yield %[[F]] : f32
func.func @bitcast_wider(%x: tensor<2x2xf16>) -> tensor<2xf32> {
  %r = stablehlo.bitcast_convert %x : (tensor<2x2xf16>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// Tuples taken apart by get_tuple_element resolve to their elements.
// CHECK-LABEL: func.func @tuple
// CHECK-SAME: (%[[A:.*]]: tensor<2xf32>, %[[B:.*]]: tensor<i32>)
// CHECK-NOT: stablehlo
// CHECK: return %[[A]], %[[B]] : tensor<2xf32>, tensor<i32>
func.func @tuple(%a: tensor<2xf32>, %b: tensor<i32>) -> (tensor<2xf32>, tensor<i32>) {
  %t = stablehlo.tuple %b : tuple<tensor<i32>>
  %u = stablehlo.tuple %a, %t : tuple<tensor<2xf32>, tuple<tensor<i32>>>
  %x = stablehlo.get_tuple_element %u[0] : (tuple<tensor<2xf32>, tuple<tensor<i32>>>) -> tensor<2xf32>
  %y = stablehlo.get_tuple_element %u[1] : (tuple<tensor<2xf32>, tuple<tensor<i32>>>) -> tuple<tensor<i32>>
  %z = stablehlo.get_tuple_element %y[0] : (tuple<tensor<i32>>) -> tensor<i32>
  return %x, %z : tensor<2xf32>, tensor<i32>
}

// -----

// CHECK-LABEL: func.func @optimization_barrier
// CHECK-SAME: (%[[A:.*]]: tensor<2xf32>, %[[B:.*]]: tensor<i8>)
// CHECK-NEXT: return %[[A]], %[[B]] : tensor<2xf32>, tensor<i8>
func.func @optimization_barrier(%a: tensor<2xf32>, %b: tensor<ui8>) -> (tensor<2xf32>, tensor<ui8>) {
  %x, %y = stablehlo.optimization_barrier %a, %b : tensor<2xf32>, tensor<ui8>
  return %x, %y : tensor<2xf32>, tensor<ui8>
}

// -----

// torch_index_select: the index tensor is read through the map, the operand
// element at the (clamped) index with tensor.extract.
// CHECK-DAG: #[[IDX:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @torch_index_select
// CHECK-SAME: (%[[X:.*]]: tensor<5x2xf32>, %[[I:.*]]: tensor<3xi32>)
// CHECK: linalg.generic {indexing_maps = [#[[IDX]], #{{.*}}]
// CHECK-SAME: ins(%[[I]] : tensor<3xi32>)
// CHECK: arith.index_cast %{{.*}} : i32 to index
// CHECK: %[[C:.*]] = arith.maxsi
// CHECK: %[[J:.*]] = linalg.index 1 : index
// CHECK: tensor.extract %[[X]][%[[C]], %[[J]]] : tensor<5x2xf32>
func.func @torch_index_select(%x: tensor<5x2xf32>, %i: tensor<3xi32>) -> tensor<3x2xf32> {
  %r = "stablehlo.torch_index_select"(%x, %i) <{batch_dims = 0 : i64, dim = 0 : i64}> : (tensor<5x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

// Dynamic-shape ops read their shape operands; static result dimensions
// stay static.
// CHECK-LABEL: func.func @dynamic_iota
// CHECK-SAME: (%[[S:.*]]: tensor<2xi64>)
// CHECK: %[[E:.*]] = tensor.extract %[[S]][%{{.*}}] : tensor<2xi64>
// CHECK: %[[D:.*]] = arith.index_cast %[[E]] : i64 to index
// CHECK: tensor.empty(%[[D]]) : tensor<?x4xf32>
// CHECK: linalg.generic
// CHECK: arith.sitofp
func.func @dynamic_iota(%s: tensor<2xi64>) -> tensor<?x4xf32> {
  %r = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi64>) -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_iota_constant_shape
// CHECK: tensor.empty() : tensor<3xi32>
// CHECK: tensor.cast %{{.*}} : tensor<3xi32> to tensor<?xi32>
func.func @dynamic_iota_constant_shape() -> tensor<?xi32> {
  %s = stablehlo.constant dense<[3]> : tensor<1xi64>
  %r = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi64>) -> tensor<?xi32>
  return %r : tensor<?xi32>
}

// -----

// dynamic_reshape: collapse to one dimension, expand with the sizes read.
// CHECK-LABEL: func.func @dynamic_reshape
// CHECK: %[[D:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [%[[D]], 2] : tensor<?xf32> into tensor<?x2xf32>
func.func @dynamic_reshape(%x: tensor<?xf32>, %s: tensor<2xi32>) -> tensor<?x2xf32> {
  %r = stablehlo.dynamic_reshape %x, %s : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_broadcast_in_dim
// CHECK: %[[D0:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[D1:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: tensor.empty(%[[D0]], %[[D1]]) : tensor<?x?xf32>
// CHECK: linalg.generic
// CHECK: arith.select
// CHECK: tensor.extract
func.func @dynamic_broadcast_in_dim(%x: tensor<?xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %r = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// A dimension known not to expand is read through the indexing map.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @dynamic_broadcast_in_dim_nonexpanding
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #{{.*}}]
// CHECK-NOT: arith.select
func.func @dynamic_broadcast_in_dim_nonexpanding(%x: tensor<?xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %r = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] {known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @real_dynamic_slice
// CHECK: %[[B:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[E:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[S:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[L:.*]] = arith.subi %[[E]], %[[B]] : index
// CHECK: %[[N:.*]] = arith.ceildivsi %[[L]], %[[S]] : index
// CHECK: tensor.extract_slice %{{.*}}[%[[B]]] [%[[N]]] [%[[S]]] : tensor<8xf32> to tensor<?xf32>
func.func @real_dynamic_slice(%x: tensor<8xf32>, %b: tensor<1xi64>, %e: tensor<1xi64>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %r = stablehlo.real_dynamic_slice %x, %b, %e, %s : (tensor<8xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_pad
// CHECK: %[[STRIDE:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK: tensor.empty(%{{.*}}) : tensor<?xf32>
// CHECK: linalg.fill
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[%{{.*}}] [4] [%[[STRIDE]]] : tensor<4xf32> into tensor<?xf32>
// CHECK: tensor.extract_slice %{{.*}}[%{{.*}}] [%{{.*}}] [1] : tensor<?xf32> to tensor<?xf32>
func.func @dynamic_pad(%x: tensor<4xf32>, %v: tensor<f32>, %l: tensor<1xi64>, %h: tensor<1xi64>, %i: tensor<1xi64>) -> tensor<?xf32> {
  %r = stablehlo.dynamic_pad %x, %v, %l, %h, %i : (tensor<4xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// Constant paddings give the same code as stablehlo.pad.
// CHECK-LABEL: func.func @dynamic_pad_constant
// CHECK: tensor.empty() : tensor<9xf32>
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[2] [4] [2] : tensor<4xf32> into tensor<9xf32>
// CHECK-NOT: tensor.extract_slice
func.func @dynamic_pad_constant(%x: tensor<4xf32>, %v: tensor<f32>) -> tensor<9xf32> {
  %l = stablehlo.constant dense<[2]> : tensor<1xi64>
  %h = stablehlo.constant dense<[0]> : tensor<1xi64>
  %i = stablehlo.constant dense<[1]> : tensor<1xi64>
  %r = stablehlo.dynamic_pad %x, %v, %l, %h, %i : (tensor<4xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<9xf32>
  return %r : tensor<9xf32>
}
