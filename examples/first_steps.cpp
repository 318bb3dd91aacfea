// first_steps.cpp - jx's C++ frontend in a page: arrays, NumPy-style ops,
// jaxprs, StableHLO and jit. It checks a few of the things it prints and
// exits non-zero if one is off (ctest runs it as jx-example-first-steps).
//
//   ninja -C build jx-example-first-steps && build/bin/jx-example-first-steps

#include "check.h"

#include <jx/jx.h>

#include <iostream>

namespace jnp = jx::numpy;
using jx::Array;

// A small layer: tanh(x @ w + b), with b captured by the caller's lambda.
Array layer(const Array &x, const Array &w, const Array &b) {
  return jnp::tanh(jnp::matmul(x, w) + b);
}

int main() {
  Array x = jx::array({0.5, -1.0, 2.0, 0.25, 1.5, -0.5}, {2, 3});
  Array w = jx::array({0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1,
                       1.2},
                      {3, 4});
  Array b = jx::array({0.0, 0.1, 0.2, 0.3}, {4});
  auto f = [b](const Array &x, const Array &w) { return layer(x, w, b); };

  // 1. The jaxpr: b is a constant the function closes over.
  jx::ClosedJaxpr jaxpr = jx::make_jaxpr(f)(x, w);
  std::cout << jaxpr << "\n\n";
  example::check(jaxpr.jaxpr->constvars.size() == 1 &&
                     jaxpr.jaxpr->invars.size() == 2,
                 "b is a constvar, x and w are inputs");

  // 2. The StableHLO that jit compiles.
  auto jf = jx::jit(f, "layer");
  std::cout << jf.lower(x, w).as_text() << "\n";

  // 3. Compiled and run; a second call with the same shapes hits the cache.
  std::cout << jf(x, w) << "\n";
  jf(x, w);
  std::cout << "compiles: " << jf.cache_misses()
            << ", cache hits: " << jf.cache_hits() << "\n";
  example::check(jf.cache_misses() == 1 && jf.cache_hits() == 1,
                 "one compile, then a cache hit");

  // 4. Eager mode: each op runs at once (through cached one-op
  // executables).
  Array y = jnp::sum(x * x, {1});
  std::cout << y << "\n";
  example::check(y.to_vector<float>() == std::vector<float>{5.25f, 2.5625f},
                 "sum(x * x, axis=1) is [5.25, 2.5625]");

  // 5. Mistakes are reported at trace time, naming the API and the types.
  std::string message;
  try {
    jnp::matmul(w, x);
  } catch (const jx::error &e) {
    message = e.what();
    std::cout << "error: " << message << "\n";
  }
  example::check(message.rfind("jx::matmul: ", 0) == 0,
                 "matmul(w, x) throws jx::error naming jx::matmul");
  return example::finish("first_steps");
}
