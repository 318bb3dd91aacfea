// RUN: jx-opt %s -split-input-file -verify-diagnostics

func.func @expect_eq_types(%a: tensor<3xi64>, %b: tensor<3xi32>) {
  // expected-error @+1 {{all of {lhs, rhs} have same type}}
  "check.expect_eq"(%a, %b) : (tensor<3xi64>, tensor<3xi32>) -> ()
  func.return
}

// -----

func.func @expect_eq_const_type(%a: tensor<3xi64>) {
  // expected-error @+1 {{'check.expect_eq_const' op constant type 'tensor<3xi32>' does not match operand type 'tensor<3xi64>'}}
  "check.expect_eq_const"(%a) {value = dense<[1, 2, 3]> : tensor<3xi32>} : (tensor<3xi64>) -> ()
  func.return
}

// -----

func.func @expect_eq_const_not_elements(%a: tensor<3xi64>) {
  // expected-error @+1 {{expected a constant tensor such as `dense<...> : tensor<...>`, got 5 : i64}}
  check.expect_eq_const %a, 5 : i64
  func.return
}

// -----

func.func @expect_eq_const_no_type(%a: tensor<3xi64>) {
  // expected-error @+1 {{expected ':'}}
  check.expect_eq_const %a, dense<[1, 2, 3]>
  func.return
}

// -----

func.func @expect_almost_eq_int(%a: tensor<3xi64>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of floating-point or complex type with floating-point elements values, but got 'tensor<3xi64>'}}
  check.expect_almost_eq %a, %a : tensor<3xi64>
  func.return
}

// -----

func.func @expect_almost_eq_negative_tolerance(%a: tensor<f32>) {
  // expected-error @+1 {{'check.expect_almost_eq' op tolerance must be a non-negative number, got -1.000000e-01}}
  check.expect_almost_eq %a, %a, tolerance = -0.1 : tensor<f32>
  func.return
}

// -----

func.func @expect_almost_eq_const_negative_tolerance(%a: tensor<f32>) {
  // expected-error @+1 {{'check.expect_almost_eq_const' op tolerance must be a non-negative number}}
  check.expect_almost_eq_const %a, dense<1.0> : tensor<f32> {tolerance = -1.0 : f64}
  func.return
}

// -----

func.func @expect_almost_eq_const_tolerance_type(%a: tensor<f32>) {
  // expected-error @+1 {{attribute 'tolerance' failed to satisfy constraint: 64-bit float attribute}}
  check.expect_almost_eq_const %a, dense<1.0> : tensor<f32> {tolerance = 1 : i32}
  func.return
}

// -----

func.func @expect_close_types(%a: tensor<f16>, %b: tensor<f32>) {
  // expected-error @+1 {{'check.expect_close' op operand types must match, got 'tensor<f16>' and 'tensor<f32>'}}
  check.expect_close %a, %b, max_ulp_difference = 3 : tensor<f16>, tensor<f32>
  func.return
}

// -----

func.func @expect_close_negative(%a: tensor<f16>) {
  // expected-error @+1 {{'check.expect_close' op max_ulp_difference must be non-negative, got -1}}
  check.expect_close %a, %a, max_ulp_difference = -1 : tensor<f16>, tensor<f16>
  func.return
}

// -----

func.func @expect_close_min_above_max(%a: tensor<f16>) {
  // expected-error @+1 {{'check.expect_close' op min_ulp_difference (4) must not exceed max_ulp_difference (3)}}
  check.expect_close %a, %a, max_ulp_difference = 3, min_ulp_difference = 4 : tensor<f16>, tensor<f16>
  func.return
}

// -----

func.func @expect_close_missing_max(%a: tensor<f16>) {
  // expected-error @+1 {{expected ','}}
  check.expect_close %a, %a : tensor<f16>, tensor<f16>
  func.return
}

// -----

func.func @expect_serialized_eq_empty(%a: tensor<f16>) {
  // expected-error @+1 {{'check.expect_serialized_eq' op probe_id must not be empty}}
  check.expect_serialized_eq %a, probe_id = "" : tensor<f16>
  func.return
}

// -----

func.func @expect_serialized_eq_iter(%a: tensor<f16>) {
  // expected-error @+1 {{'check.expect_serialized_eq' op iter must be non-negative, got -2}}
  check.expect_serialized_eq %a, probe_id = "p", iter = -2 : tensor<f16>
  func.return
}

// -----

func.func @unknown_check(%a: tensor<f16>) {
  // expected-error @+1 {{custom op 'check.expect_frobnicated' is unknown}}
  check.expect_frobnicated %a : tensor<f16>
  func.return
}
