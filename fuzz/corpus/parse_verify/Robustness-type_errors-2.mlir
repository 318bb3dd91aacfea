func.func @return_type(%a: tensor<2xf32>) -> tensor<2xi32> {
  return %a : tensor<2xf32>
}
