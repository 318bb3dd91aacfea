// cuda.h - NVIDIA GPUs through the CUDA driver API, loaded at run time.
//
// The runtime opens libcuda.so.1 with dlopen the first time something asks
// for a GPU, so jx builds and runs on machines without one; there every
// entry point says why CUDA cannot be used ("no NVIDIA driver: cannot load
// libcuda.so.1", "the driver reports no CUDA device"). Each device is used
// through its primary context; a thread's work goes to device 0 (or
// JX_CUDA_DEVICE) unless a device_scope names another.
//
// Code compiled by the CUDA pipeline (jx/Pipelines/CUDAPipeline.h) calls the
// extern "C" functions below: its buffers are CUDA managed memory, which
// kernels and host code both address. Kernels and cuBLAS calls are queued
// on the device's stream; the host waits (jx_rt_cuda_wait) before code that
// touches memory, and synchronize() before a call returns.

#ifndef JX_RUNTIME_CUDA_H
#define JX_RUNTIME_CUDA_H

#include "jx/runtime/block_pool.h"
#include "jx/runtime/kernels.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace jx::runtime::cuda {

/// Empty when a CUDA device can be used; else why not.
std::string unavailable_reason();
bool available();

/// The number of CUDA devices (0 without a driver).
int device_count();

struct device_info {
  int ordinal = 0;
  std::string name;
  int major = 0, minor = 0; // compute capability
  uint64_t memory = 0;      // bytes
  /// "sm_90".
  std::string arch() const;
};

/// The device this thread's work goes to (JX_CUDA_DEVICE, default 0, or a
/// device_scope's). Throws std::runtime_error with unavailable_reason()
/// when there is none.
device_info current_device();
int current_ordinal();
/// Device `ordinal`; std::out_of_range when there is no such device.
device_info device(int ordinal);

/// Sends this thread's CUDA work (allocations, copies, launches, compiled
/// code's runs) to device `ordinal` until destroyed. Throws as device().
class device_scope {
public:
  explicit device_scope(int ordinal);
  ~device_scope();
  device_scope(const device_scope &) = delete;
  device_scope &operator=(const device_scope &) = delete;

private:
  int previous_;
};

/// Managed memory of `bytes` (at least one byte), from the process's pool
/// of managed blocks (block_pool.h; JX_CUDA_POOL caps what it keeps, by
/// default a quarter of the default device's memory). Throws
/// std::runtime_error naming the size and the driver's message when it
/// cannot.
void *alloc_managed(std::size_t bytes);
/// Back to the pool.
void free_managed(void *p);
block_pool::statistics pool_stats();
/// Frees the pool's cached blocks.
void trim_pool();

/// Copies `bytes` between host memory and managed (or device) memory, by
/// the device's copy engines (cuMemcpy); returns when done.
void copy(void *to, const void *from, std::size_t bytes);

/// Waits for all work on the device; throws on an error it reports (naming
/// what this thread queued last, when it did not wait for it yet).
void synchronize();
/// Notes that this thread queued work on the device's stream (`what`: a
/// kernel's name, "cuBLAS"; a string that stays valid) and has not waited
/// for it: jx_rt_cuda_wait waits then.
void mark_queued(const char *what);

/// Makes the device's (primary) context current on this thread, as the
/// CUDA libraries (cuBLAS) expect; throws when there is no device.
void make_current();

} // namespace jx::runtime::cuda

// What compiled code calls (CUDAPipeline.h). Failures end the running call
// (memory.h: fail_current_call) with the driver's message.
extern "C" {
void *jx_rt_cuda_alloc(uint64_t bytes);
void *jx_rt_cuda_aligned_alloc(uint64_t alignment, uint64_t bytes);
void jx_rt_cuda_free(void *p);
/// Waits for the work this thread queued, if any (CudaHostWaits.cpp).
void jx_rt_cuda_wait(void);
/// `objects`: "sm_80\0<ptx>\0sm_90\0<ptx>\0\0" (CudaLaunchesToRuntime.cpp);
/// the newest architecture the device runs is loaded once per process.
void jx_rt_cuda_launch(const char *objects, const char *kernel, int64_t gx,
                       int64_t gy, int64_t gz, int64_t bx, int64_t by,
                       int64_t bz, int32_t shared_bytes, void **params);
/// Dense contractions through cuBLAS (cuda_blas.cpp), loaded at run time:
/// the arguments of jx_rt_gemm_f32/f64 (JX_GEMM_SIGNATURE, kernels.h) on
/// managed buffers.
void jx_rt_cuda_gemm_f32 JX_GEMM_SIGNATURE;
void jx_rt_cuda_gemm_f64 JX_GEMM_SIGNATURE;
}

#endif // JX_RUNTIME_CUDA_H
