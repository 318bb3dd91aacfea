// RUN: jxc run --split-input-file %s | FileCheck %s
// chlo.sinh and chlo.cosh in f32 give what JAX (XLA's CPU backend) gives, to
// within an ulp, also for large arguments: XLA computes e^x / 2 as
// e^(x + ln(1/2)), and the rounding of x + ln(1/2) moves the result by up to
// ~25 ulps near |x| = 88 (jx's earlier, more accurate forms were 26 ulps off
// JAX at x = 88.02098).
// Expected values from jax 0.10.2 on the CPU:
//   x = np.array([1.5, -3.25, 10.0, 20.5, -50.0, 80.0, 88.02098, -88.01242,
//                 88.715195, 89.0, -85.3], np.float32)
//   [repr(float(v)) for v in np.asarray(jax.jit(jnp.sinh)(x))]  # and jnp.cosh
// CHECK-NOT: FAIL

// CHECK: PASS sinh_f32_large
func.func @sinh_f32_large() {
  %x = stablehlo.constant dense<[1.5, -3.25, 10.0, 20.5, -50.0, 80.0, 88.02098083496094, -88.01242065429688, 88.71519470214844, 89.0, -85.30000305175781]> : tensor<11xf32>
  %r = chlo.sinh %x : tensor<11xf32> -> tensor<11xf32>
  %jax = stablehlo.constant dense<[2.129279375076294, -12.87578296661377, 11013.2275390625, 399950912.0, -2.5923563880074707e+21, 2.7703152037465054e+34, 8.43328748575282e+37, -8.361405104936758e+37, 1.688457561002888e+38, 2.2448096340936943e+38, -5.549977785720525e+36]> : tensor<11xf32>
  check.expect_close %r, %jax, max_ulp_difference = 1 : tensor<11xf32>, tensor<11xf32>
  func.return
}

// -----

// CHECK: PASS cosh_f32_large
func.func @cosh_f32_large() {
  %x = stablehlo.constant dense<[1.5, -3.25, 10.0, 20.5, -50.0, 80.0, 88.02098083496094, -88.01242065429688, 88.71519470214844, 89.0, -85.30000305175781]> : tensor<11xf32>
  %r = chlo.cosh %x : tensor<11xf32> -> tensor<11xf32>
  %jax = stablehlo.constant dense<[2.352409601211548, 12.914557456970215, 11013.2275390625, 399950912.0, 2.5923563880074707e+21, 2.7703152037465054e+34, 8.43328748575282e+37, 8.361405104936758e+37, 1.688457561002888e+38, 2.2448096340936943e+38, 5.549977785720525e+36]> : tensor<11xf32>
  check.expect_close %r, %jax, max_ulp_difference = 1 : tensor<11xf32>, tensor<11xf32>
  func.return
}
