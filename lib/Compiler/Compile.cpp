// Compile.cpp - StableHLO entry functions compiled into runtime
// executables (Compile.h).

#include "jx/Compiler/Compile.h"
#include "CacheKey.h"
#include "Lowering.h"
#include "OutputAliasing.h"

#include "jx/runtime/compile_cache.h"

#include "jx/Compiler/LargeConstants.h"
#include "jx/Pipelines/CPUPipeline.h"
#include "jx/Pipelines/CUDAPipeline.h"
#include "jx/runtime/cuda.h"
#include "jx/Target/CPU/CPUTarget.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectResourceBlobManager.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>

namespace jx::compiler {

using runtime::dtype;
using runtime::tensor_spec;

std::optional<dtype> dtype_of(mlir::Type t) {
  if (auto c = mlir::dyn_cast<mlir::ComplexType>(t)) {
    if (c.getElementType().isF32())
      return dtype::complex64;
    if (c.getElementType().isF64())
      return dtype::complex128;
    return std::nullopt;
  }
  if (t.isF16())
    return dtype::float16;
  if (t.isBF16())
    return dtype::bfloat16;
  if (t.isF32())
    return dtype::float32;
  if (t.isF64())
    return dtype::float64;
  if (t.isInteger(1))
    return dtype::bool_;
  if (auto i = mlir::dyn_cast<mlir::IntegerType>(t)) {
    bool u = i.isUnsigned();
    switch (i.getWidth()) {
    case 2: return u ? dtype::uint2 : dtype::int2;
    case 4: return u ? dtype::uint4 : dtype::int4;
    case 8: return u ? dtype::uint8 : dtype::int8;
    case 16: return u ? dtype::uint16 : dtype::int16;
    case 32: return u ? dtype::uint32 : dtype::int32;
    case 64: return u ? dtype::uint64 : dtype::int64;
    default: return std::nullopt;
    }
  }
  return std::nullopt;
}

namespace {

/// The spec of a static tensor type; emits an error at `loc` otherwise.
std::optional<tensor_spec> spec_of(mlir::Type type, mlir::Location loc,
                                   const char *what, unsigned index) {
  auto tensor = mlir::dyn_cast<mlir::RankedTensorType>(type);
  if (!tensor) {
    mlir::emitError(loc) << what << " #" << index << " has type " << type
                         << "; jx runs entry functions on tensors only";
    return std::nullopt;
  }
  if (!tensor.hasStaticShape()) {
    mlir::emitError(loc) << what << " #" << index << " has dynamic shape "
                         << type << ", not supported yet";
    return std::nullopt;
  }
  std::optional<dtype> d = dtype_of(tensor.getElementType());
  if (!d) {
    mlir::emitError(loc) << what << " #" << index << " has element type "
                         << tensor.getElementType() << ", not supported yet";
    return std::nullopt;
  }
  tensor_spec spec{*d, std::vector<int64_t>(tensor.getShape().begin(),
                                            tensor.getShape().end())};
  int64_t count = 1, bytes = 0;
  bool overflow = false;
  for (int64_t dim : spec.shape)
    overflow |= __builtin_mul_overflow(count, dim, &count);
  overflow |= __builtin_mul_overflow(
      count, static_cast<int64_t>(std::max<std::size_t>(itemsize(*d), 1)),
      &bytes);
  if (overflow && count != 0) {
    mlir::emitError(loc) << what << " #" << index << " has type " << type
                         << ", whose size in bytes does not fit in an int64";
    return std::nullopt;
  }
  return spec;
}


/// Set by an atexit handler registered at the first compile(), so it runs
/// before the destructors of statics built before then (executable caches).
std::atomic<bool> exiting{false};
void note_exit() { exiting = true; }

/// Code in this process's JIT.
class jit_code : public runtime::loaded_code {
public:
  jit_code(std::unique_ptr<cpu::JitModule> module,
           std::vector<std::shared_ptr<const char>> constants)
      : module(std::move(module)), constants(std::move(constants)) {}
  ~jit_code() override {
    // Tearing a JIT down runs its deinitializers, which LLVM first
    // compiles; during exit LLVM's own statics may be gone already, and
    // that crashed or ended in "error: scalar-to-vector conversion failed"
    // and exit(1). Code still alive at exit (in a static cache) is left to
    // the OS.
    if (exiting)
      (void)module.release();
  }
  std::unique_ptr<cpu::JitModule> module;
  /// The bytes of the constants the code reads but does not hold.
  std::vector<std::shared_ptr<const char>> constants;
};

/// The values jx-external-constants left in `module`'s
/// `jx.external_constants`, as bytes the returned pointers own, each added
/// to `symbols` under its global's name; the attribute is dropped. Bytes
/// the program's loader decoded (LargeConstants.h) are shared, not copied.
std::vector<std::shared_ptr<const char>>
takeExternalConstants(mlir::ModuleOp module, llvm::StringMap<void *> &symbols) {
  std::vector<std::shared_ptr<const char>> owned;
  auto values =
      module->getAttrOfType<mlir::DictionaryAttr>("jx.external_constants");
  if (!values)
    return owned;
  module->removeAttr("jx.external_constants");
  for (mlir::NamedAttribute entry : values) {
    // The pass keeps only values storedBytes accepts.
    llvm::ArrayRef<char> data =
        *storedBytes(llvm::cast<mlir::ElementsAttr>(entry.getValue()));
    std::shared_ptr<const char> bytes = sharedConstantBytes(data.data());
    if (!bytes)
      bytes = copyConstantBytes(data).data;
    symbols[entry.getName()] = const_cast<char *>(bytes.get());
    owned.push_back(std::move(bytes));
  }
  return owned;
}

} // namespace

namespace {
std::unique_ptr<runtime::executable>
compileUncached(mlir::ModuleOp source, const std::string &entry,
                const compile_options &options);
} // namespace

std::unique_ptr<runtime::executable> compile(mlir::ModuleOp source,
                                             const std::string &entry,
                                             const compile_options &options) {
  // The disk cache, when it is on; not when the caller watches the
  // pipeline's phases, which a cached executable skips, nor for CUDA code
  // (not serializable yet).
  if (options.after_phase || options.configure_pass_manager ||
      options.device != "cpu" ||
      runtime::cache_dir().empty() ||
      !source.lookupSymbol<mlir::func::FuncOp>(entry))
    return compileUncached(source, entry, options);
  std::string key = cacheKey(source, entry, options);
  if (auto exe = runtime::cache_lookup(key))
    return exe;
  compile_options linked = options;
  linked.serializable = true;
  auto exe = compileUncached(source, entry, linked);
  if (exe)
    runtime::cache_store(key, *exe);
  return exe;
}

std::optional<runtime::cpu_info> target_cpu_info(const std::string &cpu) {
  if (cpu.empty() || cpu == "host")
    return runtime::host_cpu();
  // The x86-64 psABI's micro-architecture levels, in /proc/cpuinfo's names
  // (lzcnt is "abm" there).
  static const std::vector<std::string> v2 = {"cx16", "lahf_lm", "popcnt",
                                              "sse4_1", "sse4_2", "ssse3"};
  static const std::vector<std::string> v3 = {"avx", "avx2", "bmi1", "bmi2", "f16c",
                                              "fma", "abm", "movbe", "xsave"};
  static const std::vector<std::string> v4 = {"avx512f", "avx512bw", "avx512cd",
                                              "avx512dq", "avx512vl"};
  runtime::cpu_info info;
  info.model = cpu + " (generic)";
  int level = cpu == "x86-64" ? 1 : cpu == "x86-64-v2" ? 2 : cpu == "x86-64-v3" ? 3
            : cpu == "x86-64-v4" ? 4 : 0;
  if (level == 0)
    return std::nullopt;
  if (level >= 2)
    info.flags.insert(info.flags.end(), v2.begin(), v2.end());
  if (level >= 3)
    info.flags.insert(info.flags.end(), v3.begin(), v3.end());
  if (level >= 4)
    info.flags.insert(info.flags.end(), v4.begin(), v4.end());
  std::sort(info.flags.begin(), info.flags.end());
  return info;
}

mlir::OwningOpRef<mlir::ModuleOp> lowerEntry(mlir::ModuleOp source,
                                             const std::string &entry,
                                             const compile_options &options,
                                             EntrySignature &signature,
                                             bool externalConstants) {
  auto fn = source.lookupSymbol<mlir::func::FuncOp>(entry);
  if (!fn) {
    source.emitError() << "no function @" << entry << " to compile";
    return nullptr;
  }
  std::optional<runtime::cpu_info> target = target_cpu_info(options.target_cpu);
  if (!target) {
    mlir::emitError(fn.getLoc()) << "unknown target CPU '" << options.target_cpu
                                 << "' (host, x86-64, x86-64-v2, x86-64-v3, x86-64-v4)";
    return nullptr;
  }
  signature.target = std::move(*target);
  std::vector<tensor_spec> &inputs = signature.inputs;
  std::vector<tensor_spec> &outputs = signature.outputs;
  std::vector<uint8_t> &mayAlias = signature.mayAlias;
  inputs.clear();
  outputs.clear();
  mayAlias.clear();
  mlir::FunctionType type = fn.getFunctionType();
  for (auto [i, t] : llvm::enumerate(type.getInputs())) {
    auto spec = spec_of(t, fn.getLoc(), "argument", i);
    if (!spec)
      return nullptr;
    inputs.push_back(*spec);
  }
  for (auto [i, t] : llvm::enumerate(type.getResults())) {
    auto spec = spec_of(t, fn.getLoc(), "result", i);
    if (!spec)
      return nullptr;
    outputs.push_back(*spec);
  }

  // Compile a copy in which only the entry is public, so that the rest is
  // inlined or dropped.
  mlir::OwningOpRef<mlir::ModuleOp> module(source.clone());
  for (auto f : module->getOps<mlir::func::FuncOp>())
    if (f.getSymName() != entry && !f.isExternal())
      f.setPrivate();
  module->lookupSymbol<mlir::func::FuncOp>(entry).setPublic();
  // Shardy annotations (sharding constraints, reshards) say how a
  // multi-device run splits the program; jx computes the values they
  // annotate whole on every device, which is the same without them. (The
  // meshes stay for jx-manual-computations.)
  llvm::SmallVector<mlir::Operation *> shardingOps;
  module->walk([&](mlir::Operation *op) {
    if (op->getName().getDialectNamespace() != "sdy")
      return;
    llvm::StringRef name = op->getName().stripDialect();
    if (((name == "sharding_constraint" || name == "reshard") &&
         op->getNumOperands() == 1 && op->getNumResults() == 1))
      shardingOps.push_back(op);
  });
  for (mlir::Operation *op : shardingOps) {
    if (op->getNumResults() == 1)
      op->getResult(0).replaceAllUsesWith(op->getOperand(0));
    op->erase();
  }
  CPUPipelineOptions pipeline;
  pipeline.fuse = options.fuse;
  pipeline.blas = options.blas;
  pipeline.dnnl = options.dnnl;
  pipeline.timeRegions = options.time_regions;
  if (externalConstants)
    pipeline.externalConstantBytes = kLargeConstantBytes;
  pipeline.configurePassManager = options.configure_pass_manager;
  pipeline.afterPhase = [&](llvm::StringRef phase, mlir::ModuleOp m) {
    if (phase == "bufferized")
      if (auto f = m.lookupSymbol<mlir::func::FuncOp>(entry)) {
        mayAlias = outputAliasing(
            f, inputs.size(), outputs.size(),
            [&](std::size_t k, std::size_t j) {
              const tensor_spec &in = inputs[k], &out = outputs[j];
              return in == out && runtime::element_count(in) > 0;
            });
        if (std::getenv("JX_DEBUG_ALIAS")) {
          f.print(llvm::errs());
          llvm::errs() << "\nmay_alias:";
          for (uint8_t b : mayAlias)
            llvm::errs() << " " << int(b);
          llvm::errs() << "\n";
        }
      }
    if (options.after_phase)
      options.after_phase(phase.str(), m);
  };
  if (options.device == "cuda" || options.device == "cuda-emulator") {
    CUDAPipelineOptions cudaPipeline;
    cudaPipeline.emulateOnHost = options.device == "cuda-emulator";
    cudaPipeline.fuse = options.fuse;
    cudaPipeline.configurePassManager = options.configure_pass_manager;
    cudaPipeline.afterPhase = pipeline.afterPhase;
    // The architectures asked for; else PTX for this process's GPU where
    // it has one, unless the executable may go to other machines.
    if (!options.cuda_arch.empty())
      cudaPipeline.chips = options.cuda_arch;
    else if (!cudaPipeline.emulateOnHost && !options.serializable &&
             runtime::cuda::available())
      cudaPipeline.chips = {runtime::cuda::current_device().arch()};
    if (mlir::failed(runCUDAPipeline(*module, cudaPipeline)))
      return nullptr;
  } else if (mlir::failed(runCPUPipeline(*module, pipeline))) {
    return nullptr;
  }
  if (auto r = (*module)->getAttrOfType<mlir::IntegerAttr>("mhlo.num_replicas"))
    signature.replicas = static_cast<int>(std::max<int64_t>(r.getInt(), 1));
  if (auto p = (*module)->getAttrOfType<mlir::IntegerAttr>("mhlo.num_partitions"))
    signature.partitions = static_cast<int>(std::max<int64_t>(p.getInt(), 1));
  return module;
}

namespace {

std::unique_ptr<runtime::executable>
compileUncachedCode(mlir::ModuleOp source, const std::string &entry,
                    const compile_options &options, EntrySignature &signature);

/// The executable of `entry`, told the devices its lowered module runs on.
std::unique_ptr<runtime::executable>
compileUncached(mlir::ModuleOp source, const std::string &entry,
                const compile_options &options) {
  EntrySignature signature;
  auto exe = compileUncachedCode(source, entry, options, signature);
  if (exe)
    exe->set_device_grid(signature.replicas, signature.partitions);
  return exe;
}

std::unique_ptr<runtime::executable>
compileUncachedCode(mlir::ModuleOp source, const std::string &entry,
                    const compile_options &options, EntrySignature &signature) {
  static const bool exit_hook = (std::atexit(note_exit), true);
  (void)exit_hook;
  bool forJit = !options.serializable && options.device == "cpu";
  mlir::OwningOpRef<mlir::ModuleOp> module =
      lowerEntry(source, entry, options, signature, /*externalConstants=*/forJit);
  if (!module)
    return nullptr;
  auto fn = source.lookupSymbol<mlir::func::FuncOp>(entry);
  std::vector<tensor_spec> &inputs = signature.inputs;
  std::vector<tensor_spec> &outputs = signature.outputs;
  std::vector<uint8_t> &mayAlias = signature.mayAlias;

  if (options.device != "cpu" && options.device != "cuda" &&
      options.device != "cuda-emulator") {
    mlir::emitError(fn.getLoc()) << "unknown device kind '" << options.device
                                 << "' (cpu, cuda, cuda-emulator)";
    return nullptr;
  }
  if (options.serializable) {
    llvm::Expected<std::string> so =
        cpu::compileSharedObject(*module, options.target_cpu);
    if (!so) {
      mlir::emitError(fn.getLoc())
          << "compiling @" << entry
          << " to a shared object failed: " << llvm::toString(so.takeError());
      return nullptr;
    }
    try {
      auto exe = runtime::executable::load(
          std::move(*so), entry, std::move(inputs), std::move(outputs),
          std::move(mayAlias), std::move(signature.target));
      exe->set_device_kind(options.device == "cuda" ? "cuda" : "cpu");
      return exe;
    } catch (const runtime::load_error &e) {
      mlir::emitError(fn.getLoc()) << "loading @" << entry << ": " << e.what();
      return nullptr;
    }
  }

  // Code for a CPU level this one lacks cannot run here.
  std::vector<std::string> missing = runtime::missing_cpu_flags(signature.target);
  if (!missing.empty()) {
    mlir::emitError(fn.getLoc())
        << "cannot run @" << entry << " compiled for " << options.target_cpu
        << " here: this " << runtime::host_cpu().model << " lacks "
        << llvm::join(missing, ", ")
        << " (serialize it, or build a library, for a machine that has them)";
    return nullptr;
  }
  llvm::StringMap<void *> symbols;
  for (auto [name, address] : runtime::compiled_code_symbols())
    symbols[name] = address;
  std::vector<std::shared_ptr<const char>> constants =
      takeExternalConstants(*module, symbols);
  auto jit = cpu::JitModule::create(*module, symbols, options.target_cpu);
  // Generate the machine code now rather than on the first run, so that
  // compile() is the whole compilation and a missing symbol fails here.
  llvm::Expected<cpu::JitModule::PackedFunction> fnPtr =
      jit ? (*jit)->lookupPacked(entry)
          : llvm::Expected<cpu::JitModule::PackedFunction>(jit.takeError());
  if (!fnPtr) {
    llvm::Error error = fnPtr.takeError();
    // At the entry's location rather than on the module, which would print
    // the whole module. ORC reports unresolved symbols on stderr itself
    // ("JIT session error: Symbols not found: [ ... ]").
    mlir::emitError(fn.getLoc())
        << "JIT compilation of @" << entry
        << " failed: " << llvm::toString(std::move(error));
    return nullptr;
  }
  auto exe = std::make_unique<runtime::executable>(
      entry, std::move(inputs), std::move(outputs), std::move(mayAlias),
      std::make_unique<jit_code>(std::move(*jit), std::move(constants)),
      *fnPtr);
  // The emulator's code runs on the CPU's memory like CPU code.
  exe->set_device_kind(options.device == "cuda" ? "cuda" : "cpu");
  return exe;
}

} // namespace

} // namespace jx::compiler
