// grad_new_prims_test.cpp - jvp, vjp and batching rules of the primitives
// of the indexing, convolution, windowed-reduction, top_k and jx::random
// families (gather, scatter*, conv_general_dilated, reduce_window_*,
// top_k, erf/erfc/erf_inv, rem; batching of shifts, population_count,
// bitcast_convert_type, nextafter). One table row per primitive or case.
//
// Every differentiable row is checked in float64 against central finite
// differences: forward mode (jvp along a random direction), reverse mode
// (every component of the gradient of a weighted sum), second order (jvp of
// grad and grad of grad, against finite differences of the gradient), vmap
// against a loop over the batch (batch on axis 0, on axis 1, mixed with
// unbatched operands), vmap of grad against a loop, jit(grad) == grad.
// Index operands are float arguments k + 0.5 converted to int32 inside the
// row (so vmap batches the indices too, and finite differences see a zero
// derivative). Rows sample values without ties (max/min, top_k).
//
// The expected values at ties and duplicates are JAX's (jax 0.10, x64):
//   import jax, jax.numpy as jnp; from jax import lax
//   jax.config.update('jax_enable_x64', True)
//   x = jnp.array([[1.,3.,3.,0.],[3.,2.,1.,1.],[0.,0.,5.,5.]])
//   print(jax.grad(lambda x: lax.reduce_window(x, -jnp.inf, lax.max, (2,2),
//         (1,1), 'VALID').sum())(x))
//   print(jax.grad(lambda x: lax.reduce_window(x, -jnp.inf, lax.max, (2,2),
//         (2,1), [(1,0),(0,1)]).sum())(x))
//   print(jax.grad(lambda x, y: lax.rem(x, y).sum(), (0,1))(
//         jnp.array([5.5,-5.5]), jnp.array([2.,2.])))
//   o = jnp.zeros(4); i = jnp.array([[1],[1],[2]]); u = jnp.array([1.,2.,3.])
//   dn = lax.ScatterDimensionNumbers((), (0,), (0,))
//   w = jnp.arange(1., 5.)
//   print(jax.grad(lambda o,u: (lax.scatter(o,i,u,dn)*w).sum(), (0,1))(o,u))
//   print(jax.grad(lambda o,u: (lax.scatter_max(o,i,u,dn)*w).sum(), (0,1))(
//         jnp.array([0.,2.,1.,0]), jnp.array([2.,2.,3.])))
// which print [[0 2 1 0] [1 0 0 0] [0 0 2 0]], [[0 2 1 1] [1 0 0 0]
// [0 0 2 1]], ([1 1], [-2 2]), ([1 0 0 4], [0 2 3]) and ([1 2/3 0 4],
// [2/3 2/3 3]).

#include "jx/jx.h"
#include "jx/random.h"

#include "grad_harness.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>
#include <set>

namespace {

using namespace grad_harness;

constexpr jx::dtype i32 = jx::dtype::int32;

/// Values in [lo, hi) for the data arguments, k + 0.5 with k in [0, n)
/// for the index arguments in `idx`.
sampler data_and_indices(double lo, double hi, std::set<int> idx = {},
                         int64_t n = 1) {
  return [=](std::mt19937 &g, int arg) {
    if (idx.count(arg))
      return std::floor(uniform(g, 0, static_cast<double>(n))) + 0.5;
    return uniform(g, lo, hi);
  };
}

Array ints(const Array &a) { return lax::convert_element_type(a, i32); }
Array const_ints(const std::vector<double> &v, const shape_t &s) {
  return jx::array(v, s, i32);
}
Array sq(const Array &a) { return lax::mul(a, a); }

/// Scatter of rows of a [n, m] operand at 1-d indices (indices [k, 1],
/// updates [k, m]).
jx::scatter_dimension_numbers row_scatter() {
  jx::scatter_dimension_numbers d;
  d.update_window_dims = {1};
  d.inserted_window_dims = {0};
  d.scatter_dims_to_operand_dims = {0};
  return d;
}

std::vector<row> rows() {
  std::vector<row> r;
  // --- gather ---
  r.push_back({"take_rows_duplicates",
               1,
               {{4, 3}},
               [](const Array &a, const Array &, const Array &) {
                 Array i = const_ints({2, 0, 2, 3, 1}, {5});
                 return jnp::take(sq(a), i, 0);
               },
               in(-2, 2)});
  r.push_back({"take_along_axis",
               1,
               {{3, 4}},
               [](const Array &a, const Array &, const Array &) {
                 Array i = const_ints({3, 0, 1, 1, 2, 2, 0, 3, 3}, {3, 3});
                 return jnp::take_along_axis(lax::sin(a), i, 1);
               },
               in(-2, 2)});
  r.push_back({"take_fill_or_drop_out_of_bounds",
               1,
               {{4}},
               [](const Array &a, const Array &, const Array &) {
                 Array i = const_ints({1, 7, 3, -9}, {4});
                 return jnp::take(sq(a), i, 0,
                                  lax::gather_scatter_mode::fill_or_drop, 0.0);
               },
               in(-2, 2)});
  r.push_back({"take_clip_out_of_bounds",
               1,
               {{4}},
               [](const Array &a, const Array &, const Array &) {
                 Array i = const_ints({1, 7, 3, 2}, {4});
                 return jnp::take(sq(a), i, 0, lax::gather_scatter_mode::clip);
               },
               in(-2, 2)});
  r.push_back({"take_index_argument",
               2,
               {{4, 2}, {3}},
               [](const Array &a, const Array &i, const Array &) {
                 return jnp::take(sq(a), ints(i), 0);
               },
               data_and_indices(-2, 2, {1}, 4),
               {1}});
  r.push_back({"index_2d_arrays",
               3,
               {{3, 4}, {2}, {2}},
               [](const Array &a, const Array &i, const Array &j) {
                 return jnp::index(lax::sin(a), {ints(i), ints(j)});
               },
               [](std::mt19937 &g, int arg) {
                 if (arg == 0)
                   return uniform(g, -2, 2);
                 return std::floor(uniform(g, 0, arg == 1 ? 3 : 4)) + 0.5;
               },
               {1, 2}});
  // --- scatter family ---
  r.push_back({"scatter_add_duplicates",
               2,
               {{4, 3}, {3, 3}},
               [](const Array &a, const Array &u, const Array &) {
                 Array i = const_ints({1, 3, 1}, {3, 1});
                 return lax::scatter_add(sq(a), i, lax::sin(u), row_scatter());
               },
               in(-2, 2)});
  r.push_back({"scatter_add_dropped",
               2,
               {{4, 3}, {3, 3}},
               [](const Array &a, const Array &u, const Array &) {
                 Array i = const_ints({1, 9, 2}, {3, 1});
                 return lax::scatter_add(sq(a), i, sq(u), row_scatter());
               },
               in(-2, 2)});
  r.push_back({"at_add_index_argument",
               3,
               {{5}, {3}, {3}},
               [](const Array &a, const Array &i, const Array &u) {
                 return sq(a).at(ints(i)).add(sq(u));
               },
               data_and_indices(-2, 2, {1}, 5),
               {1}});
  r.push_back({"scatter_set_duplicates",
               2,
               {{4, 3}, {3, 3}},
               [](const Array &a, const Array &u, const Array &) {
                 Array i = const_ints({1, 3, 1}, {3, 1});
                 return lax::scatter(sq(a), i, sq(u), row_scatter());
               },
               in(-2, 2)});
  r.push_back({"at_set_index_argument",
               3,
               {{5}, {2}, {2}},
               [](const Array &a, const Array &i, const Array &u) {
                 return lax::sin(a).at(ints(i)).set(sq(u));
               },
               data_and_indices(-2, 2, {1}, 5),
               {1}});
  r.push_back({"scatter_max",
               2,
               {{4, 3}, {3, 3}},
               [](const Array &a, const Array &u, const Array &) {
                 Array i = const_ints({1, 3, 1}, {3, 1});
                 return lax::scatter_max(sq(a), i, sq(u), row_scatter());
               },
               in(-2, 2)});
  r.push_back({"at_min_index_argument",
               3,
               {{5}, {4}, {4}},
               [](const Array &a, const Array &i, const Array &u) {
                 return sq(a).at(ints(i)).min(sq(u));
               },
               data_and_indices(-2, 2, {1}, 5),
               {1}});
  r.push_back({"scatter_mul_unique",
               2,
               {{4, 3}, {2, 3}},
               [](const Array &a, const Array &u, const Array &) {
                 Array i = const_ints({3, 0}, {2, 1});
                 return lax::scatter_mul(sq(a), i, lax::sin(u), row_scatter(),
                                         false, /*unique_indices=*/true);
               },
               in(-2, 2)});
  // --- conv_general_dilated ---
  auto conv_row = [](std::string name, shape_t ls, shape_t rs,
                     std::function<Array(const Array &, const Array &)> c) {
    return row{name,
               2,
               {ls, rs},
               [c](const Array &a, const Array &w, const Array &) {
                 return lax::tanh(c(a, w));
               },
               in(-1, 1)};
  };
  r.push_back(conv_row("conv_nchw", {2, 2, 5, 4}, {3, 2, 3, 2},
                       [](const Array &a, const Array &w) {
                         return lax::conv(a, w, {1, 1}, "VALID");
                       }));
  r.push_back(conv_row(
      "conv_strided_padded", {1, 2, 6, 5}, {2, 2, 3, 2},
      [](const Array &a, const Array &w) {
        return lax::conv_general_dilated(a, w, {2, 3}, {{{1, 2}, {2, 0}}});
      }));
  r.push_back(conv_row("conv_dilated", {1, 1, 7, 6}, {2, 1, 2, 2},
                       [](const Array &a, const Array &w) {
                         return lax::conv_general_dilated(
                             a, w, {1, 2}, {{{0, 1}, {1, 1}}}, {2, 1}, {2, 2});
                       }));
  r.push_back(conv_row("conv_negative_padding_nhwc", {2, 6, 5, 2}, {3, 2, 2, 3},
                       [](const Array &a, const Array &w) {
                         return lax::conv_general_dilated(
                             a, w, {2, 1}, {{{-1, 0}, {1, -1}}}, {}, {},
                             {"NHWC", "HWIO", "NHWC"});
                       }));
  r.push_back(conv_row("conv_1d_nwc_wio", {2, 7, 2}, {3, 2, 2},
                       [](const Array &a, const Array &w) {
                         return lax::conv_general_dilated(
                             a, w, {2}, "SAME", {}, {}, {"NWC", "WIO", "NWC"});
                       }));
  r.push_back(conv_row(
      "conv_feature_groups", {2, 4, 5, 4}, {6, 2, 2, 2},
      [](const Array &a, const Array &w) {
        return lax::conv_general_dilated(a, w, {1, 1}, "VALID", {}, {}, {}, 2);
      }));
  r.push_back(conv_row("conv_batch_groups", {4, 2, 4, 4}, {4, 2, 2, 2},
                       [](const Array &a, const Array &w) {
                         return lax::conv_general_dilated(a, w, {1, 1}, "VALID",
                                                          {}, {}, {}, 1, 2);
                       }));
  // --- windowed reductions ---
  auto window_row = [](std::string name, shape_t s,
                       std::function<Array(const Array &)> w) {
    return row{name,
               1,
               {s},
               [w](const Array &a, const Array &, const Array &) {
                 return w(lax::sin(a));
               },
               in(-3, 3)};
  };
  r.push_back(window_row("window_sum", {4, 5}, [](const Array &a) {
    return lax::reduce_window_sum(a, {2, 3}, {1, 2}, {{{1, 0}, {2, 1}}});
  }));
  r.push_back(window_row("window_sum_dilated", {5, 4}, [](const Array &a) {
    return lax::reduce_window_sum(a, {2, 2}, {2, 1}, {{{0, 1}, {-1, 2}}},
                                  {1, 2}, {2, 1});
  }));
  r.push_back(window_row("window_max", {5, 4}, [](const Array &a) {
    return lax::reduce_window_max(a, {2, 2}, {1, 1}, "VALID");
  }));
  r.push_back(
      window_row("window_max_strided_padded", {5, 6}, [](const Array &a) {
        return lax::reduce_window_max(a, {3, 2}, {2, 2}, "SAME");
      }));
  r.push_back(window_row("window_min_dilated", {6, 5}, [](const Array &a) {
    return lax::reduce_window_min(a, {2, 2}, {1, 2}, {{{1, 1}, {0, 1}}}, {1, 1},
                                  {2, 2});
  }));
  r.push_back(window_row("max_pool_nhwc", {2, 4, 4, 2}, [](const Array &a) {
    return jx::nn::max_pool(a, {2, 2}, {2, 2});
  }));
  // --- top_k ---
  r.push_back(row{"top_k_last_axis",
                  1,
                  {{3, 5}},
                  [](const Array &a, const Array &, const Array &) {
                    return lax::top_k(sq(a), 3).first;
                  },
                  in(0.1, 2)});
  r.push_back(row{"top_k_axis_0",
                  1,
                  {{4, 3}},
                  [](const Array &a, const Array &, const Array &) {
                    return lax::top_k(lax::sin(a), 2, 0).first;
                  },
                  in(-1.5, 1.5)});
  // --- elementwise ---
  const auto unary = unary_row;
  r.push_back(unary("erf", lax::erf, in(-2, 2)));
  r.push_back(unary("erfc", lax::erfc, in(-2, 2)));
  r.push_back(unary("erf_inv", lax::erf_inv, in(-0.9, 0.9)));
  r.push_back(row{"rem",
                  2,
                  {{2, 3}, {2, 3}},
                  [](const Array &a, const Array &b, const Array &) {
                    return lax::rem(a, b);
                  },
                  [](std::mt19937 &g, int arg) {
                    // |y| in [0.7, 1.3], x/y away from the integers.
                    if (arg == 1)
                      return uniform(g, 0.7, 1.3) *
                             (uniform(g, 0, 1) < 0.5 ? -1 : 1);
                    return std::floor(uniform(g, -3, 3)) + uniform(g, 0.3, 0.6);
                  }});
  r.push_back(row{"rem_scalar_divisor",
                  2,
                  {{2, 3}, {}},
                  [](const Array &a, const Array &b, const Array &) {
                    return lax::rem(a, b);
                  },
                  [](std::mt19937 &g, int arg) {
                    if (arg == 1)
                      return 1.0 + uniform(g, -0.01, 0.01);
                    return std::floor(uniform(g, -3, 3)) + uniform(g, 0.3, 0.6);
                  }});
  return r;
}

/// Batching only: integer results, or no derivative (nextafter).
std::vector<row> batch_rows() {
  auto as = [](const Array &a, jx::dtype t) {
    return lax::convert_element_type(a, t);
  };
  std::vector<row> r;
  for (const auto &entry : std::vector<
           std::pair<std::string, Array (*)(const Array &, const Array &)>>{
           {"shift_left", lax::shift_left},
           {"shift_right_logical", lax::shift_right_logical},
           {"shift_right_arithmetic", lax::shift_right_arithmetic},
           {"rem_int", lax::rem}}) {
    auto op = entry.second;
    r.push_back(row{entry.first,
                    2,
                    {{2, 3}, {2, 3}},
                    [op, as](const Array &a, const Array &b, const Array &) {
                      return op(as(a, i32), as(b, i32));
                    },
                    [](std::mt19937 &g, int arg) {
                      return arg == 0 ? uniform(g, -300, 300)
                                      : std::floor(uniform(g, 1, 9));
                    }});
  }
  r.push_back(row{"shift_left_scalar_amount",
                  2,
                  {{2, 3}, {}},
                  [as](const Array &a, const Array &b, const Array &) {
                    return lax::shift_left(as(a, jx::dtype::uint32),
                                           as(b, jx::dtype::uint32));
                  },
                  [](std::mt19937 &g, int arg) {
                    return arg == 0 ? uniform(g, 0, 1000)
                                    : std::floor(uniform(g, 0, 40));
                  }});
  r.push_back(row{"population_count",
                  1,
                  {{2, 3}},
                  [as](const Array &a, const Array &, const Array &) {
                    return lax::population_count(as(a, i32));
                  },
                  in(-1000, 1000)});
  r.push_back(row{"bitcast_f64_to_i64",
                  1,
                  {{2, 3}},
                  [](const Array &a, const Array &, const Array &) {
                    return lax::bitcast_convert_type(a, jx::dtype::int64);
                  },
                  in(-2, 2)});
  r.push_back(row{"bitcast_u32_to_f32",
                  1,
                  {{2, 3}},
                  [as](const Array &a, const Array &, const Array &) {
                    return lax::bitcast_convert_type(as(a, jx::dtype::uint32),
                                                     jx::dtype::float32);
                  },
                  in(1e9, 1.1e9)});
  r.push_back(row{"nextafter",
                  2,
                  {{2, 3}, {2, 3}},
                  [](const Array &a, const Array &b, const Array &) {
                    return lax::nextafter(a, b);
                  },
                  in(-2, 2)});
  r.push_back(row{"top_k_indices",
                  1,
                  {{3, 5}},
                  [](const Array &a, const Array &, const Array &) {
                    return lax::top_k(a, 2).second;
                  },
                  in(-2, 2)});
  r.push_back(row{
      "scatter_mul_int",
      2,
      {{5}, {3}},
      [as](const Array &a, const Array &u, const Array &) {
        return as(a, i32).at(const_ints({4, 0, 4}, {3})).multiply(as(u, i32));
      },
      in(-5, 5)});
  r.push_back(row{"scatter_max_index_argument",
                  3,
                  {{5}, {3}, {3}},
                  [](const Array &a, const Array &i, const Array &u) {
                    return a.at(ints(i)).max(u);
                  },
                  data_and_indices(-2, 2, {1}, 5),
                  {1}});
  return r;
}

/// Runs `check`; a missing rule of another family's primitive (shape,
/// slicing, reduction ops used by these rules, landing separately) skips.
template <class F> void run_or_skip_other_family(F check) {
  static const std::vector<std::string> others = {
      "'reshape'",    "'transpose'",   "'rev'",     "'pad'",
      "'slice'",      "'concatenate'", "'squeeze'", "'dot_general'",
      "'reduce_max'", "'reduce_min'",  "'sort'",    "'dynamic_slice'",
      "'iota'"};
  try {
    check();
  } catch (const jx::error &e) {
    std::string m = e.what();
    if (m.find("has no") != std::string::npos)
      for (const std::string &o : others)
        if (m.find(o) != std::string::npos)
          GTEST_SKIP() << m;
    throw;
  }
}

// --- the checks --------------------------------------------------------------

class NewPrimRules : public ::testing::TestWithParam<row> {};

TEST_P(NewPrimRules, FirstOrder) { check_first_order(GetParam()); }

TEST_P(NewPrimRules, SecondOrder) {
  run_or_skip_other_family([&] { check_second_order(GetParam()); });
}

/// Every used argument batched on axis 0; on axis 1 (0 for 0-d examples);
/// each argument alone batched on its last axis, the others not.
std::vector<vmap_case> vmap_cases(const row &r) {
  std::vector<vmap_case> cases = all_on_axis_0_and_1(r);
  if (r.nargs > 1)
    for (int only = 0; only < r.nargs; ++only)
      cases.push_back(
          {"only argument " + std::to_string(only) + ", on its last axis",
           axes_of(r, [only](int i, int64_t rank) {
             return i == only ? jx::axis_spec(rank) : jx::axis_spec();
           })});
  return cases;
}

void check_vmap_matches_loop(const row &r) {
  run_or_skip_other_family(
      [&] { grad_harness::check_vmap_matches_loop(r, vmap_cases(r)); });
}

TEST_P(NewPrimRules, VmapMatchesLoop) { check_vmap_matches_loop(GetParam()); }

class NewPrimBatching : public ::testing::TestWithParam<row> {};

TEST_P(NewPrimBatching, VmapMatchesLoop) {
  check_vmap_matches_loop(GetParam());
}

TEST_P(NewPrimRules, VmapOfGradMatchesLoop) {
  const row &r = GetParam();
  fn3 f = r.f;
  auto loss = [f](const Array &a, const Array &b, const Array &c) {
    return jnp::sum(lax::sin(f(a, b, c)));
  };
  run_or_skip_other_family(
      [&] { check_vmap_of_grad_matches_loop(r, loss, vmap_cases(r)); });
}

INSTANTIATE_TEST_SUITE_P(Table, NewPrimRules, ::testing::ValuesIn(rows()),
                         row_name);
INSTANTIATE_TEST_SUITE_P(Table, NewPrimBatching,
                         ::testing::ValuesIn(batch_rows()), row_name);

// --- whole models ------------------------------------------------------------

/// grad of `loss` (jitted) vs central finite differences of every
/// component of every argument.
template <class L>
void expect_grad_matches_fd(L loss, const std::vector<Array> &args,
                            double tol = 1e-6) {
  auto lj = jx::jit(loss);
  auto grads = jx::jit(jx::grad<0, 1>(loss))(args[0], args[1]);
  std::vector<std::vector<double>> got{values(std::get<0>(grads)),
                                       values(std::get<1>(grads))};
  for (int i = 0; i < 2; ++i) {
    std::vector<double> v = values(args[i]), fd(v.size());
    for (std::size_t k = 0; k < v.size(); ++k) {
      std::vector<double> p = v, m = v;
      p[k] += fd_h;
      m[k] -= fd_h;
      std::vector<Array> ap = args, am = args;
      ap[i] = as_array(p, args[i].shape());
      am[i] = as_array(m, args[i].shape());
      Array hi = lj(ap[0], ap[1]), lo = lj(am[0], am[1]);
      fd[k] = (hi.item<double>() - lo.item<double>()) / (2 * fd_h);
    }
    expect_close(got[i], fd, tol, "argument " + std::to_string(i));
  }
}

Array random_array(std::mt19937 &g, const shape_t &s, double lo = -1,
                   double hi = 1) {
  std::vector<double> v(numel(s));
  for (double &e : v)
    e = uniform(g, lo, hi);
  return as_array(v, s);
}

TEST(NewPrimModels, SmallCnnLossGradMatchesFiniteDifferences) {
  std::mt19937 g(5);
  Array x = random_array(g, {2, 6, 6, 2}); // NHWC
  Array w = random_array(g, {3, 3, 2, 4}); // HWIO
  Array v = random_array(g, {4});          // readout
  auto loss = [x, v](const Array &kernel, const Array &bias) {
    Array h = lax::conv_general_dilated(x, kernel, {1, 1}, "SAME", {}, {},
                                        {"NHWC", "HWIO", "NHWC"});
    h = lax::tanh(jnp::add(h, bias));
    Array p = jx::nn::max_pool(h, {2, 2}, {2, 2}); // [2, 3, 3, 4]
    return jnp::sum(jnp::multiply(p, v));
  };
  expect_grad_matches_fd(loss, {w, random_array(g, {4})});
  // And per-example gradients of the kernel under vmap, against a loop.
  auto per_example = [w, v](const Array &xi) {
    return jx::grad([xi, v](const Array &kernel) {
      Array h = lax::conv_general_dilated(lax::reshape(xi, {1, 6, 6, 2}),
                                          kernel, {1, 1}, "SAME", {}, {},
                                          {"NHWC", "HWIO", "NHWC"});
      return jnp::sum(
          jnp::multiply(jx::nn::max_pool(lax::tanh(h), {2, 2}, {2, 2}), v));
    })(w);
  };
  run_or_skip_other_family([&] {
    Array batched = jx::vmap(per_example)(x);
    for (int64_t k = 0; k < 2; ++k) {
      Array xk = lax::reshape(lax::slice(x, {k, 0, 0, 0}, {k + 1, 6, 6, 2}),
                              {6, 6, 2});
      Array want = per_example(xk);
      Array got = lax::reshape(
          lax::slice(batched, {k, 0, 0, 0, 0}, {k + 1, 3, 3, 2, 4}),
          {3, 3, 2, 4});
      expect_close(values(got), values(want), 1e-12, "per-example grad");
    }
  });
}

TEST(NewPrimModels, IndexingLossGradMatchesFiniteDifferences) {
  std::mt19937 g(6);
  Array table = random_array(g, {5, 3});
  Array upd = random_array(g, {4, 3});
  Array rows = const_ints({4, 1, 4, 0}, {4});
  auto loss = [rows](const Array &t, const Array &u) {
    Array y = t.at(rows).add(lax::mul(u, u));                   // scatter-add
    Array picked = jnp::take(y, const_ints({1, 4, 2}, {3}), 0); // gather
    Array z = lax::sin(picked)
                  .at(std::vector<jx::index_t>{1})
                  .set(jnp::take(t, const_ints({0}, {}), 0)); // scatter
    return jnp::sum(lax::mul(z, z));
  };
  expect_grad_matches_fd(loss, {table, upd});
}

// --- JAX's values at ties and duplicates -------------------------------------

TEST(NewPrimJaxValues, MaxPoolTiesGoToTheFirstMaximum) {
  Array x = jx::array({1, 3, 3, 0, 3, 2, 1, 1, 0, 0, 5, 5}, {3, 4}, f64);
  Array g1 = jx::grad([](const Array &a) {
    return jnp::sum(lax::reduce_window_max(a, {2, 2}, {1, 1}, "VALID"));
  })(x);
  EXPECT_EQ(values(g1),
            (std::vector<double>{0, 2, 1, 0, 1, 0, 0, 0, 0, 0, 2, 0}));
  Array g2 = jx::grad([](const Array &a) {
    return jnp::sum(
        lax::reduce_window_max(a, {2, 2}, {2, 1}, {{{1, 0}, {0, 1}}}));
  })(x);
  EXPECT_EQ(values(g2),
            (std::vector<double>{0, 2, 1, 1, 1, 0, 0, 0, 0, 0, 2, 1}));
}

TEST(NewPrimJaxValues, RemGradient) {
  auto [gx, gy] = jx::grad<0, 1>([](const Array &a, const Array &b) {
    return jnp::sum(lax::rem(a, b));
  })(jx::array({5.5, -5.5}, f64), jx::array({2.0, 2.0}, f64));
  EXPECT_EQ(values(gx), (std::vector<double>{1, 1}));
  EXPECT_EQ(values(gy), (std::vector<double>{-2, 2}));
}

TEST(NewPrimJaxValues, ScatterDuplicatesAndExtremalTies) {
  jx::scatter_dimension_numbers dn;
  dn.inserted_window_dims = {0};
  dn.scatter_dims_to_operand_dims = {0};
  Array i = const_ints({1, 1, 2}, {3, 1});
  Array w = jx::array({1, 2, 3, 4}, {4}, f64);
  auto [go, gu] = jx::grad<0, 1>([&](const Array &o, const Array &u) {
    return jnp::sum(lax::mul(lax::scatter(o, i, u, dn), w));
  })(jx::array({0, 0, 0, 0}, {4}, f64), jx::array({1, 2, 3}, {3}, f64));
  EXPECT_EQ(values(go), (std::vector<double>{1, 0, 0, 4}));
  EXPECT_EQ(values(gu), (std::vector<double>{0, 2, 3}));
  auto [mo, mu] = jx::grad<0, 1>([&](const Array &o, const Array &u) {
    return jnp::sum(lax::mul(lax::scatter_max(o, i, u, dn), w));
  })(jx::array({0, 2, 1, 0}, {4}, f64), jx::array({2, 2, 3}, {3}, f64));
  expect_close(values(mo), {1, 2.0 / 3, 0, 4}, 1e-15, "scatter_max operand");
  expect_close(values(mu), {2.0 / 3, 2.0 / 3, 3}, 1e-15, "scatter_max updates");
}

TEST(NewPrimJaxValues, TopKGradientScattersBack) {
  Array x = jx::array({0.5, 3.0, -1.0, 2.0, 1.0}, {5}, f64);
  Array gx = jx::grad([](const Array &a) {
    auto [v, i] = lax::top_k(a, 2);
    return jnp::sum(lax::mul(v, jx::array({10.0, 1.0}, f64)));
  })(x);
  EXPECT_EQ(values(gx), (std::vector<double>{0, 10, 0, 1, 0}));
}

// --- jx::random under vmap ---------------------------------------------------

TEST(NewPrimRandom, VmapOverKeysMatchesLoop) {
  // Threefry (shifts, rem-free bit mixing), bitcasts to floats, erf_inv
  // (normal), population counts of nothing: every random primitive batched.
  Array keys = jx::random::split(jx::random::key(7), 3);
  std::vector<std::pair<std::string, std::function<Array(const Array &)>>>
      samplers = {
          {"bits", [](const Array &k) { return jx::random::bits(k, {4}); }},
          {"uniform",
           [](const Array &k) {
             return jx::random::uniform(k, {2, 3});
           }},
          {"normal", [](const Array &k) { return jx::random::normal(k, {5}); }},
          {"randint",
           [](const Array &k) {
             return jx::random::randint(k, {4}, Array(-3), Array(9));
           }},
          {"split", [](const Array &k) { return jx::random::split(k, 2); }},
      };
  for (const auto &[name, f] : samplers) {
    run_or_skip_other_family([&, f = f, name = name] {
      Array v = jx::vmap(f)(keys);
      std::vector<Array> loop;
      for (int64_t k = 0; k < 3; ++k)
        loop.push_back(f(example({keys}, {0}, k)[0]));
      Array want = jnp::stack(loop, 0);
      ASSERT_EQ(v.shape(), want.shape()) << name;
      ASSERT_EQ(v.dtype(), want.dtype()) << name;
      expect_close(values(v), values(want), 0, name);
    });
  }
}

// --- errors ------------------------------------------------------------------

TEST(NewPrimRulesErrors, ScatterMulUpdatesNeedUniqueIndices) {
  Array x = jx::array({1, 2, 3}, {3}, f64);
  Array u = jx::array({2, 3}, {2}, f64);
  Array idx = const_ints({0, 0}, {2});
  expect_error(
      [&] {
        jx::grad(
            [&](const Array &v) { return jnp::sum(x.at(idx).multiply(v)); })(u);
      },
      {"'scatter-mul'", "vjp", "unique_indices", "f64[2]"});
  expect_error(
      [&] {
        jx::jvp([&](const Array &v) { return x.at(idx).multiply(v); }, u, u);
      },
      {"'scatter-mul'", "jvp"});
  // The operand's derivative is fine.
  Array g = jx::grad(
      [&](const Array &v) { return jnp::sum(v.at(idx).multiply(u)); })(x);
  EXPECT_EQ(values(g), (std::vector<double>{6, 1, 1}));
}

TEST(NewPrimRulesErrors, NextafterHasNoDerivative) {
  Array x = jx::array({1, 2}, {2}, f64);
  expect_error(
      [&] {
        jx::grad([](const Array &v) {
          return jnp::sum(lax::nextafter(v, Array(0.0)));
        })(x);
      },
      {"jx::grad", "'nextafter'", "vjp"});
}

TEST(NewPrimRulesErrors, FloatBitcastHasNoDerivative) {
  Array x = jx::array({1, 2}, {2}, jx::dtype::float16);
  expect_error(
      [&] {
        jx::grad([](const Array &v) {
          return jnp::sum(lax::convert_element_type(
              lax::bitcast_convert_type(v, jx::dtype::bfloat16),
              jx::dtype::float32));
        })(x);
      },
      {"jx::grad", "'bitcast_convert_type'", "vjp"});
  // To an integer: no tangent, no rule needed.
  Array g = jx::grad([](const Array &v) {
    Array bits = lax::bitcast_convert_type(v, jx::dtype::int16);
    return lax::add(jnp::sum(v), jnp::sum(lax::convert_element_type(
                                     bits, jx::dtype::float16)));
  })(x);
  EXPECT_EQ(values(g), (std::vector<double>{1, 1}));
}

} // namespace
