// RUN: jx-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

func.func @unary_shape(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'chlo.acosh' op operand shape [4] and result shape [5] must match}}
  %0 = chlo.acosh %x : tensor<4xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @unary_element_type(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{'chlo.erf' op operand element type 'f32' and result element type 'f64' must match}}
  %0 = chlo.erf %x : tensor<4xf32> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @unary_operand_type(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'chlo.lgamma' op operand #0 must be ranked tensor of floating-point values}}
  %0 = chlo.lgamma %x : tensor<4xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @is_inf_shape(%x: tensor<4xf32>) -> tensor<3xi1> {
  // expected-error @+1 {{'chlo.is_inf' op operand shape [4] and result shape [3] must match}}
  %0 = chlo.is_inf %x : tensor<4xf32> -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @binary_shape(%x: tensor<4xf32>, %y: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.next_after' op lhs shape [4] and rhs shape [3] must match}}
  %0 = chlo.next_after %x, %y : tensor<4xf32>, tensor<3xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @binary_element_type(%x: tensor<4xf32>, %y: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.zeta' op lhs element type 'f32' and rhs element type 'f64' must match}}
  %0 = chlo.zeta %x, %y : tensor<4xf32>, tensor<4xf64> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @mulhi_float(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.mulhi' op operand #0 must be ranked tensor of integer values}}
  %0 = chlo.mulhi %x, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @broadcast_incompatible(%x: tensor<2x3xf32>, %y: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.broadcast_add' op shapes [2, 3] and [2] do not broadcast: dimension 1 has sizes 3 and 2}}
  %0 = chlo.broadcast_add %x, %y : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_result_shape(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'chlo.broadcast_multiply' op result shape [3, 3] must match the broadcast shape [2, 3] of lhs [2, 3] and rhs [3]}}
  %0 = chlo.broadcast_multiply %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @broadcast_dims_size(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.broadcast_subtract' op broadcast_dimensions [0, 1] must have one entry per dimension of the lower-rank operand, of rank 1}}
  %0 = chlo.broadcast_subtract %x, %y {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_dims_range(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.broadcast_subtract' op broadcast_dimensions [2] must be in range [0, 2)}}
  %0 = chlo.broadcast_subtract %x, %y {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_dims_mismatch(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.broadcast_maximum' op shapes [2, 3] and [3] do not broadcast: dimension 0 has sizes 2 and 3}}
  %0 = chlo.broadcast_maximum %x, %y {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_dims_repeated(%x: tensor<2x3xf32>, %y: tensor<1x1xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.broadcast_minimum' op broadcast_dimensions [1, 1] must not repeat a dimension}}
  %0 = chlo.broadcast_minimum %x, %y {broadcast_dimensions = array<i64: 1, 1>} : (tensor<2x3xf32>, tensor<1x1xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_element_type(%x: tensor<2x2x!quant.uniform<i8:f32, 2.0:15>>, %y: tensor<2x2x!quant.uniform<i8:f32, 3.0:15>>) -> tensor<2x2x!quant.uniform<i16:f32, 2.0:15>> {
  // expected-error @+1 {{'chlo.broadcast_add' op lhs element type '!quant.uniform<i8:f32, 2.000000e+00:15>' and result element type '!quant.uniform<i16:f32, 2.000000e+00:15>' must match}}
  %0 = "chlo.broadcast_add"(%x, %y) : (tensor<2x2x!quant.uniform<i8:f32, 2.0:15>>, tensor<2x2x!quant.uniform<i8:f32, 3.0:15>>) -> tensor<2x2x!quant.uniform<i16:f32, 2.0:15>>
  return %0 : tensor<2x2x!quant.uniform<i16:f32, 2.0:15>>
}

// -----

func.func @broadcast_complex_result(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xcomplex<f64>> {
  // expected-error @+1 {{'chlo.broadcast_complex' op result element type 'complex<f64>' must be 'complex<f32>'}}
  %0 = chlo.broadcast_complex %x, %y : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xcomplex<f64>>
  return %0 : tensor<3xcomplex<f64>>
}

// -----

func.func @broadcast_compare_types(%x: tensor<3xf32>, %y: tensor<3xi32>) -> tensor<3xi1> {
  // expected-error @+1 {{'chlo.broadcast_compare' op lhs element type 'f32' and rhs element type 'i32' must match}}
  %0 = chlo.broadcast_compare %x, %y {comparison_direction = #chlo<comparison_direction EQ>} : (tensor<3xf32>, tensor<3xi32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @broadcast_compare_direction(%x: tensor<3xf32>) -> tensor<3xi1> {
  // expected-error @+1 {{'chlo.broadcast_compare' op requires attribute 'comparison_direction'}}
  %0 = chlo.broadcast_compare %x, %x : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @broadcast_select_shape(%p: tensor<2xi1>, %x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'chlo.broadcast_select' op shapes [2] and [3] do not broadcast}}
  %0 = chlo.broadcast_select %p, %x, %x : (tensor<2xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @constant_like_type(%x: tensor<1x2xi64>) -> tensor<1x2xi32> {
  // expected-error @+1 {{'chlo.constant_like' op value type 'f32' must be the result element type 'i32'}}
  %0 = "chlo.constant_like"(%x) {value = 3.2 : f32} : (tensor<1x2xi64>) -> tensor<1x2xi32>
  return %0 : tensor<1x2xi32>
}

// -----

func.func @constant_like_shape(%x: tensor<1x2xi64>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'chlo.constant_like' op operand shape [1, 2] and result shape [2, 2] must match}}
  %0 = "chlo.constant_like"(%x) {value = 3.2 : f32} : (tensor<1x2xi64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @constant_type() -> tensor<3xi32> {
  // expected-error @+1 {{'chlo.constant' op failed to verify that all of {value, output} have same type}}
  %0 = "chlo.constant"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @top_k_rank(%x: tensor<f32>) {
  // expected-error @+1 {{'chlo.top_k' op operand's rank must be at least 1}}
  %0:2 = chlo.top_k(%x, k = 8) : tensor<f32> -> (tensor<8xf32>, tensor<8xi32>)
  return
}

// -----

func.func @top_k_k(%x: tensor<4xf32>) {
  // expected-error @+1 {{'chlo.top_k' op operand's last dimension must be at least 8, got 4}}
  %0:2 = chlo.top_k(%x, k = 8) : tensor<4xf32> -> (tensor<8xf32>, tensor<8xi32>)
  return
}

// -----

func.func @top_k_negative(%x: tensor<4xf32>) {
  // expected-error @+1 {{'chlo.top_k' op k must be non-negative, got -1}}
  %0:2 = chlo.top_k(%x, k = -1) : tensor<4xf32> -> (tensor<4xf32>, tensor<4xi32>)
  return
}

// -----

func.func @top_k_values_shape(%x: tensor<5x4xf32>) {
  // expected-error @+1 {{'chlo.top_k' op values shape [5, 3] must be [5, 2]}}
  %0:2 = chlo.top_k(%x, k = 2) : tensor<5x4xf32> -> (tensor<5x3xf32>, tensor<5x2xi32>)
  return
}

// -----

func.func @top_k_values_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'chlo.top_k' op values element type 'f16' must be the operand element type 'f32'}}
  %0:2 = chlo.top_k(%x, k = 2) : tensor<4xf32> -> (tensor<2xf16>, tensor<2xi32>)
  return
}

// -----

func.func @top_k_indices_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'chlo.top_k' op indices element type 'i64' must be i32}}
  %0:2 = chlo.top_k(%x, k = 2) : tensor<4xf32> -> (tensor<2xf32>, tensor<2xi64>)
  return
}

// -----

func.func @ragged_dot_contracting_sizes(%lhs: tensor<11x5xf32>, %rhs: tensor<3x2x7xf32>, %gs: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op contracting dimension sizes must match: lhs dimension 1 has size 5, rhs dimension 1 has size 2}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1],
      rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>
  } : (tensor<11x5xf32>, tensor<3x2x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @ragged_dot_group_sizes_rank(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %gs: tensor<3x2xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op expected group_sizes to have rank 1, got 2}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1],
      rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>
  } : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3x2xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @ragged_dot_group_sizes_shape(%lhs: tensor<19x17x11x5xf32>, %rhs: tensor<3x19x5x7xf32>, %gs: tensor<19x11x3xi64>) -> tensor<19x17x11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op group_sizes is expected to have shape [19, 17, 3], got [19, 11, 3]}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [1], lhs_contracting_dimensions = [3],
      rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [2], rhs_group_dimensions = [0]>
  } : (tensor<19x17x11x5xf32>, tensor<3x19x5x7xf32>, tensor<19x11x3xi64>) -> tensor<19x17x11x7xf32>
  return %0 : tensor<19x17x11x7xf32>
}

// -----

func.func @ragged_dot_group_dim_size(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %gs: tensor<2xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op rhs group dimension is expected to have size=2, got 3}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1],
      rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>
  } : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<2xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @ragged_dot_two_ragged(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %gs: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op There must be exactly one ragged dimension in the lhs, got 2}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1],
      rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0, 1], rhs_group_dimensions = [0]>
  } : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @ragged_dot_group_is_batch(%lhs: tensor<3x11x5xf32>, %rhs: tensor<3x5x7xf32>, %gs: tensor<3xi64>) -> tensor<3x11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op has duplicated dimension from rhs_group_dimensions and rhs_batching_dimensions: 0}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>
  } : (tensor<3x11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<3x11x7xf32>
  return %0 : tensor<3x11x7xf32>
}

// -----

func.func @ragged_dot_group_for_contracting(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %gs: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op There must be zero group dimensions in the rhs when the ragged dimension is batch or contracting}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1],
      rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>
  } : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @ragged_dot_no_group(%lhs: tensor<11x5xf32>, %rhs: tensor<5x7xf32>, %gs: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op There must be exactly one group dimension in the rhs when the lhs ragged dimension is non-contracting}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1],
      rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [0]>
  } : (tensor<11x5xf32>, tensor<5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @ragged_dot_dim_range(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %gs: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op lhs_contracting_dimensions [2] must be in range [0, 2)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>
  } : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @ragged_dot_result(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %gs: tensor<3xi64>) -> tensor<11x8xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op result shape [11, 8] must be [11, 7]}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1],
      rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>
  } : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x8xf32>
  return %0 : tensor<11x8xf32>
}

// -----

func.func @ragged_dot_attr_field(%lhs: tensor<11x5xf32>) {
  // expected-error @+1 {{unknown field 'lhs_group_dimensions' in #chlo.ragged_dot}}
  %0 = "test.op"() {a = #chlo.ragged_dot<lhs_group_dimensions = [0]>} : () -> tensor<f32>
  return
}

// -----

func.func @scan_dim_size(%x: tensor<2x3xf32>, %c: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.scan' op invalid scan dimension size of operand 0: 2, expected 3}}
  %0, %1 = chlo.scan (%x) inits (%c) dimension = 0 attributes {scan_dim_size = 3 : i64} {
  ^bb0(%a: tensor<3xf32>, %b: tensor<3xf32>):
    %2 = stablehlo.add %a, %b : tensor<3xf32>
    stablehlo.return %2, %2 : tensor<3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return %0 : tensor<2x3xf32>
}

// -----

func.func @scan_body_arity(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.scan' op expects 1 arguments in the body, but got 2}}
  %0 = chlo.scan(%x) inits () dimension = 0 {
  ^bb0(%a: tensor<3xf32>, %b: tensor<3xf32>):
    stablehlo.return %a : tensor<3xf32>
  } : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @scan_body_arg_type(%x: tensor<2x3xf32>, %c: tensor<3xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.scan' op operand and body argument 1 are incompatible: expected 'tensor<3xi32>', got 'tensor<3xf32>'}}
  %0:2 = chlo.scan(%x) inits (%c) dimension = 0 {
  ^bb0(%a: tensor<3xf32>, %b: tensor<3xf32>):
    stablehlo.return %a, %a : tensor<3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xi32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @scan_dim_range(%x: tensor<2x3xf32>, %c: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.scan' op scan dimension of operand 0 is out of bounds}}
  %0:2 = chlo.scan(%x) inits (%c) dimension = 2 {
  ^bb0(%a: tensor<3xf32>, %b: tensor<3xf32>):
    stablehlo.return %a, %a : tensor<3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @scan_return_arity(%x: tensor<2x3xf32>, %c: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.scan' op body must return 2 values (1 outputs and 1 carries)}}
  %0:2 = chlo.scan(%x) inits (%c) dimension = 0 {
  ^bb0(%a: tensor<3xf32>, %b: tensor<3xf32>):
    stablehlo.return %a : tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// An empty body (found by the parse_verify fuzzer: the verifier read past
// the block's end).
func.func @scan_empty_body(%x: tensor<2x3xf32>, %c: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.scan' op body must return 2 values (1 outputs and 1 carries)}}
  %0:2 = chlo.scan(%x) inits (%c) dimension = 0 {
  ^bb0(%a: tensor<3xf32>, %b: tensor<3xf32>):
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @scan_carry_type(%x: tensor<2x3xf32>, %c: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.scan' op body carry result 0 of type 'tensor<2xf32>' must match init type 'tensor<3xf32>'}}
  %0:2 = chlo.scan(%x) inits (%c) dimension = 0 {
  ^bb0(%a: tensor<3xf32>, %b: tensor<3xf32>):
    %s = "test.slice"(%a) : (tensor<3xf32>) -> tensor<2xf32>
    stablehlo.return %a, %s : tensor<3xf32>, tensor<2xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @scan_output_type(%x: tensor<2x3xf32>, %c: tensor<3xf32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'chlo.scan' op result 0 of type 'tensor<3x3xf32>' must be 'tensor<2x3xf32>'}}
  %0:2 = chlo.scan(%x) inits (%c) dimension = 0 {
  ^bb0(%a: tensor<3xf32>, %b: tensor<3xf32>):
    stablehlo.return %a, %a : tensor<3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<3x3xf32>, tensor<3xf32>)
  return %0#0 : tensor<3x3xf32>
}

// -----

func.func @scan_results(%x: tensor<2x3xf32>, %c: tensor<3xf32>, %d: tensor<3xf32>) {
  // expected-error @+1 {{'chlo.scan' op expects at least 2 results (one per init), got 1}}
  %0 = chlo.scan(%x) inits (%c, %d) dimension = 0 {
  ^bb0(%a: tensor<3xf32>, %b: tensor<3xf32>, %e: tensor<3xf32>):
    stablehlo.return %a, %a : tensor<3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

// One shape mismatch per op (the shared verifiers are checked above).

func.func @acos_shape(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'chlo.acos' op operand shape [4] and result shape [5] must match}}
  %0 = chlo.acos %x : tensor<4xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @acosh_shape(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'chlo.acosh' op operand shape [4] and result shape [5] must match}}
  %0 = chlo.acosh %x : tensor<4xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @asin_shape(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'chlo.asin' op operand shape [4] and result shape [5] must match}}
  %0 = chlo.asin %x : tensor<4xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @asinh_shape(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'chlo.asinh' op operand shape [4] and result shape [5] must match}}
  %0 = chlo.asinh %x : tensor<4xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @atan_shape(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'chlo.atan' op operand shape [4] and result shape [5] must match}}
  %0 = chlo.atan %x : tensor<4xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @atanh_shape(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'chlo.atanh' op operand shape [4] and result shape [5] must match}}
  %0 = chlo.atanh %x : tensor<4xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @bessel_i1e_shape(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'chlo.bessel_i1e' op operand shape [4] and result shape [5] must match}}
  %0 = chlo.bessel_i1e %x : tensor<4xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @broadcast_add_shapes(%x: tensor<2x3xf32>, %y: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.broadcast_add' op shapes [2, 3] and [2] do not broadcast: dimension 1 has sizes 3 and 2}}
  %0 = chlo.broadcast_add %x, %y : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_and_shapes(%x: tensor<2x3xi32>, %y: tensor<2xi32>) -> tensor<2x3xi32> {
  // expected-error @+1 {{'chlo.broadcast_and' op shapes [2, 3] and [2] do not broadcast: dimension 1 has sizes 3 and 2}}
  %0 = chlo.broadcast_and %x, %y : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_atan2_shapes(%x: tensor<2x3xf32>, %y: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.broadcast_atan2' op shapes [2, 3] and [2] do not broadcast: dimension 1 has sizes 3 and 2}}
  %0 = chlo.broadcast_atan2 %x, %y : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_divide_shapes(%x: tensor<2x3xf32>, %y: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.broadcast_divide' op shapes [2, 3] and [2] do not broadcast: dimension 1 has sizes 3 and 2}}
  %0 = chlo.broadcast_divide %x, %y : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_maximum_shapes(%x: tensor<2x3xf32>, %y: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.broadcast_maximum' op shapes [2, 3] and [2] do not broadcast: dimension 1 has sizes 3 and 2}}
  %0 = chlo.broadcast_maximum %x, %y : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_minimum_shapes(%x: tensor<2x3xf32>, %y: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.broadcast_minimum' op shapes [2, 3] and [2] do not broadcast: dimension 1 has sizes 3 and 2}}
  %0 = chlo.broadcast_minimum %x, %y : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_multiply_shapes(%x: tensor<2x3xf32>, %y: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.broadcast_multiply' op shapes [2, 3] and [2] do not broadcast: dimension 1 has sizes 3 and 2}}
  %0 = chlo.broadcast_multiply %x, %y : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_next_after_shapes(%x: tensor<2x3xf32>, %y: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.broadcast_next_after' op shapes [2, 3] and [2] do not broadcast: dimension 1 has sizes 3 and 2}}
  %0 = chlo.broadcast_next_after %x, %y : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_or_shapes(%x: tensor<2x3xi32>, %y: tensor<2xi32>) -> tensor<2x3xi32> {
  // expected-error @+1 {{'chlo.broadcast_or' op shapes [2, 3] and [2] do not broadcast: dimension 1 has sizes 3 and 2}}
  %0 = chlo.broadcast_or %x, %y : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_polygamma_shapes(%x: tensor<2x3xf32>, %y: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.broadcast_polygamma' op shapes [2, 3] and [2] do not broadcast: dimension 1 has sizes 3 and 2}}
  %0 = chlo.broadcast_polygamma %x, %y : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_power_shapes(%x: tensor<2x3xf32>, %y: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.broadcast_power' op shapes [2, 3] and [2] do not broadcast: dimension 1 has sizes 3 and 2}}
  %0 = chlo.broadcast_power %x, %y : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_remainder_shapes(%x: tensor<2x3xf32>, %y: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.broadcast_remainder' op shapes [2, 3] and [2] do not broadcast: dimension 1 has sizes 3 and 2}}
  %0 = chlo.broadcast_remainder %x, %y : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_shift_left_shapes(%x: tensor<2x3xi32>, %y: tensor<2xi32>) -> tensor<2x3xi32> {
  // expected-error @+1 {{'chlo.broadcast_shift_left' op shapes [2, 3] and [2] do not broadcast: dimension 1 has sizes 3 and 2}}
  %0 = chlo.broadcast_shift_left %x, %y : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_shift_right_arithmetic_shapes(%x: tensor<2x3xi32>, %y: tensor<2xi32>) -> tensor<2x3xi32> {
  // expected-error @+1 {{'chlo.broadcast_shift_right_arithmetic' op shapes [2, 3] and [2] do not broadcast: dimension 1 has sizes 3 and 2}}
  %0 = chlo.broadcast_shift_right_arithmetic %x, %y : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_shift_right_logical_shapes(%x: tensor<2x3xi32>, %y: tensor<2xi32>) -> tensor<2x3xi32> {
  // expected-error @+1 {{'chlo.broadcast_shift_right_logical' op shapes [2, 3] and [2] do not broadcast: dimension 1 has sizes 3 and 2}}
  %0 = chlo.broadcast_shift_right_logical %x, %y : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_subtract_shapes(%x: tensor<2x3xf32>, %y: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.broadcast_subtract' op shapes [2, 3] and [2] do not broadcast: dimension 1 has sizes 3 and 2}}
  %0 = chlo.broadcast_subtract %x, %y : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_xor_shapes(%x: tensor<2x3xi32>, %y: tensor<2xi32>) -> tensor<2x3xi32> {
  // expected-error @+1 {{'chlo.broadcast_xor' op shapes [2, 3] and [2] do not broadcast: dimension 1 has sizes 3 and 2}}
  %0 = chlo.broadcast_xor %x, %y : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_zeta_shapes(%x: tensor<2x3xf32>, %y: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.broadcast_zeta' op shapes [2, 3] and [2] do not broadcast: dimension 1 has sizes 3 and 2}}
  %0 = chlo.broadcast_zeta %x, %y : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @conj_shape(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'chlo.conj' op operand shape [4] and result shape [5] must match}}
  %0 = chlo.conj %x : tensor<4xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @cosh_shape(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'chlo.cosh' op operand shape [4] and result shape [5] must match}}
  %0 = chlo.cosh %x : tensor<4xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @digamma_shape(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'chlo.digamma' op operand shape [4] and result shape [5] must match}}
  %0 = chlo.digamma %x : tensor<4xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @erf_shape(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'chlo.erf' op operand shape [4] and result shape [5] must match}}
  %0 = chlo.erf %x : tensor<4xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @erf_inv_shape(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'chlo.erf_inv' op operand shape [4] and result shape [5] must match}}
  %0 = chlo.erf_inv %x : tensor<4xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @erfc_shape(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'chlo.erfc' op operand shape [4] and result shape [5] must match}}
  %0 = chlo.erfc %x : tensor<4xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @is_inf_shape(%x: tensor<4xf32>) -> tensor<5xi1> {
  // expected-error @+1 {{'chlo.is_inf' op operand shape [4] and result shape [5] must match}}
  %0 = chlo.is_inf %x : tensor<4xf32> -> tensor<5xi1>
  return %0 : tensor<5xi1>
}

// -----

func.func @is_neg_inf_shape(%x: tensor<4xf32>) -> tensor<5xi1> {
  // expected-error @+1 {{'chlo.is_neg_inf' op operand shape [4] and result shape [5] must match}}
  %0 = chlo.is_neg_inf %x : tensor<4xf32> -> tensor<5xi1>
  return %0 : tensor<5xi1>
}

// -----

func.func @is_pos_inf_shape(%x: tensor<4xf32>) -> tensor<5xi1> {
  // expected-error @+1 {{'chlo.is_pos_inf' op operand shape [4] and result shape [5] must match}}
  %0 = chlo.is_pos_inf %x : tensor<4xf32> -> tensor<5xi1>
  return %0 : tensor<5xi1>
}

// -----

func.func @lgamma_shape(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'chlo.lgamma' op operand shape [4] and result shape [5] must match}}
  %0 = chlo.lgamma %x : tensor<4xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @mulhi_shapes(%x: tensor<4xi32>, %y: tensor<3xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'chlo.mulhi' op lhs shape [4] and rhs shape [3] must match}}
  %0 = chlo.mulhi %x, %y : tensor<4xi32>, tensor<3xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @next_after_result_shape(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'chlo.next_after' op lhs shape [4] and result shape [5] must match}}
  %0 = chlo.next_after %x, %x : tensor<4xf32>, tensor<4xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @polygamma_shapes(%x: tensor<4xf32>, %y: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.polygamma' op lhs shape [4] and rhs shape [3] must match}}
  %0 = chlo.polygamma %x, %y : tensor<4xf32>, tensor<3xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @sinh_shape(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'chlo.sinh' op operand shape [4] and result shape [5] must match}}
  %0 = chlo.sinh %x : tensor<4xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @square_shape(%x: tensor<4xi32>) -> tensor<5xi32> {
  // expected-error @+1 {{'chlo.square' op operand shape [4] and result shape [5] must match}}
  %0 = chlo.square %x : tensor<4xi32> -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

// -----

func.func @tan_shape(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'chlo.tan' op operand shape [4] and result shape [5] must match}}
  %0 = chlo.tan %x : tensor<4xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @zeta_result_shape(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'chlo.zeta' op lhs shape [4] and result shape [5] must match}}
  %0 = chlo.zeta %x, %x : tensor<4xf32>, tensor<4xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
