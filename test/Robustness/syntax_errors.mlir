// Malformed text gives `file:line:col: error: ...` and a non-zero exit, never
// a crash (`not` fails on a crash too).
// RUN: not jx-opt %s -split-input-file 2>&1 | FileCheck %s

func.func @missing_comma(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  // CHECK: syntax_errors.mlir:[[@LINE+1]]:24: error: expected ','
  %0 = stablehlo.add %a %b : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @missing_type(%a: tensor<2xf32>) -> tensor<2xf32> {
  // CHECK: syntax_errors.mlir:[[@LINE+1]]:28: error: expected ':'
  %0 = stablehlo.add %a, %a
  return %0 : tensor<2xf32>
}

// -----

func.func @generic_unbalanced(%a: tensor<2xf32>) -> tensor<2xf32> {
  // CHECK: syntax_errors.mlir:[[@LINE+1]]:26: error: expected ')' to end operand list
  %0 = "stablehlo.abs"(%a : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @undefined_value(%a: tensor<2xf32>) -> tensor<2xf32> {
  // CHECK: syntax_errors.mlir:[[@LINE+1]]:22: error: use of undeclared SSA value name
  %0 = stablehlo.abs %nope : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @redefined_value(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.abs %a : tensor<2xf32>
  // CHECK: syntax_errors.mlir:[[@LINE+1]]:3: error: redefinition of SSA value '%0'
  %0 = stablehlo.abs %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @bad_type(%a: tensor<2xfoo>) {
  // CHECK: syntax_errors.mlir:[[@LINE-1]]:34: error: expected non-function type
  return
}

// -----

func.func @negative_dim(%a: tensor<2x-1xf32>) {
  // CHECK: syntax_errors.mlir:[[@LINE-1]]:38: error: expected non-function type
  return
}

// -----

func.func @result_count(%a: tensor<2xf32>) -> tensor<2xf32> {
  // CHECK: syntax_errors.mlir:[[@LINE+1]]:3: error: operation defines 1 results but was provided 2 to bind
  %0, %1 = stablehlo.abs %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK: syntax_errors.mlir:[[@LINE+1]]:61: error: expected operation name in quotes
func.func @stray_token(%a: tensor<2xf32>) -> tensor<2xf32> {
  ) = stablehlo.abs %a : tensor<2xf32>
  return %a : tensor<2xf32>
}

// -----

// An unclosed region: the error is at the end of the chunk.
func.func @unclosed(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.abs %a : tensor<2xf32>
  return %0 : tensor<2xf32>
// CHECK: syntax_errors.mlir:[[@LINE]]:{{[0-9]+}}: error: expected operation name in quotes
