// host_buffer.h - arrays in host memory, and .npy files.
//
// A host_buffer is what jx's runtime passes to and gets from compiled code:
// a dtype, a shape and densely packed row-major bytes.
//
// Its bytes live in a byte_vector: a std::vector whose storage is 64-byte
// aligned, not zero-filled when it grows (compiled code writes every byte
// of the results it returns), and, for blocks of 64 KiB or more, recycled
// through the runtime's per-thread cache of freed blocks (memory.h): a
// program called in a loop gets back the pages its previous results used
// instead of a fresh mmap that faults in page by page.

#ifndef JX_RUNTIME_HOST_BUFFER_H
#define JX_RUNTIME_HOST_BUFFER_H

#include <cstddef>
#include <cstdint>
#include <new>
#include <string>
#include <vector>

namespace jx::runtime {

/// The storage functions of buffer_allocator (memory.cpp). allocate_buffer
/// throws std::bad_alloc when the system has no memory.
void *allocate_buffer(std::size_t bytes);
void free_buffer(void *p, std::size_t bytes);

/// An allocator whose construct() default-initializes: resize() leaves new
/// bytes as they are.
template <class T> struct buffer_allocator {
  using value_type = T;
  buffer_allocator() = default;
  template <class U> buffer_allocator(const buffer_allocator<U> &) {}
  T *allocate(std::size_t n) {
    if (n > SIZE_MAX / sizeof(T))
      throw std::bad_alloc();
    return static_cast<T *>(allocate_buffer(n * sizeof(T)));
  }
  void deallocate(T *p, std::size_t n) { free_buffer(p, n * sizeof(T)); }
  template <class U> void construct(U *p) { ::new (static_cast<void *>(p)) U; }
  template <class U, class... A> void construct(U *p, A &&...args) {
    ::new (static_cast<void *>(p)) U(static_cast<A &&>(args)...);
  }
  template <class U> bool operator==(const buffer_allocator<U> &) const {
    return true;
  }
  template <class U> bool operator!=(const buffer_allocator<U> &) const {
    return false;
  }
};

using byte_vector = std::vector<uint8_t, buffer_allocator<uint8_t>>;

enum class dtype {
  bool_, int2, int4, int8, int16, int32, int64,
  uint2, uint4, uint8, uint16, uint32, uint64,
  float16, bfloat16, float32, float64, complex64, complex128,
};

/// Bytes one element occupies in memory (sub-byte integers take a byte).
std::size_t itemsize(dtype t);
/// jax.numpy's name: "float32", "bool", "int4", ...
std::string dtype_name(dtype t);

struct host_buffer {
  jx::runtime::dtype dtype = dtype::float32;
  std::vector<int64_t> shape;
  byte_vector data;

  int64_t size() const; // number of elements
  /// "f32[2,3]", as in error messages and jaxprs.
  std::string type_string() const;
};

/// Item `i` of `x` along `axis`, that axis removed (x[..., i, ...]).
host_buffer index_along(const host_buffer &x, int64_t axis, int64_t i);
/// `parts` (equal types) stacked along a new `axis` (jnp.stack).
host_buffer stack_along(const std::vector<const host_buffer *> &parts,
                        int64_t axis);

/// Reads a .npy file (version 1-3, C order, little-endian). bfloat16 arrays
/// are read from files whose header says '<V2', '|V2' or 'bfloat16'. Bool
/// bytes other than 0 read as 1 (True), as numpy reads them. Only regular
/// files are read: a directory, FIFO, socket or device is refused without
/// waiting on it. Throws std::runtime_error naming the file on any problem.
host_buffer read_npy(const std::string &path);
/// Writes a .npy file; throws std::runtime_error on failure.
void write_npy(const std::string &path, const host_buffer &buffer);

} // namespace jx::runtime

#endif // JX_RUNTIME_HOST_BUFFER_H
