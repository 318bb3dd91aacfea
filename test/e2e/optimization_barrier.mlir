// RUN: jxc run --split-input-file %s | FileCheck %s
//
// optimization_barrier returns its operands unchanged (spec:
// optimization_barrier), whatever their types.

// CHECK: PASS optimization_barrier_all_types
func.func @optimization_barrier_all_types() {
  %a = stablehlo.constant dense<[-1, 2]> : tensor<2xi32>
  %b = stablehlo.constant dense<[255, 0]> : tensor<2xui8>
  %c = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %d = stablehlo.constant dense<[0.5, -0.0]> : tensor<2xf16>
  %e = stablehlo.constant dense<[3.0, 1.0e30]> : tensor<2xbf16>
  %f = stablehlo.constant dense<[0x7FC00000, 1.0]> : tensor<2xf32>
  %g = stablehlo.constant dense<[1.0e-300, 2.0]> : tensor<2xf64>
  %h = stablehlo.constant dense<[(1.0, 2.0), (-3.0, 4.0)]> : tensor<2xcomplex<f32>>
  %t = stablehlo.create_token : !stablehlo.token
  %ra, %rb, %rc, %rd, %re, %rf, %rg, %rh, %rt = stablehlo.optimization_barrier %a, %b, %c, %d, %e, %f, %g, %h, %t : tensor<2xi32>, tensor<2xui8>, tensor<2xi1>, tensor<2xf16>, tensor<2xbf16>, tensor<2xf32>, tensor<2xf64>, tensor<2xcomplex<f32>>, !stablehlo.token
  check.expect_eq_const %ra, dense<[-1, 2]> : tensor<2xi32>
  check.expect_eq_const %rb, dense<[255, 0]> : tensor<2xui8>
  check.expect_eq_const %rc, dense<[true, false]> : tensor<2xi1>
  check.expect_eq_const %rd, dense<[0.5, -0.0]> : tensor<2xf16>
  check.expect_eq_const %re, dense<[3.0, 1.0e30]> : tensor<2xbf16>
  check.expect_eq_const %rf, dense<[0x7FC00000, 1.0]> : tensor<2xf32>
  check.expect_eq_const %rg, dense<[1.0e-300, 2.0]> : tensor<2xf64>
  check.expect_eq_const %rh, dense<[(1.0, 2.0), (-3.0, 4.0)]> : tensor<2xcomplex<f32>>
  func.return
}

// -----

// CHECK: PASS optimization_barrier_computed
// Values computed before the barrier and used after it.
func.func @optimization_barrier_computed() {
  %a = stablehlo.constant dense<[1.5, 2.5]> : tensor<2xf64>
  %s = stablehlo.multiply %a, %a : tensor<2xf64>
  %r = stablehlo.optimization_barrier %s : tensor<2xf64>
  %u = stablehlo.add %r, %a : tensor<2xf64>
  check.expect_eq_const %u, dense<[3.75, 8.75]> : tensor<2xf64>
  func.return
}

// CHECK-NOT: FAIL
