module @jit_gp_nll_value_and_grad_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<f32>, %arg1: tensor<5x2xf32>, %arg2: tensor<5xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<f32> {jax.result_info = "result[1][0]"}, tensor<5x2xf32> {jax.result_info = "result[1][1]"}) {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [0, 2] : (tensor<5x2xf32>) -> tensor<5x1x2xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<5x2xf32>) -> tensor<1x5x2xf32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2] : (tensor<5x1x2xf32>) -> tensor<5x5x2xf32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2] : (tensor<1x5x2xf32>) -> tensor<5x5x2xf32>
    %4 = stablehlo.subtract %2, %3 : tensor<5x5x2xf32>
    %5 = stablehlo.multiply %4, %4 : tensor<5x5x2xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.reduce(%5 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<5x5x2xf32>, tensor<f32>) -> tensor<5x5xf32>
    %cst_0 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %8 = stablehlo.multiply %7, %6 : tensor<5x5xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %9 = stablehlo.multiply %cst_1, %arg0 : tensor<f32>
    %10 = stablehlo.exponential %9 : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %12 = stablehlo.divide %8, %11 : tensor<5x5xf32>
    %13 = stablehlo.multiply %10, %10 : tensor<f32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %14 = stablehlo.divide %cst_2, %13 : tensor<f32>
    %15 = stablehlo.exponential %12 : tensor<5x5xf32>
    %16 = stablehlo.iota dim = 0 : tensor<5x5xi32>
    %17 = stablehlo.iota dim = 1 : tensor<5x5xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %18 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5x5xi32>
    %19 = stablehlo.add %16, %18 : tensor<5x5xi32>
    %20 = stablehlo.compare EQ, %19, %17, SIGNED : (tensor<5x5xi32>, tensor<5x5xi32>) -> tensor<5x5xi1>
    %21 = stablehlo.convert %20 : (tensor<5x5xi1>) -> tensor<5x5xf32>
    %cst_3 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %23 = stablehlo.multiply %22, %21 : tensor<5x5xf32>
    %24 = stablehlo.add %15, %23 : tensor<5x5xf32>
    %25:5 = call @_cholesky(%24) : (tensor<5x5xf32>) -> (tensor<5x5xf32>, tensor<5x5xf32>, tensor<5x5xi1>, tensor<5x5xf32>, tensor<5x5xi1>)
    %26:5 = call @_cho_solve(%25#0, %arg2) : (tensor<5x5xf32>, tensor<5xf32>) -> (tensor<5xf32>, tensor<5x5xi1>, tensor<5x1xf32>, tensor<5x5xi1>, tensor<5x1xf32>)
    %27:4 = call @_diag(%25#0) : (tensor<5x5xf32>) -> (tensor<5xf32>, tensor<i32>, tensor<5x5xf32>, tensor<5x2xi32>)
    %28 = stablehlo.log %27#0 : tensor<5xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %29 = stablehlo.reduce(%28 init: %cst_4) applies stablehlo.add across dimensions = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
    %cst_5 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %30 = stablehlo.multiply %cst_5, %29 : tensor<f32>
    %cst_6 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %32 = stablehlo.multiply %31, %arg2 : tensor<5xf32>
    %33 = stablehlo.dot_general %32, %26#0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5xf32>, tensor<5xf32>) -> tensor<f32>
    %cst_7 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %34 = stablehlo.multiply %cst_7, %30 : tensor<f32>
    %35 = stablehlo.add %33, %34 : tensor<f32>
    %cst_8 = stablehlo.constant dense<6.28318548> : tensor<f32>
    %36 = stablehlo.log %cst_8 : tensor<f32>
    %cst_9 = stablehlo.constant dense<2.500000e+00> : tensor<f32>
    %37 = stablehlo.multiply %cst_9, %36 : tensor<f32>
    %38 = stablehlo.convert %37 : tensor<f32>
    %39 = stablehlo.add %35, %38 : tensor<f32>
    %cst_10 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %40 = stablehlo.multiply %cst_10, %cst_11 : tensor<f32>
    %cst_12 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %41 = stablehlo.dot_general %cst_12, %32, contracting_dims = [] x [], precision = [DEFAULT, DEFAULT] : (tensor<f32>, tensor<5xf32>) -> tensor<5xf32>
    %cst_13 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %42 = stablehlo.multiply %cst_13, %40 : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %44 = stablehlo.divide %43, %27#0 : tensor<5xf32>
    %45 = call @_diag_0(%27#1, %27#2, %27#3, %44) : (tensor<i32>, tensor<5x5xf32>, tensor<5x2xi32>, tensor<5xf32>) -> tensor<5x5xf32>
    %46 = call @_cho_solve_2(%26#1, %26#2, %25#0, %26#3, %26#4, %41) : (tensor<5x5xi1>, tensor<5x1xf32>, tensor<5x5xf32>, tensor<5x5xi1>, tensor<5x1xf32>, tensor<5xf32>) -> tensor<5x5xf32>
    %47 = stablehlo.add %45, %46 : tensor<5x5xf32>
    %48 = call @_cholesky_3(%25#1, %25#2, %25#3, %25#4, %47) : (tensor<5x5xf32>, tensor<5x5xi1>, tensor<5x5xf32>, tensor<5x5xi1>, tensor<5x5xf32>) -> tensor<5x5xf32>
    %49 = stablehlo.multiply %48, %15 : tensor<5x5xf32>
    %50 = stablehlo.broadcast_in_dim %14, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %51 = stablehlo.multiply %49, %50 : tensor<5x5xf32>
    %52 = stablehlo.multiply %51, %8 : tensor<5x5xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %53 = stablehlo.reduce(%52 init: %cst_14) applies stablehlo.add across dimensions = [0, 1] : (tensor<5x5xf32>, tensor<f32>) -> tensor<f32>
    %54 = stablehlo.negate %53 : tensor<f32>
    %55 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %56 = stablehlo.divide %49, %55 : tensor<5x5xf32>
    %57 = stablehlo.multiply %54, %10 : tensor<f32>
    %cst_15 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %58 = stablehlo.multiply %cst_15, %57 : tensor<f32>
    %cst_16 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %59 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %60 = stablehlo.multiply %59, %56 : tensor<5x5xf32>
    %61 = stablehlo.broadcast_in_dim %60, dims = [0, 1] : (tensor<5x5xf32>) -> tensor<5x5x2xf32>
    %62 = stablehlo.multiply %4, %61 : tensor<5x5x2xf32>
    %63 = stablehlo.multiply %61, %4 : tensor<5x5x2xf32>
    %64 = stablehlo.add %62, %63 : tensor<5x5x2xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %65 = stablehlo.reduce(%64 init: %cst_17) applies stablehlo.add across dimensions = [1] : (tensor<5x5x2xf32>, tensor<f32>) -> tensor<5x2xf32>
    %66 = stablehlo.reshape %65 : (tensor<5x2xf32>) -> tensor<5x1x2xf32>
    %67 = stablehlo.negate %64 : tensor<5x5x2xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %68 = stablehlo.reduce(%67 init: %cst_18) applies stablehlo.add across dimensions = [0] : (tensor<5x5x2xf32>, tensor<f32>) -> tensor<5x2xf32>
    %69 = stablehlo.reshape %68 : (tensor<5x2xf32>) -> tensor<1x5x2xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %70 = stablehlo.reduce(%69 init: %cst_19) applies stablehlo.add across dimensions = [0] : (tensor<1x5x2xf32>, tensor<f32>) -> tensor<5x2xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %71 = stablehlo.reduce(%66 init: %cst_20) applies stablehlo.add across dimensions = [1] : (tensor<5x1x2xf32>, tensor<f32>) -> tensor<5x2xf32>
    %72 = stablehlo.add %70, %71 : tensor<5x2xf32>
    return %39, %58, %72 : tensor<f32>, tensor<f32>, tensor<5x2xf32>
  }
  func.func private @_cholesky(%arg0: tensor<5x5xf32>) -> (tensor<5x5xf32>, tensor<5x5xf32>, tensor<5x5xi1>, tensor<5x5xf32>, tensor<5x5xi1>) {
    %0:2 = stablehlo.custom_call @lapack_spotrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], []) {i=5, j=5, k=5, l=5}, custom>} : (tensor<5x5xf32>) -> (tensor<5x5xf32>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#1, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<5x5xi1>
    %6 = stablehlo.select %5, %0#0, %4 : tensor<5x5xi1>, tensor<5x5xf32>
    %7 = stablehlo.iota dim = 0 : tensor<5x5xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<5x5xi32>
    %9 = stablehlo.add %7, %8 : tensor<5x5xi32>
    %10 = stablehlo.iota dim = 1 : tensor<5x5xi32>
    %11 = stablehlo.compare GE, %9, %10, SIGNED : (tensor<5x5xi32>, tensor<5x5xi32>) -> tensor<5x5xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %13 = stablehlo.select %11, %6, %12 : tensor<5x5xi1>, tensor<5x5xf32>
    %14 = stablehlo.iota dim = 0 : tensor<5x5xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<5x5xi32>
    %16 = stablehlo.add %14, %15 : tensor<5x5xi32>
    %17 = stablehlo.iota dim = 1 : tensor<5x5xi32>
    %18 = stablehlo.compare GE, %16, %17, SIGNED : (tensor<5x5xi32>, tensor<5x5xi32>) -> tensor<5x5xi1>
    %19 = stablehlo.iota dim = 0 : tensor<5x5xi32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %20 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<5x5xi32>
    %21 = stablehlo.add %19, %20 : tensor<5x5xi32>
    %22 = stablehlo.iota dim = 1 : tensor<5x5xi32>
    %23 = stablehlo.compare EQ, %21, %22, SIGNED : (tensor<5x5xi32>, tensor<5x5xi32>) -> tensor<5x5xi1>
    %24 = stablehlo.convert %23 : (tensor<5x5xi1>) -> tensor<5x5xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %26 = stablehlo.add %25, %24 : tensor<5x5xf32>
    %27 = stablehlo.iota dim = 0 : tensor<5x5xi32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %28 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<5x5xi32>
    %29 = stablehlo.add %27, %28 : tensor<5x5xi32>
    %30 = stablehlo.iota dim = 1 : tensor<5x5xi32>
    %31 = stablehlo.compare GE, %29, %30, SIGNED : (tensor<5x5xi32>, tensor<5x5xi32>) -> tensor<5x5xi1>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %33 = stablehlo.select %31, %13, %32 : tensor<5x5xi1>, tensor<5x5xf32>
    return %33, %13, %18, %26, %31 : tensor<5x5xf32>, tensor<5x5xf32>, tensor<5x5xi1>, tensor<5x5xf32>, tensor<5x5xi1>
  }
  func.func private @_cho_solve(%arg0: tensor<5x5xf32>, %arg1: tensor<5xf32>) -> (tensor<5xf32>, tensor<5x5xi1>, tensor<5x1xf32>, tensor<5x5xi1>, tensor<5x1xf32>) {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<5xf32>) -> tensor<5x1xf32>
    %1 = stablehlo.custom_call @lapack_strsm_ffi(%arg0, %0) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=5, j=5, k=5, l=1, m=5, n=1}, custom>} : (tensor<5x5xf32>, tensor<5x1xf32>) -> tensor<5x1xf32>
    %2 = stablehlo.iota dim = 0 : tensor<5x5xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5x5xi32>
    %4 = stablehlo.add %2, %3 : tensor<5x5xi32>
    %5 = stablehlo.iota dim = 1 : tensor<5x5xi32>
    %6 = stablehlo.compare GE, %4, %5, SIGNED : (tensor<5x5xi32>, tensor<5x5xi32>) -> tensor<5x5xi1>
    %7 = stablehlo.reshape %1 : (tensor<5x1xf32>) -> tensor<5xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<5xf32>) -> tensor<5x1xf32>
    %9 = stablehlo.custom_call @lapack_strsm_ffi(%arg0, %8) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 84 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=5, j=5, k=5, l=1, m=5, n=1}, custom>} : (tensor<5x5xf32>, tensor<5x1xf32>) -> tensor<5x1xf32>
    %10 = stablehlo.iota dim = 0 : tensor<5x5xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %11 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<5x5xi32>
    %12 = stablehlo.add %10, %11 : tensor<5x5xi32>
    %13 = stablehlo.iota dim = 1 : tensor<5x5xi32>
    %14 = stablehlo.compare GE, %12, %13, SIGNED : (tensor<5x5xi32>, tensor<5x5xi32>) -> tensor<5x5xi1>
    %15 = stablehlo.reshape %9 : (tensor<5x1xf32>) -> tensor<5xf32>
    return %15, %6, %1, %14, %9 : tensor<5xf32>, tensor<5x5xi1>, tensor<5x1xf32>, tensor<5x5xi1>, tensor<5x1xf32>
  }
  func.func private @_diag(%arg0: tensor<5x5xf32>) -> (tensor<5xf32>, tensor<i32>, tensor<5x5xf32>, tensor<5x2xi32>) {
    %0:4 = call @diagonal(%arg0) : (tensor<5x5xf32>) -> (tensor<5xf32>, tensor<i32>, tensor<5x5xf32>, tensor<5x2xi32>)
    return %0#0, %0#1, %0#2, %0#3 : tensor<5xf32>, tensor<i32>, tensor<5x5xf32>, tensor<5x2xi32>
  }
  func.func private @diagonal(%arg0: tensor<5x5xf32>) -> (tensor<5xf32>, tensor<i32>, tensor<5x5xf32>, tensor<5x2xi32>) {
    %0 = stablehlo.iota dim = 0 : tensor<5x5xi32>
    %1 = stablehlo.iota dim = 1 : tensor<5x5xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5x5xi32>
    %3 = stablehlo.add %0, %2 : tensor<5x5xi32>
    %4 = stablehlo.compare EQ, %3, %1, SIGNED : (tensor<5x5xi32>, tensor<5x5xi32>) -> tensor<5x5xi1>
    %5 = stablehlo.convert %4 : (tensor<5x5xi1>) -> tensor<5x5xf32>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %6 = "stablehlo.case"(%c_0) ({
      %c_1 = stablehlo.constant dense<0> : tensor<i32>
      stablehlo.return %c_1 : tensor<i32>
    }, {
      %c_1 = stablehlo.constant dense<0> : tensor<i32>
      stablehlo.return %c_1 : tensor<i32>
    }) : (tensor<i32>) -> tensor<i32>
    %7:3 = "stablehlo.case"(%6) ({
      %8 = stablehlo.iota dim = 0 : tensor<5xi32>
      %9 = stablehlo.iota dim = 0 : tensor<5xi32>
      %c_1 = stablehlo.constant dense<0> : tensor<i32>
      %10 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<5xi32>
      %11 = stablehlo.compare LT, %8, %10, SIGNED : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
      %c_2 = stablehlo.constant dense<5> : tensor<i32>
      %12 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<5xi32>
      %13 = stablehlo.add %8, %12 : tensor<5xi32>
      %14 = stablehlo.select %11, %13, %8 : tensor<5xi1>, tensor<5xi32>
      %c_3 = stablehlo.constant dense<0> : tensor<i32>
      %15 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<5xi32>
      %16 = stablehlo.compare LT, %9, %15, SIGNED : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
      %c_4 = stablehlo.constant dense<5> : tensor<i32>
      %17 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<5xi32>
      %18 = stablehlo.add %9, %17 : tensor<5xi32>
      %19 = stablehlo.select %16, %18, %9 : tensor<5xi1>, tensor<5xi32>
      %20 = stablehlo.broadcast_in_dim %14, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
      %21 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
      %22 = stablehlo.concatenate %20, %21, dim = 1 : (tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x2xi32>
      %23 = "stablehlo.gather"(%arg0, %22) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<5x5xf32>, tensor<5x2xi32>) -> tensor<5xf32>
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %24 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
      stablehlo.return %23, %24, %22 : tensor<5xf32>, tensor<5x5xf32>, tensor<5x2xi32>
    }) : (tensor<i32>) -> (tensor<5xf32>, tensor<5x5xf32>, tensor<5x2xi32>)
    return %7#0, %c_0, %7#1, %7#2 : tensor<5xf32>, tensor<i32>, tensor<5x5xf32>, tensor<5x2xi32>
  }
  func.func private @_diag_0(%arg0: tensor<i32>, %arg1: tensor<5x5xf32>, %arg2: tensor<5x2xi32>, %arg3: tensor<5xf32>) -> tensor<5x5xf32> {
    %0 = call @diagonal_1(%arg0, %arg1, %arg2, %arg3) : (tensor<i32>, tensor<5x5xf32>, tensor<5x2xi32>, tensor<5xf32>) -> tensor<5x5xf32>
    return %0 : tensor<5x5xf32>
  }
  func.func private @diagonal_1(%arg0: tensor<i32>, %arg1: tensor<5x5xf32>, %arg2: tensor<5x2xi32>, %arg3: tensor<5xf32>) -> tensor<5x5xf32> {
    %0 = "stablehlo.case"(%arg0) ({
      %c = stablehlo.constant dense<0> : tensor<i32>
      stablehlo.return %c : tensor<i32>
    }, {
      %c = stablehlo.constant dense<0> : tensor<i32>
      stablehlo.return %c : tensor<i32>
    }) : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.case"(%0) ({
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
      %3 = "stablehlo.scatter"(%2, %arg2, %arg3) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = false}> ({
      ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
        %4 = stablehlo.add %arg4, %arg5 : tensor<f32>
        stablehlo.return %4 : tensor<f32>
      }) : (tensor<5x5xf32>, tensor<5x2xi32>, tensor<5xf32>) -> tensor<5x5xf32>
      stablehlo.return %3 : tensor<5x5xf32>
    }) : (tensor<i32>) -> tensor<5x5xf32>
    return %1 : tensor<5x5xf32>
  }
  func.func private @_cho_solve_2(%arg0: tensor<5x5xi1>, %arg1: tensor<5x1xf32>, %arg2: tensor<5x5xf32>, %arg3: tensor<5x5xi1>, %arg4: tensor<5x1xf32>, %arg5: tensor<5xf32>) -> tensor<5x5xf32> {
    %0 = stablehlo.broadcast_in_dim %arg5, dims = [0] : (tensor<5xf32>) -> tensor<5x1xf32>
    %1 = stablehlo.custom_call @lapack_strsm_ffi(%arg2, %0) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=5, j=5, k=5, l=1, m=5, n=1}, custom>} : (tensor<5x5xf32>, tensor<5x1xf32>) -> tensor<5x1xf32>
    %2 = stablehlo.custom_call @lapack_strsm_ffi(%arg2, %0) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=5, j=5, k=5, l=1, m=5, n=1}, custom>} : (tensor<5x5xf32>, tensor<5x1xf32>) -> tensor<5x1xf32>
    %3 = stablehlo.dot_general %2, %arg4, contracting_dims = [1] x [1], precision = [HIGHEST, HIGHEST] : (tensor<5x1xf32>, tensor<5x1xf32>) -> tensor<5x5xf32>
    %4 = stablehlo.transpose %3, dims = [1, 0] : (tensor<5x5xf32>) -> tensor<5x5xf32>
    %5 = stablehlo.negate %4 : tensor<5x5xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %7 = stablehlo.select %arg3, %5, %6 : tensor<5x5xi1>, tensor<5x5xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%1 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<5x1xf32>, tensor<f32>) -> tensor<5xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<5xf32>) -> tensor<5x1xf32>
    %10 = stablehlo.custom_call @lapack_strsm_ffi(%arg2, %9) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 84 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=5, j=5, k=5, l=1, m=5, n=1}, custom>} : (tensor<5x5xf32>, tensor<5x1xf32>) -> tensor<5x1xf32>
    %11 = stablehlo.dot_general %10, %arg1, contracting_dims = [1] x [1], precision = [HIGHEST, HIGHEST] : (tensor<5x1xf32>, tensor<5x1xf32>) -> tensor<5x5xf32>
    %12 = stablehlo.negate %11 : tensor<5x5xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %14 = stablehlo.select %arg0, %12, %13 : tensor<5x5xi1>, tensor<5x5xf32>
    %15 = stablehlo.add %7, %14 : tensor<5x5xf32>
    return %15 : tensor<5x5xf32>
  }
  func.func private @_cholesky_3(%arg0: tensor<5x5xf32>, %arg1: tensor<5x5xi1>, %arg2: tensor<5x5xf32>, %arg3: tensor<5x5xi1>, %arg4: tensor<5x5xf32>) -> tensor<5x5xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %1 = stablehlo.select %arg3, %arg4, %0 : tensor<5x5xi1>, tensor<5x5xf32>
    %2 = stablehlo.dot_general %1, %arg0, contracting_dims = [0] x [0], precision = [HIGHEST, HIGHEST] : (tensor<5x5xf32>, tensor<5x5xf32>) -> tensor<5x5xf32>
    %3 = stablehlo.transpose %2, dims = [1, 0] : (tensor<5x5xf32>) -> tensor<5x5xf32>
    %4 = stablehlo.divide %3, %arg2 : tensor<5x5xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %6 = stablehlo.select %arg1, %4, %5 : tensor<5x5xi1>, tensor<5x5xf32>
    %7 = stablehlo.custom_call @lapack_strsm_ffi(%arg0, %6) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 84 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=5, j=5, k=5, l=5, m=5, n=5}, custom>} : (tensor<5x5xf32>, tensor<5x5xf32>) -> tensor<5x5xf32>
    %8 = stablehlo.custom_call @lapack_strsm_ffi(%arg0, %7) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 82 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=5, j=5, k=5, l=5, m=5, n=5}, custom>} : (tensor<5x5xf32>, tensor<5x5xf32>) -> tensor<5x5xf32>
    return %8 : tensor<5x5xf32>
  }
}
