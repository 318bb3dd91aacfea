// Tensors whose element count or byte size does not fit in an int64 are
// rejected by the verifier, naming the type: they would wrap the size of
// their allocation and corrupt memory when run.
// RUN: not jx-opt --split-input-file %s 2>&1 | FileCheck %s
// RUN: not jxc run %s --split-input-file 2>&1 | FileCheck %s --check-prefix=JXC

// CHECK: error: 'stablehlo.iota' op result #0 of type 'tensor<4611686018427387905x4xi8>' has 18446744073709551620 elements, more than an int64 counts (2^63 - 1)
// JXC: FAIL <parse error
func.func @count(%a: tensor<4xi8>) -> tensor<4xi8> {
  %0 = stablehlo.iota dim = 1 : tensor<4611686018427387905x4xi8>
  return %a : tensor<4xi8>
}

// -----

// CHECK: error: 'stablehlo.constant' op result #0 of type 'tensor<9223372036854775807x1xi16>' has 9223372036854775807 elements of 2 bytes (18446744073709551614 bytes), more than an int64 counts (2^63 - 1)
func.func @bytes() -> tensor<9223372036854775807x1xi16> {
  %c = stablehlo.constant dense<2> : tensor<9223372036854775807x1xi16>
  return %c : tensor<9223372036854775807x1xi16>
}

// -----

// CHECK: error: 'stablehlo.add' op operand #0 of type 'tensor<4294967296x4294967296x4294967296xf32>' has 79228162514264337593543950336 elements
func.func @operand(%a: tensor<4294967296x4294967296x4294967296xf32>) -> tensor<4294967296x4294967296x4294967296xf32> {
  %0 = stablehlo.add %a, %a : tensor<4294967296x4294967296x4294967296xf32>
  return %0 : tensor<4294967296x4294967296x4294967296xf32>
}

// -----

// Large but countable sizes verify.
// CHECK-LABEL: func.func @fits
func.func @fits() -> tensor<2305843009213693951xi32> {
  %0 = stablehlo.iota dim = 0 : tensor<2305843009213693951xi32>
  return %0 : tensor<2305843009213693951xi32>
}
