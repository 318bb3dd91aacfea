module @jit_slice_strided_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x7xf32>) -> (tensor<4x3xf32> {jax.result_info = "result[0]"}, tensor<4x7xf32> {jax.result_info = "result[1]"}, tensor<2x3xf32> {jax.result_info = "result[2]"}, tensor<4x7x1xf32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.slice %arg0 [0:4, 1:7:2] : (tensor<4x7xf32>) -> tensor<4x3xf32>
    %1 = stablehlo.reverse %arg0, dims = [0] : tensor<4x7xf32>
    %2 = stablehlo.slice %arg0 [1:3, 0:7:3] : (tensor<4x7xf32>) -> tensor<2x3xf32>
    %3 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<4x7xf32>) -> tensor<4x7x1xf32>
    return %0, %1, %2, %3 : tensor<4x3xf32>, tensor<4x7xf32>, tensor<2x3xf32>, tensor<4x7x1xf32>
  }
}
