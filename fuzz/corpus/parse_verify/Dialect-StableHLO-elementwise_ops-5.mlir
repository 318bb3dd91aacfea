func.func @ternary(%p: tensor<i1>, %q: tensor<3xi1>, %x: tensor<3xf32>, %lo: tensor<f32>) -> tensor<3xf32> {
  %0 = stablehlo.select %p, %x, %x : tensor<i1>, tensor<3xf32>
  %1 = "stablehlo.select"(%q, %0, %x) : (tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %2 = stablehlo.clamp %lo, %1, %lo : (tensor<f32>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  %3 = stablehlo.clamp %2, %2, %2 : tensor<3xf32>
  return %3 : tensor<3xf32>
}
