//===- CPUTarget.cpp - LLVM IR, machine code and the in-process JIT -------===//
//
// The JIT is ORC's LLJIT over JITLink, fed with object files this file
// generates itself rather than through MLIR's ExecutionEngine, for two
// reasons:
// - the code model. ExecutionEngine links with RuntimeDyld, which needs
//   the large code model: every constant and every call's address is a
//   64-bit immediate, and in a model's entry function (thousands of calls,
//   each with its constant arguments) the register allocator rematerializes
//   them all: 8 of the 10 s of code generation of a 4000-op program. JITLink
//   links the small code model (PIC), as a shared library would be.
// - threads. A large module is split into one part per core, of about
//   equal size (splitBalanced), and each part is optimized and compiled on its
//   own thread, in its own LLVMContext, to an object file; JITLink links the
//   objects together.
//
//===----------------------------------------------------------------------===//

#include "jx/Target/CPU/CPUTarget.h"

#include "InterleaveComputeLoops.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/ArchiveWriter.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SmallVectorMemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/Threading.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include "llvm/Transforms/Scalar/DCE.h"
#include "llvm/Transforms/Scalar/InstSimplifyPass.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/SplitModule.h"

#include <atomic>
#include <cstdlib>
#include <string>
#include <thread>

using namespace mlir;

namespace jx::cpu {
namespace {

/// Turns off LLVM's partial and runtime loop unrolling for every compile
/// of this process (full unrolling of loops with small constant trip
/// counts stays: the lanes of jx's blocked reductions need it). x86's cost
/// model enables both on CPUs with a loop buffer (Zen, Skylake), where they
/// copy every loop body several times; jx's loops are vectorized and
/// interleaved by the loop vectorizer already. Measured on the transformer
/// block's LLVM IR (AMD EPYC, `opt -O2` + `llc`, best of 5): 0.56 s -> 0.43 s,
/// the object 43 -> 37 KB, with no change in time per call of the
/// bench-peers programs beyond this machine's noise (docs/performance.md).
/// A value given on the command line (`jxc --unroll-runtime=true`) wins.
/// These are LLVM's process-wide options, set once, before any compile
/// thread reads them.
void limitLoopUnrolling() {
  auto &options = llvm::cl::getRegisteredOptions();
  for (llvm::StringRef name : {"unroll-allow-partial", "unroll-runtime"}) {
    auto it = options.find(name);
    if (it == options.end() || it->second->getNumOccurrences() > 0)
      continue;
    (void)it->second->addOccurrence(/*pos=*/0, name, "false");
  }
}

void initializeLLVMTargets() {
  static bool done = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    llvm::InitializeNativeTargetAsmParser();
    limitLoopUnrolling();
    return true;
  }();
  (void)done;
}

/// The host CPU with all its features (or, with `cpu`, that CPU, such as
/// the generic level x86-64-v3, and only its features), the small code
/// model, PIC: what both the object files `jxc` writes and the JIT's
/// objects are built for.
std::unique_ptr<llvm::TargetMachine>
hostTargetMachine(llvm::StringRef cpu = "",
                  llvm::CodeGenOptLevel level = llvm::CodeGenOptLevel::Aggressive) {
  initializeLLVMTargets();
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder) {
    llvm::consumeError(builder.takeError());
    return nullptr;
  }
  if (!cpu.empty() && cpu != "host") {
    builder->setCPU(cpu.str());
    builder->getFeatures() = llvm::SubtargetFeatures();
  }
  builder->setCodeGenOptLevel(level);
  builder->setCodeModel(llvm::CodeModel::Small);
  builder->setRelocationModel(llvm::Reloc::PIC_);
  auto tm = builder->createTargetMachine();
  if (!tm) {
    llvm::consumeError(tm.takeError());
    return nullptr;
  }
  return std::move(*tm);
}

void setHostLayout(llvm::Module &module, llvm::TargetMachine &tm) {
  module.setDataLayout(tm.createDataLayout());
  module.setTargetTriple(tm.getTargetTriple());
}

/// Functions of at least this many instructions without a loop are glue.
constexpr unsigned kGlueInstructions = 20000;

/// Whether `fn` is glue: a large loop-free function. A model's entry
/// function of thousands of ops is a straight line of calls of its kernels
/// (which jx-outline-loop-nests made functions of their own) and of
/// allocations. Optimizing it buys little at run time, but the -O2
/// pipeline and the SelectionDAG cost most of the machine code's time:
/// the JIT compiles it apart (splitOffGlue, compileOne), and the paths
/// that compile one module whole mark it optnone.
bool isGlue(const llvm::Function &fn) {
  if (fn.isDeclaration() || fn.getInstructionCount() < kGlueInstructions)
    return false;
  llvm::SmallVector<
      std::pair<const llvm::BasicBlock *, const llvm::BasicBlock *>>
      backEdges;
  llvm::FindFunctionBackedges(fn, backEdges);
  return backEdges.empty();
}

/// Marks the glue functions `optnone` (for the paths that compile one
/// module whole: --emit=obj, asm, llvm-ir).
void compileGlueQuickly(llvm::Module &module) {
  for (llvm::Function &fn : module) {
    if (fn.hasOptNone() || !isGlue(fn))
      continue;
    fn.removeFnAttr(llvm::Attribute::AlwaysInline);
    fn.addFnAttr(llvm::Attribute::NoInline);
    fn.addFnAttr(llvm::Attribute::OptimizeNone);
  }
}

/// LLVM's -O2 pipeline for `tm`, with loop and SLP vectorization, plus
/// InterleaveComputeLoopsPass where the loop vectorizer starts.
llvm::Error optimize(llvm::Module &module, llvm::TargetMachine &tm) {
  compileGlueQuickly(module);
  llvm::LoopAnalysisManager loopAnalyses;
  llvm::FunctionAnalysisManager functionAnalyses;
  llvm::CGSCCAnalysisManager sccAnalyses;
  llvm::ModuleAnalysisManager moduleAnalyses;
  llvm::PipelineTuningOptions tuning;
  tuning.LoopUnrolling = true;
  tuning.LoopInterleaving = true;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = true;
  llvm::PassBuilder builder(&tm, tuning);
  builder.registerVectorizerStartEPCallback(
      [](llvm::FunctionPassManager &passes, llvm::OptimizationLevel) {
        passes.addPass(InterleaveComputeLoopsPass());
      });
  builder.registerModuleAnalyses(moduleAnalyses);
  builder.registerCGSCCAnalyses(sccAnalyses);
  builder.registerFunctionAnalyses(functionAnalyses);
  builder.registerLoopAnalyses(loopAnalyses);
  builder.crossRegisterProxies(loopAnalyses, functionAnalyses, sccAnalyses,
                               moduleAnalyses);
  builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2)
      .run(module, moduleAnalyses);
  return llvm::Error::success();
}

llvm::Error emitObject(llvm::Module &module, llvm::TargetMachine &tm,
                       llvm::CodeGenFileType kind,
                       llvm::raw_pwrite_stream &os) {
  llvm::legacy::PassManager pm;
  if (tm.addPassesToEmitFile(pm, os, nullptr, kind))
    return llvm::createStringError("the host target cannot emit this file "
                                   "type");
  pm.run(module);
  return llvm::Error::success();
}

/// Gives every function the module defines for others a wrapper
/// `_mlir_<name>(void **args)`: args[i] points to argument i, and the
/// result (if any) is stored where args[n] points. One call signature for
/// every entry, as MLIR's ExecutionEngine has it.
void addPackedWrappers(llvm::Module &module) {
  llvm::LLVMContext &context = module.getContext();
  llvm::IRBuilder<> b(context);
  llvm::Type *ptr = b.getPtrTy();
  auto *type = llvm::FunctionType::get(b.getVoidTy(), {ptr}, false);
  llvm::SmallVector<llvm::Function *> entries;
  for (llvm::Function &fn : module)
    if (!fn.isDeclaration() && !fn.hasLocalLinkage())
      entries.push_back(&fn);
  for (llvm::Function *fn : entries) {
    auto *wrapper =
        llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage,
                               "_mlir_" + fn->getName(), module);
    b.SetInsertPoint(llvm::BasicBlock::Create(context, "entry", wrapper));
    llvm::Value *slots = wrapper->getArg(0);
    llvm::SmallVector<llvm::Value *> args;
    for (llvm::Argument &arg : fn->args()) {
      llvm::Value *slot = b.CreateConstGEP1_64(ptr, slots, arg.getArgNo());
      args.push_back(b.CreateLoad(arg.getType(), b.CreateLoad(ptr, slot)));
    }
    llvm::Value *result = b.CreateCall(fn, args);
    if (!result->getType()->isVoidTy()) {
      llvm::Value *slot = b.CreateConstGEP1_64(ptr, slots, fn->arg_size());
      b.CreateStore(result, b.CreateLoad(ptr, slot));
    }
    b.CreateRetVoid();
  }
}

/// Names runtime helpers that MLIR's lowerings call by MLIR's runtime
/// library's names by the names jx's runtime gives them.
void renameRuntimeHelpers(llvm::Module &module) {
  if (llvm::Function *copy = module.getFunction("memrefCopy"))
    copy->setName("jx_rt_memref_copy");
}

/// How many threads compile a module of `definitions` functions and
/// `instructions` LLVM instructions: `JX_COMPILE_THREADS` if set, else the
/// cores this process may run on; never more than there are functions, and
/// one for a module too small to be worth splitting. A part costs a bitcode
/// round trip, far less than the optimization and code generation it moves
/// to another core: a transformer block of 14 kernels (6000 instructions)
/// is split too (with limitLoopUnrolling: 387 ms on two cores, against
/// 515 ms before both changes).
unsigned compileThreads(unsigned definitions, unsigned instructions) {
  constexpr unsigned kMinInstructionsPerThread = 1000;
  unsigned threads = llvm::hardware_concurrency().compute_thread_count();
  if (const char *env = std::getenv("JX_COMPILE_THREADS"))
    if (int n = std::atoi(env); n > 0)
      threads = static_cast<unsigned>(n);
  threads = std::min({threads, definitions,
                      instructions / kMinInstructionsPerThread});
  return std::max(threads, 1u);
}

/// Splits `module` into `parts` modules of about equal work and hands each
/// to `each`. The functions go heaviest first to the part with the least
/// weight so far (the time LLVM takes grows with their size); global
/// variables go to the first part. Symbols of local linkage become
/// external and hidden so that the parts' objects link. LLVM's SplitModule
/// balances the number of functions instead: a training step of 61
/// functions, split in two by count, took 460-660 ms of machine code on
/// two cores, 338-436 ms split by weight (builds alternating, a noisy
/// host). A module with comdats or aliases
/// (jx writes none) goes to SplitModule.
void splitBalanced(
    llvm::Module &module, unsigned parts,
    llvm::function_ref<void(std::unique_ptr<llvm::Module>)> each) {
  if (!module.getComdatSymbolTable().empty() || !module.alias_empty() ||
      !module.ifunc_empty()) {
    llvm::SplitModule(module, parts, each, /*PreserveLocals=*/false,
                      /*RoundRobin=*/true);
    return;
  }
  unsigned unnamed = 0;
  auto externalize = [&](llvm::GlobalValue &gv) {
    if (!gv.hasLocalLinkage())
      return;
    if (!gv.hasName())
      gv.setName("__jx_part_symbol" + llvm::Twine(unnamed++));
    gv.setLinkage(llvm::GlobalValue::ExternalLinkage);
    gv.setVisibility(llvm::GlobalValue::HiddenVisibility);
  };
  for (llvm::Function &fn : module)
    externalize(fn);
  for (llvm::GlobalVariable &gv : module.globals())
    externalize(gv);

  // A function's weight: its instructions, three times over in one with
  // loops (the vectorizer and the unroller copy loop bodies; a straight
  // line of calls costs little per instruction).
  llvm::SmallVector<std::pair<uint64_t, llvm::Function *>> functions;
  for (llvm::Function &fn : module) {
    if (fn.isDeclaration())
      continue;
    llvm::SmallVector<
        std::pair<const llvm::BasicBlock *, const llvm::BasicBlock *>>
        backEdges;
    llvm::FindFunctionBackedges(fn, backEdges);
    uint64_t weight =
        (fn.getInstructionCount() + 1) * (backEdges.empty() ? 1 : 3);
    functions.push_back({weight, &fn});
  }
  llvm::stable_sort(functions, [](const auto &a, const auto &b) {
    return a.first > b.first;
  });
  llvm::DenseMap<const llvm::GlobalValue *, unsigned> partOf;
  std::vector<uint64_t> load(parts, 0);
  for (auto [weight, fn] : functions) {
    unsigned lightest =
        std::min_element(load.begin(), load.end()) - load.begin();
    partOf[fn] = lightest;
    load[lightest] += weight;
  }
  for (unsigned i = 0; i < parts; ++i) {
    llvm::ValueToValueMapTy map;
    each(llvm::CloneModule(module, map, [&](const llvm::GlobalValue *gv) {
      auto it = partOf.find(gv);
      return it != partOf.end() ? it->second == i : i == 0;
    }));
  }
}

/// The symbols with local linkage that `fn` refers to, directly or
/// through constants.
void collectLocalReferences(const llvm::Function &fn,
                            llvm::SmallPtrSetImpl<llvm::GlobalValue *> &out) {
  llvm::SmallVector<const llvm::Constant *> work;
  llvm::SmallPtrSet<const llvm::Constant *, 32> seen;
  for (const llvm::BasicBlock &block : fn)
    for (const llvm::Instruction &inst : block)
      for (const llvm::Value *operand : inst.operands())
        if (auto *c = llvm::dyn_cast<llvm::Constant>(operand))
          work.push_back(c);
  while (!work.empty()) {
    const llvm::Constant *c = work.pop_back_val();
    if (!seen.insert(c).second)
      continue;
    if (auto *gv = llvm::dyn_cast<llvm::GlobalValue>(c)) {
      if (gv->hasLocalLinkage())
        out.insert(const_cast<llvm::GlobalValue *>(gv));
      continue;
    }
    for (const llvm::Value *operand : c->operands())
      work.push_back(llvm::cast<llvm::Constant>(operand));
  }
}

/// Splits the glue functions of `module` (isGlue) from the rest: returns
/// a module of everything else (the kernels, the constants, the entries'
/// wrappers) and leaves in `module` the glue alone, with declarations of
/// what it uses. The symbols the two share become external and hidden, so
/// that their objects link. Null when there is no glue: `module` is whole.
std::unique_ptr<llvm::Module> splitOffGlue(llvm::Module &module) {
  llvm::SmallPtrSet<const llvm::GlobalValue *, 4> glue;
  llvm::SmallPtrSet<llvm::GlobalValue *, 32> shared;
  for (llvm::Function &fn : module)
    if (isGlue(fn)) {
      glue.insert(&fn);
      shared.insert(&fn);
      collectLocalReferences(fn, shared);
    }
  if (glue.empty())
    return nullptr;
  for (llvm::GlobalValue *value : shared) {
    if (!value->hasLocalLinkage())
      continue;
    if (!value->hasName())
      value->setName("jx.shared");
    value->setLinkage(llvm::GlobalValue::ExternalLinkage);
    value->setVisibility(llvm::GlobalValue::HiddenVisibility);
  }
  llvm::ValueToValueMapTy map;
  std::unique_ptr<llvm::Module> rest = llvm::CloneModule(
      module, map,
      [&](const llvm::GlobalValue *value) { return !glue.contains(value); });
  // What stays: the glue's bodies, and declarations of what they use.
  for (llvm::Function &fn : module)
    if (!fn.isDeclaration() && !glue.contains(&fn))
      fn.deleteBody();
  for (llvm::GlobalVariable &var : llvm::make_early_inc_range(module.globals())) {
    if (var.use_empty() || var.getName().starts_with("llvm.")) {
      var.eraseFromParent();
      continue;
    }
    var.setInitializer(nullptr);
    var.setLinkage(llvm::GlobalValue::ExternalLinkage);
  }
  for (llvm::Function &fn : llvm::make_early_inc_range(module))
    if (fn.isDeclaration() && fn.use_empty())
      fn.eraseFromParent();
  return rest;
}

/// Compiles `part` to an object file: optimized at -O2 by a target machine
/// at its highest code generation level, or, when `glue`, by LLVM's -O0
/// code generator after the folds that undo the translation's memref
/// descriptors (an extractvalue of an insertvalue is the value inserted):
/// the glue of 10 000 ops has 130 000 of them, which took -O0 code
/// generation 4.8 s, 1.5 s once folded (llc), and -O2 93 s.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
compileOne(llvm::Module &part, llvm::StringRef cpu, bool glue) {
  std::unique_ptr<llvm::TargetMachine> tm = hostTargetMachine(
      cpu, glue ? llvm::CodeGenOptLevel::None
                : llvm::CodeGenOptLevel::Aggressive);
  if (!tm)
    return llvm::createStringError("no target machine for the host");
  setHostLayout(part, *tm);
  if (glue) {
    llvm::FunctionPassManager passes;
    passes.addPass(llvm::InstSimplifyPass());
    passes.addPass(llvm::DCEPass());
    llvm::FunctionAnalysisManager functions;
    llvm::PassBuilder builder(tm.get());
    builder.registerFunctionAnalyses(functions);
    for (llvm::Function &fn : part)
      if (!fn.isDeclaration())
        passes.run(fn, functions);
  } else if (llvm::Error err = optimize(part, *tm)) {
    return std::move(err);
  }
  llvm::SmallVector<char, 0> buffer;
  llvm::raw_svector_ostream os(buffer);
  if (llvm::Error err =
          emitObject(part, *tm, llvm::CodeGenFileType::ObjectFile, os))
    return std::move(err);
  return std::make_unique<llvm::SmallVectorMemoryBuffer>(
      std::move(buffer), part.getName(), /*RequiresNullTerminator=*/false);
}

/// Optimizes `module` and compiles it to object files: its glue (isGlue)
/// on the calling thread, by the fast path of compileOne, and the rest
/// meanwhile, split across threads when it is large.
llvm::Expected<std::vector<std::unique_ptr<llvm::MemoryBuffer>>>
compileToObjects(std::unique_ptr<llvm::Module> module, llvm::StringRef cpu) {
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects;
  std::unique_ptr<llvm::Module> rest = splitOffGlue(*module);
  std::unique_ptr<llvm::Module> glue;
  if (rest)
    glue = std::move(module);
  else
    rest = std::move(module);
  unsigned definitions = 0, instructions = 0;
  for (llvm::Function &fn : *rest)
    if (!fn.isDeclaration()) {
      ++definitions;
      instructions += fn.getInstructionCount();
    }
  unsigned threads = compileThreads(definitions, instructions);
  if (threads == 1 && !glue) {
    auto object = compileOne(*rest, cpu, /*glue=*/false);
    if (!object)
      return object.takeError();
    objects.push_back(std::move(*object));
    return objects;
  }
  // Each part travels as bitcode into a context of its own: an LLVMContext
  // is not shared between threads.
  std::vector<llvm::SmallVector<char, 0>> bitcode;
  if (threads == 1) {
    llvm::raw_svector_ostream os(bitcode.emplace_back());
    llvm::WriteBitcodeToFile(*rest, os);
  } else {
    splitBalanced(*rest, threads, [&](std::unique_ptr<llvm::Module> part) {
      llvm::raw_svector_ostream os(bitcode.emplace_back());
      llvm::WriteBitcodeToFile(*part, os);
    });
  }
  rest.reset();
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> parts(bitcode.size());
  std::vector<std::string> failures(bitcode.size());
  std::vector<std::thread> workers;
  std::atomic<size_t> next{0};
  for (unsigned t = 0; t < threads; ++t)
    workers.emplace_back([&] {
      for (size_t i; (i = next++) < bitcode.size();) {
        llvm::LLVMContext context;
        llvm::StringRef data(bitcode[i].data(), bitcode[i].size());
        auto part = llvm::parseBitcodeFile(
            llvm::MemoryBufferRef(data, "jx.part" + std::to_string(i)),
            context);
        auto object = part
                          ? compileOne(**part, cpu, /*glue=*/false)
                          : llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>(
                                part.takeError());
        if (object)
          parts[i] = std::move(*object);
        else
          failures[i] = llvm::toString(object.takeError());
      }
    });
  std::string glueFailure;
  if (glue) {
    auto object = compileOne(*glue, cpu, /*glue=*/true);
    if (object)
      objects.push_back(std::move(*object));
    else
      glueFailure = llvm::toString(object.takeError());
  }
  for (std::thread &worker : workers)
    worker.join();
  if (!glueFailure.empty())
    return llvm::createStringError(glueFailure);
  for (const std::string &failure : failures)
    if (!failure.empty())
      return llvm::createStringError(failure);
  for (auto &part : parts)
    objects.push_back(std::move(part));
  return objects;
}

} // namespace

void registerTranslations(DialectRegistry &registry) {
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
}

namespace {
/// `module` in LLVM IR for `tm` (when there is one), optimized at -O2 when
/// `optimize`.
std::unique_ptr<llvm::Module> translateFor(ModuleOp module,
                                           llvm::LLVMContext &context,
                                           llvm::TargetMachine *tm,
                                           bool optimize) {
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, context, "jx");
  if (!llvmModule)
    return nullptr;
  if (tm)
    setHostLayout(*llvmModule, *tm);
  if (optimize && tm) {
    if (llvm::Error err = cpu::optimize(*llvmModule, *tm)) {
      module.emitError() << "LLVM optimization failed: "
                         << llvm::toString(std::move(err));
      return nullptr;
    }
  }
  return llvmModule;
}
} // namespace

std::unique_ptr<llvm::Module> translateToLLVMIR(ModuleOp module,
                                                llvm::LLVMContext &context,
                                                bool optimize, llvm::StringRef cpu) {
  std::unique_ptr<llvm::TargetMachine> tm = hostTargetMachine(cpu);
  return translateFor(module, context, tm.get(), optimize);
}

LogicalResult emitMachineCode(ModuleOp module, bool assembly,
                              llvm::raw_pwrite_stream &os, llvm::StringRef cpu) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::TargetMachine> tm = hostTargetMachine(cpu);
  if (!tm)
    return module.emitError("cannot create machine code for the host");
  std::unique_ptr<llvm::Module> llvmModule =
      translateFor(module, context, tm.get(), /*optimize=*/true);
  if (!llvmModule)
    return module.emitError("cannot create machine code for the host");
  auto kind = assembly ? llvm::CodeGenFileType::AssemblyFile
                       : llvm::CodeGenFileType::ObjectFile;
  if (llvm::Error err = emitObject(*llvmModule, *tm, kind, os))
    return module.emitError(llvm::toString(std::move(err)));
  return success();
}

namespace {

/// `module` (in the LLVM dialect) as object files to link, with the packed
/// wrappers of its entries and the runtime's names for its helpers.
/// With a `prefix`, every function and variable the module defines is
/// renamed `<prefix><name>` first (so an entry's wrapper is
/// `_mlir_<prefix><name>`), so that several compiled programs link into one
/// binary. The module's own symbols (constants, OpenMP's outlined
/// regions, unnamed ones) are renamed too: a module compiled on several
/// threads is split into objects that reference each other's, so the split
/// makes them global symbols of the archive, and two programs' `main..omp_par`
/// or `__constant_2xf32` would collide at link time.
llvm::Expected<std::vector<std::unique_ptr<llvm::MemoryBuffer>>>
compileForLinking(ModuleOp module, llvm::StringRef cpu, llvm::StringRef prefix = "") {
  initializeLLVMTargets();
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, context, "jx");
  if (!llvmModule)
    return llvm::createStringError("cannot translate the module to LLVM IR");
  if (!prefix.empty())
    for (llvm::GlobalValue &value : llvmModule->global_values())
      if (!value.isDeclaration() && !value.getName().starts_with("llvm."))
        value.setName(prefix +
                      (value.hasName() ? value.getName() : "unnamed"));
  addPackedWrappers(*llvmModule);
  renameRuntimeHelpers(*llvmModule);
  return compileToObjects(std::move(llvmModule), cpu);
}

/// The linker that makes shared objects: $JX_LINKER, else LLVM's lld (the
/// version jx is built with first), else the system's ld.
llvm::Expected<std::string> findLinker() {
  if (const char *env = std::getenv("JX_LINKER"); env && *env)
    return std::string(env);
  for (const char *name : {"ld.lld-22", "ld.lld", "ld"})
    if (auto path = llvm::sys::findProgramByName(name))
      return *path;
  return llvm::createStringError(
      "no linker found to make a shared object (install lld-22 or binutils, "
      "or set JX_LINKER)");
}

} // namespace

namespace {

/// `objects` linked into an ELF shared object: its bytes.
llvm::Expected<std::string>
linkShared(const std::vector<std::unique_ptr<llvm::MemoryBuffer>> &objects) {
  auto linker = findLinker();
  if (!linker)
    return linker.takeError();

  // The objects and the result in a directory of their own, removed after.
  llvm::SmallString<128> dir;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueDirectory("jx-link", dir))
    return llvm::createStringError(ec, "cannot create a directory to link in");
  llvm::scope_exit cleanup(
      [&] { (void)llvm::sys::fs::remove_directories(dir); });
  std::vector<std::string> args = {*linker, "-shared", "-o",
                                   (dir + "/code.so").str(), "-z",
                                   "noexecstack", "--build-id=none"};
  for (size_t i = 0; i < objects.size(); ++i) {
    std::string path = (dir + "/part" + llvm::Twine(i) + ".o").str();
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    if (ec)
      return llvm::createStringError(ec, "cannot write " + path);
    os << objects[i]->getBuffer();
    os.close();
    if (os.has_error())
      return llvm::createStringError(os.error(), "cannot write " + path);
    args.push_back(path);
  }
  std::string log = (dir + "/linker.log").str();
  llvm::SmallVector<llvm::StringRef> argv(args.begin(), args.end());
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, log, log};
  std::string message;
  int rc = llvm::sys::ExecuteAndWait(*linker, argv, std::nullopt, redirects,
                                     /*SecondsToWait=*/0, /*MemoryLimit=*/0,
                                     &message);
  if (rc != 0) {
    std::string output;
    if (auto buffer = llvm::MemoryBuffer::getFile(log))
      output = (*buffer)->getBuffer().trim().str();
    return llvm::createStringError(
        "linking the shared object with " + *linker + " failed" +
        (message.empty() ? "" : ": " + message) +
        (output.empty() ? "" : ":\n" + output));
  }
  auto so = llvm::MemoryBuffer::getFile(dir + "/code.so");
  if (!so)
    return llvm::createStringError(so.getError(), "cannot read the shared object");
  return (*so)->getBuffer().str();
}

} // namespace

llvm::Expected<std::string> compileSharedObject(ModuleOp module,
                                                llvm::StringRef cpu) {
  return compileLibrary(module, /*prefix=*/"", /*shared=*/true, cpu);
}

llvm::Expected<std::string> compileLibrary(ModuleOp module,
                                           llvm::StringRef prefix, bool shared,
                                           llvm::StringRef cpu) {
  auto objects = compileForLinking(module, cpu, prefix);
  if (!objects)
    return objects.takeError();
  if (shared)
    return linkShared(*objects);
  // A static library: the objects in a GNU archive with a symbol table,
  // written deterministically (no dates, owners).
  std::vector<std::string> names;
  for (size_t i = 0; i < objects->size(); ++i)
    names.push_back((prefix + "part" + llvm::Twine(i) + ".o").str());
  std::vector<llvm::NewArchiveMember> members;
  for (size_t i = 0; i < objects->size(); ++i) {
    llvm::NewArchiveMember member((*objects)[i]->getMemBufferRef());
    member.MemberName = names[i];
    members.push_back(std::move(member));
  }
  auto archive = llvm::writeArchiveToBuffer(
      members, llvm::SymtabWritingMode::NormalSymtab,
      llvm::object::Archive::K_GNU, /*Deterministic=*/true, /*Thin=*/false);
  if (!archive)
    return archive.takeError();
  return (*archive)->getBuffer().str();
}

JitModule::JitModule(std::unique_ptr<llvm::orc::LLJIT> jit)
    : jit(std::move(jit)) {}
JitModule::~JitModule() = default;

llvm::Expected<std::unique_ptr<JitModule>>
JitModule::create(ModuleOp module, const llvm::StringMap<void *> &symbols,
                  llvm::StringRef cpu) {
  auto objects = compileForLinking(module, cpu);
  if (!objects)
    return objects.takeError();

  auto jit = llvm::orc::LLJITBuilder().create();
  if (!jit)
    return jit.takeError();
  llvm::orc::JITDylib &dylib = (*jit)->getMainJITDylib();
  llvm::orc::MangleAndInterner mangle((*jit)->getExecutionSession(),
                                      (*jit)->getDataLayout());
  llvm::orc::SymbolMap map;
  for (const auto &entry : symbols)
    map[mangle(entry.getKey())] = {
        llvm::orc::ExecutorAddr::fromPtr(entry.getValue()),
        llvm::JITSymbolFlags::Exported};
  if (llvm::Error err = dylib.define(llvm::orc::absoluteSymbols(map)))
    return std::move(err);
  // libm, libc and the OpenMP runtime come from this process.
  auto process = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      (*jit)->getDataLayout().getGlobalPrefix());
  if (!process)
    return process.takeError();
  dylib.addGenerator(std::move(*process));
  for (auto &object : *objects)
    if (llvm::Error err = (*jit)->addObjectFile(std::move(object)))
      return std::move(err);
  return std::unique_ptr<JitModule>(new JitModule(std::move(*jit)));
}

llvm::Expected<JitModule::PackedFunction>
JitModule::lookupPacked(llvm::StringRef name) {
  auto address = jit->lookup(("_mlir_" + name).str());
  if (!address)
    return address.takeError();
  return address->toPtr<PackedFunction>();
}

} // namespace jx::cpu
