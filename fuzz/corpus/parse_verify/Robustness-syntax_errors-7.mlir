func.func @result_count(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0, %1 = stablehlo.abs %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}
