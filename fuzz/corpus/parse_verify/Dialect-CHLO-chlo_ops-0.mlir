func.func @unary_complex(%z: tensor<20x20xcomplex<f64>>, %i: tensor<3xi32>) {
  %0 = chlo.asin %z : tensor<20x20xcomplex<f64>> -> tensor<20x20xcomplex<f64>>
  %1 = chlo.conj %z : tensor<20x20xcomplex<f64>> -> tensor<20x20xcomplex<f64>>
  %2 = chlo.square %i : tensor<3xi32> -> tensor<3xi32>
  return
}
