// RUN: jx-opt --stablehlo-legalize-to-linalg --split-input-file --verify-diagnostics %s

func.func @tuple_escapes(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+2 {{tuples are lowered only when taken apart by stablehlo.get_tuple_element; this one is used by 'stablehlo.optimization_barrier'}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.tuple'}}
  %t = stablehlo.tuple %a : tuple<tensor<f32>>
  %r = stablehlo.optimization_barrier %t : tuple<tensor<f32>>
  %x = stablehlo.get_tuple_element %r[0] : (tuple<tensor<f32>>) -> tensor<f32>
  return %x : tensor<f32>
}

// -----

func.func @iota_dynamic() -> tensor<?xf32> {
  // expected-error @+2 {{stablehlo.iota with a dynamic shape: use stablehlo.dynamic_iota}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.iota'}}
  %r = stablehlo.iota dim = 0 : tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

func.func @broadcast_unknown_size(%x: tensor<2xf32>) -> tensor<?x2xf32> {
  // expected-error @+2 {{dynamic result dimension 0 has no operand dimension to take its size from: use dynamic_broadcast_in_dim}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.broadcast_in_dim'}}
  %r = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<2xf32>) -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}
