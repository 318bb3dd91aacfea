// RUN: jxc run --split-input-file %s | FileCheck %s
// RUN: jx-opt --split-input-file %s | FileCheck %s --check-prefix=PARSE
// An i1 constant in hex comes in two forms: packed bits, bit i of byte i/8
// (what MLIR 22 writes and reads), and one byte per element, 00 or 01 (what
// earlier MLIR and StableHLO's own test data write). Both give the same
// values; the byte count tells them apart (ceil(n/8) bytes or n).
// CHECK-NOT: FAIL

// CHECK: PASS i1_hex_forms
// PARSE-LABEL: func.func @i1_hex_forms
// PARSE: dense<[false, true, true, false, true]> : tensor<5xi1>
// PARSE: dense<[false, true, true, false, true]> : tensor<5xi1>
func.func @i1_hex_forms() {
  %bytes = stablehlo.constant dense<"0x0001010001"> : tensor<5xi1>
  %packed = stablehlo.constant dense<"0x16"> : tensor<5xi1>
  check.expect_eq %bytes, %packed : tensor<5xi1>
  check.expect_eq_const %bytes, dense<[false, true, true, false, true]> : tensor<5xi1>
  func.return
}

// -----

// 2x9: 18 bytes one per element, or 3 bytes packed; a nonzero byte is true.
// CHECK: PASS i1_hex_forms_2d
// PARSE-LABEL: func.func @i1_hex_forms_2d
// PARSE: dense<{{\[\[}}true, false, false, true, true, true, false, false, false], [false, false, false, false, true, true, false, true, true]]> : tensor<2x9xi1>
func.func @i1_hex_forms_2d() {
  %bytes = stablehlo.constant dense<"0x01000001010100000000000000010100FF01"> : tensor<2x9xi1>
  %packed = stablehlo.constant dense<"0x396003"> : tensor<2x9xi1>
  check.expect_eq %bytes, %packed : tensor<2x9xi1>
  %any = stablehlo.constant dense<false> : tensor<i1>
  %n = stablehlo.reduce(%bytes init: %any) applies stablehlo.or across dimensions = [0, 1] : (tensor<2x9xi1>, tensor<i1>) -> tensor<i1>
  check.expect_eq_const %n, dense<true> : tensor<i1>
  func.return
}

// -----

// A splat stays a splat; other element types keep their hex reading.
// CHECK: PASS i1_hex_splat_and_i8
func.func @i1_hex_splat_and_i8() {
  %splat = stablehlo.constant dense<"0xFF"> : tensor<4xi1>
  check.expect_eq_const %splat, dense<true> : tensor<4xi1>
  %i8 = stablehlo.constant dense<"0x00010203"> : tensor<4xi8>
  check.expect_eq_const %i8, dense<[0, 1, 2, 3]> : tensor<4xi8>
  func.return
}
