// compile_cache_test.cpp - jx::jit through the persistent compile cache:
// the second jit object of the same function loads the stored executable
// instead of compiling, with the same results and donation table, and a
// damaged entry is compiled again.

#include "jx/jx.h"
#include "jx/runtime/compile_cache.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace {

namespace jnp = jx::numpy;
using jx::Array;

/// The cache on in a fresh folder for one test, off again after it (other
/// tests in this process compile without it).
struct scoped_cache {
  std::string dir;
  scoped_cache() {
    dir = testing::TempDir() + "jx-cache-test-" + std::to_string(::getpid());
    std::filesystem::remove_all(dir);
    jx::runtime::set_cache_dir(dir);
  }
  ~scoped_cache() {
    jx::runtime::set_cache_dir("");
    std::filesystem::remove_all(dir);
  }
};

Array step(const Array &x, const Array &y) { return jnp::tanh(x) * y + 0.25f; }

TEST(CompileCache, SecondJitObjectLoadsTheStoredExecutable) {
  scoped_cache cache;
  Array x = jx::array({0.5f, -1.f, 2.f}), y = jx::array({3.f, 4.f, 5.f});
  auto before = jx::runtime::cache_counters();
  std::vector<float> first = jx::jit(step)(x, y).to_vector<float>();
  auto mid = jx::runtime::cache_counters();
  EXPECT_EQ(mid.misses - before.misses, 1u);
  EXPECT_EQ(mid.stores - before.stores, 1u);
  EXPECT_EQ(jx::runtime::cache_statistics().entries, 1u);
  std::vector<float> second = jx::jit(step)(x, y).to_vector<float>();
  auto after = jx::runtime::cache_counters();
  EXPECT_EQ(after.hits - mid.hits, 1u);
  EXPECT_EQ(after.stores, mid.stores);
  EXPECT_EQ(first, second);
  EXPECT_FLOAT_EQ(second[2], std::tanh(2.f) * 5.f + 0.25f);
}

TEST(CompileCache, DamagedEntryIsCompiledAgain) {
  scoped_cache cache;
  Array x = jx::array({1.f, 2.f}), y = jx::array({1.f, 1.f});
  std::vector<float> good = jx::jit(step)(x, y).to_vector<float>();
  for (const auto &e : std::filesystem::directory_iterator(cache.dir)) {
    std::fstream f(e.path(), std::ios::in | std::ios::out | std::ios::binary);
    auto middle = static_cast<std::streamoff>(std::filesystem::file_size(e.path()) / 2);
    f.seekg(middle);
    char c = static_cast<char>(f.get());
    f.seekp(middle);
    f.put(static_cast<char>(c ^ 0xff));
  }
  auto before = jx::runtime::cache_counters();
  EXPECT_EQ(jx::jit(step)(x, y).to_vector<float>(), good);
  auto after = jx::runtime::cache_counters();
  EXPECT_EQ(after.rejected - before.rejected, 1u);
  EXPECT_EQ(after.stores - before.stores, 1u);
  EXPECT_EQ(after.hits, before.hits);
}

} // namespace
