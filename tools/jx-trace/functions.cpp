// functions.cpp - the sample functions (each also written in JAX in the
// comments of test/Frontend, which hold JAX's printouts).

#include "functions.h"

namespace jnp = jx::numpy;
using jx::Array;

namespace {

/// Concrete ones built on the host (no compilation).
Array ones(jx::shape_t s, jx::dtype t = jx::float32) {
  int64_t n = 1;
  for (int64_t d : s)
    n *= d;
  return jx::array(std::vector<double>(n, 1.0), s, t);
}

template <class F> jx::flat_function flat1(F f) {
  return [f](const std::vector<Array> &a) { return std::vector<Array>{f(a[0])}; };
}
template <class F> jx::flat_function flat2(F f) {
  return [f](const std::vector<Array> &a) {
    return std::vector<Array>{f(a[0], a[1])};
  };
}

} // namespace

const std::vector<sample> &samples() {
  static const std::vector<sample> s = [] {
    Array x8 = ones({8}), x23 = ones({2, 3}), y34 = ones({3, 4});
    Array i3 = ones({3}, jx::int32), x4 = ones({4});
    Array c3 = ones({3});
    Array c34 = ones({3, 4});
    std::vector<sample> v = {
        {"sin_mul", flat1([](Array x) { return jnp::sin(x) * 2.0f; }), {x8}},
        {"add", flat2([](Array a, Array b) { return a + b; }), {x23, x23}},
        {"add_scalar", flat1([](Array a) { return a + 1.0f; }), {x23}},
        {"int_add_float", flat1([](Array a) { return a + 1.5; }), {i3}},
        {"sub_int", flat1([](Array a) { return jnp::subtract(a, 2); }), {x23}},
        {"neg", flat1([](Array a) { return -a; }), {x23}},
        {"exp_log", flat1([](Array a) { return jnp::log(jnp::exp(a)); }), {x23}},
        {"maximum", flat1([](Array a) { return jnp::maximum(a, 0.0f); }), {x23}},
        {"less", flat2([](Array a, Array b) { return a < b; }), {x23, x23}},
        {"sum_all", flat1([](Array a) { return jnp::sum(a); }), {x23}},
        {"sum_keepdims",
         flat1([](Array a) { return jnp::sum(a, {1}, true); }), {x23}},
        {"max0", flat1([](Array a) { return jnp::max(a, {0}); }), {x23}},
        {"mean1", flat1([](Array a) { return jnp::mean(a, {1}); }), {x23}},
        {"int_mean", flat1([](Array a) { return jnp::mean(a); }), {i3}},
        {"reshape", flat1([](Array a) { return a.reshape({3, 2}); }), {x23}},
        {"transpose", flat1([](Array a) { return a.T(); }), {x23}},
        {"broadcast_to",
         flat1([](Array a) { return jnp::broadcast_to(a, {4, 2, 3}); }), {x23}},
        {"expand_dims",
         flat1([](Array a) { return jnp::expand_dims(a, 0); }), {x23}},
        {"matmul", flat2([](Array a, Array b) { return jnp::matmul(a, b); }),
         {x23, y34}},
        {"astype", flat1([](Array a) { return a.astype(jx::int32); }), {x23}},
        {"zeros_add", flat1([](Array a) { return a + jnp::zeros({2, 3}); }),
         {x23}},
        {"arange_add", flat1([](Array a) { return jnp::arange(3) + a; }), {i3}},
        {"closure_const", flat1([c34](Array a) { return a + c34.sum(); }), {x23}},
        {"broadcast_add", flat1([c3](Array a) { return a * c3; }), {x23}},
        {"where", flat1([](Array a) { return jnp::where(a > 0.0f, a, 0.0f); }),
         {x23}},
        {"mlp",
         flat2([](Array x, Array w) {
           return jnp::tanh(jnp::matmul(x, w) + 1.0f);
         }),
         {x23, y34}},
        {"long_chain",
         flat1([](Array x) {
           return jnp::sum(x * x, {0}) + jnp::mean(jnp::exp(x)) -
                  jnp::tanh(jnp::log(x)) / jnp::sqrt(x) +
                  jnp::maximum(x, jnp::minimum(x, 2.0f)) * jnp::cos(jnp::sin(x));
         }),
         {x4}},
        {"rounding", flat1([](Array a) { return jnp::floor(a) + jnp::ceil(a); }),
         {x23}},
        {"unary_chain",
         flat1([](Array a) {
           return jnp::log1p(jnp::expm1(jnp::abs(jnp::sign(a))));
         }),
         {x23}},
        {"logistic_rsqrt",
         flat1([](Array a) { return jx::lax::logistic(a) * jx::lax::rsqrt(a); }),
         {x23}},
        {"powers",
         flat1([](Array a) {
           return jnp::square(a) + jnp::power(a, 3) + jnp::power(a, a);
         }),
         {x23}},
        {"isfinite_isnan",
         flat1([](Array a) {
           return jnp::logical_and(jnp::isfinite(a),
                                   jnp::logical_not(jnp::isnan(a)));
         }),
         {x23}},
        {"bitwise",
         flat1([](Array a) {
           return jnp::bitwise_or(jnp::bitwise_and(a, a),
                                  jnp::bitwise_xor(a, jnp::invert(a)));
         }),
         {i3}},
        {"prod1", flat1([](Array a) { return jnp::prod(a, {1}); }), {x23}},
        {"all_any",
         flat1([](Array a) {
           return jnp::logical_or(jnp::all(a > 0.0f, {0}), jnp::any(a < 1.0f, {0}));
         }),
         {x23}},
        {"squeeze0", flat1([](Array a) { return jnp::squeeze(a, 0); }),
         {ones({1, 3})}},
        {"concatenate0",
         flat2([](Array a, Array b) { return jnp::concatenate({a, b}); }),
         {x23, ones({1, 3})}},
        {"lax_round",
         flat1([](Array a) {
           return jx::lax::round(a) +
                  jx::lax::round(a, jx::lax::rounding_method::to_nearest_even);
         }),
         {x23}},
        {"argmax_argmin",
         flat1([](Array a) { return jnp::argmax(a, 1) + jnp::argmin(a, 1); }),
         {x23}},
        {"lax_pad",
         flat1([](Array a) {
           return jx::lax::pad(a, 0.0f, {{{0, 0, 0}, {1, 2, 1}}});
         }),
         {x23}},
        {"lax_pad_1d",
         flat1([](Array a) { return jx::lax::pad(a, 1.0f, {{{2, -1, 0}}}); }),
         {x8}},
        {"lax_slice",
         flat1([](Array a) {
           return jx::lax::slice(a, {0, 1}, {2, 3}, std::vector<int64_t>{1, 2});
         }),
         {x23}},
        {"lax_slice_1d",
         flat1([](Array a) { return jx::lax::slice(a, {1}, {5}); }), {x8}},
        {"dynamic_slice",
         flat1([](Array a) { return jx::lax::dynamic_slice(a, {1, 0}, {1, 2}); }),
         {x23}},
        {"dynamic_update_slice",
         flat2([](Array a, Array b) {
           return jx::lax::dynamic_update_slice(a, b, {1, 0});
         }),
         {x23, ones({1, 2})}},
        {"index_step",
         flat1([](Array a) { return jnp::slice(a, {jx::range(1, 5, 2)}); }),
         {x8}},
        {"index_int",
         flat1([](Array a) {
           return jnp::slice(a, {-1, jx::range(1, std::nullopt)});
         }),
         {x23}},
        {"index_int_last",
         flat1([](Array a) {
           return jnp::slice(a, {jx::range(1, std::nullopt), 2});
         }),
         {x23}},
        {"index_all",
         flat1([](Array a) { return jnp::slice(a, {jx::all(), jx::all()}); }),
         {x23}},
        {"lax_sort", flat1([](Array a) { return jx::lax::sort(a, 0, false); }),
         {x23}},
        {"lax_sort_keys",
         [](const std::vector<Array> &a) {
           return jx::lax::sort({a[0], a[1]}, -1, true, 2);
         },
         {i3, i3}},
        {"lax_cumsum", flat1([](Array a) { return jx::lax::cumsum(a, 1); }),
         {x23}},
        {"lax_cumulative",
         flat1([](Array a) {
           return jx::lax::cumprod(a, 0, true) + jx::lax::cummax(a, 1) -
                  jx::lax::cummin(a, 0);
         }),
         {x23}},
        {"sort_iota",
         [](const std::vector<Array> &a) {
           return jx::lax::sort(
               {a[0], jx::lax::iota(jx::int32, {2, 3}, 1)}, 1, true, 1);
         },
         {x23}},
        {"argsort", flat1([](Array a) { return jnp::argsort(a); }), {x23}},
        // --- numpy-more (issue 4): top_k, tensordot, roll ---
        {"top_k",
         [](const std::vector<Array> &a) {
           auto [v, i] = jx::lax::top_k(a[0], 3);
           return std::vector<Array>{v, i};
         },
         {ones({4, 7})}},
        {"top_k_axis0",
         [](const std::vector<Array> &a) {
           auto [v, i] = jx::lax::top_k(a[0], 2, 0);
           return std::vector<Array>{v, i};
         },
         {ones({4, 3, 5})}},
        {"tensordot",
         flat2([](Array a, Array b) { return jnp::tensordot(a, b, 1); }),
         {x23, y34}},
        {"tensordot_pairs",
         flat2([](Array a, Array b) {
           return jnp::tensordot(a, b, {{0, 2}, {2, 0}});
         }),
         {ones({3, 2, 4}), ones({4, 5, 3})}},
        // jnp.roll's equations (JAX wraps them in jit[name=_roll_static])
        {"roll", flat1([](Array a) { return jnp::roll(a, 1, 1); }), {x23}},
        {"roll_flat", flat1([](Array a) { return jnp::roll(a, 2); }), {x23}},
        // --- indexing (gather / scatter) ---
        {"index_array",
         flat2([](Array a, Array i) {
           return jnp::index(a, {i, jx::all(), 2});
         }),
         {ones({5, 3, 4}), ones({2}, jx::int32)}},
        {"index_pairs",
         flat2([](Array a, Array i) { return jnp::index(a, {i, i}); }),
         {ones({5, 6}), ones({4}, jx::int32)}},
        {"take", flat2([](Array a, Array i) { return jnp::take(a, i); }),
         {ones({5}), ones({2}, jx::int32)}},
        {"at_add", flat2([](Array a, Array i) { return a.at(i).add(1.0f); }),
         {ones({5}), ones({2}, jx::int32)}},
        {"at_set_rows",
         flat2([](Array a, Array i) {
           return a.at({i, jx::range(1, 3)}).set(0.0f);
         }),
         {ones({4, 3}), ones({2}, jx::int32)}},
        {"at_max_int_index",
         flat1([](Array a) { return a.at(2).max(7); }),
         {ones({5, 3}, jx::int32)}},
        {"lax_gather_clip",
         flat2([](Array a, Array i) {
           return jx::lax::gather(a, i, {{}, {0}, {0}, {}, {}}, {1}, false,
                                  false, jx::lax::gather_scatter_mode::clip);
         }),
         {ones({5}), ones({2, 1}, jx::int32)}},
        {"lax_scatter_mul",
         [](const std::vector<Array> &a) {
           return std::vector<Array>{jx::lax::scatter_mul(
               a[0], a[1], a[2], {{}, {0}, {0}, {}, {}})};
         },
         {ones({5}, jx::int32), ones({2, 1}, jx::int32),
          ones({2}, jx::int32)}},
        // --- end indexing ---
        // Control flow (jx::lax::cond / while_loop / fori_loop / scan).
        {"lax_cond",
         flat2([](Array p, Array x) {
           return jx::lax::cond(p, [](const Array &v) { return v * 2.0f; },
                                [](const Array &v) { return v + 1.0f; }, x);
         }),
         {ones({}, jx::bool_), c3}},
        {"lax_cond_capture",
         [](const std::vector<Array> &a) {
           Array n = a[0];
           auto r = jx::lax::cond(
               n > 0,
               [n](const Array &v) { return std::make_pair(v * 2.0f, n + 1); },
               [n](const Array &v) { return std::make_pair(v + 1.0f, n - 1); },
               a[1]);
           return std::vector<Array>{r.first, r.second};
         },
         {ones({}, jx::int32), c3}},
        {"lax_while",
         flat1([](Array x) {
           return jx::lax::while_loop(
                      [](const std::pair<Array, Array> &c) { return c.first < 3; },
                      [](const std::pair<Array, Array> &c) {
                        return std::make_pair(c.first + 1, c.second * 2.0f);
                      },
                      std::make_pair(Array(0), x))
               .second;
         }),
         {c3}},
        {"lax_fori",
         [](const std::vector<Array> &a) {
           Array x = a[0];
           return std::vector<Array>{jx::lax::fori_loop(
               0, a[1],
               [x](const Array &i, const Array &acc) {
                 return acc + i.astype(jx::float32) * x;
               },
               a[2])};
         },
         {c3, ones({}, jx::int32), c3}},
        {"lax_scan",
         [](const std::vector<Array> &a) {
           Array w = a[2];
           auto [h, ys] = jx::lax::scan(
               [w](const Array &h, const Array &x) {
                 return std::make_pair(jnp::tanh(h * w + x), h.sum());
               },
               a[0], a[1]);
           return std::vector<Array>{h, ys};
         },
         {c3, ones({5, 3}), c3}},
        {"lax_scan_reverse",
         [](const std::vector<Array> &a) {
           auto [h, ys] = jx::lax::scan(
               [](const Array &h, const Array &x) {
                 return std::make_pair(h * x, h + x);
               },
               a[0], a[1], std::nullopt, /*reverse=*/true);
           return std::vector<Array>{h, ys};
         },
         {c3, ones({5, 3})}},
    };
    // --- issue 4: convolution, pooling, jax.nn ---------------------------
    std::vector<sample> conv = {
        {"lax_conv_general_dilated",
         flat2([](Array x, Array w) {
           return jx::lax::conv_general_dilated(
               x, w, {1, 2}, "SAME", {}, {2, 1}, {"NHWC", "HWIO", "NHWC"}, 2);
         }),
         {ones({1, 5, 5, 4}), ones({3, 3, 2, 6})}},
        {"lax_conv", flat2([](Array x, Array w) {
           return jx::lax::conv(x, w, {1, 1}, {{{1, 0}, {0, 1}}});
         }),
         {ones({2, 3, 5, 5}), ones({4, 3, 2, 2})}},
        {"max_pool", flat1([](Array x) {
           return jx::nn::max_pool(x, {2, 2}, {2, 2});
         }),
         {ones({1, 4, 4, 3})}},
        {"avg_pool_same", flat1([](Array x) {
           return jx::nn::avg_pool(x, {2, 2}, {1, 1}, "SAME");
         }),
         {ones({1, 4, 4, 3})}},
        {"nn_one_hot", flat1([](Array x) { return jx::nn::one_hot(x, 3); }),
         {ones({4}, jx::int32)}},
        {"erf_erfc", flat1([](Array x) {
           return jx::lax::erf(x) + jx::lax::erfc(x);
         }),
         {x4}},
        {"gelu_exact", flat1([](Array x) { return jx::nn::gelu(x, false); }),
         {x23}},
    };
    v.insert(v.end(), conv.begin(), conv.end());
    // --- end issue 4
    // --- jx::random's primitives (issue 5): test/Frontend/random.test -----
    Array u3 = ones({3}, jx::uint32);
    std::vector<sample> random_samples = {
        {"random_shifts",
         flat1([](Array a) {
           namespace lax = jx::lax; // in JAX's equation order
           Array b = lax::shift_left(a, 3);
           Array c = lax::shift_right_logical(a, a);
           Array d = lax::population_count(a);
           return lax::bitwise_or(b, lax::bitwise_xor(c, d));
         }),
         {u3}},
        {"random_shift_arith",
         flat1([](Array a) { return jx::lax::shift_right_arithmetic(a, 2); }),
         {i3}},
        {"random_bitcast",
         flat1([](Array a) {
           return jx::lax::bitcast_convert_type(a, jx::float32);
         }),
         {u3}},
        {"random_special",
         flat1([](Array a) {
           namespace lax = jx::lax; // in JAX's equation order
           Array b = lax::erf_inv(a);
           Array c = lax::erf(a);
           Array d = lax::add(b, c);
           Array e = lax::nextafter(a, a);
           Array f = lax::add(d, e);
           return lax::add(f, lax::rem(a, a));
         }),
         {c3}},
    };
    v.insert(v.end(), random_samples.begin(), random_samples.end());
    return v;
  }();
  return s;
}
