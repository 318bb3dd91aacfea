// RUN: jxc run --split-input-file %s | FileCheck %s
// f16/bf16 arithmetic rounds after every op, as in JAX/XLA: a fused chain
// must not keep the intermediate in f32 (the emulation's contract-flagged
// extf(truncf(x)) used to fold away). Expected values from numpy/ml_dtypes:
// f16(0.415) * f16(8.5) + f16(-3) = 0.52734375 (0.528 without rounding
// the product); bf16: 0.515625 (0.51953125 without).
// CHECK-NOT: FAIL

// CHECK: PASS f16_mul_add
func.func @f16_mul_add() {
  %a = stablehlo.constant dense<0.4150390625> : tensor<f16>
  %b = stablehlo.constant dense<8.5> : tensor<f16>
  %c = stablehlo.constant dense<-3.0> : tensor<f16>
  %p = stablehlo.multiply %a, %b : tensor<f16>
  %r = stablehlo.add %p, %c : tensor<f16>
  check.expect_eq_const %r, dense<0.52734375> : tensor<f16>
  func.return
}

// -----

// CHECK: PASS bf16_mul_add
func.func @bf16_mul_add() {
  %a = stablehlo.constant dense<0.4140625> : tensor<bf16>
  %b = stablehlo.constant dense<8.5> : tensor<bf16>
  %c = stablehlo.constant dense<-3.0> : tensor<bf16>
  %p = stablehlo.multiply %a, %b : tensor<bf16>
  %r = stablehlo.add %p, %c : tensor<bf16>
  check.expect_eq_const %r, dense<0.515625> : tensor<bf16>
  func.return
}
