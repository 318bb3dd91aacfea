// RUN: jx-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

func.func @gather_c1(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{operand rank 3 must equal size(offset_dims) + size(collapsed_slice_dims) + size(operand_batching_dims) = 1 + 1 + 0 (gather_c1)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c2(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{index_vector_dim 4 must be in range [0, 3] for start_indices of type 'tensor<2x3x2xi64>' (gather_c2)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 4>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c3(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{start_index_map [1] has size 1 but the index vector of 'tensor<2x3x2xi64>' at index_vector_dim 2 has size 2 (gather_c3)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c4_sorted(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{offset_dims [3, 2] must be sorted (gather_c4)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 2], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c4_unique(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{offset_dims [2, 2] must be unique (gather_c4)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 2], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c5(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{offset_dims [2, 4] must be in range [0, 4) (gather_c5)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 4], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c6(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{collapsed_slice_dims ++ operand_batching_dims [0, 0] must be unique (gather_c6)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c7(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{collapsed_slice_dims [1, 0] must be sorted (gather_c7)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1, 0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c8(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{collapsed_slice_dims [3] must be in range [0, 3) (gather_c8)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [3], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c9(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{slice size 2 of collapsed dimension 0 must be at most 1 (gather_c9)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 2, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c10(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{operand_batching_dims [1, 0] must be sorted (gather_c10)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [], operand_batching_dims = [1, 0], start_indices_batching_dims = [0, 1], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c11(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{operand_batching_dims [3] must be in range [0, 3) (gather_c11)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [], operand_batching_dims = [3], start_indices_batching_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c12(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{slice size 2 of batching dimension 0 must be at most 1 (gather_c12)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 2, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c13(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{start_indices_batching_dims [0, 0] must be unique (gather_c13)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [], operand_batching_dims = [0], start_indices_batching_dims = [0, 0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c14(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{start_indices_batching_dims [5] must be in range [0, 3) (gather_c14)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [], operand_batching_dims = [0], start_indices_batching_dims = [5], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c15(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{index_vector_dim 2 must not be in start_indices_batching_dims [2] (gather_c15)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [], operand_batching_dims = [0], start_indices_batching_dims = [2], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c16(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{operand_batching_dims [0] and start_indices_batching_dims [] must have the same size (gather_c16)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [], operand_batching_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c17(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{dimension 0 of 'tensor<3x4x2xi64>' (size 3) and dimension 0 of 'tensor<2x3x2xi64>' (size 2) are batching dimensions and must have the same size (gather_c17)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1, 2], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c18(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{start_index_map ++ operand_batching_dims [0, 0] must be unique (gather_c18)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [0, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c18_batching(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{start_index_map ++ operand_batching_dims [1, 0, 0] must be unique (gather_c18)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c19(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{start_index_map [1, 3] must be in range [0, 3) (gather_c19)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 3], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c20(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{slice_sizes [1, 2] must have one entry per operand dimension (3) (gather_c20)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c21(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{slice_sizes [1, 5, 2] must be in range [0, dim] of operand shape [3, 4, 2] (slice size 5 of dimension 1) (gather_c21)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 5, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c21_negative(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  // expected-error @+1 {{slice_sizes [1, -1, 2] must be in range [0, dim] of operand shape [3, 4, 2] (slice size -1 of dimension 1) (gather_c21)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, -1, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_c22(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x1xi64> {
  // expected-error @+1 {{result shape [2, 3, 2, 1] does not match the inferred shape [2, 3, 2, 2] (gather_c22)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x1xi64>
  func.return %0 : tensor<2x3x2x1xi64>
}

// -----

func.func @gather_c22_rank(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<6x2x2xi64> {
  // expected-error @+1 {{result shape [6, 2, 2] does not match the inferred shape [2, 3, 2, 2] (gather_c22)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<6x2x2xi64>
  func.return %0 : tensor<6x2x2xi64>
}

// -----

func.func @gather_c23(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+1 {{result element type 'i32' must match operand element type 'i64' (gather_c23)}}
  %0 = "stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  func.return %0 : tensor<2x3x2x2xi32>
}

// -----

func.func @dynamic_gather_c21(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x5x2xi64> {
  %sizes = stablehlo.constant dense<[1, 5, 2]> : tensor<3xi64>
  // expected-error @+1 {{slice_sizes [1, 5, 2] must be in range [0, dim] of operand shape [3, 4, 2] (slice size 5 of dimension 1) (dynamic_gather_c21)}}
  %0 = "stablehlo.dynamic_gather"(%operand, %indices, %sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x5x2xi64>
  func.return %0 : tensor<2x3x5x2xi64>
}

// -----

func.func @dynamic_gather_c22(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x1xi64> {
  %sizes = stablehlo.constant dense<[1, 2, 2]> : tensor<3xi64>
  // expected-error @+1 {{result shape [2, 3, 2, 1] does not match the inferred shape [2, 3, 2, 2] (dynamic_gather_c22)}}
  %0 = "stablehlo.dynamic_gather"(%operand, %indices, %sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x1xi64>
  func.return %0 : tensor<2x3x2x1xi64>
}

// -----

func.func @dynamic_gather_c20(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>, %sizes: tensor<2xi64>) -> tensor<2x3x?x?xi64> {
  // expected-error @+1 {{slice_sizes [?, ?] must have one entry per operand dimension (3) (dynamic_gather_c20)}}
  %0 = "stablehlo.dynamic_gather"(%operand, %indices, %sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2xi64>) -> tensor<2x3x?x?xi64>
  func.return %0 : tensor<2x3x?x?xi64>
}

// -----

func.func @dynamic_gather_c9(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  %sizes = stablehlo.constant dense<[3, 2, 2]> : tensor<3xi64>
  // expected-error @+1 {{slice size 3 of collapsed dimension 0 must be at most 1 (dynamic_gather_c9)}}
  %0 = "stablehlo.dynamic_gather"(%operand, %indices, %sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  func.return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @scatter_c1(%in0: tensor<3x4x2xi64>, %in1: tensor<3x4x3xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>, %up1: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{all inputs must have the same shape, got 'tensor<3x4x2xi64>' and 'tensor<3x4x3xi64>' (scatter_c1)}}
  %0:2 = "stablehlo.scatter"(%in0, %in1, %idx, %up0, %up1) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %x1: tensor<i64>, %y: tensor<i64>, %y1: tensor<i64>):
    stablehlo.return %y, %y1 : tensor<i64>, tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<3x4x3xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>, tensor<2x3x2x2xi64>) -> (tensor<3x4x2xi64>, tensor<3x4x3xi64>)
  func.return %0#0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c2(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{input rank 3 must equal size(update_window_dims) + size(inserted_window_dims) + size(input_batching_dims) = 2 + 0 + 0 (scatter_c2)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c3(%in0: tensor<3x4x2xi64>, %in1: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>, %up1: tensor<2x3x2x1xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{all updates must have the same shape, got 'tensor<2x3x2x2xi64>' and 'tensor<2x3x2x1xi64>' (scatter_c3)}}
  %0:2 = "stablehlo.scatter"(%in0, %in1, %idx, %up0, %up1) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %x1: tensor<i64>, %y: tensor<i64>, %y1: tensor<i64>):
    stablehlo.return %y, %y1 : tensor<i64>, tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>, tensor<2x3x2x1xi64>) -> (tensor<3x4x2xi64>, tensor<3x4x2xi64>)
  func.return %0#0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c4_scatter_dim(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x4x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{updates dimension 1 (size 4) is a scatter dimension and must match scatter_indices shape [2, 3, 2] without index_vector_dim (size 3) (scatter_c4)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x4x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c4_window_dim(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x5x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{updates dimension 2 (size 5) is a window dimension and must not exceed the matching input dimension (size 4) (scatter_c4)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x5x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c4_rank(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{updates rank 3 must equal 2 scatter dimensions of scatter_indices [2, 3, 2] plus 2 update_window_dims (scatter_c4)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c5(%input: tensor<3xi64>, %indices: tensor<1x1xi64>) -> tensor<3xi64> {
  // expected-error @+1 {{expects N inputs, scatter_indices and N updates with N > 0, got 2 operands (scatter_c5)}}
  %0 = "stablehlo.scatter"(%input, %indices) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    stablehlo.return %y : tensor<i64>
  }) : (tensor<3xi64>, tensor<1x1xi64>) -> tensor<3xi64>
  func.return %0 : tensor<3xi64>
}

// -----

func.func @scatter_c6(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi32>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{updates #0 element type 'i32' must match inputs #0 element type 'i64' (scatter_c6)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi32>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c7(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{update_window_dims [3, 2] must be sorted (scatter_c7)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c7_unique(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{update_window_dims [2, 2] must be unique (scatter_c7)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c8(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{update_window_dims [2, 4] must be in range [0, 4) (scatter_c8)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 4], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c9(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{inserted_window_dims ++ input_batching_dims [0, 0] must be unique (scatter_c9)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c10(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{inserted_window_dims [1, 0] must be sorted (scatter_c10)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1, 0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c11(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{inserted_window_dims [3] must be in range [0, 3) (scatter_c11)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [3], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c12(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{input_batching_dims [1, 0] must be sorted (scatter_c12)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [], input_batching_dims = [1, 0], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c13(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{input_batching_dims [3] must be in range [0, 3) (scatter_c13)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [], input_batching_dims = [3], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c14(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{scatter_indices_batching_dims [0, 0] must be unique (scatter_c14)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [], input_batching_dims = [0], scatter_indices_batching_dims = [0, 0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c15(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{scatter_indices_batching_dims [3] must be in range [0, 3) (scatter_c15)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [], input_batching_dims = [0], scatter_indices_batching_dims = [3], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c16(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{index_vector_dim 2 must not be in scatter_indices_batching_dims [2] (scatter_c16)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [], input_batching_dims = [0], scatter_indices_batching_dims = [2], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c17(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{input_batching_dims [0] and scatter_indices_batching_dims [] must have the same size (scatter_c17)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [], input_batching_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c18(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{dimension 0 of 'tensor<3x4x2xi64>' (size 3) and dimension 0 of 'tensor<2x3x2xi64>' (size 2) are batching dimensions and must have the same size (scatter_c18)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1, 2], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c19(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{scatter_dims_to_operand_dims [1] has size 1 but the index vector of 'tensor<2x3x2xi64>' at index_vector_dim 2 has size 2 (scatter_c19)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c20(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{scatter_dims_to_operand_dims ++ input_batching_dims [0, 0] must be unique (scatter_c20)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c21(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{scatter_dims_to_operand_dims [1, 3] must be in range [0, 3) (scatter_c21)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 3], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c22(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{index_vector_dim 4 must be in range [0, 3] for scatter_indices of type 'tensor<2x3x2xi64>' (scatter_c22)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 4>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c23_arity(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{update_computation must take 2 arguments and return 1 values, got 3 arguments and 1 results (scatter_c23)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>, %z: tensor<i64>):
    stablehlo.return %y : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c23_rank(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{update_computation argument #0 must be a 0-dimensional tensor, got 'tensor<1xi64>' (scatter_c23)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<1xi64>, %y: tensor<1xi64>):
    stablehlo.return %y : tensor<1xi64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c23_args(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{update_computation arguments #0 and #1 must have the same type, got 'tensor<i64>' and 'tensor<i32>' (scatter_c23)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i32>):
    stablehlo.return %x : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c23_result(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{update_computation result #0 has type 'tensor<i32>' but argument #0 has type 'tensor<i64>' (scatter_c23)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %c = stablehlo.convert %y : (tensor<i64>) -> tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c23_promotable(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xf32> {
  // expected-error @+1 {{inputs #0 element type 'i64' cannot be promoted to the update_computation element type 'f32' (scatter_c23)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return %y : tensor<f32>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xf32>
  func.return %0 : tensor<3x4x2xf32>
}

// -----

func.func @scatter_c23_terminator(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{update_computation must end with stablehlo.return (scatter_c23)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    "test.unknown_terminator"(%y) : (tensor<i64>) -> ()
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  func.return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c24(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x3xi64> {
  // expected-error @+1 {{result #0 shape [3, 4, 3] must match input shape [3, 4, 2] (scatter_c24)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x3xi64>
  func.return %0 : tensor<3x4x3xi64>
}

// -----

func.func @scatter_c24_count(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{expects 1 results, one per input, got 2 (scatter_c24)}}
  %0:2 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> (tensor<3x4x2xi64>, tensor<3x4x2xi64>)
  func.return %0#0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_c25(%in0: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %up0: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi32> {
  // expected-error @+1 {{result #0 element type 'i32' must be the update_computation element type 'i64' (scatter_c25)}}
  %0 = "stablehlo.scatter"(%in0, %idx, %up0) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = stablehlo.add %x, %y : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi32>
  func.return %0 : tensor<3x4x2xi32>
}


// -----

func.func @scatter_c5_even(%i: tensor<3xi64>, %idx: tensor<1x1xi64>, %u: tensor<1xi64>) -> tensor<3xi64> {
  // expected-error @+1 {{expects N inputs, scatter_indices and N updates with N > 0, got 4 operands (scatter_c5)}}
  %0 = "stablehlo.scatter"(%i, %i, %idx, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    stablehlo.return %y : tensor<i64>
  }) : (tensor<3xi64>, tensor<3xi64>, tensor<1x1xi64>, tensor<1xi64>) -> tensor<3xi64>
  func.return %0 : tensor<3xi64>
}

// -----

func.func @scatter_c23_empty_block(%i: tensor<3xi64>, %idx: tensor<1x1xi64>, %u: tensor<1xi64>) -> tensor<3xi64> {
  // expected-error @+1 {{update_computation must end with stablehlo.return (scatter_c23)}}
  %0 = "stablehlo.scatter"(%i, %idx, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
  }) : (tensor<3xi64>, tensor<1x1xi64>, tensor<1xi64>) -> tensor<3xi64>
  func.return %0 : tensor<3xi64>
}

// -----

func.func @gather_c2_negative(%o: tensor<3xi64>, %idx: tensor<i32>) -> tensor<1xi64> {
  // expected-error @+1 {{index_vector_dim -3 must be in range [0, 0] for start_indices of type 'tensor<i32>' (gather_c2)}}
  %0 = "stablehlo.gather"(%o, %idx) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], start_index_map = [0], index_vector_dim = -3>, slice_sizes = array<i64: 1>}> : (tensor<3xi64>, tensor<i32>) -> tensor<1xi64>
  func.return %0 : tensor<1xi64>
}

// -----

func.func @gather_c5_negative(%o: tensor<3xi64>, %idx: tensor<i32>) -> tensor<1xi64> {
  // expected-error @+1 {{offset_dims [-1] must be in range [0, 1) (gather_c5)}}
  %0 = "stablehlo.gather"(%o, %idx) <{dimension_numbers = #stablehlo.gather<offset_dims = [-1], start_index_map = [0], index_vector_dim = 0>, slice_sizes = array<i64: 1>}> : (tensor<3xi64>, tensor<i32>) -> tensor<1xi64>
  func.return %0 : tensor<1xi64>
}

// -----

// The older `slice_sizes = dense<...>` spelling is not accepted.
func.func @gather_slice_sizes_dense(%o: tensor<3xi64>, %idx: tensor<i32>) -> tensor<1xi64> {
  // expected-error @+1 {{'slice_sizes' failed to satisfy constraint: i64 dense array attribute}}
  %0 = "stablehlo.gather"(%o, %idx) {dimension_numbers = #stablehlo.gather<offset_dims = [0], start_index_map = [0], index_vector_dim = 0>, slice_sizes = dense<1> : tensor<1xi64>} : (tensor<3xi64>, tensor<i32>) -> tensor<1xi64>
  func.return %0 : tensor<1xi64>
}

// -----

func.func @gather_start_indices_type(%o: tensor<3xi64>, %idx: tensor<1xf32>) -> tensor<1xi64> {
  // expected-error @+1 {{operand #1 must be ranked tensor of}}
  %0 = "stablehlo.gather"(%o, %idx) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>}> : (tensor<3xi64>, tensor<1xf32>) -> tensor<1xi64>
  func.return %0 : tensor<1xi64>
}
