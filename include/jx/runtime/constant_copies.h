// constant_copies.h - a program's constants where its device reads them.
//
// A CUDA kernel cannot read the host's read-only data, where compiled code
// keeps its constants (a model's weights among them). Code of the CUDA
// pipeline asks the runtime for each constant's copy when a call starts
// (GpuHostBuffers.cpp: jx_rt_cuda_constant, or jx_rt_host_constant for
// the emulator); the copy is made on the first call and kept in the
// running executable's constant_copies (executable.h holds one) until the
// executable is destroyed, so the weights cross to the GPU once.
#ifndef JX_RUNTIME_CONSTANT_COPIES_H
#define JX_RUNTIME_CONSTANT_COPIES_H

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <unordered_map>

namespace jx::runtime {

class constant_copies {
public:
  using allocate_fn = void *(*)(std::size_t);
  using copy_fn = void (*)(void *to, const void *from, std::size_t bytes);
  using free_fn = void (*)(void *);
  constant_copies() = default;
  constant_copies(const constant_copies &) = delete;
  constant_copies &operator=(const constant_copies &) = delete;
  ~constant_copies(); // frees the copies

  /// The copy of the `bytes` at `host`: made with `allocate` and `copy` the
  /// first time (freed with `free`), the same one after. Throws what they
  /// throw, and std::invalid_argument when `host` was asked for before
  /// with another size.
  void *get(const void *host, std::size_t bytes, allocate_fn allocate,
            copy_fn copy, free_fn free);
  std::size_t size() const;

private:
  struct entry {
    void *copy;
    std::size_t bytes;
    free_fn free;
  };
  mutable std::mutex mutex_;
  std::unordered_map<const void *, entry> copies_;
};

/// The copies of the executable running on this thread; outside a call
/// (code called directly, an AOT library), a process-wide set never freed.
constant_copies &current_constant_copies();

/// Makes `copies` current on this thread until destroyed (executable.cpp).
class constant_copies_scope {
public:
  explicit constant_copies_scope(constant_copies *copies);
  ~constant_copies_scope();
  constant_copies_scope(const constant_copies_scope &) = delete;
  constant_copies_scope &operator=(const constant_copies_scope &) = delete;

private:
  constant_copies *previous_;
};

} // namespace jx::runtime

extern "C" {
/// Compiled code's calls: the address of the copy of constant `host`
/// (`bytes` bytes) in CUDA managed memory (cuda.cpp), or in host memory
/// for the CUDA emulator (memory.cpp's allocator). A failure ends the call.
int64_t jx_rt_cuda_constant(int64_t host, int64_t bytes);
int64_t jx_rt_host_constant(int64_t host, int64_t bytes);
}

#endif // JX_RUNTIME_CONSTANT_COPIES_H
