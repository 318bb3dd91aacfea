module @jit_bitcast_convert attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5xf32>) -> (tensor<5xui32> {jax.result_info = "result[0]"}, tensor<5x4xui8> {jax.result_info = "result[1]"}, tensor<5xf32> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.bitcast_convert %arg0 : (tensor<5xf32>) -> tensor<5xui32>
    %1 = stablehlo.bitcast_convert %arg0 : (tensor<5xf32>) -> tensor<5x4xui8>
    %2 = stablehlo.bitcast_convert %arg0 : (tensor<5xf32>) -> tensor<5xi32>
    %c = stablehlo.constant dense<1> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %4 = stablehlo.xor %2, %3 : tensor<5xi32>
    %5 = stablehlo.bitcast_convert %4 : (tensor<5xi32>) -> tensor<5xf32>
    return %0, %1, %5 : tensor<5xui32>, tensor<5x4xui8>, tensor<5xf32>
  }
}
