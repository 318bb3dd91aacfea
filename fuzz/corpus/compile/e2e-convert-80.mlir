func.func @convert_ui2_to_ui16() {
  %a0 = stablehlo.constant dense<[0, 3, 0, 1, 1, 2, 1, 1]> : tensor<8xui2>
  %r = stablehlo.convert %a0 : (tensor<8xui2>) -> tensor<8xui16>
  check.expect_eq_const %r, dense<[0, 3, 0, 1, 1, 2, 1, 1]> : tensor<8xui16>
  func.return
}
