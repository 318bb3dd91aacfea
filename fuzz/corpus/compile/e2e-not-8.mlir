func.func @not_ui4() {
  %a0 = stablehlo.constant dense<[0, 15, 0, 1, 1, 14, 7, 5]> : tensor<8xui4>
  %r = stablehlo.not %a0 : tensor<8xui4>
  check.expect_eq_const %r, dense<[15, 0, 15, 14, 14, 1, 8, 10]> : tensor<8xui4>
  func.return
}
