func.func @f() attributes {a = #stablehlo<comparison_direction XX>} {
  return
}
