// block_pool.h - a cache of freed memory blocks in front of a slow
// allocator (CUDA's cuMemAllocManaged takes tens of microseconds and
// synchronizes the device; a program's temporaries and results ask for the
// same sizes call after call).
//
//   block_pool pool([](std::size_t n) { return cuda_alloc(n); },
//                   [](void *p) { cuda_free(p); }, 1 << 30);
//   void *p = pool.allocate(1000);   // a block of at least 1000 bytes
//   pool.release(p);                 // kept for the next allocate
//
// Sizes are rounded up to a class (multiples of 512 bytes below 1 MiB, of
// 2 MiB above), and a request is served by the smallest cached block of its
// class or a larger one up to twice its size. Released blocks are kept
// while the cache holds at most `max_cached` bytes; beyond it, the oldest
// are freed. When the allocator fails, the cache is emptied and the
// allocation tried once more. Thread-safe.
#ifndef JX_RUNTIME_BLOCK_POOL_H
#define JX_RUNTIME_BLOCK_POOL_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <list>
#include <map>
#include <mutex>
#include <unordered_map>

namespace jx::runtime {

class block_pool {
public:
  /// `allocate` returns nullptr or throws when it cannot; `free` frees what
  /// it returned.
  using allocate_fn = std::function<void *(std::size_t)>;
  using free_fn = std::function<void(void *)>;
  block_pool(allocate_fn allocate, free_fn free, std::size_t max_cached);
  ~block_pool(); // frees the cached blocks (not those still in use)
  block_pool(const block_pool &) = delete;
  block_pool &operator=(const block_pool &) = delete;

  /// A block of at least `bytes` bytes (at least one). Throws what the
  /// allocator throws, or std::bad_alloc when it returns nullptr, after
  /// retrying with the cache emptied.
  void *allocate(std::size_t bytes);
  /// Gives back a block from allocate() (nullptr: nothing). Throws
  /// std::invalid_argument for a pointer this pool did not give out.
  void release(void *p);
  /// Frees every cached block.
  void trim();
  void set_max_cached(std::size_t bytes);

  /// The size a request of `bytes` is rounded up to.
  static std::size_t size_class(std::size_t bytes);

  struct statistics {
    std::size_t in_use_bytes = 0; // given out, not yet released
    std::size_t cached_bytes = 0; // released, kept
    uint64_t allocations = 0;     // calls of the allocator
    uint64_t reuses = 0;          // requests served from the cache
  };
  statistics stats() const;

private:
  using free_list = std::multimap<std::size_t, void *>;
  void evict_locked(std::size_t keep);
  void free_cached_locked(free_list::iterator it);
  allocate_fn allocate_;
  free_fn free_;
  std::size_t max_cached_;
  mutable std::mutex mutex_;
  free_list cached_;                               // size -> block
  std::list<free_list::iterator> order_;           // cached, oldest first
  std::unordered_map<void *, std::size_t> in_use_; // block -> size
  std::unordered_map<void *, std::list<free_list::iterator>::iterator> where_;
  statistics stats_;
};

} // namespace jx::runtime

#endif // JX_RUNTIME_BLOCK_POOL_H
