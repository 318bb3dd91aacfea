// stages.cpp - see stages.h.

#include "stages.h"

#include "jx/InitAll.h"
#include "jx/Pipelines/CPUPipeline.h"
#include "jx/Target/CPU/CPUTarget.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <stdexcept>

namespace example {

namespace {

/// Writes `text` to dir/name and records it.
void write_file(const std::string &dir, const std::string &name,
                const std::string &text, std::vector<stage_file> &out) {
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, name);
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    throw std::runtime_error("cannot write " + std::string(path) + ": " +
                             ec.message());
  os << text;
  os.close();
  if (os.has_error())
    throw std::runtime_error("cannot write " + std::string(path));
  out.push_back({std::string(path), text.size()});
}

std::string print_module(mlir::ModuleOp m) {
  std::string s;
  llvm::raw_string_ostream os(s);
  m.print(os);
  return s;
}

std::string two_digits(int i) {
  return (i < 10 ? "0" : "") + std::to_string(i);
}

} // namespace

std::vector<stage_file> write_stages(const std::string &dir,
                                     const std::string &jaxpr,
                                     const std::string &stablehlo) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    throw std::runtime_error("cannot create " + dir + ": " + ec.message());
  // Stage files of an earlier run (whose names may differ) go first.
  std::error_code ec;
  std::vector<std::string> stale;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec)) {
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    if (name.size() > 3 && llvm::isDigit(name[0]) && llvm::isDigit(name[1]) &&
        name[2] == '-')
      stale.push_back(it->path());
  }
  for (const std::string &p : stale)
    llvm::sys::fs::remove(p);

  std::vector<stage_file> files;
  int n = 0;
  write_file(dir, two_digits(++n) + "-jaxpr.txt", jaxpr, files);
  write_file(dir, two_digits(++n) + "-stablehlo.mlir", stablehlo, files);

  // The compiler's stages, in a context of our own (the one jit uses is
  // the frontend's), with its diagnostics collected for the error message.
  mlir::DialectRegistry registry;
  jx::registerAllDialects(registry);
  jx::cpu::registerTranslations(registry);
  mlir::MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  std::string diagnostics;
  mlir::ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &d) {
    llvm::raw_string_ostream os(diagnostics);
    os << d.getLocation() << ": " << d << "\n";
    return mlir::success();
  });
  auto fail = [&](const std::string &what) {
    throw std::runtime_error(what + (diagnostics.empty() ? "" : ":\n") +
                             diagnostics);
  };
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(stablehlo,
                                              mlir::ParserConfig(&ctx));
  if (!module)
    fail("cannot parse the StableHLO");
  jx::CPUPipelineOptions options;
  options.afterPhase = [&](llvm::StringRef phase, mlir::ModuleOp m) {
    write_file(dir, two_digits(++n) + "-" + phase.str() + ".mlir",
               print_module(m), files);
  };
  if (mlir::failed(jx::runCPUPipeline(*module, options)))
    fail("the CPU pipeline failed");
  llvm::LLVMContext llvm_ctx;
  std::unique_ptr<llvm::Module> ir =
      jx::cpu::translateToLLVMIR(*module, llvm_ctx);
  if (!ir)
    fail("cannot translate to LLVM IR");
  std::string ir_text;
  {
    llvm::raw_string_ostream os(ir_text);
    ir->print(os, nullptr);
  }
  write_file(dir, two_digits(++n) + "-llvm-ir.ll", ir_text, files);
  llvm::SmallString<0> asm_text;
  {
    llvm::raw_svector_ostream os(asm_text);
    if (mlir::failed(jx::cpu::emitMachineCode(*module, /*assembly=*/true, os)))
      fail("cannot generate the host's assembly");
  }
  write_file(dir, two_digits(++n) + "-host.s", std::string(asm_text), files);
  return files;
}

} // namespace example
