// memory.cpp - the allocation functions of compiled code, with limits.

#include "jx/runtime/memory.h"
#include "jx/runtime/host_buffer.h"

#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <unistd.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif
#include <vector>

namespace jx::runtime {

/// Before every block: where malloc's block starts, the size counted, the
/// scope that counts it, and the links of that scope's list of live blocks.
struct header {
  void *base;
  uint64_t bytes;
  allocation_scope *owner;
  header *prev, *next;
  uint64_t alignment; // what it was carved for
};

namespace {

thread_local allocation_scope *current = nullptr;

std::atomic<uint64_t> limit_override{0};
std::atomic<bool> limit_set{false};

uint64_t default_limit() {
  static const uint64_t value = [] {
    if (const char *env = std::getenv("JX_MAX_MEMORY")) {
      uint64_t bytes = 0;
      if (parse_memory_size(env, bytes))
        return bytes;
      std::fprintf(stderr,
                   "jx: warning: ignoring JX_MAX_MEMORY='%s' (expected bytes "
                   "or a size such as 512M, 8G)\n",
                   env);
    }
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0
               ? static_cast<uint64_t>(pages) * static_cast<uint64_t>(page)
               : uint64_t{0};
  }();
  return value;
}

/// Blocks of at least this many bytes ask the kernel for transparent huge
/// pages (where it gives them only when asked: Linux's "madvise" mode).
constexpr uint64_t kHugePageMin = uint64_t{4} << 20;
constexpr uintptr_t kHugePage = uintptr_t{2} << 20;

/// Asks for huge pages over the whole 2 MiB pages inside [p, p + bytes).
/// A buffer of tens of megabytes streamed by a loop then costs one TLB
/// entry per 2 MiB instead of per 4 KiB: on an AMD EPYC (Zen 4), one core,
/// a row sum of f32[4096, 4096] took 2.0 ms instead of 2.4, a softmax 6.4
/// instead of 7.3 (performance.md). Advice only: a kernel without
/// transparent huge pages ignores it.
void advise_huge_pages(void *p, uint64_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  uintptr_t begin =
      (reinterpret_cast<uintptr_t>(p) + kHugePage - 1) & ~(kHugePage - 1);
  uintptr_t end = (reinterpret_cast<uintptr_t>(p) + bytes) & ~(kHugePage - 1);
  if (end > begin)
    (void)madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE);
#else
  (void)p;
  (void)bytes;
#endif
}

/// A block of `bytes` aligned to `alignment` (a power of two, at least 16)
/// with its header in front; null when malloc fails.
header *carve(uint64_t bytes, uint64_t alignment) {
  uint64_t extra = sizeof(header) + alignment;
  void *base = bytes > UINT64_MAX - extra ? nullptr : std::malloc(bytes + extra);
  if (!base)
    return nullptr;
  if (bytes >= kHugePageMin)
    advise_huge_pages(base, bytes + extra);
  uintptr_t start = reinterpret_cast<uintptr_t>(base) + sizeof(header);
  uintptr_t user = (start + alignment - 1) / alignment * alignment;
  auto *h = reinterpret_cast<header *>(user - sizeof(header));
  *h = header{base, bytes, nullptr, nullptr, nullptr, alignment};
  return h;
}

void *user_pointer(header *h) { return h + 1; }

/// Freed temporaries of at least kCachedMin bytes, kept per thread for the
/// next call that asks for the same size and alignment: a program called
/// in a loop allocates the same buffers every call, and a fresh large
/// malloc is a fresh mmap whose every page faults in again. At most
/// kCacheMax bytes are kept; the oldest go first.
constexpr uint64_t kCachedMin = 64 << 10;
constexpr uint64_t kCacheMax = uint64_t{512} << 20;

struct block_cache {
  std::vector<header *> blocks; // oldest first
  uint64_t bytes = 0;

  header *take(uint64_t size, uint64_t alignment) {
    for (size_t i = blocks.size(); i-- > 0;)
      if (blocks[i]->bytes == size && blocks[i]->alignment == alignment) {
        header *h = blocks[i];
        blocks.erase(blocks.begin() + i);
        bytes -= size;
        return h;
      }
    return nullptr;
  }
  bool keep(header *h) {
    if (h->bytes < kCachedMin || h->bytes > kCacheMax)
      return false;
    while (bytes + h->bytes > kCacheMax && !blocks.empty()) {
      bytes -= blocks.front()->bytes;
      std::free(blocks.front()->base);
      blocks.erase(blocks.begin());
    }
    blocks.push_back(h);
    bytes += h->bytes;
    return true;
  }
  void clear() {
    for (header *h : blocks)
      std::free(h->base);
    blocks.clear();
    bytes = 0;
  }
  ~block_cache() {
    clear();
    cache_gone = true;
  }
  /// Set once this thread's cache is destroyed: buffers freed later (by
  /// static destructors) go straight back to malloc.
  static thread_local bool cache_gone;
};

thread_local bool block_cache::cache_gone = false;
thread_local block_cache cache;

constexpr uint64_t kBufferAlignment = 64;

/// A block of `bytes`: a cached one when it is large enough and this
/// thread's cache still exists, else a new one (null when malloc fails).
header *take_or_carve(uint64_t bytes, uint64_t alignment) {
  header *h = bytes >= kCachedMin && !block_cache::cache_gone
                  ? cache.take(bytes, alignment)
                  : nullptr;
  return h ? h : carve(bytes, alignment);
}

/// Gives `h` back: to this thread's cache when it takes it, else to malloc.
void keep_or_free(header *h) {
  if (!block_cache::cache_gone && cache.keep(h))
    return;
  std::free(h->base);
}

} // namespace

uint64_t memory_limit() {
  return limit_set ? limit_override.load() : default_limit();
}

void set_memory_limit(uint64_t bytes) {
  limit_override = bytes;
  limit_set = true;
}

bool parse_memory_size(const std::string &text, uint64_t &bytes) {
  if (text.empty())
    return false;
  char *end = nullptr;
  errno = 0;
  double v = std::strtod(text.c_str(), &end);
  if (errno || end == text.c_str() || !(v >= 0) || !std::isfinite(v))
    return false;
  std::string suffix(end);
  if (!suffix.empty() && (suffix.back() == 'B' || suffix.back() == 'b'))
    suffix.pop_back();
  if (suffix.size() == 2 && (suffix[1] == 'i' || suffix[1] == 'I'))
    suffix.pop_back(); // "Gi"
  double scale = 1;
  if (suffix.size() == 1) {
    switch (suffix[0]) {
    case 'k': case 'K': scale = 1024.0; break;
    case 'm': case 'M': scale = 1024.0 * 1024; break;
    case 'g': case 'G': scale = 1024.0 * 1024 * 1024; break;
    case 't': case 'T': scale = 1024.0 * 1024 * 1024 * 1024; break;
    default: return false;
    }
  } else if (!suffix.empty()) {
    return false;
  }
  double total = v * scale;
  if (total >= 1.8e19)
    return false;
  bytes = static_cast<uint64_t>(total);
  return true;
}

std::string format_bytes(uint64_t bytes) {
  static const char *const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB",
                                      "PiB", "EiB"};
  double v = static_cast<double>(bytes);
  int u = 0;
  while (v >= 1024 && u < 6) {
    v /= 1024;
    ++u;
  }
  char text[64];
  if (u == 0)
    std::snprintf(text, sizeof text, "%llu bytes",
                  static_cast<unsigned long long>(bytes));
  else
    std::snprintf(text, sizeof text, "%.2f %s", v, units[u]);
  return text;
}

std::string over_limit(uint64_t limit) {
  return "over the limit of " + format_bytes(limit) +
         " (set with --max-memory, JX_MAX_MEMORY or set_memory_limit)";
}

allocation_scope::allocation_scope(uint64_t already_used)
    : limit_(memory_limit()), used_(already_used), previous_(current) {
  current = this;
}

allocation_scope::~allocation_scope() {
  while (live_) {
    header *h = live_;
    live_ = h->next;
    std::free(h->base);
  }
  current = previous_;
}

void *allocation_scope::allocate(uint64_t bytes, uint64_t alignment) {
  if (alignment < 16)
    alignment = 16;
  // Each message is made in a statement of its own: fail() jumps out with
  // longjmp, which runs no destructor, so the temporaries of an expression
  // around the call (the strings being joined) would leak.
  std::string message;
  if (alignment & (alignment - 1)) {
    message = "compiled code asked for an allocation aligned to " +
              std::to_string(alignment) + " bytes, not a power of two";
    fail(std::move(message));
  }
  if (limit_ && (bytes > limit_ || used_ > limit_ - bytes)) {
    message = "a temporary buffer of " + format_bytes(bytes) +
              " would bring this call's memory to " +
              format_bytes(used_ + bytes) + ", " + over_limit(limit_);
    fail(std::move(message));
  }
  header *h = take_or_carve(bytes, alignment);
  if (!h) {
    message = "cannot allocate a temporary buffer of " + format_bytes(bytes) +
              ": out of memory";
    fail(std::move(message));
  }
  h->owner = this;
  h->next = live_;
  if (live_)
    live_->prev = h;
  live_ = h;
  used_ += bytes;
  return user_pointer(h);
}

void allocation_scope::release(void *p) {
  if (!p)
    return;
  auto *h = reinterpret_cast<header *>(reinterpret_cast<uintptr_t>(p) -
                                       sizeof(header));
  if (allocation_scope *owner = h->owner) {
    owner->used_ -= h->bytes;
    if (h->prev)
      h->prev->next = h->next;
    else
      owner->live_ = h->next;
    if (h->next)
      h->next->prev = h->prev;
    h->owner = nullptr;
    h->prev = h->next = nullptr;
    keep_or_free(h);
    return;
  }
  std::free(h->base);
}

void release_cached_memory() {
  if (!block_cache::cache_gone)
    cache.clear();
}

void *allocate_buffer(std::size_t bytes) {
  header *h = take_or_carve(bytes, kBufferAlignment);
  if (!h)
    throw std::bad_alloc();
  return user_pointer(h);
}

void free_buffer(void *p, std::size_t) {
  if (!p)
    return;
  keep_or_free(reinterpret_cast<header *>(reinterpret_cast<uintptr_t>(p) -
                                          sizeof(header)));
}

void allocation_scope::fail(std::string message) {
  error_ = std::move(message);
  std::longjmp(landing_, 1);
}

void fail_current_call(std::string message) {
  if (!current) {
    std::fprintf(stderr, "jx: error: %s\n", message.c_str());
    std::abort();
  }
  current->set_kernel_failed();
  current->fail(std::move(message));
}

} // namespace jx::runtime

namespace jx::runtime {
namespace {

void *allocate(uint64_t size, uint64_t alignment) {
  if (current)
    return current->allocate(size, alignment);
  // Compiled code called outside executable::run: no call to end, so a
  // failure can only stop the process, with a message.
  uint64_t a = alignment < 16 ? 16 : alignment;
  header *h = (a & (a - 1)) ? nullptr : carve(size, a);
  if (!h) {
    std::fprintf(stderr, "jx: error: cannot allocate %s in compiled code\n",
                 format_bytes(size).c_str());
    std::abort();
  }
  return user_pointer(h);
}

} // namespace

bool call_guarded(void (*fn)(void **), void **args, allocation_scope &scope) {
  if (setjmp(scope.landing()) != 0)
    return false;
  fn(args);
  return true;
}

} // namespace jx::runtime

extern "C" void *_mlir_memref_to_llvm_alloc(uint64_t size) {
  return jx::runtime::allocate(size, 16);
}

extern "C" void *_mlir_memref_to_llvm_aligned_alloc(uint64_t alignment,
                                                    uint64_t size) {
  return jx::runtime::allocate(size, alignment);
}

extern "C" void _mlir_memref_to_llvm_free(void *ptr) {
  jx::runtime::allocation_scope::release(ptr);
}
