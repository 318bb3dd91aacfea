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
  typed_dtype t = frontend::result_type_of(args);
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
Array real(const Array &x) { return is_complex(x.dtype()) ? lax::real(x) : x; }
Array imag(const Array &x) {
  return is_complex(x.dtype()) ? lax::imag(x) : zeros_like(x);
}
Array conj(const Array &x) { return is_complex(x.dtype()) ? lax::conj(x) : x; }
Array conjugate(const Array &x) { return conj(x); }
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

// === fixtures (issue 4): tan, cbrt, arctan2, trunc, remainder, fmod,
// floor_divide, shifts, bitwise_count (jnp) and lax::tan, cbrt, atan2, clamp.
// The jnp functions follow jax.numpy's definitions (the same lax ops in the
// same order), so the values agree bit for bit.

namespace jx::numpy {

namespace {

/// A weakly typed 0-d literal `v` of dtype `t` (prints as `0:i32[]`).
Array lit(double v, dtype t) {
  return core::make_concrete(core::scalar_buffer(v, t), /*weak=*/true,
                             /*literal=*/true);
}

/// jnp's promote_args_numeric: promoted dtypes, bools as int32.
std::vector<Array> promote_numeric(const std::string &api, const Array &x,
                                   const Array &y) {
  std::vector<Array> a = promote(api, {x, y});
  for (Array &v : a)
    if (is_bool(v.dtype()))
      v = lax::convert_element_type(v, dtype::int32);
  return a;
}

/// Integer divisors with zeros replaced by ones (as jnp.remainder / fmod).
Array nonzero_divisor(const Array &y) {
  Array one = lax::broadcast_in_dim(lit(1, y.dtype()), y.shape(), {});
  return lax::select_n(lax::eq(y, lit(0, y.dtype())), {y, one});
}

std::vector<Array> integer_operands(const std::string &api, const Array &x,
                                    const Array &y) {
  std::vector<Array> a = promote_numeric(api, x, y);
  if (!is_integer(a[0].dtype()))
    throw error("jx::" + api + ": needs integer (or bool) operands, got " +
                x.aval().str() + " and " + y.aval().str());
  return a;
}

} // namespace

Array tan(const Array &x) { return unary_inexact(lax::tan, x); }
Array cbrt(const Array &x) { return unary_inexact(lax::cbrt, x); }
Array arctan2(const Array &x1, const Array &x2) {
  return binary("arctan2", lax::atan2, x1, x2, /*inexact=*/true);
}

Array trunc(const Array &x) {
  if (!is_floating(x.dtype()))
    return x; // integers and bools, as jnp.trunc
  Array negative = lax::lt(x, lit(0, x.dtype()));
  Array up = lax::ceil(x);
  Array down = lax::floor(x);
  return lax::select_n(negative, {down, up});
}

Array remainder(const Array &x1, const Array &x2) {
  std::vector<Array> a = promote_numeric("remainder", x1, x2);
  Array x = a[0], y = a[1];
  if (is_integer(y.dtype()))
    y = nonzero_divisor(y);
  Array zero = lit(0, x.dtype());
  Array r = lax::rem(x, y);
  Array nonzero = lax::ne(r, zero);
  Array signs_differ = lax::ne(lax::lt(r, zero), lax::lt(y, zero));
  Array fix = lax::bitwise_and(signs_differ, nonzero);
  Array shifted = lax::add(r, y);
  return lax::select_n(fix, {r, shifted});
}
Array mod(const Array &x1, const Array &x2) { return remainder(x1, x2); }

Array fmod(const Array &x1, const Array &x2) {
  std::vector<Array> a = promote_numeric("fmod", x1, x2);
  if (is_integer(a[1].dtype()))
    a[1] = nonzero_divisor(a[1]);
  return lax::rem(a[0], a[1]);
}

Array floor_divide(const Array &x1, const Array &x2) {
  std::vector<Array> a = promote_numeric("floor_divide", x1, x2);
  Array x = a[0], y = a[1];
  dtype t = x.dtype();
  if (is_unsigned_integer(t))
    return lax::div(x, y);
  if (is_integer(t)) {
    // x / y truncates: one less where the signs differ and y does not
    // divide x.
    Array q = lax::div(x, y);
    Array signs_differ = lax::ne(lax::sign(x), lax::sign(y));
    Array inexact = lax::ne(lax::rem(x, y), lit(0, t));
    Array fix = lax::bitwise_and(signs_differ, inexact);
    Array below = lax::sub(q, lit(1, t));
    return where(fix, below, q);
  }
  if (!is_floating(t))
    throw error("jx::floor_divide: needs real operands, got " +
                x1.aval().str() + " and " + x2.aval().str());
  // (x - x mod y) / y, one less where the C remainder has the wrong sign,
  // rounded (as jnp's _float_divmod).
  Array m = lax::rem(x, y);
  Array y_zero = lax::eq(y, lit(0, t));
  Array q = lax::div(where(y_zero, x, lax::sub(x, m)), y);
  Array fix = lax::bitwise_and(lax::ne(m, lit(0, t)),
                               lax::ne(lax::sign(y), lax::sign(m)));
  Array below = lax::sub(q, lit(1, t));
  return lax::round(where(fix, below, q),
                    lax::rounding_method::away_from_zero);
}

Array left_shift(const Array &x1, const Array &x2) {
  std::vector<Array> a = integer_operands("left_shift", x1, x2);
  return lax::shift_left(a[0], a[1]);
}
Array right_shift(const Array &x1, const Array &x2) {
  std::vector<Array> a = integer_operands("right_shift", x1, x2);
  if (is_unsigned_integer(a[0].dtype()))
    return lax::shift_right_logical(a[0], a[1]);
  return lax::shift_right_arithmetic(a[0], a[1]);
}
Array bitwise_count(const Array &x) {
  Array v = is_bool(x.dtype()) ? lax::convert_element_type(x, dtype::int32) : x;
  if (!is_integer(v.dtype()))
    throw error("jx::bitwise_count: needs an integer (or bool) operand, got " +
                x.aval().str());
  if (is_signed_integer(v.dtype()))
    v = lax::abs(v);
  return lax::convert_element_type(lax::population_count(v), dtype::uint8);
}

} // namespace jx::numpy

namespace jx::lax {

Array tan(const Array &x) { return frontend::unary_inexact(core::tan_p, x); }
Array cbrt(const Array &x) {
  if (!is_floating(x.dtype()))
    throw error("jx::lax::cbrt: needs a floating operand, got " +
                x.aval().str());
  return core::bind1(core::cbrt_p, {x});
}

Array atan2(const Array &x, const Array &y) {
  auto [a, b] = frontend::match_dtypes("atan2", x, y);
  if (!is_inexact(a.dtype()))
    throw error("jx::lax::atan2: needs floating or complex operands, got " +
                a.aval().str() + " and " + b.aval().str());
  if (!core::broadcast_shapes(a.shape(), b.shape()))
    throw error("jx::lax::atan2: operand shapes differ: " + a.aval().str() +
                " and " + b.aval().str());
  return core::bind1(core::atan2_p, {a, b});
}

Array clamp(const Array &min, const Array &x, const Array &max) {
  auto [lo, x1] = frontend::match_dtypes("clamp", min, x);
  auto [hi, x2] = frontend::match_dtypes("clamp", max, x1);
  if (is_bool(x2.dtype()) || is_complex(x2.dtype()))
    throw error("jx::lax::clamp: needs real numeric operands, got " +
                lo.aval().str() + ", " + x2.aval().str() + ", " +
                hi.aval().str());
  for (const Array *bound : {&lo, &hi})
    if (bound->ndim() != 0 && bound->shape() != x2.shape())
      throw error("jx::lax::clamp: bounds must be 0-d or of the operand's "
                  "shape, got min " + lo.aval().str() + ", operand " +
                  x2.aval().str() + ", max " + hi.aval().str());
  return core::bind1(core::clamp_p, {lo, x2, hi});
}

} // namespace jx::lax
