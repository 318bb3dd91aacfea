// array_test.cpp - jx::Array values and their printing (as jax's repr).

#include "fixtures.h"

#include "jx/jx.h"

#include <gtest/gtest.h>

namespace {

using jx::Array;

TEST(Array, ReprMatchesJax) {
  auto expected = read_sections("reprs.txt");
  std::map<std::string, Array> arrays = {
      {"f32_1d", jx::array({1.f, 2.f})},
      {"f32_2d", jx::array({1.5, 2., 3., -4.25}, {2, 2})},
      {"i32_1d", jx::array({1, 2})},
      {"bool_1d", jx::array({1, 0}, {2}, jx::bool_)},
      {"f32_scalar", jx::array({2}, {}, jx::float32)},
      {"weak_scalar",
       Array(jx::array({2.0}, jx::shape_t{}).buffer(), /*weak=*/true)},
      {"f32_sci", jx::array({0.1, 1e-9}, {2})},
      {"f32_big", jx::array({1e10, 1.}, {2})},
      {"f32_3d", jx::array(std::vector<double>(8, 0.0), {2, 2, 2})},
      {"f32_tenths", jx::array({0.0, 0.1f, 0.2f}, {3})},
      {"u8_1d", jx::array({1, 2}, {2}, jx::uint8)},
  };
  for (const auto &[name, a] : arrays) {
    ASSERT_TRUE(expected.count(name)) << name;
    EXPECT_EQ(a.str(), expected[name]) << name;
  }
}

TEST(Array, ScalarsAreWeak) {
  Array f = 1.0f, i = 3, b = true;
  EXPECT_TRUE(f.weak_type());
  EXPECT_EQ(f.dtype(), jx::float32);
  EXPECT_EQ(i.dtype(), jx::int32);
  EXPECT_FALSE(b.weak_type());
  EXPECT_EQ(b.dtype(), jx::bool_);
}

TEST(Array, Accessors) {
  Array a = jx::array({1, 2, 3, 4, 5, 6}, {2, 3});
  EXPECT_EQ(a.shape(), (jx::shape_t{2, 3}));
  EXPECT_EQ(a.ndim(), 2);
  EXPECT_EQ(a.size(), 6);
  EXPECT_EQ(a.aval().str(), "f32[2,3]");
  EXPECT_EQ(a.to_vector<int>(), (std::vector<int>{1, 2, 3, 4, 5, 6}));
  EXPECT_THROW(a.item<float>(), jx::error);
}

} // namespace
