module @jit_prod_i32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xi32>, %arg1: tensor<3x4xf32>) -> (tensor<3xi32> {jax.result_info = "result[0]"}, tensor<4xf32> {jax.result_info = "result[1]"}) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.multiply across dimensions = [1] : (tensor<3x4xi32>, tensor<i32>) -> tensor<3xi32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%arg1 init: %cst) applies stablehlo.multiply across dimensions = [0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<4xf32>
    return %0, %1 : tensor<3xi32>, tensor<4xf32>
  }
}
