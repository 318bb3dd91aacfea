// memory.h - what compiled code allocates, and what happens when it cannot.
//
// Compiled programs allocate their temporaries through three C functions
// (MLIR's generic allocation entry points, selected by
// finalize-memref-to-llvm{use-generic-functions}). The runtime implements
// them: every block is counted against the memory limit of the running
// call, and a failed or over-limit allocation ends the call with an error
// (thrown from executable::run as memory_error) instead of a null pointer
// that the code would write through. Blocks still live when a call fails
// are freed.
//
// The limit: set_memory_limit(), else the environment variable
// JX_MAX_MEMORY (bytes, or with a K/M/G/T suffix), else the machine's
// physical memory. It caps the outputs and the temporaries of one call.

#ifndef JX_RUNTIME_MEMORY_H
#define JX_RUNTIME_MEMORY_H

#include <csetjmp>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace jx::runtime {

/// A program needed more memory than the limit allows or the system gives.
struct memory_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The limit of one call's allocations, in bytes (0: no limit but the
/// system's). The default is described above.
uint64_t memory_limit();
void set_memory_limit(uint64_t bytes);

/// Parses "123", "64M", "2G", "1.5T" (powers of 1024); nullopt-like: returns
/// false on anything else.
bool parse_memory_size(const std::string &text, uint64_t &bytes);

/// Frees the blocks this thread keeps for reuse: memory.cpp keeps up to
/// 512 MiB of freed temporaries and host_buffer storage, blocks of 64 KiB
/// or more, per thread, for the next call of the same program.
void release_cached_memory();

/// "over the limit of 1.00 GiB (set with ...)": the end of every message
/// about the limit.
std::string over_limit(uint64_t limit);

/// "4.00 GiB" for messages.
std::string format_bytes(uint64_t bytes);

/// The accounting of one call of compiled code, installed on the calling
/// thread for the call's duration. Not copyable; calls nest (a callback
/// running another executable).
class allocation_scope {
public:
  explicit allocation_scope(uint64_t already_used);
  ~allocation_scope(); // frees the blocks still live (a failed call)
  allocation_scope(const allocation_scope &) = delete;
  allocation_scope &operator=(const allocation_scope &) = delete;

  /// Where a failed allocation returns to: run the compiled code as
  /// `if (setjmp(scope.landing()) == 0) call();` and, when setjmp returns
  /// non-zero, report error().
  std::jmp_buf &landing() { return landing_; }
  const std::string &error() const { return error_; }

  // Used by the allocation functions.
  void *allocate(uint64_t bytes, uint64_t alignment);
  static void release(void *p);
  [[noreturn]] void fail(std::string message);
  /// Whether the call failed in a kernel (fail_current_call) rather than
  /// in an allocation.
  bool kernel_failed() const { return kernel_failed_; }
  void set_kernel_failed() { kernel_failed_ = true; }

private:
  std::jmp_buf landing_;
  std::string error_;
  uint64_t limit_, used_;
  bool kernel_failed_ = false;
  struct header *live_ = nullptr;
  allocation_scope *previous_;
};

/// Calls compiled code's packed entry `fn` on `args` under `scope`; false
/// when one of its allocations (or a kernel) failed, the failure function
/// having jumped back here (scope.error() says why).
bool call_guarded(void (*fn)(void **), void **args, allocation_scope &scope);

/// Ends the running call of compiled code from inside a runtime kernel
/// (a library call that cannot be made): executable::run throws
/// std::runtime_error with `message`. Outside a call, prints it and aborts.
[[noreturn]] void fail_current_call(std::string message);

} // namespace jx::runtime

// The allocation functions compiled code calls (MLIR's generic names).
extern "C" void *_mlir_memref_to_llvm_alloc(uint64_t size);
extern "C" void *_mlir_memref_to_llvm_aligned_alloc(uint64_t alignment,
                                                    uint64_t size);
extern "C" void _mlir_memref_to_llvm_free(void *ptr);

#endif // JX_RUNTIME_MEMORY_H
