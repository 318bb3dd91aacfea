func.func @scatter_c20(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}
