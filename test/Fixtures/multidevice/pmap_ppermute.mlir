module @jit__fun attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["i"=4]> {stablehlo.mesh = {axes = [{name = "i", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<4x6x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}, {}]>}) -> (tensor<4x6x2xf32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}, {}]>}, tensor<4x6x2xf32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}, {}]>}) {
    %0:2 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"i"}, {}, {}]>] out_shardings=[<@mesh, [{"i"}, {}, {}]>, <@mesh, [{"i"}, {}, {}]>] manual_axes={"i"} (%arg1: tensor<1x6x2xf32>) {
      %1 = stablehlo.reshape %arg1 : (tensor<1x6x2xf32>) -> tensor<6x2xf32>
      %2 = "stablehlo.collective_permute"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>}> : (tensor<6x2xf32>) -> tensor<6x2xf32>
      %3 = "stablehlo.collective_permute"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>}> : (tensor<6x2xf32>) -> tensor<6x2xf32>
      %4 = stablehlo.broadcast_in_dim %2, dims = [1, 2] : (tensor<6x2xf32>) -> tensor<1x6x2xf32>
      %5 = stablehlo.broadcast_in_dim %3, dims = [1, 2] : (tensor<6x2xf32>) -> tensor<1x6x2xf32>
      sdy.return %4, %5 : tensor<1x6x2xf32>, tensor<1x6x2xf32>
    } : (tensor<4x6x2xf32>) -> (tensor<4x6x2xf32>, tensor<4x6x2xf32>)
    return %0#0, %0#1 : tensor<4x6x2xf32>, tensor<4x6x2xf32>
  }
}
