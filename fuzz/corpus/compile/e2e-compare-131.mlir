func.func @compare_lt_default_i8() {
  %a0 = stablehlo.constant dense<[-1, 1]> : tensor<2xi8>
  %a1 = stablehlo.constant dense<[1, -1]> : tensor<2xi8>
  %r = stablehlo.compare LT, %a0, %a1 : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi1>
  check.expect_eq_const %r, dense<[true, false]> : tensor<2xi1>
  func.return
}
