// runtime_test.cpp - the runtime's own pieces: the soft-float conversions
// and the strided copy compiled code calls, oneDNN's GEMM run from several
// threads at once, and executables that travel as bytes (serialize,
// deserialize, load).

#include "jx/Compiler/Compile.h"
#include "jx/runtime/executable.h"
#include "jx/runtime/kernels.h"
#include "jx/runtime/memory.h"

#include "../lib/frontend/lowering.h"
#include "../lib/runtime/dnnl.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <thread>
#include <vector>

namespace {

using jx::runtime::executable;
using jx::runtime::host_buffer;

uint16_t bits(__bf16 b) {
  uint16_t u;
  std::memcpy(&u, &b, 2);
  return u;
}

TEST(Runtime, TruncToBf16RoundsToNearestEven) {
  EXPECT_EQ(bits(__truncsfbf2(1.0f)), 0x3f80);
  // 1 + 2^-8 is halfway between 1 and 1 + 2^-7: ties go to the even 1.
  EXPECT_EQ(bits(__truncsfbf2(1.0f + 0x1p-8f)), 0x3f80);
  EXPECT_EQ(bits(__truncsfbf2(1.0f + 0x1p-8f + 0x1p-20f)), 0x3f81);
  // 1 + 3 * 2^-8 is halfway between 1 + 2^-7 and 1 + 2^-6: up, to even.
  EXPECT_EQ(bits(__truncsfbf2(1.0f + 3 * 0x1p-8f)), 0x3f82);
  EXPECT_EQ(bits(__truncsfbf2(-2.0f)), 0xc000);
  EXPECT_EQ(bits(__truncsfbf2(std::numeric_limits<float>::infinity())), 0x7f80);
  EXPECT_EQ(bits(__truncsfbf2(std::numeric_limits<float>::max())), 0x7f80);
  uint16_t nan = bits(__truncsfbf2(std::numeric_limits<float>::quiet_NaN()));
  EXPECT_EQ(nan & 0x7f80, 0x7f80);
  EXPECT_NE(nan & 0x007f, 0);
  // A signalling NaN whose payload lies in the low bits stays a NaN.
  uint32_t snan = 0x7f800001u;
  float s;
  std::memcpy(&s, &snan, 4);
  EXPECT_NE(bits(__truncsfbf2(s)) & 0x007f, 0);
  // The smallest subnormal of f32 rounds to zero, bf16's to itself.
  EXPECT_EQ(bits(__truncsfbf2(0x1p-149f)), 0x0000);
  EXPECT_EQ(bits(__truncsfbf2(0x1p-133f)), 0x0001);
}

TEST(Runtime, TruncDoubleToBf16RoundsOnce) {
  EXPECT_EQ(bits(__truncdfbf2(1.0)), 0x3f80);
  // Through f32 this would round twice: 1 + 2^-8 + 2^-40 becomes the tie
  // 1 + 2^-8 in f32, then 1. Rounded once it is above the tie: 1 + 2^-7.
  EXPECT_EQ(bits(__truncdfbf2(1.0 + 0x1p-8 + 0x1p-40)), 0x3f81);
  EXPECT_EQ(bits(__truncdfbf2(1.0 + 0x1p-8)), 0x3f80);
  EXPECT_EQ(bits(__truncdfbf2(-(1.0 + 0x1p-8 + 0x1p-40))), 0xbf81);
  EXPECT_EQ(bits(__truncdfbf2(1e300)), 0x7f80);
  EXPECT_EQ(bits(__truncdfbf2(-1e300)), 0xff80);
  EXPECT_EQ(bits(__truncdfbf2(1e-300)), 0x0000);
  EXPECT_EQ(bits(__truncdfbf2(3.0e38)), bits(__truncsfbf2(3.0e38f)));
  EXPECT_EQ(bits(__truncdfbf2(std::nan(""))) & 0x7fc0, 0x7fc0);
}

TEST(Runtime, MemrefCopyStrided) {
  // A 3x4 row-major source copied into the transpose's layout (strides 1, 3).
  float src[12], dst[12] = {};
  for (int i = 0; i < 12; ++i)
    src[i] = static_cast<float>(i);
  int64_t s[7] = {reinterpret_cast<int64_t>(src), reinterpret_cast<int64_t>(src), 0, 3, 4, 4, 1};
  int64_t d[7] = {reinterpret_cast<int64_t>(dst), reinterpret_cast<int64_t>(dst), 0, 3, 4, 1, 3};
  jx_rt_unranked_memref ms{2, s}, md{2, d};
  jx_rt_memref_copy(4, &ms, &md);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j)
      EXPECT_EQ(dst[j * 3 + i], src[i * 4 + j]) << i << "," << j;
  // With an offset and a size-1 dimension; rank 0.
  float one[1] = {0};
  int64_t s0[3] = {reinterpret_cast<int64_t>(src), reinterpret_cast<int64_t>(src), 7};
  int64_t d0[3] = {reinterpret_cast<int64_t>(one), reinterpret_cast<int64_t>(one), 0};
  jx_rt_unranked_memref r0s{0, s0}, r0d{0, d0};
  jx_rt_memref_copy(4, &r0s, &r0d);
  EXPECT_EQ(one[0], 7.0f);
}

// The same oneDNN GEMM primitive run by several threads at once, as the
// heads of an attention block are (blas.cpp, batch_on_threads): each
// thread's products must be its own. With oneDNN's default scratchpad,
// which belongs to the thread that created the primitive, the threads
// overwrote each other's partial sums (an AMD EPYC with AVX-512, Zen 5:
// most elements of a 256 x 256 x 64 product wrong in every other run).
TEST(Runtime, OneDnnGemmFromManyThreadsAtOnce) {
  struct shape {
    int64_t m, n, k;
    bool trans_b;
  };
  // Attention's scores and values; a long sum, which oneDNN may split
  // across threads' partial results.
  const shape shapes[] = {{256, 256, 64, true}, {256, 64, 256, false},
                          {16, 16, 65536, false}};
  constexpr int kThreads = 4, kRounds = 6;
  for (const shape &s : shapes) {
    SCOPED_TRACE(testing::Message() << s.m << "x" << s.n << "x" << s.k);
    struct problem {
      std::vector<float> a, b, c;
      std::vector<double> want;
    };
    std::vector<problem> problems(kThreads);
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
    for (problem &p : problems) {
      p.a.resize(s.m * s.k);
      p.b.resize(s.k * s.n);
      for (float &v : p.a)
        v = dist(rng);
      for (float &v : p.b)
        v = dist(rng);
      p.want.assign(s.m * s.n, 0.0);
      for (int64_t i = 0; i < s.m; ++i)
        for (int64_t l = 0; l < s.k; ++l)
          for (int64_t j = 0; j < s.n; ++j)
            p.want[i * s.n + j] +=
                double(p.a[i * s.k + l]) *
                p.b[s.trans_b ? j * s.k + l : l * s.n + j];
    }
    std::vector<int> wrong(kThreads, 0), refused(kThreads, 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
      threads.emplace_back([&, t] {
        problem &p = problems[t];
        for (int round = 0; round < kRounds; ++round) {
          p.c.assign(s.m * s.n, std::nanf(""));
          if (!jx::runtime::dnnl_gemm(
                  jx::runtime::gemm_types::f32, s.m, s.n, s.k, false,
                  s.trans_b, p.a.data(), s.k, p.b.data(),
                  s.trans_b ? s.k : s.n, false, p.c.data(), s.n)) {
            ++refused[t];
            continue;
          }
          double bound = 1e-5 * std::sqrt(double(s.k)) * 4;
          for (int64_t i = 0; i < s.m * s.n; ++i)
            if (!(std::abs(p.c[i] - p.want[i]) <= bound)) {
              ++wrong[t];
              break;
            }
        }
      });
    for (std::thread &t : threads)
      t.join();
    for (int t = 0; t < kThreads; ++t) {
      EXPECT_EQ(refused[t], 0) << "thread " << t;
      EXPECT_EQ(wrong[t], 0) << "thread " << t << ": rounds with wrong products";
    }
  }
}

std::unique_ptr<executable> compile_square(bool serializable,
                                           const char *op = "multiply") {
  mlir::MLIRContext &ctx = jx::frontend::context();
  auto module = mlir::parseSourceString<mlir::ModuleOp>(
      std::string("func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
                  "  %0 = stablehlo.") + op + " %x, %x : tensor<4xf32>\n"
      "  return %0 : tensor<4xf32>\n}\n",
      &ctx);
  if (!module)
    return nullptr;
  jx::compiler::compile_options options;
  options.serializable = serializable;
  return jx::compiler::compile(*module, "main", options);
}

host_buffer iota4() {
  host_buffer x;
  x.shape = {4};
  x.data.resize(16);
  for (int i = 0; i < 4; ++i) {
    float f = static_cast<float>(i + 1);
    std::memcpy(x.data.data() + 4 * i, &f, 4);
  }
  return x;
}

/// Calls a oneDNN convolution entry with `desc` as compiled code would, in
/// a call's allocation scope; returns the error it failed the call with
/// ("" when it returned).
std::string convolutionEntryError(bool gradient, std::vector<int64_t> desc) {
  struct Args {
    bool gradient;
    const int64_t *desc;
  } args{gradient, desc.data()};
  void *argv[] = {&args};
  jx::runtime::allocation_scope scope(0);
  auto entry = [](void **argv) {
    auto *a = static_cast<Args *>(argv[0]);
    auto d = reinterpret_cast<int64_t>(a->desc);
    // The descriptor checks come before any operand is touched.
    if (a->gradient)
      jx_rt_conv_filter_gradient(d, 0, 0, 0);
    else
      jx_rt_conv(d, 0, 0, 0, 0);
  };
  if (jx::runtime::call_guarded(entry, argv, scope))
    return "";
  return scope.error();
}

TEST(Runtime, ConvolutionEntriesCheckTheirDescriptor) {
  namespace cd = jx::runtime::conv_desc;
  std::vector<int64_t> forward(cd::size(2), 0);
  forward[cd::version] = cd::kVersion;
  forward[cd::element] = cd::element_f32;
  forward[cd::rank] = 2;
  std::vector<int64_t> gradient = forward;
  gradient[cd::flags] = cd::filter_gradient;
  EXPECT_EQ(convolutionEntryError(true, forward),
            "jx_rt_conv_filter_gradient: given the descriptor of a forward "
            "convolution");
  EXPECT_EQ(convolutionEntryError(false, gradient),
            "jx_rt_conv: given the descriptor of a filter gradient");
  std::vector<int64_t> old = forward;
  old[cd::version] = cd::kVersion - 1;
  EXPECT_EQ(convolutionEntryError(false, old),
            "jx_rt_conv: descriptor version " +
                std::to_string(cd::kVersion - 1) +
                " is not this runtime's (compiled by another jx?)");
}

TEST(Runtime, SerializedExecutableRoundTrips) {
  auto exe = compile_square(/*serializable=*/true);
  ASSERT_TRUE(exe);
  ASSERT_TRUE(exe->serializable());
  std::string bytes = exe->serialize();
  auto back = executable::deserialize(bytes);
  EXPECT_EQ(back->entry(), "main");
  ASSERT_EQ(back->inputs().size(), 1u);
  EXPECT_EQ(back->inputs()[0].type_string(), "f32[4]");
  EXPECT_EQ(back->serialize(), bytes);
  std::vector<host_buffer> r = back->run({iota4()});
  ASSERT_EQ(r.size(), 1u);
  float out[4];
  std::memcpy(out, r[0].data.data(), 16);
  EXPECT_EQ(out[3], 16.0f);
  // Two loaded copies of the same code live side by side.
  auto again = executable::deserialize(bytes);
  EXPECT_EQ(again->run({iota4()})[0].data, r[0].data);
}

float last_of(const host_buffer &b) {
  float f;
  std::memcpy(&f, b.data.data() + 12, 4);
  return f;
}

TEST(Runtime, DistinctExecutablesLoadedOneAfterAnother) {
  // The loader knows libraries by name: each loaded executable must get
  // its own, or the second would silently run the first's code.
  std::string square = compile_square(true)->serialize(); // dropped at once
  auto add = compile_square(true, "add");
  auto mul = executable::deserialize(square);
  auto add2 = executable::deserialize(add->serialize());
  EXPECT_EQ(last_of(add->run({iota4()})[0]), 8.0f);
  EXPECT_EQ(last_of(mul->run({iota4()})[0]), 16.0f);
  EXPECT_EQ(last_of(add2->run({iota4()})[0]), 8.0f);
  add.reset();
  auto mul2 = executable::deserialize(square);
  EXPECT_EQ(last_of(mul2->run({iota4()})[0]), 16.0f);
  EXPECT_EQ(last_of(add2->run({iota4()})[0]), 8.0f);
}

TEST(Runtime, UnknownTargetCpuIsAnErrorBeforeCompiling) {
  mlir::MLIRContext &ctx = jx::frontend::context();
  auto module = mlir::parseSourceString<mlir::ModuleOp>(
      "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  return %x : tensor<4xf32>\n}\n",
      &ctx);
  ASSERT_TRUE(module);
  std::string errors;
  mlir::ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &d) {
    errors += d.str() + "\n";
    return mlir::success();
  });
  jx::compiler::compile_options options;
  options.target_cpu = "pentium9";
  EXPECT_FALSE(jx::compiler::compile_library(*module, "main", "lib", false, options));
  EXPECT_FALSE(jx::compiler::compile(*module, "main", options));
  EXPECT_NE(errors.find("unknown target CPU 'pentium9'"), std::string::npos) << errors;
  // Nothing ran the pipeline: no phase reached.
  bool phase = false;
  options.after_phase = [&](const std::string &, mlir::ModuleOp) { phase = true; };
  EXPECT_FALSE(jx::compiler::compile(*module, "main", options));
  EXPECT_FALSE(phase);
}

TEST(Runtime, JitExecutablesDoNotSerialize) {
  auto exe = compile_square(/*serializable=*/false);
  ASSERT_TRUE(exe);
  EXPECT_FALSE(exe->serializable());
  EXPECT_THROW((void)exe->serialize(), std::logic_error);
}

TEST(Runtime, LoadRejectsAnotherCpuAndBadObjects) {
  auto exe = compile_square(/*serializable=*/true);
  ASSERT_TRUE(exe);
  // The shared object inside the bytes, loaded with a CPU that had a
  // feature this one lacks.
  jx::runtime::cpu_info other{"Imaginary CPU", {"jx_imaginary_feature"}};
  try {
    (void)executable::load("not an ELF file", "main", exe->inputs(),
                           exe->outputs(), {}, other);
    FAIL() << "loaded code for another CPU";
  } catch (const jx::runtime::load_error &e) {
    EXPECT_NE(std::string(e.what()).find("lacks: jx_imaginary_feature"),
              std::string::npos)
        << e.what();
  }
  try {
    (void)executable::load("not an ELF file", "main", exe->inputs(),
                           exe->outputs(), {}, jx::runtime::host_cpu());
    FAIL() << "loaded garbage";
  } catch (const jx::runtime::load_error &e) {
    EXPECT_NE(std::string(e.what()).find("cannot load the code"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW((void)executable::deserialize(""), jx::runtime::load_error);
  EXPECT_THROW((void)executable::deserialize(std::string("JXEXEC\0\n", 8)),
               jx::runtime::load_error);
}

} // namespace
