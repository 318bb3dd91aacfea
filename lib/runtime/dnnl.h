// dnnl.h - the runtime's oneDNN kernels used by its other kernels.

#ifndef JX_RUNTIME_DNNL_H
#define JX_RUNTIME_DNNL_H

#include <cstdint>

namespace jx::runtime {

/// C (m x n, row major, leading dimension ldc) = op(A) op(B) (+ C when
/// `accumulate`), in f32 through oneDNN's matmul (its primitive cached per
/// shape and layout). op(A) is m x k, stored k-contiguous, or m-contiguous
/// when trans_a; op(B) likewise. False when oneDNN cannot make the
/// primitive: nothing was written, the caller computes it another way.
bool dnnl_sgemm(int64_t m, int64_t n, int64_t k, bool trans_a, bool trans_b,
                const float *a, int64_t lda, const float *b, int64_t ldb,
                bool accumulate, float *c, int64_t ldc);

} // namespace jx::runtime

#endif // JX_RUNTIME_DNNL_H
