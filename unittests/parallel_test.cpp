// parallel_test.cpp - jx::pmap and the collectives: the JAX fixtures'
// programs written with jx's pmap give JAX's results, gradients through
// collectives equal single-device ones, and misuse is reported.

#include "grad_harness.h"
#include "multidevice_fixtures.h"
#include "jx/jx.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

namespace jnp = jx::numpy;
namespace lax = jx::lax;
using jx::Array;

namespace {

using multidevice::expect_close;
using multidevice::load;

TEST(Pmap, PsumLikeJax) {
  for (std::string n : {"n2", "n4"}) {
    Array x = load("pmap_psum_" + n + ".in0");
    Array y = jx::pmap([](const Array &v) { return lax::psum(v, "i") * 2.0f + v; },
                       "i")(x);
    expect_close(y, load("pmap_psum_" + n + ".out0"));
  }
}

TEST(Pmap, PmeanPmaxPminLikeJax) {
  Array x = load("pmap_pmean_pmax.in0");
  auto [a, b, c] = jx::pmap([](const Array &v) {
    return std::make_tuple(lax::pmean(v, "i"), lax::pmax(v, "i"),
                           lax::pmin(v, "i"));
  }, "i")(x);
  expect_close(a, load("pmap_pmean_pmax.out0"));
  expect_close(b, load("pmap_pmean_pmax.out1"), 0);
  expect_close(c, load("pmap_pmean_pmax.out2"), 0);
}

TEST(Pmap, AllGatherLikeJax) {
  Array x = load("pmap_all_gather.in0");
  auto [a, b] = jx::pmap([](const Array &v) {
    return std::make_tuple(lax::all_gather(v, "i"),
                           lax::all_gather(v, "i", 1, /*tiled=*/true));
  }, "i")(x);
  expect_close(a, load("pmap_all_gather.out0"), 0);
  expect_close(b, load("pmap_all_gather.out1"), 0);
}

TEST(Pmap, PpermuteLikeJax) {
  Array x = load("pmap_ppermute.in0");
  auto [a, b] = jx::pmap([](const Array &v) {
    return std::make_tuple(
        lax::ppermute(v, "i", {{0, 1}, {1, 2}, {2, 3}, {3, 0}}),
        lax::ppermute(v, "i", {{0, 1}, {1, 2}}));
  }, "i")(x);
  expect_close(a, load("pmap_ppermute.out0"), 0);
  expect_close(b, load("pmap_ppermute.out1"), 0);
}

TEST(Pmap, PsumScatterAndAllToAllLikeJax) {
  Array x = load("pmap_psum_scatter.in0");
  Array s = jx::pmap([](const Array &v) {
    return lax::psum_scatter(v, "i", 0, /*tiled=*/true);
  }, "i")(x);
  expect_close(s, load("pmap_psum_scatter.out0"));
  Array y = load("pmap_all_to_all.in0");
  Array t = jx::pmap([](const Array &v) {
    return lax::all_to_all(v, "i", 0, 1, /*tiled=*/true);
  }, "i")(y);
  expect_close(t, load("pmap_all_to_all.out0"), 0);
}

// Untiled all_to_all (JAX's default): the split dimension, one index per
// device, is replaced by a new dimension at concat_axis that stacks what
// each device sent. The index formulas are JAX's, checked with jax.pmap on 4
// CPU devices (out = einsum('sadb->dsab', x) for split 1, concat 0, ...).
TEST(Pmap, UntiledAllToAllLikeJax) {
  auto iota = [](jx::shape_t shape) {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    return jnp::reshape(jnp::arange(0.0, static_cast<double>(n), 1.0, jx::dtype::float32),
                        shape);
  };
  auto run = [](const Array &x, int64_t split, int64_t concat) {
    return jx::pmap([=](const Array &v) {
      return lax::all_to_all(v, "i", split, concat, /*tiled=*/false);
    }, "i")(x);
  };
  // Each case: operand shape (device axis first), split, concat, and where
  // result element [d][i][j][k] (rank-4 results; a rank-3 one has k = 0)
  // comes from in the operand, as a flat index.
  struct untiled_case {
    jx::shape_t in;
    int64_t split, concat;
    jx::shape_t out;
    std::function<int64_t(int64_t, int64_t, int64_t, int64_t)> from;
  };
  std::vector<untiled_case> cases = {
      {{4, 3, 4, 5}, 1, 0, {4, 4, 3, 5},  // out[d,s,a,b] = x[s,a,d,b]
       [](int64_t d, int64_t s, int64_t a, int64_t b) {
         return ((s * 3 + a) * 4 + d) * 5 + b;
       }},
      {{4, 4, 3, 5}, 0, 1, {4, 3, 4, 5},  // out[d,a,s,b] = x[s,d,a,b]
       [](int64_t d, int64_t a, int64_t s, int64_t b) {
         return ((s * 4 + d) * 3 + a) * 5 + b;
       }},
      {{4, 4, 3}, -2, -2, {4, 4, 3},  // out[d,s,a] = x[s,d,a]
       [](int64_t d, int64_t s, int64_t a, int64_t) {
         return (s * 4 + d) * 3 + a;
       }}};
  for (const untiled_case &c : cases) {
    Array x = iota(c.in);
    Array y = run(x, c.split, c.concat);
    ASSERT_EQ(y.shape(), c.out);
    std::vector<float> xv = x.to_vector<float>(), yv = y.to_vector<float>();
    int64_t last = c.out.size() == 4 ? c.out[3] : 1, flat = 0;
    for (int64_t d = 0; d < c.out[0]; ++d)
      for (int64_t i = 0; i < c.out[1]; ++i)
        for (int64_t j = 0; j < c.out[2]; ++j)
          for (int64_t k = 0; k < last; ++k)
            ASSERT_EQ(yv[flat++], xv[c.from(d, i, j, k)])
                << "split " << c.split << " concat " << c.concat;
  }
  // Its gradient (taken inside pmap) is the all_to_all the other way: for a
  // linear map, the sum of x * cotangent-of-x equals the sum of y * w.
  {
    Array x = iota({4, 3, 4, 5});
    Array w = jnp::sin(iota({4, 4, 3, 5}));
    Array g = jx::pmap([](const Array &v, const Array &wv) {
      return jx::grad([&](const Array &u) {
        return jnp::sum(lax::all_to_all(u, "i", 1, 0, /*tiled=*/false) * wv);
      })(v);
    }, "i")(x, w);
    ASSERT_EQ(g.shape(), x.shape());
    double lhs = jnp::sum(g * x).item<double>();
    double rhs = jnp::sum(run(x, 1, 0) * w).item<double>();
    EXPECT_NEAR(lhs, rhs, 1e-4 * std::abs(rhs));
  }
}

TEST(Pmap, UntiledAllToAllNamesABadSplit) {
  Array x = jnp::zeros({4, 3, 5});
  grad_harness::expect_error(
      [&] {
        jx::pmap([](const Array &v) {
          return lax::all_to_all(v, "i", 0, 1, /*tiled=*/false);
        }, "i")(x);
      },
      {"jx::lax::all_to_all: with tiled=false, split_axis 0 of "
       "f32[3,5] must have the size of axis 'i' (4)"});
  grad_harness::expect_error(
      [&] {
        jx::pmap([](const Array &v) {
          return lax::all_to_all(v, "i", 2, 0, /*tiled=*/false);
        }, "i")(x);
      },
      {"split_axis 2 is out of range"});
}

TEST(Pmap, AxisIndexAndGroupsLikeJax) {
  Array x = load("pmap_axis_index.in0");
  auto [a, b] = jx::pmap([](const Array &v) {
    return std::make_tuple(v + lax::axis_index("i"), lax::axis_index("i"));
  }, "i")(x);
  expect_close(a, load("pmap_axis_index.out0"), 0);
  expect_close(b, load("pmap_axis_index.out1"), 0);
  Array g = load("pmap_psum_groups.in0");
  Array r = jx::pmap([](const Array &v) {
    return lax::psum(v, "i", {{0, 1}, {2, 3}});
  }, "i")(g);
  expect_close(r, load("pmap_psum_groups.out0"));
}

// The data-parallel pattern: each device's gradient of its batch's loss,
// averaged by pmean, equals JAX's, and the gradient of the whole batch on
// one device.
TEST(Pmap, DataParallelGradientLikeJaxAndOneDevice) {
  Array w = load("pmap_grad_psum.in0"), b = load("pmap_grad_psum.in1");
  Array x = load("pmap_grad_psum.in2"), t = load("pmap_grad_psum.in3");
  auto loss = [](const Array &w, const Array &b, const Array &x,
                 const Array &t) {
    Array e = jnp::matmul(x, w) + b - t;
    return jnp::mean(e * e);
  };
  auto step = jx::pmap([&](const Array &w, const Array &b, const Array &x,
                           const Array &t) {
    auto [l, g] = jx::value_and_grad<0, 1>(loss)(w, b, x, t);
    auto [gw, gb] = g;
    return std::make_tuple(lax::pmean(gw, "i"), lax::pmean(gb, "i"),
                           lax::pmean(l, "i"));
  }, "i");
  auto [gw, gb, l] = step(w, b, x, t);
  expect_close(gw, load("pmap_grad_psum.out0"));
  expect_close(gb, load("pmap_grad_psum.out1"));
  expect_close(l, load("pmap_grad_psum.out2"));
  // One device, the two batches concatenated: the same mean loss.
  Array w0 = w[0], b0 = b[0];
  Array xs = x.reshape({16, 4}), ts = t.reshape({16, 3});
  auto [gw1, gb1] = jx::grad<0, 1>(loss)(w0, b0, xs, ts);
  expect_close(gw[0], gw1);
  expect_close(gb[1], gb1);
}

// grad of a loss through psum (psum's cotangent is psum'ed), vmap inside
// pmap, and arguments not mapped.
TEST(Pmap, GradVmapAndUnmappedArguments) {
  Array x = jx::array({1, 2, 3, 4, 5, 6}, {2, 3});
  Array w = jx::array({0.5f, -1.f, 2.f});
  auto f = jx::pmap([](const Array &w, const Array &x) {
    auto g = jx::grad([&](const Array &v) {
      return (lax::psum(v * w, "i") * v).sum();
    })(x);
    Array v = jx::vmap([&](const Array &e) { return lax::psum(e, "i"); })(x);
    return std::make_tuple(g, v);
  }, "i", {.in_axes = {jx::not_mapped, 0}});
  auto [g, v] = f(w, x);
  // The second call reuses the executable (and the result's structure).
  auto [g2, v2] = f(w, x);
  EXPECT_EQ(g2.to_vector<double>(), g.to_vector<double>());
  // d/dx_d sum_k psum(x w)_k x_dk = w * x_d + psum(x)... per device d:
  // sum_k (sum_e x_ek w_k) x_dk; its gradient in x_d is w * S + sum over
  // devices of (w x_e), S = sum_e x_e (psum's transpose sums the devices').
  std::vector<double> xv = x.to_vector<double>(), wv = w.to_vector<double>();
  for (int d = 0; d < 2; ++d)
    for (int k = 0; k < 3; ++k) {
      double s = xv[k] + xv[3 + k];
      EXPECT_NEAR(g.to_vector<double>()[d * 3 + k], 2 * wv[k] * s, 1e-5);
      EXPECT_EQ(v.to_vector<double>()[d * 3 + k], s);
    }
}

TEST(ShardMap, LikeJax) {
  jx::Mesh x4{{"x"}, {4}};
  Array a = load("shard_map_psum.in0");
  Array r = jx::shard_map([](const Array &v) {
    return lax::psum(jnp::sum(v, 0), "x");
  }, x4, {{{"x"}}}, {{}})(a);
  expect_close(r, load("shard_map_psum.out0"));

  jx::Mesh x2{{"x"}, {2}};
  Array b = load("shard_map_all_gather.in0");
  Array g = jx::shard_map([](const Array &v) {
    return lax::all_gather(v * 2.0f + 1.0f, "x", 0, /*tiled=*/true);
  }, x2, {{{"x"}}}, {{}})(b);
  expect_close(g, load("shard_map_all_gather.out0"), 0);

  jx::Mesh xy{{"x", "y"}, {2, 2}};
  Array c = load("shard_map_2d.in0");
  Array s = jx::shard_map([](const Array &v) { return lax::psum(v, "y"); },
                          xy, {{{"x"}, {"y"}}}, {{{"x"}, {}}})(c);
  expect_close(s, load("shard_map_2d.out0"));
}

// Axis indices on a 2-D mesh, blocks put back where they came from, and
// the gradient of a loss computed on shards equal to the one-device one.
TEST(ShardMap, MeshIndicesBlocksAndGradients) {
  jx::Mesh xy{{"x", "y"}, {2, 3}};
  Array z = jnp::zeros({4, 6});
  auto [ix, iy, same] = jx::shard_map([](const Array &v) {
    Array one = jnp::ones({1, 1});
    return std::make_tuple(one * lax::axis_index("x"),
                           one * lax::axis_index("y"), v + 1.0f);
  }, xy, {{{"x"}, {"y"}}}, {{{"x"}, {"y"}}})(z);
  EXPECT_EQ(ix.to_vector<double>(), (std::vector<double>{0, 0, 0, 1, 1, 1}));
  EXPECT_EQ(iy.to_vector<double>(), (std::vector<double>{0, 1, 2, 0, 1, 2}));
  EXPECT_EQ(same.to_vector<double>(), std::vector<double>(24, 1.0));

  Array w = jx::array({0.5f, -1.f, 2.f});
  Array x = jx::array({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, {4, 3});
  auto loss = [](const Array &w, const Array &x) {
    return jnp::sum(jnp::tanh(jnp::matmul(x, w)));
  };
  jx::Mesh b2{{"batch"}, {2}};
  Array g = jx::shard_map([&](const Array &w, const Array &x) {
    return lax::psum(jx::grad(loss)(w, x), "batch");
  }, b2, {{}, {{"batch"}}}, {{}})(w, x);
  expect_close(g, jx::grad(loss)(w, x));
}

// Collectives over several axes of a mesh at once (JAX's tuple of axis
// names): the devices that differ along any of them, indexed with the first
// named axis the most major. Expected values are JAX's (shard_map on a 2x3
// mesh of CPU devices, in_specs P(('x', 'y'))).
TEST(ShardMap, CollectivesOverSeveralAxes) {
  jx::Mesh xy{{"x", "y"}, {2, 3}};
  Array x = jnp::reshape(jnp::arange(0.0, 12.0, 1.0, jx::dtype::float32), {6, 2});
  auto [ixy, iyx, gxy, gyx, total, mean] = jx::shard_map([](const Array &v) {
    Array one = jnp::ones({1, 1});
    return std::make_tuple(one * lax::axis_index({"x", "y"}),
                           one * lax::axis_index({"y", "x"}),
                           lax::all_gather(v, {"x", "y"}, 0, /*tiled=*/true),
                           lax::all_gather(v, {"y", "x"}, 0, /*tiled=*/true),
                           lax::psum(v, {"x", "y"}), lax::pmean(v, {"y", "x"}));
  }, xy, {{{"x", "y"}}},
     {{{"x"}, {"y"}}, {{"x"}, {"y"}}, {}, {}, {}, {}})(x);
  EXPECT_EQ(ixy.to_vector<double>(), (std::vector<double>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(iyx.to_vector<double>(), (std::vector<double>{0, 2, 4, 1, 3, 5}));
  EXPECT_EQ(gxy.to_vector<double>(), x.to_vector<double>());
  EXPECT_EQ(gyx.to_vector<double>(),
            (std::vector<double>{0, 1, 6, 7, 2, 3, 8, 9, 4, 5, 10, 11}));
  EXPECT_EQ(total.to_vector<double>(), (std::vector<double>{30, 36}));
  EXPECT_EQ(mean.to_vector<double>(), (std::vector<double>{5, 6}));

  // psum_scatter over both axes: device i of the six keeps block i of the sum.
  Array rows = jnp::reshape(jnp::arange(0.0, 36.0, 1.0, jx::dtype::float32), {6, 6});
  Array scattered = jx::shard_map([](const Array &v) {
    return lax::psum_scatter(jnp::reshape(v, {6}), {"x", "y"}, 0, /*tiled=*/true);
  }, xy, {{{"x", "y"}}}, {{{"x", "y"}}})(rows);
  EXPECT_EQ(scattered.to_vector<double>(),
            jnp::sum(rows, 0).to_vector<double>());

  // One pmap axis as a tuple of one name is that axis.
  Array p = jx::pmap([](const Array &v) { return lax::psum(v, {"i"}); }, "i")(
      jnp::ones({4, 2}));
  EXPECT_EQ(p.to_vector<double>(), std::vector<double>(8, 4.0));

  auto on_mesh = [&](std::function<Array(const Array &)> body) {
    return [&xy, &x, body] { jx::shard_map(body, xy, {{{"x", "y"}}}, {{}})(x); };
  };
  grad_harness::expect_error(
      on_mesh([](const Array &v) { return lax::psum(v, {"x", "x"}); }),
      {"jx::lax::psum: axis 'x' is named twice"});
  grad_harness::expect_error(
      on_mesh([](const Array &v) { return lax::psum(v, {"x", "z"}); }),
      {"jx::lax::psum: unbound axis name 'z'"});
  grad_harness::expect_error(on_mesh([](const Array &v) {
                               return lax::psum(v, {"x", "y"},
                                                {{0, 1, 2}, {3, 4, 5}});
                             }),
                             {"axis_index_groups over several axes is not "
                              "supported"});
}

// ppermute over one axis of a 2-D mesh: the pairs are indices along that
// axis, applied within every line of devices along it (JAX's semantics).
TEST(ShardMap, PpermuteAlongOneAxisOfTwo) {
  jx::Mesh xy{{"x", "y"}, {2, 2}};
  Array x = jnp::reshape(jnp::arange(1.0, 5.0, 1.0, jx::dtype::float32), {2, 2});
  Array swap_y = jx::shard_map([](const Array &v) {
    return lax::ppermute(v, "y", {{0, 1}, {1, 0}});
  }, xy, {{{"x"}, {"y"}}}, {{{"x"}, {"y"}}})(x);
  EXPECT_EQ(swap_y.to_vector<double>(), (std::vector<double>{2, 1, 4, 3}));
  Array shift_x = jx::shard_map([](const Array &v) {
    return lax::ppermute(v, "x", {{0, 1}});
  }, xy, {{{"x"}, {"y"}}}, {{{"x"}, {"y"}}})(x);
  EXPECT_EQ(shift_x.to_vector<double>(), (std::vector<double>{0, 0, 1, 2}));
  // Over both axes: indices over (x, y), x the most major.
  Array rotate = jx::shard_map([](const Array &v) {
    return lax::ppermute(v, {"x", "y"}, {{0, 1}, {1, 2}, {2, 3}, {3, 0}});
  }, xy, {{{"x"}, {"y"}}}, {{{"x"}, {"y"}}})(x);
  EXPECT_EQ(rotate.to_vector<double>(), (std::vector<double>{4, 1, 2, 3}));
  // No pairs: nothing arrives anywhere.
  Array none = jx::shard_map([](const Array &v) {
    return lax::ppermute(v, "y", {});
  }, xy, {{{"x"}, {"y"}}}, {{{"x"}, {"y"}}})(x);
  EXPECT_EQ(none.to_vector<double>(), (std::vector<double>{0, 0, 0, 0}));
}

// jit with shardings: JAX's data-parallel MLP step (params replicated, the
// batch split) and Megatron matmul (w split by columns, w2 by rows), written
// on global arrays, partitioned by propagation: JAX's results, with the
// work split (no equation falls back to gathered operands).
TEST(ShardedJit, LikeJax) {
  jx::Mesh x2{{"x"}, {2}};
  auto stats = std::make_shared<jx::sharded_jit_stats>();
  auto step = jx::sharded_jit(
      [](const Array &w1, const Array &b1, const Array &w2, const Array &b2,
         const Array &x, const Array &y) {
        auto loss = [](const Array &w1, const Array &b1, const Array &w2,
                       const Array &b2, const Array &x, const Array &y) {
          Array h = jnp::tanh(jnp::matmul(x, w1) + b1);
          Array r = jnp::matmul(h, w2) + b2 - y;
          return jnp::mean(r * r);
        };
        auto [l, g] = jx::value_and_grad<0, 1, 2, 3>(loss)(w1, b1, w2, b2, x, y);
        auto [g1, gb1, g2, gb2] = g;
        return std::make_tuple(w1 - g1 * 0.1f, b1 - gb1 * 0.1f,
                               w2 - g2 * 0.1f, b2 - gb2 * 0.1f, l);
      },
      x2, {{}, {}, {}, {}, {{"x"}}, {{"x"}}}, {{}}, "dp_step", stats);
  std::vector<Array> in;
  for (int i = 0; i < 6; ++i)
    in.push_back(load("dp_mlp_step.in" + std::to_string(i)));
  auto [w1, b1, w2, b2, l] = step(in[0], in[1], in[2], in[3], in[4], in[5]);
  expect_close(w1, load("dp_mlp_step.out0"));
  expect_close(b1, load("dp_mlp_step.out1"));
  expect_close(w2, load("dp_mlp_step.out2"));
  expect_close(b2, load("dp_mlp_step.out3"));
  expect_close(l, load("dp_mlp_step.out4"));
  EXPECT_GT(stats->eqns, 10);
  EXPECT_EQ(stats->replicated_eqns, 0)
      << "first: " << (stats->replicated.empty() ? "" : stats->replicated[0]);
  // The gradients contract the split batch: summed across the devices.
  EXPECT_GE(stats->collectives, 4);

  auto tp = jx::sharded_jit(
      [](const Array &x, const Array &w, const Array &w2) {
        return jnp::matmul(jx::nn::relu(jnp::matmul(x, w)), w2);
      },
      x2, {{}, {{}, {"x"}}, {{"x"}, {}}}, {{}}, "tp", stats);
  Array y = tp(load("tp_matmul.in0"), load("tp_matmul.in1"),
               load("tp_matmul.in2"));
  expect_close(y, load("tp_matmul.out0"));
  EXPECT_EQ(stats->replicated_eqns, 0);
  // Megatron: one psum, after the second matmul contracts the split dim.
  EXPECT_EQ(stats->collectives, 1);
}

TEST(Pmap, Errors) {
  Array x = jx::array({1, 2, 3, 4}, {2, 2});
  using grad_harness::expect_error;
  expect_error([&] { lax::psum(x, "i"); },
               {"jx::lax::psum: unbound axis name 'i' (no pmap or shard_map is "
                "tracing)"});
  expect_error(
      [&] { jx::pmap([](const Array &v) { return lax::psum(v, "j"); }, "i")(x); },
      {"unbound axis name 'j' (the axes bound are 'i')"});
  expect_error(
      [&] { jx::pmap([](const Array &v) { return v; }, "i", {.devices = 3})(x); },
      {"3 devices asked for, but the mapped axis has size 2"});
  expect_error(
      [&] {
        jx::pmap([](const Array &v) { return lax::ppermute(v, "i", {{0, 2}}); },
                 "i")(x);
      },
      {"pair (0, 2) is out of range for axis 'i' of size 2"});
  expect_error(
      [&] {
        jx::shard_map([](const Array &v) { return v; }, jx::Mesh{{"x"}, {3}},
                      {{{"x"}}}, {{{"x"}}})(x);
      },
      {"dimension 0 of argument leaf 0 f32[2,2] (size 2) does not split into 3 "
       "blocks"});
  expect_error(
      [&] {
        jx::shard_map([](const Array &v) { return v; }, jx::Mesh{{"x"}, {2}},
                      {{{"z"}}}, {{{"x"}}})(x);
      },
      {"names axis 'z', which the mesh lacks"});

}

} // namespace
