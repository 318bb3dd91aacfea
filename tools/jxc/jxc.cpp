//===- jxc.cpp - compile and run StableHLO programs -----------------------===//
//
//   jxc run FILE [--split-input-file] [--input a.npy ...] [--output-dir D]
//           [--no-fuse] [--no-blas] [--no-dnnl] [--max-memory SIZE]
//   jxc compile FILE --emit=<stage> [-o OUT] [--no-fuse] [--no-blas]
//           [--no-dnnl]
//   jxc compile FILE --print-all-stages
//   jxc compile FILE --emit=executable -o FILE.jxe   (jxc run FILE.jxe)
//   jxc compile FILE --emit=library --name NAME [--shared] -o DIR
//   jxc bench FILE [--input a.npy ...] [--min-time S] [--threads N]
//           [--format=json]
//   jxc tune FILE [--input a.npy ...] [--threads N]   |   jxc tune --clear
//   jxc cache stats | jxc cache clear
//   jxc explore FILE [--input a.npy ...] -o explorer.html   (Explore.cpp)
//
// See `jxc --help`. Exit codes: 0 success, 1 a check failed, 2 the program
// (or an input) could not be read, parsed, verified or compiled.
//
//===----------------------------------------------------------------------===//

#include "BenchRegions.h"
#include "Devices.h"

#include "jx/runtime/collectives.h"

#include "jx/distributed.h"

#include <fcntl.h>
#include <unistd.h>
#include "Cuda.h"
#include "PrintStage.h"
#include "Explore.h"
#include "jx/InitAll.h"
#include "jx/Pipelines/CPUPipeline.h"
#include "jx/Support/InputLimits.h"
#include "jx/Target/CPU/CPUTarget.h"
#include "jx/Compiler/Compile.h"
#include "jx/Compiler/Exported.h"
#include "jx/Compiler/LargeConstants.h"
#include "jx/Compiler/Load.h"
#include "jx/runtime/check_hooks.h"
#include "jx/runtime/compile_cache.h"
#include "jx/runtime/cuda.h"
#include "jx/runtime/executable.h"
#include "jx/runtime/format.h"
#include "jx/runtime/memory.h"
#include "jx/runtime/threads.h"
#include "jx/runtime/tuning.h"
#include "jx/runtime/memory.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

using namespace mlir;
namespace cl = llvm::cl;

namespace {

/// jxc's own options: --help lists these (and LLVM's generic ones), not the
/// hundreds that libLLVM and libMLIR register.
cl::OptionCategory jxcOptions("jxc options");

cl::SubCommand runCmd("run", "Compile a program to native code, run it and "
                             "evaluate its checks");
cl::SubCommand compileCmd("compile", "Compile a program and print one stage");

cl::opt<std::string> runFile(cl::Positional, cl::desc("<file.mlir>"),
                             cl::Required, cl::cat(jxcOptions), cl::sub(runCmd));
cl::opt<bool> splitInput("split-input-file",
                         cl::desc("Treat each '// -----' chunk as its own "
                                  "module and test case"),
                         cl::cat(jxcOptions), cl::sub(runCmd),
                         cl::sub(compileCmd));
cl::list<std::string> inputs("input", cl::desc("The entry's next argument: an "
                                               ".npy file (x.npy, @x.npy) or "
                                               "inline, e.g. 2x3xf32=1 2 3 4 5 6"),
                             cl::cat(jxcOptions), cl::sub(runCmd));
cl::opt<std::string> entryName(
    "function", cl::desc("The entry to run (default: @main, else the only "
                         "public function)"),
    cl::cat(jxcOptions), cl::sub(runCmd));
cl::opt<bool> viaExecutable(
    "via-executable",
    cl::desc("Compile each entry to a serialized executable and load it back "
             "before running it (the path jx-run and the disk cache take)"),
    cl::cat(jxcOptions), cl::sub(runCmd));
cl::opt<int> numDevices(
    "devices",
    cl::desc("Run a multi-device program on this many devices of this "
             "process: its mhlo.num_replicas x mhlo.num_partitions (replicated "
             "programs take and return values stacked over the replicas, "
             "partitioned ones global arrays; docs/multi-device.md)"),
    cl::init(0), cl::cat(jxcOptions), cl::sub(runCmd));
cl::opt<std::string> outputDir("output-dir",
                               cl::desc("Write each result as result<i>.npy "
                                        "in this folder"),
                               cl::cat(jxcOptions), cl::sub(runCmd));

cl::SubCommand benchCmd("bench", "Compile a program once and time calls of "
                                 "its entry");
cl::SubCommand cacheCmd("cache", "Show (stats) or empty (clear) the compile "
                                 "cache (JX_CACHE_DIR, JX_CACHE=1)");
cl::opt<std::string> cacheAction(cl::Positional, cl::desc("<stats|clear>"),
                                 cl::init("stats"), cl::cat(jxcOptions), cl::sub(cacheCmd));

cl::SubCommand tuneCmd("tune", "Time OpenBLAS and oneDNN on each GEMM shape "
                               "of a program and record the faster in the "
                               "tuning database");
cl::opt<std::string> benchFile(cl::Positional, cl::desc("<file.mlir>"),
                               cl::Required, cl::cat(jxcOptions), cl::sub(benchCmd));
cl::list<std::string> benchInputs("input",
                                  cl::desc("An .npy file for the next "
                                           "argument of the entry"),
                                  cl::cat(jxcOptions), cl::sub(benchCmd));
cl::opt<double> minTime("min-time",
                        cl::desc("Time calls for at least this many seconds "
                                 "(default 1)"),
                        cl::init(1.0), cl::cat(jxcOptions), cl::sub(benchCmd));
cl::opt<unsigned> benchThreads(
    "threads", cl::desc("Threads the kernels may use (default: "
                        "JX_NUM_THREADS, else every core)"),
    cl::init(0), cl::cat(jxcOptions), cl::sub(benchCmd), cl::sub(tuneCmd));
cl::opt<std::string> benchFormat("format",
                                 cl::desc("Output: text (default) or json"),
                                 cl::init("text"), cl::cat(jxcOptions), cl::sub(benchCmd));
cl::opt<bool> benchRegions(
    "regions",
    cl::desc("Also time each loop nest, library call and copy of the entry "
             "(the code's own timers, jx-time-regions) and print them"),
    cl::cat(jxcOptions), cl::sub(benchCmd));

cl::opt<std::string> tuneFile(cl::Positional, cl::desc("<file.mlir>"),
                              cl::cat(jxcOptions), cl::sub(tuneCmd));
cl::list<std::string> tuneInputs("input",
                                 cl::desc("An .npy file for the next argument "
                                          "of the entry (default: zeros)"),
                                 cl::cat(jxcOptions), cl::sub(tuneCmd));
cl::opt<bool> tuneClear("clear",
                        cl::desc("Delete the tuning database instead"),
                        cl::cat(jxcOptions), cl::sub(tuneCmd));

cl::opt<std::string> compileFile(cl::Positional, cl::desc("<file.mlir>"),
                                 cl::Required, cl::cat(jxcOptions), cl::sub(compileCmd));
cl::opt<std::string> emit(
    "emit",
    cl::desc("Stage to print: stablehlo, hlo, linalg, bufferized, loops, "
             "llvm-dialect, llvm-ir, asm, obj; or executable (a serialized "
             "executable, for jxc run and jx-run), or library (--name)"),
    cl::init("llvm-ir"), cl::cat(jxcOptions), cl::sub(compileCmd));
cl::opt<std::string> libraryName(
    "name", cl::desc("With --emit=library: the library's name (a C identifier; "
                     "NAME.h, libNAME.a, functions NAME_<entry>)"),
    cl::cat(jxcOptions), cl::sub(compileCmd));
cl::opt<bool> sharedLibrary(
    "shared", cl::desc("With --emit=library: libNAME.so instead of libNAME.a"),
    cl::cat(jxcOptions), cl::sub(compileCmd));
cl::opt<std::string> outputFile("o", cl::desc("Output file (default: stdout)"),
                                cl::init("-"), cl::cat(jxcOptions), cl::sub(compileCmd));
cl::opt<bool> printAll("print-all-stages",
                       cl::desc("Print the module after every stage, in "
                                "order, from stablehlo to LLVM IR"),
                       cl::cat(jxcOptions), cl::sub(compileCmd));

cl::opt<std::string> compileTarget(
    "target",
    cl::desc("What to compile for: cpu (default) or cuda (NVIDIA GPUs; "
             "--emit takes hlo, linalg, bufferized, gpu, kernels, ptx, "
             "cubin, llvm-dialect, llvm-ir, executable; docs/cuda.md)"),
    cl::init("cpu"), cl::cat(jxcOptions), cl::sub(compileCmd));
cl::list<std::string> cudaArch(
    "cuda-arch", cl::CommaSeparated,
    cl::desc("With --target=cuda: the GPU architectures to write PTX for "
             "(default: sm_80,sm_90)"),
    cl::cat(jxcOptions), cl::sub(compileCmd));

cl::opt<std::string> runDevice(
    "device",
    cl::desc("Where the program runs: cpu (default), cuda (the CUDA device "
             "of this machine), or cuda-emulator (the CUDA pipeline's kernels "
             "run as loops on the CPU, to test them without a GPU; "
             "docs/cuda.md); default: JX_DEVICE, else cpu"),
    cl::init("cpu"), cl::cat(jxcOptions), cl::sub(runCmd), cl::sub(benchCmd));

cl::opt<bool> timing(
    "timing", cl::desc("Print the time of every compilation phase on stderr"),
    cl::cat(jxcOptions), cl::sub(runCmd), cl::sub(compileCmd), cl::sub(benchCmd));
cl::opt<std::string> targetCpu(
    "target-cpu",
    cl::desc("The CPU to compile for: host (default: this machine's, with all "
             "its features), x86-64, x86-64-v2, x86-64-v3 or x86-64-v4, so that "
             "an executable or library built here runs on other machines"),
    cl::cat(jxcOptions), cl::sub(runCmd), cl::sub(compileCmd), cl::sub(benchCmd));
cl::opt<bool> noFuse("no-fuse",
                     cl::desc("Do not fuse elementwise ops: the unfused "
                              "reference path"),
                     cl::cat(jxcOptions), cl::sub(runCmd), cl::sub(compileCmd), cl::sub(benchCmd));

cl::opt<std::string> maxMemory(
    "max-memory",
    cl::desc("Cap what one call may allocate (outputs and temporaries), in "
             "bytes or with a K/M/G/T suffix; default: JX_MAX_MEMORY, else "
             "the machine's physical memory"),
    cl::cat(jxcOptions), cl::sub(runCmd), cl::sub(benchCmd));

cl::opt<bool> noBlas("no-blas",
                     cl::desc("Keep dense contractions as loop nests instead "
                              "of BLAS calls: the reference path"),
                     cl::cat(jxcOptions), cl::sub(runCmd), cl::sub(compileCmd), cl::sub(benchCmd));

cl::opt<bool> noDnnl("no-dnnl",
                     cl::desc("Lower f32 convolutions to GEMMs per window "
                              "position instead of oneDNN calls"),
                     cl::cat(jxcOptions), cl::sub(runCmd), cl::sub(compileCmd), cl::sub(benchCmd));

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

/// The description of the jax.export artifact last parsed (null when the
/// program came in another form).
std::shared_ptr<const jx::exported::Exported> lastExported;

/// Parses `chunk` so that diagnostics carry the file's own line numbers.
OwningOpRef<ModuleOp> parseChunk(MLIRContext &ctx, llvm::SourceMgr &sourceMgr,
                                 const Chunk &chunk, llvm::StringRef path) {
  std::string padded(chunk.firstLine - 1, '\n');
  padded += chunk.text;
  sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(padded, path),
                               llvm::SMLoc());
  lastExported = nullptr;
  return jx::compiler::parseProgram(sourceMgr, ctx, &lastExported);
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

/// Whether the command line has MLIR's pass manager options
/// (--mlir-print-ir-after-all, --mlir-timing, ...), which each phase's pass
/// manager then applies.
bool mlirPassOptions = false;

/// The phases' times of the compile in progress (--timing).
struct PhaseTimes {
  std::chrono::steady_clock::time_point start, last;
  std::vector<std::pair<std::string, double>> phases;
  void reset() {
    start = last = std::chrono::steady_clock::now();
    phases.clear();
  }
  void phase(const std::string &name) {
    auto now = std::chrono::steady_clock::now();
    phases.push_back({name, std::chrono::duration<double, std::milli>(now - last).count()});
    last = now;
  }
  void print(llvm::StringRef entry) {
    auto now = std::chrono::steady_clock::now();
    llvm::errs() << "jxc: timing @" << entry << ":";
    for (auto &[name, ms] : phases)
      llvm::errs() << " " << name << " " << llvm::formatv("{0:f1}", ms) << " ms,";
    llvm::errs() << " machine code "
                 << llvm::formatv("{0:f1}", std::chrono::duration<double, std::milli>(now - last).count())
                 << " ms (total "
                 << llvm::formatv("{0:f1}", std::chrono::duration<double, std::milli>(now - start).count())
                 << " ms)\n";
  }
} phaseTimes;

mlir::LogicalResult applyMlirPassOptions(mlir::PassManager &pm) {
  if (failed(mlir::applyPassManagerCLOptions(pm)))
    return mlir::failure();
  mlir::applyDefaultTimingPassManagerCLOptions(pm);
  return mlir::success();
}

/// --no-fuse, --no-blas, --no-dnnl, --timing and MLIR's pass manager
/// options as compile options. With --timing, call phaseTimes.print()
/// after compiling.
std::string runDeviceKind();

jx::compiler::compile_options compileOptionsFromFlags() {
  jx::compiler::compile_options options;
  options.fuse = !noFuse;
  options.blas = !noBlas;
  options.dnnl = !noDnnl;
  options.target_cpu = targetCpu;
  options.device = runDeviceKind();
  if (mlirPassOptions)
    options.configure_pass_manager = applyMlirPassOptions;
  if (timing) {
    phaseTimes.reset();
    options.after_phase = [](const std::string &phase, mlir::ModuleOp) {
      phaseTimes.phase(phase);
    };
  }
  return options;
}

/// What running one entry gave: an exit code and, on failure, the reason
/// for the FAIL line.
struct EntryResult {
  int rc = 0;
  std::string failure;
};

/// Runs `exe` on `args`, writes the results under --output-dir, and
/// evaluates the program's checks.
EntryResult runExecutable(const jx::runtime::executable &exe,
                          const std::vector<jx::runtime::host_buffer> &args,
                          jxc::DeviceGrid grid = {}) {
  jx::runtime::check_log log;
  std::vector<jx::runtime::host_buffer> results;
  try {
    results = grid.count() > 1 ? jx::runtime::run_on_grid(exe, args, &log)
                               : exe.run(args, &log);
  } catch (const jx::runtime::invalid_input &e) {
    llvm::errs() << "jxc: error: " << e.what() << "\n";
    return {kExitCannotCompile, "invalid input"};
  } catch (const std::exception &e) {
    llvm::errs() << "jxc: error: " << e.what() << "\n";
    return {kExitCannotCompile, e.what()};
  }
  for (std::size_t i = 0; i < results.size(); ++i)
    llvm::outs() << "result[" << i << "]: " << results[i].type_string() << "\n"
                 << jx::runtime::format_values(results[i]) << "\n";
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

EntryResult runEntry(ModuleOp module, const std::string &name,
                     const std::vector<jx::runtime::host_buffer> &args) {
  jxc::DeviceGrid grid = jxc::deviceGridOf(module);
  if (grid.replicas < 1 || grid.partitions < 1) {
    llvm::errs() << "jxc: error: mhlo.num_replicas and mhlo.num_partitions "
                    "must be at least 1\n";
    return {kExitCannotCompile, "bad device counts"};
  }
  // Under mpirun each process is one device of the program's grid.
  int processes = jx::distributed::process_count();
  if (processes > 1) {
    if (grid.count() != processes ||
        (numDevices && numDevices != processes)) {
      llvm::errs() << "jxc: error: rank " << jx::distributed::process_index()
                   << ": @" << name << " runs on " << grid.count()
                   << " devices (mhlo.num_replicas = " << grid.replicas
                   << ", mhlo.num_partitions = " << grid.partitions
                   << "); mpirun started " << processes
                   << " processes of one device each\n";
      return {kExitCannotCompile, "needs " + std::to_string(grid.count()) +
                                      " processes"};
    }
    numDevices = processes;
  }
  // Without --devices, a partitioned program (global arrays in and out)
  // runs whole on one device; its collectives, if any, then ask for
  // --devices.
  if (grid.replicas == 1 && numDevices == 0)
    grid.partitions = 1;
  if (grid.count() > 1 && numDevices != grid.count()) {
    llvm::errs() << "jxc: error: @" << name << " runs on " << grid.count()
                 << " devices (mhlo.num_replicas = " << grid.replicas
                 << ", mhlo.num_partitions = " << grid.partitions << "); "
                 << (numDevices ? "--devices gives " + std::to_string(numDevices)
                                : std::string("run it with --devices ") +
                                      std::to_string(grid.count()))
                 << "\n";
    return {kExitCannotCompile, "needs " + std::to_string(grid.count()) +
                                    " devices"};
  }
  if (grid.count() == 1 && numDevices > 1) {
    llvm::errs() << "jxc: error: @" << name << " is a single-device program "
                 << "(no mhlo.num_replicas or mhlo.num_partitions above 1); "
                 << "--devices " << numDevices << " does not apply\n";
    return {kExitCannotCompile, "single-device program"};
  }
  jx::compiler::compile_options options = compileOptionsFromFlags();
  options.serializable = viaExecutable;
  auto exe = jx::compiler::compile(module, name, options);
  if (!exe)
    return {kExitCannotCompile, "could not compile (see stderr)"};
  if (timing)
    phaseTimes.print(name);
  // A program that names no devices but runs a grid of processes itself
  // (interpreter.run_parallel) runs on that many devices of this process.
  if (jxc::deviceGridOf(module).count() == 1 && numDevices == 0 &&
      jx::distributed::process_count() == 1 &&
      exe->num_replicas() * exe->num_partitions() > 1)
    grid = {exe->num_replicas(), exe->num_partitions()};
  if (viaExecutable) {
    try {
      exe = jx::runtime::executable::deserialize(exe->serialize());
    } catch (const std::exception &e) {
      llvm::errs() << "jxc: error: @" << name << ": " << e.what() << "\n";
      return {kExitCannotCompile, "could not load its serialized executable"};
    }
  }
  return runExecutable(*exe, args, grid);
}

/// Whether `bytes` is a serialized executable (jxc compile --emit=executable)
/// rather than a program's text.
bool isSerializedExecutable(llvm::StringRef bytes) {
  return bytes.starts_with(llvm::StringRef("JXEXEC\0\n", 8));
}

/// jxc run on a serialized executable: load it (no compilation), run it.
int runSerialized(llvm::StringRef bytes) {
  std::unique_ptr<jx::runtime::executable> exe;
  try {
    exe = jx::runtime::executable::deserialize(bytes.str());
  } catch (const jx::runtime::load_error &e) {
    llvm::errs() << "jxc: error: " << runFile << ": " << e.what() << "\n";
    return kExitCannotCompile;
  }
  std::vector<jx::runtime::host_buffer> args;
  try {
    for (const std::string &input : inputs)
      args.push_back(jx::runtime::read_input(input));
  } catch (const std::exception &e) {
    llvm::errs() << "jxc: error: " << e.what() << "\n";
    llvm::outs() << "FAIL " << exe->entry() << ": cannot read input\n";
    return kExitCannotCompile;
  }
  EntryResult result = runExecutable(*exe, args);
  if (result.rc != 0) {
    llvm::outs() << "FAIL " << exe->entry() << ": " << result.failure << "\n";
    return result.rc;
  }
  llvm::outs() << "PASS " << exe->entry() << "\n";
  return 0;
}

/// A jax.export artifact takes inputs as its avals allow (JAX's checks and
/// messages); a shape-polymorphic one is specialized to their shapes.
bool specializeExport(ModuleOp module, const jx::exported::Exported &e,
                      const std::vector<jx::runtime::host_buffer> &args,
                      const std::string &names) {
  std::vector<std::vector<int64_t>> shapes;
  std::vector<std::string> dtypes;
  for (const auto &a : args) {
    shapes.push_back(a.shape);
    dtypes.push_back(jx::runtime::dtype_name(a.dtype));
  }
  std::string mismatch = jx::compiler::checkInputShapes(e, shapes, dtypes);
  if (!mismatch.empty()) {
    llvm::errs() << "jxc: error: " << mismatch << "\n";
    llvm::outs() << "FAIL " << names << ": invalid input\n";
    return false;
  }
  if (failed(jx::compiler::refineShapes(
          module, "main", shapes, jx::compiler::checksShapeAssertions(e)))) {
    llvm::outs() << "FAIL " << names << ": the inputs do not fit the "
                    "export's symbolic shapes\n";
    return false;
  }
  return true;
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
  if (!entryName.empty()) {
    auto fn = module->lookupSymbol<func::FuncOp>(entryName);
    if (!fn || fn.isExternal()) {
      llvm::errs() << "jxc: error: " << path << ": no function @" << entryName
                   << " to run (--function)\n";
      llvm::outs() << "FAIL " << entryName << ": no such function\n";
      return kExitCannotCompile;
    }
    entries.push_back(fn);
  } else if (func::FuncOp entry = findEntry(*module)) {
    entries.push_back(entry);
  } else if (inputs.empty()) {
    entries = findRootTests(*module);
  }
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
      args.push_back(jx::runtime::read_input(input));
  } catch (const std::exception &e) {
    llvm::errs() << "jxc: error: " << e.what() << "\n";
    llvm::outs() << "FAIL " << names << ": cannot read input\n";
    return kExitCannotCompile;
  }
  if (lastExported && !args.empty() &&
      !specializeExport(*module, *lastExported, args, names))
    return kExitCannotCompile;
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

bool applyMemoryLimit();

/// --device, else JX_DEVICE, else "cpu".
std::string runDeviceKind() {
  if (!runDevice.getNumOccurrences())
    if (const char *env = std::getenv("JX_DEVICE"); env && *env)
      return env;
  return runDevice;
}

/// The device kind: "cpu", "cuda-emulator", or "cuda" where this machine
/// has a usable CUDA device; false after a message otherwise.
bool checkRunDevice() {
  std::string kind = runDeviceKind();
  if (kind == "cpu" || kind == "cuda-emulator")
    return true;
  if (kind != "cuda") {
    llvm::errs() << "jxc: error: unknown --device '" << kind
                 << "' (cpu, cuda, cuda-emulator)\n";
    return false;
  }
  std::string why = jx::runtime::cuda::unavailable_reason();
  if (!why.empty()) {
    llvm::errs() << "jxc: error: --device=cuda: " << why << "\n";
    return false;
  }
  return true;
}

int runCommand(MLIRContext &ctx) {
  if (!applyMemoryLimit() || !checkRunDevice())
    return kExitCannotCompile;
  if (outputDir.getNumOccurrences() && outputDir.empty()) {
    llvm::errs() << "jxc: error: --output-dir is empty; give a folder\n";
    return kExitCannotCompile;
  }
  std::string error;
  auto file = openInputFile(runFile, &error);
  if (!file) {
    llvm::errs() << "jxc: error: " << error << "\n";
    return kExitCannotCompile;
  }
  if (isSerializedExecutable(file->getBuffer()))
    return runSerialized(file->getBuffer());
  // Bytecode and artifacts are one program each; only text splits.
  bool text = jx::compiler::detectForm(file->getBuffer()) ==
              jx::compiler::ProgramForm::Text;
  if (text) {
    std::string limits = jx::checkInputLimits(file->getBuffer(), runFile);
    if (!limits.empty()) {
      llvm::errs() << limits << "\n";
      return kExitCannotCompile;
    }
  }
  int worst = 0;
  std::vector<Chunk> chunks =
      text ? splitChunks(file->getBuffer(), splitInput)
           : std::vector<Chunk>{Chunk{file->getBuffer().str(), 1}};
  for (const Chunk &chunk : chunks) {
    int rc = runChunk(ctx, chunk, runFile);
    worst = std::max(worst, rc);
  }
  return worst;
}

/// Reads, checks the limits of and parses the program at `path` into
/// `sourceMgr`; null (after a diagnostic) when any step fails.
OwningOpRef<ModuleOp> loadModule(MLIRContext &ctx, llvm::SourceMgr &sourceMgr,
                                 llvm::StringRef path) {
  std::string error;
  auto file = openInputFile(path, &error);
  if (!file) {
    llvm::errs() << "jxc: error: " << error << "\n";
    return nullptr;
  }
  if (jx::compiler::detectForm(file->getBuffer()) ==
      jx::compiler::ProgramForm::Text) {
    // A large text (a model with its weights) is read in pieces, each large
    // hex literal decoded once into memory the executable shares, so that
    // neither the file nor a second copy of the weights is held.
    std::optional<jx::compiler::TextProgram> program;
    if (path != "-" &&
        jx::compiler::mayHoldLargeConstants(file->getBufferSize())) {
      file.reset();
      try {
        program = jx::compiler::readTextProgram(path.str());
      } catch (const std::exception &e) {
        llvm::errs() << "jxc: error: " << e.what() << "\n";
        return nullptr;
      }
    }
    std::string limits = jx::checkInputLimits(
        program ? llvm::StringRef(program->text) : file->getBuffer(), path);
    if (!limits.empty()) {
      llvm::errs() << limits << "\n";
      return nullptr;
    }
    if (program) {
      // The text (without its literals) stays for the diagnostics' excerpts.
      sourceMgr.AddNewSourceBuffer(
          llvm::MemoryBuffer::getMemBufferCopy(program->text, path),
          llvm::SMLoc());
      lastExported = nullptr;
      return jx::compiler::parseTextProgram(*program, path, ctx);
    }
  } else {
    // Bytecode carries its own locations: the file is not kept for
    // diagnostics once parsed, so that a model's weights are not held
    // twice (the file and the attributes).
    llvm::SourceMgr binary;
    binary.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
    lastExported = nullptr;
    return jx::compiler::parseProgram(binary, ctx, &lastExported);
  }
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  lastExported = nullptr;
  return jx::compiler::parseProgram(sourceMgr, ctx, &lastExported);
}

/// Applies --max-memory; false (after a message) when it is not a size.
bool applyMemoryLimit() {
  if (maxMemory.empty())
    return true;
  uint64_t bytes = 0;
  if (!jx::runtime::parse_memory_size(maxMemory, bytes)) {
    llvm::errs() << "jxc: error: --max-memory='" << maxMemory
                 << "' is not a size (expected bytes or e.g. 512M, 8G)\n";
    return false;
  }
  jx::runtime::set_memory_limit(bytes);
  return true;
}

/// Loads `file` and finds its entry (@main or the only public function);
/// false, with the diagnostic printed, when either fails.
bool loadWithEntry(MLIRContext &ctx, llvm::SourceMgr &sourceMgr,
                   llvm::StringRef file, OwningOpRef<ModuleOp> &module,
                   std::string &name) {
  module = loadModule(ctx, sourceMgr, file);
  if (!module)
    return false;
  func::FuncOp entry = findEntry(*module);
  if (!entry) {
    module->emitError("no entry function: expected @main or exactly one "
                      "public function");
    return false;
  }
  name = entry.getSymName().str();
  return true;
}

/// jxc bench: compile once, check the inputs, one warm-up call, then calls
/// until --min-time seconds have passed (at least 3); prints the compile
/// time and the median, minimum and maximum time of a call.
int benchCommand(MLIRContext &ctx) {
  if (!applyMemoryLimit() || !checkRunDevice())
    return kExitCannotCompile;
  if (benchFormat != "text" && benchFormat != "json") {
    llvm::errs() << "jxc: error: --format must be text or json\n";
    return kExitCannotCompile;
  }
  if (benchThreads)
    jx::runtime::set_num_threads(benchThreads);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &ctx);
  OwningOpRef<ModuleOp> module;
  std::string name;
  if (!loadWithEntry(ctx, sourceMgr, benchFile, module, name))
    return kExitCannotCompile;
  using clock = std::chrono::steady_clock;
  auto seconds = [](clock::duration d) {
    return std::chrono::duration<double>(d).count();
  };
  try {
    std::vector<jx::runtime::host_buffer> args;
    for (const std::string &input : benchInputs)
      args.push_back(jx::runtime::read_input(input));
    jx::compiler::compile_options options = compileOptionsFromFlags();
    std::vector<jxc::BenchRegion> regions;
    if (benchRegions) {
      options.time_regions = true;
      auto previous = options.after_phase;
      options.after_phase = [&, previous](const std::string &phase, ModuleOp m) {
        if (previous)
          previous(phase, m);
        if (phase == "loops")
          regions = jxc::describeRegions(m);
      };
    }
    auto start = clock::now();
    auto exe = jx::compiler::compile(*module, name, options);
    double compile = seconds(clock::now() - start);
    if (!exe)
      return kExitCannotCompile;
    if (timing)
      phaseTimes.print(name);
    (void)exe->run(args); // warm-up; checks the inputs
    jx::runtime::reset_region_times();
    std::vector<double> times;
    auto begin = clock::now();
    while (times.size() < 3 || seconds(clock::now() - begin) < minTime) {
      auto t0 = clock::now();
      (void)exe->run(args);
      times.push_back(seconds(clock::now() - t0));
    }
    std::sort(times.begin(), times.end());
    std::size_t n = times.size();
    double median = n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
    unsigned threads = jx::runtime::num_threads();
    for (jxc::BenchRegion &r : regions)
      r.time = jx::runtime::region_time_of(r.id);
    if (benchFormat == "json") {
      llvm::outs() << llvm::formatv(
          "{{\"entry\": \"{0}\", \"compile_ms\": {1:f3}, \"median_ms\": "
          "{2:f6}, \"min_ms\": {3:f6}, \"max_ms\": {4:f6}, \"calls\": {5}, "
          "\"threads\": {6}",
          name, compile * 1e3, median * 1e3, times.front() * 1e3,
          times.back() * 1e3, n, threads);
      if (benchRegions) {
        llvm::outs() << ", \"regions\": ";
        jxc::printRegionsJson(llvm::outs(), regions, n);
      }
      llvm::outs() << "}\n";
    } else {
      llvm::outs() << llvm::formatv(
          "@{0}: compile {1:f1} ms; per call median {2:f4} ms, min {3:f4} ms, "
          "max {4:f4} ms ({5} calls, {6} threads)\n",
          name, compile * 1e3, median * 1e3, times.front() * 1e3,
          times.back() * 1e3, n, threads);
      if (benchRegions)
        jxc::printRegions(llvm::outs(), regions, n, median);
    }
  } catch (const std::exception &e) {
    llvm::errs() << "jxc: error: " << e.what() << "\n";
    return kExitCannotCompile;
  }
  return 0;
}

int tuneCommand(MLIRContext &ctx) {
  std::string db = jx::runtime::tuning_db_path();
  if (tuneClear) {
    if (std::remove(db.c_str()) == 0)
      llvm::outs() << "removed the tuning database " << db << "\n";
    else
      llvm::outs() << "no tuning database at " << db << "\n";
    return 0;
  }
  if (tuneFile.empty()) {
    llvm::errs() << "jxc: error: give a program to tune (or --clear)\n";
    return kExitCannotCompile;
  }
  if (benchThreads)
    jx::runtime::set_num_threads(benchThreads);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &ctx);
  OwningOpRef<ModuleOp> module;
  std::string name;
  if (!loadWithEntry(ctx, sourceMgr, tuneFile, module, name))
    return kExitCannotCompile;
  try {
    auto exe = jx::compiler::compile(*module, name, {});
    if (!exe)
      return kExitCannotCompile;
    std::vector<jx::runtime::host_buffer> args;
    for (const std::string &input : tuneInputs)
      args.push_back(jx::runtime::read_input(input));
    if (tuneInputs.empty())
      for (const jx::runtime::tensor_spec &spec : exe->inputs())
        args.push_back(jx::runtime::zeros_like(spec));
    jx::runtime::set_tuning(true);
    (void)exe->run(args); // each new GEMM shape is timed and recorded
    std::vector<std::string> report = jx::runtime::tuning_report();
    llvm::outs() << "tuning @" << name << " on " << jx::runtime::cpu_model()
                 << " (" << jx::runtime::num_threads() << " threads)\n";
    for (const std::string &line : report)
      llvm::outs() << "  " << line << "\n";
    if (report.empty())
      llvm::outs() << "  nothing new: no f32 GEMM, or every shape is already "
                      "in the database\n";
    llvm::outs() << "database: " << db << "\n";
  } catch (const std::exception &e) {
    llvm::errs() << "jxc: error: " << e.what() << "\n";
    return kExitCannotCompile;
  }
  return 0;
}

/// jxc cache stats | clear.
int cacheCommand() {
  std::string dir = jx::runtime::cache_dir();
  if (cacheAction != "stats" && cacheAction != "clear") {
    llvm::errs() << "jxc: error: jxc cache takes 'stats' or 'clear', not '"
                 << cacheAction << "'\n";
    return kExitCannotCompile;
  }
  if (dir.empty()) {
    llvm::outs() << "compile cache: off (set JX_CACHE_DIR=<folder>, or "
                    "JX_CACHE=1 for the default folder)\n";
    return 0;
  }
  if (cacheAction == "clear") {
    uint64_t n = jx::runtime::cache_clear();
    llvm::outs() << "removed " << n << (n == 1 ? " entry" : " entries")
                 << " from " << dir << "\n";
    return 0;
  }
  jx::runtime::cache_contents c = jx::runtime::cache_statistics();
  llvm::outs() << "compile cache: " << dir << "\n"
               << "  " << c.entries << (c.entries == 1 ? " entry, " : " entries, ")
               << jx::runtime::format_bytes(c.bytes) << "\n";
  return 0;
}

using jxc::printStage;

/// Writes `bytes` to `path`; false after a message when it cannot.
bool writeFile(llvm::StringRef path, llvm::StringRef bytes) {
  std::string error;
  auto out = openOutputFile(path, &error);
  if (!out) {
    llvm::errs() << "jxc: error: " << error << "\n";
    return false;
  }
  out->os() << bytes;
  out->keep();
  return true;
}

/// jxc compile --emit=executable: the entry compiled and linked into a
/// serialized executable, which `jxc run` and jx::runtime::executable::
/// deserialize load without compiling.
int compileExecutable(MLIRContext &ctx) {
  if (printAll) {
    llvm::errs() << "jxc: error: --print-all-stages prints text stages; "
                    "it does not combine with --emit=executable\n";
    return kExitCannotCompile;
  }
  if (outputFile == "-") {
    llvm::errs() << "jxc: error: --emit=executable writes binary; give a "
                    "file with -o\n";
    return kExitCannotCompile;
  }
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &ctx);
  OwningOpRef<ModuleOp> module;
  std::string name;
  if (!loadWithEntry(ctx, sourceMgr, compileFile, module, name))
    return kExitCannotCompile;
  jx::compiler::compile_options options = compileOptionsFromFlags();
  options.serializable = true;
  if (compileTarget == "cuda") {
    // Host code and PTX in one shared object; it runs wherever a GPU of
    // one of these architectures (or a later one) is.
    options.device = "cuda";
    options.cuda_arch.assign(cudaArch.begin(), cudaArch.end());
  }
  auto exe = jx::compiler::compile(*module, name, options);
  if (!exe)
    return kExitCannotCompile;
  return writeFile(outputFile, exe->serialize()) ? 0 : kExitCannotCompile;
}

/// jxc compile --emit=library --name NAME [--shared] -o DIR: DIR/NAME.h and
/// DIR/libNAME.a (or .so), for programs that link jx's runtime only.
int compileLibrary(MLIRContext &ctx) {
  if (libraryName.empty()) {
    llvm::errs() << "jxc: error: --emit=library needs --name NAME\n";
    return kExitCannotCompile;
  }
  if (outputFile == "-") {
    llvm::errs() << "jxc: error: --emit=library writes a header and a library; "
                    "give their folder with -o\n";
    return kExitCannotCompile;
  }
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &ctx);
  OwningOpRef<ModuleOp> module;
  std::string name;
  if (!loadWithEntry(ctx, sourceMgr, compileFile, module, name))
    return kExitCannotCompile;
  auto lib = jx::compiler::compile_library(*module, name, libraryName,
                                           sharedLibrary, compileOptionsFromFlags());
  if (!lib)
    return kExitCannotCompile;
  if (std::error_code ec = llvm::sys::fs::create_directories(outputFile)) {
    llvm::errs() << "jxc: error: cannot create " << outputFile << ": "
                 << ec.message() << "\n";
    return kExitCannotCompile;
  }
  auto write = [&](const std::string &file, const std::string &bytes) {
    llvm::SmallString<128> path(outputFile);
    llvm::sys::path::append(path, file);
    return writeFile(path, bytes);
  };
  std::string binary = "lib" + libraryName + (sharedLibrary ? ".so" : ".a");
  if (!write(libraryName + ".h", lib->header) || !write(binary, lib->binary))
    return kExitCannotCompile;
  return 0;
}

int compileCudaCommand(MLIRContext &ctx) {
  if (!jxc::isCudaStage(emit) && emit != "executable") {
    llvm::errs() << "jxc: error: unknown stage '" << emit
                 << "' for --target=cuda; stages are stablehlo, hlo, linalg, "
                    "bufferized, gpu, kernels, ptx, cubin, llvm-dialect, "
                    "llvm-ir, executable\n";
    return kExitCannotCompile;
  }
  for (const std::string &chip : cudaArch)
    if (!llvm::StringRef(chip).starts_with("sm_") ||
        !llvm::all_of(llvm::StringRef(chip).drop_front(3), [](char c) { return c >= '0' && c <= '9'; }) ||
        chip.size() < 5) {
      llvm::errs() << "jxc: error: --cuda-arch '" << chip
                   << "' is not a GPU architecture such as sm_80 or sm_90\n";
      return kExitCannotCompile;
    }
  if (emit == "executable")
    return compileExecutable(ctx);
  jxc::CudaCompileRequest request;
  request.emit = emit;
  request.printAll = printAll;
  request.fuse = !noFuse;
  request.chips.assign(cudaArch.begin(), cudaArch.end());
  request.output = outputFile;
  std::unique_ptr<llvm::ToolOutputFile> out;
  if (emit != "cubin") {
    std::string error;
    out = openOutputFile(outputFile, &error);
    if (!out) {
      llvm::errs() << "jxc: error: " << error << "\n";
      return kExitCannotCompile;
    }
  }
  llvm::raw_ostream &os = out ? out->os() : llvm::outs();
  if (!splitInput) {
    llvm::SourceMgr sourceMgr;
    SourceMgrDiagnosticHandler handler(sourceMgr, &ctx);
    OwningOpRef<ModuleOp> module = loadModule(ctx, sourceMgr, compileFile);
    if (!module)
      return kExitCannotCompile;
    if (!jxc::compileForCuda(*module, request, os))
      return kExitCannotCompile;
    if (out)
      out->keep();
    return 0;
  }
  // Each chunk compiled on its own (its cubins in DIR/line<N>), with a
  // status line on stderr: how the CUDA tests count programs.
  std::string error;
  auto file = openInputFile(compileFile, &error);
  if (!file) {
    llvm::errs() << "jxc: error: " << error << "\n";
    return kExitCannotCompile;
  }
  int worst = 0;
  for (const Chunk &chunk : splitChunks(file->getBuffer(), true)) {
    llvm::SourceMgr sourceMgr;
    SourceMgrDiagnosticHandler handler(sourceMgr, &ctx);
    OwningOpRef<ModuleOp> module =
        parseChunk(ctx, sourceMgr, chunk, compileFile);
    jxc::CudaCompileRequest piece = request;
    if (emit == "cubin")
      piece.output = outputFile + "/line" + std::to_string(chunk.firstLine);
    int rc = module && jxc::compileForCuda(*module, piece, os)
                 ? 0
                 : kExitCannotCompile;
    llvm::errs() << "jxc: " << compileFile << ":" << chunk.firstLine << ": "
                 << (rc == 0 ? "compiled" : "failed") << "\n";
    worst = std::max(worst, rc);
  }
  if (out)
    out->keep();
  return worst;
}

int compileCommand(MLIRContext &ctx) {
  if (compileTarget == "cuda")
    return compileCudaCommand(ctx);
  if (compileTarget != "cpu") {
    llvm::errs() << "jxc: error: unknown --target '" << compileTarget
                 << "' (cpu, cuda)\n";
    return kExitCannotCompile;
  }
  static const char *const kStages[] = {"stablehlo", "hlo", "linalg",
                                        "bufferized", "loops", "llvm-dialect",
                                        "llvm-ir", "asm", "obj", "executable",
                                        "library"};
  if (!llvm::is_contained(kStages, llvm::StringRef(emit))) {
    llvm::errs() << "jxc: error: unknown stage '" << emit
                 << "'; stages are stablehlo, hlo, linalg, bufferized, loops, "
                    "llvm-dialect, llvm-ir, asm, obj, executable, library\n";
    return kExitCannotCompile;
  }
  if (!jx::compiler::target_cpu_info(targetCpu)) {
    llvm::errs() << "jxc: error: unknown --target-cpu '" << targetCpu
                 << "' (host, x86-64, x86-64-v2, x86-64-v3, x86-64-v4)\n";
    return kExitCannotCompile;
  }
  if (emit == "executable")
    return compileExecutable(ctx);
  if (emit == "library")
    return compileLibrary(ctx);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &ctx);
  OwningOpRef<ModuleOp> module = loadModule(ctx, sourceMgr, compileFile);
  if (!module)
    return kExitCannotCompile;
  std::string error;
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
  options.fuse = !noFuse;
  options.blas = !noBlas;
  options.dnnl = !noDnnl;
  if (mlirPassOptions)
    options.configurePassManager = applyMlirPassOptions;
  phaseTimes.reset();
  bool toMachine = printAll || emit == "llvm-ir" || emit == "asm" || emit == "obj";
  if (!toMachine)
    options.stopAfter = emit;
  options.afterPhase = [&](llvm::StringRef phase, ModuleOp m) {
    phaseTimes.phase(phase.str());
    if (printAll)
      printStage(os, phase, m);
  };
  if (failed(jx::runCPUPipeline(*module, options)))
    return kExitCannotCompile;
  if (printAll || emit == "llvm-ir") {
    llvm::LLVMContext llvmContext;
    auto llvmModule =
        jx::cpu::translateToLLVMIR(*module, llvmContext, /*optimize=*/true, targetCpu);
    if (!llvmModule)
      return kExitCannotCompile;
    if (printAll)
      os << "// ----- stage: llvm-ir -----\n";
    llvmModule->print(os, nullptr);
  } else if (emit == "asm" || emit == "obj") {
    if (failed(jx::cpu::emitMachineCode(*module, emit == "asm", out->os(), targetCpu)))
      return kExitCannotCompile;
  } else {
    module->print(os);
  }
  if (timing)
    phaseTimes.print("(module)");
  out->keep();
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  jx::runtime::enable_checks(); // conformance programs check their results
  // Under mpirun, each process runs one device of a multi-device program
  // (jx/distributed.h); rank 0 prints the results, the others only errors.
  if (jx::distributed::launched_by_mpirun() && argc > 1 &&
      llvm::StringRef(argv[1]) == "run") {
    try {
      jx::distributed::initialize();
    } catch (const std::exception &e) {
      llvm::errs() << "jxc: error: " << e.what() << "\n";
      return kExitCannotCompile;
    }
    if (jx::distributed::process_index() != 0) {
      int null = ::open("/dev/null", O_WRONLY);
      if (null >= 0)
        ::dup2(null, 1);
    }
  }
  jx::registerAllPasses();
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  for (int i = 1; i < argc; ++i)
    mlirPassOptions |= llvm::StringRef(argv[i]).starts_with("--mlir-");
  for (cl::SubCommand *sub : {&cl::SubCommand::getTopLevel(), &runCmd,
                              &compileCmd, &benchCmd, &tuneCmd, &cacheCmd})
    cl::HideUnrelatedOptions(jxcOptions, *sub);
  jxc::explore::hideUnrelatedOptions();
  cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "jxc (jx " << jx::runtime::version() << "), LLVM and MLIR "
       << LLVM_VERSION_STRING << "\n";
  });
  // A wrong command line is exit code 2, as every error jxc reports before
  // running a program (cl's default would be 1, a failed check's code).
  if (!cl::ParseCommandLineOptions(
      argc, argv,
      "jxc: compile StableHLO programs to native code and run them\n\n"
      "  jxc run prog.mlir                  compile @main (or the only public\n"
      "                                     function), run it, evaluate checks\n"
      "  jxc run tests.mlir --split-input-file\n"
      "                                     each '// -----' chunk is a test case\n"
      "  jxc run f.mlir --input x.npy --output-dir out/\n"
      "                                     feed .npy inputs, print the results,\n"
      "                                     write result<i>.npy\n"
      "  jxc run f.mlir --input=\"2x2xf32=1 2 3 4\" --function=g\n"
      "                                     an inline input; another entry\n"
      "  jxc compile f.mlir --emit=linalg   print one stage of the compilation\n"
      "  jxc compile f.mlir --print-all-stages\n"
      "  jxc compile f.mlir --emit=library --name model -o out/\n"
      "                                     out/model.h and out/libmodel.a for\n"
      "                                     programs that link the runtime only\n"
      "  jxc compile f.mlir --emit=executable -o f.jxe\n"
      "                                     a serialized executable, which\n"
      "                                     jxc run (and jx-run) load\n"
      "  jxc bench f.mlir --input x.npy --min-time 2 --format=json\n"
      "                                     time calls of the compiled entry\n"
      "  jxc bench f.mlir --input x.npy --regions\n"
      "                                     and each loop nest / library call\n"
      "  jxc tune f.mlir                    pick OpenBLAS or oneDNN per GEMM shape\n"
      "                                     (tuning database: see jxc tune --help)\n"
      "  jxc cache stats|clear              the compile cache (docs/runtime.md)\n"
      "  jxc explore f.mlir -o explorer.html\n"
      "                                     one HTML page of every stage (docs/explorer.md)\n\n"
      "Exit codes: 0 success, 1 a check failed, 2 the command line, the\n"
      "program or an input could not be read, parsed, verified or compiled.\n",
      &llvm::errs()))
    return kExitCannotCompile;
  DialectRegistry registry;
  jx::registerAllDialects(registry);
  jx::cpu::registerTranslations(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  if (runCmd) {
    int rc = runCommand(ctx);
    // One process failing leaves the others waiting at a collective: end
    // them all.
    if (rc != 0 && jx::distributed::process_count() > 1) {
      llvm::outs().flush();
      llvm::errs().flush();
      jx::distributed::abort(rc);
    }
    return rc;
  }
  if (compileCmd)
    return compileCommand(ctx);
  if (benchCmd)
    return benchCommand(ctx);
  if (tuneCmd)
    return tuneCommand(ctx);
  if (cacheCmd)
    return cacheCommand();
  if (jxc::explore::command)
    return jxc::explore::run(ctx, {loadModule, findEntry, [](ModuleOp m, const auto &args) {
      return !lastExported || specializeExport(m, *lastExported, args, "explore");
    }});
  llvm::errs() << "jxc: give a command: 'jxc run FILE', 'jxc compile FILE', "
                  "'jxc bench FILE' or 'jxc tune FILE' (see jxc --help)\n";
  return kExitCannotCompile;
}
