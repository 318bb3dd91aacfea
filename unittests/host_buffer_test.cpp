// host_buffer_test.cpp - the storage of host buffers: aligned, not
// zero-filled by the runtime, and recycled when a program is called in a
// loop (the pages of a dropped result serve the next call).

#include "../lib/frontend/lowering.h"
#include "jx/Compiler/Compile.h"
#include "jx/runtime/executable.h"
#include "jx/runtime/host_buffer.h"
#include "jx/runtime/memory.h"

#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

namespace {

using jx::runtime::byte_vector;
using jx::runtime::host_buffer;

TEST(HostBuffer, StorageIsAlignedForVectors) {
  for (std::size_t n : {1, 63, 4096, 1 << 20}) {
    byte_vector v(n);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(v.data()) % 64, 0u) << n;
  }
}

TEST(HostBuffer, LargeBlocksAreRecycledOnTheSameThread) {
  jx::runtime::release_cached_memory();
  const uint8_t *first;
  {
    byte_vector v(1 << 20);
    first = v.data();
  }
  byte_vector again(1 << 20);
  EXPECT_EQ(again.data(), first);
  jx::runtime::release_cached_memory();
}

/// The VmFlags of the mapping of this process that holds `p` ("" when
/// /proc/self/smaps cannot be read or has no such mapping).
std::string mapping_flags(const void *p) {
  std::ifstream smaps("/proc/self/smaps");
  auto at = reinterpret_cast<uintptr_t>(p);
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    unsigned long long lo = 0, hi = 0;
    char dash = 0;
    std::istringstream head(line);
    if (head >> std::hex >> lo >> dash >> hi && dash == '-') {
      inside = lo <= at && at < hi;
      continue;
    }
    if (inside && line.rfind("VmFlags:", 0) == 0)
      return line;
  }
  return "";
}

TEST(HostBuffer, LargeBlocksAskForHugePages) {
  std::ifstream mode("/sys/kernel/mm/transparent_hugepage/enabled");
  if (!mode || !std::ifstream("/proc/self/smaps"))
    GTEST_SKIP() << "no transparent huge pages or /proc/self/smaps here";
  jx::runtime::release_cached_memory();
  byte_vector big(std::size_t{64} << 20);
  std::string flags = mapping_flags(big.data() + (std::size_t{32} << 20));
  ASSERT_FALSE(flags.empty());
  // "hg": the mapping was advised MADV_HUGEPAGE.
  EXPECT_NE(flags.find(" hg"), std::string::npos) << flags;
  jx::runtime::release_cached_memory();
}

TEST(HostBuffer, ValueInitializationStillZeroes) {
  // Only the runtime's resize() skips the fill; a vector built with an
  // explicit value, or assigned, has it.
  byte_vector dirty(1 << 20);
  std::memset(dirty.data(), 0xab, dirty.size());
  dirty = byte_vector();
  byte_vector v(1 << 20, 0);
  for (std::size_t i = 0; i < v.size(); i += 4093)
    ASSERT_EQ(v[i], 0) << i;
}

TEST(HostBuffer, ResultsOfRepeatedCallsReuseStorage) {
  // The frontend's context: every dialect loaded, the passes registered.
  mlir::MLIRContext &ctx = jx::frontend::context();
  auto module = mlir::parseSourceString<mlir::ModuleOp>(
      "func.func @main(%x: tensor<65536xf32>) -> tensor<65536xf32> {\n"
      "  %0 = stablehlo.add %x, %x : tensor<65536xf32>\n"
      "  return %0 : tensor<65536xf32>\n}\n",
      &ctx);
  ASSERT_TRUE(module);
  auto exe = jx::compiler::compile(*module, "main");
  ASSERT_TRUE(exe);
  host_buffer x;
  x.shape = {65536};
  x.data.resize(65536 * 4);
  for (int i = 0; i < 65536; ++i) {
    float f = static_cast<float>(i);
    std::memcpy(x.data.data() + 4 * i, &f, 4);
  }
  const uint8_t *previous = nullptr;
  for (int call = 0; call < 3; ++call) {
    std::vector<host_buffer> r = exe->run({x});
    ASSERT_EQ(r.size(), 1u);
    float last;
    std::memcpy(&last, r[0].data.data() + 4 * 65535, 4);
    EXPECT_EQ(last, 2 * 65535.0f);
    if (previous)
      EXPECT_EQ(r[0].data.data(), previous) << "call " << call;
    previous = r[0].data.data();
  }
}

} // namespace
