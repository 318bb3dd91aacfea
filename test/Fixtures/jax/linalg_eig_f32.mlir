module @jit_linalg_eig_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3x4x4xf32>) -> (tensor<2x3x4xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<2x3x4x4xcomplex<f32>> {jax.result_info = "result[1]"}) {
    %0:5 = stablehlo.custom_call @lapack_sgeev_ffi(%arg0) {backend_config = "", mhlo.backend_config = {compute_left = 78 : ui8, compute_right = 86 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "2"}, operand_layouts = [dense<[2, 3, 1, 0]> : tensor<4xindex>], result_layouts = [dense<[2, 1, 0]> : tensor<3xindex>, dense<[2, 1, 0]> : tensor<3xindex>, dense<[2, 3, 1, 0]> : tensor<4xindex>, dense<[2, 3, 1, 0]> : tensor<4xindex>, dense<[1, 0]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l])->([i, j, m], [i, j, n], [i, j, o, p], [i, j, q, r], [i, j]) {i=2, j=3, k=4, l=4, m=4, n=4, o=4, p=4, q=4, r=4}, custom>} : (tensor<2x3x4x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4x4xcomplex<f32>>, tensor<2x3x4x4xcomplex<f32>>, tensor<2x3xi32>)
    %1 = stablehlo.complex %0#0, %0#1 : tensor<2x3x4xcomplex<f32>>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x3xi32>
    %3 = stablehlo.compare EQ, %0#4, %2, SIGNED : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<2x3xi1>) -> tensor<2x3x1xi1>
    %cst = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<2x3x4xcomplex<f32>>
    %6 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2] : (tensor<2x3x1xi1>) -> tensor<2x3x4xi1>
    %7 = stablehlo.select %6, %1, %5 : tensor<2x3x4xi1>, tensor<2x3x4xcomplex<f32>>
    %8 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<2x3xi1>) -> tensor<2x3x1x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %9 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<2x3x4x4xcomplex<f32>>
    %10 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2, 3] : (tensor<2x3x1x1xi1>) -> tensor<2x3x4x4xi1>
    %11 = stablehlo.select %10, %0#3, %9 : tensor<2x3x4x4xi1>, tensor<2x3x4x4xcomplex<f32>>
    return %7, %11 : tensor<2x3x4xcomplex<f32>>, tensor<2x3x4x4xcomplex<f32>>
  }
}
