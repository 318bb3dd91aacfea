func.func @tokens(%a: !stablehlo.token) -> !stablehlo.token {
  %0 = stablehlo.after_all : !stablehlo.token
  %1 = stablehlo.create_token : !stablehlo.token
  %2 = stablehlo.after_all %a, %0, %1 : !stablehlo.token
  %3 = "stablehlo.after_all"(%2, %2) : (!stablehlo.token, !stablehlo.token) -> !stablehlo.token
  %4 = stablehlo.after_all %3 : (!stablehlo.token) -> !stablehlo.token
  %5 = "stablehlo.create_token"() : () -> !stablehlo.token
  return %4 : !stablehlo.token
}
