module @jit_lstm_scan_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16x128xf32>, %arg1: tensor<32x128xf32>, %arg2: tensor<128xf32>, %arg3: tensor<8x4x16xf32>) -> (tensor<4x32xf32> {jax.result_info = "result[0][0]"}, tensor<4x32xf32> {jax.result_info = "result[0][1]"}, tensor<8x4x32xf32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x4x32xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2:8 = stablehlo.while(%iterArg = %arg3, %iterArg_1 = %arg0, %iterArg_2 = %arg1, %iterArg_3 = %arg2, %iterArg_4 = %c, %iterArg_5 = %0, %iterArg_6 = %0, %iterArg_7 = %1) : tensor<8x4x16xf32>, tensor<16x128xf32>, tensor<32x128xf32>, tensor<128xf32>, tensor<i32>, tensor<4x32xf32>, tensor<4x32xf32>, tensor<8x4x32xf32>
    cond {
      %c_8 = stablehlo.constant dense<8> : tensor<i32>
      %3 = stablehlo.compare LT, %iterArg_4, %c_8, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %3 : tensor<i1>
    } do {
      %3 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_4) : (tensor<8x4x16xf32>, tensor<i32>) -> tensor<4x16xf32>
      %4:3 = func.call @closed_call(%iterArg_1, %iterArg_2, %iterArg_3, %iterArg_5, %iterArg_6, %3) : (tensor<16x128xf32>, tensor<32x128xf32>, tensor<128xf32>, tensor<4x32xf32>, tensor<4x32xf32>, tensor<4x16xf32>) -> (tensor<4x32xf32>, tensor<4x32xf32>, tensor<4x32xf32>)
      %5 = func.call @dynamic_update_index_in_dim(%iterArg_7, %4#2, %iterArg_4) : (tensor<8x4x32xf32>, tensor<4x32xf32>, tensor<i32>) -> tensor<8x4x32xf32>
      %c_8 = stablehlo.constant dense<1> : tensor<i32>
      %6 = stablehlo.add %iterArg_4, %c_8 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_1, %iterArg_2, %iterArg_3, %6, %4#0, %4#1, %5 : tensor<8x4x16xf32>, tensor<16x128xf32>, tensor<32x128xf32>, tensor<128xf32>, tensor<i32>, tensor<4x32xf32>, tensor<4x32xf32>, tensor<8x4x32xf32>
    }
    return %2#5, %2#6, %2#7 : tensor<4x32xf32>, tensor<4x32xf32>, tensor<8x4x32xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<8x4x16xf32>, %arg1: tensor<i32>) -> tensor<4x16xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 4, 16] : (tensor<8x4x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x16xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x4x16xf32>) -> tensor<4x16xf32>
    return %1 : tensor<4x16xf32>
  }
  func.func private @closed_call(%arg0: tensor<16x128xf32>, %arg1: tensor<32x128xf32>, %arg2: tensor<128xf32>, %arg3: tensor<4x32xf32>, %arg4: tensor<4x32xf32>, %arg5: tensor<4x16xf32>) -> (tensor<4x32xf32>, tensor<4x32xf32>, tensor<4x32xf32>) {
    %0 = stablehlo.dot_general %arg5, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<16x128xf32>) -> tensor<4x128xf32>
    %1 = stablehlo.dot_general %arg3, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x32xf32>, tensor<32x128xf32>) -> tensor<4x128xf32>
    %2 = stablehlo.add %0, %1 : tensor<4x128xf32>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<128xf32>) -> tensor<1x128xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<1x128xf32>) -> tensor<4x128xf32>
    %5 = stablehlo.add %2, %4 : tensor<4x128xf32>
    %6 = stablehlo.slice %5 [0:4, 0:32] : (tensor<4x128xf32>) -> tensor<4x32xf32>
    %7 = stablehlo.negate %6 : tensor<4x32xf32>
    %8 = stablehlo.exponential %7 : tensor<4x32xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %10 = stablehlo.add %9, %8 : tensor<4x32xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %12 = stablehlo.divide %11, %10 : tensor<4x32xf32>
    %13 = stablehlo.slice %5 [0:4, 32:64] : (tensor<4x128xf32>) -> tensor<4x32xf32>
    %14 = stablehlo.negate %13 : tensor<4x32xf32>
    %15 = stablehlo.exponential %14 : tensor<4x32xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %17 = stablehlo.add %16, %15 : tensor<4x32xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %19 = stablehlo.divide %18, %17 : tensor<4x32xf32>
    %20 = stablehlo.slice %5 [0:4, 64:96] : (tensor<4x128xf32>) -> tensor<4x32xf32>
    %21 = stablehlo.negate %20 : tensor<4x32xf32>
    %22 = stablehlo.exponential %21 : tensor<4x32xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %24 = stablehlo.add %23, %22 : tensor<4x32xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %26 = stablehlo.divide %25, %24 : tensor<4x32xf32>
    %27 = stablehlo.multiply %19, %arg4 : tensor<4x32xf32>
    %28 = stablehlo.slice %5 [0:4, 96:128] : (tensor<4x128xf32>) -> tensor<4x32xf32>
    %29 = stablehlo.tanh %28 : tensor<4x32xf32>
    %30 = stablehlo.multiply %12, %29 : tensor<4x32xf32>
    %31 = stablehlo.add %27, %30 : tensor<4x32xf32>
    %32 = stablehlo.tanh %31 : tensor<4x32xf32>
    %33 = stablehlo.multiply %26, %32 : tensor<4x32xf32>
    return %33, %31, %33 : tensor<4x32xf32>, tensor<4x32xf32>, tensor<4x32xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<8x4x32xf32>, %arg1: tensor<4x32xf32>, %arg2: tensor<i32>) -> tensor<8x4x32xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<4x32xf32>) -> tensor<1x4x32xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<8x4x32xf32>, tensor<1x4x32xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<8x4x32xf32>
    return %1 : tensor<8x4x32xf32>
  }
}
