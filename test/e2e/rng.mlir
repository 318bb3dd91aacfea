// RUN: jxc run --split-input-file %s | FileCheck %s
//
// rng's values are implementation-defined (spec: rng); these check what the
// spec does fix: UNIFORM draws from [a, b), NORMAL draws finite values (here
// within 10 standard deviations of the mean, which a correct normal
// generator leaves with probability ~1e-23 per draw).

// CHECK: PASS uniform_f32
func.func @uniform_f32() {
  %a = stablehlo.constant dense<-1.5> : tensor<f32>
  %b = stablehlo.constant dense<2.0> : tensor<f32>
  %shape = stablehlo.constant dense<[256]> : tensor<1xi64>
  %r = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<256xf32>
  %av = stablehlo.constant dense<-1.5> : tensor<256xf32>
  %bv = stablehlo.constant dense<2.0> : tensor<256xf32>
  %ge = stablehlo.compare GE, %r, %av : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xi1>
  %lt = stablehlo.compare LT, %r, %bv : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xi1>
  %in = stablehlo.and %ge, %lt : tensor<256xi1>
  check.expect_eq_const %in, dense<true> : tensor<256xi1>
  func.return
}

// -----

// CHECK: PASS uniform_f64
func.func @uniform_f64() {
  %a = stablehlo.constant dense<1.0e10> : tensor<f64>
  %b = stablehlo.constant dense<1.0000001e10> : tensor<f64>
  %shape = stablehlo.constant dense<[256]> : tensor<1xi64>
  %r = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f64>, tensor<f64>, tensor<1xi64>) -> tensor<256xf64>
  %av = stablehlo.constant dense<1.0e10> : tensor<256xf64>
  %bv = stablehlo.constant dense<1.0000001e10> : tensor<256xf64>
  %ge = stablehlo.compare GE, %r, %av : (tensor<256xf64>, tensor<256xf64>) -> tensor<256xi1>
  %lt = stablehlo.compare LT, %r, %bv : (tensor<256xf64>, tensor<256xf64>) -> tensor<256xi1>
  %in = stablehlo.and %ge, %lt : tensor<256xi1>
  check.expect_eq_const %in, dense<true> : tensor<256xi1>
  func.return
}

// -----

// CHECK: PASS uniform_f16
func.func @uniform_f16() {
  %a = stablehlo.constant dense<0.0> : tensor<f16>
  %b = stablehlo.constant dense<1.0> : tensor<f16>
  %shape = stablehlo.constant dense<[256]> : tensor<1xi64>
  %r = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f16>, tensor<f16>, tensor<1xi64>) -> tensor<256xf16>
  %av = stablehlo.constant dense<0.0> : tensor<256xf16>
  %bv = stablehlo.constant dense<1.0> : tensor<256xf16>
  %ge = stablehlo.compare GE, %r, %av : (tensor<256xf16>, tensor<256xf16>) -> tensor<256xi1>
  %lt = stablehlo.compare LT, %r, %bv : (tensor<256xf16>, tensor<256xf16>) -> tensor<256xi1>
  %in = stablehlo.and %ge, %lt : tensor<256xi1>
  check.expect_eq_const %in, dense<true> : tensor<256xi1>
  func.return
}

// -----

// CHECK: PASS uniform_bf16
func.func @uniform_bf16() {
  %a = stablehlo.constant dense<-8.0> : tensor<bf16>
  %b = stablehlo.constant dense<-7.0> : tensor<bf16>
  %shape = stablehlo.constant dense<[256]> : tensor<1xi64>
  %r = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<bf16>, tensor<bf16>, tensor<1xi64>) -> tensor<256xbf16>
  %av = stablehlo.constant dense<-8.0> : tensor<256xbf16>
  %bv = stablehlo.constant dense<-7.0> : tensor<256xbf16>
  %ge = stablehlo.compare GE, %r, %av : (tensor<256xbf16>, tensor<256xbf16>) -> tensor<256xi1>
  %lt = stablehlo.compare LT, %r, %bv : (tensor<256xbf16>, tensor<256xbf16>) -> tensor<256xi1>
  %in = stablehlo.and %ge, %lt : tensor<256xi1>
  check.expect_eq_const %in, dense<true> : tensor<256xi1>
  func.return
}

// -----

// CHECK: PASS uniform_si32
func.func @uniform_si32() {
  %a = stablehlo.constant dense<-5> : tensor<i32>
  %b = stablehlo.constant dense<3> : tensor<i32>
  %shape = stablehlo.constant dense<[256]> : tensor<1xi64>
  %r = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<256xi32>
  %av = stablehlo.constant dense<-5> : tensor<256xi32>
  %bv = stablehlo.constant dense<3> : tensor<256xi32>
  %ge = stablehlo.compare GE, %r, %av : (tensor<256xi32>, tensor<256xi32>) -> tensor<256xi1>
  %lt = stablehlo.compare LT, %r, %bv : (tensor<256xi32>, tensor<256xi32>) -> tensor<256xi1>
  %in = stablehlo.and %ge, %lt : tensor<256xi1>
  check.expect_eq_const %in, dense<true> : tensor<256xi1>
  func.return
}

// -----

// CHECK: PASS uniform_si64
func.func @uniform_si64() {
  %a = stablehlo.constant dense<-9223372036854775808> : tensor<i64>
  %b = stablehlo.constant dense<9223372036854775807> : tensor<i64>
  %shape = stablehlo.constant dense<[256]> : tensor<1xi64>
  %r = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<i64>, tensor<i64>, tensor<1xi64>) -> tensor<256xi64>
  %av = stablehlo.constant dense<-9223372036854775808> : tensor<256xi64>
  %bv = stablehlo.constant dense<9223372036854775807> : tensor<256xi64>
  %ge = stablehlo.compare GE, %r, %av : (tensor<256xi64>, tensor<256xi64>) -> tensor<256xi1>
  %lt = stablehlo.compare LT, %r, %bv : (tensor<256xi64>, tensor<256xi64>) -> tensor<256xi1>
  %in = stablehlo.and %ge, %lt : tensor<256xi1>
  check.expect_eq_const %in, dense<true> : tensor<256xi1>
  func.return
}

// -----

// CHECK: PASS uniform_ui8
func.func @uniform_ui8() {
  %a = stablehlo.constant dense<250> : tensor<ui8>
  %b = stablehlo.constant dense<255> : tensor<ui8>
  %shape = stablehlo.constant dense<[256]> : tensor<1xi64>
  %r = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<ui8>, tensor<ui8>, tensor<1xi64>) -> tensor<256xui8>
  %av = stablehlo.constant dense<250> : tensor<256xui8>
  %bv = stablehlo.constant dense<255> : tensor<256xui8>
  %ge = stablehlo.compare GE, %r, %av : (tensor<256xui8>, tensor<256xui8>) -> tensor<256xi1>
  %lt = stablehlo.compare LT, %r, %bv : (tensor<256xui8>, tensor<256xui8>) -> tensor<256xi1>
  %in = stablehlo.and %ge, %lt : tensor<256xi1>
  check.expect_eq_const %in, dense<true> : tensor<256xi1>
  func.return
}

// -----

// CHECK: PASS uniform_ui64
func.func @uniform_ui64() {
  %a = stablehlo.constant dense<0> : tensor<ui64>
  %b = stablehlo.constant dense<18446744073709551615> : tensor<ui64>
  %shape = stablehlo.constant dense<[256]> : tensor<1xi64>
  %r = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<ui64>, tensor<ui64>, tensor<1xi64>) -> tensor<256xui64>
  %av = stablehlo.constant dense<0> : tensor<256xui64>
  %bv = stablehlo.constant dense<18446744073709551615> : tensor<256xui64>
  %ge = stablehlo.compare GE, %r, %av : (tensor<256xui64>, tensor<256xui64>) -> tensor<256xi1>
  %lt = stablehlo.compare LT, %r, %bv : (tensor<256xui64>, tensor<256xui64>) -> tensor<256xi1>
  %in = stablehlo.and %ge, %lt : tensor<256xi1>
  check.expect_eq_const %in, dense<true> : tensor<256xi1>
  func.return
}

// -----

// CHECK: PASS uniform_si8_narrow
func.func @uniform_si8_narrow() {
  %a = stablehlo.constant dense<-128> : tensor<i8>
  %b = stablehlo.constant dense<-127> : tensor<i8>
  %shape = stablehlo.constant dense<[256]> : tensor<1xi64>
  %r = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<i8>, tensor<i8>, tensor<1xi64>) -> tensor<256xi8>
  %av = stablehlo.constant dense<-128> : tensor<256xi8>
  %bv = stablehlo.constant dense<-127> : tensor<256xi8>
  %ge = stablehlo.compare GE, %r, %av : (tensor<256xi8>, tensor<256xi8>) -> tensor<256xi1>
  %lt = stablehlo.compare LT, %r, %bv : (tensor<256xi8>, tensor<256xi8>) -> tensor<256xi1>
  %in = stablehlo.and %ge, %lt : tensor<256xi1>
  check.expect_eq_const %in, dense<true> : tensor<256xi1>
  func.return
}

// -----

// CHECK: PASS uniform_pred
// [false, true) holds false only.
func.func @uniform_pred() {
  %a = stablehlo.constant dense<false> : tensor<i1>
  %b = stablehlo.constant dense<true> : tensor<i1>
  %shape = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %r = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<i1>, tensor<i1>, tensor<2xi64>) -> tensor<2x3xi1>
  check.expect_eq_const %r, dense<false> : tensor<2x3xi1>
  func.return
}

// -----

// CHECK: PASS normal_f32
func.func @normal_f32() {
  %mu = stablehlo.constant dense<0.0> : tensor<f32>
  %sigma = stablehlo.constant dense<1.0> : tensor<f32>
  %shape = stablehlo.constant dense<[2, 256]> : tensor<2xi64>
  %r = stablehlo.rng %mu, %sigma, %shape, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<2x256xf32>
  %lo = stablehlo.constant dense<-10.0> : tensor<2x256xf32>
  %hi = stablehlo.constant dense<10.0> : tensor<2x256xf32>
  %gt = stablehlo.compare GT, %r, %lo : (tensor<2x256xf32>, tensor<2x256xf32>) -> tensor<2x256xi1>
  %lt = stablehlo.compare LT, %r, %hi : (tensor<2x256xf32>, tensor<2x256xf32>) -> tensor<2x256xi1>
  %in = stablehlo.and %gt, %lt : tensor<2x256xi1>
  check.expect_eq_const %in, dense<true> : tensor<2x256xi1>
  func.return
}

// -----

// CHECK: PASS normal_f64
func.func @normal_f64() {
  %mu = stablehlo.constant dense<100.0> : tensor<f64>
  %sigma = stablehlo.constant dense<0.5> : tensor<f64>
  %shape = stablehlo.constant dense<[2, 256]> : tensor<2xi64>
  %r = stablehlo.rng %mu, %sigma, %shape, distribution = NORMAL : (tensor<f64>, tensor<f64>, tensor<2xi64>) -> tensor<2x256xf64>
  %lo = stablehlo.constant dense<95.0> : tensor<2x256xf64>
  %hi = stablehlo.constant dense<105.0> : tensor<2x256xf64>
  %gt = stablehlo.compare GT, %r, %lo : (tensor<2x256xf64>, tensor<2x256xf64>) -> tensor<2x256xi1>
  %lt = stablehlo.compare LT, %r, %hi : (tensor<2x256xf64>, tensor<2x256xf64>) -> tensor<2x256xi1>
  %in = stablehlo.and %gt, %lt : tensor<2x256xi1>
  check.expect_eq_const %in, dense<true> : tensor<2x256xi1>
  func.return
}

// -----

// CHECK: PASS normal_f16
func.func @normal_f16() {
  %mu = stablehlo.constant dense<-3.0> : tensor<f16>
  %sigma = stablehlo.constant dense<2.0> : tensor<f16>
  %shape = stablehlo.constant dense<[2, 256]> : tensor<2xi64>
  %r = stablehlo.rng %mu, %sigma, %shape, distribution = NORMAL : (tensor<f16>, tensor<f16>, tensor<2xi64>) -> tensor<2x256xf16>
  %lo = stablehlo.constant dense<-23.0> : tensor<2x256xf16>
  %hi = stablehlo.constant dense<17.0> : tensor<2x256xf16>
  %gt = stablehlo.compare GT, %r, %lo : (tensor<2x256xf16>, tensor<2x256xf16>) -> tensor<2x256xi1>
  %lt = stablehlo.compare LT, %r, %hi : (tensor<2x256xf16>, tensor<2x256xf16>) -> tensor<2x256xi1>
  %in = stablehlo.and %gt, %lt : tensor<2x256xi1>
  check.expect_eq_const %in, dense<true> : tensor<2x256xi1>
  func.return
}

// -----

// CHECK: PASS normal_bf16
func.func @normal_bf16() {
  %mu = stablehlo.constant dense<1.0> : tensor<bf16>
  %sigma = stablehlo.constant dense<0.25> : tensor<bf16>
  %shape = stablehlo.constant dense<[2, 256]> : tensor<2xi64>
  %r = stablehlo.rng %mu, %sigma, %shape, distribution = NORMAL : (tensor<bf16>, tensor<bf16>, tensor<2xi64>) -> tensor<2x256xbf16>
  %lo = stablehlo.constant dense<-1.5> : tensor<2x256xbf16>
  %hi = stablehlo.constant dense<3.5> : tensor<2x256xbf16>
  %gt = stablehlo.compare GT, %r, %lo : (tensor<2x256xbf16>, tensor<2x256xbf16>) -> tensor<2x256xi1>
  %lt = stablehlo.compare LT, %r, %hi : (tensor<2x256xbf16>, tensor<2x256xbf16>) -> tensor<2x256xi1>
  %in = stablehlo.and %gt, %lt : tensor<2x256xi1>
  check.expect_eq_const %in, dense<true> : tensor<2x256xi1>
  func.return
}

// CHECK-NOT: FAIL
