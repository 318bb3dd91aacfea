// linalg_scipy.cpp - jx::scipy::linalg (include/jx/linalg.h):
// jax.scipy.linalg's factorizations, solves and expm.

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

namespace jx::scipy::linalg {

namespace la = jx::lax::linalg;
namespace jnp = jx::numpy;
using namespace jx::frontend::linalg_util;

namespace {

/// a and b promoted to one LAPACK type; b (a vector or a batch of
/// matrices) must have as many rows as a.
std::pair<Array, Array> operands(const std::string &api, const Array &a,
                                 const Array &b) {
  Array A = matrices(api, a, true);
  dtype t = lapack_dtype(A.dtype(), b.dtype());
  A = as(A, t);
  Array x = as(b, t);
  int64_t m = A.shape().back();
  bool vector = x.ndim() + 1 == A.ndim();
  if (x.ndim() == 0 ||
      (vector ? x.shape().back() : x.shape()[std::max<int64_t>(x.ndim() - 2, 0)]) != m)
    throw error(api + ": a " + a.aval().str() + " needs b with " +
                std::to_string(m) + " rows, got " + b.aval().str());
  return {A, x};
}

} // namespace

Array cholesky(const Array &a, bool lower) {
  Array A = matrices("jx::scipy::linalg::cholesky", a, true);
  // Only the triangle `lower` names is read.
  return lower ? la::cholesky(A, false) : mH(la::cholesky(mH(A), false));
}

std::pair<Array, bool> cho_factor(const Array &a, bool lower) {
  return {cholesky(a, lower), lower};
}

Array cho_solve(const std::pair<Array, bool> &c_and_lower, const Array &b) {
  const std::string api = "jx::scipy::linalg::cho_solve";
  const auto &[c0, lower] = c_and_lower;
  auto [c, x] = operands(api, c0, b);
  la::triangular_solve_options first, second;
  first.left_side = second.left_side = true;
  first.lower = second.lower = lower;
  first.transpose_a = first.conjugate_a = !lower;
  second.transpose_a = second.conjugate_a = lower;
  x = la::triangular_solve(c, x, first);
  return la::triangular_solve(c, x, second);
}

std::tuple<Array, Array, Array> lu(const Array &a) {
  Array A = matrices("jx::scipy::linalg::lu", a, false);
  la::lu_result f = la::lu(A);
  dtype t = A.dtype();
  int64_t nd = A.ndim(), m = A.shape()[nd - 2], n = A.shape()[nd - 1];
  int64_t k = std::min(m, n);
  // p[..., i, j] = (permutation[..., j] == i).
  shape_t pshape = A.shape();
  pshape[nd - 1] = m;
  Array rows_i = lax::iota(dtype::int32, pshape, nd - 2);
  Array p = jnp::astype(
      jnp::equal(jnp::expand_dims(f.permutation, -2), rows_i), t);
  std::vector<int64_t> start(nd, 0), limit = A.shape();
  limit[nd - 1] = k;
  Array l = lax::slice(jnp::tril(f.lu, -1), start, limit) +
            jnp::eye(m, k, 0, t);
  limit = A.shape();
  limit[nd - 2] = k;
  Array u = lax::slice(jnp::triu(f.lu), start, limit);
  return {p, l, u};
}

std::pair<Array, Array> lu_factor(const Array &a) {
  la::lu_result f = la::lu(matrices("jx::scipy::linalg::lu_factor", a, false));
  return {f.lu, f.pivots};
}

Array lu_solve(const std::pair<Array, Array> &lu_and_piv, const Array &b,
               int trans) {
  const std::string api = "jx::scipy::linalg::lu_solve";
  if (trans < 0 || trans > 2)
    throw error(api + ": trans must be 0, 1 or 2, got " +
                std::to_string(trans));
  auto [lu, x] = operands(api, lu_and_piv.first, b);
  Array perm = la::lu_pivots_to_permutation(lu_and_piv.second,
                                            lu.shape()[lu.ndim() - 2]);
  return la::lu_solve(lu, perm, x, trans);
}

Array solve_triangular(const Array &a, const Array &b, int trans, bool lower,
                       bool unit_diagonal) {
  const std::string api = "jx::scipy::linalg::solve_triangular";
  if (trans < 0 || trans > 2)
    throw error(api + ": trans must be 0, 1 or 2, got " +
                std::to_string(trans));
  auto [A, x] = operands(api, a, b);
  la::triangular_solve_options o;
  o.left_side = true;
  o.lower = lower;
  o.transpose_a = trans != 0;
  o.conjugate_a = trans == 2;
  o.unit_diagonal = unit_diagonal;
  return la::triangular_solve(A, x, o);
}

namespace {

using pade_terms = std::pair<Array, Array>; // (U, V): odd and even parts

Array mm(const Array &x, const Array &y) { return jnp::matmul(x, y); }

Array c(double v, const Array &like) { return core::scalar_of(v, like.dtype()); }

/// The Pade approximants r_m = (V + U) / (V - U) of degree 3 to 13
/// (Higham, "The scaling and squaring method for the matrix exponential
/// revisited", 2005): U holds the odd powers of A, V the even ones.
pade_terms pade(const Array &A, int degree) {
  int64_t n = A.shape().back();
  Array I = jnp::eye(n, std::nullopt, 0, A.dtype());
  Array A2 = mm(A, A);
  if (degree == 3) {
    const double b[] = {120., 60., 12., 1.};
    return {mm(A, c(b[3], A) * A2 + c(b[1], A) * I),
            c(b[2], A) * A2 + c(b[0], A) * I};
  }
  Array A4 = mm(A2, A2);
  if (degree == 5) {
    const double b[] = {30240., 15120., 3360., 420., 30., 1.};
    return {mm(A, c(b[5], A) * A4 + c(b[3], A) * A2 + c(b[1], A) * I),
            c(b[4], A) * A4 + c(b[2], A) * A2 + c(b[0], A) * I};
  }
  Array A6 = mm(A4, A2);
  if (degree == 7) {
    const double b[] = {17297280., 8648640., 1995840., 277200.,
                        25200.,    1512.,    56.,      1.};
    return {mm(A, c(b[7], A) * A6 + c(b[5], A) * A4 + c(b[3], A) * A2 +
                      c(b[1], A) * I),
            c(b[6], A) * A6 + c(b[4], A) * A4 + c(b[2], A) * A2 +
                c(b[0], A) * I};
  }
  if (degree == 9) {
    const double b[] = {17643225600., 8821612800., 2075673600., 302702400.,
                        30270240.,    2162160.,    110880.,     3960.,
                        90.,          1.};
    Array A8 = mm(A6, A2);
    return {mm(A, c(b[9], A) * A8 + c(b[7], A) * A6 + c(b[5], A) * A4 +
                      c(b[3], A) * A2 + c(b[1], A) * I),
            c(b[8], A) * A8 + c(b[6], A) * A6 + c(b[4], A) * A4 +
                c(b[2], A) * A2 + c(b[0], A) * I};
  }
  const double b[] = {64764752532480000., 32382376266240000., 7771770303897600.,
                      1187353796428800.,  129060195264000.,   10559470521600.,
                      670442572800.,      33522128640.,       1323241920.,
                      40840800.,          960960.,            16380.,
                      182.,               1.};
  Array U = mm(A, mm(A6, c(b[13], A) * A6 + c(b[11], A) * A4 + c(b[9], A) * A2) +
                      c(b[7], A) * A6 + c(b[5], A) * A4 + c(b[3], A) * A2 +
                      c(b[1], A) * I);
  Array V = mm(A6, c(b[12], A) * A6 + c(b[10], A) * A4 + c(b[8], A) * A2) +
            c(b[6], A) * A6 + c(b[4], A) * A4 + c(b[2], A) * A2 +
            c(b[0], A) * I;
  return {U, V};
}

/// expm of one matrix.
Array expm_matrix(const Array &A0) {
  const int64_t max_squarings = 16;
  bool f64 = A0.dtype() == dtype::float64;
  Array norm1 = jx::numpy::linalg::norm(A0, 1);
  // The largest norm each degree is accurate for (Higham's theta_m), and
  // the norm the scaled matrix must reach.
  std::vector<double> thetas =
      f64 ? std::vector<double>{1.495585217958292e-002, 2.539398330063230e-001,
                                9.504178996162932e-001, 2.097847961257068e+000}
          : std::vector<double>{4.258730016922831e-001, 1.880152677804762e+000};
  double maxnorm = f64 ? 5.371920351148152 : 3.925724783138660;
  Array squarings = jnp::maximum(
      c(0, norm1), jnp::floor(jnp::log(norm1 / c(maxnorm, norm1)) /
                              c(std::log(2.0), norm1)));
  Array A = A0 / jnp::power(c(2, A0), squarings);
  Array idx = Array(0);
  for (double t : thetas)
    idx = idx + jnp::astype(norm1 >= c(t, norm1), dtype::int32);
  std::vector<int> degrees =
      f64 ? std::vector<int>{3, 5, 7, 9, 13} : std::vector<int>{3, 5, 7};
  std::vector<std::function<std::pair<Array, Array>(const Array &)>> branches;
  for (int d : degrees)
    branches.push_back([d](const Array &x) { return pade(x, d); });
  auto [U, V] = lax::switch_(idx, branches, A);
  Array P = U + V, Q = V - U;
  Array n = jnp::astype(squarings, dtype::int32);
  return lax::cond(
      n > Array(static_cast<int>(max_squarings)),
      [](const Array &p, const Array &, const Array &) {
        return jnp::full(p.shape(), c(std::nan(""), p), p.dtype());
      },
      [](const Array &p, const Array &q, const Array &k) {
        Array R = jx::numpy::linalg::solve(q, p);
        return lax::fori_loop(Array(0), k,
                              [](const Array &, const Array &r) {
                                return mm(r, r);
                              },
                              R);
      },
      P, Q, n);
}

} // namespace

Array expm(const Array &a) {
  Array A = matrices("jx::scipy::linalg::expm", a, true, false);
  if (A.ndim() == 2)
    return expm_matrix(A);
  return jx::vmap([](const Array &x) { return expm(x); })(A);
}

} // namespace jx::scipy::linalg
