// executable.cpp - a StableHLO entry function compiled for the host CPU.

#include "jx/runtime/executable.h"

#include "jx/Pipelines/CPUPipeline.h"
#include "jx/Target/CPU/CPUTarget.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/CRunnerUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"

#include <atomic>
#include <cstdlib>
#include <cstring>


namespace jx::runtime {

std::string tensor_spec::type_string() const {
  host_buffer b;
  b.dtype = dtype;
  b.shape = shape;
  return b.type_string();
}

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
  return tensor_spec{*d, std::vector<int64_t>(tensor.getShape().begin(),
                                              tensor.getShape().end())};
}

/// A memref descriptor's words: allocated, aligned, offset, sizes, strides.
void push_descriptor(std::vector<int64_t> &words, void *data,
                     const std::vector<int64_t> &shape) {
  words.push_back(reinterpret_cast<int64_t>(data));
  words.push_back(reinterpret_cast<int64_t>(data));
  words.push_back(0);
  for (int64_t d : shape)
    words.push_back(d);
  int64_t stride = 1;
  std::vector<int64_t> strides(shape.size());
  for (std::size_t i = shape.size(); i-- > 0;) {
    strides[i] = stride;
    stride *= shape[i];
  }
  for (int64_t s : strides)
    words.push_back(s);
}

} // namespace

namespace {

/// Set by an atexit handler registered at the first compile(), so it runs
/// before the destructors of statics built before then (executable caches).
std::atomic<bool> exiting{false};
void note_exit() { exiting = true; }

} // namespace

executable::~executable() {
  // Tearing a JIT down runs its deinitializers, which LLVM first compiles;
  // during exit LLVM's own statics may be gone already, and that crashed or
  // ended in "error: scalar-to-vector conversion failed" and exit(1). An
  // executable still alive at exit (in a static cache) is left to the OS.
  if (exiting)
    (void)module_.release();
}

std::unique_ptr<executable> executable::compile(mlir::ModuleOp source,
                                                const std::string &entry,
                                                const compile_options &options) {
  auto fn = source.lookupSymbol<mlir::func::FuncOp>(entry);
  if (!fn) {
    source.emitError() << "no function @" << entry << " to compile";
    return nullptr;
  }
  static const bool exit_hook = (std::atexit(note_exit), true);
  (void)exit_hook;
  std::unique_ptr<executable> exe(new executable());
  exe->entry_ = entry;
  mlir::FunctionType type = fn.getFunctionType();
  for (auto [i, t] : llvm::enumerate(type.getInputs())) {
    auto spec = spec_of(t, fn.getLoc(), "argument", i);
    if (!spec)
      return nullptr;
    exe->inputs_.push_back(*spec);
  }
  for (auto [i, t] : llvm::enumerate(type.getResults())) {
    auto spec = spec_of(t, fn.getLoc(), "result", i);
    if (!spec)
      return nullptr;
    exe->outputs_.push_back(*spec);
  }

  // Compile a copy in which only the entry is public, so that the rest is
  // inlined or dropped.
  mlir::OwningOpRef<mlir::ModuleOp> module(source.clone());
  for (auto f : module->getOps<mlir::func::FuncOp>())
    if (f.getSymName() != entry && !f.isExternal())
      f.setPrivate();
  module->lookupSymbol<mlir::func::FuncOp>(entry).setPublic();
  CPUPipelineOptions pipeline;
  if (options.after_phase)
    pipeline.afterPhase = [&](llvm::StringRef phase, mlir::ModuleOp m) {
      options.after_phase(phase.str(), m);
    };
  if (mlir::failed(runCPUPipeline(*module, pipeline)))
    return nullptr;
  llvm::StringMap<void *> symbols;
  symbols["jx_rt_check"] = reinterpret_cast<void *>(&jx_rt_check);
  // Copies between strided memrefs call MLIR's runtime helper.
  symbols["memrefCopy"] = reinterpret_cast<void *>(&memrefCopy);
  auto jit = cpu::JitModule::create(*module, symbols);
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
  exe->module_ = std::move(*jit);
  exe->entry_fn_ = *fnPtr;
  return exe;
}

std::vector<host_buffer> executable::run(const std::vector<host_buffer> &args,
                                         check_log *log) const {
  if (args.size() != inputs_.size())
    throw invalid_input("@" + entry_ + " takes " +
                        std::to_string(inputs_.size()) + " inputs, got " +
                        std::to_string(args.size()));
  for (std::size_t i = 0; i < args.size(); ++i)
    if (args[i].dtype != inputs_[i].dtype || args[i].shape != inputs_[i].shape)
      throw invalid_input("@" + entry_ + " input #" + std::to_string(i) +
                          " must be " + inputs_[i].type_string() + ", got " +
                          args[i].type_string());
  std::vector<host_buffer> results(outputs_.size());
  // After bufferization results are out-parameters after the inputs; each
  // memref argument is passed as its descriptor's words.
  std::vector<int64_t> words;
  for (const host_buffer &a : args)
    push_descriptor(words, const_cast<uint8_t *>(a.data.data()), a.shape);
  for (std::size_t i = 0; i < outputs_.size(); ++i) {
    results[i].dtype = outputs_[i].dtype;
    results[i].shape = outputs_[i].shape;
    results[i].data.assign(results[i].size() * itemsize(outputs_[i].dtype) + 1, 0);
    push_descriptor(words, results[i].data.data(), results[i].shape);
  }
  std::vector<void *> packed;
  for (int64_t &w : words)
    packed.push_back(&w);
  check_log local;
  scoped_check_log guard(log ? *log : local);
  entry_fn_(packed.data());
  for (host_buffer &r : results)
    r.data.pop_back(); // the spare byte that kept empty buffers addressable
  return results;
}

} // namespace jx::runtime
