func.func @concatenate(%a: tensor<1x2xf16>, %b: tensor<3x2xf16>, %d: tensor<?x2xf16>) {
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x2xf16>, tensor<3x2xf16>) -> tensor<4x2xf16>
  %1 = "stablehlo.concatenate"(%a) {dimension = 1 : i64} : (tensor<1x2xf16>) -> tensor<1x2xf16>
  %2 = stablehlo.concatenate %a, %d, dim = 0 : (tensor<1x2xf16>, tensor<?x2xf16>) -> tensor<?x2xf16>
  return
}
