func.func @unary_shape(%x: tensor<4xf32>) -> tensor<5xf32> {
  %0 = chlo.acosh %x : tensor<4xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
