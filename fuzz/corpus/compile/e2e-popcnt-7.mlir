func.func @popcnt_ui4() {
  %a0 = stablehlo.constant dense<[0, 15, 0, 1, 1, 14, 7, 5]> : tensor<8xui4>
  %r = stablehlo.popcnt %a0 : tensor<8xui4>
  check.expect_eq_const %r, dense<[0, 4, 0, 1, 1, 3, 3, 2]> : tensor<8xui4>
  func.return
}
