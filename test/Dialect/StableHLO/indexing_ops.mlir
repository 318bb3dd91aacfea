// RUN: jx-opt %s | jx-opt | FileCheck %s

// gather, dynamic_gather and scatter print in the generic form, as upstream
// tools do; both the `<{...}>` properties and the `{...}` attribute
// dictionary spelling parse.

// CHECK-LABEL: func.func @gather_properties
func.func @gather_properties(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // CHECK: "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = true, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = true, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// CHECK-LABEL: func.func @gather_attr_dict
func.func @gather_attr_dict(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // CHECK: "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 2>}>
  %0 = "stablehlo.gather"(%operand, %indices) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [2, 3],
      collapsed_slice_dims = [0],
      start_index_map = [1, 0],
      index_vector_dim = 2>,
    slice_sizes = array<i64: 1, 2, 2>,
    indices_are_sorted = false
  } : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// CHECK-LABEL: func.func @gather_batching
func.func @gather_batching(%operand: tensor<2x3x4x2xi32>, %indices: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32> {
  // CHECK: #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>
  // CHECK-NOT: indices_are_sorted
  // CHECK-SAME: slice_sizes = array<i64: 1, 1, 2, 2>
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  func.return %0 : tensor<2x2x3x2x2xi32>
}

// The index vector dimension is implicit (index_vector_dim = rank).
// CHECK-LABEL: func.func @gather_implicit_index_vector
func.func @gather_implicit_index_vector(%operand: tensor<5x7xf32>, %indices: tensor<4xi32>) -> tensor<4x7xf32> {
  // CHECK: index_vector_dim = 1
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 7>}> : (tensor<5x7xf32>, tensor<4xi32>) -> tensor<4x7xf32>
  func.return %0 : tensor<4x7xf32>
}

// CHECK-LABEL: func.func @gather_dynamic
func.func @gather_dynamic(%operand: tensor<?x7xf32>, %indices: tensor<?x1xi32>) -> tensor<?x7xf32> {
  // CHECK: (tensor<?x7xf32>, tensor<?x1xi32>) -> tensor<?x7xf32>
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 7>}> : (tensor<?x7xf32>, tensor<?x1xi32>) -> tensor<?x7xf32>
  func.return %0 : tensor<?x7xf32>
}

// CHECK-LABEL: func.func @gather_quantized
func.func @gather_quantized(%operand: tensor<4x3x!quant.uniform<i8:f32, 0.5:1>>, %indices: tensor<2x1xi32>) -> tensor<2x3x!quant.uniform<i8:f32, 0.5:1>> {
  // CHECK: "stablehlo.gather"
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3x!quant.uniform<i8:f32, 0.5:1>>, tensor<2x1xi32>) -> tensor<2x3x!quant.uniform<i8:f32, 0.5:1>>
  func.return %0 : tensor<2x3x!quant.uniform<i8:f32, 0.5:1>>
}

// CHECK-LABEL: func.func @dynamic_gather_constant_sizes
func.func @dynamic_gather_constant_sizes(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  %sizes = stablehlo.constant dense<[1, 2, 2]> : tensor<3xi64>
  // CHECK: "stablehlo.dynamic_gather"(%arg0, %arg1, %{{.*}}) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  %0 = "stablehlo.dynamic_gather"(%operand, %indices, %sizes) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [2, 3],
      collapsed_slice_dims = [0],
      start_index_map = [1, 0],
      index_vector_dim = 2>,
    indices_are_sorted = false
  } : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// CHECK-LABEL: func.func @dynamic_gather_operand_sizes
func.func @dynamic_gather_operand_sizes(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>, %sizes: tensor<3xi32>) -> tensor<2x3x?x?xi64> {
  // CHECK: "stablehlo.dynamic_gather"(%arg0, %arg1, %arg2) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi32>) -> tensor<2x3x?x?xi64>
  %0 = "stablehlo.dynamic_gather"(%operand, %indices, %sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi32>) -> tensor<2x3x?x?xi64>
  func.return %0 : tensor<2x3x?x?xi64>
}

// What JAX prints: properties, a region after them, index_vector_dim left
// out when it is 0.
// CHECK-LABEL: func.func @scatter_jax
func.func @scatter_jax(%input: tensor<1x1xi8>, %indices: tensor<1xi64>, %update: tensor<1xi8>) -> tensor<1x1xi8> {
  // CHECK: "stablehlo.scatter"(%arg0, %arg1, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 0>, unique_indices = true}> ({
  // CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<i8>, %[[B:.*]]: tensor<i8>):
  // CHECK-NEXT: stablehlo.return %[[B]] : tensor<i8>
  // CHECK-NEXT: }) : (tensor<1x1xi8>, tensor<1xi64>, tensor<1xi8>) -> tensor<1x1xi8>
  %0 = "stablehlo.scatter"(%input, %indices, %update) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
  ^bb0(%arg0: tensor<i8>, %arg1: tensor<i8>):
    stablehlo.return %arg1 : tensor<i8>
  }) : (tensor<1x1xi8>, tensor<1xi64>, tensor<1xi8>) -> tensor<1x1xi8>
  func.return %0 : tensor<1x1xi8>
}

// The spec's spelling: the region first, then an attribute dictionary.
// CHECK-LABEL: func.func @scatter_attr_dict
func.func @scatter_attr_dict(%input: tensor<2x3x4x2xi64>, %indices: tensor<2x2x3x2xi64>, %update: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  // CHECK: "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>, unique_indices = false}> ({
  // CHECK: stablehlo.add
  %0 = "stablehlo.scatter"(%input, %indices, %update) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %1 = stablehlo.add %arg0, %arg1 : tensor<i64>
      stablehlo.return %1 : tensor<i64>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<
      update_window_dims = [3, 4],
      inserted_window_dims = [1],
      input_batching_dims = [0],
      scatter_indices_batching_dims = [1],
      scatter_dims_to_operand_dims = [2, 1],
      index_vector_dim = 3>,
    indices_are_sorted = false,
    unique_indices = false
  } : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  func.return %0 : tensor<2x3x4x2xi64>
}

// Two inputs and two updates; the window is smaller than the input.
// CHECK-LABEL: func.func @scatter_variadic
func.func @scatter_variadic(%a: tensor<5x6xf32>, %b: tensor<5x6xi32>, %indices: tensor<3x1xi32>, %ua: tensor<3x4xf32>, %ub: tensor<3x4xi32>) -> (tensor<5x6xf32>, tensor<5x6xi32>) {
  // CHECK: %{{.*}}:2 = "stablehlo.scatter"(%arg0, %arg1, %arg2, %arg3, %arg4)
  // CHECK: ^bb0(%{{.*}}: tensor<f32>, %{{.*}}: tensor<i32>, %{{.*}}: tensor<f32>, %{{.*}}: tensor<i32>):
  // CHECK: (tensor<5x6xf32>, tensor<5x6xi32>, tensor<3x1xi32>, tensor<3x4xf32>, tensor<3x4xi32>) -> (tensor<5x6xf32>, tensor<5x6xi32>)
  %0:2 = "stablehlo.scatter"(%a, %b, %indices, %ua, %ub) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<i32>, %y0: tensor<f32>, %y1: tensor<i32>):
    stablehlo.return %y0, %x1 : tensor<f32>, tensor<i32>
  }) : (tensor<5x6xf32>, tensor<5x6xi32>, tensor<3x1xi32>, tensor<3x4xf32>, tensor<3x4xi32>) -> (tensor<5x6xf32>, tensor<5x6xi32>)
  func.return %0#0, %0#1 : tensor<5x6xf32>, tensor<5x6xi32>
}

// CHECK-LABEL: func.func @scatter_dynamic
func.func @scatter_dynamic(%input: tensor<?x6xf32>, %indices: tensor<?x1xi32>, %update: tensor<?x6xf32>) -> tensor<?x6xf32> {
  // CHECK: (tensor<?x6xf32>, tensor<?x1xi32>, tensor<?x6xf32>) -> tensor<?x6xf32>
  %0 = "stablehlo.scatter"(%input, %indices, %update) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<?x6xf32>, tensor<?x1xi32>, tensor<?x6xf32>) -> tensor<?x6xf32>
  func.return %0 : tensor<?x6xf32>
}

// A quantized scatter whose computation widens the storage type.
// CHECK-LABEL: func.func @scatter_promoted
func.func @scatter_promoted(%input: tensor<4x!quant.uniform<i8:f32, 0.5:1>>, %indices: tensor<2x1xi32>, %update: tensor<2x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<4x!quant.uniform<i32:f32, 0.5:1>> {
  // CHECK: ^bb0(%{{.*}}: tensor<!quant.uniform<i32:f32, 5.000000e-01:1>>
  %0 = "stablehlo.scatter"(%input, %indices, %update) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<!quant.uniform<i32:f32, 0.5:1>>, %y: tensor<!quant.uniform<i32:f32, 0.5:1>>):
    stablehlo.return %y : tensor<!quant.uniform<i32:f32, 0.5:1>>
  }) : (tensor<4x!quant.uniform<i8:f32, 0.5:1>>, tensor<2x1xi32>, tensor<2x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<4x!quant.uniform<i32:f32, 0.5:1>>
  func.return %0 : tensor<4x!quant.uniform<i32:f32, 0.5:1>>
}
