module @jit_arith_bf16 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x8xbf16>, %arg1: tensor<3x8xbf16>) -> (tensor<3x8xbf16> {jax.result_info = "result[0]"}, tensor<3x8xbf16> {jax.result_info = "result[1]"}, tensor<3x8xbf16> {jax.result_info = "result[2]"}, tensor<3x8xbf16> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<3x8xbf16>
    %1 = stablehlo.multiply %arg0, %arg1 : tensor<3x8xbf16>
    %2 = stablehlo.exponential %arg0 : tensor<3x8xbf16>
    %3 = stablehlo.divide %arg0, %arg1 : tensor<3x8xbf16>
    return %0, %1, %2, %3 : tensor<3x8xbf16>, tensor<3x8xbf16>, tensor<3x8xbf16>, tensor<3x8xbf16>
  }
}
