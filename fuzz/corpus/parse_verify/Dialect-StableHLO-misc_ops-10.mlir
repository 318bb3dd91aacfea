func.func @composite_no_operands() -> (tensor<f32>, !stablehlo.token) {
  %0:2 = stablehlo.composite "x.make_pair" {decomposition = @make_pair} : () -> (tensor<f32>, !stablehlo.token)
  func.return %0#0, %0#1 : tensor<f32>, !stablehlo.token
}
