module @jit_pad_iota attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf32>) -> (tensor<6x5xf32> {jax.result_info = "result[0]"}, tensor<3x7xf32> {jax.result_info = "result[1]"}, tensor<5x5xf32> {jax.result_info = "result[2]"}, tensor<3x4xf32> {jax.result_info = "result[3]"}, tensor<5xi32> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.iota dim = 0 : tensor<4xi32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [1] : (tensor<4xi32>) -> tensor<1x4xi32>
    %2 = stablehlo.iota dim = 0 : tensor<3xi32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %4 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x4xi32>) -> tensor<3x4xi32>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<3x1xi32>) -> tensor<3x4xi32>
    %6 = stablehlo.compare LE, %4, %5, SIGNED : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<3x4xi1>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %7 = call @_pad(%arg0, %c) : (tensor<3x4xf32>, tensor<i32>) -> tensor<6x5xf32>
    %8 = call @_pad_0(%arg0) : (tensor<3x4xf32>) -> tensor<3x7xf32>
    %cst = stablehlo.constant dense<-1.000000e+00> : tensor<f32>
    %9 = stablehlo.pad %arg0, %cst, low = [0, -1], high = [0, 2], interior = [1, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<5x5xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = call @_where(%6, %arg0, %cst_0) : (tensor<3x4xi1>, tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
    %11 = stablehlo.iota dim = 0 : tensor<5xi32>
    %c_1 = stablehlo.constant dense<3> : tensor<i32>
    %12 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %13 = stablehlo.multiply %11, %12 : tensor<5xi32>
    return %7, %8, %9, %10, %13 : tensor<6x5xf32>, tensor<3x7xf32>, tensor<5x5xf32>, tensor<3x4xf32>, tensor<5xi32>
  }
  func.func private @_pad(%arg0: tensor<3x4xf32>, %arg1: tensor<i32>) -> tensor<6x5xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.pad %arg0, %0, low = [1, 0], high = [2, 1], interior = [0, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<6x5xf32>
    return %1 : tensor<6x5xf32>
  }
  func.func private @_pad_0(%arg0: tensor<3x4xf32>) -> tensor<3x7xf32> {
    %0 = stablehlo.slice %arg0 [0:1, 0:4] : (tensor<3x4xf32>) -> tensor<1x4xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 2] : (tensor<1x4xf32>) -> tensor<1x0x4xf32>
    %2 = stablehlo.reshape %1 : (tensor<1x0x4xf32>) -> tensor<0x4xf32>
    %3 = stablehlo.slice %arg0 [2:3, 0:4] : (tensor<3x4xf32>) -> tensor<1x4xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 2] : (tensor<1x4xf32>) -> tensor<1x0x4xf32>
    %5 = stablehlo.reshape %4 : (tensor<1x0x4xf32>) -> tensor<0x4xf32>
    %6 = stablehlo.concatenate %2, %arg0, %5, dim = 0 : (tensor<0x4xf32>, tensor<3x4xf32>, tensor<0x4xf32>) -> tensor<3x4xf32>
    %7 = stablehlo.slice %6 [0:3, 0:1] : (tensor<3x4xf32>) -> tensor<3x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x1x2xf32>
    %9 = stablehlo.reshape %8 : (tensor<3x1x2xf32>) -> tensor<3x2xf32>
    %10 = stablehlo.slice %6 [0:3, 3:4] : (tensor<3x4xf32>) -> tensor<3x1xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x1x1xf32>
    %12 = stablehlo.reshape %11 : (tensor<3x1x1xf32>) -> tensor<3x1xf32>
    %13 = stablehlo.concatenate %9, %6, %12, dim = 1 : (tensor<3x2xf32>, tensor<3x4xf32>, tensor<3x1xf32>) -> tensor<3x7xf32>
    return %13 : tensor<3x7xf32>
  }
  func.func private @_where(%arg0: tensor<3x4xi1>, %arg1: tensor<3x4xf32>, %arg2: tensor<f32>) -> tensor<3x4xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<3x4xi1>, tensor<3x4xf32>
    return %2 : tensor<3x4xf32>
  }
}
