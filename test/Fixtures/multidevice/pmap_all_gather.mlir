module @jit__fun attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["i"=4]> {stablehlo.mesh = {axes = [{name = "i", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<4x8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}, {}]>}) -> (tensor<4x4x8x3xf32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}, {}, {}]>}, tensor<4x8x12xf32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}, {}]>}) {
    %0:2 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"i"}, {}, {}]>] out_shardings=[<@mesh, [{"i"}, {}, {}, {}]>, <@mesh, [{"i"}, {}, {}]>] manual_axes={"i"} (%arg1: tensor<1x8x3xf32>) {
      %1 = stablehlo.reshape %arg1 : (tensor<1x8x3xf32>) -> tensor<8x3xf32>
      %2 = stablehlo.broadcast_in_dim %1, dims = [1, 2] : (tensor<8x3xf32>) -> tensor<1x8x3xf32>
      %3 = "stablehlo.all_gather"(%2) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x8x3xf32>) -> tensor<4x8x3xf32>
      %4 = "stablehlo.all_gather"(%1) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<8x3xf32>) -> tensor<8x12xf32>
      %5 = stablehlo.broadcast_in_dim %3, dims = [1, 2, 3] : (tensor<4x8x3xf32>) -> tensor<1x4x8x3xf32>
      %6 = stablehlo.broadcast_in_dim %4, dims = [1, 2] : (tensor<8x12xf32>) -> tensor<1x8x12xf32>
      sdy.return %5, %6 : tensor<1x4x8x3xf32>, tensor<1x8x12xf32>
    } : (tensor<4x8x3xf32>) -> (tensor<4x4x8x3xf32>, tensor<4x8x12xf32>)
    return %0#0, %0#1 : tensor<4x4x8x3xf32>, tensor<4x8x12xf32>
  }
}
