module @jit_expm1_log1p_f64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6xf64>) -> (tensor<6xf64> {jax.result_info = "result[0]"}, tensor<6xf64> {jax.result_info = "result[1]"}, tensor<6xf64> {jax.result_info = "result[2]"}, tensor<6xf64> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.exponential %arg0 : tensor<6xf64>
    %1 = stablehlo.exponential_minus_one %arg0 : tensor<6xf64>
    %2 = stablehlo.abs %arg0 : tensor<6xf64>
    %3 = stablehlo.log_plus_one %2 : tensor<6xf64>
    %4 = stablehlo.tanh %arg0 : tensor<6xf64>
    return %0, %1, %3, %4 : tensor<6xf64>, tensor<6xf64>, tensor<6xf64>, tensor<6xf64>
  }
}
