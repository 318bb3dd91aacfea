module @jit_max_min_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5x3xf32>, %arg1: tensor<4x5xi32>) -> (tensor<4x3xf32> {jax.result_info = "result[0]"}, tensor<5xf32> {jax.result_info = "result[1]"}, tensor<1x1x1xf32> {jax.result_info = "result[2]"}, tensor<5xi32> {jax.result_info = "result[3]"}) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<4x5x3xf32>, tensor<f32>) -> tensor<4x3xf32>
    %cst_0 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %1 = stablehlo.reduce(%arg0 init: %cst_0) applies stablehlo.minimum across dimensions = [0, 2] : (tensor<4x5x3xf32>, tensor<f32>) -> tensor<5xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %2 = stablehlo.reduce(%arg0 init: %cst_1) applies stablehlo.maximum across dimensions = [0, 1, 2] : (tensor<4x5x3xf32>, tensor<f32>) -> tensor<f32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<1x1x1xf32>
    %c = stablehlo.constant dense<-2147483648> : tensor<i32>
    %4 = stablehlo.reduce(%arg1 init: %c) applies stablehlo.maximum across dimensions = [0] : (tensor<4x5xi32>, tensor<i32>) -> tensor<5xi32>
    return %0, %1, %3, %4 : tensor<4x3xf32>, tensor<5xf32>, tensor<1x1x1xf32>, tensor<5xi32>
  }
}
