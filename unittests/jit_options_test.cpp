// jit_options_test.cpp - jx::jit's full interface: trees in and out, static
// arguments, buffer donation, and the cache counters they drive. Expected
// values: jit_options_expected.inc, written by gen_jit_options_expected.py
// from JAX.

#include "jx/jx.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace jnp = jx::numpy;
using jx::Array;
using jx::ClosedJaxpr;

namespace {
#include "jit_options_expected.inc"
} // namespace

// A registered tree (at global scope, as JX_REGISTER_TREE wants).
struct Params {
  Array w, b;
};
JX_REGISTER_TREE(Params, w, b)

// A static argument of a user type: keyed through static_key, found by ADL.
namespace user {
struct window {
  int size = 1;
  std::string label;
};
inline std::string static_key(const window &w) {
  return std::to_string(w.size) + "/" + w.label;
}
} // namespace user

namespace {

enum class reduce_op { sum, max };

Array x3() { return jx::array({1.f, -1.f, 2.f}); }
Array y3() { return jx::array({0.5f, 3.f, -2.f}); }
Array w3() { return jx::array({1.f, 2.f, 3.f}); }
Array b3() { return jx::array({0.5f, 0.5f, 0.5f}); }
Array m23() {
  return jx::array({1, -2, 3, 4, 5, -6}, {2, 3}, jx::float32);
}

void expect_values(const Array &a, const std::vector<double> &expected,
                   const std::string &what, double tol = 1e-6) {
  std::vector<double> got = a.to_vector<double>();
  ASSERT_EQ(got.size(), expected.size()) << what;
  for (std::size_t i = 0; i < got.size(); ++i)
    EXPECT_NEAR(got[i], expected[i], tol) << what << " [" << i << "]";
}

/// The error `fn` throws (a jx::error), or "" when it throws none.
template <class Fn> std::string error_of(Fn fn) {
  try {
    fn();
  } catch (const jx::error &e) {
    return e.what();
  }
  return "";
}

#define EXPECT_CONTAINS(text, part)                                            \
  EXPECT_NE(std::string(text).find(part), std::string::npos)                   \
      << "expected \"" << (part) << "\" in: " << (text)

const uint8_t *data_of(const Array &a) { return a.buffer().data.data(); }

// --- trees ----------------------------------------------------------------

TEST(JitTrees, RegisteredStructInAndOut) {
  auto f = jx::jit(
      [](const Params &p, const Array &x) {
        return Params{p.w * x + p.b, p.b - p.w};
      },
      "affine");
  Params p{w3(), b3()};
  Params r = f(p, x3());
  expect_values(r.w, k_affine_w, "w");
  expect_values(r.b, k_affine_b, "b");
  f(Params{b3(), w3()}, y3());
  EXPECT_EQ(f.cache_misses(), 1);
  EXPECT_EQ(f.cache_hits(), 1);
}

TEST(JitTrees, MapInAndOut) {
  using dict = std::map<std::string, Array>;
  auto f = jx::jit([](const dict &d) {
    Array sum = d.at("a") + d.at("b");
    Array prod = d.at("a") * d.at("b");
    return dict{{"sum", sum}, {"prod", prod}};
  });
  dict r = f(dict{{"a", x3()}, {"b", y3()}});
  ASSERT_EQ(r.size(), 2u);
  expect_values(r.at("sum"), k_dict_sum, "sum");
  expect_values(r.at("prod"), k_dict_prod, "prod");
  EXPECT_EQ(f.cache_misses(), 1);
  f(dict{{"a", y3()}, {"b", x3()}}); // same keys: a hit
  EXPECT_EQ(f.cache_hits(), 1);
  // Other keys (same leaf count and types): a new structure, compiled anew.
  EXPECT_THROW(f(dict{{"a", x3()}, {"c", y3()}}), std::out_of_range)
      << "f traced with keys a, c (d.at(\"b\") throws)";
  dict r2 = f(dict{{"a", y3()}, {"b", x3()}, {"c", x3()}}); // 3 keys
  expect_values(r2.at("sum"), k_dict_sum, "sum (3 keys)");
  EXPECT_EQ(f.cache_misses(), 2);
}

TEST(JitTrees, MapJaxprMatchesJax) {
  using dict = std::map<std::string, Array>;
  auto f = [](const dict &d) {
    Array sum = d.at("a") + d.at("b");
    Array prod = d.at("a") * d.at("b");
    return dict{{"sum", sum}, {"prod", prod}};
  };
  EXPECT_EQ(jx::make_jaxpr(f)(dict{{"a", x3()}, {"b", y3()}}).str(),
            k_jaxpr_dict_fn);
}

TEST(JitTrees, NestedStructureChangeRecompiles) {
  using layers_t = std::vector<std::pair<Array, Array>>;
  auto f = jx::jit([](const layers_t &layers, const Array &x) {
    Array h = x;
    for (const auto &[w, b] : layers)
      h = jnp::tanh(h * w + b);
    return h;
  });
  expect_values(f(layers_t{{w3(), b3()}, {y3(), b3()}}, x3()), k_layers2,
                "2 layers");
  expect_values(f(layers_t{{w3(), b3()}, {y3(), b3()}, {w3(), y3()}}, x3()),
                k_layers3, "3 layers");
  EXPECT_EQ(f.cache_misses(), 2);
  f(layers_t{{b3(), w3()}, {b3(), y3()}}, y3());
  EXPECT_EQ(f.cache_hits(), 1);
  EXPECT_EQ(f.cache_misses(), 2);
}

TEST(JitTrees, VectorSizeIsPartOfTheKey) {
  // vector<Array>{a, b} and {a, b, c} with one leaf type: different keys.
  auto f = jx::jit([](const std::vector<Array> &v) {
    Array s = v[0];
    for (std::size_t i = 1; i < v.size(); ++i)
      s = s + v[i];
    return std::make_tuple(s, v);
  });
  auto [s2, v2] = f(std::vector<Array>{x3(), y3()});
  auto [s3, v3] = f(std::vector<Array>{x3(), y3(), x3()});
  EXPECT_EQ(v2.size(), 2u);
  EXPECT_EQ(v3.size(), 3u);
  EXPECT_EQ(s3.to_vector<float>(), (std::vector<float>{2.5f, 1.f, 2.f}));
  EXPECT_EQ(f.cache_misses(), 2);
}

TEST(JitTrees, StaticArgnumsOnATreeIsAnError) {
  auto f = jx::jit([](const Params &p) { return p.w; },
                   jx::jit_options().static_argnums({0}).name("f"));
  EXPECT_CONTAINS(error_of([&] { f(Params{w3(), b3()}); }),
                  "jx::jit(f): argument 0 is in static_argnums but is a "
                  "tree of jx::Array");
}

TEST(JitTrees, NestedOutputs) {
  using dict = std::map<std::string, Array>;
  auto f = jx::jit([](const Params &p) {
    return std::make_tuple(dict{{"w2", p.w * p.w}},
                           std::vector<Params>{p, Params{p.b, p.w}});
  });
  auto [d, v] = f(Params{w3(), b3()});
  EXPECT_EQ(d.at("w2").to_vector<float>(), (std::vector<float>{1, 4, 9}));
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[1].b.to_vector<float>(), (std::vector<float>{1, 2, 3}));
  EXPECT_EQ(v[1].w.to_vector<float>(), (std::vector<float>{.5f, .5f, .5f}));
  // make_jaxpr of a tree argument: one input per leaf.
  ClosedJaxpr j = jx::make_jaxpr([](const Params &p, const dict &m) {
    return p.w + m.at("k");
  })(Params{w3(), b3()}, dict{{"k", x3()}});
  EXPECT_EQ(j.in_avals().size(), 3u);
}

// --- static arguments -----------------------------------------------------

TEST(JitStatic, IntChangesRecompileSameValueHits) {
  auto f = jx::jit(
      [](const Array &x, int n) {
        Array y = x;
        for (int i = 0; i < n; ++i)
          y = jnp::sin(y);
        return y;
      },
      jx::jit_options().static_argnums({1}).name("repeat_sin"));
  expect_values(f(x3(), 2), k_repeat_sin_2, "n=2");
  EXPECT_EQ(f.cache_misses(), 1);
  expect_values(f(x3(), 3), k_repeat_sin_3, "n=3");
  EXPECT_EQ(f.cache_misses(), 2);
  expect_values(f(y3() * 0.f + x3(), 2), k_repeat_sin_2, "n=2 again");
  EXPECT_EQ(f.cache_misses(), 2);
  EXPECT_EQ(f.cache_hits(), 1);
  // The static value is baked into the program: 2 sin equations.
  std::string text = f.lower(x3(), 2).as_text();
  std::size_t sines = 0;
  for (std::size_t at = text.find("sine"); at != std::string::npos;
       at = text.find("sine", at + 1))
    ++sines;
  EXPECT_EQ(sines, 2u) << text;
}

TEST(JitStatic, NegativeIndexCountsFromTheEnd) {
  auto f = jx::jit([](const Array &x, int n) { return x * float(n); },
                   jx::jit_options().static_argnums({-1}));
  EXPECT_EQ(f(x3(), 2).to_vector<float>(), (std::vector<float>{2, -2, 4}));
}

TEST(JitStatic, StringsAreStaticAutomatically) {
  // A std::string cannot be traced: it is static without static_argnums.
  auto act = [](const Array &x, const std::string &name) {
    return name == "relu" ? jx::nn::relu(x) : jnp::tanh(x);
  };
  auto f = jx::jit(act, "act");
  expect_values(f(x3(), std::string("relu")), k_act_relu, "relu");
  expect_values(f(x3(), std::string("tanh")), k_act_tanh, "tanh");
  expect_values(f(x3(), "relu"), k_act_relu, "relu (a literal)");
  EXPECT_EQ(f.cache_misses(), 3); // std::string and const char[5] differ
  f(y3(), std::string("relu"));
  EXPECT_EQ(f.cache_hits(), 1);
  // Listing it is allowed too.
  auto g = jx::jit(act, jx::jit_options().static_argnums({1}));
  expect_values(g(x3(), std::string("tanh")), k_act_tanh, "tanh, listed");
}

TEST(JitStatic, EnumAndVectorOfAxes) {
  auto f = jx::jit([](const Array &a, reduce_op op,
                      const std::vector<int64_t> &axes) {
    return op == reduce_op::sum ? jnp::sum(a, axes) : jnp::max(a, axes);
  });
  expect_values(f(m23(), reduce_op::sum, std::vector<int64_t>{0}),
                k_reduce_sum_0, "sum 0");
  expect_values(f(m23(), reduce_op::max, std::vector<int64_t>{1}),
                k_reduce_max_1, "max 1");
  expect_values(f(m23(), reduce_op::sum, std::vector<int64_t>{0, 1}),
                k_reduce_sum_01, "sum 0 1");
  EXPECT_EQ(f.cache_misses(), 3);
  f(m23() * 2.f, reduce_op::max, std::vector<int64_t>{1});
  EXPECT_EQ(f.cache_hits(), 1);
  EXPECT_EQ(f.cache_misses(), 3);
}

TEST(JitStatic, DoubleAndBool) {
  auto f = jx::jit(
      [](const Array &x, double s, bool negate) {
        Array r = x * static_cast<float>(s);
        return negate ? -r : r;
      },
      jx::jit_options().static_argnums({1, 2}).name("scale"));
  expect_values(f(x3(), 2.0, false), k_scale_2, "2");
  expect_values(f(x3(), 3.0, true), k_scale_3_neg, "3 negated");
  expect_values(f(y3() * 0.f + x3(), 2.0, false), k_scale_2, "2 again");
  EXPECT_EQ(f.cache_misses(), 2);
  EXPECT_EQ(f.cache_hits(), 1);
  f(x3(), 2.0, true); // another bool
  EXPECT_EQ(f.cache_misses(), 3);
}

TEST(JitStatic, UserTypeWithStaticKey) {
  auto f = jx::jit([](const Array &x, const user::window &w) {
    return w.label == "double" ? x * float(w.size) * 2.f : x * float(w.size);
  });
  EXPECT_EQ(f(x3(), user::window{2, "double"}).to_vector<float>(),
            (std::vector<float>{4, -4, 8}));
  EXPECT_EQ(f(x3(), user::window{2, "single"}).to_vector<float>(),
            (std::vector<float>{2, -2, 4}));
  f(x3(), user::window{2, "single"});
  EXPECT_EQ(f.cache_misses(), 2);
  EXPECT_EQ(f.cache_hits(), 1);
}

TEST(JitStatic, ScalarsAreTracedByDefault) {
  auto f = jx::jit([](const Array &x, const Array &s) { return x * s; });
  expect_values(f(x3(), 2.0f), k_traced_scale_2, "2");
  expect_values(f(x3(), 5.0f), k_traced_scale_5, "5");
  EXPECT_EQ(f.cache_misses(), 1); // a weakly typed f32[] input, not a constant
  EXPECT_EQ(f.cache_hits(), 1);
  // The scalar is an input of the jaxpr (JAX: b:f32[], weakly typed).
  ClosedJaxpr j = jx::make_jaxpr([](const Array &x, const Array &s) {
    return x * s;
  })(x3(), 2.0f);
  ASSERT_EQ(j.in_avals().size(), 2u);
  EXPECT_TRUE(j.in_avals()[1].weak_type);
}

TEST(JitStatic, MakeJaxprStaticArgnums) {
  auto f = [](const Array &x, int n) { return x * float(n); };
  EXPECT_EQ(jx::make_jaxpr(f, {1})(x3(), 3).str(),
            "{ lambda ; a:f32[3]. let b:f32[3] = mul a 3.0:f32[] in (b,) }");
}

TEST(JitStatic, StaticKeys) {
  EXPECT_NE(jx::static_key(0.1f), jx::static_key(0.1));
  EXPECT_NE(jx::static_key(0.0), jx::static_key(-0.0));
  EXPECT_EQ(jx::static_key(std::string("ab")), "2:ab");
  EXPECT_NE(jx::static_key(std::vector<std::string>{"a,b"}),
            jx::static_key(std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(jx::static_key(reduce_op::max), "1");
  EXPECT_EQ(jx::static_key(std::make_pair(1, true)), "(1,true)");
  EXPECT_EQ(jx::static_key(std::optional<int>()), "none");
  static_assert(!jx::is_static_keyable<Array>::value);
  static_assert(!jx::is_static_keyable<std::optional<Array>>::value);
  static_assert(jx::is_static_keyable<std::vector<std::vector<int>>>::value);
  static_assert(jx::is_static_keyable<user::window>::value);
}

TEST(JitStatic, Errors) {
  auto f = jx::jit([](const Array &x, int n) { return x * float(n); },
                   jx::jit_options().static_argnums({1}).name("f"));
  // An Array in a static position.
  auto g = jx::jit([](const Array &x, const Array &y) { return x * y; },
                   jx::jit_options().static_argnums({1}).name("g"));
  EXPECT_CONTAINS(error_of([&] { g(x3(), y3()); }),
                  "jx::jit(g): argument 1 is in static_argnums but is a "
                  "jx::Array (f32[3])");
  // Out of range.
  auto h = jx::jit([](const Array &x) { return x; },
                   jx::jit_options().static_argnums({2}).name("h"));
  EXPECT_CONTAINS(error_of([&] { h(x3()); }),
                  "jx::jit(h): static_argnums names argument 2, but f was "
                  "called with 1 argument");
  // f takes an int: tracing it as an Array cannot work.
  auto k = jx::jit([](const Array &x, int n) { return x * float(n); },
                   "k");
  EXPECT_CONTAINS(error_of([&] { k(x3(), 2); }),
                  "jx::jit(k): f cannot be called with its C++ scalar "
                  "arguments 1 traced (as jx::Array)");
  // Static and donated at once.
  auto d = jx::jit([](const Array &x, int n) { return x * float(n); },
                   jx::jit_options().static_argnums({1}).donate_argnums({1})
                       .name("d"));
  EXPECT_CONTAINS(error_of([&] { d(x3(), 2); }),
                  "jx::jit(d): argument 1 is static and cannot be donated");
  EXPECT_EQ(f(x3(), 2).to_vector<float>(), (std::vector<float>{2, -2, 4}));
}

// --- donation -------------------------------------------------------------

TEST(JitDonate, ElementwiseOutputReusesTheBuffer) {
  auto f = jx::jit([](const Array &x) { return x * 2.f + 1.f; },
                   jx::jit_options().donate_argnums({0}).name("f"));
  Array x = x3();
  const uint8_t *before = data_of(x);
  Array y = f(x);
  expect_values(y, k_affine1, "x*2+1");
  EXPECT_EQ(data_of(y), before) << "the output should live in x's buffer";
  // x is gone.
  std::string read = error_of([&] { x.to_vector<float>(); });
  EXPECT_CONTAINS(read, "jx::Array: an array of type f32[3] was donated to "
                        "jit(f) and deleted");
  EXPECT_CONTAINS(error_of([&] { jnp::sin(x); }),
                  "was donated to jit(f) and deleted");
  EXPECT_CONTAINS(error_of([&] { f(x); }),
                  "jx::jit(f): argument 0: an array of type f32[3] was "
                  "donated to jit(f) and deleted");
  auto other = jx::jit([](const Array &a) { return a + 1.f; }, "other");
  EXPECT_CONTAINS(error_of([&] { other(x); }),
                  "jx::jit(other): argument 0: an array of type f32[3] was "
                  "donated to jit(f) and deleted");
  // Closed over by a traced function.
  EXPECT_CONTAINS(error_of([&] {
                    jx::make_jaxpr([&](const Array &a) { return a + x; })(y);
                  }),
                  "was donated to jit(f) and deleted");
  // Its aval survives, as a deleted jax.Array's shape does.
  EXPECT_EQ(x.shape(), (jx::shape_t{3}));
  // A second call with a fresh array: a cache hit, reusing again.
  Array z = x3();
  const uint8_t *zb = data_of(z);
  Array r = f(z);
  EXPECT_EQ(data_of(r), zb);
  EXPECT_EQ(f.cache_hits(), 1);
}

TEST(JitDonate, EveryHandleSeesTheDeletion) {
  auto f = jx::jit([](const Array &x) { return x + 1.f; },
                   jx::jit_options().donate_argnums({0}).name("inc"));
  Array x = x3();
  Array alias = x; // shares x's array, as a second Python reference would
  f(x);
  EXPECT_CONTAINS(error_of([&] { alias.item<float>(); }),
                  "was donated to jit(inc) and deleted");
}

TEST(JitDonate, NoReuseWhereTheProgramReadsAfterWriting) {
  // flip: output element i reads input element n-1-i - sharing memory would
  // overwrite inputs still to be read.
  auto f = jx::jit([](const Array &x) { return jnp::flip(x) * 2.f; },
                   jx::jit_options().donate_argnums({0}).name("flip"));
  Array x = x3();
  Array y = f(x);
  expect_values(y, k_flip, "flip");
  EXPECT_CONTAINS(error_of([&] { x.to_vector<float>(); }), "deleted");
  // A matrix-vector product (another shape anyway) and an output that
  // copies the donated input after another output was written.
  auto g = jx::jit(
      [](const Array &x, const Array &y) {
        return std::make_tuple(y * 2.f, x);
      },
      jx::jit_options().donate_argnums({0}).name("swap"));
  Array a = x3(), b = y3();
  auto [o0, o1] = g(a, b);
  expect_values(o0, k_swap_0, "swap 0");
  expect_values(o1, k_swap_1, "swap 1");
  auto mv = jx::jit([](const Array &m, const Array &v) {
    return jnp::matmul(m, v);
  }, jx::jit_options().donate_argnums({0, 1}));
  Array m = m23(), v = x3();
  const uint8_t *vb = data_of(v);
  Array r = mv(m, v);
  expect_values(r, k_matvec, "matvec");
  EXPECT_NE(data_of(r), vb);
}

TEST(JitDonate, SameArrayTwiceIsNotReused) {
  auto f = jx::jit([](const Array &a, const Array &b) { return a * b + 1.f; },
                   jx::jit_options().donate_argnums({0}).name("twice"));
  Array x = x3();
  const uint8_t *before = data_of(x);
  Array y = f(x, x);
  expect_values(y, k_twice, "x*x+1");
  EXPECT_NE(data_of(y), before);
  EXPECT_CONTAINS(error_of([&] { x.to_vector<float>(); }), "deleted");
}

TEST(JitDonate, TreeLeavesAreDonated) {
  // An optimizer step: the parameters' buffers become the new parameters.
  auto step = jx::jit(
      [](const Params &p) {
        return Params{p.w - 0.1f * (2.f * p.w), p.b - 0.1f * (2.f * p.b)};
      },
      jx::jit_options().donate_argnums({0}).name("step"));
  Params p{w3(), b3()};
  const uint8_t *wb = data_of(p.w), *bb = data_of(p.b);
  Params old = p;
  for (int i = 0; i < 3; ++i)
    p = step(p);
  expect_values(p.w, k_sgd_loop, "3 steps");
  EXPECT_EQ(data_of(p.w), wb);
  EXPECT_EQ(data_of(p.b), bb);
  EXPECT_EQ(step.cache_misses(), 1);
  EXPECT_EQ(step.cache_hits(), 2);
  EXPECT_CONTAINS(error_of([&] { old.w.to_vector<float>(); }),
                  "was donated to jit(step) and deleted");
  EXPECT_CONTAINS(error_of([&] { old.b.to_vector<float>(); }),
                  "was donated to jit(step) and deleted");
}

TEST(JitDonate, MapLeavesAndScalars) {
  using dict = std::map<std::string, Array>;
  auto f = jx::jit(
      [](const dict &d, const Array &s) {
        return dict{{"a", d.at("a") * s}, {"b", d.at("b") + s}};
      },
      jx::jit_options().donate_argnums({0, 1}).name("m"));
  dict d{{"a", x3()}, {"b", y3()}};
  const uint8_t *ab = data_of(d.at("a"));
  dict r = f(d, 2.0f); // a donated C++ scalar: nothing to delete
  EXPECT_EQ(r.at("a").to_vector<float>(), (std::vector<float>{2, -2, 4}));
  EXPECT_EQ(data_of(r.at("a")), ab);
  EXPECT_CONTAINS(error_of([&] { d.at("b").to_vector<float>(); }),
                  "was donated to jit(m) and deleted");
}

TEST(JitDonate, UnderATraceDonationDoesNothing) {
  auto f = jx::jit([](const Array &x) { return x * 2.f; },
                   jx::jit_options().donate_argnums({0}));
  auto g = jx::jit([&](const Array &x) { return f(x) + 1.f; });
  Array x = x3();
  expect_values(g(x), k_affine1, "jit(jit)");
  EXPECT_EQ(x.to_vector<float>(), (std::vector<float>{1, -1, 2}));
}

TEST(JitDonate, NeverChangesResults) {
  // Donating both arguments must not change any result, whatever the
  // program reads after writing: each case runs jitted with and without
  // donation on equal inputs and the results must agree bit for bit (an
  // invariance check, so the reference is jx's own undonated run). `reuse`:
  // whether some output must take a donated buffer.
  using fn = std::function<std::vector<Array>(const Array &, const Array &)>;
  struct donation_case {
    const char *name;
    fn f;
    bool reuse;
  };
  auto one = [](auto g) {
    return fn([g](const Array &x, const Array &y) {
      return std::vector<Array>{g(x, y)};
    });
  };
  std::vector<donation_case> cases = {
      {"x*y+1", one([](auto &x, auto &y) { return x * y + 1.f; }), true},
      {"matmul", one([](auto &x, auto &y) { return jnp::matmul(x, y); }),
       false},
      {"matmul x x.T",
       one([](auto &x, auto &) { return jnp::matmul(x, jnp::transpose(x)); }),
       false},
      // The transpose is written into the output first: y is read after.
      {"x.T+y", one([](auto &x, auto &y) { return jnp::transpose(x) + y; }),
       false},
      {"x+y.T", one([](auto &x, auto &y) { return x + jnp::transpose(y); }),
       false},
      {"flip", one([](auto &x, auto &) { return jnp::flip(x, 1); }), false},
      {"cumsum", one([](auto &x, auto &) { return jnp::cumsum(x, 1); }),
       false},
      {"softmax", one([](auto &x, auto &) { return jx::nn::softmax(x, 1); }),
       false},
      {"sort", one([](auto &x, auto &) { return jnp::sort(x, 1); }), false},
      {"roll", one([](auto &x, auto &) { return jnp::roll(x, 1, 1); }), false},
      {"at set",
       one([](auto &x, auto &y) { return x.at(1).set(jnp::sum(y, 0)); }), false},
      {"sum and diff",
       [](const Array &x, const Array &y) {
         return std::vector<Array>{x + y, x - y};
       },
       false},
      {"swap",
       [](const Array &x, const Array &y) {
         return std::vector<Array>{y, x};
       },
       false},
      {"y*2, x",
       [](const Array &x, const Array &y) {
         return std::vector<Array>{y * 2.f, x};
       },
       false},
  };
  auto input = [](float offset) {
    std::vector<double> v(16);
    for (int i = 0; i < 16; ++i)
      v[i] = std::sin(1.3 * i + offset) * 4;
    return jx::array(v, {4, 4}, jx::float32);
  };
  for (const donation_case &c : cases) {
    auto plain = jx::jit(c.f, "plain");
    auto donating =
        jx::jit(c.f, jx::jit_options().donate_argnums({0, 1}).name("d"));
    std::vector<Array> expected = plain(input(0), input(1));
    Array x = input(0), y = input(1);
    std::vector<const uint8_t *> donated = {data_of(x), data_of(y)};
    std::vector<Array> got = donating(x, y);
    ASSERT_EQ(got.size(), expected.size()) << c.name;
    bool reused = false;
    for (std::size_t i = 0; i < got.size(); ++i) {
      EXPECT_EQ(got[i].buffer().data, expected[i].buffer().data)
          << c.name << " output " << i;
      for (const uint8_t *d : donated)
        reused |= data_of(got[i]) == d;
    }
    if (c.reuse)
      EXPECT_TRUE(reused) << c.name << ": no output took a donated buffer";
    EXPECT_CONTAINS(error_of([&] { x.to_vector<float>(); }), "deleted");
    EXPECT_CONTAINS(error_of([&] { y.to_vector<float>(); }), "deleted");
  }
}

// --- the options object and the old form ------------------------------------

TEST(JitOptions, NameAndOldForm) {
  auto f = jx::jit([](const Array &x) { return x; }, "old");
  EXPECT_NE(f.lower(x3()).as_text().find("module @jit_old"),
            std::string::npos);
  auto g = jx::jit([](const Array &x) { return x; },
                   jx::jit_options().name("new"));
  EXPECT_NE(g.lower(x3()).as_text().find("module @jit_new"),
            std::string::npos);
  EXPECT_EQ(g.options().name(), "new");
  auto h = jx::jit([](const Array &x) { return x; }, jx::jit_options());
  EXPECT_NE(h.lower(x3()).as_text().find("module @jit__lambda"),
            std::string::npos);
}

} // namespace
