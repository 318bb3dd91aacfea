module @jit_scipy_qr_pivoting_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x3xf32>) -> (tensor<5x5xf32> {jax.result_info = "result[0]"}, tensor<5x3xf32> {jax.result_info = "result[1]"}, tensor<3xi32> {jax.result_info = "result[2]"}) {
    %0:3 = call @_qr(%arg0) : (tensor<5x3xf32>) -> (tensor<5x5xf32>, tensor<5x3xf32>, tensor<3xi32>)
    return %0#0, %0#1, %0#2 : tensor<5x5xf32>, tensor<5x3xf32>, tensor<3xi32>
  }
  func.func private @_qr(%arg0: tensor<5x3xf32>) -> (tensor<5x5xf32>, tensor<5x3xf32>, tensor<3xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %1:3 = stablehlo.custom_call @lapack_sgeqp3_ffi(%arg0, %0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>, #stablehlo.output_operand_alias<output_tuple_indices = [1], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k])->([l, m], [n], [o]) {i=5, j=3, k=3, l=5, m=3, n=3, o=3}, custom>} : (tensor<5x3xf32>, tensor<3xi32>) -> (tensor<5x3xf32>, tensor<3xi32>, tensor<3xf32>)
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %3 = stablehlo.subtract %1#1, %2 : tensor<3xi32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.pad %1#0, %cst, low = [0, 0], high = [0, 2], interior = [0, 0] : (tensor<5x3xf32>, tensor<f32>) -> tensor<5x5xf32>
    %5 = stablehlo.custom_call @lapack_sorgqr_ffi(%4, %1#2) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k])->([l, m]) {i=5, j=5, k=3, l=5, m=5}, custom>} : (tensor<5x5xf32>, tensor<3xf32>) -> tensor<5x5xf32>
    %6 = stablehlo.iota dim = 0 : tensor<5x3xi32>
    %c_1 = stablehlo.constant dense<-1> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<5x3xi32>
    %8 = stablehlo.add %6, %7 : tensor<5x3xi32>
    %9 = stablehlo.iota dim = 1 : tensor<5x3xi32>
    %10 = stablehlo.compare GE, %8, %9, SIGNED : (tensor<5x3xi32>, tensor<5x3xi32>) -> tensor<5x3xi1>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<5x3xf32>
    %12 = stablehlo.select %10, %11, %1#0 : tensor<5x3xi1>, tensor<5x3xf32>
    return %5, %12, %3 : tensor<5x5xf32>, tensor<5x3xf32>, tensor<3xi32>
  }
}
