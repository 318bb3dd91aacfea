func.func @f() attributes {s = "ÿşÃ"} {
  return
}
Ã( garbage
