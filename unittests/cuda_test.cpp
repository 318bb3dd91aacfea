// cuda_test.cpp - the CUDA device without a GPU: clear errors, never a
// crash; and the CUDA pipeline's kernels, run by the cuda-emulator device,
// giving the CPU's results.

#include "jx/Compiler/Compile.h"
#include "jx/jx.h"
#include "jx/runtime/client.h"
#include "jx/runtime/collectives.h"
#include "jx/runtime/constant_copies.h"
#include "jx/runtime/cuda.h"

#include "../lib/frontend/lowering.h"

#include "mlir/Parser/Parser.h"

#include <dlpack/dlpack.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace {

using jx::runtime::host_buffer;

host_buffer floats(std::vector<int64_t> shape, const std::vector<float> &values) {
  host_buffer b;
  b.shape = std::move(shape);
  b.data.resize(values.size() * 4);
  std::memcpy(b.data.data(), values.data(), b.data.size());
  return b;
}

std::vector<float> values_of(const host_buffer &b) {
  std::vector<float> v(b.data.size() / 4);
  std::memcpy(v.data(), b.data.data(), b.data.size());
  return v;
}

/// tanh(x @ w + b) and the sum of each row of x: a contraction, a fused
/// elementwise chain with a transcendental, a reduction.
std::unique_ptr<jx::runtime::executable> compile_layer(const std::string &device) {
  auto module = mlir::parseSourceString<mlir::ModuleOp>(
      "func.func @main(%x: tensor<3x5xf32>, %w: tensor<5x4xf32>, %b: tensor<4xf32>)"
      "    -> (tensor<3x4xf32>, tensor<3xf32>) {\n"
      "  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0]"
      "      : (tensor<3x5xf32>, tensor<5x4xf32>) -> tensor<3x4xf32>\n"
      "  %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>\n"
      "  %2 = stablehlo.add %0, %1 : tensor<3x4xf32>\n"
      "  %3 = stablehlo.tanh %2 : tensor<3x4xf32>\n"
      "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
      "  %4 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1]"
      "      : (tensor<3x5xf32>, tensor<f32>) -> tensor<3xf32>\n"
      "  return %3, %4 : tensor<3x4xf32>, tensor<3xf32>\n}\n",
      &jx::frontend::context());
  jx::compiler::compile_options o;
  o.device = device;
  return jx::compiler::compile(*module, "main", o);
}

std::vector<host_buffer> layer_inputs() {
  std::vector<float> x(15), w(20), b(4);
  for (int i = 0; i < 15; ++i)
    x[i] = 0.1f * static_cast<float>(i) - 0.7f;
  for (int i = 0; i < 20; ++i)
    w[i] = 0.05f * static_cast<float>(i % 7) - 0.1f;
  for (int i = 0; i < 4; ++i)
    b[i] = 0.25f * static_cast<float>(i);
  return {floats({3, 5}, x), floats({5, 4}, w), floats({4}, b)};
}

TEST(Cuda, WithoutADeviceEveryEntrySaysWhy) {
  if (jx::runtime::cuda::available())
    GTEST_SKIP() << "this machine has a CUDA device";
  std::string why = jx::runtime::cuda::unavailable_reason();
  EXPECT_FALSE(why.empty());
  EXPECT_TRUE(why.find("libcuda.so.1") != std::string::npos ||
              why.find("no CUDA device") != std::string::npos)
      << why;
  EXPECT_EQ(jx::runtime::cuda::device_count(), 0);
  try {
    (void)jx::runtime::cuda::alloc_managed(64);
    FAIL() << "allocated without a device";
  } catch (const std::runtime_error &e) {
    EXPECT_EQ(std::string(e.what()), "CUDA: " + why);
  }
  EXPECT_THROW((void)jx::runtime::cuda::current_device(), std::runtime_error);
  EXPECT_THROW(jx::runtime::cuda::synchronize(), std::runtime_error);
  jx::runtime::cuda::free_managed(nullptr); // a no-op, not a crash
}

TEST(Cuda, CompiledProgramRunsOnTheDeviceOrFailsClearly) {
  // Compiling needs no GPU (PTX for sm_80 and sm_90 where there is none).
  auto cuda = compile_layer("cuda");
  ASSERT_TRUE(cuda);
  EXPECT_EQ(cuda->device_kind(), "cuda");
  auto args = layer_inputs();
  if (!jx::runtime::cuda::available()) {
    try {
      (void)cuda->run(args);
      FAIL() << "ran without a device";
    } catch (const std::runtime_error &e) {
      EXPECT_NE(std::string(e.what()).find("CUDA: "), std::string::npos)
          << e.what();
    }
    return;
  }
  auto cpu = compile_layer("cpu");
  auto want = cpu->run(args), got = cuda->run(args);
  for (int r = 0; r < 2; ++r) {
    auto a = values_of(want[r]), b = values_of(got[r]);
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i)
      EXPECT_NEAR(a[i], b[i], 1e-5f) << "result " << r << " element " << i;
  }
}

TEST(Cuda, EmulatedKernelsGiveTheCpusResults) {
  auto emulated = compile_layer("cuda-emulator");
  auto cpu = compile_layer("cpu");
  ASSERT_TRUE(emulated && cpu);
  EXPECT_EQ(emulated->device_kind(), "cpu");
  auto args = layer_inputs();
  auto want = cpu->run(args), got = emulated->run(args);
  // The contraction adds in another order than BLAS: close, not equal.
  auto a = values_of(want[0]), b = values_of(got[0]);
  for (std::size_t i = 0; i < a.size(); ++i)
    EXPECT_NEAR(a[i], b[i], 1e-6f) << "element " << i;
  // One thread per row adds in the CPU loop's order: the same bits.
  EXPECT_EQ(values_of(want[1]), values_of(got[1]));
}

TEST(Cuda, UnknownDeviceKindIsAnError) {
  auto module = mlir::parseSourceString<mlir::ModuleOp>(
      "func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
      "  return %x : tensor<2xf32>\n}\n",
      &jx::frontend::context());
  jx::compiler::compile_options o;
  o.device = "tpu";
  jx::frontend::diagnostic_capture diagnostics;
  EXPECT_EQ(jx::compiler::compile(*module, "main", o), nullptr);
  EXPECT_NE(diagnostics.text().find("unknown device kind 'tpu'"),
            std::string::npos)
      << diagnostics.text();
}

} // namespace

namespace {

TEST(Cuda, JitOnTheEmulatorMatchesTheCpu) {
  auto f = [](const jx::Array &x, const jx::Array &y) {
    return jx::numpy::tanh(x * y + 1.0f).sum();
  };
  jx::Array x = jx::array({0.5f, -1.0f, 2.0f, 0.25f}, {2, 2});
  jx::Array y = jx::array({1.5f, 3.0f, -0.5f, 4.0f}, {2, 2});
  auto cpu = jx::jit(f, jx::jit_options().device("cpu"));
  auto emulated = jx::jit(f, jx::jit_options().device("cuda-emulator"));
  EXPECT_EQ(cpu(x, y).item<float>(), emulated(x, y).item<float>());
}

TEST(Cuda, JitOnCudaWithoutADeviceThrows) {
  if (jx::runtime::cuda::available())
    GTEST_SKIP() << "this machine has a CUDA device";
  auto f = jx::jit([](const jx::Array &x) { return x * 2.0f; },
                   jx::jit_options().device("cuda"));
  try {
    (void)f(jx::array({1.0f, 2.0f}, {2}));
    FAIL() << "ran without a device";
  } catch (const std::exception &e) {
    EXPECT_NE(std::string(e.what()).find("CUDA: "), std::string::npos)
        << e.what();
  }
}

} // namespace

namespace {

// The runtime's CUDA client (client.h): buffers that stay in the GPU's
// memory between calls, donation, the pool of managed blocks. Needs a GPU
// (scripts/gpu_check.sh runs these on one).
TEST(Cuda, ClientBuffersStayOnTheDevice) {
  if (!jx::runtime::cuda::available())
    GTEST_SKIP() << jx::runtime::cuda::unavailable_reason();
  auto gpu = jx::runtime::Client::cuda();
  jx::runtime::Device &dev = gpu->device(0);
  EXPECT_EQ(dev.kind(), "cuda");
  EXPECT_NE(gpu->platform_version().find("(sm_"), std::string::npos);
  auto step = gpu->load(compile_layer("cuda"), dev);
  auto cpu = compile_layer("cpu");
  auto inputs = layer_inputs();
  std::vector<jx::runtime::Buffer> on_gpu;
  for (host_buffer &b : inputs)
    on_gpu.push_back(gpu->buffer_from_host(b, dev));
  EXPECT_THROW((void)on_gpu[0].host(), std::logic_error);
  auto out = step->execute({&on_gpu[0], &on_gpu[1], &on_gpu[2]});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(&out[0].device(), &dev);
  auto want = cpu->run(inputs);
  for (int r = 0; r < 2; ++r) {
    auto a = values_of(want[r]), b = values_of(out[r].to_host());
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i)
      EXPECT_NEAR(a[i], b[i], 1e-5f) << "result " << r << " element " << i;
  }
  // Another call: its results come from the pool's cached blocks.
  auto before = jx::runtime::cuda::pool_stats();
  out.clear();
  auto again = step->execute({&on_gpu[0], &on_gpu[1], &on_gpu[2]});
  EXPECT_GT(jx::runtime::cuda::pool_stats().reuses, before.reuses);
  // A DLPack view of GPU memory.
  DLManagedTensor *t = again[0].to_dlpack();
  EXPECT_EQ(t->dl_tensor.device.device_type, kDLCUDAManaged);
  EXPECT_EQ(t->dl_tensor.data, again[0].unsafe_pointer());
  t->deleter(t);
  // Code compiled for the CPU is refused on a GPU.
  EXPECT_THROW((void)gpu->load(compile_layer("cpu"), dev),
               std::invalid_argument);
}

TEST(Cuda, ClientDonationOnTheDevice) {
  if (!jx::runtime::cuda::available())
    GTEST_SKIP() << jx::runtime::cuda::unavailable_reason();
  auto module = mlir::parseSourceString<mlir::ModuleOp>(
      "func.func @main(%x: tensor<1024xf32>) -> tensor<1024xf32> {\n"
      "  %c = stablehlo.constant dense<0.5> : tensor<1024xf32>\n"
      "  %0 = stablehlo.multiply %x, %c : tensor<1024xf32>\n"
      "  return %0 : tensor<1024xf32>\n}\n",
      &jx::frontend::context());
  jx::compiler::compile_options o;
  o.device = "cuda";
  auto gpu = jx::runtime::Client::cuda();
  auto exe =
      gpu->load(jx::compiler::compile(*module, "main", o), gpu->device(0));
  std::vector<float> v(1024);
  for (int i = 0; i < 1024; ++i)
    v[i] = static_cast<float>(i);
  jx::runtime::Buffer x =
      gpu->buffer_from_host(floats({1024}, v), gpu->device(0));
  void *memory = x.unsafe_pointer();
  for (int step = 0; step < 3; ++step) {
    auto out = exe->execute({&x}, {.donate = {0}});
    EXPECT_TRUE(x.is_deleted());
    x = std::move(out[0]);
  }
  if (exe->executable().may_alias(0, 0))
    EXPECT_EQ(x.unsafe_pointer(), memory);
  auto got = values_of(x.to_host());
  for (int i = 0; i < 1024; ++i)
    EXPECT_EQ(got[i], static_cast<float>(i) / 8) << i;
}

} // namespace

namespace {

/// tanh(x * w) with w a 2x4 constant (a model's weights).
mlir::OwningOpRef<mlir::ModuleOp> weighted_tanh() {
  return mlir::parseSourceString<mlir::ModuleOp>(
      "func.func @main(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {\n"
      "  %w = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, "
      "8.0]]> : tensor<2x4xf32>\n"
      "  %0 = stablehlo.multiply %x, %w : tensor<2x4xf32>\n"
      "  %1 = stablehlo.tanh %0 : tensor<2x4xf32>\n"
      "  return %1 : tensor<2x4xf32>\n}\n",
      &jx::frontend::context());
}

// A program's constants cross to the device once: the emulator's copies
// (jx_rt_host_constant, the same path as jx_rt_cuda_constant's) are made on
// the first call and kept with the executable.
TEST(Cuda, ConstantsAreCopiedOncePerExecutable) {
  auto module = weighted_tanh();
  jx::compiler::compile_options o;
  o.device = "cuda-emulator";
  auto exe = jx::compiler::compile(*module, "main", o);
  ASSERT_TRUE(exe);
  EXPECT_EQ(exe->device_constants(), 0u);
  auto x = floats({2, 4}, {1, 1, 1, 1, 2, 2, 2, 2});
  for (int call = 0; call < 3; ++call) {
    auto out = exe->run({x});
    std::vector<float> want = {1, 2, 3, 4, 10, 12, 14, 16};
    std::vector<float> got = values_of(out[0]);
    for (int i = 0; i < 8; ++i)
      EXPECT_NEAR(got[i], std::tanh(want[i]), 1e-6f) << i;
    EXPECT_EQ(exe->device_constants(), 1u) << "after call " << call;
  }
}

TEST(Cuda, ConstantCopiesAreKeyedByAddress) {
  jx::runtime::constant_copies copies;
  static int allocations, frees;
  allocations = frees = 0;
  auto allocate = [](std::size_t n) -> void * {
    ++allocations;
    return std::malloc(n);
  };
  auto copy = [](void *to, const void *from, std::size_t n) {
    std::memcpy(to, from, n);
  };
  auto release = [](void *p) {
    ++frees;
    std::free(p);
  };
  {
    jx::runtime::constant_copies scoped;
    const float weights[3] = {1, 2, 3};
    void *first = scoped.get(weights, sizeof weights, allocate, copy, release);
    EXPECT_NE(first, static_cast<const void *>(weights));
    EXPECT_EQ(std::memcmp(first, weights, sizeof weights), 0);
    EXPECT_EQ(scoped.get(weights, sizeof weights, allocate, copy, release),
              first);
    EXPECT_EQ(allocations, 1);
    EXPECT_THROW((void)scoped.get(weights, 4, allocate, copy, release),
                 std::invalid_argument);
    EXPECT_EQ(scoped.size(), 1u);
    // Made current, compiled code's calls find it.
    jx::runtime::constant_copies_scope current(&scoped);
    EXPECT_EQ(&jx::runtime::current_constant_copies(), &scoped);
  }
  EXPECT_EQ(frees, 1);
  EXPECT_NE(&jx::runtime::current_constant_copies(), &copies);
}

} // namespace

namespace {

// A program for 2 replicas compiled for CUDA: each replica on a GPU (GPU r
// modulo the GPUs there are), the all_reduce meeting in host code over
// managed memory. Without a GPU the call fails clearly.
TEST(Cuda, ProgramForSeveralDevices) {
  auto module = mlir::parseSourceString<mlir::ModuleOp>(
      "module attributes {mhlo.num_replicas = 2 : i32} {\n"
      "func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
      "  %e = stablehlo.exponential %x : tensor<2xf32>\n"
      "  %s = \"stablehlo.all_reduce\"(%e) ({\n"
      "  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
      "    %t = stablehlo.add %a, %b : tensor<f32>\n"
      "    stablehlo.return %t : tensor<f32>\n"
      "  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} :"
      " (tensor<2xf32>) -> tensor<2xf32>\n"
      "  return %s : tensor<2xf32>\n}\n}\n",
      &jx::frontend::context());
  auto a = floats({2}, {0, 1}), b = floats({2}, {1, 0});
  auto cpu = jx::compiler::compile(*module, "main");
  auto want = jx::runtime::run_spmd(*cpu, 2, 1, {{&a}, {&b}});
  for (const char *device : {"cuda-emulator", "cuda"}) {
    jx::compiler::compile_options o;
    o.device = device;
    auto exe = jx::compiler::compile(*module, "main", o);
    ASSERT_TRUE(exe) << device;
    if (std::string(device) == "cuda" && !jx::runtime::cuda::available()) {
      try {
        (void)jx::runtime::run_spmd(*exe, 2, 1, {{&a}, {&b}});
        FAIL() << "ran without a device";
      } catch (const std::runtime_error &e) {
        EXPECT_NE(std::string(e.what()).find("CUDA: "), std::string::npos)
            << e.what();
      }
      continue;
    }
    auto got = jx::runtime::run_spmd(*exe, 2, 1, {{&a}, {&b}});
    for (int d = 0; d < 2; ++d) {
      auto w = values_of(want[d][0]), g = values_of(got[d][0]);
      for (int i = 0; i < 2; ++i)
        EXPECT_NEAR(w[i], g[i], 1e-6f) << device << " device " << d;
    }
  }
}

} // namespace

namespace {

// A serialized CUDA executable (host code and PTX in one shared object)
// keeps its device kind: deserialized, it runs on the GPU, or says clearly
// that there is none. No compiler is needed where it runs.
TEST(Cuda, SerializedExecutableRunsOnTheGpu) {
  auto module = weighted_tanh();
  jx::compiler::compile_options o;
  o.device = "cuda";
  o.serializable = true;
  auto exe = jx::compiler::compile(*module, "main", o);
  ASSERT_TRUE(exe);
  std::string bytes = exe->serialize();
  auto back = jx::runtime::executable::deserialize(bytes);
  EXPECT_EQ(back->device_kind(), "cuda");
  // PTX for the two default architectures travels with it.
  EXPECT_NE(bytes.find(".target sm_80"), std::string::npos);
  EXPECT_NE(bytes.find(".target sm_90"), std::string::npos);
  auto x = floats({2, 4}, {0.1f, 0.1f, 0.1f, 0.1f, -0.1f, -0.1f, -0.1f, -0.1f});
  if (!jx::runtime::cuda::available()) {
    try {
      (void)back->run({x});
      FAIL() << "ran without a device";
    } catch (const std::runtime_error &e) {
      EXPECT_NE(std::string(e.what()).find("CUDA: "), std::string::npos)
          << e.what();
    }
    return;
  }
  auto got = values_of(back->run({x})[0]);
  for (int i = 0; i < 8; ++i) {
    float w = static_cast<float>(i + 1) * (i < 4 ? 0.1f : -0.1f);
    EXPECT_NEAR(got[i], std::tanh(w), 1e-6f) << i;
  }
}

} // namespace

namespace {

// jx::load chooses the device (load_options, else JX_DEVICE): the same
// program on the CPU, on the emulated GPU, and on a GPU (or its clear
// error).
TEST(Cuda, LoadChoosesTheDevice) {
  const std::string text =
      "func.func @main(%x: tensor<3x64xf32>) -> tensor<3xf32> {\n"
      "  %e = stablehlo.exponential %x : tensor<3x64xf32>\n"
      "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
      "  %s = stablehlo.reduce(%e init: %z) applies stablehlo.add across "
      "dimensions = [1] : (tensor<3x64xf32>, tensor<f32>) -> tensor<3xf32>\n"
      "  return %s : tensor<3xf32>\n}\n";
  std::vector<double> v(192);
  for (int i = 0; i < 192; ++i)
    v[i] = 0.01 * (i % 17) - 0.05;
  jx::Array x = jx::array(v, {3, 64});
  jx::LoadedProgram cpu =
      jx::load_bytes(text, "sum_exp.mlir", {.device = "cpu"});
  jx::LoadedProgram emulated =
      jx::load_bytes(text, "sum_exp.mlir", {.device = "cuda-emulator"});
  EXPECT_EQ(cpu.device(), "cpu");
  EXPECT_EQ(emulated.device(), "cuda-emulator");
  // The row sums add in the CPU's order on the (emulated) GPU.
  EXPECT_EQ(cpu({x})[0].to_vector<float>(),
            emulated({x})[0].to_vector<float>());
  try {
    (void)jx::load_bytes(text, "sum_exp.mlir", {.device = "tpu"});
    FAIL() << "loaded for a device jx lacks";
  } catch (const jx::error &e) {
    EXPECT_STREQ(e.what(), "jx::load(sum_exp.mlir): unknown device 'tpu' "
                           "(cpu, cuda, cuda-emulator)");
  }
  jx::LoadedProgram gpu =
      jx::load_bytes(text, "sum_exp.mlir", {.device = "cuda"});
  if (!jx::runtime::cuda::available()) {
    try {
      (void)gpu({x});
      FAIL() << "ran without a device";
    } catch (const std::exception &e) {
      EXPECT_NE(std::string(e.what()).find("CUDA: "), std::string::npos)
          << e.what();
    }
    return;
  }
  auto want = cpu({x})[0].to_vector<float>(),
       got = gpu({x})[0].to_vector<float>();
  for (int i = 0; i < 3; ++i)
    EXPECT_NEAR(want[i], got[i], 1e-5f) << i;
}

} // namespace
