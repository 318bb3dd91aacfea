func.func @sum_2e24() {
  %x = stablehlo.iota dim = 0 : tensor<16777216xi32>
  %three = stablehlo.constant dense<3> : tensor<16777216xi32>
  %one = stablehlo.constant dense<1> : tensor<16777216xi32>
  %r = stablehlo.remainder %x, %three : tensor<16777216xi32>
  %v = stablehlo.add %r, %one : tensor<16777216xi32>
  %f = stablehlo.convert %v : (tensor<16777216xi32>) -> tensor<16777216xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%f init: %z) applies stablehlo.add across dimensions = [0] : (tensor<16777216xf32>, tensor<f32>) -> tensor<f32>
  %want = stablehlo.constant dense<33554431.0> : tensor<f32>
  check.expect_almost_eq %s, %want, tolerance = 4.0 : tensor<f32>
  return
}
