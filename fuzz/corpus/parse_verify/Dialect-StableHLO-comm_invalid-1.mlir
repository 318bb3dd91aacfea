func.func @all_gather_c1_negative(%x: tensor<2x2xf32>) -> tensor<2x4xf32> {
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = -1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
