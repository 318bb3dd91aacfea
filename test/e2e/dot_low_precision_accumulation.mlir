// RUN: jxc run --split-input-file %s | FileCheck %s
// f16/bf16 dot_general accumulates in f32 and rounds once, as XLA does on
// the CPU: 1024 products of 1.0 sum to 1024 (accumulating in bf16 sticks
// at 256, where 256 + 1 rounds back to 256; f16 at 2048 would too).
// CHECK-NOT: FAIL

// CHECK: PASS bf16_long_dot
func.func @bf16_long_dot() {
  %a = stablehlo.constant dense<1.0> : tensor<1x1024xbf16>
  %b = stablehlo.constant dense<1.0> : tensor<1024x1xbf16>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<1x1024xbf16>, tensor<1024x1xbf16>) -> tensor<1x1xbf16>
  check.expect_eq_const %r, dense<1024.0> : tensor<1x1xbf16>
  func.return
}

// -----

// CHECK: PASS f16_long_dot
func.func @f16_long_dot() {
  %a = stablehlo.constant dense<1.0> : tensor<3000xf16>
  %b = stablehlo.constant dense<1.0> : tensor<3000xf16>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<3000xf16>, tensor<3000xf16>) -> tensor<f16>
  check.expect_eq_const %r, dense<3000.0> : tensor<f16>
  func.return
}
