// host_buffer.cpp - arrays in host memory, and .npy files.

#include "jx/runtime/host_buffer.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace jx::runtime {
namespace {

struct dtype_info {
  dtype type;
  const char *name;
  const char *descr; // numpy's descr; "" when numpy has none
  std::size_t size;
  const char *short_name;
};

const dtype_info kInfo[] = {
    {dtype::bool_, "bool", "|b1", 1, "bool"},
    {dtype::int2, "int2", "", 1, "i2"},
    {dtype::int4, "int4", "", 1, "i4"},
    {dtype::int8, "int8", "|i1", 1, "i8"},
    {dtype::int16, "int16", "<i2", 2, "i16"},
    {dtype::int32, "int32", "<i4", 4, "i32"},
    {dtype::int64, "int64", "<i8", 8, "i64"},
    {dtype::uint2, "uint2", "", 1, "u2"},
    {dtype::uint4, "uint4", "", 1, "u4"},
    {dtype::uint8, "uint8", "|u1", 1, "u8"},
    {dtype::uint16, "uint16", "<u2", 2, "u16"},
    {dtype::uint32, "uint32", "<u4", 4, "u32"},
    {dtype::uint64, "uint64", "<u8", 8, "u64"},
    {dtype::float16, "float16", "<f2", 2, "f16"},
    {dtype::bfloat16, "bfloat16", "<V2", 2, "bf16"},
    {dtype::float32, "float32", "<f4", 4, "f32"},
    {dtype::float64, "float64", "<f8", 8, "f64"},
    {dtype::complex64, "complex64", "<c8", 8, "c64"},
    {dtype::complex128, "complex128", "<c16", 16, "c128"},
};

const dtype_info &info(dtype t) {
  for (const dtype_info &i : kInfo)
    if (i.type == t)
      return i;
  throw std::logic_error("unknown dtype");
}

[[noreturn]] void fail(const std::string &path, const std::string &what) {
  throw std::runtime_error(path + ": " + what);
}

/// What a non-regular file is, for messages.
const char *file_kind(mode_t mode) {
  if (S_ISFIFO(mode))
    return "a FIFO";
  if (S_ISCHR(mode))
    return "a character device";
  if (S_ISBLK(mode))
    return "a block device";
  if (S_ISSOCK(mode))
    return "a socket";
  return "neither a file nor a directory";
}

/// Fails unless `mode` is a regular file's: a FIFO would block the reader
/// until some writer comes, a device may never end.
void require_regular(const std::string &path, mode_t mode) {
  if (S_ISDIR(mode))
    fail(path, "is a directory, not a .npy file");
  if (!S_ISREG(mode))
    fail(path, std::string("not a regular file (") + file_kind(mode) +
                   "); .npy inputs must be regular files");
}

/// A regular file open for reading, closed on destruction.
class input_file {
public:
  explicit input_file(std::string path_) : path(std::move(path_)) {
    // Look before opening (opening some devices has effects), then open
    // without blocking (a FIFO swapped in meanwhile must not hang us) and
    // look again at what was opened.
    struct stat st;
    if (::stat(path.c_str(), &st) == 0)
      require_regular(path, st.st_mode);
    fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
      fail(path, std::string("cannot open file: ") + std::strerror(errno));
    try {
      if (::fstat(fd, &st) != 0)
        fail(path, std::string("cannot stat file: ") + std::strerror(errno));
      require_regular(path, st.st_mode);
    } catch (...) {
      ::close(fd);
      throw;
    }
    size = st.st_size;
    int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0)
      ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  }
  ~input_file() { ::close(fd); }
  input_file(const input_file &) = delete;
  input_file &operator=(const input_file &) = delete;

  /// Reads exactly `n` bytes; false at the end of the file. Fails on errors.
  bool read(void *dst, std::size_t n) {
    char *p = static_cast<char *>(dst);
    while (n > 0) {
      ssize_t got = ::read(fd, p, n);
      if (got < 0 && errno == EINTR)
        continue;
      if (got < 0)
        fail(path, std::string("read error: ") + std::strerror(errno));
      if (got == 0)
        return false;
      p += got;
      n -= static_cast<std::size_t>(got);
      offset += got;
    }
    return true;
  }

  const std::string path;
  int fd = -1;
  off_t size = 0;   // of the whole file
  off_t offset = 0; // bytes read so far
};

/// Value of `'key': value` in the header dictionary, as text.
std::string header_field(const std::string &header, const std::string &key) {
  std::size_t at = header.find("'" + key + "'");
  if (at == std::string::npos)
    return "";
  at = header.find(':', at);
  if (at == std::string::npos)
    return "";
  ++at;
  while (at < header.size() && header[at] == ' ')
    ++at;
  if (at < header.size() && header[at] == '(') {
    std::size_t end = header.find(')', at);
    return end == std::string::npos ? "" : header.substr(at, end - at + 1);
  }
  std::size_t end = header.find_first_of(",}", at);
  return header.substr(at, end - at);
}

} // namespace

std::size_t itemsize(dtype t) { return info(t).size; }
std::string dtype_name(dtype t) { return info(t).name; }

int64_t host_buffer::size() const {
  // An empty array's other dimensions may multiply past int64.
  if (std::find(shape.begin(), shape.end(), 0) != shape.end())
    return 0;
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

std::string host_buffer::type_string() const {
  std::string s = info(dtype).short_name;
  s += "[";
  for (std::size_t i = 0; i < shape.size(); ++i)
    s += (i ? "," : "") + std::to_string(shape[i]);
  return s + "]";
}

host_buffer read_npy(const std::string &path) {
  input_file in(path);
  char magic[8];
  if (!in.read(magic, 8) || std::memcmp(magic, "\x93NUMPY", 6) != 0)
    fail(path, "not a .npy file (bad magic)");
  uint32_t header_len = 0;
  if (magic[6] == 1) {
    uint8_t len[2];
    if (!in.read(len, 2))
      fail(path, "truncated header");
    header_len = len[0] | (len[1] << 8);
  } else if (magic[6] == 2 || magic[6] == 3) {
    uint8_t len[4];
    if (!in.read(len, 4))
      fail(path, "truncated header");
    header_len = len[0] | (len[1] << 8) | (len[2] << 16) | (uint32_t(len[3]) << 24);
  } else {
    fail(path, "unsupported .npy version " + std::to_string(int(magic[6])));
  }
  if (header_len > (1u << 20))
    fail(path, "header too large");
  std::string header(header_len, '\0');
  if (!in.read(header.data(), header_len))
    fail(path, "truncated header");

  std::string descr = header_field(header, "descr");
  std::string order = header_field(header, "fortran_order");
  std::string shape = header_field(header, "shape");
  if (descr.size() < 2 || shape.empty())
    fail(path, "malformed header: " + header);
  descr = descr.substr(1, descr.size() - 2); // strip quotes
  if (order.find("True") != std::string::npos)
    fail(path, "Fortran-ordered arrays are not supported");

  host_buffer buf;
  bool found = false;
  for (const dtype_info &i : kInfo)
    if (i.descr[0] && (descr == i.descr ||
                       (descr.size() == 3 && descr[0] == '=' &&
                        descr.substr(1) == std::string(i.descr).substr(1)))) {
      buf.dtype = i.type;
      found = true;
      break;
    }
  // numpy has no bfloat16: ml_dtypes saves it as '<V2', and numpy's own
  // 2-byte void arrays (a view of the bits) are saved as '|V2'.
  if (!found && (descr == "bfloat16" || descr == "|V2")) {
    buf.dtype = dtype::bfloat16;
    found = true;
  }
  if (!found && descr.size() > 1 && descr[0] == '>')
    fail(path, "big-endian arrays ('" + descr + "') are not supported");
  if (!found)
    fail(path, "unsupported dtype '" + descr + "'");

  std::string dims = shape.substr(1, shape.size() - 2);
  std::stringstream ss(dims);
  std::string item;
  while (std::getline(ss, item, ',')) {
    std::size_t b = item.find_first_not_of(' ');
    if (b == std::string::npos)
      continue;
    std::size_t used = 0;
    int64_t dim = -1;
    try {
      dim = std::stoll(item.substr(b), &used);
    } catch (...) {
    }
    if (dim < 0 || item.find_first_not_of(' ', b + used) != std::string::npos)
      fail(path, "malformed shape " + shape);
    buf.shape.push_back(dim);
  }
  // Compare the size the header promises with what the file holds before
  // allocating anything, so that a corrupt header cannot ask for terabytes.
  off_t available = in.size - in.offset;
  uint64_t bytes = itemsize(buf.dtype);
  for (int64_t d : buf.shape)
    if (d != 0 && bytes > UINT64_MAX / uint64_t(d))
      fail(path, "shape " + shape + " is too large");
    else
      bytes *= uint64_t(d);
  if (uint64_t(available) != bytes)
    fail(path, "header says " + buf.type_string() + " (" +
                   std::to_string(bytes) + " bytes of data) but the file has " +
                   std::to_string(available) + " bytes after the header");
  buf.data.resize(bytes);
  if (!in.read(buf.data.data(), bytes))
    fail(path, "read error: the file ended early");
  // numpy reads any nonzero byte of a bool array as True; compiled code
  // assumes 0 or 1 (a reduction may test bit 0 only, or add the bytes).
  if (buf.dtype == dtype::bool_)
    for (uint8_t &b : buf.data)
      b = b != 0;
  return buf;
}

void write_npy(const std::string &path, const host_buffer &buf) {
  const dtype_info &i = info(buf.dtype);
  std::string descr = i.descr[0] ? i.descr : "";
  if (descr.empty()) {
    // numpy has no sub-byte integers: store them widened to a byte.
    bool is_unsigned = buf.dtype == dtype::uint2 || buf.dtype == dtype::uint4;
    descr = is_unsigned ? "|u1" : "|i1";
  }
  std::string shape = "(";
  for (std::size_t k = 0; k < buf.shape.size(); ++k)
    shape += std::to_string(buf.shape[k]) + (buf.shape.size() == 1 ? "," : k + 1 < buf.shape.size() ? ", " : "");
  shape += ")";
  std::string header = "{'descr': '" + descr +
                       "', 'fortran_order': False, 'shape': " + shape + ", }";
  std::size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::ofstream out(path, std::ios::binary);
  if (!out)
    fail(path, "cannot create file");
  out.write("\x93NUMPY\x01\x00", 8);
  uint16_t len = static_cast<uint16_t>(header.size());
  char lenBytes[2] = {static_cast<char>(len & 0xff), static_cast<char>(len >> 8)};
  out.write(lenBytes, 2);
  out.write(header.data(), header.size());
  out.write(reinterpret_cast<const char *>(buf.data.data()), buf.data.size());
  if (!out)
    fail(path, "write failed");
}

host_buffer index_along(const host_buffer &x, int64_t axis, int64_t i) {
  std::size_t item = itemsize(x.dtype);
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= x.shape[d];
  for (std::size_t d = axis + 1; d < x.shape.size(); ++d)
    inner *= x.shape[d];
  host_buffer out;
  out.dtype = x.dtype;
  out.shape = x.shape;
  int64_t n = out.shape[axis];
  out.shape.erase(out.shape.begin() + axis);
  std::size_t block = static_cast<std::size_t>(inner) * item;
  out.data.resize(static_cast<std::size_t>(outer) * block);
  for (int64_t o = 0; o < outer; ++o)
    std::memcpy(out.data.data() + o * block,
                x.data.data() + (o * n + i) * block, block);
  return out;
}

host_buffer stack_along(const std::vector<const host_buffer *> &parts,
                        int64_t axis) {
  const host_buffer &first = *parts[0];
  std::size_t item = itemsize(first.dtype);
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= first.shape[d];
  for (std::size_t d = axis; d < first.shape.size(); ++d)
    inner *= first.shape[d];
  host_buffer out;
  out.dtype = first.dtype;
  out.shape = first.shape;
  int64_t n = static_cast<int64_t>(parts.size());
  out.shape.insert(out.shape.begin() + axis, n);
  std::size_t block = static_cast<std::size_t>(inner) * item;
  out.data.resize(static_cast<std::size_t>(outer * n) * block);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < n; ++i)
      std::memcpy(out.data.data() + (o * n + i) * block,
                  parts[i]->data.data() + o * block, block);
  return out;
}

} // namespace jx::runtime
