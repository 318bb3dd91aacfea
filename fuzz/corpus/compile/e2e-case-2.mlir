func.func @case_index_last() {
  %index = stablehlo.constant dense<2> : tensor<i32>
  %x = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  %r, %k = "stablehlo.case"(%index) ({
    %a = stablehlo.add %x, %x : tensor<2xf32>
    %k0 = stablehlo.constant dense<0> : tensor<ui8>
    stablehlo.return %a, %k0 : tensor<2xf32>, tensor<ui8>
  }, {
    %m = stablehlo.multiply %x, %x : tensor<2xf32>
    %k1 = stablehlo.constant dense<1> : tensor<ui8>
    stablehlo.return %m, %k1 : tensor<2xf32>, tensor<ui8>
  }, {
    %n = stablehlo.negate %x : tensor<2xf32>
    %k2 = stablehlo.constant dense<255> : tensor<ui8>
    stablehlo.return %n, %k2 : tensor<2xf32>, tensor<ui8>
  }) : (tensor<i32>) -> (tensor<2xf32>, tensor<ui8>)
  check.expect_eq_const %r, dense<[-1.5, 2.0]> : tensor<2xf32>
  check.expect_eq_const %k, dense<255> : tensor<ui8>
  func.return
}
