func.func @convert_f16_to_i16() {
  %a0 = stablehlo.constant dense<[0.0, -0.0, 1.5, -1.5, 2.69921875, -2.69921875, 100.875, -100.875, 60000.0, -60000.0, 0x7C00, 0xFC00, 0x7E00]> : tensor<13xf16>
  %r = stablehlo.convert %a0 : (tensor<13xf16>) -> tensor<13xi16>
  check.expect_eq_const %r, dense<[0, 0, 1, -1, 2, -2, 100, -100, 32767, -32768, 32767, -32768, 0]> : tensor<13xi16>
  func.return
}
