module @jit_linalg_eigh_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3x4x4xf32>) -> (tensor<2x3x4xf32> {jax.result_info = "result[0]"}, tensor<2x3x4x4xf32> {jax.result_info = "result[1]"}) {
    %0:2 = call @eigh(%arg0) : (tensor<2x3x4x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4x4xf32>)
    return %0#0, %0#1 : tensor<2x3x4xf32>, tensor<2x3x4x4xf32>
  }
  func.func private @eigh(%arg0: tensor<2x3x4x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4x4xf32>) {
    %0 = stablehlo.transpose %arg0, dims = [0, 1, 3, 2] : (tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
    %1 = stablehlo.add %arg0, %0 : tensor<2x3x4x4xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x3x4x4xf32>
    %3 = stablehlo.divide %1, %2 : tensor<2x3x4x4xf32>
    %4:3 = stablehlo.custom_call @lapack_ssyevd_ffi(%3) {backend_config = "", mhlo.backend_config = {mode = 86 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "2"}, operand_layouts = [dense<[2, 3, 1, 0]> : tensor<4xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[2, 3, 1, 0]> : tensor<4xindex>, dense<[2, 1, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l])->([i, j, m, n], [i, j, o], [i, j]) {i=2, j=3, k=4, l=4, m=4, n=4, o=4}, custom>} : (tensor<2x3x4x4xf32>) -> (tensor<2x3x4x4xf32>, tensor<2x3x4xf32>, tensor<2x3xi32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x3xi32>
    %6 = stablehlo.compare EQ, %4#2, %5, SIGNED : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<2x3xi1>) -> tensor<2x3x1x1xi1>
    %cst_0 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x3x4x4xf32>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2, 3] : (tensor<2x3x1x1xi1>) -> tensor<2x3x4x4xi1>
    %10 = stablehlo.select %9, %4#0, %8 : tensor<2x3x4x4xi1>, tensor<2x3x4x4xf32>
    %11 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<2x3xi1>) -> tensor<2x3x1xi1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x3x4xf32>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2] : (tensor<2x3x1xi1>) -> tensor<2x3x4xi1>
    %14 = stablehlo.select %13, %4#1, %12 : tensor<2x3x4xi1>, tensor<2x3x4xf32>
    return %14, %10 : tensor<2x3x4xf32>, tensor<2x3x4x4xf32>
  }
}
