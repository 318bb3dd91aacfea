// argmax and argmin in JAX's form (a reduce over the values and an iota),
// which jx splits into vector lanes along rows (ArgReductions.cpp) and
// interchanges along columns, against the body evaluated element after
// element: f32, f64, f16, i32, u32 and i64 values with NaNs, ties, signed
// zeros and infinities; the first maximum (minimum) or the first NaN.
// RUN: python3 %jx_src_root/scripts/arg_reduction_check.py jxc | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: arg reductions: 15 passed, 0 failed
