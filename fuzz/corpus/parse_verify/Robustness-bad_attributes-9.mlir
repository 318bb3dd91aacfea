func.func @f() attributes {a = #sdy.mesh<["x"=2, "x"=2]>} {
  return
}
