// RUN: jxc run --split-input-file %s | FileCheck %s
//
// stablehlo.if runs exactly one branch and returns its results (spec: if).

// CHECK: PASS if_true_branch
func.func @if_true_branch() {
  %p = stablehlo.constant dense<true> : tensor<i1>
  %a = stablehlo.constant dense<[1, -2]> : tensor<2xi32>
  %b = stablehlo.constant dense<[10, 20]> : tensor<2xi32>
  %r = "stablehlo.if"(%p) ({
    %s = stablehlo.add %a, %b : tensor<2xi32>
    stablehlo.return %s : tensor<2xi32>
  }, {
    %d = stablehlo.subtract %a, %b : tensor<2xi32>
    stablehlo.return %d : tensor<2xi32>
  }) : (tensor<i1>) -> tensor<2xi32>
  check.expect_eq_const %r, dense<[11, 18]> : tensor<2xi32>
  func.return
}

// -----

// CHECK: PASS if_false_branch
func.func @if_false_branch() {
  %p = stablehlo.constant dense<false> : tensor<i1>
  %a = stablehlo.constant dense<[1, -2]> : tensor<2xi32>
  %b = stablehlo.constant dense<[10, 20]> : tensor<2xi32>
  %r = "stablehlo.if"(%p) ({
    %s = stablehlo.add %a, %b : tensor<2xi32>
    stablehlo.return %s : tensor<2xi32>
  }, {
    %d = stablehlo.subtract %a, %b : tensor<2xi32>
    stablehlo.return %d : tensor<2xi32>
  }) : (tensor<i1>) -> tensor<2xi32>
  check.expect_eq_const %r, dense<[-9, -22]> : tensor<2xi32>
  func.return
}

// -----

// CHECK: PASS if_computed_pred_many_types
// The predicate comes from a comparison; results of every element-type
// family come out of the taken branch.
func.func @if_computed_pred_many_types() {
  %x = stablehlo.constant dense<3> : tensor<ui16>
  %y = stablehlo.constant dense<65535> : tensor<ui16>
  %p = stablehlo.compare LT, %x, %y : (tensor<ui16>, tensor<ui16>) -> tensor<i1>
  %r0, %r1, %r2, %r3, %r4, %r5, %r6 = "stablehlo.if"(%p) ({
    %u = stablehlo.add %x, %y : tensor<ui16>
    %t = stablehlo.constant dense<[true, false]> : tensor<2xi1>
    %h = stablehlo.constant dense<0.5> : tensor<f16>
    %g = stablehlo.constant dense<-2.5> : tensor<bf16>
    %f = stablehlo.constant dense<1.25> : tensor<f32>
    %d = stablehlo.constant dense<1.0e100> : tensor<f64>
    %c = stablehlo.constant dense<(1.0, -1.0)> : tensor<complex<f64>>
    stablehlo.return %u, %t, %h, %g, %f, %d, %c : tensor<ui16>, tensor<2xi1>, tensor<f16>, tensor<bf16>, tensor<f32>, tensor<f64>, tensor<complex<f64>>
  }, {
    %u = stablehlo.constant dense<0> : tensor<ui16>
    %t = stablehlo.constant dense<[false, true]> : tensor<2xi1>
    %h = stablehlo.constant dense<0.0> : tensor<f16>
    %g = stablehlo.constant dense<0.0> : tensor<bf16>
    %f = stablehlo.constant dense<0.0> : tensor<f32>
    %d = stablehlo.constant dense<0.0> : tensor<f64>
    %c = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f64>>
    stablehlo.return %u, %t, %h, %g, %f, %d, %c : tensor<ui16>, tensor<2xi1>, tensor<f16>, tensor<bf16>, tensor<f32>, tensor<f64>, tensor<complex<f64>>
  }) : (tensor<i1>) -> (tensor<ui16>, tensor<2xi1>, tensor<f16>, tensor<bf16>, tensor<f32>, tensor<f64>, tensor<complex<f64>>)
  // 3 + 65535 wraps to 2 in ui16.
  check.expect_eq_const %r0, dense<2> : tensor<ui16>
  check.expect_eq_const %r1, dense<[true, false]> : tensor<2xi1>
  check.expect_eq_const %r2, dense<0.5> : tensor<f16>
  check.expect_eq_const %r3, dense<-2.5> : tensor<bf16>
  check.expect_eq_const %r4, dense<1.25> : tensor<f32>
  check.expect_eq_const %r5, dense<1.0e100> : tensor<f64>
  check.expect_eq_const %r6, dense<(1.0, -1.0)> : tensor<complex<f64>>
  func.return
}

// -----

// CHECK: PASS if_no_results
// A branch may return nothing; the function still runs.
func.func @if_no_results() {
  %p = stablehlo.constant dense<true> : tensor<i1>
  "stablehlo.if"(%p) ({
    stablehlo.return
  }, {
    stablehlo.return
  }) : (tensor<i1>) -> ()
  %x = stablehlo.constant dense<1> : tensor<i8>
  check.expect_eq_const %x, dense<1> : tensor<i8>
  func.return
}

// -----

// CHECK: PASS if_inside_while
// Collatz steps of 6: 6 3 10 5 16 8 4 2 1, eight steps; the branch picks
// n / 2 or 3n + 1.
func.func @if_inside_while() {
  %six = stablehlo.constant dense<6> : tensor<i64>
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %two = stablehlo.constant dense<2> : tensor<i64>
  %three = stablehlo.constant dense<3> : tensor<i64>
  %n, %steps = stablehlo.while(%n0 = %six, %s0 = %zero) : tensor<i64>, tensor<i64>
  cond {
    %p = stablehlo.compare NE, %n0, %one : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %rem = stablehlo.remainder %n0, %two : tensor<i64>
    %even = stablehlo.compare EQ, %rem, %zero : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %next = "stablehlo.if"(%even) ({
      %h = stablehlo.divide %n0, %two : tensor<i64>
      stablehlo.return %h : tensor<i64>
    }, {
      %t = stablehlo.multiply %n0, %three : tensor<i64>
      %u = stablehlo.add %t, %one : tensor<i64>
      stablehlo.return %u : tensor<i64>
    }) : (tensor<i1>) -> tensor<i64>
    %s1 = stablehlo.add %s0, %one : tensor<i64>
    stablehlo.return %next, %s1 : tensor<i64>, tensor<i64>
  }
  check.expect_eq_const %n, dense<1> : tensor<i64>
  check.expect_eq_const %steps, dense<8> : tensor<i64>
  func.return
}

// -----

// CHECK: PASS if_returns_token
func.func @if_returns_token() {
  %p = stablehlo.constant dense<false> : tensor<i1>
  %tok = stablehlo.create_token : !stablehlo.token
  %t, %v = "stablehlo.if"(%p) ({
    %a = stablehlo.constant dense<1.0> : tensor<f32>
    stablehlo.return %tok, %a : !stablehlo.token, tensor<f32>
  }, {
    %t2 = stablehlo.after_all %tok : !stablehlo.token
    %b = stablehlo.constant dense<2.0> : tensor<f32>
    stablehlo.return %t2, %b : !stablehlo.token, tensor<f32>
  }) : (tensor<i1>) -> (!stablehlo.token, tensor<f32>)
  %u = stablehlo.after_all %t, %tok : !stablehlo.token
  check.expect_eq_const %v, dense<2.0> : tensor<f32>
  func.return
}

// CHECK-NOT: FAIL
