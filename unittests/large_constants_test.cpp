// jx::load of a text program whose weights are large constants: they are
// taken out of the text as it is read and shared with the executable
// (jx/Compiler/LargeConstants.h); the results are the same as in memory.

#include "jx/jx.h"
#include "jx/load.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

/// 2^19 f32 weights (2 MiB): w[i] = (i % 97) * 0.5 - 24.
std::vector<float> weights() {
  std::vector<float> w(1 << 19);
  for (size_t i = 0; i < w.size(); ++i)
    w[i] = static_cast<float>(i % 97) * 0.5f - 24.0f;
  return w;
}

/// The weights as a hex literal's digits.
std::string literal() {
  std::vector<float> w = weights();
  const auto *bytes = reinterpret_cast<const unsigned char *>(w.data());
  static const char digits[] = "0123456789ABCDEF";
  std::string literal;
  literal.reserve(w.size() * 8);
  for (size_t i = 0; i < w.size() * sizeof(float); ++i) {
    literal += digits[bytes[i] >> 4];
    literal += digits[bytes[i] & 15];
  }
  return literal;
}

/// @main(x) = x + w and sum(w * x) for f32[2^19] x, w a hex literal.
std::string program() {
  std::string hex = literal();
  std::string t = "tensor<524288xf32>";
  return "func.func @main(%x: " + t + ") -> (" + t + ", tensor<f32>) {\n"
         "  %w = stablehlo.constant dense<\"0x" + hex + "\"> : " + t + "\n"
         "  %y = stablehlo.add %x, %w : " + t + "\n"
         "  %p = stablehlo.multiply %x, %w : " + t + "\n"
         "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
         "  %s = stablehlo.reduce(%p init: %z) applies stablehlo.add across "
         "dimensions = [0] : (" + t + ", tensor<f32>) -> tensor<f32>\n"
         "  return %y, %s : " + t + ", tensor<f32>\n}\n";
}

void expectRight(const jx::LoadedProgram &model) {
  std::vector<float> w = weights();
  std::vector<float> x(w.size());
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = static_cast<float>(i % 5) - 2.0f;
  std::vector<jx::Array> out = model({jx::numpy::array(x)});
  ASSERT_EQ(out.size(), 2u);
  std::vector<float> y = out[0].to_vector<float>();
  double want = 0;
  for (size_t i = 0; i < w.size(); ++i) {
    ASSERT_EQ(y[i], x[i] + w[i]) << "at " << i;
    want += double(x[i]) * w[i];
  }
  EXPECT_NEAR(out[1].item<float>(), want, 1e-4 * std::abs(want) + 1e-3);
}

TEST(LargeConstants, LoadFromFileAndFromBytesAgree) {
  std::string text = program();
  auto path = std::filesystem::temp_directory_path() /
              ("jx_large_constants_" + std::to_string(::getpid()) + ".mlir");
  {
    std::ofstream out(path);
    out << text;
  }
  jx::LoadedProgram fromFile = jx::load(path.string());
  std::filesystem::remove(path);
  EXPECT_EQ(fromFile.form(), "text");
  expectRight(fromFile);
  // The file is gone: the program holds its weights itself.
  expectRight(fromFile);
  jx::LoadedProgram fromBytes = jx::load_bytes(text, "weights.mlir");
  expectRight(fromBytes);
}

TEST(LargeConstants, LiteralThatDoesNotFillItsTypeIsAnError) {
  // The weights' literal, given a type of 8 elements.
  std::string text = "func.func @main() -> tensor<8xf32> {\n"
                     "  %w = stablehlo.constant dense<\"0x" +
                     literal() +
                     "\"> : tensor<8xf32>\n"
                     "  return %w : tensor<8xf32>\n}\n";
  try {
    jx::load_bytes(text, "bad.mlir");
    FAIL() << "a literal of the wrong size was accepted";
  } catch (const jx::error &e) {
    EXPECT_NE(std::string(e.what()).find(
                  "jx::load(bad.mlir): the hex literal holds 2097152 bytes, "
                  "which do not fill 'tensor<8xf32>'"),
              std::string::npos)
        << e.what();
  }
}

} // namespace
