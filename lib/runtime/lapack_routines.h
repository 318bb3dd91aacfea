// lapack_routines.h - the LAPACK (and BLAS trsm) routines jx_rt_lapack
// calls, declared as the Fortran library exports them (LP64: 32-bit
// integers; every argument by address; one hidden length argument per
// CHARACTER argument, appended, as gfortran passes them), and wrapped per
// element type in `lapack<T>` so that lapack.cpp is written once; and
// what the kernels of lapack.cpp share.
//
// OpenBLAS (which jx links for BLAS) carries LAPACK; the routines are
// documented at netlib.org/lapack/explore-html.

#ifndef JX_LIB_RUNTIME_LAPACK_ROUTINES_H
#define JX_LIB_RUNTIME_LAPACK_ROUTINES_H

#include <complex>
#include <cstddef>
#include <cstdint>

namespace jx::runtime::lapack_detail {

using c64 = std::complex<float>;
using c128 = std::complex<double>;
using len = std::size_t; // a hidden CHARACTER length

extern "C" {
// Routines with one signature for all four types.
#define JX_LAPACK_COMMON(p, T)                                                 \
  void p##trsm_(const char *, const char *, const char *, const char *,        \
                const int *, const int *, const T *, const T *, const int *,   \
                T *, const int *, len, len, len, len);                         \
  void p##getrf_(const int *, const int *, T *, const int *, int *, int *);    \
  void p##geqrf_(const int *, const int *, T *, const int *, T *, T *,         \
                 const int *, int *);                                          \
  void p##potrf_(const char *, const int *, T *, const int *, int *, len);     \
  void p##gehrd_(const int *, const int *, const int *, T *, const int *, T *, \
                 T *, const int *, int *);                                     \
  void p##gtsv_(const int *, const int *, T *, T *, T *, T *, const int *,     \
                int *);
JX_LAPACK_COMMON(s, float)
JX_LAPACK_COMMON(d, double)
JX_LAPACK_COMMON(c, c64)
JX_LAPACK_COMMON(z, c128)
#undef JX_LAPACK_COMMON

// Real types (R): orgqr, ormqr, syevd, sytrd and the real forms of geqp3,
// gesdd, gesvd, geev, gees.
#define JX_LAPACK_REAL(p, R)                                                   \
  void p##geqp3_(const int *, const int *, R *, const int *, int *, R *, R *,  \
                 const int *, int *);                                          \
  void p##orgqr_(const int *, const int *, const int *, R *, const int *,      \
                 const R *, R *, const int *, int *);                          \
  void p##ormqr_(const char *, const char *, const int *, const int *,         \
                 const int *, const R *, const int *, const R *, R *,          \
                 const int *, R *, const int *, int *, len, len);              \
  void p##gesdd_(const char *, const int *, const int *, R *, const int *,     \
                 R *, R *, const int *, R *, const int *, R *, const int *,    \
                 int *, int *, len);                                           \
  void p##gesvd_(const char *, const char *, const int *, const int *, R *,    \
                 const int *, R *, R *, const int *, R *, const int *, R *,    \
                 const int *, int *, len, len);                                \
  void p##syevd_(const char *, const char *, const int *, R *, const int *,    \
                 R *, R *, const int *, int *, const int *, int *, len, len);  \
  void p##geev_(const char *, const char *, const int *, R *, const int *,     \
                R *, R *, R *, const int *, R *, const int *, R *,             \
                const int *, int *, len, len);                                 \
  void p##gees_(const char *, const char *, void *, const int *, R *,          \
                const int *, int *, R *, R *, R *, const int *, R *,           \
                const int *, int *, int *, len, len);                          \
  void p##sytrd_(const char *, const int *, R *, const int *, R *, R *, R *,   \
                 R *, const int *, int *, len);
JX_LAPACK_REAL(s, float)
JX_LAPACK_REAL(d, double)
#undef JX_LAPACK_REAL

// Complex types (C, with real type R): ungqr, unmqr, heevd, hetrd and the
// complex forms, which take real workspaces (rwork) besides.
#define JX_LAPACK_COMPLEX(p, C, R)                                             \
  void p##geqp3_(const int *, const int *, C *, const int *, int *, C *, C *,  \
                 const int *, R *, int *);                                     \
  void p##ungqr_(const int *, const int *, const int *, C *, const int *,      \
                 const C *, C *, const int *, int *);                          \
  void p##unmqr_(const char *, const char *, const int *, const int *,         \
                 const int *, const C *, const int *, const C *, C *,          \
                 const int *, C *, const int *, int *, len, len);              \
  void p##gesdd_(const char *, const int *, const int *, C *, const int *,     \
                 R *, C *, const int *, C *, const int *, C *, const int *,    \
                 R *, int *, int *, len);                                      \
  void p##gesvd_(const char *, const char *, const int *, const int *, C *,    \
                 const int *, R *, C *, const int *, C *, const int *, C *,    \
                 const int *, R *, int *, len, len);                           \
  void p##heevd_(const char *, const char *, const int *, C *, const int *,    \
                 R *, C *, const int *, R *, const int *, int *, const int *,  \
                 int *, len, len);                                             \
  void p##geev_(const char *, const char *, const int *, C *, const int *,     \
                C *, C *, const int *, C *, const int *, C *, const int *,     \
                R *, int *, len, len);                                         \
  void p##gees_(const char *, const char *, void *, const int *, C *,          \
                const int *, int *, C *, C *, const int *, C *, const int *,   \
                R *, int *, int *, len, len);                                  \
  void p##hetrd_(const char *, const int *, C *, const int *, R *, R *, C *,   \
                 C *, const int *, int *, len);
JX_LAPACK_COMPLEX(c, c64, float)
JX_LAPACK_COMPLEX(z, c128, double)
#undef JX_LAPACK_COMPLEX
}

/// The routines for element type T, with T's real type `real`. Real and
/// complex types take the same arguments here: the wrappers of complex
/// routines take the real workspace `rwork` that their LAPACK routine
/// needs, the real ones ignore it.
template <typename T> struct lapack;

#define JX_LAPACK_TRAITS_COMMON(p, T)                                          \
  static void trsm(char side, char uplo, char trans, char diag, int m, int n,  \
                   const T *a, int lda, T *b, int ldb) {                       \
    T one(1);                                                                  \
    p##trsm_(&side, &uplo, &trans, &diag, &m, &n, &one, a, &lda, b, &ldb, 1,   \
             1, 1, 1);                                                         \
  }                                                                            \
  static void getrf(int m, int n, T *a, int lda, int *ipiv, int *info) {       \
    p##getrf_(&m, &n, a, &lda, ipiv, info);                                    \
  }                                                                            \
  static void geqrf(int m, int n, T *a, int lda, T *tau, T *work, int lwork,   \
                    int *info) {                                               \
    p##geqrf_(&m, &n, a, &lda, tau, work, &lwork, info);                       \
  }                                                                            \
  static void potrf(char uplo, int n, T *a, int lda, int *info) {              \
    p##potrf_(&uplo, &n, a, &lda, info, 1);                                    \
  }                                                                            \
  static void gehrd(int n, int ilo, int ihi, T *a, int lda, T *tau, T *work,   \
                    int lwork, int *info) {                                    \
    p##gehrd_(&n, &ilo, &ihi, a, &lda, tau, work, &lwork, info);               \
  }                                                                            \
  static void gtsv(int n, int nrhs, T *dl, T *d, T *du, T *b, int ldb,         \
                   int *info) {                                                \
    p##gtsv_(&n, &nrhs, dl, d, du, b, &ldb, info);                             \
  }

#define JX_LAPACK_TRAITS_REAL(p, R)                                            \
  template <> struct lapack<R> {                                               \
    using real = R;                                                            \
    static constexpr bool is_complex = false;                                  \
    JX_LAPACK_TRAITS_COMMON(p, R)                                              \
    static void geqp3(int m, int n, R *a, int lda, int *jpvt, R *tau, R *work, \
                      int lwork, R *, int *info) {                             \
      p##geqp3_(&m, &n, a, &lda, jpvt, tau, work, &lwork, info);               \
    }                                                                          \
    static void orgqr(int m, int n, int k, R *a, int lda, const R *tau,        \
                      R *work, int lwork, int *info) {                         \
      p##orgqr_(&m, &n, &k, a, &lda, tau, work, &lwork, info);                 \
    }                                                                          \
    static void ormqr(char side, char trans, int m, int n, int k, const R *a,  \
                      int lda, const R *tau, R *c, int ldc, R *work,           \
                      int lwork, int *info) {                                  \
      p##ormqr_(&side, &trans, &m, &n, &k, a, &lda, tau, c, &ldc, work,        \
                &lwork, info, 1, 1);                                           \
    }                                                                          \
    static void gesdd(char jobz, int m, int n, R *a, int lda, R *s, R *u,      \
                      int ldu, R *vt, int ldvt, R *work, int lwork, R *,       \
                      int *iwork, int *info) {                                 \
      p##gesdd_(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork,   \
                iwork, info, 1);                                               \
    }                                                                          \
    static void gesvd(char job, int m, int n, R *a, int lda, R *s, R *u,       \
                      int ldu, R *vt, int ldvt, R *work, int lwork, R *,       \
                      int *info) {                                             \
      p##gesvd_(&job, &job, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work,      \
                &lwork, info, 1, 1);                                           \
    }                                                                          \
    static void sytrd(char uplo, int n, R *a, int lda, R *d, R *e, R *tau,     \
                      R *work, int lwork, int *info) {                         \
      p##sytrd_(&uplo, &n, a, &lda, d, e, tau, work, &lwork, info, 1);         \
    }                                                                          \
  };

#define JX_LAPACK_TRAITS_COMPLEX(p, C, R)                                      \
  template <> struct lapack<C> {                                               \
    using real = R;                                                            \
    static constexpr bool is_complex = true;                                   \
    JX_LAPACK_TRAITS_COMMON(p, C)                                              \
    static void geqp3(int m, int n, C *a, int lda, int *jpvt, C *tau, C *work, \
                      int lwork, R *rwork, int *info) {                        \
      p##geqp3_(&m, &n, a, &lda, jpvt, tau, work, &lwork, rwork, info);        \
    }                                                                          \
    static void orgqr(int m, int n, int k, C *a, int lda, const C *tau,        \
                      C *work, int lwork, int *info) {                         \
      p##ungqr_(&m, &n, &k, a, &lda, tau, work, &lwork, info);                 \
    }                                                                          \
    static void ormqr(char side, char trans, int m, int n, int k, const C *a,  \
                      int lda, const C *tau, C *c, int ldc, C *work,           \
                      int lwork, int *info) {                                  \
      p##unmqr_(&side, &trans, &m, &n, &k, a, &lda, tau, c, &ldc, work,        \
                &lwork, info, 1, 1);                                           \
    }                                                                          \
    static void gesdd(char jobz, int m, int n, C *a, int lda, R *s, C *u,      \
                      int ldu, C *vt, int ldvt, C *work, int lwork, R *rwork,  \
                      int *iwork, int *info) {                                 \
      p##gesdd_(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork,   \
                rwork, iwork, info, 1);                                        \
    }                                                                          \
    static void gesvd(char job, int m, int n, C *a, int lda, R *s, C *u,       \
                      int ldu, C *vt, int ldvt, C *work, int lwork, R *rwork,  \
                      int *info) {                                             \
      p##gesvd_(&job, &job, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work,      \
                &lwork, rwork, info, 1, 1);                                    \
    }                                                                          \
    static void sytrd(char uplo, int n, C *a, int lda, R *d, R *e, C *tau,     \
                      C *work, int lwork, int *info) {                         \
      p##hetrd_(&uplo, &n, a, &lda, d, e, tau, work, &lwork, info, 1);         \
    }                                                                          \
  };

JX_LAPACK_TRAITS_REAL(s, float)
JX_LAPACK_TRAITS_REAL(d, double)
JX_LAPACK_TRAITS_COMPLEX(c, c64, float)
JX_LAPACK_TRAITS_COMPLEX(z, c128, double)
#undef JX_LAPACK_TRAITS_REAL
#undef JX_LAPACK_TRAITS_COMPLEX
#undef JX_LAPACK_TRAITS_COMMON

/// The arguments of one jx_rt_lapack call: the descriptor's params (after
/// its header) and the buffers, operands then results.
struct call {
  int64_t batch;
  const int64_t *p;
  void *const *buf;
  template <typename T> T *at(int i) const { return static_cast<T *>(buf[i]); }
  int dim(int i) const { return static_cast<int>(p[i]); }
  char chr(int i) const { return static_cast<char>(p[i]); }
};

/// tridiagonal_solve.cpp
template <typename T> void tridiagonal_solve_perturbed(const call &c);

} // namespace jx::runtime::lapack_detail

#endif // JX_LIB_RUNTIME_LAPACK_ROUTINES_H
