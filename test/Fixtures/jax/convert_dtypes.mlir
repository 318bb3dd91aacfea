module @jit_convert_dtypes attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xf32>, %arg1: tensor<8xi32>, %arg2: tensor<8xi1>, %arg3: tensor<8xui8>) -> (tensor<8xi32> {jax.result_info = "result[0]"}, tensor<8xf32> {jax.result_info = "result[1]"}, tensor<8xbf16> {jax.result_info = "result[2]"}, tensor<8xf16> {jax.result_info = "result[3]"}, tensor<8xf32> {jax.result_info = "result[4]"}, tensor<8xf32> {jax.result_info = "result[5]"}, tensor<8xi1> {jax.result_info = "result[6]"}, tensor<8xui8> {jax.result_info = "result[7]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<8xf32>) -> tensor<8xi32>
    %1 = stablehlo.convert %arg1 : (tensor<8xi32>) -> tensor<8xf32>
    %2 = stablehlo.convert %arg0 : (tensor<8xf32>) -> tensor<8xbf16>
    %3 = stablehlo.convert %arg0 : (tensor<8xf32>) -> tensor<8xf16>
    %4 = stablehlo.convert %arg2 : (tensor<8xi1>) -> tensor<8xf32>
    %5 = stablehlo.convert %arg3 : (tensor<8xui8>) -> tensor<8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %7 = stablehlo.compare NE, %arg0, %6, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %8 = stablehlo.convert %7 : tensor<8xi1>
    %9 = stablehlo.convert %arg1 : (tensor<8xi32>) -> tensor<8xui8>
    return %0, %1, %2, %3, %4, %5, %8, %9 : tensor<8xi32>, tensor<8xf32>, tensor<8xbf16>, tensor<8xf16>, tensor<8xf32>, tensor<8xf32>, tensor<8xi1>, tensor<8xui8>
  }
}
