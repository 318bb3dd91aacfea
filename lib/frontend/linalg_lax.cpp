// linalg_lax.cpp - jx::lax::linalg (include/jx/linalg.h): the primitives of
// lib/primitives/linalg.cpp bound with JAX's argument checks, and the
// compositions jax.lax.linalg builds from them (qr with its custom jvp,
// lu_pivots_to_permutation, lu_solve).

#include "frontend/api_util.h"
#include "frontend/linalg_util.h"
#include "jx/control_flow.h"
#include "jx/custom.h"
#include "jx/vmap.h"
#include "jx/lax.h"
#include "jx/linalg.h"
#include "jx/numpy.h"
#include "primitives/batching.h"
#include "primitives/rules.h"

#include <cmath>
#include <limits>

namespace jx::lax::linalg {

namespace jnp = jx::numpy;
using namespace jx::frontend::linalg_util;

namespace {

/// a[..., r0:r1, c0:c1].
Array block(const Array &a, int64_t r0, int64_t r1, int64_t c0, int64_t c1) {
  std::vector<int64_t> start(a.ndim(), 0), limit = a.shape();
  start[a.ndim() - 2] = r0;
  limit[a.ndim() - 2] = r1;
  start[a.ndim() - 1] = c0;
  limit[a.ndim() - 1] = c1;
  return lax::slice(a, start, limit);
}

Array symmetrize(const Array &x) {
  return (x + mH(x)) / core::scalar_of(2, x.dtype());
}

} // namespace

Array triangular_solve(const Array &a, const Array &b,
                       const triangular_solve_options &o) {
  // A batch of vectors (b one rank below a) is solved as columns.
  bool vector = b.ndim() + 1 == a.ndim();
  if (vector && !o.left_side)
    throw error("jx::lax::linalg::triangular_solve: a vector right-hand "
                "side " + b.aval().str() + " is solved from the left only");
  Array bb = vector ? jnp::expand_dims(b, -1) : b;
  Array x = core::bind1(core::triangular_solve_p, {a, bb},
                        {{"left_side", o.left_side},
                         {"lower", o.lower},
                         {"transpose_a", o.transpose_a},
                         {"conjugate_a", o.conjugate_a},
                         {"unit_diagonal", o.unit_diagonal}});
  return vector ? jnp::squeeze(x, std::vector<int64_t>{-1}) : x;
}

Array lu_pivots_to_permutation(const Array &pivots, int64_t m) {
  const std::string api = "jx::lax::linalg::lu_pivots_to_permutation";
  if (pivots.ndim() < 1 || pivots.dtype() != dtype::int32)
    throw error(api + ": needs int32 pivots of rank >= 1, got " +
                pivots.aval().str());
  int64_t nd = pivots.ndim(), k = pivots.shape().back();
  if (k > m)
    throw error(api + ": " + std::to_string(k) +
                " pivots for a permutation of size " + std::to_string(m));
  shape_t pshape = pivots.shape();
  pshape.back() = m;
  Array idx = lax::iota(dtype::int32, pshape, nd - 1);
  if (k == 0)
    return idx;
  shape_t one = pivots.shape();
  one.back() = 1;
  // Swap entries i and pivots[..., i] in turn (a batch of rows at once).
  return lax::fori_loop(
      Array(0), Array(static_cast<int>(k)),
      [pivots, idx, one, nd](const Array &i, const Array &perm) {
        std::vector<Array> start(nd, Array(0));
        start.back() = i;
        Array p = lax::dynamic_slice(pivots, start, one);
        Array at_i = lax::dynamic_slice(perm, start, one);
        Array at_p = jnp::take_along_axis(perm, p, -1);
        return jnp::where(jnp::equal(idx, i), at_p,
                          jnp::where(jnp::equal(idx, p), at_i, perm));
      },
      idx);
}

lu_result lu(const Array &a) {
  std::vector<Array> r = core::bind(core::lu_p, {a});
  return {r[0], r[1], lu_pivots_to_permutation(r[1], rows(a))};
}

Array cholesky(const Array &x, bool symmetrize_input) {
  Array a = symmetrize_input ? symmetrize(x) : x;
  return jnp::tril(core::bind1(core::cholesky_p, {a}));
}

std::pair<Array, Array> eigh(const Array &x, bool lower,
                             bool symmetrize_input) {
  Array a = symmetrize_input ? symmetrize(x) : x;
  std::vector<Array> r =
      core::bind(core::eigh_p, {a}, {{"lower", lower},
                                     {"sort_eigenvalues", true}});
  return {r[0], r[1]};
}

svd_result svd(const Array &x, bool full_matrices, bool compute_uv,
               svd_algorithm algorithm) {
  std::vector<Array> r = core::bind(
      core::svd_p, {x},
      {{"full_matrices", full_matrices},
       {"compute_uv", compute_uv},
       {"algorithm",
        std::string(algorithm == svd_algorithm::qr ? "qr" : "default")}});
  if (!compute_uv)
    return {std::nullopt, r[0], std::nullopt};
  return {r[1], r[0], r[2]};
}

std::vector<Array> eig(const Array &x, bool compute_left_eigenvectors,
                       bool compute_right_eigenvectors) {
  return core::bind(core::eig_p, {x},
                    {{"compute_left_eigenvectors", compute_left_eigenvectors},
                     {"compute_right_eigenvectors",
                      compute_right_eigenvectors}});
}

std::pair<Array, Array> geqrf(const Array &a) {
  std::vector<Array> r = core::bind(core::geqrf_p, {a});
  return {r[0], r[1]};
}

Array householder_product(const Array &a, const Array &taus) {
  return core::bind1(core::householder_product_p, {a, taus});
}

namespace {

/// QR from geqrf and orgqr, as JAX's lowering of its qr primitive.
std::pair<Array, Array> qr_forward(const Array &x, bool full_matrices) {
  int64_t m = rows(x), n = cols(x);
  auto [r, taus] = geqrf(x);
  Array q;
  if (m < n) {
    q = householder_product(block(r, 0, m, 0, m), taus);
  } else if (full_matrices) {
    std::vector<std::pair<int64_t, int64_t>> widths(x.ndim(), {0, 0});
    widths.back() = {0, m - n};
    q = householder_product(jnp::pad(r, widths), taus);
  } else {
    q = householder_product(r, taus);
  }
  r = jnp::triu(r);
  if (!full_matrices && m > n)
    r = block(r, 0, n, 0, n);
  return {q, r};
}

/// JAX's QR jvp: with dX R^-1 = Y and Q^T Y = C, dQ = Q (Ω - C) + Y and
/// dR = (C - Ω) R, Ω = tril(C, -1) - tril(C, -1)^T.
std::pair<std::pair<Array, Array>, std::pair<Array, Array>>
qr_jvp(const Array &x, const Array &dx, bool full_matrices) {
  int64_t m = rows(x), n = cols(x);
  if (m < n || (full_matrices && m != n))
    throw error("jx::jvp of qr: defined only for m >= n (and m == n with "
                "full_matrices), as in JAX; got " + x.aval().str());
  if (is_complex(x.dtype()))
    throw error("jx::jvp of qr: complex operands are not supported yet");
  auto [q, r] = qr_forward(x, false);
  triangular_solve_options right;
  Array dx_rinv = triangular_solve(r, dx, right);
  Array c = jnp::matmul(jnp::swapaxes(q, -1, -2), dx_rinv);
  Array low = jnp::tril(c, -1);
  Array omega = low - jnp::swapaxes(low, -1, -2);
  Array dq = jnp::matmul(q, omega - c) + dx_rinv;
  Array dr = jnp::matmul(c - omega, r);
  return {{q, r}, {dq, dr}};
}

} // namespace

std::pair<Array, Array> qr(const Array &x, bool full_matrices) {
  static const auto reduced = custom_jvp(
      [](const Array &a) { return qr_forward(a, false); },
      [](const Array &a, const Array &t) { return qr_jvp(a, t, false); }, "qr");
  static const auto full = custom_jvp(
      [](const Array &a) { return qr_forward(a, true); },
      [](const Array &a, const Array &t) { return qr_jvp(a, t, true); }, "qr");
  return full_matrices ? full(x) : reduced(x);
}

Array lu_solve(const Array &lu, const Array &permutation, const Array &b,
               int trans) {
  // b: [..., m, k] (or [..., m], a batch of vectors), lu: [..., m, m].
  bool vector = b.ndim() + 1 == lu.ndim();
  Array x = vector ? jnp::expand_dims(b, -1) : b;
  triangular_solve_options lower_unit, upper;
  lower_unit.left_side = upper.left_side = true;
  lower_unit.lower = lower_unit.unit_diagonal = true;
  if (trans == 0) {
    x = jnp::take_along_axis(x, jnp::expand_dims(permutation, -1), -2);
    x = triangular_solve(lu, x, lower_unit);
    x = triangular_solve(lu, x, upper);
  } else {
    upper.transpose_a = lower_unit.transpose_a = true;
    upper.conjugate_a = lower_unit.conjugate_a = trans == 2;
    x = triangular_solve(lu, x, upper);
    x = triangular_solve(lu, x, lower_unit);
    Array inverse = jnp::argsort(permutation, -1);
    x = jnp::take_along_axis(x, jnp::expand_dims(inverse, -1), -2);
  }
  return vector ? jnp::squeeze(x, std::vector<int64_t>{-1}) : x;
}

} // namespace jx::lax::linalg
