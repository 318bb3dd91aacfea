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
// CHECK-LABEL: func.func @log1p_vector
func.func @log1p_vector(%x: vector<8xf32>) -> vector<8xf32> {
  // CHECK: llvm.intr.fma
  // CHECK: arith.divf %{{.*}} : vector<8xf32>
  // CHECK: arith.constant dense<0.414213568> : vector<8xf32>
  // CHECK-NOT: math.log
  // CHECK: return
  %0 = math.log1p %x : vector<8xf32>
  return %0 : vector<8xf32>
}

// -----

// f64: log1p's small branch is XLA's rational, its large branch and log
// itself stay with libm, as in XLA.
// CHECK-LABEL: func.func @f64
func.func @f64(%x: f64) -> (f64, f64) {
  // CHECK: llvm.intr.fma
  // CHECK: %[[L:.*]] = math.log %{{.*}} : f64
  // CHECK: arith.select %{{.*}}, %{{.*}}, %[[L]] : f64
  // CHECK: math.log %arg0 : f64
  // CHECK-NOT: math.log1p
  %0 = math.log1p %x : f64
  %1 = math.log %x : f64
  return %0, %1 : f64, f64
}

// -----

// Other types are left alone (f16 and bf16 reach this pass extended to f32).
// CHECK-LABEL: func.func @f16_untouched
func.func @f16_untouched(%x: f16) -> f16 {
  // CHECK: math.log %arg0 : f16
  %0 = math.log %x : f16
  return %0 : f16
}
