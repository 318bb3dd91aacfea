func.func @cosine_c1(%x: tensor<2xf32>) {
  %0 = stablehlo.cosine %x : (tensor<2xf32>) -> tensor<3xf32>
  return
}
