// nn.h - jx::nn, activation functions as jax.nn names them, written as
// compositions of jx::numpy / jx::lax (no primitives of their own).
//
//   jx::Array p = jx::nn::softmax(logits, 1);

#ifndef JX_NN_H
#define JX_NN_H

#include "jx/array.h"

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

} // namespace jx::nn

#endif // JX_NN_H
