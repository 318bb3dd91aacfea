func.func @batch_norm_training_f16() {
  %x = stablehlo.constant dense<[[0.25, 0.25], [0.25, 0.75], [1.0, -1.0], [1.0, -1.0]]> : tensor<4x2xf16>
  %scale = stablehlo.constant dense<[0.25, -0.25]> : tensor<2xf16>
  %offset = stablehlo.constant dense<[0.5, -0.25]> : tensor<2xf16>
  %r:3 = "stablehlo.batch_norm_training"(%x, %scale, %offset) {epsilon = 1.000000000e-02 : f32, feature_index = 1 : i64} : (tensor<4x2xf16>, tensor<2xf16>, tensor<2xf16>) -> (tensor<4x2xf16>, tensor<2xf16>, tensor<2xf16>)
  check.expect_almost_eq_const %r#0, dense<[[0.25844126492045993, -0.41087236305172536], [0.25844126492045993, -0.5717447261034507], [0.7415587350795401, -0.008691455422411898], [0.7415587350795401, -0.008691455422411898]]> : tensor<4x2xf16> {tolerance = 2.0e-2 : f64}
  check.expect_almost_eq_const %r#1, dense<[0.625, -0.25]> : tensor<2xf16> {tolerance = 2.0e-2 : f64}
  check.expect_almost_eq_const %r#2, dense<[0.140625, 0.59375]> : tensor<2xf16> {tolerance = 2.0e-2 : f64}
  func.return
}
