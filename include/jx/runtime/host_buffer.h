// host_buffer.h - arrays in host memory, and .npy files.
//
// A host_buffer is what jx's runtime passes to and gets from compiled code:
// a dtype, a shape and densely packed row-major bytes.

#ifndef JX_RUNTIME_HOST_BUFFER_H
#define JX_RUNTIME_HOST_BUFFER_H

#include <cstdint>
#include <string>
#include <vector>

namespace jx::runtime {

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
  std::vector<uint8_t> data;

  int64_t size() const; // number of elements
  /// "f32[2,3]", as in error messages and jaxprs.
  std::string type_string() const;
};

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
