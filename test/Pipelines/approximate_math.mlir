// RUN: jx-opt --jx-approximate-math %s | FileCheck %s
// RUN: jx-opt --jx-approximate-math --jx-math-to-intrinsics %s | FileCheck %s --check-prefix=INTR
// RUN: jx-opt '--jx-approximate-math=ops=math.tanh' %s | FileCheck %s --check-prefix=ONLY

// f32 exp, expm1 and tanh, scalar or vector, become polynomials of arith
// and math.fma; f64 and the functions off the default list stay calls.
// CHECK-LABEL: func @f32_scalar
// CHECK-NOT: math.exp
// CHECK-NOT: math.tanh
// CHECK: math.fma
// CHECK: return
// ONLY-LABEL: func @f32_scalar
// ONLY: math.exp
// ONLY-NOT: math.tanh
// ONLY: return
func.func @f32_scalar(%x: f32) -> f32 {
  %0 = math.exp %x : f32
  %1 = math.tanh %0 : f32
  return %1 : f32
}

// CHECK-LABEL: func @f32_vector
// CHECK-NOT: math.expm1
// CHECK: math.fma {{.*}} : vector<8xf32>
func.func @f32_vector(%x: vector<8xf32>) -> vector<8xf32> {
  %0 = math.expm1 %x : vector<8xf32>
  return %0 : vector<8xf32>
}

// CHECK-LABEL: func @kept
// CHECK: math.exp {{.*}} : f64
// CHECK: math.sin {{.*}} : f32
// CHECK: math.log1p {{.*}} : f32
func.func @kept(%x: f64, %y: f32) -> (f64, f32, f32) {
  %0 = math.exp %x : f64
  %1 = math.sin %y : f32
  %2 = math.log1p %y : f32
  return %0, %1, %2 : f64, f32, f32
}

// The expansions' fma and floor, and the rounding ops, become LLVM
// intrinsics rather than libm calls (which would not vectorize).
// INTR-LABEL: func @intrinsics
// INTR: llvm.intr.fma
// INTR: llvm.intr.floor
// INTR: llvm.intr.ceil
// INTR: llvm.intr.trunc
// INTR: llvm.intr.round
// INTR: llvm.intr.roundeven
// INTR: llvm.intr.sqrt
// INTR: llvm.intr.fabs
// INTR-NOT: math.
// INTR: return
func.func @intrinsics(%x: vector<4xf32>, %y: f64) -> (vector<4xf32>, f64, f64, f64, f64, f64, f64, f64) {
  %0 = math.fma %x, %x, %x : vector<4xf32>
  %1 = math.floor %y : f64
  %2 = math.ceil %y : f64
  %3 = math.trunc %y : f64
  %4 = math.round %y : f64
  %5 = math.roundeven %y : f64
  %6 = math.sqrt %y : f64
  %7 = math.absf %y : f64
  return %0, %1, %2, %3, %4, %5, %6, %7 : vector<4xf32>, f64, f64, f64, f64, f64, f64, f64
}
