//===- Explore.cpp - jxc explore: the pipeline explorer page --------------===//
//
// The command line of `jxc explore`; the page itself is jx::explorer's
// (lib/Explorer/Explorer.cpp).
//
//===----------------------------------------------------------------------===//

#include "Explore.h"

#include "jx/Explorer/Explorer.h"
#include "jx/runtime/format.h"
#include "jx/runtime/memory.h"

#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace mlir;
namespace cl = llvm::cl;

namespace jxc::explore {

cl::SubCommand command("explore",
                       "Write one HTML page that shows the program passing "
                       "through every stage of the compiler");

namespace {

cl::OptionCategory category("jxc explore options");

cl::opt<std::string> inputFile(cl::Positional, cl::desc("<program>"),
                               cl::Required, cl::cat(category), cl::sub(command));
cl::opt<std::string> outputFile("o", cl::desc("The page to write (default: explorer.html)"),
                                cl::init("explorer.html"), cl::cat(category),
                                cl::sub(command));
cl::list<std::string> inputs("input",
                             cl::desc("The entry's next argument (.npy or inline, as "
                                      "jxc run takes them): run the program and show "
                                      "the time of a call and the results"),
                             cl::cat(category), cl::sub(command));
cl::opt<bool> runZeros("run-zeros",
                       cl::desc("Without --input: run the program on zeros, for "
                                "the time of a call"),
                       cl::cat(category), cl::sub(command));
cl::opt<std::string> sourceFile(
    "source",
    cl::desc("A text file shown as the first stage: the jaxpr, or the source "
             "the program was written from"),
    cl::cat(category), cl::sub(command));
cl::opt<std::string> titleOpt("title", cl::desc("The page's title (default: the file's name)"),
                              cl::cat(category), cl::sub(command));
cl::opt<std::string> entryOpt("function",
                              cl::desc("The entry (default: @main, else the only "
                                       "public function)"),
                              cl::cat(category), cl::sub(command));
cl::opt<bool> noFuse("no-fuse", cl::desc("Compile without elementwise fusion"),
                     cl::cat(category), cl::sub(command));
cl::opt<bool> noBlas("no-blas", cl::desc("Keep contractions as loop nests"),
                     cl::cat(category), cl::sub(command));
cl::opt<unsigned> elideOpt("elide-constants",
                           cl::desc("Print dense constants of more elements "
                                    "than this as dense_resource<__elided__> "
                                    "(default 64)"),
                           cl::init(64), cl::cat(category), cl::sub(command));

constexpr int kExitCannotCompile = 2;

} // namespace

void hideUnrelatedOptions() { cl::HideUnrelatedOptions(category, command); }

int run(MLIRContext &ctx, const Hooks &hooks) {
  jx::explorer::explore_options options;
  options.file = inputFile;
  options.title = titleOpt;
  options.run_zeros = runZeros;
  options.fuse = !noFuse;
  options.blas = !noBlas;
  options.elide_constants = elideOpt;

  // The program, read as jxc run reads it.
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &ctx);
  auto loadStart = std::chrono::steady_clock::now();
  OwningOpRef<ModuleOp> module = hooks.load(ctx, sourceMgr, inputFile);
  if (!module)
    return kExitCannotCompile;
  options.load_ms = std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - loadStart)
                        .count();
  if (!entryOpt.empty()) {
    auto fn = module->lookupSymbol<func::FuncOp>(entryOpt);
    if (!fn || fn.isExternal()) {
      llvm::errs() << "jxc: error: " << inputFile << ": no function @"
                   << entryOpt << " (--function)\n";
      return kExitCannotCompile;
    }
    options.entry = entryOpt;
  } else if (func::FuncOp fn = hooks.findEntry(*module)) {
    options.entry = fn.getSymName().str();
  } else {
    module->emitError("no entry function: expected @main or exactly one "
                      "public function (or give --function)");
    return kExitCannotCompile;
  }

  try {
    for (const std::string &input : inputs)
      options.inputs.push_back(jx::runtime::read_input(input));
  } catch (const std::exception &e) {
    llvm::errs() << "jxc: error: " << e.what() << "\n";
    return kExitCannotCompile;
  }
  if (!options.inputs.empty() && hooks.specialize &&
      !hooks.specialize(*module, options.inputs))
    return kExitCannotCompile;

  if (!sourceFile.empty()) {
    std::string error;
    auto file = openInputFile(sourceFile, &error);
    if (!file) {
      llvm::errs() << "jxc: error: " << error << "\n";
      return kExitCannotCompile;
    }
    options.source_text = file->getBuffer().str();
    options.source_name = llvm::sys::path::filename(sourceFile).str();
  }

  FailureOr<jx::explorer::page> page = jx::explorer::make_page(*module, options);
  if (failed(page))
    return kExitCannotCompile;
  std::string error;
  auto out = openOutputFile(outputFile, &error);
  if (!out) {
    llvm::errs() << "jxc: error: " << error << "\n";
    return kExitCannotCompile;
  }
  out->os() << page->html;
  out->keep();
  llvm::errs() << "jxc: wrote " << outputFile << " ("
               << jx::runtime::format_bytes(page->html.size()) << ", "
               << page->stages << " stages)\n";
  return 0;
}

} // namespace jxc::explore
