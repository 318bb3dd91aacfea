func.func @reduce_c5(%x: tensor<4x6xf32>, %y: tensor<4x5xf32>, %z: tensor<4x6xi32>, %c: tensor<f32>, %ci: tensor<i32>, %c1: tensor<1xf32>) {
  %r = "stablehlo.reduce"(%x, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0, 0>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<6xf32>
  return
}
