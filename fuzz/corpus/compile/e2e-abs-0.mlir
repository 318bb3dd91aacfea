func.func @abs_i2() {
  %a0 = stablehlo.constant dense<[-2, 1, 0, 1, -1, 0, 0, -1]> : tensor<8xi2>
  %r = stablehlo.abs %a0 : tensor<8xi2>
  check.expect_eq_const %r, dense<[-2, 1, 0, 1, 1, 0, 0, 1]> : tensor<8xi2>
  func.return
}
