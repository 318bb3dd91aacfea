// RUN: jx-opt %s -split-input-file | jx-opt -split-input-file | FileCheck %s
// RUN: jx-opt %s -split-input-file -mlir-print-op-generic | jx-opt -split-input-file | FileCheck %s

// Every spelling of the check dialect found in the conformance programs.

// CHECK-LABEL: func.func @expect_eq
func.func @expect_eq(%a: tensor<3xi64>, %b: tensor<3xi64>) {
  // CHECK: check.expect_eq %{{.*}}, %{{.*}} : tensor<3xi64>
  check.expect_eq %a, %b : tensor<3xi64>
  func.return
}

// -----

// CHECK-LABEL: func.func @expect_eq_const
func.func @expect_eq_const(%a: tensor<3xi64>, %p: tensor<2x2xi1>, %u: tensor<ui8>) {
  // CHECK: check.expect_eq_const %{{.*}}, dense<[-2, 0, 2]> : tensor<3xi64>
  check.expect_eq_const %a, dense<[-2, 0, 2]> : tensor<3xi64>
  // Multi-line literal, extra space before the type and a trailing comment.
  // CHECK: check.expect_eq_const %{{.*}}, dense<{{\[\[}}true, false], [false, true]]> : tensor<2x2xi1>
  check.expect_eq_const %p, dense<[[true, false],
                                   [false, true]]> :  tensor<2x2xi1> // process0_result0
  // CHECK: check.expect_eq_const %{{.*}}, dense<255> : tensor<ui8>
  check.expect_eq_const %u, dense<255> : tensor<ui8>
  func.return
}

// -----

// CHECK-LABEL: func.func @expect_almost_eq
func.func @expect_almost_eq(%a: tensor<f64>, %b: tensor<f64>) {
  // CHECK: check.expect_almost_eq %{{.*}}, %{{.*}} : tensor<f64>
  check.expect_almost_eq %a, %b : tensor<f64>
  // CHECK: check.expect_almost_eq %{{.*}}, %{{.*}}, tolerance = 1.000000e-01 : tensor<f64>
  check.expect_almost_eq %a, %b, tolerance = 0.1 : tensor<f64>
  func.return
}

// -----

// CHECK-LABEL: func.func @expect_almost_eq_const
func.func @expect_almost_eq_const(%a: tensor<f64>, %c: tensor<2xcomplex<f64>>, %m: tensor<2x2xf64>, %s: tensor<3xf8E4M3FN>) {
  // CHECK: check.expect_almost_eq_const %{{.*}}, dense<5.000100e+00> : tensor<f64>
  check.expect_almost_eq_const %a, dense<5.0001> : tensor<f64>
  // CHECK: check.expect_almost_eq_const %{{.*}}, dense<5.100000e+00> : tensor<f64> {tolerance = 1.000000e-01 : f64}
  check.expect_almost_eq_const %a, dense<5.1> : tensor<f64> {tolerance = 0.1 : f64}
  // CHECK: check.expect_almost_eq_const %{{.*}}, dense<[(1.5707963267948966,-0.000000e+00), (0x7FF0000000000001,0x7FF0000000000001)]> : tensor<2xcomplex<f64>>
  check.expect_almost_eq_const %c, dense<[(1.5707963267948966, -0.0),
                                          (0x7FF0000000000001, 0x7FF0000000000001)]> : tensor<2xcomplex<f64>>
  // The literal on the next line.
  // CHECK: check.expect_almost_eq_const %{{.*}}, dense<{{\[\[}}0.7310585786{{[0-9]*}}, {{.*}}]]> : tensor<2x2xf64>
  check.expect_almost_eq_const %m,
      dense<[[0.73105857863000488, 0.88079707797788244],
             [0.95257412682243322, 0.98201379003790844]]> : tensor<2x2xf64>
  // CHECK: check.expect_almost_eq_const %{{.*}}, dense<[1.000000e+00, 2.000000e+00, 0x7F]> : tensor<3xf8E4M3FN>
  check.expect_almost_eq_const %s, dense<[1.0, 2.0, 0x7F]> : tensor<3xf8E4M3FN>
  func.return
}

// -----

// CHECK-LABEL: func.func @expect_close
func.func @expect_close(%a: tensor<f16>, %b: tensor<f16>) {
  // CHECK: check.expect_close %{{.*}}, %{{.*}}, max_ulp_difference = 3 : tensor<f16>, tensor<f16>
  check.expect_close %a, %b, max_ulp_difference = 3 : tensor<f16>, tensor<f16>
  // CHECK: check.expect_close %{{.*}}, %{{.*}}, max_ulp_difference = 5, min_ulp_difference = 1 : tensor<f16>, tensor<f16>
  check.expect_close %a, %b, max_ulp_difference = 5, min_ulp_difference = 1 : tensor<f16>, tensor<f16>
  func.return
}

// -----

// CHECK-LABEL: func.func @expect_serialized_eq
func.func @expect_serialized_eq(%a: tensor<3x1xi1>, %b: tensor<i64>) {
  // CHECK: check.expect_serialized_eq %{{.*}}, probe_id = "probe_i1" : tensor<3x1xi1>
  check.expect_serialized_eq %a, probe_id = "probe_i1" : tensor<3x1xi1>
  // CHECK: check.expect_serialized_eq %{{.*}}, probe_id = "probe_iterations", iter = 0 : tensor<i64>
  check.expect_serialized_eq %b, probe_id = "probe_iterations", iter = 0 : tensor<i64>
  // CHECK: check.expect_serialized_eq %{{.*}}, probe_id = "probe/0", iter = 1 : tensor<i64>
  check.expect_serialized_eq %b, probe_id = "probe/0", iter = 1 : tensor<i64>
  func.return
}

// -----

// Generic spellings.
// CHECK-LABEL: func.func @generic
func.func @generic(%a: tensor<2xf32>, %b: tensor<2xf32>) {
  // CHECK: check.expect_eq %{{.*}}, %{{.*}} : tensor<2xf32>
  "check.expect_eq"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> ()
  // CHECK: check.expect_eq_const %{{.*}}, dense<1.000000e+00> : tensor<2xf32>
  "check.expect_eq_const"(%a) {value = dense<1.0> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  // CHECK: check.expect_almost_eq_const %{{.*}}, dense<1.000000e+00> : tensor<2xf32> {tolerance = 1.000000e-03 : f64}
  "check.expect_almost_eq_const"(%a) {tolerance = 1.0e-3 : f64, value = dense<1.0> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  // CHECK: check.expect_close %{{.*}}, %{{.*}}, max_ulp_difference = 3 : tensor<2xf32>, tensor<2xf32>
  "check.expect_close"(%a, %b) {max_ulp_difference = 3 : i64} : (tensor<2xf32>, tensor<2xf32>) -> ()
  func.return
}
