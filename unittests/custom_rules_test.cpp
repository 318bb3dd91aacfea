// custom_rules_test.cpp - jx::custom_jvp, jx::custom_vjp, jx::checkpoint:
// the user's rules are what differentiation uses (in both modes, at any
// order), they compose with vmap and jit, checkpoint recomputes its forward
// pass in reverse mode (and keeps what its policy saves), and mistakes are
// named. Expected values: analytic, finite differences, or JAX
// (gen_custom_rules_expected.py).

#include "jx/jx.h"

#include "grad_harness.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <regex>

namespace jnp = jx::numpy;
namespace lax = jx::lax;
using jx::Array;

namespace {

Array f64(const std::vector<double> &v, const jx::shape_t &shape) {
  return jx::array(v, shape, jx::dtype::float64);
}
Array scalar64(double v) { return f64({v}, {}); }

double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }

void expect_near(const Array &got, const Array &want, double tol,
                 const std::string &what) {
  ASSERT_EQ(got.shape(), want.shape()) << what;
  std::vector<double> g = got.astype(jx::dtype::float64).to_vector<double>();
  std::vector<double> w = want.astype(jx::dtype::float64).to_vector<double>();
  for (std::size_t i = 0; i < g.size(); ++i)
    EXPECT_NEAR(g[i], w[i], tol) << what << " [" << i << "]";
}

/// Central finite difference of a scalar function of a scalar.
double fd(const std::function<double(double)> &f, double x, double h = 1e-5) {
  return (f(x + h) - f(x - h)) / (2 * h);
}

/// Number of equations of primitive `name` in `j`, its sub-jaxprs included.
int count_eqns(const jx::Jaxpr &j, const std::string &name) {
  int n = 0;
  for (const jx::Eqn &e : j.eqns) {
    n += e.name() == name;
    for (const auto &[k, p] : e.params)
      if (auto *sub = std::get_if<std::shared_ptr<const jx::ClosedJaxpr>>(&p))
        n += count_eqns(*(*sub)->jaxpr, name);
  }
  return n;
}
int count_eqns(const jx::ClosedJaxpr &j, const std::string &name) {
  return count_eqns(*j.jaxpr, name);
}

using grad_harness::error_of;

#define EXPECT_HAS(text, part)                                                 \
  EXPECT_NE(std::string(text).find(part), std::string::npos)                   \
      << "missing \"" << (part) << "\" in: " << (text)

// --- custom_jvp ----------------------------------------------------------------

auto naive_log1pexp(const Array &x) { return jnp::log1p(jnp::exp(x)); }

// JAX's documentation example: log(1 + e^x), whose derivative computed
// through exp overflows to inf / inf = nan for large x.
const auto log1pexp = jx::custom_jvp(
    [](const Array &x) { return jnp::log1p(jnp::exp(x)); },
    [](const Array &x, const Array &t) {
      return std::make_pair(jnp::log1p(jnp::exp(x)), t * jx::nn::sigmoid(x));
    },
    "log1pexp");

TEST(CustomJvp, StableGradientWhereTheNaiveOneIsNan) {
  Array x = jx::array({100.0f}).reshape({});
  EXPECT_TRUE(std::isnan(jx::grad(naive_log1pexp)(x).item<float>()));
  EXPECT_EQ(jx::grad(log1pexp)(x).item<float>(), 1.0f);
  EXPECT_EQ(jx::jit(jx::grad(log1pexp))(x).item<float>(), 1.0f);
  // The primal value is the function's.
  EXPECT_EQ(log1pexp(x).item<float>(), naive_log1pexp(x).item<float>());
}

// Table: each mode of differentiation through log1pexp vs analytic values
// (sigmoid, and its derivative s (1 - s) for second order) and vs finite
// differences of the function itself, in float64.
struct mode_row {
  const char *name;
  std::function<double(double)> derivative; // computed by jx
  std::function<double(double)> expected;
};

std::vector<mode_row> log1pexp_rows() {
  auto scalar = [](double x) { return scalar64(x); };
  return {
      {"grad", [=](double x) { return jx::grad(log1pexp)(scalar(x)).item<double>(); },
       sigmoid},
      {"jvp",
       [=](double x) {
         return jx::jvp(log1pexp, scalar(x), scalar64(1.0)).second.item<double>();
       },
       sigmoid},
      {"vjp",
       [=](double x) {
         auto [y, back] = jx::vjp(log1pexp, scalar(x));
         return std::get<0>(back(scalar64(1.0))).item<double>();
       },
       sigmoid},
      {"jit(grad)",
       [=](double x) {
         return jx::jit(jx::grad(log1pexp))(scalar(x)).item<double>();
       },
       sigmoid},
      {"linearize",
       [=](double x) {
         auto [y, lin] = jx::linearize(log1pexp, scalar(x));
         return lin(scalar64(1.0)).item<double>();
       },
       sigmoid},
      {"grad(grad)",
       [=](double x) {
         return jx::grad(jx::grad(log1pexp))(scalar(x)).item<double>();
       },
       [](double x) { return sigmoid(x) * (1 - sigmoid(x)); }},
      {"jvp(grad)",
       [=](double x) {
         return jx::jvp(jx::grad(log1pexp), scalar(x), scalar64(1.0))
             .second.item<double>();
       },
       [](double x) { return sigmoid(x) * (1 - sigmoid(x)); }},
      {"grad(jvp)",
       [=](double x) {
         auto tangent_out = [](const Array &v) {
           return jx::jvp(log1pexp, v, scalar64(1.0)).second;
         };
         return jx::grad(tangent_out)(scalar(x)).item<double>();
       },
       [](double x) { return sigmoid(x) * (1 - sigmoid(x)); }},
  };
}

TEST(CustomJvp, EveryModeMatchesAnalyticAndFiniteDifferences) {
  auto f = [](double x) { return log1pexp(scalar64(x)).item<double>(); };
  auto df = [](double x) {
    return jx::grad(log1pexp)(scalar64(x)).item<double>();
  };
  for (const mode_row &row : log1pexp_rows())
    for (double x : {-3.0, -0.5, 0.0, 0.7, 4.0}) {
      double got = row.derivative(x);
      EXPECT_NEAR(got, row.expected(x), 1e-12) << row.name << " at " << x;
      bool second = std::string(row.name).find("grad(") == 0 ||
                    std::string(row.name) == "jvp(grad)";
      double numeric = second && std::string(row.name) != "jit(grad)"
                           ? fd(df, x)
                           : fd(f, x);
      EXPECT_NEAR(got, numeric, 1e-7) << row.name << " at " << x << " (fd)";
    }
}

// The rule is what is differentiated, never the function's own ops: a
// deliberately "wrong" rule shows in every mode.
TEST(CustomJvp, TheRuleIsUsedNotTheFunction) {
  auto f = jx::custom_jvp(
      [](const Array &x) { return jnp::sin(x); },
      [](const Array &x, const Array &t) {
        return std::make_pair(jnp::sin(x), t * 3.0);
      });
  Array x = f64({0.1, 0.2}, {2});
  Array t = f64({1.0, -2.0}, {2});
  auto sum = [f](const Array &v) { return f(v).sum(); };
  expect_near(jx::grad(sum)(x), f64({3, 3}, {2}), 0, "grad");
  expect_near(jx::jvp(f, x, t).second, f64({3, -6}, {2}), 0, "jvp");
  expect_near(jx::jacrev(f)(x), f64({3, 0, 0, 3}, {2, 2}), 0, "jacrev");
  expect_near(jx::jacfwd(f)(x), f64({3, 0, 0, 3}, {2, 2}), 0, "jacfwd");
  // grad of grad: the rule's tangent map t -> 3 t has zero derivative in x.
  auto g = [f](const Array &v) { return f(v); };
  expect_near(jx::grad(jx::grad(g))(scalar64(0.4)), scalar64(0), 0,
              "grad(grad)");
}

// Two arguments (trees), a zero tangent materialized for the rule, the
// tuple form of the rule, grad with respect to both.
TEST(CustomJvp, SeveralArgumentsAndTupleRule) {
  auto f = jx::custom_jvp(
      [](const Array &x, const std::vector<Array> &ys) {
        return x * ys[0] + ys[1];
      },
      [](const std::tuple<Array, std::vector<Array>> &p,
         const std::tuple<Array, std::vector<Array>> &t) {
        const auto &[x, ys] = p;
        const auto &[tx, tys] = t;
        Array out = x * ys[0] + ys[1];
        return std::make_pair(out, tx * ys[0] + x * tys[0] + tys[1]);
      },
      "bilinear");
  Array x = f64({2.0}, {}), a = f64({3.0}, {}), b = f64({5.0}, {});
  std::vector<Array> ys{a, b};
  auto [gx, gys] = jx::grad<0, 1>(f)(x, ys);
  EXPECT_EQ(gx.item<double>(), 3.0);
  EXPECT_EQ(gys[0].item<double>(), 2.0);
  EXPECT_EQ(gys[1].item<double>(), 1.0);
  // jvp with respect to x only: ys' tangents are zeros.
  auto [y, dy] = jx::jvp([&](const Array &v) { return f(v, ys); }, x,
                         scalar64(1.0));
  EXPECT_EQ(y.item<double>(), 11.0);
  EXPECT_EQ(dy.item<double>(), 3.0);
}

// A custom_jvp function closing over a concrete array (a constant of its
// jaxpr, passed as a leading input), under jit and grad.
TEST(CustomJvp, ClosesOverAConstant) {
  Array c = f64({2.0, 4.0}, {2});
  auto scale = jx::custom_jvp(
      [c](const Array &x) { return x * c; },
      [c](const Array &x, const Array &t) { return std::make_pair(x * c, t * c); });
  auto loss = [scale](const Array &x) { return scale(x).sum(); };
  Array x = f64({1.0, 1.0}, {2});
  expect_near(jx::grad(loss)(x), c, 0, "grad");
  expect_near(jx::jit(jx::grad(loss))(x), c, 0, "jit(grad)");
  expect_near(jx::jit(scale)(x), f64({2, 4}, {2}), 0, "jit");
}

// vmap: the call batched and the rule vmapped; every composition order.
TEST(CustomJvp, VmapMatchesALoop) {
  Array xs = f64({-2.0, 0.5, 3.0, 100.0}, {4});
  Array ys = jx::vmap(log1pexp)(xs);
  Array gs = jx::vmap(jx::grad(log1pexp))(xs);
  // grad of vmap: the batched call's rule is the vmapped user rule.
  Array gv = jx::grad([](const Array &v) { return jx::vmap(log1pexp)(v).sum(); })(xs);
  Array jv = jx::jvp(jx::vmap(log1pexp), xs, f64({1, 1, 1, 1}, {4})).second;
  Array jit_gs = jx::jit(jx::vmap(jx::grad(log1pexp)))(xs);
  for (int64_t i = 0; i < 4; ++i) {
    double x = xs.to_vector<double>()[i];
    double y = log1pexp(scalar64(x)).item<double>();
    double g = jx::grad(log1pexp)(scalar64(x)).item<double>();
    EXPECT_EQ(ys.to_vector<double>()[i], y) << i;
    EXPECT_NEAR(gs.to_vector<double>()[i], g, 1e-15) << i;
    EXPECT_NEAR(gv.to_vector<double>()[i], g, 1e-15) << i;
    EXPECT_NEAR(jv.to_vector<double>()[i], g, 1e-15) << i;
    EXPECT_NEAR(jit_gs.to_vector<double>()[i], g, 1e-15) << i;
  }
  // A shared (unbatched) argument next to a batched one, batched on axis 1.
  auto f = jx::custom_jvp(
      [](const Array &w, const Array &x) { return jnp::sin(w * x); },
      [](const Array &w, const Array &x, const Array &tw, const Array &tx) {
        Array c = jnp::cos(w * x);
        return std::make_pair(jnp::sin(w * x), c * (tw * x + w * tx));
      });
  Array w = f64({0.3, -0.7}, {2});
  Array xb = f64({1, 2, 3, 4, 5, 6}, {2, 3});
  auto loss = [f](const Array &w, const Array &x) { return f(w, x).sum(); };
  Array gw = jx::grad([&](const Array &v) {
    return jx::vmap(loss, {jx::not_mapped, 1})(v, xb).sum();
  })(w);
  Array want = jnp::zeros({2}, jx::dtype::float64);
  for (int64_t j = 0; j < 3; ++j) {
    Array col = lax::slice(xb, {0, j}, {2, j + 1}).reshape({2});
    want = want + jx::grad(loss)(w, col);
  }
  expect_near(gw, want, 1e-14, "grad of vmap over axis 1, shared w");
}

TEST(CustomJvp, JaxprPrintsTheCall) {
  jx::ClosedJaxpr j =
      jx::make_jaxpr(log1pexp)(jx::array({1.0f}).reshape({}));
  std::string text = std::regex_replace(j.str(), std::regex("#[0-9]+"), "");
  // JAX (gen_custom_rules_expected.py); jx shows the rule as <name>_jvp#<id>.
  EXPECT_EQ(text, R"({ lambda ; a:f32[]. let
    b:f32[] = custom_jvp_call[
      name=log1pexp
      call_jaxpr={ lambda ; c:f32[]. let
          d:f32[] = exp c
          e:f32[] = log1p d
        in (e,) }
      jvp=log1pexp_jvp
      symbolic_zeros=False
    ] a
  in (b,) })");
  jx::check_jaxpr(*j.jaxpr);
  // Two custom functions never share a rule's name (eager cache keys).
  auto other = jx::custom_jvp(naive_log1pexp, [](const Array &x, const Array &t) {
    return std::make_pair(naive_log1pexp(x), t);
  }, "log1pexp");
  std::string a = j.str();
  std::string b = jx::make_jaxpr(other)(jx::array({1.0f}).reshape({})).str();
  EXPECT_NE(a, b);
}

TEST(CustomJvp, RuleOfTheWrongShapeIsNamed) {
  auto bad = jx::custom_jvp(
      [](const Array &x) { return x * 2.0; },
      [](const Array &x, const Array &t) {
        return std::make_pair(x * 2.0, jnp::zeros({3}, jx::dtype::float64));
      },
      "bad");
  Array x = f64({1, 2}, {2});
  std::string fwd = error_of([&] { jx::jvp(bad, x, x); });
  EXPECT_HAS(fwd, "jx::custom_jvp: the jvp rule of 'bad' returned a tangent "
                  "output of type f64[3] for a primal of type f64[2]");
  std::string rev = error_of([&] {
    jx::grad([&](const Array &v) { return bad(v).sum(); })(x);
  });
  EXPECT_HAS(rev, "jx::custom_jvp: the jvp rule of 'bad' returned a tangent "
                  "output of type f64[3] for a primal of type f64[2]");
  auto wrong_primal = jx::custom_jvp(
      [](const Array &x) { return x * 2.0; },
      [](const Array &x, const Array &t) {
        return std::make_pair(x.sum(), t);
      },
      "wrong_primal");
  EXPECT_HAS(error_of([&] { jx::jvp(wrong_primal, x, x); }),
             "the jvp rule of 'wrong_primal' returned a primal output of type "
             "f64[] for a value of type f64[2]");
}

TEST(CustomJvp, ClosingOverADifferentiatedValueIsAnError) {
  auto loss = [](const Array &w) {
    auto f = jx::custom_jvp([w](const Array &x) { return x * w; },
                            [w](const Array &x, const Array &t) {
                              return std::make_pair(x * w, t * w);
                            },
                            "closure");
    return f(scalar64(2.0));
  };
  EXPECT_HAS(error_of([&] { jx::grad(loss)(scalar64(1.0)); }),
             "jx::custom_jvp: the function 'closure' closes over a value of "
             "type f64[] that is being differentiated");
  EXPECT_HAS(error_of([&] { jx::jvp(loss, scalar64(1.0), scalar64(1.0)); }),
             "the function 'closure' closes over a value");
}

// --- custom_vjp ----------------------------------------------------------------

// sin, whose gradient is clipped to [-0.5, 0.5] by the backward pass.
const auto clip_gradient = jx::custom_vjp(
    [](const Array &x) { return jnp::sin(x); },
    [](const Array &x) { return std::make_pair(jnp::sin(x), jnp::cos(x)); },
    [](const Array &cos_x, const Array &ct) {
      return jnp::clip(ct * cos_x, Array(-0.5), Array(0.5));
    },
    "clip_gradient");

TEST(CustomVjp, BwdClipsTheGradient) {
  Array xs = f64({0.1, 1.0, 1.5, 3.0}, {4});
  auto loss = [](const Array &x) { return clip_gradient(x).sum(); };
  // JAX: [0.5, 0.5, 0.0707372, -0.5] (gen_custom_rules_expected.py).
  Array want = f64({0.5, 0.5, std::cos(1.5), -0.5}, {4});
  expect_near(jx::grad(loss)(xs), want, 1e-15, "grad");
  expect_near(jx::jit(jx::grad(loss))(xs), want, 1e-15, "jit(grad)");
  expect_near(clip_gradient(xs), jnp::sin(xs), 0, "primal");
  expect_near(jx::jit(clip_gradient)(xs), jnp::sin(xs), 1e-15, "jit");
  auto [y, back] = jx::vjp(clip_gradient, xs);
  expect_near(std::get<0>(back(f64({0.1, 10, 10, 1}, {4}))),
              f64({0.1 * std::cos(0.1), 0.5, 0.5, -0.5}, {4}), 1e-15, "vjp");
  // Reverse over reverse: the bwd's own ops are differentiated.
  auto g = [](const Array &x) { return jx::grad(clip_gradient)(x); };
  EXPECT_NEAR(jx::grad(g)(scalar64(1.5)).item<double>(), -std::sin(1.5), 1e-15);
}

// Residuals of any tree, two arguments, a cotangent tuple from bwd.
TEST(CustomVjp, TreesOfResidualsAndArguments) {
  auto f = jx::custom_vjp(
      [](const Array &x, const Array &y) { return x * y; },
      [](const Array &x, const Array &y) {
        return std::make_pair(x * y, std::make_pair(x, y));
      },
      [](const std::pair<Array, Array> &res, const Array &ct) {
        // A deliberately scaled gradient, to see that bwd is used.
        return std::make_tuple(ct * res.second * 2.0, ct * res.first * 2.0);
      });
  auto [gx, gy] = jx::grad<0, 1>(f)(scalar64(3.0), scalar64(5.0));
  EXPECT_EQ(gx.item<double>(), 10.0);
  EXPECT_EQ(gy.item<double>(), 6.0);
}

TEST(CustomVjp, VmapMatchesALoop) {
  Array xs = f64({0.1, 1.0, 1.5, 3.0, -2.0, 0.4}, {2, 3});
  // vmap of the function, of its gradient, and grad of a vmap (the batched
  // fwd and bwd).
  Array ys = jx::vmap(clip_gradient)(xs);
  auto row_loss = [](const Array &r) { return clip_gradient(r).sum(); };
  Array gs = jx::vmap(jx::grad(row_loss))(xs);
  Array gv = jx::grad([](const Array &v) { return jx::vmap(clip_gradient)(v).sum(); })(xs);
  Array jgs = jx::jit(jx::vmap(jx::grad(row_loss)))(xs);
  for (int64_t i = 0; i < 2; ++i) {
    Array row = lax::slice(xs, {i, 0}, {i + 1, 3}).reshape({3});
    Array want_g = jx::grad(row_loss)(row);
    Array got_y = lax::slice(ys, {i, 0}, {i + 1, 3}).reshape({3});
    expect_near(got_y, clip_gradient(row), 0, "vmap");
    expect_near(lax::slice(gs, {i, 0}, {i + 1, 3}).reshape({3}), want_g, 1e-15,
                "vmap(grad)");
    expect_near(lax::slice(gv, {i, 0}, {i + 1, 3}).reshape({3}), want_g, 1e-15,
                "grad(vmap)");
    expect_near(lax::slice(jgs, {i, 0}, {i + 1, 3}).reshape({3}), want_g,
                1e-15, "jit(vmap(grad))");
  }
  // An unbatched argument's cotangent is summed over the batch.
  auto scaled = jx::custom_vjp(
      [](const Array &w, const Array &x) { return w * x; },
      [](const Array &w, const Array &x) {
        return std::make_pair(w * x, std::make_pair(w, x));
      },
      [](const std::pair<Array, Array> &r, const Array &ct) {
        return std::make_tuple(jnp::clip(ct * r.second, Array(-1.0), Array(1.0)),
                               ct * r.first);
      });
  Array w = scalar64(2.0);
  Array x = f64({0.25, 3.0, -0.5}, {3});
  Array gw = jx::grad([&](const Array &v) {
    return jx::vmap(scaled, {jx::not_mapped, 0})(v, x).sum();
  })(w);
  EXPECT_NEAR(gw.item<double>(), 0.25 + 1.0 - 0.5, 1e-15);
}

TEST(CustomVjp, JaxprPrintsTheCall) {
  jx::ClosedJaxpr j =
      jx::make_jaxpr(clip_gradient)(jx::array({1.0f}).reshape({}));
  std::string text = std::regex_replace(j.str(), std::regex("#[0-9]+"), "");
  EXPECT_EQ(text, R"({ lambda ; a:f32[]. let
    b:f32[] = custom_vjp_call[
      name=clip_gradient
      bwd=clip_gradient_bwd
      call_jaxpr={ lambda ; c:f32[]. let d:f32[] = sin c in (d,) }
      fwd=clip_gradient_fwd
      symbolic_zeros=False
    ] a
  in (b,) })");
}

TEST(CustomVjp, Errors) {
  Array x = f64({1, 2}, {2});
  // Forward mode is not supported, as in JAX.
  std::string e = error_of([&] { jx::jvp(clip_gradient, x, x); });
  EXPECT_HAS(e, "can't apply forward-mode autodiff (jvp");
  EXPECT_HAS(e, "custom_vjp function 'clip_gradient'");
  EXPECT_HAS(error_of([&] { jx::jacfwd(clip_gradient)(x); }),
             "custom_vjp functions do not support forward mode");
  // A bwd giving a cotangent of the wrong shape.
  auto bad = jx::custom_vjp(
      [](const Array &x) { return x * 2.0; },
      [](const Array &x) { return std::make_pair(x * 2.0, x); },
      [](const Array &, const Array &ct) { return ct.sum(); }, "bad");
  EXPECT_HAS(error_of([&] {
               jx::grad([&](const Array &v) { return bad(v).sum(); })(x);
             }),
             "jx::custom_vjp: the bwd rule of 'bad' returned a cotangent of "
             "type f64[] for a primal of type f64[2]");
  // A fwd whose output is not the function's.
  auto bad_fwd = jx::custom_vjp(
      [](const Array &x) { return x * 2.0; },
      [](const Array &x) { return std::make_pair(x.sum(), x); },
      [](const Array &, const Array &ct) { return ct; }, "bad_fwd");
  EXPECT_HAS(error_of([&] {
               jx::grad([&](const Array &v) { return bad_fwd(v).sum(); })(x);
             }),
             "the fwd rule of 'bad_fwd' returned a primal output of type f64[] "
             "for a value of type f64[2]");
}

// --- checkpoint ------------------------------------------------------------------

Array chain(const Array &x) { return jnp::sin(jnp::sin(x) * x).sum(); }

TEST(Checkpoint, GradEqualsTheUncheckpointedGrad) {
  Array x = f64({0.3, -1.2, 2.0}, {3});
  Array want = jx::grad(chain)(x);
  for (auto policy : {std::optional<jx::checkpoint_policy>(),
                      std::optional(jx::checkpoint_policies::nothing_saveable),
                      std::optional(jx::checkpoint_policies::dots_saveable),
                      std::optional(jx::checkpoint_policies::everything_saveable)}) {
    auto c = jx::checkpoint(chain, policy);
    expect_near(jx::grad(c)(x), want, 1e-15, "grad");
    expect_near(jx::jit(jx::grad(c))(x), want, 1e-15, "jit(grad)");
    expect_near(c(x).reshape({1}), chain(x).reshape({1}), 0, "primal");
    expect_near(jx::jit(c)(x).reshape({1}), chain(x).reshape({1}), 1e-15,
                "jit");
    // Second order (reverse over reverse, forward over reverse).
    auto inner = [c](const Array &v) { return jx::grad(c)(v).sum(); };
    auto plain = [](const Array &v) { return jx::grad(chain)(v).sum(); };
    expect_near(jx::grad(inner)(x), jx::grad(plain)(x), 1e-14, "grad(grad)");
    Array t = f64({1, -1, 0.5}, {3});
    expect_near(jx::jvp(jx::grad(c), x, t).second,
                jx::jvp(jx::grad(chain), x, t).second, 1e-14, "jvp(grad)");
    // vmap.
    Array xs = f64({0.3, -1.2, 2.0, 0.1, 0.2, 0.3}, {2, 3});
    Array gs = jx::vmap(jx::grad(c))(xs);
    Array gv = jx::grad([c](const Array &v) { return jx::vmap(c)(v).sum(); })(xs);
    for (int64_t i = 0; i < 2; ++i) {
      Array row = lax::slice(xs, {i, 0}, {i + 1, 3}).reshape({3});
      expect_near(lax::slice(gs, {i, 0}, {i + 1, 3}).reshape({3}),
                  jx::grad(chain)(row), 1e-15, "vmap(grad)");
      expect_near(lax::slice(gv, {i, 0}, {i + 1, 3}).reshape({3}),
                  jx::grad(chain)(row), 1e-15, "grad(vmap)");
    }
  }
  // Against finite differences too.
  auto c = jx::checkpoint(chain);
  std::vector<double> g = jx::grad(c)(x).to_vector<double>();
  for (int i = 0; i < 3; ++i) {
    auto fi = [&](double v) {
      std::vector<double> xv = x.to_vector<double>();
      xv[i] = v;
      return chain(f64(xv, {3})).item<double>();
    };
    EXPECT_NEAR(g[i], fd(fi, x.to_vector<double>()[i]), 1e-8) << i;
  }
}

// The backward pass recomputes the forward pass: the jaxpr of
// grad(checkpoint(f)) has f's sin equations twice as often as grad(f)'s.
TEST(Checkpoint, BackwardPassRecomputes) {
  Array x = f64({0.3, -1.2, 2.0}, {3});
  jx::ClosedJaxpr plain = jx::make_jaxpr(jx::grad(chain))(x);
  jx::ClosedJaxpr remat = jx::make_jaxpr(jx::grad(jx::checkpoint(chain)))(x);
  EXPECT_EQ(count_eqns(plain, "sin"), 2) << plain;
  EXPECT_EQ(count_eqns(remat, "sin"), 4) << remat;
  EXPECT_EQ(count_eqns(remat, "cos"), count_eqns(plain, "cos"));
  // everything_saveable: ordinary reverse mode.
  jx::ClosedJaxpr all = jx::make_jaxpr(jx::grad(
      jx::checkpoint(chain, jx::checkpoint_policies::everything_saveable)))(x);
  EXPECT_EQ(count_eqns(all, "sin"), 2) << all;
  // The function's own jaxpr keeps it a checkpoint (JAX's remat2).
  jx::ClosedJaxpr j = jx::make_jaxpr(jx::checkpoint([](const Array &v) {
    return jnp::sin(jnp::sin(v));
  }))(jx::array({1.0f}).reshape({}));
  EXPECT_EQ(j.str(), R"({ lambda ; a:f32[]. let
    b:f32[] = remat2[
      differentiated=False
      jaxpr={ lambda ; c:f32[]. let d:f32[] = sin c; e:f32[] = sin d in (e,) }
      policy=None
      prevent_cse=True
    ] a
  in (b,) })");
  // jvp and vmap keep it a checkpoint.
  jx::ClosedJaxpr jv = jx::make_jaxpr([](const Array &v) {
    return jx::jvp(jx::checkpoint(chain), v, v).second;
  })(x);
  EXPECT_EQ(count_eqns(jv, "remat2"), 1) << jv;
  // Its outputs: the primal and one tangent (the loop that appended the
  // tangents once ran over them too, reading past the outputs' avals).
  for (const jx::Eqn &e : jv.jaxpr->eqns)
    if (e.name() == "remat2")
      EXPECT_EQ(e.outvars.size(), 2u) << jv;
  jx::ClosedJaxpr vm = jx::make_jaxpr(jx::vmap(jx::checkpoint(chain)))(
      f64({1, 2, 3, 4, 5, 6}, {2, 3}));
  EXPECT_EQ(count_eqns(vm, "remat2"), 1) << vm;
  // jvp of a checkpoint: the tangent equals the plain one.
  Array t = f64({0.5, 1, -1}, {3});
  EXPECT_NEAR(jx::jvp(jx::checkpoint(chain), x, t).second.item<double>(),
              jx::jvp(chain, x, t).second.item<double>(), 1e-15);
}

// dots_saveable keeps dot_general results: the backward pass recomputes
// the elementwise ops but not the matmul.
TEST(Checkpoint, DotsSaveableKeepsMatmuls) {
  auto mlp = [](const Array &w, const Array &x) {
    return jnp::tanh(jnp::sin(jnp::matmul(w, x))).sum();
  };
  Array w = f64({0.1, 0.2, -0.3, 0.4, 0.5, -0.6}, {2, 3});
  Array x = f64({1.0, -2.0, 0.5}, {3});
  std::string probe = error_of([&] { jx::grad(mlp)(w, x); });
  if (probe.find("has no reverse-mode (vjp) rule") != std::string::npos)
    GTEST_SKIP() << "dot_general has no vjp rule on this branch: " << probe;
  auto nothing = jx::checkpoint(mlp, jx::checkpoint_policies::nothing_saveable);
  auto dots = jx::checkpoint(mlp, jx::checkpoint_policies::dots_saveable);
  jx::ClosedJaxpr plain = jx::make_jaxpr(jx::grad<0, 1>(mlp))(w, x);
  jx::ClosedJaxpr jn = jx::make_jaxpr(jx::grad<0, 1>(nothing))(w, x);
  jx::ClosedJaxpr jd = jx::make_jaxpr(jx::grad<0, 1>(dots))(w, x);
  int base = count_eqns(plain, "dot_general"); // forward + transposes
  EXPECT_EQ(count_eqns(jn, "dot_general"), base + 1) << jn;
  EXPECT_EQ(count_eqns(jd, "dot_general"), base) << jd;
  EXPECT_EQ(count_eqns(jn, "sin"), 2 * count_eqns(plain, "sin"));
  EXPECT_EQ(count_eqns(jd, "sin"), 2 * count_eqns(plain, "sin"));
  auto [pw, px] = jx::grad<0, 1>(mlp)(w, x);
  for (auto *c : {&nothing, &dots}) {
    auto [gw, gx] = jx::grad<0, 1>(*c)(w, x);
    expect_near(gw, pw, 1e-15, "grad w");
    expect_near(gx, px, 1e-15, "grad x");
    auto [jw, jx_] = jx::jit(jx::grad<0, 1>(*c))(w, x);
    expect_near(jw, pw, 1e-15, "jit grad w");
    expect_near(jx_, px, 1e-15, "jit grad x");
  }
}

// --- inside control flow ----------------------------------------------------------

// A checkpointed scan body (the usual way to bound a loop's memory) and a
// custom_jvp function in a body: the loop's rules run the custom ones.
TEST(CustomRules, InsideScan) {
  auto body = [](const Array &c, const Array &x) {
    Array n = jnp::sin(c * x) + log1pexp(x);
    return std::make_pair(n, n * n);
  };
  auto loss_of = [](auto b) {
    return [b](const Array &xs) {
      auto [c, ys] = lax::scan(b, scalar64(0.5), xs);
      return c + ys.sum();
    };
  };
  Array xs = f64({0.3, -1.0, 2.0, 0.7}, {4});
  Array want = jx::grad(loss_of(body))(xs);
  auto remat_body = jx::checkpoint(body);
  expect_near(jx::grad(loss_of(remat_body))(xs), want, 1e-14, "grad");
  expect_near(jx::jit(jx::grad(loss_of(remat_body)))(xs), want, 1e-14,
              "jit(grad)");
  // Against finite differences (the custom rule is exact here).
  auto loss = loss_of(body);
  for (int i = 0; i < 4; ++i) {
    auto fi = [&](double v) {
      std::vector<double> xv = xs.to_vector<double>();
      xv[i] = v;
      return loss(f64(xv, {4})).item<double>();
    };
    EXPECT_NEAR(want.to_vector<double>()[i], fd(fi, xs.to_vector<double>()[i]),
                1e-7)
        << i;
  }
}

} // namespace
