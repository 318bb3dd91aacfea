// RUN: jxc run --split-input-file %s | FileCheck %s
//
// composite computes what its decomposition function computes (spec:
// composite); composite_attributes and version do not change the result.

// CHECK: PASS composite_scalar
func.func private @add_n.impl(%arg0: tensor<i64>) -> tensor<i64> {
  %0 = stablehlo.constant dense<2> : tensor<i64>
  %1 = stablehlo.add %arg0, %0 : tensor<i64>
  func.return %1 : tensor<i64>
}

func.func @composite_scalar() {
  %0 = stablehlo.constant dense<1> : tensor<i64>
  %1 = stablehlo.composite "my.add_n" %0 {
    composite_attributes = { n = 2 : i64 },
    decomposition = @add_n.impl,
    version = 3 : i32
  } : (tensor<i64>) -> tensor<i64>
  check.expect_eq_const %1, dense<3> : tensor<i64>
  func.return
}

// -----

// CHECK: PASS composite_many_results
// Two operands of unsigned and floating types, three results.
func.func private @split.impl(%a: tensor<2xui32>, %b: tensor<2xf32>) -> (tensor<2xui32>, tensor<2xf32>, tensor<2xi1>) {
  %s = stablehlo.add %a, %a : tensor<2xui32>
  %n = stablehlo.negate %b : tensor<2xf32>
  %c = stablehlo.compare GT, %b, %n : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  func.return %s, %n, %c : tensor<2xui32>, tensor<2xf32>, tensor<2xi1>
}

func.func @composite_many_results() {
  %a = stablehlo.constant dense<[4294967295, 7]> : tensor<2xui32>
  %b = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  %r:3 = stablehlo.composite "my.split" %a, %b {
    decomposition = @split.impl
  } : (tensor<2xui32>, tensor<2xf32>) -> (tensor<2xui32>, tensor<2xf32>, tensor<2xi1>)
  check.expect_eq_const %r#0, dense<[4294967294, 14]> : tensor<2xui32>
  check.expect_eq_const %r#1, dense<[-1.5, 2.0]> : tensor<2xf32>
  check.expect_eq_const %r#2, dense<[true, false]> : tensor<2xi1>
  func.return
}

// -----

// CHECK: PASS composite_nested
// A decomposition may itself hold a composite; complex values pass through.
func.func private @square.impl(%x: tensor<complex<f64>>) -> tensor<complex<f64>> {
  %y = stablehlo.multiply %x, %x : tensor<complex<f64>>
  func.return %y : tensor<complex<f64>>
}

func.func private @fourth.impl(%x: tensor<complex<f64>>) -> tensor<complex<f64>> {
  %y = stablehlo.composite "my.square" %x {decomposition = @square.impl} : (tensor<complex<f64>>) -> tensor<complex<f64>>
  %z = stablehlo.composite "my.square" %y {decomposition = @square.impl} : (tensor<complex<f64>>) -> tensor<complex<f64>>
  func.return %z : tensor<complex<f64>>
}

func.func @composite_nested() {
  // (1 + i)^4 = (2i)^2 = -4.
  %x = stablehlo.constant dense<(1.0, 1.0)> : tensor<complex<f64>>
  %r = stablehlo.composite "my.fourth" %x {decomposition = @fourth.impl} : (tensor<complex<f64>>) -> tensor<complex<f64>>
  check.expect_eq_const %r, dense<(-4.0, 0.0)> : tensor<complex<f64>>
  func.return
}

// -----

// CHECK: PASS composite_in_loop
// A composite in a while body, on bf16 and f16.
func.func private @twice.impl(%x: tensor<bf16>, %y: tensor<f16>) -> (tensor<bf16>, tensor<f16>) {
  %a = stablehlo.add %x, %x : tensor<bf16>
  %b = stablehlo.add %y, %y : tensor<f16>
  func.return %a, %b : tensor<bf16>, tensor<f16>
}

func.func @composite_in_loop() {
  %x = stablehlo.constant dense<0.75> : tensor<bf16>
  %y = stablehlo.constant dense<-0.125> : tensor<f16>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %three = stablehlo.constant dense<3> : tensor<i32>
  %i, %rx, %ry = stablehlo.while(%i0 = %zero, %x0 = %x, %y0 = %y) : tensor<i32>, tensor<bf16>, tensor<f16>
  cond {
    %p = stablehlo.compare LT, %i0, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %x1, %y1 = stablehlo.composite "my.twice" %x0, %y0 {decomposition = @twice.impl} : (tensor<bf16>, tensor<f16>) -> (tensor<bf16>, tensor<f16>)
    %i1 = stablehlo.add %i0, %one : tensor<i32>
    stablehlo.return %i1, %x1, %y1 : tensor<i32>, tensor<bf16>, tensor<f16>
  }
  check.expect_eq_const %rx, dense<6.0> : tensor<bf16>
  check.expect_eq_const %ry, dense<-1.0> : tensor<f16>
  func.return
}

// CHECK-NOT: FAIL
