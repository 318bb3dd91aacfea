// lapack.cpp - the LAPACK-backed targets of JAX's CPU lowering
// (`stablehlo.custom_call @lapack_<t><routine>_ffi`), which compiled code
// calls as jx_rt_lapack (kernels.h) after jx-lapack-custom-calls has
// rewritten the custom call.
//
// Each routine computes what jaxlib's FFI kernel of the same name computes
// (jaxlib/cpu/lapack_kernels.cc defines the contract; JAX's
// jax/_src/lax/linalg.py builds the StableHLO around the calls): for every
// one of `batch` matrices, stored one after the other in column-major
// order, the LAPACK routine with JAX's arguments; a result that JAX aliases
// to an operand starts as a copy of it; pivots and `info` are LAPACK's
// (1-based pivots, info as LAPACK returns it). What JAX does with them --
// 0-based pivots, NaN where info says the routine failed -- is ordinary
// StableHLO around the call.
//
// The descriptor's params, per routine (buffers: operands, then results):
//   trsm:    m n side uplo trans diag         a b | x
//   getrf:   m n                              a | lu ipiv info
//   geqrf:   m n                              a | a' tau
//   geqp3:   m n                              a jpvt | a' jpvt' tau
//   orgqr:   m n k                            a tau | q
//   ormqr:   ma na k cm cn left transpose     a tau c | c'
//   potrf:   n uplo                           a | l info
//   gesdd, gesvd: m n mode ucols vrows        a | a' s u vt info
//   syevd:   n uplo mode                      a | v w info
//   geev:    n jobvl jobvr                    a | wr wi vl vr info (real)
//                                             a | w vl vr info (complex)
//   gees:    n mode sort                      a | t z wr wi sdim info (real)
//                                             a | t z w sdim info (complex)
//   gehrd:   n low high                       a | h tau info
//   sytrd:   n uplo                           a | a' d e tau info
//   gtsv:    n k                              dl d du b | dl' d' du' b' info
//   tridiagonal_solve_perturbed: n k          dl d du b | x
// where characters are ASCII codes and flags 0 or 1. A batch of small
// matrices is divided among the runtime's threads (OpenMP); OpenBLAS
// threads the BLAS inside the routines of large ones.

#include "lapack_routines.h"

#include "jx/runtime/kernels.h"
#include "jx/runtime/memory.h"
#include "jx/runtime/threads.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace jx::runtime::lapack_detail {

namespace ld = jx::runtime::lapack_desc;

template <typename T> void copy_into(T *to, const T *from, int64_t count) {
  if (to != from && count > 0)
    std::memcpy(to, from, count * sizeof(T));
}

/// The size LAPACK's workspace query (lwork = -1) asks for.
template <typename T, typename F> int query(F &&f) {
  T size{};
  int info = 0;
  f(&size, -1, &info);
  double want = std::real(size);
  if (!(want >= 1))
    return 1;
  if (want > std::numeric_limits<int>::max())
    throw std::length_error("the workspace LAPACK asks for exceeds 2^31");
  return static_cast<int>(want);
}

inline int lead(int rows) { return std::max(rows, 1); }

template <typename T> void trsm(const call &c) {
  int m = c.dim(0), n = c.dim(1);
  char side = c.chr(2), uplo = c.chr(3), trans = c.chr(4), diag = c.chr(5);
  int k = side == 'L' ? m : n;
  const T *a = c.at<T>(0);
  T *x = c.at<T>(2);
  copy_into(x, c.at<T>(1), c.batch * m * n);
  if (m == 0 || n == 0)
    return;
  for (int64_t i = 0; i < c.batch; ++i)
    lapack<T>::trsm(side, uplo, trans, diag, m, n, a + i * k * k, lead(k),
                    x + i * m * n, lead(m));
}

template <typename T> void getrf(const call &c) {
  int m = c.dim(0), n = c.dim(1), k = std::min(m, n);
  T *lu = c.at<T>(1);
  int *ipiv = c.at<int>(2), *info = c.at<int>(3);
  copy_into(lu, c.at<T>(0), c.batch * m * n);
  for (int64_t i = 0; i < c.batch; ++i) {
    info[i] = 0;
    if (k > 0)
      lapack<T>::getrf(m, n, lu + i * m * n, lead(m), ipiv + i * k, info + i);
  }
}

template <typename T> void geqrf(const call &c) {
  int m = c.dim(0), n = c.dim(1), k = std::min(m, n);
  T *a = c.at<T>(1), *tau = c.at<T>(2);
  copy_into(a, c.at<T>(0), c.batch * m * n);
  if (k == 0)
    return;
  int info, lwork = query<T>([&](T *w, int l, int *i) {
    lapack<T>::geqrf(m, n, a, lead(m), tau, w, l, i);
  });
  std::vector<T> work(lwork);
  for (int64_t i = 0; i < c.batch; ++i)
    lapack<T>::geqrf(m, n, a + i * m * n, lead(m), tau + i * k, work.data(),
                     lwork, &info);
}

template <typename T> void geqp3(const call &c) {
  using R = typename lapack<T>::real;
  int m = c.dim(0), n = c.dim(1), k = std::min(m, n);
  T *a = c.at<T>(2), *tau = c.at<T>(4);
  int *jpvt = c.at<int>(3);
  copy_into(a, c.at<T>(0), c.batch * m * n);
  copy_into(jpvt, c.at<int>(1), c.batch * n);
  if (m == 0 || n == 0)
    return;
  std::vector<R> rwork(lapack<T>::is_complex ? 2 * n : 0);
  int info, lwork = query<T>([&](T *w, int l, int *i) {
    lapack<T>::geqp3(m, n, a, lead(m), jpvt, tau, w, l, rwork.data(), i);
  });
  std::vector<T> work(lwork);
  for (int64_t i = 0; i < c.batch; ++i)
    lapack<T>::geqp3(m, n, a + i * m * n, lead(m), jpvt + i * n, tau + i * k,
                     work.data(), lwork, rwork.data(), &info);
}

template <typename T> void orgqr(const call &c) {
  int m = c.dim(0), n = c.dim(1), k = c.dim(2);
  const T *tau = c.at<T>(1);
  T *q = c.at<T>(2);
  copy_into(q, c.at<T>(0), c.batch * m * n);
  if (m == 0 || n == 0)
    return;
  int info, lwork = query<T>([&](T *w, int l, int *i) {
    lapack<T>::orgqr(m, n, k, q, lead(m), tau, w, l, i);
  });
  std::vector<T> work(lwork);
  for (int64_t i = 0; i < c.batch; ++i)
    lapack<T>::orgqr(m, n, k, q + i * m * n, lead(m), tau + i * k, work.data(),
                     lwork, &info);
}

template <typename T> void ormqr(const call &c) {
  int ma = c.dim(0), na = c.dim(1), k = c.dim(2), cm = c.dim(3),
      cn = c.dim(4);
  bool left = c.p[5] != 0, transpose = c.p[6] != 0;
  char side = left ? 'L' : 'R';
  char trans = transpose ? (lapack<T>::is_complex ? 'C' : 'T') : 'N';
  const T *a = c.at<T>(0), *tau = c.at<T>(1);
  T *out = c.at<T>(3);
  copy_into(out, c.at<T>(2), c.batch * cm * cn);
  if (cm == 0 || cn == 0)
    return;
  int lda = lead(left ? ma : cn);
  int info, lwork = query<T>([&](T *w, int l, int *i) {
    lapack<T>::ormqr(side, trans, cm, cn, k, a, lda, tau, out, lead(cm), w, l,
                     i);
  });
  std::vector<T> work(lwork);
  for (int64_t i = 0; i < c.batch; ++i)
    lapack<T>::ormqr(side, trans, cm, cn, k, a + i * ma * na, lda, tau + i * k,
                     out + i * cm * cn, lead(cm), work.data(), lwork, &info);
}

template <typename T> void potrf(const call &c) {
  int n = c.dim(0);
  char uplo = c.chr(1);
  T *l = c.at<T>(1);
  int *info = c.at<int>(2);
  copy_into(l, c.at<T>(0), c.batch * n * n);
  for (int64_t i = 0; i < c.batch; ++i) {
    info[i] = 0;
    if (n > 0)
      lapack<T>::potrf(uplo, n, l + i * n * n, lead(n), info + i);
  }
}

/// gesdd (divide and conquer) or, with `qr_iteration`, gesvd.
template <typename T> void svd(const call &c, bool qr_iteration) {
  using R = typename lapack<T>::real;
  int m = c.dim(0), n = c.dim(1), k = std::min(m, n);
  char mode = c.chr(2);
  int ucols = c.dim(3), vrows = c.dim(4);
  T *a = c.at<T>(1), *u = c.at<T>(3), *vt = c.at<T>(4);
  R *s = c.at<R>(2);
  int *info = c.at<int>(5);
  copy_into(a, c.at<T>(0), c.batch * m * n);
  if (mode != 'A' && mode != 'S' && mode != 'N')
    throw std::invalid_argument(std::string("SVD mode '") + mode +
                                "' (JAX writes A, S or N)");
  if (k == 0) {
    std::fill(info, info + c.batch, 0);
    return;
  }
  int mx = std::max(m, n);
  std::vector<int> iwork(qr_iteration ? 0 : 8 * k);
  size_t lrwork = 0;
  if (lapack<T>::is_complex)
    lrwork = qr_iteration ? 5 * size_t(k)
             : mode == 'N'
                 ? 7 * size_t(k)
                 : std::max(5 * size_t(k) * k + 5 * size_t(k),
                            2 * size_t(mx) * k + 2 * size_t(k) * k + k);
  std::vector<R> rwork(lrwork);
  int ldvt = lead(vrows);
  auto run = [&](T *ai, R *si, T *ui, T *vti, T *w, int l, int *inf) {
    if (qr_iteration)
      lapack<T>::gesvd(mode, m, n, ai, lead(m), si, ui, lead(m), vti, ldvt, w,
                       l, rwork.data(), inf);
    else
      lapack<T>::gesdd(mode, m, n, ai, lead(m), si, ui, lead(m), vti, ldvt, w,
                       l, rwork.data(), iwork.data(), inf);
  };
  int lwork = query<T>(
      [&](T *w, int l, int *i) { run(a, s, u, vt, w, l, i); });
  std::vector<T> work(lwork);
  for (int64_t i = 0; i < c.batch; ++i)
    run(a + i * m * n, s + i * k, u + i * int64_t(m) * ucols,
        vt + i * int64_t(vrows) * n, work.data(), lwork, info + i);
}

template <typename T> void syevd(const call &c) {
  using R = typename lapack<T>::real;
  int n = c.dim(0);
  char uplo = c.chr(1), mode = c.chr(2);
  T *v = c.at<T>(1);
  R *w = c.at<R>(2);
  int *info = c.at<int>(3);
  copy_into(v, c.at<T>(0), c.batch * n * n);
  if (n == 0) {
    std::fill(info, info + c.batch, 0);
    return;
  }
  bool vectors = mode == 'V';
  int64_t nn = int64_t(n) * n;
  // jaxlib's fixed workspace sizes, which LAPACK documents as sufficient.
  int liwork = vectors ? 3 + 5 * n : 1;
  std::vector<int> iwork(liwork);
  for (int64_t i = 0; i < c.batch; ++i) {
    T *vi = v + i * nn;
    if constexpr (lapack<T>::is_complex) {
      int lwork = vectors ? 2 * n + n * n : n + 1;
      int lrwork = vectors ? 1 + 5 * n + 2 * n * n : n;
      std::vector<T> work(lwork);
      std::vector<R> rwork(lrwork);
      if constexpr (std::is_same_v<T, c64>)
        cheevd_(&mode, &uplo, &n, vi, &n, w + i * n, work.data(), &lwork,
                rwork.data(), &lrwork, iwork.data(), &liwork, info + i, 1, 1);
      else
        zheevd_(&mode, &uplo, &n, vi, &n, w + i * n, work.data(), &lwork,
                rwork.data(), &lrwork, iwork.data(), &liwork, info + i, 1, 1);
    } else {
      int lwork = vectors ? 1 + 6 * n + 2 * n * n : 2 * n + 1;
      std::vector<T> work(lwork);
      if constexpr (std::is_same_v<T, float>)
        ssyevd_(&mode, &uplo, &n, vi, &n, w + i * n, work.data(), &lwork,
                iwork.data(), &liwork, info + i, 1, 1);
      else
        dsyevd_(&mode, &uplo, &n, vi, &n, w + i * n, work.data(), &lwork,
                iwork.data(), &liwork, info + i, 1, 1);
    }
  }
}

template <typename T> bool all_finite(const T *a, int64_t count) {
  for (int64_t i = 0; i < count; ++i)
    if (!std::isfinite(std::real(a[i])) || !std::isfinite(std::imag(a[i])))
      return false;
  return true;
}

/// Real geev's eigenvectors, packed by LAPACK (a complex pair as the real
/// and imaginary parts in two columns), as complex columns.
template <typename R>
void unpack_eigenvectors(int n, const R *wi, const R *packed,
                         std::complex<R> *out) {
  for (int j = 0; j < n; ++j) {
    const R *col = packed + int64_t(j) * n;
    std::complex<R> *o = out + int64_t(j) * n;
    if (wi[j] == 0 || std::isnan(wi[j]) || j + 1 == n) {
      for (int r = 0; r < n; ++r)
        o[r] = {col[r], 0};
      continue;
    }
    const R *next = col + n;
    for (int r = 0; r < n; ++r) {
      o[r] = {col[r], next[r]};
      o[r + n] = {col[r], -next[r]};
    }
    ++j;
  }
}

template <typename T> void geev(const call &c) {
  using R = typename lapack<T>::real;
  using C = std::complex<R>;
  constexpr bool cplx = lapack<T>::is_complex;
  int n = c.dim(0);
  char jobvl = c.chr(1), jobvr = c.chr(2);
  int64_t nn = int64_t(n) * n;
  // Results: real wr wi vl vr info; complex w vl vr info. What LAPACK does
  // not write (a matrix with a NaN or infinity) is zero.
  C *vl = c.at<C>(cplx ? 2 : 3), *vr = c.at<C>(cplx ? 3 : 4);
  int *info = c.at<int>(cplx ? 4 : 5);
  const T *a = c.at<T>(0);
  std::memset(vl, 0, c.batch * nn * sizeof(C));
  std::memset(vr, 0, c.batch * nn * sizeof(C));
  if (cplx)
    std::memset(c.at<C>(1), 0, c.batch * n * sizeof(C));
  else
    for (int i : {1, 2})
      std::memset(c.at<R>(i), 0, c.batch * n * sizeof(R));
  if (n == 0) {
    std::fill(info, info + c.batch, 0);
    return;
  }
  std::vector<T> scratch(nn);
  int ldl = jobvl == 'V' ? n : 1, ldr = jobvr == 'V' ? n : 1;
  std::vector<R> rwork(cplx ? 2 * n : 0);
  // Real geev packs its eigenvectors into real matrices, unpacked below.
  std::vector<R> pl(!cplx && jobvl == 'V' ? nn : 1),
      pr(!cplx && jobvr == 'V' ? nn : 1);
  auto run = [&](int64_t i, T *wk, int l, int *inf) {
    T *s = scratch.data();
    if constexpr (cplx) {
      C *w = c.at<C>(1) + i * n;
      if constexpr (std::is_same_v<T, c64>)
        cgeev_(&jobvl, &jobvr, &n, s, &n, w, vl + i * nn, &ldl, vr + i * nn,
               &ldr, wk, &l, rwork.data(), inf, 1, 1);
      else
        zgeev_(&jobvl, &jobvr, &n, s, &n, w, vl + i * nn, &ldl, vr + i * nn,
               &ldr, wk, &l, rwork.data(), inf, 1, 1);
    } else {
      R *wr = c.at<R>(1) + i * n, *wi = c.at<R>(2) + i * n;
      if constexpr (std::is_same_v<T, float>)
        sgeev_(&jobvl, &jobvr, &n, s, &n, wr, wi, pl.data(), &ldl, pr.data(),
               &ldr, wk, &l, inf, 1, 1);
      else
        dgeev_(&jobvl, &jobvr, &n, s, &n, wr, wi, pl.data(), &ldl, pr.data(),
               &ldr, wk, &l, inf, 1, 1);
    }
  };
  int lwork = query<T>([&](T *wk, int l, int *inf) { run(0, wk, l, inf); });
  std::vector<T> work(lwork);
  for (int64_t i = 0; i < c.batch; ++i) {
    copy_into(scratch.data(), a + i * nn, nn);
    // jaxlib's kernel refuses a matrix with a NaN or an infinity itself.
    if (!all_finite(scratch.data(), nn)) {
      info[i] = -4;
      continue;
    }
    run(i, work.data(), lwork, info + i);
    if constexpr (!cplx) {
      if (info[i] != 0)
        continue;
      const R *wi = c.at<R>(2) + i * n;
      if (jobvl == 'V')
        unpack_eigenvectors(n, wi, pl.data(), vl + i * nn);
      if (jobvr == 'V')
        unpack_eigenvectors(n, wi, pr.data(), vr + i * nn);
    }
  }
}

template <typename T> void gees(const call &c) {
  using R = typename lapack<T>::real;
  constexpr bool cplx = lapack<T>::is_complex;
  int n = c.dim(0);
  char mode = c.chr(1), sort = c.chr(2);
  if (sort != 'N')
    throw std::invalid_argument(
        "ordering eigenvalues on the diagonal (sort) is not implemented");
  int64_t nn = int64_t(n) * n;
  T *t = c.at<T>(1), *z = c.at<T>(2);
  int *sdim = c.at<int>(cplx ? 4 : 5), *info = c.at<int>(cplx ? 5 : 6);
  copy_into(t, c.at<T>(0), c.batch * nn);
  if (n == 0) {
    std::fill(info, info + c.batch, 0);
    std::fill(sdim, sdim + c.batch, 0);
    return;
  }
  int ldvs = mode == 'V' ? n : 1;
  std::vector<R> rwork(cplx ? n : 0);
  auto run = [&](int64_t i, T *wk, int l, int *inf) {
    T *ti = t + i * nn, *zi = z + i * nn;
    if constexpr (cplx) {
      T *w = c.at<T>(3) + i * n;
      if constexpr (std::is_same_v<T, c64>)
        cgees_(&mode, &sort, nullptr, &n, ti, &n, sdim + i, w, zi, &ldvs, wk,
               &l, rwork.data(), nullptr, inf, 1, 1);
      else
        zgees_(&mode, &sort, nullptr, &n, ti, &n, sdim + i, w, zi, &ldvs, wk,
               &l, rwork.data(), nullptr, inf, 1, 1);
    } else {
      R *wr = c.at<R>(3) + i * n, *wi = c.at<R>(4) + i * n;
      if constexpr (std::is_same_v<T, float>)
        sgees_(&mode, &sort, nullptr, &n, ti, &n, sdim + i, wr, wi, zi, &ldvs,
               wk, &l, nullptr, inf, 1, 1);
      else
        dgees_(&mode, &sort, nullptr, &n, ti, &n, sdim + i, wr, wi, zi, &ldvs,
               wk, &l, nullptr, inf, 1, 1);
    }
  };
  int lwork = query<T>([&](T *wk, int l, int *inf) { run(0, wk, l, inf); });
  std::vector<T> work(lwork);
  for (int64_t i = 0; i < c.batch; ++i)
    run(i, work.data(), lwork, info + i);
}

template <typename T> void gehrd(const call &c) {
  int n = c.dim(0), low = c.dim(1), high = c.dim(2);
  T *h = c.at<T>(1), *tau = c.at<T>(2);
  int *info = c.at<int>(3);
  copy_into(h, c.at<T>(0), c.batch * n * n);
  if (n == 0) {
    std::fill(info, info + c.batch, 0);
    return;
  }
  int lwork = query<T>([&](T *w, int l, int *i) {
    lapack<T>::gehrd(n, low, high, h, n, tau, w, l, i);
  });
  std::vector<T> work(lwork);
  for (int64_t i = 0; i < c.batch; ++i)
    lapack<T>::gehrd(n, low, high, h + i * n * n, n, tau + i * (n - 1),
                     work.data(), lwork, info + i);
}

template <typename T> void sytrd(const call &c) {
  using R = typename lapack<T>::real;
  int n = c.dim(0);
  char uplo = c.chr(1);
  T *a = c.at<T>(1), *tau = c.at<T>(4);
  R *d = c.at<R>(2), *e = c.at<R>(3);
  int *info = c.at<int>(5);
  copy_into(a, c.at<T>(0), c.batch * n * n);
  if (n == 0) {
    std::fill(info, info + c.batch, 0);
    return;
  }
  int lwork = query<T>([&](T *w, int l, int *i) {
    lapack<T>::sytrd('L', n, a, n, d, e, tau, w, l, i);
  });
  std::vector<T> work(lwork);
  for (int64_t i = 0; i < c.batch; ++i)
    lapack<T>::sytrd(uplo, n, a + i * n * n, n, d + i * n, e + i * (n - 1),
                     tau + i * (n - 1), work.data(), lwork, info + i);
}

template <typename T> void gtsv(const call &c) {
  int n = c.dim(0), k = c.dim(1);
  T *dl = c.at<T>(4), *d = c.at<T>(5), *du = c.at<T>(6), *b = c.at<T>(7);
  int *info = c.at<int>(8);
  copy_into(dl, c.at<T>(0), c.batch * n);
  copy_into(d, c.at<T>(1), c.batch * n);
  copy_into(du, c.at<T>(2), c.batch * n);
  copy_into(b, c.at<T>(3), c.batch * n * k);
  for (int64_t i = 0; i < c.batch; ++i) {
    info[i] = 0;
    if (n > 0)
      lapack<T>::gtsv(n, k, dl + i * n + 1, d + i * n, du + i * n,
                      b + i * n * k, n, info + i);
  }
}

template <typename T> void run(int64_t routine, const call &c) {
  switch (routine) {
  case ld::trsm: return trsm<T>(c);
  case ld::getrf: return getrf<T>(c);
  case ld::geqrf: return geqrf<T>(c);
  case ld::geqp3: return geqp3<T>(c);
  case ld::orgqr: return orgqr<T>(c);
  case ld::ormqr: return ormqr<T>(c);
  case ld::potrf: return potrf<T>(c);
  case ld::gesdd: return svd<T>(c, false);
  case ld::gesvd: return svd<T>(c, true);
  case ld::syevd: return syevd<T>(c);
  case ld::geev: return geev<T>(c);
  case ld::gees: return gees<T>(c);
  case ld::gehrd: return gehrd<T>(c);
  case ld::sytrd: return sytrd<T>(c);
  case ld::gtsv: return gtsv<T>(c);
  case ld::tridiagonal_solve_perturbed:
    return tridiagonal_solve_perturbed<T>(c);
  }
  throw std::invalid_argument("unknown routine " + std::to_string(routine));
}

} // namespace jx::runtime::lapack_detail

namespace jx::runtime::lapack_detail {

/// Runs `routine` on `count` matrices from matrix `first` on; the error's
/// message, or "" on success.
std::string run_part(const int64_t *d, const int64_t *addresses, int64_t first,
                     int64_t count) {
  void *buffers[ld::kMaxBuffers];
  for (int i = 0; i < ld::kMaxBuffers; ++i)
    buffers[i] = addresses[i] ? reinterpret_cast<char *>(addresses[i]) +
                                    first * d[ld::strides + i]
                              : nullptr;
  call c{count, d + ld::header, buffers};
  try {
    switch (d[ld::element]) {
    case ld::f32: run<float>(d[ld::routine], c); return "";
    case ld::f64: run<double>(d[ld::routine], c); return "";
    case ld::c64: run<c64>(d[ld::routine], c); return "";
    case ld::c128: run<c128>(d[ld::routine], c); return "";
    }
    return "jx_rt_lapack: unknown element type " +
           std::to_string(d[ld::element]);
  } catch (const std::bad_alloc &) {
    return "linear algebra (LAPACK): out of memory for the workspace";
  } catch (const std::exception &err) {
    return std::string("linear algebra (LAPACK): ") + err.what();
  }
}

/// How many threads share a batch: one per part of at least ~2e5 flops
/// (as jaxlib splits it), and only for matrices small enough that OpenBLAS
/// runs each routine on one thread (larger ones it threads itself).
int64_t batch_threads(const int64_t *d) {
  int64_t batch = d[ld::batch];
  int64_t threads = std::min<int64_t>(num_threads(), batch);
  if (threads < 2)
    return 1;
  int64_t element = d[ld::element] == ld::f32   ? 4
                    : d[ld::element] == ld::c128 ? 16
                                                 : 8;
  int64_t largest = 0;
  for (int i = 0; i < ld::kMaxBuffers; ++i)
    largest = std::max(largest, d[ld::strides + i] / element);
  if (largest > 128 * 128)
    return 1;
  double flops = std::pow(double(largest), 1.5);
  return std::clamp<int64_t>(int64_t(batch * flops / 2e5), 1, threads);
}

} // namespace jx::runtime::lapack_detail

extern "C" void jx_rt_lapack(int64_t desc, int64_t b0, int64_t b1, int64_t b2,
                             int64_t b3, int64_t b4, int64_t b5, int64_t b6,
                             int64_t b7, int64_t b8, int64_t b9) {
  namespace ld = jx::runtime::lapack_desc;
  namespace detail = jx::runtime::lapack_detail;
  const auto *d = reinterpret_cast<const int64_t *>(desc);
  std::string message;
  if (d[ld::version] != ld::kVersion) {
    message = "jx_rt_lapack: descriptor version " +
              std::to_string(d[ld::version]) +
              " is not this runtime's (compiled by another jx?)";
  } else {
    const int64_t addresses[ld::kMaxBuffers] = {b0, b1, b2, b3, b4,
                                                b5, b6, b7, b8, b9};
    int64_t batch = d[ld::batch], parts = detail::batch_threads(d);
    if (parts == 1) {
      message = detail::run_part(d, addresses, 0, batch);
    } else {
      // Each part computes its matrices independently, so the results do
      // not depend on the number of threads.
      std::vector<std::string> messages(parts);
#pragma omp parallel for num_threads(parts) schedule(static, 1)
      for (int64_t t = 0; t < parts; ++t) {
        int64_t first = t * batch / parts, last = (t + 1) * batch / parts;
        messages[t] = detail::run_part(d, addresses, first, last - first);
      }
      for (std::string &m : messages)
        if (!m.empty() && message.empty())
          message = std::move(m);
    }
    if (message.empty())
      return;
  }
  // No object with a destructor but `message` is live here:
  // fail_current_call does not return.
  jx::runtime::fail_current_call(std::move(message));
}
