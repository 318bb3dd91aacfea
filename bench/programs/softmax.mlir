// Softmax over the rows of a 4096x4096 f32 matrix, in the form
// jax.nn.softmax lowers to: max, subtract, exp, sum, divide.
func.func @main(%x: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1]
       : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096xf32>
  %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<4096xf32>) -> tensor<4096x4096xf32>
  %2 = stablehlo.subtract %x, %1 : tensor<4096x4096xf32>
  %3 = stablehlo.exponential %2 : tensor<4096x4096xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %4 = stablehlo.reduce(%3 init: %zero) applies stablehlo.add across dimensions = [1]
       : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096xf32>
  %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<4096xf32>) -> tensor<4096x4096xf32>
  %6 = stablehlo.divide %3, %5 : tensor<4096x4096xf32>
  return %6 : tensor<4096x4096xf32>
}
