// RUN: jxc run --split-input-file %s | FileCheck %s
//
// jx runs one process. collective_permute: with the pair (0, 0) the process
// sends to itself and gets its operand; with no pair targeting it, the
// result is zeros (spec: collective_permute).

// CHECK: PASS collective_permute_to_self
func.func @collective_permute_to_self() {
  %x = stablehlo.constant dense<[1.0, -2.0]> : tensor<2xbf16>
  %r = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<2xbf16>) -> tensor<2xbf16>
  check.expect_eq_const %r, dense<[1.0, -2.0]> : tensor<2xbf16>
  func.return
}

// -----

// CHECK: PASS collective_permute_no_source
func.func @collective_permute_no_source() {
  %x = stablehlo.constant dense<[5, -6]> : tensor<2xi8>
  %r = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<0> : tensor<0x2xi64>} : (tensor<2xi8>) -> tensor<2xi8>
  check.expect_eq_const %r, dense<[0, 0]> : tensor<2xi8>
  func.return
}

// CHECK-NOT: FAIL
