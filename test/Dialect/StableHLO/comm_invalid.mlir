// RUN: jx-opt %s -split-input-file -verify-diagnostics

func.func @all_gather_c1(%x: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{all_gather_dim 2 must be in range [0, 2) for operand #0 of type 'tensor<2x2xf32>' (all_gather_c1)}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @all_gather_c1_negative(%x: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{all_gather_dim -1 must be in range [0, 2) for operand #0 of type 'tensor<2x2xf32>' (all_gather_c1)}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = -1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @all_gather_c2(%x: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{replica_groups value 1 appears more than once (all_gather_c2)}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @all_gather_c4(%x: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{replica_groups value 2 must be in range [0, 2), the number of ids in replica_groups (all_gather_c4)}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 2]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @all_gather_c4_negative(%x: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{replica_groups value -2 must be non-negative (or -1 as padding) (all_gather_c4)}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, -2]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @all_gather_replica_groups_rank(%x: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{replica_groups must be a 2-dimensional tensor, got 'tensor<2xi64>'}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[0, 1]> : tensor<2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @all_gather_c5(%x: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{use_global_device_ids requires a channel_handle with handle > 0, got handle 0 (all_gather_c5)}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @all_gather_c6_size(%x: tensor<2x2xf32>) -> tensor<2x6xf32> {
  // expected-error @+1 {{result #0 has shape [2, 6] but the operand implies [2, 4] (all_gather_c6)}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

func.func @all_gather_c6_other_dim(%x: tensor<2x2xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{result #0 has shape [3, 4] but the operand implies [2, ?] (all_gather_c6)}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>} : (tensor<2x2xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @all_gather_c6_multiple(%x: tensor<2x2xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{dimension 1 of result #0 has size 5, which must be a multiple of the operand's 2 (all_gather_c6)}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>} : (tensor<2x2xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @all_gather_c6_element(%x: tensor<2x2xf32>) -> tensor<2x4xf16> {
  // expected-error @+1 {{result #0 has element type 'f16' but expected 'f32' (all_gather_c6)}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf16>
  return %0 : tensor<2x4xf16>
}

// -----

func.func @all_gather_c6_count(%x: tensor<2x2xf32>, %y: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{has 1 results but 2 operands; they must match (all_gather_c6)}}
  %0 = "stablehlo.all_gather"(%x, %y) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @all_reduce_c1(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{replica_groups value 0 appears more than once (all_reduce_c1)}}
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_c3(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{replica_groups value 5 must be in range [0, 2), the number of ids in replica_groups (all_reduce_c3)}}
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 5]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_c4(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{use_global_device_ids requires a channel_handle with handle > 0, got handle 0 (all_reduce_c4)}}
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>, use_global_device_ids} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_c5_arity(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{computation must take 2 arguments, got 3 (all_reduce_c5)}}
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>):
      stablehlo.return %a : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_c5_args(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{computation arguments must be two 0-dimensional tensors of the same type, got 'tensor<2xf32>' and 'tensor<2xf32>' (all_reduce_c5)}}
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<2xf32>, %b: tensor<2xf32>):
      stablehlo.return %a : tensor<2xf32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_c5_return(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{computation must return a single 'tensor<f32>', got ('tensor<f32>', 'tensor<f32>') (all_reduce_c5)}}
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %a, %b : tensor<f32>, tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_c5_promotable(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{element type 'f32' of operand #0 is not promotable to the computation's element type 'f16' (all_reduce_c5)}}
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f16>, %b: tensor<f16>):
      %s = stablehlo.add %a, %b : tensor<f16>
      stablehlo.return %s : tensor<f16>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @all_reduce_c5_int_float(%x: tensor<4xf32>, %y: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error @+1 {{element type 'i32' of operand #1 is not promotable to the computation's element type 'f32' (all_reduce_c5)}}
  %0:2 = "stablehlo.all_reduce"(%x, %y) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

func.func @all_reduce_c6(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{result #0 has shape [5] but the operand implies [4] (all_reduce_c6)}}
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @all_reduce_c6_count(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{has 1 results but 2 operands; they must match (all_reduce_c6)}}
  %0 = "stablehlo.all_reduce"(%x, %y) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_c7(%x: tensor<4xf16>) -> tensor<4xf16> {
  // expected-error @+1 {{result #0 has element type 'f16' but expected 'f32' (all_reduce_c7)}}
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf16>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @reduce_scatter_c1(%x: tensor<2x5xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{dimension 1 of the operand has size 5, which is not divisible by the process group size 2 (reduce_scatter_c1)}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x5xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @reduce_scatter_c2(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{scatter_dimension 2 must be in range [0, 2) for operand #0 of type 'tensor<2x4xf32>' (reduce_scatter_c2)}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @reduce_scatter_c3(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{replica_groups value 1 appears more than once (reduce_scatter_c3)}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @reduce_scatter_c5(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{replica_groups value 3 must be in range [0, 2), the number of ids in replica_groups (reduce_scatter_c5)}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[3, 0]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @reduce_scatter_c6(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{use_global_device_ids requires a channel_handle with handle > 0, got handle -1 (reduce_scatter_c6)}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = -1, type = 0>, use_global_device_ids} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @reduce_scatter_c7(%x: tensor<2x4xi32>) -> tensor<2x2xi32> {
  // expected-error @+1 {{element type 'i32' of operand #0 is not promotable to the computation's element type 'ui32' (reduce_scatter_c7)}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
    ^bb0(%a: tensor<ui32>, %b: tensor<ui32>):
      %s = stablehlo.add %a, %b : tensor<ui32>
      stablehlo.return %s : tensor<ui32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

func.func @reduce_scatter_c8(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{result #0 has shape [2, 4] but the operand implies [2, 2] (reduce_scatter_c8)}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @reduce_scatter_c8_partitions(%x: tensor<2x4xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{dimension 1 of result #0 has size 4, which must be a multiple of the operand's 3 (reduce_scatter_c8)}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>} : (tensor<2x4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reduce_scatter_c9(%x: tensor<2x4xf16>) -> tensor<2x2xf16> {
  // expected-error @+1 {{result #0 has element type 'f16' but expected 'f32' (reduce_scatter_c9)}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf16>) -> tensor<2x2xf16>
  return %0 : tensor<2x2xf16>
}

// -----

func.func @all_to_all_c1(%x: tensor<2x4xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{split_dimension 2 must be in range [0, 2) for operand #0 of type 'tensor<2x4xf32>' (all_to_all_c1)}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 2 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @all_to_all_c2(%x: tensor<2x3xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{dimension 1 of operand #0 has size 3, which is not divisible by split_count 2 (all_to_all_c2)}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x3xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @all_to_all_c3(%x: tensor<2x4xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{concat_dimension -1 must be in range [0, 2) for operand #0 of type 'tensor<2x4xf32>' (all_to_all_c3)}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = -1 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @all_to_all_c4(%x: tensor<2x4xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{split_count 0 must be positive (all_to_all_c4)}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @all_to_all_c5(%x: tensor<2x4xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{replica_groups value 1 appears more than once (all_to_all_c5)}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @all_to_all_c7(%x: tensor<2x4xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{replica_groups value 7 must be in range [0, 2), the number of ids in replica_groups (all_to_all_c7)}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 7]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @all_to_all_c8(%x: tensor<2x4xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{replica_groups have 4 ids per group but split_count is 2 (all_to_all_c8)}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @all_to_all_c9(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{result #0 has shape [2, 4] but the operand implies [4, 2] (all_to_all_c9)}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @all_to_all_c9_element(%x: tensor<2x4xf32>, %y: tensor<2x4xi8>) -> (tensor<4x2xf32>, tensor<4x2xi16>) {
  // expected-error @+1 {{result #1 has element type 'i16' but expected 'i8' (all_to_all_c9)}}
  %0:2 = "stablehlo.all_to_all"(%x, %y) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>, tensor<2x4xi8>) -> (tensor<4x2xf32>, tensor<4x2xi16>)
  return %0#0, %0#1 : tensor<4x2xf32>, tensor<4x2xi16>
}

// -----

func.func @collective_permute_c1(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{source_target_pairs must have shape [N, 2], got [1, 3] (collective_permute_c1)}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @collective_permute_c2(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{source 0 appears more than once in source_target_pairs (collective_permute_c2)}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @collective_permute_c3(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{target 1 appears more than once in source_target_pairs (collective_permute_c3)}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @collective_permute_c4(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{source_target_pairs entry [-1, 1] must not be negative (collective_permute_c4)}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[-1, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @collective_permute_c5(%x: tensor<2x2xf32>) -> tensor<2x2xf64> {
  // expected-error @+1 {{result type 'tensor<2x2xf64>' must match operand type 'tensor<2x2xf32>' (collective_permute_c5)}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf64>
  return %0 : tensor<2x2xf64>
}

// -----

func.func @collective_broadcast_c1(%x: tensor<1x2xi64>) -> tensor<1x2xi64> {
  // expected-error @+1 {{replica_groups value 2 appears more than once (collective_broadcast_c1)}}
  %0 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[2, 2]]> : tensor<1x2xi64>} : (tensor<1x2xi64>) -> tensor<1x2xi64>
  return %0 : tensor<1x2xi64>
}

// -----

func.func @collective_broadcast_c2(%x: tensor<1x2xi64>) -> tensor<1x2xi64> {
  // expected-error @+1 {{replica_groups value -3 must be non-negative (or -1 as padding) (collective_broadcast_c2)}}
  %0 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[-3, 1]]> : tensor<1x2xi64>} : (tensor<1x2xi64>) -> tensor<1x2xi64>
  return %0 : tensor<1x2xi64>
}

// -----

func.func @collective_broadcast_c3(%x: tensor<1x2xi64>) -> tensor<2x1xi64> {
  // expected-error @+1 {{result #0 type 'tensor<2x1xi64>' must match operand type 'tensor<1x2xi64>' (collective_broadcast_c3)}}
  %0 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<1x2xi64>) -> tensor<2x1xi64>
  return %0 : tensor<2x1xi64>
}

// -----

func.func @collective_broadcast_c3_dynamic_root(%x: tensor<1x2xi64>, %root: tensor<1xi32>) -> (tensor<1x2xi64>, tensor<1xi32>) {
  // expected-error @+1 {{has 2 results but 1 data operands; they must match (collective_broadcast_c3)}}
  %0:2 = "stablehlo.collective_broadcast"(%x, %root) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<1x2xi64>, tensor<1xi32>) -> (tensor<1x2xi64>, tensor<1xi32>)
  return %0#0, %0#1 : tensor<1x2xi64>, tensor<1xi32>
}

// -----

func.func @collective_broadcast_root(%x: tensor<1x2xi64>, %root: tensor<2xi32>) -> tensor<1x2xi64> {
  // expected-error @+1 {{root must be a 1-dimensional integer tensor with one entry per data operand (1), got 'tensor<2xi32>'}}
  %0 = "stablehlo.collective_broadcast"(%x, %root) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<1x2xi64>, tensor<2xi32>) -> tensor<1x2xi64>
  return %0 : tensor<1x2xi64>
}

// -----

func.func @send_c1_host(%x: tensor<2xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  // expected-error @+1 {{channel_handle type 1 (DEVICE_TO_DEVICE) must be 2 (DEVICE_TO_HOST) when is_host_transfer is true (send_c1)}}
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = true} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

func.func @send_c1_device(%x: tensor<2xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  // expected-error @+1 {{channel_handle type 2 (DEVICE_TO_HOST) must be 1 (DEVICE_TO_DEVICE) when is_host_transfer is false (send_c1)}}
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

func.func @send_source_target_pairs(%x: tensor<2xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  // expected-error @+1 {{source 1 appears more than once in source_target_pairs (send_c3)}}
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[1, 0], [1, 2]]> : tensor<2x2xi64>} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

func.func @recv_c1(%t: !stablehlo.token) -> !stablehlo.token {
  // expected-error @+1 {{channel_handle type 2 (DEVICE_TO_HOST) must be 3 (HOST_TO_DEVICE) when is_host_transfer is true (recv_c1)}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return %0#1 : !stablehlo.token
}

// -----

func.func @recv_c2(%t: !stablehlo.token) {
  // expected-error @+1 {{must have at least one result (a token) (recv_c2)}}
  "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> ()
  return
}

// -----

func.func @recv_c3(%t: !stablehlo.token) -> !stablehlo.token {
  // expected-error @+1 {{result #0 must be a tensor, got '!stablehlo.token' (recv_c3)}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> (!stablehlo.token, !stablehlo.token)
  return %0#1 : !stablehlo.token
}

// -----

func.func @recv_c4(%t: !stablehlo.token) -> tensor<2xf32> {
  // expected-error @+1 {{last result must be a !stablehlo.token, got 'tensor<2xf32>' (recv_c4)}}
  %0 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @infeed_c1(%t: !stablehlo.token) {
  // expected-error @+1 {{must have at least one result (a token) (infeed_c1)}}
  "stablehlo.infeed"(%t) : (!stablehlo.token) -> ()
  return
}

// -----

func.func @infeed_c2(%t: !stablehlo.token) -> !stablehlo.token {
  // expected-error @+1 {{result #1 must be a tensor, got '!stablehlo.token' (infeed_c2)}}
  %0:3 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token, !stablehlo.token)
  return %0#2 : !stablehlo.token
}

// -----

func.func @infeed_c3(%t: !stablehlo.token) -> tensor<2xf32> {
  // expected-error @+1 {{last result must be a !stablehlo.token, got 'tensor<2xf32>' (infeed_c3)}}
  %0 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @infeed_layout(%t: !stablehlo.token) -> tensor<2xf32> {
  // expected-error @+1 {{layout has 2 entries but there are 1 tensor results}}
  %0:2 = "stablehlo.infeed"(%t) {layout = [[0], [0]]} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return %0#0 : tensor<2xf32>
}

// -----

func.func @replica_id_type() -> tensor<i32> {
  // expected-error @+1 {{result #0 must be 0D tensor of 32-bit unsigned integer values}}
  %0 = "stablehlo.replica_id"() : () -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @after_all_operands(%x: tensor<f32>) -> !stablehlo.token {
  // expected-error @+1 {{operand #0 must be variadic of token}}
  %0 = "stablehlo.after_all"(%x) : (tensor<f32>) -> !stablehlo.token
  return %0 : !stablehlo.token
}
