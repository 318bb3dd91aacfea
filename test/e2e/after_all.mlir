// RUN: jxc run --split-input-file %s | FileCheck %s
//
// after_all only orders side effects (spec: after_all); jx executes in
// program order and a token carries no data. These programs must compile
// and run, with tokens flowing through functions and control flow.

// CHECK: PASS after_all_chain
func.func @after_all_chain() {
  %t0 = stablehlo.after_all : !stablehlo.token
  %t1 = stablehlo.after_all : !stablehlo.token
  %t2 = stablehlo.after_all %t0, %t1 : !stablehlo.token
  %t3 = stablehlo.after_all %t2 : !stablehlo.token
  %x = stablehlo.constant dense<1> : tensor<i32>
  check.expect_eq_const %x, dense<1> : tensor<i32>
  func.return
}

// -----

// CHECK: PASS after_all_through_call
func.func private @join(%a: !stablehlo.token, %b: !stablehlo.token) -> !stablehlo.token {
  %t = stablehlo.after_all %a, %b : !stablehlo.token
  func.return %t : !stablehlo.token
}

func.func @after_all_through_call() {
  %t0 = stablehlo.create_token : !stablehlo.token
  %t1 = func.call @join(%t0, %t0) : (!stablehlo.token, !stablehlo.token) -> !stablehlo.token
  %p = stablehlo.constant dense<true> : tensor<i1>
  %t2, %v = "stablehlo.if"(%p) ({
    %t3 = stablehlo.after_all %t1 : !stablehlo.token
    %c = stablehlo.constant dense<[2.0, 3.0]> : tensor<2xf32>
    stablehlo.return %t3, %c : !stablehlo.token, tensor<2xf32>
  }, {
    %c = stablehlo.constant dense<[0.0, 0.0]> : tensor<2xf32>
    stablehlo.return %t1, %c : !stablehlo.token, tensor<2xf32>
  }) : (tensor<i1>) -> (!stablehlo.token, tensor<2xf32>)
  check.expect_eq_const %v, dense<[2.0, 3.0]> : tensor<2xf32>
  func.return
}

// CHECK-NOT: FAIL
