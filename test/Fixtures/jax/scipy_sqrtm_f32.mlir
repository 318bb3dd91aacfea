module @jit_scipy_sqrtm_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x4xf32>) -> (tensor<4x4xcomplex<f32>> {jax.result_info = "result"}) {
    %0 = call @_sqrtm(%arg0) : (tensor<4x4xf32>) -> tensor<4x4xcomplex<f32>>
    return %0 : tensor<4x4xcomplex<f32>>
  }
  func.func private @_sqrtm(%arg0: tensor<4x4xf32>) -> tensor<4x4xcomplex<f32>> {
    %0:2 = call @_schur(%arg0) : (tensor<4x4xf32>) -> (tensor<4x4xcomplex<f32>>, tensor<4x4xcomplex<f32>>)
    %1 = call @_sqrtm_triu(%0#0) : (tensor<4x4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>>
    %2 = stablehlo.dot_general %0#1, %1, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<4x4xcomplex<f32>>, tensor<4x4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>>
    %3 = stablehlo.transpose %0#1, dims = [1, 0] : (tensor<4x4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>>
    %4 = stablehlo.real %3 : (tensor<4x4xcomplex<f32>>) -> tensor<4x4xf32>
    %5 = stablehlo.imag %3 : (tensor<4x4xcomplex<f32>>) -> tensor<4x4xf32>
    %6 = stablehlo.negate %5 : tensor<4x4xf32>
    %7 = stablehlo.complex %4, %6 : tensor<4x4xcomplex<f32>>
    %8 = stablehlo.dot_general %2, %7, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<4x4xcomplex<f32>>, tensor<4x4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>>
    return %8 : tensor<4x4xcomplex<f32>>
  }
  func.func private @_schur(%arg0: tensor<4x4xf32>) -> (tensor<4x4xcomplex<f32>>, tensor<4x4xcomplex<f32>>) {
    %0 = stablehlo.convert %arg0 : (tensor<4x4xf32>) -> tensor<4x4xcomplex<f32>>
    %1:5 = stablehlo.custom_call @lapack_cgees_ffi(%0) {backend_config = "", mhlo.backend_config = {mode = 86 : ui8, sort = 78 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m, n], [o], [], []) {i=4, j=4, k=4, l=4, m=4, n=4, o=4}, custom>} : (tensor<4x4xcomplex<f32>>) -> (tensor<4x4xcomplex<f32>>, tensor<4x4xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<i32>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %3 = stablehlo.compare EQ, %1#4, %2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<4x4xcomplex<f32>>
    %6 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %7 = stablehlo.select %6, %1#0, %5 : tensor<4x4xi1>, tensor<4x4xcomplex<f32>>
    %8 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %9 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<4x4xcomplex<f32>>
    %10 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %11 = stablehlo.select %10, %1#1, %9 : tensor<4x4xi1>, tensor<4x4xcomplex<f32>>
    return %7, %11 : tensor<4x4xcomplex<f32>>, tensor<4x4xcomplex<f32>>
  }
  func.func private @_sqrtm_triu(%arg0: tensor<4x4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>> {
    %0 = call @_diag(%arg0) : (tensor<4x4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
    %1 = stablehlo.sqrt %0 : tensor<4xcomplex<f32>>
    %2 = call @_diag_0(%1) : (tensor<4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3:5 = stablehlo.while(%iterArg = %arg0, %iterArg_1 = %1, %iterArg_2 = %c_0, %iterArg_3 = %c, %iterArg_4 = %2) : tensor<4x4xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<i32>, tensor<i32>, tensor<4x4xcomplex<f32>>
    cond {
      %c_5 = stablehlo.constant dense<4> : tensor<i32>
      %4 = stablehlo.compare LT, %iterArg_2, %c_5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %4:2 = func.call @closed_call(%iterArg, %iterArg_1, %iterArg_3, %iterArg_4) : (tensor<4x4xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<i32>, tensor<4x4xcomplex<f32>>) -> (tensor<i32>, tensor<4x4xcomplex<f32>>)
      %c_5 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.add %iterArg_2, %c_5 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_1, %5, %4#0, %4#1 : tensor<4x4xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<i32>, tensor<i32>, tensor<4x4xcomplex<f32>>
    }
    return %3#4 : tensor<4x4xcomplex<f32>>
  }
  func.func private @_diag(%arg0: tensor<4x4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
    %0 = call @diagonal(%arg0) : (tensor<4x4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
    return %0 : tensor<4xcomplex<f32>>
  }
  func.func private @diagonal(%arg0: tensor<4x4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
    %0 = stablehlo.iota dim = 0 : tensor<4x4xi32>
    %1 = stablehlo.iota dim = 1 : tensor<4x4xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %3 = stablehlo.add %0, %2 : tensor<4x4xi32>
    %4 = stablehlo.compare EQ, %3, %1, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %5 = stablehlo.convert %4 : (tensor<4x4xi1>) -> tensor<4x4xcomplex<f32>>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %6 = "stablehlo.case"(%c_0) ({
      %c_1 = stablehlo.constant dense<0> : tensor<i32>
      stablehlo.return %c_1 : tensor<i32>
    }, {
      %c_1 = stablehlo.constant dense<0> : tensor<i32>
      stablehlo.return %c_1 : tensor<i32>
    }) : (tensor<i32>) -> tensor<i32>
    %7 = "stablehlo.case"(%6) ({
      %8 = stablehlo.iota dim = 0 : tensor<4xi32>
      %9 = stablehlo.iota dim = 0 : tensor<4xi32>
      %c_1 = stablehlo.constant dense<0> : tensor<i32>
      %10 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<4xi32>
      %11 = stablehlo.compare LT, %8, %10, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
      %c_2 = stablehlo.constant dense<4> : tensor<i32>
      %12 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4xi32>
      %13 = stablehlo.add %8, %12 : tensor<4xi32>
      %14 = stablehlo.select %11, %13, %8 : tensor<4xi1>, tensor<4xi32>
      %c_3 = stablehlo.constant dense<0> : tensor<i32>
      %15 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<4xi32>
      %16 = stablehlo.compare LT, %9, %15, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
      %c_4 = stablehlo.constant dense<4> : tensor<i32>
      %17 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<4xi32>
      %18 = stablehlo.add %9, %17 : tensor<4xi32>
      %19 = stablehlo.select %16, %18, %9 : tensor<4xi1>, tensor<4xi32>
      %20 = stablehlo.broadcast_in_dim %14, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
      %21 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
      %22 = stablehlo.concatenate %20, %21, dim = 1 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x2xi32>
      %23 = "stablehlo.gather"(%arg0, %22) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<4x4xcomplex<f32>>, tensor<4x2xi32>) -> tensor<4xcomplex<f32>>
      stablehlo.return %23 : tensor<4xcomplex<f32>>
    }) : (tensor<i32>) -> tensor<4xcomplex<f32>>
    return %7 : tensor<4xcomplex<f32>>
  }
  func.func private @_diag_0(%arg0: tensor<4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>> {
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %0 = stablehlo.pad %arg0, %cst, low = [0], high = [0], interior = [0] : (tensor<4xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4xcomplex<f32>>
    %1 = stablehlo.iota dim = 0 : tensor<4x4xi32>
    %2 = stablehlo.iota dim = 1 : tensor<4x4xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %4 = stablehlo.add %1, %3 : tensor<4x4xi32>
    %5 = stablehlo.compare EQ, %4, %2, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %6 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<4xcomplex<f32>>) -> tensor<4x1xcomplex<f32>>
    %cst_0 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %7 = call @_where(%5, %6, %cst_0) : (tensor<4x4xi1>, tensor<4x1xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4x4xcomplex<f32>>
    return %7 : tensor<4x4xcomplex<f32>>
  }
  func.func private @_where(%arg0: tensor<4x4xi1>, %arg1: tensor<4x1xcomplex<f32>>, %arg2: tensor<complex<f32>>) -> tensor<4x4xcomplex<f32>> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<4x1xcomplex<f32>>) -> tensor<4x4xcomplex<f32>>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<complex<f32>>) -> tensor<4x4xcomplex<f32>>
    %2 = stablehlo.select %arg0, %0, %1 : tensor<4x4xi1>, tensor<4x4xcomplex<f32>>
    return %2 : tensor<4x4xcomplex<f32>>
  }
  func.func private @closed_call(%arg0: tensor<4x4xcomplex<f32>>, %arg1: tensor<4xcomplex<f32>>, %arg2: tensor<i32>, %arg3: tensor<4x4xcomplex<f32>>) -> (tensor<i32>, tensor<4x4xcomplex<f32>>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg2, %c : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1:6 = stablehlo.while(%iterArg = %arg2, %iterArg_1 = %arg0, %iterArg_2 = %arg1, %iterArg_3 = %c_0, %iterArg_4 = %arg2, %iterArg_5 = %arg3) : tensor<i32>, tensor<4x4xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<i32>, tensor<i32>, tensor<4x4xcomplex<f32>>
    cond {
      %2 = stablehlo.compare LT, %iterArg_3, %iterArg_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    } do {
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %2 = stablehlo.add %iterArg_3, %c_6 : tensor<i32>
      %c_7 = stablehlo.constant dense<1> : tensor<i32>
      %3 = stablehlo.subtract %iterArg, %c_7 : tensor<i32>
      %4 = stablehlo.subtract %3, %iterArg_3 : tensor<i32>
      %c_8 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.add %4, %c_8 : tensor<i32>
      %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
      %6:6 = stablehlo.while(%iterArg_26 = %4, %iterArg_27 = %iterArg_5, %iterArg_28 = %iterArg, %iterArg_29 = %5, %iterArg_30 = %iterArg, %iterArg_31 = %cst) : tensor<i32>, tensor<4x4xcomplex<f32>>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<complex<f32>>
      cond {
        %56 = stablehlo.compare LT, %iterArg_29, %iterArg_30, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %56 : tensor<i1>
      } do {
        %c_32 = stablehlo.constant dense<1> : tensor<i32>
        %56 = stablehlo.add %iterArg_29, %c_32 : tensor<i32>
        %57 = stablehlo.convert %iterArg_26 : tensor<i32>
        %58 = stablehlo.convert %iterArg_29 : tensor<i32>
        %c_33 = stablehlo.constant dense<0> : tensor<i32>
        %59 = stablehlo.compare LT, %57, %c_33, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %c_34 = stablehlo.constant dense<4> : tensor<i32>
        %60 = stablehlo.add %57, %c_34 : tensor<i32>
        %61 = stablehlo.select %59, %60, %57 : tensor<i1>, tensor<i32>
        %c_35 = stablehlo.constant dense<0> : tensor<i32>
        %62 = stablehlo.compare LT, %58, %c_35, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %c_36 = stablehlo.constant dense<4> : tensor<i32>
        %63 = stablehlo.add %58, %c_36 : tensor<i32>
        %64 = stablehlo.select %62, %63, %58 : tensor<i1>, tensor<i32>
        %65 = stablehlo.dynamic_slice %iterArg_27, %61, %64, sizes = [1, 1] : (tensor<4x4xcomplex<f32>>, tensor<i32>, tensor<i32>) -> tensor<1x1xcomplex<f32>>
        %66 = stablehlo.reshape %65 : (tensor<1x1xcomplex<f32>>) -> tensor<complex<f32>>
        %67 = stablehlo.convert %iterArg_29 : tensor<i32>
        %68 = stablehlo.convert %iterArg_28 : tensor<i32>
        %c_37 = stablehlo.constant dense<0> : tensor<i32>
        %69 = stablehlo.compare LT, %67, %c_37, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %c_38 = stablehlo.constant dense<4> : tensor<i32>
        %70 = stablehlo.add %67, %c_38 : tensor<i32>
        %71 = stablehlo.select %69, %70, %67 : tensor<i1>, tensor<i32>
        %c_39 = stablehlo.constant dense<0> : tensor<i32>
        %72 = stablehlo.compare LT, %68, %c_39, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %c_40 = stablehlo.constant dense<4> : tensor<i32>
        %73 = stablehlo.add %68, %c_40 : tensor<i32>
        %74 = stablehlo.select %72, %73, %68 : tensor<i1>, tensor<i32>
        %75 = stablehlo.dynamic_slice %iterArg_27, %71, %74, sizes = [1, 1] : (tensor<4x4xcomplex<f32>>, tensor<i32>, tensor<i32>) -> tensor<1x1xcomplex<f32>>
        %76 = stablehlo.reshape %75 : (tensor<1x1xcomplex<f32>>) -> tensor<complex<f32>>
        %77 = stablehlo.multiply %66, %76 : tensor<complex<f32>>
        %78 = stablehlo.add %iterArg_31, %77 : tensor<complex<f32>>
        stablehlo.return %iterArg_26, %iterArg_27, %iterArg_28, %56, %iterArg_30, %78 : tensor<i32>, tensor<4x4xcomplex<f32>>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<complex<f32>>
      }
      %7 = stablehlo.convert %4 : tensor<i32>
      %8 = stablehlo.convert %iterArg : tensor<i32>
      %c_9 = stablehlo.constant dense<0> : tensor<i32>
      %9 = stablehlo.compare LT, %7, %c_9, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_10 = stablehlo.constant dense<4> : tensor<i32>
      %10 = stablehlo.add %7, %c_10 : tensor<i32>
      %11 = stablehlo.select %9, %10, %7 : tensor<i1>, tensor<i32>
      %c_11 = stablehlo.constant dense<0> : tensor<i32>
      %12 = stablehlo.compare LT, %8, %c_11, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_12 = stablehlo.constant dense<4> : tensor<i32>
      %13 = stablehlo.add %8, %c_12 : tensor<i32>
      %14 = stablehlo.select %12, %13, %8 : tensor<i1>, tensor<i32>
      %15 = stablehlo.dynamic_slice %iterArg_1, %11, %14, sizes = [1, 1] : (tensor<4x4xcomplex<f32>>, tensor<i32>, tensor<i32>) -> tensor<1x1xcomplex<f32>>
      %16 = stablehlo.reshape %15 : (tensor<1x1xcomplex<f32>>) -> tensor<complex<f32>>
      %17 = stablehlo.compare EQ, %16, %6#5, FLOAT : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<i1>
      %18 = stablehlo.convert %4 : tensor<i32>
      %19 = stablehlo.convert %iterArg : tensor<i32>
      %c_13 = stablehlo.constant dense<0> : tensor<i32>
      %20 = stablehlo.compare LT, %18, %c_13, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_14 = stablehlo.constant dense<4> : tensor<i32>
      %21 = stablehlo.add %18, %c_14 : tensor<i32>
      %22 = stablehlo.select %20, %21, %18 : tensor<i1>, tensor<i32>
      %c_15 = stablehlo.constant dense<0> : tensor<i32>
      %23 = stablehlo.compare LT, %19, %c_15, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_16 = stablehlo.constant dense<4> : tensor<i32>
      %24 = stablehlo.add %19, %c_16 : tensor<i32>
      %25 = stablehlo.select %23, %24, %19 : tensor<i1>, tensor<i32>
      %26 = stablehlo.dynamic_slice %iterArg_1, %22, %25, sizes = [1, 1] : (tensor<4x4xcomplex<f32>>, tensor<i32>, tensor<i32>) -> tensor<1x1xcomplex<f32>>
      %27 = stablehlo.reshape %26 : (tensor<1x1xcomplex<f32>>) -> tensor<complex<f32>>
      %28 = stablehlo.subtract %27, %6#5 : tensor<complex<f32>>
      %c_17 = stablehlo.constant dense<0> : tensor<i32>
      %29 = stablehlo.compare LT, %4, %c_17, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %30 = stablehlo.convert %4 : tensor<i32>
      %c_18 = stablehlo.constant dense<4> : tensor<i32>
      %31 = stablehlo.add %30, %c_18 : tensor<i32>
      %32 = stablehlo.select %29, %31, %4 : tensor<i1>, tensor<i32>
      %33 = stablehlo.dynamic_slice %iterArg_2, %32, sizes = [1] : (tensor<4xcomplex<f32>>, tensor<i32>) -> tensor<1xcomplex<f32>>
      %34 = stablehlo.reshape %33 : (tensor<1xcomplex<f32>>) -> tensor<complex<f32>>
      %c_19 = stablehlo.constant dense<0> : tensor<i32>
      %35 = stablehlo.compare LT, %iterArg, %c_19, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %36 = stablehlo.convert %iterArg : tensor<i32>
      %c_20 = stablehlo.constant dense<4> : tensor<i32>
      %37 = stablehlo.add %36, %c_20 : tensor<i32>
      %38 = stablehlo.select %35, %37, %iterArg : tensor<i1>, tensor<i32>
      %39 = stablehlo.dynamic_slice %iterArg_2, %38, sizes = [1] : (tensor<4xcomplex<f32>>, tensor<i32>) -> tensor<1xcomplex<f32>>
      %40 = stablehlo.reshape %39 : (tensor<1xcomplex<f32>>) -> tensor<complex<f32>>
      %41 = stablehlo.add %34, %40 : tensor<complex<f32>>
      %42 = stablehlo.divide %28, %41 : tensor<complex<f32>>
      %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %43 = func.call @_where_1(%17, %cst_21, %42) : (tensor<i1>, tensor<f32>, tensor<complex<f32>>) -> tensor<complex<f32>>
      %c_22 = stablehlo.constant dense<0> : tensor<i32>
      %44 = stablehlo.compare LT, %4, %c_22, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_23 = stablehlo.constant dense<4> : tensor<i32>
      %45 = stablehlo.add %4, %c_23 : tensor<i32>
      %46 = stablehlo.select %44, %45, %4 : tensor<i1>, tensor<i32>
      %c_24 = stablehlo.constant dense<0> : tensor<i32>
      %47 = stablehlo.compare LT, %iterArg, %c_24, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_25 = stablehlo.constant dense<4> : tensor<i32>
      %48 = stablehlo.add %iterArg, %c_25 : tensor<i32>
      %49 = stablehlo.select %47, %48, %iterArg : tensor<i1>, tensor<i32>
      %50 = stablehlo.convert %46 : tensor<i32>
      %51 = stablehlo.convert %49 : tensor<i32>
      %52 = stablehlo.broadcast_in_dim %50, dims = [] : (tensor<i32>) -> tensor<1xi32>
      %53 = stablehlo.broadcast_in_dim %51, dims = [] : (tensor<i32>) -> tensor<1xi32>
      %54 = stablehlo.concatenate %52, %53, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
      %55 = "stablehlo.scatter"(%iterArg_5, %54, %43) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1]>, unique_indices = true}> ({
      ^bb0(%arg4: tensor<complex<f32>>, %arg5: tensor<complex<f32>>):
        stablehlo.return %arg5 : tensor<complex<f32>>
      }) : (tensor<4x4xcomplex<f32>>, tensor<2xi32>, tensor<complex<f32>>) -> tensor<4x4xcomplex<f32>>
      stablehlo.return %iterArg, %iterArg_1, %iterArg_2, %2, %iterArg_4, %55 : tensor<i32>, tensor<4x4xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<i32>, tensor<i32>, tensor<4x4xcomplex<f32>>
    }
    return %0, %1#5 : tensor<i32>, tensor<4x4xcomplex<f32>>
  }
  func.func private @_where_1(%arg0: tensor<i1>, %arg1: tensor<f32>, %arg2: tensor<complex<f32>>) -> tensor<complex<f32>> {
    %0 = stablehlo.convert %arg1 : (tensor<f32>) -> tensor<complex<f32>>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<i1>, tensor<complex<f32>>
    return %1 : tensor<complex<f32>>
  }
}
