module @jit_bool_logic attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xi1>, %arg1: tensor<4x5xi1>) -> (tensor<4x5xi1> {jax.result_info = "result[0]"}, tensor<4x5xi1> {jax.result_info = "result[1]"}, tensor<4x5xi1> {jax.result_info = "result[2]"}, tensor<4x5xi1> {jax.result_info = "result[3]"}, tensor<i32> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.and %arg0, %arg1 : tensor<4x5xi1>
    %1 = stablehlo.or %arg0, %arg1 : tensor<4x5xi1>
    %2 = stablehlo.xor %arg0, %arg1 : tensor<4x5xi1>
    %3 = stablehlo.not %arg0 : tensor<4x5xi1>
    %4 = stablehlo.convert %arg0 : (tensor<4x5xi1>) -> tensor<4x5xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.reduce(%4 init: %c) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x5xi32>, tensor<i32>) -> tensor<i32>
    return %0, %1, %2, %3, %5 : tensor<4x5xi1>, tensor<4x5xi1>, tensor<4x5xi1>, tensor<4x5xi1>, tensor<i32>
  }
}
