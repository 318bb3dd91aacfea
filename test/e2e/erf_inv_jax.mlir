// RUN: jxc run --split-input-file %s | FileCheck %s
// chlo.erf_inv f32 against jax.lax.erf_inv (JAX 0.10, CPU): bit-exact.
// Values as bit patterns, from jax.jit(jax.lax.erf_inv) on these inputs.
// CHECK-NOT: FAIL

// CHECK: PASS erf_inv_f32_jax
func.func @erf_inv_f32_jax() {
  %x = stablehlo.constant dense<[0x3DC7F0AB, 0x3EDC5A9A, 0x3E52759B, 0x3F489679, 0x3F6D6535, 0x3F155CFC, 0x3F59E7CD, 0x3F7FFB49, 0x3F7FFA50, 0x3F7FFD1C, 0x3F800000, 0xBF800000, 0x00000000, 0x3F800000, 0xBF800000]> : tensor<15xf32>
  %r = chlo.erf_inv %x : tensor<15xf32> -> tensor<15xf32>
  check.expect_eq_const %r, dense<[0x3DB1A303, 0x3ECDDBCC, 0x3E3CA071, 0x3F5FBDFE, 0x3FA273FB, 0x3F131060, 0x3F82AC96, 0x4033A699, 0x40319E2F, 0x4038DBC5, 0x7F800000, 0xFF800000, 0x00000000, 0x7F800000, 0xFF800000]> : tensor<15xf32>
  func.return
}
