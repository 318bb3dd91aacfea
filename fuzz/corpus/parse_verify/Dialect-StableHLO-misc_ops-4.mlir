func.func @custom_call_tokens_tuples(%t: !stablehlo.token) -> tuple<tensor<f32>, !stablehlo.token> {
  %0 = stablehlo.custom_call @"my target"() : () -> tuple<tensor<f32>, !stablehlo.token>
  %1 = stablehlo.custom_call @sink(%t, %0) {has_side_effect = true, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = [1]>]} : (!stablehlo.token, tuple<tensor<f32>, !stablehlo.token>) -> !stablehlo.token
  func.return %0 : tuple<tensor<f32>, !stablehlo.token>
}
