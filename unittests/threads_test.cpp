// threads_test.cpp - tracing, compiling and running from many threads at
// once: jit (new shapes and cached ones), grad, vmap, eager ops and errors,
// each thread checking its own results and its own error messages.

#include "../lib/frontend/lowering.h"
#include "jx/jx.h"
#include "jx/random.h"

#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace jnp = jx::numpy;
namespace lax = jx::lax;
using jx::Array;

constexpr int kThreads = 8;

/// f32[n] holding base, base + 1, ...
Array ramp(int64_t n, float base) {
  std::vector<double> v(n);
  for (int64_t i = 0; i < n; ++i)
    v[i] = base + static_cast<float>(i);
  return jx::array(v, {n}, jx::float32);
}

/// The message of the jx::error `f` throws, or "no error".
template <class F> std::string error_of(F f) {
  try {
    f();
  } catch (const jx::error &e) {
    return e.what();
  }
  return "no error";
}

/// Runs `body(thread, failures)` on kThreads threads at once (started
/// together), and returns every failure they recorded.
template <class F> std::vector<std::string> run_threads(F body) {
  std::vector<std::vector<std::string>> failures(kThreads);
  std::atomic<int> ready{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      ++ready;
      while (ready < kThreads)
        std::this_thread::yield();
      try {
        body(t, failures[t]);
      } catch (const std::exception &e) {
        failures[t].push_back("thread " + std::to_string(t) +
                              " threw: " + e.what());
      }
    });
  for (std::thread &th : threads)
    th.join();
  std::vector<std::string> all;
  for (auto &f : failures)
    all.insert(all.end(), f.begin(), f.end());
  return all;
}

void expect_near(std::vector<std::string> &failures, const std::string &what,
                 const std::vector<float> &got,
                 const std::vector<float> &want) {
  bool ok = got.size() == want.size();
  for (std::size_t i = 0; ok && i < got.size(); ++i)
    ok = std::fabs(got[i] - want[i]) <= 1e-4f * (1 + std::fabs(want[i]));
  if (!ok)
    failures.push_back(what + ": wrong values");
}

void expect_error(std::vector<std::string> &failures, const std::string &what,
                  const std::string &got, const std::string &want) {
  if (got != want)
    failures.push_back(what + ": got \"" + got + "\", want \"" + want + "\"");
}

TEST(Threads, MixedWorkloadFromEightThreads) {
  // Shared by every thread: one jit object (one compile cache).
  auto shared = jx::jit([](const Array &x, const Array &y) {
    return jnp::tanh(x) * y + 1.0f;
  });
  // grad and vmap under a shared jit, two signatures raced for by all.
  auto shared_grad = jx::jit(jx::vmap(jx::grad(
      [](const Array &x) { return jnp::sum(x * x * x); })));
  // Fails to trace for every thread: with one signature for all (threads
  // waiting on the one tracing it must each get the error) and with each
  // thread's own.
  auto shared_bad = jx::jit([](const Array &x) {
    return lax::slice(x, {0}, {x.shape()[0] + 7});
  });
  constexpr int kIterations = 8;
  // jx::random from each thread: the same numbers as from this one.
  auto normal = [](int t, int i) {
    return jx::random::normal(jx::random::fold_in(jx::random::key(t), i), {3})
        .to_vector<float>();
  };
  std::vector<std::vector<std::vector<float>>> normals(kThreads);
  for (int t = 0; t < kThreads; ++t)
    for (int i = 0; i < kIterations; ++i)
      normals[t].push_back(normal(t, i));
  std::vector<std::string> failures =
      run_threads([&](int t, std::vector<std::string> &fail) {
        std::string who = "thread " + std::to_string(t);
        // One jit object per thread too.
        auto own = jx::jit([](const Array &x) { return jnp::sum(x * x); });
        for (int i = 0; i < kIterations; ++i) {
          std::string at = who + " iteration " + std::to_string(i);
          // jit, cached shape (the same for every thread).
          Array a = ramp(4, 0.25f * t), b = ramp(4, 1.0f);
          std::vector<float> av = a.to_vector<float>(),
                             bv = b.to_vector<float>(), want;
          for (int k = 0; k < 4; ++k)
            want.push_back(std::tanh(av[k]) * bv[k] + 1.0f);
          expect_near(fail, at + " shared jit",
                      shared(a, b).to_vector<float>(), want);
          // jit, a shape no other call uses: a compile.
          int64_t n = 5 + t * kIterations + i;
          Array c = ramp(n, 1.0f);
          float sum = 0;
          for (int64_t k = 0; k < n; ++k)
            sum += (1.0f + k) * (1.0f + k);
          expect_near(fail, at + " own jit", {own(c).item<float>()}, {sum});
          // grad (eager) and vmap (eager), of thread-specific shapes.
          Array g = jx::grad([](const Array &x) {
            return jnp::sum(jnp::sin(x) * x);
          })(ramp(3 + t, 0.5f));
          std::vector<float> gv = g.to_vector<float>(), gw;
          for (int k = 0; k < 3 + t; ++k) {
            float x = 0.5f + k;
            gw.push_back(std::cos(x) * x + std::sin(x));
          }
          expect_near(fail, at + " grad", gv, gw);
          Array m = jx::vmap([](const Array &row) { return jnp::max(row); })(
              jnp::reshape(ramp(2 * (t + 1), 0.0f), {t + 1, 2}));
          std::vector<float> mw;
          for (int k = 0; k <= t; ++k)
            mw.push_back(2.0f * k + 1);
          expect_near(fail, at + " vmap", m.to_vector<float>(), mw);
          int64_t rows = 1 + i % 2;
          std::vector<float> sq;
          for (int64_t k = 0; k < 3 * rows; ++k)
            sq.push_back(3.0f * (k + 1) * (k + 1));
          expect_near(fail, at + " shared jit(vmap(grad))",
                      shared_grad(jnp::reshape(ramp(3 * rows, 1.0f),
                                               {rows, 3}))
                          .to_vector<float>(),
                      sq);
          // A contraction big enough for BLAS (ContractionToBlas), from
          // every thread at once: each row of ones[m,32] @ r is r's column
          // sums.
          int64_t mrows = 16 + t;
          Array lhs = jnp::ones({mrows, 32}, jx::float32);
          Array rhs = jnp::reshape(ramp(32 * 16, 0.0f), {32, 16});
          std::vector<float> colsum(16 * mrows);
          for (int64_t r = 0; r < mrows; ++r)
            for (int64_t j = 0; j < 16; ++j)
              for (int64_t k = 0; k < 32; ++k)
                colsum[r * 16 + j] += static_cast<float>(k * 16 + j);
          expect_near(fail, at + " matmul",
                      jnp::matmul(lhs, rhs).to_vector<float>(), colsum);
          // Eager ops.
          Array e = jnp::exp(ramp(2 + t % 3, -1.0f)) - 1.0f;
          std::vector<float> ew;
          for (int k = 0; k < 2 + t % 3; ++k)
            ew.push_back(std::exp(-1.0f + k) - 1.0f);
          expect_near(fail, at + " eager", e.to_vector<float>(), ew);
          expect_near(fail, at + " random", normal(t, i), normals[t][i]);
          // Errors: each thread's own shapes in its own message. A shape
          // rule of the stablehlo dialect (reported through MLIR's
          // diagnostics), eagerly and under jit, and a frontend check.
          std::string size = std::to_string(t + 2);
          std::string want_slice = "jx::lax::slice: slice 0:" +
                                   std::to_string(t + 9) +
                                   " of dimension 0 (size " + size +
                                   ") must satisfy 0 <= start <= limit <= "
                                   "size (slice_c3)";
          Array x = ramp(t + 2, 0.0f);
          expect_error(fail, at + " eager slice",
                       error_of([&] { lax::slice(x, {0}, {t + 9}); }),
                       want_slice);
          auto bad = jx::jit([t](const Array &v) {
            return lax::slice(v, {0}, {t + 9});
          });
          expect_error(fail, at + " jit slice", error_of([&] { bad(x); }),
                       want_slice);
          expect_error(fail, at + " shared jit slice",
                       error_of([&] { shared_bad(x); }), want_slice);
          expect_error(fail, at + " shared jit slice, one signature",
                       error_of([&] { shared_bad(ramp(1, 0.0f)); }),
                       "jx::lax::slice: slice 0:8 of dimension 0 (size 1) "
                       "must satisfy 0 <= start <= limit <= size (slice_c3)");
          expect_error(fail, at + " broadcast",
                       error_of([&] { (void)(x + ramp(t + 3, 0.0f)); }),
                       "jx::add: shapes f32[" + size + "] and f32[" +
                           std::to_string(t + 3) + "] do not broadcast");
        }
      });
  for (const std::string &f : failures)
    ADD_FAILURE() << f;
  EXPECT_EQ(shared_grad.cache_misses(), 2);
  EXPECT_EQ(shared.cache_misses(), 1);
  EXPECT_EQ(shared.cache_hits(), kThreads * kIterations - 1);
}

TEST(Threads, EachThreadCatchesItsOwnDiagnostics) {
  // MLIR's diagnostic handlers are context-wide; frontend's captures keep
  // their own thread's. Verifying a module of several functions runs on the
  // context's thread pool, whose diagnostics MLIR re-emits on the caller.
  std::vector<std::string> failures =
      run_threads([](int t, std::vector<std::string> &fail) {
        std::string who = "thread " + std::to_string(t);
        mlir::MLIRContext &ctx = jx::frontend::context();
        for (int i = 0; i < 20; ++i) {
          std::string at = who + " iteration " + std::to_string(i);
          std::string mine = "t" + std::to_string(t) + "_";
          {
            jx::frontend::diagnostic_capture capture;
            mlir::emitError(mlir::UnknownLoc::get(&ctx)) << at;
            if (capture.text() != at + "\n")
              fail.push_back(at + ": caught \"" + capture.text() + "\"");
          }
          std::string text = "module {\n";
          for (int f = 0; f < 4; ++f)
            text += "  func.func private @" + mine + std::to_string(f) +
                    "() -> i32 {\n    func.return\n  }\n";
          text += "}\n";
          jx::frontend::diagnostic_capture capture;
          mlir::OwningOpRef<mlir::ModuleOp> m =
              mlir::parseSourceString<mlir::ModuleOp>(text, &ctx);
          if (m)
            fail.push_back(at + ": an invalid module verified");
          std::string caught = capture.text();
          if (caught.find("@" + mine) == std::string::npos)
            fail.push_back(at + ": its error is missing: \"" + caught + "\"");
          for (int u = 0; u < kThreads; ++u)
            if (u != t && caught.find("@t" + std::to_string(u) + "_") !=
                              std::string::npos)
              fail.push_back(at + ": caught thread " + std::to_string(u) +
                             "'s error: \"" + caught + "\"");
        }
      });
  for (const std::string &f : failures)
    ADD_FAILURE() << f;
}

} // namespace
