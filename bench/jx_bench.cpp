//===- jx_bench.cpp - compile and run time of jx's CPU code ---------------===//
//
// Google Benchmark cases, each next to a baseline measured in the same run:
//
//   compile/<program>          jx::compiler::compile, whole pipeline
//                              from StableHLO to JIT-compiled machine code
//   run/jx/<program>           executable::run on fixed inputs (results checked
//                              once against the baseline before timing)
//   run/openblas/matmul        cblas_sgemm, all threads; openblas_1t: one thread
//   run/cpp/<program>          the same computation as plain C++ loops
//   run/bandwidth/<program>    a plain C++ loop moving the same bytes as the
//                              program must (read each input, write each result
//                              once): the memory-bound floor
//
// Programs: bench/programs/{chain,matmul,rowsum,softmax}.mlir and
// test/Fixtures/jax/mlp_forward.mlir (with its JAX inputs and outputs). A
// program jx cannot compile yet is skipped with the compiler's first error.
// See docs/performance.md.
//
//===----------------------------------------------------------------------===//

#include "jx/InitAll.h"
#include "jx/Target/CPU/CPUTarget.h"
#include "jx/Compiler/Compile.h"
#include "jx/runtime/executable.h"
#include "jx/runtime/host_buffer.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <benchmark/benchmark.h>
#ifdef JX_BENCH_HAVE_OPENBLAS
#include <cblas.h>
#endif
#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace {

using jx::runtime::dtype;
using jx::runtime::executable;
using jx::runtime::host_buffer;

constexpr int64_t kChainN = int64_t(1) << 24; // 16M floats
constexpr int64_t kMat = 1024;                 // matmul is kMat x kMat
constexpr int64_t kRows = 4096, kCols = 4096;  // rowsum, softmax

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

float *f32(host_buffer &b) { return reinterpret_cast<float *>(b.data.data()); }
const float *f32(const host_buffer &b) {
  return reinterpret_cast<const float *>(b.data.data());
}

host_buffer make_f32(std::vector<int64_t> shape) {
  host_buffer b;
  b.dtype = dtype::float32;
  b.shape = std::move(shape);
  b.data.assign(b.size() * sizeof(float), 0);
  return b;
}

host_buffer random_f32(std::vector<int64_t> shape, float lo, float hi,
                       unsigned seed) {
  host_buffer b = make_f32(std::move(shape));
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  float *p = f32(b);
  for (int64_t i = 0; i < b.size(); ++i)
    p[i] = dist(rng);
  return b;
}

/// Empty when every element of `got` is within atol + rtol * |want|.
std::string compare(const host_buffer &got, const host_buffer &want,
                    double rtol, double atol) {
  if (got.shape != want.shape || got.dtype != want.dtype)
    return "got " + got.type_string() + ", want " + want.type_string();
  const float *g = f32(got), *w = f32(want);
  int64_t bad = 0, worst = -1;
  double worst_err = 0;
  for (int64_t i = 0; i < got.size(); ++i) {
    double err = std::fabs(double(g[i]) - double(w[i]));
    if (!(err <= atol + rtol * std::fabs(double(w[i])))) {
      ++bad;
      if (worst < 0 || !(err <= worst_err)) {
        worst = i;
        worst_err = err;
      }
    }
  }
  if (!bad)
    return "";
  return std::to_string(bad) + " of " + std::to_string(got.size()) +
         " elements off; worst at flat index " + std::to_string(worst) +
         ": got " + std::to_string(g[worst]) + ", want " +
         std::to_string(w[worst]);
}

//===----------------------------------------------------------------------===//
// Baselines: plain C++ (compiled with the project's flags, -O3)
//===----------------------------------------------------------------------===//

void chain_cpp(const float *x, const float *y, const float *z, float *out,
               int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    out[i] = std::exp(x[i]) * y[i] + z[i];
}

/// The chain's memory traffic without its exp: three reads, one write.
void chain_bandwidth(const float *x, const float *y, const float *z,
                     float *out, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    out[i] = x[i] * y[i] + z[i];
}

/// Row sums with 16 independent partial sums, so that the loop runs at
/// memory speed rather than at one dependent add per element.
void rowsum_bandwidth(const float *x, float *out, int64_t rows, int64_t cols) {
  for (int64_t r = 0; r < rows; ++r) {
    const float *row = x + r * cols;
    float acc[16] = {};
    int64_t c = 0;
    for (; c + 16 <= cols; c += 16)
      for (int k = 0; k < 16; ++k)
        acc[k] += row[c + k];
    float s = 0;
    for (; c < cols; ++c)
      s += row[c];
    for (float a : acc)
      s += a;
    out[r] = s;
  }
}

void softmax_cpp(const float *x, float *out, int64_t rows, int64_t cols) {
  for (int64_t r = 0; r < rows; ++r) {
    const float *row = x + r * cols;
    float *o = out + r * cols;
    float m = -INFINITY;
    for (int64_t c = 0; c < cols; ++c)
      m = std::max(m, row[c]);
    float s = 0;
    for (int64_t c = 0; c < cols; ++c) {
      o[c] = std::exp(row[c] - m);
      s += o[c];
    }
    float inv = 1.0f / s;
    for (int64_t c = 0; c < cols; ++c)
      o[c] *= inv;
  }
}

/// Softmax's least traffic: read the matrix once, write it once.
void softmax_bandwidth(const float *x, float *out, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    out[i] = x[i] * 0.5f;
}

/// mlp_forward: probs = softmax(relu(x @ w1 + b1) @ w2 + b2) and the mean
/// cross-entropy against one-hot labels, as test/Fixtures/jax/mlp_forward.
void mlp_cpp(const std::vector<host_buffer> &in, float *probs, float *loss) {
  const float *b1 = f32(in[0]), *b2 = f32(in[1]), *w1 = f32(in[2]),
              *w2 = f32(in[3]), *x = f32(in[4]);
  const int32_t *labels = reinterpret_cast<const int32_t *>(in[5].data.data());
  constexpr int B = 6, I = 8, H = 16, O = 4;
  float total = 0;
  for (int b = 0; b < B; ++b) {
    float h[H], logits[O];
    for (int j = 0; j < H; ++j) {
      float s = 0;
      for (int i = 0; i < I; ++i)
        s += x[b * I + i] * w1[i * H + j];
      h[j] = std::max(s + b1[j], 0.0f);
    }
    float m = -INFINITY;
    for (int k = 0; k < O; ++k) {
      float s = 0;
      for (int j = 0; j < H; ++j)
        s += h[j] * w2[j * O + k];
      logits[k] = s + b2[k];
      m = std::max(m, logits[k]);
    }
    float sum = 0;
    for (int k = 0; k < O; ++k)
      sum += std::exp(logits[k] - m);
    for (int k = 0; k < O; ++k) {
      probs[b * O + k] = std::exp(logits[k] - m) / sum;
      if (labels[b] == k)
        total += logits[k] - m - std::log(sum);
    }
  }
  *loss = -total / B;
}

//===----------------------------------------------------------------------===//
// Programs and their data
//===----------------------------------------------------------------------===//

mlir::MLIRContext &context() {
  static mlir::MLIRContext *ctx = [] {
    jx::registerAllPasses();
    mlir::DialectRegistry registry;
    jx::registerAllDialects(registry);
    jx::cpu::registerTranslations(registry);
    auto *c = new mlir::MLIRContext(registry);
    c->loadAllAvailableDialects();
    return c;
  }();
  return *ctx;
}

/// Runs `fn` and returns the first error it diagnosed ("" if none).
std::string first_error(const std::function<void()> &fn) {
  std::string error;
  mlir::ScopedDiagnosticHandler handler(&context(), [&](mlir::Diagnostic &d) {
    if (d.getSeverity() == mlir::DiagnosticSeverity::Error && error.empty())
      error = d.str();
    return mlir::success();
  });
  fn();
  return error;
}

struct Program {
  std::string path;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::unique_ptr<executable> exe; // null when it does not compile
  std::string error;               // why not
};

/// Programs compiled so far, by path. main() empties it before returning,
/// so that the JITs are torn down while LLVM is still whole (an executable
/// still alive at exit is leaked on purpose, see ~executable).
std::map<std::string, std::unique_ptr<Program>> &programs() {
  static std::map<std::string, std::unique_ptr<Program>> cache;
  return cache;
}

/// The program at `path`, parsed and compiled once.
Program &program(const std::string &path) {
  auto &slot = programs()[path];
  if (slot)
    return *slot;
  slot = std::make_unique<Program>();
  Program &p = *slot;
  p.path = path;
  p.error = first_error([&] {
    p.module = mlir::parseSourceFile<mlir::ModuleOp>(path, &context());
    if (p.module)
      p.exe = jx::compiler::compile(*p.module, "main");
  });
  if (!p.module && p.error.empty())
    p.error = "cannot parse " + path;
  if (p.module && !p.exe && p.error.empty())
    p.error = "does not compile";
  return p;
}

/// One benchmarked program: where it is, its inputs, and the expected
/// results (computed by the C++ baseline, or recorded by JAX).
struct Case {
  std::string name, path;
  std::vector<host_buffer> inputs, expected;
  double rtol, atol;
  int64_t bytes;    // the least memory traffic of one run
  double flops = 0; // arithmetic of one run, where it is the point
};

std::string programs_dir() { return JX_SOURCE_DIR "/bench/programs/"; }
std::string fixtures_dir() { return JX_SOURCE_DIR "/test/Fixtures/jax/"; }

Case &chain_case() {
  static Case c = [] {
    Case c{"chain", programs_dir() + "chain.mlir", {}, {}, 1e-5, 1e-6,
           4 * kChainN * int64_t(sizeof(float))};
    c.inputs.push_back(random_f32({kChainN}, -2, 2, 1));
    c.inputs.push_back(random_f32({kChainN}, -1, 1, 2));
    c.inputs.push_back(random_f32({kChainN}, -1, 1, 3));
    c.expected.push_back(make_f32({kChainN}));
    chain_cpp(f32(c.inputs[0]), f32(c.inputs[1]), f32(c.inputs[2]),
              f32(c.expected[0]), kChainN);
    return c;
  }();
  return c;
}

void matmul_reference(const float *a, const float *b, float *out) {
  // Naive i-k-j order in double, for checking only.
  std::vector<double> acc(kMat * kMat, 0.0);
  for (int64_t i = 0; i < kMat; ++i)
    for (int64_t k = 0; k < kMat; ++k) {
      double aik = a[i * kMat + k];
      for (int64_t j = 0; j < kMat; ++j)
        acc[i * kMat + j] += aik * b[k * kMat + j];
    }
  for (int64_t i = 0; i < kMat * kMat; ++i)
    out[i] = float(acc[i]);
}

Case &matmul_case() {
  static Case c = [] {
    Case c{"matmul", programs_dir() + "matmul.mlir", {}, {}, 1e-3, 1e-3,
           3 * kMat * kMat * int64_t(sizeof(float))};
    c.flops = 2.0 * kMat * kMat * kMat;
    c.inputs.push_back(random_f32({kMat, kMat}, -1, 1, 4));
    c.inputs.push_back(random_f32({kMat, kMat}, -1, 1, 5));
    c.expected.push_back(make_f32({kMat, kMat}));
    matmul_reference(f32(c.inputs[0]), f32(c.inputs[1]), f32(c.expected[0]));
    return c;
  }();
  return c;
}

Case &rowsum_case() {
  static Case c = [] {
    Case c{"rowsum", programs_dir() + "rowsum.mlir", {}, {}, 1e-4, 1e-3,
           (kRows * kCols + kRows) * int64_t(sizeof(float))};
    c.inputs.push_back(random_f32({kRows, kCols}, -1, 1, 6));
    c.expected.push_back(make_f32({kRows}));
    rowsum_bandwidth(f32(c.inputs[0]), f32(c.expected[0]), kRows, kCols);
    return c;
  }();
  return c;
}

Case &softmax_case() {
  static Case c = [] {
    Case c{"softmax", programs_dir() + "softmax.mlir", {}, {}, 1e-4, 1e-9,
           2 * kRows * kCols * int64_t(sizeof(float))};
    c.inputs.push_back(random_f32({kRows, kCols}, -4, 4, 7));
    c.expected.push_back(make_f32({kRows, kCols}));
    softmax_cpp(f32(c.inputs[0]), f32(c.expected[0]), kRows, kCols);
    return c;
  }();
  return c;
}

Case &mlp_case() {
  static Case c = [] {
    // Tolerance of the fixture (manifest.json).
    Case c{"mlp_forward", fixtures_dir() + "mlp_forward.mlir", {}, {}, 1e-5,
           1e-5, 0};
    for (int i = 0; i < 6; ++i)
      c.inputs.push_back(jx::runtime::read_npy(
          fixtures_dir() + "mlp_forward.in" + std::to_string(i) + ".npy"));
    for (int i = 0; i < 2; ++i)
      c.expected.push_back(jx::runtime::read_npy(
          fixtures_dir() + "mlp_forward.out" + std::to_string(i) + ".npy"));
    for (const host_buffer &b : c.inputs)
      c.bytes += int64_t(b.data.size());
    for (const host_buffer &b : c.expected)
      c.bytes += int64_t(b.data.size());
    return c;
  }();
  return c;
}

/// Empty when `got` matches the case's expected results.
std::string check_results(const Case &c, const std::vector<host_buffer> &got) {
  if (got.size() != c.expected.size())
    return std::to_string(got.size()) + " results, want " +
           std::to_string(c.expected.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    std::string why = compare(got[i], c.expected[i], c.rtol, c.atol);
    if (!why.empty())
      return "result #" + std::to_string(i) + ": " + why;
  }
  return "";
}

void set_counters(benchmark::State &state, const Case &c) {
  state.SetBytesProcessed(state.iterations() * c.bytes);
  if (c.flops)
    state.counters["FLOP/s"] = benchmark::Counter(
        c.flops * double(state.iterations()), benchmark::Counter::kIsRate);
}

//===----------------------------------------------------------------------===//
// Benchmarks
//===----------------------------------------------------------------------===//

void BM_compile(benchmark::State &state, Case &(*get)()) {
  Case &c = get();
  Program &p = program(c.path);
  if (!p.exe) {
    state.SkipWithError(("does not compile yet: " + p.error).c_str());
    return;
  }
  for (auto _ : state) {
    std::unique_ptr<executable> exe;
    std::string error =
        first_error([&] { exe = jx::compiler::compile(*p.module, "main"); });
    if (!exe) {
      state.SkipWithError(("compile failed: " + error).c_str());
      break;
    }
    benchmark::DoNotOptimize(exe.get());
  }
}

void BM_jx_run(benchmark::State &state, Case &(*get)()) {
  Case &c = get();
  Program &p = program(c.path);
  if (!p.exe) {
    state.SkipWithError(("does not compile yet: " + p.error).c_str());
    return;
  }
  try {
    std::string wrong = check_results(c, p.exe->run(c.inputs));
    if (!wrong.empty()) {
      state.SkipWithError(("wrong result: " + wrong).c_str());
      return;
    }
  } catch (const std::exception &e) {
    state.SkipWithError((std::string("run failed: ") + e.what()).c_str());
    return;
  }
  for (auto _ : state) {
    std::vector<host_buffer> results = p.exe->run(c.inputs);
    benchmark::DoNotOptimize(results.data());
    benchmark::ClobberMemory();
  }
  set_counters(state, c);
}

void BM_chain_cpp(benchmark::State &state) {
  Case &c = chain_case();
  host_buffer out = make_f32({kChainN});
  for (auto _ : state) {
    chain_cpp(f32(c.inputs[0]), f32(c.inputs[1]), f32(c.inputs[2]), f32(out),
              kChainN);
    benchmark::ClobberMemory();
  }
  set_counters(state, c);
}

void BM_chain_bandwidth(benchmark::State &state) {
  Case &c = chain_case();
  host_buffer out = make_f32({kChainN});
  for (auto _ : state) {
    chain_bandwidth(f32(c.inputs[0]), f32(c.inputs[1]), f32(c.inputs[2]),
                    f32(out), kChainN);
    benchmark::ClobberMemory();
  }
  set_counters(state, c);
}

#ifdef JX_BENCH_HAVE_OPENBLAS
/// OpenBLAS's own thread count, read at start.
int openblas_default_threads = 0;

/// cblas_sgemm on `threads` threads (0: OpenBLAS's default).
void BM_matmul_openblas(benchmark::State &state, int threads) {
  Case &c = matmul_case();
  host_buffer out = make_f32({kMat, kMat});
  if (!threads)
    threads = openblas_default_threads;
  openblas_set_num_threads(threads);
  auto sgemm = [&] {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, kMat, kMat, kMat,
                1.0f, f32(c.inputs[0]), kMat, f32(c.inputs[1]), kMat, 0.0f,
                f32(out), kMat);
  };
  sgemm();
  std::string wrong = compare(out, c.expected[0], c.rtol, c.atol);
  if (!wrong.empty()) {
    state.SkipWithError(("wrong result: " + wrong).c_str());
    return;
  }
  for (auto _ : state) {
    sgemm();
    benchmark::ClobberMemory();
  }
  set_counters(state, c);
  state.counters["threads"] = threads;
}
#else
void BM_matmul_openblas(benchmark::State &state, int) {
  state.SkipWithError("jx_bench was built without OpenBLAS (install "
                      "libopenblas-dev and reconfigure)");
}
#endif

void BM_rowsum_bandwidth(benchmark::State &state) {
  Case &c = rowsum_case();
  host_buffer out = make_f32({kRows});
  for (auto _ : state) {
    rowsum_bandwidth(f32(c.inputs[0]), f32(out), kRows, kCols);
    benchmark::ClobberMemory();
  }
  set_counters(state, c);
}

void BM_softmax_cpp(benchmark::State &state) {
  Case &c = softmax_case();
  host_buffer out = make_f32({kRows, kCols});
  for (auto _ : state) {
    softmax_cpp(f32(c.inputs[0]), f32(out), kRows, kCols);
    benchmark::ClobberMemory();
  }
  set_counters(state, c);
}

void BM_softmax_bandwidth(benchmark::State &state) {
  Case &c = softmax_case();
  host_buffer out = make_f32({kRows, kCols});
  for (auto _ : state) {
    softmax_bandwidth(f32(c.inputs[0]), f32(out), kRows * kCols);
    benchmark::ClobberMemory();
  }
  set_counters(state, c);
}

void BM_mlp_cpp(benchmark::State &state) {
  Case &c = mlp_case();
  host_buffer probs = make_f32({6, 4}), loss = make_f32({});
  mlp_cpp(c.inputs, f32(probs), f32(loss));
  std::string wrong = check_results(c, {probs, loss});
  if (!wrong.empty()) {
    state.SkipWithError(("wrong result: " + wrong).c_str());
    return;
  }
  for (auto _ : state) {
    mlp_cpp(c.inputs, f32(probs), f32(loss));
    benchmark::ClobberMemory();
  }
  set_counters(state, c);
}

void register_all() {
  using benchmark::kMicrosecond;
  using benchmark::kMillisecond;
  using Getter = Case &(*)();
  struct Entry {
    const char *name;
    Getter get;
  };
  const Entry programs[] = {{"chain", chain_case},
                            {"matmul", matmul_case},
                            {"rowsum", rowsum_case},
                            {"softmax", softmax_case},
                            {"mlp_forward", mlp_case}};
  // Timed by process CPU time (the machine this is written on is shared and
  // busy, so wall time mostly measures the neighbours), except where
  // OpenBLAS uses several threads: wall time there.
  for (const Entry &e : programs)
    benchmark::RegisterBenchmark(("compile/" + std::string(e.name)).c_str(),
                                 BM_compile, e.get)
        ->Unit(kMillisecond);
  auto run = [](const std::string &name, auto &&...fn) {
    return benchmark::RegisterBenchmark(("run/" + name).c_str(), fn...);
  };
  run("jx/chain", BM_jx_run, Getter(chain_case))->Unit(kMillisecond);
  run("cpp/chain", BM_chain_cpp)->Unit(kMillisecond);
  run("bandwidth/chain", BM_chain_bandwidth)->Unit(kMillisecond);
  run("jx/matmul", BM_jx_run, Getter(matmul_case))->Unit(kMillisecond);
  run("openblas/matmul", BM_matmul_openblas, 0)
      ->Unit(kMillisecond)
      ->UseRealTime();
  run("openblas_1t/matmul", BM_matmul_openblas, 1)->Unit(kMillisecond);
  run("jx/rowsum", BM_jx_run, Getter(rowsum_case))->Unit(kMillisecond);
  run("bandwidth/rowsum", BM_rowsum_bandwidth)->Unit(kMillisecond);
  run("jx/softmax", BM_jx_run, Getter(softmax_case))->Unit(kMillisecond);
  run("cpp/softmax", BM_softmax_cpp)->Unit(kMillisecond);
  run("bandwidth/softmax", BM_softmax_bandwidth)->Unit(kMillisecond);
  run("jx/mlp_forward", BM_jx_run, Getter(mlp_case))->Unit(kMicrosecond);
  run("cpp/mlp_forward", BM_mlp_cpp)->Unit(kMicrosecond);
}

} // namespace

int main(int argc, char **argv) {
  // Keep freed blocks in the heap instead of returning them to the kernel, so
  // that executable::run's 64 MiB result buffers are not page-faulted in
  // afresh on every call: the numbers measure jx's code, not mmap.
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
#ifdef JX_BENCH_HAVE_OPENBLAS
  openblas_default_threads = openblas_get_num_threads();
#endif
  register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  programs().clear();
  return 0;
}
