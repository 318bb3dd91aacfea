module @jit_scipy_polar_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x4xf32>) -> (tensor<4x4xf32> {jax.result_info = "result[0]"}, tensor<4x4xf32> {jax.result_info = "result[1]"}) {
    %0:2 = call @polar(%arg0) : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>)
    return %0#0, %0#1 : tensor<4x4xf32>, tensor<4x4xf32>
  }
  func.func private @polar(%arg0: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
    %0:2 = call @_polar_2d(%arg0) : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>)
    return %0#0, %0#1 : tensor<4x4xf32>, tensor<4x4xf32>
  }
  func.func private @_polar_2d(%arg0: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
    %0:2 = call @qdwh(%arg0) : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>)
    return %0#0, %0#1 : tensor<4x4xf32>, tensor<4x4xf32>
  }
  func.func private @qdwh(%arg0: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
    %cst = stablehlo.constant dense<[[1.9999615, 52016.457, 0.999961555], [1.92178214, 24.0162086, 0.920118272]]> : tensor<2x3xf32>
    %cst_0 = stablehlo.constant dense<[[3.74143839, 5.72027779, 0.443261355], [2.67155766, 3.01101112, 0.333944082]]> : tensor<2x3xf32>
    %0 = call @norm(%arg0) : (tensor<4x4xf32>) -> tensor<f32>
    %1 = call @norm_0(%arg0) : (tensor<4x4xf32>) -> tensor<f32>
    %2 = stablehlo.rsqrt %0 : tensor<f32>
    %3 = stablehlo.rsqrt %1 : tensor<f32>
    %4 = stablehlo.multiply %2, %3 : tensor<f32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.compare EQ, %0, %cst_1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %c = stablehlo.constant dense<1> : tensor<i32>
    %6 = call @_where(%5, %c, %4) : (tensor<i1>, tensor<i32>, tensor<f32>) -> tensor<f32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %8 = stablehlo.multiply %arg0, %7 : tensor<4x4xf32>
    %cst_2 = stablehlo.constant dense<5.96046448E-7> : tensor<f32>
    %9 = stablehlo.cbrt %cst_2 : tensor<f32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %10:4 = stablehlo.while(%iterArg = %cst, %iterArg_12 = %c_4, %iterArg_13 = %c_3, %iterArg_14 = %8) : tensor<2x3xf32>, tensor<i32>, tensor<i32>, tensor<4x4xf32>
    cond {
      %c_15 = stablehlo.constant dense<2> : tensor<i32>
      %27 = stablehlo.compare LT, %iterArg_12, %c_15, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %27 : tensor<i1>
    } do {
      %27:2 = func.call @closed_call(%iterArg, %iterArg_13, %iterArg_14) : (tensor<2x3xf32>, tensor<i32>, tensor<4x4xf32>) -> (tensor<i32>, tensor<4x4xf32>)
      %c_15 = stablehlo.constant dense<1> : tensor<i32>
      %28 = stablehlo.add %iterArg_12, %c_15 : tensor<i32>
      stablehlo.return %iterArg, %28, %27#0, %27#1 : tensor<2x3xf32>, tensor<i32>, tensor<i32>, tensor<4x4xf32>
    }
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %c_6 = stablehlo.constant dense<true> : tensor<i1>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %11:6 = stablehlo.while(%iterArg = %cst_0, %iterArg_12 = %9, %iterArg_13 = %c_7, %iterArg_14 = %c_5, %iterArg_15 = %10#3, %iterArg_16 = %c_6) : tensor<2x3xf32>, tensor<f32>, tensor<i32>, tensor<i32>, tensor<4x4xf32>, tensor<i1>
    cond {
      %c_17 = stablehlo.constant dense<2> : tensor<i32>
      %27 = stablehlo.compare LT, %iterArg_13, %c_17, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %27 : tensor<i1>
    } do {
      %27:3 = func.call @closed_call_2(%iterArg, %iterArg_12, %iterArg_14, %iterArg_15, %iterArg_16) : (tensor<2x3xf32>, tensor<f32>, tensor<i32>, tensor<4x4xf32>, tensor<i1>) -> (tensor<i32>, tensor<4x4xf32>, tensor<i1>)
      %c_17 = stablehlo.constant dense<1> : tensor<i32>
      %28 = stablehlo.add %iterArg_13, %c_17 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_12, %28, %27#0, %27#1, %27#2 : tensor<2x3xf32>, tensor<f32>, tensor<i32>, tensor<i32>, tensor<4x4xf32>, tensor<i1>
    }
    %c_8 = stablehlo.constant dense<4> : tensor<i32>
    %12:4 = stablehlo.while(%iterArg = %9, %iterArg_12 = %c_8, %iterArg_13 = %11#4, %iterArg_14 = %11#5) : tensor<f32>, tensor<i32>, tensor<4x4xf32>, tensor<i1>
    cond {
      %c_15 = stablehlo.constant dense<10> : tensor<i32>
      %27 = stablehlo.compare LT, %iterArg_12, %c_15, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_16 = stablehlo.constant dense<false> : tensor<i1>
      %28 = stablehlo.broadcast_in_dim %c_16, dims = [] : (tensor<i1>) -> tensor<i1>
      %29 = stablehlo.compare NE, %27, %28, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %30 = stablehlo.convert %29 : tensor<i1>
      %31 = stablehlo.and %iterArg_14, %30 : tensor<i1>
      stablehlo.return %31 : tensor<i1>
    } do {
      %27 = stablehlo.transpose %iterArg_13, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
      %28 = stablehlo.dot_general %27, %iterArg_13, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
      %cst_15 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
      %29 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
      %30 = stablehlo.multiply %29, %28 : tensor<4x4xf32>
      %31 = stablehlo.iota dim = 0 : tensor<4x4xi32>
      %32 = stablehlo.iota dim = 1 : tensor<4x4xi32>
      %c_16 = stablehlo.constant dense<0> : tensor<i32>
      %33 = stablehlo.broadcast_in_dim %c_16, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
      %34 = stablehlo.add %31, %33 : tensor<4x4xi32>
      %35 = stablehlo.compare EQ, %34, %32, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
      %36 = stablehlo.convert %35 : (tensor<4x4xi1>) -> tensor<4x4xf32>
      %37 = stablehlo.add %30, %36 : tensor<4x4xf32>
      %38 = stablehlo.iota dim = 0 : tensor<4x4xi32>
      %39 = stablehlo.iota dim = 1 : tensor<4x4xi32>
      %c_17 = stablehlo.constant dense<0> : tensor<i32>
      %40 = stablehlo.broadcast_in_dim %c_17, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
      %41 = stablehlo.add %38, %40 : tensor<4x4xi32>
      %42 = stablehlo.compare EQ, %41, %39, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
      %43 = stablehlo.convert %42 : (tensor<4x4xi1>) -> tensor<4x4xf32>
      %44 = stablehlo.iota dim = 0 : tensor<4x4xi32>
      %c_18 = stablehlo.constant dense<4> : tensor<i32>
      %45 = stablehlo.broadcast_in_dim %c_18, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
      %46 = stablehlo.compare LT, %44, %45, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
      %47 = stablehlo.iota dim = 1 : tensor<4x4xi32>
      %c_19 = stablehlo.constant dense<4> : tensor<i32>
      %48 = stablehlo.broadcast_in_dim %c_19, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
      %49 = stablehlo.compare LT, %47, %48, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
      %50 = stablehlo.and %46, %49 : tensor<4x4xi1>
      %51 = func.call @_where_5(%50, %37, %43) : (tensor<4x4xi1>, tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
      %52:2 = stablehlo.custom_call @lapack_spotrf_ffi(%51) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], []) {i=4, j=4, k=4, l=4}, custom>} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
      %c_20 = stablehlo.constant dense<0> : tensor<i32>
      %53 = stablehlo.broadcast_in_dim %c_20, dims = [] : (tensor<i32>) -> tensor<i32>
      %54 = stablehlo.compare EQ, %52#1, %53, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %55 = stablehlo.broadcast_in_dim %54, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
      %cst_21 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %56 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
      %57 = stablehlo.broadcast_in_dim %55, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
      %58 = stablehlo.select %57, %52#0, %56 : tensor<4x4xi1>, tensor<4x4xf32>
      %59 = stablehlo.iota dim = 0 : tensor<4x4xi32>
      %c_22 = stablehlo.constant dense<0> : tensor<i32>
      %60 = stablehlo.broadcast_in_dim %c_22, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
      %61 = stablehlo.add %59, %60 : tensor<4x4xi32>
      %62 = stablehlo.iota dim = 1 : tensor<4x4xi32>
      %63 = stablehlo.compare GE, %61, %62, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
      %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %64 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
      %65 = stablehlo.select %63, %58, %64 : tensor<4x4xi1>, tensor<4x4xf32>
      %66 = stablehlo.transpose %iterArg_13, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
      %67 = stablehlo.custom_call @lapack_strsm_ffi(%65, %66) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=4, m=4, n=4}, custom>} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
      %68 = stablehlo.custom_call @lapack_strsm_ffi(%65, %67) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 84 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=4, m=4, n=4}, custom>} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
      %69 = stablehlo.transpose %68, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
      %cst_24 = stablehlo.constant dense<0.333333343> : tensor<f32>
      %70 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
      %71 = stablehlo.multiply %70, %iterArg_13 : tensor<4x4xf32>
      %cst_25 = stablehlo.constant dense<2.66666675> : tensor<f32>
      %72 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
      %73 = stablehlo.multiply %72, %69 : tensor<4x4xf32>
      %74 = stablehlo.add %71, %73 : tensor<4x4xf32>
      %75 = stablehlo.subtract %74, %iterArg_13 : tensor<4x4xf32>
      %76 = func.call @norm_6(%75) : (tensor<4x4xf32>) -> tensor<f32>
      %77 = stablehlo.convert %iterArg : tensor<f32>
      %78 = stablehlo.compare GT, %76, %77, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %c_26 = stablehlo.constant dense<1> : tensor<i32>
      %79 = stablehlo.add %iterArg_12, %c_26 : tensor<i32>
      stablehlo.return %iterArg, %79, %74, %78 : tensor<f32>, tensor<i32>, tensor<4x4xf32>, tensor<i1>
    }
    %cst_9 = stablehlo.constant dense<1.500000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %14 = stablehlo.multiply %13, %12#2 : tensor<4x4xf32>
    %cst_10 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %16 = stablehlo.multiply %15, %12#2 : tensor<4x4xf32>
    %17 = stablehlo.transpose %12#2, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %18 = stablehlo.dot_general %17, %12#2, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %19 = stablehlo.dot_general %16, %18, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %20 = stablehlo.subtract %14, %19 : tensor<4x4xf32>
    %21 = stablehlo.transpose %20, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %22 = stablehlo.dot_general %21, %arg0, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %23 = stablehlo.transpose %22, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %24 = stablehlo.add %22, %23 : tensor<4x4xf32>
    %cst_11 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %26 = stablehlo.divide %24, %25 : tensor<4x4xf32>
    return %20, %26 : tensor<4x4xf32>, tensor<4x4xf32>
  }
  func.func private @norm(%arg0: tensor<4x4xf32>) -> tensor<f32> {
    %0 = stablehlo.abs %arg0 : tensor<4x4xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<4x4xf32>, tensor<f32>) -> tensor<4xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %2 = stablehlo.reduce(%1 init: %cst_0) applies stablehlo.maximum across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.maximum %cst_1, %2 : tensor<f32>
    return %3 : tensor<f32>
  }
  func.func private @norm_0(%arg0: tensor<4x4xf32>) -> tensor<f32> {
    %0 = stablehlo.abs %arg0 : tensor<4x4xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<4x4xf32>, tensor<f32>) -> tensor<4xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %2 = stablehlo.reduce(%1 init: %cst_0) applies stablehlo.maximum across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.maximum %cst_1, %2 : tensor<f32>
    return %3 : tensor<f32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<i1>, tensor<f32>
    return %1 : tensor<f32>
  }
  func.func private @closed_call(%arg0: tensor<2x3xf32>, %arg1: tensor<i32>, %arg2: tensor<4x4xf32>) -> (tensor<i32>, tensor<4x4xf32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg1, %c : tensor<i32>
    %1 = call @dynamic_index_in_dim(%arg0, %arg1) : (tensor<2x3xf32>, tensor<i32>) -> tensor<3xf32>
    %2 = stablehlo.slice %1 [0:1] : (tensor<3xf32>) -> tensor<1xf32>
    %3 = stablehlo.reshape %2 : (tensor<1xf32>) -> tensor<f32>
    %4 = stablehlo.slice %1 [1:2] : (tensor<3xf32>) -> tensor<1xf32>
    %5 = stablehlo.reshape %4 : (tensor<1xf32>) -> tensor<f32>
    %6 = stablehlo.slice %1 [2:3] : (tensor<3xf32>) -> tensor<1xf32>
    %7 = stablehlo.reshape %6 : (tensor<1xf32>) -> tensor<f32>
    %8 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %9 = stablehlo.multiply %8, %arg2 : tensor<4x4xf32>
    %10 = stablehlo.iota dim = 0 : tensor<4x4xi32>
    %11 = stablehlo.iota dim = 1 : tensor<4x4xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %12 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %13 = stablehlo.add %10, %12 : tensor<4x4xi32>
    %14 = stablehlo.compare EQ, %13, %11, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %15 = stablehlo.convert %14 : (tensor<4x4xi1>) -> tensor<4x4xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.pad %9, %cst, low = [0, 0], high = [4, 0], interior = [0, 0] : (tensor<4x4xf32>, tensor<f32>) -> tensor<8x4xf32>
    %c_1 = stablehlo.constant dense<4> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %17 = stablehlo.dynamic_update_slice %16, %15, %c_1, %c_2 : (tensor<8x4xf32>, tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<8x4xf32>
    %18:2 = stablehlo.custom_call @lapack_sgeqrf_ffi(%17) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m]) {i=8, j=4, k=8, l=4, m=4}, custom>} : (tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<4xf32>)
    %19 = stablehlo.custom_call @lapack_sorgqr_ffi(%18#0, %18#1) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k])->([l, m]) {i=8, j=4, k=4, l=8, m=4}, custom>} : (tensor<8x4xf32>, tensor<4xf32>) -> tensor<8x4xf32>
    %20 = stablehlo.slice %18#0 [0:4, 0:4] : (tensor<8x4xf32>) -> tensor<4x4xf32>
    %21 = stablehlo.iota dim = 0 : tensor<4x4xi32>
    %c_3 = stablehlo.constant dense<-1> : tensor<i32>
    %22 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %23 = stablehlo.add %21, %22 : tensor<4x4xi32>
    %24 = stablehlo.iota dim = 1 : tensor<4x4xi32>
    %25 = stablehlo.compare GE, %23, %24, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %27 = stablehlo.select %25, %26, %20 : tensor<4x4xi1>, tensor<4x4xf32>
    %28 = stablehlo.slice %19 [0:4, 0:4] : (tensor<8x4xf32>) -> tensor<4x4xf32>
    %29 = stablehlo.iota dim = 0 : tensor<4x4xi32>
    %c_5 = stablehlo.constant dense<4> : tensor<i32>
    %30 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %31 = stablehlo.compare LT, %29, %30, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %32 = stablehlo.iota dim = 1 : tensor<4x4xi32>
    %c_6 = stablehlo.constant dense<4> : tensor<i32>
    %33 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %34 = stablehlo.compare LT, %32, %33, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %35 = stablehlo.and %31, %34 : tensor<4x4xi1>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %36 = call @_where_1(%35, %28, %c_7) : (tensor<4x4xi1>, tensor<4x4xf32>, tensor<i32>) -> tensor<4x4xf32>
    %c_8 = stablehlo.constant dense<4> : tensor<i32>
    %c_9 = stablehlo.constant dense<0> : tensor<i32>
    %37 = stablehlo.dynamic_slice %19, %c_8, %c_9, sizes = [4, 4] : (tensor<8x4xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
    %38 = stablehlo.iota dim = 0 : tensor<4x4xi32>
    %c_10 = stablehlo.constant dense<4> : tensor<i32>
    %39 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %40 = stablehlo.compare LT, %38, %39, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %41 = stablehlo.iota dim = 1 : tensor<4x4xi32>
    %c_11 = stablehlo.constant dense<4> : tensor<i32>
    %42 = stablehlo.broadcast_in_dim %c_11, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %43 = stablehlo.compare LT, %41, %42, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %44 = stablehlo.and %40, %43 : tensor<4x4xi1>
    %c_12 = stablehlo.constant dense<0> : tensor<i32>
    %45 = call @_where_1(%44, %37, %c_12) : (tensor<4x4xi1>, tensor<4x4xf32>, tensor<i32>) -> tensor<4x4xf32>
    %46 = stablehlo.transpose %45, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %47 = stablehlo.broadcast_in_dim %7, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %48 = stablehlo.multiply %47, %arg2 : tensor<4x4xf32>
    %49 = stablehlo.dot_general %36, %46, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %50 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %51 = stablehlo.multiply %50, %49 : tensor<4x4xf32>
    %52 = stablehlo.add %48, %51 : tensor<4x4xf32>
    return %0, %52 : tensor<i32>, tensor<4x4xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<2x3xf32>, %arg1: tensor<i32>) -> tensor<3xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.compare LT, %arg1, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %1 = stablehlo.convert %arg1 : tensor<i32>
    %c_0 = stablehlo.constant dense<2> : tensor<i32>
    %2 = stablehlo.add %1, %c_0 : tensor<i32>
    %3 = stablehlo.select %0, %2, %arg1 : tensor<i1>, tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.dynamic_slice %arg0, %3, %c_1, sizes = [1, 3] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x3xf32>
    %5 = stablehlo.reshape %4 : (tensor<1x3xf32>) -> tensor<3xf32>
    return %5 : tensor<3xf32>
  }
  func.func private @_where_1(%arg0: tensor<4x4xi1>, %arg1: tensor<4x4xf32>, %arg2: tensor<i32>) -> tensor<4x4xf32> {
    %0 = stablehlo.convert %arg2 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<4x4xi1>, tensor<4x4xf32>
    return %2 : tensor<4x4xf32>
  }
  func.func private @closed_call_2(%arg0: tensor<2x3xf32>, %arg1: tensor<f32>, %arg2: tensor<i32>, %arg3: tensor<4x4xf32>, %arg4: tensor<i1>) -> (tensor<i32>, tensor<4x4xf32>, tensor<i1>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg2, %c : tensor<i32>
    %1 = call @dynamic_index_in_dim(%arg0, %arg2) : (tensor<2x3xf32>, tensor<i32>) -> tensor<3xf32>
    %2 = stablehlo.slice %1 [0:1] : (tensor<3xf32>) -> tensor<1xf32>
    %3 = stablehlo.reshape %2 : (tensor<1xf32>) -> tensor<f32>
    %4 = stablehlo.slice %1 [1:2] : (tensor<3xf32>) -> tensor<1xf32>
    %5 = stablehlo.reshape %4 : (tensor<1xf32>) -> tensor<f32>
    %6 = stablehlo.slice %1 [2:3] : (tensor<3xf32>) -> tensor<1xf32>
    %7 = stablehlo.reshape %6 : (tensor<1xf32>) -> tensor<f32>
    %8 = stablehlo.transpose %arg3, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %9 = stablehlo.dot_general %8, %arg3, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %10 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %11 = stablehlo.multiply %10, %9 : tensor<4x4xf32>
    %12 = stablehlo.iota dim = 0 : tensor<4x4xi32>
    %13 = stablehlo.iota dim = 1 : tensor<4x4xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %14 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %15 = stablehlo.add %12, %14 : tensor<4x4xi32>
    %16 = stablehlo.compare EQ, %15, %13, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %17 = stablehlo.convert %16 : (tensor<4x4xi1>) -> tensor<4x4xf32>
    %18 = stablehlo.add %11, %17 : tensor<4x4xf32>
    %19 = stablehlo.iota dim = 0 : tensor<4x4xi32>
    %20 = stablehlo.iota dim = 1 : tensor<4x4xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %21 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %22 = stablehlo.add %19, %21 : tensor<4x4xi32>
    %23 = stablehlo.compare EQ, %22, %20, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %24 = stablehlo.convert %23 : (tensor<4x4xi1>) -> tensor<4x4xf32>
    %25 = stablehlo.iota dim = 0 : tensor<4x4xi32>
    %c_2 = stablehlo.constant dense<4> : tensor<i32>
    %26 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %27 = stablehlo.compare LT, %25, %26, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %28 = stablehlo.iota dim = 1 : tensor<4x4xi32>
    %c_3 = stablehlo.constant dense<4> : tensor<i32>
    %29 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %30 = stablehlo.compare LT, %28, %29, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %31 = stablehlo.and %27, %30 : tensor<4x4xi1>
    %32 = call @_where_3(%31, %18, %24) : (tensor<4x4xi1>, tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %33:2 = stablehlo.custom_call @lapack_spotrf_ffi(%32) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], []) {i=4, j=4, k=4, l=4}, custom>} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %34 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<i32>
    %35 = stablehlo.compare EQ, %33#1, %34, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %36 = stablehlo.broadcast_in_dim %35, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %37 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %38 = stablehlo.broadcast_in_dim %36, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %39 = stablehlo.select %38, %33#0, %37 : tensor<4x4xi1>, tensor<4x4xf32>
    %40 = stablehlo.iota dim = 0 : tensor<4x4xi32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %41 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %42 = stablehlo.add %40, %41 : tensor<4x4xi32>
    %43 = stablehlo.iota dim = 1 : tensor<4x4xi32>
    %44 = stablehlo.compare GE, %42, %43, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %45 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %46 = stablehlo.select %44, %39, %45 : tensor<4x4xi1>, tensor<4x4xf32>
    %47 = stablehlo.transpose %arg3, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %48 = stablehlo.custom_call @lapack_strsm_ffi(%46, %47) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=4, m=4, n=4}, custom>} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %49 = stablehlo.custom_call @lapack_strsm_ffi(%46, %48) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 84 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=4, m=4, n=4}, custom>} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %50 = stablehlo.transpose %49, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %51 = stablehlo.broadcast_in_dim %7, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %52 = stablehlo.multiply %51, %arg3 : tensor<4x4xf32>
    %53 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %54 = stablehlo.multiply %53, %50 : tensor<4x4xf32>
    %55 = stablehlo.add %52, %54 : tensor<4x4xf32>
    %56 = stablehlo.subtract %55, %arg3 : tensor<4x4xf32>
    %57 = call @norm_4(%56) : (tensor<4x4xf32>) -> tensor<f32>
    %58 = stablehlo.convert %arg1 : tensor<f32>
    %59 = stablehlo.compare GT, %57, %58, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    return %0, %55, %59 : tensor<i32>, tensor<4x4xf32>, tensor<i1>
  }
  func.func private @_where_3(%arg0: tensor<4x4xi1>, %arg1: tensor<4x4xf32>, %arg2: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4x4xi1>, tensor<4x4xf32>
    return %0 : tensor<4x4xf32>
  }
  func.func private @norm_4(%arg0: tensor<4x4xf32>) -> tensor<f32> {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<4x4xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x4xf32>, tensor<f32>) -> tensor<f32>
    %2 = stablehlo.sqrt %1 : tensor<f32>
    return %2 : tensor<f32>
  }
  func.func private @_where_5(%arg0: tensor<4x4xi1>, %arg1: tensor<4x4xf32>, %arg2: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4x4xi1>, tensor<4x4xf32>
    return %0 : tensor<4x4xf32>
  }
  func.func private @norm_6(%arg0: tensor<4x4xf32>) -> tensor<f32> {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<4x4xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x4xf32>, tensor<f32>) -> tensor<f32>
    %2 = stablehlo.sqrt %1 : tensor<f32>
    return %2 : tensor<f32>
  }
}
