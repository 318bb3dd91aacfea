func.func @transpose(%x: tensor<2x3x?xf32>) {
  %0 = stablehlo.transpose %x, dims = [1, 0, 2] : (tensor<2x3x?xf32>) -> tensor<3x2x?xf32>
  %1 = "stablehlo.transpose"(%x) {permutation = array<i64: 2, 1, 0>} : (tensor<2x3x?xf32>) -> tensor<?x3x2xf32>
  return
}
