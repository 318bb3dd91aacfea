// Compile.h - StableHLO entry functions compiled into runtime executables.
//
// The compiler's one door for the frontend, jxc and embedders: a module in
// the stablehlo (and chlo, check) dialects goes through the CPU pipeline
// (jx/Pipelines/CPUPipeline.h) to machine code, which becomes a
// jx::runtime::executable, either loaded by the in-process JIT or linked
// into a shared object that can also be serialized and loaded by a process
// that has only the runtime.

#ifndef JX_COMPILER_COMPILE_H
#define JX_COMPILER_COMPILE_H

#include "jx/runtime/executable.h"

#include "mlir/IR/BuiltinOps.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class PassManager;
} // namespace mlir

namespace jx::compiler {

struct compile_options {
  /// Elementwise fusion (off: the unfused reference path).
  bool fuse = true;
  /// Dense contractions through BLAS (off: their loop nests).
  bool blas = true;
  /// With blas, f32 convolutions through oneDNN (off: GEMMs per window
  /// position).
  bool dnnl = true;
  /// Time each top-level loop nest, library call and copy of the entry
  /// (the runtime's region timers, jx/runtime/region_timers.h): what the
  /// pipeline explorer shows as the time per fused region. Each region
  /// costs two clock reads per call.
  bool time_regions = false;
  /// Link the code into a shared object (needs a linker, see JX_LINKER)
  /// instead of the in-process JIT, so that the executable's serialize()
  /// works. Compiling costs the linker's run (milliseconds) more.
  bool serializable = false;
  /// The CPU the code is for: "" or "host" (this machine's, with every
  /// feature it has), or a generic x86-64 level, "x86-64", "x86-64-v2",
  /// "x86-64-v3" (AVX2, FMA) or "x86-64-v4" (AVX-512), so that a
  /// serialized executable or library built here runs on other machines
  /// of that level. The JIT refuses a level this CPU lacks.
  std::string target_cpu;
  /// Where the code runs: "cpu", or "cuda" (the CUDA pipeline, docs/cuda.md:
  /// kernels as PTX for the CUDA device of this process, or for sm_80 and
  /// sm_90 where there is none; run() then needs that device), or
  /// "cuda-emulator" (the CUDA pipeline's kernels run as loops on the CPU:
  /// their code tested without a GPU). A serializable CUDA executable
  /// carries PTX for sm_80 and sm_90 (the driver compiles it for the GPU it
  /// meets), or for `cuda_arch`.
  std::string device = "cpu";
  /// The GPU architectures of CUDA code ("sm_90", ...); empty: see `device`.
  std::vector<std::string> cuda_arch;
  /// Called after each pipeline phase with its name and the module.
  std::function<void(const std::string &, mlir::ModuleOp)> after_phase;
  /// Called with each phase's pass manager before it runs (see
  /// CPUPipelineOptions::configurePassManager).
  std::function<mlir::LogicalResult(mlir::PassManager &)> configure_pass_manager;
};

/// Compiles `entry` of `module` (which is not modified). Diagnostics go to
/// the module's context; returns null on failure.
std::unique_ptr<runtime::executable>
compile(mlir::ModuleOp module, const std::string &entry,
        const compile_options &options = {});

/// An entry compiled ahead of time: a C header declaring `<name>_<entry>`
/// (its inputs and outputs as pointers to row-major buffers, shapes fixed
/// and listed in the header) and a C++ wrapper that throws, and the code as
/// a static library (a GNU archive) or, with `shared`, a shared object.
/// Programs that use it link it with jx's runtime (libjx_runtime.so) and
/// libomp, not the compiler. Symbols are prefixed `jx_<name>_`, so several
/// libraries link into one program.
struct library {
  std::string header;
  std::string binary;
};

/// `name` must be a C identifier. Nullopt after a diagnostic on failure.
std::optional<library> compile_library(mlir::ModuleOp module,
                                       const std::string &entry,
                                       const std::string &name, bool shared,
                                       const compile_options &options = {});

/// What a program computes and moves, as XLA's cost analysis reports it:
/// multiply-adds count two flops (dot_general, convolution), other
/// arithmetic one per element, reductions one per input element and body
/// op; exp, log, tanh, sqrt, ... count as transcendentals; bytes_accessed
/// sums every op's operands and results (an unfused upper bound). Loop
/// bodies are counted once.
struct program_cost {
  double flops = 0, transcendentals = 0, bytes_accessed = 0;
};
program_cost cost_of(mlir::ModuleOp stablehlo);

/// What code compiled for `target_cpu` (compile_options::target_cpu)
/// needs of the CPU it runs on: host_cpu() for the host, the x86-64 psABI
/// level's flags (as /proc/cpuinfo names them) for a level; nullopt for a
/// name jx does not know.
std::optional<runtime::cpu_info> target_cpu_info(const std::string &target_cpu);

/// The dtype of an MLIR element type, or nullopt where jx has none.
std::optional<runtime::dtype> dtype_of(mlir::Type element_type);

} // namespace jx::compiler

#endif // JX_COMPILER_COMPILE_H
