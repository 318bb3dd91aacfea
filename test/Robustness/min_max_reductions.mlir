// Large float maximum/minimum reductions, computed on the values' bits as
// integers (jx-min-max-reductions-as-integers), keep stablehlo's semantics:
// rows, columns and whole arrays of f32 and f64 with positive and negative
// NaNs, signed zeros, infinities and subnormals; -0 below +0, NaN
// propagated, the init value included.
// RUN: python3 %jx_src_root/scripts/min_max_reduction_check.py jxc | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: min/max reductions: 10 passed, 0 failed
