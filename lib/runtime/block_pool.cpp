// block_pool.cpp - a cache of freed blocks in front of a slow allocator
// (block_pool.h).

#include "jx/runtime/block_pool.h"

#include <new>
#include <stdexcept>
#include <utility>

namespace jx::runtime {

namespace {
constexpr std::size_t kSmallStep = 512;
constexpr std::size_t kLargeStep = std::size_t(2) << 20;
constexpr std::size_t kSmallLimit = std::size_t(1) << 20;

std::size_t round_up(std::size_t n, std::size_t step) {
  return (n + step - 1) / step * step;
}
} // namespace

block_pool::block_pool(allocate_fn allocate, free_fn free,
                       std::size_t max_cached)
    : allocate_(std::move(allocate)), free_(std::move(free)),
      max_cached_(max_cached) {}

block_pool::~block_pool() { trim(); }

std::size_t block_pool::size_class(std::size_t bytes) {
  if (bytes == 0)
    bytes = 1;
  return bytes < kSmallLimit ? round_up(bytes, kSmallStep)
                             : round_up(bytes, kLargeStep);
}

void *block_pool::allocate(std::size_t bytes) {
  std::size_t size = size_class(bytes);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = cached_.lower_bound(size);
    if (it != cached_.end() && it->first <= 2 * size) {
      void *p = it->second;
      std::size_t have = it->first;
      order_.erase(where_.at(p));
      where_.erase(p);
      cached_.erase(it);
      stats_.cached_bytes -= have;
      stats_.in_use_bytes += have;
      in_use_[p] = have;
      ++stats_.reuses;
      return p;
    }
  }
  void *p = nullptr;
  try {
    p = allocate_(size);
  } catch (...) {
    p = nullptr;
    trim();
    p = allocate_(size); // what it throws now goes to the caller
  }
  if (!p) {
    trim();
    p = allocate_(size);
    if (!p)
      throw std::bad_alloc();
  }
  std::lock_guard<std::mutex> lock(mutex_);
  in_use_[p] = size;
  stats_.in_use_bytes += size;
  ++stats_.allocations;
  return p;
}

void block_pool::release(void *p) {
  if (!p)
    return;
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = in_use_.find(p);
  if (it == in_use_.end())
    throw std::invalid_argument("block_pool: releasing a block it did not "
                                "give out");
  std::size_t size = it->second;
  in_use_.erase(it);
  stats_.in_use_bytes -= size;
  if (size > max_cached_) {
    free_(p);
    return;
  }
  evict_locked(max_cached_ - size);
  order_.push_back(cached_.emplace(size, p));
  where_[p] = std::prev(order_.end());
  stats_.cached_bytes += size;
}

void block_pool::free_cached_locked(free_list::iterator it) {
  void *p = it->second;
  stats_.cached_bytes -= it->first;
  order_.erase(where_.at(p));
  where_.erase(p);
  cached_.erase(it);
  free_(p);
}

void block_pool::evict_locked(std::size_t keep) {
  while (stats_.cached_bytes > keep && !order_.empty())
    free_cached_locked(order_.front());
}

void block_pool::trim() {
  std::lock_guard<std::mutex> lock(mutex_);
  while (!cached_.empty())
    free_cached_locked(cached_.begin());
}

void block_pool::set_max_cached(std::size_t bytes) {
  std::lock_guard<std::mutex> lock(mutex_);
  max_cached_ = bytes;
  evict_locked(bytes);
}

block_pool::statistics block_pool::stats() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return stats_;
}

} // namespace jx::runtime
