// linalg_util.h - internal: helpers shared by the linear-algebra API
// files (linalg_lax.cpp, linalg_numpy.cpp, linalg_scipy.cpp).

#ifndef JX_LIB_FRONTEND_LINALG_UTIL_H
#define JX_LIB_FRONTEND_LINALG_UTIL_H

#include "jx/array.h"
#include "jx/numpy.h"

#include <string>

namespace jx::frontend::linalg_util {

namespace jnp = jx::numpy;

inline int64_t rows(const Array &a) { return a.shape()[a.ndim() - 2]; }
inline int64_t cols(const Array &a) { return a.shape().back(); }
/// The transpose and the conjugate transpose of the last two axes.
inline Array mT(const Array &x) { return jnp::swapaxes(x, -1, -2); }
inline Array mH(const Array &x) { return jnp::conj(mT(x)); }

/// The LAPACK type values of dtypes `a` and `b` are computed in: complex
/// when either is, double precision when either is, float32 for integers
/// and half floats (JAX's promote_dtypes_inexact without x64).
inline dtype lapack_dtype(dtype a, dtype b) {
  bool wide = a == dtype::float64 || a == dtype::complex128 ||
              b == dtype::float64 || b == dtype::complex128;
  if (is_complex(a) || is_complex(b))
    return wide ? dtype::complex128 : dtype::complex64;
  return wide ? dtype::float64 : dtype::float32;
}

inline Array as(const Array &x, dtype t) {
  return x.dtype() == t ? x : jnp::astype(x, t);
}

/// `a` in its LAPACK type, checked to be a batch of matrices (square when
/// asked), and real unless `complex_ok`.
inline Array matrices(const std::string &api, const Array &a, bool square,
               bool complex_ok = true) {
  if (!complex_ok && is_complex(a.dtype()))
    throw error(api + ": complex " + a.aval().str() +
                " inputs are not supported yet; use float32 or float64");
  Array x = as(a, lapack_dtype(a.dtype(), a.dtype()));
  if (x.ndim() < 2)
    throw error(api + ": needs an array of rank >= 2 (a matrix or a batch "
                      "of them), got " + a.aval().str());
  if (square && rows(x) != cols(x))
    throw error(api + ": needs square matrices in the last two axes, got " +
                a.aval().str());
  return x;
}

} // namespace jx::frontend::linalg_util

#endif // JX_LIB_FRONTEND_LINALG_UTIL_H
