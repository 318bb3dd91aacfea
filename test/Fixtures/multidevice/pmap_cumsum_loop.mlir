module @jit__fun attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["i"=2]> {stablehlo.mesh = {axes = [{name = "i", size = 2 : i64}]}}
  func.func public @main(%arg0: tensor<2x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}]>}) -> (tensor<2x6xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}]>}) {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"i"}, {}]>] out_shardings=[<@mesh, [{"i"}, {}]>] manual_axes={"i"} (%arg1: tensor<1x6xf32>) {
      %1 = stablehlo.reshape %arg1 : (tensor<1x6xf32>) -> tensor<6xf32>
      %c = stablehlo.constant dense<0> : tensor<i32>
      %c_0 = stablehlo.constant dense<0> : tensor<i32>
      %2:4 = stablehlo.while(%iterArg = %1, %iterArg_1 = %c_0, %iterArg_2 = %c, %iterArg_3 = %1) : tensor<6xf32>, tensor<i32>, tensor<i32>, tensor<6xf32>
      cond {
        %c_4 = stablehlo.constant dense<4> : tensor<i32>
        %4 = stablehlo.compare LT, %iterArg_1, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %4 : tensor<i1>
      } do {
        %4:2 = func.call @closed_call(%iterArg, %iterArg_2, %iterArg_3) : (tensor<6xf32>, tensor<i32>, tensor<6xf32>) -> (tensor<i32>, tensor<6xf32>)
        %c_4 = stablehlo.constant dense<1> : tensor<i32>
        %5 = stablehlo.add %iterArg_1, %c_4 : tensor<i32>
        stablehlo.return %iterArg, %5, %4#0, %4#1 : tensor<6xf32>, tensor<i32>, tensor<i32>, tensor<6xf32>
      }
      %3 = stablehlo.broadcast_in_dim %2#3, dims = [1] : (tensor<6xf32>) -> tensor<1x6xf32>
      sdy.return %3 : tensor<1x6xf32>
    } : (tensor<2x6xf32>) -> tensor<2x6xf32>
    return %0 : tensor<2x6xf32>
  }
  func.func private @closed_call(%arg0: tensor<6xf32>, %arg1: tensor<i32>, %arg2: tensor<6xf32>) -> (tensor<i32>, tensor<6xf32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg1, %c : tensor<i32>
    %1 = "stablehlo.all_reduce"(%arg2) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %8 = stablehlo.add %arg3, %arg4 : tensor<f32>
      stablehlo.return %8 : tensor<f32>
    }) : (tensor<6xf32>) -> tensor<6xf32>
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %3 = stablehlo.multiply %1, %2 : tensor<6xf32>
    %4 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %6 = stablehlo.multiply %arg0, %5 : tensor<6xf32>
    %7 = stablehlo.add %3, %6 : tensor<6xf32>
    return %0, %7 : tensor<i32>, tensor<6xf32>
  }
}
