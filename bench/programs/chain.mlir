// Elementwise chain over 16M floats: exp(x) * y + z.
func.func @main(%x: tensor<16777216xf32>, %y: tensor<16777216xf32>,
                %z: tensor<16777216xf32>) -> tensor<16777216xf32> {
  %0 = stablehlo.exponential %x : tensor<16777216xf32>
  %1 = stablehlo.multiply %0, %y : tensor<16777216xf32>
  %2 = stablehlo.add %1, %z : tensor<16777216xf32>
  return %2 : tensor<16777216xf32>
}
