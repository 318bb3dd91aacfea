// The f32 math functions against the correctly rounded result, over every
// 1021st bit pattern of both signs and the special values: the largest
// error in ulps where the exact result is a normal number (bounds from
// docs/math-accuracy.md), and special values exact. exp, expm1 and tanh
// are jx-approximate-math's polynomials; log is XLA's formulation; the
// others are libm's.
// RUN: python3 %jx_src_root/scripts/math_accuracy.py --jxc jxc --stride 1021 --max-ulps exp=5,expm1=5,tanh=4,logistic=2,log=1,log1p=1,sin=1,cos=1,sqrt=0,rsqrt=1,cbrt=1 | FileCheck %s
// CHECK: f32 inputs
// CHECK-NOT: FAIL
// CHECK-NOT: wrong special
// CHECK: cbrt
