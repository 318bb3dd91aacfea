// dnnl.h - the runtime's oneDNN kernels used by its other kernels.

#ifndef JX_RUNTIME_DNNL_H
#define JX_RUNTIME_DNNL_H

#include <cstdint>

namespace jx::runtime {

/// The element types of a product: f32 x f32 -> f32, or int8 x int8 ->
/// int32 (exact, wrapping like StableHLO's i32 arithmetic).
enum class gemm_types { f32, s8s32 };

/// C (m x n, row major, leading dimension ldc) = op(A) op(B) (+ C when
/// `accumulate`) through oneDNN's matmul (its primitive cached per shape,
/// layout and types). op(A) is m x k, stored k-contiguous, or m-contiguous
/// when trans_a; op(B) likewise. False when oneDNN cannot make the
/// primitive: nothing was written, the caller computes it another way.
bool dnnl_gemm(gemm_types types, int64_t m, int64_t n, int64_t k,
               bool trans_a, bool trans_b, const void *a, int64_t lda,
               const void *b, int64_t ldb, bool accumulate, void *c,
               int64_t ldc);

/// The same f32 product (C = op(A) op(B) + beta C) through oneDNN's BLAS-like
/// dnnl_sgemm, whose packing and AVX-512 kernel differ from the matmul
/// primitive's (brgemm): faster on large square products on an AMD Zen 5
/// (docs/performance.md, "Which library per shape"). Runs on
/// jx::runtime::num_threads() threads. False when oneDNN rejects the call
/// (nothing written).
bool dnnl_sgemm_f32(int64_t m, int64_t n, int64_t k, bool trans_a,
                    bool trans_b, const float *a, int64_t lda, const float *b,
                    int64_t ldb, float beta, float *c, int64_t ldc);

} // namespace jx::runtime

#endif // JX_RUNTIME_DNNL_H
