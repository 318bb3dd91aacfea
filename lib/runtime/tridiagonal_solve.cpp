// tridiagonal_solve.cpp - `tridiagonal_solve_perturbed_ffi`, JAX's solve
// of a tridiagonal system that tolerates a singular matrix
// (lax.linalg.tridiagonal_solve(..., perturb_singular=True)): jaxlib's own
// routine, not LAPACK's, modelled like it on LAPACK's xLAGTF (a row-pivoted
// LU of the tridiagonal matrix) and xLAGTS (the solve, where a pivot too
// small to divide by is perturbed by a multiple of eps * max |U|, as in
// inverse iteration for eigenvectors).
//
// For each of `batch` systems: row r of the matrix holds dl[r], d[r], du[r]
// at columns r-1, r, r+1 (dl[0] and du[n-1] are not read); b and x are n x k,
// column-major.

#include "lapack_routines.h"

#include "jx/runtime/kernels.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <vector>

namespace jx::runtime::lapack_detail {

namespace {

template <typename T> auto magnitude(T v) { return std::abs(v); }

/// Perturbs (or scales, with the row) a pivot `p` of magnitude below 1
/// until neither 1/p nor row/p can overflow; `perturb` carries the sign
/// of p's real part. `row` is one row of the right-hand side, `k` long,
/// `stride` apart.
template <typename T, typename R>
void guard_pivot(R perturb, T &p, T *row, int64_t k, int64_t stride) {
  constexpr R one = 1;
  const R tiny = std::numeric_limits<R>::min();
  const R small = one / std::numeric_limits<R>::max();
  const R safemin =
      small < tiny ? tiny : small * (one + std::numeric_limits<R>::epsilon());
  const R bignum = one / safemin;
  R size = magnitude(p);
  if (size >= one)
    return;
  perturb = std::copysign(std::max(std::abs(perturb), safemin), std::real(p));
  R largest = 0;
  for (int64_t j = 0; j < k; ++j)
    largest = std::max<R>(largest, magnitude(row[j * stride]));
  while (size < one) {
    if (size < safemin) {
      if (size == 0 || largest * safemin > size) {
        p += perturb;
        perturb *= 2;
      } else {
        p *= bignum;
        for (int64_t j = 0; j < k; ++j)
          row[j * stride] *= bignum;
        return;
      }
    } else if (largest > size * bignum) {
      p += perturb;
      perturb *= 2;
    } else {
      return;
    }
    size = magnitude(p);
  }
}

/// One system. `u` is scratch for U's three diagonals (3n), `row` for one
/// row of the right-hand side (k).
template <typename T>
void solve_one(int64_t n, int64_t k, const T *dl, const T *d, const T *du,
               const T *b, T *x, T *u0, T *u1, T *u2, T *row) {
  using R = typename lapack<T>::real;
  // Row r of b and x: elements r, r + n, r + 2n, ...
  auto xr = [&](int64_t r, int64_t j) -> T & { return x[r + j * n]; };
  auto br = [&](int64_t r, int64_t j) { return b[r + j * n]; };
  const R eps = std::numeric_limits<R>::epsilon();

  if (n == 1) {
    T p = d[0];
    for (int64_t j = 0; j < k; ++j)
      row[j] = br(0, j);
    guard_pivot<T, R>(eps * magnitude(p), p, row, k, 1);
    for (int64_t j = 0; j < k; ++j)
      xr(0, j) = row[j] / p;
    return;
  }

  // Factor P A = L U, U with diagonals u0 (main), u1, u2 (first and second
  // superdiagonals), applying L^-1 P to b as it goes (into x).
  std::fill(u0, u0 + n, T(0));
  std::fill(u1, u1 + n, T(0));
  std::fill(u2, u2 + n, T(0));
  u0[0] = d[0];
  u1[0] = du[0];
  R max_u = std::max(magnitude(u0[0]), magnitude(u1[0]));
  R scale_top = magnitude(u0[0]) + magnitude(u1[0]);
  for (int64_t j = 0; j < k; ++j)
    xr(0, j) = br(0, j);
  for (int64_t r = 0; r + 1 < n; ++r) {
    // Row r + 1: dl[r+1], d[r+1], du[r+1] (du read only below the last).
    bool last = r + 2 == n;
    u0[r + 1] = d[r + 1];
    R scale_next = magnitude(dl[r + 1]) + magnitude(u0[r + 1]) +
                   (last ? R(0) : magnitude(du[r + 1]));
    if (dl[r + 1] == T(0)) {
      scale_top = scale_next;
      u1[r + 1] = du[r + 1];
      u2[r] = 0;
      for (int64_t j = 0; j < k; ++j)
        xr(r + 1, j) = br(r + 1, j);
    } else {
      R keep = u0[r] == T(0) ? R(0) : magnitude(u0[r]) / scale_top;
      R swap = magnitude(dl[r + 1]) / scale_next;
      if (swap <= keep) {
        T factor = dl[r + 1] / u0[r];
        u0[r + 1] -= factor * u1[r];
        u1[r + 1] = du[r + 1];
        u2[r] = 0;
        for (int64_t j = 0; j < k; ++j)
          xr(r + 1, j) = br(r + 1, j) - factor * xr(r, j);
        scale_top = scale_next;
      } else {
        // Rows r and r + 1 change places.
        T factor = u0[r] / dl[r + 1];
        T above = u1[r];
        u0[r] = dl[r + 1];
        u0[r + 1] = above - factor * d[r + 1];
        u1[r] = d[r + 1];
        if (!last) {
          u2[r] = du[r + 1];
          u1[r + 1] = -factor * du[r + 1];
        }
        for (int64_t j = 0; j < k; ++j) {
          T top = xr(r, j);
          xr(r, j) = br(r + 1, j);
          xr(r + 1, j) = top - factor * br(r + 1, j);
        }
        scale_top = magnitude(u0[r + 1]) + magnitude(u1[r + 1]);
      }
    }
    if (!last)
      max_u = std::max({max_u, magnitude(u0[r]), magnitude(u1[r]),
                        magnitude(u2[r])});
  }
  max_u = std::max(max_u, magnitude(u0[n - 1]));
  const R perturb = eps * max_u;

  // Back substitution through U, guarding each pivot.
  for (int64_t r = n - 1; r >= 0; --r) {
    for (int64_t j = 0; j < k; ++j) {
      T v = xr(r, j);
      if (r + 1 < n)
        v -= u1[r] * xr(r + 1, j);
      if (r + 2 < n)
        v -= u2[r] * xr(r + 2, j);
      row[j] = v;
    }
    T p = u0[r];
    guard_pivot<T, R>(perturb, p, row, k, 1);
    T inverse = T(1) / p;
    for (int64_t j = 0; j < k; ++j)
      xr(r, j) = row[j] * inverse;
  }
}

} // namespace

template <typename T> void tridiagonal_solve_perturbed(const call &c) {
  int64_t n = c.p[0], k = c.p[1];
  if (n == 0 || k == 0)
    return;
  std::vector<T> scratch(3 * n + k);
  for (int64_t i = 0; i < c.batch; ++i)
    solve_one<T>(n, k, c.at<T>(0) + i * n, c.at<T>(1) + i * n,
                 c.at<T>(2) + i * n, c.at<T>(3) + i * n * k,
                 c.at<T>(4) + i * n * k, scratch.data(), scratch.data() + n,
                 scratch.data() + 2 * n, scratch.data() + 3 * n);
}

template void tridiagonal_solve_perturbed<float>(const call &);
template void tridiagonal_solve_perturbed<double>(const call &);
template void tridiagonal_solve_perturbed<c64>(const call &);
template void tridiagonal_solve_perturbed<c128>(const call &);

} // namespace jx::runtime::lapack_detail
