// RUN: jxc run --split-input-file %s | FileCheck %s
//
// stablehlo.case runs branch `index`; an index outside [0, N) runs the last
// branch (spec: case).

// CHECK: PASS case_index_0
// Branch 0 doubles.
func.func @case_index_0() {
  %index = stablehlo.constant dense<0> : tensor<i32>
  %x = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  %r, %k = "stablehlo.case"(%index) ({
    %a = stablehlo.add %x, %x : tensor<2xf32>
    %k0 = stablehlo.constant dense<0> : tensor<ui8>
    stablehlo.return %a, %k0 : tensor<2xf32>, tensor<ui8>
  }, {
    %m = stablehlo.multiply %x, %x : tensor<2xf32>
    %k1 = stablehlo.constant dense<1> : tensor<ui8>
    stablehlo.return %m, %k1 : tensor<2xf32>, tensor<ui8>
  }, {
    %n = stablehlo.negate %x : tensor<2xf32>
    %k2 = stablehlo.constant dense<255> : tensor<ui8>
    stablehlo.return %n, %k2 : tensor<2xf32>, tensor<ui8>
  }) : (tensor<i32>) -> (tensor<2xf32>, tensor<ui8>)
  check.expect_eq_const %r, dense<[3.0, -4.0]> : tensor<2xf32>
  check.expect_eq_const %k, dense<0> : tensor<ui8>
  func.return
}

// -----

// CHECK: PASS case_index_1
// Branch 1 squares.
func.func @case_index_1() {
  %index = stablehlo.constant dense<1> : tensor<i32>
  %x = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  %r, %k = "stablehlo.case"(%index) ({
    %a = stablehlo.add %x, %x : tensor<2xf32>
    %k0 = stablehlo.constant dense<0> : tensor<ui8>
    stablehlo.return %a, %k0 : tensor<2xf32>, tensor<ui8>
  }, {
    %m = stablehlo.multiply %x, %x : tensor<2xf32>
    %k1 = stablehlo.constant dense<1> : tensor<ui8>
    stablehlo.return %m, %k1 : tensor<2xf32>, tensor<ui8>
  }, {
    %n = stablehlo.negate %x : tensor<2xf32>
    %k2 = stablehlo.constant dense<255> : tensor<ui8>
    stablehlo.return %n, %k2 : tensor<2xf32>, tensor<ui8>
  }) : (tensor<i32>) -> (tensor<2xf32>, tensor<ui8>)
  check.expect_eq_const %r, dense<[2.25, 4.0]> : tensor<2xf32>
  check.expect_eq_const %k, dense<1> : tensor<ui8>
  func.return
}

// -----

// CHECK: PASS case_index_last
// Branch 2, the last, negates.
func.func @case_index_last() {
  %index = stablehlo.constant dense<2> : tensor<i32>
  %x = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  %r, %k = "stablehlo.case"(%index) ({
    %a = stablehlo.add %x, %x : tensor<2xf32>
    %k0 = stablehlo.constant dense<0> : tensor<ui8>
    stablehlo.return %a, %k0 : tensor<2xf32>, tensor<ui8>
  }, {
    %m = stablehlo.multiply %x, %x : tensor<2xf32>
    %k1 = stablehlo.constant dense<1> : tensor<ui8>
    stablehlo.return %m, %k1 : tensor<2xf32>, tensor<ui8>
  }, {
    %n = stablehlo.negate %x : tensor<2xf32>
    %k2 = stablehlo.constant dense<255> : tensor<ui8>
    stablehlo.return %n, %k2 : tensor<2xf32>, tensor<ui8>
  }) : (tensor<i32>) -> (tensor<2xf32>, tensor<ui8>)
  check.expect_eq_const %r, dense<[-1.5, 2.0]> : tensor<2xf32>
  check.expect_eq_const %k, dense<255> : tensor<ui8>
  func.return
}

// -----

// CHECK: PASS case_index_too_large
// 3 is out of range: the last branch.
func.func @case_index_too_large() {
  %index = stablehlo.constant dense<3> : tensor<i32>
  %x = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  %r, %k = "stablehlo.case"(%index) ({
    %a = stablehlo.add %x, %x : tensor<2xf32>
    %k0 = stablehlo.constant dense<0> : tensor<ui8>
    stablehlo.return %a, %k0 : tensor<2xf32>, tensor<ui8>
  }, {
    %m = stablehlo.multiply %x, %x : tensor<2xf32>
    %k1 = stablehlo.constant dense<1> : tensor<ui8>
    stablehlo.return %m, %k1 : tensor<2xf32>, tensor<ui8>
  }, {
    %n = stablehlo.negate %x : tensor<2xf32>
    %k2 = stablehlo.constant dense<255> : tensor<ui8>
    stablehlo.return %n, %k2 : tensor<2xf32>, tensor<ui8>
  }) : (tensor<i32>) -> (tensor<2xf32>, tensor<ui8>)
  check.expect_eq_const %r, dense<[-1.5, 2.0]> : tensor<2xf32>
  check.expect_eq_const %k, dense<255> : tensor<ui8>
  func.return
}

// -----

// CHECK: PASS case_index_negative
// -1 is out of range: the last branch.
func.func @case_index_negative() {
  %index = stablehlo.constant dense<-1> : tensor<i32>
  %x = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  %r, %k = "stablehlo.case"(%index) ({
    %a = stablehlo.add %x, %x : tensor<2xf32>
    %k0 = stablehlo.constant dense<0> : tensor<ui8>
    stablehlo.return %a, %k0 : tensor<2xf32>, tensor<ui8>
  }, {
    %m = stablehlo.multiply %x, %x : tensor<2xf32>
    %k1 = stablehlo.constant dense<1> : tensor<ui8>
    stablehlo.return %m, %k1 : tensor<2xf32>, tensor<ui8>
  }, {
    %n = stablehlo.negate %x : tensor<2xf32>
    %k2 = stablehlo.constant dense<255> : tensor<ui8>
    stablehlo.return %n, %k2 : tensor<2xf32>, tensor<ui8>
  }) : (tensor<i32>) -> (tensor<2xf32>, tensor<ui8>)
  check.expect_eq_const %r, dense<[-1.5, 2.0]> : tensor<2xf32>
  check.expect_eq_const %k, dense<255> : tensor<ui8>
  func.return
}

// -----

// CHECK: PASS case_index_int_min
// INT32_MIN is out of range: the last branch.
func.func @case_index_int_min() {
  %index = stablehlo.constant dense<-2147483648> : tensor<i32>
  %x = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  %r, %k = "stablehlo.case"(%index) ({
    %a = stablehlo.add %x, %x : tensor<2xf32>
    %k0 = stablehlo.constant dense<0> : tensor<ui8>
    stablehlo.return %a, %k0 : tensor<2xf32>, tensor<ui8>
  }, {
    %m = stablehlo.multiply %x, %x : tensor<2xf32>
    %k1 = stablehlo.constant dense<1> : tensor<ui8>
    stablehlo.return %m, %k1 : tensor<2xf32>, tensor<ui8>
  }, {
    %n = stablehlo.negate %x : tensor<2xf32>
    %k2 = stablehlo.constant dense<255> : tensor<ui8>
    stablehlo.return %n, %k2 : tensor<2xf32>, tensor<ui8>
  }) : (tensor<i32>) -> (tensor<2xf32>, tensor<ui8>)
  check.expect_eq_const %r, dense<[-1.5, 2.0]> : tensor<2xf32>
  check.expect_eq_const %k, dense<255> : tensor<ui8>
  func.return
}

// -----

// CHECK: PASS case_index_int_max
// INT32_MAX is out of range: the last branch.
func.func @case_index_int_max() {
  %index = stablehlo.constant dense<2147483647> : tensor<i32>
  %x = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  %r, %k = "stablehlo.case"(%index) ({
    %a = stablehlo.add %x, %x : tensor<2xf32>
    %k0 = stablehlo.constant dense<0> : tensor<ui8>
    stablehlo.return %a, %k0 : tensor<2xf32>, tensor<ui8>
  }, {
    %m = stablehlo.multiply %x, %x : tensor<2xf32>
    %k1 = stablehlo.constant dense<1> : tensor<ui8>
    stablehlo.return %m, %k1 : tensor<2xf32>, tensor<ui8>
  }, {
    %n = stablehlo.negate %x : tensor<2xf32>
    %k2 = stablehlo.constant dense<255> : tensor<ui8>
    stablehlo.return %n, %k2 : tensor<2xf32>, tensor<ui8>
  }) : (tensor<i32>) -> (tensor<2xf32>, tensor<ui8>)
  check.expect_eq_const %r, dense<[-1.5, 2.0]> : tensor<2xf32>
  check.expect_eq_const %k, dense<255> : tensor<ui8>
  func.return
}

// -----

// CHECK: PASS case_single_branch
// With one branch every index selects it.
func.func @case_single_branch() {
  %index = stablehlo.constant dense<7> : tensor<i32>
  %r = "stablehlo.case"(%index) ({
    %c = stablehlo.constant dense<[true, false]> : tensor<2xi1>
    stablehlo.return %c : tensor<2xi1>
  }) : (tensor<i32>) -> tensor<2xi1>
  check.expect_eq_const %r, dense<[true, false]> : tensor<2xi1>
  func.return
}

// -----

// CHECK: PASS case_types
// Results of the remaining element-type families from branch 1.
func.func @case_types() {
  %index = stablehlo.constant dense<1> : tensor<i32>
  %r0, %r1, %r2, %r3, %r4 = "stablehlo.case"(%index) ({
    %a = stablehlo.constant dense<-5> : tensor<i64>
    %b = stablehlo.constant dense<1.0> : tensor<f16>
    %c = stablehlo.constant dense<1.0> : tensor<bf16>
    %d = stablehlo.constant dense<1.0> : tensor<f64>
    %e = stablehlo.constant dense<(1.0, 1.0)> : tensor<complex<f32>>
    stablehlo.return %a, %b, %c, %d, %e : tensor<i64>, tensor<f16>, tensor<bf16>, tensor<f64>, tensor<complex<f32>>
  }, {
    %a = stablehlo.constant dense<-9223372036854775808> : tensor<i64>
    %b = stablehlo.constant dense<65504.0> : tensor<f16>
    %c = stablehlo.constant dense<-0.5> : tensor<bf16>
    %d = stablehlo.constant dense<0.1> : tensor<f64>
    %e = stablehlo.constant dense<(0.0, -3.0)> : tensor<complex<f32>>
    stablehlo.return %a, %b, %c, %d, %e : tensor<i64>, tensor<f16>, tensor<bf16>, tensor<f64>, tensor<complex<f32>>
  }) : (tensor<i32>) -> (tensor<i64>, tensor<f16>, tensor<bf16>, tensor<f64>, tensor<complex<f32>>)
  check.expect_eq_const %r0, dense<-9223372036854775808> : tensor<i64>
  check.expect_eq_const %r1, dense<65504.0> : tensor<f16>
  check.expect_eq_const %r2, dense<-0.5> : tensor<bf16>
  check.expect_eq_const %r3, dense<0.1> : tensor<f64>
  check.expect_eq_const %r4, dense<(0.0, -3.0)> : tensor<complex<f32>>
  func.return
}

// -----

// CHECK: PASS case_in_loop
// A loop over i = 0..4 adds branch min(i, 2)'s value (out of range -> last):
// 1 + 10 + 100 + 100 + 100 = 311.
func.func @case_in_loop() {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %five = stablehlo.constant dense<5> : tensor<i32>
  %i, %sum = stablehlo.while(%i0 = %zero, %s0 = %zero) : tensor<i32>, tensor<i32>
  cond {
    %p = stablehlo.compare LT, %i0, %five : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %v = "stablehlo.case"(%i0) ({
      %a = stablehlo.constant dense<1> : tensor<i32>
      stablehlo.return %a : tensor<i32>
    }, {
      %b = stablehlo.constant dense<10> : tensor<i32>
      stablehlo.return %b : tensor<i32>
    }, {
      %c = stablehlo.constant dense<100> : tensor<i32>
      stablehlo.return %c : tensor<i32>
    }) : (tensor<i32>) -> tensor<i32>
    %s1 = stablehlo.add %s0, %v : tensor<i32>
    %i1 = stablehlo.add %i0, %one : tensor<i32>
    stablehlo.return %i1, %s1 : tensor<i32>, tensor<i32>
  }
  check.expect_eq_const %sum, dense<311> : tensor<i32>
  func.return
}

// CHECK-NOT: FAIL
