module @jit_integer_pow_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<10xf32>) -> (tensor<10xf32> {jax.result_info = "result[0]"}, tensor<10xf32> {jax.result_info = "result[1]"}, tensor<10xf32> {jax.result_info = "result[2]"}, tensor<10xf32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<10xf32>
    %1 = stablehlo.multiply %arg0, %arg0 : tensor<10xf32>
    %2 = stablehlo.multiply %1, %arg0 : tensor<10xf32>
    %3 = stablehlo.multiply %arg0, %arg0 : tensor<10xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %5 = stablehlo.divide %4, %3 : tensor<10xf32>
    %6 = stablehlo.multiply %arg0, %arg0 : tensor<10xf32>
    %7 = stablehlo.multiply %6, %6 : tensor<10xf32>
    %8 = stablehlo.multiply %arg0, %7 : tensor<10xf32>
    return %0, %2, %5, %8 : tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>
  }
}
