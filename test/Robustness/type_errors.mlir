// Type errors: at parse time (one value, two types) and from verifiers.
// RUN: not jx-opt %s -split-input-file 2>&1 | FileCheck %s

func.func @value_type(%a: tensor<3xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  // CHECK: type_errors.mlir:[[@LINE+1]]:22: error: use of value '%a' expects different type than prior uses: 'tensor<2xf32>' vs 'tensor<3xf32>'
  %0 = stablehlo.add %a, %b : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @element_types(%a: tensor<2xf32>, %b: tensor<2xi32>) -> tensor<2xf32> {
  // CHECK: type_errors.mlir:[[@LINE+1]]:8: error: 'stablehlo.add' op
  %0 = "stablehlo.add"(%a, %b) : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @return_type(%a: tensor<2xf32>) -> tensor<2xi32> {
  // CHECK: type_errors.mlir:[[@LINE+1]]:3: error: type of return operand 0 ('tensor<2xf32>') doesn't match function result type ('tensor<2xi32>') in function @return_type
  return %a : tensor<2xf32>
}

// -----

func.func @not_a_tensor(%a: i32) -> i32 {
  // CHECK: type_errors.mlir:[[@LINE+1]]:8: error: 'stablehlo.abs' op operand #0 must be ranked tensor
  %0 = "stablehlo.abs"(%a) : (i32) -> i32
  return %0 : i32
}

// -----

func.func @check_types(%a: tensor<2xf32>) {
  // CHECK: type_errors.mlir:[[@LINE+1]]:3: error: 'check.expect_eq_const' op constant type 'tensor<2xi32>' does not match operand type 'tensor<2xf32>'
  "check.expect_eq_const"(%a) {value = dense<1> : tensor<2xi32>} : (tensor<2xf32>) -> ()
  return
}

// -----

func.func @unranked(%a: tensor<*xf32>) -> tensor<*xf32> {
  // CHECK: type_errors.mlir:[[@LINE+1]]:8: error: 'stablehlo.abs' op operand #0 must be ranked tensor
  %0 = "stablehlo.abs"(%a) : (tensor<*xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
