// grad_harness.h - the shared harness of the table-driven rule tests
// (grad_elementwise_test.cpp, grad_new_prims_test.cpp; grad_structural_test.cpp
// uses its host-side helpers), and the error-text helpers of the tests.
//
// A row is one primitive (or one case of one) as a function of three
// float64 arrays: `f(a, b, c)`, of which the first `nargs` are used (shapes
// `shapes[i]`, elements drawn by `sample(g, i)`) and the others are 0-d
// zeros. `index_args` names the used arguments that are indices (floats
// k + 0.5 that the row converts to int32): vmap batches them, but they have
// no derivative, so vmap-of-grad skips them.
//
// Finite differences are central, with step fd_h = 1e-5, in float64 and
// under jit:
//   forward mode   (f(x + h d) - f(x - h d)) / 2h      vs jvp along d
//   reverse mode   (L(x + h e_k) - L(x - h e_k)) / 2h  vs grad, per element,
//                  for L = sum(f(x) * W) with random weights W
//   second order   (grad L(x + h d) - grad L(x - h d)) / 2h, the Hessian
//                  times d, vs jvp of grad and grad of <grad L, u>
// Directions and weights are uniform in [-1, 1] (0 for unused arguments).
//
// Tolerances are relative: |got - want| <= tol * (1 + |want|) per element,
// and a NaN wanted matches a NaN got (kinks, as in JAX). Finite differences:
// fd_tol = 1e-6. Two ways to the same value (vjp vs grad, jit(grad) vs grad,
// jit(grad of grad)): 1e-12. vmap vs a loop over a batch of 3: 1e-13.
// jvp's primal vs f: exact.

#pragma once

#include "jx/jx.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace grad_harness {

namespace jnp = jx::numpy;
namespace lax = jx::lax;
using jx::Array;
using jx::shape_t;

inline constexpr jx::dtype f64 = jx::dtype::float64;

using fn3 = std::function<Array(const Array &, const Array &, const Array &)>;
/// Samples one element of argument `arg`.
using sampler = std::function<double(std::mt19937 &, int arg)>;

struct row {
  std::string name;
  int nargs;                   // arguments used (the others are 0-d zeros)
  std::vector<shape_t> shapes; // per used argument, one example
  fn3 f;
  sampler sample;
  /// Arguments that are indices (vmap batches them; no derivative).
  std::set<int> index_args = {};
};

inline void PrintTo(const row &r, std::ostream *os) { *os << r.name; }

inline std::string row_name(const ::testing::TestParamInfo<row> &info) {
  return info.param.name;
}

inline double uniform(std::mt19937 &g, double lo, double hi) {
  return std::uniform_real_distribution<double>(lo, hi)(g);
}
/// Every argument uniform in [lo, hi).
inline sampler in(double lo, double hi) {
  return [lo, hi](std::mt19937 &g, int) { return uniform(g, lo, hi); };
}

/// A row of the unary `op` on a [2, 3] argument.
inline row unary_row(std::string name, Array (*op)(const Array &), sampler s) {
  return row{
      name,
      1,
      {{2, 3}},
      [op](const Array &a, const Array &, const Array &) { return op(a); },
      s};
}

// --- host-side values --------------------------------------------------------

/// The three arguments of a row as host vectors (the unused ones: 0-d).
struct args3 {
  std::vector<std::vector<double>> v;
  std::vector<shape_t> s;
  Array operator[](int i) const { return jx::array(v[i], s[i], f64); }
};

inline int64_t numel(const shape_t &s) {
  int64_t n = 1;
  for (int64_t d : s)
    n *= d;
  return n;
}

inline args3 sample_args(const row &r, std::mt19937 &g,
                         const std::vector<shape_t> &shapes) {
  args3 a;
  for (int i = 0; i < 3; ++i) {
    shape_t s = i < r.nargs ? shapes[i] : shape_t{};
    std::vector<double> v(numel(s));
    for (double &x : v)
      x = i < r.nargs ? r.sample(g, i) : 0.0;
    a.v.push_back(v);
    a.s.push_back(s);
  }
  return a;
}

/// x + h * d, argument by argument.
inline args3 shifted(const args3 &x, const std::vector<std::vector<double>> &d,
                     double h) {
  args3 y = x;
  for (int i = 0; i < 3; ++i)
    for (std::size_t k = 0; k < y.v[i].size(); ++k)
      y.v[i][k] += h * d[i][k];
  return y;
}

/// A direction uniform in [-1, 1] for the used arguments, 0 for the others.
/// (Index arguments get steps of at most h = 1e-5: they stay k + 0.5.)
inline std::vector<std::vector<double>>
random_direction(const args3 &x, std::mt19937 &g, const row &r) {
  std::vector<std::vector<double>> d;
  for (int i = 0; i < 3; ++i) {
    std::vector<double> v(x.v[i].size());
    for (double &e : v)
      e = i < r.nargs ? uniform(g, -1, 1) : 0.0;
    d.push_back(v);
  }
  return d;
}

inline Array as_array(const std::vector<double> &v, const shape_t &s) {
  return jx::array(v, s, f64);
}

inline std::vector<double> values(const Array &a) {
  return a.to_vector<double>();
}

inline std::vector<std::vector<double>>
values3(const std::tuple<Array, Array, Array> &t) {
  return {values(std::get<0>(t)), values(std::get<1>(t)),
          values(std::get<2>(t))};
}

/// |got - want| <= tol * (1 + |want|) per element; with `nans_match`, a NaN
/// wanted and got passes (otherwise any NaN fails).
inline void expect_close(const std::vector<double> &got,
                         const std::vector<double> &want, double tol,
                         const std::string &what, bool nans_match = true) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (nans_match && std::isnan(want[i]) && std::isnan(got[i]))
      continue;
    EXPECT_NEAR(got[i], want[i], tol * (1 + std::abs(want[i])))
        << what << " [" << i << "]";
  }
}

inline void expect_close3(const std::vector<std::vector<double>> &got,
                          const std::vector<std::vector<double>> &want,
                          double tol, const std::string &what) {
  for (int i = 0; i < 3; ++i)
    expect_close(got[i], want[i], tol,
                 what + ", argument " + std::to_string(i));
}

// --- finite differences ------------------------------------------------------

/// Weights uniform in [-1, 1], one per element of `out`.
inline Array random_weights(std::mt19937 &g, const Array &out) {
  std::vector<double> w(out.size());
  for (double &e : w)
    e = uniform(g, -1, 1);
  return as_array(w, out.shape());
}

/// The scalar loss sum(f(a, b, c) * W).
inline auto weighted_sum(fn3 f, Array W) {
  return [f, W](const Array &a, const Array &b, const Array &c) {
    return lax::mul(f(a, b, c), W).sum();
  };
}

inline constexpr double fd_h = 1e-5;
inline constexpr double fd_tol = 1e-6;

/// jvp vs finite differences along a random direction; every component of
/// grad of a weighted sum vs finite differences; vjp vs grad; jit(grad) vs
/// grad.
inline void check_first_order(const row &r) {
  std::mt19937 g(1);
  args3 x = sample_args(r, g, r.shapes);
  fn3 f = r.f;
  Array out = f(x[0], x[1], x[2]);
  ASSERT_EQ(out.dtype(), f64);
  Array W = random_weights(g, out);
  auto loss = weighted_sum(f, W);
  auto fj = jx::jit(f);
  auto lj = jx::jit(loss);

  // jvp along d vs a central difference.
  std::vector<std::vector<double>> d = random_direction(x, g, r);
  auto [y, dy] =
      jx::jvp(f, std::make_tuple(x[0], x[1], x[2]),
              std::make_tuple(as_array(d[0], x.s[0]), as_array(d[1], x.s[1]),
                              as_array(d[2], x.s[2])));
  expect_close(values(y), values(out), 0, "jvp primal");
  auto eval = [&](const args3 &p) { return values(fj(p[0], p[1], p[2])); };
  std::vector<double> hi = eval(shifted(x, d, fd_h)),
                      lo = eval(shifted(x, d, -fd_h)), fd(hi.size());
  for (std::size_t i = 0; i < fd.size(); ++i)
    fd[i] = (hi[i] - lo[i]) / (2 * fd_h);
  expect_close(values(dy), fd, fd_tol, "jvp vs finite differences");

  // Every component of the gradient vs a central difference.
  auto grads = values3(jx::grad<0, 1, 2>(loss)(x[0], x[1], x[2]));
  std::vector<std::vector<double>> fd_grads;
  for (int i = 0; i < 3; ++i) {
    std::vector<double> gi(x.v[i].size());
    for (std::size_t k = 0; k < gi.size(); ++k) {
      args3 p = x, m = x;
      p.v[i][k] += fd_h;
      m.v[i][k] -= fd_h;
      gi[k] = (lj(p[0], p[1], p[2]).item<double>() -
               lj(m[0], m[1], m[2]).item<double>()) /
              (2 * fd_h);
    }
    fd_grads.push_back(gi);
  }
  expect_close3(grads, fd_grads, fd_tol, "grad vs finite differences");

  // vjp of the output itself: the same as grad of the weighted sum.
  auto [vy, pullback] = jx::vjp(f, x[0], x[1], x[2]);
  expect_close3(values3(pullback(W)), grads, 1e-12, "vjp vs grad");

  // jit(grad) == grad.
  auto jitted = values3(jx::jit(jx::grad<0, 1, 2>(loss))(x[0], x[1], x[2]));
  expect_close3(jitted, grads, 1e-12, "jit(grad) vs grad");
}

/// jvp of grad and grad of grad (and under jit) vs finite differences of
/// the gradient.
inline void check_second_order(const row &r) {
  std::mt19937 g(2);
  args3 x = sample_args(r, g, r.shapes);
  fn3 f = r.f;
  Array out = f(x[0], x[1], x[2]);
  Array W = random_weights(g, out);
  auto loss = weighted_sum(f, W);
  auto grad3 = jx::grad<0, 1, 2>(loss);
  auto grad_j = jx::jit(grad3);
  // (grad L(x + h d) - grad L(x - h d)) / 2h: the Hessian times d.
  auto fd_hvp = [&](const std::vector<std::vector<double>> &d) {
    args3 p = shifted(x, d, fd_h), m = shifted(x, d, -fd_h);
    auto gp = values3(grad_j(p[0], p[1], p[2]));
    auto gm = values3(grad_j(m[0], m[1], m[2]));
    for (int i = 0; i < 3; ++i)
      for (std::size_t k = 0; k < gp[i].size(); ++k)
        gp[i][k] = (gp[i][k] - gm[i][k]) / (2 * fd_h);
    return gp;
  };

  // Forward over reverse: jvp of grad.
  std::vector<std::vector<double>> d = random_direction(x, g, r);
  auto [gx, hd] =
      jx::jvp(grad3, std::make_tuple(x[0], x[1], x[2]),
              std::make_tuple(as_array(d[0], x.s[0]), as_array(d[1], x.s[1]),
                              as_array(d[2], x.s[2])));
  expect_close3(values3(hd), fd_hvp(d), fd_tol, "jvp of grad");

  // Reverse over reverse: grad of <grad L, u>.
  std::vector<std::vector<double>> u = random_direction(x, g, r);
  Array U0 = as_array(u[0], x.s[0]), U1 = as_array(u[1], x.s[1]),
        U2 = as_array(u[2], x.s[2]);
  auto gu = [grad3, U0, U1, U2](const Array &a, const Array &b,
                                const Array &c) {
    auto [g0, g1, g2] = grad3(a, b, c);
    return lax::add(lax::add(lax::mul(g0, U0).sum(), lax::mul(g1, U1).sum()),
                    lax::mul(g2, U2).sum());
  };
  auto hu = values3(jx::grad<0, 1, 2>(gu)(x[0], x[1], x[2]));
  expect_close3(hu, fd_hvp(u), fd_tol, "grad of grad");
  // And under jit.
  auto hu_jit = values3(jx::jit(jx::grad<0, 1, 2>(gu))(x[0], x[1], x[2]));
  expect_close3(hu_jit, hu, 1e-12, "jit(grad of grad)");
}

// --- vmap vs a loop ----------------------------------------------------------

/// The per-example arguments of a batch: argument i sliced at `k` along
/// `axes[i]` (not_mapped: itself).
inline std::vector<Array> example(const std::vector<Array> &batched,
                                  const std::vector<jx::axis_spec> &axes,
                                  int64_t k) {
  std::vector<Array> out;
  for (std::size_t i = 0; i < batched.size(); ++i) {
    const Array &a = batched[i];
    if (!axes[i]) {
      out.push_back(a);
      continue;
    }
    std::vector<int64_t> start(a.ndim(), 0), limit(a.shape());
    start[*axes[i]] = k;
    limit[*axes[i]] = k + 1;
    shape_t s = a.shape();
    s.erase(s.begin() + *axes[i]);
    out.push_back(lax::reshape(lax::slice(a, start, limit), s));
  }
  return out;
}

inline constexpr int64_t batch = 3;

/// vmap(h, axes)(args) == stack(h(args[k]) for k).
template <class H>
void expect_vmap_matches_loop(H h, const std::vector<Array> &args,
                              const std::vector<jx::axis_spec> &axes,
                              const std::string &what) {
  auto v = jx::vmap(h, axes)(args[0], args[1], args[2]);
  std::vector<Array> loop;
  for (int64_t k = 0; k < batch; ++k) {
    std::vector<Array> e = example(args, axes, k);
    loop.push_back(h(e[0], e[1], e[2]));
  }
  Array want = jnp::stack(loop, 0);
  ASSERT_EQ(v.shape(), want.shape()) << what;
  ASSERT_EQ(v.dtype(), want.dtype()) << what;
  expect_close(values(v), values(want), 1e-13, what);
}

/// A named choice of batch axes, one per argument.
using vmap_case = std::pair<std::string, std::vector<jx::axis_spec>>;

/// The axes `axis_of(i, rank of argument i's example)` of the used
/// arguments (the others not mapped).
template <class A> std::vector<jx::axis_spec> axes_of(const row &r, A axis_of) {
  std::vector<jx::axis_spec> axes(3, jx::not_mapped);
  for (int i = 0; i < r.nargs; ++i)
    axes[i] = axis_of(i, static_cast<int64_t>(r.shapes[i].size()));
  return axes;
}

/// Every used argument batched on axis 0; on axis 1 (0 for 0-d examples).
inline std::vector<vmap_case> all_on_axis_0_and_1(const row &r) {
  return {{"axis 0", axes_of(r, [](int, int64_t) { return jx::axis_spec(0); })},
          {"axis 1", axes_of(r, [](int, int64_t rank) {
             return jx::axis_spec(rank >= 1 ? 1 : 0);
           })}};
}

/// Arguments for `axes`: batched ones with a batch of 3 inserted there.
inline std::vector<Array> batched_args(const row &r, std::mt19937 &g,
                                       const std::vector<jx::axis_spec> &axes) {
  std::vector<shape_t> shapes = r.shapes;
  for (int i = 0; i < r.nargs; ++i)
    if (axes[i])
      shapes[i].insert(shapes[i].begin() + *axes[i], batch);
  args3 a = sample_args(r, g, shapes);
  return {a[0], a[1], a[2]};
}

/// vmap of the row vs a loop, for each of `cases`.
inline void check_vmap_matches_loop(const row &r,
                                    const std::vector<vmap_case> &cases) {
  std::mt19937 g(3);
  for (const auto &[name, axes] : cases)
    expect_vmap_matches_loop(r.f, batched_args(r, g, axes), axes,
                             "vmap, " + name);
}

/// vmap of the gradient of `loss` (a scalar of the three arguments) with
/// respect to each used non-index argument vs a loop, for each of `cases`.
template <class L>
void check_vmap_of_grad_matches_loop(const row &r, L loss,
                                     const std::vector<vmap_case> &cases) {
  std::mt19937 g(4);
  for (int arg = 0; arg < r.nargs; ++arg) {
    if (r.index_args.count(arg))
      continue;
    // The gradient with respect to argument `arg`, per example.
    auto grad_arg = [loss, arg](const Array &a, const Array &b,
                                const Array &c) {
      auto gs = jx::grad<0, 1, 2>(loss)(a, b, c);
      return arg == 0   ? std::get<0>(gs)
             : arg == 1 ? std::get<1>(gs)
                        : std::get<2>(gs);
    };
    for (const auto &[name, axes] : cases)
      expect_vmap_matches_loop(grad_arg, batched_args(r, g, axes), axes,
                               "vmap of grad wrt argument " +
                                   std::to_string(arg) + ", " + name);
  }
}

// --- errors ------------------------------------------------------------------

/// The message of the jx::error that `f` throws ("(no error)" if none).
inline std::string error_of(const std::function<void()> &f) {
  try {
    f();
  } catch (const jx::error &e) {
    return e.what();
  }
  return "(no error)";
}

/// `run` throws a jx::error whose message contains each of `parts`.
inline void expect_error(const std::function<void()> &run,
                         const std::vector<std::string> &parts) {
  try {
    run();
    FAIL() << "no error";
  } catch (const jx::error &e) {
    for (const std::string &p : parts)
      EXPECT_NE(std::string(e.what()).find(p), std::string::npos)
          << "'" << p << "' not in: " << e.what();
  }
}

} // namespace grad_harness
