func.func @iota_f32_dim0() {
  %r = stablehlo.iota dim = 0 : tensor<3x4xf32>
  check.expect_eq_const %r, dense<[[0.0, 0.0, 0.0, 0.0], [1.0, 1.0, 1.0, 1.0], [2.0, 2.0, 2.0, 2.0]]> : tensor<3x4xf32>
  func.return
}
