// numpy_more_test.cpp - einsum, tensordot, outer, inner, vdot, split,
// array_split, roll, tile, repeat, ravel, moveaxis, swapaxes, atleast_*d,
// linspace, eye, identity, tri, tril, triu, meshgrid and lax::top_k.
//
// Each case's arguments and JAX's results are in
// test/Frontend/Inputs/numpy_more.txt (written by
// test/Frontend/gen_numpy_more.py, which holds the same functions under the
// same names): jx's results, eager and under jit, must equal JAX's (the same
// bits, or within the case's tolerance for dot-based ops), and eager must
// equal jit. Then the errors, which name the API.

#include "fixtures.h"

#include "jx/jx.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <sstream>

namespace {

namespace jnp = jx::numpy;
namespace lax = jx::lax;
using jx::Array;
using V = std::vector<Array>;
using fn = std::function<V(const V &)>;

const std::map<std::string, std::string> &fixtures() {
  static const auto s = read_sections("numpy_more.txt");
  return s;
}

struct expected {
  jx::dtype dtype;
  jx::shape_t shape;
  double tol = 0; // 0: the same bits
  std::vector<double> values;
};

jx::dtype dtype_named(const std::string &name) {
  for (jx::dtype t : {jx::bool_, jx::int8, jx::int16, jx::int32, jx::int64,
                      jx::uint8, jx::uint16, jx::uint32, jx::uint64,
                      jx::float16, jx::bfloat16, jx::float32, jx::float64})
    if (jx::dtype_name(t) == name)
      return t;
  throw std::runtime_error("unknown dtype " + name);
}

expected parse(const std::string &text) {
  std::istringstream in(text);
  std::string dt, shape, tol;
  in >> dt >> shape >> tol;
  expected e;
  e.dtype = dtype_named(dt);
  std::stringstream ss(shape.substr(1, shape.size() - 2)); // "[2,3]"
  for (std::string d; std::getline(ss, d, ',');)
    e.shape.push_back(std::stoll(d));
  e.tol = tol == "exact" ? 0 : std::stod(tol);
  for (std::string v; in >> v;)
    e.values.push_back(std::strtod(v.c_str(), nullptr));
  return e;
}

std::vector<expected> sections(const std::string &name, const char *kind) {
  std::vector<expected> out;
  for (int i = 0;; ++i) {
    auto it = fixtures().find(name + "." + kind + std::to_string(i));
    if (it == fixtures().end())
      return out;
    out.push_back(parse(it->second));
  }
}

/// Same value: equal, or both NaN with the same sign; zeros by sign too.
bool same(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::isnan(a) && std::isnan(b) &&
           std::signbit(a) == std::signbit(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

void expect_matches(const Array &got, const expected &want,
                    const std::string &what) {
  ASSERT_EQ(got.dtype(), want.dtype) << what;
  ASSERT_EQ(got.shape(), want.shape) << what;
  std::vector<double> g = got.to_vector<double>();
  ASSERT_EQ(g.size(), want.values.size()) << what;
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (want.tol == 0)
      EXPECT_TRUE(same(g[i], want.values[i]))
          << what << " [" << i << "]: " << g[i] << " vs JAX "
          << want.values[i];
    else
      EXPECT_NEAR(g[i], want.values[i],
                  want.tol * (1 + std::fabs(want.values[i])))
          << what << " [" << i << "]";
  }
}

/// An array's own values, to compare with exactly.
expected values_of(const Array &a) {
  return {a.dtype(), a.shape(), 0, a.to_vector<double>()};
}

V one(Array a) { return {a}; }

/// The functions of gen_numpy_more.py, by case name.
std::map<std::string, fn> functions() {
  return {
      // einsum
      {"einsum_matmul", [](const V &a) { return one(jnp::einsum("ij,jk->ik", a[0], a[1])); }},
      {"einsum_chain", [](const V &a) { return one(jnp::einsum("ij,jk,kl->il", a)); }},
      {"einsum_implicit", [](const V &a) { return one(jnp::einsum("ba,ac", a)); }},
      {"einsum_implicit_case", [](const V &a) { return one(jnp::einsum("bA,a", a)); }},
      {"einsum_trace", [](const V &a) { return one(jnp::einsum("ii", a)); }},
      {"einsum_diag", [](const V &a) { return one(jnp::einsum("ii->i", a)); }},
      {"einsum_diag_contract", [](const V &a) { return one(jnp::einsum("iij,jk->ik", a)); }},
      {"einsum_batch", [](const V &a) { return one(jnp::einsum("bij,bjk->bki", a)); }},
      {"einsum_ellipsis", [](const V &a) { return one(jnp::einsum("...ij,...jk->...ik", a)); }},
      {"einsum_ellipsis_sum", [](const V &a) { return one(jnp::einsum("...i->i", a)); }},
      {"einsum_sum_all", [](const V &a) { return one(jnp::einsum("ij->", a)); }},
      {"einsum_sum_rows", [](const V &a) { return one(jnp::einsum("ij->j", a)); }},
      {"einsum_transpose", [](const V &a) { return one(jnp::einsum("ijk->kji", a)); }},
      {"einsum_outer_int", [](const V &a) { return one(jnp::einsum("i,j->ij", a)); }},
      {"einsum_three", [](const V &a) { return one(jnp::einsum("ij,ij,ij->i", a)); }},
      {"einsum_mixed", [](const V &a) { return one(jnp::einsum("ij,j->i", a)); }},
      {"einsum_broadcast_one", [](const V &a) { return one(jnp::einsum("ij,jk", a)); }},
      {"einsum_bf16", [](const V &a) { return one(jnp::einsum("ij,jk->ik", a)); }},
      {"einsum_int8", [](const V &a) { return one(jnp::einsum("ij,kj->ik", a)); }},
      {"einsum_bool", [](const V &a) { return one(jnp::einsum("ij,jk", a)); }},
      {"einsum_ellipsis_implicit", [](const V &a) { return one(jnp::einsum("...j,j", a)); }},
      {"einsum_later_operand", [](const V &a) { return one(jnp::einsum("ij,jk,ik->k", a)); }},
      // tensordot, outer, inner, vdot
      {"tensordot_1", [](const V &a) { return one(jnp::tensordot(a[0], a[1], 1)); }},
      {"tensordot_2", [](const V &a) { return one(jnp::tensordot(a[0], a[1])); }},
      {"tensordot_pairs", [](const V &a) { return one(jnp::tensordot(a[0], a[1], {{0, 2}, {2, 0}})); }},
      {"tensordot_0", [](const V &a) { return one(jnp::tensordot(a[0], a[1], 0)); }},
      {"tensordot_int", [](const V &a) { return one(jnp::tensordot(a[0], a[1], {{1}, {1}})); }},
      {"outer", [](const V &a) { return one(jnp::outer(a[0], a[1])); }},
      {"outer_mixed", [](const V &a) { return one(jnp::outer(a[0], a[1])); }},
      {"inner", [](const V &a) { return one(jnp::inner(a[0], a[1])); }},
      {"inner_1d", [](const V &a) { return one(jnp::inner(a[0], a[1])); }},
      {"inner_scalar", [](const V &a) { return one(jnp::inner(a[0], a[1])); }},
      {"vdot", [](const V &a) { return one(jnp::vdot(a[0], a[1])); }},
      {"vdot_int", [](const V &a) { return one(jnp::vdot(a[0], a[1])); }},
      // split, array_split
      {"split_sections", [](const V &a) { return jnp::split(a[0], 3); }},
      {"split_indices", [](const V &a) { return jnp::split(a[0], {1, 3}, 1); }},
      {"split_neg_axis", [](const V &a) { return jnp::split(a[0], 2, -1); }},
      {"split_empty", [](const V &a) { return jnp::split(a[0], {0, 0}); }},
      {"array_split", [](const V &a) { return jnp::array_split(a[0], 3); }},
      {"array_split_short", [](const V &a) { return jnp::array_split(a[0], 3, 1); }},
      // roll
      {"roll_axis", [](const V &a) { return one(jnp::roll(a[0], 1, 1)); }},
      {"roll_flat", [](const V &a) { return one(jnp::roll(a[0], 2)); }},
      {"roll_axes", [](const V &a) { return one(jnp::roll(a[0], {1, -1}, {0, 1})); }},
      {"roll_negative", [](const V &a) { return one(jnp::roll(a[0], -4, 0)); }},
      {"roll_one_shift_two_axes", [](const V &a) { return one(jnp::roll(a[0], 1, {0, 1})); }},
      {"roll_zero", [](const V &a) { return one(jnp::roll(a[0], 0, 0)); }},
      {"roll_bf16", [](const V &a) { return one(jnp::roll(a[0], 5, -1)); }},
      // tile, repeat, ravel, moveaxis, swapaxes, atleast
      {"tile_rank_up", [](const V &a) { return one(jnp::tile(a[0], {2, 1, 2})); }},
      {"tile_1d", [](const V &a) { return one(jnp::tile(a[0], 2)); }},
      {"tile_short_reps", [](const V &a) { return one(jnp::tile(a[0], {3})); }},
      {"repeat_axis", [](const V &a) { return one(jnp::repeat(a[0], 2, 1)); }},
      {"repeat_flat", [](const V &a) { return one(jnp::repeat(a[0], 3)); }},
      {"repeat_axis0_f16", [](const V &a) { return one(jnp::repeat(a[0], 2, 0)); }},
      {"ravel", [](const V &a) { return one(jnp::ravel(a[0])); }},
      {"moveaxis", [](const V &a) { return one(jnp::moveaxis(a[0], 0, -1)); }},
      {"moveaxis_many", [](const V &a) { return one(jnp::moveaxis(a[0], {0, 1}, {3, 0})); }},
      {"swapaxes", [](const V &a) { return one(jnp::swapaxes(a[0], 0, 2)); }},
      {"atleast_2d", [](const V &a) { return one(jnp::atleast_2d(a[0])); }},
      {"atleast_1d", [](const V &a) { return one(jnp::atleast_1d(a[0])); }},
      // creation
      {"linspace", [](const V &) { return one(jnp::linspace(0.0, 1.0, 5)); }},
      {"linspace_no_endpoint", [](const V &) { return one(jnp::linspace(0.0, 1.0, 5, false)); }},
      {"linspace_50", [](const V &) { return one(jnp::linspace(-3.3, 7.1)); }},
      {"linspace_wide", [](const V &) { return one(jnp::linspace(1e-3, 1e3, 33)); }},
      {"linspace_int", [](const V &) { return one(jnp::linspace(0, 10, 4, true, jx::int32)); }},
      {"linspace_int8_down", [](const V &) { return one(jnp::linspace(2, -1, 3, true, jx::int8)); }},
      {"linspace_int_neg", [](const V &) { return one(jnp::linspace(-7, 5, 9, true, jx::int32)); }},
      {"linspace_f16", [](const V &) { return one(jnp::linspace(0.0, 1.0, 7, true, jx::float16)); }},
      {"linspace_bf16", [](const V &) { return one(jnp::linspace(-1.3, 2.9, 11, true, jx::bfloat16)); }},
      {"linspace_f16_thirds", [](const V &) { return one(jnp::linspace(0.1, 0.7, 13, true, jx::float16)); }},
      {"linspace_one", [](const V &) { return one(jnp::linspace(2.0, 1.0, 1)); }},
      {"linspace_zero", [](const V &) { return one(jnp::linspace(2.0, 1.0, 0)); }},
      {"eye", [](const V &) { return one(jnp::eye(3)); }},
      {"eye_k", [](const V &) { return one(jnp::eye(3, 4, 1)); }},
      {"eye_int_below", [](const V &) { return one(jnp::eye(4, 3, -1, jx::int32)); }},
      {"identity_bool", [](const V &) { return one(jnp::identity(3, jx::bool_)); }},
      {"tri", [](const V &) { return one(jnp::tri(3, 4, -1)); }},
      {"tri_int", [](const V &) { return one(jnp::tri(4, std::nullopt, 1, jx::int32)); }},
      {"tril", [](const V &a) { return one(jnp::tril(a[0])); }},
      {"tril_k", [](const V &a) { return one(jnp::tril(a[0], -1)); }},
      {"triu_k", [](const V &a) { return one(jnp::triu(a[0], 1)); }},
      {"tril_batched", [](const V &a) { return one(jnp::tril(a[0])); }},
      {"triu_bool", [](const V &a) { return one(jnp::triu(a[0])); }},
      {"meshgrid_xy", [](const V &a) { return jnp::meshgrid(a); }},
      {"meshgrid_ij", [](const V &a) { return jnp::meshgrid(a, "ij"); }},
      // top_k
      {"top_k", [](const V &a) { auto [v, i] = lax::top_k(a[0], 3); return V{v, i}; }},
      {"top_k_ties", [](const V &a) { auto [v, i] = lax::top_k(a[0], 5); return V{v, i}; }},
      {"top_k_special", [](const V &a) { auto [v, i] = lax::top_k(a[0], 8); return V{v, i}; }},
      {"top_k_axis0", [](const V &a) { auto [v, i] = lax::top_k(a[0], 2, 0); return V{v, i}; }},
      {"top_k_int", [](const V &a) { auto [v, i] = lax::top_k(a[0], 4); return V{v, i}; }},
      {"top_k_uint8", [](const V &a) { auto [v, i] = lax::top_k(a[0], 3); return V{v, i}; }},
      {"top_k_bool", [](const V &a) { auto [v, i] = lax::top_k(a[0], 3); return V{v, i}; }},
      {"top_k_bf16", [](const V &a) { auto [v, i] = lax::top_k(a[0], 3); return V{v, i}; }},
      {"top_k_f16", [](const V &a) { auto [v, i] = lax::top_k(a[0], 2); return V{v, i}; }},
      {"top_k_all", [](const V &a) { auto [v, i] = lax::top_k(a[0], 4); return V{v, i}; }},
      {"top_k_zero", [](const V &a) { auto [v, i] = lax::top_k(a[0], 0); return V{v, i}; }},
  };
}

struct numpy_case {
  std::string name;
  fn f;
};
void PrintTo(const numpy_case &c, std::ostream *os) { *os << c.name; }

std::vector<numpy_case> cases() {
  std::vector<numpy_case> out;
  for (auto &[name, f] : functions())
    out.push_back({name, f});
  return out;
}

class NumpyMore : public ::testing::TestWithParam<numpy_case> {};

TEST_P(NumpyMore, EagerAndJitEqualJax) {
  const numpy_case &c = GetParam();
  std::vector<expected> ins = sections(c.name, "in"),
                        outs = sections(c.name, "out");
  ASSERT_FALSE(outs.empty()) << "no JAX results for " << c.name
                             << " in numpy_more.txt";
  V args;
  for (const expected &e : ins)
    args.push_back(jx::array(e.values, e.shape, e.dtype));
  V eager = c.f(args);
  jx::detail::jit_core jitted(c.f, c.name);
  V jit = jitted.call(args);
  ASSERT_EQ(eager.size(), outs.size()) << c.name;
  ASSERT_EQ(jit.size(), outs.size()) << c.name;
  for (std::size_t i = 0; i < outs.size(); ++i) {
    std::string what = c.name + " result " + std::to_string(i);
    expect_matches(eager[i], outs[i], what + " (eager)");
    expect_matches(jit[i], outs[i], what + " (jit)");
    if (outs[i].tol == 0)
      expect_matches(jit[i], values_of(eager[i]), what + " (jit vs eager)");
  }
}

INSTANTIATE_TEST_SUITE_P(
    Ops, NumpyMore, ::testing::ValuesIn(cases()),
    [](const ::testing::TestParamInfo<numpy_case> &i) { return i.param.name; });

TEST(NumpyMoreFixtures, EveryCaseHasAFunction) {
  std::map<std::string, fn> fs = functions();
  for (const auto &[section, text] : fixtures()) {
    std::string name = section.substr(0, section.rfind('.'));
    EXPECT_TRUE(fs.count(name)) << "no C++ function for JAX case " << name;
  }
}

/// `f` throws jx::error starting with `api` and containing `part`.
template <class F>
void expect_error(F f, const std::string &api, const std::string &part) {
  try {
    f();
    ADD_FAILURE() << "expected an error from " << api << " (" << part << ")";
  } catch (const jx::error &e) {
    std::string m = e.what();
    EXPECT_EQ(m.rfind(api + ": ", 0), 0u) << m;
    EXPECT_NE(m.find(part), std::string::npos) << m;
  }
}

Array f32(jx::shape_t s) { return jnp::ones(s); }

TEST(NumpyMoreErrors, Einsum) {
  Array a = f32({2, 3}), b = f32({3, 4}), c = f32({4, 5});
  expect_error([&] { jnp::einsum("ij,jk->i!", a, b); }, "jx::einsum",
               "character '!' is not a letter");
  expect_error([&] { jnp::einsum("i.j", a); }, "jx::einsum", "one '...'");
  expect_error([&] { jnp::einsum("ij,jk->ik->i", a, b); }, "jx::einsum",
               "one '->'");
  expect_error([&] { jnp::einsum("ij,jk", a); }, "jx::einsum",
               "name 2 operands, got 1");
  expect_error([&] { jnp::einsum("ijk", a); }, "jx::einsum",
               "operand 0 f32[2,3] has 2 dims but subscripts 'ijk' name 3");
  expect_error([&] { jnp::einsum("ij->k", a); }, "jx::einsum",
               "output label 'k'");
  expect_error([&] { jnp::einsum("ij->ii", a); }, "jx::einsum",
               "is repeated");
  expect_error([&] { jnp::einsum("ij,jk", a, c); }, "jx::einsum",
               "size of label 'j' for operand 1 (4) does not match previous "
               "terms (3); operands f32[2,3], f32[4,5]");
  expect_error([&] { jnp::einsum("...i,...i", f32({2, 3}), f32({4, 3})); },
               "jx::einsum", "size of label ... dim 0");
}

TEST(NumpyMoreErrors, Tensordot) {
  Array a = f32({2, 3}), b = f32({4, 5});
  expect_error([&] { jnp::tensordot(a, b, 1); }, "jx::tensordot",
               "contracting dims differ: lhs f32[2,3] dim 1 is 3, rhs "
               "f32[4,5] dim 0 is 4");
  expect_error([&] { jnp::tensordot(a, b, {{0, 1}, {0}}); }, "jx::tensordot",
               "axes lists differ in length");
  expect_error([&] { jnp::tensordot(a, b, 3); }, "jx::tensordot",
               "axes 3 must be in [0, min(rank)]");
  expect_error([&] { jnp::tensordot(a, b, {{2}, {0}}); }, "jx::tensordot",
               "axis 2 is out of bounds for array f32[2,3]");
  expect_error([&] { jnp::inner(a, b); }, "jx::inner", "last dims differ");
  expect_error([&] { jnp::vdot(a, b); }, "jx::vdot", "different sizes");
}

TEST(NumpyMoreErrors, Shapes) {
  Array a = f32({5, 2});
  expect_error([&] { jnp::split(a, 2); }, "jx::split",
               "array split does not result in an equal division: axis 0 of "
               "f32[5,2] has size 5, not divisible into 2 sections");
  expect_error([&] { jnp::split(a, {3, 1}); }, "jx::split",
               "must be non-decreasing and within [0, 5]");
  expect_error([&] { jnp::split(a, 0); }, "jx::split", "larger than 0");
  expect_error([&] { jnp::split(Array(1.0f), 1); }, "jx::split", "0-d");
  expect_error([&] { jnp::array_split(a, 2, 2); }, "jx::array_split",
               "axis 2 is out of bounds");
  expect_error([&] { jnp::roll(a, {1, 2, 3}, {0, 1}); }, "jx::roll",
               "3 shifts for 2 axes");
  expect_error([&] { jnp::roll(a, 1, 2); }, "jx::roll", "out of bounds");
  expect_error([&] { jnp::tile(a, {-1}); }, "jx::tile", "negative reps");
  expect_error([&] { jnp::repeat(a, -1); }, "jx::repeat", "non-negative");
  expect_error([&] { jnp::moveaxis(a, {0, 1}, {1}); }, "jx::moveaxis",
               "differ in length");
  expect_error([&] { jnp::swapaxes(a, 0, 3); }, "jx::swapaxes",
               "out of bounds");
}

TEST(NumpyMoreErrors, Creation) {
  expect_error([&] { jnp::linspace(0.0, 1.0, -1); }, "jx::linspace",
               "must be non-negative");
  expect_error([&] { jnp::linspace(f32({2}), 1.0, 3); }, "jx::linspace",
               "must be 0-d");
  expect_error([&] { jnp::eye(-1); }, "jx::eye", "negative dimensions");
  expect_error([&] { jnp::tri(2, -3); }, "jx::tri", "negative dimensions");
  expect_error([&] { jnp::tril(f32({3})); }, "jx::tril", "rank 2 or more");
  expect_error([&] { jnp::triu(Array(1.0f)); }, "jx::triu", "rank 2 or more");
  expect_error([&] { jnp::meshgrid({f32({2})}, "xz"); }, "jx::meshgrid",
               "indexing must be");
  expect_error([&] { jnp::meshgrid({f32({2, 2})}); }, "jx::meshgrid",
               "must be 1-d, got f32[2,2]");
}

TEST(NumpyMoreErrors, TopK) {
  Array a = f32({2, 3});
  expect_error([&] { lax::top_k(a, 4); }, "jx::lax::top_k",
               "k 4 must be in [0, 3] (the size of axis 1) for operand "
               "f32[2,3]");
  expect_error([&] { lax::top_k(a, 3, 0); }, "jx::lax::top_k",
               "k 3 must be in [0, 2] (the size of axis 0)");
  expect_error([&] { lax::top_k(a, -1); }, "jx::lax::top_k", "k -1");
  expect_error([&] { lax::top_k(a, 1, 2); }, "jx::lax::top_k",
               "axis 2 is out of bounds for array f32[2,3]");
  expect_error([&] { lax::top_k(Array(1.0f), 1); }, "jx::lax::top_k",
               "rank 1 or more, got f32[]");
}

/// Traced and eager top_k agree with the shape rule (also checked by
/// check_jaxpr), and the jaxpr is JAX's.
TEST(NumpyMoreJaxpr, TopK) {
  auto f = [](const Array &x) {
    auto [v, i] = lax::top_k(x, 3);
    return std::make_tuple(v, i);
  };
  EXPECT_EQ(jx::make_jaxpr(f)(f32({4, 7})).str(),
            "{ lambda ; a:f32[4,7]. let\n"
            "    b:f32[4,3] c:i32[4,3] = top_k[axis=1 k=3] a\n"
            "  in (b, c) }");
}

} // namespace
