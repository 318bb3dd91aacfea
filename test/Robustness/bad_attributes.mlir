// Malformed attributes of the stablehlo and sdy dialects and malformed dense
// literals are errors with a location.
// RUN: not jx-opt %s -split-input-file 2>&1 | FileCheck %s

// CHECK: bad_attributes.mlir:[[@LINE+1]]:64: error: expected ::jx::stablehlo::ComparisonDirection to be one of: EQ, NE, GE, GT, LE, LT
func.func @f() attributes {a = #stablehlo<comparison_direction XX>} {
  return
}

// -----

func.func @compare(%a: tensor<2xf32>) -> tensor<2xi1> {
  // CHECK: bad_attributes.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}ComparisonDirection
  %0 = "stablehlo.compare"(%a, %a) {comparison_direction = #stablehlo<comparison_direction XX>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// CHECK: bad_attributes.mlir:[[@LINE+1]]:{{[0-9]+}}: error: convolution layout must name 'b' and 'f'
func.func @f() attributes {a = #stablehlo.conv<[b,0]x[0,i,o]->[b,0,f]>} {
  return
}

// -----

// CHECK: bad_attributes.mlir:[[@LINE+1]]:{{[0-9]+}}: error: unexpected 'b' in convolution layout
func.func @f() attributes {a = #stablehlo.conv<[b,b,f]x[0,i,o]->[b,0,f]>} {
  return
}

// -----

// CHECK: bad_attributes.mlir:[[@LINE+1]]:47: error: unbalanced '<' character in pretty dialect name
func.func @f() attributes {a = #stablehlo.conv<[b,0]x} {
  return
}

// -----

// CHECK: bad_attributes.mlir:[[@LINE+1]]:43: error: unknown attribute `frobnicate` in dialect `stablehlo`
func.func @f() attributes {a = #stablehlo.frobnicate<1>} {
  return
}

// -----

// CHECK: bad_attributes.mlir:[[@LINE+1]]:{{[0-9]+}}: error: duplicate field 'lhs_batching_dimensions' in #stablehlo.dot
func.func @f() attributes {a = #stablehlo.dot<lhs_batching_dimensions = [0], lhs_batching_dimensions = [1]>} {
  return
}

// -----

// CHECK: bad_attributes.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}ResultAccuracyMode
func.func @f() attributes {a = #stablehlo.result_accuracy<atol = 1.0, mode = #stablehlo.result_accuracy_mode<FOO>>} {
  return
}

// -----

// CHECK: bad_attributes.mlir:[[@LINE+1]]:37: error: #"foo"<"bar<1>"> : 'none' attribute created with unregistered dialect
func.func @f() attributes {a = #foo.bar<1>} {
  return
}

// -----

// CHECK: bad_attributes.mlir:[[@LINE+1]]:{{[0-9]+}}: error: duplicate mesh axis name "x"
func.func @f() attributes {a = #sdy.mesh<["x"=2, "x"=2]>} {
  return
}

// -----

// CHECK: bad_attributes.mlir:[[@LINE+1]]:{{[0-9]+}}: error: unexpected token in sdy attribute
func.func @f() attributes {a = #sdy.sharding<@mesh, [{%x}]>} {
  return
}

// -----

// CHECK: bad_attributes.mlir:[[@LINE+1]]:32: error: inferred shape of elements literal ([3]) does not match type ([2])
func.func @f() attributes {a = dense<[1, 2, 3]> : tensor<2xi32>} {
  return
}

// -----

// CHECK: bad_attributes.mlir:[[@LINE+1]]:38: error: expected integer elements, but parsed floating-point
func.func @f() attributes {a = dense<1.5> : tensor<i32>} {
  return
}

// -----

// CHECK: bad_attributes.mlir:[[@LINE+1]]:38: error: expected string containing hex digits starting with `0x`
func.func @f() attributes {a = dense<"0xZZ"> : tensor<2xi8>} {
  return
}

// -----

// CHECK: bad_attributes.mlir:[[@LINE+1]]:50: error: tensor literal is invalid; ranks are not consistent between elements
func.func @f() attributes {a = dense<[[1], [2, 3]]> : tensor<2x1xi32>} {
  return
}

// -----

// CHECK: bad_attributes.mlir:[[@LINE+1]]:38: error: integer constant out of range for type
func.func @f() attributes {a = dense<300> : tensor<i8>} {
  return
}

// -----

// CHECK: bad_attributes.mlir:[[@LINE+1]]:32: error: elements hex data size is invalid for provided type: 'tensor<4xi32>'
func.func @f() attributes {a = dense<"0x0102"> : tensor<4xi32>} {
  return
}

// -----

// CHECK: bad_attributes.mlir:[[@LINE+1]]:43: error: expected ']'
func.func @f() attributes {a = dense<[1, 2> : tensor<2xi32>} {
  return
}

// -----

// CHECK: bad_attributes.mlir:[[@LINE+1]]:32: error: elements literal type must have static shape
func.func @f() attributes {a = dense<[1, 2]> : tensor<?xi32>} {
  return
}

// -----

// CHECK: bad_attributes.mlir:[[@LINE+1]]:38: error: expected floating point literal
func.func @f() attributes {a = dense<true> : tensor<2xf32>} {
  return
}

// -----

func.func @constant() -> tensor<2xi32> {
  // CHECK: bad_attributes.mlir:[[@LINE+1]]:{{[0-9]+}}: error: inferred shape of elements literal ([3]) does not match type ([2])
  %0 = stablehlo.constant dense<[1, 2, 3]> : tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @check_const(%a: tensor<2xi32>) {
  // CHECK: bad_attributes.mlir:[[@LINE+1]]:{{[0-9]+}}: error: integer constant out of range for type
  check.expect_eq_const %a, dense<[1, 99999999999]> : tensor<2xi32>
  return
}
