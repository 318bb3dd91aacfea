func.func @shift_right_logical_i64() {
  %a0 = stablehlo.constant dense<[1, -9223372036854775808, 9223372036854775807, -1, -1, -1, 9223372036854775807, 1, -9223372036854775808]> : tensor<9xi64>
  %a1 = stablehlo.constant dense<[1, 1, 63, 0, 64, 65, -1, 63, 63]> : tensor<9xi64>
  %r = stablehlo.shift_right_logical %a0, %a1 : tensor<9xi64>
  check.expect_eq_const %r, dense<[0, 4611686018427387904, 0, -1, 0, 0, 0, 0, 1]> : tensor<9xi64>
  func.return
}
