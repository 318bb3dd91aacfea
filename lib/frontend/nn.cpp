// nn.cpp - jx::nn: activations as compositions of numpy/lax functions.

#include "core/trace.h"
#include "frontend/api_util.h"
#include "jx/nn.h"
#include "jx/lax.h"
#include "jx/grad.h"
#include "jx/numpy.h"

#include <cmath>

namespace jx::nn {

namespace jnp = jx::numpy;

namespace {
Array float_of(const Array &x) {
  return is_inexact(x.dtype()) ? x : jnp::astype(x, dtype::float32);
}
/// A weakly typed C++ constant already in `t` (a C++ double scalar is a
/// float32 literal, which would round float64 constants).
Array constant_like(double v, dtype t) {
  return core::make_concrete(core::scalar_buffer(v, t), /*weak=*/true,
                             /*literal=*/true);
}
} // namespace

Array relu(const Array &x) { return jnp::maximum(x, 0); }

Array sigmoid(const Array &x) { return lax::logistic(float_of(x)); }

Array softplus(const Array &x) {
  // logaddexp(x, 0) = max(x, 0) + log1p(exp(-|x|)).
  Array f = float_of(x);
  return jnp::maximum(f, 0.0) + jnp::log1p(jnp::exp(-jnp::abs(f)));
}

Array silu(const Array &x) {
  Array f = float_of(x);
  return f * sigmoid(f);
}

Array gelu(const Array &x, bool approximate) {
  Array f = float_of(x);
  if (approximate) {
    const double c = std::sqrt(2.0 / M_PI);
    Array inner = (f + jnp::power(f, 3) * 0.044715) * c;
    return f * 0.5 * (jnp::tanh(inner) + 1.0);
  }
  // As jax.nn.gelu: 0.5 x erfc(-x / sqrt 2).
  Array sqrt_half = constant_like(std::sqrt(0.5), f.dtype());
  Array half_x = Array(0.5) * f; // sequenced as JAX traces them
  Array e = lax::erfc(-f * sqrt_half);
  return half_x * e;
}

// The max is subtracted for stability only: as in JAX, no derivative flows
// through it (stop_gradient), which spares reverse mode the max's tie terms.
Array softmax(const Array &x, int64_t axis) {
  Array f = float_of(x);
  Array e = jnp::exp(f - jx::stop_gradient(jnp::max(f, axis, true)));
  return jnp::divide(e, jnp::sum(e, axis, /*keepdims=*/true));
}

Array log_softmax(const Array &x, int64_t axis) {
  Array f = float_of(x);
  Array shifted = f - jx::stop_gradient(jnp::max(f, axis, true));
  return shifted - jnp::log(jnp::sum(jnp::exp(shifted), axis, true));
}

// --- Pooling, one_hot, standardize (issue 4) ---------------------------------

Array one_hot(const Array &x, int64_t num_classes, dtype t, int64_t axis) {
  const std::string api = "jx::nn::one_hot";
  if (!is_integer(x.dtype()) && !is_floating(x.dtype()))
    throw error(api + ": needs integer (or floating) class indices, got " +
                x.aval().str());
  if (num_classes < 0)
    throw error(api + ": num_classes must be non-negative, got " +
                std::to_string(num_classes));
  int64_t rank = x.ndim() + 1;
  int64_t pos = axis < 0 ? axis + rank : axis;
  if (pos < 0 || pos >= rank)
    throw error(api + ": axis " + std::to_string(axis) +
                " is out of bounds for the result of rank " +
                std::to_string(rank) + " (indices " + x.aval().str() + ")");
  // As jax.nn.one_hot: expand_dims(x, pos) == broadcasted_iota(..., pos).
  shape_t lhs_shape = x.shape(), rhs_shape(x.ndim(), 1);
  lhs_shape.insert(lhs_shape.begin() + pos, 1);
  rhs_shape.insert(rhs_shape.begin() + pos, num_classes);
  std::vector<int64_t> dims;
  for (int64_t i = 0; i < rank; ++i)
    if (i != pos)
      dims.push_back(i);
  Array lhs = lax::broadcast_in_dim(x, lhs_shape, dims);
  Array rhs = lax::iota(x.dtype(), rhs_shape, pos);
  return lax::convert_element_type(lax::eq(lhs, rhs), t);
}

Array standardize(const Array &x, const std::vector<int64_t> &axes,
                  double epsilon) {
  Array f = float_of(x);
  Array mean = jnp::mean(f, axes, /*keepdims=*/true);
  Array variance =
      jnp::mean(jnp::square(f), axes, /*keepdims=*/true) - jnp::square(mean);
  variance = jnp::maximum(variance, 0);
  return (f - mean) * lax::rsqrt(variance + constant_like(epsilon, f.dtype()));
}
Array standardize(const Array &x, int64_t axis, double epsilon) {
  return standardize(x, std::vector<int64_t>{axis}, epsilon);
}

namespace {

/// flax.linen.pooling.pool: the window covers the spatial dimensions
/// between the batch dimensions and the feature dimension.
struct pool_window {
  std::vector<int64_t> dims, strides;
  lax::padding_t padding = "VALID";
};
pool_window pool_window_of(const std::string &api, const Array &x,
                           const std::vector<int64_t> &window_shape,
                           const std::vector<int64_t> &strides,
                           const lax::padding_t &padding) {
  int64_t n = static_cast<int64_t>(window_shape.size());
  int64_t batch = x.ndim() - (n + 1);
  if (batch < 0)
    throw error(api + ": window_shape has " + std::to_string(n) +
                " dimensions; the input needs at least " +
                std::to_string(n + 1) + " (spatial..., features), got " +
                x.aval().str());
  std::vector<int64_t> s = strides.empty() ? std::vector<int64_t>(n, 1)
                                           : strides;
  if (static_cast<int64_t>(s.size()) != n)
    throw error(api + ": strides has " + std::to_string(s.size()) +
                " entries for a window of " + std::to_string(n) +
                " dimensions (input " + x.aval().str() + ")");
  pool_window w;
  w.dims.assign(batch, 1);
  w.strides.assign(batch, 1);
  for (int64_t i = 0; i < n; ++i) {
    w.dims.push_back(window_shape[i]);
    w.strides.push_back(s[i]);
  }
  w.dims.push_back(1);
  w.strides.push_back(1);
  w.padding = padding;
  if (padding.type.empty()) {
    if (static_cast<int64_t>(padding.pairs.size()) != n)
      throw error(api + ": padding has " +
                  std::to_string(padding.pairs.size()) +
                  " (low, high) pairs for a window of " + std::to_string(n) +
                  " dimensions (input " + x.aval().str() + ")");
    std::vector<std::pair<int64_t, int64_t>> pairs(batch, {0, 0});
    pairs.insert(pairs.end(), padding.pairs.begin(), padding.pairs.end());
    pairs.emplace_back(0, 0);
    w.padding = lax::padding_t(pairs);
  }
  return w;
}

} // namespace

Array max_pool(const Array &x, const std::vector<int64_t> &window_shape,
               const std::vector<int64_t> &strides,
               const lax::padding_t &padding) {
  pool_window w =
      pool_window_of("jx::nn::max_pool", x, window_shape, strides, padding);
  return lax::reduce_window_max(x, w.dims, w.strides, w.padding);
}

Array avg_pool(const Array &x, const std::vector<int64_t> &window_shape,
               const std::vector<int64_t> &strides,
               const lax::padding_t &padding, bool count_include_pad) {
  pool_window w =
      pool_window_of("jx::nn::avg_pool", x, window_shape, strides, padding);
  Array f = float_of(x);
  Array sums = lax::reduce_window_sum(f, w.dims, w.strides, w.padding);
  if (count_include_pad) {
    int64_t size = 1;
    for (int64_t d : window_shape)
      size *= d;
    return sums / static_cast<double>(size);
  }
  // As flax: divide by the window sums of ones (features dimension 1).
  shape_t ones_shape = f.shape();
  ones_shape.back() = 1;
  Array counts = lax::reduce_window_sum(jnp::ones(ones_shape, f.dtype()),
                                        w.dims, w.strides, w.padding);
  return sums / counts;
}

// --- end issue 4 -----------------------------------------------------------------

// --- fixtures (issue 4): leaky_relu, elu, logsumexp -----------------------------

Array leaky_relu(const Array &x, double negative_slope) {
  Array f = float_of(x);
  Array nonnegative = f >= 0;
  return jnp::where(nonnegative, f,
                    constant_like(negative_slope, f.dtype()) * f);
}

Array elu(const Array &x, double alpha) {
  // As jax.nn.elu: expm1 of a safe x (0 where x > 0), so that no inf is
  // formed on the branch not taken.
  Array f = float_of(x);
  Array positive = f > 0;
  Array safe = jnp::where(f > 0, 0, f);
  return jnp::where(positive, f,
                    constant_like(alpha, f.dtype()) * jnp::expm1(safe));
}

Array logsumexp(const Array &a, numpy::axes_t axis, bool keepdims) {
  if (axis.axes)
    frontend::normalize_axes("jx::nn::logsumexp", *axis.axes, a.aval());
  Array f = float_of(a);
  Array amax = jnp::max(f, axis, /*keepdims=*/true);
  // A non-finite maximum (all -inf, or an inf) is taken as 0, as JAX does.
  amax = jx::stop_gradient(
      lax::select_n(lax::is_finite(amax), {jnp::zeros_like(amax), amax}));
  Array sums = jnp::sum(jnp::exp(f - amax), axis, keepdims);
  Array shift = keepdims ? amax : jnp::squeeze(amax, axis);
  return jnp::log(sums) + shift;
}

// --- end fixtures ----------------------------------------------------------------

} // namespace jx::nn
