// RUN: jx-opt %s -split-input-file -verify-diagnostics

// The spec gives custom_call no constraints; these checks keep its metadata
// consistent and are labelled custom_call_<what>.

func.func @custom_call_backend_config(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{backend_config may be a dictionary only with api_version = 4 (typed FFI), got api_version = 2 (custom_call_backend_config)}}
  %0 = stablehlo.custom_call @foo(%a) {backend_config = {x = 1 : i32}, api_version = 2 : i32} : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @custom_call_backend_config_default_api(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{backend_config may be a dictionary only with api_version = 4 (typed FFI), got api_version = 1 (custom_call_backend_config)}}
  %0 = stablehlo.custom_call @foo(%a) {backend_config = {}} : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @custom_call_backend_config_type(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'backend_config' failed to satisfy constraint}}
  %0 = stablehlo.custom_call @foo(%a) {backend_config = 3 : i32} : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @custom_call_api_version(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'api_version' failed to satisfy constraint}}
  %0 = stablehlo.custom_call @foo(%a) {api_version = 9 : i32} : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @custom_call_layouts_together(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{operand_layouts and result_layouts must be given together (custom_call_layouts)}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

func.func @custom_call_layouts_operand_count(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{has 2 operand_layouts for 1 operands (custom_call_layouts)}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

func.func @custom_call_layouts_result_count(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{has 0 result_layouts for 1 results (custom_call_layouts)}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = []} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

func.func @custom_call_layouts_tuple_result(%a: tensor<2x3xf32>) -> tuple<tensor<2x3xf32>, tensor<f32>> {
  // expected-error @+1 {{has 1 result_layouts for 2 results (custom_call_layouts)}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tuple<tensor<2x3xf32>, tensor<f32>>
  func.return %0 : tuple<tensor<2x3xf32>, tensor<f32>>
}

// -----

func.func @custom_call_layouts_rank(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{operand_layouts #0 [0] must have one entry per dimension of 'tensor<2x3xf32>' (custom_call_layouts)}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<0> : tensor<1xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

func.func @custom_call_layouts_unique(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{result_layouts #0 [1, 1] must be unique (custom_call_layouts)}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 1]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

func.func @custom_call_layouts_range(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{operand_layouts #0 [2, 0] must be in range [0, 2) (custom_call_layouts)}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<[2, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

func.func @custom_call_layouts_token(%t: !stablehlo.token) -> !stablehlo.token {
  // expected-error @+1 {{operand_layouts #0 [0] must have one entry per dimension of '!stablehlo.token' (custom_call_layouts)}}
  %0 = stablehlo.custom_call @foo(%t) {operand_layouts = [dense<0> : tensor<1xindex>], result_layouts = [dense<> : tensor<0xindex>]} : (!stablehlo.token) -> !stablehlo.token
  func.return %0 : !stablehlo.token
}

// -----

func.func @custom_call_layouts_tuple_operand(%a: tuple<tensor<f32>>) -> tensor<f32> {
  // expected-error @+1 {{operand_layouts #0 is for a tuple, which layouts do not support (custom_call_layouts)}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<> : tensor<0xindex>], result_layouts = [dense<> : tensor<0xindex>]} : (tuple<tensor<f32>>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @custom_call_layouts_element_type(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'operand_layouts' failed to satisfy constraint}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<[1, 0]> : tensor<2xi64>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

func.func @custom_call_alias_operand_index(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{output_operand_aliases #0 names operand 1 but the op has 1 operands (custom_call_output_operand_aliases)}}
  %0 = stablehlo.custom_call @foo(%a) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>]} : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @custom_call_alias_operand_tuple_index(%a: tuple<tensor<f32>>) -> tensor<f32> {
  // expected-error @+1 {{output_operand_aliases #0 operand_tuple_indices [1] do not name a part of operand type 'tuple<tensor<f32>>' (custom_call_output_operand_aliases)}}
  %0 = stablehlo.custom_call @foo(%a) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = [1]>]} : (tuple<tensor<f32>>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @custom_call_alias_output_tuple_index(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{output_operand_aliases #0 output_tuple_indices [0] do not name a part of the results 'tensor<f32>' (custom_call_output_operand_aliases)}}
  %0 = stablehlo.custom_call @foo(%a) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>]} : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @custom_call_alias_type(%a: tensor<f32>) -> (tensor<f32>, tensor<i32>) {
  // expected-error @+1 {{output_operand_aliases #0 aliases output type 'tensor<i32>' with operand type 'tensor<f32>', which must be equal (custom_call_output_operand_aliases)}}
  %0:2 = stablehlo.custom_call @foo(%a) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [1], operand_index = 0, operand_tuple_indices = []>]} : (tensor<f32>) -> (tensor<f32>, tensor<i32>)
  func.return %0#0, %0#1 : tensor<f32>, tensor<i32>
}

// -----

func.func @custom_call_called_computations(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{called computation @missing is not defined (custom_call_called_computations)}}
  %0 = stablehlo.custom_call @foo(%a) {called_computations = [@missing]} : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @custom_call_operand_type(%a: memref<f32>) {
  // expected-error @+1 {{operand #0 must be variadic of}}
  stablehlo.custom_call @foo(%a) : (memref<f32>) -> ()
  func.return
}

// -----

func.func @custom_call_target(%a: tensor<f32>) {
  // expected-error @+1 {{expected valid '@'-identifier for symbol name}}
  stablehlo.custom_call "foo"(%a) : (tensor<f32>) -> ()
  func.return
}

// -----

func.func @impl(%arg0: tensor<i64>) -> tensor<i64> {
  func.return %arg0 : tensor<i64>
}

func.func @composite_c1(%a: tensor<i64>) -> tensor<i64> {
  // expected-error @+1 {{name "add_n" must be a namespaced op name such as "my_namespace.my_op" (composite_c1)}}
  %0 = stablehlo.composite "add_n" %a {decomposition = @impl} : (tensor<i64>) -> tensor<i64>
  func.return %0 : tensor<i64>
}

// -----

func.func @impl(%arg0: tensor<i64>) -> tensor<i64> {
  func.return %arg0 : tensor<i64>
}

func.func @composite_c1_empty_part(%a: tensor<i64>) -> tensor<i64> {
  // expected-error @+1 {{name "my..op" must be a namespaced op name such as "my_namespace.my_op" (composite_c1)}}
  %0 = stablehlo.composite "my..op" %a {decomposition = @impl} : (tensor<i64>) -> tensor<i64>
  func.return %0 : tensor<i64>
}

// -----

func.func @impl(%arg0: tensor<i64>) -> tensor<i64> {
  func.return %arg0 : tensor<i64>
}

func.func @composite_c1_blank(%a: tensor<i64>) -> tensor<i64> {
  // expected-error @+1 {{name "my.an op" must be a namespaced op name such as "my_namespace.my_op" (composite_c1)}}
  %0 = stablehlo.composite "my.an op" %a {decomposition = @impl} : (tensor<i64>) -> tensor<i64>
  func.return %0 : tensor<i64>
}

// -----

func.func @composite_c2(%a: tensor<i64>) -> tensor<i64> {
  // expected-error @+1 {{decomposition @missing is not defined (composite_c2)}}
  %0 = stablehlo.composite "my.op" %a {decomposition = @missing} : (tensor<i64>) -> tensor<i64>
  func.return %0 : tensor<i64>
}

// -----

module @not_a_function {
}

func.func @composite_c2_not_function(%a: tensor<i64>) -> tensor<i64> {
  // expected-error @+1 {{decomposition @not_a_function is a 'builtin.module', not a function (composite_c2)}}
  %0 = stablehlo.composite "my.op" %a {decomposition = @not_a_function} : (tensor<i64>) -> tensor<i64>
  func.return %0 : tensor<i64>
}

// -----

func.func @impl(%arg0: tensor<i32>) -> tensor<i64> {
  %0 = stablehlo.convert %arg0 : (tensor<i32>) -> tensor<i64>
  func.return %0 : tensor<i64>
}

func.func @composite_c3(%a: tensor<i64>) -> tensor<i64> {
  // expected-error @+1 {{operand types (tensor<i64>) must match the input types (tensor<i32>) of decomposition @impl (composite_c3)}}
  %0 = stablehlo.composite "my.op" %a {decomposition = @impl} : (tensor<i64>) -> tensor<i64>
  func.return %0 : tensor<i64>
}

// -----

func.func @impl(%arg0: tensor<i64>, %arg1: tensor<i64>) -> tensor<i64> {
  func.return %arg0 : tensor<i64>
}

func.func @composite_c3_count(%a: tensor<i64>) -> tensor<i64> {
  // expected-error @+1 {{operand types (tensor<i64>) must match the input types (tensor<i64>, tensor<i64>) of decomposition @impl (composite_c3)}}
  %0 = stablehlo.composite "my.op" %a {decomposition = @impl} : (tensor<i64>) -> tensor<i64>
  func.return %0 : tensor<i64>
}

// -----

func.func @impl(%arg0: tensor<i64>) -> tensor<i64> {
  func.return %arg0 : tensor<i64>
}

func.func @composite_c4(%a: tensor<i64>) -> (tensor<i64>, tensor<i64>) {
  // expected-error @+1 {{result types (tensor<i64>, tensor<i64>) must match the output types (tensor<i64>) of decomposition @impl (composite_c4)}}
  %0:2 = stablehlo.composite "my.op" %a {decomposition = @impl} : (tensor<i64>) -> (tensor<i64>, tensor<i64>)
  func.return %0#0, %0#1 : tensor<i64>, tensor<i64>
}

// -----

func.func @composite_decomposition_missing(%a: tensor<i64>) -> tensor<i64> {
  // expected-error @+1 {{requires attribute 'decomposition'}}
  %0 = stablehlo.composite "my.op" %a : (tensor<i64>) -> tensor<i64>
  func.return %0 : tensor<i64>
}
