func.func @optimization_barrier(%a: tensor<f32>, %b: tensor<2xi32>, %t: !stablehlo.token) -> tensor<f32> {
  %0:3 = stablehlo.optimization_barrier %a, %b, %t : tensor<f32>, tensor<2xi32>, !stablehlo.token
  %1 = "stablehlo.optimization_barrier"(%a) : (tensor<f32>) -> tensor<f32>
  stablehlo.optimization_barrier()
  return %0#0 : tensor<f32>
}
