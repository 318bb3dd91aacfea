// RUN: jx-opt --stablehlo-legalize-to-linalg --split-input-file %s | FileCheck %s

// gather: one linalg.generic over the result; the start index vector is read
// with tensor.extract, each start clamped to [0, dim - slice_size], and the
// operand element read at start + offset.
// CHECK-LABEL: func.func @gather
// CHECK-SAME: (%[[OPERAND:.*]]: tensor<3x4x2xi64>, %[[IDX:.*]]: tensor<2x3x2xi32>)
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<2x3x2x2xi64>
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "parallel"]
// CHECK-SAME: outs(%[[INIT]] : tensor<2x3x2x2xi64>)
// CHECK-DAG: %[[R0:.*]] = linalg.index 0
// CHECK-DAG: %[[R1:.*]] = linalg.index 1
// CHECK-DAG: %[[R2:.*]] = linalg.index 2
// CHECK-DAG: %[[R3:.*]] = linalg.index 3
// CHECK: %[[S0:.*]] = tensor.extract %[[IDX]][%[[R0]], %[[R1]], %{{.*}}] : tensor<2x3x2xi32>
// CHECK: %[[I0:.*]] = arith.index_cast %[[S0]] : i32 to index
// CHECK: %[[MIN0:.*]] = arith.minsi %[[I0]]
// CHECK: %[[C0:.*]] = arith.maxsi %[[MIN0]]
// CHECK: %[[D1:.*]] = arith.addi %[[R2]], %[[C0]] : index
// CHECK: tensor.extract %[[IDX]]
// CHECK: arith.minsi
// CHECK: %[[C1:.*]] = arith.maxsi
// CHECK: %[[D0:.*]] = arith.addi %{{.*}}, %[[C1]] : index
// CHECK: %[[E:.*]] = tensor.extract %[[OPERAND]][%[[D0]], %[[D1]], %[[R3]]] : tensor<3x4x2xi64>
// CHECK: linalg.yield %[[E]] : i64
func.func @gather(%operand: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi32>) -> tensor<2x3x2x2xi64> {
  %r = "stablehlo.gather"(%operand, %idx) {
    dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>,
    slice_sizes = array<i64: 1, 2, 2>
  } : (tensor<3x4x2xi64>, tensor<2x3x2xi32>) -> tensor<2x3x2x2xi64>
  return %r : tensor<2x3x2x2xi64>
}

// -----

// Unsigned start indices: zero-extended, clamped with an unsigned minimum
// (no lower clamp needed).
// CHECK-LABEL: func.func @gather_unsigned_implicit_index_vector
// CHECK: linalg.generic
// CHECK: %[[S:.*]] = tensor.extract %{{.*}}[%{{.*}}] : tensor<3xi16>
// CHECK: %[[I:.*]] = arith.index_castui %[[S]] : i16 to index
// CHECK: arith.minui %[[I]]
// CHECK-NOT: arith.maxsi
// CHECK: tensor.extract %{{.*}} : tensor<5xf32>
func.func @gather_unsigned_implicit_index_vector(%operand: tensor<5xf32>, %idx: tensor<3xui16>) -> tensor<3xf32> {
  %r = "stablehlo.gather"(%operand, %idx) {
    dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1>
  } : (tensor<5xf32>, tensor<3xui16>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// dynamic_gather: dynamic result sizes come from start_indices and from the
// slice_sizes operand, which also bounds the starts.
// CHECK-LABEL: func.func @dynamic_gather
// CHECK-SAME: (%[[OPERAND:.*]]: tensor<?x4xf32>, %[[IDX:.*]]: tensor<?x1xi64>, %[[SIZES:.*]]: tensor<2xi32>)
// CHECK: %[[B:.*]] = tensor.dim %[[IDX]], %{{.*}} : tensor<?x1xi64>
// CHECK: %[[SZ1:.*]] = tensor.extract %[[SIZES]][%{{.*}}] : tensor<2xi32>
// CHECK: %[[SZ1I:.*]] = arith.index_cast %[[SZ1]] : i32 to index
// CHECK: %[[INIT:.*]] = tensor.empty(%[[B]], %[[SZ1I]]) : tensor<?x?xf32>
// CHECK: %[[DIM0:.*]] = tensor.dim %[[OPERAND]]
// CHECK: %[[SZ0:.*]] = tensor.extract %[[SIZES]]
// CHECK: %[[SZ0I:.*]] = arith.index_cast %[[SZ0]]
// CHECK: %[[MAX:.*]] = arith.subi %[[DIM0]], %[[SZ0I]] : index
// CHECK: linalg.generic
// CHECK-SAME: outs(%[[INIT]] : tensor<?x?xf32>)
// CHECK: arith.minsi %{{.*}}, %[[MAX]] : index
// CHECK: tensor.extract %[[OPERAND]]
func.func @dynamic_gather(%operand: tensor<?x4xf32>, %idx: tensor<?x1xi64>, %sizes: tensor<2xi32>) -> tensor<?x?xf32> {
  %r = "stablehlo.dynamic_gather"(%operand, %idx, %sizes) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>
  } : (tensor<?x4xf32>, tensor<?x1xi64>, tensor<2xi32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// scatter: an scf.for over the update scatter dims carrying the result, a
// whole-window bounds check, an inner scf.for over the window applying the
// update computation as scalar code with tensor.extract/tensor.insert.
// CHECK-LABEL: func.func @scatter
// CHECK-SAME: (%[[IN:.*]]: tensor<8x4xf32>, %[[IDX:.*]]: tensor<5xi32>, %[[UP:.*]]: tensor<5x4xf32>)
// CHECK: %[[R:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[IN]]) -> (tensor<8x4xf32>)
// CHECK: %[[S:.*]] = tensor.extract %[[IDX]][%[[I]]] : tensor<5xi32>
// CHECK: %[[SI:.*]] = arith.index_castui %[[S]] : i32 to index
// CHECK: arith.cmpi sge
// CHECK: arith.cmpi sle
// CHECK: %[[IF:.*]] = scf.if %{{.*}} -> (tensor<8x4xf32>)
// CHECK: %[[W:.*]] = scf.for %[[J:.*]] = %{{.*}} iter_args(%[[ACC2:.*]] = %[[ACC]]) -> (tensor<8x4xf32>)
// CHECK: %[[CUR:.*]] = tensor.extract %[[ACC2]][%{{.*}}, %{{.*}}] : tensor<8x4xf32>
// CHECK: %[[U:.*]] = tensor.extract %[[UP]][%[[I]], %[[J]]] : tensor<5x4xf32>
// CHECK: %[[SUM:.*]] = arith.addf %[[CUR]], %[[U]] : f32
// CHECK: %[[INS:.*]] = tensor.insert %[[SUM]] into %[[ACC2]]
// CHECK: scf.yield %[[INS]]
// CHECK: scf.yield %[[W]]
// CHECK: } else {
// CHECK: scf.yield %[[ACC]]
// CHECK: scf.yield %[[IF]]
// CHECK: return %[[R]]
func.func @scatter(%in: tensor<8x4xf32>, %idx: tensor<5xui32>, %up: tensor<5x4xf32>) -> tensor<8x4xf32> {
  %r = "stablehlo.scatter"(%in, %idx, %up) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %0 : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<8x4xf32>, tensor<5xui32>, tensor<5x4xf32>) -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

// -----

// Two inputs: the loops carry both results; the region takes the two
// current values, then the two updates.
// CHECK-LABEL: func.func @scatter_two_inputs
// CHECK: %[[R:.*]]:2 = scf.for {{.*}} -> (tensor<4xi32>, tensor<4xf32>)
// CHECK: scf.if {{.*}} -> (tensor<4xi32>, tensor<4xf32>)
// CHECK: %[[A:.*]] = tensor.extract {{.*}} : tensor<4xi32>
// CHECK: %[[B:.*]] = tensor.extract {{.*}} : tensor<4xf32>
// CHECK: %[[C:.*]] = tensor.extract {{.*}} : tensor<3xi32>
// CHECK: %[[D:.*]] = tensor.extract {{.*}} : tensor<3xf32>
// CHECK: %[[M:.*]] = arith.maxsi %[[A]], %[[C]] : i32
// CHECK: %[[S:.*]] = arith.addf %[[B]], %[[D]] : f32
// CHECK: tensor.insert %[[M]]
// CHECK: tensor.insert %[[S]]
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @scatter_two_inputs(%a: tensor<4xi32>, %b: tensor<4xf32>, %idx: tensor<3x1xi64>, %ua: tensor<3xi32>, %ub: tensor<3xf32>) -> (tensor<4xi32>, tensor<4xf32>) {
  %r:2 = "stablehlo.scatter"(%a, %b, %idx, %ua, %ub) ({
    ^bb0(%x: tensor<i32>, %y: tensor<f32>, %u: tensor<i32>, %v: tensor<f32>):
      %0 = stablehlo.maximum %x, %u : tensor<i32>
      %1 = stablehlo.add %y, %v : tensor<f32>
      stablehlo.return %0, %1 : tensor<i32>, tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4xi32>, tensor<4xf32>, tensor<3x1xi64>, tensor<3xi32>, tensor<3xf32>) -> (tensor<4xi32>, tensor<4xf32>)
  return %r#0, %r#1 : tensor<4xi32>, tensor<4xf32>
}
