func.func @dot_general_widening(%lhs: tensor<2x2x2xf32>, %rhs: tensor<2x2x2xf32>, %x: tensor<4xi8>) -> (tensor<2x2x2xf64>, tensor<i32>) {
  %0 = stablehlo.dot_general %lhs, %rhs,
      batching_dims = [0] x [0],
      contracting_dims = [2] x [1]
      : (tensor<2x2x2xf32>, tensor<2x2x2xf32>) -> tensor<2x2x2xf64>
  %1 = stablehlo.dot_general %x, %x, contracting_dims = [0] x [0] : (tensor<4xi8>, tensor<4xi8>) -> tensor<i32>
  return %0, %1 : tensor<2x2x2xf64>, tensor<i32>
}
