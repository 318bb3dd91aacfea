// random_test.cpp - jx::random against jax.random's values (threefry2x32,
// partitionable, JAX 0.10), bit for bit, eagerly and under jit; and its
// errors. Expected values: unittests/random_fixtures.inc, written by
// scripts/gen_random_fixtures.py (no JAX needed to run these tests).

#include "jx/jx.h"
#include "jx/random.h"

#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <sstream>

namespace {

namespace jnp = jx::numpy;
namespace jr = jx::random;
using jx::Array;

struct fixture {
  const char *kind;
  int64_t seed;
  const char *chain;
  std::vector<int64_t> shape;
  const char *dtype;
  std::vector<double> params;
  std::vector<double> data;
  std::vector<int64_t> data_shape;
  std::vector<int64_t> out_shape;
  const char *out_dtype;
  std::vector<uint64_t> bits;
};

const std::vector<fixture> &fixtures() {
  static const std::vector<fixture> f = {
#include "random_fixtures.inc"
  };
  return f;
}

jx::dtype dtype_named(const std::string &n) {
  static const std::map<std::string, jx::dtype> m = {
      {"bool", jx::bool_},       {"int8", jx::int8},
      {"int16", jx::int16},      {"int32", jx::int32},
      {"int64", jx::int64},      {"uint8", jx::uint8},
      {"uint16", jx::uint16},    {"uint32", jx::uint32},
      {"uint64", jx::uint64},    {"float16", jx::float16},
      {"bfloat16", jx::bfloat16}, {"float32", jx::float32},
      {"float64", jx::float64}};
  return m.at(n);
}

/// The key PRNGKey(seed) followed by the chain's steps: "s3.1" is
/// split(key, 3)[1], "f7" fold_in(key, 7).
Array derive(int64_t seed, const std::string &chain) {
  Array k = jr::PRNGKey(seed);
  std::stringstream ss(chain);
  std::string step;
  while (std::getline(ss, step, ',')) {
    if (step[0] == 's') {
      int64_t n = std::stoll(step.substr(1)),
              i = std::stoll(step.substr(step.find('.') + 1));
      k = jnp::slice(jr::split(k, n), {i});
    } else {
      k = jr::fold_in(k, std::stoll(step.substr(1)));
    }
  }
  return k;
}

/// A 0-d array of dtype t holding v.
Array scalar(double v, jx::dtype t) { return jx::array({v}, {}, t); }

/// The jx call that a fixture's JAX call corresponds to.
std::function<Array(const Array &)> call_of(const fixture &c) {
  std::string kind = c.kind;
  jx::shape_t shape = c.shape;
  jx::dtype t = dtype_named(c.dtype);
  std::vector<double> p = c.params;
  Array data = c.data.empty() ? Array()
                              : jx::array(c.data, c.data_shape, jx::float32);
  if (kind == "key")
    return [](const Array &k) { return k; };
  if (kind == "split")
    return [=](const Array &k) {
      return shape.size() == 1 ? jr::split(k, shape[0]) : jr::split(k, shape);
    };
  if (kind == "fold_in")
    return [=](const Array &k) {
      return jr::fold_in(k, static_cast<int64_t>(p[0]));
    };
  if (kind == "threefry_2x32") {
    Array count = jx::array(c.data, c.data_shape, jx::uint32);
    return [=](const Array &k) { return jr::threefry_2x32(k, count); };
  }
  if (kind == "bits")
    return [=](const Array &k) { return jr::bits(k, shape, t); };
  if (kind == "uniform")
    return [=](const Array &k) {
      return jr::uniform(k, shape, t, scalar(p[0], t), scalar(p[1], t));
    };
  if (kind == "randint")
    return [=](const Array &k) {
      // JAX's Python ints: int32 unless they need 64 bits (x64 cases).
      jx::dtype it = t == jx::int64 ? jx::int64 : jx::int32;
      return jr::randint(k, shape, scalar(p[0], it), scalar(p[1], it), t);
    };
  if (kind == "bernoulli")
    return [=](const Array &k) {
      return jr::bernoulli(k, static_cast<float>(p[0]), shape);
    };
  if (kind == "bernoulli_high")
    return [=](const Array &k) {
      return jr::bernoulli(k, static_cast<float>(p[0]), shape, "high");
    };
  if (kind == "bernoulli_array")
    return [=](const Array &k) { return jr::bernoulli(k, data, shape); };
  if (kind == "permutation")
    return [=](const Array &k) {
      return jr::permutation(k, static_cast<int64_t>(p[0]));
    };
  if (kind == "permutation_array")
    return [=](const Array &k) {
      return jr::permutation(k, data, static_cast<int64_t>(p[0]), p[1] != 0);
    };
  if (kind == "normal")
    return [=](const Array &k) { return jr::normal(k, shape, t); };
  if (kind == "truncated_normal")
    return [=](const Array &k) {
      return jr::truncated_normal(k, static_cast<float>(p[0]),
                                  static_cast<float>(p[1]), shape, t);
    };
  if (kind == "gumbel")
    return [=](const Array &k) { return jr::gumbel(k, shape, t); };
  if (kind == "categorical")
    return [=](const Array &k) {
      std::optional<jx::shape_t> s;
      if (p[1] != 0)
        s = shape;
      return jr::categorical(k, data, static_cast<int64_t>(p[0]), s);
    };
  ADD_FAILURE() << "no jx call for fixture kind " << kind;
  return [](const Array &k) { return k; };
}

/// The elements' bit patterns, widened to uint64.
std::vector<uint64_t> bits_of(const Array &a) {
  const jx::runtime::host_buffer &b = a.buffer();
  std::size_t w = jx::itemsize(b.dtype);
  std::vector<uint64_t> out(b.size());
  for (std::size_t i = 0; i < out.size(); ++i) {
    uint64_t v = 0;
    std::memcpy(&v, b.data.data() + i * w, w);
    out[i] = v;
  }
  return out;
}

/// Distance in units in the last place between two floats' bit patterns.
uint64_t ulps(uint64_t a, uint64_t b, int width) {
  uint64_t sign = uint64_t{1} << (width - 1);
  auto ordered = [&](uint64_t x) -> int64_t {
    return (x & sign) ? -static_cast<int64_t>(x & ~sign)
                      : static_cast<int64_t>(x);
  };
  int64_t d = ordered(a) - ordered(b);
  return static_cast<uint64_t>(d < 0 ? -d : d);
}

std::string describe(const fixture &c) {
  std::ostringstream os;
  os << c.kind << " seed=" << c.seed << " chain='" << c.chain << "' shape=(";
  for (int64_t d : c.shape)
    os << d << ",";
  os << ") " << c.dtype << " params=(";
  for (double v : c.params)
    os << v << ",";
  os << ")";
  return os.str();
}

void check_against(const fixture &c, const Array &r, const char *mode) {
  SCOPED_TRACE(std::string(mode) + ": " + describe(c));
  ASSERT_EQ(jx::dtype_name(r.dtype()), std::string(c.out_dtype));
  ASSERT_EQ(r.shape(), c.out_shape);
  std::vector<uint64_t> got = bits_of(r);
  ASSERT_EQ(got.size(), c.bits.size());
  int width = static_cast<int>(jx::itemsize(r.dtype()) * 8);
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (got[i] == c.bits[i])
      continue;
    ADD_FAILURE() << "element " << i << ": got 0x" << std::hex << got[i]
                  << ", JAX 0x" << c.bits[i] << std::dec << " ("
                  << (jx::is_floating(r.dtype())
                          ? std::to_string(ulps(got[i], c.bits[i], width)) +
                                " ulps"
                          : std::string("integers differ"))
                  << ")";
    return;
  }
}

class RandomVsJax : public ::testing::TestWithParam<std::size_t> {};

TEST_P(RandomVsJax, EagerAndJit) {
  const fixture &c = fixtures()[GetParam()];
  auto f = call_of(c);
  Array key = derive(c.seed, c.chain);
  check_against(c, f(key), "eager");
  auto jf = jx::jit(f, "random");
  check_against(c, jf(key), "jit");
}

INSTANTIATE_TEST_SUITE_P(
    Fixtures, RandomVsJax, ::testing::Range<std::size_t>(0, fixtures().size()),
    [](const ::testing::TestParamInfo<std::size_t> &i) {
      std::string name = std::to_string(i.param) + "_" +
                         fixtures()[i.param].kind + "_" +
                         fixtures()[i.param].dtype;
      return name;
    });

} // namespace

// --- the lax primitives added for jx::random, against JAX's values ----------

namespace {

struct lax_fixture {
  const char *op;
  const char *dtype;
  std::vector<double> x, y;
  const char *param;
  const char *out_dtype;
  std::vector<uint64_t> bits;
};

const std::vector<lax_fixture> &lax_fixtures() {
  static const std::vector<lax_fixture> f = {
#include "random_lax_fixtures.inc"
  };
  return f;
}

Array apply_lax(const lax_fixture &c, const Array &x, const Array &y) {
  namespace lax = jx::lax;
  std::string op = c.op;
  if (op == "shift_left") return lax::shift_left(x, y);
  if (op == "shift_right_logical") return lax::shift_right_logical(x, y);
  if (op == "shift_right_arithmetic") return lax::shift_right_arithmetic(x, y);
  if (op == "rem") return lax::rem(x, y);
  if (op == "nextafter") return lax::nextafter(x, y);
  if (op == "population_count") return lax::population_count(x);
  if (op == "erf") return lax::erf(x);
  if (op == "erf_inv") return lax::erf_inv(x);
  if (op == "bitcast_convert_type")
    return lax::bitcast_convert_type(x, dtype_named(c.param));
  ADD_FAILURE() << "unknown op " << op;
  return x;
}

class RandomLaxVsJax : public ::testing::TestWithParam<std::size_t> {};

TEST_P(RandomLaxVsJax, EagerAndJit) {
  const lax_fixture &c = lax_fixtures()[GetParam()];
  jx::dtype t = dtype_named(c.dtype);
  Array x = jx::array(c.x, {static_cast<int64_t>(c.x.size())}, t);
  Array y = c.y.empty() ? x
                        : jx::array(c.y, {static_cast<int64_t>(c.y.size())}, t);
  auto jf = jx::jit(
      [&](const Array &a, const Array &b) { return apply_lax(c, a, b); });
  for (const Array &r : {apply_lax(c, x, y), jf(x, y)}) {
    SCOPED_TRACE(std::string(c.op) + " " + c.dtype);
    ASSERT_EQ(jx::dtype_name(r.dtype()), std::string(c.out_dtype));
    std::vector<uint64_t> got = bits_of(r);
    ASSERT_EQ(got.size(), c.bits.size());
    for (std::size_t i = 0; i < got.size(); ++i)
      EXPECT_EQ(got[i], c.bits[i]) << "element " << i << std::hex
                                   << ": got 0x" << got[i] << ", JAX 0x"
                                   << c.bits[i];
  }
}

INSTANTIATE_TEST_SUITE_P(
    Fixtures, RandomLaxVsJax,
    ::testing::Range<std::size_t>(0, lax_fixtures().size()),
    [](const ::testing::TestParamInfo<std::size_t> &i) {
      return std::to_string(i.param) + "_" + lax_fixtures()[i.param].op + "_" +
             lax_fixtures()[i.param].dtype;
    });

// --- properties JAX guarantees, beyond the fixtures --------------------------

TEST(Random, JitTracesOnceAndMatchesEager) {
  auto f = jx::jit([](const Array &k) {
    auto ks = jr::split(k);
    return jr::uniform(jnp::slice(ks, {1}), {4, 3}) +
           jr::normal(jr::fold_in(jnp::slice(ks, {0}), 3), {4, 3});
  });
  Array k1 = jr::PRNGKey(5), k2 = jr::PRNGKey(6);
  Array a = f(k1), b = f(k2);
  EXPECT_EQ(f.cache_misses(), 1);
  EXPECT_EQ(f.cache_hits(), 1);
  auto ks = jr::split(k1);
  Array e = jr::uniform(jnp::slice(ks, {1}), {4, 3}) +
            jr::normal(jr::fold_in(jnp::slice(ks, {0}), 3), {4, 3});
  EXPECT_EQ(bits_of(a), bits_of(e));
  EXPECT_NE(bits_of(a), bits_of(b));
}

TEST(Random, TracedSeedGivesThePRNGKey) {
  auto f = jx::jit([](const Array &s) { return jr::PRNGKey(s); });
  EXPECT_EQ(bits_of(f(jx::array({42.0}, {}, jx::int32))),
            (std::vector<uint64_t>{0, 42}));
  EXPECT_EQ(bits_of(f(jx::array({-1.0}, {}, jx::int32))),
            (std::vector<uint64_t>{0, 0xFFFFFFFF}));
  // 64-bit seeds split into two words (JAX with x64 enabled).
  EXPECT_EQ(bits_of(f(jx::array({4294967301.0}, {}, jx::int64))),
            (std::vector<uint64_t>{1, 5}));
  EXPECT_EQ(bits_of(jr::PRNGKey(-1)), (std::vector<uint64_t>{0, 0xFFFFFFFF}));
}

TEST(Random, PermutationIsAPermutation) {
  Array p = jr::permutation(jr::PRNGKey(3), 37);
  std::vector<int> v = p.to_vector<int>();
  std::sort(v.begin(), v.end());
  for (int i = 0; i < 37; ++i)
    EXPECT_EQ(v[i], i);
}

// --- errors -------------------------------------------------------------------

template <class F> std::string error_of(F f) {
  try {
    f();
  } catch (const jx::error &e) {
    return e.what();
  }
  return "(no error)";
}

TEST(Random, Errors) {
  Array k = jr::PRNGKey(0);
  auto has = [](const std::string &msg, const std::string &part) {
    return msg.find(part) != std::string::npos;
  };
  std::string m = error_of([] { jr::normal(jnp::zeros({3}), {2}); });
  EXPECT_TRUE(has(m, "jx::random::normal: expected a single raw PRNG key of "
                     "type u32[2]")) << m;
  EXPECT_TRUE(has(m, "got f32[3]")) << m;
  m = error_of([&] { jr::uniform(jr::split(k, 3), {2}); });
  EXPECT_TRUE(has(m, "jx::random::uniform:") && has(m, "u32[3,2]") &&
              has(m, "batch of keys")) << m;
  m = error_of([&] { jr::uniform(k, {2}, jx::int32); });
  EXPECT_TRUE(has(m, "jx::random::uniform: dtype must be a floating dtype, "
                     "got int32")) << m;
  m = error_of([&] { jr::uniform(k, {3}, jx::float32, jnp::zeros({4})); });
  EXPECT_TRUE(has(m, "jx::random::uniform: minval f32[4] does not broadcast "
                     "to shape (3,)")) << m;
  m = error_of([&] { jr::bits(k, {2}, jx::int32); });
  EXPECT_TRUE(has(m, "jx::random::bits: dtype must be an unsigned")) << m;
  m = error_of([&] { jr::bits(k, {2}, jx::dtype::uint4); });
  EXPECT_TRUE(has(m, "jx::random::bits: dtype must be an unsigned")) << m;
  m = error_of([&] { jr::bernoulli(k, jnp::full({3}, 0.5f), jx::shape_t{2}); });
  EXPECT_TRUE(has(m, "jx::random::bernoulli:") && has(m, "p f32[3]") &&
              has(m, "(2,)")) << m;
  m = error_of([&] { jr::bernoulli(k, jx::array({1, 0})); });
  EXPECT_TRUE(has(m, "jx::random::bernoulli: p must be floating, got i32[2]"))
      << m;
  m = error_of([&] { jr::bernoulli(k, 0.5f, std::nullopt, "mid"); });
  EXPECT_TRUE(has(m, "jx::random::bernoulli: mode")) << m;
  m = error_of([&] { jr::fold_in(k, -1); });
  EXPECT_TRUE(has(m, "jx::random::fold_in: data -1 is out of bounds")) << m;
  m = error_of([&] { jr::fold_in(k, jnp::zeros({2}, jx::int32)); });
  EXPECT_TRUE(has(m, "jx::random::fold_in: data must be a 0-d integer")) << m;
  m = error_of([&] { jr::split(k, -1); });
  EXPECT_TRUE(has(m, "jx::random::split: num must be nonnegative")) << m;
  m = error_of([&] { jr::PRNGKey(jnp::zeros({2}, jx::int32)); });
  EXPECT_TRUE(has(m, "jx::random::PRNGKey: the seed must be a 0-d integer"))
      << m;
  m = error_of([&] { jr::categorical(k, jnp::zeros({3, 4}), 2); });
  EXPECT_TRUE(has(m, "jx::random::categorical: axis 2 is out of bounds")) << m;
  m = error_of([&] {
    jr::categorical(k, jnp::zeros({3, 4}), -1, jx::shape_t{2});
  });
  EXPECT_TRUE(has(m, "jx::random::categorical: shape (2,)")) << m;
  m = error_of([&] { jr::categorical(k, jx::array({1, 2})); });
  EXPECT_TRUE(has(m, "jx::random::categorical: logits must be floating")) << m;
  m = error_of([&] { jr::permutation(k, jnp::zeros({})); });
  EXPECT_TRUE(has(m, "jx::random::permutation: x must be an integer")) << m;
  m = error_of([&] {
    jr::truncated_normal(k, jnp::zeros({3}), 1.0f, jx::shape_t{2});
  });
  EXPECT_TRUE(has(m, "jx::random::truncated_normal:") && has(m, "lower f32[3]"))
      << m;
  m = error_of([&] { jr::randint(k, {2}, 0, 10, jx::float32); });
  EXPECT_TRUE(has(m, "jx::random::randint: dtype must be an integer")) << m;
  m = error_of([&] { jr::threefry_2x32(k, jnp::zeros({3})); });
  EXPECT_TRUE(has(m, "jx::random::threefry_2x32: count must be uint32")) << m;
}

TEST(Random, LaxErrors) {
  namespace lax = jx::lax;
  Array f = jnp::zeros({3}), i = jnp::zeros({3}, jx::int32);
  EXPECT_EQ(error_of([&] { lax::shift_left(f, f); }),
            "jx::lax::shift_left: needs integer operands, got f32[3] and "
            "f32[3]");
  EXPECT_EQ(error_of([&] { lax::shift_right_logical(i, f); }),
            "jx::lax::shift_right_logical: operand dtypes differ: i32[3] and "
            "f32[3]");
  EXPECT_EQ(error_of([&] { lax::erf_inv(i); }),
            "jx::lax::erf_inv: needs a floating operand, got i32[3]");
  EXPECT_EQ(error_of([&] { lax::population_count(f); }),
            "jx::lax::population_count: needs an integer operand, got f32[3]");
  EXPECT_EQ(error_of([&] { lax::bitcast_convert_type(f, jx::float64); }),
            "jx::lax::bitcast_convert_type: jx supports equal widths only, got "
            "f32[3] to float64");
  EXPECT_EQ(error_of([&] { lax::nextafter(i, i); }),
            "jx::lax::nextafter: needs floating operands, got i32[3] and "
            "i32[3]");
}

} // namespace
