func.func @complex_c1(%x: tensor<2xf32>, %y: tensor<2xf64>) {
  %0 = stablehlo.complex %x, %y : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xcomplex<f32>>
  return
}
