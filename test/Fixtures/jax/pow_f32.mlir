module @jit_pow_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x4xf32>, %arg1: tensor<5x4xf32>) -> (tensor<5x4xf32> {jax.result_info = "result[0]"}, tensor<5x4xf32> {jax.result_info = "result[1]"}, tensor<5x4xf32> {jax.result_info = "result[2]"}, tensor<5x4xf32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.power %arg0, %arg1 : tensor<5x4xf32>
    %1 = stablehlo.sqrt %arg0 : tensor<5x4xf32>
    %2 = stablehlo.rsqrt %arg0 : tensor<5x4xf32>
    %3 = stablehlo.cbrt %arg0 : tensor<5x4xf32>
    return %0, %1, %2, %3 : tensor<5x4xf32>, tensor<5x4xf32>, tensor<5x4xf32>, tensor<5x4xf32>
  }
}
