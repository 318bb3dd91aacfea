// nn.h - jx::nn, activation functions as jax.nn names them, written as
// compositions of jx::numpy / jx::lax (no primitives of their own).
//
//   jx::Array p = jx::nn::softmax(logits, 1);

#ifndef JX_NN_H
#define JX_NN_H

#include "jx/array.h"
#include "jx/lax.h"
#include "jx/numpy.h"

#include <cstdint>

namespace jx::nn {

/// max(x, 0).
Array relu(const Array &x);
/// 1 / (1 + exp(-x)) (lax::logistic).
Array sigmoid(const Array &x);
/// log(1 + exp(x)), computed stably.
Array softplus(const Array &x);
/// x * sigmoid(x).
Array silu(const Array &x);
/// GELU; `approximate` uses the tanh form (jax.nn.gelu's default).
Array gelu(const Array &x, bool approximate = true);
/// exp(x - max) / sum(exp(x - max)) along `axis`.
Array softmax(const Array &x, int64_t axis = -1);
/// x - max - log(sum(exp(x - max))) along `axis`.
Array log_softmax(const Array &x, int64_t axis = -1);

// --- Pooling, one_hot, standardize (issue 4) ---------------------------------

/// jax.nn.one_hot: x[..., None] == arange(num_classes) as `t`, the class
/// axis at `axis` of the result; out-of-range (and negative) values give
/// all-zero rows.
Array one_hot(const Array &x, int64_t num_classes, dtype t = dtype::float32,
              int64_t axis = -1);
/// jax.nn.standardize: (x - mean) / sqrt(var + epsilon) over `axis`, with
/// var = max(mean(x^2) - mean^2, 0).
Array standardize(const Array &x, int64_t axis = -1, double epsilon = 1e-5);
Array standardize(const Array &x, const std::vector<int64_t> &axes,
                  double epsilon = 1e-5);
/// flax.linen.max_pool / avg_pool: `x` is (batch..., spatial..., features)
/// (NHWC for 2-d windows; without batch dimensions it is treated as one
/// example); `window_shape` and `strides` (default ones) cover the spatial
/// dimensions; padding "VALID", "SAME" or (low, high) per spatial dimension.
/// avg_pool divides by the window size when `count_include_pad` (flax's
/// default), else by the number of non-padding elements.
Array max_pool(const Array &x, const std::vector<int64_t> &window_shape,
               const std::vector<int64_t> &strides = {},
               const lax::padding_t &padding = "VALID");
Array avg_pool(const Array &x, const std::vector<int64_t> &window_shape,
               const std::vector<int64_t> &strides = {},
               const lax::padding_t &padding = "VALID",
               bool count_include_pad = true);

// --- end issue 4 -----------------------------------------------------------------

// --- fixtures (issue 4): leaky_relu, elu, logsumexp (nn.cpp) ---
/// x where x >= 0, negative_slope * x elsewhere.
Array leaky_relu(const Array &x, double negative_slope = 0.01);
/// x where x > 0, alpha * expm1(x) elsewhere.
Array elu(const Array &x, double alpha = 1.0);
/// log(sum(exp(a))) over `axis` (all axes by default), computed stably as
/// JAX does: max + log(sum(exp(a - max))) with a non-finite max taken as 0.
Array logsumexp(const Array &a, numpy::axes_t axis = std::nullopt,
                bool keepdims = false);
// --- end fixtures
} // namespace jx::nn

#endif // JX_NN_H
