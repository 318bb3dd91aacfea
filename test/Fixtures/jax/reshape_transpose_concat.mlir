module @jit_reshape_transpose_concat attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3x4xf32>, %arg1: tensor<2x3x2xf32>) -> (tensor<6x4xf32> {jax.result_info = "result[0]"}, tensor<4x2x3xf32> {jax.result_info = "result[1]"}, tensor<2x3x6xf32> {jax.result_info = "result[2]"}, tensor<2x3x4xf32> {jax.result_info = "result[3]"}, tensor<2x5x2xf32> {jax.result_info = "result[4]"}, tensor<2x4xf32> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
    %1 = stablehlo.transpose %arg0, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
    %2 = stablehlo.concatenate %arg0, %arg1, dim = 2 : (tensor<2x3x4xf32>, tensor<2x3x2xf32>) -> tensor<2x3x6xf32>
    %3 = stablehlo.slice %arg0 [0:1, 0:3, 0:4] : (tensor<2x3x4xf32>) -> tensor<1x3x4xf32>
    %4 = stablehlo.reshape %3 : (tensor<1x3x4xf32>) -> tensor<3x4xf32>
    %5 = stablehlo.slice %arg0 [1:2, 0:3, 0:4] : (tensor<2x3x4xf32>) -> tensor<1x3x4xf32>
    %6 = stablehlo.reshape %5 : (tensor<1x3x4xf32>) -> tensor<3x4xf32>
    %7 = stablehlo.broadcast_in_dim %4, dims = [1, 2] : (tensor<3x4xf32>) -> tensor<1x3x4xf32>
    %8 = stablehlo.broadcast_in_dim %6, dims = [1, 2] : (tensor<3x4xf32>) -> tensor<1x3x4xf32>
    %9 = stablehlo.concatenate %7, %8, dim = 0 : (tensor<1x3x4xf32>, tensor<1x3x4xf32>) -> tensor<2x3x4xf32>
    %10 = stablehlo.slice %arg1 [0:2, 0:1, 0:2] : (tensor<2x3x2xf32>) -> tensor<2x1x2xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2] : (tensor<2x1x2xf32>) -> tensor<2x5x2xf32>
    %12 = stablehlo.slice %arg0 [0:2, 0:1, 0:4] : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
    %13 = stablehlo.reshape %12 : (tensor<2x1x4xf32>) -> tensor<2x4xf32>
    return %0, %1, %2, %9, %11, %13 : tensor<6x4xf32>, tensor<4x2x3xf32>, tensor<2x3x6xf32>, tensor<2x3x4xf32>, tensor<2x5x2xf32>, tensor<2x4xf32>
  }
}
