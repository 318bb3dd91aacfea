func.func @reduce_window_or_i1() {
  %x = stablehlo.constant dense<[false, false, true, false, false, true]> : tensor<6xi1>
  %init = stablehlo.constant dense<false> : tensor<i1>
  %r = "stablehlo.reduce_window"(%x, %init) ({
    ^bb0(%a: tensor<i1>, %b: tensor<i1>):
      %0 = stablehlo.or %a, %b : tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<6xi1>, tensor<i1>) -> tensor<3xi1>
  check.expect_eq_const %r, dense<[false, true, true]> : tensor<3xi1>
  func.return
}
