// named_axes_test.cpp - collectives away from pmap's top level: jx::vmap
// with an axis_name gives what pmap gives on devices (JAX's fixtures), and
// pmap and shard_map work under grad, jit and vmap, with the single-device
// gradients.

#include "grad_harness.h"
#include "multidevice_fixtures.h"
#include "jx/jx.h"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

namespace jnp = jx::numpy;
namespace lax = jx::lax;
using jx::Array;

namespace {

using multidevice::expect_close;
using multidevice::load;

Array iota(jx::shape_t shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return jnp::reshape(
      jnp::arange(0.0, static_cast<double>(n), 1.0, jx::dtype::float32), shape);
}

// --- jx::vmap with an axis_name ----------------------------------------------

/// `f` vmapped over axis 0 of its arguments with the batch axis named "i".
template <class F> auto named_vmap(F f) {
  return jx::vmap(f, {}, 0, "i");
}

TEST(NamedVmap, ReductionsLikePmap) {
  for (std::string n : {"n2", "n4"}) {
    Array x = load("pmap_psum_" + n + ".in0");
    Array y = named_vmap([](const Array &v) {
      return lax::psum(v, "i") * 2.0f + v;
    })(x);
    expect_close(y, load("pmap_psum_" + n + ".out0"));
  }
  Array x = load("pmap_pmean_pmax.in0");
  auto [a, b, c] = named_vmap([](const Array &v) {
    return std::make_tuple(lax::pmean(v, "i"), lax::pmax(v, "i"),
                           lax::pmin(v, "i"));
  })(x);
  expect_close(a, load("pmap_pmean_pmax.out0"));
  expect_close(b, load("pmap_pmean_pmax.out1"), 0);
  expect_close(c, load("pmap_pmean_pmax.out2"), 0);
  Array r = named_vmap([](const Array &v) {
    return lax::psum(v, "i", {{0, 1}, {2, 3}});
  })(load("pmap_psum_groups.in0"));
  expect_close(r, load("pmap_psum_groups.out0"));
  Array q = named_vmap([](const Array &v) {
    return lax::pmax(v, "i", {{3, 0}, {1, 2}});
  })(load("pmap_psum_groups.in0"));
  expect_close(q, jx::pmap([](const Array &v) {
    return lax::pmax(v, "i", {{3, 0}, {1, 2}});
  }, "i")(load("pmap_psum_groups.in0")), 0);
}

TEST(NamedVmap, ExchangesLikePmap) {
  Array x = load("pmap_all_gather.in0");
  auto [a, b] = named_vmap([](const Array &v) {
    return std::make_tuple(lax::all_gather(v, "i"),
                           lax::all_gather(v, "i", 1, /*tiled=*/true));
  })(x);
  expect_close(a, load("pmap_all_gather.out0"), 0);
  expect_close(b, load("pmap_all_gather.out1"), 0);

  Array p = load("pmap_ppermute.in0");
  auto [c, d] = named_vmap([](const Array &v) {
    return std::make_tuple(
        lax::ppermute(v, "i", {{0, 1}, {1, 2}, {2, 3}, {3, 0}}),
        lax::ppermute(v, "i", {{0, 1}, {1, 2}}));
  })(p);
  expect_close(c, load("pmap_ppermute.out0"), 0);
  expect_close(d, load("pmap_ppermute.out1"), 0);

  Array s = named_vmap([](const Array &v) {
    return lax::psum_scatter(v, "i", 0, /*tiled=*/true);
  })(load("pmap_psum_scatter.in0"));
  expect_close(s, load("pmap_psum_scatter.out0"));
  Array t = named_vmap([](const Array &v) {
    return lax::all_to_all(v, "i", 0, 1, /*tiled=*/true);
  })(load("pmap_all_to_all.in0"));
  expect_close(t, load("pmap_all_to_all.out0"), 0);

  auto [e, f] = named_vmap([](const Array &v) {
    return std::make_tuple(v + lax::axis_index("i"), lax::axis_index("i"));
  })(load("pmap_axis_index.in0"));
  expect_close(e, load("pmap_axis_index.out0"), 0);
  expect_close(f, load("pmap_axis_index.out1"), 0);
}

// Every collective, on shapes and axes the fixtures do not cover, against
// pmap on as many devices: untiled psum_scatter and all_to_all, all_gather
// at a middle axis, a value the batch shares, a collective inside a loop.
TEST(NamedVmap, AgreesWithPmap) {
  auto body = [](const Array &v, const Array &w) {
    Array g = lax::all_gather(v, "i", 1);
    Array s = lax::psum_scatter(v, "i", 0, /*tiled=*/false);
    Array t = lax::all_to_all(v, "i", 0, 2, /*tiled=*/false);
    Array u = lax::all_to_all(v, "i", 2, 1, /*tiled=*/true);
    Array shared = lax::psum(w, "i"); // w is not mapped
    Array loop = jx::lax::fori_loop(0, 3, [](const Array &, const Array &c) {
      return lax::psum(c, "i") * 0.25f;
    }, v);
    return std::make_tuple(g, s, t, u, shared, loop);
  };
  Array x = jnp::sin(iota({4, 4, 3, 8}));
  Array w = jx::array({1.f, 2.f});
  auto want = jx::pmap(body, "i", {.in_axes = {0, jx::not_mapped}})(x, w);
  auto got = jx::vmap(body, {0, jx::not_mapped}, 0, "i")(x, w);
  expect_close(std::get<0>(got), std::get<0>(want), 0);
  expect_close(std::get<1>(got), std::get<1>(want));
  expect_close(std::get<2>(got), std::get<2>(want), 0);
  expect_close(std::get<3>(got), std::get<3>(want), 0);
  expect_close(std::get<4>(got), std::get<4>(want));
  expect_close(std::get<5>(got), std::get<5>(want));
}

TEST(NamedVmap, ComposesWithGradAndJit) {
  // Per-example normalization by the batch's mean: its gradient through
  // psum is the one of the same function written with sum over axis 0.
  Array x = jnp::sin(iota({4, 3}));
  auto named = [](const Array &x) {
    return jnp::sum(jx::vmap([](const Array &v) {
      return jnp::tanh(v - lax::pmean(v, "i"));
    }, {}, 0, "i")(x));
  };
  auto plain = [](const Array &x) {
    return jnp::sum(jnp::tanh(x - jnp::mean(x, 0)));
  };
  expect_close(jx::grad(named)(x), jx::grad(plain)(x));
  expect_close(jx::jit(named)(x), plain(x));
  expect_close(jx::jit(jx::grad(named))(x), jx::grad(plain)(x));
}

TEST(NamedVmap, Errors) {
  Array x = jnp::zeros({4, 3});
  grad_harness::expect_error(
      [&] {
        named_vmap([](const Array &v) {
          return lax::all_gather(v, {"i", "j"});
        })(x);
      },
      {"unbound axis name 'j'"});
  grad_harness::expect_error(
      [&] { named_vmap([](const Array &v) { return lax::psum(v, "j"); })(x); },
      {"unbound axis name 'j'", "the axes bound are 'i'"});
}

// --- pmap and shard_map under grad, jit and vmap ---------------------------------

Array mse(const Array &w, const Array &x, const Array &t) {
  Array e = jnp::tanh(jnp::matmul(x, w)) - t;
  return jnp::mean(e * e);
}

// The data-parallel loss: each device's loss on its slice, averaged by
// pmean; its gradient (grad outside pmap) is the one-device gradient.
TEST(PmapUnderTransforms, GradOfPmappedLossIsTheOneDeviceGradient) {
  Array w = jnp::cos(iota({4, 3})) * 0.5f;
  Array x = jnp::sin(iota({2, 5, 4})), t = jnp::cos(iota({2, 5, 3}));
  auto dp_loss = [](const Array &w, const Array &x, const Array &t) {
    return jx::pmap([](const Array &w, const Array &x, const Array &t) {
      return lax::pmean(mse(w, x, t), "i");
    }, "i", {.in_axes = {jx::not_mapped, 0, 0}, .out_axes = jx::not_mapped})(
        w, x, t);
  };
  Array xs = x.reshape({10, 4}), ts = t.reshape({10, 3});
  Array want = jx::grad(mse)(w, xs, ts);
  // Under a trace, the pmap is one shard_map equation over a mesh of its
  // axis, the mapped arguments split along their axis.
  std::ostringstream jaxpr;
  jaxpr << jx::make_jaxpr(dp_loss)(w, x, t);
  for (const char *part : {"= shard_map[", "in_specs=(P(), P('i'), P('i'))",
                           "mesh=Mesh('i': 2)", "out_specs=(P(),)",
                           "squeeze[dimensions=(0,)] f", "psum["})
    EXPECT_NE(jaxpr.str().find(part), std::string::npos)
        << part << " in\n" << jaxpr.str();
  expect_close(dp_loss(w, x, t), mse(w, xs, ts));
  expect_close(jx::grad(dp_loss)(w, x, t), want);
  // The same with the devices' losses stacked (out_axes 0) and averaged
  // outside, under jit, and with the gradient in x (split as x is).
  auto stacked = [](const Array &w, const Array &x, const Array &t) {
    return jnp::mean(jx::pmap([](const Array &w, const Array &x,
                                 const Array &t) { return mse(w, x, t); },
                              "i", {.in_axes = {jx::not_mapped, 0, 0}})(
        w, x, t));
  };
  expect_close(jx::jit(jx::grad(stacked))(w, x, t), want);
  expect_close(jx::grad<1>(stacked)(w, x, t),
               jx::grad<1>(mse)(w, xs, ts).reshape({2, 5, 4}));
  // A second gradient step reuses the devices' executables.
  expect_close(jx::grad(dp_loss)(w * 2.0f, x, t),
               jx::grad(mse)(w * 2.0f, xs, ts));
}

// jit of pmap: the same values as pmap itself (run as one vmap per axis on
// jit's device), with every collective; and jvp through the devices.
TEST(PmapUnderTransforms, JitAndJvpOfPmap) {
  auto f = jx::pmap([](const Array &v) {
    return std::make_tuple(
        lax::psum(v, "i") * v, lax::all_gather(v, "i", 1, /*tiled=*/true),
        lax::ppermute(v, "i", {{0, 1}, {1, 2}, {2, 3}, {3, 0}}),
        lax::psum_scatter(v, "i", 0, /*tiled=*/true),
        v * lax::axis_index("i"));
  }, "i");
  Array x = jnp::sin(iota({4, 4, 3}));
  auto want = f(x);
  // jit runs the pmap's equation on the devices, between programs for
  // jit's device; lowered as one module (the stage API, export), it is a
  // vmap named "i" on one device. Both give pmap's values.
  auto got = jx::jit([&](const Array &v) { return f(jnp::exp(v) - 1.0f); })(
      jnp::log1p(x));
  std::vector<Array> one =
      jx::jit(f).lower(x).compile()(std::vector<Array>{x});
  ASSERT_EQ(one.size(), 5u);
  expect_close(std::get<0>(got), std::get<0>(want));
  expect_close(std::get<1>(got), std::get<1>(want));
  expect_close(std::get<2>(got), std::get<2>(want));
  expect_close(std::get<3>(got), std::get<3>(want));
  expect_close(std::get<4>(got), std::get<4>(want));
  expect_close(one[0], std::get<0>(want));
  expect_close(one[1], std::get<1>(want), 0);
  expect_close(one[2], std::get<2>(want), 0);
  expect_close(one[3], std::get<3>(want));
  expect_close(one[4], std::get<4>(want), 0);
  EXPECT_NE(jx::jit(f).lower(x).as_text().find("stablehlo.reduce"),
            std::string::npos);

  // A pmap in a loop under jit: lowered with the loop, as the vmap.
  auto looped = [&](const Array &v) {
    return lax::fori_loop(0, 3, [&](const Array &, const Array &c) {
      return std::get<0>(f(c)) * 0.1f;
    }, v);
  };
  Array c = x;
  for (int i = 0; i < 3; ++i)
    c = std::get<0>(f(c)) * 0.1f; // on the devices
  expect_close(jx::jit(looped)(x), c);

  // jvp of x -> psum(x) * x is psum(t) * x + psum(x) * t.
  auto g = jx::pmap([](const Array &v) { return lax::psum(v, "i") * v; }, "i");
  Array t = jnp::cos(iota({4, 4, 3}));
  auto [y, dy] = jx::jvp(g, x, t);
  Array sx = jnp::sum(x, 0), st = jnp::sum(t, 0);
  expect_close(y, sx * x);
  expect_close(dy, st * x + sx * t);
}

// vmap of pmap: the batch stays whole on every device.
TEST(PmapUnderTransforms, VmapOfPmap) {
  auto f = jx::pmap([](const Array &v) {
    return lax::psum(v, "i") + lax::all_gather(v, "i");
  }, "i");
  Array xs = jnp::sin(iota({3, 4, 2}));
  Array got = jx::vmap(f)(xs);
  ASSERT_EQ(got.shape(), (jx::shape_t{3, 4, 4, 2}));
  for (int64_t b = 0; b < 3; ++b)
    expect_close(got[b], f(xs[b]));
}

// shard_map on a 2-D mesh under grad and jit: a sharded matmul whose loss
// is psum'ed over both axes; the weights, replicated, get the sum of the
// devices' gradients.
TEST(PmapUnderTransforms, GradAndJitOfShardMap) {
  jx::Mesh xy{{"x", "y"}, {2, 2}};
  Array w = jnp::cos(iota({4, 3})) * 0.5f;
  Array x = jnp::sin(iota({8, 4})), t = jnp::cos(iota({8, 3}));
  auto loss = [xy](const Array &w, const Array &x, const Array &t) {
    return jx::shard_map([](const Array &w, const Array &x, const Array &t) {
      Array e = jnp::tanh(jnp::matmul(x, w)) - t;
      return lax::psum(jnp::sum(e * e), {"x", "y"}) / 24.0f;
    }, xy, {{}, {{"x", "y"}}, {{"x", "y"}}}, {{}})(w, x, t);
  };
  expect_close(loss(w, x, t), mse(w, x, t));
  expect_close(jx::grad(loss)(w, x, t), jx::grad(mse)(w, x, t));
  expect_close(jx::jit(loss)(w, x, t), mse(w, x, t));
  expect_close(jx::jit(jx::grad(loss))(w, x, t), jx::grad(mse)(w, x, t));
  // Blocks along the second axis only ("y"), replicated along "x": the
  // result is the first "x" row's; its gradient goes there once.
  auto half = [xy](const Array &x) {
    return jnp::sum(jx::shard_map([](const Array &v) {
      return v * lax::psum(v, "y");
    }, xy, {{{}, {"y"}}}, {{{}, {"y"}}})(x));
  };
  Array v = jnp::sin(iota({3, 4}));
  auto direct = [](const Array &x) {
    Array a = jx::lax::slice(x, {0, 0}, {3, 2}), b = jx::lax::slice(x, {0, 2}, {3, 4});
    Array s = a + b;
    return jnp::sum(a * s) + jnp::sum(b * s);
  };
  expect_close(half(v), direct(v));
  expect_close(jx::grad(half)(v), jx::grad(direct)(v));
  expect_close(jx::jit(jx::grad(half))(v), jx::grad(direct)(v));

  // A gather over both axes of the mesh runs on the devices, at top level
  // and under jit; lowered as one module it has no vmap form: an error.
  auto gather = [xy](const Array &x) {
    return jx::shard_map([](const Array &b) {
      return lax::all_gather(b, {"x", "y"}, 0, /*tiled=*/true);
    }, xy, {{{"x", "y"}}}, {{}})(x);
  };
  expect_close(gather(x), x, 0);
  expect_close(jx::jit(gather)(x), x, 0);
  grad_harness::expect_error(
      [&] { jx::jit(gather).lower(x).as_text(); },
      {"jx::lax::all_gather over axes (x, y) is not supported under a vmap "
       "named 'y' (a pmap or shard_map lowered into a program, as in a loop "
       "under jit, runs as one vmap per mesh axis)"});
}

} // namespace
