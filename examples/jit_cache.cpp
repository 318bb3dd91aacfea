// jit_cache.cpp - jx::jit: a function is traced and compiled once per input
// signature (shapes, dtypes, weak types) and the executable is reused after
// that; the counters say which calls compiled. Also: eager mode (each op
// runs at once) gives the same bits as the compiled function.
//
//   ninja -C build jx-example-jit-cache && build/bin/jx-example-jit-cache

#include "check.h"

#include <jx/jx.h>

#include <cmath>
#include <vector>

namespace jnp = jx::numpy;
using example::check;
using example::check_text;
using jx::Array;

namespace {
// A small layer; `w` and `b` are arguments, so new values reuse the cache.
Array layer(const Array &x, const Array &w, const Array &b) {
  return jnp::tanh(jnp::matmul(x, w) + b);
}
} // namespace

int main() {
  auto f = jx::jit(layer, "layer");
  Array x = jx::array({0.5, -1.0, 2.0, 0.25, 1.5, -0.5}, {2, 3});
  Array w = jx::array({0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1,
                       1.2},
                      {3, 4});
  Array b = jx::array({0.0, 0.1, 0.2, 0.3}, {4});

  // 1. The first call traces, lowers and compiles: one miss.
  Array y = f(x, w, b);
  std::cout << y << "\n";
  // JAX: jnp.tanh(x @ w + b) on the same f32 values (JAX's tanh and jx's
  // may differ in the last bit, so compare within 1e-6).
  std::vector<float> want{0.8740532f, 0.9216685f, 0.9517459f, 0.9704519f,
                          0.3140209f, 0.5005203f, 0.6498275f, 0.7615942f};
  std::vector<float> got = y.to_vector<float>();
  bool close = got.size() == want.size();
  for (std::size_t i = 0; close && i < got.size(); ++i)
    close = std::fabs(got[i] - want[i]) <= 1e-6f * (1 + std::fabs(want[i]));
  check(close && y.shape() == jx::shape_t({2, 4}),
        "layer(x, w, b) equals JAX's values (f32[2,4])");
  check(f.cache_misses() == 1 && f.cache_hits() == 0, "first call: 1 compile");

  // 2. Same shapes and dtypes, other values: the executable is reused.
  f(x * 2.0f, w, b);
  check(f.cache_misses() == 1 && f.cache_hits() == 1,
        "same signature, new values: a cache hit");

  // 3. A new shape (4 rows) or a new dtype compiles again.
  Array x4 = jnp::concatenate({x, x}, 0);
  check(f(x4, w, b).shape() == jx::shape_t({4, 4}), "4 rows give f32[4,4]");
  check(f.cache_misses() == 2, "a new shape: a second compile");
  f(x.astype(jx::float16), w.astype(jx::float16), b.astype(jx::float16));
  check(f.cache_misses() == 3, "a new dtype (f16): a third compile");

  // 4. Weak types are part of the signature, as in JAX: a C++ scalar
  //    (weak) and a 0-d float32 array (strong) compile separately.
  auto scale = jx::jit([](const Array &v, const Array &s) { return v * s; });
  scale(x, 2.0f);
  scale(x, 3.0f);
  scale(x, jx::array({2.0}, {}, jx::float32));
  check(scale.cache_misses() == 2 && scale.cache_hits() == 1,
        "weak scalar and strong 0-d array: two compiles");

  // 5. Copies of a jitted function share its cache.
  auto g = f;
  g(x, w, b);
  check(f.cache_hits() == 2, "a copy's call counts as a hit of the same cache");

  // 6. Eager mode: every op runs at once through a cached one-op
  //    executable; the result has the same bits as the compiled function.
  jx::cache_stats before = jx::eager_cache_stats();
  Array eager = layer(x, w, b);
  check(eager.buffer().data == y.buffer().data,
        "eager layer(x, w, b) == jit(layer)(x, w, b) bit for bit");
  layer(x, w, b);
  jx::cache_stats after = jx::eager_cache_stats();
  check(after.hits >= before.hits + 3,
        "repeating eager ops reuses their one-op executables");

  return example::finish("jit_cache");
}
