//===- CPUTarget.cpp - LLVM IR, machine code and the in-process JIT -------===//

#include "jx/Target/CPU/CPUTarget.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

using namespace mlir;

namespace jx::cpu {
namespace {

void initializeLLVMTargets() {
  static bool done = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    llvm::InitializeNativeTargetAsmParser();
    return true;
  }();
  (void)done;
}

std::unique_ptr<llvm::TargetMachine> hostTargetMachine() {
  initializeLLVMTargets();
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder) {
    llvm::consumeError(builder.takeError());
    return nullptr;
  }
  builder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  auto tm = builder->createTargetMachine();
  if (!tm) {
    llvm::consumeError(tm.takeError());
    return nullptr;
  }
  return std::move(*tm);
}

} // namespace

void registerTranslations(DialectRegistry &registry) {
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
}

std::unique_ptr<llvm::Module> translateToLLVMIR(ModuleOp module,
                                                llvm::LLVMContext &context,
                                                bool optimize) {
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, context, "jx");
  if (!llvmModule)
    return nullptr;
  std::unique_ptr<llvm::TargetMachine> tm = hostTargetMachine();
  if (tm) {
    llvmModule->setDataLayout(tm->createDataLayout());
    llvmModule->setTargetTriple(tm->getTargetTriple());
  }
  if (optimize) {
    auto transformer = makeOptimizingTransformer(2, 0, tm.get());
    if (llvm::Error err = transformer(llvmModule.get())) {
      module.emitError() << "LLVM optimization failed: "
                         << llvm::toString(std::move(err));
      return nullptr;
    }
  }
  return llvmModule;
}

LogicalResult emitMachineCode(ModuleOp module, bool assembly,
                              llvm::raw_pwrite_stream &os) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> llvmModule = translateToLLVMIR(module, context);
  std::unique_ptr<llvm::TargetMachine> tm = hostTargetMachine();
  if (!llvmModule || !tm)
    return module.emitError("cannot create machine code for the host");
  llvm::legacy::PassManager pm;
  auto kind = assembly ? llvm::CodeGenFileType::AssemblyFile
                       : llvm::CodeGenFileType::ObjectFile;
  if (tm->addPassesToEmitFile(pm, os, nullptr, kind))
    return module.emitError("the host target cannot emit this file type");
  pm.run(*llvmModule);
  return success();
}

JitModule::JitModule(std::unique_ptr<ExecutionEngine> engine)
    : engine(std::move(engine)) {}
JitModule::~JitModule() = default;

llvm::Expected<std::unique_ptr<JitModule>>
JitModule::create(ModuleOp module, const llvm::StringMap<void *> &symbols) {
  initializeLLVMTargets();
  ExecutionEngineOptions options;
  // The optimization pipeline sees the host's target machine: without it
  // the vectorizers know no vector width and leave the code scalar (the
  // printed assembly stage, which has the target, looked vectorized).
  // ExecutionEngine::create applies the transformer before it returns.
  std::unique_ptr<llvm::TargetMachine> tm = hostTargetMachine();
  auto optimize = makeOptimizingTransformer(2, 0, tm.get());
  options.transformer = optimize;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  auto engine = ExecutionEngine::create(module, options);
  if (!engine)
    return engine.takeError();
  (*engine)->registerSymbols([&](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap map;
    for (const auto &entry : symbols)
      map[interner(entry.getKey())] = {
          llvm::orc::ExecutorAddr::fromPtr(entry.getValue()),
          llvm::JITSymbolFlags::Exported};
    return map;
  });
  return std::unique_ptr<JitModule>(new JitModule(std::move(*engine)));
}

llvm::Expected<JitModule::PackedFunction>
JitModule::lookupPacked(llvm::StringRef name) {
  return engine->lookupPacked(name);
}

} // namespace jx::cpu
