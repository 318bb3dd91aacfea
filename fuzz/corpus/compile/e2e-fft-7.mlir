func.func @irfft_complex64_even_length() {
  %x = stablehlo.constant dense<[(0.34999999999999987, 0.0), (-0.45499999999999996, 2.5928800589306094), (-0.262, -0.8556330989390255), (-0.5780000000000001, 0.0)]> : tensor<4xcomplex<f32>>
  %r = stablehlo.fft %x, type = IRFFT, length = [6] : (tensor<4xcomplex<f32>>) -> tensor<6xf32>
  check.expect_almost_eq_const %r, dense<[-0.277, -0.379, -0.9139999999999999, 0.21899999999999997, 1.077, 0.6239999999999999]> : tensor<6xf32>
  func.return
}
