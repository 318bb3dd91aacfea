//===- CUDAPipeline.cpp - the staged CUDA compilation pipeline ------------===//

#include "jx/Pipelines/CUDAPipeline.h"
#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cctype>
#include <cstdlib>

using namespace mlir;

namespace jx {
namespace {

constexpr StringRef kPhases[] = {"hlo",     "linalg",  "bufferized",
                                 "gpu",     "kernels", "llvm-dialect"};

/// `--jx-cuda-host-allocations`: the host code's heap buffers come from
/// the runtime's CUDA allocator (managed memory, which kernels and the host
/// both read), not from the CPU's.
struct CudaHostAllocationsPass
    : PassWrapper<CudaHostAllocationsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CudaHostAllocationsPass)
  StringRef getArgument() const override {
    return "jx-cuda-host-allocations";
  }
  StringRef getDescription() const override {
    return "Allocate the host code's buffers with jx_rt_cuda_alloc (CUDA "
           "managed memory)";
  }
  void runOnOperation() override {
    ModuleOp module = getOperation();
    static const std::pair<StringRef, StringRef> kRenames[] = {
        {"_mlir_memref_to_llvm_alloc", "jx_rt_cuda_alloc"},
        {"_mlir_memref_to_llvm_aligned_alloc", "jx_rt_cuda_aligned_alloc"},
        {"_mlir_memref_to_llvm_free", "jx_rt_cuda_free"}};
    for (auto [from, to] : kRenames) {
      auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(from);
      if (!fn)
        continue;
      auto name = StringAttr::get(&getContext(), to);
      if (failed(SymbolTable::replaceAllSymbolUses(fn, name, module)))
        return signalPassFailure();
      SymbolTable::setSymbolName(fn, name);
    }
  }
};

/// `--jx-sanitize-kernel-names`, after gpu-kernel-outlining: kernels are
/// named after their function, and a function's name may hold characters
/// PTX identifiers cannot ('.' in `split.impl`): those become '_'.
struct SanitizeKernelNamesPass
    : PassWrapper<SanitizeKernelNamesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SanitizeKernelNamesPass)
  StringRef getArgument() const override { return "jx-sanitize-kernel-names"; }
  StringRef getDescription() const override {
    return "Rename kernel modules and kernels to valid PTX identifiers";
  }
  static std::string sanitized(StringRef name) {
    std::string out = name.str();
    for (char &c : out)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '$')
        c = '_';
    return out;
  }
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    for (auto gpuModule : module.getOps<gpu::GPUModuleOp>()) {
      for (auto fn : gpuModule.getOps<gpu::GPUFuncOp>()) {
        std::string name = sanitized(fn.getName());
        if (name != fn.getName())
          SymbolTable::setSymbolName(fn, name);
      }
      std::string name = sanitized(gpuModule.getName());
      if (name != gpuModule.getName() &&
          failed(symbols.rename(gpuModule, name)))
        return signalPassFailure();
    }
    module.walk([&](gpu::LaunchFuncOp launch) {
      SymbolRefAttr kernel = launch.getKernel();
      auto leaf = FlatSymbolRefAttr::get(
          &getContext(), sanitized(kernel.getLeafReference().getValue()));
      launch.setKernelAttr(SymbolRefAttr::get(
          &getContext(), sanitized(kernel.getRootReference().getValue()),
          {leaf}));
    });
  }
};

std::string cudaPhasePipeline(StringRef phase,
                              const CUDAPipelineOptions &options) {
  if (phase == "hlo" || phase == "linalg" || phase == "bufferized") {
    CPUPipelineOptions shared;
    shared.fuse = options.fuse;
    // Dense f32/f64 contractions call cuBLAS; the emulator, which has no
    // GPU, the CPU's BLAS in their place.
    shared.blas = options.blas;
    shared.dnnl = false;
    shared.sharedPhasesForCuda = true;
    shared.blasLibrary = options.emulateOnHost ? "cpu" : "cuda";
    return phasePipeline(phase, shared);
  }
  if (phase == "gpu")
    return std::string("jx-gpu-host-buffers{constant-cache=") +
           (options.emulateOnHost ? "jx_rt_host_constant"
                                  : "jx_rt_cuda_constant") +
           "},scf-forall-to-parallel,"
           "convert-linalg-to-parallel-loops,canonicalize,"
           "jx-loop-accumulators,jx-loops-to-gpu,canonicalize,cse,"
           "jx-loop-accumulators" +
           // The emulator's launches are loops of the host: nothing queued.
           (options.emulateOnHost ? "" : ",jx-cuda-host-waits");
  if (phase == "kernels") {
    std::string libdevice =
        options.libdevice.empty() ? findLibdevice() : options.libdevice;
    std::string attach;
    for (const std::string &chip : options.chips)
      attach += "nvvm-attach-target{chip=" + chip + " O=3" +
                (libdevice.empty() ? "" : " l=" + libdevice) + "},";
    return std::string("gpu-launch-sink-index-computations,"
                       "jx-widen-kernel-parameters,gpu-kernel-outlining,"
                       "jx-sanitize-kernel-names,"
           "convert-complex-to-standard,"
           "math-extend-to-supported-types{target-type=f32},"
           "arith-emulate-unsupported-floats{source-types=bf16,f16 "
           "target-type=f32},jx-round-emulated-floats,"
           "jx-expand-math-like-xla,jx-approximate-math,"
           "jx-expand-math-for-libm,"
           "expand-strided-metadata,lower-affine,convert-scf-to-cf,"
           "canonicalize,") +
           attach +
           "gpu.module(convert-gpu-to-nvvm),"
           "gpu-module-to-binary{format=isa}";
  }
  // llvm-dialect: the host code.
  return "jx-math-to-intrinsics,convert-math-to-libm,convert-math-to-llvm,"
         "arith-expand{include-bf16=true},convert-arith-to-llvm,"
         "convert-complex-to-llvm,"
         "finalize-memref-to-llvm{use-generic-functions},gpu-to-llvm,"
         "convert-func-to-llvm,convert-cf-to-llvm,convert-index-to-llvm,"
         "reconcile-unrealized-casts,jx-cuda-host-allocations,"
         "jx-cuda-launches-to-runtime";
}

LogicalResult checkLegality(ModuleOp module, StringRef phase) {
  WalkResult result = module.walk([&](Operation *op) -> WalkResult {
    StringRef dialect = op->getName().getDialectNamespace();
    bool bad = false;
    if (phase != "hlo")
      bad = dialect == "stablehlo" || dialect == "chlo";
    if (phase != "hlo" && phase != "linalg") {
      bad |= dialect == "check";
      for (Type t : op->getResultTypes())
        bad |= isa<TensorType>(t);
    }
    if (phase == "gpu" || phase == "kernels")
      bad |= dialect == "linalg";
    if (phase == "kernels")
      bad |= isa<gpu::GPUModuleOp, gpu::LaunchOp>(op);
    if (phase == "llvm-dialect")
      bad = !isa<ModuleOp>(op) && dialect != "llvm";
    if (!bad)
      return WalkResult::advance();
    op->emitError() << "'" << op->getName() << "' was not lowered by the '"
                    << phase << "' phase of the CUDA pipeline";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

/// Before the kernels phase: a kernel that calls a math function needs
/// libdevice, which only the CUDA toolkit has.
LogicalResult checkLibdevice(ModuleOp module,
                             const CUDAPipelineOptions &options) {
  if (!options.libdevice.empty() || !findLibdevice().empty())
    return success();
  Operation *needs = nullptr;
  module.walk([&](gpu::LaunchOp launch) {
    launch.walk([&](Operation *op) {
      if (!needs && op->getName().getDialectNamespace() == "math")
        needs = op;
    });
  });
  if (!needs)
    return success();
  return needs->emitError()
         << "'" << needs->getName()
         << "' in a CUDA kernel needs libdevice.10.bc from the CUDA toolkit, "
            "which was not found: set JX_LIBDEVICE or CUDA_PATH";
}

} // namespace

ArrayRef<StringRef> getCUDAPipelinePhases() { return kPhases; }

std::string findLibdevice() {
  auto exists = [](const std::string &p) {
    return !p.empty() && llvm::sys::fs::exists(p);
  };
  if (const char *env = std::getenv("JX_LIBDEVICE"))
    return exists(env) ? env : "";
  std::vector<std::string> roots;
  for (const char *var : {"CUDA_PATH", "CUDA_HOME"})
    if (const char *env = std::getenv(var))
      roots.push_back(env);
  roots.push_back("/usr/local/cuda");
  roots.push_back("/usr/lib/cuda");
  for (const std::string &root : roots) {
    std::string p = root + "/nvvm/libdevice/libdevice.10.bc";
    if (exists(p))
      return p;
  }
  return "";
}

LogicalResult runCUDAPipeline(ModuleOp module,
                              const CUDAPipelineOptions &options) {
  if (!options.stopAfter.empty() &&
      !llvm::is_contained(kPhases, options.stopAfter))
    return module.emitError() << "unknown CUDA pipeline phase '"
                              << options.stopAfter << "'";
  // What the pipeline cannot compile is what CUDA does not support yet:
  // each error says so, so that users (and the CUDA tests) can tell these
  // from other failures.
  ScopedDiagnosticHandler label(module.getContext(), [](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      diag << " (not supported on cuda yet)";
    return failure(); // on to the next handler, which prints it
  });
  for (StringRef phase : kPhases) {
    if (options.emulateOnHost && phase == "kernels") {
      // The emulator's last phase: launches as host loops, then the CPU's
      // loops and llvm-dialect phases.
      CPUPipelineOptions cpu;
      cpu.blas = cpu.dnnl = false;
      if (failed(runPhase(module, "emulated",
                          "jx-gpu-launches-to-loops," +
                              phasePipeline("loops", cpu) + "," +
                              phasePipeline("llvm-dialect", cpu),
                          "CUDA", options.configurePassManager)) ||
          failed(checkLegality(module, "llvm-dialect")))
        return failure();
      module->removeAttr(gpu::GPUDialect::getContainerModuleAttrName());
      if (options.afterPhase)
        options.afterPhase("emulated", module);
      return success();
    }
    if (phase == "kernels" && failed(checkLibdevice(module, options)))
      return failure();
    if (failed(runPhase(module, phase, cudaPhasePipeline(phase, options),
                        "CUDA", options.configurePassManager)) ||
        failed(checkLegality(module, phase)))
      return failure();
    if (options.afterPhase)
      options.afterPhase(phase, module);
    if (phase == options.stopAfter)
      break;
  }
  return success();
}

namespace {
struct CudaCLOptions : PassPipelineOptions<CudaCLOptions> {
  ListOption<std::string> chips{
      *this, "chips",
      llvm::cl::desc("GPU architectures (default: sm_80,sm_90)")};
  Option<bool> fuse{*this, "fuse", llvm::cl::desc("Fuse elementwise ops"),
                    llvm::cl::init(true)};
};
} // namespace

void registerCUDAPipelines() {
  PassRegistration<CudaHostAllocationsPass>();
  PassRegistration<SanitizeKernelNamesPass>();
  registerGpuHostBuffersPass();
  registerLoopsToGpuPass();
  registerLoopAccumulatorsPass();
  registerCudaHostWaitsPass();
  registerCudaLaunchesToRuntimePass();
  auto build = [](ArrayRef<StringRef> phases, const CudaCLOptions &cl,
                  OpPassManager &pm) {
    CUDAPipelineOptions options;
    if (!cl.chips.empty())
      options.chips.assign(cl.chips.begin(), cl.chips.end());
    options.fuse = cl.fuse;
    for (StringRef phase : phases)
      (void)parsePassPipeline(cudaPhasePipeline(phase, options), pm);
  };
  for (StringRef phase : kPhases) {
    std::string name = ("jx-cuda-" + phase).str();
    std::string description =
        ("The '" + phase + "' phase of the CUDA pipeline").str();
    PassPipelineRegistration<CudaCLOptions>(
        name, description,
        [phase, build](OpPassManager &pm, const CudaCLOptions &cl) {
          build(phase, cl, pm);
        });
  }
  PassPipelineRegistration<CudaCLOptions>(
      "jx-cuda-pipeline",
      "The whole CUDA pipeline, hlo to the LLVM dialect and PTX",
      [build](OpPassManager &pm, const CudaCLOptions &cl) {
        build(kPhases, cl, pm);
      });
}

} // namespace jx
