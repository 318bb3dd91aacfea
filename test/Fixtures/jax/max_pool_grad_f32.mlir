module @jit_max_pool_grad_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x7x6x3xf32>, %arg1: tensor<2x3x3x3xf32>, %arg2: tensor<2x4x3x3xf32>, %arg3: tensor<2x5x4x3xf32>) -> (tensor<2x7x6x3xf32> {jax.result_info = "result[0]"}, tensor<2x7x6x3xf32> {jax.result_info = "result[1]"}, tensor<2x7x6x3xf32> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x7x6x3xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<2x7x6x3xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %2 = stablehlo.pad %1, %cst_0, low = [0, 0, 0, 0], high = [0, 0, 0, 0], interior = [0, 0, 0, 0] : (tensor<2x7x6x3xf32>, tensor<f32>) -> tensor<2x7x6x3xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = "stablehlo.select_and_scatter"(%2, %arg1, %cst_1) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %11 = stablehlo.compare GE, %arg4, %arg5, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %11 : tensor<i1>
    }, {
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %11 = stablehlo.add %arg4, %arg5 : tensor<f32>
      stablehlo.return %11 : tensor<f32>
    }) : (tensor<2x7x6x3xf32>, tensor<2x3x3x3xf32>, tensor<f32>) -> tensor<2x7x6x3xf32>
    %4 = stablehlo.slice %3 [0:2, 0:7, 0:6, 0:3] : (tensor<2x7x6x3xf32>) -> tensor<2x7x6x3xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %5 = stablehlo.pad %arg0, %cst_2, low = [0, 1, 0, 0], high = [0, 1, 1, 0], interior = [0, 0, 0, 0] : (tensor<2x7x6x3xf32>, tensor<f32>) -> tensor<2x9x7x3xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = "stablehlo.select_and_scatter"(%5, %arg2, %cst_3) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %11 = stablehlo.compare GE, %arg4, %arg5, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %11 : tensor<i1>
    }, {
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %11 = stablehlo.add %arg4, %arg5 : tensor<f32>
      stablehlo.return %11 : tensor<f32>
    }) : (tensor<2x9x7x3xf32>, tensor<2x4x3x3xf32>, tensor<f32>) -> tensor<2x9x7x3xf32>
    %7 = stablehlo.slice %6 [0:2, 1:8, 0:6, 0:3] : (tensor<2x9x7x3xf32>) -> tensor<2x7x6x3xf32>
    %cst_4 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %8 = stablehlo.pad %arg0, %cst_4, low = [0, 0, 0, 0], high = [0, 0, 0, 0], interior = [0, 0, 0, 0] : (tensor<2x7x6x3xf32>, tensor<f32>) -> tensor<2x7x6x3xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = "stablehlo.select_and_scatter"(%8, %arg3, %cst_5) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 1, 1, 1>}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %11 = stablehlo.compare GE, %arg4, %arg5, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %11 : tensor<i1>
    }, {
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %11 = stablehlo.add %arg4, %arg5 : tensor<f32>
      stablehlo.return %11 : tensor<f32>
    }) : (tensor<2x7x6x3xf32>, tensor<2x5x4x3xf32>, tensor<f32>) -> tensor<2x7x6x3xf32>
    %10 = stablehlo.slice %9 [0:2, 0:7, 0:6, 0:3] : (tensor<2x7x6x3xf32>) -> tensor<2x7x6x3xf32>
    return %4, %7, %10 : tensor<2x7x6x3xf32>, tensor<2x7x6x3xf32>, tensor<2x7x6x3xf32>
  }
}
