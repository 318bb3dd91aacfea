func.func @uniform_quantize(%x: tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-1>> {
  %0 = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-1>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 0.5:-1>>
}
