// blas.cpp - the GEMM that compiled contractions call (ContractionToBlas).
//
// One entry per element type, all with the same integer arguments
// (kernels.h):
//   m, n, k, trans_a, trans_b, a, lda, b, ldb, c, ldc, overwrite,
//   loops, then four (extent, a stride, b stride, c stride)
// computes, for every index of the `loops` loops around it (the first
// `loops` quadruples; strides count elements, 0 where an operand does not
// move along the loop),
//   C (m x n, row major, leading dimension ldc) = op(A) op(B) + beta C
// with op(A) m x k (A stored k-contiguous, or m-contiguous when trans_a),
// op(B) k x n likewise. A loop along which C does not move (c stride 0) is
// a reduction: beta is 1 after its first index. Otherwise beta is 0 when
// `overwrite` (C's old contents are ignored), else 1. Pointers are
// addresses. Matrix-vector shapes go to GEMV. The library is the BLAS jx
// links (OpenBLAS), which threads each call itself, except for the f32
// products where oneDNN's matmul primitive or its dnnl_sgemm is faster
// (dnnl.h; per CPU and shape, default_sgemm_library below, or the tuning
// database).

#include "gemm_batch.h"
#include "dnnl.h"

#include "jx/runtime/kernels.h"
#include "jx/runtime/threads.h"
#include "jx/runtime/tuning.h"

#include <cblas.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace {

template <typename T> struct blas;

template <> struct blas<float> {
  static void gemm(CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int64_t m,
                   int64_t n, int64_t k, const float *a, int64_t lda,
                   const float *b, int64_t ldb, float beta, float *c,
                   int64_t ldc) {
    cblas_sgemm(CblasRowMajor, ta, tb, m, n, k, 1.0f, a, lda, b, ldb, beta, c,
                ldc);
  }
  static void gemv(CBLAS_TRANSPOSE t, int64_t rows, int64_t cols,
                   const float *a, int64_t lda, const float *x, int64_t incx,
                   float beta, float *y, int64_t incy) {
    cblas_sgemv(CblasRowMajor, t, rows, cols, 1.0f, a, lda, x, incx, beta, y,
                incy);
  }
};

template <> struct blas<double> {
  static void gemm(CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int64_t m,
                   int64_t n, int64_t k, const double *a, int64_t lda,
                   const double *b, int64_t ldb, double beta, double *c,
                   int64_t ldc) {
    cblas_dgemm(CblasRowMajor, ta, tb, m, n, k, 1.0, a, lda, b, ldb, beta, c,
                ldc);
  }
  static void gemv(CBLAS_TRANSPOSE t, int64_t rows, int64_t cols,
                   const double *a, int64_t lda, const double *x, int64_t incx,
                   double beta, double *y, int64_t incy) {
    cblas_dgemv(CblasRowMajor, t, rows, cols, 1.0, a, lda, x, incx, beta, y,
                incy);
  }
};

template <typename R> struct complex_blas {
  using T = std::complex<R>;
  static void gemm(CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int64_t m,
                   int64_t n, int64_t k, const T *a, int64_t lda, const T *b,
                   int64_t ldb, T beta, T *c, int64_t ldc) {
    T one(1);
    if constexpr (sizeof(R) == 4)
      cblas_cgemm(CblasRowMajor, ta, tb, m, n, k, &one, a, lda, b, ldb, &beta,
                  c, ldc);
    else
      cblas_zgemm(CblasRowMajor, ta, tb, m, n, k, &one, a, lda, b, ldb, &beta,
                  c, ldc);
  }
  static void gemv(CBLAS_TRANSPOSE t, int64_t rows, int64_t cols, const T *a,
                   int64_t lda, const T *x, int64_t incx, T beta, T *y,
                   int64_t incy) {
    T one(1);
    if constexpr (sizeof(R) == 4)
      cblas_cgemv(CblasRowMajor, t, rows, cols, &one, a, lda, x, incx, &beta,
                  y, incy);
    else
      cblas_zgemv(CblasRowMajor, t, rows, cols, &one, a, lda, x, incx, &beta,
                  y, incy);
  }
};
template <> struct blas<std::complex<float>> : complex_blas<float> {};
template <> struct blas<std::complex<double>> : complex_blas<double> {};

/// The three ways jx computes an f32 GEMM (m, n > 1), by their names in
/// the tuning database.
enum class sgemm_library { openblas, onednn_matmul, onednn_sgemm };
constexpr const char *kSgemmLibraryNames[] = {"openblas", "onednn",
                                              "onednn-sgemm"};

/// Which library computes an f32 GEMM when the tuning database has no
/// entry for its shape: a per-CPU rule from measurements
/// (docs/performance.md, "Which library per shape"). OpenBLAS is Debian's
/// 0.3.21 as the environment configures it.
///  - With AVX-512, an Intel Xeon: oneDNN from 64 x 64 x 64 (2^18) up, 15
///    to 70 % faster than OpenBLAS there (256 x 784 x 512: 140 against 116
///    GFLOP/s on one core); below, its per-call cost (about 2 us) loses.
///  - With AVX-512, an AMD EPYC (Zen 5): oneDNN from 32 x 32 x 32 (2^15) up
///    (64^3 on one core: 2.3 us against OpenBLAS's 4.7; 32^3 0.5 against
///    0.7; 16 x 64 x 16 0.4 both).
///  - On both, which of oneDNN's two GEMMs (measured on the Zen 5, one
///    core): its dnnl_sgemm where every dimension is at least 512 (1024^3
///    9.0 against the matmul primitive's 9.6 ms; 2048^3 73 against 82 ms)
///    or where m or n is at most 32, a skinny product (8 x 1024 x 1024 78
///    against 155 us; 32 x 1024 x 256, an LSTM step's, 75 against 91; equal
///    within 3 % where B is transposed); the matmul primitive between, where
///    it is faster as often as not (256 x 512 x 512: 0.59 against 0.69 ms).
///  - AVX2 only (an AMD EPYC, Zen 3): oneDNN's AVX2 matmul wins only on
///    small products, 2^18 to 2^24 (256^3) multiply-adds, by 5-15 %; above,
///    OpenBLAS is 1.3-2x faster (256 x 2048 x 512: 6.0 against 11.9 ms on
///    one core, 3.1 against 5.9 ms on two).
constexpr int64_t kMinDnnlWork = int64_t(1) << 18;
constexpr int64_t kMinDnnlWorkAmdAvx512 = int64_t(1) << 15;
constexpr int64_t kMaxDnnlWorkAvx2 = int64_t(1) << 24;
constexpr int64_t kMinDnnlSgemmDim = 512;
constexpr int64_t kMaxSkinnyDim = 32;

sgemm_library default_sgemm_library(int64_t m, int64_t n, int64_t k) {
  static const bool avx512 = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") != 0;
  }();
  static const bool amd = [] {
    __builtin_cpu_init();
    return __builtin_cpu_is("amd") != 0;
  }();
  int64_t work = m * n * k;
  if (!avx512) {
    if (work < kMinDnnlWork || work > kMaxDnnlWorkAvx2)
      return sgemm_library::openblas;
    return sgemm_library::onednn_matmul;
  }
  if (work < (amd ? kMinDnnlWorkAmdAvx512 : kMinDnnlWork))
    return sgemm_library::openblas;
  if (std::min({m, n, k}) >= kMinDnnlSgemmDim ||
      std::min(m, n) <= kMaxSkinnyDim)
    return sgemm_library::onednn_sgemm;
  return sgemm_library::onednn_matmul;
}

using jx::runtime::gemm_batch::batch_item;
using jx::runtime::gemm_batch::item_at;
using jx::runtime::gemm_batch::outer_loop;

/// Whether oneDNN's int8 matmul is exact on this CPU: with VNNI
/// (vpdpbusd, AVX-512 or AVX) it accumulates in 32 bits; without, its AVX2
/// and AVX-512 kernels multiply-add pairs into 16 bits with saturation
/// (vpmaddubsw), which loses the large sums StableHLO's i32 keeps.
bool exact_int8_matmul() {
  static const bool exact = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512vnni") ||
           __builtin_cpu_supports("avxvnni");
  }();
  return exact;
}

/// int8 x int8 -> int32 through the f32 GEMM, exactly: every product is an
/// integer of magnitude at most 2^14 (-128 * -128), so the sum of up to
/// 1024 of them, and every partial sum a GEMM kernel forms on the way, is
/// an integer of magnitude at most 2^24, which f32 holds exactly (an FMA of
/// exact integers below 2^24 does not round). The reduction goes in slices
/// of 1024; each slice's f32 result converts exactly to an integer and is
/// added to C wrapping in 32 bits, as StableHLO's i32 sum does.
constexpr int64_t kExactF32Terms = 1024;

void s8s32_through_f32(int64_t m, int64_t n, int64_t k, bool trans_a,
                       bool trans_b, const int8_t *a, int64_t lda,
                       const int8_t *b, int64_t ldb, int32_t beta, int32_t *c,
                       int64_t ldc) {
  // A as m x k and B as k x n, row major, in f32 (rows divided among the
  // runtime's threads, as the GEMM is).
  // (Not value-initialized: every element is written before it is read.)
  std::unique_ptr<float[]> fa(new float[static_cast<std::size_t>(m) * k]);
  std::unique_ptr<float[]> fb(new float[static_cast<std::size_t>(k) * n]);
  int threads = static_cast<int>(jx::runtime::num_threads());
#pragma omp parallel for num_threads(threads) if (m * k >= (1 << 16))
  for (int64_t i = 0; i < m; ++i)
    for (int64_t p = 0; p < k; ++p)
      fa[i * k + p] = trans_a ? a[p * lda + i] : a[i * lda + p];
#pragma omp parallel for num_threads(threads) if (k * n >= (1 << 16))
  for (int64_t p = 0; p < k; ++p)
    for (int64_t j = 0; j < n; ++j)
      fb[p * n + j] = trans_b ? b[j * ldb + p] : b[p * ldb + j];
  std::unique_ptr<float[]> part(new float[static_cast<std::size_t>(m) * n]);
  for (int64_t p0 = 0; p0 < k; p0 += kExactF32Terms) {
    int64_t kc = std::min(kExactF32Terms, k - p0);
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, kc, 1.0f,
                fa.get() + p0, k, fb.get() + p0 * n, n, 0.0f, part.get(), n);
    bool add = beta != 0 || p0 > 0;
#pragma omp parallel for num_threads(threads) if (m * n >= (1 << 16))
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        uint32_t sum = static_cast<uint32_t>(static_cast<int32_t>(part[i * n + j]));
        if (add)
          sum += static_cast<uint32_t>(c[i * ldc + j]);
        c[i * ldc + j] = static_cast<int32_t>(sum);
      }
  }
}

/// int8 x int8 -> int32: oneDNN where its kernels are exact (VNNI); else,
/// from 2^15 multiply-adds, exactly through the f32 GEMM (above); else
/// plain loops (C's row accumulated over B's rows). All wrap in 32 bits.
void call_s8s32(int64_t m, int64_t n, int64_t k, bool trans_a, bool trans_b,
                const int8_t *a, int64_t lda, const int8_t *b, int64_t ldb,
                int32_t beta, int32_t *c, int64_t ldc) {
  if (exact_int8_matmul() &&
      jx::runtime::dnnl_gemm(jx::runtime::gemm_types::s8s32, m, n, k, trans_a,
                             trans_b, a, lda, b, ldb, beta != 0, c, ldc))
    return;
  if (m * n * k >= (int64_t(1) << 15)) {
    s8s32_through_f32(m, n, k, trans_a, trans_b, a, lda, b, ldb, beta, c, ldc);
    return;
  }
  std::vector<uint32_t> row(n);
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j)
      row[j] = beta ? static_cast<uint32_t>(c[i * ldc + j]) : 0;
    for (int64_t p = 0; p < k; ++p) {
      int32_t x = trans_a ? a[p * lda + i] : a[i * lda + p];
      if (trans_b)
        for (int64_t j = 0; j < n; ++j)
          row[j] += static_cast<uint32_t>(x * int32_t(b[j * ldb + p]));
      else
        for (int64_t j = 0; j < n; ++j)
          row[j] += static_cast<uint32_t>(x * int32_t(b[p * ldb + j]));
    }
    for (int64_t j = 0; j < n; ++j)
      c[i * ldc + j] = static_cast<int32_t>(row[j]);
  }
}

/// The median time in microseconds of a few calls of `fn`.
template <typename F> double time_us(F fn) {
  using clock = std::chrono::steady_clock;
  fn(); // warm-up: primitive creation, packing buffers
  double t[5];
  for (double &x : t) {
    auto t0 = clock::now();
    fn();
    x = std::chrono::duration<double, std::micro>(clock::now() - t0).count();
  }
  std::sort(t, t + 5);
  return t[2];
}

/// Computes C = op(A) op(B) + beta C (f32, m, n > 1) with `library`;
/// false when oneDNN rejected it (nothing written).
bool sgemm_with(sgemm_library library, int64_t m, int64_t n, int64_t k,
                bool ta, bool tb, const float *a, int64_t lda, const float *b,
                int64_t ldb, float beta, float *c, int64_t ldc) {
  switch (library) {
  case sgemm_library::onednn_matmul:
    return jx::runtime::dnnl_gemm(jx::runtime::gemm_types::f32, m, n, k, ta,
                                  tb, a, lda, b, ldb, beta != 0.0f, c, ldc);
  case sgemm_library::onednn_sgemm:
    return jx::runtime::dnnl_sgemm_f32(m, n, k, ta, tb, a, lda, b, ldb, beta,
                                       c, ldc);
  case sgemm_library::openblas:
    break;
  }
  blas<float>::gemm(ta ? CblasTrans : CblasNoTrans,
                    tb ? CblasTrans : CblasNoTrans, m, n, k, a, lda, b, ldb,
                    beta, c, ldc);
  return true;
}

/// The library of that name in the tuning database, if any.
std::optional<sgemm_library> sgemm_library_named(const std::string &name) {
  for (int i = 0; i < 3; ++i)
    if (name == kSgemmLibraryNames[i])
      return static_cast<sgemm_library>(i);
  return std::nullopt;
}

/// The library JX_SGEMM_LIBRARY names for every f32 GEMM (m, n > 1), if it
/// is set: "openblas", "onednn" (the matmul primitive) or "onednn-sgemm".
/// Another value is reported once on stderr and ignored.
std::optional<sgemm_library> forced_sgemm_library() {
  static const std::optional<sgemm_library> forced =
      []() -> std::optional<sgemm_library> {
    const char *env = std::getenv("JX_SGEMM_LIBRARY");
    if (!env || !*env)
      return std::nullopt;
    if (std::optional<sgemm_library> named = sgemm_library_named(env))
      return named;
    std::fprintf(stderr,
                 "jx: warning: ignoring JX_SGEMM_LIBRARY=%s (expected "
                 "openblas, onednn or onednn-sgemm)\n",
                 env);
    return std::nullopt;
  }();
  return forced;
}

/// Which library computes this f32 GEMM (m, n > 1): JX_SGEMM_LIBRARY, else
/// the tuning database's choice (tuning.h), else, with tuning on, the
/// fastest of the three timed now on the call's operands (into a scratch
/// C), else the measured default rule. Decided once per shape per process.
sgemm_library choose_sgemm_library(int64_t m, int64_t n, int64_t k, bool ta,
                                   bool tb, const float *a, int64_t lda,
                                   const float *b, int64_t ldb, int64_t ldc) {
  static std::mutex mutex;
  static std::map<std::array<int64_t, 9>, sgemm_library> decided;
  std::array<int64_t, 9> shape = {
      m, n, k, ta, tb, lda, ldb, ldc,
      static_cast<int64_t>(jx::runtime::num_threads())};
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = decided.find(shape);
    if (it != decided.end())
      return it->second;
  }
  std::string key = "sgemm m=" + std::to_string(m) + " n=" +
                    std::to_string(n) + " k=" + std::to_string(k) +
                    " ta=" + std::to_string(ta) + " tb=" + std::to_string(tb) +
                    " lda=" + std::to_string(lda) + " ldb=" +
                    std::to_string(ldb) + " ldc=" + std::to_string(ldc) +
                    " threads=" + std::to_string(jx::runtime::num_threads());
  std::optional<sgemm_library> known = forced_sgemm_library();
  if (!known)
    if (std::optional<std::string> choice = jx::runtime::tuned_choice(key))
      known = sgemm_library_named(*choice);
  sgemm_library library = known ? *known : default_sgemm_library(m, n, k);
  if (!known && jx::runtime::tuning_enabled()) {
    std::vector<float> scratch(static_cast<std::size_t>(m) * ldc);
    std::vector<std::pair<std::string, double>> times;
    double best = 0;
    for (int i = 0; i < 3; ++i) {
      auto candidate = static_cast<sgemm_library>(i);
      bool ok = true;
      double us = time_us([&] {
        ok &= sgemm_with(candidate, m, n, k, ta, tb, a, lda, b, ldb, 0.0f,
                         scratch.data(), ldc);
      });
      if (!ok)
        continue;
      times.emplace_back(kSgemmLibraryNames[i], us);
      if (times.size() == 1 || us < best) {
        best = us;
        library = candidate;
      }
    }
    jx::runtime::record_tuning(key, kSgemmLibraryNames[int(library)], times);
  }
  std::lock_guard<std::mutex> lock(mutex);
  decided[shape] = library;
  return library;
}

/// One BLAS call: C = op(A) op(B) + beta C.
template <typename T>
void call(int64_t m, int64_t n, int64_t k, bool trans_a, bool trans_b,
          const T *a, int64_t lda, const T *b, int64_t ldb, T beta, T *c,
          int64_t ldc) {
  if (n == 1) {
    // c (m, elements ldc apart) = op(A) (m x k) b (k elements ldb apart:
    // with n == 1, B is never marked transposed).
    if (trans_a)
      blas<T>::gemv(CblasTrans, k, m, a, lda, b, ldb, beta, c, ldc);
    else
      blas<T>::gemv(CblasNoTrans, m, k, a, lda, b, ldb, beta, c, ldc);
  } else if (m == 1) {
    // c (n) = a (k) op(B) (k x n) = op(B)^T a; a's elements are 1 apart, or
    // lda apart when A is marked transposed.
    int64_t inca = trans_a ? lda : 1;
    if (trans_b)
      blas<T>::gemv(CblasNoTrans, n, k, b, ldb, a, inca, beta, c, 1);
    else
      blas<T>::gemv(CblasTrans, k, n, b, ldb, a, inca, beta, c, 1);
  } else {
    // (What oneDNN rejects, OpenBLAS computes below.)
    if constexpr (std::is_same_v<T, float>)
      if (sgemm_with(choose_sgemm_library(m, n, k, trans_a, trans_b, a, lda, b,
                                          ldb, ldc),
                     m, n, k, trans_a, trans_b, a, lda, b, ldb, beta, c, ldc))
        return;
    blas<T>::gemm(trans_a ? CblasTrans : CblasNoTrans,
                  trans_b ? CblasTrans : CblasNoTrans, m, n, k, a, lda, b, ldb,
                  beta, c, ldc);
  }
}

/// Products of at most this many multiply-adds in a batch are computed
/// whole by one thread each, the batch divided among the threads
/// (batch_on_threads), rather than each product divided among them.
constexpr int64_t kMaxWorkPerThreadedBatchItem = int64_t(1) << 24;
/// Below this many multiply-adds in the whole batch, starting the threads
/// costs more than it saves: the products run one after another.
constexpr int64_t kMinThreadedBatchWork = int64_t(1) << 18;

/// Whether the C tiles (m x n, leading dimension ldc) at the offsets of the
/// outer loops are pairwise disjoint: every loop moves C, and, loops sorted
/// by their C stride, each stride steps past everything the loops inside it
/// span.
bool disjoint_outputs(int64_t m, int64_t n, int64_t ldc, int64_t loops,
                      const outer_loop *outer) {
  std::vector<std::pair<int64_t, int64_t>> byStride; // (|stride|, size)
  for (int64_t l = 0; l < loops; ++l) {
    if (outer[l].size == 1)
      continue;
    if (outer[l].c == 0)
      return false; // a reduction over this loop
    byStride.push_back({std::abs(outer[l].c), outer[l].size});
  }
  std::sort(byStride.begin(), byStride.end());
  int64_t span = (m - 1) * ldc + n; // elements one tile reaches
  for (auto [stride, size] : byStride) {
    if (stride < span)
      return false;
    span = stride * (size - 1) + span;
  }
  return true;
}

/// Whether OpenBLAS is its OpenMP build (CMakeLists.txt prefers it): then a
/// call made inside a parallel loop runs on the calling thread, and the
/// threads it uses otherwise are the OpenMP pool's.
bool openblas_on_openmp() {
  static const bool openmp = openblas_get_parallel() == 2;
  return openmp;
}

/// A batch of small products, one product per thread at a time (oneDNN, and
/// OpenBLAS's OpenMP build, run single-threaded inside the parallel loop): on
/// two cores the attention heads' 256 x 256 x 64 products ran slower divided
/// among the threads than on one. False when the batch does not qualify
/// (then the caller computes it product by product).
template <typename T>
bool batch_on_threads(int64_t m, int64_t n, int64_t k, bool ta, bool tb,
                      const T *a, int64_t lda, const T *b, int64_t ldb,
                      T beta, T *c, int64_t ldc, int64_t total,
                      int64_t loops, const outer_loop *outer) {
  int threads = static_cast<int>(jx::runtime::num_threads());
  if (threads < 2 || total < 2 || m < 2 || n < 2 || k == 0 ||
      m * n * k > kMaxWorkPerThreadedBatchItem ||
      total * m * n * k < kMinThreadedBatchWork ||
      !disjoint_outputs(m, n, ldc, loops, outer))
    return false;
  sgemm_library library = sgemm_library::openblas;
  if constexpr (std::is_same_v<T, float>)
    library = choose_sgemm_library(m, n, k, ta, tb, a, lda, b, ldb, ldc);
  bool onednn = library != sgemm_library::openblas;
  if (!onednn && !openblas_on_openmp())
    return false;
  std::vector<char> failed(total, 0);
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int64_t it = 0; it < total; ++it) {
    batch_item item = item_at(it, loops, outer);
    if constexpr (std::is_same_v<T, float>)
      if (onednn) {
        failed[it] = !sgemm_with(library, m, n, k, ta, tb, a + item.a, lda,
                                 b + item.b, ldb, beta, c + item.c, ldc);
        continue;
      }
    blas<T>::gemm(ta ? CblasTrans : CblasNoTrans, tb ? CblasTrans : CblasNoTrans,
                  m, n, k, a + item.a, lda, b + item.b, ldb, beta, c + item.c,
                  ldc);
  }
  // What oneDNN refused (an exception), OpenBLAS computes, one at a time.
  for (int64_t it = 0; it < total; ++it) {
    if (!failed[it])
      continue;
    batch_item item = item_at(it, loops, outer);
    blas<T>::gemm(ta ? CblasTrans : CblasNoTrans, tb ? CblasTrans : CblasNoTrans,
                  m, n, k, a + item.a, lda, b + item.b, ldb, beta, c + item.c,
                  ldc);
  }
  return true;
}

template <typename T, typename In = T>
void gemm(int64_t m, int64_t n, int64_t k, int64_t trans_a, int64_t trans_b,
          int64_t a_addr, int64_t lda, int64_t b_addr, int64_t ldb,
          int64_t c_addr, int64_t ldc, int64_t overwrite, int64_t loops,
          const outer_loop *outer) {
  static const unsigned threads = jx::runtime::num_threads(); // sets BLAS's
  (void)threads;
  const In *a = reinterpret_cast<const In *>(a_addr);
  const In *b = reinterpret_cast<const In *>(b_addr);
  T *c = reinterpret_cast<T *>(c_addr);
  int64_t total = jx::runtime::gemm_batch::item_count(loops, outer);
  if (m == 0 || n == 0 || total == 0)
    return;
  if constexpr ((std::is_same_v<T, float> || std::is_same_v<T, double>) &&
                std::is_same_v<In, T>)
    if (batch_on_threads<T>(m, n, k, trans_a, trans_b, a, lda, b, ldb,
                            overwrite ? T(0) : T(1), c, ldc, total, loops,
                            outer))
      return;
  for (int64_t it = 0; it < total; ++it) {
    auto [oa, ob, oc, first] = item_at(it, loops, outer);
    T beta = overwrite && first ? T(0) : T(1);
    if (k == 0) { // an empty sum
      if (beta == T(0))
        for (int64_t r = 0; r < m; ++r)
          for (int64_t j = 0; j < n; ++j)
            c[oc + r * ldc + j] = T(0);
    } else if constexpr (std::is_same_v<In, int8_t>) {
      call_s8s32(m, n, k, trans_a, trans_b, a + oa, lda, b + ob, ldb, beta,
                 c + oc, ldc);
    } else {
      call<T>(m, n, k, trans_a, trans_b, a + oa, lda, b + ob, ldb, beta,
              c + oc, ldc);
    }
  }
}

} // namespace

#define JX_GEMM_ENTRY(name, ...)                                               \
  extern "C" void name JX_GEMM_SIGNATURE {                                     \
    const outer_loop outer[4] = {                                              \
        {n0, a0, b0, c0}, {n1, a1, b1, c1}, {n2, a2, b2, c2}, {n3, a3, b3, c3}}; \
    gemm<__VA_ARGS__>(m, n, k, trans_a, trans_b, a, lda, b, ldb, c, ldc,       \
                      overwrite, loops, outer);                                \
  }
JX_GEMM_ENTRY(jx_rt_gemm_f32, float)
JX_GEMM_ENTRY(jx_rt_gemm_f64, double)
JX_GEMM_ENTRY(jx_rt_gemm_c64, std::complex<float>)
JX_GEMM_ENTRY(jx_rt_gemm_c128, std::complex<double>)
JX_GEMM_ENTRY(jx_rt_gemm_s8s32, int32_t, int8_t)
