// user_guide.cpp - the C++ block of docs/user-guide.md ("Writing the
// program in C++ instead"), as a program that checks what it prints against
// JAX 0.10.2 (scripts/gen_example_expectations.py).
//
//   ninja -C build jx-example-user-guide && build/bin/jx-example-user-guide

#include "check.h"

#include <jx/jx.h>

#include <cmath>

namespace jnp = jx::numpy;
using example::check;
using example::check_text;
using jx::Array;

int main() {
  // ---- the block, as in the guide ----
  Array x = jnp::arange(1, 7, 1, jx::float32).reshape({2, 3});
  Array y = x * 2.0f + jx::array({10.f, 20.f, 30.f}); // broadcasting
  std::cout << y << "\n";
  std::cout << jnp::sum(y, 1) << "\n";

  auto f = jx::jit([](const Array &a) { return jnp::tanh(a).sum(); }, "f");
  std::string module = f.lower(x).as_text();
  std::cout << module;
  Array r1 = f(x), r2 = f(x * 3.0f);
  // ---- end of the block ----

  check_text(y.str(),
             "Array([[12., 24., 36.],\n"
             "       [18., 30., 42.]], dtype=float32)",
             "y as JAX prints it");
  check_text(jnp::sum(y, 1).str(), "Array([72., 90.], dtype=float32)",
             "jnp.sum(y, axis=1)");
  check(module.find("stablehlo.tanh %arg0 : tensor<2x3xf32>") !=
                std::string::npos &&
            module.find("applies stablehlo.add across dimensions = [0, 1]") !=
                std::string::npos,
        "the module is tanh then a reduce over both axes, as JAX's");
  // JAX: 5.7199025 and 5.9950423 (float32); the sum's order may differ in
  // the last bit.
  check(std::fabs(r1.item<float>() - 5.7199025f) <= 1e-6f &&
            std::fabs(r2.item<float>() - 5.9950423f) <= 1e-6f,
        "f(x) and f(3x) equal JAX's values");
  check(f.cache_misses() == 1 && f.cache_hits() == 1,
        "compiled once: 1 miss, 1 hit");
  return example::finish("user_guide");
}
