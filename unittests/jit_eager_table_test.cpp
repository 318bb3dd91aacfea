// jit_eager_table_test.cpp - for every function of jx::numpy, jx::lax,
// jx::nn and jx::random, jx::jit(f)(x, y) equals f(x, y) run eagerly bit for
// bit (same dtype, shape, weak type and bytes), over the dtypes the op
// accepts.
//
// The table has one row per op (some ops have a few rows, e.g. `power` with
// an integer and an array exponent): the API function, a variant label, the
// dtype kinds it runs on, and f(x, y) over two f32[2,3]-shaped operands of
// the case's dtype. Eager mode runs each primitive through its own one-op
// executable while jit compiles the whole function, so this checks that the
// two paths (and the lowering of each primitive alone and in context) agree.
//
// Completeness: the Coverage test reads include/jx/{numpy,lax,nn,random}.h
// and fails for any declared function that has no row, so new ops must be
// added here. (Array methods such as x.at(i).add(v) have rows under the
// function they build on, numpy::index.)

#include "jx/jx.h"
#include "jx/random.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace jnp = jx::numpy;
namespace lax = jx::lax;
namespace nn = jx::nn;
namespace rnd = jx::random;
using jx::Array;
using A = const Array &;
using outs_t = std::vector<Array>;

// Dtype kinds an op runs on.
enum kind : unsigned {
  F = 1,     // float32, float64, float16, bfloat16
  S = 2,     // int32, int8
  U = 4,     // uint8, uint32
  B = 8,     // bool
  N = F | S | U,
  I = S | U, // integers
  ALL = N | B,
};

struct op_row {
  std::string api;     // "numpy::add"
  std::string variant; // "" or a label ("int", "axis1", ...)
  unsigned kinds;
  std::function<outs_t(A, A)> f;
};

template <class Fn> op_row row(std::string api, unsigned kinds, Fn fn,
                               std::string variant = "") {
  return {std::move(api), std::move(variant), kinds,
          [fn](A x, A y) {
            outs_t out;
            jx::detail::flatten_into(out, fn(x, y));
            return out;
          }};
}

/// complex(x, y) in complex64 (x, y of any float dtype).
Array c64(A x, A y) {
  return lax::complex(jnp::astype(x, jx::float32), jnp::astype(y, jx::float32));
}

const jx::dtype kFloat[] = {jx::float32, jx::float64, jx::float16,
                            jx::bfloat16};

/// A dtype of t's width of another kind (bitcast_convert_type's target).
jx::dtype same_width(jx::dtype t) {
  switch (t) {
  case jx::dtype::float32: return jx::uint32;
  case jx::dtype::float64: return jx::int64;
  case jx::dtype::float16: return jx::uint16;
  case jx::dtype::bfloat16: return jx::int16;
  case jx::dtype::int32: return jx::float32;
  case jx::dtype::int8: return jx::uint8;
  case jx::dtype::uint8: return jx::int8;
  default: return jx::int32; // uint32
  }
}

/// A random key that depends on x (a traced seed under jit).
Array key_of(A x) { return rnd::PRNGKey(jnp::sum(x).astype(jx::int32)); }

/// Rows of gather / scatter along axis 0 of an f32[2,3]-shaped operand.
const jx::gather_dimension_numbers kGatherRows{{1}, {0}, {0}, {}, {}};
const jx::scatter_dimension_numbers kScatterRows{{1}, {0}, {0}, {}, {}};
Array rows_index(std::initializer_list<int> rows) {
  return jnp::reshape(jx::array(rows), {static_cast<int64_t>(rows.size()), 1});
}
const lax::conv_dimension_spec kNHWC{"NHWC", "HWIO", "NHWC"};
const jx::dtype kSigned[] = {jx::int32, jx::int8};
const jx::dtype kUnsigned[] = {jx::uint8, jx::uint32};

std::vector<op_row> table() {
  using std::make_tuple;
  return {
      // ---- jx::numpy: elementwise arithmetic ----
      row("numpy::add", ALL, [](A x, A y) { return jnp::add(x, y); }),
      row("numpy::add", N, [](A x, A y) { return x + y + 2; }, "operator_scalar"),
      row("numpy::subtract", N, [](A x, A y) { return jnp::subtract(x, y); }),
      row("numpy::subtract", N, [](A x, A y) { return x - y; }, "operator"),
      row("numpy::multiply", ALL, [](A x, A y) { return jnp::multiply(x, y); }),
      row("numpy::multiply", N, [](A x, A y) { return x * y * 3; }, "operator"),
      row("numpy::divide", N, [](A x, A y) { return jnp::divide(x, y); }),
      row("numpy::divide", F, [](A x, A y) { return x / y / 0.5f; }, "operator"),
      row("numpy::maximum", ALL, [](A x, A y) { return jnp::maximum(x, y); }),
      row("numpy::minimum", ALL, [](A x, A y) { return jnp::minimum(x, y); }),
      row("numpy::negative", N, [](A x, A) { return jnp::negative(x); }),
      row("numpy::negative", N, [](A x, A) { return -x; }, "operator"),
      row("numpy::exp", N, [](A x, A) { return jnp::exp(x); }),
      row("numpy::log", N, [](A x, A) { return jnp::log(x); }),
      row("numpy::tanh", N, [](A x, A) { return jnp::tanh(x); }),
      row("numpy::sin", N, [](A x, A) { return jnp::sin(x); }),
      row("numpy::cos", N, [](A x, A) { return jnp::cos(x); }),
      row("numpy::sqrt", N, [](A x, A) { return jnp::sqrt(x); }),
      row("numpy::log1p", N, [](A x, A) { return jnp::log1p(x); }),
      row("numpy::expm1", N, [](A x, A) { return jnp::expm1(x); }),
      row("numpy::abs", N, [](A x, A) { return jnp::abs(x); }),
      row("numpy::real", N, [](A x, A) { return jnp::real(x); }),
      row("numpy::real", F, [](A x, A y) { return jnp::real(c64(x, y)); },
          "complex"),
      row("numpy::imag", N, [](A x, A) { return jnp::imag(x); }),
      row("numpy::imag", F, [](A x, A y) { return jnp::imag(c64(x, y)); },
          "complex"),
      row("numpy::conj", N, [](A x, A) { return jnp::conj(x); }),
      row("numpy::conj", F, [](A x, A y) { return jnp::conj(c64(x, y)); },
          "complex"),
      row("numpy::conjugate", F,
          [](A x, A y) { return jnp::conjugate(c64(x, y)); }),
      row("numpy::sign", N, [](A x, A) { return jnp::sign(x); }),
      row("numpy::floor", N, [](A x, A) { return jnp::floor(x); }),
      row("numpy::ceil", N, [](A x, A) { return jnp::ceil(x); }),
      row("numpy::round", N, [](A x, A) { return jnp::round(x); }),
      row("numpy::square", N, [](A x, A) { return jnp::square(x); }),
      row("numpy::power", N, [](A x, A) { return jnp::power(x, 3); }, "int"),
      row("numpy::power", F, [](A x, A) { return jnp::power(x, -2); }, "negint"),
      row("numpy::power", F, [](A x, A y) { return jnp::power(jnp::abs(x), y); },
          "array"),
      row("numpy::clip", N, [](A x, A) { return jnp::clip(x, 1, 5); }),
      row("numpy::clip", N, [](A x, A y) { return jnp::clip(x, y); }, "min_only"),
      row("numpy::clip", N, [](A x, A y) { return jnp::clip(x, std::nullopt, y); },
          "max_only"),
      // ---- logical and bitwise ----
      row("numpy::logical_and", ALL, [](A x, A y) { return jnp::logical_and(x, y); }),
      row("numpy::logical_or", ALL, [](A x, A y) { return jnp::logical_or(x, y); }),
      row("numpy::logical_xor", ALL, [](A x, A y) { return jnp::logical_xor(x, y); }),
      row("numpy::logical_not", ALL, [](A x, A) { return jnp::logical_not(x); }),
      row("numpy::bitwise_and", I | B, [](A x, A y) { return jnp::bitwise_and(x, y); }),
      row("numpy::bitwise_or", I | B, [](A x, A y) { return jnp::bitwise_or(x, y); }),
      row("numpy::bitwise_xor", I | B, [](A x, A y) { return jnp::bitwise_xor(x, y); }),
      row("numpy::invert", I | B, [](A x, A) { return jnp::invert(x); }),
      // ---- comparisons ----
      row("numpy::equal", ALL, [](A x, A y) { return jnp::equal(x, y); }),
      row("numpy::not_equal", ALL, [](A x, A y) { return jnp::not_equal(x, y); }),
      row("numpy::less", ALL, [](A x, A y) { return jnp::less(x, y); }),
      row("numpy::less_equal", ALL, [](A x, A y) { return jnp::less_equal(x, y); }),
      row("numpy::greater", ALL, [](A x, A y) { return jnp::greater(x, y); }),
      row("numpy::greater_equal", ALL,
          [](A x, A y) { return jnp::greater_equal(x, y); }),
      row("numpy::less", N, [](A x, A y) {
            return make_tuple(x < y, x <= y, x > y, x >= y);
          }, "operators"),
      row("numpy::isfinite", N, [](A x, A y) { return jnp::isfinite(x / y); }),
      row("numpy::isnan", N, [](A x, A y) { return jnp::isnan(jnp::log(x)); }),
      row("numpy::isinf", N, [](A x, A y) { return jnp::isinf(x / (y - y)); }),
      row("numpy::where", ALL, [](A x, A y) { return jnp::where(jnp::less(x, y), x, y); }),
      row("numpy::where", N, [](A x, A y) { return jnp::where(jnp::less(x, y), x, 1); },
          "scalar"),
      // ---- reductions ----
      row("numpy::sum", ALL, [](A x, A) { return jnp::sum(x); }),
      row("numpy::sum", N, [](A x, A) { return jnp::sum(x, 1, true); }, "axis1_keepdims"),
      row("numpy::max", ALL, [](A x, A) { return jnp::max(x, 0); }),
      row("numpy::max", N, [](A x, A) { return jnp::max(x); }, "all"),
      row("numpy::min", ALL, [](A x, A) { return jnp::min(x, {0, 1}, true); }),
      row("numpy::mean", N | B, [](A x, A) { return jnp::mean(x, 1); }),
      row("numpy::mean", F, [](A x, A) { return jnp::mean(x); }, "all"),
      row("numpy::prod", ALL, [](A x, A) { return jnp::prod(x, 0); }),
      row("numpy::all", ALL, [](A x, A) { return jnp::all(x, 1); }),
      row("numpy::any", ALL, [](A x, A) { return jnp::any(x, std::nullopt, true); }),
      row("numpy::argmax", N | B, [](A x, A) { return jnp::argmax(x, 1); }),
      row("numpy::argmax", N, [](A x, A) { return jnp::argmax(x); }, "flat"),
      row("numpy::argmin", N | B, [](A x, A) { return jnp::argmin(x, 0, true); }),
      row("numpy::cumsum", N | B, [](A x, A) { return jnp::cumsum(x, 1); }),
      row("numpy::cumsum", N, [](A x, A) { return jnp::cumsum(x); }, "flat"),
      row("numpy::cumprod", N | B, [](A x, A) { return jnp::cumprod(x, 0); }),
      row("numpy::var", N, [](A x, A) { return jnp::var(x, 1); }),
      row("numpy::var", F, [](A x, A) { return jnp::var(x); }, "all"),
      row("numpy::std", N, [](A x, A) { return jnp::std(x, 0, true); }),
      // ---- shapes ----
      row("numpy::reshape", ALL, [](A x, A) { return jnp::reshape(x, {3, -1}); }),
      row("numpy::reshape", ALL, [](A x, A) { return x.reshape({6}); }, "method"),
      row("numpy::transpose", ALL, [](A x, A) { return jnp::transpose(x); }),
      row("numpy::transpose", ALL, [](A x, A) {
            return jnp::transpose(jnp::reshape(x, {1, 2, 3}), {2, 0, 1});
          }, "perm"),
      row("numpy::transpose", ALL, [](A x, A) { return x.T(); }, "T"),
      row("numpy::broadcast_to", ALL, [](A x, A) { return jnp::broadcast_to(x, {4, 2, 3}); }),
      row("numpy::expand_dims", ALL, [](A x, A) { return jnp::expand_dims(x, -1); }),
      row("numpy::astype", ALL, [](A x, A) {
            return make_tuple(x.astype(jx::float32), x.astype(jx::int32),
                              x.astype(jx::uint8), x.astype(jx::bool_),
                              jnp::astype(x, jx::float16),
                              jnp::astype(x, jx::bfloat16),
                              jnp::astype(x, jx::float64),
                              jnp::astype(x, jx::int8));
          }),
      row("numpy::squeeze", ALL, [](A x, A) {
            return jnp::squeeze(jnp::reshape(x, {2, 1, 3, 1}));
          }),
      row("numpy::squeeze", ALL, [](A x, A) {
            return jnp::squeeze(jnp::reshape(x, {2, 1, 3, 1}), {3});
          }, "axis"),
      row("numpy::flip", ALL, [](A x, A) { return jnp::flip(x); }),
      row("numpy::flip", ALL, [](A x, A) { return jnp::flip(x, 1); }, "axis"),
      row("numpy::concatenate", ALL, [](A x, A y) { return jnp::concatenate({x, y, x}, 1); }),
      row("numpy::concatenate", N, [](A x, A y) {
            return jnp::concatenate({x, y.astype(jx::float32)}, 0);
          }, "promote"),
      row("numpy::pad", ALL, [](A x, A) { return jnp::pad(x, {{1, 0}, {2, 1}}); }),
      row("numpy::pad", N, [](A x, A) { return jnp::pad(x, {{1, 2}}, Array(7)); }, "value"),
      row("numpy::stack", ALL, [](A x, A y) { return jnp::stack({x, y}, 1); }),
      row("numpy::sort", ALL, [](A x, A) { return jnp::sort(x); }),
      row("numpy::sort", ALL, [](A x, A) { return jnp::sort(x, 0); }, "axis0"),
      row("numpy::sort", N, [](A x, A) { return jnp::sort(x, std::nullopt); }, "flat"),
      row("numpy::argsort", ALL, [](A x, A) { return jnp::argsort(x); }),
      row("numpy::argsort", N, [](A x, A) { return jnp::argsort(x, std::nullopt); }, "flat"),
      row("numpy::slice", ALL, [](A x, A) {
            return jnp::slice(x, {-1, jx::range(0, std::nullopt, 2)});
          }),
      row("numpy::slice", ALL, [](A x, A) {
            return jnp::slice(x, {jx::all(), jx::range(1, 3)});
          }, "range"),
      // ---- linear algebra ----
      row("numpy::dot", N, [](A x, A y) { return jnp::dot(x, y.T()); }),
      row("numpy::dot", N, [](A x, A y) {
            return jnp::dot(jnp::slice(x, {0}), jnp::slice(y, {1}));
          }, "vector"),
      row("numpy::matmul", N, [](A x, A y) { return jnp::matmul(x.T(), y); }),
      row("numpy::matmul", N, [](A x, A y) {
            return jnp::matmul(jnp::stack({x, y}), jnp::stack({y.T(), x.T()}));
          }, "batched"),
      row("numpy::matmul", N, [](A x, A y) { return jnp::matmul(x, jnp::slice(y, {0})); },
          "matvec"),
      // ---- creation (combined with x so the result has x's dtype) ----
      row("numpy::zeros", N, [](A x, A) { return x + jnp::zeros({2, 3}, x.dtype()); }),
      row("numpy::ones", N, [](A x, A) { return x * jnp::ones({3}, x.dtype()); }),
      row("numpy::full", N, [](A x, A) { return x - jnp::full({2, 1}, 2, x.dtype()); }),
      row("numpy::full", ALL, [](A x, A) { return jnp::full({2, 3}, jnp::slice(x, {0, 1})); },
          "array_fill"),
      row("numpy::zeros_like", ALL, [](A x, A) { return jnp::zeros_like(x); }),
      row("numpy::ones_like", ALL, [](A x, A) { return jnp::ones_like(x); }),
      row("numpy::arange", N, [](A x, A) { return x + jnp::arange(3).astype(x.dtype()); }),
      row("numpy::arange", N, [](A x, A) {
            return x * jnp::arange(1, 7, 2, x.dtype());
          }, "start_stop_step"),
      row("numpy::arange", N, [](A x, A) { return jnp::arange(0.5, 3.0, 0.5) + 1.0f; },
          "float"),
      // Array's sum() method.
      row("numpy::sum", ALL, [](A x, A) { return x.sum(); }, "method"),

      // ---- jx::lax: elementwise (equal dtypes) ----
      row("lax::add", N, [](A x, A y) { return lax::add(x, y); }),
      row("lax::sub", N, [](A x, A y) { return lax::sub(x, y); }),
      row("lax::mul", N, [](A x, A y) { return lax::mul(x, y); }),
      row("lax::div", N, [](A x, A y) { return lax::div(x, y); }),
      row("lax::max", ALL, [](A x, A y) { return lax::max(x, y); }),
      row("lax::min", ALL, [](A x, A y) { return lax::min(x, y); }),
      row("lax::neg", N, [](A x, A) { return lax::neg(x); }),
      row("lax::exp", F, [](A x, A) { return lax::exp(x); }),
      row("lax::log", F, [](A x, A) { return lax::log(x); }),
      row("lax::tanh", F, [](A x, A) { return lax::tanh(x); }),
      row("lax::sin", F, [](A x, A) { return lax::sin(x); }),
      row("lax::cos", F, [](A x, A) { return lax::cos(x); }),
      row("lax::sqrt", F, [](A x, A) { return lax::sqrt(x); }),
      row("lax::rsqrt", F, [](A x, A) { return lax::rsqrt(x); }),
      row("lax::log1p", F, [](A x, A) { return lax::log1p(x); }),
      row("lax::expm1", F, [](A x, A) { return lax::expm1(x); }),
      row("lax::logistic", F, [](A x, A) { return lax::logistic(x); }),
      row("lax::floor", F, [](A x, A) { return lax::floor(x); }),
      row("lax::ceil", F, [](A x, A) { return lax::ceil(x); }),
      row("lax::is_finite", F, [](A x, A y) { return lax::is_finite(lax::div(x, lax::sub(y, y))); }),
      row("lax::abs", F | S, [](A x, A) { return lax::abs(x); }),
      // Complex parts: the operands made complex64 first.
      row("lax::complex", F, [](A x, A y) { return c64(x, y); }),
      row("lax::real", F, [](A x, A y) { return lax::real(c64(x, y)); }),
      row("lax::imag", F, [](A x, A y) { return lax::imag(c64(x, y)); }),
      row("lax::conj", F, [](A x, A y) { return lax::conj(c64(x, y)); }),
      // JAX's lax.sign also takes unsigned integers; jx's rejects them.
      row("lax::sign", F | S, [](A x, A) { return lax::sign(x); }),
      row("lax::square", N, [](A x, A) { return lax::square(x); }),
      row("lax::integer_pow", N, [](A x, A) { return lax::integer_pow(x, 5); }),
      row("lax::integer_pow", F, [](A x, A) { return lax::integer_pow(x, -3); }, "neg"),
      row("lax::integer_pow", N, [](A x, A) { return lax::integer_pow(x, 0); }, "zero"),
      row("lax::pow", F, [](A x, A y) { return lax::pow(lax::abs(x), y); }),
      row("lax::round", F, [](A x, A) { return lax::round(lax::mul(x, x)); }),
      row("lax::round", F, [](A x, A) {
            return lax::round(lax::mul(x, x), lax::rounding_method::to_nearest_even);
          }, "even"),
      row("lax::bitwise_and", I | B, [](A x, A y) { return lax::bitwise_and(x, y); }),
      row("lax::bitwise_or", I | B, [](A x, A y) { return lax::bitwise_or(x, y); }),
      row("lax::bitwise_xor", I | B, [](A x, A y) { return lax::bitwise_xor(x, y); }),
      row("lax::bitwise_not", I | B, [](A x, A) { return lax::bitwise_not(x); }),
      row("lax::eq", ALL, [](A x, A y) { return lax::eq(x, y); }),
      row("lax::ne", ALL, [](A x, A y) { return lax::ne(x, y); }),
      row("lax::lt", ALL, [](A x, A y) { return lax::lt(x, y); }),
      row("lax::le", ALL, [](A x, A y) { return lax::le(x, y); }),
      row("lax::gt", ALL, [](A x, A y) { return lax::gt(x, y); }),
      row("lax::ge", ALL, [](A x, A y) { return lax::ge(x, y); }),
      row("lax::select_n", ALL, [](A x, A y) { return lax::select_n(lax::lt(x, y), {x, y}); }),
      // (jx's select_n takes a bool selector and two cases so far; JAX also
      // takes an int32 selector and more cases.)
      row("lax::convert_element_type", ALL, [](A x, A) {
            return make_tuple(lax::convert_element_type(x, jx::float32),
                              lax::convert_element_type(x, jx::int32),
                              lax::convert_element_type(x, jx::uint32),
                              lax::convert_element_type(x, jx::bool_),
                              lax::convert_element_type(x, jx::bfloat16, true));
          }),
      // ---- reductions ----
      row("lax::reduce_sum", N, [](A x, A) { return lax::reduce_sum(x, {1}); }),
      row("lax::reduce_max", ALL, [](A x, A) { return lax::reduce_max(x, {0, 1}); }),
      row("lax::reduce_min", ALL, [](A x, A) { return lax::reduce_min(x, {0}); }),
      row("lax::reduce_prod", N, [](A x, A) { return lax::reduce_prod(x, {1}); }),
      row("lax::reduce_and", B, [](A x, A) { return lax::reduce_and(x, {1}); }),
      row("lax::reduce_or", B, [](A x, A) { return lax::reduce_or(x, {0}); }),
      row("lax::argmax", N, [](A x, A) { return lax::argmax(x, 1); }),
      row("lax::argmax", N, [](A x, A) { return lax::argmax(x, 0, jx::uint8); }, "u8"),
      row("lax::argmin", N, [](A x, A) { return lax::argmin(x, 1); }),
      row("lax::cumsum", N, [](A x, A) { return lax::cumsum(x, 1); }),
      row("lax::cumsum", N, [](A x, A) { return lax::cumsum(x, 0, true); }, "reverse"),
      row("lax::cumprod", N, [](A x, A) { return lax::cumprod(x, 1, true); }),
      row("lax::cummax", N, [](A x, A) { return lax::cummax(x, 1); }),
      row("lax::cummin", N, [](A x, A) { return lax::cummin(x, 1, true); }),
      // ---- shapes ----
      row("lax::broadcast_in_dim", ALL, [](A x, A) {
            return lax::broadcast_in_dim(x, {2, 4, 3}, {0, 2});
          }),
      row("lax::reshape", ALL, [](A x, A) { return lax::reshape(x, {3, 1, 2}); }),
      row("lax::transpose", ALL, [](A x, A) { return lax::transpose(x, {1, 0}); }),
      row("lax::squeeze", ALL, [](A x, A) {
            return lax::squeeze(lax::reshape(x, {1, 2, 3}), {0});
          }),
      row("lax::rev", ALL, [](A x, A) { return lax::rev(x, {0, 1}); }),
      row("lax::concatenate", ALL, [](A x, A y) { return lax::concatenate({x, y}, 0); }),
      row("lax::pad", ALL, [](A x, A y) {
            return lax::pad(x, lax::reshape(lax::slice(y, {0, 0}, {1, 1}), {}),
                            {{{1, -1, 1}, {0, 2, 2}}});
          }),
      row("lax::iota", N, [](A x, A) {
            return lax::add(x, lax::iota(x.dtype(), {2, 3}, 1));
          }),
      // ---- slicing ----
      row("lax::slice", ALL, [](A x, A) { return lax::slice(x, {0, 1}, {2, 3}); }),
      row("lax::slice", ALL, [](A x, A) {
            return lax::slice(x, {0, 0}, {2, 3}, std::vector<int64_t>{2, 2});
          }, "strided"),
      row("lax::dynamic_slice", ALL, [](A x, A) {
            return lax::dynamic_slice(x, {1, -2}, {1, 2});
          }),
      row("lax::dynamic_slice", ALL, [](A x, A) {
            return lax::dynamic_slice(x, {Array(1), Array(5)}, {2, 2});
          }, "clamped"),
      row("lax::dynamic_update_slice", ALL, [](A x, A y) {
            return lax::dynamic_update_slice(x, lax::slice(y, {0, 0}, {1, 2}), {1, 2});
          }),
      // ---- sorting ----
      row("lax::sort", ALL, [](A x, A) { return lax::sort(x); }),
      row("lax::sort", ALL, [](A x, A) { return lax::sort(x, 0, false); }, "dim0"),
      row("lax::sort", ALL, [](A x, A y) { return lax::sort({x, y}, 1, true, 1); },
          "two_operands"),
      row("lax::sort", N, [](A x, A y) { return lax::sort({y, x}, 0, true, 2); },
          "two_keys"),
      // ---- linear algebra ----
      row("lax::dot_general", N, [](A x, A y) {
            return lax::dot_general(x, y, {{1}, {1}, {}, {}});
          }),
      row("lax::dot_general", N, [](A x, A y) {
            return lax::dot_general(lax::reshape(x, {2, 3, 1}),
                                    lax::reshape(y, {2, 1, 3}),
                                    {{2}, {1}, {0}, {0}});
          }, "batch"),
      row("lax::dot_general", F, [](A x, A y) {
            return lax::dot_general(x, y, {{0}, {0}, {}, {}}, jx::float32);
          }, "preferred_f32"),

      // ---- jx::nn ----
      row("nn::relu", N, [](A x, A) { return nn::relu(x); }),
      row("nn::sigmoid", N, [](A x, A) { return nn::sigmoid(x); }),
      row("nn::softplus", N, [](A x, A) { return nn::softplus(x); }),
      row("nn::silu", N, [](A x, A) { return nn::silu(x); }),
      row("nn::gelu", N, [](A x, A) { return nn::gelu(x); }),
      row("nn::softmax", N, [](A x, A) { return nn::softmax(x); }),
      row("nn::softmax", F, [](A x, A) { return nn::softmax(x, 0); }, "axis0"),
      row("nn::log_softmax", N, [](A x, A) { return nn::log_softmax(x); }),

      // ==== issue 4 APIs (conv, windows, indexing, einsum..., random) ====
      // ---- jx::numpy: linear algebra ----
      row("numpy::einsum", N, [](A x, A y) { return jnp::einsum("ij,kj->ik", x, y); }),
      row("numpy::einsum", N, [](A x, A y) {
            return jnp::einsum("ij,ij->j", x, y);
          }, "elementwise_sum"),
      row("numpy::einsum", N, [](A x, A) { return jnp::einsum("ij", x); }, "implicit"),
      row("numpy::tensordot", N, [](A x, A y) { return jnp::tensordot(x, y, 2); }),
      row("numpy::tensordot", N, [](A x, A y) {
            return jnp::tensordot(x, y, {{0}, {0}});
          }, "axes"),
      row("numpy::outer", N, [](A x, A y) { return jnp::outer(x, y); }),
      row("numpy::inner", N, [](A x, A y) { return jnp::inner(x, y); }),
      row("numpy::vdot", N, [](A x, A y) { return jnp::vdot(x, y); }),
      // ---- shapes ----
      row("numpy::split", ALL, [](A x, A) { return jnp::split(x, 3, 1); }),
      row("numpy::split", ALL, [](A x, A) { return jnp::split(x, {1}, 1); }, "indices"),
      row("numpy::array_split", ALL, [](A x, A) { return jnp::array_split(x, 2, 1); }),
      row("numpy::array_split", ALL, [](A x, A) {
            return jnp::array_split(x, {1, 2}, 1);
          }, "indices"),
      row("numpy::roll", ALL, [](A x, A) { return jnp::roll(x, 1); }),
      row("numpy::roll", ALL, [](A x, A) { return jnp::roll(x, {1, -1}, {0, 1}); },
          "axes"),
      row("numpy::tile", ALL, [](A x, A) { return jnp::tile(x, {2, 1}); }),
      row("numpy::tile", ALL, [](A x, A) { return jnp::tile(x, 2); }, "int"),
      row("numpy::repeat", ALL, [](A x, A) { return jnp::repeat(x, 2, 1); }),
      row("numpy::repeat", ALL, [](A x, A) { return jnp::repeat(x, 2); }, "flat"),
      row("numpy::ravel", ALL, [](A x, A) { return jnp::ravel(x); }),
      row("numpy::moveaxis", ALL, [](A x, A) {
            return jnp::moveaxis(jnp::reshape(x, {1, 2, 3}), 0, -1);
          }),
      row("numpy::swapaxes", ALL, [](A x, A) { return jnp::swapaxes(x, 0, 1); }),
      row("numpy::atleast_1d", ALL, [](A x, A) {
            return jnp::atleast_1d(jnp::slice(x, {1, 2}));
          }),
      row("numpy::atleast_2d", ALL, [](A x, A) {
            return jnp::atleast_2d(jnp::slice(x, {1}));
          }),
      // ---- creation ----
      row("numpy::linspace", N, [](A x, A) {
            return jnp::linspace(jnp::slice(x, {0, 0}), jnp::slice(x, {1, 2}), 5);
          }),
      row("numpy::linspace", F, [](A x, A) {
            return jnp::linspace(jnp::slice(x, {0, 1}), jnp::slice(x, {1, 0}), 4,
                                 false, x.dtype());
          }, "no_endpoint"),
      row("numpy::eye", N, [](A x, A) { return x * jnp::eye(2, 3, 1, x.dtype()); }),
      row("numpy::identity", N, [](A x, A) {
            return jnp::matmul(x, jnp::identity(3, x.dtype()));
          }),
      row("numpy::tri", N, [](A x, A) { return x * jnp::tri(2, 3, 0, x.dtype()); }),
      row("numpy::tril", ALL, [](A x, A) { return jnp::tril(x); }),
      row("numpy::triu", ALL, [](A x, A) { return jnp::triu(x, 1); }),
      row("numpy::meshgrid", ALL, [](A x, A y) {
            return jnp::meshgrid({jnp::slice(x, {0}), jnp::slice(y, {1})});
          }),
      row("numpy::meshgrid", ALL, [](A x, A y) {
            return jnp::meshgrid({jnp::slice(x, {0}), jnp::slice(y, {1})}, "ij");
          }, "ij"),
      // ---- indexing (gather / scatter) ----
      row("numpy::index", ALL, [](A x, A) {
            return jnp::index(x, {jx::array({1, 0, 1}), jx::all()});
          }),
      row("numpy::index", ALL, [](A x, A) {
            return jnp::index(x, {jx::array({1, -2}), jx::array({2, 0})});
          }, "points"),
      row("numpy::index", ALL, [](A x, A) { return x.at(jx::array({1, 0})).get(); },
          "at_get"),
      row("numpy::index", ALL, [](A x, A y) {
            return x.at(jx::array({1, 0})).set(y);
          }, "at_set"),
      row("numpy::index", N, [](A x, A y) {
            return x.at({jx::array({1, 1}), jx::all()}).add(y);
          }, "at_add_duplicates"),
      row("numpy::index", N, [](A x, A y) {
            return x.at(1).multiply(jnp::slice(y, {0}));
          },
          "at_multiply"),
      row("numpy::index", ALL, [](A x, A y) {
            return make_tuple(x.at({jx::all(), jx::array({2, 0, 2})}).min(3),
                              x.at({jx::all(), jx::array({2, 0, 2})}).max(3));
          }, "at_min_max"),
      row("numpy::take", ALL, [](A x, A) { return jnp::take(x, jx::array({2, 0, 5})); }),
      row("numpy::take", ALL, [](A x, A) {
            return jnp::take(x, jx::array({-1, 2, 3}), 1);
          }, "axis_fill"),
      row("numpy::take", ALL, [](A x, A) {
            return jnp::take(x, jx::array({-1, 2, 3}), 1, lax::gather_scatter_mode::clip);
          }, "clip"),
      row("numpy::take_along_axis", N, [](A x, A) {
            return jnp::take_along_axis(x, jnp::argsort(x, 1), 1);
          }),
      // ---- more elementwise math (fixtures) ----
      row("numpy::tan", N, [](A x, A) { return jnp::tan(x); }),
      row("numpy::cbrt", N, [](A x, A) { return jnp::cbrt(x); }),
      row("numpy::arctan2", N, [](A x, A y) { return jnp::arctan2(x, y); }),
      row("numpy::trunc", ALL, [](A x, A y) { return jnp::trunc(x); }),
      row("numpy::trunc", F, [](A x, A y) { return jnp::trunc(x / y); }, "fractions"),
      row("numpy::remainder", ALL, [](A x, A y) { return jnp::remainder(x, y); }),
      row("numpy::remainder", N, [](A x, A) { return jnp::remainder(x, 3); }, "scalar"),
      row("numpy::mod", N, [](A x, A y) { return jnp::mod(y, x); }),
      row("numpy::fmod", N, [](A x, A y) { return jnp::fmod(x, y); }),
      row("numpy::floor_divide", N, [](A x, A y) { return jnp::floor_divide(x, y); }),
      row("numpy::floor_divide", N, [](A x, A) { return jnp::floor_divide(x, 2); },
          "scalar"),
      row("numpy::left_shift", I | B, [](A x, A y) {
            return jnp::left_shift(x, jnp::bitwise_and(y, 7));
          }),
      row("numpy::right_shift", I | B, [](A x, A y) {
            return jnp::right_shift(x, jnp::bitwise_and(y, 7));
          }),
      row("numpy::right_shift", I, [](A x, A) { return jnp::right_shift(x, 40); },
          "too_far"),
      row("numpy::bitwise_count", I | B, [](A x, A) { return jnp::bitwise_count(x); }),
      // ---- numpy surface (issue 15 part 3) ----
      row("numpy::diagonal", ALL, [](A x, A) { return jnp::diagonal(x, 1); }),
      row("numpy::diagonal", ALL, [](A x, A y) {
            return jnp::diagonal(jnp::stack({x, y}), -1, 2, 1);
          }, "batched"),
      row("numpy::diag", ALL, [](A x, A) { return jnp::diag(jnp::slice(x, {0}), -1); }),
      row("numpy::diag", ALL, [](A x, A) { return jnp::diag(x, 1); }, "2d"),
      row("numpy::trace", ALL, [](A x, A) { return jnp::trace(x); }),
      row("numpy::trace", N, [](A x, A y) {
            return jnp::trace(jnp::stack({x, y}), 1, 1, 2);
          }, "batched"),
      row("numpy::array", ALL, [](A x, A) {
            return jnp::array(x) + jnp::array({1, 0, 1}, x.dtype());
          }),
      row("numpy::asarray", ALL, [](A x, A) { return jnp::asarray(x, jx::float32); }),
      row("numpy::kron", N, [](A x, A y) { return jnp::kron(x, jnp::slice(y, {0})); }),
      row("numpy::searchsorted", N, [](A x, A y) {
            return jnp::searchsorted(jnp::sort(jnp::ravel(x)), y);
          }),
      row("numpy::searchsorted", N, [](A x, A y) {
            return jnp::searchsorted(jnp::sort(jnp::ravel(x)), y, "right");
          }, "right"),
      row("numpy::histogram_bin_edges", N, [](A x, A) {
            return jnp::histogram_bin_edges(x, 4);
          }),
      row("numpy::histogram", N, [](A x, A) {
            auto [counts, edges] = jnp::histogram(x, 3);
            return make_tuple(counts, edges);
          }),
      row("numpy::histogram", F, [](A x, A y) {
            return jnp::histogram(x, 3, std::make_pair(-2.0, 2.0), jnp::abs(y), true)
                .first;
          }, "weights_density"),
      row("numpy::bincount", I | B, [](A x, A) {
            return jnp::bincount(jnp::ravel(x), std::nullopt, 0, 8);
          }),
      row("numpy::unique", N, [](A x, A) { return jnp::unique(x, 4, 0); }),
      row("numpy::nonzero", ALL, [](A x, A) { return jnp::nonzero(x, 4); }),
      row("numpy::where", ALL, [](A x, A) {
            return jnp::where(x, jnp::static_size{5, -1});
          }, "one_arg"),
      row("numpy::quantile", N, [](A x, A) {
            return jnp::quantile(x, jnp::array({0.25f, 0.5f}), 1);
          }),
      row("numpy::percentile", N, [](A x, A) {
            return jnp::percentile(x, 30, std::nullopt, "nearest");
          }),
      row("numpy::median", N, [](A x, A) { return jnp::median(x, 0); }),
      row("numpy::cov", N, [](A x, A y) { return jnp::cov(x, y); }),
      row("numpy::corrcoef", F, [](A x, A) { return jnp::corrcoef(x); }),
      row("numpy::interp", N, [](A x, A y) {
            return jnp::interp(y, jnp::array({0, 1, 3, 8}, x.dtype()),
                               jnp::slice(jnp::ravel(x), {jx::range(0, 4)}));
          }),
      row("numpy::convolve", N, [](A x, A y) {
            return jnp::convolve(jnp::ravel(x), jnp::slice(y, {1}));
          }),
      row("numpy::correlate", N, [](A x, A y) {
            return jnp::correlate(jnp::ravel(x), jnp::slice(y, {1}), "same");
          }),
      row("numpy::polyval", N, [](A x, A y) { return jnp::polyval(jnp::slice(x, {0}), y); }),

      // ---- jx::lax: convolution and windows ----
      row("lax::conv_general_dilated", F, [](A x, A y) {
            Array lhs = lax::reshape(x, {1, 1, 2, 3});
            Array rhs = lax::reshape(lax::slice(y, {0, 0}, {2, 2}), {1, 1, 2, 2});
            return lax::conv_general_dilated(lhs, rhs, {1, 1}, "VALID");
          }),
      row("lax::conv_general_dilated", F, [](A x, A y) {
            Array lhs = lax::reshape(x, {1, 2, 3, 1});
            Array rhs = lax::reshape(lax::slice(y, {0, 0}, {2, 2}), {2, 2, 1, 1});
            return lax::conv_general_dilated(lhs, rhs, {2, 1}, {{{0, 1}, {1, 1}}},
                                             {1, 2}, {1, 1}, kNHWC);
          }, "nhwc_padded_lhs_dilated"),
      row("lax::conv_general_dilated", F, [](A x, A y) {
            Array lhs = lax::reshape(x, {1, 3, 2});             // N W C
            Array rhs = lax::reshape(lax::slice(y, {0, 0}, {2, 2}), {2, 1, 2}); // W I O
            return lax::conv_general_dilated(lhs, rhs, {1}, {{{1, 0}}}, {}, {2},
                                             {"NWC", "WIO", "NWC"}, 2);
          }, "grouped_rhs_dilated"),
      row("lax::conv", F, [](A x, A y) {
            Array lhs = lax::reshape(x, {1, 2, 1, 3});
            Array rhs = lax::reshape(lax::slice(y, {0, 0}, {2, 2}), {1, 2, 1, 2});
            return lax::conv(lhs, rhs, {1, 1}, "VALID");
          }),
      row("lax::reduce_window_sum", N, [](A x, A) {
            return lax::reduce_window_sum(x, {1, 2});
          }),
      row("lax::reduce_window_sum", N, [](A x, A) {
            return lax::reduce_window_sum(x, {2, 2}, {1, 2}, "SAME", {1, 2}, {1, 1});
          }, "same_dilated"),
      row("lax::reduce_window_max", N, [](A x, A) {
            return lax::reduce_window_max(x, {2, 2}, {1, 1}, "SAME");
          }),
      row("lax::reduce_window_min", N, [](A x, A) {
            return lax::reduce_window_min(x, {1, 3}, {1, 1}, {{{0, 0}, {1, 1}}});
          }),
      row("lax::reduce_window", N, [](A x, A) {
            return lax::reduce_window(x, 0, lax::window_reducer::add, {2, 2},
                                      {1, 1}, "SAME");
          }),
      row("lax::reduce_window", F, [](A x, A) {
            return lax::reduce_window(x, -INFINITY, lax::window_reducer::max, {1, 2},
                                      {1, 1}, "VALID");
          }, "with_max"),
      // ---- gather / scatter / top_k ----
      row("lax::gather", ALL, [](A x, A) {
            return lax::gather(x, rows_index({1, 0, 1}), kGatherRows, {1, 3});
          }),
      row("lax::gather", N, [](A x, A) {
            return lax::gather(x, rows_index({1, 5}), kGatherRows, {1, 3}, false,
                               false, lax::gather_scatter_mode::fill_or_drop, 7);
          }, "fill"),
      row("lax::scatter", ALL, [](A x, A y) {
            return lax::scatter(x, rows_index({1, 0}), y, kScatterRows);
          }),
      row("lax::scatter_add", N, [](A x, A y) {
            return lax::scatter_add(x, rows_index({1, 1}), y, kScatterRows);
          }),
      row("lax::scatter_mul", N, [](A x, A y) {
            return lax::scatter_mul(x, rows_index({0, 0}), y, kScatterRows);
          }),
      row("lax::scatter_min", ALL, [](A x, A y) {
            return lax::scatter_min(x, rows_index({1, 1}), y, kScatterRows);
          }),
      row("lax::scatter_max", ALL, [](A x, A y) {
            return lax::scatter_max(x, rows_index({0, 7}), y, kScatterRows);
          }),
      row("lax::top_k", N, [](A x, A) {
            auto [v, i] = lax::top_k(x, 2);
            return make_tuple(v, i);
          }),
      row("lax::top_k", N, [](A x, A) {
            auto [v, i] = lax::top_k(x, 1, 0);
            return make_tuple(v, i);
          }, "axis0"),
      // ---- erf and jx::random's primitives ----
      row("lax::erf", F, [](A x, A) { return lax::erf(x); }),
      row("lax::erfc", F, [](A x, A) { return lax::erfc(x); }),
      row("lax::erf_inv", F, [](A x, A) { return lax::erf_inv(lax::tanh(x)); }),
      row("lax::shift_left", I, [](A x, A y) { return lax::shift_left(x, y); }),
      row("lax::shift_right_logical", I, [](A x, A y) {
            return lax::shift_right_logical(x, y);
          }),
      row("lax::shift_right_arithmetic", I, [](A x, A y) {
            return lax::shift_right_arithmetic(x, y);
          }),
      row("lax::rem", N, [](A x, A y) { return lax::rem(x, y); }),
      row("lax::nextafter", F, [](A x, A y) { return lax::nextafter(x, y); }),
      row("lax::population_count", I, [](A x, A) { return lax::population_count(x); }),
      row("lax::bitcast_convert_type", N, [](A x, A) {
            Array b = lax::bitcast_convert_type(x, same_width(x.dtype()));
            return make_tuple(b, lax::bitcast_convert_type(b, x.dtype()));
          }),
      // ---- tan, cbrt, atan2, clamp (fixtures) ----
      row("lax::tan", F, [](A x, A) { return lax::tan(x); }),
      row("lax::cbrt", F, [](A x, A) { return lax::cbrt(x); }),
      row("lax::atan2", F, [](A x, A y) { return lax::atan2(x, y); }),
      row("lax::clamp", N, [](A x, A) { return lax::clamp(1, x, 5); }),
      row("lax::clamp", N, [](A x, A y) {
            return lax::clamp(lax::min(x, y), x, lax::max(x, y));
          }, "arrays"),

      // ---- jx::nn (issue 4) ----
      row("nn::one_hot", I, [](A x, A) { return nn::one_hot(x, 8); }),
      row("nn::one_hot", N, [](A x, A) { return nn::one_hot(x, 4, x.dtype(), 0); },
          "axis0"),
      row("nn::standardize", N, [](A x, A) { return nn::standardize(x); }),
      row("nn::standardize", F, [](A x, A) { return nn::standardize(x, {0, 1}); },
          "axes"),
      row("nn::max_pool", N, [](A x, A) { return nn::max_pool(x, {2}); }),
      row("nn::avg_pool", N, [](A x, A) { return nn::avg_pool(x, {2}, {1}, "SAME"); }),
      row("nn::avg_pool", F, [](A x, A) {
            return nn::avg_pool(jnp::reshape(x, {1, 2, 3, 1}), {2, 2}, {1, 1}, "SAME",
                                false);
          }, "count_exclude_pad"),
      row("nn::leaky_relu", N, [](A x, A) { return nn::leaky_relu(x); }),
      row("nn::leaky_relu", F, [](A x, A) { return nn::leaky_relu(x, 0.25); }, "slope"),
      row("nn::elu", N, [](A x, A) { return nn::elu(x); }),
      row("nn::elu", F, [](A x, A) { return nn::elu(x, 2.0); }, "alpha"),
      row("nn::logsumexp", N, [](A x, A) { return nn::logsumexp(x); }),
      row("nn::logsumexp", F, [](A x, A) { return nn::logsumexp(x, 1, true); },
          "axis1_keepdims"),

      // ---- jx::random (the key depends on x: a traced seed under jit) ----
      row("random::PRNGKey", N, [](A x, A) {
            return make_tuple(key_of(x), rnd::PRNGKey(7));
          }),
      row("random::key", N, [](A x, A) {
            return make_tuple(rnd::key(jnp::sum(x).astype(jx::int32)), rnd::key(3));
          }),
      row("random::split", N, [](A x, A) { return rnd::split(key_of(x), 3); }),
      row("random::split", N, [](A x, A) { return rnd::split(key_of(x), {2, 2}); },
          "shape"),
      row("random::fold_in", N, [](A x, A) { return rnd::fold_in(key_of(x), 5); }),
      row("random::fold_in", I, [](A x, A) {
            return rnd::fold_in(key_of(x), jnp::slice(x, {1, 1}));
          }, "array"),
      row("random::threefry_2x32", N, [](A x, A) {
            return rnd::threefry_2x32(key_of(x), jnp::arange(0, 6, 1, jx::uint32));
          }),
      row("random::bits", U, [](A x, A) { return rnd::bits(key_of(x), {2, 3}, x.dtype()); }),
      row("random::uniform", F, [](A x, A) {
            return rnd::uniform(key_of(x), {2, 3}, x.dtype());
          }),
      row("random::uniform", F, [](A x, A y) {
            return rnd::uniform(key_of(x), {2, 3}, x.dtype(), x, x + 2);
          }, "bounds"),
      row("random::randint", I, [](A x, A) {
            return rnd::randint(key_of(x), {2, 3}, 0, 10, x.dtype());
          }),
      row("random::normal", F, [](A x, A) { return rnd::normal(key_of(x), {4}, x.dtype()); }),
      row("random::truncated_normal", F, [](A x, A) {
            return rnd::truncated_normal(key_of(x), -1, 2, jx::shape_t{2, 3}, x.dtype());
          }),
      row("random::bernoulli", F, [](A x, A) {
            return rnd::bernoulli(key_of(x), jnp::full({2, 3}, 0.3, x.dtype()));
          }),
      row("random::gumbel", F, [](A x, A) { return rnd::gumbel(key_of(x), {3}, x.dtype()); }),
      row("random::categorical", F, [](A x, A) { return rnd::categorical(key_of(x), x); }),
      row("random::permutation", N, [](A x, A) { return rnd::permutation(key_of(x), 5); }),
      row("random::permutation", ALL, [](A x, A y) {
            return rnd::permutation(key_of(y), x, 1);
          }, "array"),
  };
}

/// Operands of the case's dtype: values with negatives, zeros (for the
/// integers), fractions, ties, and no zero divisors in y.
std::pair<Array, Array> operands(jx::dtype t) {
  jx::shape_t s{2, 3};
  if (jx::is_floating(t))
    return {jx::array({0.5, -1.25, 2.0, 3.5, -4.0, 0.75}, s, t),
            jx::array({1.5, 2.0, -0.5, 3.5, 0.25, -2.0}, s, t)};
  if (jx::is_signed_integer(t))
    return {jx::array({-3, 7, 0, 12, -5, 2}, s, t),
            jx::array({2, -3, 5, 12, 1, -4}, s, t)};
  if (jx::is_unsigned_integer(t))
    return {jx::array({3, 7, 0, 200, 5, 2}, s, t),
            jx::array({2, 3, 5, 200, 1, 4}, s, t)};
  return {jx::array({1, 0, 1, 1, 0, 0}, s, t),
          jx::array({1, 1, 0, 1, 0, 1}, s, t)};
}

struct eq_case {
  op_row op;
  jx::dtype dtype;
  std::string name;
};

void PrintTo(const eq_case &c, std::ostream *os) { *os << c.name; }

std::vector<eq_case> cases() {
  std::vector<eq_case> out;
  for (const op_row &r : table()) {
    std::vector<jx::dtype> ts;
    if (r.kinds & F)
      ts.insert(ts.end(), std::begin(kFloat), std::end(kFloat));
    if (r.kinds & S)
      ts.insert(ts.end(), std::begin(kSigned), std::end(kSigned));
    if (r.kinds & U)
      ts.insert(ts.end(), std::begin(kUnsigned), std::end(kUnsigned));
    if (r.kinds & B)
      ts.push_back(jx::bool_);
    for (jx::dtype t : ts) {
      std::string name = r.api;
      name.replace(name.find("::"), 2, "_");
      if (!r.variant.empty())
        name += "_" + r.variant;
      name += "_" + jx::short_dtype_name(t);
      out.push_back({r, t, name});
    }
  }
  return out;
}

class JitEqualsEager : public testing::TestWithParam<eq_case> {};

TEST_P(JitEqualsEager, BitForBit) {
  const eq_case &c = GetParam();
  auto [x, y] = operands(c.dtype);
  outs_t eager = c.op.f(x, y);
  outs_t jitted = jx::jit(c.op.f, "f")(x, y);
  ASSERT_EQ(eager.size(), jitted.size());
  for (std::size_t i = 0; i < eager.size(); ++i) {
    ASSERT_EQ(eager[i].aval(), jitted[i].aval())
        << "output " << i << ": eager " << eager[i].aval().str()
        << (eager[i].weak_type() ? " (weak)" : "") << ", jit "
        << jitted[i].aval().str() << (jitted[i].weak_type() ? " (weak)" : "");
    if (eager[i].buffer().data == jitted[i].buffer().data)
      continue;
    ADD_FAILURE() << "output " << i << ": eager " << eager[i].str()
                  << "\njit   " << jitted[i].str();
  }
}

INSTANTIATE_TEST_SUITE_P(
    Ops, JitEqualsEager, testing::ValuesIn(cases()),
    [](const testing::TestParamInfo<eq_case> &info) { return info.param.name; });

/// The functions declared in a header's namespace, as "numpy::add".
std::set<std::string> declared(const std::string &header,
                               const std::string &ns) {
  std::ifstream in(std::string(JX_FRONTEND_INPUTS) + "/../../../include/jx/" +
                   header);
  EXPECT_TRUE(in) << header;
  std::set<std::string> out;
  std::regex decl(
      R"(^(?:Array|std::vector<Array>|std::pair<Array, Array>)\s+(\w+)\()");
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    if (line.rfind("namespace jx::" + ns + " {", 0) == 0)
      inside = true;
    else if (line.rfind("} // namespace jx::" + ns, 0) == 0)
      inside = false;
    std::smatch m;
    if (inside && std::regex_search(line, m, decl))
      out.insert(ns + "::" + m[1].str());
  }
  return out;
}

TEST(JitEqualsEagerCoverage, EveryApiFunctionHasARow) {
  std::set<std::string> rows;
  for (const op_row &r : table())
    rows.insert(r.api);
  std::set<std::string> api;
  for (auto [h, ns] : {std::pair<const char *, const char *>{"numpy.h", "numpy"},
                       {"lax.h", "lax"},
                       {"nn.h", "nn"},
                       {"random.h", "random"}})
    for (const std::string &f : declared(h, ns))
      api.insert(f);
  EXPECT_GT(api.size(), 100u) << "the header scan found too few functions";
  for (const std::string &f : api)
    EXPECT_TRUE(rows.count(f)) << f << " has no row in the jit == eager table";
  for (const std::string &f : rows)
    EXPECT_TRUE(api.count(f)) << f << " is not declared in the headers";
  std::cout << "[ table    ] " << api.size() << " API functions, "
            << table().size() << " rows, " << cases().size()
            << " (op, dtype) cases\n";
}

} // namespace
