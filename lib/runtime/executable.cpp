// executable.cpp - compiled code with its signature (executable.h): run,
// load from a shared object, serialize.

#include "jx/runtime/executable.h"
#include "jx/runtime/constant_copies.h"
#include "jx/runtime/cuda.h"
#include "jx/runtime/kernels.h"
#include "jx/runtime/memory.h"
#include "jx/runtime/region_timers.h"
#include "jx/runtime/threads.h"
#include "jx/version.h"

#include <algorithm>
#include <atomic>
#include <csetjmp>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <mutex>
#include <set>
#include <sstream>

#include <dlfcn.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

namespace jx::runtime {

std::string tensor_spec::type_string() const {
  host_buffer b;
  b.dtype = dtype;
  b.shape = shape;
  return b.type_string();
}

int64_t element_count(const tensor_spec &t) {
  // The verifier bounds the element count of non-empty shapes only: the
  // other dimensions of an empty one may multiply past int64.
  if (std::find(t.shape.begin(), t.shape.end(), 0) != t.shape.end())
    return 0;
  int64_t n = 1;
  for (int64_t d : t.shape)
    n *= d;
  return n;
}

host_buffer zeros_like(const tensor_spec &t) {
  host_buffer b;
  b.dtype = t.dtype;
  b.shape = t.shape;
  b.data.assign(b.size() * itemsize(t.dtype), 0);
  return b;
}

const char *version() { return JX_VERSION_STRING; }

const cpu_info &host_cpu() {
  static const cpu_info info = [] {
    cpu_info c;
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    auto value = [](const std::string &l) {
      auto colon = l.find(':');
      std::string v = colon == std::string::npos ? "" : l.substr(colon + 1);
      v.erase(0, v.find_first_not_of(" \t"));
      return v;
    };
    bool model = false, flags = false;
    while (std::getline(in, line) && !(model && flags)) {
      if (!model && line.rfind("model name", 0) == 0) {
        c.model = value(line);
        model = true;
      } else if (!flags && line.rfind("flags", 0) == 0) {
        std::istringstream words(value(line));
        std::set<std::string> sorted;
        for (std::string w; words >> w;)
          sorted.insert(w);
        c.flags.assign(sorted.begin(), sorted.end());
        flags = true;
      }
    }
    if (c.model.empty())
      c.model = "unknown CPU";
    return c;
  }();
  return info;
}

namespace {
std::mutex registered_mutex;
std::vector<std::pair<const char *, void *>> &registered() {
  static std::vector<std::pair<const char *, void *>> symbols;
  return symbols;
}
} // namespace

void register_compiled_code_symbol(const char *name, void *address) {
  std::lock_guard<std::mutex> lock(registered_mutex);
  for (auto &entry : registered())
    if (std::strcmp(entry.first, name) == 0) {
      entry.second = address;
      return;
    }
  registered().push_back({name, address});
}

std::vector<std::string> missing_cpu_flags(const cpu_info &needed) {
  const cpu_info &host = host_cpu();
  std::vector<std::string> missing;
  for (const std::string &f : needed.flags)
    if (!std::binary_search(host.flags.begin(), host.flags.end(), f))
      missing.push_back(f);
  return missing;
}

std::vector<std::pair<const char *, void *>> compiled_code_symbols() {
  auto fn = [](auto *f) { return reinterpret_cast<void *>(f); };
  std::vector<std::pair<const char *, void *>> symbols = {
      {"jx_rt_memref_copy", fn(&jx_rt_memref_copy)},
      // Conversions to bfloat16 that LLVM leaves to a soft-float library.
      {"__truncsfbf2", fn(&__truncsfbf2)},
      {"__truncdfbf2", fn(&__truncdfbf2)},
      // Dense contractions (ContractionToBlas.cpp, blas.cpp).
      {"jx_rt_gemm_f32", fn(&jx_rt_gemm_f32)},
      {"jx_rt_gemm_f64", fn(&jx_rt_gemm_f64)},
      {"jx_rt_gemm_c64", fn(&jx_rt_gemm_c64)},
      {"jx_rt_gemm_c128", fn(&jx_rt_gemm_c128)},
      {"jx_rt_gemm_s8s32", fn(&jx_rt_gemm_s8s32)},
      // Convolutions (ConvolutionToDnnl.cpp, dnnl.cpp).
      {"jx_rt_conv", fn(&jx_rt_conv)},
      {"jx_rt_conv_filter_gradient", fn(&jx_rt_conv_filter_gradient)},
      // JAX's LAPACK custom calls (LapackCustomCalls.cpp, lapack.cpp).
      {"jx_rt_lapack", fn(&jx_rt_lapack)},
      // Collectives of multi-device runs (CollectivesToRuntime.cpp,
      // collectives.cpp).
      {"jx_rt_collective", fn(&jx_rt_collective)},
      // Region timers of code compiled with time_regions (region_timers.h).
      {"jx_rt_region_begin", fn(&jx_rt_region_begin)},
      {"jx_rt_region_end", fn(&jx_rt_region_end)},
      // Temporaries: allocated and freed through the runtime (memory.h).
      {"_mlir_memref_to_llvm_alloc", fn(&_mlir_memref_to_llvm_alloc)},
      {"_mlir_memref_to_llvm_aligned_alloc",
       fn(&_mlir_memref_to_llvm_aligned_alloc)},
      {"_mlir_memref_to_llvm_free", fn(&_mlir_memref_to_llvm_free)},
      // Code compiled for CUDA (CUDAPipeline.h, cuda.cpp).
      {"jx_rt_cuda_alloc", fn(&jx_rt_cuda_alloc)},
      {"jx_rt_cuda_aligned_alloc", fn(&jx_rt_cuda_aligned_alloc)},
      {"jx_rt_cuda_free", fn(&jx_rt_cuda_free)},
      {"jx_rt_cuda_constant", fn(&jx_rt_cuda_constant)},
      {"jx_rt_host_constant", fn(&jx_rt_host_constant)},
      {"jx_rt_cuda_launch", fn(&jx_rt_cuda_launch)},
      {"jx_rt_cuda_wait", fn(&jx_rt_cuda_wait)},
      {"jx_rt_cuda_gemm_f32", fn(&jx_rt_cuda_gemm_f32)},
      {"jx_rt_cuda_gemm_f64", fn(&jx_rt_cuda_gemm_f64)},
  };
  std::lock_guard<std::mutex> lock(registered_mutex);
  symbols.insert(symbols.end(), registered().begin(), registered().end());
  return symbols;
}

namespace {

/// A memref descriptor's words: allocated, aligned, offset, sizes, strides.
void push_descriptor(std::vector<int64_t> &words, void *data,
                     const std::vector<int64_t> &shape) {
  words.push_back(reinterpret_cast<int64_t>(data));
  words.push_back(reinterpret_cast<int64_t>(data));
  words.push_back(0);
  for (int64_t d : shape)
    words.push_back(d);
  // Row-major strides; those of an empty array are never used, and may
  // wrap around (in unsigned arithmetic, where that is defined).
  uint64_t stride = 1;
  std::vector<int64_t> strides(shape.size());
  for (std::size_t i = shape.size(); i-- > 0;) {
    strides[i] = static_cast<int64_t>(stride);
    stride *= static_cast<uint64_t>(shape[i]);
  }
  for (int64_t s : strides)
    words.push_back(s);
}

/// A shared object loaded from bytes: written to an anonymous file
/// (memfd, which works where /tmp and /dev/shm are mounted noexec), opened
/// by the dynamic loader as /proc/self/fd/N, which resolves the runtime
/// functions it calls against this process. The loader recognizes a
/// library it has loaded by its name: the file stays open while the code
/// is loaded, so that no other executable's file gets the same N.
class shared_object_code : public loaded_code {
public:
  shared_object_code(void *handle, int fd) : handle(handle), fd(fd) {}
  ~shared_object_code() override {
    dlclose(handle);
    ::close(fd);
  }
  void *handle;
  int fd;
};

std::unique_ptr<shared_object_code> open_shared_object(const std::string &bytes) {
  int fd = memfd_create("jx-executable", MFD_CLOEXEC);
  if (fd < 0)
    throw load_error(std::string("cannot create a file for the code: ") +
                     std::strerror(errno));
  std::size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n <= 0) {
      int e = errno;
      ::close(fd);
      throw load_error(std::string("cannot write the code: ") + std::strerror(e));
    }
    done += static_cast<std::size_t>(n);
  }
  // A name the loader still knows (code it could not unload) would give
  // that code back: take another descriptor number until the name is new.
  std::vector<int> spare;
  std::string path;
  for (;;) {
    path = "/proc/self/fd/" + std::to_string(fd);
    void *known = dlopen(path.c_str(), RTLD_NOW | RTLD_NOLOAD);
    if (!known)
      break;
    dlclose(known);
    spare.push_back(fd);
    fd = ::fcntl(spare.back(), F_DUPFD_CLOEXEC, spare.back() + 1);
    if (fd < 0) {
      for (int f : spare)
        ::close(f);
      throw load_error("cannot find a fresh name for the code");
    }
  }
  for (int f : spare)
    ::close(f);
  void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *e = dlerror();
    ::close(fd);
    throw load_error(std::string("cannot load the code: ") + (e ? e : "unknown error"));
  }
  return std::make_unique<shared_object_code>(handle, fd);
}

// The serialized form, all integers little-endian:
//   magic "JXEXEC\0\n", u32 format version,
//   string jx version, string CPU model, u32 n + n strings (CPU flags),
//   string entry, u32 n + n specs (inputs), u32 n + n specs (outputs),
//   string may_alias, string shared object, u64 FNV-1a hash of all before.
// A string is u64 length + bytes; a spec is u32 dtype, u32 rank, i64 dims.
constexpr char kMagic[8] = {'J', 'X', 'E', 'X', 'E', 'C', 0, '\n'};
constexpr uint32_t kFormatVersion = 3; // 2: the device grid; 3: its kind

uint64_t fnv1a(const char *data, std::size_t size) {
  uint64_t h = 1469598103934665603ull;
  for (std::size_t i = 0; i < size; ++i) {
    h ^= static_cast<unsigned char>(data[i]);
    h *= 1099511628211ull;
  }
  return h;
}

struct writer {
  std::string out;
  template <typename T> void pod(T v) {
    out.append(reinterpret_cast<const char *>(&v), sizeof v);
  }
  void str(const std::string &s) {
    pod<uint64_t>(s.size());
    out += s;
  }
  void spec(const tensor_spec &t) {
    pod<uint32_t>(static_cast<uint32_t>(t.dtype));
    pod<uint32_t>(static_cast<uint32_t>(t.shape.size()));
    for (int64_t d : t.shape)
      pod<int64_t>(d);
  }
};

struct reader {
  const std::string &in;
  std::size_t at = 0;
  void need(std::size_t n) {
    if (in.size() - at < n)
      throw load_error("not a jx executable: truncated at byte " +
                       std::to_string(in.size()));
  }
  template <typename T> T pod() {
    need(sizeof(T));
    T v;
    std::memcpy(&v, in.data() + at, sizeof v);
    at += sizeof v;
    return v;
  }
  std::string str() {
    uint64_t n = pod<uint64_t>();
    need(n);
    std::string s = in.substr(at, n);
    at += n;
    return s;
  }
  uint32_t count(const char *what) {
    uint32_t n = pod<uint32_t>();
    if (n > in.size())
      throw load_error(std::string("not a jx executable: corrupted ") + what +
                       " count");
    return n;
  }
  tensor_spec spec() {
    tensor_spec t;
    uint32_t d = pod<uint32_t>();
    if (d > static_cast<uint32_t>(dtype::complex128))
      throw load_error("not a jx executable: corrupted dtype " + std::to_string(d));
    t.dtype = static_cast<dtype>(d);
    uint32_t rank = count("rank");
    for (uint32_t i = 0; i < rank; ++i) {
      int64_t dim = pod<int64_t>();
      if (dim < 0)
        throw load_error("not a jx executable: corrupted shape");
      t.shape.push_back(dim);
    }
    return t;
  }
};

} // namespace

executable::executable(std::string entry, std::vector<tensor_spec> inputs,
                       std::vector<tensor_spec> outputs,
                       std::vector<uint8_t> may_alias,
                       std::unique_ptr<loaded_code> code, entry_function fn,
                       std::string shared_object, cpu_info cpu)
    : code_(std::move(code)), constants_(std::make_unique<constant_copies>()),
      entry_fn_(fn), entry_(std::move(entry)), inputs_(std::move(inputs)),
      outputs_(std::move(outputs)), may_alias_(std::move(may_alias)),
      shared_object_(std::move(shared_object)), cpu_(std::move(cpu)) {
  if (!may_alias_.empty() && may_alias_.size() != inputs_.size() * outputs_.size())
    throw std::invalid_argument("executable: may_alias must have inputs x outputs entries");
}

executable::~executable() = default;

std::size_t executable::device_constants() const { return constants_->size(); }

std::unique_ptr<executable>
executable::load(std::string shared_object, std::string entry,
                 std::vector<tensor_spec> inputs, std::vector<tensor_spec> outputs,
                 std::vector<uint8_t> may_alias, cpu_info cpu) {
  std::vector<std::string> missing = missing_cpu_flags(cpu);
  if (!missing.empty()) {
    std::string list;
    for (std::size_t i = 0; i < missing.size() && i < 8; ++i)
      list += (i ? ", " : "") + missing[i];
    if (missing.size() > 8)
      list += ", ...";
    throw load_error("@" + entry + " was compiled for " + cpu.model +
                     ", with CPU features this " + host_cpu().model + " lacks: " + list);
  }
  std::unique_ptr<shared_object_code> code = open_shared_object(shared_object);
  std::string symbol = "_mlir_" + entry;
  void *fn = dlsym(code->handle, symbol.c_str());
  if (!fn)
    throw load_error("the code defines no entry @" + entry + " (" + symbol + ")");
  if (!may_alias.empty() && may_alias.size() != inputs.size() * outputs.size())
    throw load_error("@" + entry + ": corrupted aliasing table");
  return std::make_unique<executable>(
      std::move(entry), std::move(inputs), std::move(outputs),
      std::move(may_alias), std::move(code),
      reinterpret_cast<entry_function>(fn), std::move(shared_object),
      std::move(cpu));
}

std::string executable::serialize() const {
  if (!serializable())
    throw std::logic_error("@" + entry_ + " was compiled for this process only "
                           "(compile it with compile_options::serializable)");
  writer w;
  w.out.append(kMagic, sizeof kMagic);
  w.pod<uint32_t>(kFormatVersion);
  w.str(version());
  w.str(cpu_.model);
  w.pod<uint32_t>(static_cast<uint32_t>(cpu_.flags.size()));
  for (const std::string &f : cpu_.flags)
    w.str(f);
  w.str(entry_);
  w.pod<uint32_t>(static_cast<uint32_t>(inputs_.size()));
  for (const tensor_spec &t : inputs_)
    w.spec(t);
  w.pod<uint32_t>(static_cast<uint32_t>(outputs_.size()));
  for (const tensor_spec &t : outputs_)
    w.spec(t);
  w.pod<uint32_t>(static_cast<uint32_t>(replicas_));
  w.pod<uint32_t>(static_cast<uint32_t>(partitions_));
  w.str(device_kind_);
  w.str(std::string(may_alias_.begin(), may_alias_.end()));
  w.str(shared_object_);
  w.pod<uint64_t>(fnv1a(w.out.data(), w.out.size()));
  return std::move(w.out);
}

std::unique_ptr<executable> executable::deserialize(const std::string &bytes) {
  if (bytes.size() < sizeof kMagic || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    throw load_error("not a jx executable (no JXEXEC header)");
  if (bytes.size() < sizeof kMagic + 4 + 8)
    throw load_error("not a jx executable: truncated at byte " + std::to_string(bytes.size()));
  uint64_t stored;
  std::memcpy(&stored, bytes.data() + bytes.size() - 8, 8);
  if (fnv1a(bytes.data(), bytes.size() - 8) != stored)
    throw load_error("jx executable corrupted (checksum mismatch)");
  reader r{bytes};
  r.at = sizeof kMagic;
  uint32_t format = r.pod<uint32_t>();
  if (format != kFormatVersion)
    throw load_error("jx executable format " + std::to_string(format) +
                     ", this runtime reads format " + std::to_string(kFormatVersion));
  std::string written_by = r.str();
  if (written_by != version())
    throw load_error("jx executable written by jx " + written_by + ", this is jx " +
                     version() + ": compile it again");
  cpu_info cpu;
  cpu.model = r.str();
  for (uint32_t i = 0, n = r.count("CPU flag"); i < n; ++i)
    cpu.flags.push_back(r.str());
  std::sort(cpu.flags.begin(), cpu.flags.end());
  std::string entry = r.str();
  std::vector<tensor_spec> inputs, outputs;
  for (uint32_t i = 0, n = r.count("input"); i < n; ++i)
    inputs.push_back(r.spec());
  for (uint32_t i = 0, n = r.count("output"); i < n; ++i)
    outputs.push_back(r.spec());
  uint32_t replicas = r.pod<uint32_t>(), partitions = r.pod<uint32_t>();
  if (replicas < 1 || partitions < 1 || replicas > (1u << 20) ||
      partitions > (1u << 20))
    throw load_error("not a jx executable: corrupted device grid");
  std::string kind = r.str();
  if (kind != "cpu" && kind != "cuda")
    throw load_error("not a jx executable: unknown device kind '" + kind + "'");
  std::string alias = r.str();
  std::string object = r.str();
  if (r.at != bytes.size() - 8)
    throw load_error("not a jx executable: " + std::to_string(bytes.size() - 8 - r.at) +
                     " bytes of trailing data");
  std::unique_ptr<executable> exe =
      load(std::move(object), std::move(entry), std::move(inputs),
           std::move(outputs), std::vector<uint8_t>(alias.begin(), alias.end()),
           std::move(cpu));
  exe->set_device_grid(static_cast<int>(replicas), static_cast<int>(partitions));
  exe->set_device_kind(std::move(kind));
  return exe;
}

uint64_t executable::output_size(std::size_t i) const {
  return static_cast<uint64_t>(element_count(outputs_[i])) *
         itemsize(outputs_[i].dtype);
}

namespace {
bool poison_outputs() {
  static const bool on = [] {
    const char *v = std::getenv("JX_POISON_OUTPUTS");
    return v && *v && std::string(v) != "0";
  }();
  return on;
}
} // namespace

std::vector<host_buffer> executable::run(const std::vector<host_buffer> &args,
                                         check_log *log) const {
  std::vector<const host_buffer *> pointers;
  pointers.reserve(args.size());
  for (const host_buffer &a : args)
    pointers.push_back(&a);
  std::vector<host_buffer> none;
  return run(pointers, none, log);
}

std::vector<host_buffer>
executable::run(const std::vector<const host_buffer *> &pointers,
                std::vector<host_buffer> &reuse, check_log *log) const {
  struct args_view {
    const std::vector<const host_buffer *> &p;
    std::size_t size() const { return p.size(); }
    const host_buffer &operator[](std::size_t i) const { return *p[i]; }
  } args{pointers};
  if (args.size() != inputs_.size())
    throw invalid_input("@" + entry_ + " takes " +
                        std::to_string(inputs_.size()) + " inputs, got " +
                        std::to_string(args.size()));
  for (std::size_t i = 0; i < args.size(); ++i)
    if (args[i].dtype != inputs_[i].dtype || args[i].shape != inputs_[i].shape)
      throw invalid_input("@" + entry_ + " input #" + std::to_string(i) +
                          " must be " + inputs_[i].type_string() + ", got " +
                          args[i].type_string());
  // The outputs the runtime allocates count against the memory limit.
  uint64_t output_bytes = 0;
  for (std::size_t i = 0; i < outputs_.size(); ++i)
    if (i >= reuse.size() || reuse[i].data.empty())
      output_bytes += output_size(i);
  uint64_t limit = memory_limit();
  if (limit && output_bytes > limit) {
    std::string what;
    for (std::size_t i = 0; i < outputs_.size(); ++i)
      what += (i ? ", " : "") + outputs_[i].type_string() + " (" +
              format_bytes(output_size(i)) + ")";
    throw memory_error("@" + entry_ + " returns " + what + ": " +
                       format_bytes(output_bytes) + " in all, " +
                       over_limit(limit));
  }
  std::vector<host_buffer> results(outputs_.size());
  std::vector<char> reused(outputs_.size(), 0);
  // After bufferization results are out-parameters after the inputs; each
  // memref argument is passed as its descriptor's words.
  std::vector<int64_t> words;
  words.reserve(32);
  // CUDA code reads and writes managed memory: inputs are copied in before
  // the call, outputs out after it.
  struct staged {
    void *managed;
    uint8_t *host;
    std::size_t bytes;
  };
  std::vector<staged> staging;
  bool on_cuda = device_kind_ == "cuda";
  struct free_staging {
    std::vector<staged> &s;
    ~free_staging() {
      for (staged &b : s)
        cuda::free_managed(b.managed);
    }
  } staging_guard{staging};
  auto place = [&](uint8_t *host, std::size_t bytes, bool copy_in) -> void * {
    if (!on_cuda)
      return host;
    void *managed = cuda::alloc_managed(bytes);
    staging.push_back({managed, copy_in ? nullptr : host, bytes});
    if (copy_in)
      cuda::copy(managed, host, bytes);
    return managed;
  };
  for (std::size_t i = 0; i < args.size(); ++i)
    push_descriptor(words,
                    place(const_cast<uint8_t *>(args[i].data.data()),
                          args[i].data.size(), true),
                    args[i].shape);
  for (std::size_t i = 0; i < outputs_.size(); ++i) {
    std::size_t bytes = output_size(i);
    if (i < reuse.size() && !reuse[i].data.empty()) {
      if (reuse[i].dtype != outputs_[i].dtype ||
          reuse[i].shape != outputs_[i].shape || reuse[i].data.size() != bytes)
        throw invalid_input("@" + entry_ + " output #" + std::to_string(i) +
                            " is " + outputs_[i].type_string() +
                            ", its reused buffer " + reuse[i].type_string());
      // Moved into results[i] after the call: an input may point at it.
      push_descriptor(words, place(reuse[i].data.data(), bytes, false),
                      outputs_[i].shape);
      reused[i] = 1;
      continue;
    }
    results[i].dtype = outputs_[i].dtype;
    results[i].shape = outputs_[i].shape;
    try {
      // Not zero-filled: compiled code writes every byte of a result.
      // JX_POISON_OUTPUTS=1 fills them with 0xff first (NaN for floats),
      // the test that proves it.
      results[i].data.resize(bytes + 1);
      if (poison_outputs())
        std::memset(results[i].data.data(), 0xff, bytes);
    } catch (const std::bad_alloc &) {
      throw memory_error("@" + entry_ + ": cannot allocate output #" +
                         std::to_string(i) + " " +
                         outputs_[i].type_string() + " (" +
                         format_bytes(bytes) + "): out of memory");
    }
    push_descriptor(words, place(results[i].data.data(), bytes, false),
                    results[i].shape);
  }
  invoke(words, output_bytes, log);
  if (on_cuda)
    for (const staged &b : staging)
      if (b.host)
        cuda::copy(b.host, b.managed, b.bytes);
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (reused[i])
      results[i] = std::move(reuse[i]);
    else
      results[i].data.pop_back(); // the spare byte that kept empty buffers
                                  // addressable
  }
  return results;
}

void executable::run_in_place(const std::vector<const void *> &inputs,
                              const std::vector<void *> &outputs,
                              check_log *log) const {
  if (inputs.size() != inputs_.size() || outputs.size() != outputs_.size())
    throw invalid_input("@" + entry_ + " takes " +
                        std::to_string(inputs_.size()) + " inputs and " +
                        std::to_string(outputs_.size()) + " outputs, got " +
                        std::to_string(inputs.size()) + " and " +
                        std::to_string(outputs.size()));
  std::vector<int64_t> words;
  words.reserve(32);
  for (std::size_t i = 0; i < inputs.size(); ++i)
    push_descriptor(words, const_cast<void *>(inputs[i]), inputs_[i].shape);
  for (std::size_t i = 0; i < outputs.size(); ++i)
    push_descriptor(words, outputs[i], outputs_[i].shape);
  invoke(words, 0, log);
}

void executable::invoke(std::vector<int64_t> &words, uint64_t output_bytes,
                        check_log *log) const {
  std::vector<void *> packed;
  packed.reserve(words.size());
  for (int64_t &w : words)
    packed.push_back(&w);
  check_log local;
  scoped_check_log guard(log ? *log : local);
  constant_copies_scope constants(constants_.get());
  allocation_scope memory(output_bytes);
  apply_num_threads();
  if (!call_guarded(entry_fn_, packed.data(), memory)) {
    if (device_kind_ == "cuda") {
      // Work it queued before failing finishes before its memory is
      // reused; the failure reported is the call's.
      try {
        cuda::synchronize();
      } catch (const std::exception &) {
      }
    }
    if (memory.kernel_failed())
      throw std::runtime_error("@" + entry_ + ": " + memory.error());
    throw memory_error("@" + entry_ + ": " + memory.error());
  }
  if (device_kind_ == "cuda")
    cuda::synchronize();
}

} // namespace jx::runtime
