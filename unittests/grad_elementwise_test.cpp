// grad_elementwise_test.cpp - jvp, vjp and batching rules of the elementwise
// primitives, one table row per primitive (or per case of one).
//
// Every differentiable row is checked in float64 against central finite
// differences: forward mode (jvp along a random direction), reverse mode
// (every component of the gradient of a weighted sum), second order (jvp of
// grad and grad of grad, against finite differences of the gradient), vmap
// against a loop over the batch (batch on axis 0, on axis 1, and mixed with
// an unbatched operand), vmap of grad against a loop, and jit(grad) == grad.
// The batching table (comparisons, bitwise ops, is_finite: their results
// are bool or integer) gets the vmap checks only.
//
// The expected values at kinks (max/min ties, abs at 0, pow at x = 0) are
// JAX's (jax 0.10, x64), from:
//   import jax, jax.numpy as jnp; from jax import lax
//   jax.config.update('jax_enable_x64', True)
//   print(jax.grad(lax.max, (0, 1))(1., 1.), jax.grad(lax.min, (0, 1))(1., 1.))
//   print(jax.grad(lax.abs)(0.), jax.grad(jax.grad(lax.abs))(0.))
//   for y in [0., 1., 2., 3., 0.5, -1.]:
//     print(y, jax.grad(lambda x: lax.pow(x, y))(0.),
//           jax.grad(lambda y: lax.pow(0., y))(y),
//           jax.grad(jax.grad(lambda x: lax.pow(x, y)))(0.))
//   print(jax.grad(lambda x: lax.pow(x, 3.))(-2.),
//         jax.grad(lambda y: lax.pow(-2., y))(3.))
// which print (0.5, 0.5) (0.5, 0.5) / 1.0 0.0 / and, per y:
//   0.0: nan 0.0 nan    1.0: 1.0 0.0 nan    2.0: 0.0 0.0 2.0
//   3.0: 0.0 0.0 0.0    0.5: inf 0.0 -inf   -1.0: -inf nan inf
// and 12.0 nan.

#include "jx/jx.h"

// The missing-rule test defines a primitive of its own (with no rules), so
// that it keeps testing the error when every jx primitive has its rules.
#include "../lib/core/trace.h"
#include "../lib/primitives/primitive.h"

#include "grad_harness.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>

namespace {

using namespace grad_harness;

/// |x| in [0.5, 2] with a random sign: away from 0.
sampler away_from_zero() {
  return [](std::mt19937 &g, int) {
    double v = uniform(g, 0.5, 2);
    return uniform(g, 0, 1) < 0.5 ? -v : v;
  };
}
/// k + [0.2, 0.4] for an integer k in [-3, 3]: away from the jumps of
/// floor, ceil and round.
sampler off_grid() {
  return [](std::mt19937 &g, int) {
    return std::floor(uniform(g, -3, 4)) + uniform(g, 0.2, 0.4);
  };
}
/// Small integers (some equal across operands), for exact comparisons.
sampler small_ints() {
  return [](std::mt19937 &g, int) { return std::floor(uniform(g, -2, 2)); };
}

std::vector<row> rows() {
  const auto unary = unary_row;
  auto binary = [](std::string name, Array (*op)(const Array &, const Array &),
                   shape_t sa, shape_t sb, sampler s) {
    return row{name,
               2,
               {sa, sb},
               [op](const Array &a, const Array &b, const Array &) {
                 return op(a, b);
               },
               s};
  };
  auto ipow = [](int64_t y, sampler s) {
    return row{"integer_pow_" +
                   (y < 0 ? "m" + std::to_string(-y) : std::to_string(y)),
               1,
               {{2, 3}},
               [y](const Array &a, const Array &, const Array &) {
                 return lax::integer_pow(a, y);
               },
               s};
  };
  // pow's exponent and base: x in [0.5, 2], y in [-2, 2].
  sampler pow_s = [](std::mt19937 &g, int arg) {
    return arg == 0 ? uniform(g, 0.5, 2) : uniform(g, -2, 2);
  };
  // bool operands from floats (a > 0), for and/or/xor/not.
  auto positive = [](const Array &a) { return lax::gt(a, Array(0.0)); };
  auto as_int = [](const Array &a) {
    return lax::convert_element_type(a, jx::dtype::int32);
  };
  std::vector<row> r = {
      binary("div", lax::div, {2, 3}, {2, 3}, away_from_zero()),
      binary("div_by_scalar", lax::div, {2, 3}, {}, away_from_zero()),
      binary("div_of_scalar", lax::div, {}, {2, 3}, away_from_zero()),
      binary("max", lax::max, {2, 3}, {2, 3}, in(-2, 2)),
      binary("max_bcast_rows", lax::max, {2, 3}, {1, 3}, in(-2, 2)),
      binary("min", lax::min, {2, 3}, {2, 3}, in(-2, 2)),
      binary("min_scalar", lax::min, {2, 3}, {}, in(-2, 2)),
      binary("pow", lax::pow, {2, 3}, {2, 3}, pow_s),
      binary("pow_scalar_exponent", lax::pow, {2, 3}, {}, pow_s),
      row{"pow_integer_exponent",
          1,
          {{2, 3}},
          [](const Array &a, const Array &, const Array &) {
            // Negative bases with integer-valued float exponents.
            return lax::add(lax::pow(a, Array(3.0)), lax::pow(a, Array(2.0)));
          },
          away_from_zero()},
      ipow(0, in(-2, 2)),
      ipow(1, in(-2, 2)),
      ipow(2, in(-2, 2)),
      ipow(3, in(-2, 2)),
      ipow(-2, away_from_zero()),
      unary("sqrt", lax::sqrt, in(0.5, 2)),
      unary("rsqrt", lax::rsqrt, in(0.5, 2)),
      unary("log1p", lax::log1p, in(-0.5, 2)),
      unary("expm1", lax::expm1, in(-2, 2)),
      unary("logistic", lax::logistic, in(-3, 3)),
      unary("abs", lax::abs, away_from_zero()),
      unary("sign", lax::sign, away_from_zero()),
      unary("floor", lax::floor, off_grid()),
      unary("ceil", lax::ceil, off_grid()),
      row{"round",
          1,
          {{2, 3}},
          [](const Array &a, const Array &, const Array &) {
            return lax::round(a, lax::rounding_method::to_nearest_even);
          },
          off_grid()},
      unary("square", lax::square, in(-2, 2)),
      row{"select_n",
          3,
          {{2, 3}, {2, 3}, {2, 3}},
          [positive](const Array &p, const Array &a, const Array &b) {
            return lax::select_n(positive(p), {a, b});
          },
          away_from_zero()},
      row{"select_n_scalar_predicate",
          3,
          {{}, {2, 3}, {2, 3}},
          [positive](const Array &p, const Array &a, const Array &b) {
            return lax::select_n(positive(p), {a, b});
          },
          away_from_zero()},
      row{"select_n_scalars",
          3,
          {{}, {}, {}},
          [positive](const Array &p, const Array &a, const Array &b) {
            return lax::select_n(positive(p), {a, b});
          },
          away_from_zero()},
      row{"convert_f64_f64",
          1,
          {{2, 3}},
          [](const Array &a, const Array &, const Array &) {
            // A weak -> strong conversion of float64 is a real equation.
            return lax::mul(lax::convert_element_type(a, f64, true), a);
          },
          in(-2, 2)},
      row{"convert_through_int",
          1,
          {{2, 3}},
          [as_int](const Array &a, const Array &, const Array &) {
            // float -> int -> float: zero derivative through the integers.
            return lax::add(lax::convert_element_type(as_int(a), f64), a);
          },
          off_grid()},
  };
  return r;
}

/// Batching only: bool or integer results.
std::vector<row> batch_rows() {
  auto positive = [](const Array &a) { return lax::gt(a, Array(0.0)); };
  auto as_int = [](const Array &a) {
    return lax::convert_element_type(a, jx::dtype::int32);
  };
  std::vector<row> r = {
      row{"eq",
          2,
          {{2, 3}, {2, 3}},
          [](const Array &a, const Array &b, const Array &) {
            return lax::eq(a, b);
          },
          small_ints()},
      row{"ne",
          2,
          {{2, 3}, {}},
          [](const Array &a, const Array &b, const Array &) {
            return lax::ne(a, b);
          },
          small_ints()},
      row{"lt",
          2,
          {{2, 3}, {2, 3}},
          [](const Array &a, const Array &b, const Array &) {
            return lax::lt(a, b);
          },
          small_ints()},
      row{"le",
          2,
          {{2, 3}, {1, 3}},
          [](const Array &a, const Array &b, const Array &) {
            return lax::le(a, b);
          },
          small_ints()},
      row{"gt",
          2,
          {{}, {2, 3}},
          [](const Array &a, const Array &b, const Array &) {
            return lax::gt(a, b);
          },
          small_ints()},
      row{"ge",
          2,
          {{2, 3}, {2, 3}},
          [](const Array &a, const Array &b, const Array &) {
            return lax::ge(a, b);
          },
          small_ints()},
      row{"and_bool",
          2,
          {{2, 3}, {2, 3}},
          [positive](const Array &a, const Array &b, const Array &) {
            return lax::bitwise_and(positive(a), positive(b));
          },
          in(-1, 1)},
      row{"or_bool",
          2,
          {{2, 3}, {2, 3}},
          [positive](const Array &a, const Array &b, const Array &) {
            return lax::bitwise_or(positive(a), positive(b));
          },
          in(-1, 1)},
      row{"xor_int",
          2,
          {{2, 3}, {2, 3}},
          [as_int](const Array &a, const Array &b, const Array &) {
            return lax::bitwise_xor(as_int(a), as_int(b));
          },
          in(-8, 8)},
      row{"not_bool",
          1,
          {{2, 3}},
          [positive](const Array &a, const Array &, const Array &) {
            return lax::bitwise_not(positive(a));
          },
          in(-1, 1)},
      row{"not_int",
          1,
          {{2, 3}},
          [as_int](const Array &a, const Array &, const Array &) {
            return lax::bitwise_not(as_int(a));
          },
          in(-8, 8)},
      row{"is_finite",
          1,
          {{2, 3}},
          [](const Array &a, const Array &, const Array &) {
            return lax::is_finite(lax::log(a)); // -inf at 0, nan below
          },
          small_ints()},
  };
  return r;
}

// --- the checks --------------------------------------------------------------

class ElementwiseRules : public ::testing::TestWithParam<row> {};

TEST_P(ElementwiseRules, FirstOrder) { check_first_order(GetParam()); }

TEST_P(ElementwiseRules, SecondOrder) { check_second_order(GetParam()); }

/// The rows' vmap cases: every used argument batched on axis 0; on axis 1
/// (0 for 0-d examples); the first unbatched and the others on their last
/// axis; the first on axis 0 and the others unbatched.
std::vector<vmap_case> vmap_cases(const row &r) {
  std::vector<vmap_case> cases = all_on_axis_0_and_1(r);
  if (r.nargs > 1) {
    cases.push_back({"first unbatched, others on their last axis",
                     axes_of(r, [](int i, int64_t rank) {
                       return i == 0 ? jx::axis_spec() : jx::axis_spec(rank);
                     })});
    cases.push_back(
        {"first on axis 0, others unbatched", axes_of(r, [](int i, int64_t) {
           return i == 0 ? jx::axis_spec(0) : jx::axis_spec();
         })});
  }
  return cases;
}

TEST_P(ElementwiseRules, VmapMatchesLoop) {
  check_vmap_matches_loop(GetParam(), vmap_cases(GetParam()));
}

/// Rows with bool or integer results: batching rules only.
class ElementwiseBatching : public ::testing::TestWithParam<row> {};

TEST_P(ElementwiseBatching, VmapMatchesLoop) {
  check_vmap_matches_loop(GetParam(), vmap_cases(GetParam()));
}

TEST_P(ElementwiseRules, VmapOfGradMatchesLoop) {
  const row &r = GetParam();
  fn3 f = r.f;
  auto loss = [f](const Array &a, const Array &b, const Array &c) {
    return f(a, b, c).sum();
  };
  try {
    check_vmap_of_grad_matches_loop(r, loss, vmap_cases(r));
  } catch (const jx::error &e) {
    // unbroadcast (size-1 dims) reshapes; reshape's batching rule is
    // another family's (shape.cpp): skip until it lands.
    if (std::string(e.what()).find("'reshape' has no batching rule") !=
        std::string::npos)
      GTEST_SKIP() << e.what();
    throw;
  }
}

INSTANTIATE_TEST_SUITE_P(Table, ElementwiseRules, ::testing::ValuesIn(rows()),
                         row_name);
INSTANTIATE_TEST_SUITE_P(Table, ElementwiseBatching,
                         ::testing::ValuesIn(batch_rows()), row_name);

// --- edge cases
// ----------------------------------------------------------------

Array scalar(double v) { return jx::array({v}, f64).reshape({}); }

TEST(ElementwiseRulesEdges, MaxMinTiesSplitTheDerivative) {
  Array x = jx::array({1.0, 2.0, -1.0}, f64);
  Array y = jx::array({1.0, 1.0, -1.0}, f64);
  for (auto op : {lax::max, lax::min}) {
    auto loss = [op](const Array &a, const Array &b) { return op(a, b).sum(); };
    auto [gx, gy] = jx::grad<0, 1>(loss)(x, y);
    bool is_max = op == lax::max;
    // Element 1: x > y, so max takes x, min takes y.
    EXPECT_EQ(values(gx), (std::vector<double>{0.5, is_max ? 1.0 : 0.0, 0.5}));
    EXPECT_EQ(values(gy), (std::vector<double>{0.5, is_max ? 0.0 : 1.0, 0.5}));
    auto [out, t] =
        jx::jvp([op](const Array &a, const Array &b) { return op(a, b); },
                std::make_tuple(x, y),
                std::make_tuple(jx::array({2.0, 2.0, 2.0}, f64),
                                jx::array({4.0, 4.0, 4.0}, f64)));
    EXPECT_EQ(values(t), (std::vector<double>{3.0, is_max ? 2.0 : 4.0, 3.0}));
    // Second derivative at the tie: zero, as JAX.
    auto g1 = [op](const Array &a) {
      return jx::grad([op](const Array &v) { return op(v, scalar(1.0)); })(a);
    };
    EXPECT_EQ(jx::grad(g1)(scalar(1.0)).item<double>(), 0.0);
  }
  // A NaN result: neither operand gets the derivative.
  auto [gx, gy] = jx::grad<0, 1>([](const Array &a, const Array &b) {
    return lax::max(a, b);
  })(scalar(1.0), scalar(std::nan("")));
  EXPECT_EQ(gx.item<double>(), 0.0);
  EXPECT_EQ(gy.item<double>(), 0.0);
}

TEST(ElementwiseRulesEdges, AbsAtZero) {
  auto f = [](const Array &x) { return lax::abs(x); };
  EXPECT_EQ(jx::grad(f)(scalar(0.0)).item<double>(), 1.0);
  EXPECT_EQ(jx::grad(f)(scalar(-0.5)).item<double>(), -1.0);
  EXPECT_EQ(jx::grad(jx::grad(f))(scalar(0.0)).item<double>(), 0.0);
  auto [y, t] = jx::jvp(f, scalar(0.0), scalar(3.0));
  EXPECT_EQ(t.item<double>(), 3.0);
}

TEST(ElementwiseRulesEdges, PowAtZeroAsJax) {
  struct expected {
    double y, dx, dy, ddx;
  };
  double inf = INFINITY, nan = NAN;
  for (expected e : std::vector<expected>{{0.0, nan, 0.0, nan},
                                          {1.0, 1.0, 0.0, nan},
                                          {2.0, 0.0, 0.0, 2.0},
                                          {3.0, 0.0, 0.0, 0.0},
                                          {0.5, inf, 0.0, -inf},
                                          {-1.0, -inf, nan, inf}}) {
    Array y = scalar(e.y);
    auto fx = [y](const Array &x) { return lax::pow(x, y); };
    auto fy = [](const Array &v) { return lax::pow(scalar(0.0), v); };
    auto same = [](double got, double want) {
      return std::isnan(want) ? std::isnan(got) : got == want;
    };
    double dx = jx::grad(fx)(scalar(0.0)).item<double>();
    double dy = jx::grad(fy)(y).item<double>();
    double ddx = jx::grad(jx::grad(fx))(scalar(0.0)).item<double>();
    EXPECT_TRUE(same(dx, e.dx)) << "y = " << e.y << ": d/dx " << dx;
    EXPECT_TRUE(same(dy, e.dy)) << "y = " << e.y << ": d/dy " << dy;
    EXPECT_TRUE(same(ddx, e.ddx)) << "y = " << e.y << ": d2/dx2 " << ddx;
  }
}

TEST(ElementwiseRulesEdges, PowIntegerExponentNegativeBase) {
  auto [gx, gy] = jx::grad<0, 1>([](const Array &x, const Array &y) {
    return lax::pow(x, y);
  })(scalar(-2.0), scalar(3.0));
  EXPECT_EQ(gx.item<double>(), 12.0);
  EXPECT_TRUE(std::isnan(gy.item<double>())); // log of a negative base
  // integer_pow agrees, and has no trouble with negative bases either way.
  double gi = jx::grad([](const Array &x) { return lax::integer_pow(x, 3); })(
                  scalar(-2.0))
                  .item<double>();
  EXPECT_EQ(gi, 12.0);
  double gm = jx::grad([](const Array &x) { return lax::integer_pow(x, -1); })(
                  scalar(-2.0))
                  .item<double>();
  EXPECT_EQ(gm, -0.25);
}

TEST(ElementwiseRulesEdges, SelectNBatchedPredicateUnbatchedCases) {
  Array which = jx::array({1.0, -1.0, 2.0, -2.0}, f64); // batch of 4
  Array a = jx::array({1.0, 2.0, 3.0}, f64),
        b = jx::array({4.0, 5.0, 6.0}, f64);
  auto f = [](const Array &p, const Array &x, const Array &y) {
    return lax::select_n(lax::gt(p, Array(0.0)), {x, y});
  };
  Array out = jx::vmap(f, {0, jx::not_mapped, jx::not_mapped})(which, a, b);
  ASSERT_EQ(out.shape(), (shape_t{4, 3}));
  EXPECT_EQ(values(out),
            (std::vector<double>{4, 5, 6, 1, 2, 3, 4, 5, 6, 1, 2, 3}));
  // Its gradient: each case gets the examples where it is chosen.
  auto loss = [f](const Array &p, const Array &x, const Array &y) {
    return jx::vmap(f, {0, jx::not_mapped, jx::not_mapped})(p, x, y).sum();
  };
  auto [gp, ga, gb] = jx::grad<0, 1, 2>(loss)(which, a, b);
  EXPECT_EQ(values(gp), (std::vector<double>{0, 0, 0, 0}));
  EXPECT_EQ(values(ga), (std::vector<double>{2, 2, 2}));
  EXPECT_EQ(values(gb), (std::vector<double>{2, 2, 2}));
  // Batched cases, unbatched 0-d predicate.
  Array xs = jx::array({1, 2, 3, 4, 5, 6}, {2, 3}, f64);
  Array ys = jx::array({7, 8, 9, 10, 11, 12}, {2, 3}, f64);
  Array got =
      jx::vmap(f, {jx::not_mapped, 0, 1})(scalar(1.0), xs, ys.reshape({3, 2}));
  ASSERT_EQ(got.shape(), (shape_t{2, 3}));
  EXPECT_EQ(values(got), (std::vector<double>{7, 9, 11, 8, 10, 12}));
}

TEST(ElementwiseRulesEdges, ConvertElementType) {
  Array x = jx::array({0.5, -1.25, 3.0}, f64);
  // float64 -> float32: the tangent is converted.
  auto [y, t] = jx::jvp(
      [](const Array &v) {
        return lax::convert_element_type(v, jx::dtype::float32);
      },
      x, jx::array({1.0, 2.0, 3.0}, f64));
  EXPECT_EQ(t.dtype(), jx::dtype::float32);
  EXPECT_EQ(values(t), (std::vector<double>{1, 2, 3}));
  // And the cotangent back to float64.
  Array g = jx::grad([](const Array &v) {
    Array s = lax::convert_element_type(v, jx::dtype::float32);
    return lax::mul(s, s).sum();
  })(x);
  EXPECT_EQ(g.dtype(), f64);
  EXPECT_EQ(values(g), (std::vector<double>{1.0, -2.5, 6.0}));
  // To an integer and back: zero.
  Array z = jx::grad([](const Array &v) {
    return lax::convert_element_type(
               lax::convert_element_type(v, jx::dtype::int32), f64)
        .sum();
  })(x);
  EXPECT_EQ(values(z), (std::vector<double>{0, 0, 0}));
  // vmap of the float32 conversion.
  Array m = jx::array({1, 2, 3, 4, 5, 6}, {2, 3}, f64);
  Array v = jx::vmap(
      [](const Array &a) {
        return lax::convert_element_type(a, jx::dtype::float32);
      },
      {1})(m);
  EXPECT_EQ(v.dtype(), jx::dtype::float32);
  EXPECT_EQ(values(v), (std::vector<double>{1, 4, 2, 5, 3, 6}));
}

TEST(ElementwiseRulesEdges, ZeroDerivativeOps) {
  // sign, floor, ceil, round: zero derivative everywhere, even at jumps.
  for (auto op : std::vector<Array (*)(const Array &)>{lax::sign, lax::floor,
                                                       lax::ceil}) {
    Array g = jx::grad([op](const Array &v) { return op(v).sum(); })(
        jx::array({0.0, 1.0, -2.5}, f64));
    EXPECT_EQ(values(g), (std::vector<double>{0, 0, 0}));
  }
  auto [y, t] = jx::jvp([](const Array &v) { return lax::round(v); },
                        jx::array({0.5, 1.5}, f64), jx::array({1.0, 1.0}, f64));
  EXPECT_EQ(values(t), (std::vector<double>{0, 0}));
}

TEST(ElementwiseRulesEdges, IntegerPowZeroExponent) {
  Array g = jx::grad([](const Array &v) {
    return lax::integer_pow(v, 0).sum();
  })(jx::array({0.0, 2.0}, f64));
  EXPECT_EQ(values(g), (std::vector<double>{0, 0}));
  Array g1 = jx::grad([](const Array &v) {
    return lax::integer_pow(v, 1).sum();
  })(jx::array({0.0, 2.0}, f64));
  EXPECT_EQ(values(g1), (std::vector<double>{1, 1}));
}

// --- errors
// ---------------------------------------------------------------------

// A primitive with no transformation rules: the identity.
const jx::core::primitive norule_p{"test_no_rules",
                                   [](const std::vector<jx::shaped_array> &in,
                                      const jx::params_t &) { return in; },
                                   /*lower=*/nullptr, /*print_param=*/nullptr,
                                   /*rules=*/{}};

Array no_rules(const Array &x) { return jx::core::bind1(norule_p, {x}); }

TEST(ElementwiseRulesErrors, MissingRuleNamesPrimitiveAndTransform) {
  Array x = jx::array({1.0, 2.0}, f64);
  // Traced under jit: the primitive has no lowering either.
  auto f = [](const Array &v) { return lax::sin(no_rules(v)).sum(); };
  expect_error([&] { jx::jit(jx::grad(f))(x); },
               {"jx::grad", "'test_no_rules'", "reverse-mode (vjp) rule"});
  expect_error(
      [&] {
        jx::jit([f](const Array &v) { return jx::jvp(f, v, v).second; })(x);
      },
      {"jx::jvp", "'test_no_rules'", "jvp"});
  expect_error(
      [&] {
        jx::jit([](const Array &v) {
          return jx::vmap([](const Array &e) { return no_rules(e); })(v);
        })(x);
      },
      {"jx::vmap", "'test_no_rules'", "batching rule"});
}

TEST(ElementwiseRulesErrors, AbsOfComplexNamesThePrimitive) {
  Array z = jx::array({1.0, 2.0}, jx::dtype::complex64);
  expect_error(
      [&] { jx::jvp([](const Array &v) { return lax::abs(v); }, z, z); },
      {"'abs'", "jvp", "c64[2]"});
}

TEST(ElementwiseRulesErrors, VmapOfSelectNWithMismatchedBatches) {
  Array p = jx::array({1.0, -1.0}, f64);
  Array a = jx::array({1.0, 2.0, 3.0}, f64);
  expect_error(
      [&] {
        jx::vmap([](const Array &w, const Array &x, const Array &y) {
          return lax::select_n(lax::gt(w, Array(0.0)), {x, y});
        })(p, a, a);
      },
      {"jx::vmap", "different sizes"});
}

} // namespace
