//===- jxc.cpp - compile and run StableHLO programs -----------------------===//
//
//   jxc run FILE [--split-input-file] [--input a.npy ...] [--output-dir D]
//   jxc compile FILE --emit=<stage> [-o OUT]
//   jxc compile FILE --print-all-stages
//
// See `jxc --help`. Exit codes: 0 success, 1 a check failed, 2 the program
// (or an input) could not be read, parsed, verified or compiled.
//
//===----------------------------------------------------------------------===//

#include "jx/InitAll.h"
#include "jx/Pipelines/CPUPipeline.h"
#include "jx/Support/InputLimits.h"
#include "jx/Target/CPU/CPUTarget.h"
#include "jx/runtime/executable.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

#include <string>
#include <vector>

using namespace mlir;
namespace cl = llvm::cl;

namespace {

cl::SubCommand runCmd("run", "Compile a program to native code, run it and "
                             "evaluate its checks");
cl::SubCommand compileCmd("compile", "Compile a program and print one stage");

cl::opt<std::string> runFile(cl::Positional, cl::desc("<file.mlir>"),
                             cl::Required, cl::sub(runCmd));
cl::opt<bool> splitInput("split-input-file",
                         cl::desc("Treat each '// -----' chunk as its own "
                                  "module and test case"),
                         cl::sub(runCmd));
cl::list<std::string> inputs("input", cl::desc("An .npy file for the next "
                                               "argument of the entry"),
                             cl::sub(runCmd));
cl::opt<std::string> outputDir("output-dir",
                               cl::desc("Write each result as result<i>.npy "
                                        "in this folder"),
                               cl::sub(runCmd));

cl::opt<std::string> compileFile(cl::Positional, cl::desc("<file.mlir>"),
                                 cl::Required, cl::sub(compileCmd));
cl::opt<std::string> emit(
    "emit",
    cl::desc("Stage to print: stablehlo, hlo, linalg, bufferized, loops, "
             "llvm-dialect, llvm-ir, asm, obj"),
    cl::init("llvm-ir"), cl::sub(compileCmd));
cl::opt<std::string> outputFile("o", cl::desc("Output file (default: stdout)"),
                                cl::init("-"), cl::sub(compileCmd));
cl::opt<bool> printAll("print-all-stages",
                       cl::desc("Print the module after every stage, in "
                                "order, from stablehlo to LLVM IR"),
                       cl::sub(compileCmd));

constexpr int kExitCheckFailed = 1;
constexpr int kExitCannotCompile = 2;

/// One test case: its text, and the line it starts on in the file.
struct Chunk {
  std::string text;
  unsigned firstLine;
};

std::vector<Chunk> splitChunks(llvm::StringRef text, bool split) {
  if (!split)
    return {{text.str(), 1}};
  std::vector<Chunk> chunks;
  Chunk current{"", 1};
  unsigned line = 1;
  while (!text.empty()) {
    auto [head, rest] = text.split('\n');
    if (head.trim().starts_with("// -----")) {
      chunks.push_back(current);
      current = {"", line + 1};
    } else {
      current.text += head.str() + "\n";
    }
    text = rest;
    ++line;
  }
  chunks.push_back(current);
  return chunks;
}

/// Parses `chunk` so that diagnostics carry the file's own line numbers.
OwningOpRef<ModuleOp> parseChunk(MLIRContext &ctx, llvm::SourceMgr &sourceMgr,
                                 const Chunk &chunk, llvm::StringRef path) {
  std::string padded(chunk.firstLine - 1, '\n');
  padded += chunk.text;
  sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(padded, path),
                               llvm::SMLoc());
  return parseSourceFile<ModuleOp>(sourceMgr, &ctx);
}

/// The entry: @main, else the only public function, else the one public
/// function nothing else calls. Null when there is none or several.
func::FuncOp findEntry(ModuleOp module) {
  if (auto main = module.lookupSymbol<func::FuncOp>("main"))
    return main;
  SmallVector<func::FuncOp> publics;
  for (auto fn : module.getOps<func::FuncOp>())
    if (fn.isPublic() && !fn.isExternal())
      publics.push_back(fn);
  if (publics.size() == 1)
    return publics.front();
  SmallVector<func::FuncOp> roots;
  for (func::FuncOp fn : publics) {
    auto uses = SymbolTable::getSymbolUses(fn, module);
    if (!uses || uses->empty())
      roots.push_back(fn);
  }
  return roots.size() == 1 ? roots.front() : func::FuncOp();
}

/// Public functions that take no arguments and that nothing calls: the
/// test cases of a chunk that has no single entry.
SmallVector<func::FuncOp> findRootTests(ModuleOp module) {
  SmallVector<func::FuncOp> roots;
  for (auto fn : module.getOps<func::FuncOp>()) {
    if (!fn.isPublic() || fn.isExternal() || fn.getNumArguments() != 0)
      continue;
    auto uses = SymbolTable::getSymbolUses(fn, module);
    if (!uses || uses->empty())
      roots.push_back(fn);
  }
  return roots;
}

/// What running one entry gave: an exit code and, on failure, the reason
/// for the FAIL line.
struct EntryResult {
  int rc = 0;
  std::string failure;
};

EntryResult runEntry(ModuleOp module, const std::string &name,
                     const std::vector<jx::runtime::host_buffer> &args) {
  auto exe = jx::runtime::executable::compile(module, name);
  if (!exe)
    return {kExitCannotCompile, "could not compile (see stderr)"};
  jx::runtime::check_log log;
  std::vector<jx::runtime::host_buffer> results;
  try {
    results = exe->run(args, &log);
  } catch (const jx::runtime::invalid_input &e) {
    llvm::errs() << "jxc: error: " << e.what() << "\n";
    return {kExitCannotCompile, "invalid input"};
  } catch (const std::exception &e) {
    llvm::errs() << "jxc: error: " << e.what() << "\n";
    return {kExitCannotCompile, e.what()};
  }
  if (!outputDir.empty()) {
    try {
      llvm::sys::fs::create_directories(outputDir);
      for (std::size_t i = 0; i < results.size(); ++i) {
        llvm::SmallString<128> file(outputDir);
        llvm::sys::path::append(file, "result" + std::to_string(i) + ".npy");
        jx::runtime::write_npy(std::string(file), results[i]);
      }
    } catch (const std::exception &e) {
      llvm::errs() << "jxc: error: " << e.what() << "\n";
      return {kExitCannotCompile, "cannot write results"};
    }
  }
  if (log.failures.empty())
    return {};
  std::string reason = log.failures.front();
  if (log.failures.size() > 1)
    reason += " (and " + std::to_string(log.failures.size() - 1) +
              " more failed checks)";
  return {kExitCheckFailed, reason};
}

int runChunk(MLIRContext &ctx, const Chunk &chunk, llvm::StringRef path) {
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &ctx);
  OwningOpRef<ModuleOp> module = parseChunk(ctx, sourceMgr, chunk, path);
  if (!module) {
    llvm::outs() << "FAIL <parse error at line " << chunk.firstLine
                 << ">: could not parse or verify the program\n";
    return kExitCannotCompile;
  }
  // One entry, or else (a chunk holding several argument-free test
  // functions) every root function, reported as one test case.
  SmallVector<func::FuncOp> entries;
  if (func::FuncOp entry = findEntry(*module))
    entries.push_back(entry);
  else if (inputs.empty())
    entries = findRootTests(*module);
  if (entries.empty()) {
    module->emitError("no entry function: expected @main or exactly one "
                      "public function");
    llvm::outs() << "FAIL <no entry at line " << chunk.firstLine
                 << ">: no entry function\n";
    return kExitCannotCompile;
  }
  std::string names;
  for (func::FuncOp fn : entries)
    names += (names.empty() ? "" : "+") + fn.getSymName().str();
  std::vector<jx::runtime::host_buffer> args;
  try {
    for (const std::string &input : inputs)
      args.push_back(jx::runtime::read_npy(input));
  } catch (const std::exception &e) {
    llvm::errs() << "jxc: error: " << e.what() << "\n";
    llvm::outs() << "FAIL " << names << ": cannot read input\n";
    return kExitCannotCompile;
  }
  for (func::FuncOp fn : entries) {
    std::string name = fn.getSymName().str();
    EntryResult result = runEntry(*module, name, args);
    if (result.rc != 0) {
      llvm::outs() << "FAIL " << name << ": " << result.failure << "\n";
      return result.rc;
    }
  }
  llvm::outs() << "PASS " << names << "\n";
  return 0;
}

int runCommand(MLIRContext &ctx) {
  std::string error;
  auto file = openInputFile(runFile, &error);
  if (!file) {
    llvm::errs() << "jxc: error: " << error << "\n";
    return kExitCannotCompile;
  }
  std::string limits = jx::checkInputLimits(file->getBuffer(), runFile);
  if (!limits.empty()) {
    llvm::errs() << limits << "\n";
    return kExitCannotCompile;
  }
  int worst = 0;
  for (const Chunk &chunk : splitChunks(file->getBuffer(), splitInput)) {
    int rc = runChunk(ctx, chunk, runFile);
    worst = std::max(worst, rc);
  }
  return worst;
}

void printStage(llvm::raw_ostream &os, llvm::StringRef stage, ModuleOp module) {
  os << "// ----- stage: " << stage << " -----\n";
  module.print(os);
  os << "\n";
}

int compileCommand(MLIRContext &ctx) {
  static const char *const kStages[] = {"stablehlo", "hlo", "linalg",
                                        "bufferized", "loops", "llvm-dialect",
                                        "llvm-ir", "asm", "obj"};
  if (!llvm::is_contained(kStages, llvm::StringRef(emit))) {
    llvm::errs() << "jxc: error: unknown stage '" << emit
                 << "'; stages are stablehlo, hlo, linalg, bufferized, loops, "
                    "llvm-dialect, llvm-ir, asm, obj\n";
    return kExitCannotCompile;
  }
  std::string error;
  auto file = openInputFile(compileFile, &error);
  if (!file) {
    llvm::errs() << "jxc: error: " << error << "\n";
    return kExitCannotCompile;
  }
  std::string limits = jx::checkInputLimits(file->getBuffer(), compileFile);
  if (!limits.empty()) {
    llvm::errs() << limits << "\n";
    return kExitCannotCompile;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &ctx);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &ctx);
  if (!module)
    return kExitCannotCompile;
  auto out = openOutputFile(outputFile, &error);
  if (!out) {
    llvm::errs() << "jxc: error: " << error << "\n";
    return kExitCannotCompile;
  }
  llvm::raw_ostream &os = out->os();
  if (printAll)
    printStage(os, "stablehlo", *module);
  if (emit == "stablehlo" && !printAll) {
    module->print(os);
    out->keep();
    return 0;
  }
  jx::CPUPipelineOptions options;
  bool toMachine = printAll || emit == "llvm-ir" || emit == "asm" || emit == "obj";
  if (!toMachine)
    options.stopAfter = emit;
  if (printAll)
    options.afterPhase = [&](llvm::StringRef phase, ModuleOp m) {
      printStage(os, phase, m);
    };
  if (failed(jx::runCPUPipeline(*module, options)))
    return kExitCannotCompile;
  if (printAll || emit == "llvm-ir") {
    llvm::LLVMContext llvmContext;
    auto llvmModule = jx::cpu::translateToLLVMIR(*module, llvmContext);
    if (!llvmModule)
      return kExitCannotCompile;
    if (printAll)
      os << "// ----- stage: llvm-ir -----\n";
    llvmModule->print(os, nullptr);
  } else if (emit == "asm" || emit == "obj") {
    if (failed(jx::cpu::emitMachineCode(*module, emit == "asm", out->os())))
      return kExitCannotCompile;
  } else {
    module->print(os);
  }
  out->keep();
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  jx::registerAllPasses();
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  cl::ParseCommandLineOptions(
      argc, argv,
      "jxc: compile StableHLO programs to native code and run them\n\n"
      "  jxc run prog.mlir                  compile @main (or the only public\n"
      "                                     function), run it, evaluate checks\n"
      "  jxc run tests.mlir --split-input-file\n"
      "                                     each '// -----' chunk is a test case\n"
      "  jxc run f.mlir --input x.npy --output-dir out/\n"
      "                                     feed .npy inputs, write result<i>.npy\n"
      "  jxc compile f.mlir --emit=linalg   print one stage of the compilation\n"
      "  jxc compile f.mlir --print-all-stages\n\n"
      "Exit codes: 0 success, 1 a check failed, 2 the program or an input\n"
      "could not be read, parsed, verified or compiled.\n");
  DialectRegistry registry;
  jx::registerAllDialects(registry);
  jx::cpu::registerTranslations(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  if (runCmd)
    return runCommand(ctx);
  if (compileCmd)
    return compileCommand(ctx);
  llvm::errs() << "jxc: give a command: 'jxc run FILE' or 'jxc compile FILE' "
                  "(see jxc --help)\n";
  return kExitCannotCompile;
}
