module @jit_erf_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xf32>, %arg1: tensor<12xf32>) -> (tensor<12xf32> {jax.result_info = "result[0]"}, tensor<12xf32> {jax.result_info = "result[1]"}, tensor<12xf32> {jax.result_info = "result[2]"}) {
    %0 = chlo.erf %arg0 : tensor<12xf32> -> tensor<12xf32>
    %1 = chlo.erfc %arg0 : tensor<12xf32> -> tensor<12xf32>
    %2 = chlo.erf_inv %arg1 : tensor<12xf32> -> tensor<12xf32>
    return %0, %1, %2 : tensor<12xf32>, tensor<12xf32>, tensor<12xf32>
  }
}
