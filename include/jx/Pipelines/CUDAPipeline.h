//===- CUDAPipeline.h - the staged CUDA compilation pipeline ---*- C++ -*-===//
//
// Stages 4 to 8 of docs/design.md for NVIDIA GPUs (docs/cuda.md):
//
//   hlo, linalg, bufferized   as the CPU's (CPUPipeline.h), without the CPU's
//                             libraries and loop shapes
//   gpu          linalg -> scf loops; the outermost parallel loops (and
//                sequential nests) become gpu.launch kernels; constants and
//                stack buffers moved where kernels can read them
//   kernels      kernels outlined into gpu.module, lowered to NVVM and
//                compiled by LLVM's NVPTX backend to PTX (a gpu.binary)
//   llvm-dialect the host code -> the LLVM dialect; each kernel launch a call
//                of the runtime's jx_rt_cuda_launch (jx/runtime/cuda.h),
//                the PTX a constant of the host code
//
// Each phase ends with a legality check naming the op left over.
//
//===----------------------------------------------------------------------===//

#ifndef JX_PIPELINES_CUDAPIPELINE_H
#define JX_PIPELINES_CUDAPIPELINE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <string>
#include <vector>

namespace mlir {
class PassManager;
} // namespace mlir

namespace jx {

/// The phases, in order.
llvm::ArrayRef<llvm::StringRef> getCUDAPipelinePhases();

struct CUDAPipelineOptions {
  /// Stop after this phase (one of getCUDAPipelinePhases()); empty: all.
  llvm::StringRef stopAfter;
  /// The GPU architectures the PTX is for ("sm_80", "sm_90", ...): one PTX
  /// object per kernel module and architecture. PTX for an architecture
  /// runs on it and every later one (the driver compiles it); the runtime
  /// loads the newest one the device can run.
  std::vector<std::string> chips = {"sm_80", "sm_90"};
  /// libdevice's bitcode (the CUDA toolkit's math functions), linked into
  /// kernels that call math functions; empty: found by findLibdevice().
  std::string libdevice;
  /// Run the kernels on the host instead: after the gpu phase, each launch
  /// becomes loops over its blocks and threads (jx-gpu-launches-to-loops),
  /// compiled by the CPU pipeline's loops and llvm-dialect phases. The
  /// kernels' code then runs, and is tested, on a machine without a GPU
  /// (the "cuda-emulator" device); the phases are hlo, linalg, bufferized,
  /// gpu, emulated.
  bool emulateOnHost = false;
  /// Dense f32/f64 contractions as cuBLAS calls (off: kernels, the
  /// reference path).
  bool blas = true;
  /// Elementwise fusion, as on the CPU.
  bool fuse = true;
  std::function<void(llvm::StringRef, mlir::ModuleOp)> afterPhase;
  std::function<mlir::LogicalResult(mlir::PassManager &)> configurePassManager;
};

/// Runs the pipeline on `module` in place; diagnostics go to the context.
mlir::LogicalResult runCUDAPipeline(mlir::ModuleOp module,
                                    const CUDAPipelineOptions &options = {});

/// libdevice.10.bc of the CUDA toolkit: $JX_LIBDEVICE, else under
/// $CUDA_PATH, $CUDA_HOME, /usr/local/cuda or /usr/lib/cuda; empty if none.
std::string findLibdevice();

/// Registers `--jx-cuda-pipeline`, `--jx-cuda-<phase>` and the CUDA passes.
void registerCUDAPipelines();

/// `--jx-gpu-host-buffers` (GpuHostBuffers.cpp).
void registerGpuHostBuffersPass();
/// `--jx-loops-to-gpu` (LoopsToGpu.cpp).
void registerLoopsToGpuPass();
/// `--jx-cuda-host-waits` (CudaHostWaits.cpp).
void registerCudaHostWaitsPass();
/// `--jx-loop-accumulators` (LoopAccumulators.cpp).
void registerLoopAccumulatorsPass();
/// `--jx-cuda-launches-to-runtime` (CudaLaunchesToRuntime.cpp).
void registerCudaLaunchesToRuntimePass();

} // namespace jx

#endif // JX_PIPELINES_CUDAPIPELINE_H
