// numpy_elementwise.cpp - jx::numpy's elementwise functions: JAX's dtype
// promotion and NumPy's rank promotion, then the lax primitive.

#include "frontend/api_util.h"
#include "jx/lax.h"
#include "jx/numpy.h"

#include <cmath>

namespace jx::numpy {

using frontend::is_literal;
using frontend::literal_as;

namespace {

/// `x` as `t`: a literal converts on the host, an array through
/// convert_element_type.
Array promote_to(const Array &x, typed_dtype t) {
  if (x.dtype() == t.dtype && x.weak_type() == t.weak)
    return x;
  if (is_literal(x))
    return literal_as(x, t.dtype, t.weak);
  return lax::convert_element_type(x, t.dtype, t.weak);
}

/// NumPy's rank promotion: leading size-1 dimensions (0-d stays 0-d).
Array promote_rank(const Array &x, int64_t rank) {
  if (x.ndim() == 0 || x.ndim() == rank)
    return x;
  shape_t shape(rank - x.ndim(), 1);
  shape.insert(shape.end(), x.shape().begin(), x.shape().end());
  std::vector<int64_t> dims;
  for (int64_t i = rank - x.ndim(); i < rank; ++i)
    dims.push_back(i);
  return lax::broadcast_in_dim(x, shape, dims);
}

/// The NumPy broadcast of the operands' shapes, or an error naming `api`.
shape_t check_broadcast(const std::string &api,
                        const std::vector<Array> &args) {
  shape_t out;
  for (const Array &a : args) {
    shape_t s = a.shape();
    std::size_t rank = std::max(out.size(), s.size());
    shape_t x(rank - out.size(), 1), y(rank - s.size(), 1);
    x.insert(x.end(), out.begin(), out.end());
    y.insert(y.end(), s.begin(), s.end());
    std::optional<shape_t> r = core::broadcast_shapes(x, y);
    if (!r) {
      std::string types;
      for (std::size_t i = 0; i < args.size(); ++i)
        types += (i ? " and " : "") + args[i].aval().str();
      throw error("jx::" + api + ": shapes " + types + " do not broadcast");
    }
    out = *r;
  }
  return out;
}

/// Promotes dtypes (to at least `floor` kind when given) and ranks.
std::vector<Array> promote(const std::string &api, std::vector<Array> args,
                           bool inexact = false) {
  shape_t shape = check_broadcast(api, args);
  std::vector<typed_dtype> types;
  for (const Array &a : args)
    types.push_back({a.dtype(), a.weak_type()});
  typed_dtype t = result_type(types);
  if (inexact && !is_inexact(t.dtype))
    t = {dtype::float32, t.weak};
  for (Array &a : args)
    a = promote_rank(promote_to(a, t), static_cast<int64_t>(shape.size()));
  return args;
}

using binary_fn = Array (*)(const Array &, const Array &);

Array binary(const std::string &api, binary_fn f, const Array &x,
             const Array &y, bool inexact = false) {
  std::vector<Array> a = promote(api, {x, y}, inexact);
  return f(a[0], a[1]);
}

Array unary_inexact(Array (*f)(const Array &), const Array &x) {
  if (!is_inexact(x.dtype()))
    return f(promote_to(x, {dtype::float32, false}));
  return f(x);
}

} // namespace

Array add(const Array &x, const Array &y) {
  if (is_bool(x.dtype()) && is_bool(y.dtype()))
    return binary("add", lax::max, x, y); // logical or, as in JAX
  return binary("add", lax::add, x, y);
}
Array subtract(const Array &x, const Array &y) {
  return binary("subtract", lax::sub, x, y);
}
Array multiply(const Array &x, const Array &y) {
  return binary("multiply", lax::mul, x, y);
}
Array divide(const Array &x, const Array &y) {
  return binary("divide", lax::div, x, y, /*inexact=*/true);
}
Array maximum(const Array &x, const Array &y) {
  return binary("maximum", lax::max, x, y);
}
Array minimum(const Array &x, const Array &y) {
  return binary("minimum", lax::min, x, y);
}
Array negative(const Array &x) { return lax::neg(x); }
Array exp(const Array &x) { return unary_inexact(lax::exp, x); }
Array log(const Array &x) { return unary_inexact(lax::log, x); }
Array tanh(const Array &x) { return unary_inexact(lax::tanh, x); }
Array sin(const Array &x) { return unary_inexact(lax::sin, x); }
Array cos(const Array &x) { return unary_inexact(lax::cos, x); }
Array sqrt(const Array &x) { return unary_inexact(lax::sqrt, x); }

Array log1p(const Array &x) { return unary_inexact(lax::log1p, x); }
Array expm1(const Array &x) { return unary_inexact(lax::expm1, x); }
Array abs(const Array &x) {
  if (is_bool(x.dtype()) || is_unsigned_integer(x.dtype()))
    return x; // as jnp.abs
  return lax::abs(x);
}
Array sign(const Array &x) {
  if (is_bool(x.dtype()))
    throw error("jx::sign: needs a numeric operand, got " + x.aval().str());
  if (is_unsigned_integer(x.dtype())) // 0 or 1
    return lax::convert_element_type(lax::ne(x, Array(0).astype(x.dtype())),
                                     x.dtype());
  return lax::sign(x);
}
Array floor(const Array &x) {
  return is_floating(x.dtype()) ? lax::floor(x) : x; // ints: as jnp.floor
}
Array ceil(const Array &x) {
  return is_floating(x.dtype()) ? lax::ceil(x) : x;
}
Array square(const Array &x) {
  if (is_bool(x.dtype()))
    throw error("jx::square: needs a numeric operand, got " + x.aval().str());
  return lax::square(x);
}
Array power(const Array &x, const Array &y) {
  // An integer C++ scalar exponent is integer_pow, as jnp.power with a
  // Python int (a negative one needs an inexact base).
  if (is_literal(y) && y.weak_type() && is_integer(y.dtype()) &&
      !is_bool(x.dtype()) && (is_inexact(x.dtype()) || y.item<int64_t>() >= 0))
    return lax::integer_pow(x, y.item<int64_t>());
  return binary("power", lax::pow, x, y, /*inexact=*/true);
}
Array isfinite(const Array &x) {
  if (!is_floating(x.dtype()))
    return full(x.shape(), Array(true));
  return lax::is_finite(x);
}
Array isnan(const Array &x) {
  if (!is_inexact(x.dtype()))
    return full(x.shape(), Array(false));
  return lax::ne(x, x);
}
Array isinf(const Array &x) {
  if (!is_floating(x.dtype()))
    return full(x.shape(), Array(false));
  return lax::eq(lax::abs(x), Array(INFINITY).astype(x.dtype()));
}
Array clip(const Array &x, std::optional<Array> min, std::optional<Array> max) {
  Array r = x;
  if (min)
    r = maximum(*min, r);
  if (max)
    r = minimum(*max, r);
  return r;
}

namespace {
Array logical(binary_fn f, const Array &x, const Array &y) {
  auto as_bool = [](const Array &a) {
    return is_bool(a.dtype()) ? a : not_equal(a, Array(0).astype(a.dtype()));
  };
  std::vector<Array> a = promote("logical", {as_bool(x), as_bool(y)});
  return f(a[0], a[1]);
}
void check_bitwise(const std::string &api, const Array &x) {
  if (!is_bool(x.dtype()) && !is_integer(x.dtype()))
    throw error("jx::" + api + ": needs bool or integer operands, got " +
                x.aval().str());
}
Array bitwise(const std::string &api, binary_fn f, const Array &x,
              const Array &y) {
  check_bitwise(api, x);
  check_bitwise(api, y);
  return binary(api, f, x, y);
}
} // namespace

Array logical_and(const Array &x, const Array &y) {
  return logical(lax::bitwise_and, x, y);
}
Array logical_or(const Array &x, const Array &y) {
  return logical(lax::bitwise_or, x, y);
}
Array logical_xor(const Array &x, const Array &y) {
  return logical(lax::bitwise_xor, x, y);
}
Array logical_not(const Array &x) {
  return lax::bitwise_not(
      is_bool(x.dtype()) ? x : not_equal(x, Array(0).astype(x.dtype())));
}
Array bitwise_and(const Array &x, const Array &y) {
  return bitwise("bitwise_and", lax::bitwise_and, x, y);
}
Array bitwise_or(const Array &x, const Array &y) {
  return bitwise("bitwise_or", lax::bitwise_or, x, y);
}
Array bitwise_xor(const Array &x, const Array &y) {
  return bitwise("bitwise_xor", lax::bitwise_xor, x, y);
}
Array invert(const Array &x) {
  check_bitwise("invert", x);
  return lax::bitwise_not(x);
}

Array equal(const Array &x, const Array &y) {
  return binary("equal", lax::eq, x, y);
}
Array not_equal(const Array &x, const Array &y) {
  return binary("not_equal", lax::ne, x, y);
}
Array less(const Array &x, const Array &y) {
  return binary("less", lax::lt, x, y);
}
Array less_equal(const Array &x, const Array &y) {
  return binary("less_equal", lax::le, x, y);
}
Array greater(const Array &x, const Array &y) {
  return binary("greater", lax::gt, x, y);
}
Array greater_equal(const Array &x, const Array &y) {
  return binary("greater_equal", lax::ge, x, y);
}

Array where(const Array &condition, const Array &x, const Array &y) {
  shape_t shape = check_broadcast("where", {condition, x, y});
  Array c = is_bool(condition.dtype())
                ? condition
                : lax::ne(condition, Array(0).astype(condition.dtype()));
  std::vector<Array> xy = promote("where", {x, y});
  auto full = [&](const Array &a) {
    if (a.shape() == shape)
      return a;
    Array r = promote_rank(a, static_cast<int64_t>(shape.size()));
    std::vector<int64_t> dims;
    if (r.ndim() != 0)
      for (int64_t i = 0; i < r.ndim(); ++i)
        dims.push_back(i);
    return lax::broadcast_in_dim(r, shape, dims);
  };
  return lax::select_n(full(c), {full(xy[1]), full(xy[0])});
}

Array astype(const Array &a, dtype t) {
  return lax::convert_element_type(a, t, false);
}

} // namespace jx::numpy
