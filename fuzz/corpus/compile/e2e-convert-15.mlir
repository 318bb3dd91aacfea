func.func @convert_i4_to_i32() {
  %a0 = stablehlo.constant dense<[-8, 7, 0, 1, -7, 6, 3, -4]> : tensor<8xi4>
  %r = stablehlo.convert %a0 : (tensor<8xi4>) -> tensor<8xi32>
  check.expect_eq_const %r, dense<[-8, 7, 0, 1, -7, 6, 3, -4]> : tensor<8xi32>
  func.return
}
