module @jit_linalg_qr_raw_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x3xf32>) -> (tensor<3x5xf32> {jax.result_info = "result[0]"}, tensor<3xf32> {jax.result_info = "result[1]"}) {
    %0:2 = call @qr(%arg0) : (tensor<5x3xf32>) -> (tensor<3x5xf32>, tensor<3xf32>)
    return %0#0, %0#1 : tensor<3x5xf32>, tensor<3xf32>
  }
  func.func private @qr(%arg0: tensor<5x3xf32>) -> (tensor<3x5xf32>, tensor<3xf32>) {
    %0:2 = stablehlo.custom_call @lapack_sgeqrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m]) {i=5, j=3, k=5, l=3, m=3}, custom>} : (tensor<5x3xf32>) -> (tensor<5x3xf32>, tensor<3xf32>)
    %1 = stablehlo.transpose %0#0, dims = [1, 0] : (tensor<5x3xf32>) -> tensor<3x5xf32>
    return %1, %0#1 : tensor<3x5xf32>, tensor<3xf32>
  }
}
