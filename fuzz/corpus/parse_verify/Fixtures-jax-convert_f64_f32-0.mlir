module @jit_convert_f64_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6xf64>) -> (tensor<6xf32> {jax.result_info = "result[0]"}, tensor<6xf64> {jax.result_info = "result[1]"}, tensor<6xi32> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<6xf64>) -> tensor<6xf32>
    %1 = stablehlo.convert %arg0 : (tensor<6xf64>) -> tensor<6xf32>
    %2 = stablehlo.convert %1 : (tensor<6xf32>) -> tensor<6xf64>
    %3 = stablehlo.convert %arg0 : (tensor<6xf64>) -> tensor<6xi32>
    return %0, %2, %3 : tensor<6xf32>, tensor<6xf64>, tensor<6xi32>
  }
}
