module @jit_conv2d_nhwc_dilated_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x7x6x2xf32>, %arg1: tensor<3x2x2x3xf32>) -> (tensor<1x6x10x3xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 2], [0, 1]], lhs_dilate = [1, 2], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x7x6x2xf32>, tensor<3x2x2x3xf32>) -> tensor<1x6x10x3xf32>
    return %0 : tensor<1x6x10x3xf32>
  }
}
