module @jit_tanh_exp_f16 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x4xf16>, %arg1: tensor<4x4xf16>) -> (tensor<4x4xf16> {jax.result_info = "result[0]"}, tensor<4x4xf16> {jax.result_info = "result[1]"}, tensor<4x4xf16> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.tanh %arg0 : tensor<4x4xf16>
    %1 = stablehlo.exponential %arg0 : tensor<4x4xf16>
    %2 = stablehlo.multiply %arg0, %arg1 : tensor<4x4xf16>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f16>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f16>) -> tensor<4x4xf16>
    %4 = stablehlo.add %2, %3 : tensor<4x4xf16>
    return %0, %1, %4 : tensor<4x4xf16>, tensor<4x4xf16>, tensor<4x4xf16>
  }
}
