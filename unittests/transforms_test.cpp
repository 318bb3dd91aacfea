// transforms_test.cpp - grad / jvp / vjp / vmap basics and composition.

#include "jx/jx.h"

#include <gtest/gtest.h>

#include <cmath>

namespace jnp = jx::numpy;
namespace lax = jx::lax;
using jx::Array;

namespace {

TEST(Transforms, GradOfSin) {
  auto f = [](const Array &x) { return jnp::sin(x) * x; };
  Array x = jx::array({0.5}, jx::dtype::float64);
  double g = jx::grad([&](const Array &v) { return f(v).sum(); })(x).item<double>();
  EXPECT_NEAR(g, std::cos(0.5) * 0.5 + std::sin(0.5), 1e-12);
}

TEST(Transforms, JvpOfProduct) {
  Array x = jx::array({1.0, 2.0}, jx::dtype::float64);
  Array t = jx::array({1.0, 0.0}, jx::dtype::float64);
  auto [y, dy] = jx::jvp([](const Array &v) { return jnp::exp(v) * v; }, x, t);
  std::vector<double> d = dy.to_vector<double>();
  EXPECT_NEAR(d[0], std::exp(1.0) * 2.0, 1e-12);
  EXPECT_EQ(d[1], 0.0);
}

TEST(Transforms, SecondDerivative) {
  auto f = [](const Array &x) { return jnp::sin(x); };
  auto df = jx::grad(f);
  auto ddf = jx::grad(df);
  Array x = jx::array({0.3}, jx::dtype::float64).reshape({});
  EXPECT_NEAR(ddf(x).item<double>(), -std::sin(0.3), 1e-12);
}

TEST(Transforms, GradUnderJit) {
  auto g = jx::jit(jx::grad([](const Array &x) { return (jnp::tanh(x) * x).sum(); }));
  Array x = jx::array({0.1f, 0.2f, -0.3f});
  std::vector<float> got = g(x).to_vector<float>();
  for (int i = 0; i < 3; ++i) {
    float v = std::vector<float>{0.1f, 0.2f, -0.3f}[i];
    float th = std::tanh(v);
    EXPECT_NEAR(got[i], th + v * (1 - th * th), 1e-6);
  }
}

TEST(Transforms, VmapElementwise) {
  Array xs = jx::array({1, 2, 3, 4, 5, 6}, {3, 2});
  Array w = jx::array({10.f, 20.f});
  auto f = [](const Array &w, const Array &x) { return w * x + 1.0f; };
  Array ys = jx::vmap(f, {jx::not_mapped, 0})(w, xs);
  EXPECT_EQ(ys.shape(), (jx::shape_t{3, 2}));
  EXPECT_EQ(ys.to_vector<float>(),
            (std::vector<float>{11, 41, 31, 81, 51, 121}));
}

TEST(Transforms, IntegerInputIsAnError) {
  auto f = [](const Array &x) { return x.astype(jx::dtype::float32).sum(); };
  try {
    jx::grad(f)(jx::array({1, 2}));
    FAIL() << "no error";
  } catch (const jx::error &e) {
    EXPECT_NE(std::string(e.what()).find("jx::grad: argument 0 has type i32[2]"),
              std::string::npos)
        << e.what();
  }
}

TEST(Transforms, VmapMismatchedSizes) {
  auto f = [](const Array &a, const Array &b) { return a + b; };
  try {
    jx::vmap(f)(jnp::ones({3}), jnp::ones({4}));
    FAIL() << "no error";
  } catch (const jx::error &e) {
    EXPECT_NE(std::string(e.what()).find("jx::vmap: mapped axes have different sizes"),
              std::string::npos)
        << e.what();
  }
}

} // namespace
