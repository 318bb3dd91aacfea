func.func @divide_ui32() {
  %a0 = stablehlo.constant dense<[4294967295, 4294967295, 1, 0, 2147483648, 3]> : tensor<6xui32>
  %a1 = stablehlo.constant dense<[2, 0, 0, 0, 4294967295, 4294967295]> : tensor<6xui32>
  %r = stablehlo.divide %a0, %a1 : tensor<6xui32>
  check.expect_eq_const %r, dense<[2147483647, 4294967295, 4294967295, 4294967295, 0, 0]> : tensor<6xui32>
  func.return
}
