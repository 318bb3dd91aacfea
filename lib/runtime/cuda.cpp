// cuda.cpp - the CUDA driver API, loaded at run time (cuda.h).

#include "jx/runtime/cuda.h"
#include "jx/runtime/block_pool.h"
#include "jx/runtime/constant_copies.h"
#include "jx/runtime/memory.h"

#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace jx::runtime::cuda {
namespace {

// The driver API's types, as cuda.h declares them (jx does not need the
// toolkit's headers to build).
using CUresult = int;
using CUdevice = int;
using CUcontext = void *;
using CUmodule = void *;
using CUfunction = void *;
using CUstream = void *;
using CUdeviceptr = unsigned long long;
constexpr int kAttrComputeMajor = 75, kAttrComputeMinor = 76;
constexpr int kJitErrorLogBuffer = 5, kJitErrorLogBufferSize = 6;
constexpr unsigned kMemAttachGlobal = 1;
constexpr CUresult kErrorNoDevice = 100;

/// One device: found when the driver loads, its (primary) context retained
/// on first use.
struct device_state {
  CUdevice handle = 0;
  device_info info;
  std::once_flag retained;
  CUcontext context = nullptr;
  std::string error; // why its context could not be made
};

struct driver {
  std::string error; // why CUDA cannot be used; empty when it can
  CUresult (*cuInit)(unsigned) = nullptr;
  CUresult (*cuDeviceGetCount)(int *) = nullptr;
  CUresult (*cuDeviceGet)(CUdevice *, int) = nullptr;
  CUresult (*cuDeviceGetName)(char *, int, CUdevice) = nullptr;
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice) = nullptr;
  CUresult (*cuDeviceTotalMem)(std::size_t *, CUdevice) = nullptr;
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice) = nullptr;
  CUresult (*cuCtxSetCurrent)(CUcontext) = nullptr;
  CUresult (*cuCtxSynchronize)() = nullptr;
  CUresult (*cuMemAllocManaged)(CUdeviceptr *, std::size_t, unsigned) = nullptr;
  CUresult (*cuMemFree)(CUdeviceptr) = nullptr;
  CUresult (*cuMemcpy)(CUdeviceptr, CUdeviceptr, std::size_t) = nullptr;
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *,
                                 void **) = nullptr;
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *) = nullptr;
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, unsigned, CUstream,
                             void **, void **) = nullptr;
  CUresult (*cuGetErrorName)(CUresult, const char **) = nullptr;
  CUresult (*cuGetErrorString)(CUresult, const char **) = nullptr;
  int count = 0;
  int default_ordinal = 0; // JX_CUDA_DEVICE
  std::vector<std::unique_ptr<device_state>> devices;
};

std::string describe(const driver &d, CUresult rc) {
  const char *name = nullptr, *text = nullptr;
  if (d.cuGetErrorName)
    d.cuGetErrorName(rc, &name);
  if (d.cuGetErrorString)
    d.cuGetErrorString(rc, &text);
  std::string out = name ? name : "CUDA error " + std::to_string(rc);
  if (text)
    out += std::string(" (") + text + ")";
  return out;
}

template <typename F> bool bind(void *lib, F &fn, const char *name) {
  fn = reinterpret_cast<F>(dlsym(lib, name));
  return fn != nullptr;
}

driver load() {
  driver d;
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char *why = dlerror();
    d.error = std::string("no NVIDIA driver: cannot load libcuda.so.1") +
              (why ? std::string(" (") + why + ")" : "");
    return d;
  }
  bool ok = bind(lib, d.cuInit, "cuInit") &&
            bind(lib, d.cuDeviceGetCount, "cuDeviceGetCount") &&
            bind(lib, d.cuDeviceGet, "cuDeviceGet") &&
            bind(lib, d.cuDeviceGetName, "cuDeviceGetName") &&
            bind(lib, d.cuDeviceGetAttribute, "cuDeviceGetAttribute") &&
            bind(lib, d.cuDeviceTotalMem, "cuDeviceTotalMem_v2") &&
            bind(lib, d.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain") &&
            bind(lib, d.cuCtxSetCurrent, "cuCtxSetCurrent") &&
            bind(lib, d.cuCtxSynchronize, "cuCtxSynchronize") &&
            bind(lib, d.cuMemAllocManaged, "cuMemAllocManaged") &&
            bind(lib, d.cuMemFree, "cuMemFree_v2") &&
            bind(lib, d.cuMemcpy, "cuMemcpy") &&
            bind(lib, d.cuModuleLoadDataEx, "cuModuleLoadDataEx") &&
            bind(lib, d.cuModuleGetFunction, "cuModuleGetFunction") &&
            bind(lib, d.cuLaunchKernel, "cuLaunchKernel") &&
            bind(lib, d.cuGetErrorName, "cuGetErrorName") &&
            bind(lib, d.cuGetErrorString, "cuGetErrorString");
  if (!ok) {
    d.error = "libcuda.so.1 lacks a driver API function jx needs (driver too "
              "old?)";
    return d;
  }
  if (CUresult rc = d.cuInit(0)) {
    d.error = rc == kErrorNoDevice
                  ? "the NVIDIA driver reports no CUDA device"
                  : "cuInit failed: " + describe(d, rc);
    return d;
  }
  if (CUresult rc = d.cuDeviceGetCount(&d.count)) {
    d.error = "cuDeviceGetCount failed: " + describe(d, rc);
    return d;
  }
  if (d.count == 0) {
    d.error = "the NVIDIA driver reports no CUDA device";
    return d;
  }
  int ordinal = 0;
  if (const char *env = std::getenv("JX_CUDA_DEVICE"))
    ordinal = std::atoi(env);
  if (ordinal < 0 || ordinal >= d.count) {
    d.error = "JX_CUDA_DEVICE=" + std::to_string(ordinal) + ", but there " +
              (d.count == 1 ? "is 1 CUDA device"
                            : "are " + std::to_string(d.count) +
                                  " CUDA devices");
    return d;
  }
  d.default_ordinal = ordinal;
  for (int i = 0; i < d.count; ++i) {
    auto state = std::make_unique<device_state>();
    char name[256] = {};
    std::size_t memory = 0;
    if (CUresult rc = d.cuDeviceGet(&state->handle, i)) {
      d.error =
          "cuDeviceGet(" + std::to_string(i) + ") failed: " + describe(d, rc);
      return d;
    }
    d.cuDeviceGetName(name, sizeof name - 1, state->handle);
    d.cuDeviceGetAttribute(&state->info.major, kAttrComputeMajor,
                           state->handle);
    d.cuDeviceGetAttribute(&state->info.minor, kAttrComputeMinor,
                           state->handle);
    d.cuDeviceTotalMem(&memory, state->handle);
    state->info.ordinal = i;
    state->info.name = name;
    state->info.memory = memory;
    d.devices.push_back(std::move(state));
  }
  return d;
}

driver &the_driver() {
  static driver d = load();
  return d;
}

/// The device this thread's CUDA work goes to (device_scope), -1: the
/// default one.
thread_local int current_ordinal_ = -1;

/// What this thread queued last and has not waited for (a kernel's name,
/// "cuBLAS"): jx_rt_cuda_wait and synchronize wait only then.
thread_local const char *queued_ = nullptr;

driver &loaded() {
  driver &d = the_driver();
  if (!d.error.empty())
    throw std::runtime_error("CUDA: " + d.error);
  return d;
}

int current_of(const driver &d) {
  return current_ordinal_ >= 0 ? current_ordinal_ : d.default_ordinal;
}

/// Device `ordinal` with its context retained (once).
device_state &state_of(driver &d, int ordinal) {
  device_state &s = *d.devices[static_cast<std::size_t>(ordinal)];
  std::call_once(s.retained, [&] {
    if (CUresult rc = d.cuDevicePrimaryCtxRetain(&s.context, s.handle))
      s.error = "cannot create a context on CUDA device " +
                std::to_string(ordinal) + ": " + describe(d, rc);
  });
  if (!s.error.empty())
    throw std::runtime_error("CUDA: " + s.error);
  return s;
}

/// This thread's device, its context current, or a throw.
device_state &current_state(driver &d) {
  device_state &s = state_of(d, current_of(d));
  if (CUresult rc = d.cuCtxSetCurrent(s.context))
    throw std::runtime_error("CUDA: cuCtxSetCurrent failed: " + describe(d, rc));
  return s;
}

/// The driver with this thread's device's context current, or a throw.
driver &ready() {
  driver &d = loaded();
  (void)current_state(d);
  return d;
}

/// Loaded kernel modules, by the address of their objects (one constant of
/// the compiled code per kernel module), and their functions.
struct module_cache {
  std::mutex mutex;
  std::map<std::pair<CUcontext, const char *>, CUmodule> modules;
  std::map<std::pair<CUmodule, std::string>, CUfunction> functions;
};
module_cache &modules() {
  static module_cache *cache = new module_cache; // outlives compiled code
  return *cache;
}

/// The PTX of the newest architecture among `objects` that the device runs.
const char *select_ptx(const char *objects, const device_info &device,
                       std::string &error) {
  int best = -1;
  const char *chosen = nullptr;
  std::string archs;
  int have = device.major * 10 + device.minor;
  for (const char *p = objects; *p;) {
    std::string chip = p;
    p += chip.size() + 1;
    const char *ptx = p;
    p += std::strlen(p) + 1;
    archs += (archs.empty() ? "" : ", ") + chip;
    int n = chip.rfind("sm_", 0) == 0 ? std::atoi(chip.c_str() + 3) : -1;
    if (n >= 0 && n <= have && n > best) {
      best = n;
      chosen = ptx;
    }
  }
  if (!chosen)
    error = "the kernels were compiled for " + archs + "; CUDA device " +
            std::to_string(device.ordinal) + " (" + device.name + ") is " +
            device.arch() + ": compile with --cuda-arch=" + device.arch();
  return chosen;
}

CUfunction kernel_function(driver &d, device_state &device, const char *objects,
                           const char *kernel) {
  module_cache &cache = modules();
  std::lock_guard<std::mutex> lock(cache.mutex);
  std::pair<CUcontext, const char *> key{device.context, objects};
  CUmodule &module = cache.modules[key];
  if (!module) {
    std::string error;
    const char *ptx = select_ptx(objects, device.info, error);
    if (!ptx) {
      cache.modules.erase(key);
      fail_current_call("CUDA: " + error);
    }
    std::vector<char> log(8192, 0);
    int options[] = {kJitErrorLogBuffer, kJitErrorLogBufferSize};
    void *values[] = {log.data(),
                      reinterpret_cast<void *>(static_cast<uintptr_t>(log.size() - 1))};
    CUmodule loaded = nullptr;
    if (CUresult rc = d.cuModuleLoadDataEx(&loaded, ptx, 2, options, values)) {
      cache.modules.erase(key);
      fail_current_call("CUDA: cannot load the PTX of kernel " +
                        std::string(kernel) + ": " + describe(d, rc) +
                        (log[0] ? std::string("\n") + log.data() : ""));
    }
    module = loaded;
  }
  CUfunction &fn = cache.functions[{module, kernel}];
  if (!fn) {
    if (CUresult rc = d.cuModuleGetFunction(&fn, module, kernel)) {
      cache.functions.erase({module, kernel});
      fail_current_call("CUDA: no kernel " + std::string(kernel) +
                        " in its module: " + describe(d, rc));
    }
  }
  return fn;
}

/// ready() inside compiled code: a failure ends the call.
driver &ready_in_call() {
  try {
    return ready();
  } catch (const std::exception &e) {
    fail_current_call(e.what());
  }
}

} // namespace

std::string device_info::arch() const {
  return "sm_" + std::to_string(major * 10 + minor);
}

std::string unavailable_reason() { return the_driver().error; }
bool available() { return the_driver().error.empty(); }
int device_count() { return the_driver().error.empty() ? the_driver().count : 0; }

device_info current_device() {
  driver &d = loaded();
  return d.devices[static_cast<std::size_t>(current_of(d))]->info;
}

device_info device(int ordinal) {
  driver &d = loaded();
  if (ordinal < 0 || ordinal >= d.count)
    throw std::out_of_range("no CUDA device " + std::to_string(ordinal) +
                            "; this machine has " + std::to_string(d.count));
  return d.devices[static_cast<std::size_t>(ordinal)]->info;
}

int current_ordinal() { return current_of(loaded()); }

device_scope::device_scope(int ordinal) : previous_(current_ordinal_) {
  (void)device(ordinal); // throws for a device there is not
  current_ordinal_ = ordinal;
}

device_scope::~device_scope() { current_ordinal_ = previous_; }

namespace {

/// The cache of managed blocks every allocation goes through: cudaMalloc-
/// style allocators synchronize the device and take tens of microseconds,
/// and a program asks for the same sizes on every call. JX_CUDA_POOL caps
/// what it keeps (bytes, K/M/G suffixes; 0: nothing); by default a quarter
/// of the default device's memory.
block_pool &pool() {
  static block_pool *p = [] {
    driver &d = loaded();
    uint64_t cap =
        d.devices[static_cast<std::size_t>(d.default_ordinal)]->info.memory / 4;
    if (const char *env = std::getenv("JX_CUDA_POOL"); env && *env) {
      uint64_t bytes = 0;
      if (!parse_memory_size(env, bytes))
        throw std::runtime_error(std::string("CUDA: JX_CUDA_POOL='") + env +
                                 "' is not a size (bytes, or with K, M, G)");
      cap = bytes;
    }
    return new block_pool( // outlives compiled code and static buffers
        [](std::size_t bytes) -> void * {
          driver &d = ready();
          CUdeviceptr ptr = 0;
          if (CUresult rc = d.cuMemAllocManaged(&ptr, bytes, kMemAttachGlobal))
            throw std::runtime_error("CUDA: cannot allocate " +
                                     format_bytes(bytes) +
                                     " of managed memory: " + describe(d, rc));
          return reinterpret_cast<void *>(static_cast<uintptr_t>(ptr));
        },
        [](void *ptr) {
          // Queued kernels may still use the block (its Buffer or
          // temporary was released after their launch): they finish first.
          driver &d = the_driver();
          try {
            (void)ready();
            d.cuCtxSynchronize();
          } catch (const std::exception &) {
          }
          d.cuMemFree(
              static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(ptr)));
        },
        static_cast<std::size_t>(cap));
  }();
  return *p;
}

} // namespace

void *alloc_managed(std::size_t bytes) {
  (void)ready();
  return pool().allocate(bytes);
}

void free_managed(void *p) {
  if (!p || !available())
    return;
  pool().release(p);
}

block_pool::statistics pool_stats() {
  if (!available())
    return {};
  return pool().stats();
}

void trim_pool() {
  if (available())
    pool().trim();
}

void copy(void *to, const void *from, std::size_t bytes) {
  if (!bytes)
    return;
  driver &d = ready();
  if (CUresult rc = d.cuMemcpy(
          static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(to)),
          static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(from)), bytes))
    throw std::runtime_error("CUDA: cannot copy " + format_bytes(bytes) + ": " +
                             describe(d, rc));
}

void make_current() { (void)ready(); }

void synchronize() {
  driver &d = ready();
  const char *queued = queued_;
  queued_ = nullptr;
  if (CUresult rc = d.cuCtxSynchronize())
    throw std::runtime_error(
        "CUDA: " +
        (queued ? std::string(queued) + " (or work queued before it): "
                : std::string()) +
        describe(d, rc));
}

void mark_queued(const char *what) { queued_ = what; }

} // namespace jx::runtime::cuda

using namespace jx::runtime;
using namespace jx::runtime::cuda;

extern "C" void *jx_rt_cuda_alloc(uint64_t bytes) {
  try {
    return alloc_managed(bytes);
  } catch (const std::exception &e) {
    fail_current_call(e.what());
  }
}

extern "C" void *jx_rt_cuda_aligned_alloc(uint64_t alignment, uint64_t bytes) {
  // Managed allocations are aligned to at least 256 bytes.
  if (alignment > 256)
    fail_current_call("CUDA: an alignment of " + std::to_string(alignment) +
                      " bytes is more than managed memory gives (256)");
  return jx_rt_cuda_alloc(bytes);
}

extern "C" void jx_rt_cuda_free(void *p) { free_managed(p); }

extern "C" int64_t jx_rt_cuda_constant(int64_t host, int64_t bytes) {
  try {
    void *p = current_constant_copies().get(
        reinterpret_cast<const void *>(host), static_cast<std::size_t>(bytes),
        &alloc_managed, &cuda::copy, &free_managed);
    return reinterpret_cast<int64_t>(p);
  } catch (const std::exception &e) {
    fail_current_call(e.what());
  }
}

extern "C" void jx_rt_cuda_launch(const char *objects, const char *kernel,
                                  int64_t gx, int64_t gy, int64_t gz,
                                  int64_t bx, int64_t by, int64_t bz,
                                  int32_t shared_bytes, void **params) {
  driver &d = ready_in_call();
  // Its context is current (ready_in_call).
  device_state &device = *d.devices[static_cast<std::size_t>(current_of(d))];
  if (gx < 1 || gy < 1 || gz < 1 || gx > 0x7fffffff || gy > 65535 ||
      gz > 65535 || bx < 1 || by < 1 || bz < 1 || bx * by * bz > 1024)
    fail_current_call("CUDA: kernel " + std::string(kernel) +
                      " launched with a grid of " + std::to_string(gx) + "x" +
                      std::to_string(gy) + "x" + std::to_string(gz) +
                      " blocks of " + std::to_string(bx) + "x" +
                      std::to_string(by) + "x" + std::to_string(bz) +
                      " threads, beyond CUDA's limits");
  CUfunction fn = kernel_function(d, device, objects, kernel);
  CUresult rc = d.cuLaunchKernel(
      fn, static_cast<unsigned>(gx), static_cast<unsigned>(gy),
      static_cast<unsigned>(gz), static_cast<unsigned>(bx),
      static_cast<unsigned>(by), static_cast<unsigned>(bz),
      static_cast<unsigned>(shared_bytes), nullptr, params, nullptr);
  if (rc)
    fail_current_call("CUDA: kernel " + std::string(kernel) + ": " +
                      describe(d, rc));
  // Queued on the stream; the host waits where it reads (jx_rt_cuda_wait,
  // CudaHostWaits.cpp) and when the call ends. CUDA_LAUNCH_BLOCKING=1
  // makes the driver wait for each launch, to find a failing kernel.
  queued_ = kernel;
}

extern "C" void jx_rt_cuda_wait() {
  if (!queued_)
    return;
  try {
    synchronize();
  } catch (const std::exception &e) {
    fail_current_call(e.what());
  }
}
