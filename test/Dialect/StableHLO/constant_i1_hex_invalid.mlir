// RUN: jx-opt %s -split-input-file -verify-diagnostics
// i1 hex constants hold ceil(n/8) bytes (packed bits) or n bytes (one per
// element); any other size is still an error.

func.func @three_bytes_for_five() -> tensor<5xi1> {
  // expected-error @+1 {{elements hex data size is invalid for provided type: 'tensor<5xi1>'}}
  %0 = stablehlo.constant dense<"0x000101"> : tensor<5xi1>
  func.return %0 : tensor<5xi1>
}

// -----

// A dynamic shape is not a constant's type; the byte form is not guessed.
func.func @dynamic() -> tensor<?xi1> {
  // expected-error @+1 {{elements literal type must have static shape}}
  %0 = stablehlo.constant dense<"0x0001"> : tensor<?xi1>
  func.return %0 : tensor<?xi1>
}
