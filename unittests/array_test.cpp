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

// --- 64-bit integers read and write exactly (no double on the way) ---

constexpr int64_t two53p1 = (int64_t{1} << 53) + 1;
const std::vector<int64_t> int64s = {two53p1, INT64_MAX, INT64_MIN};
const std::vector<uint64_t> uint64s = {uint64_t(two53p1), UINT64_MAX};

TEST(ExactIntegers, Int64ThroughArrayItemToVectorStr) {
  Array a = jx::array(int64s, {3});
  EXPECT_EQ(a.dtype(), jx::int64);
  EXPECT_EQ(a.to_vector<int64_t>(), int64s);
  EXPECT_EQ(a.str(), "Array([    9007199254740993,  9223372036854775807, "
                     "-9223372036854775808], dtype=int64)");
  for (int64_t v : int64s) {
    Array s = jx::array(std::vector<int64_t>{v}, {});
    EXPECT_EQ(s.ndim(), 0);
    EXPECT_EQ(s.item<int64_t>(), v);
    EXPECT_EQ(s.str(), "Array(" + std::to_string(v) + ", dtype=int64)");
  }
  Array l = jx::array({INT64_MAX, INT64_MIN, two53p1});
  EXPECT_EQ(l.dtype(), jx::int64);
  EXPECT_EQ(l.to_vector<int64_t>(),
            (std::vector<int64_t>{INT64_MAX, INT64_MIN, two53p1}));
}

TEST(ExactIntegers, Uint64ThroughArrayItemToVectorStr) {
  Array a = jx::array(uint64s, {2});
  EXPECT_EQ(a.dtype(), jx::uint64);
  EXPECT_EQ(a.to_vector<uint64_t>(), uint64s);
  EXPECT_EQ(a.str(),
            "Array([    9007199254740993, 18446744073709551615], dtype=uint64)");
  EXPECT_EQ(jx::array(std::vector<uint64_t>{UINT64_MAX}, {}).item<uint64_t>(),
            UINT64_MAX);
  Array l = jx::array({UINT64_MAX, uint64_t{1}});
  EXPECT_EQ(l.dtype(), jx::uint64);
  EXPECT_EQ(l.to_vector<uint64_t>()[0], UINT64_MAX);
  // An explicit dtype converts exactly too (wrapping as a C++ cast).
  Array w = jx::array(std::vector<int64_t>{-1, INT64_MAX}, {2}, jx::uint64);
  EXPECT_EQ(w.to_vector<uint64_t>(),
            (std::vector<uint64_t>{UINT64_MAX, uint64_t(INT64_MAX)}));
}

TEST(ExactIntegers, ThroughCompiledCode) {
  Array a = jx::array(int64s, {3});
  auto identity = jx::jit([](const Array &x) { return x; });
  EXPECT_EQ(identity(a).to_vector<int64_t>(), int64s);
  auto add = jx::jit([](const Array &x, const Array &y) { return x + y; });
  Array one = jx::array(std::vector<int64_t>{1, 1, 1}, {3});
  Array b = jx::array({int64_t{1} << 53, INT64_MAX - 1, INT64_MIN});
  std::vector<int64_t> sums = {two53p1, INT64_MAX, INT64_MIN + 1};
  EXPECT_EQ(add(b, one).to_vector<int64_t>(), sums);
  EXPECT_EQ((b + one).to_vector<int64_t>(), sums); // eager
  // A weak C++ scalar takes the array's dtype: int64 + 1 is int64.
  EXPECT_EQ(jx::jit([](const Array &x) { return x + 1; })(b)
                .to_vector<int64_t>(),
            sums);
  Array u = jx::array(uint64s, {2});
  EXPECT_EQ(identity(u).to_vector<uint64_t>(), uint64s);
  Array v = jx::array({UINT64_MAX - 1, uint64_t{1} << 53});
  EXPECT_EQ(add(v, jx::array({uint64_t{1}, uint64_t{1}}))
                .to_vector<uint64_t>(),
            (std::vector<uint64_t>{UINT64_MAX, uint64_t(two53p1)}));
  EXPECT_EQ(jx::jit([](const Array &x) { return x.astype(jx::uint64); })(a)
                .to_vector<uint64_t>(),
            (std::vector<uint64_t>{uint64_t(two53p1), uint64_t(INT64_MAX),
                                   uint64_t{1} << 63}));
}

TEST(ExactIntegers, ScalarsOutsideInt32Overflow) {
  // C++ integers are weakly typed int32, as Python ints in JAX without x64;
  // JAX raises OverflowError where the value does not fit.
  EXPECT_EQ(Array(int64_t{INT32_MAX}).item<int64_t>(), INT32_MAX);
  EXPECT_EQ(Array(int64_t{INT32_MIN}).item<int64_t>(), INT32_MIN);
  EXPECT_EQ(Array(uint32_t{7}).dtype(), jx::int32);
  auto message = [](auto v) -> std::string {
    try {
      Array a(v);
    } catch (const jx::error &e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_THROW(Array{two53p1}, jx::error);
  std::string m = message(two53p1);
  EXPECT_NE(m.find("9007199254740993"), std::string::npos) << m;
  EXPECT_NE(m.find("too large to convert to int32"), std::string::npos) << m;
  EXPECT_NE(message(UINT64_MAX).find("18446744073709551615"),
            std::string::npos);
  EXPECT_NE(message(INT64_MIN).find("-9223372036854775808"),
            std::string::npos);
  EXPECT_NE(message(uint32_t{1} << 31).find("2147483648"), std::string::npos);
  EXPECT_THROW(jx::array(int64s, {3}) + (int64_t{1} << 40), jx::error);
}

} // namespace
