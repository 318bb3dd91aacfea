// block_pool_test.cpp - the cache of freed blocks in front of CUDA's
// managed-memory allocator (jx/runtime/block_pool.h), tested on an
// allocator that counts its calls.

#include "jx/runtime/block_pool.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <new>
#include <stdexcept>

namespace {

using jx::runtime::block_pool;

/// malloc with a record of what is live, and a way to make it fail.
struct counting_allocator {
  std::map<void *, std::size_t> live;
  int calls = 0, frees = 0;
  std::size_t fail_above = SIZE_MAX; // sizes it refuses, while set
  block_pool make(std::size_t max_cached) {
    return block_pool(
        [this](std::size_t n) -> void * {
          ++calls;
          if (n > fail_above)
            throw std::runtime_error("out of device memory");
          void *p = std::malloc(n);
          live[p] = n;
          return p;
        },
        [this](void *p) {
          ++frees;
          live.erase(p);
          std::free(p);
        },
        max_cached);
  }
};

TEST(BlockPool, SizeClasses) {
  EXPECT_EQ(block_pool::size_class(0), 512u);
  EXPECT_EQ(block_pool::size_class(1), 512u);
  EXPECT_EQ(block_pool::size_class(512), 512u);
  EXPECT_EQ(block_pool::size_class(513), 1024u);
  EXPECT_EQ(block_pool::size_class((1u << 20) - 1), 1u << 20);
  EXPECT_EQ(block_pool::size_class(1u << 20), 2u << 20);
  EXPECT_EQ(block_pool::size_class((2u << 20) + 1), 4u << 20);
}

TEST(BlockPool, ReleasedBlocksServeTheNextRequests) {
  counting_allocator a;
  block_pool pool = a.make(1 << 30);
  void *p = pool.allocate(1000);
  void *q = pool.allocate(1000);
  EXPECT_NE(p, q);
  EXPECT_EQ(a.calls, 2);
  EXPECT_EQ(a.live.at(p), 1024u);
  pool.release(p);
  EXPECT_EQ(pool.stats().cached_bytes, 1024u);
  EXPECT_EQ(pool.stats().in_use_bytes, 1024u);
  // The same class again: the cached block, no call.
  EXPECT_EQ(pool.allocate(700), p);
  EXPECT_EQ(a.calls, 2);
  EXPECT_EQ(pool.stats().reuses, 1u);
  // A smaller class may take a block up to twice its size, not more.
  pool.release(p);
  void *small = pool.allocate(100); // 512: 1024 is twice, taken
  EXPECT_EQ(small, p);
  pool.release(small);
  pool.release(q);
  void *big = pool.allocate(3000); // 3072: neither cached block fits
  EXPECT_EQ(a.calls, 3);
  pool.release(big);
  pool.allocate(10); // 512: the 1024 ones qualify, 3072 does not
  EXPECT_EQ(a.calls, 3);
  EXPECT_THROW(pool.release(&a), std::invalid_argument);
  pool.release(nullptr); // nothing
}

TEST(BlockPool, KeepsAtMostItsCapFreeingTheOldestFirst) {
  counting_allocator a;
  block_pool pool = a.make(2048);
  void *p1 = pool.allocate(1024), *p2 = pool.allocate(1024),
       *p3 = pool.allocate(1024);
  pool.release(p1);
  pool.release(p2);
  EXPECT_EQ(a.frees, 0);
  pool.release(p3); // over 2048: p1, the oldest, goes
  EXPECT_EQ(a.frees, 1);
  EXPECT_EQ(a.live.count(p1), 0u);
  EXPECT_EQ(pool.stats().cached_bytes, 2048u);
  // A block bigger than the cap is freed at once.
  void *huge = pool.allocate(4096);
  pool.release(huge);
  EXPECT_EQ(a.live.count(huge), 0u);
  pool.set_max_cached(1024);
  EXPECT_EQ(pool.stats().cached_bytes, 1024u);
  pool.trim();
  EXPECT_EQ(pool.stats().cached_bytes, 0u);
  EXPECT_TRUE(a.live.empty());
}

TEST(BlockPool, AFailedAllocationEmptiesTheCacheAndRetries) {
  counting_allocator a;
  block_pool pool = a.make(1 << 30);
  void *p = pool.allocate(1 << 20);
  pool.release(p);
  // Fails once with a block cached: the cache is emptied and the call
  // retried, which fails again here; the allocator's error reaches the
  // caller and the cached block is gone.
  a.fail_above = 1 << 20;
  EXPECT_THROW((void)pool.allocate(8 << 20), std::runtime_error);
  EXPECT_EQ(pool.stats().cached_bytes, 0u);
  EXPECT_TRUE(a.live.empty());
  a.fail_above = SIZE_MAX;
  void *q = pool.allocate(8 << 20);
  EXPECT_EQ(pool.stats().in_use_bytes, 8u << 20);
  pool.release(q);
}

TEST(BlockPool, TheDestructorFreesWhatItCaches) {
  counting_allocator a;
  {
    block_pool pool = a.make(1 << 30);
    pool.release(pool.allocate(100));
    EXPECT_EQ(a.live.size(), 1u);
  }
  EXPECT_TRUE(a.live.empty());
}

} // namespace
