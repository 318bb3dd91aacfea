module @jit__fun attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["i"=2]> {stablehlo.mesh = {axes = [{name = "i", size = 2 : i64}]}}
  func.func public @main(%arg0: tensor<2x4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}, {}]>}, %arg1: tensor<2x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}]>}, %arg2: tensor<2x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}, {}]>}, %arg3: tensor<2x8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}, {}]>}) -> (tensor<2x4x3xf32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}, {}]>}, tensor<2x3xf32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, [{"i"}, {}]>}, tensor<2xf32> {jax.result_info = "result[2]", sdy.sharding = #sdy.sharding<@mesh, [{"i"}]>}) {
    %0:3 = sdy.manual_computation(%arg0, %arg1, %arg2, %arg3) in_shardings=[<@mesh, [{"i"}, {}, {}]>, <@mesh, [{"i"}, {}]>, <@mesh, [{"i"}, {}, {}]>, <@mesh, [{"i"}, {}, {}]>] out_shardings=[<@mesh, [{"i"}, {}, {}]>, <@mesh, [{"i"}, {}]>, <@mesh, [{"i"}]>] manual_axes={"i"} (%arg4: tensor<1x4x3xf32>, %arg5: tensor<1x3xf32>, %arg6: tensor<1x8x4xf32>, %arg7: tensor<1x8x3xf32>) {
      %1 = stablehlo.reshape %arg4 : (tensor<1x4x3xf32>) -> tensor<4x3xf32>
      %2 = stablehlo.reshape %arg5 : (tensor<1x3xf32>) -> tensor<3xf32>
      %3 = stablehlo.reshape %arg6 : (tensor<1x8x4xf32>) -> tensor<8x4xf32>
      %4 = stablehlo.reshape %arg7 : (tensor<1x8x3xf32>) -> tensor<8x3xf32>
      %5 = stablehlo.dot_general %3, %1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x4xf32>, tensor<4x3xf32>) -> tensor<8x3xf32>
      %6 = stablehlo.broadcast_in_dim %2, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
      %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<8x3xf32>
      %8 = stablehlo.add %5, %7 : tensor<8x3xf32>
      %9 = stablehlo.subtract %8, %4 : tensor<8x3xf32>
      %10 = stablehlo.multiply %9, %9 : tensor<8x3xf32>
      %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %11 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x3xf32>
      %12 = stablehlo.multiply %11, %9 : tensor<8x3xf32>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %13 = stablehlo.reduce(%10 init: %cst_0) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x3xf32>, tensor<f32>) -> tensor<f32>
      %cst_1 = stablehlo.constant dense<2.400000e+01> : tensor<f32>
      %14 = stablehlo.divide %13, %cst_1 : tensor<f32>
      %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %cst_3 = stablehlo.constant dense<2.400000e+01> : tensor<f32>
      %15 = stablehlo.divide %cst_2, %cst_3 : tensor<f32>
      %16 = stablehlo.broadcast_in_dim %15, dims = [] : (tensor<f32>) -> tensor<8x3xf32>
      %17 = stablehlo.multiply %16, %12 : tensor<8x3xf32>
      %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %18 = stablehlo.reduce(%17 init: %cst_4) applies stablehlo.add across dimensions = [0] : (tensor<8x3xf32>, tensor<f32>) -> tensor<3xf32>
      %19 = stablehlo.reshape %18 : (tensor<3xf32>) -> tensor<1x3xf32>
      %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %20 = stablehlo.reduce(%19 init: %cst_5) applies stablehlo.add across dimensions = [0] : (tensor<1x3xf32>, tensor<f32>) -> tensor<3xf32>
      %21 = stablehlo.dot_general %17, %3, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x3xf32>, tensor<8x4xf32>) -> tensor<3x4xf32>
      %22 = stablehlo.transpose %21, dims = [1, 0] : (tensor<3x4xf32>) -> tensor<4x3xf32>
      %23 = "stablehlo.all_reduce"(%22) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
      ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
        %34 = stablehlo.add %arg8, %arg9 : tensor<f32>
        stablehlo.return %34 : tensor<f32>
      }) : (tensor<4x3xf32>) -> tensor<4x3xf32>
      %cst_6 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %24 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
      %25 = stablehlo.divide %23, %24 : tensor<4x3xf32>
      %26 = "stablehlo.all_reduce"(%20) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
      ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
        %34 = stablehlo.add %arg8, %arg9 : tensor<f32>
        stablehlo.return %34 : tensor<f32>
      }) : (tensor<3xf32>) -> tensor<3xf32>
      %cst_7 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %27 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<3xf32>
      %28 = stablehlo.divide %26, %27 : tensor<3xf32>
      %29 = "stablehlo.all_reduce"(%14) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
      ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
        %34 = stablehlo.add %arg8, %arg9 : tensor<f32>
        stablehlo.return %34 : tensor<f32>
      }) : (tensor<f32>) -> tensor<f32>
      %cst_8 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %30 = stablehlo.divide %29, %cst_8 : tensor<f32>
      %31 = stablehlo.broadcast_in_dim %25, dims = [1, 2] : (tensor<4x3xf32>) -> tensor<1x4x3xf32>
      %32 = stablehlo.broadcast_in_dim %28, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
      %33 = stablehlo.broadcast_in_dim %30, dims = [] : (tensor<f32>) -> tensor<1xf32>
      sdy.return %31, %32, %33 : tensor<1x4x3xf32>, tensor<1x3xf32>, tensor<1xf32>
    } : (tensor<2x4x3xf32>, tensor<2x3xf32>, tensor<2x8x4xf32>, tensor<2x8x3xf32>) -> (tensor<2x4x3xf32>, tensor<2x3xf32>, tensor<2xf32>)
    return %0#0, %0#1, %0#2 : tensor<2x4x3xf32>, tensor<2x3xf32>, tensor<2xf32>
  }
}
