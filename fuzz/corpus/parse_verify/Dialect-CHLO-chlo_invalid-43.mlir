func.func @scan_carry_type(%x: tensor<2x3xf32>, %c: tensor<3xf32>) -> tensor<2x3xf32> {
  %0:2 = chlo.scan(%x) inits (%c) dimension = 0 {
  ^bb0(%a: tensor<3xf32>, %b: tensor<3xf32>):
    %s = "test.slice"(%a) : (tensor<3xf32>) -> tensor<2xf32>
    stablehlo.return %a, %s : tensor<3xf32>, tensor<2xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}
