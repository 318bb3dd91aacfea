func.func @cholesky(%a: tensor<3x3xf32>, %b: tensor<2x4x4xcomplex<f64>>) -> (tensor<3x3xf32>, tensor<3x3xf32>, tensor<2x4x4xcomplex<f64>>) {
  %0 = stablehlo.cholesky %a, lower = true : tensor<3x3xf32>
  %1 = stablehlo.cholesky %a : tensor<3x3xf32>
  %2 = "stablehlo.cholesky"(%b) {lower = true} : (tensor<2x4x4xcomplex<f64>>) -> tensor<2x4x4xcomplex<f64>>
  return %0, %1, %2 : tensor<3x3xf32>, tensor<3x3xf32>, tensor<2x4x4xcomplex<f64>>
}
