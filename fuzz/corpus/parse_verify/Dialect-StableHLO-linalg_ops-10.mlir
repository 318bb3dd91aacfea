func.func @convolution_jax(%a: tensor<2x9x10x3xf32>, %b: tensor<4x5x3x3xf32>, %c: tensor<1x28x1xf32>, %d: tensor<3x1x16xf32>) -> (tensor<2x6x6x3xf32>, tensor<1x28x16xf32>) {
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x9x10x3xf32>, tensor<4x5x3x3xf32>) -> tensor<2x6x6x3xf32>
  %1 = stablehlo.convolution(%c, %d) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x28x1xf32>, tensor<3x1x16xf32>) -> tensor<1x28x16xf32>
  return %0, %1 : tensor<2x6x6x3xf32>, tensor<1x28x16xf32>
}
