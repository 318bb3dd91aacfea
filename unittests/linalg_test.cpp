// linalg_test.cpp - jx::numpy::linalg, jx::scipy::linalg and
// jx::lax::linalg beyond the JAX fixtures (jax_fixture_functions_test.cpp
// compares their values with JAX's): derivatives against central finite
// differences in float64 (reverse mode through every primitive's vjp, and
// forward mode), vmap against a loop, the lowering (JAX's custom calls and
// layouts), and the errors of bad input.

#include "grad_harness.h"

#include "jx/jx.h"
#include "jx/linalg.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>
#include <string>

namespace {

using grad_harness::as_array;
using grad_harness::expect_close;
using grad_harness::expect_error;
using grad_harness::values;
using jx::Array;
using jx::shape_t;
namespace jnp = jx::numpy;
namespace jla = jx::numpy::linalg;
namespace sla = jx::scipy::linalg;
namespace lla = jx::lax::linalg;

constexpr jx::dtype f64 = jx::dtype::float64;
using fn1 = std::function<Array(const Array &)>;
using fn2 = std::function<Array(const Array &, const Array &)>;

std::vector<double> uniform(std::mt19937 &g, int64_t n, double lo = -1,
                            double hi = 1) {
  std::uniform_real_distribution<double> d(lo, hi);
  std::vector<double> v(n);
  for (double &e : v)
    e = d(g);
  return v;
}

std::string tag_of(const shape_t &s) {
  std::string t;
  for (int64_t d : s)
    t += (t.empty() ? "" : "x") + std::to_string(d);
  return t;
}

int64_t numel(const shape_t &s) {
  int64_t n = 1;
  for (int64_t d : s)
    n *= d;
  return n;
}

/// Random matrices plus n I (well conditioned), float64.
Array well(std::mt19937 &g, shape_t s) {
  std::vector<double> v = uniform(g, numel(s));
  int64_t n = s.back(), m = s[s.size() - 2];
  for (int64_t b = 0; b < numel(s) / (m * n); ++b)
    for (int64_t i = 0; i < std::min(m, n); ++i)
      v[b * m * n + i * n + i] += static_cast<double>(n);
  return as_array(v, s);
}

Array random(std::mt19937 &g, shape_t s) { return as_array(uniform(g, numel(s)), s); }

/// Symmetric positive definite: A A^T + n I.
Array spd(std::mt19937 &g, shape_t s) {
  Array a = random(g, s);
  int64_t n = s.back();
  return jnp::matmul(a, jnp::swapaxes(a, -1, -2)) +
         jnp::eye(n, std::nullopt, 0, f64) * Array(static_cast<double>(n));
}

/// grad of sum(f(x, y) * W) against central differences, for x and y.
void check_grad2(const std::string &what, const fn2 &f, const Array &x,
                 const Array &y, double tol = 1e-6) {
  std::mt19937 g(7);
  Array W = random(g, f(x, y).shape());
  auto loss = [f, W](const Array &a, const Array &b) {
    return (f(a, b) * W).sum();
  };
  auto [gx, gy] = jx::grad<0, 1>(loss)(x, y);
  const double h = 1e-5;
  std::vector<Array> args{x, y};
  std::vector<Array> grads{gx, gy};
  for (int k = 0; k < 2; ++k) {
    std::vector<double> v = values(args[k]), fd(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) {
      std::vector<double> up = v, down = v;
      up[i] += h;
      down[i] -= h;
      Array u = as_array(up, args[k].shape()), d = as_array(down, args[k].shape());
      double lu = (k == 0 ? loss(u, y) : loss(x, u)).item<double>();
      double ld = (k == 0 ? loss(d, y) : loss(x, d)).item<double>();
      fd[i] = (lu - ld) / (2 * h);
    }
    expect_close(values(grads[k]), fd, tol,
                 what + ": gradient of argument " + std::to_string(k));
  }
  // Under jit, the same gradient.
  auto jg = jx::jit(jx::grad<0, 1>(loss));
  auto [jx_, jy] = jg(x, y);
  expect_close(values(jx_), values(gx), 1e-12, what + ": jit(grad) x");
  expect_close(values(jy), values(gy), 1e-12, what + ": jit(grad) y");
}

void check_grad(const std::string &what, const fn1 &f, const Array &x,
                double tol = 1e-6) {
  check_grad2(
      what, [f](const Array &a, const Array &b) { return f(a) + b * Array(0.0); },
      x, Array(0.0).astype(f64), tol);
}

/// jvp along a random direction against central differences.
void check_jvp(const std::string &what, const fn1 &f, const Array &x,
               double tol = 1e-6) {
  std::mt19937 g(11);
  Array d = random(g, x.shape());
  auto [y, t] = jx::jvp(f, std::make_tuple(x), std::make_tuple(d));
  const double h = 1e-5;
  Array up = x + d * Array(h), down = x - d * Array(h);
  std::vector<double> a = values(f(up)), b = values(f(down)), fd(a.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    fd[i] = (a[i] - b[i]) / (2 * h);
  expect_close(values(t), fd, tol, what + ": jvp");
  expect_close(values(y), values(f(x)), 0, what + ": jvp's primal");
}

// --- reverse mode ------------------------------------------------------------------

TEST(LinalgGrad, Solve) {
  std::mt19937 g(1);
  check_grad2("solve, matrix b",
              [](const Array &a, const Array &b) { return jla::solve(a, b); },
              well(g, {4, 4}), random(g, {4, 2}));
  check_grad2("solve, vector b",
              [](const Array &a, const Array &b) { return jla::solve(a, b); },
              well(g, {3, 3}), random(g, {3}));
  check_grad2("solve, batched",
              [](const Array &a, const Array &b) { return jla::solve(a, b); },
              well(g, {2, 3, 3}), random(g, {2, 3, 1}));
}

TEST(LinalgGrad, InvDetSlogdet) {
  std::mt19937 g(2);
  check_grad("inv", [](const Array &a) { return jla::inv(a); }, well(g, {4, 4}));
  for (int64_t n : {2, 3, 5})
    check_grad("det " + std::to_string(n),
               [](const Array &a) { return jla::det(a); }, well(g, {n, n}));
  check_grad("slogdet",
             [](const Array &a) { return jla::slogdet(a).second; },
             random(g, {4, 4}) + Array(0.1));
  check_grad("det batched", [](const Array &a) { return jla::det(a); },
             well(g, {2, 4, 4}));
}

TEST(LinalgGrad, Cholesky) {
  std::mt19937 g(3);
  check_grad("cholesky", [](const Array &a) { return jla::cholesky(a); },
             spd(g, {4, 4}));
  check_grad("cholesky batched", [](const Array &a) { return jla::cholesky(a); },
             spd(g, {2, 3, 3}));
  // scipy's factorizations read one triangle; their derivative, as JAX's,
  // is that of a symmetric input: differentiate them on (a + a^T) / 2.
  auto sym = [](const Array &a) {
    return (a + jnp::swapaxes(a, -1, -2)) * Array(0.5);
  };
  check_grad2("cho_solve",
              [sym](const Array &a, const Array &b) {
                return sla::cho_solve(sla::cho_factor(sym(a), true), b);
              },
              spd(g, {4, 4}), random(g, {4, 2}));
  check_grad("cho_factor upper",
             [sym](const Array &a) {
               return sla::cho_factor(sym(a), false).first;
             },
             spd(g, {3, 3}));
}

TEST(LinalgGrad, TriangularSolve) {
  std::mt19937 g(4);
  for (int trans : {0, 1})
    for (bool lower : {true, false})
      for (bool unit : {false, true})
        check_grad2("solve_triangular trans " + std::to_string(trans) +
                        (lower ? " lower" : " upper") + (unit ? " unit" : ""),
                    [=](const Array &a, const Array &b) {
                      return sla::solve_triangular(a, b, trans, lower, unit);
                    },
                    well(g, {4, 4}), random(g, {4, 3}));
  lla::triangular_solve_options right;
  right.left_side = false;
  right.lower = true;
  right.transpose_a = true;
  check_grad2("triangular_solve from the right",
              [=](const Array &a, const Array &b) {
                return lla::triangular_solve(a, b, right);
              },
              well(g, {3, 3}), random(g, {2, 3}));
}

TEST(LinalgGrad, LuAndLuSolve) {
  std::mt19937 g(5);
  for (shape_t s : {shape_t{4, 4}, shape_t{5, 3}, shape_t{3, 5}}) {
    check_grad("lu l " + tag_of(s),
               [](const Array &a) { return std::get<1>(sla::lu(a)); },
               random(g, s) + Array(0.3));
    check_grad("lu u " + tag_of(s),
               [](const Array &a) { return std::get<2>(sla::lu(a)); },
               random(g, s) + Array(0.3));
  }
  for (int trans : {0, 1})
    check_grad2("lu_solve trans " + std::to_string(trans),
                [=](const Array &a, const Array &b) {
                  return sla::lu_solve(sla::lu_factor(a), b, trans);
                },
                well(g, {4, 4}), random(g, {4, 2}));
}

TEST(LinalgGrad, Eigh) {
  std::mt19937 g(6);
  check_grad("eigvalsh", [](const Array &a) { return jla::eigvalsh(a); },
             random(g, {4, 4}));
  // Eigenvectors up to sign: the loss sees their squares.
  check_grad("eigh vectors",
             [](const Array &a) {
               Array v = jla::eigh(a).second;
               return v * v;
             },
             random(g, {4, 4}));
  check_grad("eigh batched", [](const Array &a) { return jla::eigvalsh(a); },
             random(g, {2, 3, 3}));
}

TEST(LinalgGrad, Svd) {
  std::mt19937 g(8);
  for (shape_t s : {shape_t{4, 4}, shape_t{5, 3}, shape_t{3, 5}}) {
    std::string tag = tag_of(s);
    check_grad("svdvals " + tag, [](const Array &a) { return jla::svdvals(a); },
               random(g, s));
    check_grad("svd u " + tag,
               [](const Array &a) {
                 Array u = std::get<0>(jla::svd(a, false));
                 return u * u;
               },
               random(g, s));
    check_grad("svd vh " + tag,
               [](const Array &a) {
                 Array v = std::get<2>(jla::svd(a, false));
                 return v * v;
               },
               random(g, s));
  }
  check_grad("norm 2", [](const Array &a) { return jla::norm(a, 2); },
             random(g, {4, 3}));
  check_grad("norm nuc", [](const Array &a) { return jla::norm(a, "nuc"); },
             random(g, {3, 4}));
  check_grad("pinv", [](const Array &a) { return jla::pinv(a); },
             random(g, {5, 3}));
  check_grad2("lstsq",
              [](const Array &a, const Array &b) {
                return std::get<0>(jla::lstsq(a, b));
              },
              random(g, {5, 3}), random(g, {5}));
}

TEST(LinalgGrad, Qr) {
  std::mt19937 g(9);
  for (shape_t s : {shape_t{4, 4}, shape_t{5, 3}}) {
    std::string tag = tag_of(s);
    check_grad("qr q " + tag, [](const Array &a) { return jla::qr(a).first; },
               random(g, s));
    check_grad("qr r " + tag, [](const Array &a) { return jla::qr(a).second; },
               random(g, s));
  }
  check_grad("qr complete square",
             [](const Array &a) { return jla::qr(a, "complete").first; },
             random(g, {3, 3}));
}

TEST(LinalgGrad, ExpmAndMatrixPower) {
  std::mt19937 g(10);
  check_grad("expm", [](const Array &a) { return sla::expm(a); },
             random(g, {3, 3}), 1e-5);
  check_grad("expm (squarings)", [](const Array &a) { return sla::expm(a); },
             random(g, {3, 3}) * Array(4.0), 1e-5);
  check_grad("matrix_power 5",
             [](const Array &a) { return jla::matrix_power(a, 5); },
             random(g, {3, 3}));
  check_grad("matrix_power -2",
             [](const Array &a) { return jla::matrix_power(a, -2); },
             well(g, {3, 3}));
}

// --- forward mode -------------------------------------------------------------------

TEST(LinalgJvp, AgainstFiniteDifferences) {
  std::mt19937 g(12);
  check_jvp("solve", [](const Array &a) { return jla::solve(a, jnp::ones({4}, f64)); },
            well(g, {4, 4}));
  check_jvp("cholesky", [](const Array &a) { return jla::cholesky(a); },
            spd(g, {4, 4}));
  check_jvp("eigvalsh", [](const Array &a) { return jla::eigvalsh(a); },
            random(g, {4, 4}));
  check_jvp("svdvals", [](const Array &a) { return jla::svdvals(a); },
            random(g, {5, 3}));
  check_jvp("qr r", [](const Array &a) { return jla::qr(a).second; },
            random(g, {5, 3}));
  check_jvp("det", [](const Array &a) { return jla::det(a); }, well(g, {4, 4}));
  check_jvp("lu", [](const Array &a) { return std::get<2>(sla::lu(a)); },
            random(g, {4, 4}));
}

TEST(LinalgGrad, SecondOrder) {
  // grad of grad: the jvp rules are made of differentiable jx ops.
  std::mt19937 g(13);
  Array a = spd(g, {3, 3});
  auto logdet = [](const Array &x) {
    return jnp::log(jnp::diagonal(jla::cholesky(x))).sum() * Array(2.0);
  };
  Array h = jx::jacfwd(jx::grad(logdet))(a);
  // d/dA log det A = A^-1 (symmetrized by cholesky's input); its
  // derivative along A itself is -A^-1 A A^-1 = -A^-1.
  Array dir = jnp::sum(h * a, std::vector<int64_t>{2, 3});
  expect_close(values(dir), values(-jla::inv(a)), 1e-8, "hessian of logdet");
}

// --- vmap ---------------------------------------------------------------------------

TEST(LinalgVmap, MatchesALoop) {
  std::mt19937 g(14);
  Array a = well(g, {3, 4, 4});
  Array b = random(g, {3, 4});
  Array s = spd(g, {3, 4, 4});
  auto batched_solve = jx::vmap([](const Array &x, const Array &y) {
    return jla::solve(x, y);
  })(a, b);
  auto chol = jx::vmap([](const Array &x) { return jla::cholesky(x); })(s);
  auto eig = jx::vmap([](const Array &x) { return jla::eigvalsh(x); })(s);
  auto sv = jx::vmap([](const Array &x) { return jla::svdvals(x); })(a);
  Array shared = well(g, {4, 4});
  auto tri = jx::vmap(
      [shared](const Array &y) {
        return sla::solve_triangular(shared, y, 0, true);
      })(b);
  auto ex = jx::vmap([](const Array &x) { return sla::expm(x); })(
      a * Array(0.1));
  for (int64_t i = 0; i < 3; ++i) {
    Array ai = jnp::slice(a, {i}), bi = jnp::slice(b, {i}), si = jnp::slice(s, {i});
    std::string n = " [" + std::to_string(i) + "]";
    expect_close(values(jnp::slice(batched_solve, {i})),
                 values(jla::solve(ai, bi)), 1e-13, "vmap solve" + n);
    expect_close(values(jnp::slice(chol, {i})), values(jla::cholesky(si)), 1e-13,
                 "vmap cholesky" + n);
    expect_close(values(jnp::slice(eig, {i})), values(jla::eigvalsh(si)), 1e-13,
                 "vmap eigvalsh" + n);
    expect_close(values(jnp::slice(sv, {i})), values(jla::svdvals(ai)), 1e-13,
                 "vmap svdvals" + n);
    expect_close(values(jnp::slice(tri, {i})),
                 values(sla::solve_triangular(shared, bi, 0, true)), 1e-13,
                 "vmap solve_triangular" + n);
    expect_close(values(jnp::slice(ex, {i})),
                 values(sla::expm(ai * Array(0.1))), 1e-13, "vmap expm" + n);
  }
}

// --- values -------------------------------------------------------------------------

TEST(LinalgValues, Identities) {
  std::mt19937 g(15);
  Array a = random(g, {5, 3});
  auto [q, r] = jla::qr(a);
  expect_close(values(jnp::matmul(q, r)), values(a), 1e-13, "q r = a");
  auto [u, s, vh] = jla::svd(a, false);
  expect_close(values(jnp::matmul(u * s, vh)), values(a), 1e-13,
               "u diag(s) vh = a");
  auto [p, l, uu] = sla::lu(a);
  expect_close(values(jnp::matmul(p, jnp::matmul(l, uu))), values(a), 1e-13,
               "p l u = a");
  Array sq = well(g, {4, 4});
  expect_close(values(jnp::matmul(sq, jla::inv(sq))),
               values(jnp::eye(4, std::nullopt, 0, f64)), 1e-13, "a inv(a)");
  expect_close(values(jla::matrix_power(sq, 4)),
               values(jnp::matmul(jnp::matmul(sq, sq), jnp::matmul(sq, sq))),
               1e-13, "matrix_power 4");
  expect_close(values(jla::matrix_power(sq, 0)),
               values(jnp::eye(4, std::nullopt, 0, f64)), 0, "matrix_power 0");
  // expm of a diagonal matrix: exp of its diagonal; of a nilpotent one:
  // the finite series.
  Array d = as_array({0.5, 0, 0, -2}, {2, 2});
  expect_close(values(sla::expm(d)), {std::exp(0.5), 0, 0, std::exp(-2)}, 1e-14,
               "expm diagonal");
  Array nil = as_array({0, 1, 0, 0}, {2, 2});
  expect_close(values(sla::expm(nil)), {1, 1, 0, 1}, 1e-15, "expm nilpotent");
  // Norms.
  Array x = as_array({3, -4, 0, 1}, {2, 2});
  expect_close(values(jla::norm(x)), {std::sqrt(26.0)}, 1e-15, "fro");
  expect_close(values(jla::norm(x, 1)), {5}, 0, "ord 1");
  expect_close(values(jla::norm(x, std::numeric_limits<double>::infinity())),
               {7}, 0, "ord inf");
  expect_close(values(jla::norm(x, 0, std::vector<int64_t>{1})), {2, 1}, 0,
               "vector ord 0");
  expect_close(values(jla::norm(x, 3, std::vector<int64_t>{0})),
               {3, std::cbrt(65.0)}, 1e-15, "vector ord 3");
  expect_close(values(jla::matrix_rank(as_array({1, 2, 2, 4}, {2, 2}))), {1}, 0,
               "rank 1");
}

TEST(LinalgValues, FailuresAsJax) {
  // A singular matrix: det 0, slogdet (0, -inf); not positive definite:
  // NaN factors; an int matrix is promoted to float32.
  Array sing = as_array({1, 2, 2, 4}, {2, 2});
  EXPECT_EQ(jla::det(sing).item<double>(), 0.0);
  Array s4 = as_array({1, 2, 3, 4, 2, 4, 6, 8, 0, 1, 0, 1, 1, 0, 1, 0}, {4, 4});
  auto [sign, logdet] = jla::slogdet(s4);
  EXPECT_EQ(sign.item<double>(), 0.0);
  EXPECT_EQ(logdet.item<double>(), -std::numeric_limits<double>::infinity());
  // Not positive definite: NaN in the lower triangle, zeros above it.
  Array npd = as_array({1, 2, 2, 1}, {2, 2});
  std::vector<double> l = values(jla::cholesky(npd));
  EXPECT_TRUE(std::isnan(l[0]) && std::isnan(l[2]) && std::isnan(l[3]));
  EXPECT_EQ(l[1], 0.0);
  Array ints = jnp::astype(as_array({2, 0, 0, 4}, {2, 2}), jx::dtype::int32);
  Array inv = jla::inv(ints);
  EXPECT_EQ(inv.dtype(), jx::dtype::float32);
  expect_close(values(inv), {0.5, 0, 0, 0.25}, 0, "inv of an int matrix");
}

// --- lowering -----------------------------------------------------------------------

TEST(LinalgLowering, JaxsCustomCalls) {
  Array a = jnp::ones({2, 4, 4}, f64);
  std::string text = jx::jit([](const Array &x) {
                       return jla::cholesky(x);
                     }).lower(a).as_text();
  EXPECT_NE(text.find("custom_call @lapack_dpotrf_ffi"), std::string::npos)
      << text;
  EXPECT_NE(text.find("num_batch_dims = \"1\""), std::string::npos) << text;
  EXPECT_NE(text.find("operand_layouts = [dense<[1, 2, 0]>"), std::string::npos)
      << text;
  EXPECT_NE(text.find("uplo = 76 : ui8"), std::string::npos) << text;
  std::string solve = jx::jit([](const Array &x, const Array &y) {
                        return jla::solve(x, y);
                      }).lower(jnp::ones({3, 3}), jnp::ones({3})).as_text();
  for (const char *t : {"@lapack_sgetrf_ffi", "@lapack_strsm_ffi"})
    EXPECT_NE(solve.find(t), std::string::npos) << t << "\n" << solve;
}

// --- errors -------------------------------------------------------------------------

TEST(LinalgErrors, BadInput) {
  Array m34 = jnp::ones({3, 4}), m33 = jnp::ones({3, 3}), v = jnp::ones({3});
  expect_error([&] { jla::solve(m34, v); },
               {"jx::numpy::linalg::solve", "square", "f32[3,4]"});
  expect_error([&] { jla::solve(m33, jnp::ones({4})); },
               {"jx::numpy::linalg::solve", "3 elements", "f32[4]"});
  expect_error([&] { jla::solve(jnp::ones({2, 3, 3}), jnp::ones({4, 3, 1})); },
               {"do not broadcast"});
  expect_error([&] { jla::cholesky(v); }, {"cholesky", "rank >= 2", "f32[3]"});
  expect_error([&] { jla::inv(m34); }, {"inv", "square"});
  expect_error([&] { jla::qr(m34, "r"); }, {"mode 'r'", "qr(a).second"});
  expect_error([&] { jla::qr(m34, "economic"); }, {"unknown mode 'economic'"});
  expect_error([&] { jla::eigh(m33, "X"); }, {"UPLO"});
  expect_error([&] { jla::norm(m33, "spectral"); }, {"invalid order 'spectral'"});
  expect_error([&] { jla::norm(m33, 3); }, {"invalid order", "matrix norm"});
  expect_error([&] { jla::norm(jnp::ones({2, 2, 2}), 2); },
               {"one axis", "two"});
  expect_error([&] { sla::lu_solve(sla::lu_factor(m33), v, 3); },
               {"trans must be 0, 1 or 2"});
  expect_error([&] { jla::lstsq(m34, jnp::ones({4})); }, {"lstsq", "3 rows"});
  lla::triangular_solve_options o;
  o.left_side = true;
  expect_error([&] { lla::triangular_solve(m33, jnp::ones({4, 2}), o); },
               {"triangular_solve", "needs 4x4"});
  expect_error([&] { lla::cholesky(jnp::ones({3, 3}, jx::dtype::float16)); },
               {"jx::lax::linalg::cholesky", "f16[3,3]", "LAPACK"});
  expect_error(
      [&] {
        jla::pinv(jnp::astype(m33, jx::dtype::complex64));
      },
      {"jx::numpy::linalg::pinv", "complex", "not supported yet"});
  expect_error(
      [&] {
        jx::grad([](const Array &a) {
          return jnp::real(jla::det(a));
        })(jnp::astype(jnp::eye(4), jx::dtype::complex64));
      },
      {"complex", "not differentiable yet"});
  // Derivatives of shapes JAX does not differentiate either.
  expect_error(
      [&] {
        jx::grad([](const Array &a) { return jla::qr(a).first.sum(); })(
            jnp::ones({3, 5}));
      },
      {"jvp of qr", "m >= n"});
}

} // namespace
