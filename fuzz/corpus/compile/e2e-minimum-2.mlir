func.func @minimum_i8() {
  %a0 = stablehlo.constant dense<[-128, 127, 0, 1, -127, 126, 63, -64]> : tensor<8xi8>
  %a1 = stablehlo.constant dense<[-64, 63, 126, -127, 1, 0, 127, -128]> : tensor<8xi8>
  %r = stablehlo.minimum %a0, %a1 : tensor<8xi8>
  check.expect_eq_const %r, dense<[-128, 63, 0, -127, -127, 0, 63, -128]> : tensor<8xi8>
  func.return
}
