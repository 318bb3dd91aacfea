// cuda_blas.cpp - dense contractions of CUDA code through cuBLAS, opened
// with dlopen the first time one runs (cuda.h: jx_rt_cuda_gemm_*).
//
// The operands are row-major (C = op(A) op(B), lda/ldb/ldc row strides);
// cuBLAS is column-major, so each product is computed as
// C^T = op(B)^T op(A)^T: the same memory, the operands swapped. The last
// loop around the GEMM, when each of its items writes its own C (a batch
// dimension), is one strided-batched call (cublas?gemmStridedBatched)
// rather than a call per item.

#include "gemm_batch.h"

#include "jx/runtime/cuda.h"
#include "jx/runtime/memory.h"

#include <dlfcn.h>

#include <climits>
#include <cstring>
#include <type_traits>
#include <stdexcept>
#include <string>

namespace jx::runtime::cuda {
namespace {

using cublasHandle_t = void *;
using cublasStatus_t = int;
constexpr int kOpN = 0, kOpT = 1;

struct cublas {
  std::string error;
  cublasHandle_t handle = nullptr;
  cublasStatus_t (*create)(cublasHandle_t *) = nullptr;
  cublasStatus_t (*sgemm)(cublasHandle_t, int, int, int, int, int,
                          const float *, const float *, int, const float *,
                          int, const float *, float *, int) = nullptr;
  cublasStatus_t (*dgemm)(cublasHandle_t, int, int, int, int, int,
                          const double *, const double *, int,
                          const double *, int, const double *, double *,
                          int) = nullptr;
  // Optional: without them every batch item is a call of its own.
  cublasStatus_t (*sgemm_batched)(cublasHandle_t, int, int, int, int, int,
                                  const float *, const float *, int, long long,
                                  const float *, int, long long, const float *,
                                  float *, int, long long, int) = nullptr;
  cublasStatus_t (*dgemm_batched)(cublasHandle_t, int, int, int, int, int,
                                  const double *, const double *, int,
                                  long long, const double *, int, long long,
                                  const double *, double *, int, long long,
                                  int) = nullptr;
  const char *(*status_string)(cublasStatus_t) = nullptr;
};

cublas load() {
  cublas c;
  void *lib = nullptr;
  for (const char *name :
       {"libcublas.so.13", "libcublas.so.12", "libcublas.so.11", "libcublas.so"})
    if ((lib = dlopen(name, RTLD_NOW | RTLD_LOCAL)))
      break;
  if (!lib) {
    c.error = "cannot load cuBLAS (libcublas.so.13, .12, .11): it comes with "
              "the CUDA toolkit";
    return c;
  }
  c.create = reinterpret_cast<decltype(c.create)>(dlsym(lib, "cublasCreate_v2"));
  c.sgemm = reinterpret_cast<decltype(c.sgemm)>(dlsym(lib, "cublasSgemm_v2"));
  c.dgemm = reinterpret_cast<decltype(c.dgemm)>(dlsym(lib, "cublasDgemm_v2"));
  c.sgemm_batched = reinterpret_cast<decltype(c.sgemm_batched)>(
      dlsym(lib, "cublasSgemmStridedBatched"));
  c.dgemm_batched = reinterpret_cast<decltype(c.dgemm_batched)>(
      dlsym(lib, "cublasDgemmStridedBatched"));
  c.status_string = reinterpret_cast<decltype(c.status_string)>(
      dlsym(lib, "cublasGetStatusString"));
  if (!c.create || !c.sgemm || !c.dgemm) {
    c.error = "cuBLAS lacks cublasCreate_v2/cublasSgemm_v2/cublasDgemm_v2";
    return c;
  }
  try {
    make_current();
  } catch (const std::exception &e) {
    c.error = e.what();
    return c;
  }
  if (cublasStatus_t s = c.create(&c.handle))
    c.error = "cublasCreate failed with status " + std::to_string(s);
  return c;
}

cublas &library() {
  static cublas c = load(); // once, thread-safe
  return c;
}

template <typename T>
void gemm(int64_t m, int64_t n, int64_t k, int64_t trans_a, int64_t trans_b,
          int64_t a_addr, int64_t lda, int64_t b_addr, int64_t ldb,
          int64_t c_addr, int64_t ldc, int64_t overwrite, int64_t loops,
          const gemm_batch::outer_loop *outer) {
  cublas &lib = library();
  if (!lib.error.empty())
    fail_current_call("CUDA: dot_general: " + lib.error);
  try {
    make_current();
  } catch (const std::exception &e) {
    fail_current_call(e.what());
  }
  for (int64_t v : {m, n, k, lda, ldb, ldc})
    if (v > INT_MAX)
      fail_current_call("CUDA: dot_general: a dimension or stride of " +
                        std::to_string(v) + " is more than cuBLAS's int takes");
  const T *a = reinterpret_cast<const T *>(a_addr);
  const T *b = reinterpret_cast<const T *>(b_addr);
  T *c = reinterpret_cast<T *>(c_addr);
  int64_t total = gemm_batch::item_count(loops, outer);
  if (m == 0 || n == 0 || total == 0)
    return;
  const T one = 1, zero = 0;
  int opa = trans_a ? kOpT : kOpN, opb = trans_b ? kOpT : kOpN;
  auto check = [&](cublasStatus_t s, int64_t count) {
    if (s)
      fail_current_call(
          "CUDA: dot_general: cuBLAS GEMM " +
          (count > 1 ? std::to_string(count) + " x " : std::string()) +
          std::to_string(m) + "x" + std::to_string(n) + "x" +
          std::to_string(k) + " failed: " +
          (lib.status_string ? lib.status_string(s) : std::to_string(s)));
  };
  // The last loop as one strided-batched call: each of its items writes
  // its own C, apart from the others' (a batch dimension, not a sum along
  // k), so they may run at once.
  bool has_batched = std::is_same_v<T, float> ? lib.sgemm_batched != nullptr
                                              : lib.dgemm_batched != nullptr;
  if (k > 0 && loops > 0 && has_batched && outer[loops - 1].c >= m * ldc &&
      outer[loops - 1].size > 1 && outer[loops - 1].size <= INT_MAX) {
    const gemm_batch::outer_loop &last = outer[loops - 1];
    int64_t groups = gemm_batch::item_count(loops - 1, outer);
    for (int64_t g = 0; g < groups; ++g) {
      gemm_batch::batch_item item = gemm_batch::item_at(g, loops - 1, outer);
      const T *beta = overwrite && item.first ? &zero : &one;
      cublasStatus_t s;
      if constexpr (std::is_same_v<T, float>)
        s = lib.sgemm_batched(lib.handle, opb, opa, int(n), int(m), int(k),
                              &one, b + item.b, int(ldb), last.b, a + item.a,
                              int(lda), last.a, beta, c + item.c, int(ldc),
                              last.c, int(last.size));
      else
        s = lib.dgemm_batched(lib.handle, opb, opa, int(n), int(m), int(k),
                              &one, b + item.b, int(ldb), last.b, a + item.a,
                              int(lda), last.a, beta, c + item.c, int(ldc),
                              last.c, int(last.size));
      check(s, last.size);
    }
  } else {
    for (int64_t it = 0; it < total; ++it) {
      gemm_batch::batch_item item = gemm_batch::item_at(it, loops, outer);
      const T *beta = overwrite && item.first ? &zero : &one;
      if (k == 0) { // an empty sum: cuBLAS would leave C as it is
        if (beta == &zero) {
          synchronize();
          for (int64_t r = 0; r < m; ++r)
            std::memset(c + item.c + r * ldc, 0, n * sizeof(T));
        }
        continue;
      }
      cublasStatus_t s;
      if constexpr (std::is_same_v<T, float>)
        s = lib.sgemm(lib.handle, opb, opa, int(n), int(m), int(k), &one,
                      b + item.b, int(ldb), a + item.a, int(lda), beta,
                      c + item.c, int(ldc));
      else
        s = lib.dgemm(lib.handle, opb, opa, int(n), int(m), int(k), &one,
                      b + item.b, int(ldb), a + item.a, int(lda), beta,
                      c + item.c, int(ldc));
      check(s, 1);
    }
  }
  // Queued on the device's stream, as kernels are: the host waits before
  // it reads C (jx_rt_cuda_wait).
  mark_queued("cuBLAS GEMM");
}

} // namespace
} // namespace jx::runtime::cuda

#define JX_CUDA_GEMM_ENTRY(name, type)                                         \
  extern "C" void name JX_GEMM_SIGNATURE {                                     \
    const jx::runtime::gemm_batch::outer_loop outer[4] = {                     \
        {n0, a0, b0, c0}, {n1, a1, b1, c1}, {n2, a2, b2, c2}, {n3, a3, b3, c3}}; \
    jx::runtime::cuda::gemm<type>(m, n, k, trans_a, trans_b, a, lda, b, ldb,   \
                                  c, ldc, overwrite, loops, outer);            \
  }
JX_CUDA_GEMM_ENTRY(jx_rt_cuda_gemm_f32, float)
JX_CUDA_GEMM_ENTRY(jx_rt_cuda_gemm_f64, double)
