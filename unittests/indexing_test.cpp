// indexing_test.cpp - gather / scatter: jnp::index (x[idx]), take,
// take_along_axis, x.at(idx).get/set/add/multiply/min/max and jax.lax's
// gather and scatter family. Expected values come from JAX
// (indexing_expected.inc, written by gen_indexing_expected.py from the same
// inputs and functions); every case runs eagerly and under jit.

#include "jx/jx.h"

#include "expected_values.h"
#include "grad_harness.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <map>

namespace {

namespace jnp = jx::numpy;
namespace lax = jx::lax;
using jx::Array;
using args_t = std::vector<Array>;
using mode = jx::lax::gather_scatter_mode;

using expected_values::expected_case;

const std::vector<expected_case> &expected() {
  static const std::vector<expected_case> e = {
#include "indexing_expected.inc"
  };
  return e;
}

Array ints(const std::vector<double> &v, const jx::shape_t &s,
           jx::dtype t = jx::int32) {
  return jx::array(v, s, t);
}

std::vector<double> iota_values(int n, double scale, double offset) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i)
    v.push_back(i * scale + offset);
  return v;
}

// The inputs of gen_indexing_expected.py.
struct inputs {
  Array xf = jx::array(iota_values(20, 1.5, -3), {4, 5}, jx::float32);
  Array xi = jx::array(iota_values(20, 1, -7), {4, 5}, jx::int32);
  Array xb = [] {
    std::vector<double> v;
    for (int i = 0; i < 20; ++i)
      v.push_back(i % 3 == 0);
    return jx::array(v, {4, 5}, jx::bool_);
  }();
  Array y3 = jx::array(iota_values(60, 1, 0), {3, 4, 5}, jx::float32);
  Array xh = jx::array(iota_values(20, 0.5, 0), {4, 5}, jx::float16);
  Array i4 = ints({2, -1, 0, 2}, {4});
  Array c3 = ints({4, -5, 1}, {3});
  Array r3 = ints({0, 3, -1}, {3});
  Array k3 = ints({1, -2, 4}, {3});
  Array col = ints({0, 2, -1}, {3, 1});
  Array row2 = ints({1, 3}, {2});
  Array oob = ints({7, -9, 1}, {3});
  Array dup = ints({1, 1, 3, 1}, {4});
  Array u2 = ints({3, 0}, {2}, jx::uint8);
  Array tk = ints({0, 4, -1, 2}, {2, 2});
  Array flat = ints({0, 19, -1, 25, -21}, {5});
  Array srt = ints({4, 3, 4, 3, 4, 3, 4, 3}, {4, 2});
  Array along0 = ints({3, 0, -1, 1, 2}, {1, 5});
  Array idx3 = ints({1, 0, 3, 2, -1, 7}, {3, 2, 1});
  Array g42 = ints({0, 1, 3, 4, 2, 4, -1, 0}, {4, 2});
};

struct index_case {
  const char *name;
  std::function<Array(const args_t &)> f;
  args_t args;
};

void PrintTo(const index_case &c, std::ostream *os) { *os << c.name; }

std::vector<index_case> cases() {
  inputs in;
  auto rows = [](const args_t &a) { return jnp::index(a[0], {a[1]}); };
  jx::gather_dimension_numbers g{{1}, {0}, {0, 1}, {}, {}};
  jx::scatter_dimension_numbers rows_dn{{1}, {0}, {0}, {}, {}};
  return {
      // x[idx]
      {"index_rows_f32", rows, {in.xf, in.i4}},
      {"index_rows_i32", rows, {in.xi, in.i4}},
      {"index_rows_bool", rows, {in.xb, in.i4}},
      {"index_rows_f16", rows, {in.xh, in.i4}},
      {"index_cols",
       [](const args_t &a) { return jnp::index(a[0], {jx::all(), a[1]}); },
       {in.xf, in.c3}},
      {"index_pairs",
       [](const args_t &a) { return jnp::index(a[0], {a[1], a[2]}); },
       {in.xf, in.r3, in.k3}},
      {"index_array_int",
       [](const args_t &a) { return jnp::index(a[0], {a[1], -2}); },
       {in.xf, in.row2}},
      {"index_broadcast",
       [](const args_t &a) { return jnp::index(a[0], {a[1], a[2]}); },
       {in.xf, in.col, in.row2}},
      {"index_noncontiguous",
       [](const args_t &a) {
         return jnp::index(a[0], {a[1] - 1, jx::all(),
                                  jnp::slice(a[2], {jx::range(0, 2)})});
       },
       {in.y3, in.row2, in.r3}},
      {"index_contiguous_3d",
       [](const args_t &a) {
         return jnp::index(a[0], {jx::all(), a[1],
                                  jnp::slice(a[2], {jx::range(1, {})})});
       },
       {in.y3, in.row2, in.r3}},
      {"index_partial_slice",
       [](const args_t &a) {
         return jnp::index(a[0], {a[1], jx::range(1, 4)});
       },
       {in.xf, in.row2}},
      {"index_strided",
       [](const args_t &a) {
         return jnp::index(a[0], {a[1], jx::range({}, {}, 2)});
       },
       {in.xf, in.row2}},
      {"index_slice_first",
       [](const args_t &a) {
         return jnp::index(a[0], {jx::range(1, 3), a[1]});
       },
       {in.xf, in.c3}},
      {"index_out_of_bounds", rows, {in.xf, in.oob}},
      {"index_uint8", rows, {in.xf, in.u2}},
      {"index_scalar_array", rows, {in.xf, ints({-1}, {})}},
      {"index_scalar_array_col",
       [](const args_t &a) { return jnp::index(a[0], {jx::all(), a[1]}); },
       {in.xi, ints({-2}, {})}},
      // take / take_along_axis
      {"take_flat_f32", [](const args_t &a) { return jnp::take(a[0], a[1]); },
       {in.xf, in.flat}},
      {"take_flat_i32", [](const args_t &a) { return jnp::take(a[0], a[1]); },
       {in.xi, in.flat}},
      {"take_flat_bool", [](const args_t &a) { return jnp::take(a[0], a[1]); },
       {in.xb, in.flat}},
      {"take_axis1", [](const args_t &a) { return jnp::take(a[0], a[1], 1); },
       {in.xf, in.tk}},
      {"take_axis0_i32",
       [](const args_t &a) { return jnp::take(a[0], a[1], 0); },
       {in.xi, in.row2}},
      {"take_scalar", [](const args_t &a) { return jnp::take(a[0], -3); },
       {in.xf}},
      {"take_f16", [](const args_t &a) { return jnp::take(a[0], a[1], 0); },
       {in.xh, in.tk}},
      {"take_clip",
       [](const args_t &a) { return jnp::take(a[0], a[1], 0, mode::clip); },
       {in.xf, in.oob}},
      {"take_fill_value",
       [](const args_t &a) {
         return jnp::take(a[0], a[1], 0, std::nullopt, -1);
       },
       {in.xi, in.oob}},
      {"take_along_axis1",
       [](const args_t &a) { return jnp::take_along_axis(a[0], a[1], 1); },
       {in.xf, in.srt}},
      {"take_along_axis0_bcast",
       [](const args_t &a) { return jnp::take_along_axis(a[0], a[1], 0); },
       {in.xi, in.along0}},
      {"take_along_none",
       [](const args_t &a) {
         return jnp::take_along_axis(a[0], a[1], std::nullopt);
       },
       {in.xf, in.flat}},
      {"take_along_3d",
       [](const args_t &a) { return jnp::take_along_axis(a[0], a[1], 1); },
       {in.y3, in.idx3}},
      // x.at(idx)
      {"at_set_f32", [](const args_t &a) { return a[0].at(a[1]).set(9.0f); },
       {in.xf, in.row2}},
      {"at_set_i32",
       [](const args_t &a) { return a[0].at(a[1]).set(a[2]); },
       {in.xi, in.row2, ints({1, 2, 3, 4, 5}, {5})}},
      {"at_set_bool", [](const args_t &a) { return a[0].at(a[1]).set(true); },
       {in.xb, in.r3}},
      {"at_set_bool_cols",
       [](const args_t &a) { return a[0].at({jx::all(), a[1]}).set(false); },
       {in.xb, in.c3}},
      {"at_set_int_index",
       [](const args_t &a) { return a[0].at({2, 3}).set(0.5f); }, {in.xf}},
      {"at_set_out_of_bounds",
       [](const args_t &a) { return a[0].at(a[1]).set(100.0f); },
       {in.xf, in.oob}},
      {"at_set_negative_pairs",
       [](const args_t &a) { return a[0].at({a[1], a[2]}).set(-100); },
       {in.xi, in.r3, in.k3}},
      {"at_add_duplicates",
       [](const args_t &a) { return a[0].at(a[1]).add(1.0f); },
       {in.xf, in.dup}},
      {"at_add_i32_dup",
       [](const args_t &a) { return a[0].at({a[1], 0}).add(10); },
       {in.xi, in.dup}},
      {"at_add_i32_float",
       [](const args_t &a) { return a[0].at(a[1]).add(2.5); },
       {in.xi, in.row2}},
      {"at_add_slice",
       [](const args_t &a) {
         return a[0].at({a[1], jx::range(1, 3)}).add(a[2]);
       },
       {in.xf, in.row2, jx::array({10.f, 20.f})}},
      {"at_add_uint8",
       [](const args_t &a) { return a[0].at(a[1]).add(1.0f); },
       {in.xf, in.u2}},
      {"at_multiply",
       [](const args_t &a) { return a[0].at(a[1]).multiply(2.0f); },
       {in.xf, in.dup}},
      {"at_min",
       [](const args_t &a) { return a[0].at({jx::all(), a[1]}).min(0); },
       {in.xi, in.c3}},
      {"at_max_dup",
       [](const args_t &a) { return a[0].at(a[1]).max(a[2]); },
       {in.xf, in.dup, jx::array({5., 6., 7., 8.}, {4, 1}, jx::float32)}},
      {"at_get_fill",
       [](const args_t &a) { return a[0].at(a[1]).get(mode::fill_or_drop); },
       {in.xf, in.oob}},
      {"at_get_fill_i32",
       [](const args_t &a) {
         return a[0].at(a[1]).get(mode::fill_or_drop, 7);
       },
       {in.xi, in.oob}},
      {"at_get", [](const args_t &a) { return a[0].at(a[1]).get(); },
       {in.xi, in.oob}},
      {"at_set_clip",
       [](const args_t &a) { return a[0].at(a[1]).set(-1.0f, mode::clip); },
       {in.xf, in.oob}},
      // jax.lax
      {"lax_gather_fill",
       [g](const args_t &a) {
         return lax::gather(a[0], a[1], g, {1, 2}, false, false,
                            mode::fill_or_drop, -7.0);
       },
       {in.xf, in.g42}},
      {"lax_gather_clip",
       [g](const args_t &a) {
         return lax::gather(a[0], a[1], g, {1, 2}, false, false, mode::clip);
       },
       {in.xf, in.g42}},
      {"lax_scatter_add_clip",
       [rows_dn](const args_t &a) {
         return lax::scatter_add(a[0], a[1], jnp::ones({3, 5}, jx::int32),
                                 rows_dn, false, false, mode::clip);
       },
       {in.xi, ints({0, 9, -3}, {3, 1})}},
      {"lax_scatter_mul",
       [](const args_t &a) {
         return lax::scatter_mul(a[0], a[1], a[2], {{}, {0, 1}, {0, 1}, {}, {}});
       },
       {in.xf, ints({1, 1, 1, 1, 2, 0}, {3, 2}),
        jx::array({2.f, 3.f, -1.f})}},
      {"lax_scatter_min_batched",
       [](const args_t &a) {
         return lax::scatter_min(a[0], a[1], a[2], {{}, {1}, {1}, {0}, {0}});
       },
       {in.xf, ints({4, 0, 2, 9}, {4, 1}),
        jx::array({-50.f, -60.f, 100.f, -70.f})}},
      {"lax_scatter_max",
       [rows_dn](const args_t &a) {
         return lax::scatter_max(a[0], a[1], a[2], rows_dn);
       },
       {in.xi, ints({2, 2}, {2, 1}),
        ints({100, -100, 0, 5, 3, 0, 50, -50, 1, 1}, {2, 5})}},
      {"lax_scatter",
       [rows_dn](const args_t &a) {
         return lax::scatter(a[0], a[1], jnp::zeros({2, 5}, jx::bool_),
                             rows_dn);
       },
       {in.xb, ints({0, 3}, {2, 1})}},
  };
}

class IndexingValues : public ::testing::TestWithParam<index_case> {};

TEST_P(IndexingValues, EagerAndJitEqualJax) {
  const index_case &c = GetParam();
  const expected_case *e = expected_values::find(expected(), c.name);
  ASSERT_NE(e, nullptr) << "no JAX value for " << c.name
                        << " (run gen_indexing_expected.py)";
  expected_values::expect_eager_and_jit(c.name, c.f, c.args, *e, 1e-6);
}

INSTANTIATE_TEST_SUITE_P(Cases, IndexingValues, ::testing::ValuesIn(cases()),
                         [](const auto &info) {
                           return std::string(info.param.name);
                         });

TEST(Indexing, EveryJaxValueHasACase) {
  std::vector<std::string> names;
  for (const index_case &c : cases())
    names.push_back(c.name);
  expected_values::expect_every_value_has_a_case(expected(), names);
}

// --- jaxprs (JAX 0.10.2's printouts of the same functions) ------------------

TEST(Indexing, JaxprOfIndexEqualsJax) {
  auto j = jx::make_jaxpr([](const Array &x, const Array &i) {
    return jnp::index(x, {i, jx::all(), 2});
  })(jnp::ones({5, 3, 4}), jnp::zeros({2}, jx::int32));
  EXPECT_EQ(j.str(),
            "{ lambda ; a:f32[5,3,4] b:i32[2]. let\n"
            "    c:bool[2] = lt b 0:i32[]\n"
            "    d:i32[2] = add b 5:i32[]\n"
            "    e:i32[2] = select_n c b d\n"
            "    f:i32[2] = broadcast_in_dim 2:i32[]\n"
            "    g:i32[2] = convert_element_type[new_dtype=int32 "
            "weak_type=False] f\n"
            "    h:i32[2,1] = broadcast_in_dim[broadcast_dimensions=(0,)] e\n"
            "    i:i32[2,1] = broadcast_in_dim[broadcast_dimensions=(0,)] g\n"
            "    j:i32[2,2] = concatenate[dimension=1] h i\n"
            "    k:f32[2,3] = gather[\n"
            "      dimension_numbers=GatherDimensionNumbers(offset_dims=(1,), "
            "collapsed_slice_dims=(0, 2), start_index_map=(0, 2), "
            "operand_batching_dims=(), start_indices_batching_dims=())\n"
            "      fill_value=None\n"
            "      indices_are_sorted=False\n"
            "      mode=GatherScatterMode.PROMISE_IN_BOUNDS\n"
            "      slice_sizes=(1, 3, 1)\n"
            "      unique_indices=False\n"
            "    ] a j\n"
            "  in (k,) }");
}

TEST(Indexing, JaxprOfStridedAndPartialSlicesEqualsJax) {
  auto strided = jx::make_jaxpr([](const Array &x, const Array &i) {
    return jnp::index(x, {i, jx::range({}, {}, 2)});
  })(jnp::ones({5, 4}), jnp::zeros({2}, jx::int32));
  EXPECT_NE(strided.str().find(
                "    f:i32[2] = iota[dimension=0 dtype=int32 shape=(2,) "
                "sharding=None] \n"
                "    g:i32[2] = mul 2:i32[] f\n"
                "    h:i32[2] = add 0:i32[] g\n"
                "    i:i32[2,2,1] = broadcast_in_dim[broadcast_dimensions=(0,)] e\n"
                "    j:i32[2,2,1] = broadcast_in_dim[broadcast_dimensions=(1,)] h\n"
                "    k:i32[2,2,2] = concatenate[dimension=2] i j\n"),
            std::string::npos)
      << strided.str();
  auto partial = jx::make_jaxpr([](const Array &x, const Array &i) {
    return jnp::index(x, {jx::range(1, 3), i});
  })(jnp::ones({5, 4}), jnp::zeros({2}, jx::int32));
  EXPECT_NE(partial.str().find(
                "    f:i32[2,1] = broadcast_in_dim 1:i32[]\n"
                "    g:i32[2,1] = broadcast_in_dim[broadcast_dimensions=(0,)] e\n"
                "    h:i32[2,2] = concatenate[dimension=1] f g\n"
                "    i:f32[2,2] = gather[\n"
                "      dimension_numbers=GatherDimensionNumbers(offset_dims=(0,), "
                "collapsed_slice_dims=(1,), start_index_map=(0, 1), "
                "operand_batching_dims=(), start_indices_batching_dims=())\n"),
            std::string::npos)
      << partial.str();
}

TEST(Indexing, JaxprOfAtAddPromotesLikeJax) {
  // jnp.zeros(5, jnp.int32).at[i].add(2.5): scatter-add in weak float32.
  auto j = jx::make_jaxpr([](const Array &x, const Array &i) {
    return x.at(i).add(2.5);
  })(jnp::zeros({5}, jx::int32), jnp::zeros({2}, jx::int32));
  EXPECT_EQ(j.str(),
            "{ lambda ; a:i32[5] b:i32[2]. let\n"
            "    c:bool[2] = lt b 0:i32[]\n"
            "    d:i32[2] = add b 5:i32[]\n"
            "    e:i32[2] = select_n c b d\n"
            "    f:i32[2,1] = broadcast_in_dim[broadcast_dimensions=(0,)] e\n"
            "    g:f32[5] = convert_element_type[new_dtype=float32 "
            "weak_type=True] a\n"
            "    h:f32[2] = broadcast_in_dim 2.5:f32[]\n"
            "    i:f32[5] = scatter-add[\n"
            "      dimension_numbers=ScatterDimensionNumbers("
            "update_window_dims=(), inserted_window_dims=(0,), "
            "scatter_dims_to_operand_dims=(0,), operand_batching_dims=(), "
            "scatter_indices_batching_dims=())\n"
            "      indices_are_sorted=False\n"
            "      mode=GatherScatterMode.FILL_OR_DROP\n"
            "      unique_indices=False\n"
            "      update_consts=()\n"
            "      update_jaxpr={ lambda ; j:f32[] k:f32[]. let l:f32[] = add "
            "j k in (l,) }\n"
            "    ] g f h\n"
            "    m:i32[5] = convert_element_type[new_dtype=int32 "
            "weak_type=False] i\n"
            "  in (m,) }");
}

TEST(Indexing, JaxprOfTakeAlongAxisEqualsJaxInnerJaxpr) {
  // JAX wraps these equations in jit[name=take_along_axis]; jx does not.
  auto j = jx::make_jaxpr([](const Array &x, const Array &i) {
    return jnp::take_along_axis(x, i, 0);
  })(jnp::ones({3, 1}), jnp::zeros({2, 2}, jx::int32));
  EXPECT_EQ(j.str(),
            "{ lambda ; a:f32[3,1] b:i32[2,2]. let\n"
            "    c:bool[2,2] = lt b 0:i32[]\n"
            "    d:i32[2,2] = add b 3:i32[]\n"
            "    e:i32[2,2] = select_n c b d\n"
            "    f:i32[2,2,1] = reshape[dimensions=None new_sizes=(2, 2, 1) "
            "sharding=None] e\n"
            "    g:f32[3] = squeeze[dimensions=(1,)] a\n"
            "    h:f32[2,2] = gather[\n"
            "      dimension_numbers=GatherDimensionNumbers(offset_dims=(), "
            "collapsed_slice_dims=(0,), start_index_map=(0,), "
            "operand_batching_dims=(), start_indices_batching_dims=())\n"
            "      fill_value=nan\n"
            "      indices_are_sorted=False\n"
            "      mode=GatherScatterMode.FILL_OR_DROP\n"
            "      slice_sizes=(1,)\n"
            "      unique_indices=False\n"
            "    ] g f\n"
            "  in (h,) }");
}

TEST(Indexing, JaxprsCheck) {
  for (const index_case &c : cases()) {
    std::vector<jx::shaped_array> avals;
    for (const Array &a : c.args)
      avals.push_back(a.aval());
    auto f = c.f;
    jx::ClosedJaxpr j = jx::core::trace_to_jaxpr(
        [f](const args_t &a) { return args_t{f(a)}; }, avals);
    EXPECT_NO_THROW(jx::check_jaxpr(*j.jaxpr)) << c.name;
  }
}

TEST(Indexing, SliceForwardsArrayEntries) {
  inputs in;
  Array a = jnp::slice(in.xf, {in.row2, 1});
  Array b = jnp::index(in.xf, {in.row2, 1});
  EXPECT_EQ(a.to_vector<float>(), b.to_vector<float>());
  EXPECT_EQ(a.to_vector<float>(), (std::vector<float>{6.0f, 21.0f}));
}

TEST(Indexing, BasicIndexWithoutArraysIsASlice) {
  inputs in;
  auto j = jx::make_jaxpr([](const Array &x) { return jnp::index(x, {1}); })(
      in.xf);
  EXPECT_NE(j.str().find("slice["), std::string::npos) << j.str();
  EXPECT_EQ(j.str().find("gather"), std::string::npos) << j.str();
  EXPECT_EQ(in.xf.at(1).get().to_vector<float>(),
            (std::vector<float>{4.5f, 6.f, 7.5f, 9.f, 10.5f}));
}

TEST(Indexing, LoweringFollowsJax) {
  auto f = jx::jit([](const Array &x, const Array &i) {
    return jnp::take(x, i);
  }, "take");
  std::string text =
      f.lower(jnp::ones({5}), jnp::zeros({2}, jx::int32)).as_text();
  for (const char *s : {"\"stablehlo.gather\"", "index_vector_dim = 1",
                        "stablehlo.compare GE", "stablehlo.compare LE",
                        "stablehlo.reduce", "0x7FC00000", "stablehlo.select"})
    EXPECT_NE(text.find(s), std::string::npos) << s << "\n" << text;
  auto g = jx::jit([](const Array &x, const Array &i) {
    return x.at(i).multiply(3.0f, mode::clip);
  }, "g");
  text = g.lower(jnp::ones({5}), jnp::zeros({2}, jx::int32)).as_text();
  for (const char *s : {"\"stablehlo.scatter\"", "stablehlo.clamp",
                        "stablehlo.multiply", "unique_indices = false"})
    EXPECT_NE(text.find(s), std::string::npos) << s << "\n" << text;
}

// --- errors -----------------------------------------------------------------

using grad_harness::error_of;

TEST(IndexingErrors, NameTheApiAndShowTheTypes) {
  inputs in;
  Array fidx = jx::array({1.f, 2.f});
  EXPECT_EQ(error_of([&] { jnp::index(in.xf, {fidx}); }),
            "jx::index: array indices must be integers, got f32[2] at "
            "position 0");
  EXPECT_EQ(error_of([&] { jnp::index(in.xf, {jx::all(), in.xb}); }),
            "jx::index: boolean array indices are not supported yet (the "
            "result's shape would depend on the values), got bool[4,5] at "
            "position 1");
  EXPECT_EQ(error_of([&] { jnp::index(in.xf, {in.row2, 1, 2}); }),
            "jx::index: too many indices (3) for array f32[4,5]");
  EXPECT_EQ(error_of([&] { jnp::index(in.xf, {in.row2, in.r3}); }),
            "jx::index: shape mismatch: indexing arrays could not be "
            "broadcast together with shapes (2,) (3,)");
  EXPECT_EQ(error_of([&] { jnp::take(in.xf, fidx); }),
            "jx::take: indices must be integers, got f32[2]");
  EXPECT_EQ(error_of([&] { jnp::take(in.xf, in.row2, 2); }),
            "jx::take: axis 2 is out of bounds for array f32[4,5]");
  EXPECT_EQ(error_of([&] { jnp::take_along_axis(in.xf, in.row2, 1); }),
            "jx::take_along_axis: indices and arr must have the same number "
            "of dimensions, got i32[2] and f32[4,5]");
  EXPECT_EQ(error_of([&] { jnp::take_along_axis(in.xf, in.tk, 1); }),
            "jx::take_along_axis: indices i32[2,2] do not broadcast against "
            "arr f32[4,5] (axis 0)");
  EXPECT_EQ(error_of([&] { jnp::take_along_axis(in.xf, in.tk, std::nullopt); }),
            "jx::take_along_axis: indices must be 1-d when axis is None, got "
            "i32[2,2]");
  EXPECT_EQ(error_of([&] { in.xf.at(fidx).set(1.0f); }),
            "jx::Array::at().set: array indices must be integers, got f32[2] "
            "at position 0");
  EXPECT_EQ(error_of([&] { in.xf.at(in.row2).add(jnp::ones({3})); }),
            "jx::Array::at().add: values f32[3] do not broadcast to the "
            "indexed shape (2, 5) of f32[4,5]");
  EXPECT_EQ(error_of([&] { in.xb.at(in.row2).add(true); }),
            "jx::Array::at().add: jx::lax::scatter_add: needs a numeric "
            "operand, got bool[4,5]");
  EXPECT_EQ(error_of([&] { jnp::index(in.xf, {in.row2, jx::range(3, 0, -1)}); }),
            "jx::index: step -1 for axis 1 is not supported yet (positive "
            "steps only)");
}

TEST(IndexingErrors, LaxShapeRulesAreTheDialects) {
  inputs in;
  jx::gather_dimension_numbers g{{1}, {0}, {0, 1}, {}, {}};
  EXPECT_EQ(error_of([&] { lax::gather(in.xf, in.row2.astype(jx::float32), g,
                                       {1, 2}); }),
            "jx::lax::gather: start indices must be integers, got f32[2]");
  EXPECT_EQ(error_of([&] { lax::gather(in.xf, in.g42, g, {1, 9}); }),
            "jx::lax::gather: slice_sizes [1, 9] must be in range [0, dim] of "
            "operand shape [4, 5] (slice size 9 of dimension 1) (gather_c21)");
  EXPECT_EQ(error_of([&] { lax::gather(in.xf, in.g42, g, {1}); }),
            "jx::lax::gather: slice_sizes [1] must have one entry per operand "
            "dimension (2) (gather_c20)");
  jx::scatter_dimension_numbers s{{1}, {0}, {0}, {}, {}};
  std::string e = error_of([&] {
    lax::scatter_add(in.xf, ints({0, 1}, {2, 1}), jnp::ones({2, 6}), s);
  });
  EXPECT_EQ(e.rfind("jx::lax::scatter_add: ", 0), 0u) << e;
  EXPECT_NE(e.find("(scatter_c"), std::string::npos) << e;
  EXPECT_EQ(error_of([&] {
              lax::scatter(in.xf, ints({0, 1}, {2, 1}),
                           jnp::ones({2, 5}, jx::int32), s);
            }),
            "jx::lax::scatter: operand and updates dtypes differ: f32[4,5], "
            "i32[2,5]");
  EXPECT_EQ(error_of([&] {
              lax::scatter_max(in.xf, ints({0}, {}), jnp::ones({5}), s);
            }),
            "jx::lax::scatter_max: scatter indices must have rank 1 or more "
            "(the last dimension is the index vector), got i32[]");
}

} // namespace
