func.func @collective_permute_c4(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[-1, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
