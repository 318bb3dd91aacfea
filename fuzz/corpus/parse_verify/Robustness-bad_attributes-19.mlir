func.func @f() attributes {a = dense<true> : tensor<2xf32>} {
  return
}
