func.func @sqrt_c128() {
  %a0 = stablehlo.constant dense<[(-4.0, 0.0), (3.0, 4.0), (0.0, 1.0)]> : tensor<3xcomplex<f64>>
  %r = stablehlo.sqrt %a0 : tensor<3xcomplex<f64>>
  check.expect_almost_eq_const %r, dense<[(0.0, 2.0), (2.0, 1.0), (0.7071067811865476, 0.7071067811865476)]> : tensor<3xcomplex<f64>> {tolerance = 2.24e-12 : f64}
  func.return
}
