// multi_device_bench.cpp - all-reduce bandwidth and data-parallel scaling
// (docs/performance.md, "Many devices"; run by bench/multi_device.sh).
//
//   jx_multi_device_bench allreduce [--devices D]   D threads of one process
//   mpirun -np P jx_multi_device_bench allreduce    P processes over MPI
//   mpirun -np P jx_multi_device_bench step         a data-parallel MLP step
//   jx_multi_device_bench grad-placement [--devices D]
//                                  grad inside pmap vs grad of a pmapped loss
//
// allreduce: a compiled StableHLO all_reduce (sum of f32) of each size, run
// on every device at once; its time is the median over repetitions of the
// whole multi-device call. Next to it, in the same run: a memcpy of the
// same bytes (in one process) or MPI_Allreduce on the same buffer (over
// MPI). Bandwidth is the operand's bytes divided by the time (what NCCL
// calls algorithm bandwidth).
//
// step: the value and gradient of a 2-layer MLP (width 1024) on a global
// batch of 512 rows divided among the processes, gradients pmean'd; the
// time per step of the whole batch, to compare 1 and 2 processes.

#include "jx/Compiler/Compile.h"
#include "jx/InitAll.h"
#include "jx/Target/CPU/CPUTarget.h"
#include "jx/distributed.h"
#include "jx/jx.h"
#include "jx/runtime/collectives.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace jnp = jx::numpy;
namespace lax = jx::lax;
using jx::Array;

namespace {

double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// Median seconds of `f` over repetitions filling ~0.3 s (at least 5).
/// Under MPI every process runs the same number of repetitions (rank 0's).
double median_time(const std::function<void()> &f, bool mpi) {
  f(); // warm up
  double t0 = now();
  f();
  double one = std::max(now() - t0, 1e-7);
  int reps = std::clamp(static_cast<int>(0.3 / one), 5, 2000);
  if (mpi)
    MPI_Bcast(&reps, 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::vector<double> times;
  for (int i = 0; i < reps; ++i) {
    if (mpi)
      MPI_Barrier(MPI_COMM_WORLD);
    double s = now();
    f();
    times.push_back(now() - s);
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

std::unique_ptr<jx::runtime::executable> compile_all_reduce(int64_t n,
                                                            int devices) {
  static mlir::MLIRContext *ctx = [] {
    jx::registerAllPasses();
    mlir::DialectRegistry registry;
    jx::registerAllDialects(registry);
    jx::cpu::registerTranslations(registry);
    auto *c = new mlir::MLIRContext(registry);
    c->loadAllAvailableDialects();
    return c;
  }();
  std::string text =
      "module attributes {mhlo.num_replicas = " + std::to_string(devices) +
      " : i32} {\n func.func @main(%x: tensor<" + std::to_string(n) +
      "xf32>) -> tensor<" + std::to_string(n) +
      "xf32> {\n  %s = \"stablehlo.all_reduce\"(%x) ({\n"
      "  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
      "    %t = stablehlo.add %a, %b : tensor<f32>\n"
      "    stablehlo.return %t : tensor<f32>\n  }) {replica_groups = "
      "dense<[[";
  for (int d = 0; d < devices; ++d)
    text += (d ? ", " : "") + std::to_string(d);
  text += "]]> : tensor<1x" + std::to_string(devices) + "xi64>} : (tensor<" +
          std::to_string(n) + "xf32>) -> tensor<" + std::to_string(n) +
          "xf32>\n  return %s : tensor<" + std::to_string(n) + "xf32>\n }\n}\n";
  auto module = mlir::parseSourceString<mlir::ModuleOp>(text, ctx);
  return jx::compiler::compile(*module, "main");
}

int allreduce(int devices) {
  const bool mpi = jx::distributed::process_count() > 1;
  const int rank = jx::distributed::process_index();
  if (mpi)
    devices = jx::distributed::process_count();
  if (rank == 0)
    std::printf("all_reduce (sum, f32) on %d %s; median time of one call\n"
                "%10s %12s %10s %12s %10s  %s\n",
                devices, mpi ? "MPI processes" : "devices (threads)", "bytes",
                "jx", "jx GB/s", mpi ? "MPI_Allreduce" : "memcpy", "GB/s",
                "jx / baseline");
  for (int64_t n : {256, 4096, 65536, 262144, 1048576, 4194304, 16777216}) {
    auto exe = compile_all_reduce(n, devices);
    if (!exe) {
      std::fprintf(stderr, "compiling the all_reduce failed\n");
      return 1;
    }
    jx::runtime::host_buffer x;
    x.dtype = jx::runtime::dtype::float32;
    x.shape = {n};
    x.data.resize(n * 4);
    for (int64_t i = 0; i < n; ++i) {
      float v = static_cast<float>(i % 7) + rank;
      std::memcpy(x.data.data() + 4 * i, &v, 4);
    }
    std::vector<float> out(n);
    double t_jx, t_base;
    if (mpi) {
      t_jx = median_time(
          [&] { jx::runtime::run_as_process(*exe, devices, 1, {&x}); }, true);
      t_base = median_time(
          [&] {
            MPI_Allreduce(x.data.data(), out.data(), static_cast<int>(n),
                          MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
          },
          true);
    } else {
      std::vector<std::vector<const jx::runtime::host_buffer *>> args(
          devices, {&x});
      t_jx = median_time(
          [&] { jx::runtime::run_spmd(*exe, devices, 1, args); }, false);
      t_base = median_time(
          [&] { std::memcpy(out.data(), x.data.data(), n * 4); }, false);
    }
    double bytes = n * 4.0;
    if (rank == 0)
      std::printf("%10.0f %10.1f us %10.2f %10.1f us %10.2f  %.2f\n", bytes,
                  t_jx * 1e6, bytes / t_jx / 1e9, t_base * 1e6,
                  bytes / t_base / 1e9, t_jx / t_base);
  }
  return 0;
}

struct Mlp {
  Array w1, w2;
};

} // namespace

JX_REGISTER_TREE(Mlp, w1, w2)

namespace {

int step() {
  const int processes = jx::distributed::process_count();
  const int rank = jx::distributed::process_index();
  constexpr int64_t kWidth = 1024, kBatch = 512;
  const int64_t local = kBatch / processes;
  Array key = jx::random::PRNGKey(0);
  Mlp p{jx::random::normal(jx::random::fold_in(key, 1), {kWidth, kWidth}) * 0.03f,
        jx::random::normal(jx::random::fold_in(key, 2), {kWidth, kWidth}) * 0.03f};
  Array x = jx::random::normal(jx::random::fold_in(key, 3 + rank),
                               {1, local, kWidth});
  auto grad_step = jx::pmap(
      [](const Mlp &p, const Array &x) {
        auto loss = [](const Mlp &p, const Array &x) {
          Array h = jnp::tanh(jnp::matmul(x, p.w1));
          return jnp::mean(jnp::square(jnp::matmul(h, p.w2)));
        };
        auto [l, g] = jx::value_and_grad(loss)(p, x);
        return jx::tree_map([](const Array &v) { return lax::pmean(v, "b"); },
                            g);
      },
      "b", {.in_axes = {jx::not_mapped, 0}, .out_axes = jx::not_mapped,
            .name = "mlp_grad"});
  double t = median_time([&] { (void)grad_step(p, x); }, processes > 1);
  double flops = 6.0 * 2 * kBatch * kWidth * kWidth; // fwd + bwd, 2 layers
  if (rank == 0)
    std::printf("data-parallel MLP gradient step (2 x %lldx%lld, global batch "
                "%lld) on %d process%s: %.2f ms per step, %.1f GFLOP/s\n",
                static_cast<long long>(kWidth), static_cast<long long>(kWidth),
                static_cast<long long>(kBatch), processes,
                processes > 1 ? "es" : "", t * 1e3, flops / t / 1e9);
  return 0;
}

/// The same gradient as step(), on `devices` threads of this process,
/// three ways: grad inside pmap (each device differentiates its own loss),
/// grad of the pmean'd pmapped loss (the derivative runs as a shard_map on
/// the devices, which runs the forward pass again), and that under jit
/// (the shard_maps run in stages). The gradients are checked equal.
int grad_placement(int devices) {
  constexpr int64_t kWidth = 1024, kBatch = 512;
  Array key = jx::random::PRNGKey(0);
  Mlp p{jx::random::normal(jx::random::fold_in(key, 1), {kWidth, kWidth}) * 0.03f,
        jx::random::normal(jx::random::fold_in(key, 2), {kWidth, kWidth}) * 0.03f};
  Array x = jx::random::normal(jx::random::fold_in(key, 3),
                               {devices, kBatch / devices, kWidth});
  auto loss = [](const Mlp &p, const Array &x) {
    Array h = jnp::tanh(jnp::matmul(x, p.w1));
    return jnp::mean(jnp::square(jnp::matmul(h, p.w2)));
  };
  const jx::pmap_options opts{.in_axes = {jx::not_mapped, 0},
                              .out_axes = jx::not_mapped};
  auto inside = jx::pmap(
      [&](const Mlp &p, const Array &x) {
        return jx::tree_map([](const Array &v) { return lax::pmean(v, "b"); },
                            jx::grad(loss)(p, x));
      },
      "b", opts);
  auto pmapped_loss = [&](const Mlp &p, const Array &x) {
    return jx::pmap([&](const Mlp &p, const Array &x) {
      return lax::pmean(loss(p, x), "b");
    }, "b", opts)(p, x);
  };
  auto outside = jx::grad(pmapped_loss);
  auto outside_jit = jx::jit(jx::grad(pmapped_loss));
  Mlp a = inside(p, x), b = outside(p, x), c = outside_jit(p, x);
  for (const Mlp *m : {&b, &c}) {
    double d = jnp::max(jnp::abs(m->w1 - a.w1)).item<double>() +
               jnp::max(jnp::abs(m->w2 - a.w2)).item<double>();
    if (d > 1e-5) {
      std::fprintf(stderr, "grad-placement: gradients differ by %g\n", d);
      return 1;
    }
  }
  double t_in = median_time([&] { (void)inside(p, x); }, false);
  double t_out = median_time([&] { (void)outside(p, x); }, false);
  double t_jit = median_time([&] { (void)outside_jit(p, x); }, false);
  std::printf("MLP gradient (2 x %lldx%lld, batch %lld) on %d devices:\n"
              "  grad inside pmap          %.2f ms\n"
              "  grad of the pmapped loss  %.2f ms (%.2fx)\n"
              "  jit of that               %.2f ms (%.2fx)\n",
              static_cast<long long>(kWidth), static_cast<long long>(kWidth),
              static_cast<long long>(kBatch), devices, t_in * 1e3,
              t_out * 1e3, t_out / t_in, t_jit * 1e3, t_jit / t_in);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  std::string mode = argc > 1 ? argv[1] : "allreduce";
  int devices = 2;
  for (int i = 2; i + 1 < argc; ++i)
    if (std::string(argv[i]) == "--devices")
      devices = std::atoi(argv[i + 1]);
  if (jx::distributed::launched_by_mpirun())
    jx::distributed::initialize();
  int rc = mode == "step"             ? step()
           : mode == "grad-placement" ? grad_placement(devices)
                                      : allreduce(devices);
  jx::distributed::shutdown();
  return rc;
}
