// A check that fails is exit 1 (not 2: the program ran), with
// "FAIL <fn>: <check> (line N): ..." giving the (flat) index of the first
// differing element and both values. Passing cases in the same file still
// print PASS; the exit status is the worst case's.

// RUN: jxc run --split-input-file %s > %t.log 2>&1; echo rc=$? >> %t.log
// RUN: FileCheck %s < %t.log

// CHECK: FAIL int_eq: check.expect_eq_const (line [[@LINE+5]]): 1 of 3 elements differ; first at index 2: got -9, expected 7
func.func @int_eq() {
  %a = stablehlo.constant dense<[1, -2, 3]> : tensor<3xi32>
  %0 = stablehlo.multiply %a, %a : tensor<3xi32>
  %1 = stablehlo.negate %0 : tensor<3xi32>
  check.expect_eq_const %1, dense<[-1, -4, 7]> : tensor<3xi32>
  return
}

// -----

// CHECK: PASS passes
func.func @passes() {
  %a = stablehlo.constant dense<[1.5, 2.5]> : tensor<2xf32>
  %0 = stablehlo.add %a, %a : tensor<2xf32>
  check.expect_eq_const %0, dense<[3.0, 5.0]> : tensor<2xf32>
  return
}

// -----

// Beyond the tolerance; the index is the row-major flat index.
// CHECK: FAIL float_almost_eq: check.expect_almost_eq_const (line [[@LINE+4]]): 1 of 4 elements differ; first at index 2: got 6, expected 6.5 (tolerance 0.0001)
func.func @float_almost_eq() {
  %a = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %0 = stablehlo.add %a, %a : tensor<2x2xf32>
  check.expect_almost_eq_const %0, dense<[[2.0, 4.0], [6.5, 8.0]]> : tensor<2x2xf32>
  return
}

// -----

// Two failing checks: the first is shown, the rest counted.
// CHECK: FAIL two_failures: check.expect_eq_const (line [[@LINE+4]]): 2 of 2 elements differ; first at index 0: got true, expected false (and 1 more failed checks)
func.func @two_failures() {
  %a = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %b = stablehlo.not %a : tensor<2xi1>
  check.expect_eq_const %a, dense<[false, true]> : tensor<2xi1>
  check.expect_eq_const %b, dense<[false, false]> : tensor<2xi1>
  return
}

// CHECK: rc=1
