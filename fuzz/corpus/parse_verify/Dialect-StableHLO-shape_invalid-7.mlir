func.func @broadcast_in_dim_c2(%x: tensor<3xf32>) {
  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<3xf32>) -> tensor<3x3xf32>
  return
}
