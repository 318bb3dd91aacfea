module @jit_einsum_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3x4xf32>, %arg1: tensor<4x5xf32>, %arg2: tensor<3x6xf32>, %arg3: tensor<3x6xf32>, %arg4: tensor<2x2x3x4xf32>, %arg5: tensor<2x2x5x4xf32>) -> (tensor<2x3x5xf32> {jax.result_info = "result[0]"}, tensor<3xf32> {jax.result_info = "result[1]"}, tensor<2x2x3x5xf32> {jax.result_info = "result[2]"}, tensor<6x6xf32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
    %1 = stablehlo.dot_general %arg2, %arg3, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<3x6xf32>, tensor<3x6xf32>) -> tensor<3xf32>
    %2 = stablehlo.dot_general %arg4, %arg5, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x2x3x4xf32>, tensor<2x2x5x4xf32>) -> tensor<2x2x3x5xf32>
    %3 = stablehlo.slice %arg2 [0:1, 0:6] : (tensor<3x6xf32>) -> tensor<1x6xf32>
    %4 = stablehlo.reshape %3 : (tensor<1x6xf32>) -> tensor<6xf32>
    %5 = stablehlo.slice %arg3 [1:2, 0:6] : (tensor<3x6xf32>) -> tensor<1x6xf32>
    %6 = stablehlo.reshape %5 : (tensor<1x6xf32>) -> tensor<6xf32>
    %7 = stablehlo.dot_general %4, %6, contracting_dims = [] x [], precision = [DEFAULT, DEFAULT] : (tensor<6xf32>, tensor<6xf32>) -> tensor<6x6xf32>
    return %0, %1, %2, %7 : tensor<2x3x5xf32>, tensor<3xf32>, tensor<2x2x3x5xf32>, tensor<6x6xf32>
  }
}
