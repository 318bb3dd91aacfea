// Ops nobody registered are errors, in pretty and generic form.
// RUN: not jx-opt %s -split-input-file 2>&1 | FileCheck %s

func.func @pretty(%a: tensor<2xf32>) -> tensor<2xf32> {
  // CHECK: unknown_ops.mlir:[[@LINE+1]]:8: error: custom op 'stablehlo.frobnicate' is unknown
  %0 = stablehlo.frobnicate %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @generic(%a: tensor<2xf32>) -> tensor<2xf32> {
  // CHECK: unknown_ops.mlir:[[@LINE+1]]:8: error: unregistered operation 'stablehlo.frobnicate' found in dialect ('stablehlo') that does not allow unknown operations
  %0 = "stablehlo.frobnicate"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @check_op(%a: tensor<2xf32>) {
  // CHECK: unknown_ops.mlir:[[@LINE+1]]:3: error: custom op 'check.frobnicate' is unknown
  check.frobnicate %a : tensor<2xf32>
  return
}

// -----

func.func @sdy_op(%a: tensor<2xf32>) {
  // CHECK: unknown_ops.mlir:[[@LINE+1]]:3: error: unregistered operation 'sdy.frobnicate' found in dialect ('sdy') that does not allow unknown operations
  "sdy.frobnicate"(%a) : (tensor<2xf32>) -> ()
  return
}

// -----

func.func @unknown_dialect(%a: tensor<2xf32>) {
  // CHECK: unknown_ops.mlir:[[@LINE+1]]:3: error: Dialect `frob' not found for custom op 'frob.nicate'
  frob.nicate %a : tensor<2xf32>
  return
}

// -----

// CHECK: unknown_ops.mlir:[[@LINE+1]]:1: error: custom op 'frobnicate' is unknown
frobnicate
