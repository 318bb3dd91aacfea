module @jit_abs_sign_f32_i32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xf32>, %arg1: tensor<8xi32>) -> (tensor<8xf32> {jax.result_info = "result[0]"}, tensor<8xf32> {jax.result_info = "result[1]"}, tensor<8xf32> {jax.result_info = "result[2]"}, tensor<8xi32> {jax.result_info = "result[3]"}, tensor<8xi32> {jax.result_info = "result[4]"}, tensor<8xi32> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.abs %arg0 : tensor<8xf32>
    %1 = stablehlo.sign %arg0 : tensor<8xf32>
    %2 = stablehlo.negate %arg0 : tensor<8xf32>
    %3 = stablehlo.abs %arg1 : tensor<8xi32>
    %4 = stablehlo.sign %arg1 : tensor<8xi32>
    %5 = stablehlo.negate %arg1 : tensor<8xi32>
    return %0, %1, %2, %3, %4, %5 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xi32>, tensor<8xi32>, tensor<8xi32>
  }
}
