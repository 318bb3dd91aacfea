func.func @broadcast_in_dim(%s: tensor<f32>, %x: tensor<3x1xi64>, %d: tensor<?xf32>) {
  %0 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  %1 = "stablehlo.broadcast_in_dim"(%x) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<3x1xi64>) -> tensor<3x2x2xi64>
  %2 = stablehlo.broadcast_in_dim %d, dims = [1] : (tensor<?xf32>) -> tensor<4x?xf32>
  %3 = stablehlo.broadcast_in_dim %d, dims = [0] : (tensor<?xf32>) -> tensor<5xf32>
  return
}
