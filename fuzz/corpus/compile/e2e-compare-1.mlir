func.func @compare_eq_signed_i4() {
  %a0 = stablehlo.constant dense<[-8, 7, 0, 1, -7, 6, 3, -4]> : tensor<8xi4>
  %a1 = stablehlo.constant dense<[7, -8, 0, -1, -7, 6, 3, -4]> : tensor<8xi4>
  %r = stablehlo.compare EQ, %a0, %a1, SIGNED : (tensor<8xi4>, tensor<8xi4>) -> tensor<8xi1>
  check.expect_eq_const %r, dense<[false, false, true, false, true, true, true, true]> : tensor<8xi1>
  func.return
}
