// stages_test.cpp - JAX's stage API: jit(f).lower(x).compile() gives every
// stage's text, a cost analysis, a serialized executable and a callable.

#include "jx/jx.h"
#include "jx/runtime/executable.h"

#include <gtest/gtest.h>

namespace {

namespace jnp = jx::numpy;
using jx::Array;

Array layer(const Array &x, const Array &w) { return jnp::tanh(jnp::matmul(x, w)); }

TEST(Stages, EveryStageHasItsText) {
  Array x = jnp::ones({2, 3}), w = jnp::ones({3, 4});
  jx::Compiled c = jx::jit(layer).lower(x, w).compile();
  const std::vector<std::string> want = {"stablehlo", "hlo",          "linalg",
                                         "bufferized", "loops",       "llvm-dialect",
                                         "llvm-ir",   "asm"};
  EXPECT_EQ(jx::Compiled::stages(), want);
  EXPECT_NE(c.as_text("stablehlo").find("stablehlo.dot_general"), std::string::npos);
  EXPECT_EQ(c.as_text("stablehlo"), jx::jit(layer).lower(x, w).as_text());
  EXPECT_NE(c.as_text().find("stablehlo.tanh"), std::string::npos); // "hlo"
  EXPECT_NE(c.as_text("linalg").find("linalg."), std::string::npos);
  EXPECT_NE(c.as_text("bufferized").find("memref"), std::string::npos);
  EXPECT_NE(c.as_text("loops").find("memref."), std::string::npos);
  EXPECT_EQ(c.as_text("loops").find("linalg."), std::string::npos);
  EXPECT_NE(c.as_text("llvm-dialect").find("llvm.func"), std::string::npos);
  EXPECT_NE(c.as_text("llvm-ir").find("define"), std::string::npos);
  EXPECT_NE(c.as_text("asm").find("ret"), std::string::npos);
  EXPECT_THROW((void)c.as_text("ptx"), std::invalid_argument);
}

TEST(Stages, CostAnalysisCountsMultiplyAddsAndTranscendentals) {
  Array x = jnp::ones({2, 3}), w = jnp::ones({3, 4});
  jx::cost_analysis_result cost = jx::jit(layer).lower(x, w).compile().cost_analysis();
  EXPECT_EQ(cost.flops, 2.0 * 2 * 4 * 3);  // 2 M N K
  EXPECT_EQ(cost.transcendentals, 8.0);   // tanh of 2x4
  // dot: 6 + 12 floats read, 8 written; tanh: 8 read, 8 written.
  EXPECT_EQ(cost.bytes_accessed, 4.0 * (6 + 12 + 8 + 8 + 8));
}

TEST(Stages, CompiledRunsAndSerializes) {
  Array x = jnp::reshape(jx::array({1.f, 2.f, 3.f, 4.f, 5.f, 6.f}), {2, 3});
  Array w = jnp::full({3, 4}, 0.1f);
  jx::Compiled c = jx::jit(layer).lower(x, w).compile();
  std::vector<float> want = jx::jit(layer)(x, w).to_vector<float>();
  EXPECT_EQ(c({x, w})[0].to_vector<float>(), want);
  auto exe = jx::runtime::executable::deserialize(c.serialize());
  EXPECT_EQ(exe->inputs().size(), 2u);
  EXPECT_EQ(exe->outputs()[0].type_string(), "f32[2,4]");
}

} // namespace
