// app.cpp - jx from an installed package: jit and grad of a function.

#include <jx/jx.h>

#include <cmath>
#include <cstdio>

namespace jnp = jx::numpy;

int main() {
  auto f = [](const jx::Array &x) { return jnp::sum(jnp::tanh(x) * x); };
  jx::Array x = jx::array({0.5f, -1.0f, 2.0f});
  float y = jx::jit(f)(x).item<float>();
  std::vector<float> g = jx::jit(jx::grad(f))(x).to_vector<float>();
  // d/dx tanh(x) x = tanh(x) + x (1 - tanh(x)^2)
  float want = std::tanh(2.0f) + 2.0f * (1 - std::tanh(2.0f) * std::tanh(2.0f));
  std::printf("f(x) = %g, grad f(x)[2] = %g (expected %g)\n", y, g[2], want);
  return std::fabs(g[2] - want) < 1e-5f ? 0 : 1;
}
