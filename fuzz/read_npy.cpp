//===- read_npy.cpp - fuzz the .npy reader behind `jxc run --input` -------===//
//
// Any file: read_npy must give an array or throw std::runtime_error (jxc
// prints it and exits 2). An array it gives holds exactly the bytes its
// shape and dtype need, its bools are 0 or 1, and it writes and reads back
// unchanged. The input lives in an in-memory file (memfd), read by path.
//
//===----------------------------------------------------------------------===//

#include "jx/runtime/host_buffer.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include <sys/mman.h>
#include <unistd.h>

namespace {

/// An in-memory file and a path that names it.
struct memfile {
  int fd;
  std::string path;
  explicit memfile(const char *name) : fd(memfd_create(name, 0)) {
    if (fd < 0) {
      std::perror("read_npy: memfd_create");
      std::abort();
    }
    path = "/proc/self/fd/" + std::to_string(fd);
  }
  void assign(const uint8_t *data, size_t size) {
    if (ftruncate(fd, 0) != 0 ||
        (size && pwrite(fd, data, size, 0) != static_cast<ssize_t>(size))) {
      std::perror("read_npy: writing the memfd");
      std::abort();
    }
  }
};

[[noreturn]] void fail(const char *what, const jx::runtime::host_buffer &b) {
  std::fprintf(stderr, "read_npy: %s (%s)\n", what, b.type_string().c_str());
  std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static memfile input("npy-input"), output("npy-output");
  input.assign(data, size);
  jx::runtime::host_buffer buf;
  try {
    buf = jx::runtime::read_npy(input.path);
  } catch (const std::runtime_error &) {
    return 0; // a clear error: what jxc reports
  }
  if (buf.data.size() != uint64_t(buf.size()) * jx::runtime::itemsize(buf.dtype))
    fail("the data does not have the size the shape says", buf);
  if (buf.dtype == jx::runtime::dtype::bool_)
    for (uint8_t b : buf.data)
      if (b > 1)
        fail("a bool is neither 0 nor 1", buf);
  jx::runtime::write_npy(output.path, buf);
  jx::runtime::host_buffer again = jx::runtime::read_npy(output.path);
  if (again.dtype != buf.dtype || again.shape != buf.shape ||
      again.data != buf.data)
    fail("writing and reading back changed the array", buf);
  return 0;
}
