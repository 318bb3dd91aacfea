// numpy_shape.cpp - jx::numpy's reductions, shape functions, products and
// array creation.

#include "frontend/api_util.h"
#include "jx/lax.h"
#include "jx/numpy.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace jx {
index_t range(std::optional<int64_t> start, std::optional<int64_t> stop,
              int64_t step) {
  index_t r;
  r.start = start;
  r.stop = stop;
  r.step = step;
  return r;
}
} // namespace jx

namespace jx::numpy {

using frontend::normalize_axes;
using frontend::shape_str;

namespace {

std::vector<int64_t> reduction_axes(const std::string &api, const Array &a,
                                    const axes_t &axis) {
  if (!axis.axes) {
    std::vector<int64_t> all(a.ndim());
    std::iota(all.begin(), all.end(), 0);
    return all;
  }
  std::vector<int64_t> axes = normalize_axes("jx::" + api, *axis.axes, a.aval());
  std::sort(axes.begin(), axes.end());
  return axes;
}

/// Reinserts the reduced axes as size-1 dimensions.
Array keep_dims(const Array &r, const shape_t &in_shape,
                const std::vector<int64_t> &axes) {
  shape_t shape;
  std::vector<int64_t> dims;
  for (int64_t i = 0; i < static_cast<int64_t>(in_shape.size()); ++i) {
    bool reduced = std::find(axes.begin(), axes.end(), i) != axes.end();
    if (!reduced)
      dims.push_back(i);
    shape.push_back(reduced ? 1 : in_shape[i]);
  }
  return lax::broadcast_in_dim(r, shape, dims);
}

/// Sums accumulate small integers and bools in 32 bits, as JAX does.
Array upcast_for_sum(const Array &a) {
  if (is_bool(a.dtype()) ||
      (is_signed_integer(a.dtype()) && itemsize(a.dtype()) < 4))
    return astype(a, dtype::int32);
  if (is_unsigned_integer(a.dtype()) && itemsize(a.dtype()) < 4)
    return astype(a, dtype::uint32);
  return a;
}

using reduce_fn = Array (*)(const Array &, const std::vector<int64_t> &);

Array reduction(const std::string &api, reduce_fn f, const Array &a,
                const axes_t &axis, bool keepdims) {
  std::vector<int64_t> axes = reduction_axes(api, a, axis);
  Array r = f(a, axes);
  return keepdims ? keep_dims(r, a.shape(), axes) : r;
}

/// jnp.max and jnp.min: as reduction, but an empty reduced axis is an
/// error (max and min have no identity), as in JAX.
Array reduction_without_identity(const std::string &api, reduce_fn f,
                                 const Array &a, const axes_t &axis,
                                 bool keepdims) {
  for (int64_t i : reduction_axes(api, a, axis))
    if (a.shape()[i] == 0)
      throw error("jx::" + api + ": zero-size array to reduction operation " +
                  api + " which has no identity (" + a.aval().str() +
                  " reduced over axis " + std::to_string(i) + ")");
  return reduction(api, f, a, axis, keepdims);
}

} // namespace

Array sum(const Array &a, axes_t axis, bool keepdims) {
  return reduction("sum", lax::reduce_sum, upcast_for_sum(a), axis, keepdims);
}
Array max(const Array &a, axes_t axis, bool keepdims) {
  return reduction_without_identity("max", lax::reduce_max, a, axis, keepdims);
}
Array min(const Array &a, axes_t axis, bool keepdims) {
  return reduction_without_identity("min", lax::reduce_min, a, axis, keepdims);
}
Array mean(const Array &a, axes_t axis, bool keepdims) {
  Array x = is_inexact(a.dtype()) ? a : astype(a, dtype::float32);
  std::vector<int64_t> axes = reduction_axes("mean", x, axis);
  int64_t count = 1;
  for (int64_t i : axes)
    count *= x.shape()[i];
  Array s = reduction("mean", lax::reduce_sum, x, axis, keepdims);
  Array n = Array(static_cast<double>(count)).astype(x.dtype());
  return lax::div(s, n);
}

Array prod(const Array &a, axes_t axis, bool keepdims) {
  return reduction("prod", lax::reduce_prod, upcast_for_sum(a), axis,
                   keepdims);
}
Array all(const Array &a, axes_t axis, bool keepdims) {
  Array b = is_bool(a.dtype()) ? a : not_equal(a, Array(0).astype(a.dtype()));
  return reduction("all", lax::reduce_and, b, axis, keepdims);
}
Array any(const Array &a, axes_t axis, bool keepdims) {
  Array b = is_bool(a.dtype()) ? a : not_equal(a, Array(0).astype(a.dtype()));
  return reduction("any", lax::reduce_or, b, axis, keepdims);
}
Array var(const Array &a, axes_t axis, bool keepdims) {
  Array x = is_inexact(a.dtype()) ? a : astype(a, dtype::float32);
  Array d = subtract(x, mean(x, axis, /*keepdims=*/true));
  return mean(multiply(d, d), axis, keepdims);
}
Array std(const Array &a, axes_t axis, bool keepdims) {
  return sqrt(var(a, axis, keepdims));
}

Array reshape(const Array &a, const shape_t &shape) {
  shape_t s = shape;
  int64_t known = 1, unknown = -1;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == -1 && unknown < 0)
      unknown = static_cast<int64_t>(i);
    else if (s[i] < 0)
      throw error("jx::reshape: bad new shape " + shape_str(shape) +
                  " for array " + a.aval().str());
    else if (__builtin_mul_overflow(known, s[i], &known))
      known = -1; // too many elements: check_shape below says so
  }
  bool resolved = unknown < 0 || (known > 0 && a.size() % known == 0);
  if (unknown >= 0 && resolved)
    s[unknown] = a.size() / known;
  shaped_array out{a.dtype(), s, false};
  if (resolved)
    core::check_shape("jx::reshape", out);
  if (!resolved || out.size() != a.size())
    throw error("jx::reshape: cannot reshape array " + a.aval().str() +
                " into shape " + shape_str(shape));
  if (s == a.shape())
    return a;
  return lax::reshape(a, s);
}

Array transpose(const Array &a, const std::vector<int64_t> &axes) {
  std::vector<int64_t> perm(a.ndim());
  if (axes.empty()) {
    for (int64_t i = 0; i < a.ndim(); ++i)
      perm[i] = a.ndim() - 1 - i;
  } else {
    if (static_cast<int64_t>(axes.size()) != a.ndim())
      throw error("jx::transpose: axes don't match array " + a.aval().str());
    perm = normalize_axes("jx::transpose", axes, a.aval());
  }
  return lax::transpose(a, perm);
}

Array broadcast_to(const Array &a, const shape_t &shape) {
  if (a.shape() == shape)
    return a;
  int64_t lead = static_cast<int64_t>(shape.size()) - a.ndim();
  bool ok = lead >= 0;
  for (int64_t i = 0; ok && i < a.ndim(); ++i)
    ok = a.shape()[i] == 1 || a.shape()[i] == shape[lead + i];
  if (!ok)
    throw error("jx::broadcast_to: cannot broadcast array " + a.aval().str() +
                " to shape " + shape_str(shape));
  core::check_shape("jx::broadcast_to", shaped_array{a.dtype(), shape, false});
  std::vector<int64_t> dims;
  for (int64_t i = 0; i < a.ndim(); ++i)
    dims.push_back(lead + i);
  return lax::broadcast_in_dim(a, shape, dims);
}

Array expand_dims(const Array &a, int64_t axis) {
  int64_t rank = a.ndim() + 1;
  int64_t ax = axis < 0 ? axis + rank : axis;
  if (ax < 0 || ax >= rank)
    throw error("jx::expand_dims: axis " + std::to_string(axis) +
                " is out of bounds for array " + a.aval().str());
  shape_t shape = a.shape();
  shape.insert(shape.begin() + ax, 1);
  std::vector<int64_t> dims;
  for (int64_t i = 0; i < rank; ++i)
    if (i != ax)
      dims.push_back(i);
  return lax::broadcast_in_dim(a, shape, dims);
}

namespace {
/// jnp.full, with `api` naming the caller in errors.
Array filled(const std::string &api, const shape_t &shape,
             const Array &fill_value, std::optional<dtype> t) {
  if (fill_value.ndim() != 0)
    throw error(api + ": fill_value must be 0-d, got " +
                fill_value.aval().str());
  dtype d = t ? *t
              : (fill_value.weak_type()
                     ? default_dtype_of_kind(fill_value.dtype())
                     : fill_value.dtype());
  core::check_shape(api, shaped_array{d, shape, false});
  return lax::broadcast_in_dim(lax::convert_element_type(fill_value, d),
                               shape, {});
}
} // namespace

Array zeros(const shape_t &shape, dtype t) {
  return filled("jx::zeros", shape, 0, t);
}
Array ones(const shape_t &shape, dtype t) {
  return filled("jx::ones", shape, 1, t);
}
Array zeros_like(const Array &a) { return full(a.shape(), 0, a.dtype()); }
Array ones_like(const Array &a) { return full(a.shape(), 1, a.dtype()); }

Array full(const shape_t &shape, const Array &fill_value,
           std::optional<dtype> t) {
  return filled("jx::full", shape, fill_value, t);
}

Array arange(int64_t stop) {
  return lax::iota(dtype::int32, {std::max<int64_t>(stop, 0)}, 0);
}

Array arange(double start, double stop, double step, std::optional<dtype> t) {
  if (step == 0)
    throw error("jx::arange: step must not be 0");
  int64_t n = std::max<int64_t>(
      0, static_cast<int64_t>(std::ceil((stop - start) / step)));
  bool integral = start == std::floor(start) && step == std::floor(step) &&
                  stop == std::floor(stop);
  dtype d = t ? *t : (integral ? dtype::int32 : dtype::float32);
  Array r = lax::iota(d, {n}, 0);
  if (step != 1)
    r = lax::mul(r, Array(step).astype(d));
  if (start != 0)
    r = lax::add(r, Array(start).astype(d));
  return r;
}

} // namespace jx::numpy

namespace jx::numpy {

Array squeeze(const Array &a, axes_t axis) {
  std::vector<int64_t> dims;
  if (axis.axes) {
    dims = *axis.axes;
  } else {
    for (int64_t i = 0; i < a.ndim(); ++i)
      if (a.shape()[i] == 1)
        dims.push_back(i);
  }
  std::vector<int64_t> d = normalize_axes("jx::squeeze", dims, a.aval());
  for (int64_t i : d)
    if (a.shape()[i] != 1)
      throw error("jx::squeeze: cannot select an axis to squeeze out which "
                  "has size not equal to one: axis " +
                  std::to_string(i) + " of " + a.aval().str());
  return lax::squeeze(a, d);
}

Array flip(const Array &a, axes_t axis) {
  std::vector<int64_t> dims;
  if (axis.axes) {
    dims = normalize_axes("jx::flip", *axis.axes, a.aval());
  } else {
    for (int64_t i = 0; i < a.ndim(); ++i)
      dims.push_back(i);
  }
  return lax::rev(a, dims);
}

Array concatenate(const std::vector<Array> &arrays, int64_t axis) {
  if (arrays.empty())
    throw error("jx::concatenate: need at least one array to concatenate");
  if (arrays[0].ndim() == 0)
    throw error("jx::concatenate: zero-dimensional arrays cannot be "
                "concatenated");
  int64_t ax = frontend::normalize_axis("jx::concatenate", axis, arrays[0].aval());
  typed_dtype t = frontend::result_type_of(arrays);
  std::vector<Array> ops;
  for (const Array &a : arrays)
    ops.push_back(lax::convert_element_type(a, t.dtype, t.weak));
  if (ops.size() == 1)
    return ops[0];
  return lax::concatenate(ops, ax);
}

Array stack(const std::vector<Array> &arrays, int64_t axis) {
  if (arrays.empty())
    throw error("jx::stack: need at least one array to stack");
  std::vector<Array> expanded;
  for (const Array &a : arrays) {
    if (a.shape() != arrays[0].shape())
      throw error("jx::stack: all input arrays must have the same shape, got " +
                  arrays[0].aval().str() + " and " + a.aval().str());
    expanded.push_back(expand_dims(a, axis));
  }
  int64_t rank = arrays[0].ndim() + 1;
  return concatenate(expanded, axis < 0 ? axis + rank : axis);
}

Array round(const Array &a) {
  if (!is_floating(a.dtype()))
    return a; // integers are already round, as in jnp.round
  return lax::round(a, lax::rounding_method::to_nearest_even);
}

} // namespace jx::numpy

namespace jx::numpy {

namespace {
Array argminmax(const std::string &api,
                Array (*f)(const Array &, int64_t, dtype), const Array &a,
                std::optional<int64_t> axis, bool keepdims) {
  auto empty = [&] {
    return error("jx::" + api + ": attempt to get " + api +
                 " of an empty sequence (" + a.aval().str() + ")");
  };
  if (!axis) {
    if (a.size() == 0)
      throw empty();
    Array r = f(reshape(a, {-1}), 0, dtype::int32);
    return keepdims ? reshape(r, shape_t(a.ndim(), 1)) : r;
  }
  int64_t ax = frontend::normalize_axis("jx::" + api, *axis, a.aval());
  if (a.shape()[ax] == 0)
    throw empty();
  Array r = f(a, ax, dtype::int32);
  return keepdims ? expand_dims(r, ax) : r;
}
} // namespace

Array argmax(const Array &a, std::optional<int64_t> axis, bool keepdims) {
  return argminmax("argmax", lax::argmax, a, axis, keepdims);
}
Array argmin(const Array &a, std::optional<int64_t> axis, bool keepdims) {
  return argminmax("argmin", lax::argmin, a, axis, keepdims);
}

} // namespace jx::numpy

namespace jx::numpy {

Array pad(const Array &a, const std::vector<std::pair<int64_t, int64_t>> &pad_width,
          const Array &constant_value) {
  std::vector<std::pair<int64_t, int64_t>> w = pad_width;
  if (w.size() == 1 && a.ndim() != 1)
    w.assign(a.ndim(), pad_width[0]); // one (before, after) for every axis
  if (static_cast<int64_t>(w.size()) != a.ndim())
    throw error("jx::pad: pad_width has " + std::to_string(pad_width.size()) +
                " entries for array " + a.aval().str());
  std::vector<std::array<int64_t, 3>> config;
  for (const auto &[before, after] : w) {
    if (before < 0 || after < 0)
      throw error("jx::pad: negative pad_width for array " + a.aval().str());
    config.push_back({before, after, 0});
  }
  if (constant_value.ndim() != 0)
    throw error("jx::pad: constant_values must be a scalar, got " +
                constant_value.aval().str());
  Array v = frontend::is_literal(constant_value)
                ? frontend::literal_as(constant_value, a.dtype(), false)
                : lax::convert_element_type(constant_value, a.dtype());
  return lax::pad(a, v, config);
}

} // namespace jx::numpy

namespace jx::numpy {

Array slice(const Array &a, const std::vector<index_t> &index) {
  const std::string api = "jx::slice";
  for (const index_t &ix : index)
    if (ix.array) // integer arrays: advanced indexing (numpy_indexing.cpp)
      return numpy::index(a, index);
  if (static_cast<int64_t>(index.size()) > a.ndim())
    throw error(api + ": too many indices (" + std::to_string(index.size()) +
                ") for array " + a.aval().str());
  std::vector<int64_t> start, limit, strides, squeezed;
  bool identity = true, strided = false;
  for (int64_t d = 0; d < a.ndim(); ++d) {
    int64_t n = a.shape()[d];
    int64_t lo = 0, hi = n, step = 1;
    if (d < static_cast<int64_t>(index.size())) {
      const index_t &ix = index[d];
      if (ix.single) {
        int64_t i = *ix.single < 0 ? *ix.single + n : *ix.single;
        if (i < 0 || i >= n)
          throw error(api + ": index " + std::to_string(*ix.single) +
                      " is out of bounds for axis " + std::to_string(d) +
                      " with size " + std::to_string(n));
        lo = i;
        hi = i + 1;
        squeezed.push_back(d);
      } else {
        if (ix.step <= 0)
          throw error(api + ": step " + std::to_string(ix.step) +
                      " for axis " + std::to_string(d) +
                      " is not supported yet (positive steps only)");
        auto clamp = [n](int64_t v) {
          v = v < 0 ? v + n : v;
          return std::clamp<int64_t>(v, 0, n);
        };
        lo = ix.start ? clamp(*ix.start) : 0;
        hi = std::max(lo, ix.stop ? clamp(*ix.stop) : n);
        step = ix.step;
      }
    }
    identity = identity && lo == 0 && hi == n && (step == 1 || n <= 1);
    strided = strided || step != 1;
    start.push_back(lo);
    limit.push_back(hi);
    strides.push_back(step);
  }
  Array r = a;
  if (!identity)
    r = lax::slice(a, start, limit,
                   strided ? std::optional<std::vector<int64_t>>(strides)
                           : std::nullopt);
  if (!squeezed.empty())
    r = lax::squeeze(r, squeezed);
  return r;
}

} // namespace jx::numpy

namespace jx::numpy {

namespace {
/// `a` flattened when `axis` is nullopt (then axis 0), else normalized.
std::pair<Array, int64_t> sort_operand(const std::string &api, const Array &a,
                                       std::optional<int64_t> axis) {
  if (!axis)
    return {a.ndim() == 1 ? a : lax::reshape(a, {a.size()}), 0};
  if (a.ndim() == 0)
    throw error(api + ": needs an array of rank 1 or more, got " +
                a.aval().str());
  return {a, frontend::normalize_axis(api, *axis, a.aval())};
}
} // namespace

Array sort(const Array &a, std::optional<int64_t> axis) {
  auto [x, d] = sort_operand("jx::sort", a, axis);
  return lax::sort(x, d, true);
}

Array argsort(const Array &a, std::optional<int64_t> axis) {
  auto [x, d] = sort_operand("jx::argsort", a, axis);
  Array idx = lax::iota(dtype::int32, x.shape(), d);
  return lax::sort({x, idx}, d, true, 1)[1];
}

} // namespace jx::numpy

namespace jx::numpy {

namespace {
using cumulative_fn = Array (*)(const Array &, int64_t, bool);
Array cumulative(const std::string &api, cumulative_fn f, const Array &a,
                 std::optional<int64_t> axis) {
  Array x = is_bool(a.dtype()) ? astype(a, dtype::int32) : a;
  if (!axis)
    return f(x.ndim() == 1 ? x : lax::reshape(x, {x.size()}), 0, false);
  return f(x, frontend::normalize_axis(api, *axis, a.aval()), false);
}
} // namespace

Array cumsum(const Array &a, std::optional<int64_t> axis) {
  return cumulative("jx::cumsum", lax::cumsum, a, axis);
}
Array cumprod(const Array &a, std::optional<int64_t> axis) {
  return cumulative("jx::cumprod", lax::cumprod, a, axis);
}

} // namespace jx::numpy

// --- numpy-more (issue 4): split, roll, tile, repeat, axes moves, linspace,
// eye, tri, tril/triu, meshgrid ---

namespace jx::numpy {

namespace {

/// a[lo:hi] along `axis`; `explicit_strides` prints strides=(1, ...) as
/// lax.slice_in_dim does (JAX's roll), else strides=None.
Array slice_axis(const Array &a, int64_t axis, int64_t lo, int64_t hi,
                 bool explicit_strides = false) {
  std::vector<int64_t> start(a.ndim(), 0), limit = a.shape();
  start[axis] = lo;
  limit[axis] = hi;
  return lax::slice(a, start, limit,
                    explicit_strides ? std::optional<std::vector<int64_t>>(
                                           std::vector<int64_t>(a.ndim(), 1))
                                     : std::nullopt);
}

/// Pieces between split points (non-decreasing, within the axis).
std::vector<Array> split_at(const std::string &api, const Array &a,
                            const std::vector<int64_t> &indices, int64_t axis) {
  if (a.ndim() == 0)
    throw error(api + ": cannot split a 0-d array " + a.aval().str());
  int64_t ax = frontend::normalize_axis(api, axis, a.aval());
  int64_t n = a.shape()[ax];
  std::vector<int64_t> points{0};
  for (int64_t i : indices)
    points.push_back(i);
  points.push_back(n);
  for (std::size_t i = 1; i < points.size(); ++i)
    if (points[i] < points[i - 1] || points[i] > n)
      throw error(api + ": split indices " + shape_str(indices) +
                  " must be non-decreasing and within [0, " +
                  std::to_string(n) + "] (axis " + std::to_string(ax) +
                  " of " + a.aval().str() + ")");
  std::vector<Array> out;
  for (std::size_t i = 1; i < points.size(); ++i) {
    // An empty piece is sliced at 0: the CPU compiler rejects a zero-size
    // slice that starts at the end of the axis.
    int64_t lo = points[i] == points[i - 1] ? 0 : points[i - 1];
    out.push_back(slice_axis(a, ax, lo, lo + points[i] - points[i - 1]));
  }
  return out;
}

std::vector<Array> split_sections(const std::string &api, const Array &a,
                                  int64_t sections, int64_t axis, bool equal) {
  if (a.ndim() == 0)
    throw error(api + ": cannot split a 0-d array " + a.aval().str());
  int64_t ax = frontend::normalize_axis(api, axis, a.aval());
  int64_t n = a.shape()[ax];
  if (sections <= 0)
    throw error(api + ": number of sections must be larger than 0, got " +
                std::to_string(sections));
  if (equal && n % sections != 0)
    throw error(api + ": array split does not result in an equal division: "
                "axis " + std::to_string(ax) + " of " + a.aval().str() +
                " has size " + std::to_string(n) + ", not divisible into " +
                std::to_string(sections) + " sections");
  std::vector<int64_t> points;
  int64_t q = n / sections, r = n % sections, at = 0;
  for (int64_t i = 0; i + 1 < sections; ++i) {
    at += q + (i < r ? 1 : 0);
    points.push_back(at);
  }
  return split_at(api, a, points, ax);
}

} // namespace

std::vector<Array> split(const Array &a, int64_t sections, int64_t axis) {
  return split_sections("jx::split", a, sections, axis, true);
}
std::vector<Array> split(const Array &a, const std::vector<int64_t> &indices,
                         int64_t axis) {
  return split_at("jx::split", a, indices, axis);
}
std::vector<Array> split(const Array &a, std::initializer_list<int64_t> indices,
                         int64_t axis) {
  return split(a, std::vector<int64_t>(indices), axis);
}
std::vector<Array> array_split(const Array &a, int64_t sections, int64_t axis) {
  return split_sections("jx::array_split", a, sections, axis, false);
}
std::vector<Array> array_split(const Array &a,
                               const std::vector<int64_t> &indices,
                               int64_t axis) {
  return split_at("jx::array_split", a, indices, axis);
}
std::vector<Array> array_split(const Array &a,
                               std::initializer_list<int64_t> indices,
                               int64_t axis) {
  return array_split(a, std::vector<int64_t>(indices), axis);
}

Array ravel(const Array &a) { return reshape(a, {-1}); }

Array roll(const Array &a, const std::vector<int64_t> &shift, axes_t axis) {
  const std::string api = "jx::roll";
  if (!axis.axes)
    return reshape(roll(ravel(a), shift, 0), a.shape());
  std::vector<int64_t> axes;
  for (int64_t ax : *axis.axes)
    axes.push_back(frontend::normalize_axis(api, ax, a.aval()));
  std::vector<int64_t> shifts = shift;
  if (shifts.size() == 1 && axes.size() > 1)
    shifts.assign(axes.size(), shift[0]);
  else if (axes.size() == 1 && shifts.size() > 1)
    axes.assign(shifts.size(), axes[0]);
  if (shifts.size() != axes.size() || shifts.empty())
    throw error(api + ": " + std::to_string(shift.size()) + " shifts for " +
                std::to_string(axis.axes->size()) + " axes of " +
                a.aval().str() + " (they must match, or one be a single value)");
  Array r = a;
  for (std::size_t i = 0; i < axes.size(); ++i) {
    int64_t n = r.shape()[axes[i]];
    if (n == 0)
      continue;
    int64_t k = ((-shifts[i]) % n + n) % n;
    r = lax::concatenate({slice_axis(r, axes[i], k, n, true),
                          slice_axis(r, axes[i], 0, k, true)},
                         axes[i]);
  }
  return r;
}
Array roll(const Array &a, int64_t shift, axes_t axis) {
  return roll(a, std::vector<int64_t>{shift}, std::move(axis));
}
Array roll(const Array &a, std::initializer_list<int64_t> shift, axes_t axis) {
  return roll(a, std::vector<int64_t>(shift), std::move(axis));
}

Array tile(const Array &a, const std::vector<int64_t> &reps) {
  for (int64_t r : reps)
    if (r < 0)
      throw error("jx::tile: negative reps " + shape_str(reps) + " for " +
                  a.aval().str());
  std::vector<int64_t> rs = reps;
  Array x = a;
  if (static_cast<int64_t>(rs.size()) < x.ndim())
    rs.insert(rs.begin(), x.ndim() - rs.size(), 1);
  int64_t rank = static_cast<int64_t>(rs.size());
  if (x.ndim() < rank) {
    shape_t s(rank - x.ndim(), 1);
    s.insert(s.end(), x.shape().begin(), x.shape().end());
    std::vector<int64_t> dims;
    for (int64_t i = rank - x.ndim(); i < rank; ++i)
      dims.push_back(i);
    x = lax::broadcast_in_dim(x, s, dims);
  }
  if (std::all_of(rs.begin(), rs.end(), [](int64_t r) { return r == 1; }))
    return x;
  shape_t wide, out;
  std::vector<int64_t> dims;
  for (int64_t i = 0; i < rank; ++i) {
    wide.push_back(rs[i]);
    wide.push_back(x.shape()[i]);
    dims.push_back(2 * i + 1);
    out.push_back(rs[i] * x.shape()[i]);
  }
  return lax::reshape(lax::broadcast_in_dim(x, wide, dims), out);
}
Array tile(const Array &a, std::initializer_list<int64_t> reps) {
  return tile(a, std::vector<int64_t>(reps));
}
Array tile(const Array &a, int64_t reps) {
  return tile(a, std::vector<int64_t>{reps});
}

Array repeat(const Array &a, int64_t repeats, std::optional<int64_t> axis) {
  const std::string api = "jx::repeat";
  if (repeats < 0)
    throw error(api + ": repeats must be non-negative, got " +
                std::to_string(repeats) + " for " + a.aval().str());
  Array x = axis ? a : ravel(a);
  int64_t ax = frontend::normalize_axis(api, axis.value_or(0), x.aval());
  shape_t wide = x.shape(), out = x.shape();
  wide.insert(wide.begin() + ax + 1, repeats);
  out[ax] *= repeats;
  std::vector<int64_t> dims;
  for (int64_t i = 0; i < x.ndim(); ++i)
    dims.push_back(i <= ax ? i : i + 1);
  return lax::reshape(lax::broadcast_in_dim(x, wide, dims), out);
}

Array moveaxis(const Array &a, const std::vector<int64_t> &source,
               const std::vector<int64_t> &destination) {
  const std::string api = "jx::moveaxis";
  if (source.size() != destination.size())
    throw error(api + ": source " + shape_str(source) + " and destination " +
                shape_str(destination) + " differ in length");
  std::vector<int64_t> src = normalize_axes(api, source, a.aval());
  std::vector<int64_t> dst = normalize_axes(api, destination, a.aval());
  std::vector<int64_t> perm;
  for (int64_t i = 0; i < a.ndim(); ++i)
    if (std::find(src.begin(), src.end(), i) == src.end())
      perm.push_back(i);
  std::vector<std::pair<int64_t, int64_t>> moves;
  for (std::size_t i = 0; i < src.size(); ++i)
    moves.push_back({dst[i], src[i]});
  std::sort(moves.begin(), moves.end());
  for (auto [d, s] : moves)
    perm.insert(perm.begin() + d, s);
  return lax::transpose(a, perm);
}
Array moveaxis(const Array &a, int64_t source, int64_t destination) {
  return moveaxis(a, std::vector<int64_t>{source},
                  std::vector<int64_t>{destination});
}

Array swapaxes(const Array &a, int64_t axis1, int64_t axis2) {
  int64_t x = frontend::normalize_axis("jx::swapaxes", axis1, a.aval());
  int64_t y = frontend::normalize_axis("jx::swapaxes", axis2, a.aval());
  std::vector<int64_t> perm(a.ndim());
  std::iota(perm.begin(), perm.end(), 0);
  std::swap(perm[x], perm[y]);
  return lax::transpose(a, perm);
}

Array atleast_1d(const Array &a) {
  return a.ndim() >= 1 ? a : lax::reshape(a, {1});
}
Array atleast_2d(const Array &a) {
  if (a.ndim() >= 2)
    return a;
  if (a.ndim() == 0)
    return lax::reshape(a, {1, 1});
  return expand_dims(a, 0);
}

Array linspace(const Array &start, const Array &stop, int64_t num,
               bool endpoint, std::optional<dtype> t) {
  const std::string api = "jx::linspace";
  if (start.ndim() != 0 || stop.ndim() != 0)
    throw error(api + ": start and stop must be 0-d (array bounds are not "
                "supported yet), got " + start.aval().str() + " and " +
                stop.aval().str());
  if (num < 0)
    throw error(api + ": number of samples, " + std::to_string(num) +
                ", must be non-negative");
  dtype d = t ? *t
              : result_type({{start.dtype(), start.weak_type()},
                             {stop.dtype(), stop.weak_type()},
                             {dtype::float32, true}})
                    .dtype;
  if (!t && !is_inexact(d))
    d = dtype::float32;
  dtype comp = is_inexact(d) ? d : dtype::float32;
  Array s = lax::convert_element_type(start, comp);
  Array e = lax::convert_element_type(stop, comp);
  Array r;
  if (num == 0) {
    return lax::broadcast_in_dim(Array(0).astype(d), {0}, {});
  } else if (num == 1) {
    r = lax::reshape(s, {1});
  } else {
    int64_t div = endpoint ? num - 1 : num;
    Array n = Array(static_cast<double>(div)).astype(comp);
    Array step = lax::div(lax::iota(comp, {div}, 0), n);
    r = lax::add(lax::mul(lax::reshape(s, {1}), lax::sub(Array(1.0), step)),
                 lax::mul(lax::reshape(e, {1}), step));
    if (endpoint)
      r = lax::concatenate({r, lax::broadcast_in_dim(e, {1}, {})}, 0);
  }
  if (!is_inexact(d))
    r = lax::floor(r);
  return lax::convert_element_type(r, d);
}

namespace {
void check_dims(const std::string &api, int64_t N, int64_t M) {
  if (N < 0 || M < 0)
    throw error(api + ": negative dimensions (" + std::to_string(N) + ", " +
                std::to_string(M) + ")");
}

/// iota0 + k >= iota1 over (N, M), as bool.
Array tri_mask(int64_t N, int64_t M, int64_t k) {
  Array rows = lax::add(lax::iota(dtype::int32, {N, M}, 0), Array(k));
  return lax::ge(rows, lax::iota(dtype::int32, {N, M}, 1));
}

Array masked(const std::string &api, const Array &m, int64_t k, bool lower) {
  if (m.ndim() < 2)
    throw error(api + ": needs an array of rank 2 or more, got " +
                m.aval().str());
  int64_t nd = m.ndim();
  Array mask = tri_mask(m.shape()[nd - 2], m.shape()[nd - 1], lower ? k : k - 1);
  if (nd > 2)
    mask = lax::broadcast_in_dim(mask, m.shape(), {nd - 2, nd - 1});
  Array zero = lax::broadcast_in_dim(Array(0).astype(m.dtype()), m.shape(), {});
  return lower ? lax::select_n(mask, {zero, m}) : lax::select_n(mask, {m, zero});
}
} // namespace

Array eye(int64_t N, std::optional<int64_t> M, int64_t k, dtype t) {
  int64_t m = M.value_or(N);
  check_dims("jx::eye", N, m);
  Array rows = lax::iota(dtype::int32, {N, m}, 0);
  Array cols = lax::iota(dtype::int32, {N, m}, 1);
  return lax::convert_element_type(lax::eq(lax::add(rows, Array(k)), cols), t);
}
Array identity(int64_t n, dtype t) { return eye(n, n, 0, t); }

Array tri(int64_t N, std::optional<int64_t> M, int64_t k, dtype t) {
  int64_t m = M.value_or(N);
  check_dims("jx::tri", N, m);
  return lax::convert_element_type(tri_mask(N, m, k), t);
}
Array tril(const Array &m, int64_t k) { return masked("jx::tril", m, k, true); }
Array triu(const Array &m, int64_t k) {
  return masked("jx::triu", m, k, false);
}

std::vector<Array> meshgrid(const std::vector<Array> &xi,
                            const std::string &indexing) {
  const std::string api = "jx::meshgrid";
  if (indexing != "xy" && indexing != "ij")
    throw error(api + ": indexing must be \"xy\" or \"ij\", got \"" +
                indexing + "\"");
  bool xy = indexing == "xy" && xi.size() >= 2;
  shape_t shape;
  for (const Array &a : xi) {
    if (a.ndim() != 1)
      throw error(api + ": arguments must be 1-d, got " + a.aval().str());
    shape.push_back(a.shape()[0]);
  }
  if (xy)
    std::swap(shape[0], shape[1]);
  std::vector<Array> out;
  for (std::size_t i = 0; i < xi.size(); ++i) {
    int64_t dim = static_cast<int64_t>(i);
    if (xy && i < 2)
      dim = 1 - dim;
    out.push_back(lax::broadcast_in_dim(xi[i], shape, {dim}));
  }
  return out;
}

} // namespace jx::numpy
