func.func @gather_c10(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [], operand_batching_dims = [1, 0], start_indices_batching_dims = [0, 1], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}
