func.func @sort_c4 (%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>) {
  %r = "stablehlo.sort"(%x) <{dimension = 2 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return
}
