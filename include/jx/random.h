// random.h - jx::random, counter-based pseudo-random numbers as jax.random.
//
//   jx::Array key = jx::random::PRNGKey(0);          // uint32[2] {0, 0}
//   auto keys = jx::random::split(key);              // uint32[2,2]
//   jx::Array k1 = jnp::slice(keys, {0});            // uint32[2]
//   jx::Array x = jx::random::normal(k1, {3, 4});    // f32[3,4]
//
// Same key, same values as JAX 0.10 on CPU with its default PRNG
// (threefry2x32 with jax_threefry_partitionable=True, the default there),
// bit for bit, for every sampler here and f16/bf16/f32/f64: jx's compiler
// evaluates log, log1p, erf and erf_inv as XLA:CPU does (docs/frontend.md).
// One known exception: f64 truncated_normal, through f64 erf (libm in XLA,
// jx's own expansion here), can differ by an ulp.
//
// Keys are raw uint32[2] arrays: JAX's legacy `jax.random.PRNGKey` form (no
// typed key<fry> dtype). Everything is written with jx ops (the threefry hash
// is uint32 adds, xors and rotations), so it runs eagerly and traces under
// make_jaxpr/jit; the jaxprs differ from JAX's (which show random_bits,
// threefry2x32, ... primitives), the values do not.

#ifndef JX_RANDOM_H
#define JX_RANDOM_H

#include "jx/array.h"

#include <optional>
#include <string>

namespace jx::random {

/// A raw key from an integer seed, as jax.random.PRNGKey with x64 disabled
/// (JAX's default): {0, seed mod 2^32}. (JAX with x64 enabled gives
/// {seed >> 32, seed mod 2^32}, different for negative or large seeds.)
Array PRNGKey(int64_t seed);
/// From an integer 0-d array (may be traced): {seed >> 32 (0 for 32-bit
/// seeds), low 32 bits}.
Array PRNGKey(const Array &seed);
/// jax.random.key's values, as a raw key (same as PRNGKey).
Array key(int64_t seed);
Array key(const Array &seed);

/// `num` new keys: uint32[num, 2] (or [*shape, 2]).
Array split(const Array &key, int64_t num = 2);
Array split(const Array &key, const shape_t &shape);
/// A new key from `key` and 32-bit data (C++ integers must lie in
/// [0, 2^32), as in JAX; arrays are converted to uint32).
Array fold_in(const Array &key, int64_t data);
Array fold_in(const Array &key, const Array &data);
/// The threefry2x32 hash of uint32 `count` under the uint32[2] `keypair`
/// (jax.extend.random.threefry_2x32): uint32 of count's shape.
Array threefry_2x32(const Array &keypair, const Array &count);

/// Uniform random bits; `t` an unsigned integer dtype.
Array bits(const Array &key, const shape_t &shape = {},
           dtype t = dtype::uint32);
/// Uniform in [minval, maxval) (minval/maxval broadcast to `shape`);
/// floating `t`. Note: a C++ floating scalar is a float32 literal in jx, so
/// pass float64 arrays for bounds not representable in float32.
Array uniform(const Array &key, const shape_t &shape = {},
              dtype t = dtype::float32, const Array &minval = 0.0f,
              const Array &maxval = 1.0f);
/// Uniform integers in [minval, maxval) (integer `t`), as jax.random.randint.
Array randint(const Array &key, const shape_t &shape, const Array &minval,
              const Array &maxval, dtype t = dtype::int32);
/// Standard normal (floating `t`).
Array normal(const Array &key, const shape_t &shape = {},
             dtype t = dtype::float32);
/// Standard normal truncated to (lower, upper); the shape defaults to the
/// bounds' broadcast shape.
Array truncated_normal(const Array &key, const Array &lower,
                       const Array &upper,
                       std::optional<shape_t> shape = std::nullopt,
                       dtype t = dtype::float32);
/// Bool samples that are true with probability p (floating); the shape
/// defaults to p's. mode "low" (default) or "high" as in JAX.
Array bernoulli(const Array &key, const Array &p = 0.5f,
                std::optional<shape_t> shape = std::nullopt,
                const std::string &mode = "low");
/// Standard Gumbel samples (JAX's default "low" mode).
Array gumbel(const Array &key, const shape_t &shape = {},
             dtype t = dtype::float32);
/// int32 samples from the categorical distributions softmax(logits, axis)
/// (Gumbel-max with replacement, as JAX); the shape defaults to logits'
/// shape without `axis`, and may add leading dimensions.
Array categorical(const Array &key, const Array &logits, int64_t axis = -1,
                  std::optional<shape_t> shape = std::nullopt);
/// A random permutation of arange(n) (int32), or of x along `axis` (each
/// slice independently when `independent`).
Array permutation(const Array &key, int64_t n);
Array permutation(const Array &key, const Array &x, int64_t axis = 0,
                  bool independent = false);

} // namespace jx::random

#endif // JX_RANDOM_H
