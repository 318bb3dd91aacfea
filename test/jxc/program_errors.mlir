// jxc run on a program it cannot compile: exit 2, a diagnostic at the line
// at fault, and a FAIL line naming the test case. --split-input-file runs
// every case even after one fails; the exit status is the worst one.

// RUN: jxc run --split-input-file %s > %t.log 2>&1; echo rc=$? >> %t.log
// RUN: FileCheck %s < %t.log

// A parse error: the diagnostic points into this file, at the line of the
// bad token.
// CHECK-DAG: program_errors.mlir:[[@LINE+3]]:{{[0-9]+}}: error: expected '>' in tensor type
// CHECK-DAG: FAIL <parse error at line 1>: could not parse or verify the program
func.func @parse_error(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %a, %a : tensor<2xf32
  return %0 : tensor<2xf32>
}

// -----

// A verifier error.
// CHECK-DAG: program_errors.mlir:[[@LINE+2]]:{{[0-9]+}}: error: 'stablehlo.add' op result type 'tensor<3xf32>' must match operand type 'tensor<2xf32>'
func.func @verify_error(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xf32>
  return %a : tensor<2xf32>
}

// -----

// An op with no lowering: the error names it (a custom_call target jx does
// not know can never lower).
// CHECK-DAG: program_errors.mlir:[[@LINE+3]]:{{[0-9]+}}: error: failed to legalize operation 'stablehlo.custom_call'
// CHECK-DAG: FAIL no_lowering: could not compile (see stderr)
func.func @no_lowering(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.custom_call @jx_test_no_such_target(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Several argument-free public functions that nothing calls make one test
// case: each runs, and the line names them all.
// CHECK-DAG: PASS first+second
func.func @first() {
  return
}
func.func @second() {
  return
}

// -----

// No entry: two public functions that take arguments, neither called by
// the other.
// CHECK-DAG: error: no entry function: expected @main or exactly one public function
// CHECK-DAG: FAIL <no entry at line {{[0-9]+}}>: no entry function
func.func @third(%a: tensor<f32>) {
  return
}
func.func @fourth(%a: tensor<f32>) {
  return
}

// -----

// A good case after the bad ones still runs.
// CHECK-DAG: PASS still_runs
func.func @still_runs() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  check.expect_eq_const %0, dense<[1, 2]> : tensor<2xi32>
  return
}

// CHECK: rc=2
