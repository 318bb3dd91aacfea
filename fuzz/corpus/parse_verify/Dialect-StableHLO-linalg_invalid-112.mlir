func.func @batch_norm_grad_c2_result(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf64>)
  return %0#0 : tensor<2x3xf32>
}
