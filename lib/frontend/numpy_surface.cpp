// numpy_surface.cpp - the jax.numpy functions a C++ user reaches for first
// (issue 15 part 3): diagonal, diag, trace, array/asarray, kron,
// searchsorted, histogram, bincount, unique, nonzero and one-argument
// where, quantile/percentile/median, cov/corrcoef, interp,
// convolve/correlate, polyval, and x[index].
//
// Each is composed from jx's lax and numpy functions the way JAX composes
// it (jax/_src/numpy), so grad, vmap and jit need no rules of their own.
// Functions whose result's shape depends on the values (nonzero, unique,
// bincount without length) read a concrete input on the host, and under a
// trace ask for the static size JAX asks for.

#include "frontend/api_util.h"
#include "jx/lax.h"
#include "jx/numpy.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace jx::numpy {

using frontend::normalize_axis;

namespace array_detail {
void ragged_rows(const char *api, std::size_t row, std::size_t got,
                 std::size_t want) {
  throw error(std::string(api) + ": nested lists must be rectangular: row " +
              std::to_string(row) + " has " + std::to_string(got) +
              " elements, row 0 has " + std::to_string(want));
}
} // namespace array_detail

namespace {

/// A strong 0-d array of dtype t holding v (exact for integers).
Array scalar_of(double v, dtype t) { return jx::array({v}, {}, t); }

/// `t` made inexact as jnp does (integers and bools become float32).
dtype inexact_of(dtype t) { return is_inexact(t) ? t : dtype::float32; }

/// The operands promoted to their common dtype (made inexact when asked),
/// as JAX's promote_dtypes / promote_dtypes_inexact.
std::vector<Array> promote_all(std::vector<Array> args, bool inexact) {
  typed_dtype t = frontend::result_type_of(args);
  if (inexact && !is_inexact(t.dtype))
    t = {dtype::float32, t.weak};
  for (Array &a : args)
    if (a.dtype() != t.dtype || a.weak_type() != t.weak)
      a = lax::convert_element_type(a, t.dtype, t.weak);
  return args;
}

/// Both axes normalized; they must differ.
std::pair<int64_t, int64_t> two_axes(const std::string &api, const Array &a,
                                     int64_t axis1, int64_t axis2) {
  if (a.ndim() < 2)
    throw error(api + ": needs an array of at least two dimensions, got " +
                a.aval().str());
  int64_t x = normalize_axis(api, axis1, a.aval());
  int64_t y = normalize_axis(api, axis2, a.aval());
  if (x == y)
    throw error(api + ": axis1 and axis2 cannot be the same (axis1=" +
                std::to_string(axis1) + ", axis2=" + std::to_string(axis2) +
                ") for " + a.aval().str());
  return {x, y};
}

/// a[lo:hi] of a 1-d array (0 <= lo, hi <= a.size()). An empty result is
/// made directly: the CPU pipeline cannot compile a zero-size
/// stablehlo.slice yet (its tensor.extract_slice has offset >= size).
Array slice1(const Array &a, int64_t lo, int64_t hi) {
  if (hi <= lo)
    return lax::broadcast_in_dim(Array(0).astype(a.dtype()), {0}, {});
  return slice(a, {jx::range(lo, hi)});
}

/// Reads a concrete bool / integer array on the host, or throws `why`.
std::vector<int64_t> host_ints(const std::string &api, const Array &a,
                               const std::string &why) {
  if (!a.is_concrete())
    throw error(api + ": " + why);
  return a.to_vector<int64_t>();
}

} // namespace

// --- diagonals ---------------------------------------------------------------

Array diagonal(const Array &a, int64_t offset, int64_t axis1, int64_t axis2) {
  const std::string api = "jx::diagonal";
  auto [ax1, ax2] = two_axes(api, a, axis1, axis2);
  int64_t n = a.shape()[ax1], m = a.shape()[ax2];
  int64_t size = std::max<int64_t>(
      0, std::min(n + std::min<int64_t>(offset, 0),
                  m - std::max<int64_t>(offset, 0)));
  Array x = moveaxis(a, {ax1, ax2}, {-2, -1});
  shape_t out(x.shape().begin(), x.shape().end() - 2);
  out.push_back(size);
  if (size == 0)
    return lax::broadcast_in_dim(Array(0).astype(a.dtype()), out, {});
  Array i = lax::iota(dtype::int32, {size});
  Array j = lax::add(i, Array(std::abs(offset)));
  std::vector<index_t> index(x.ndim() - 2, jx::all());
  index.push_back(offset >= 0 ? i : j);
  index.push_back(offset >= 0 ? j : i);
  return numpy::index(x, index);
}

Array diag(const Array &v, int64_t k) {
  if (v.ndim() == 2)
    return diagonal(v, k);
  if (v.ndim() != 1)
    throw error("jx::diag: input must be 1-d or 2-d, got " + v.aval().str());
  int64_t n = v.shape()[0] + std::abs(k);
  Array zero = Array(0).astype(v.dtype());
  Array p = lax::pad(v, zero, {{std::max<int64_t>(0, -k),
                                std::max<int64_t>(0, k), 0}});
  return where(eye(n, n, k, dtype::bool_), lax::reshape(p, {n, 1}), zero);
}

Array trace(const Array &a, int64_t offset, int64_t axis1, int64_t axis2) {
  auto [ax1, ax2] = two_axes("jx::trace", a, axis1, axis2);
  Array x = moveaxis(a, {ax1, ax2}, {-2, -1});
  Array mask = eye(a.shape()[ax1], a.shape()[ax2], offset, dtype::bool_);
  return sum(where(mask, x, Array(0).astype(a.dtype())), {-2, -1});
}

// --- creation -----------------------------------------------------------------

Array array(const Array &a, std::optional<dtype> t) {
  if (t)
    return lax::convert_element_type(a, *t, false);
  return a; // arrays are immutable: sharing is a copy
}

Array asarray(const Array &a, std::optional<dtype> t) {
  if (!t || *t == a.dtype())
    return a;
  return lax::convert_element_type(a, *t, false);
}

Array kron(const Array &a, const Array &b) {
  std::vector<Array> ab = promote_all({a, b}, false);
  if (is_bool(ab[0].dtype()))
    throw error("jx::kron: bool operands are not supported (JAX's lax.mul "
                "refuses them), got " + a.aval().str() + " and " +
                b.aval().str());
  int64_t rank = std::max(a.ndim(), b.ndim());
  shape_t sa(rank - a.ndim(), 1), sb(rank - b.ndim(), 1);
  sa.insert(sa.end(), a.shape().begin(), a.shape().end());
  sb.insert(sb.end(), b.shape().begin(), b.shape().end());
  // a[i0, 1, i1, 1, ...] * b[1, j0, 1, j1, ...], then merged pairwise.
  shape_t wide, out;
  std::vector<int64_t> da, db;
  for (int64_t d = 0; d < rank; ++d) {
    wide.push_back(sa[d]);
    wide.push_back(sb[d]);
    da.push_back(2 * d);
    db.push_back(2 * d + 1);
    out.push_back(sa[d] * sb[d]);
  }
  Array x = lax::broadcast_in_dim(lax::reshape(ab[0], sa), wide, da);
  Array y = lax::broadcast_in_dim(lax::reshape(ab[1], sb), wide, db);
  return lax::reshape(lax::mul(x, y), out);
}

// --- searching and counting -----------------------------------------------------

namespace {
/// x < y in sort order: NaNs after every number (for floats).
Array sort_lt(const Array &x, const Array &y) {
  Array lt = less(x, y);
  if (!is_floating(x.dtype()))
    return lt;
  return logical_or(lt, logical_and(isnan(y), logical_not(isnan(x))));
}
} // namespace

Array searchsorted(const Array &a, const Array &v, const std::string &side) {
  const std::string api = "jx::searchsorted";
  if (a.ndim() != 1)
    throw error(api + ": a must be 1-d, got " + a.aval().str());
  if (side != "left" && side != "right")
    throw error(api + ": side must be \"left\" or \"right\", got \"" + side +
                "\"");
  if (is_complex(a.dtype()) || is_complex(v.dtype()))
    throw error(api + ": complex operands are not supported yet, got " +
                a.aval().str() + " and " + v.aval().str());
  std::vector<Array> av = promote_all({a, v}, false);
  // Every element of a against every query: (n, *v.shape).
  shape_t shape{a.shape()[0]};
  shape.insert(shape.end(), v.shape().begin(), v.shape().end());
  std::vector<int64_t> vdims;
  for (int64_t d = 0; d < v.ndim(); ++d)
    vdims.push_back(d + 1);
  Array x = lax::broadcast_in_dim(av[0], shape, {0});
  Array q = lax::broadcast_in_dim(av[1], shape, vdims);
  // left: a[i] < v; right: a[i] <= v, i.e. not v < a[i].
  Array hit = side == "left" ? sort_lt(x, q) : logical_not(sort_lt(q, x));
  return lax::reduce_sum(lax::convert_element_type(hit, dtype::int32), {0});
}

Array histogram_bin_edges(const Array &a, int64_t bins,
                          std::optional<std::pair<double, double>> range) {
  const std::string api = "jx::histogram_bin_edges";
  if (bins < 0)
    throw error(api + ": bins must be non-negative, got " +
                std::to_string(bins));
  dtype t = inexact_of(a.dtype());
  Array lo, hi;
  if (range) {
    lo = scalar_of(range->first, t);
    hi = scalar_of(range->second, t);
  } else {
    if (a.size() == 0)
      throw error(api + ": the range of an empty array " + a.aval().str() +
                  " is undefined; pass a range");
    lo = astype(min(a), t);
    hi = astype(max(a), t);
  }
  Array same = equal(lo, hi);
  Array l = where(same, lo - 0.5, lo), h = where(same, hi + 0.5, hi);
  return linspace(l, h, bins + 1, true, t);
}

namespace {
std::pair<Array, Array> histogram_of(const std::string &api, const Array &a,
                                     const Array &edges,
                                     std::optional<Array> weights,
                                     bool density) {
  Array x = a, w;
  if (weights) {
    if (weights->shape() != a.shape())
      throw error(api + ": weights should have the same shape as a, got " +
                  weights->aval().str() + " and " + a.aval().str());
    std::vector<Array> xw = promote_all({a, *weights}, true);
    x = xw[0];
    w = ravel(xw[1]);
  } else {
    x = promote_all({a}, true)[0];
    w = ones_like(ravel(x));
  }
  x = ravel(x);
  int64_t ne = edges.size();
  Array idx = searchsorted(edges, x, "right");
  Array last = slice1(edges, ne - 1, ne);
  idx = where(equal(x, last), Array(ne - 1), idx);
  Array counts = zeros({ne}, w.dtype()).at(idx).add(w);
  counts = slice1(counts, 1, ne);
  if (density) {
    Array widths = subtract(slice1(edges, 1, ne), slice1(edges, 0, ne - 1));
    counts = divide(divide(counts, widths), sum(counts));
  }
  return {counts, edges};
}
} // namespace

std::pair<Array, Array> histogram(const Array &a, int64_t bins,
                                  std::optional<std::pair<double, double>> range,
                                  std::optional<Array> weights, bool density) {
  // The edges come from `a` promoted with the weights, as in JAX.
  Array x = promote_all(weights ? std::vector<Array>{a, *weights}
                                : std::vector<Array>{a},
                        true)[0];
  return histogram_of("jx::histogram", a, histogram_bin_edges(x, bins, range),
                      weights, density);
}

std::pair<Array, Array> histogram(const Array &a, const Array &bins,
                                  std::optional<Array> weights, bool density) {
  if (bins.ndim() != 1 || bins.size() == 0)
    throw error("jx::histogram: bins must be a non-empty 1-d array of edges, "
                "got " + bins.aval().str());
  return histogram_of("jx::histogram", a,
                      astype(bins, inexact_of(a.dtype())), weights, density);
}

Array bincount(const Array &x, std::optional<Array> weights, int64_t minlength,
               std::optional<int64_t> length) {
  const std::string api = "jx::bincount";
  Array xi = is_bool(x.dtype()) ? astype(x, dtype::int32) : x;
  if (!is_integer(xi.dtype()))
    throw error(api + ": x must have an integer type, got " + x.aval().str());
  if (x.ndim() != 1)
    throw error(api + ": only 1-d input is supported, got " + x.aval().str());
  if (minlength < 0)
    throw error(api + ": minlength must be non-negative, got " +
                std::to_string(minlength));
  int64_t n;
  if (length) {
    if (*length < 0)
      throw error(api + ": length must be non-negative, got " +
                  std::to_string(*length));
    n = *length;
  } else {
    std::vector<int64_t> v = host_ints(
        api, xi, "x " + x.aval().str() + " is traced: pass a static length");
    int64_t top = v.empty() ? 0 : *std::max_element(v.begin(), v.end());
    n = std::max(minlength, v.empty() ? 0 : std::max<int64_t>(0, top) + 1);
  }
  Array w = jx::array(std::vector<int32_t>{1}, {});
  if (weights) {
    if (weights->shape() != x.shape())
      throw error(api + ": weights must have the shape of x, got " +
                  weights->aval().str() + " and " + x.aval().str());
    w = *weights;
  }
  Array index = maximum(xi, Array(0).astype(xi.dtype()));
  return zeros({n}, w.dtype()).at(index).add(w);
}

std::vector<Array> nonzero(const Array &a, std::optional<int64_t> size,
                           std::optional<Array> fill_value) {
  const std::string api = "jx::nonzero";
  if (a.ndim() == 0)
    throw error(api + ": calling nonzero on 0-d arrays is not allowed (use "
                "atleast_1d), got " + a.aval().str());
  Array mask = is_bool(a.dtype()) ? a : not_equal(a, Array(0).astype(a.dtype()));
  int64_t n;
  if (size) {
    if (*size < 0)
      throw error(api + ": size must be non-negative, got " +
                  std::to_string(*size));
    n = *size;
  } else {
    std::vector<int64_t> v = host_ints(
        api, mask, "the input " + a.aval().str() +
                       " is traced: pass a static size (as JAX requires)");
    n = std::count(v.begin(), v.end(), int64_t{1});
  }
  if (fill_value && fill_value->ndim() != 0)
    throw error(api + ": fill_value must be a scalar, got " +
                fill_value->aval().str());
  std::vector<Array> out;
  if (a.size() == 0 || n == 0) {
    for (int64_t d = 0; d < a.ndim(); ++d)
      out.push_back(zeros({n}, dtype::int32));
    return out;
  }
  // flat[k]: the position of the (k+1)-th true element (a.size() past the
  // last one), as JAX computes it.
  Array flat = cumsum(bincount(cumsum(mask), std::nullopt, 0, n));
  int64_t stride = a.size();
  std::optional<Array> fill_mask;
  if (fill_value)
    fill_mask = greater_equal(arange(n), sum(mask));
  for (int64_t d = 0; d < a.ndim(); ++d) {
    int64_t dim = a.shape()[d];
    stride = dim ? stride / dim : 0;
    Array r = remainder(floor_divide(flat, Array(stride)), Array(dim));
    if (fill_value)
      r = where(*fill_mask, *fill_value, r);
    out.push_back(r);
  }
  return out;
}

std::vector<Array> where(const Array &condition) { return nonzero(condition); }

std::vector<Array> where(const Array &condition, const static_size &size) {
  return nonzero(condition, size.size, size.fill_value);
}

Array unique(const Array &ar, std::optional<int64_t> size,
             std::optional<Array> fill_value) {
  const std::string api = "jx::unique";
  if (size && *size < 0)
    throw error(api + ": size must be non-negative, got " +
                std::to_string(*size));
  if (fill_value && fill_value->ndim() != 0)
    throw error(api + ": fill_value must be a scalar, got " +
                fill_value->aval().str());
  if (is_complex(ar.dtype()))
    throw error(api + ": complex inputs are not supported yet, got " +
                ar.aval().str());
  Array x = lax::sort(ravel(ar), 0);
  int64_t n = x.size();
  if (n == 0) {
    if (size && *size > 0 && !fill_value)
      throw error(api + ": for a zero-size input " + ar.aval().str() +
                  " and a nonzero size, fill_value must be given (as JAX "
                  "requires)");
    if (size && fill_value)
      return full({*size}, *fill_value, ar.dtype());
    return x;
  }
  // mask[i]: x[i] differs from x[i - 1] (NaNs equal to each other).
  Array next = slice1(x, 1, n), prev = slice1(x, 0, n - 1);
  Array neq = not_equal(next, prev);
  if (is_floating(x.dtype()))
    neq = logical_and(neq, logical_not(logical_and(isnan(next), isnan(prev))));
  Array mask = concatenate({jx::array({1.0}, {1}, dtype::bool_), neq});
  Array ind;
  if (size) {
    ind = nonzero(mask, *size)[0];
  } else {
    std::vector<int64_t> m = host_ints(
        api, mask, "the input " + ar.aval().str() +
                       " is traced: pass a static size (as JAX requires)");
    std::vector<int64_t> where_true;
    for (int64_t i = 0; i < n; ++i)
      if (m[i])
        where_true.push_back(i);
    ind = jx::array(where_true, {static_cast<int64_t>(where_true.size())},
                    dtype::int32);
  }
  Array result = numpy::index(x, {ind});
  if (size && fill_value) {
    Array valid = less(arange(*size), sum(mask));
    result = where(valid, result, astype(*fill_value, result.dtype()));
  }
  return result;
}

// --- quantiles ------------------------------------------------------------------

namespace {
Array quantile_impl(const std::string &api, const Array &a_in, const Array &q_in,
                    const axes_t &axis, const std::string &method,
                    bool keepdims) {
  static const char *const methods[] = {"linear", "lower", "higher",
                                        "midpoint", "nearest"};
  if (std::find(std::begin(methods), std::end(methods), method) ==
      std::end(methods))
    throw error(api + ": method must be one of 'linear', 'lower', 'higher', "
                "'midpoint', 'nearest', got '" + method + "'");
  if (is_complex(a_in.dtype()) || is_complex(q_in.dtype()))
    throw error(api + ": complex inputs are not supported (the order is not "
                "defined), got " + a_in.aval().str() + " and " +
                q_in.aval().str());
  if (q_in.ndim() > 1)
    throw error(api + ": q must have rank 0 or 1, got " + q_in.aval().str());
  Array a = promote_all({a_in}, true)[0];
  // The interpolation's dtype: q's own, a C++ scalar q as float32 (float64
  // for a float64 `a`), integers as float32.
  dtype qt = q_in.weak_type() ? (a.dtype() == dtype::float64 ? dtype::float64
                                                             : dtype::float32)
                              : inexact_of(q_in.dtype());
  Array q = lax::convert_element_type(q_in, qt, false);

  // Bring the reduced axes into one, `ax`; `keep` is the keepdims shape.
  shape_t keep;
  int64_t ax;
  if (!axis.axes) {
    keep = shape_t(a.ndim(), 1);
    a = ravel(a);
    ax = 0;
  } else {
    std::vector<int64_t> axes =
        frontend::normalize_axes(api, *axis.axes, a.aval());
    std::vector<int64_t> sorted = axes; // normalize_axes refuses repeats
    std::sort(sorted.begin(), sorted.end());
    keep = a.shape();
    for (int64_t d : axes)
      keep[d] = 1;
    if (axes.size() == 1) {
      ax = axes[0];
    } else {
      std::vector<int64_t> perm;
      shape_t shape;
      int64_t merged = 1;
      for (int64_t d = 0; d < a.ndim(); ++d)
        if (!std::count(axes.begin(), axes.end(), d)) {
          perm.push_back(d);
          shape.push_back(a.shape()[d]);
        }
      for (int64_t d : sorted) {
        perm.push_back(d);
        merged *= a.shape()[d];
      }
      shape.push_back(merged);
      a = lax::reshape(lax::transpose(a, perm), shape);
      ax = a.ndim() - 1;
    }
  }
  int64_t n = a.shape()[ax];
  if (n == 0)
    throw error(api + ": cannot take a quantile over an empty axis of " +
                a_in.aval().str());

  a = where(any(isnan(a), ax, true), Array(NAN).astype(a.dtype()), a);
  a = lax::sort(a, ax);
  Array last = scalar_of(static_cast<double>(n - 1), qt);
  Array pos = multiply(q, last);
  Array low = lax::floor(pos), high = lax::ceil(pos);
  Array high_weight = subtract(pos, low);
  Array low_weight = subtract(scalar_of(1, qt), high_weight);
  Array zero = scalar_of(0, qt);
  low = astype(clip(low, zero, last), dtype::int32);
  high = astype(clip(high, zero, last), dtype::int32);

  // a's values at low / high: the q axis first, then a's axes but `ax`.
  int64_t qn = q.ndim();
  gather_dimension_numbers dn;
  for (int64_t d = qn; d < a.ndim() - 1 + qn; ++d)
    dn.offset_dims.push_back(d);
  dn.collapsed_slice_dims = {ax};
  dn.start_index_map = {ax};
  shape_t slice_sizes = a.shape();
  slice_sizes[ax] = 1;
  auto at = [&](const Array &i) {
    shape_t s = i.shape();
    s.push_back(1);
    return lax::gather(a, lax::reshape(i, s), dn, slice_sizes);
  };
  Array low_value = at(low), high_value = at(high);
  auto weight = [&](const Array &w) {
    return qn == 1 ? lax::broadcast_in_dim(w, low_value.shape(), {0}) : w;
  };
  Array result;
  if (method == "linear")
    result = add(multiply(astype(low_value, qt), weight(low_weight)),
                 multiply(astype(high_value, qt), weight(high_weight)));
  else if (method == "lower")
    result = low_value;
  else if (method == "higher")
    result = high_value;
  else if (method == "nearest")
    result = where(weight(less_equal(high_weight, scalar_of(0.5, qt))),
                   low_value, high_value);
  else // midpoint
    result = multiply(add(low_value, high_value),
                      scalar_of(0.5, low_value.dtype()));
  result = astype(result, a.dtype());
  if (keepdims) {
    shape_t s;
    if (qn == 1)
      s.push_back(q.shape()[0]);
    s.insert(s.end(), keep.begin(), keep.end());
    result = reshape(result, s);
  }
  return result;
}
} // namespace

Array quantile(const Array &a, const Array &q, axes_t axis,
               const std::string &method, bool keepdims) {
  return quantile_impl("jx::quantile", a, q, axis, method, keepdims);
}

Array percentile(const Array &a, const Array &q, axes_t axis,
                 const std::string &method, bool keepdims) {
  Array qi = promote_all({q}, true)[0];
  return quantile_impl("jx::percentile", a, divide(qi, Array(100)), axis,
                       method, keepdims);
}

Array median(const Array &a, axes_t axis, bool keepdims) {
  return quantile_impl("jx::median", a, Array(0.5), axis, "midpoint",
                       keepdims);
}

// --- statistics ---------------------------------------------------------------

Array cov(const Array &m, std::optional<Array> y, bool rowvar, bool bias,
          std::optional<int64_t> ddof) {
  const std::string api = "jx::cov";
  Array x = m;
  if (y) {
    std::vector<Array> xy = promote_all({m, *y}, true);
    x = xy[0];
    y = xy[1];
    if (y->ndim() > 2)
      throw error(api + ": y has more than 2 dimensions: " + y->aval().str());
  } else {
    x = promote_all({m}, true)[0];
  }
  if (is_complex(x.dtype()))
    throw error(api + ": complex inputs need conj, which jx lacks yet: " +
                m.aval().str());
  if (x.ndim() > 2)
    throw error(api + ": m has more than 2 dimensions: " + m.aval().str());
  Array X = atleast_2d(x);
  if (!rowvar && m.ndim() != 1)
    X = transpose(X);
  if (X.shape()[0] == 0)
    return zeros({0, 0}, dtype::float32);
  if (y) {
    Array Y = atleast_2d(*y);
    if (!rowvar && Y.shape()[0] != 1)
      Y = transpose(Y);
    if (Y.shape()[1] != X.shape()[1])
      throw error(api + ": m and y have different numbers of observations: " +
                  m.aval().str() + " and " + y->aval().str() +
                  (rowvar ? "" : " (rowvar=false)"));
    X = concatenate({X, Y}, 0);
  }
  int64_t vars = X.shape()[0], obs = X.shape()[1];
  if (obs == 0)
    return full(vars == 1 ? shape_t{} : shape_t{vars, vars}, Array(NAN),
                X.dtype());
  int64_t f = obs - ddof.value_or(bias ? 0 : 1);
  Array centered = subtract(X, expand_dims(mean(X, 1), 1));
  Array c = divide(dot(centered, transpose(centered)), Array(f));
  return squeeze(c);
}

Array corrcoef(const Array &x, std::optional<Array> y, bool rowvar) {
  Array c = cov(x, y, rowvar);
  if (c.ndim() == 0)
    return divide(c, c);
  Array stddev = sqrt(diag(c));
  c = divide(divide(c, expand_dims(stddev, 1)), expand_dims(stddev, 0));
  return clip(c, Array(-1), Array(1));
}

// --- interpolation, convolution, polynomials -------------------------------------

Array interp(const Array &x, const Array &xp, const Array &fp,
             std::optional<Array> left, std::optional<Array> right) {
  const std::string api = "jx::interp";
  if (xp.shape() != fp.shape() || xp.ndim() != 1)
    throw error(api + ": xp and fp must be one-dimensional arrays of equal "
                "size, got " + xp.aval().str() + " and " + fp.aval().str());
  if (xp.size() == 0)
    throw error(api + ": xp and fp must not be empty");
  std::vector<Array> xx = promote_all({x, xp}, true);
  Array f = promote_all({fp}, true)[0];
  const Array &xa = xx[0], &xpa = xx[1];
  if (is_complex(xa.dtype()))
    throw error(api + ": complex x values are not supported, got " +
                x.aval().str());
  int64_t n = xp.size();
  Array i = clip(searchsorted(xpa, xa, "right"), Array(1), Array(n - 1));
  Array im1 = subtract(i, Array(1));
  Array f0 = numpy::index(f, {im1}), x0 = numpy::index(xpa, {im1});
  Array df = subtract(numpy::index(f, {i}), f0);
  Array dx = subtract(numpy::index(xpa, {i}), x0);
  Array delta = subtract(xa, x0);
  // spacing(finfo(dtype).eps) = eps^2: below it dx counts as zero (no NaN
  // gradients), as in JAX.
  double eps = 0;
  switch (xpa.dtype()) {
  case dtype::float64: eps = std::ldexp(1.0, -52); break;
  case dtype::float16: eps = std::ldexp(1.0, -10); break;
  case dtype::bfloat16: eps = std::ldexp(1.0, -7); break;
  default: eps = std::ldexp(1.0, -23); break;
  }
  Array dx0 = less_equal(abs(dx), scalar_of(eps * eps, xpa.dtype()));
  Array r = where(dx0, f0,
                  add(f0, multiply(divide(delta, where(dx0, Array(1), dx)), df)));
  Array lo = left ? *left : slice(f, {0});
  Array hi = right ? *right : slice(f, {n - 1});
  r = where(less(xa, slice(xpa, {0})), lo, r);
  r = where(greater(xa, slice(xpa, {n - 1})), hi, r);
  return r;
}

namespace {
Array conv1d(const std::string &op, const Array &a, const Array &v,
             const std::string &mode) {
  const std::string api = "jx::" + op;
  if (a.ndim() != 1 || v.ndim() != 1)
    throw error(api + ": only 1-d inputs are supported, got " +
                a.aval().str() + " and " + v.aval().str());
  if (mode != "full" && mode != "same" && mode != "valid")
    throw error(api + ": mode must be one of 'full', 'same', 'valid', got '" +
                mode + "'");
  std::vector<Array> xy = promote_all({a, v}, true);
  Array x = xy[0], y = xy[1];
  if (is_complex(x.dtype()))
    throw error(api + ": complex inputs are not supported yet, got " +
                a.aval().str() + " and " + v.aval().str());
  if (x.size() == 0 || y.size() == 0)
    throw error(api + ": inputs cannot be empty, got " + a.aval().str() +
                " and " + v.aval().str());
  bool reverse = false;
  if (x.size() < y.size()) {
    std::swap(x, y);
    reverse = op == "correlate";
  }
  if (op == "convolve")
    y = lax::rev(y, {0});
  int64_t m = y.size();
  std::pair<int64_t, int64_t> pad{0, 0};
  if (mode == "same")
    pad = {m / 2, m - m / 2 - 1};
  else if (mode == "full")
    pad = {m - 1, m - 1};
  Array r = lax::conv_general_dilated(lax::reshape(x, {1, 1, x.size()}),
                                      lax::reshape(y, {1, 1, m}), {1},
                                      std::vector<std::pair<int64_t, int64_t>>{pad});
  r = lax::reshape(r, {r.size()});
  return reverse ? lax::rev(r, {0}) : r;
}
} // namespace

Array convolve(const Array &a, const Array &v, const std::string &mode) {
  return conv1d("convolve", a, v, mode);
}

Array correlate(const Array &a, const Array &v, const std::string &mode) {
  return conv1d("correlate", a, v, mode);
}

Array polyval(const Array &p, const Array &x) {
  if (p.ndim() == 0)
    throw error("jx::polyval: p must have at least one dimension, got " +
                p.aval().str());
  std::vector<Array> px = promote_all({p, x}, false);
  // y starts as zeros of the broadcast of p.shape[1:] and x.shape (the
  // first step is 0 * x + p[0], as in JAX's scan).
  shape_t rest(p.shape().begin() + 1, p.shape().end());
  std::size_t rank = std::max(rest.size(), x.shape().size());
  shape_t r1(rank - rest.size(), 1), r2(rank - x.ndim(), 1), shape;
  r1.insert(r1.end(), rest.begin(), rest.end());
  r2.insert(r2.end(), x.shape().begin(), x.shape().end());
  for (std::size_t d = 0; d < rank; ++d) {
    if (r1[d] != r2[d] && r1[d] != 1 && r2[d] != 1)
      throw error("jx::polyval: coefficients " + p.aval().str() +
                  " (trailing axes) do not broadcast against x " +
                  x.aval().str());
    shape.push_back(r1[d] == 1 ? r2[d] : r1[d]);
  }
  Array y = zeros(shape, px[1].dtype());
  for (int64_t k = 0; k < p.shape()[0]; ++k)
    y = add(multiply(y, px[1]), numpy::index(px[0], {k}));
  return y;
}

} // namespace jx::numpy

// --- x[index] -------------------------------------------------------------------

namespace jx {

Array Array::operator[](const std::vector<index_t> &index) const {
  return numpy::index(*this, index);
}
Array Array::operator[](int64_t index) const {
  return numpy::index(*this, {index_t(index)});
}
Array Array::operator[](const Array &index) const {
  if (frontend::is_literal(index) && is_integer(index.dtype()))
    return (*this)[index.item<int64_t>()];
  return numpy::index(*this, {index_t(index)});
}

} // namespace jx
