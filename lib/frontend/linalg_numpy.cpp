// linalg_numpy.cpp - jx::numpy::linalg (include/jx/linalg.h): jnp.linalg's
// functions composed from jx::lax::linalg the way JAX composes them, so
// that results (NaN and inf for singular or indefinite inputs included)
// are JAX's.

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

namespace jx::numpy::linalg {

namespace la = jx::lax::linalg;
namespace jnp = jx::numpy;

using namespace jx::frontend::linalg_util;

namespace {

Array scalar(double v, dtype t) { return core::scalar_of(v, t); }

double eps(dtype t) {
  return t == dtype::float64 ? std::numeric_limits<double>::epsilon()
                             : std::numeric_limits<float>::epsilon();
}

shape_t batch_of(const Array &a, int64_t core_rank) {
  return shape_t(a.shape().begin(), a.shape().end() - core_rank);
}

/// The batch shape two batches broadcast to (NumPy's rules).
shape_t broadcast_batch(const std::string &api, const shape_t &x,
                        const shape_t &y) {
  std::size_t n = std::max(x.size(), y.size());
  shape_t out(n);
  for (std::size_t i = 0; i < n; ++i) {
    int64_t a = i < n - x.size() ? 1 : x[i - (n - x.size())];
    int64_t b = i < n - y.size() ? 1 : y[i - (n - y.size())];
    if (a != b && a != 1 && b != 1)
      throw error(api + ": batch dimensions " + core::shape_str(x) + " and " +
                  core::shape_str(y) + " do not broadcast");
    out[i] = a == 1 ? b : a;
  }
  return out;
}

Array with_batch(const Array &a, const shape_t &batch, int64_t core_rank) {
  shape_t s = batch;
  s.insert(s.end(), a.shape().end() - core_rank, a.shape().end());
  return a.shape() == s ? a : jnp::broadcast_to(a, s);
}

Array mm(const Array &x, const Array &y) { return jnp::matmul(x, y); }

Array sum_last(const Array &x, std::vector<int64_t> axes = {-1}) {
  return jnp::sum(x, axes);
}

Array main_diagonal(const Array &x) { return jnp::diagonal(x, 0, -2, -1); }

Array trace(const Array &x) { return jnp::trace(x, 0, -2, -1); }

/// a[..., i, j] as [...].
Array element(const Array &a, int64_t i, int64_t j) {
  std::vector<int64_t> start(a.ndim(), 0), limit = a.shape();
  start[a.ndim() - 2] = i;
  limit[a.ndim() - 2] = i + 1;
  start[a.ndim() - 1] = j;
  limit[a.ndim() - 1] = j + 1;
  return jnp::squeeze(lax::slice(a, start, limit),
                      std::vector<int64_t>{-2, -1});
}

void no_complex_derivative(const std::string &f, const Array &x) {
  if (is_complex(x.dtype()))
    throw error("jx::jvp of " + f + ": complex " + x.aval().str() +
                " operands are not differentiable yet");
}

Array count_nonzero_last(const Array &cond) {
  return sum_last(jnp::astype(cond, dtype::int32));
}

/// JAX's _slogdet_lu: the sign from the pivots' parity and the signs of
/// U's diagonal; 0 and -inf when a pivot is exactly zero.
std::pair<Array, Array> slogdet_lu(const Array &a) {
  dtype t = a.dtype();
  bool complex = is_complex(t);
  std::vector<Array> f = core::bind(core::lu_p, {a});
  Array diag = main_diagonal(f[0]);
  Array is_zero = jnp::any(jnp::equal(diag, scalar(0, t)),
                           std::vector<int64_t>{-1});
  Array steps = lax::iota(dtype::int32, f[1].shape(), f[1].ndim() - 1);
  Array parity = count_nonzero_last(jnp::not_equal(f[1], steps));
  Array sign = scalar(1, t);
  Array absdiag = jnp::abs(diag);
  if (complex)
    sign = jnp::prod(diag / jnp::astype(absdiag, t), std::vector<int64_t>{-1});
  else
    parity = parity + count_nonzero_last(diag < scalar(0, t));
  Array odd = jnp::astype(jnp::remainder(parity, Array(2)), t);
  sign = jnp::where(is_zero, scalar(0, t),
                    sign * (scalar(1, t) - scalar(2, t) * odd));
  dtype rt = absdiag.dtype();
  Array logdet = jnp::where(is_zero,
                            scalar(-std::numeric_limits<double>::infinity(), rt),
                            sum_last(jnp::log(absdiag)));
  return {sign, logdet};
}

Array det_2x2(const Array &a) {
  return element(a, 0, 0) * element(a, 1, 1) -
         element(a, 0, 1) * element(a, 1, 0);
}

Array det_3x3(const Array &a) {
  auto e = [&](int64_t i, int64_t j) { return element(a, i, j); };
  return e(0, 0) * e(1, 1) * e(2, 2) + e(0, 1) * e(1, 2) * e(2, 0) +
         e(0, 2) * e(1, 0) * e(2, 1) - e(0, 2) * e(1, 1) * e(2, 0) -
         e(0, 0) * e(1, 2) * e(2, 1) - e(0, 1) * e(1, 0) * e(2, 2);
}

} // namespace

Array solve(const Array &a, const Array &b) {
  const std::string api = "jx::numpy::linalg::solve";
  Array A = matrices(api, a, true);
  dtype t = lapack_dtype(A.dtype(), b.dtype());
  A = as(A, t);
  Array B = as(b, t);
  int64_t m = rows(A);
  bool vector = B.ndim() == 1;
  if (B.ndim() == 0 || (vector ? B.shape()[0] : B.shape()[B.ndim() - 2]) != m)
    throw error(api + ": a " + a.aval().str() + " needs b with " +
                std::to_string(m) + (vector ? " elements" : " rows") +
                ", got " + b.aval().str());
  shape_t batch = vector ? batch_of(A, 2)
                         : broadcast_batch(api, batch_of(A, 2), batch_of(B, 2));
  A = with_batch(A, batch, 2);
  B = with_batch(B, batch, vector ? 1 : 2);
  la::lu_result f = la::lu(A);
  return la::lu_solve(f.lu, f.permutation, B, 0);
}

Array inv(const Array &a) {
  Array A = matrices("jx::numpy::linalg::inv", a, true);
  Array eye = jnp::broadcast_to(
      jnp::eye(rows(A), std::nullopt, 0, A.dtype()), A.shape());
  return solve(A, eye);
}

std::pair<Array, Array> slogdet(const Array &a) {
  Array A = matrices("jx::numpy::linalg::slogdet", a, true);
  // 1x1 and 2x2: the determinant's formula, as JAX (no LU).
  if (rows(A) <= 2) {
    Array d = rows(A) == 1 ? element(A, 0, 0) : det_2x2(A);
    Array mag = jnp::abs(d);
    Array sign = is_complex(d.dtype())
                     ? jnp::where(jnp::equal(mag, scalar(0, mag.dtype())),
                                  scalar(0, d.dtype()),
                                  d / jnp::astype(mag, d.dtype()))
                     : jnp::sign(d);
    return {sign, jnp::log(mag)};
  }
  // d log|det a| = trace(a^-1 da); the sign is locally constant.
  static const auto f = custom_jvp(
      [](const Array &x) { return slogdet_lu(x); },
      [](const Array &x, const Array &g) {
        no_complex_derivative("slogdet", x);
        std::pair<Array, Array> out = slogdet_lu(x);
        Array dlog = trace(solve(x, g));
        return std::make_pair(out,
                              std::make_pair(jnp::zeros_like(out.first), dlog));
      },
      "_slogdet_lu");
  return f(A);
}

Array det(const Array &a) {
  Array A = matrices("jx::numpy::linalg::det", a, true);
  if (rows(A) == 2)
    return det_2x2(A);
  if (rows(A) == 3)
    return det_3x3(A);
  // d det a = det a * trace(a^-1 da) (non-singular a).
  static const auto f = custom_jvp(
      [](const Array &x) {
        auto [sign, logdet] = slogdet_lu(x);
        return sign * jnp::astype(jnp::exp(logdet), sign.dtype());
      },
      [](const Array &x, const Array &g) {
        no_complex_derivative("det", x);
        auto [sign, logdet] = slogdet_lu(x);
        Array y = sign * jnp::exp(logdet);
        return std::make_pair(y, y * trace(solve(x, g)));
      },
      "_det");
  return f(A);
}

Array cholesky(const Array &a, bool upper) {
  Array L = la::cholesky(matrices("jx::numpy::linalg::cholesky", a, true));
  return upper ? mH(L) : L;
}

std::pair<Array, Array> qr(const Array &a, const std::string &mode) {
  const std::string api = "jx::numpy::linalg::qr";
  Array A = matrices(api, a, false);
  if (mode == "reduced")
    return la::qr(A, false);
  if (mode == "complete")
    return la::qr(A, true);
  if (mode == "raw") {
    auto [h, taus] = la::geqrf(A);
    return {mT(h), taus};
  }
  if (mode == "r")
    throw error(api + ": mode 'r' returns R alone: use qr(a).second");
  throw error(api + ": unknown mode '" + mode +
              "' (reduced, complete, raw or r)");
}

std::pair<Array, Array> eigh(const Array &a, const std::string &UPLO,
                             bool symmetrize_input) {
  const std::string api = "jx::numpy::linalg::eigh";
  if (UPLO != "L" && UPLO != "U")
    throw error(api + ": UPLO must be \"L\" or \"U\", got \"" + UPLO + "\"");
  auto [v, w] =
      la::eigh(matrices(api, a, true), UPLO == "L", symmetrize_input);
  return {w, v};
}

Array eigvalsh(const Array &a, const std::string &UPLO) {
  return eigh(a, UPLO).first;
}

std::pair<Array, Array> eig(const Array &a) {
  std::vector<Array> r =
      la::eig(matrices("jx::numpy::linalg::eig", a, true), false, true);
  return {r[0], r[1]};
}

Array eigvals(const Array &a) {
  return la::eig(matrices("jx::numpy::linalg::eigvals", a, true), false,
                 false)[0];
}

std::tuple<Array, Array, Array> svd(const Array &a, bool full_matrices) {
  la::svd_result r =
      la::svd(matrices("jx::numpy::linalg::svd", a, false), full_matrices);
  return {*r.u, r.s, *r.vh};
}

Array svdvals(const Array &a) {
  return la::svd(matrices("jx::numpy::linalg::svdvals", a, false), false, false)
      .s;
}

std::tuple<Array, Array, Array, Array>
lstsq(const Array &a, const Array &b, std::optional<double> rcond) {
  const std::string api = "jx::numpy::linalg::lstsq";
  Array A = matrices(api, a, false, false);
  if (A.ndim() != 2 || (b.ndim() != 1 && b.ndim() != 2))
    throw error(api + ": needs a 2-D a and a 1-D or 2-D b, got " +
                a.aval().str() + " and " + b.aval().str());
  int64_t m = rows(A), n = cols(A);
  if (b.shape()[0] != m)
    throw error(api + ": a " + a.aval().str() + " needs b with " +
                std::to_string(m) + " rows, got " + b.aval().str());
  if (m == 0 || n == 0)
    throw error(api + ": empty matrices are not supported, got " +
                a.aval().str());
  dtype t = lapack_dtype(A.dtype(), b.dtype());
  A = as(A, t);
  Array B = as(b, t);
  if (b.ndim() == 1)
    B = jnp::expand_dims(B, 1);
  double rc = rcond ? *rcond : eps(t) * static_cast<double>(std::max(m, n));
  la::svd_result r = la::svd(A, false);
  const Array &s = r.s;
  std::vector<int64_t> zero{0}, one{1};
  Array s0 = lax::slice(s, zero, one);
  Array mask = s >= scalar(rc, t) * s0;
  Array rank = jnp::sum(jnp::astype(mask, dtype::int32));
  Array safe = jnp::where(mask, s, scalar(1, t));
  Array s_inv = jnp::expand_dims(
      jnp::where(mask, scalar(1, t) / safe, scalar(0, t)), 1);
  Array uTb = mm(mT(*r.u), B);
  Array x = mm(mT(*r.vh), s_inv * uTb);
  Array d = B - mm(A, x);
  Array resid = jnp::square(jnp::sqrt(jnp::sum(d * d, std::vector<int64_t>{0})));
  if (b.ndim() == 1)
    x = jnp::reshape(x, {n});
  return {x, resid, rank, s};
}

namespace {

/// pinv by the SVD, singular values at or below rtol * max set to zero.
Array pinv_value(const Array &a, double rtol) {
  dtype t = a.dtype();
  la::svd_result r = la::svd(a, false);
  Array s = r.s;
  std::vector<int64_t> start(s.ndim(), 0), limit = s.shape();
  limit.back() = 1;
  Array cutoff = scalar(rtol, t) * lax::slice(s, start, limit);
  s = jnp::where(s > cutoff, s, scalar(std::numeric_limits<double>::infinity(), t));
  return mm(mT(*r.vh), mT(*r.u) / jnp::expand_dims(s, -1));
}

} // namespace

Array pinv(const Array &a, std::optional<double> rtol) {
  const std::string api = "jx::numpy::linalg::pinv";
  Array A = matrices(api, a, false, false);
  int64_t m = rows(A), n = cols(A);
  if (m == 0 || n == 0) {
    shape_t s = batch_of(A, 2);
    s.push_back(n);
    s.push_back(m);
    return jnp::zeros(s, A.dtype());
  }
  double rt = rtol ? *rtol
                   : 10.0 * static_cast<double>(std::max(m, n)) * eps(A.dtype());
  // JAX's rule: the derivative of the pseudo-inverse where the rank is
  // locally constant.
  auto f = custom_jvp(
      [rt](const Array &x) { return pinv_value(x, rt); },
      [rt](const Array &x, const Array &dx) {
        Array p = pinv_value(x, rt);
        int64_t mm_ = rows(x), nn = cols(x);
        Array em = jnp::eye(mm_, std::nullopt, 0, x.dtype());
        Array en = jnp::eye(nn, std::nullopt, 0, x.dtype());
        Array dp = -mm(mm(p, dx), p);
        dp = dp + mm(mm(mm(p, mT(p)), mT(dx)), em - mm(x, p));
        dp = dp + mm(mm(mm(en - mm(p, x), mT(dx)), mT(p)), p);
        return std::make_pair(p, dp);
      },
      "pinv");
  return f(A);
}

Array matrix_power(const Array &a, int64_t n) {
  Array A = matrices("jx::numpy::linalg::matrix_power", a, true);
  if (n == 0)
    return jnp::broadcast_to(jnp::eye(rows(A), std::nullopt, 0, A.dtype()),
                             A.shape());
  if (n < 0) {
    A = inv(A);
    n = -n;
  }
  if (n == 1)
    return A;
  if (n == 2)
    return mm(A, A);
  if (n == 3)
    return mm(mm(A, A), A);
  std::optional<Array> z, result;
  while (n > 0) {
    z = z ? mm(*z, *z) : A;
    if (n % 2)
      result = result ? mm(*result, *z) : *z;
    n /= 2;
  }
  return *result;
}

Array matrix_rank(const Array &a, std::optional<double> rtol) {
  const std::string api = "jx::numpy::linalg::matrix_rank";
  if (a.ndim() < 2)
    return jnp::astype(jnp::any(jnp::not_equal(a, Array(0))), dtype::int32);
  Array A = matrices(api, a, false);
  Array S = svdvals(A);
  Array smax = jnp::max(S, std::vector<int64_t>{-1}, true);
  // As JAX: a given rtol is the threshold itself; the default one is
  // max(S) * max(m, n) * eps.
  Array tol = rtol ? scalar(*rtol, S.dtype())
                   : smax * scalar(static_cast<double>(std::max(rows(A), cols(A))) *
                                       eps(S.dtype()),
                                   S.dtype());
  return jnp::sum(jnp::astype(S > tol, dtype::int32), std::vector<int64_t>{-1});
}

namespace {

bool is_number(const norm_order &o, double v) {
  const double *d = std::get_if<double>(&o.value);
  return d && *d == v;
}

std::string order_str(const norm_order &o) {
  if (const double *d = std::get_if<double>(&o.value)) {
    std::string s = std::to_string(*d);
    return s;
  }
  return "'" + std::get<std::string>(o.value) + "'";
}

Array vector_norm(const Array &x, const norm_order &ord,
                  const std::vector<int64_t> &axis, bool keepdims) {
  const double inf = std::numeric_limits<double>::infinity();
  dtype t = x.dtype();
  if (const std::string *s = std::get_if<std::string>(&ord.value))
    throw error("jx::numpy::linalg::norm: invalid order '" + *s +
                "' for a vector norm");
  double p = std::get<double>(ord.value);
  if (p == 2)
    return jnp::sqrt(jnp::sum(x * x, axis, keepdims));
  if (p == inf)
    return jnp::max(jnp::abs(x), axis, keepdims);
  if (p == -inf)
    return jnp::min(jnp::abs(x), axis, keepdims);
  if (p == 0)
    return jnp::sum(jnp::astype(jnp::not_equal(x, scalar(0, t)), t), axis,
                    keepdims);
  if (p == 1)
    return jnp::sum(jnp::abs(x), axis, keepdims);
  Array sum = jnp::sum(jnp::power(jnp::abs(x), scalar(p, t)), axis, keepdims);
  return jnp::power(sum, scalar(1.0 / p, t));
}

Array matrix_norm(const Array &x, const std::optional<norm_order> &ord,
                  int64_t row, int64_t col, bool keepdims) {
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<int64_t> both{row, col};
  if (!ord || std::get_if<std::string>(&ord->value)) {
    std::string name = ord ? std::get<std::string>(ord->value) : "fro";
    if (name == "fro" || name == "f")
      return jnp::sqrt(jnp::sum(x * x, both, keepdims));
    if (name != "nuc")
      throw error("jx::numpy::linalg::norm: invalid order '" + name +
                  "' for a matrix norm");
  }
  bool nuc = std::get_if<std::string>(&ord->value) != nullptr;
  if (is_number(*ord, 1) || is_number(*ord, -1)) {
    int64_t c = !keepdims && col > row ? col - 1 : col;
    Array sums = jnp::sum(jnp::abs(x), std::vector<int64_t>{row}, keepdims);
    return is_number(*ord, 1) ? jnp::max(sums, std::vector<int64_t>{c}, keepdims)
                              : jnp::min(sums, std::vector<int64_t>{c}, keepdims);
  }
  if (is_number(*ord, inf) || is_number(*ord, -inf)) {
    int64_t r = !keepdims && row > col ? row - 1 : row;
    Array sums = jnp::sum(jnp::abs(x), std::vector<int64_t>{col}, keepdims);
    return is_number(*ord, inf)
               ? jnp::max(sums, std::vector<int64_t>{r}, keepdims)
               : jnp::min(sums, std::vector<int64_t>{r}, keepdims);
  }
  if (nuc || is_number(*ord, 2) || is_number(*ord, -2)) {
    Array m = jnp::moveaxis(x, std::vector<int64_t>{row, col},
                            std::vector<int64_t>{-2, -1});
    Array s = svdvals(m);
    Array y = nuc ? jnp::sum(s, std::vector<int64_t>{-1})
              : is_number(*ord, 2) ? jnp::max(s, std::vector<int64_t>{-1})
                                   : jnp::min(s, std::vector<int64_t>{-1});
    if (keepdims) {
      y = jnp::expand_dims(y, std::min(row, col));
      y = jnp::expand_dims(y, std::max(row, col));
    }
    return y;
  }
  throw error("jx::numpy::linalg::norm: invalid order " + order_str(*ord) +
              " for a matrix norm");
}

} // namespace

Array norm(const Array &x, std::optional<norm_order> ord,
           std::optional<std::vector<int64_t>> axis, bool keepdims) {
  const std::string api = "jx::numpy::linalg::norm";
  Array X = is_inexact(x.dtype()) ? x : jnp::astype(x, dtype::float32);
  if (is_complex(X.dtype()))
    throw error(api + ": complex inputs are not supported yet, got " +
                x.aval().str());
  std::vector<int64_t> axes;
  if (!axis) {
    if (!ord)
      return jnp::sqrt(jnp::sum(X * X, std::nullopt, keepdims));
    for (int64_t i = 0; i < X.ndim(); ++i)
      axes.push_back(i);
  } else {
    axes = frontend::normalize_axes(api, *axis, X.aval());
  }
  if (axes.size() == 1)
    return vector_norm(X, ord.value_or(norm_order(2)), axes, keepdims);
  if (axes.size() == 2)
    return matrix_norm(X, ord, axes[0], axes[1], keepdims);
  throw error(api + ": needs one axis (a vector norm) or two (a matrix "
                    "norm), got " + std::to_string(axes.size()) + " for " +
              x.aval().str());
}

Array cond(const Array &x, std::optional<norm_order> p) {
  Array X = matrices("jx::numpy::linalg::cond", x, false, false);
  Array r;
  std::vector<int64_t> last{-1};
  if (!p || is_number(*p, 2) || is_number(*p, -2)) {
    Array s = svdvals(X);
    int64_t k = s.shape().back();
    std::vector<int64_t> start(s.ndim(), 0), limit = s.shape();
    limit.back() = 1;
    Array first = jnp::squeeze(lax::slice(s, start, limit), last);
    start.back() = k - 1;
    limit.back() = k;
    Array final_ = jnp::squeeze(lax::slice(s, start, limit), last);
    r = !p || is_number(*p, 2) ? first / final_ : final_ / first;
  } else {
    std::vector<int64_t> both{-2, -1};
    r = norm(X, p, both) * norm(inv(X), p, both);
  }
  Array nan_in = jnp::any(jnp::isnan(X), std::vector<int64_t>{-2, -1});
  return jnp::where(jnp::logical_and(jnp::isnan(r), jnp::logical_not(nan_in)),
                    scalar(std::numeric_limits<double>::infinity(), X.dtype()),
                    r);
}

} // namespace jx::numpy::linalg
