func.func @compare_gt_signed_i16() {
  %a0 = stablehlo.constant dense<[-32768, 32767, 0, 1, -32767, 32766, 16383, -16384]> : tensor<8xi16>
  %a1 = stablehlo.constant dense<[32767, -32768, 0, -1, -32767, 32766, 16383, -16384]> : tensor<8xi16>
  %r = stablehlo.compare GT, %a0, %a1, SIGNED : (tensor<8xi16>, tensor<8xi16>) -> tensor<8xi1>
  check.expect_eq_const %r, dense<[false, true, false, true, false, false, false, false]> : tensor<8xi1>
  func.return
}
