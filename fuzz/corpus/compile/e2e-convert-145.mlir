func.func @convert_i1_to_i4() {
  %a0 = stablehlo.constant dense<[false, true]> : tensor<2xi1>
  %r = stablehlo.convert %a0 : (tensor<2xi1>) -> tensor<2xi4>
  check.expect_eq_const %r, dense<[0, 1]> : tensor<2xi4>
  func.return
}
