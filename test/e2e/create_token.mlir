// RUN: jxc run --split-input-file %s | FileCheck %s
//
// create_token makes a token (spec: create_token, same as after_all with no
// inputs); it carries no data, so the program only has to run.

// CHECK: PASS create_token_runs
func.func @create_token_runs() {
  %t = stablehlo.create_token : !stablehlo.token
  %u = stablehlo.after_all %t, %t : !stablehlo.token
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf64>
  %r, %t2 = stablehlo.optimization_barrier %x, %u : tensor<2xf64>, !stablehlo.token
  check.expect_eq_const %r, dense<[1.0, 2.0]> : tensor<2xf64>
  func.return
}

// CHECK-NOT: FAIL
