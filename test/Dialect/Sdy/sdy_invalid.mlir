// RUN: jx-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{duplicate mesh axis name "x"}}
sdy.mesh @mesh = <["x"=2, "x"=4]>

// -----

// expected-error @+1 {{mesh axis "x" must have a positive size, got 0}}
sdy.mesh @mesh = <["x"=0]>

// -----

// expected-error @+1 {{mesh axis names must not be empty}}
sdy.mesh @mesh = <[""=2]>

// -----

// expected-error @+1 {{mesh has 4 devices but 3 device ids}}
sdy.mesh @mesh = <["x"=4], device_ids=[0, 1, 2]>

// -----

// expected-error @+1 {{duplicate device id 1}}
sdy.mesh @mesh = <["x"=2], device_ids=[1, 1]>

// -----

// expected-error @+1 {{device id 2 is out of range [0, 2)}}
sdy.mesh @mesh = <["x"=2], device_ids=[0, 2]>

// -----

// expected-error @+1 {{device ids must be non-negative, got -1}}
sdy.mesh @mesh = <[], device_ids=[-1]>

// -----

// expected-error @+1 {{a mesh without axes takes at most one device id, got 2}}
sdy.mesh @mesh = <[], device_ids=[0, 1]>

// -----

// expected-error @+1 {{mesh has more than 1099511627776 devices}}
sdy.mesh @mesh = <["a"=1048576, "b"=1048576, "c"=1048576]>

// -----

// expected-error @+1 {{expected '>'}}
sdy.mesh @mesh = <["x"=2] device_ids=[0, 1]>

// -----

// expected-error @+1 {{expected 'device_ids'}}
sdy.mesh @mesh = <["x"=2], devices=[0, 1]>

// -----

func.func @mesh_in_func() {
  // expected-error @+1 {{'sdy.mesh' op expects parent op 'builtin.module'}}
  sdy.mesh @mesh = <["x"=2]>
  func.return
}

// -----

func.func @bad_token(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{unexpected token in sdy attribute}}
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{%arg0}]> : tensor<8xf32>
  func.return %0 : tensor<8xf32>
}

// -----

func.func @unbalanced(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected ']', got '}'}}
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"x"}}> : tensor<8xf32>
  func.return %0 : tensor<8xf32>
}

// -----

func.func @not_a_group(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected '<', '[', '{' or '('}}
  %0 = sdy.sharding_constraint %arg0 @mesh : tensor<8xf32>
  func.return %0 : tensor<8xf32>
}

// -----

func.func @full_form_bad_token(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{%x}]>}) {
  // expected-error @-1 {{unexpected token in sdy attribute}}
  func.return
}

// -----

func.func @wrong_attribute_kind(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{invalid properties {sharding = #sdy<manual_axes{"x"}>} for op sdy.sharding_constraint}}
  %0 = "sdy.sharding_constraint"(%arg0) <{sharding = #sdy<manual_axes{"x"}>}> : (tensor<8xf32>) -> tensor<8xf32>
  func.return %0 : tensor<8xf32>
}

// -----

func.func @constraint_types(%arg0: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{all of {input, result} have same type}}
  %0 = "sdy.sharding_constraint"(%arg0) <{sharding = #sdy.sharding<@mesh, [{}]>}> : (tensor<8xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @manual_arity(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op body takes 2 arguments but the op has 1 operands}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%a: tensor<4xf32>, %b: tensor<4xf32>) {
    sdy.return %a : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  func.return %0 : tensor<8xf32>
}

// -----

func.func @manual_results(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op body returns 2 values but the op has 1 results}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%a: tensor<4xf32>) {
    sdy.return %a, %a : tensor<4xf32>, tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  func.return %0 : tensor<8xf32>
}

// -----

func.func @manual_no_return(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op body must end with sdy.return}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%a: tensor<4xf32>) {
    stablehlo.return %a : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  func.return %0 : tensor<8xf32>
}

// -----

func.func @manual_shardings_not_list(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected a '[...]' list of shardings}}
  %0 = sdy.manual_computation(%arg0) in_shardings=<@mesh, [{"x"}]> out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%a: tensor<4xf32>) {
    sdy.return %a : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  func.return %0 : tensor<8xf32>
}

// -----

func.func @manual_axes_not_set(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected '{...}' manual axes}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes=["x"] (%a: tensor<4xf32>) {
    sdy.return %a : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  func.return %0 : tensor<8xf32>
}

// -----

// expected-error @+1 {{expected the end of the sdy attribute}}
func.func @trailing_tokens() attributes {a = #sdy<manual_axes{"x"} extra>} {
  func.return
}

// -----

// expected-error @+1 {{expected valid keyword}}
func.func @no_mnemonic() attributes {a = #sdy<"x">} {
  func.return
}
