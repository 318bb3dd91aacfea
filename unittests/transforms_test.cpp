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

namespace tree_test {
struct Params {
  Array w, b;
  std::vector<Array> extra;
};
} // namespace tree_test
JX_REGISTER_TREE(tree_test::Params, w, b, extra)

namespace {

Array f64(std::initializer_list<double> v) {
  return jx::array(std::vector<double>(v), {static_cast<int64_t>(v.size())},
                   jx::dtype::float64);
}
Array f64s(double v) { return jx::array({v}, {}, jx::dtype::float64); }

TEST(Transforms, HessianMatchesAnalyticForm) {
  // f(x) = sum(x^3) + x0 * x1: H = diag(6 x) + [[0,1],[1,0]] on (x0, x1).
  auto f = [](const Array &x) {
    Array x0 = lax::slice(x, {0}, {1}).reshape({});
    Array x1 = lax::slice(x, {1}, {2}).reshape({});
    return (x * x * x).sum() + x0 * x1;
  };
  Array x = f64({0.5, -2.0, 3.0});
  Array h = jx::hessian(f)(x);
  ASSERT_EQ(h.shape(), (jx::shape_t{3, 3}));
  std::vector<double> want = {3.0, 1, 0, 1, -12.0, 0, 0, 0, 18.0};
  std::vector<double> got = h.to_vector<double>();
  for (int i = 0; i < 9; ++i)
    EXPECT_NEAR(got[i], want[i], 1e-12) << i;
}

TEST(Transforms, JacobiansForwardAndReverseAgree) {
  auto f = [](const Array &x) { return jnp::sin(x) * x.sum(); };
  Array x = f64({0.1, 0.2, 0.7});
  std::vector<double> a = jx::jacfwd(f)(x).to_vector<double>();
  std::vector<double> b = jx::jacrev(f)(x).to_vector<double>();
  std::vector<double> xs = {0.1, 0.2, 0.7};
  double s = 1.0;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      double want = (i == j ? std::cos(xs[i]) * s : 0.0) + std::sin(xs[i]);
      EXPECT_NEAR(a[i * 3 + j], want, 1e-12);
      EXPECT_NEAR(b[i * 3 + j], want, 1e-12);
    }
}

TEST(Transforms, GradOfTreesKeepsTheirStructure) {
  tree_test::Params p{f64({1.0, 2.0}), f64s(0.5), {f64s(3.0)}};
  auto loss = [](const tree_test::Params &p, const Array &x) {
    return ((p.w * x).sum() + p.b) * p.extra[0];
  };
  Array x = f64({10.0, 20.0});
  tree_test::Params g = jx::grad(loss)(p, x);
  // d/dw = x * e, d/db = e, d/de = sum(w x) + b
  EXPECT_EQ(g.w.to_vector<double>(), (std::vector<double>{30.0, 60.0}));
  EXPECT_EQ(g.b.item<double>(), 3.0);
  EXPECT_EQ(g.extra.at(0).item<double>(), 50.5);

  std::map<std::string, Array> m{{"a", f64s(2.0)}, {"b", f64s(3.0)}};
  auto h = [](const std::map<std::string, Array> &m) {
    return m.at("a") * m.at("b") * m.at("b");
  };
  auto gm = jx::grad(h)(m);
  EXPECT_EQ(gm.at("a").item<double>(), 9.0);
  EXPECT_EQ(gm.at("b").item<double>(), 12.0);

  auto [gp, gx] = jx::grad<0, 1>(loss)(p, x);
  EXPECT_EQ(gx.to_vector<double>(), (std::vector<double>{3.0, 6.0}));
  EXPECT_EQ(gp.b.item<double>(), 3.0);
}

TEST(Transforms, ValueAndGradWithAux) {
  auto f = [](const Array &x) {
    Array y = (x * x).sum();
    return std::make_pair(y, std::vector<Array>{x * 2.0});
  };
  auto [value, g] = jx::value_and_grad(f)(f64({1.0, 3.0}));
  EXPECT_EQ(value.first.item<double>(), 10.0);
  EXPECT_EQ(value.second.at(0).to_vector<double>(),
            (std::vector<double>{2.0, 6.0}));
  EXPECT_EQ(g.to_vector<double>(), (std::vector<double>{2.0, 6.0}));
}

TEST(Transforms, LinearizeEvaluatesThePrimalOnce) {
  auto f = [](const Array &x) { return jnp::exp(x) * jnp::sin(x); };
  Array x = f64({0.3, 1.2});
  auto [y, lin] = jx::linearize(f, x);
  Array t = f64({1.0, -2.0});
  auto [y2, dy] = jx::jvp(f, x, t);
  EXPECT_EQ(y.to_vector<double>(), y2.to_vector<double>());
  std::vector<double> a = lin(t).to_vector<double>(), b = dy.to_vector<double>();
  for (int i = 0; i < 2; ++i)
    EXPECT_NEAR(a[i], b[i], 1e-14);
}

TEST(Transforms, VjpReturnsCotangentsPerArgument) {
  auto f = [](const Array &a, const Array &b) { return a * b; };
  auto [y, pb] = jx::vjp(f, f64({1.0, 2.0}), f64({3.0, 4.0}));
  auto [ca, cb] = pb(f64({1.0, 10.0}));
  EXPECT_EQ(ca.to_vector<double>(), (std::vector<double>{3.0, 40.0}));
  EXPECT_EQ(cb.to_vector<double>(), (std::vector<double>{1.0, 20.0}));
}

TEST(Transforms, VmapOfGradEqualsGradInALoop) {
  auto loss = [](const Array &w, const Array &x) {
    return jnp::tanh((w * x).sum());
  };
  Array w = f64({0.3, -0.2});
  Array xs = jx::array({1, 2, 3, 4, 5, 6}, {3, 2}, jx::dtype::float64);
  Array per = jx::vmap(jx::grad(loss), {jx::not_mapped, 0})(w, xs);
  ASSERT_EQ(per.shape(), (jx::shape_t{3, 2}));
  std::vector<double> got = per.to_vector<double>();
  for (int i = 0; i < 3; ++i) {
    Array xi = lax::slice(xs, {i, 0}, {i + 1, 2}).reshape({2});
    std::vector<double> gi = jx::grad(loss)(w, xi).to_vector<double>();
    EXPECT_NEAR(got[i * 2], gi[0], 1e-14);
    EXPECT_NEAR(got[i * 2 + 1], gi[1], 1e-14);
  }
  // And grad of a vmapped function, and jit of vmap of grad.
  auto total = [&](const Array &w) {
    return jx::vmap([&](const Array &x) { return loss(w, x); })(xs).sum();
  };
  std::vector<double> g = jx::grad(total)(w).to_vector<double>();
  std::vector<double> summed = jnp::sum(per, 0).to_vector<double>();
  EXPECT_NEAR(g[0], summed[0], 1e-14);
  EXPECT_NEAR(g[1], summed[1], 1e-14);
  auto jitted = jx::jit([&](const Array &w, const Array &xs) {
    return jx::vmap(jx::grad(loss), {jx::not_mapped, 0})(w, xs);
  });
  EXPECT_EQ(jitted(w, xs).to_vector<double>(), got);
}

TEST(Transforms, VmapAxesAndNesting) {
  Array x = jx::array({1, 2, 3, 4, 5, 6}, {2, 3});
  // Map over axis 1, put the batch last.
  Array y = jx::vmap([](const Array &c) { return c * 2.0f; }, {1}, -1)(x);
  EXPECT_EQ(y.shape(), (jx::shape_t{2, 3}));
  EXPECT_EQ(y.to_vector<float>(), (std::vector<float>{2, 4, 6, 8, 10, 12}));
  // Nested: outer over rows, inner over elements: an outer product.
  Array a = jx::array({1.f, 2.f}), b = jx::array({10.f, 20.f, 30.f});
  auto outer = jx::vmap(
      [&](const Array &ai) {
        return jx::vmap([&](const Array &bj) { return ai * bj; })(b);
      });
  Array o = outer(a);
  EXPECT_EQ(o.shape(), (jx::shape_t{2, 3}));
  EXPECT_EQ(o.to_vector<float>(), (std::vector<float>{10, 20, 30, 20, 40, 60}));
  // out_axis not_mapped on a batched result is an error.
  EXPECT_THROW(jx::vmap([](const Array &c) { return c; }, {0}, jx::not_mapped)(x),
               jx::error);
}

TEST(Transforms, StopGradient) {
  auto f = [](const Array &x) { return (x * jx::stop_gradient(x)).sum(); };
  EXPECT_EQ(jx::grad(f)(f64({2.0, 3.0})).to_vector<double>(),
            (std::vector<double>{2.0, 3.0}));
}

TEST(Transforms, NonScalarGradIsAnError) {
  try {
    jx::grad([](const Array &x) { return x * 2.0; })(f64({1.0, 2.0}));
    FAIL() << "no error";
  } catch (const jx::error &e) {
    EXPECT_NE(std::string(e.what()).find("jx::grad: the function must return a scalar"),
              std::string::npos)
        << e.what();
  }
}

} // namespace

namespace {

TEST(Transforms, LinearizeThroughControlFlow) {
  // The jvp of a loop computes primals and tangents together: linearize
  // falls back to the jvp at the point, with the same values.
  auto f = [](const Array &x) {
    return lax::fori_loop(Array(0), Array(3),
                          [](const Array &, const Array &c) {
                            return jnp::sin(c) * 1.5;
                          },
                          x);
  };
  Array x = f64({0.3, -0.7});
  Array t = f64({1.0, 2.0});
  auto [y, lin] = jx::linearize(f, x);
  auto [y2, dy] = jx::jvp(f, x, t);
  EXPECT_EQ(y.to_vector<double>(), y2.to_vector<double>());
  EXPECT_EQ(lin(t).to_vector<double>(), dy.to_vector<double>());
}

} // namespace
