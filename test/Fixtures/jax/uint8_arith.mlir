module @jit_uint8_arith attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xui8>, %arg1: tensor<16xui8>, %arg2: tensor<16xui8>) -> (tensor<16xui8> {jax.result_info = "result[0]"}, tensor<16xui8> {jax.result_info = "result[1]"}, tensor<16xui8> {jax.result_info = "result[2]"}, tensor<16xui8> {jax.result_info = "result[3]"}, tensor<16xui8> {jax.result_info = "result[4]"}, tensor<16xui8> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<16xui8>
    %1 = stablehlo.multiply %arg0, %arg1 : tensor<16xui8>
    %2 = stablehlo.subtract %arg0, %arg1 : tensor<16xui8>
    %3 = stablehlo.maximum %arg0, %arg1 : tensor<16xui8>
    %4 = stablehlo.shift_right_logical %arg0, %arg2 : tensor<16xui8>
    %5 = stablehlo.popcnt %arg0 : tensor<16xui8>
    return %0, %1, %2, %3, %4, %5 : tensor<16xui8>, tensor<16xui8>, tensor<16xui8>, tensor<16xui8>, tensor<16xui8>, tensor<16xui8>
  }
}
