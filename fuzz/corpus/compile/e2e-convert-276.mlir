func.func @convert_c64_to_f64() {
  %a0 = stablehlo.constant dense<[(1.5, 2.5), (-3.25, -1.0), (0.0, 0.0), (0.0, 1.0)]> : tensor<4xcomplex<f32>>
  %r = stablehlo.convert %a0 : (tensor<4xcomplex<f32>>) -> tensor<4xf64>
  check.expect_eq_const %r, dense<[1.5, -3.25, 0.0, 0.0]> : tensor<4xf64>
  func.return
}
