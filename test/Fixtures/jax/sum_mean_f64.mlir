module @jit_sum_mean_f64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x6xf64>) -> (tensor<6xf64> {jax.result_info = "result[0]"}, tensor<f64> {jax.result_info = "result[1]"}, tensor<5xf64> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<5x6xf64>, tensor<f64>) -> tensor<6xf64>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %1 = stablehlo.reduce(%arg0 init: %cst_0) applies stablehlo.add across dimensions = [0, 1] : (tensor<5x6xf64>, tensor<f64>) -> tensor<f64>
    %cst_1 = stablehlo.constant dense<3.000000e+01> : tensor<f64>
    %2 = stablehlo.divide %1, %cst_1 : tensor<f64>
    %cst_2 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
    %3 = stablehlo.reduce(%arg0 init: %cst_2) applies stablehlo.maximum across dimensions = [1] : (tensor<5x6xf64>, tensor<f64>) -> tensor<5xf64>
    return %0, %2, %3 : tensor<6xf64>, tensor<f64>, tensor<5xf64>
  }
}
