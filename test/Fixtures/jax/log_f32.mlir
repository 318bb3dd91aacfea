module @jit_log_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xf32>) -> (tensor<4x5xf32> {jax.result_info = "result[0]"}, tensor<4x5xf32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.log %arg0 : tensor<4x5xf32>
    %1 = stablehlo.log_plus_one %arg0 : tensor<4x5xf32>
    return %0, %1 : tensor<4x5xf32>, tensor<4x5xf32>
  }
}
