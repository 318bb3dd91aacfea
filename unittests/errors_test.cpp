// errors_test.cpp - trace-time errors name the API, shapes and dtypes.

#include "jx/jx.h"
#include "jx/random.h"

#include <gtest/gtest.h>

namespace {

namespace jnp = jx::numpy;
using jx::Array;

/// The message of the jx::error `f` throws (eagerly and while tracing).
template <class F> std::string error_of(F f, const std::vector<Array> &args) {
  for (int traced = 0; traced < 2; ++traced) {
    try {
      if (traced) {
        std::vector<jx::shaped_array> avals;
        for (const Array &a : args)
          avals.push_back(a.aval());
        jx::core::trace_to_jaxpr(
            [&](const std::vector<Array> &a) {
              return std::vector<Array>{f(a)};
            },
            avals);
      } else {
        f(args);
      }
      return "no error";
    } catch (const jx::error &e) {
      if (traced)
        return e.what();
    }
  }
  return "unreachable";
}

Array zeros(jx::shape_t s, jx::dtype t = jx::float32) {
  int64_t n = 1;
  for (int64_t d : s)
    n *= d;
  return jx::array(std::vector<double>(n, 0.0), s, t);
}

TEST(Errors, MatmulContractingDims) {
  EXPECT_EQ(error_of([](auto &a) { return jnp::matmul(a[0], a[1]); },
                     {zeros({3, 4}), zeros({5, 6})}),
            "jx::matmul: contracting dims differ: lhs f32[3,4] dim 1 is 4, "
            "rhs f32[5,6] dim 0 is 5");
}

TEST(Errors, BroadcastingNamesTheFunction) {
  EXPECT_EQ(error_of([](auto &a) { return a[0] + a[1]; },
                     {zeros({2, 3}), zeros({4})}),
            "jx::add: shapes f32[2,3] and f32[4] do not broadcast");
  EXPECT_EQ(error_of([](auto &a) { return jnp::less(a[0], a[1]); },
                     {zeros({2}), zeros({3}, jx::int32)}),
            "jx::less: shapes f32[2] and i32[3] do not broadcast");
}

TEST(Errors, Axes) {
  EXPECT_EQ(error_of([](auto &a) { return jnp::sum(a[0], {2}); },
                     {zeros({2, 3})}),
            "jx::sum: axis 2 is out of bounds for array f32[2,3]");
  EXPECT_EQ(error_of([](auto &a) { return jnp::mean(a[0], {0, -2}); },
                     {zeros({2, 3})}),
            "jx::mean: repeated axis -2 for array f32[2,3]");
}

TEST(Errors, Shapes) {
  EXPECT_EQ(error_of([](auto &a) { return a[0].reshape({4, 2}); },
                     {zeros({2, 3})}),
            "jx::reshape: cannot reshape array f32[2,3] into shape (4, 2)");
  EXPECT_EQ(error_of([](auto &a) { return jnp::broadcast_to(a[0], {4, 3}); },
                     {zeros({2, 3})}),
            "jx::broadcast_to: cannot broadcast array f32[2,3] to shape "
            "(4, 3)");
}

TEST(Errors, LaxIsStrictAboutDtypes) {
  EXPECT_EQ(error_of([](auto &a) { return jx::lax::add(a[0], a[1]); },
                     {zeros({2}), zeros({2}, jx::int32)}),
            "jx::lax::add: operand dtypes differ: f32[2] and i32[2]");
  EXPECT_EQ(error_of([](auto &a) { return jx::lax::exp(a[0]); },
                     {zeros({2}, jx::int32)}),
            "jx::lax::exp: needs a floating or complex operand, got i32[2]");
}

TEST(Errors, ShapeFunctionsReportThroughTheApiName) {
  // A rule failure inside stablehlo's shape function: the message keeps the
  // spec's label.
  std::string e = error_of(
      [](auto &a) { return jx::lax::transpose(a[0], {0, 0}); }, {zeros({2, 3})});
  EXPECT_EQ(e.rfind("jx::lax::transpose: ", 0), 0u) << e;
  EXPECT_NE(e.find("transpose_c2"), std::string::npos) << e;
}

TEST(Errors, NewOps) {
  EXPECT_EQ(error_of([](auto &a) { return jx::lax::floor(a[0]); },
                     {zeros({2}, jx::int32)}),
            "jx::lax::floor: needs a floating operand, got i32[2]");
  EXPECT_EQ(error_of([](auto &a) { return jnp::bitwise_and(a[0], a[0]); },
                     {zeros({2})}),
            "jx::bitwise_and: needs bool or integer operands, got f32[2]");
  EXPECT_EQ(error_of([](auto &a) { return jx::lax::integer_pow(a[0], -1); },
                     {zeros({2}, jx::int32)}),
            "jx::lax::integer_pow: a negative power -1 needs an inexact "
            "operand, got i32[2]");
  EXPECT_EQ(error_of([](auto &a) { return jnp::squeeze(a[0], 1); },
                     {zeros({1, 3})}),
            "jx::squeeze: cannot select an axis to squeeze out which has "
            "size not equal to one: axis 1 of f32[1,3]");
  EXPECT_EQ(error_of([](auto &a) { return jnp::pad(a[0], {{1, 1}, {1, 1}, {0, 0}}); },
                     {zeros({2, 3})}),
            "jx::pad: pad_width has 3 entries for array f32[2,3]");
  EXPECT_EQ(error_of([](auto &a) { return jnp::argmax(a[0], 2); },
                     {zeros({2, 3})}),
            "jx::argmax: axis 2 is out of bounds for array f32[2,3]");
  std::string e = error_of(
      [](auto &a) { return jnp::concatenate({a[0], a[1]}); },
      {zeros({2, 3}), zeros({2, 4})});
  EXPECT_EQ(e.rfind("jx::lax::concatenate: ", 0), 0u) << e;
}

TEST(Errors, SlicingSortingCumulative) {
  auto starts_with = [](const std::string &e, const std::string &p) {
    return e.rfind(p, 0) == 0;
  };
  std::string e = error_of(
      [](auto &a) { return jx::lax::slice(a[0], {0, 0}, {3, 3}); },
      {zeros({2, 3})});
  EXPECT_TRUE(starts_with(e, "jx::lax::slice: ")) << e;
  EXPECT_NE(e.find("slice_c"), std::string::npos) << e;
  e = error_of([](auto &a) {
        return jx::lax::dynamic_slice(a[0], {a[1], 0}, {1, 2});
      },
      {zeros({2, 3}), zeros({})});
  EXPECT_EQ(e, "jx::lax::dynamic_slice: start indices must be 0-d integers, "
               "got f32[]");
  e = error_of([](auto &a) { return jx::lax::dynamic_slice(a[0], {0, 0}, {3, 1}); },
               {zeros({2, 3})});
  EXPECT_TRUE(starts_with(e, "jx::lax::dynamic_slice: ")) << e;
  EXPECT_EQ(error_of([](auto &a) {
              return jx::lax::dynamic_update_slice(a[0], a[1], {0});
            },
            {zeros({3}), zeros({2}, jx::int32)}),
            "jx::lax::dynamic_update_slice: operand and update dtypes differ: "
            "f32[3], i32[2]");
  EXPECT_EQ(error_of([](auto &a) { return jnp::slice(a[0], {0, 3}); },
                     {zeros({2, 3})}),
            "jx::slice: index 3 is out of bounds for axis 1 with size 3");
  EXPECT_EQ(error_of([](auto &a) { return jnp::slice(a[0], {jx::range(0, 2, -1)}); },
                     {zeros({2})}),
            "jx::slice: step -1 for axis 0 is not supported yet (positive "
            "steps only)");
  EXPECT_EQ(error_of([](auto &a) {
              return jx::lax::sort({a[0], a[0]}, 0, true, 3)[0];
            },
            {zeros({2})}),
            "jx::lax::sort: num_keys 3 must be in [1, 2] for operands f32[2], "
            "f32[2]");
  e = error_of([](auto &a) { return jx::lax::sort({a[0], a[1]})[0]; },
               {zeros({2}), zeros({3})});
  EXPECT_NE(e.find("sort_c3"), std::string::npos) << e;
  EXPECT_EQ(error_of([](auto &a) { return jnp::argsort(a[0], 1); },
                     {zeros({2})}),
            "jx::argsort: axis 1 is out of bounds for array f32[2]");
  EXPECT_EQ(error_of([](auto &a) { return jx::lax::cumsum(a[0] > 0.0f); },
                     {zeros({2})}),
            "jx::lax::cumsum: needs a real numeric operand, got bool[2]");
  EXPECT_EQ(error_of([](auto &a) { return jnp::cumprod(a[0], 2); },
                     {zeros({2, 3})}),
            "jx::cumprod: axis 2 is out of bounds for array f32[2,3]");
}

// Shapes whose element count or byte size overflows int64 are rejected when
// the op is called, eagerly and while tracing, before any code is built.
TEST(Errors, ShapesTooLargeForInt64) {
  const int64_t g = int64_t{1} << 32;
  const jx::shape_t huge = {g, g, g};
  const std::string too_many =
      "shape (4294967296, 4294967296, 4294967296) has more than 2^63 - 1 "
      "elements";
  EXPECT_EQ(error_of([&](auto &) { return jnp::zeros(huge); }, {}),
            "jx::zeros: " + too_many);
  EXPECT_EQ(error_of([&](auto &) { return jnp::ones(huge, jx::int8); }, {}),
            "jx::ones: " + too_many);
  EXPECT_EQ(error_of([&](auto &a) { return jnp::full(huge, a[0]); },
                     {Array(2.0f)}),
            "jx::full: " + too_many);
  EXPECT_EQ(error_of([&](auto &a) { return jnp::broadcast_to(a[0], huge); },
                     {zeros({1})}),
            "jx::broadcast_to: " + too_many);
  EXPECT_EQ(error_of([&](auto &a) { return jnp::reshape(a[0], huge); },
                     {zeros({0})}),
            "jx::reshape: " + too_many);
  EXPECT_EQ(error_of([&](auto &a) { return jnp::reshape(a[0], {-1, g, g, g}); },
                     {zeros({0})}),
            "jx::reshape: cannot reshape array f32[0] into shape (-1, "
            "4294967296, 4294967296, 4294967296)");
  // Every primitive checks its results (the op is named by the primitive).
  EXPECT_EQ(error_of([&](auto &a) {
              return jx::lax::broadcast_in_dim(a[0], huge, {});
            }, {zeros({})}),
            "jx::lax::broadcast_in_dim: " + too_many);
  EXPECT_EQ(error_of([&](auto &) { return jx::lax::iota(jx::int32, huge); },
                     {}),
            "jx::lax::iota: " + too_many);
  // The element count fits but the bytes do not: 2^62 float64s.
  EXPECT_EQ(error_of([&](auto &) {
              return jnp::zeros({g / 2, g / 2}, jx::float64);
            }, {}),
            "jx::zeros: shape (2147483648, 2147483648) of float64 has more "
            "than 2^63 - 1 bytes");
  // A zero dimension makes any shape empty, and its size 0 (counted without
  // multiplying the others, which overflows: UBSan's finding), wherever the
  // size is taken: the array, the compiled call's results, random bits.
  EXPECT_EQ(jnp::zeros({g, g, g, 0}).size(), 0);
  EXPECT_EQ(jnp::zeros({0, g, g, g}).size(), 0);
  EXPECT_EQ(jx::random::uniform(jx::random::key(0), {g, g, 0}).size(), 0);
  // Under jit.
  auto f = jx::jit([&](const Array &x) { return jnp::broadcast_to(x, huge); });
  EXPECT_THROW(f(zeros({})), jx::error);
  auto h = jx::jit([&](const Array &x) { return x + jnp::ones(huge); });
  EXPECT_THROW(h(zeros({})), jx::error);
}

// max, min, argmax and argmin have no identity: reducing over an empty axis
// is an error, as in JAX; sum and prod are not.
TEST(Errors, ReductionsWithoutIdentityOverEmptyAxes) {
  using fn = Array (*)(const std::vector<Array> &);
  const std::string no_identity =
      ": zero-size array to reduction operation ";
  struct row {
    fn f;
    jx::shape_t shape;
    std::string expected;
  } rows[] = {
      {[](auto &a) { return jnp::max(a[0]); }, {0},
       "jx::max" + no_identity + "max which has no identity (f32[0] reduced "
       "over axis 0)"},
      {[](auto &a) { return jnp::min(a[0], 0); }, {0, 3},
       "jx::min" + no_identity + "min which has no identity (f32[0,3] "
       "reduced over axis 0)"},
      {[](auto &a) { return jnp::argmax(a[0]); }, {2, 0},
       "jx::argmax: attempt to get argmax of an empty sequence (f32[2,0])"},
      {[](auto &a) { return jnp::argmin(a[0], 0); }, {0, 3},
       "jx::argmin: attempt to get argmin of an empty sequence (f32[0,3])"},
  };
  for (const row &r : rows)
    EXPECT_EQ(error_of(r.f, {zeros(r.shape)}), r.expected);
  // Reducing a non-empty axis of an empty array is fine, as in JAX.
  EXPECT_EQ(jnp::max(zeros({0, 3}), 1).shape(), (jx::shape_t{0}));
  EXPECT_EQ(jnp::argmin(zeros({0, 3}), 1).shape(), (jx::shape_t{0}));
  EXPECT_EQ(jnp::sum(zeros({0})).item<float>(), 0.0f);
  EXPECT_EQ(jnp::prod(zeros({0})).item<float>(), 1.0f);
  auto f = jx::jit([](const Array &x) { return jnp::max(x); });
  EXPECT_THROW(f(zeros({0})), jx::error);
}

TEST(Errors, ReadingATracerIsAnError) {
  auto f = [](const Array &x) {
    x.to_vector<float>();
    return x;
  };
  EXPECT_THROW(jx::make_jaxpr(f)(zeros({2})), jx::error);
}

} // namespace
