func.func @collective_permute(%x: tensor<2x2xi64>) -> tensor<2x2xi64> {
  %0 = "stablehlo.collective_permute"(%x) {
    source_target_pairs = dense<[[0, 1], [1, 2], [3, 3], [4, 4]]> : tensor<4x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<2x2xi64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}
