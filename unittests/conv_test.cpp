// conv_test.cpp - conv_general_dilated, windowed reductions, flax-style
// pooling, one_hot, standardize, erf/erfc and exact gelu: values against
// JAX's (conv_expected.h, written by gen_conv_expected.py), eager == jit,
// and errors that name the API.

#include "conv_expected.h"

#include "jx/jx.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>

namespace {

namespace jnp = jx::numpy;
namespace ce = conv_expected;
using jx::Array;

jx::dtype dtype_of(const std::string &name) {
  if (name == "float32") return jx::float32;
  if (name == "float64") return jx::float64;
  if (name == "int32") return jx::int32;
  if (name == "int64") return jx::int64;
  throw std::invalid_argument("unknown dtype " + name);
}

Array make(const ce::tensor &t, jx::dtype d) {
  return jx::array(t.values, jx::shape_t(t.shape.begin(), t.shape.end()), d);
}

/// Expects `got` to have `want`'s shape and dtype `d`, with values close
/// (exact for integers).
void expect_values(const Array &got, const std::vector<int64_t> &shape,
                   const std::vector<double> &want, jx::dtype d,
                   const std::string &what) {
  EXPECT_EQ(got.dtype(), d) << what;
  ASSERT_EQ(got.shape(), jx::shape_t(shape.begin(), shape.end())) << what;
  std::vector<double> v = got.to_vector<double>();
  ASSERT_EQ(v.size(), want.size()) << what;
  double tol = d == jx::float64 ? 1e-12 : d == jx::float32 ? 2e-6 : 0;
  for (std::size_t i = 0; i < v.size(); ++i)
    EXPECT_NEAR(v[i], want[i], tol * std::max(1.0, std::abs(want[i])))
        << what << " at " << i;
}
void expect_values(const Array &got, const ce::tensor &want, jx::dtype d,
                   const std::string &what) {
  expect_values(got, want.shape, want.values, d, what);
}

/// f eagerly and under jit, both against `want`.
void expect_eager_and_jit(const std::function<Array(const Array &)> &f,
                          const Array &x, const ce::tensor &want, jx::dtype d,
                          const std::string &what) {
  expect_values(f(x), want, d, what + " (eager)");
  auto jf = jx::jit(f, "f");
  expect_values(jf(x), want, d, what + " (jit)");
}

jx::lax::padding_t padding_of(const std::string &s, const ce::pairs &p) {
  if (!s.empty())
    return s;
  return jx::lax::padding_t(
      std::vector<std::pair<int64_t, int64_t>>(p.begin(), p.end()));
}

/// Expects `f` to throw jx::error whose message has every one of `parts`.
void expect_error(const std::function<void()> &f,
                  const std::vector<std::string> &parts) {
  try {
    f();
    ADD_FAILURE() << "expected jx::error containing " << parts[0];
  } catch (const jx::error &e) {
    for (const std::string &p : parts)
      EXPECT_NE(std::string(e.what()).find(p), std::string::npos)
          << "'" << p << "' not in: " << e.what();
  }
}

// --- conv_general_dilated ----------------------------------------------------

TEST(Conv, ValuesMatchJax) {
  int n = 0;
  for (const ce::conv_case &c : ce::conv_cases()) {
    jx::dtype d = dtype_of(c.dtype);
    Array lhs = make(c.lhs, d), rhs = make(c.rhs, d);
    auto f = [&](const Array &l, const Array &r) {
      return jx::lax::conv_general_dilated(
          l, r, c.strides, padding_of(c.padding, c.padding_pairs),
          c.lhs_dilation, c.rhs_dilation, {c.lhs_spec, c.rhs_spec, c.out_spec},
          c.feature_group_count, c.batch_group_count);
    };
    expect_values(f(lhs, rhs), c.out, d, std::string(c.name) + " (eager)");
    auto jf = jx::jit(f, "conv");
    expect_values(jf(lhs, rhs), c.out, d, std::string(c.name) + " (jit)");
    ++n;
  }
  EXPECT_EQ(n, 10);
}

TEST(Conv, LaxConvIsNchwOihw) {
  Array lhs = make(ce::lax_conv_lhs, jx::float32);
  Array rhs = make(ce::lax_conv_rhs, jx::float32);
  expect_values(jx::lax::conv(lhs, rhs, {1, 2}, "SAME"), ce::lax_conv_out,
                jx::float32, "lax::conv");
}

TEST(Conv, JaxprParameters) {
  auto f = [](const Array &x, const Array &w) {
    return jx::lax::conv_general_dilated(x, w, {1, 2}, "SAME", {}, {2, 1},
                                         {"NHWC", "HWIO", "NHWC"}, 2);
  };
  std::string text =
      jx::make_jaxpr(f)(jnp::ones({1, 5, 5, 4}), jnp::ones({3, 3, 2, 6})).str();
  EXPECT_NE(text.find("dimension_numbers=ConvDimensionNumbers(lhs_spec=(0, 3, "
                      "1, 2), rhs_spec=(3, 2, 0, 1), out_spec=(0, 3, 1, 2))"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("padding=((2, 2), (1, 1))"), std::string::npos) << text;
  EXPECT_NE(text.find("feature_group_count=2"), std::string::npos) << text;
  EXPECT_NE(text.find("c:f32[1,5,3,6]"), std::string::npos) << text;
}

TEST(Conv, LowersToStablehloConvolution) {
  auto jf = jx::jit(
      [](const Array &x, const Array &w) {
        return jx::lax::conv_general_dilated(x, w, {1, 1}, {{{1, 2}, {0, 1}}},
                                             {1, 2}, {2, 2},
                                             {"NHWC", "HWIO", "NHWC"});
      },
      "conv");
  std::string text =
      jf.lower(jnp::ones({1, 7, 6, 2}), jnp::ones({3, 2, 2, 3})).as_text();
  // As JAX's test/Fixtures/jax/conv2d_nhwc_dilated_f32.mlir.
  EXPECT_NE(text.find("stablehlo.convolution(%arg0, %arg1) dim_numbers = "
                      "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = "
                      "{stride = [1, 1], pad = [[1, 2], [0, 1]], lhs_dilate = "
                      "[1, 2], rhs_dilate = [2, 2], reverse = [false, false]} "
                      "{batch_group_count = 1 : i64, feature_group_count = 1 : "
                      "i64, precision_config = [#stablehlo<precision DEFAULT>, "
                      "#stablehlo<precision DEFAULT>]} : (tensor<1x7x6x2xf32>, "
                      "tensor<3x2x2x3xf32>) -> tensor<1x6x10x3xf32>"),
            std::string::npos)
      << text;
}

TEST(Conv, Errors) {
  Array x = jnp::ones({1, 3, 5, 5}), w = jnp::ones({4, 2, 3, 3});
  // Channel mismatch: 3 input features, kernel expects 2.
  expect_error([&] { jx::lax::conv(x, w, {1, 1}, "VALID"); },
               {"jx::lax::conv_general_dilated: ", "f32[1,3,5,5]",
                "f32[4,2,3,3]"});
  expect_error(
      [&] {
        jx::lax::conv_general_dilated(x, jnp::ones({4, 3, 3, 3}), {1, 1},
                                      "VALID", {}, {}, {"NCHW", "OIHW", "NXHW"});
      },
      {"jx::lax::conv_general_dilated: dimension_numbers[2] must contain",
       "NXHW"});
  expect_error(
      [&] {
        jx::lax::conv_general_dilated(x, jnp::ones({4, 3, 3, 3}), {1, 1},
                                      "VALID", {}, {}, {"NCHW", "OIHWW", "NCHW"});
      },
      {"jx::lax::conv_general_dilated: dimension_numbers[1]", "OIHWW"});
  expect_error(
      [&] {
        jx::lax::conv_general_dilated(x, jnp::ones({4, 3, 3, 3}), {1, 1},
                                      "VALID", {}, {}, {"NCHW", "OIHD", "NCHW"});
      },
      {"same set of spatial characters"});
  // Window rank mismatch.
  expect_error(
      [&] { jx::lax::conv(x, jnp::ones({4, 3, 3, 3}), {1, 1, 1}, "VALID"); },
      {"jx::lax::conv_general_dilated: window_strides=(1, 1, 1) has 3 entries",
       "f32[1,3,5,5]"});
  expect_error(
      [&] {
        jx::lax::conv(x, jnp::ones({4, 3, 3, 3}), {1, 1}, {{{0, 0}}});
      },
      {"jx::lax::conv_general_dilated: padding has 1"});
  expect_error(
      [&] { jx::lax::conv(x, jnp::ones({4, 3, 3, 3}), {1, 1}, "FULL"); },
      {"jx::lax::conv_general_dilated: unrecognized padding type 'FULL'"});
  expect_error(
      [&] {
        jx::lax::conv(x, jnp::ones({4, 3, 3, 3}, jx::float64), {1, 1},
                      "VALID");
      },
      {"jx::lax::conv_general_dilated: operand dtypes differ", "f64[4,3,3,3]"});
  expect_error(
      [&] {
        jx::lax::conv_general_dilated(x, jnp::ones({4, 3, 3}), {1, 1}, "VALID");
      },
      {"jx::lax::conv_general_dilated: lhs and rhs must have the same rank"});
  expect_error(
      [&] {
        jx::lax::conv_general_dilated(x, jnp::ones({4, 3, 3, 3}), {1, 1},
                                      "SAME", {2, 1});
      },
      {"jx::lax::conv_general_dilated: string padding 'SAME'"});
  // Feature groups that do not divide the features.
  expect_error(
      [&] {
        jx::lax::conv_general_dilated(x, jnp::ones({4, 1, 3, 3}), {1, 1},
                                      "VALID", {}, {}, {}, 2);
      },
      {"jx::lax::conv_general_dilated: ", "f32[1,3,5,5]"});
  // While tracing too.
  expect_error(
      [&] {
        jx::make_jaxpr([&](const Array &a) {
          return jx::lax::conv(a, w, {1, 1}, "VALID");
        })(x);
      },
      {"jx::lax::conv_general_dilated: "});
}

// --- windowed reductions and pooling ----------------------------------------

TEST(ReduceWindow, ValuesMatchJax) {
  for (const ce::window_case &c : ce::window_cases()) {
    jx::dtype d = dtype_of(c.dtype);
    std::string op = c.op;
    auto f = [&](const Array &x) {
      jx::lax::padding_t p = padding_of(c.padding, c.padding_pairs);
      if (op == "sum")
        return jx::lax::reduce_window_sum(x, c.dims, c.strides, p,
                                          c.base_dilation, c.window_dilation);
      if (op == "max")
        return jx::lax::reduce_window_max(x, c.dims, c.strides, p,
                                          c.base_dilation, c.window_dilation);
      return jx::lax::reduce_window_min(x, c.dims, c.strides, p,
                                        c.base_dilation, c.window_dilation);
    };
    expect_eager_and_jit(f, make(c.x, d), c.out, d, c.name);
  }
}

TEST(ReduceWindow, GenericTakesIdentities) {
  Array x = jx::array({1, -2, 3, 5, -4, 0}, {6}, jx::int32);
  Array s = jx::lax::reduce_window(x, 0, jx::lax::window_reducer::add, {2},
                                   {2}, "VALID");
  EXPECT_EQ(s.to_vector<int>(), (std::vector<int>{-1, 8, -4}));
  Array m = jx::lax::reduce_window(x, INT32_MIN, jx::lax::window_reducer::max,
                                   {3}, {1}, "SAME");
  EXPECT_EQ(m.to_vector<int>(), (std::vector<int>{1, 3, 5, 5, 5, 0}));
  Array f = jx::array({1.f, -2.f, 3.f});
  Array mn = jx::lax::reduce_window(f, INFINITY, jx::lax::window_reducer::min,
                                    {2}, {1}, "VALID");
  EXPECT_EQ(mn.to_vector<float>(), (std::vector<float>{-2.f, -2.f}));
  expect_error(
      [&] {
        jx::lax::reduce_window(f, 1.0, jx::lax::window_reducer::add, {2}, {1},
                               "VALID");
      },
      {"jx::lax::reduce_window: jx supports only the identity"});
}

TEST(ReduceWindow, Errors) {
  Array x = jnp::ones({1, 4, 4, 3});
  expect_error([&] { jx::lax::reduce_window_max(x, {2, 2}, {2, 2}); },
               {"jx::lax::reduce_window_max: window_dimensions=(2, 2) has 2 "
                "entries, expected 4",
                "f32[1,4,4,3]"});
  expect_error(
      [&] { jx::lax::reduce_window_sum(x, {1, 2, 2, 1}, {1, 1, 1}); },
      {"jx::lax::reduce_window_sum: window_strides=(1, 1, 1)"});
  expect_error(
      [&] { jx::lax::reduce_window_min(x, {1, 2, 2, 1}, {}, {{{0, 0}}}); },
      {"jx::lax::reduce_window_min: padding has 1 (low, high) pairs"});
  expect_error([&] { jx::lax::reduce_window_sum(x, {1, 0, 2, 1}); },
               {"jx::lax::reduce_window_sum: ", "f32[1,4,4,3]"});
  // A window larger than the input has no positions (as in JAX).
  Array empty = jx::lax::reduce_window_sum(x, {1, 9, 2, 1});
  EXPECT_EQ(empty.shape(), (jx::shape_t{1, 0, 3, 3}));
  expect_error(
      [&] {
        jx::lax::reduce_window_sum(jnp::ones({2}, jx::bool_), {1});
      },
      {"jx::lax::reduce_window_sum: needs a real numeric", "bool[2]"});
}

TEST(Pool, ValuesMatchFlax) {
  int n = 0;
  for (const ce::pool_case &c : ce::pool_cases()) {
    jx::dtype d = dtype_of(c.dtype);
    std::string kind = c.kind;
    auto f = [&](const Array &x) {
      jx::lax::padding_t p = padding_of(c.padding, c.padding_pairs);
      if (kind == "max")
        return jx::nn::max_pool(x, c.window, c.strides, p);
      return jx::nn::avg_pool(x, c.window, c.strides, p, c.count_include_pad);
    };
    expect_eager_and_jit(f, make(c.x, d), c.out, d, c.name);
    ++n;
  }
  EXPECT_EQ(n, 9);
}

TEST(Pool, JaxprIsReduceWindow) {
  std::string text =
      jx::make_jaxpr([](const Array &x) {
        return jx::nn::max_pool(x, {2, 2}, {2, 2});
      })(jnp::ones({2, 6, 6, 3}))
          .str();
  EXPECT_NE(text.find("reduce_window_max[\n      base_dilation=(1, 1, 1, 1)\n"
                      "      padding=((0, 0), (0, 0), (0, 0), (0, 0))"),
            std::string::npos)
      << text;
}

TEST(Pool, Errors) {
  Array x = jnp::ones({4, 4});
  expect_error([&] { jx::nn::max_pool(x, {2, 2}); },
               {"jx::nn::max_pool: window_shape has 2 dimensions", "f32[4,4]"});
  expect_error([&] { jx::nn::avg_pool(jnp::ones({1, 4, 4, 1}), {2, 2}, {1}); },
               {"jx::nn::avg_pool: strides has 1 entries"});
  expect_error(
      [&] { jx::nn::avg_pool(jnp::ones({1, 4, 4, 1}), {2, 2}, {}, {{{1, 1}}}); },
      {"jx::nn::avg_pool: padding has 1 (low, high) pairs"});
}

// --- one_hot, standardize, erf, gelu -----------------------------------------

TEST(NnOneHot, ValuesMatchJax) {
  Array x = jx::array(ce::one_hot_x, {5}, jx::int32);
  expect_eager_and_jit([](const Array &a) { return jx::nn::one_hot(a, 3); }, x,
                       ce::one_hot_3, jx::float32, "one_hot 3");
  Array x2 = jx::array(ce::one_hot_x2, {2, 3}, jx::int32);
  expect_eager_and_jit(
      [](const Array &a) { return jx::nn::one_hot(a, 4, jx::float32, 0); }, x2,
      ce::one_hot_4_axis0, jx::float32, "one_hot axis 0");
  expect_eager_and_jit(
      [](const Array &a) { return jx::nn::one_hot(a, 5, jx::int32, 1); }, x2,
      ce::one_hot_5_axis1_i32, jx::int32, "one_hot int32 axis 1");
  expect_error([&] { jx::nn::one_hot(x, 3, jx::float32, 2); },
               {"jx::nn::one_hot: axis 2 is out of bounds", "i32[5]"});
  expect_error([&] { jx::nn::one_hot(jnp::ones({2}, jx::bool_), 3); },
               {"jx::nn::one_hot: needs integer", "bool[2]"});
}

TEST(NnStandardize, ValuesMatchJax) {
  Array x32 = make(ce::standardize_x, jx::float32);
  expect_eager_and_jit([](const Array &a) { return jx::nn::standardize(a); },
                       x32, ce::standardize_last_f32, jx::float32,
                       "standardize last");
  expect_eager_and_jit(
      [](const Array &a) { return jx::nn::standardize(a, 0); },
      make(ce::standardize_x, jx::float64), ce::standardize_axis0_f64,
      jx::float64, "standardize axis 0 f64");
  expect_eager_and_jit(
      [](const Array &a) { return jx::nn::standardize(a, {0, 1}, 0.5); }, x32,
      ce::standardize_both_eps_f32, jx::float32, "standardize both axes");
}

TEST(NnErfGelu, ValuesMatchJax) {
  std::vector<int64_t> shape{static_cast<int64_t>(ce::erf_x.size())};
  struct row {
    jx::dtype d;
    const std::vector<double> &erf, &erfc, &gelu;
  };
  for (const row &r : {row{jx::float32, ce::erf_float32, ce::erfc_float32,
                           ce::gelu_exact_float32},
                       row{jx::float64, ce::erf_float64, ce::erfc_float64,
                           ce::gelu_exact_float64}}) {
    Array x = jx::array(ce::erf_x, {shape[0]}, r.d);
    std::string n = jx::dtype_name(r.d);
    expect_eager_and_jit([](const Array &a) { return jx::lax::erf(a); }, x,
                         {shape, r.erf}, r.d, "erf " + n);
    expect_eager_and_jit([](const Array &a) { return jx::lax::erfc(a); }, x,
                         {shape, r.erfc}, r.d, "erfc " + n);
    expect_eager_and_jit(
        [](const Array &a) { return jx::nn::gelu(a, /*approximate=*/false); },
        x, {shape, r.gelu}, r.d, "gelu exact " + n);
  }
  // Half precisions (chlo's expansion computes them in float32).
  for (auto [d, want] : {std::pair{jx::float16, &ce::erf_float16},
                         std::pair{jx::bfloat16, &ce::erf_bfloat16}}) {
    Array x = jx::array(ce::erf_x, {shape[0]}, d);
    for (const Array &r : {jx::lax::erf(x),
                           jx::jit([](const Array &a) {
                             return jx::lax::erf(a);
                           })(x)}) {
      EXPECT_EQ(r.dtype(), d);
      std::vector<double> v = r.to_vector<double>();
      for (std::size_t i = 0; i < v.size(); ++i)
        EXPECT_NEAR(v[i], (*want)[i], d == jx::float16 ? 1e-3 : 8e-3)
            << jx::dtype_name(d) << " at " << i;
    }
  }
  expect_error([] { jx::lax::erf(jx::array({1, 2})); },
               {"jx::lax::erf: needs a floating operand", "i32[2]"});
}

} // namespace
