module @jit_dynamic_slice_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x5xf32>, %arg1: tensor<2x3xf32>, %arg2: tensor<i32>, %arg3: tensor<i32>) -> (tensor<2x2xf32> {jax.result_info = "result[0]"}, tensor<6x5xf32> {jax.result_info = "result[1]"}) {
    %c = stablehlo.constant dense<3> : tensor<i32>
    %0 = stablehlo.subtract %arg3, %c : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare LT, %arg2, %c_0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_1 = stablehlo.constant dense<6> : tensor<i32>
    %2 = stablehlo.add %arg2, %c_1 : tensor<i32>
    %3 = stablehlo.select %1, %2, %arg2 : tensor<i1>, tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.compare LT, %0, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_3 = stablehlo.constant dense<5> : tensor<i32>
    %5 = stablehlo.add %0, %c_3 : tensor<i32>
    %6 = stablehlo.select %4, %5, %0 : tensor<i1>, tensor<i32>
    %7 = stablehlo.dynamic_slice %arg0, %3, %6, sizes = [2, 2] : (tensor<6x5xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.compare LT, %arg2, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_5 = stablehlo.constant dense<6> : tensor<i32>
    %9 = stablehlo.add %arg2, %c_5 : tensor<i32>
    %10 = stablehlo.select %8, %9, %arg2 : tensor<i1>, tensor<i32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %11 = stablehlo.compare LT, %arg3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_7 = stablehlo.constant dense<5> : tensor<i32>
    %12 = stablehlo.add %arg3, %c_7 : tensor<i32>
    %13 = stablehlo.select %11, %12, %arg3 : tensor<i1>, tensor<i32>
    %14 = stablehlo.dynamic_update_slice %arg0, %arg1, %10, %13 : (tensor<6x5xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<6x5xf32>
    return %7, %14 : tensor<2x2xf32>, tensor<6x5xf32>
  }
}
