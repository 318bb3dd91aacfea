// executable.cpp - a StableHLO entry function compiled for the host CPU.

#include "jx/runtime/executable.h"
#include "jx/runtime/kernels.h"
#include "jx/runtime/memory.h"
#include "jx/runtime/threads.h"

#include "jx/Pipelines/CPUPipeline.h"
#include "jx/Target/CPU/CPUTarget.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/ExecutionEngine/CRunnerUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallBitVector.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <functional>


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

int64_t tensor_size(const tensor_spec &t) {
  // The verifier bounds the element count of non-empty shapes only: the
  // other dimensions of an empty one may multiply past int64.
  if (llvm::is_contained(t.shape, 0))
    return 0;
  int64_t n = 1;
  for (int64_t d : t.shape)
    n *= d;
  return n;
}

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

/// Calls compiled code; false when one of its allocations failed (the
/// allocation function jumps back here, see memory.h).
bool call_guarded(void (*fn)(void **), void **args, allocation_scope &scope) {
  if (setjmp(scope.landing()) != 0)
    return false;
  fn(args);
  return true;
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

namespace {

/// Which outputs of the bufferized entry `fn` (inputs, then one
/// out-parameter per output) may share memory with which inputs: a pair
/// (k, j) is safe when no element of input k is read after output j is
/// first written. Conservative: anything not understood (an op with
/// unknown effects on both, a memref flowing through a region, a loop
/// around both, an op reading k and writing j other than an elementwise
/// linalg op or a copy between the arguments themselves) makes a pair
/// unsafe. Only pairs for which `candidate` holds are examined. Returns
/// inputs x outputs flags, row-major.
std::vector<uint8_t>
alias_analysis(mlir::func::FuncOp fn, std::size_t inputs, std::size_t outputs,
               const std::function<bool(std::size_t, std::size_t)> &candidate) {
  std::vector<uint8_t> safe(inputs * outputs, 0);
  std::size_t nargs = fn.getNumArguments();
  if (nargs != inputs + outputs || fn.getBody().empty())
    return safe;
  using roots_t = llvm::SmallBitVector;
  llvm::DenseMap<mlir::Value, roots_t> roots;
  roots_t all(nargs, true);
  for (std::size_t i = 0; i < nargs; ++i) {
    roots_t r(nargs);
    r.set(i);
    roots[fn.getArgument(i)] = r;
  }
  auto roots_of = [&](mlir::Value v) -> roots_t {
    if (!mlir::isa<mlir::BaseMemRefType>(v.getType()))
      return roots_t(nargs);
    auto it = roots.find(v);
    if (it != roots.end())
      return it->second;
    // A memref block argument of a nested region (loop-carried buffers):
    // it may be any argument.
    if (mlir::isa<mlir::BlockArgument>(v))
      return all;
    return roots_t(nargs); // a fresh allocation
  };

  struct access {
    unsigned order;
    mlir::Operation *op;
    roots_t reads, writes;
  };
  std::vector<access> accesses;
  unsigned order = 0;
  bool give_up = false;
  fn.getBody().walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation *op) {
    ++order;
    // What the op's memref results may point into.
    if (op->getNumResults()) {
      bool alloc = mlir::isa<mlir::memref::AllocOp, mlir::memref::AllocaOp>(op);
      roots_t from(nargs);
      if (!alloc) {
        for (mlir::Value operand : op->getOperands())
          from |= roots_of(operand);
        // A memref produced by a region (scf.if yielding a buffer).
        if (op->getNumRegions())
          for (mlir::Value r : op->getResults())
            if (mlir::isa<mlir::BaseMemRefType>(r.getType()))
              from = all;
      }
      for (mlir::Value r : op->getResults())
        if (mlir::isa<mlir::BaseMemRefType>(r.getType()))
          roots[r] = from;
    }
    access a{order, op, roots_t(nargs), roots_t(nargs)};
    if (auto effects = mlir::dyn_cast<mlir::MemoryEffectOpInterface>(op)) {
      llvm::SmallVector<mlir::MemoryEffects::EffectInstance> list;
      effects.getEffects(list);
      for (auto &e : list) {
        bool read = mlir::isa<mlir::MemoryEffects::Read>(e.getEffect());
        bool write = mlir::isa<mlir::MemoryEffects::Write>(e.getEffect());
        if (!read && !write)
          continue; // allocation, free
        roots_t on(nargs);
        if (mlir::Value v = e.getValue())
          on = roots_of(v);
        else
          for (mlir::Value operand : op->getOperands())
            on |= roots_of(operand);
        if (!e.getValue() && !mlir::isa<mlir::linalg::LinalgOp>(op) &&
            e.getResource() != mlir::SideEffects::DefaultResource::get())
          continue; // another resource than memory (e.g. the allocator)
        if (read)
          a.reads |= on;
        if (write)
          a.writes |= on;
      }
    } else if (!op->hasTrait<mlir::OpTrait::HasRecursiveMemoryEffects>() &&
               !mlir::isa<mlir::func::ReturnOp>(op)) {
      // Unknown effects (calls): reads and writes whatever it is given.
      for (mlir::Value operand : op->getOperands()) {
        a.reads |= roots_of(operand);
        a.writes |= roots_of(operand);
      }
      if (op->getNumRegions())
        give_up = true;
    }
    if (a.reads.any() || a.writes.any())
      accesses.push_back(std::move(a));
  });
  if (give_up)
    return safe;

  // Whether `op` reads input k and writes output j element by element: an
  // all-parallel linalg op with the arguments themselves as operands and
  // the same indexing map, or a copy from argument k to argument j.
  auto elementwise = [&](mlir::Operation *op, unsigned k, unsigned j) {
    mlir::Value in = fn.getArgument(k), out = fn.getArgument(inputs + j);
    if (auto copy = mlir::dyn_cast<mlir::memref::CopyOp>(op))
      return copy.getSource() == in && copy.getTarget() == out;
    auto linalg = mlir::dyn_cast<mlir::linalg::LinalgOp>(op);
    if (!linalg || linalg.getNumLoops() != linalg.getNumParallelLoops())
      return false;
    std::optional<mlir::AffineMap> map;
    for (mlir::OpOperand &operand : op->getOpOperands()) {
      roots_t r = roots_of(operand.get());
      if (!r.test(k) && !r.test(inputs + j))
        continue;
      if (operand.get() != in && operand.get() != out)
        return false; // a view of k or j, or something that may be both
      mlir::AffineMap m = linalg.getMatchingIndexingMap(&operand);
      if (!m.isPermutation() || (map && *map != m))
        return false;
      map = m;
    }
    return true;
  };
  // Per argument: the last read, the first write, the outermost region ops
  // (loops may run an op again after a later one) around its reads and
  // writes, and its writers. Ops inside a region op run more than once.
  auto outermost = [&](mlir::Operation *op) -> mlir::Operation * {
    mlir::Operation *top = nullptr;
    for (mlir::Operation *p = op->getParentOp(); p && p != fn.getOperation();
         p = p->getParentOp())
      top = p;
    return top;
  };
  std::vector<unsigned> last_read(nargs, 0), first_write(nargs, ~0u);
  std::vector<llvm::SmallPtrSet<mlir::Operation *, 4>> read_tops(nargs),
      write_tops(nargs);
  std::vector<std::vector<const access *>> writers(nargs);
  for (const access &a : accesses) {
    mlir::Operation *top = outermost(a.op);
    for (unsigned r : a.reads.set_bits()) {
      last_read[r] = std::max(last_read[r], a.order);
      if (top)
        read_tops[r].insert(top);
    }
    for (unsigned w : a.writes.set_bits()) {
      first_write[w] = std::min(first_write[w], a.order);
      if (top)
        write_tops[w].insert(top);
      writers[w].push_back(&a);
    }
  }
  for (std::size_t k = 0; k < inputs; ++k)
    for (std::size_t j = 0; j < outputs; ++j) {
      if (!candidate(k, j))
        continue;
      std::size_t out = inputs + j;
      bool ok = last_read[k] <= first_write[out]; // equal: the same op
      for (mlir::Operation *top : read_tops[k])
        ok &= !write_tops[out].contains(top);
      for (const access *w : writers[out])
        if (ok && w->reads.test(k))
          ok = !outermost(w->op) && elementwise(w->op, k, j);
      safe[k * outputs + j] = ok;
    }
  return safe;
}

} // namespace

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
  pipeline.fuse = options.fuse;
  pipeline.blas = options.blas;
  pipeline.dnnl = options.dnnl;
  pipeline.afterPhase = [&](llvm::StringRef phase, mlir::ModuleOp m) {
    if (phase == "bufferized")
      if (auto f = m.lookupSymbol<mlir::func::FuncOp>(entry)) {
        exe->may_alias_ = alias_analysis(
            f, exe->inputs_.size(), exe->outputs_.size(),
            [&](std::size_t k, std::size_t j) {
              const tensor_spec &in = exe->inputs_[k], &out = exe->outputs_[j];
              return in.dtype == out.dtype && in.shape == out.shape &&
                     tensor_size(in) > 0;
            });
        if (std::getenv("JX_DEBUG_ALIAS")) {
          f.print(llvm::errs());
          llvm::errs() << "\nmay_alias:";
          for (uint8_t b : exe->may_alias_)
            llvm::errs() << " " << int(b);
          llvm::errs() << "\n";
        }
      }
    if (options.after_phase)
      options.after_phase(phase.str(), m);
  };
  if (mlir::failed(runCPUPipeline(*module, pipeline)))
    return nullptr;
  llvm::StringMap<void *> symbols;
  symbols["jx_rt_check"] = reinterpret_cast<void *>(&jx_rt_check);
  // Copies between strided memrefs call MLIR's runtime helper.
  symbols["memrefCopy"] = reinterpret_cast<void *>(&memrefCopy);
  // Dense contractions (ContractionToBlas.cpp, blas.cpp).
  symbols["jx_rt_gemm_f32"] = reinterpret_cast<void *>(&jx_rt_gemm_f32);
  symbols["jx_rt_gemm_f64"] = reinterpret_cast<void *>(&jx_rt_gemm_f64);
  symbols["jx_rt_gemm_c64"] = reinterpret_cast<void *>(&jx_rt_gemm_c64);
  symbols["jx_rt_gemm_c128"] = reinterpret_cast<void *>(&jx_rt_gemm_c128);
  symbols["jx_rt_gemm_s8s32"] = reinterpret_cast<void *>(&jx_rt_gemm_s8s32);
  // Convolutions (ConvolutionToDnnl.cpp, dnnl.cpp).
  symbols["jx_rt_conv"] = reinterpret_cast<void *>(&jx_rt_conv);
  // Temporaries: allocated and freed through the runtime (memory.h).
  symbols["_mlir_memref_to_llvm_alloc"] =
      reinterpret_cast<void *>(&_mlir_memref_to_llvm_alloc);
  symbols["_mlir_memref_to_llvm_aligned_alloc"] =
      reinterpret_cast<void *>(&_mlir_memref_to_llvm_aligned_alloc);
  symbols["_mlir_memref_to_llvm_free"] =
      reinterpret_cast<void *>(&_mlir_memref_to_llvm_free);
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

uint64_t executable::output_size(std::size_t i) const {
  return static_cast<uint64_t>(tensor_size(outputs_[i])) *
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
  for (std::size_t i = 0; i < args.size(); ++i)
    push_descriptor(words, const_cast<uint8_t *>(args[i].data.data()),
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
      push_descriptor(words, reuse[i].data.data(), outputs_[i].shape);
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
    push_descriptor(words, results[i].data.data(), results[i].shape);
  }
  std::vector<void *> packed;
  packed.reserve(words.size());
  for (int64_t &w : words)
    packed.push_back(&w);
  check_log local;
  scoped_check_log guard(log ? *log : local);
  allocation_scope memory(output_bytes);
  apply_num_threads();
  if (!call_guarded(entry_fn_, packed.data(), memory)) {
    if (memory.kernel_failed())
      throw std::runtime_error("@" + entry_ + ": " + memory.error());
    throw memory_error("@" + entry_ + ": " + memory.error());
  }
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (reused[i])
      results[i] = std::move(reuse[i]);
    else
      results[i].data.pop_back(); // the spare byte that kept empty buffers addressable
  }
  return results;
}

} // namespace jx::runtime
