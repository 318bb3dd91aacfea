// fixture_ops_test.cpp - the ops added for the JAX fixtures (tan, cbrt,
// atan2 / arctan2, clamp, trunc, remainder / mod / fmod, floor_divide,
// left_shift / right_shift, bitwise_count, leaky_relu, elu, logsumexp):
// values against JAX's over every dtype they take (fixture_ops_expected.inc,
// written by gen_fixture_ops_expected.py), eagerly and under jit; gradients
// of the new primitives against jax.grad; their jaxprs against JAX's; and
// errors that name the API.

#include "jx/jx.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace {

namespace jnp = jx::numpy;
namespace lax = jx::lax;
namespace nn = jx::nn;
using jx::Array;
using A = const Array &;

struct tensor_lit {
  const char *dtype;
  std::vector<int64_t> shape;
  std::vector<double> values;
};
struct op_case {
  const char *op;
  tensor_lit in[3];
  tensor_lit out;
};
struct grad_case {
  const char *op;
  tensor_lit in[3];
  tensor_lit grads[3];
};

#include "fixture_ops_expected.inc"

jx::dtype dtype_of(const std::string &n) {
  static const std::map<std::string, jx::dtype> names = {
      {"bool", jx::bool_},      {"int8", jx::int8},
      {"int32", jx::int32},     {"uint8", jx::uint8},
      {"uint32", jx::uint32},   {"float16", jx::float16},
      {"bfloat16", jx::bfloat16}, {"float32", jx::float32},
      {"float64", jx::float64}};
  return names.at(n);
}

Array make(const tensor_lit &t) {
  return jx::array(t.values, jx::shape_t(t.shape.begin(), t.shape.end()),
                   dtype_of(t.dtype));
}

/// Relative tolerance of transcendental results: a few ulps of the dtype
/// (jx's and XLA's approximations differ slightly), 0 for the exact ops.
double tolerance(jx::dtype t, bool exact) {
  if (exact)
    return 0;
  switch (t) {
  case jx::dtype::float64: return 1e-14;
  case jx::dtype::float32: return 4e-7;
  case jx::dtype::float16: return 2e-3;
  case jx::dtype::bfloat16: return 1.6e-2;
  default: return 0;
  }
}

/// "" when `got` has `want`'s dtype and shape and values within `rtol`.
std::string differs(const Array &got, const tensor_lit &want, double rtol) {
  if (got.dtype() != dtype_of(want.dtype) ||
      got.shape() != jx::shape_t(want.shape.begin(), want.shape.end()))
    return "type " + got.aval().str() + ", JAX's is " + want.dtype;
  std::vector<double> v = got.to_vector<double>();
  for (std::size_t i = 0; i < v.size(); ++i) {
    double w = want.values[i];
    bool same = std::isnan(w) ? std::isnan(v[i])
                              : std::fabs(v[i] - w) <=
                                    rtol * std::max(1.0, std::fabs(w));
    if (!same)
      return "element " + std::to_string(i) + " is " + std::to_string(v[i]) +
             ", JAX's is " + std::to_string(w);
  }
  return "";
}

using fn3 = std::function<Array(A, A, A)>;

/// The jx spelling of each case of gen_fixture_ops_expected.py, and
/// whether its results are exact (no transcendental function).
const std::map<std::string, std::pair<fn3, bool>> &ops() {
  static const std::map<std::string, std::pair<fn3, bool>> m = {
      {"numpy::tan", {[](A x, A, A) { return jnp::tan(x); }, false}},
      {"numpy::cbrt", {[](A x, A, A) { return jnp::cbrt(x); }, false}},
      {"numpy::arctan2",
       {[](A x, A y, A) { return jnp::arctan2(x, y); }, false}},
      {"numpy::trunc", {[](A x, A y, A) { return jnp::trunc(x * y); }, true}},
      {"numpy::remainder",
       {[](A x, A y, A) { return jnp::remainder(x, y); }, true}},
      {"numpy::remainder_by_zero",
       {[](A x, A y, A) { return jnp::remainder(x, y * 0); }, true}},
      {"numpy::mod", {[](A x, A y, A) { return jnp::mod(y, x + 1); }, true}},
      {"numpy::fmod", {[](A x, A y, A) { return jnp::fmod(x, y); }, true}},
      {"numpy::fmod_by_zero",
       {[](A x, A y, A) { return jnp::fmod(x, y * 0); }, true}},
      {"numpy::floor_divide",
       {[](A x, A y, A) { return jnp::floor_divide(x, y); }, true}},
      {"numpy::left_shift",
       {[](A x, A y, A) {
          return jnp::left_shift(x, jnp::bitwise_and(y, 7));
        },
        true}},
      {"numpy::right_shift",
       {[](A x, A y, A) {
          return jnp::right_shift(x, jnp::bitwise_and(y, 7));
        },
        true}},
      {"numpy::bitwise_count",
       {[](A x, A, A) { return jnp::bitwise_count(x); }, true}},
      {"lax::tan", {[](A x, A, A) { return lax::tan(x); }, false}},
      {"lax::cbrt", {[](A x, A, A) { return lax::cbrt(x); }, false}},
      {"lax::atan2", {[](A x, A y, A) { return lax::atan2(x, y); }, false}},
      {"lax::clamp",
       {[](A x, A y, A z) {
          return lax::clamp(jnp::minimum(y, z), x, jnp::maximum(y, z));
        },
        true}},
      {"lax::clamp_scalars",
       {[](A x, A, A) { return lax::clamp(1, x, 5); }, true}},
      {"nn::leaky_relu", {[](A x, A, A) { return nn::leaky_relu(x); }, false}},
      {"nn::leaky_relu_slope",
       {[](A x, A, A) { return nn::leaky_relu(x, 0.25); }, true}},
      {"nn::elu", {[](A x, A, A) { return nn::elu(x); }, false}},
      {"nn::elu_alpha", {[](A x, A, A) { return nn::elu(x, 2.0); }, false}},
      {"nn::logsumexp", {[](A x, A, A) { return nn::logsumexp(x); }, false}},
      {"nn::logsumexp_axis1",
       {[](A x, A, A) { return nn::logsumexp(x, 1); }, false}},
      {"nn::logsumexp_axis0_keepdims",
       {[](A x, A, A) { return nn::logsumexp(x, 0, true); }, false}},
  };
  return m;
}

class FixtureOps : public testing::TestWithParam<const op_case *> {};

TEST_P(FixtureOps, EagerAndJitEqualJax) {
  const op_case &c = *GetParam();
  auto it = ops().find(c.op);
  ASSERT_NE(it, ops().end()) << c.op << " has no jx spelling here";
  const auto &[f, exact] = it->second;
  Array x = make(c.in[0]), y = make(c.in[1]), z = make(c.in[2]);
  double rtol = tolerance(dtype_of(c.out.dtype), exact);
  EXPECT_EQ(differs(f(x, y, z), c.out, rtol), "") << "eager";
  EXPECT_EQ(differs(jx::jit(f, "f")(x, y, z), c.out, rtol), "") << "jit";
}

std::vector<const op_case *> op_cases() {
  std::vector<const op_case *> v;
  for (const op_case &c : kOpCases)
    v.push_back(&c);
  return v;
}

INSTANTIATE_TEST_SUITE_P(
    Jax, FixtureOps, testing::ValuesIn(op_cases()),
    [](const testing::TestParamInfo<const op_case *> &info) {
      std::string name = info.param->op;
      name.replace(name.find("::"), 2, "_");
      return name + "_" + info.param->in[0].dtype;
    });

// ---------------------------------------------------------------------------
// Gradients of the new primitives (their jvp/vjp rules) against jax.grad.
// ---------------------------------------------------------------------------

const std::map<std::string, fn3> &grad_ops() {
  static const std::map<std::string, fn3> m = {
      {"tan", [](A x, A, A) { return lax::tan(x * 0.25); }},
      {"cbrt", [](A x, A, A) { return lax::cbrt(jnp::abs(x) + 0.5); }},
      {"atan2", [](A x, A y, A) { return lax::atan2(x, y); }},
      {"clamp",
       [](A x, A y, A z) {
         return lax::clamp(jnp::minimum(y, z), x, jnp::maximum(y, z));
       }},
  };
  return m;
}

TEST(FixtureOpsGrad, ReverseAndForwardModeEqualJax) {
  for (const grad_case &c : kGradCases) {
    fn3 f = grad_ops().at(c.op);
    auto loss = [f](A x, A y, A z) { return jnp::sum(f(x, y, z)); };
    Array x = make(c.in[0]), y = make(c.in[1]), z = make(c.in[2]);
    double rtol = tolerance(x.dtype(), false) * 4;
    std::string what = std::string(c.op) + " " + c.in[0].dtype;
    auto g = jx::grad<0, 1, 2>(loss)(x, y, z);
    EXPECT_EQ(differs(std::get<0>(g), c.grads[0], rtol), "") << what << " d/dx";
    EXPECT_EQ(differs(std::get<1>(g), c.grads[1], rtol), "") << what << " d/dy";
    EXPECT_EQ(differs(std::get<2>(g), c.grads[2], rtol), "") << what << " d/dz";
    // Forward mode along x's ones: sum of d/dx.
    auto [out, tangent] = jx::jvp(
        [&](A xx) { return loss(xx, y, z); }, x, jnp::ones_like(x));
    double want = 0;
    for (double v : c.grads[0].values)
      want += v;
    EXPECT_NEAR(tangent.item<double>(), want,
                rtol * 8 * std::max(1.0, std::fabs(want)))
        << what << " jvp";
  }
}

TEST(FixtureOpsGrad, ClampScalarBoundsSumTheirCotangents) {
  // jax.grad fails here (JAX 0.10.2's clamp vjp selects between a shaped
  // and a 0-d value); jx's rule sums the bounds' cotangents.
  Array x = jx::array({-2.0, 0.5, 3.0, 1.0, 7.0}, {5});
  auto g = jx::grad<0, 1, 2>([](A lo, A v, A hi) {
    return jnp::sum(lax::clamp(lo, v, hi));
  })(Array(0.0f), x, Array(2.0f));
  EXPECT_EQ(std::get<0>(g).item<double>(), 1.0); // -2 is below
  EXPECT_EQ(std::get<1>(g).to_vector<double>(),
            (std::vector<double>{0, 1, 0, 1, 0}));
  EXPECT_EQ(std::get<2>(g).item<double>(), 2.0); // 3 and 7 are above
}

TEST(FixtureOpsBatching, VmapEqualsPerExample) {
  Array x = jx::array({-2.0, 0.5, 3.0, 1.0, 7.0, -0.25}, {2, 3});
  Array lo = jx::array({0.0f, 1.0f});
  auto f = [](A lo1, A row) {
    return lax::clamp(lo1, lax::tan(row), lo1 + 1.0f) +
           lax::atan2(row, lax::cbrt(row + 10.0f));
  };
  Array batched = jx::vmap(f)(lo, x);
  for (int64_t i = 0; i < 2; ++i) {
    Array want = f(jnp::slice(lo, {i}), jnp::slice(x, {i}));
    EXPECT_EQ(jnp::slice(batched, {i}).to_vector<double>(),
              want.to_vector<double>())
        << "example " << i;
  }
}

// ---------------------------------------------------------------------------
// Jaxprs of the new primitives, as JAX prints them.
// ---------------------------------------------------------------------------

TEST(FixtureOpsJaxpr, NewPrimitivesPrintAsJax) {
  std::map<std::string, std::function<Array(A, A)>> fs = {
      {"tan", [](A x, A) { return lax::tan(x); }},
      {"cbrt", [](A x, A) { return lax::cbrt(x); }},
      {"atan2", [](A x, A y) { return lax::atan2(x, y); }},
      {"clamp", [](A x, A y) { return lax::clamp(y, x, y + 1.0f); }},
      {"clamp_scalars", [](A x, A) { return lax::clamp(0.0f, x, 1.0f); }},
  };
  Array x = jnp::zeros({2, 3});
  for (const auto &[name, want] : kJaxprs)
    EXPECT_EQ(jx::make_jaxpr(fs.at(name))(x, x).str(), want) << name;
}

TEST(FixtureOpsLowering, StableHloOpsAsJax) {
  // JAX lowers these primitives to single stablehlo ops (0-d clamp bounds
  // broadcast first): sin_cos_f32.mlir, pow_f32.mlir, atan2_max_min_f32.mlir
  // and clamp_f32.mlir under test/Fixtures/jax.
  auto f = [](A x, A y) {
    return std::make_tuple(lax::tan(x), lax::cbrt(x), lax::atan2(x, y),
                           lax::clamp(y, x, y), lax::clamp(0.0f, x, 1.0f));
  };
  Array x = jnp::zeros({2, 3});
  std::string text = jx::jit(f, "f").lower(x, x).as_text();
  for (const char *op :
       {"stablehlo.tan %arg0 : tensor<2x3xf32>",
        "stablehlo.cbrt %arg0 : tensor<2x3xf32>",
        "stablehlo.atan2 %arg0, %arg1 : tensor<2x3xf32>",
        "stablehlo.clamp %arg1, %arg0, %arg1 : tensor<2x3xf32>",
        "stablehlo.broadcast_in_dim"})
    EXPECT_NE(text.find(op), std::string::npos) << op << " in\n" << text;
}

// ---------------------------------------------------------------------------
// Errors name the API and show the operands.
// ---------------------------------------------------------------------------

template <class F>
void expect_error(F f, const std::string &prefix, const std::string &part) {
  try {
    f();
    ADD_FAILURE() << "no error; expected " << prefix;
  } catch (const jx::error &e) {
    std::string m = e.what();
    EXPECT_EQ(m.rfind(prefix, 0), 0u) << m;
    EXPECT_NE(m.find(part), std::string::npos) << m;
  }
}

TEST(FixtureOpsErrors, NameTheApi) {
  Array f = jnp::zeros({2, 3});
  Array i = jnp::zeros({2, 3}, jx::int32);
  Array b = jnp::zeros({2}, jx::bool_);
  expect_error([&] { lax::tan(i); }, "jx::lax::tan:", "i32[2,3]");
  expect_error([&] { lax::cbrt(i); }, "jx::lax::cbrt:", "i32[2,3]");
  expect_error([&] { lax::atan2(f, i); }, "jx::lax::atan2:", "dtypes differ");
  expect_error([&] { lax::atan2(i, i); }, "jx::lax::atan2:", "floating");
  expect_error([&] { lax::atan2(f, jnp::zeros({3, 2})); }, "jx::lax::atan2:",
               "f32[3,2]");
  expect_error([&] { lax::clamp(jnp::zeros({3}), f, 1.0f); },
               "jx::lax::clamp:", "f32[3]");
  expect_error([&] { lax::clamp(i, f, 1.0f); }, "jx::lax::clamp:",
               "dtypes differ");
  expect_error([&] { lax::clamp(b, b, b); }, "jx::lax::clamp:", "bool[2]");
  expect_error([&] { jnp::left_shift(f, i); }, "jx::left_shift:", "f32[2,3]");
  expect_error([&] { jnp::right_shift(i, f); }, "jx::right_shift:",
               "f32[2,3]");
  expect_error([&] { jnp::bitwise_count(f); }, "jx::bitwise_count:",
               "f32[2,3]");
  expect_error([&] { jnp::remainder(f, jnp::zeros({4})); }, "jx::remainder:",
               "f32[4]");
  expect_error([&] { jnp::floor_divide(f, jnp::zeros({4})); },
               "jx::floor_divide:", "do not broadcast");
  expect_error([&] { jnp::arctan2(f, jnp::zeros({4})); }, "jx::arctan2:",
               "f32[4]");
  expect_error([&] { nn::logsumexp(f, 2); }, "jx::nn::logsumexp:", "axis 2");
  expect_error([&] { nn::logsumexp(f, {1, -1}); }, "jx::nn::logsumexp:",
               "repeated axis");
}

} // namespace
