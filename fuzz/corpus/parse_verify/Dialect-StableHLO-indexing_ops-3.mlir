func.func @gather_dynamic(%operand: tensor<?x7xf32>, %indices: tensor<?x1xi32>) -> tensor<?x7xf32> {
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 7>}> : (tensor<?x7xf32>, tensor<?x1xi32>) -> tensor<?x7xf32>
  func.return %0 : tensor<?x7xf32>
}
