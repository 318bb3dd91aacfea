// control_flow_test.cpp - cond, switch_, while_loop, fori_loop and scan:
// values against JAX's (test/Fixtures/jax), eager and under jit; gradients
// (forward and reverse, first and second order, reverse through while_loop)
// against central finite differences in float64; vmap against a loop over
// the batch; vmap of grad against grad in a loop; the API's errors.

#include "jx/jx.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <optional>
#include <string>

namespace jnp = jx::numpy;
namespace lax = jx::lax;
using jx::Array;

namespace {

using flat = std::function<std::vector<Array>(const std::vector<Array> &)>;

std::string fixture(const std::string &file) {
  return std::string(JX_FRONTEND_INPUTS) + "/../../Fixtures/jax/" + file;
}
Array load(const std::string &file) {
  return Array(jx::runtime::read_npy(fixture(file)));
}

void expect_close(const Array &got, const Array &want, double rtol,
                  double atol, const std::string &what) {
  ASSERT_EQ(got.shape(), want.shape()) << what;
  ASSERT_EQ(got.dtype(), want.dtype()) << what;
  std::vector<double> g = got.to_vector<double>(), w = want.to_vector<double>();
  for (std::size_t i = 0; i < g.size(); ++i)
    EXPECT_LE(std::abs(g[i] - w[i]), atol + rtol * std::abs(w[i]))
        << what << " element " << i << ": got " << g[i] << " want " << w[i];
}

/// Runs `body`; returns the message when it failed only for want of
/// another primitive's rule (those land with the rule families; control
/// flow's own rules must be there), so the test can skip.
template <class F> std::optional<std::string> missing_rule(F body) {
  try {
    body();
    return std::nullopt;
  } catch (const jx::error &e) {
    std::string m = e.what();
    bool missing = m.find("has no") != std::string::npos &&
                   m.find("rule") != std::string::npos;
    bool ours = m.find("'cond'") != std::string::npos ||
                m.find("'while'") != std::string::npos ||
                m.find("'scan'") != std::string::npos;
    if (missing && !ours)
      return m;
    throw;
  }
}
#define RUN_OR_SKIP(...)                                                       \
  do {                                                                         \
    auto skip_ = missing_rule([&] { __VA_ARGS__; });                           \
    if (skip_)                                                                 \
      GTEST_SKIP() << "needs another primitive's rule: " << *skip_;            \
  } while (0)

std::vector<Array> jit_call(const flat &f, const std::vector<Array> &args) {
  return jx::detail::jit_core(f, "f").call(args);
}

// --- values against JAX's ------------------------------------------------------

/// Collatz step count of one int32 value (JAX's while_loop_i32 fixture
/// vmaps it): % and // as truncating division, the inputs being positive.
Array collatz_steps(const Array &x) {
  auto r = lax::while_loop(
      [](const std::pair<Array, Array> &c) { return lax::ne(c.first, 1); },
      [](const std::pair<Array, Array> &c) {
        Array v = c.first;
        Array half = lax::div(v, 2);
        Array even = lax::eq(lax::sub(v, lax::mul(half, 2)), 0);
        return std::make_pair(jnp::where(even, half, v * 3 + 1), c.second + 1);
      },
      std::make_pair(x, Array(0)));
  return r.second;
}

struct fixture_row {
  std::string name;
  int n_in, n_out;
  flat f;
};

const std::vector<fixture_row> &fixture_rows() {
  static const std::vector<fixture_row> rows = {
      {"cond_f32", 3, 1,
       [](const std::vector<Array> &a) {
         return std::vector<Array>{lax::cond(
             a[0], [](const Array &x, const Array &y) { return jnp::sin(x) * y; },
             [](const Array &x, const Array &y) { return x - y; }, a[1], a[2])};
       }},
      {"cond_index_i32", 2, 2,
       [](const std::vector<Array> &a) {
         Array n = a[0];
         auto r = lax::cond(
             n > 0,
             [n](const Array &v) { return std::make_pair(v * 2.0f, n + 1); },
             [n](const Array &v) { return std::make_pair(v + 1.0f, n - 1); },
             a[1]);
         return std::vector<Array>{r.first, r.second};
       }},
      {"switch_f32", 2, 1,
       [](const std::vector<Array> &a) {
         using branch = std::function<Array(const Array &)>;
         return std::vector<Array>{lax::switch_<branch>(
             a[0],
             {[](const Array &v) { return v + 1.0f; },
              [](const Array &v) { return v * v; },
              [](const Array &v) { return jnp::cos(v); }},
             a[1])};
       }},
      {"fori_loop_f32", 2, 2,
       [](const std::vector<Array> &a) {
         Array x = a[0];
         Array r = lax::fori_loop(
             0, 5, [x](const Array &, const Array &v) { return (v + x / v) * 0.5f; },
             x);
         Array s = lax::fori_loop(
             0, a[1],
             [x](const Array &i, const Array &acc) {
               return acc + i.astype(jx::float32) * x;
             },
             jnp::zeros_like(x));
         return std::vector<Array>{r, s};
       }},
      {"scan_f32", 3, 2,
       [](const std::vector<Array> &a) {
         Array w = a[2];
         auto [h, ys] = lax::scan(
             [w](const Array &h, const Array &x) {
               Array n = jnp::tanh(jnp::matmul(h, w) + x);
               return std::make_pair(n, n.sum());
             },
             a[0], a[1]);
         return std::vector<Array>{h, ys};
       }},
  };
  return rows;
}

class Fixture : public testing::TestWithParam<fixture_row> {};

TEST_P(Fixture, EagerAndJitEqualJax) {
  const fixture_row &row = GetParam();
  std::vector<Array> in;
  for (int i = 0; i < row.n_in; ++i)
    in.push_back(load(row.name + ".in" + std::to_string(i) + ".npy"));
  std::vector<Array> eager = row.f(in);
  std::vector<Array> jitted = jit_call(row.f, in);
  ASSERT_EQ(eager.size(), static_cast<std::size_t>(row.n_out));
  for (int k = 0; k < row.n_out; ++k) {
    Array want = load(row.name + ".out" + std::to_string(k) + ".npy");
    expect_close(eager[k], want, 1e-5, 1e-5, row.name + " eager");
    expect_close(jitted[k], want, 1e-5, 1e-5, row.name + " jit");
  }
}

INSTANTIATE_TEST_SUITE_P(ControlFlow, Fixture, testing::ValuesIn(fixture_rows()),
                         [](const auto &info) { return info.param.name; });

TEST(ControlFlow, CondTakesEachBranch) {
  Array x = jx::array({0.5f, -1.f, 2.f}), y = jx::array({1.f, 2.f, 3.f});
  auto f = [](const Array &p, const Array &x, const Array &y) {
    return lax::cond(
        p, [](const Array &a, const Array &b) { return jnp::sin(a) * b; },
        [](const Array &a, const Array &b) { return a - b; }, x, y);
  };
  expect_close(f(Array(true), x, y), jnp::sin(x) * y, 1e-6, 1e-6, "true");
  expect_close(f(Array(false), x, y), x - y, 1e-6, 1e-6, "false");
  // A number predicate: nonzero is true.
  expect_close(jx::jit(f)(Array(2.5f), x, y), jnp::sin(x) * y, 1e-6, 1e-6,
               "2.5");
}

TEST(ControlFlow, SwitchClampsItsIndex) {
  using branch = std::function<Array(const Array &)>;
  auto f = [](const Array &i, const Array &x) {
    return lax::switch_<branch>(i,
                                {[](const Array &v) { return v + 1.0f; },
                                 [](const Array &v) { return v * v; },
                                 [](const Array &v) { return -v; }},
                                x);
  };
  Array x = jx::array({1.f, 2.f});
  for (int i : {-3, 0, 1, 2, 7}) {
    int k = std::min(std::max(i, 0), 2);
    Array want = k == 0 ? x + 1.0f : k == 1 ? x * x : -x;
    expect_close(jx::jit(f)(Array(i), x), want, 0, 0, std::to_string(i));
  }
}

TEST(ControlFlow, WhileLoopCollatzPerElement) {
  Array xs = load("while_loop_i32.in0.npy");
  Array want = load("while_loop_i32.out0.npy");
  std::vector<int> in = xs.to_vector<int>(), out = want.to_vector<int>();
  auto steps = jx::jit(collatz_steps);
  for (std::size_t i = 0; i < in.size(); ++i)
    EXPECT_EQ(steps(Array(jx::array({static_cast<double>(in[i])}, {},
                                    jx::int32)))
                  .item<int>(),
              out[i])
        << in[i];
  // Eager: the while executes as one compiled loop.
  EXPECT_EQ(collatz_steps(jx::array({27.0}, {}, jx::int32)).item<int>(), 111);
}

TEST(ControlFlow, WhileLoopCollatzVmapped) {
  // JAX's fixture: vmap of the while loop (a batched predicate).
  Array xs = load("while_loop_i32.in0.npy");
  Array want = load("while_loop_i32.out0.npy");
  RUN_OR_SKIP(expect_close(jx::vmap(collatz_steps)(xs), want, 0, 0, "vmap"));
}

TEST(ControlFlow, ScanReverseAndPytrees) {
  // Carry (sum, count) and ys (x * 2, running sum) as trees; reversed.
  Array xs = jx::array({1, 2, 3, 4}, {4}).astype(jx::float32);
  auto f = [](const std::pair<Array, Array> &c, const Array &x) {
    Array s = c.first + x;
    return std::make_pair(std::make_pair(s, c.second + 1),
                          std::vector<Array>{x * 2.0f, s});
  };
  auto [c, ys] = lax::scan(f, std::make_pair(Array(0.0f), Array(0)), xs,
                           std::nullopt, /*reverse=*/true);
  EXPECT_EQ(c.first.item<float>(), 10.f);
  EXPECT_EQ(c.second.item<int>(), 4);
  EXPECT_EQ(ys[0].to_vector<float>(), (std::vector<float>{2, 4, 6, 8}));
  EXPECT_EQ(ys[1].to_vector<float>(), (std::vector<float>{10, 9, 7, 4}));
  // No xs: a length.
  auto [n, none] = lax::scan(
      [](const Array &c, const std::vector<Array> &) {
        return std::make_pair(c * 2.0f, std::vector<Array>{});
      },
      Array(1.0f), std::vector<Array>{}, 5);
  EXPECT_EQ(n.item<float>(), 32.f);
}

TEST(ControlFlow, ClosuresOverTracersAndConstants) {
  Array c = jx::array({1.f, 2.f, 3.f}); // concrete: a constant operand
  auto f = [c](const Array &x, const Array &k) {
    // k (a jit argument) is captured by the body: a body constant.
    return lax::fori_loop(0, 3,
                          [&](const Array &, const Array &v) { return v * k + c; },
                          x);
  };
  Array x = jx::array({1.f, 1.f, 1.f});
  Array k = Array(2.0f).astype(jx::float32);
  Array want = ((x * 2.0f + c) * 2.0f + c) * 2.0f + c;
  expect_close(f(x, k), want, 0, 0, "eager");
  expect_close(jx::jit(f)(x, k), want, 0, 0, "jit");
}

// --- printed jaxprs ----------------------------------------------------------

TEST(ControlFlow, JaxprPrintsAsJax) {
  auto f = [](const Array &p, const Array &x) {
    return lax::cond(p, [](const Array &v) { return v * 2.0f; },
                     [](const Array &v) { return v + 1.0f; }, x);
  };
  EXPECT_EQ(jx::make_jaxpr(f)(Array(true), jx::array({1.f, 2.f, 3.f})).str(),
            "{ lambda ; a:bool[] b:f32[3]. let\n"
            "    c:i32[] = convert_element_type[new_dtype=int32 weak_type=False] a\n"
            "    d:f32[3] = cond[\n"
            "      branches=(\n"
            "        { lambda ; e:f32[3]. let f:f32[3] = add e 1.0:f32[] in (f,) }\n"
            "        { lambda ; g:f32[3]. let h:f32[3] = mul g 2.0:f32[] in (h,) }\n"
            "      )\n"
            "    ] c b\n"
            "  in (d,) }");
}

// --- gradients against finite differences (float64) -------------------------

using scalar_fn = std::function<Array(const Array &)>;

struct grad_row {
  std::string name;
  scalar_fn f; // f64[3] -> f64[]
};

Array xs43() {
  std::vector<double> v;
  for (int i = 0; i < 12; ++i)
    v.push_back(std::sin(1.0 + i));
  return jx::array(v, {4, 3}, jx::float64);
}

Array while_fn(const Array &x, int64_t buffer) {
  auto r = lax::while_loop(
      [](const std::pair<Array, Array> &c) { return c.first < 4; },
      [x](const std::pair<Array, Array> &c) {
        return std::make_pair(c.first + 1, jnp::sin(c.second) * 1.3 + x * 0.5);
      },
      std::make_pair(Array(0), x), buffer);
  return (r.second * r.second).sum();
}

const std::vector<grad_row> &grad_rows() {
  static const std::vector<grad_row> rows = {
      {"cond_true",
       [](const Array &x) {
         return lax::cond(x.sum() > 0.0,
                          [](const Array &v) { return jnp::sin(v) * v; },
                          [](const Array &v) { return jnp::cos(v); }, x)
             .sum();
       }},
      {"cond_false_closure",
       [](const Array &x) {
         Array k = x * 2.0; // a traced value both branches close over
         return lax::cond(x.sum() < 0.0,
                          [k](const Array &v) { return jnp::sin(v) * k; },
                          [k](const Array &v) { return jnp::exp(v) * k; }, x)
             .sum();
       }},
      {"switch",
       [](const Array &x) {
         using branch = std::function<Array(const Array &)>;
         return lax::switch_<branch>(
                    Array(1), {[](const Array &v) { return v * v; },
                               [](const Array &v) { return jnp::tanh(v) * v; },
                               [](const Array &v) { return jnp::exp(v); }},
                    x)
             .sum();
       }},
      {"while", [](const Array &x) { return while_fn(x, 0); }},
      {"while_buffer_2", [](const Array &x) { return while_fn(x, 2); }},
      {"while_buffer_8", [](const Array &x) { return while_fn(x, 8); }},
      {"fori",
       [](const Array &x) {
         return lax::fori_loop(0, 5,
                               [x](const Array &i, const Array &y) {
                                 return y * jnp::cos(y) +
                                        x * i.astype(jx::float64) * 0.1;
                               },
                               x)
             .sum();
       }},
      {"scan",
       [](const Array &x) {
         auto [h, ys] = lax::scan(
             [x](const Array &h, const Array &xt) {
               Array n = jnp::tanh(h * x + xt);
               return std::make_pair(n, (n * h).sum());
             },
             x, xs43());
         return h.sum() + (ys * ys).sum();
       }},
      {"scan_int_carry",
       [](const Array &x) {
         // An integer carry next to the float one: it gets no cotangent.
         auto [c, ys] = lax::scan(
             [](const std::pair<Array, Array> &c, const Array &xt) {
               Array h = jnp::sin(c.first) * xt + c.second.astype(jx::float64);
               return std::make_pair(std::make_pair(h, c.second + 1), h * h);
             },
             std::make_pair(x, Array(0)), xs43());
         return c.first.sum() + ys.sum();
       }},
      {"scan_reverse_xs",
       [](const Array &x) {
         auto [h, ys] = lax::scan(
             [](const Array &h, const Array &xt) {
               return std::make_pair(jnp::sin(h) * xt, h * 2.0);
             },
             x * 0.5, xs43() * x, std::nullopt, true);
         return h.sum() + (ys * jnp::sin(ys)).sum();
       }},
  };
  return rows;
}

Array x0() { return jx::array({0.4, -0.7, 1.1}, jx::float64); }

/// Central differences of f at x, one coordinate at a time.
std::vector<double> fd_grad(const scalar_fn &f, const Array &x) {
  std::vector<double> v = x.to_vector<double>(), g;
  const double eps = 1e-6;
  for (std::size_t i = 0; i < v.size(); ++i) {
    std::vector<double> p = v, m = v;
    p[i] += eps;
    m[i] -= eps;
    double fp = f(jx::array(p, x.shape(), jx::float64)).item<double>();
    double fm = f(jx::array(m, x.shape(), jx::float64)).item<double>();
    g.push_back((fp - fm) / (2 * eps));
  }
  return g;
}

void expect_vec_near(const std::vector<double> &got,
                     const std::vector<double> &want, double tol,
                     const std::string &what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (std::size_t i = 0; i < got.size(); ++i)
    EXPECT_NEAR(got[i], want[i], tol * (1 + std::abs(want[i])))
        << what << " [" << i << "]";
}

class Grad : public testing::TestWithParam<grad_row> {};

TEST_P(Grad, ReverseEqualsFiniteDifferences) {
  const grad_row &row = GetParam();
  std::vector<double> want = fd_grad(jx::jit(row.f), x0());
  expect_vec_near(jx::grad(row.f)(x0()).to_vector<double>(), want, 1e-6,
                  row.name + " grad");
  expect_vec_near(jx::jit(jx::grad(row.f))(x0()).to_vector<double>(), want,
                  1e-6, row.name + " jit(grad)");
}

TEST_P(Grad, ForwardEqualsFiniteDifferences) {
  const grad_row &row = GetParam();
  std::vector<double> want = fd_grad(jx::jit(row.f), x0());
  for (int i = 0; i < 3; ++i) {
    std::vector<double> e(3, 0.0);
    e[i] = 1;
    Array t = jx::array(e, {3}, jx::float64);
    auto jvp_i = jx::jit([&](const Array &x) { return jx::jvp(row.f, x, t).second; });
    EXPECT_NEAR(jvp_i(x0()).item<double>(), want[i], 1e-6 * (1 + std::abs(want[i])))
        << row.name << " jvp along " << i;
  }
}

TEST_P(Grad, SecondOrderEqualsFiniteDifferences) {
  const grad_row &row = GetParam();
  // g(x) = sum(grad f(x)); grad g (reverse over reverse) and its jvp
  // (forward over reverse) against differences of g.
  scalar_fn g = [f = row.f](const Array &x) { return jx::grad(f)(x).sum(); };
  RUN_OR_SKIP({
    std::vector<double> want = fd_grad(jx::jit(g), x0());
    expect_vec_near(jx::jit(jx::grad(g))(x0()).to_vector<double>(), want, 1e-5,
                    row.name + " grad(grad)");
    Array t = jx::array({1.0, 1.0, 1.0}, jx::float64);
    double dir = want[0] + want[1] + want[2];
    auto fwd = jx::jit([&](const Array &x) { return jx::jvp(g, x, t).second; });
    EXPECT_NEAR(fwd(x0()).item<double>(), dir, 1e-5 * (1 + std::abs(dir)))
        << row.name << " jvp(grad)";
  });
}

TEST_P(Grad, VmapOfGradEqualsLoop) {
  const grad_row &row = GetParam();
  Array xs = jx::array({0.4, -0.7, 1.1, -0.3, 0.2, 0.9}, {2, 3}, jx::float64);
  RUN_OR_SKIP({
    Array got = jx::jit(jx::vmap(jx::grad(row.f)))(xs);
    auto gf = jx::jit(jx::grad(row.f));
    for (int b = 0; b < 2; ++b) {
      Array xb = jnp::slice(xs, {b});
      expect_close(jnp::slice(got, {b}), gf(xb), 1e-9, 1e-9,
                   row.name + " example " + std::to_string(b));
    }
  });
}

INSTANTIATE_TEST_SUITE_P(ControlFlow, Grad, testing::ValuesIn(grad_rows()),
                         [](const auto &info) { return info.param.name; });

TEST(ControlFlow, ReverseThroughWhileRecomputesOrStores) {
  // The three storage choices agree with each other to rounding.
  Array x = x0();
  std::vector<double> g0 = jx::grad([](const Array &v) { return while_fn(v, 0); })(x)
                               .to_vector<double>();
  for (int64_t b : {1, 3, 4, 100}) {
    std::vector<double> gb =
        jx::grad([b](const Array &v) { return while_fn(v, b); })(x)
            .to_vector<double>();
    expect_vec_near(gb, g0, 1e-12, "buffer " + std::to_string(b));
  }
}

// Regression test for a CPU-backend miscompile: a while body that runs an
// inner while and then a case reading the inner loop's result got the case
// result overwritten by the inner loop's other result (the linalg phase
// CSE'd every tensor.empty, across loop bodies, into one `outs` tensor whose
// buffer bufferization then shared). The pipeline now turns tensor.empty
// into alloc_tensor before CSE. Grad through nested loops with a cond hit it.
TEST(ControlFlow, CaseAfterInnerLoopInLoopBody) {
  using P = std::pair<Array, Array>;
  Array x = jx::array({1.0, 1.0}, jx::float64);
  // (ct, acc) -> inner loop (ct, a) -> (ct, a + ct) twice; ct' = case(ct).
  auto r = lax::fori_loop(0, 1,
                          [x](const Array &i, const P &c) {
                            P in = lax::fori_loop(
                                0, 2,
                                [](const Array &, const P &q) {
                                  return P(q.first, q.second + q.first);
                                },
                                P(c.first, x * 0.0));
                            Array ct = lax::cond(
                                i > 0, [](const Array &g) { return g * 3.0; },
                                [](const Array &g) { return g * 1.5; }, in.first);
                            return P(ct, c.second + in.second);
                          },
                          P(x, x * 0.0));
  expect_close(r.first, x * 1.5, 0, 0, "case result");
  expect_close(r.second, x * 2.0, 0, 0, "inner loop result");
  // The same pattern, reached by reverse mode through nested control flow.
  scalar_fn nested = [](const Array &x) {
    return lax::fori_loop(
               0, 3,
               [x](const Array &i, const Array &y) {
                 Array z = lax::cond(i > 0, [](const Array &v) { return jnp::sin(v); },
                                     [](const Array &v) { return v * 1.5; }, y);
                 return lax::scan(
                            [x](const Array &h, const Array &t) {
                              return std::make_pair(h * jnp::cos(t) + x * 0.1,
                                                    h.sum());
                            },
                            z, xs43())
                     .first;
               },
               x)
        .sum();
  };
  expect_vec_near(jx::grad(nested)(x0()).to_vector<double>(),
                  fd_grad(nested, x0()), 1e-6, "nested grad");
}

// --- vmap against a loop over the batch -----------------------------------------

void expect_vmap_equals_loop(const flat &f, const std::vector<Array> &args,
                             const std::vector<jx::axis_spec> &axes,
                             const std::string &what) {
  flat vf = [&](const std::vector<Array> &a) {
    return jx::detail::vmap_flat(f, a, axes, 0, "jx::vmap");
  };
  std::vector<Array> got = vf(args);
  std::vector<Array> got_jit = jit_call(vf, args);
  int64_t n = 0;
  for (std::size_t i = 0; i < args.size(); ++i)
    if (axes[i])
      n = args[i].shape()[0];
  for (int64_t b = 0; b < n; ++b) {
    std::vector<Array> ab;
    for (std::size_t i = 0; i < args.size(); ++i)
      ab.push_back(axes[i] ? jnp::slice(args[i], {b}) : args[i]);
    std::vector<Array> want = f(ab);
    for (std::size_t k = 0; k < want.size(); ++k) {
      expect_close(jnp::slice(got[k], {b}), want[k], 1e-6, 1e-6,
                   what + " example " + std::to_string(b));
      expect_close(jnp::slice(got_jit[k], {b}), want[k], 1e-6, 1e-6,
                   what + " jit example " + std::to_string(b));
    }
  }
}

Array rows4x3() {
  std::vector<double> v;
  for (int i = 0; i < 12; ++i)
    v.push_back(std::cos(0.5 + i));
  return jx::array(v, {4, 3}, jx::float32);
}

TEST(ControlFlowVmap, CondUnbatchedIndex) {
  flat f = [](const std::vector<Array> &a) {
    return jx::detail::cond_flat(
        "test", a[0],
        {[](const std::vector<Array> &v) {
           return std::vector<Array>{jnp::sin(v[0]) * v[1]};
         },
         [](const std::vector<Array> &v) {
           return std::vector<Array>{v[0] + v[1]};
         }},
        {a[1], a[2]});
  };
  Array w = jx::array({1.f, 2.f, 3.f});
  for (int i : {0, 1})
    expect_vmap_equals_loop(f, {Array(jx::array({double(i)}, {}, jx::int32)), rows4x3(), w},
                            {jx::not_mapped, 0, jx::not_mapped},
                            "index " + std::to_string(i));
}

TEST(ControlFlowVmap, CondBatchedIndexSelects) {
  flat f = [](const std::vector<Array> &a) {
    return jx::detail::cond_flat(
        "test", a[0],
        {[](const std::vector<Array> &v) {
           return std::vector<Array>{jnp::sin(v[0]), v[0].sum()};
         },
         [](const std::vector<Array> &v) {
           return std::vector<Array>{v[0] * v[0], -v[0].sum()};
         },
         [](const std::vector<Array> &v) {
           return std::vector<Array>{jnp::exp(v[0]), v[0].sum() * 2.0f};
         }},
        {a[1]});
  };
  Array idx = jx::array({2, 0, 1, 2}, {4}, jx::int32);
  expect_vmap_equals_loop(f, {idx, rows4x3()}, {0, 0}, "batched index");
  // The index batched, the operand shared.
  expect_vmap_equals_loop(f, {idx, jx::array({1.f, 2.f})}, {0, jx::not_mapped},
                          "batched index, shared operand");
}

TEST(ControlFlowVmap, CondBatchedPredicateApi) {
  flat f = [](const std::vector<Array> &a) {
    return std::vector<Array>{
        lax::cond(a[0], [](const Array &v) { return jnp::sin(v); },
                  [](const Array &v) { return v * 3.0f; }, a[1])};
  };
  Array p = jx::array({1, 0, 0, 1}, {4}, jx::bool_);
  RUN_OR_SKIP(expect_vmap_equals_loop(f, {p, rows4x3()}, {0, 0}, "cond"));
}

TEST(ControlFlowVmap, ForiUnbatchedTripCount) {
  // The counter stays unbatched (the carry's batching is a fixed point).
  flat f = [](const std::vector<Array> &a) {
    Array x = a[0];
    return std::vector<Array>{lax::fori_loop(
        0, 4, [x](const Array &, const Array &y) { return jnp::sin(y) * y + x; },
        x * 0.5f)};
  };
  expect_vmap_equals_loop(f, {rows4x3()}, {0}, "fori");
}

TEST(ControlFlowVmap, WhileCarryBatchedByTheBody) {
  // The carry starts unbatched; the body adds a batched constant.
  flat f = [](const std::vector<Array> &a) {
    Array x = a[0];
    auto r = lax::while_loop(
        [](const std::pair<Array, Array> &c) { return c.first < 3; },
        [x](const std::pair<Array, Array> &c) {
          return std::make_pair(c.first + 1, c.second * 0.5f + x);
        },
        std::make_pair(Array(0), jnp::zeros({3})));
    return std::vector<Array>{r.second};
  };
  expect_vmap_equals_loop(f, {rows4x3()}, {0}, "while");
}

TEST(ControlFlowVmap, WhileBatchedPredicateMasksFinishedExamples) {
  // Each example runs until its own value exceeds 10.
  flat f = [](const std::vector<Array> &a) {
    auto r = lax::while_loop(
        [](const std::pair<Array, Array> &c) { return c.first < 10.0f; },
        [](const std::pair<Array, Array> &c) {
          return std::make_pair(c.first * 2.0f, c.second + 1);
        },
        std::make_pair(a[0], Array(0)));
    return std::vector<Array>{r.first, r.second};
  };
  Array x = jx::array({0.5f, 3.f, 20.f, 1.f});
  RUN_OR_SKIP(expect_vmap_equals_loop(f, {x}, {0}, "while"));
}

TEST(ControlFlowVmap, Scan) {
  flat f = [](const std::vector<Array> &a) {
    Array w = a[1];
    auto [h, ys] = lax::scan(
        [w](const Array &h, const Array &x) {
          Array n = jnp::tanh(h * w + x);
          return std::make_pair(n, n.sum());
        },
        a[0], a[2]);
    return std::vector<Array>{h, ys};
  };
  Array h0 = jx::array({0.1f, 0.2f, 0.3f});
  Array w = jx::array({0.5f, -1.f, 2.f});
  std::vector<double> v;
  for (int i = 0; i < 2 * 5 * 3; ++i)
    v.push_back(std::sin(0.3 * i));
  Array xs = jx::array(v, {2, 5, 3});
  expect_vmap_equals_loop(f, {h0, w, xs}, {jx::not_mapped, jx::not_mapped, 0},
                          "xs batched");
  Array ws = jx::array({0.5, -1, 2, 1, 0.1, -0.3}, {2, 3});
  expect_vmap_equals_loop(f, {h0, ws, jnp::slice(xs, {0})},
                          {jx::not_mapped, 0, jx::not_mapped}, "const batched");
}

// --- errors ------------------------------------------------------------------

template <class F> void expect_error(F f, const std::string &want) {
  try {
    f();
    ADD_FAILURE() << "no error; wanted: " << want;
  } catch (const jx::error &e) {
    EXPECT_NE(std::string(e.what()).find(want), std::string::npos) << e.what();
  }
}

TEST(ControlFlowErrors, BranchTypesDiffer) {
  Array x = jx::array({1.f, 2.f, 3.f});
  expect_error(
      [&] {
        lax::cond(Array(true), [](const Array &v) { return v; },
                  [](const Array &v) { return jnp::slice(v, {jx::range(0, 2)}); },
                  x);
      },
      "jx::lax::cond: branch 1 returns f32[3] but branch 0 returns f32[2]");
  using branch = std::function<Array(const Array &)>;
  expect_error(
      [&] {
        lax::switch_<branch>(Array(0),
                             {[](const Array &v) { return v; },
                              [](const Array &v) { return v.astype(jx::int32); }},
                             x);
      },
      "jx::lax::switch_: branch 1 returns i32[3] but branch 0 returns f32[3]");
}

TEST(ControlFlowErrors, PredicateNotScalar) {
  Array x = jx::array({1.f, 2.f, 3.f});
  expect_error(
      [&] {
        lax::cond(x > 0.0f, [](const Array &v) { return v; },
                  [](const Array &v) { return -v; }, x);
      },
      "jx::lax::cond: the predicate must be a scalar (0-d) bool or number, got "
      "bool[3]");
  expect_error(
      [&] {
        using branch = std::function<Array(const Array &)>;
        lax::switch_<branch>(Array(1.5f), {[](const Array &v) { return v; },
                                           [](const Array &v) { return -v; }},
                             x);
      },
      "jx::lax::switch_: the index must be a scalar (0-d) integer, got f32[]");
  expect_error(
      [&] {
        lax::while_loop([](const Array &v) { return v > 0.0f; },
                        [](const Array &v) { return v - 1.0f; }, x);
      },
      "jx::lax::while_loop: cond_fn must return a scalar (0-d) bool, got "
      "bool[3]");
}

TEST(ControlFlowErrors, BodyChangesCarryType) {
  expect_error(
      [&] {
        lax::while_loop([](const Array &v) { return v < 3.0f; },
                        [](const Array &v) { return v.astype(jx::float64); },
                        Array(0.0f).astype(jx::float32));
      },
      "jx::lax::while_loop: body_fn must return the carry's type f32[] but "
      "returns f64[]");
  expect_error(
      [&] {
        lax::fori_loop(0, 3,
                       [](const Array &, const Array &v) {
                         return jnp::concatenate({v, v});
                       },
                       jx::array({1.f}));
      },
      "jx::lax::fori_loop: body_fn must return the carry's type f32[1] but "
      "returns f32[2]");
  expect_error(
      [&] {
        lax::scan(
            [](const Array &c, const Array &x) {
              return std::make_pair(c + x, x);
            },
            Array(0.0f).astype(jx::float32), jx::array({1.f, 2.f}).reshape({2, 1}));
      },
      "jx::lax::scan: f must return the carry's type f32[] but returns f32[1]");
}

TEST(ControlFlowErrors, ScanLengths) {
  expect_error(
      [&] {
        lax::scan(
            [](const Array &c, const std::vector<Array> &x) {
              return std::make_pair(c, x[0] + x[1]);
            },
            Array(0.0f), std::vector<Array>{jnp::zeros({3}), jnp::zeros({4})});
      },
      "jx::lax::scan: xs leaf 1 has type f32[4] but the scan length is 3");
  expect_error(
      [&] {
        lax::scan(
            [](const Array &c, const std::vector<Array> &) {
              return std::make_pair(c, c);
            },
            Array(0.0f), std::vector<Array>{});
      },
      "jx::lax::scan: length must be given when xs has no leaves");
}

TEST(ControlFlowErrors, CheckJaxprValidatesSubJaxprs) {
  auto f = [](const Array &x) {
    return lax::fori_loop(0, 3, [](const Array &, const Array &v) { return v * 2.0f; }, x);
  };
  jx::ClosedJaxpr j = jx::make_jaxpr(f)(jx::array({1.f}));
  EXPECT_NO_THROW(jx::check_jaxpr(*j.jaxpr));
}

} // namespace
