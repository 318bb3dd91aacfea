func.func @scatter_whole_window_rank1_indices() {
  %input0 = stablehlo.constant dense<[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]], [[6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]]> : tensor<2x2x3xf32>
  %scatter_indices = stablehlo.constant dense<[1]> : tensor<1xi64>
  %update0 = stablehlo.constant dense<[[0.5, 0.5, 0.5], [0.5, 0.5, 0.5]]> : tensor<2x3xf32>
  %result = "stablehlo.scatter"(%input0, %scatter_indices, %update0) ({
    ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
      %v0 = stablehlo.add %arg0, %arg1 : tensor<f32>
      stablehlo.return %v0 : tensor<f32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0, 1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 0>
  } : (tensor<2x2x3xf32>, tensor<1xi64>, tensor<2x3xf32>) -> tensor<2x2x3xf32>
  check.expect_almost_eq_const %result, dense<[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]], [[6.5, 7.5, 8.5], [9.5, 10.5, 11.5]]]> : tensor<2x2x3xf32>
  func.return
}
