module @jit_sin_cos_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x7xf32>) -> (tensor<3x7xf32> {jax.result_info = "result[0]"}, tensor<3x7xf32> {jax.result_info = "result[1]"}, tensor<3x7xf32> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.sine %arg0 : tensor<3x7xf32>
    %1 = stablehlo.cosine %arg0 : tensor<3x7xf32>
    %2 = stablehlo.tan %arg0 : tensor<3x7xf32>
    return %0, %1, %2 : tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>
  }
}
