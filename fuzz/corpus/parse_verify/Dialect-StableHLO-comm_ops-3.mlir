func.func @all_gather_variadic_partitions(%x: tensor<2x2xi64>, %y: tensor<2x2xi32>) -> (tensor<2x8xi64>, tensor<2x8xi32>) {
  %0:2 = "stablehlo.all_gather"(%x, %y) {
    all_gather_dim = 1 : i64,
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle=1, type=0>
  } : (tensor<2x2xi64>, tensor<2x2xi32>) -> (tensor<2x8xi64>, tensor<2x8xi32>)
  return %0#0, %0#1 : tensor<2x8xi64>, tensor<2x8xi32>
}
