// nn.cpp - jx::nn: activations as compositions of numpy/lax functions.

#include "jx/nn.h"
#include "jx/lax.h"
#include "jx/numpy.h"

#include <cmath>

namespace jx::nn {

namespace jnp = jx::numpy;

namespace {
Array float_of(const Array &x) {
  return is_inexact(x.dtype()) ? x : jnp::astype(x, dtype::float32);
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
  // 0.5 x (1 + erf(x / sqrt 2)): jx has no erf primitive yet.
  throw error("jx::nn::gelu: approximate=false needs erf, which jx does not "
              "have yet");
}

Array softmax(const Array &x, int64_t axis) {
  Array f = float_of(x);
  Array e = jnp::exp(f - jnp::max(f, axis, /*keepdims=*/true));
  return jnp::divide(e, jnp::sum(e, axis, /*keepdims=*/true));
}

Array log_softmax(const Array &x, int64_t axis) {
  Array f = float_of(x);
  Array shifted = f - jnp::max(f, axis, /*keepdims=*/true);
  return shifted - jnp::log(jnp::sum(jnp::exp(shifted), axis, true));
}

} // namespace jx::nn
