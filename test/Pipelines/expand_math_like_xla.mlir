// RUN: jx-opt %s --jx-expand-math-like-xla --split-input-file | FileCheck %s

// f32 log: exponent and mantissa from the bits, Cephes' polynomial with
// fused multiply-adds, log 2 in two parts; no libm call left.
// CHECK-LABEL: func.func @log_f32
func.func @log_f32(%x: f32) -> f32 {
  // CHECK: arith.bitcast %{{.*}} : f32 to i32
  // CHECK: arith.shrui
  // CHECK: llvm.intr.fma
  // CHECK: arith.constant -2.12194442E-4 : f32
  // CHECK: arith.constant 0.693359375 : f32
  // CHECK-NOT: math.log
  // CHECK: return
  %0 = math.log %x : f32
  return %0 : f32
}

// -----

// Vectors expand the same way.
// CHECK-LABEL: func.func @log_vector
func.func @log_vector(%x: vector<8xf32>) -> vector<8xf32> {
  // CHECK: llvm.intr.fma
  // CHECK: arith.constant dense<0.693359375> : vector<8xf32>
  // CHECK-NOT: math.log
  // CHECK: return
  %0 = math.log %x : vector<8xf32>
  return %0 : vector<8xf32>
}

// -----

// f64 stays with libm, as in XLA; log1p too (libm's is the more accurate).
// CHECK-LABEL: func.func @left_to_libm
func.func @left_to_libm(%x: f64, %y: f32) -> (f64, f64, f32) {
  // CHECK: math.log1p %arg0 : f64
  // CHECK: math.log %arg0 : f64
  // CHECK: math.log1p %arg1 : f32
  %0 = math.log1p %x : f64
  %1 = math.log %x : f64
  %2 = math.log1p %y : f32
  return %0, %1, %2 : f64, f64, f32
}

// -----

// Other types are left alone (f16 and bf16 reach this pass extended to f32).
// CHECK-LABEL: func.func @f16_untouched
func.func @f16_untouched(%x: f16) -> f16 {
  // CHECK: math.log %arg0 : f16
  %0 = math.log %x : f16
  return %0 : f16
}

// -----

// f32 exp: XLA's (Eigen's) formulation in two instructions fewer than
// jx-approximate-math's copy of it: k is clamped from above only, and 2^k
// is k + (2^23 + 127) in f32 shifted left by 23 bits, with no conversion
// to an integer. scripts/check_math_rewrites.py checks every f32 input.
// CHECK-LABEL: func.func @exp_f32
func.func @exp_f32(%x: vector<16xf32>) -> vector<16xf32> {
  // CHECK: arith.cmpf uge, %arg0
  // CHECK: arith.cmpf ule
  // CHECK: math.floor
  // CHECK-NOT: arith.cmpf uge
  // CHECK: arith.cmpf ule
  // CHECK-NOT: arith.fptosi
  // CHECK: arith.constant dense<0x4B00007F>
  // CHECK: arith.addf
  // CHECK: arith.bitcast
  // CHECK: arith.shli
  // CHECK: arith.mulf
  // CHECK-NOT: math.exp
  // CHECK: return
  %0 = math.exp %x : vector<16xf32>
  return %0 : vector<16xf32>
}

// -----

// f32 tanh: Eigen's rational function, the small-argument test on x^2
// (no absolute value), then one division.
// CHECK-LABEL: func.func @tanh_f32
func.func @tanh_f32(%x: f32) -> f32 {
  // CHECK-NOT: math.absf
  // CHECK: %[[SQ:.*]] = arith.mulf %[[X:.*]], %[[X]] : f32
  // CHECK: arith.cmpf olt, %[[SQ]]
  // CHECK: arith.divf
  // CHECK: arith.select
  // CHECK-NOT: math.tanh
  // CHECK: return
  %0 = math.tanh %x : f32
  return %0 : f32
}

// -----

// ops= picks the functions; the others are left to jx-approximate-math.
// RUN: jx-opt %s '--jx-expand-math-like-xla=ops=math.tanh' --split-input-file | FileCheck %s --check-prefix=ONLY
// ONLY-LABEL: func.func @only_tanh
func.func @only_tanh(%x: f32) -> (f32, f32, f32) {
  // ONLY: math.exp
  // ONLY: math.log
  // ONLY-NOT: math.tanh
  %0 = math.exp %x : f32
  %1 = math.log %x : f32
  %2 = math.tanh %x : f32
  return %0, %1, %2 : f32, f32, f32
}
