//===- fuzz_mlir.cpp - what the MLIR fuzz targets share -------------------===//

#include "fuzz_mlir.h"

#include "jx/InitAll.h"
#include "jx/Support/InputLimits.h"
#include "jx/Target/CPU/CPUTarget.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

namespace jx::fuzz {

bool verbose() {
  static const bool on = std::getenv("JX_FUZZ_VERBOSE") != nullptr;
  return on;
}

mlir::MLIRContext &context() {
  static mlir::MLIRContext *ctx = [] {
    jx::registerAllPasses(); // the CPU pipeline is parsed from text
    mlir::DialectRegistry registry;
    jx::registerAllDialects(registry);
    jx::cpu::registerTranslations(registry);
    auto *c = new mlir::MLIRContext(registry,
                                    mlir::MLIRContext::Threading::DISABLED);
    c->loadAllAvailableDialects();
    // Every diagnostic of every input ends here; an error makes the
    // parse or the compilation fail, which is all a target looks at.
    c->getDiagEngine().registerHandler([](mlir::Diagnostic &d) {
      if (verbose())
        llvm::errs() << d.getLocation() << ": " << d << "\n";
      return mlir::success();
    });
    return c;
  }();
  return *ctx;
}

mlir::OwningOpRef<mlir::ModuleOp> parse(llvm::StringRef text) {
  if (!jx::checkInputLimits(text, "<fuzz>").empty())
    return nullptr;
  // MLIR's lexer reads up to a NUL that ends the buffer, as every file read
  // through llvm::MemoryBuffer has; the fuzzer's bytes have none: copy.
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, "<fuzz>"),
                               llvm::SMLoc());
  return mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context());
}

} // namespace jx::fuzz
