//===- CPUTarget.h - LLVM IR, machine code and the in-process JIT -*- C++ -*-===//
//
// Stage 8 for the host CPU: a module in the LLVM dialect becomes LLVM IR,
// then assembly, an object file, or code loaded in-process by LLVM's ORC JIT.
//
//===----------------------------------------------------------------------===//

#ifndef JX_TARGET_CPU_CPUTARGET_H
#define JX_TARGET_CPU_CPUTARGET_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace llvm::orc {
class LLJIT;
} // namespace llvm::orc

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace jx::cpu {

/// Adds the LLVM IR translations of the dialects the pipeline leaves.
void registerTranslations(mlir::DialectRegistry &registry);

/// Translates an LLVM-dialect module to LLVM IR (optimized at -O2 for the
/// host when `optimize`).
std::unique_ptr<llvm::Module> translateToLLVMIR(mlir::ModuleOp module,
                                                llvm::LLVMContext &context,
                                                bool optimize = true,
                                                llvm::StringRef cpu = "");

/// Writes host assembly (`assembly`) or an object file.
mlir::LogicalResult emitMachineCode(mlir::ModuleOp module, bool assembly,
                                    llvm::raw_pwrite_stream &os,
                                    llvm::StringRef cpu = "");

/// Compiles `module` (in the LLVM dialect) as the JIT does and links the
/// objects into an ELF shared object (with lld or ld, see JX_LINKER):
/// its bytes. Every function it defines for others has its packed wrapper
/// `_mlir_<name>`; the runtime functions it calls are left for the loader
/// to resolve in the process that loads it.
/// `cpu` ("" or "host": this machine's CPU with all its features; else an
/// LLVM CPU name such as the generic levels x86-64-v2/-v3/-v4) is what the
/// code is compiled for, here and in the functions below.
llvm::Expected<std::string> compileSharedObject(mlir::ModuleOp module,
                                                llvm::StringRef cpu = "");

/// Compiles `module` for linking into other programs: every function it
/// defines for others renamed `<prefix><name>` (its packed wrapper
/// `_mlir_<prefix><name>`), in a static library (a GNU archive of the
/// objects) or, with `shared`, a shared object: its bytes.
llvm::Expected<std::string> compileLibrary(mlir::ModuleOp module,
                                           llvm::StringRef prefix, bool shared,
                                           llvm::StringRef cpu = "");

/// Code compiled and loaded into this process: optimized and compiled to
/// object files (on several threads when the module is large, see
/// JX_COMPILE_THREADS) and linked by ORC's JITLink.
class JitModule {
public:
  /// Compiles `module` (in the LLVM dialect). `symbols` maps names the code
  /// calls (runtime functions, see jx::runtime::compiled_code_symbols) to
  /// their addresses.
  static llvm::Expected<std::unique_ptr<JitModule>>
  create(mlir::ModuleOp module, const llvm::StringMap<void *> &symbols,
         llvm::StringRef cpu = "");
  ~JitModule();

  /// A compiled function's packed wrapper: it takes a pointer to each
  /// flattened argument, then to the storage of the result.
  using PackedFunction = void (*)(void **);

  /// Links `name`'s packed wrapper now, with the runtime functions it
  /// calls: an unresolved symbol is an error here. The address
  /// stays valid as long as this module lives, so callers keep it rather
  /// than look the symbol up on every call.
  llvm::Expected<PackedFunction> lookupPacked(llvm::StringRef name);

private:
  explicit JitModule(std::unique_ptr<llvm::orc::LLJIT> jit);
  std::unique_ptr<llvm::orc::LLJIT> jit;
};

} // namespace jx::cpu

#endif // JX_TARGET_CPU_CPUTARGET_H
