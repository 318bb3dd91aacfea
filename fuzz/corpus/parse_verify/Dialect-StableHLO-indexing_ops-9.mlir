func.func @scatter_variadic(%a: tensor<5x6xf32>, %b: tensor<5x6xi32>, %indices: tensor<3x1xi32>, %ua: tensor<3x4xf32>, %ub: tensor<3x4xi32>) -> (tensor<5x6xf32>, tensor<5x6xi32>) {
  %0:2 = "stablehlo.scatter"(%a, %b, %indices, %ua, %ub) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<i32>, %y0: tensor<f32>, %y1: tensor<i32>):
    stablehlo.return %y0, %x1 : tensor<f32>, tensor<i32>
  }) : (tensor<5x6xf32>, tensor<5x6xi32>, tensor<3x1xi32>, tensor<3x4xf32>, tensor<3x4xi32>) -> (tensor<5x6xf32>, tensor<5x6xi32>)
  func.return %0#0, %0#1 : tensor<5x6xf32>, tensor<5x6xi32>
}
