//===- jit_bench.cpp - the cost of a cached jx::jit call -------------------===//
//
// Issue 4 asks what calling an already-compiled jit function costs on small
// inputs (JAX's dispatch is about 5 us from Python). Each case compiles once
// before timing, so an iteration is: signature lookup in jit's cache, input
// checks, result allocation, the compiled code, wrapping the results.
//
//   jit/cached/x*2+1/f32[8]     jx::jit(f)(x), f = x * 2 + 1
//   jit/cached/x*2+1/f32[1024]  the same on 1024 elements
//   jit/cached/x*y+x/f32[8]     two arguments
//   jit/cached/x*n+1,static n   a static int argument (static_argnums)
//   jit/cached/map{a,b}         a std::map<std::string, Array> argument
//   jit/cached/donated          x = jf(x), x donated (its buffer reused)
//   eager/multiply/f32[8]       one op run eagerly (its own cached executable)
//   cpp/x*2+1/f32[8]            the arithmetic as a plain C++ loop
//
// See docs/performance.md.
//
//===----------------------------------------------------------------------===//

#include "jx/jx.h"

#include <benchmark/benchmark.h>

#include <map>
#include <string>
#include <vector>

namespace {

namespace jnp = jx::numpy;
using jx::Array;

Array iota_f32(int64_t n) {
  std::vector<double> v(n);
  for (int64_t i = 0; i < n; ++i)
    v[i] = 0.5 * static_cast<double>(i);
  return jx::array(v, {n}, jx::float32);
}

void BM_jit_cached_affine(benchmark::State &state) {
  auto f = jx::jit([](const Array &x) { return x * 2.0f + 1.0f; }, "affine");
  Array x = iota_f32(state.range(0));
  Array warm = f(x); // trace + compile, outside the timing
  if (warm.to_vector<float>()[1] != 2.0f) {
    state.SkipWithError("wrong result");
    return;
  }
  for (auto _ : state) {
    Array y = f(x);
    benchmark::DoNotOptimize(y);
  }
  if (f.cache_misses() != 1)
    state.SkipWithError("the timed calls were not cache hits");
}

void BM_jit_cached_two_args(benchmark::State &state) {
  auto f = jx::jit([](const Array &x, const Array &y) { return x * y + x; });
  Array x = iota_f32(state.range(0)), y = iota_f32(state.range(0));
  f(x, y);
  for (auto _ : state) {
    Array r = f(x, y);
    benchmark::DoNotOptimize(r);
  }
  if (f.cache_misses() != 1)
    state.SkipWithError("the timed calls were not cache hits");
}

void BM_jit_cached_static_int(benchmark::State &state) {
  auto f = jx::jit([](const Array &x, int n) { return x * float(n) + 1.0f; },
                   jx::jit_options().static_argnums({1}).name("static"));
  Array x = iota_f32(state.range(0));
  f(x, 3);
  for (auto _ : state) {
    Array r = f(x, 3);
    benchmark::DoNotOptimize(r);
  }
  if (f.cache_misses() != 1)
    state.SkipWithError("the timed calls were not cache hits");
}

void BM_jit_cached_map(benchmark::State &state) {
  using dict = std::map<std::string, Array>;
  auto f = jx::jit([](const dict &d) { return d.at("a") * d.at("b") + 1.0f; });
  dict d{{"a", iota_f32(state.range(0))}, {"b", iota_f32(state.range(0))}};
  f(d);
  for (auto _ : state) {
    Array r = f(d);
    benchmark::DoNotOptimize(r);
  }
  if (f.cache_misses() != 1)
    state.SkipWithError("the timed calls were not cache hits");
}

void BM_jit_cached_donated(benchmark::State &state) {
  auto f = jx::jit([](const Array &x) { return x * 0.5f + 1.0f; },
                   jx::jit_options().donate_argnums({0}).name("donated"));
  Array x = iota_f32(state.range(0));
  const uint8_t *data = x.buffer().data.data();
  x = f(x);
  for (auto _ : state) {
    x = f(x); // the result lives in the donated buffer: nothing allocated
    benchmark::DoNotOptimize(x);
  }
  if (f.cache_misses() != 1)
    state.SkipWithError("the timed calls were not cache hits");
  if (x.buffer().data.data() != data)
    state.SkipWithError("the donated buffer was not reused");
}

void BM_eager_multiply(benchmark::State &state) {
  Array x = iota_f32(state.range(0));
  jnp::multiply(x, x); // compiles the eager executable
  for (auto _ : state) {
    Array r = jnp::multiply(x, x);
    benchmark::DoNotOptimize(r);
  }
}

void BM_cpp_affine(benchmark::State &state) {
  std::vector<float> x(state.range(0), 1.5f), y(x.size());
  for (auto _ : state) {
    benchmark::DoNotOptimize(x.data());
    for (std::size_t i = 0; i < x.size(); ++i)
      y[i] = x[i] * 2.0f + 1.0f;
    benchmark::ClobberMemory();
  }
}

} // namespace

BENCHMARK(BM_jit_cached_affine)->Name("jit/cached/x*2+1/f32")->Arg(8)->Arg(1024);
BENCHMARK(BM_jit_cached_two_args)->Name("jit/cached/x*y+x/f32")->Arg(8);
BENCHMARK(BM_jit_cached_static_int)->Name("jit/cached/x*n+1,static n/f32")->Arg(8);
BENCHMARK(BM_jit_cached_map)->Name("jit/cached/map{a,b}/f32")->Arg(8);
BENCHMARK(BM_jit_cached_donated)->Name("jit/cached/donated x*.5+1/f32")->Arg(8);
BENCHMARK(BM_eager_multiply)->Name("eager/multiply/f32")->Arg(8);
BENCHMARK(BM_cpp_affine)->Name("cpp/x*2+1/f32")->Arg(8);

BENCHMARK_MAIN();
