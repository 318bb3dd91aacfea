module @jit_cond_index_i32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<i32>, %arg1: tensor<3xf32>) -> (tensor<3xf32> {jax.result_info = "result[0]"}, tensor<i32> {jax.result_info = "result[1]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.compare GT, %arg0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %1 = stablehlo.convert %0 : (tensor<i1>) -> tensor<i32>
    %2:2 = "stablehlo.case"(%1) ({
      %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3xf32>
      %4 = stablehlo.add %arg1, %3 : tensor<3xf32>
      %c_0 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.subtract %arg0, %c_0 : tensor<i32>
      stablehlo.return %4, %5 : tensor<3xf32>, tensor<i32>
    }, {
      %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3xf32>
      %4 = stablehlo.multiply %arg1, %3 : tensor<3xf32>
      %c_0 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.add %arg0, %c_0 : tensor<i32>
      stablehlo.return %4, %5 : tensor<3xf32>, tensor<i32>
    }) : (tensor<i32>) -> (tensor<3xf32>, tensor<i32>)
    return %2#0, %2#1 : tensor<3xf32>, tensor<i32>
  }
}
