// numpy_surface_test.cpp - the jax.numpy functions of issue 15 part 3:
// diagonal, diag, trace, array/asarray, kron, searchsorted, histogram,
// bincount, unique, nonzero / where(condition), quantile / percentile /
// median, cov / corrcoef, interp, convolve / correlate, polyval and
// x[index]. Expected values come from JAX (numpy_surface_expected.inc,
// written by gen_numpy_surface_expected.py from the same inputs and
// functions); every case runs eagerly and under jit, and the grad_ / vmap_
// cases check jx::grad and jx::vmap through them against jax.grad /
// jax.vmap.

#include "jx/jx.h"

#include "expected_values.h"
#include "grad_harness.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>

namespace {

namespace jnp = jx::numpy;
using jx::Array;
using args_t = std::vector<Array>;
using expected_values::expected_case;
using grad_harness::error_of;

const std::vector<expected_case> &expected() {
  static const std::vector<expected_case> e = {
#include "numpy_surface_expected.inc"
  };
  return e;
}

Array f32(const std::vector<double> &v, const jx::shape_t &s) {
  return jx::array(v, s, jx::float32);
}
Array i32(const std::vector<double> &v, const jx::shape_t &s) {
  return jx::array(v, s, jx::int32);
}
std::vector<double> iota(int n, double scale = 1, double offset = 0) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i)
    v.push_back(i * scale + offset);
  return v;
}

// The inputs of gen_numpy_surface_expected.py.
struct inputs {
  Array m34 = f32(iota(12, 0.5, -1), {3, 4});
  Array b234 = f32(iota(24), {2, 3, 4});
  Array i33 = i32(iota(9, 1, -4), {3, 3});
  Array bool33 = jx::array({1, 0, 1, 0, 1, 0, 1, 0, 1}, {3, 3}, jx::bool_);
  Array h33 = jx::array(iota(9, 0.25), {3, 3}, jx::float16);
  Array v3 = f32({1.5, -2, 3}, {3});
  Array vi = i32({4, 1, 1, 3, 0, 3, 3}, {7});
  Array data = f32({0.5, 2.25, -1, 3.5, 2.25, 7, 1, 4.75, 0}, {9});
  Array w9 = f32({1, 0.5, 2, 1, 1, 3, 0.25, 1, 2}, {9});
  Array w7 = f32({0.5, 1, 2, 0.25, 3, 1, 1}, {7});
  Array xp = f32({0, 1, 2.5, 4}, {4});
  Array fp = f32({1, 3, -1, 2}, {4});
  Array xq = f32({-1, 0, 0.5, 2.5, 3, 4, 5}, {7});
  Array xin = f32({0.3, 1.7, 3.2, -0.5, 4.5}, {5});
  Array p4 = f32({2, -1, 0.5, 3}, {4});
  Array obs = f32({0.2, 1.5, -0.7, 2.2, 0.9, 1.1, -0.3, 0.8, 0.4, 2.6, -1.2,
                   0.5, 1.9, -0.6, 0.3},
                  {3, 5});
  Array v5 = f32({1, 2.5, 0.5, 4, 3}, {5});
  Array w5 = f32({2, 1, 3.5, -1, 0}, {5});
  Array i22 = i32({1, 2, 3, 4}, {2, 2});
  Array f22 = f32({0.5, 1, -1, 2}, {2, 2});
  Array ints24 = i32({0, 2, 2, 4, 1, 1, 3, -1}, {2, 4});
  Array dnan = f32({1, NAN, 3, 4, 5, 6}, {2, 3});
};

struct surface_case {
  const char *name;
  std::function<Array(const args_t &)> f;
  args_t args;
};

void PrintTo(const surface_case &c, std::ostream *os) { *os << c.name; }

Array stacked(const std::vector<Array> &parts) { return jnp::stack(parts); }

std::vector<surface_case> cases() {
  inputs in;
  using A = const args_t &;
  auto q3 = f32({0.1, 0.5, 0.77}, {3});
  auto quantile_method = [](const char *m) {
    return [m](A a) { return jnp::quantile(a[0], a[1], std::nullopt, m); };
  };
  return {
      // diagonal / diag / trace
      {"diagonal_2d", [](A a) { return jnp::diagonal(a[0]); }, {in.m34}},
      {"diagonal_offset1", [](A a) { return jnp::diagonal(a[0], 1); }, {in.m34}},
      {"diagonal_offset_neg", [](A a) { return jnp::diagonal(a[0], -1); },
       {in.m34}},
      {"diagonal_offset_past", [](A a) { return jnp::diagonal(a[0], 5); },
       {in.m34}},
      {"diagonal_3d_axes", [](A a) { return jnp::diagonal(a[0], 1, -1, 0); },
       {in.b234}},
      {"diagonal_3d_default", [](A a) { return jnp::diagonal(a[0]); },
       {in.b234}},
      {"diagonal_int", [](A a) { return jnp::diagonal(a[0], -2); }, {in.i33}},
      {"diagonal_bool", [](A a) { return jnp::diagonal(a[0]); }, {in.bool33}},
      {"diag_1d", [](A a) { return jnp::diag(a[0]); }, {in.v3}},
      {"diag_1d_k", [](A a) { return jnp::diag(a[0], 2); }, {in.v3}},
      {"diag_1d_kneg_int", [](A a) { return jnp::diag(a[0], -1); },
       {i32({1, 2}, {2})}},
      {"diag_2d", [](A a) { return jnp::diag(a[0], 1); }, {in.m34}},
      {"diag_bool", [](A a) { return jnp::diag(a[0]); },
       {jx::array({1, 0}, {2}, jx::bool_)}},
      {"trace_2d", [](A a) { return jnp::trace(a[0]); }, {in.m34}},
      {"trace_offset", [](A a) { return jnp::trace(a[0], 2); }, {in.m34}},
      {"trace_3d", [](A a) { return jnp::trace(a[0], 0, 1, 2); }, {in.b234}},
      {"trace_3d_neg", [](A a) { return jnp::trace(a[0], -1, -1, 0); },
       {in.b234}},
      {"trace_int8", [](A a) { return jnp::trace(a[0].astype(jx::int8)); },
       {in.i33}},
      {"trace_bool", [](A a) { return jnp::trace(a[0]); }, {in.bool33}},
      {"trace_f16", [](A a) { return jnp::trace(a[0]); }, {in.h33}},
      // array / asarray
      {"array_ints", [](A) { return jnp::array({1, 2, 3}); }, {}},
      {"array_floats", [](A) { return jnp::array({1.5, 2.0}); }, {}},
      {"array_nested", [](A) { return jnp::array({{1.5, 2.0}, {3.0, 4.0}}); },
       {}},
      {"array_nested_int",
       [](A) {
         return jnp::array(std::vector<std::vector<int>>{{1, 2, 3}, {4, 5, 6}});
       },
       {}},
      {"array_dtype", [](A) { return jnp::array({1, 2, 3}, jx::float16); }, {}},
      {"array_bool", [](A) { return jnp::array({true, false}); }, {}},
      {"asarray_convert", [](A a) { return jnp::asarray(a[0], jx::int32); },
       {in.m34}},
      // kron
      {"kron_2d", [](A a) { return jnp::kron(a[0], a[1]); }, {in.i22, in.f22}},
      {"kron_ranks", [](A a) { return jnp::kron(a[0], a[1]); }, {in.v3, in.i22}},
      {"kron_int", [](A a) { return jnp::kron(a[0], a[1]); },
       {i32({1, 2}, {2}), i32({3, 4, 5}, {3})}},
      // searchsorted
      {"searchsorted_left", [](A a) { return jnp::searchsorted(a[0], a[1]); },
       {in.xp, in.xq}},
      {"searchsorted_right",
       [](A a) { return jnp::searchsorted(a[0], a[1], "right"); },
       {in.xp, in.xq}},
      {"searchsorted_nan_left",
       [](A a) { return jnp::searchsorted(a[0], a[1]); },
       {f32({1, 2, NAN}, {3}), f32({NAN, 2, 0}, {3})}},
      {"searchsorted_nan_right",
       [](A a) { return jnp::searchsorted(a[0], a[1], "right"); },
       {f32({1, 2, NAN}, {3}), f32({NAN, 2, 0}, {3})}},
      {"searchsorted_int_2d",
       [](A a) { return jnp::searchsorted(a[0], a[1], "right"); },
       {i32({1, 3, 3, 7}, {4}), i32({3, 0, 8, 4}, {2, 2})}},
      // histogram
      {"histogram_counts", [](A a) { return jnp::histogram(a[0], 4).first; },
       {in.data}},
      {"histogram_edges", [](A a) { return jnp::histogram(a[0], 4).second; },
       {in.data}},
      {"histogram_range_counts",
       [](A a) { return jnp::histogram(a[0], 3, std::make_pair(0., 3.)).first; },
       {in.data}},
      {"histogram_range_edges",
       [](A a) {
         return jnp::histogram(a[0], 3, std::make_pair(0., 3.)).second;
       },
       {in.data}},
      {"histogram_weights_density",
       [](A a) {
         return jnp::histogram(a[0], 5, std::nullopt, a[1], true).first;
       },
       {in.data, in.w9}},
      {"histogram_int", [](A a) { return jnp::histogram(a[0], 3).first; },
       {in.vi}},
      {"histogram_given_edges",
       [](A a) { return jnp::histogram(a[0], a[1]).first; },
       {in.data, f32({0, 1, 2.5, 7}, {4})}},
      {"histogram_zero_width_counts",
       [](A a) { return jnp::histogram(a[0], 2).first; },
       {f32({2, 2, 2}, {3})}},
      {"histogram_zero_width_edges",
       [](A a) { return jnp::histogram(a[0], 2).second; },
       {f32({2, 2, 2}, {3})}},
      {"histogram_bin_edges",
       [](A a) { return jnp::histogram_bin_edges(a[0], 6); }, {in.data}},
      // bincount (length: under jit the count must be static)
      {"bincount", [](A a) { return jnp::bincount(a[0], std::nullopt, 0, 5); },
       {in.vi}},
      {"bincount_minlength",
       [](A a) { return jnp::bincount(a[0], std::nullopt, 8, 8); }, {in.vi}},
      {"bincount_length",
       [](A a) { return jnp::bincount(a[0], std::nullopt, 0, 3); }, {in.vi}},
      {"bincount_weights", [](A a) { return jnp::bincount(a[0], a[1], 0, 5); },
       {in.vi, in.w7}},
      {"bincount_negative",
       [](A a) { return jnp::bincount(a[0], std::nullopt, 0, 3); },
       {i32({-1, 2, -3}, {3})}},
      {"bincount_bool",
       [](A a) { return jnp::bincount(a[0], std::nullopt, 0, 2); },
       {jx::array({1, 0, 1}, {3}, jx::bool_)}},
      // unique (size: static under jit)
      {"unique_int", [](A a) { return jnp::unique(a[0], 4); }, {in.vi}},
      {"unique_2d",
       [](A a) { return jnp::unique(jnp::remainder(a[0], 2) + a[1], 4); },
       {in.i22, i32({3, 1}, {2, 1})}},
      {"unique_size", [](A a) { return jnp::unique(a[0], 6); }, {in.vi}},
      {"unique_size_fill", [](A a) { return jnp::unique(a[0], 6, -1); },
       {in.vi}},
      {"unique_size_cut", [](A a) { return jnp::unique(a[0], 2); }, {in.vi}},
      {"unique_nan", [](A a) { return jnp::unique(a[0], 3); },
       {f32({2, NAN, 1, NAN, 2}, {5})}},
      {"unique_float_size", [](A a) { return jnp::unique(a[0], 9, NAN); },
       {in.data}},
      // nonzero / where
      {"nonzero_1d", [](A a) { return stacked(jnp::nonzero(a[0], 3)); },
       {i32({0, 3, 0, -1, 2}, {5})}},
      {"nonzero_2d", [](A a) { return stacked(jnp::nonzero(a[0], 8)); },
       {in.i33}},
      {"nonzero_size_pad", [](A a) { return stacked(jnp::nonzero(a[0], 10)); },
       {in.i33}},
      {"nonzero_size_fill",
       [](A a) { return stacked(jnp::nonzero(a[0], 7, -1)); }, {in.bool33}},
      {"nonzero_size_cut", [](A a) { return stacked(jnp::nonzero(a[0], 3)); },
       {in.m34}},
      {"nonzero_3d",
       [](A a) {
         return stacked(
             jnp::nonzero(jnp::equal(jnp::remainder(a[0], 5.0f), 0.0f), 5));
       },
       {in.b234}},
      {"where_one_arg",
       [](A a) { return stacked(jnp::where(a[0], jnp::static_size{5})); },
       {in.bool33}},
      {"where_size",
       [](A a) { return stacked(jnp::where(a[0], jnp::static_size{6, 9})); },
       {in.bool33}},
      // quantiles
      {"median_flat", [](A a) { return jnp::median(a[0]); }, {in.m34}},
      {"median_axis", [](A a) { return jnp::median(a[0], 1); }, {in.b234}},
      {"median_int", [](A a) { return jnp::median(a[0]); }, {in.vi}},
      {"median_keepdims_axes",
       [](A a) { return jnp::median(a[0], {0, 2}, true); }, {in.b234}},
      {"median_nan", [](A a) { return jnp::median(a[0], 1); }, {in.dnan}},
      {"quantile_linear", [](A a) { return jnp::quantile(a[0], 0.3); },
       {in.data}},
      {"quantile_vector_axis", [](A a) { return jnp::quantile(a[0], a[1], 1); },
       {in.m34, f32({0.1, 0.5, 0.9}, {3})}},
      {"quantile_lower", quantile_method("lower"), {in.data, q3}},
      {"quantile_higher", quantile_method("higher"), {in.data, q3}},
      {"quantile_nearest", quantile_method("nearest"), {in.data, q3}},
      {"quantile_midpoint", quantile_method("midpoint"), {in.data, q3}},
      {"quantile_keepdims_all",
       [](A a) { return jnp::quantile(a[0], 0.25, std::nullopt, "linear", true); },
       {in.b234}},
      {"quantile_keepdims_axis_vector",
       [](A a) { return jnp::quantile(a[0], a[1], -1, "linear", true); },
       {in.b234, f32({0.2, 0.6}, {2})}},
      {"quantile_f16", [](A a) { return jnp::quantile(a[0], 0.4); }, {in.h33}},
      {"percentile", [](A a) { return jnp::percentile(a[0], a[1]); },
       {in.data, i32({25, 50, 75}, {3})}},
      {"percentile_axis0", [](A a) { return jnp::percentile(a[0], 40, 0); },
       {in.m34}},
      // cov / corrcoef
      {"cov_rows", [](A a) { return jnp::cov(a[0]); }, {in.obs}},
      {"cov_cols",
       [](A a) { return jnp::cov(jnp::transpose(a[0]), std::nullopt, false); },
       {in.obs}},
      {"cov_1d", [](A a) { return jnp::cov(a[0]); }, {in.v5}},
      {"cov_xy", [](A a) { return jnp::cov(a[0], a[1]); }, {in.v5, in.w5}},
      {"cov_bias",
       [](A a) { return jnp::cov(a[0], std::nullopt, true, true); }, {in.obs}},
      {"cov_ddof",
       [](A a) { return jnp::cov(a[0], std::nullopt, true, false, 2); },
       {in.obs}},
      {"cov_int", [](A a) { return jnp::cov(a[0]); }, {in.i33}},
      {"corrcoef", [](A a) { return jnp::corrcoef(a[0]); }, {in.obs}},
      {"corrcoef_xy", [](A a) { return jnp::corrcoef(a[0], a[1]); },
       {in.v5, in.w5}},
      {"corrcoef_1d", [](A a) { return jnp::corrcoef(a[0]); }, {in.v5}},
      // interp
      {"interp", [](A a) { return jnp::interp(a[0], a[1], a[2]); },
       {in.xq, in.xp, in.fp}},
      {"interp_left_right",
       [](A a) { return jnp::interp(a[0], a[1], a[2], Array(-10), Array(10)); },
       {in.xq, in.xp, in.fp}},
      {"interp_int", [](A a) { return jnp::interp(a[0], a[1], a[2]); },
       {i32({0, 1, 3}, {3}), i32({0, 2, 4}, {3}), i32({0, 10, 20}, {3})}},
      {"interp_repeated_xp", [](A a) { return jnp::interp(a[0], a[1], a[2]); },
       {in.xq, f32({0, 1, 1, 4}, {4}), in.fp}},
      {"interp_2d_x", [](A a) { return jnp::interp(a[0], a[1], a[2]); },
       {in.m34, in.xp, in.fp}},
      // convolve / correlate
      {"convolve_full", [](A a) { return jnp::convolve(a[0], a[1]); },
       {in.data, in.p4}},
      {"convolve_same", [](A a) { return jnp::convolve(a[0], a[1], "same"); },
       {in.data, in.p4}},
      {"convolve_valid", [](A a) { return jnp::convolve(a[0], a[1], "valid"); },
       {in.data, in.p4}},
      {"convolve_short_first",
       [](A a) { return jnp::convolve(a[0], a[1], "same"); }, {in.p4, in.data}},
      {"convolve_int", [](A a) { return jnp::convolve(a[0], a[1]); },
       {i32({1, 2, 3}, {3}), i32({0, 1, 2}, {3})}},
      {"correlate_valid", [](A a) { return jnp::correlate(a[0], a[1]); },
       {in.data, in.p4}},
      {"correlate_full", [](A a) { return jnp::correlate(a[0], a[1], "full"); },
       {in.data, in.p4}},
      {"correlate_same", [](A a) { return jnp::correlate(a[0], a[1], "same"); },
       {in.data, in.p4}},
      {"correlate_swapped",
       [](A a) { return jnp::correlate(a[0], a[1], "full"); }, {in.p4, in.data}},
      // polyval
      {"polyval", [](A a) { return jnp::polyval(a[0], a[1]); }, {in.p4, in.xq}},
      {"polyval_int", [](A a) { return jnp::polyval(a[0], a[1]); },
       {i32({2, 5, 1}, {3}), i32({2, 1, 3, -4}, {2, 2})}},
      {"polyval_scalar_x", [](A a) { return jnp::polyval(a[0], 2.5); },
       {in.p4}},
      {"polyval_2d_p",
       [](A a) { return jnp::polyval(jnp::transpose(a[0]), a[1]); },
       {in.m34, in.v3}},
      // x[index]
      {"getitem_int", [](A a) { return a[0][1]; }, {in.m34}},
      {"getitem_negative", [](A a) { return a[0][-1]; }, {in.m34}},
      {"getitem_tuple", [](A a) { return a[0][{1, jx::all(), 2}]; }, {in.b234}},
      {"getitem_range", [](A a) { return a[0][{jx::all(), jx::range(1, 3)}]; },
       {in.b234}},
      {"getitem_array", [](A a) { return a[0][a[1]]; },
       {in.m34, i32({2, 0, -1}, {3})}},
      {"getitem_mixed", [](A a) { return a[0][{a[1], jx::all(), -1}]; },
       {in.b234, i32({1, 0}, {2})}},
      // grad
      {"grad_trace",
       [](A a) {
         return jx::grad([](const Array &x) { return jnp::trace(x * x, 1); })(
             a[0]);
       },
       {in.m34}},
      {"grad_diagonal",
       [](A a) {
         return jx::grad([](const Array &x) {
           return jnp::sum(jnp::sin(jnp::diagonal(x, 1, 0, 2)));
         })(a[0]);
       },
       {in.b234}},
      {"grad_diag",
       [](A a) {
         return jx::grad([](const Array &v) {
           return jnp::sum(jnp::sin(jnp::diag(v, -1)));
         })(a[0]);
       },
       {in.v3}},
      {"grad_polyval_x",
       [](A a) {
         Array p = a[1];
         return jx::grad([p](const Array &x) {
           return jnp::sum(jnp::polyval(p, x));
         })(a[0]);
       },
       {in.xq, in.p4}},
      {"grad_polyval_p",
       [](A a) {
         Array x = a[1];
         return jx::grad([x](const Array &p) {
           return jnp::sum(jnp::polyval(p, x));
         })(a[0]);
       },
       {in.p4, in.xq}},
      {"grad_interp_x",
       [](A a) {
         Array xp = a[1], fp = a[2];
         return jx::grad([xp, fp](const Array &x) {
           return jnp::sum(jnp::interp(x, xp, fp));
         })(a[0]);
       },
       {in.xin, in.xp, in.fp}},
      {"grad_interp_fp",
       [](A a) {
         Array x = a[1], xp = a[2];
         return jx::grad([x, xp](const Array &fp) {
           return jnp::sum(jnp::interp(x, xp, fp));
         })(a[0]);
       },
       {in.fp, in.xin, in.xp}},
      {"grad_quantile",
       [](A a) {
         Array q = a[1];
         return jx::grad([q](const Array &x) {
           return jnp::sum(jnp::quantile(x, q, 1));
         })(a[0]);
       },
       {in.m34, f32({0.3, 0.75}, {2})}},
      {"grad_cov",
       [](A a) {
         return jx::grad([](const Array &m) {
           return jnp::sum(jnp::square(jnp::cov(m)));
         })(a[0]);
       },
       {in.obs}},
      {"grad_convolve",
       [](A a) {
         Array v = a[1];
         return jx::grad([v](const Array &x) {
           return jnp::sum(jnp::square(jnp::convolve(x, v, "same")));
         })(a[0]);
       },
       {in.data, in.p4}},
      {"grad_kron",
       [](A a) {
         Array b = a[1];
         return jx::grad([b](const Array &x) {
           return jnp::sum(jnp::square(jnp::kron(x, b)));
         })(a[0] + 1.0f);
       },
       {in.f22, in.f22}},
      {"grad_getitem",
       [](A a) {
         return jx::grad([](const Array &x) {
           return jnp::sum(jnp::square(x[{1, jx::all(), 2}]));
         })(a[0]);
       },
       {in.b234}},
      // edge cases
      {"edge_diagonal_empty", [](A a) { return jnp::diagonal(a[0]); },
       {jnp::zeros({0, 3})}},
      {"edge_trace_offset_past", [](A a) { return jnp::trace(a[0], 5); },
       {in.m34}},
      {"edge_histogram_zero_bins",
       [](A a) { return jnp::histogram(a[0], 0).first; }, {in.data}},
      {"edge_nonzero_empty_size",
       [](A a) { return stacked(jnp::nonzero(a[0], 2)); }, {jnp::zeros({0, 2})}},
      {"edge_unique_empty_fill", [](A a) { return jnp::unique(a[0], 3, 2); },
       {jnp::zeros({0})}},
      {"edge_interp_one_point",
       [](A a) { return jnp::interp(a[0], a[1], a[2]); },
       {in.v3, f32({1}, {1}), f32({5}, {1})}},
      {"edge_cov_no_observations", [](A a) { return jnp::cov(a[0]); },
       {jnp::zeros({2, 0})}},
      {"edge_polyval_empty_p", [](A a) { return jnp::polyval(a[0], a[1]); },
       {jnp::zeros({0}), in.v3}},
      {"edge_kron_scalar", [](A a) { return jnp::kron(a[0], a[1]); },
       {f32({2}, {}), in.v3}},
      {"edge_unique_one", [](A a) { return jnp::unique(a[0], 1); },
       {f32({5}, {1})}},
      {"edge_histogram_density_zero_bins",
       [](A a) {
         return jnp::histogram(a[0], 0, std::nullopt, std::nullopt, true).first;
       },
       {in.data}},
      {"edge_bincount_empty",
       [](A a) { return jnp::bincount(a[0], std::nullopt, 0, 0); },
       {jnp::zeros({0}, jx::int32)}},
      // vmap
      {"vmap_diagonal",
       [](A a) {
         return jx::vmap([](const Array &x) { return jnp::diagonal(x, 1); })(
             a[0]);
       },
       {in.b234}},
      {"vmap_trace",
       [](A a) {
         return jx::vmap([](const Array &x) { return jnp::trace(x); })(a[0]);
       },
       {in.b234}},
      {"vmap_interp",
       [](A a) {
         Array xp = a[1], fp = a[2];
         return jx::vmap([xp, fp](const Array &x) {
           return jnp::interp(x, xp, fp);
         })(a[0]);
       },
       {in.m34, in.xp, in.fp}},
      {"vmap_nonzero",
       [](A a) {
         return jx::vmap([](const Array &r) { return jnp::nonzero(r, 3)[0]; })(
             a[0]);
       },
       {in.i33}},
      {"vmap_unique",
       [](A a) {
         return jx::vmap([](const Array &r) { return jnp::unique(r, 3, 9); })(
             a[0]);
       },
       {in.ints24}},
      {"vmap_bincount",
       [](A a) {
         return jx::vmap([](const Array &r) {
           return jnp::bincount(r, std::nullopt, 0, 5);
         })(a[0]);
       },
       {in.ints24}},
      {"vmap_quantile",
       [](A a) {
         return jx::vmap([](const Array &r) { return jnp::quantile(r, 0.4); })(
             a[0]);
       },
       {in.m34}},
  };
}

/// float16 results carry 11 bits; float32 ones may differ from XLA's by an
/// ulp or so (FMA contraction, summation order).
double tolerance(jx::dtype t) { return t == jx::float16 ? 1e-3 : 2e-6; }

void expect_matches(const Array &r, const expected_case &e,
                    const std::string &what) {
  expected_values::expect_matches(r, e, what, tolerance(e.dtype));
}

const expected_case *find_expected(const std::string &name) {
  return expected_values::find(expected(), name);
}

class NumpySurfaceValues : public ::testing::TestWithParam<surface_case> {};

TEST_P(NumpySurfaceValues, EagerAndJitEqualJax) {
  const surface_case &c = GetParam();
  const expected_case *e = find_expected(c.name);
  ASSERT_NE(e, nullptr) << "no JAX value for " << c.name
                        << " (run gen_numpy_surface_expected.py)";
  expected_values::expect_eager_and_jit(c.name, c.f, c.args, *e,
                                        tolerance(e->dtype));
}

INSTANTIATE_TEST_SUITE_P(Cases, NumpySurfaceValues, ::testing::ValuesIn(cases()),
                         [](const auto &info) {
                           return std::string(info.param.name);
                         });

TEST(NumpySurface, EveryJaxValueHasACase) {
  std::vector<std::string> names;
  for (const surface_case &c : cases())
    names.push_back(c.name);
  expected_values::expect_every_value_has_a_case(expected(), names);
}

TEST(NumpySurface, JaxprsCheck) {
  for (const surface_case &c : cases()) {
    std::vector<jx::shaped_array> avals;
    for (const Array &a : c.args)
      avals.push_back(a.aval());
    auto f = c.f;
    jx::ClosedJaxpr j = jx::core::trace_to_jaxpr(
        [f](const args_t &a) { return args_t{f(a)}; }, avals);
    EXPECT_NO_THROW(jx::check_jaxpr(*j.jaxpr)) << c.name;
  }
}

// Without a static size the result's length comes from the values: eager
// only (JAX's jnp.nonzero / unique / bincount work the same way).
TEST(NumpySurface, ValueDependentSizesEagerly) {
  inputs in;
  auto same = [](const Array &r, const char *name) {
    expect_matches(r, *find_expected(name), name);
  };
  same(jnp::bincount(in.vi), "bincount");
  same(jnp::bincount(in.vi, std::nullopt, 8), "bincount_minlength");
  same(jnp::bincount(jx::array({-1, 2, -3})), "bincount_negative");
  same(jnp::unique(in.vi), "unique_int");
  same(jnp::unique(f32({2, NAN, 1, NAN, 2}, {5})), "unique_nan");
  same(stacked(jnp::nonzero(in.i33)), "nonzero_2d");
  same(stacked(jnp::where(in.bool33)), "where_one_arg");
  EXPECT_EQ(jnp::bincount(jx::array(std::vector<int>{}, {0})).shape(),
            jx::shape_t{0});
  EXPECT_EQ(jnp::unique(jnp::zeros({0})).shape(), jx::shape_t{0});
}

TEST(NumpySurface, ArrayKeepsInt64Exactly) {
  const int64_t big = (int64_t{1} << 53) + 1; // not a double
  Array a = jnp::array({big, INT64_MIN, INT64_MAX});
  EXPECT_EQ(a.dtype(), jx::int64);
  EXPECT_EQ(a.to_vector<int64_t>(),
            (std::vector<int64_t>{big, INT64_MIN, INT64_MAX}));
  Array b = jnp::array(std::vector<std::vector<int64_t>>{{big, 1}, {2, -big}});
  EXPECT_EQ(b.shape(), (jx::shape_t{2, 2}));
  EXPECT_EQ(b.to_vector<int64_t>(), (std::vector<int64_t>{big, 1, 2, -big}));
  Array s = jnp::array(big);
  EXPECT_EQ(s.dtype(), jx::int64);
  EXPECT_EQ(s.shape(), jx::shape_t{});
  EXPECT_EQ(s.item<int64_t>(), big);
  Array u = jnp::array({UINT64_MAX, uint64_t{1}});
  EXPECT_EQ(u.dtype(), jx::uint64);
  EXPECT_EQ(u.to_vector<uint64_t>(), (std::vector<uint64_t>{UINT64_MAX, 1}));
  // Through jit and back, still exact.
  auto f = jx::jit([](const Array &x) { return x + jnp::array({int64_t{1}}); });
  EXPECT_EQ(f(jnp::array({big})).to_vector<int64_t>(),
            (std::vector<int64_t>{big + 1}));
}

TEST(NumpySurface, ArrayDtypesAndWeakTypes) {
  // As jnp.array: Python scalars give weak 0-d arrays, lists strong ones.
  EXPECT_TRUE(jnp::array(3).weak_type());
  EXPECT_EQ(jnp::array(3).dtype(), jx::int32);
  EXPECT_TRUE(jnp::array(1.5).weak_type());
  EXPECT_EQ(jnp::array(1.5).dtype(), jx::float32);
  EXPECT_FALSE(jnp::array(1.5, jx::float64).weak_type());
  EXPECT_EQ(jnp::array(0.1, jx::float64).item<double>(), 0.1);
  EXPECT_FALSE(jnp::array({1, 2}).weak_type());
  EXPECT_EQ(jnp::array({1.f, 2.f}).dtype(), jx::float32);
  EXPECT_EQ(jnp::array({0.1, 0.2}, jx::float64).to_vector<double>(),
            (std::vector<double>{0.1, 0.2}));
  EXPECT_EQ(jnp::array(std::vector<uint8_t>{1, 255}).dtype(), jx::uint8);
  EXPECT_EQ(jnp::array({true, false}, jx::int32).to_vector<int>(),
            (std::vector<int>{1, 0}));
  EXPECT_EQ(jnp::array({1.7, -2.5}, jx::int32).to_vector<int>(),
            (std::vector<int>{1, -2}));
  Array x = jnp::array({{1, 2}, {3, 4}}, jx::bfloat16);
  EXPECT_EQ(x.dtype(), jx::bfloat16);
  EXPECT_EQ(x.shape(), (jx::shape_t{2, 2}));
  EXPECT_EQ(jnp::asarray(x).impl(), x.impl()); // no copy when nothing changes
  EXPECT_EQ(jnp::asarray(x, jx::bfloat16).impl(), x.impl());
  EXPECT_EQ(jnp::asarray(x, jx::float32).dtype(), jx::float32);
  EXPECT_EQ(jnp::asarray({{1, 2}}).shape(), (jx::shape_t{1, 2}));
  EXPECT_EQ(jnp::array(x, jx::int8).dtype(), jx::int8);
  EXPECT_EQ(jnp::array(std::vector<double>{}).shape(), jx::shape_t{0});
}

TEST(NumpySurface, GetitemIsIndex) {
  inputs in;
  auto j = jx::make_jaxpr([](const Array &x) { return x[-1]; })(in.m34);
  EXPECT_NE(j.str().find("slice["), std::string::npos) << j.str();
  EXPECT_EQ(j.str().find("gather"), std::string::npos) << j.str();
  EXPECT_EQ(in.m34[Array(2)].to_vector<float>(),
            (std::vector<float>{3.f, 3.5f, 4.f, 4.5f}));
  EXPECT_EQ((in.b234[{1, 2, 3}]).item<float>(), 23.f);
  EXPECT_EQ(in.b234[1][2][-1].item<float>(), 23.f);
  std::vector<int> v(3);
  EXPECT_EQ(in.m34[v.size() - 1][std::size_t{0}].item<float>(), 3.f);
  EXPECT_EQ(in.m34[int64_t{-3}][uint8_t{1}].item<float>(), -0.5f);
}

// --- errors -------------------------------------------------------------------

TEST(NumpySurfaceErrors, NameTheFunctionAndShowTheTypes) {
  inputs in;
  EXPECT_EQ(error_of([&] { jnp::diagonal(in.v3); }),
            "jx::diagonal: needs an array of at least two dimensions, got "
            "f32[3]");
  EXPECT_EQ(error_of([&] { jnp::diagonal(in.m34, 0, 1, -1); }),
            "jx::diagonal: axis1 and axis2 cannot be the same (axis1=1, "
            "axis2=-1) for f32[3,4]");
  EXPECT_EQ(error_of([&] { jnp::diagonal(in.m34, 0, 0, 2); }),
            "jx::diagonal: axis 2 is out of bounds for array f32[3,4]");
  EXPECT_EQ(error_of([&] { jnp::trace(in.b234, 0, 2, -1); }),
            "jx::trace: axis1 and axis2 cannot be the same (axis1=2, "
            "axis2=-1) for f32[2,3,4]");
  EXPECT_EQ(error_of([&] { jnp::diag(in.b234); }),
            "jx::diag: input must be 1-d or 2-d, got f32[2,3,4]");
  EXPECT_EQ(error_of([&] {
              jnp::array(std::vector<std::vector<int>>{{1, 2}, {3}});
            }),
            "jx::numpy::array: nested lists must be rectangular: row 1 has 1 "
            "elements, row 0 has 2");
  EXPECT_EQ(error_of([&] {
              jnp::kron(jx::array({1, 0}, {2}, jx::bool_), in.bool33);
            }),
            "jx::kron: bool operands are not supported (JAX's lax.mul refuses "
            "them), got bool[2] and bool[3,3]");
  EXPECT_EQ(error_of([&] { jnp::searchsorted(in.m34, in.v3); }),
            "jx::searchsorted: a must be 1-d, got f32[3,4]");
  EXPECT_EQ(error_of([&] { jnp::searchsorted(in.xp, in.v3, "middle"); }),
            "jx::searchsorted: side must be \"left\" or \"right\", got "
            "\"middle\"");
  EXPECT_EQ(error_of([&] { jnp::histogram(in.data, 3, std::nullopt, in.w7); }),
            "jx::histogram: weights should have the same shape as a, got "
            "f32[7] and f32[9]");
  EXPECT_EQ(error_of([&] { jnp::histogram(in.data, in.m34); }),
            "jx::histogram: bins must be a non-empty 1-d array of edges, got "
            "f32[3,4]");
  EXPECT_EQ(error_of([&] { jnp::bincount(in.data); }),
            "jx::bincount: x must have an integer type, got f32[9]");
  EXPECT_EQ(error_of([&] { jnp::bincount(in.i33); }),
            "jx::bincount: only 1-d input is supported, got i32[3,3]");
  EXPECT_EQ(error_of([&] { jnp::bincount(in.vi, in.w9); }),
            "jx::bincount: weights must have the shape of x, got f32[9] and "
            "i32[7]");
  EXPECT_EQ(error_of([&] { jnp::nonzero(Array(3)); }),
            "jx::nonzero: calling nonzero on 0-d arrays is not allowed (use "
            "atleast_1d), got i32[]");
  EXPECT_EQ(error_of([&] { jnp::quantile(in.data, 0.5, 0, "cubic"); }),
            "jx::quantile: method must be one of 'linear', 'lower', 'higher', "
            "'midpoint', 'nearest', got 'cubic'");
  EXPECT_EQ(error_of([&] { jnp::quantile(in.data, in.m34); }),
            "jx::quantile: q must have rank 0 or 1, got f32[3,4]");
  EXPECT_EQ(error_of([&] { jnp::median(in.m34, 2); }),
            "jx::median: axis 2 is out of bounds for array f32[3,4]");
  EXPECT_EQ(error_of([&] { jnp::median(in.b234, {0, -3}); }),
            "jx::median: repeated axis -3 for array f32[2,3,4]");
  EXPECT_EQ(error_of([&] { jnp::cov(in.b234); }),
            "jx::cov: m has more than 2 dimensions: f32[2,3,4]");
  EXPECT_EQ(error_of([&] { jnp::cov(in.v5, in.v3); }),
            "jx::cov: m and y have different numbers of observations: f32[5] "
            "and f32[3]");
  EXPECT_EQ(error_of([&] { jnp::interp(in.xq, in.xp, in.v3); }),
            "jx::interp: xp and fp must be one-dimensional arrays of equal "
            "size, got f32[4] and f32[3]");
  EXPECT_EQ(error_of([&] { jnp::convolve(in.m34, in.p4); }),
            "jx::convolve: only 1-d inputs are supported, got f32[3,4] and "
            "f32[4]");
  EXPECT_EQ(error_of([&] { jnp::correlate(in.data, in.p4, "circular"); }),
            "jx::correlate: mode must be one of 'full', 'same', 'valid', got "
            "'circular'");
  EXPECT_EQ(error_of([&] { jnp::convolve(jnp::zeros({0}), in.p4); }),
            "jx::convolve: inputs cannot be empty, got f32[0] and f32[4]");
  EXPECT_EQ(error_of([&] { jnp::polyval(Array(2.0f), in.xq); }),
            "jx::polyval: p must have at least one dimension, got f32[]");
  EXPECT_EQ(error_of([&] { jnp::unique(jnp::zeros({0}), 3); }),
            "jx::unique: for a zero-size input f32[0] and a nonzero size, "
            "fill_value must be given (as JAX requires)");
  EXPECT_EQ(error_of([&] { jnp::quantile(jnp::zeros({2, 0}), 0.5, 1); }),
            "jx::quantile: cannot take a quantile over an empty axis of "
            "f32[2,0]");
  EXPECT_EQ(error_of([&] { in.m34[{1, 2, 3}]; }),
            "jx::slice: too many indices (3) for array f32[3,4]");
}

TEST(NumpySurfaceErrors, ValueDependentSizesNeedAStaticOneUnderJit) {
  inputs in;
  auto traced = [](std::function<Array(const Array &)> f, const Array &x) {
    return error_of([&] { jx::jit(f)(x); });
  };
  EXPECT_EQ(traced([](const Array &x) { return jnp::nonzero(x)[0]; }, in.i33),
            "jx::nonzero: the input i32[3,3] is traced: pass a static size "
            "(as JAX requires)");
  EXPECT_EQ(traced([](const Array &x) { return jnp::unique(x); }, in.vi),
            "jx::unique: the input i32[7] is traced: pass a static size (as "
            "JAX requires)");
  EXPECT_EQ(traced([](const Array &x) { return jnp::bincount(x); }, in.vi),
            "jx::bincount: x i32[7] is traced: pass a static length");
}

} // namespace
