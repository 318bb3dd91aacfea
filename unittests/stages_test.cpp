// stages_test.cpp - JAX's stage API: jit(f).lower(x).compile() gives every
// stage's text, a cost analysis, a serialized executable and a callable.

#include "jx/jx.h"
#include "jx/runtime/executable.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

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

std::string readFile(const std::string &path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(Stages, ExploreWritesThePipelinePage) {
  Array x = jnp::reshape(jx::array({1.f, 2.f, 3.f, 4.f, 5.f, 6.f}), {2, 3});
  Array w = jnp::full({3, 4}, 0.1f);
  jx::Compiled c = jx::jit(layer, jx::jit_options().name("layer")).lower(x, w).compile();
  std::string path = ::testing::TempDir() + "jx_explore_test.html";
  std::remove(path.c_str());
  c.explore(path, {x, w});
  std::string page = readFile(path);
  ASSERT_FALSE(page.empty());
  EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(page.find("<title>jx explorer: jit(layer)"), std::string::npos);
  // The jaxpr is the first stage, then the eight of stages().
  EXPECT_NE(page.find("\"id\":\"source\""), std::string::npos);
  for (const std::string &stage : jx::Compiled::stages())
    EXPECT_NE(page.find("\"id\":\"" + stage + "\""), std::string::npos) << stage;
  EXPECT_NE(page.find("tanh"), std::string::npos);
  // With arguments: a run, and its result's type.
  EXPECT_NE(page.find("\"run\":{"), std::string::npos);
  EXPECT_NE(page.find("f32[2,4]"), std::string::npos);

  // Without arguments there is no run.
  c.explore(path, {}, "a layer");
  page = readFile(path);
  EXPECT_NE(page.find("<title>jx explorer: a layer"), std::string::npos);
  EXPECT_EQ(page.find("\"run\":{"), std::string::npos);
  std::remove(path.c_str());
}

TEST(Stages, ExploreErrorsNameTheProblem) {
  Array x = jnp::ones({2, 3}), w = jnp::ones({3, 4});
  jx::Compiled c = jx::jit(layer).lower(x, w).compile();
  try {
    c.explore("/nonexistent-dir/page.html");
    FAIL() << "expected an error";
  } catch (const std::runtime_error &e) {
    EXPECT_NE(std::string(e.what()).find("cannot write /nonexistent-dir/page.html"),
              std::string::npos)
        << e.what();
  }
  std::string path = ::testing::TempDir() + "jx_explore_bad.html";
  try {
    c.explore(path, {jnp::ones({5}), w});
    FAIL() << "expected an error";
  } catch (const std::runtime_error &e) {
    EXPECT_NE(std::string(e.what()).find("input #0 must be f32[2,3], got f32[5]"), std::string::npos) << e.what();
  }
}

} // namespace
