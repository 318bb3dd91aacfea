// 1024x1024 f32 matmul, as jnp.matmul emits it.
func.func @main(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>)
    -> tensor<1024x1024xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0],
       precision = [DEFAULT, DEFAULT]
       : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}
