// kernels.h - the runtime's compute kernels that compiled code calls.
//
// jx_rt_gemm_<type> (blas.cpp): C = op(A) op(B) (+ C) through the BLAS
// library, inside up to four loops; the arguments are described in
// blas.cpp and produced by the compiler's jx-contraction-to-blas pass.

#ifndef JX_RUNTIME_KERNELS_H
#define JX_RUNTIME_KERNELS_H

#include <cstdint>

#define JX_GEMM_SIGNATURE                                                      \
  (int64_t m, int64_t n, int64_t k, int64_t trans_a, int64_t trans_b,          \
   int64_t a, int64_t lda, int64_t b, int64_t ldb, int64_t c, int64_t ldc,     \
   int64_t overwrite, int64_t loops, int64_t n0, int64_t a0, int64_t b0,       \
   int64_t c0, int64_t n1, int64_t a1, int64_t b1, int64_t c1, int64_t n2,     \
   int64_t a2, int64_t b2, int64_t c2, int64_t n3, int64_t a3, int64_t b3,     \
   int64_t c3)

extern "C" void jx_rt_gemm_f32 JX_GEMM_SIGNATURE;
extern "C" void jx_rt_gemm_f64 JX_GEMM_SIGNATURE;
extern "C" void jx_rt_gemm_c64 JX_GEMM_SIGNATURE;
extern "C" void jx_rt_gemm_c128 JX_GEMM_SIGNATURE;

#endif // JX_RUNTIME_KERNELS_H
