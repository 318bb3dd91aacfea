// RUN: jx-opt %s | jx-opt | FileCheck %s

// CHECK-LABEL: func.func @custom_call_check
func.func @custom_call_check(%a: tensor<i32>, %b: tensor<i32>) {
  // CHECK: stablehlo.custom_call @check.expect_eq(%arg0, %arg1) {has_side_effect = true} : (tensor<i32>, tensor<i32>) -> ()
  stablehlo.custom_call @check.expect_eq(%a, %b) {has_side_effect = true} : (tensor<i32>, tensor<i32>) -> ()
  func.return
}

// CHECK-LABEL: func.func @custom_call_attrs
func.func @custom_call_attrs(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // CHECK: stablehlo.custom_call @foo(%arg0, %arg1) {api_version = 2 : i32, backend_config = "opaque", called_computations = [@callee], operand_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>]} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %0 = stablehlo.custom_call @foo(%a, %b) {
    backend_config = "opaque",
    api_version = 2 : i32,
    called_computations = [@callee],
    operand_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>],
    result_layouts = [dense<[0, 1]> : tensor<2xindex>],
    output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]
  } : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

func.func private @callee(%x: tensor<f32>) -> tensor<f32>

// Default values (api_version = 1, has_side_effect = false, empty lists)
// are left out when printing.
// CHECK-LABEL: func.func @custom_call_defaults
func.func @custom_call_defaults(%a: tensor<f32>) -> tensor<f32> {
  // CHECK: stablehlo.custom_call @bar(%arg0) : (tensor<f32>) -> tensor<f32>
  %0 = stablehlo.custom_call @bar(%a) {api_version = 1 : i32, has_side_effect = false, called_computations = [], output_operand_aliases = []} : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// CHECK-LABEL: func.func @custom_call_ffi
func.func @custom_call_ffi(%a: tensor<4xf64>) -> (tensor<4xf64>, tensor<i32>) {
  // CHECK: %{{.*}}:2 = stablehlo.custom_call @lapack_ffi(%arg0) {api_version = 4 : i32, backend_config = {mode = 1 : i64, uplo = "L"}} : (tensor<4xf64>) -> (tensor<4xf64>, tensor<i32>)
  %0:2 = stablehlo.custom_call @lapack_ffi(%a) {backend_config = {uplo = "L", mode = 1 : i64}, api_version = 4 : i32} : (tensor<4xf64>) -> (tensor<4xf64>, tensor<i32>)
  func.return %0#0, %0#1 : tensor<4xf64>, tensor<i32>
}

// Tokens, tuples, no operands; a target that needs quoting.
// CHECK-LABEL: func.func @custom_call_tokens_tuples
func.func @custom_call_tokens_tuples(%t: !stablehlo.token) -> tuple<tensor<f32>, !stablehlo.token> {
  // CHECK: stablehlo.custom_call @"my target"() : () -> tuple<tensor<f32>, !stablehlo.token>
  %0 = stablehlo.custom_call @"my target"() : () -> tuple<tensor<f32>, !stablehlo.token>
  // CHECK: stablehlo.custom_call @sink(%arg0, %{{.*}}) {has_side_effect = true, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = [1]>]} : (!stablehlo.token, tuple<tensor<f32>, !stablehlo.token>) -> !stablehlo.token
  %1 = stablehlo.custom_call @sink(%t, %0) {has_side_effect = true, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = [1]>]} : (!stablehlo.token, tuple<tensor<f32>, !stablehlo.token>) -> !stablehlo.token
  func.return %0 : tuple<tensor<f32>, !stablehlo.token>
}

// The generic spelling of the spec.
// CHECK-LABEL: func.func @custom_call_generic
func.func @custom_call_generic(%a: tensor<f32>) -> tensor<f32> {
  // CHECK: stablehlo.custom_call @foo(%arg0) {backend_config = "bar"} : (tensor<f32>) -> tensor<f32>
  %0 = "stablehlo.custom_call"(%a) {
    call_target_name = "foo",
    has_side_effect = false,
    backend_config = "bar",
    api_version = 1 : i32
  } : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// A side-effecting call stays even when its result is unused; a pure one
// may be removed by canonicalization (not run here).
// CHECK-LABEL: func.func @custom_call_unused
func.func @custom_call_unused(%a: tensor<f32>) {
  // CHECK: stablehlo.custom_call @effect(%arg0) {has_side_effect = true}
  %0 = stablehlo.custom_call @effect(%a) {has_side_effect = true} : (tensor<f32>) -> tensor<f32>
  func.return
}

func.func @add_n.impl(%arg0: tensor<i64>) -> tensor<i64> {
  %0 = stablehlo.constant dense<2> : tensor<i64>
  %1 = stablehlo.add %arg0, %0 : tensor<i64>
  func.return %1 : tensor<i64>
}

// CHECK-LABEL: func.func @composite
func.func @composite(%a: tensor<i64>) -> tensor<i64> {
  // CHECK: stablehlo.composite "stablehlo.add_n" %arg0 {composite_attributes = {n = 2 : i64}, decomposition = @add_n.impl} : (tensor<i64>) -> tensor<i64>
  %0 = stablehlo.composite "stablehlo.add_n" %a {
    composite_attributes = { n = 2 : i64 },
    decomposition = @add_n.impl
  } : (tensor<i64>) -> tensor<i64>
  // CHECK: stablehlo.composite "my.ns.op" %arg0 {decomposition = @add_n.impl, version = 3 : i32} : (tensor<i64>) -> tensor<i64>
  %1 = stablehlo.composite "my.ns.op" %a {decomposition = @add_n.impl, version = 3 : i32, composite_attributes = {}} : (tensor<i64>) -> tensor<i64>
  // CHECK: stablehlo.composite "my.generic" %arg0 {composite_attributes = {k = "v"}, decomposition = @add_n.impl} : (tensor<i64>) -> tensor<i64>
  %2 = "stablehlo.composite"(%a) {name = "my.generic", composite_attributes = {k = "v"}, decomposition = @add_n.impl, version = 0 : i32} : (tensor<i64>) -> tensor<i64>
  func.return %0 : tensor<i64>
}

func.func private @make_pair() -> (tensor<f32>, !stablehlo.token)

// CHECK-LABEL: func.func @composite_no_operands
func.func @composite_no_operands() -> (tensor<f32>, !stablehlo.token) {
  // CHECK: %{{.*}}:2 = stablehlo.composite "x.make_pair" {decomposition = @make_pair} : () -> (tensor<f32>, !stablehlo.token)
  %0:2 = stablehlo.composite "x.make_pair" {decomposition = @make_pair} : () -> (tensor<f32>, !stablehlo.token)
  func.return %0#0, %0#1 : tensor<f32>, !stablehlo.token
}
