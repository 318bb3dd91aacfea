// Portable artifacts written by jax.export (scripts/gen_vhlo_inputs.py) are
// read as VHLO and converted to stablehlo; the program then runs in jxc.
// (This file holds only RUN lines: the programs are the bytecode Inputs.)

// RUN: jx-opt %S/Inputs/mlp.bc --jx-vhlo-to-stablehlo | FileCheck %s --check-prefix=MLP
// MLP:      module @jit_mlp attributes {jax.uses_shape_polymorphism = false, mhlo.num_partitions = 1 : i32
// MLP:      func.func public @main(%arg0: tensor<4x3xf32>, %arg1: tensor<3x5xf32>) -> (tensor<5xf32> {jax.result_info = "result"})
// MLP-NEXT:   stablehlo.constant dense<0.000000e+00> : tensor<f32>
// MLP-NEXT:   stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT]
// MLP-NEXT:   stablehlo.tanh %{{.*}} : tensor<4x5xf32>
// MLP-NEXT:   stablehlo.reduce(%{{.*}} init: %{{.*}}) applies stablehlo.add across dimensions = [0]
// MLP-NEXT:   return

// Without the conversion the versioned ops print generically, with the
// decoded builtin types and attributes.
// RUN: jx-opt %S/Inputs/mlp.bc | FileCheck %s --check-prefix=RAW
// RAW: "vhlo.func_v1"()
// RAW: "vhlo.dot_general_v2"(%arg0, %arg1) {accumulation_type = none, {{.*}}lhs_contracting_dimensions = dense<1> : tensor<1xi64>
// RAW: "vhlo.tanh_v2"({{.*}}) {result_accuracy = #stablehlo.result_accuracy<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #stablehlo.result_accuracy_mode<DEFAULT>>}
// RAW: "vhlo.return_v1"

// RUN: jx-opt %S/Inputs/kitchen.bc --jx-vhlo-to-stablehlo | FileCheck %s --check-prefix=KITCHEN
// KITCHEN: stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = {{\[\[}}1, 1], [0, 2]], lhs_dilate = [1, 1], rhs_dilate = [1, 2], reverse = [false, false]}
// KITCHEN: "stablehlo.reduce_window"({{.*}}) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>
// KITCHEN: "stablehlo.gather"({{.*}}) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}>
// KITCHEN: "stablehlo.scatter"({{.*}}) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}>
// KITCHEN: stablehlo.while
// KITCHEN: func.call @remainder_0
// KITCHEN: "stablehlo.case"
// KITCHEN: stablehlo.iota dim = 0 : tensor<3xf32>
// KITCHEN: func.func private @sort
// KITCHEN: "stablehlo.sort"
// KITCHEN-SAME: dimension = 0 : i64, is_stable = true

// JAX's LAPACK custom calls carry Shardy sharding rules, in Shardy's own
// bytecode encoding; they read back to the text JAX prints.
// RUN: jx-opt %S/Inputs/linalg.bc --jx-vhlo-to-stablehlo | FileCheck %s --check-prefix=LINALG
// LINALG: stablehlo.custom_call @lapack_sgetrf_ffi(%{{.*}}) {mhlo.backend_config = {}, {{.*}}operand_layouts = [dense<[0, 1]> : tensor<2xindex>]{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=4, j=4, k=4, l=4, m=4}, custom>}

// The programs run: jxc reads the artifact (detected from its content).
// RUN: jxc run %S/Inputs/mlp.bc --input="4x3xf32=1 1 1 1 1 1 1 1 1 1 1 1" --input="3x5xf32=0.1 0.1 0.1 0.1 0.1 0.1 0.1 0.1 0.1 0.1 0.1 0.1 0.1 0.1 0.1" | FileCheck %s --check-prefix=EXEC
// tanh(0.3) * 4 = 1.1650...
// EXEC: result[0]: f32[5]
// EXEC-NEXT: [1.16{{[0-9]*}}, 1.16{{[0-9]*}}, 1.16{{[0-9]*}}, 1.16{{[0-9]*}}, 1.16{{[0-9]*}}]
