module @jit_floor_ceil_round_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf32>) -> (tensor<16xf32> {jax.result_info = "result[0]"}, tensor<16xf32> {jax.result_info = "result[1]"}, tensor<16xf32> {jax.result_info = "result[2]"}, tensor<16xf32> {jax.result_info = "result[3]"}, tensor<16xf32> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.floor %arg0 : tensor<16xf32>
    %1 = stablehlo.ceil %arg0 : tensor<16xf32>
    %2 = call @round(%arg0) : (tensor<16xf32>) -> tensor<16xf32>
    %3 = stablehlo.round_nearest_afz %arg0 : tensor<16xf32>
    %4 = call @trunc(%arg0) : (tensor<16xf32>) -> tensor<16xf32>
    return %0, %1, %2, %3, %4 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
  }
  func.func private @round(%arg0: tensor<16xf32>) -> tensor<16xf32> {
    %0 = stablehlo.round_nearest_even %arg0 : tensor<16xf32>
    return %0 : tensor<16xf32>
  }
  func.func private @trunc(%arg0: tensor<16xf32>) -> tensor<16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %1 = stablehlo.compare LT, %arg0, %0, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %2 = stablehlo.ceil %arg0 : tensor<16xf32>
    %3 = stablehlo.floor %arg0 : tensor<16xf32>
    %4 = call @_where(%1, %2, %3) : (tensor<16xi1>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    return %4 : tensor<16xf32>
  }
  func.func private @_where(%arg0: tensor<16xi1>, %arg1: tensor<16xf32>, %arg2: tensor<16xf32>) -> tensor<16xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<16xi1>, tensor<16xf32>
    return %0 : tensor<16xf32>
  }
}
