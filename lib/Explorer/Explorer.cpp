//===- Explorer.cpp - The pipeline explorer's page -----------------------===//
//
// The page of lib/Explorer/page, filled for one program (jx/Explorer/Explorer.h).
// Collects what the page shows, as one JSON object embedded in the page
// (page/explorer.js reads it):
//
//  - every stage's text, its ops (line, name, function and *origins*), its
//    dialect and op mix, and the time of the phase that made it;
//  - origins: before compiling, every op of the StableHLO program gets the
//    location of its own line in the StableHLO stage's text
//    ("stablehlo":line:col, as mlir::generateLocationsFromIR does). The
//    pipeline carries locations along (a fused op carries a FusedLoc of the
//    ops it came from), so each later op's location names the StableHLO ops
//    it came from. The LLVM IR and assembly shown are compiled from the
//    llvm-dialect stage with line tables (ensure-debug-info-scope-on-llvm-
//    func), so their !dbg and .loc carry the same line:col;
//  - the loop nests of the linalg stage and the StableHLO ops in each (the
//    fusion decisions), the static memory plan of the bufferized stage, the
//    OpenMP loops of the loops stage, the devices, the executable's buffers,
//    the cost analysis and, with inputs, the time of a call and the results.
//
//===----------------------------------------------------------------------===//

#include "jx/Explorer/Explorer.h"
#include "ExplorerAssets.h"

#include "jx/Compiler/Compile.h"
#include "jx/Pipelines/CPUPipeline.h"
#include "jx/Target/CPU/CPUTarget.h"
#include "jx/runtime/client.h"
#include "jx/runtime/executable.h"
#include "jx/runtime/format.h"
#include "jx/runtime/memory.h"
#include "jx/runtime/region_timers.h"
#include "jx/runtime/threads.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Location.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/AssemblyAnnotationWriter.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormattedStream.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <mutex>
#include <string>
#include <vector>

using namespace mlir;

namespace jx::explorer {

namespace {

/// The file name of the locations that name StableHLO ops.
constexpr llvm::StringLiteral kOriginFile = "stablehlo";

using Clock = std::chrono::steady_clock;
double msSince(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

/// Strings stored once in the page (op and function names).
struct Interner {
  std::vector<std::string> list;
  llvm::StringMap<unsigned> index;
  unsigned get(llvm::StringRef s) {
    auto [it, inserted] = index.try_emplace(s, list.size());
    if (inserted)
      list.push_back(s.str());
    return it->second;
  }
};

struct OpRec {
  unsigned line = 0; // 1-based line in the stage's text
  unsigned name = 0; // into names
  unsigned func = 0; // into funcs
  llvm::SmallVector<unsigned, 2> origins;
};

struct Stage {
  std::string id, title, kind, text, note;
  double ms = -1;
  std::vector<std::pair<std::string, double>> passes;
  std::vector<OpRec> ops;
  std::map<std::string, uint64_t> dialects, opNames;
  uint64_t opCount = 0;
};

/// One op of the StableHLO stage, which later ops name as their origin.
struct Origin {
  unsigned line, col;
  std::string name, loc;
};

struct FusionGroup {
  unsigned line = 0;
  std::string op, kind, why, func;
  std::vector<unsigned> origins;
  std::vector<std::string> iterators;
};

struct Temporary {
  unsigned line = 0, freedLine = 0;
  uint64_t bytes = 0;
  bool stack = false, dynamic = false, inLoop = false, freed = false;
  std::string type;
  llvm::SmallVector<unsigned, 2> origins;
};

struct MemoryPlan {
  std::vector<Temporary> temps;
  std::vector<std::pair<unsigned, uint64_t>> timeline; // (line, live heap bytes)
  uint64_t peak = 0, total = 0, stackBytes = 0;
  std::map<std::string, unsigned> calls; // runtime/library calls by callee
  std::vector<std::pair<std::string, llvm::SmallVector<unsigned, 2>>> callSites;
};

struct ParallelLoop {
  unsigned line = 0;
  std::string func;
  std::vector<int64_t> trips; // -1: not a constant
  llvm::SmallVector<unsigned, 2> origins;
};

/// One op the region timers time (jx-time-regions).
struct TimedRegion {
  int64_t id = 0;
  unsigned line = 0; // in the loops stage
  std::string kind;  // "loop nest", "parallel loop nest", a callee, "copy"
  llvm::SmallVector<unsigned, 2> origins;
  jx::runtime::region_time time; // over the timed calls
};

/// Times the passes of one phase: the first start and the summed duration
/// of each pass argument (a pass that runs on every function is summed
/// over them).
struct PassTimes : PassInstrumentation {
  explicit PassTimes(std::shared_ptr<std::vector<std::pair<std::string, double>>> out)
      : out(std::move(out)) {}
  void runBeforePass(Pass *pass, Operation *op) override {
    std::lock_guard<std::mutex> lock(mutex);
    started[{pass, op}] = Clock::now();
    llvm::StringRef arg = pass->getArgument();
    if (arg.empty())
      return;
    for (auto &entry : *out)
      if (entry.first == arg)
        return;
    out->push_back({arg.str(), 0.0}); // in the order the passes start
  }
  void runAfterPass(Pass *pass, Operation *op) override { done(pass, op); }
  void runAfterPassFailed(Pass *pass, Operation *op) override { done(pass, op); }
  void done(Pass *pass, Operation *op) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = started.find({pass, op});
    if (it == started.end())
      return;
    double ms = std::chrono::duration<double, std::milli>(Clock::now() - it->second).count();
    started.erase(it);
    llvm::StringRef arg = pass->getArgument();
    if (arg.empty()) // the adaptors that run nested pass managers
      return;
    for (auto &entry : *out)
      if (entry.first == arg) {
        entry.second += ms;
        return;
      }
  }
  std::shared_ptr<std::vector<std::pair<std::string, double>>> out;
  std::map<std::pair<Pass *, Operation *>, Clock::time_point> started;
  std::mutex mutex;
};

class Explorer {
public:
  Interner names, funcs;
  std::vector<Stage> stages;
  std::vector<Origin> origins;
  llvm::DenseMap<std::pair<unsigned, unsigned>, unsigned> originAt;
  std::vector<FusionGroup> fusion;
  MemoryPlan memory;
  std::vector<ParallelLoop> parallel;
  std::vector<TimedRegion> regions;
  std::string debugInfoNote;
  unsigned elide = 64;

  /// The stage's text, ops and mixes; with `define`, each op becomes an
  /// origin and gets its line as its location.
  void collectMlir(ModuleOp module, Stage &stage, bool define);
  void originsOf(Location loc, llvm::SmallVectorImpl<unsigned> &out);
  void originsOfLlvm(const llvm::DILocation *loc, llvm::SmallVectorImpl<unsigned> &out);
  unsigned lineOf(Operation *op, const AsmState::LocationMap &map);
  void collectFusion(ModuleOp module, const Stage &stage);
  void collectMemory(ModuleOp module, llvm::StringRef entry, const Stage &stage);
  void collectParallel(ModuleOp module, const Stage &stage);
  void collectRegions(ModuleOp module, const Stage &stage);
  void collectLlvmIr(llvm::Module &module, Stage &stage);
  void collectAsm(Stage &stage);
  /// Whether the bufferized stage calls a function whose name starts with
  /// `prefix` from an op with an origin among `of`.
  bool callWithOrigins(llvm::StringRef prefix, const std::vector<unsigned> &of) const;
};

/// The op's line in the printed text (AsmState's location map counts lines
/// from 1); 0 when the printer did not print it.
unsigned Explorer::lineOf(Operation *op, const AsmState::LocationMap &map) {
  auto it = map.find(op);
  return it == map.end() ? 0 : it->second.first;
}

void Explorer::originsOf(Location loc, llvm::SmallVectorImpl<unsigned> &out) {
  if (auto file = dyn_cast<FileLineColLoc>(loc)) {
    if (file.getFilename() == kOriginFile) {
      auto it = originAt.find({file.getLine(), file.getColumn()});
      if (it != originAt.end() && !llvm::is_contained(out, it->second))
        out.push_back(it->second);
    }
  } else if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location l : fused.getLocations())
      originsOf(l, out);
  } else if (auto name = dyn_cast<NameLoc>(loc)) {
    originsOf(name.getChildLoc(), out);
  } else if (auto site = dyn_cast<CallSiteLoc>(loc)) {
    originsOf(site.getCallee(), out);
    originsOf(site.getCaller(), out);
  } else if (auto opaque = dyn_cast<OpaqueLoc>(loc)) {
    originsOf(opaque.getFallbackLocation(), out);
  }
}

void Explorer::originsOfLlvm(const llvm::DILocation *loc,
                             llvm::SmallVectorImpl<unsigned> &out) {
  for (; loc; loc = loc->getInlinedAt()) {
    if (loc->getFilename() != kOriginFile)
      continue;
    auto it = originAt.find({loc->getLine(), loc->getColumn()});
    if (it != originAt.end() && !llvm::is_contained(out, it->second))
      out.push_back(it->second);
  }
}

std::string functionOf(Operation *op) {
  for (Operation *p = op; p; p = p->getParentOp())
    if (auto fn = dyn_cast<FunctionOpInterface>(p))
      return fn.getName().str();
  return "";
}

std::string locString(Location loc) {
  std::string s;
  llvm::raw_string_ostream os(s);
  loc.print(os);
  return s;
}

void Explorer::collectMlir(ModuleOp module, Stage &stage, bool define) {
  OpPrintingFlags flags;
  flags.elideLargeElementsAttrs(elide);
  flags.elideLargeResourceString(elide);
  AsmState::LocationMap map;
  AsmState state(module, flags, &map);
  {
    llvm::raw_string_ostream os(stage.text);
    module->print(os, state);
  }
  std::vector<std::pair<Operation *, unsigned>> defined;
  llvm::DenseMap<Operation *, unsigned> originOfOp;
  module->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == module.getOperation())
      return;
    OpRec rec;
    // An op the printer did not print (the body of a reduce in its short
    // form, `applies stablehlo.add`) counts as part of the nearest printed
    // op around it.
    Operation *printed = op;
    while (printed && !map.count(printed))
      printed = printed->getParentOp();
    rec.line = printed ? lineOf(printed, map) : 0;
    llvm::StringRef name = op->getName().getStringRef();
    rec.name = names.get(name);
    rec.func = funcs.get(functionOf(op));
    llvm::StringRef dialect = op->getName().getDialectNamespace();
    ++stage.dialects[dialect.empty() ? "builtin" : dialect.str()];
    ++stage.opNames[name.str()];
    ++stage.opCount;
    if (define && printed != op && printed && originOfOp.count(printed)) {
      unsigned index = originOfOp[printed];
      rec.origins.push_back(index);
      defined.push_back({op, index});
    } else if (define) {
      auto it = map.find(op);
      unsigned col = it == map.end() ? 0 : it->second.second + 1;
      unsigned index = origins.size();
      Location old = op->getLoc();
      std::string loc;
      // Where the op came from before jx relocated it: worth showing when
      // the program carried its own locations (JAX's names and Python
      // lines), not the position the parser gave it.
      if (!isa<UnknownLoc, FileLineColLoc>(old))
        loc = locString(old);
      origins.push_back({rec.line, col, name.str(), loc});
      originAt[{rec.line, col}] = index;
      originOfOp[op] = index;
      rec.origins.push_back(index);
      defined.push_back({op, index});
    } else {
      originsOf(op->getLoc(), rec.origins);
    }
    stage.ops.push_back(std::move(rec));
  });
  for (auto [op, index] : defined)
    op->setLoc(FileLineColLoc::get(module.getContext(), kOriginFile,
                                   origins[index].line, origins[index].col));
}

/// "parallel" or "reduction" for each loop of `op`.
std::vector<std::string> iteratorNames(linalg::LinalgOp op) {
  std::vector<std::string> out;
  for (utils::IteratorType t : op.getIteratorTypesArray())
    out.push_back(t == utils::IteratorType::parallel ? "parallel" : "reduction");
  return out;
}

bool Explorer::callWithOrigins(llvm::StringRef prefix,
                               const std::vector<unsigned> &of) const {
  for (const auto &[callee, from] : memory.callSites)
    if (llvm::StringRef(callee).starts_with(prefix))
      for (unsigned o : from)
        if (llvm::is_contained(of, o))
          return true;
  return false;
}

/// Each op's line in `stage`'s text (its ops in pre-order, as collectMlir
/// recorded them).
std::map<Operation *, unsigned> linesOfOps(ModuleOp module, const Stage &stage) {
  std::map<Operation *, unsigned> lineOfOp;
  unsigned i = 0;
  module->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == module.getOperation())
      return;
    lineOfOp[op] = stage.ops[i++].line;
  });
  return lineOfOp;
}

void Explorer::collectFusion(ModuleOp module, const Stage &stage) {
  // The loop nests of the linalg stage: each linalg op at the top of a
  // function, and each loop (jx-fuse-rows' scf.forall over rows) that holds
  // linalg ops. Their origins, gathered over everything inside, are the
  // StableHLO ops computed in that loop nest.
  std::map<Operation *, unsigned> lineOfOp = linesOfOps(module, stage);
  for (auto fn : module.getOps<FunctionOpInterface>()) {
    if (fn.isExternal())
      continue;
    fn->walk<WalkOrder::PreOrder>([&](Operation *op) -> WalkResult {
      bool nest = isa<linalg::LinalgOp>(op);
      bool loop = false;
      if (!nest && isa<LoopLikeOpInterface>(op)) {
        op->walk([&](linalg::LinalgOp) { loop = true; });
        nest = loop;
      }
      if (!nest)
        return WalkResult::advance();
      FusionGroup g;
      g.line = lineOfOp[op];
      g.op = op->getName().getStringRef().str();
      g.func = fn.getName().str();
      llvm::SmallVector<unsigned, 8> o;
      op->walk([&](Operation *inner) { originsOf(inner->getLoc(), o); });
      g.origins.assign(o.begin(), o.end());
      std::sort(g.origins.begin(), g.origins.end());
      unsigned linalgOps = 0;
      bool reduction = false, contraction = false, fill = false;
      op->walk([&](linalg::LinalgOp l) {
        ++linalgOps;
        for (utils::IteratorType t : l.getIteratorTypesArray())
          reduction |= t == utils::IteratorType::reduction;
        contraction |= linalg::isaContractionOpInterface(l) ||
                       isa<linalg::MatmulOp, linalg::BatchMatmulOp>(l.getOperation());
        fill |= isa<linalg::FillOp>(l.getOperation());
      });
      if (auto l = dyn_cast<linalg::LinalgOp>(op))
        g.iterators = iteratorNames(l);
      // The StableHLO ops that compute something (constants and the
      // return carry no work of their own).
      unsigned computing = 0;
      for (unsigned o : g.origins) {
        llvm::StringRef n = origins[o].name;
        if (n != "stablehlo.constant" && n != "func.return" &&
            n != "stablehlo.return" && n != "func.func")
          ++computing;
      }
      if (loop) {
        g.kind = "row fusion";
        g.why = "jx-fuse-rows: a reduction and the ops that read its rows, " +
                std::to_string(linalgOps) +
                " linalg ops in one loop over the rows; each row stays in "
                "cache between them";
      } else if (fill && g.origins.size() <= 1 && linalgOps == 1) {
        g.kind = "fill";
        g.why = "initializes the accumulator of the op after it";
      } else if (contraction) {
        g.kind = "contraction";
        g.why = "a contraction absorbs only data movement (transposes, "
                "broadcasts become its operands' indexing); computed "
                "producers stay outside; a dense f32/f64/complex contraction "
                "becomes a BLAS call in the bufferized stage "
                "(jx-contraction-to-blas)";
      } else if (computing > 1) {
        g.kind = reduction ? "fused reduction" : "fused elementwise";
        g.why = "jx-fuse-elementwise: " + std::to_string(computing) +
                " ops computed element by element in one loop nest, no "
                "tensor between them";
        if (reduction)
          g.why += "; the elementwise producers are computed inside the "
                   "reduction's loop";
      } else {
        g.kind = reduction ? "reduction" : "single op";
        g.why = "one op, its own loop nest";
      }
      fusion.push_back(std::move(g));
      return WalkResult::skip();
    });
  }
}

/// The buffer `v` is a view of (through subviews, casts, reshapes).
Value baseBuffer(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (auto view = dyn_cast<ViewLikeOpInterface>(def)) {
      v = view.getViewSource();
      continue;
    }
    break;
  }
  return v;
}

/// Bytes of one element in memory (sub-byte integers take a byte); 0 when
/// unknown.
uint64_t elementBytes(Type t) {
  if (auto c = dyn_cast<ComplexType>(t))
    return 2 * elementBytes(c.getElementType());
  if (t.isIndex())
    return 8;
  if (t.isIntOrFloat())
    return std::max<uint64_t>(1, (t.getIntOrFloatBitWidth() + 7) / 8);
  return 0;
}

void Explorer::collectMemory(ModuleOp module, llvm::StringRef entry,
                             const Stage &stage) {
  std::map<Operation *, unsigned> lineOfOp = linesOfOps(module, stage);
  auto fn = module.lookupSymbol<FunctionOpInterface>(entry);
  if (!fn)
    return;
  llvm::DenseMap<Value, unsigned> tempOf;
  uint64_t live = 0;
  fn->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<memref::AllocOp, memref::AllocaOp>(op)) {
      auto type = cast<MemRefType>(op->getResult(0).getType());
      Temporary t;
      t.line = lineOfOp[op];
      t.stack = isa<memref::AllocaOp>(op);
      t.inLoop = op->getParentOfType<LoopLikeOpInterface>() != nullptr;
      std::string s;
      llvm::raw_string_ostream os(s);
      type.print(os);
      t.type = s;
      originsOf(op->getLoc(), t.origins);
      uint64_t item = elementBytes(type.getElementType());
      if (type.hasStaticShape() && item) {
        t.bytes = type.getNumElements() * item;
      } else {
        t.dynamic = true;
      }
      if (t.stack) {
        memory.stackBytes += t.bytes;
      } else {
        live += t.bytes;
        memory.total += t.bytes;
        memory.peak = std::max(memory.peak, live);
        memory.timeline.push_back({t.line, live});
      }
      tempOf[op->getResult(0)] = memory.temps.size();
      memory.temps.push_back(std::move(t));
    } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
      auto it = tempOf.find(baseBuffer(dealloc.getMemref()));
      if (it != tempOf.end()) {
        Temporary &t = memory.temps[it->second];
        if (!t.freed && !t.stack) {
          t.freed = true;
          t.freedLine = lineOfOp[op];
          live -= t.bytes;
          memory.timeline.push_back({t.freedLine, live});
        }
      }
    } else if (auto call = dyn_cast<CallOpInterface>(op)) {
      if (auto sym = dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee())) {
        std::string callee = sym.getRootReference().str();
        ++memory.calls[callee];
        llvm::SmallVector<unsigned, 2> from;
        originsOf(op->getLoc(), from);
        memory.callSites.push_back({callee, from});
      }
    }
  });
}

void Explorer::collectParallel(ModuleOp module, const Stage &stage) {
  std::map<Operation *, unsigned> lineOfOp = linesOfOps(module, stage);
  module->walk([&](omp::LoopNestOp nest) {
    ParallelLoop p;
    p.line = lineOfOp[nest.getOperation()];
    p.func = functionOf(nest);
    for (auto [lb, ub, step] : llvm::zip(nest.getLoopLowerBounds(),
                                         nest.getLoopUpperBounds(),
                                         nest.getLoopSteps())) {
      std::optional<int64_t> l = getConstantIntValue(lb), u = getConstantIntValue(ub),
                             s = getConstantIntValue(step);
      p.trips.push_back(l && u && s && *s > 0 ? std::max<int64_t>(0, (*u - *l + *s - 1) / *s)
                                              : -1);
    }
    nest->walk([&](Operation *inner) { originsOf(inner->getLoc(), p.origins); });
    parallel.push_back(std::move(p));
  });
}

void Explorer::collectRegions(ModuleOp module, const Stage &stage) {
  std::map<Operation *, unsigned> lineOfOp = linesOfOps(module, stage);
  jx::forEachTimedRegion(module, [&](const jx::TimedRegionInfo &info) {
    TimedRegion r;
    r.id = info.id;
    r.line = lineOfOp[info.op];
    r.kind = info.kind;
    originsOf(info.begin->getLoc(), r.origins);
    if (info.kind != "copy" &&
        (info.body != info.op || !isa<func::CallOp>(info.op)))
      info.body->walk([&](Operation *inner) { originsOf(inner->getLoc(), r.origins); });
    std::sort(r.origins.begin(), r.origins.end());
    r.origins.erase(std::unique(r.origins.begin(), r.origins.end()), r.origins.end());
    regions.push_back(std::move(r));
  });
}

/// The one file location a DWARF line entry can hold for `loc`: a fused
/// location's first, an inlined call's callee (DebugTranslation would merge
/// a fused location's lines into line 0, and the line-table pass does not
/// take call-site locations).
Location lineTableLoc(Location loc) {
  if (isa<FileLineColLoc>(loc))
    return loc;
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location l : fused.getLocations()) {
      Location inner = lineTableLoc(l);
      if (isa<FileLineColLoc>(inner))
        return inner;
    }
    return UnknownLoc::get(loc.getContext());
  }
  if (auto name = dyn_cast<NameLoc>(loc))
    return lineTableLoc(name.getChildLoc());
  if (auto site = dyn_cast<CallSiteLoc>(loc)) {
    Location callee = lineTableLoc(site.getCallee());
    return isa<FileLineColLoc>(callee) ? callee : lineTableLoc(site.getCaller());
  }
  if (auto opaque = dyn_cast<OpaqueLoc>(loc))
    return lineTableLoc(opaque.getFallbackLocation());
  return UnknownLoc::get(loc.getContext());
}

/// Records, for each instruction printed, the line it is printed on.
struct InstructionLines : llvm::AssemblyAnnotationWriter {
  std::vector<std::pair<const llvm::Instruction *, unsigned>> lines;
  void emitInstructionAnnot(const llvm::Instruction *inst,
                            llvm::formatted_raw_ostream &os) override {
    lines.push_back({inst, os.getLine() + 1});
  }
};

void Explorer::collectLlvmIr(llvm::Module &module, Stage &stage) {
  InstructionLines writer;
  {
    llvm::raw_string_ostream os(stage.text);
    module.print(os, &writer);
  }
  for (auto [inst, line] : writer.lines) {
    OpRec rec;
    rec.line = line;
    rec.name = names.get(inst->getOpcodeName());
    rec.func = funcs.get(inst->getFunction()->getName());
    originsOfLlvm(inst->getDebugLoc().get(), rec.origins);
    ++stage.opNames[inst->getOpcodeName()];
    ++stage.opCount;
    stage.ops.push_back(std::move(rec));
  }
  stage.dialects["llvm-ir"] = stage.opCount;
}

void Explorer::collectAsm(Stage &stage) {
  llvm::StringRef text = stage.text;
  std::map<unsigned, std::string> files;
  unsigned file = 0, line = 0, col = 0, lineNo = 0;
  std::string func;
  while (!text.empty()) {
    auto [raw, rest] = text.split('\n');
    text = rest;
    ++lineNo;
    llvm::StringRef l = raw.trim();
    if (l.empty() || l.starts_with("#"))
      continue;
    if (l.starts_with(".file")) {
      // .file 1 "dir" "name"   or   .file 1 "name"
      llvm::SmallVector<llvm::StringRef, 4> parts;
      l.split(parts, '"');
      unsigned n = 0;
      if (parts.size() >= 2 && !parts[0].drop_front(5).trim().getAsInteger(10, n))
        files[n] = parts[parts.size() >= 4 ? 3 : 1].str();
      continue;
    }
    if (l.starts_with(".loc")) {
      llvm::SmallVector<llvm::StringRef, 6> parts;
      l.split(parts, ' ', -1, false);
      llvm::SmallVector<llvm::StringRef, 6> fields;
      for (llvm::StringRef p : parts)
        for (llvm::StringRef q : llvm::split(p, '\t'))
          if (!q.empty())
            fields.push_back(q);
      if (fields.size() >= 4) {
        (void)fields[1].getAsInteger(10, file);
        (void)fields[2].getAsInteger(10, line);
        (void)fields[3].getAsInteger(10, col);
      }
      continue;
    }
    if (l.starts_with("."))
      continue;
    if (l.ends_with(":") && !raw.starts_with("\t")) {
      llvm::StringRef label = l.drop_back();
      if (!label.starts_with("."))
        func = label.str(); // a function's (or global's) label
      continue;
    }
    if (!raw.starts_with("\t"))
      continue;
    llvm::StringRef mnemonic = l.split(' ').first.split('\t').first;
    OpRec rec;
    rec.line = lineNo;
    rec.name = names.get(mnemonic);
    rec.func = funcs.get(func);
    if (line && files.count(file) && files[file] == kOriginFile) {
      auto it = originAt.find({line, col});
      if (it != originAt.end())
        rec.origins.push_back(it->second);
    }
    ++stage.opNames[mnemonic.str()];
    ++stage.opCount;
    stage.ops.push_back(std::move(rec));
  }
  stage.dialects["asm"] = stage.opCount;
}

// ----- JSON -------------------------------------------------------------

void writeOps(llvm::json::OStream &j, const std::vector<OpRec> &ops) {
  // [line, name, func, origin...]
  j.attributeArray("ops", [&] {
    for (const OpRec &op : ops) {
      j.arrayBegin();
      j.value(op.line);
      j.value(op.name);
      j.value(op.func);
      for (unsigned o : op.origins)
        j.value(o);
      j.arrayEnd();
    }
  });
}

template <class Map>
void writeCounts(llvm::json::OStream &j, llvm::StringRef key, const Map &m,
                 std::size_t limit = SIZE_MAX) {
  std::vector<std::pair<std::string, uint64_t>> v(m.begin(), m.end());
  std::sort(v.begin(), v.end(), [](auto &a, auto &b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  if (v.size() > limit)
    v.resize(limit);
  j.attributeArray(key, [&] {
    for (auto &[k, n] : v) {
      j.arrayBegin();
      j.value(k);
      j.value(n);
      j.arrayEnd();
    }
  });
}

void writeSpec(llvm::json::OStream &j, const jx::runtime::tensor_spec &s) {
  j.object([&] {
    j.attribute("type", s.type_string());
    j.attribute("dtype", jx::runtime::dtype_name(s.dtype));
    j.attributeArray("shape", [&] {
      for (int64_t d : s.shape)
        j.value(d);
    });
    uint64_t n = 1;
    for (int64_t d : s.shape)
      n *= static_cast<uint64_t>(d);
    j.attribute("bytes", n * jx::runtime::itemsize(s.dtype));
  });
}

/// A number JSON can hold; "inf", "-inf" or "nan" as a string otherwise.
void number(llvm::json::OStream &j, llvm::StringRef key, double v) {
  if (std::isfinite(v))
    j.attribute(key, v);
  else
    j.attribute(key, std::isnan(v) ? "nan" : v > 0 ? "inf" : "-inf");
}

/// Summary statistics of a float result, for the page's preview.
void writeStats(llvm::json::OStream &j, const jx::runtime::host_buffer &b) {
  auto stats = [&](auto *data) {
    int64_t n = b.size();
    if (n == 0)
      return;
    double lo = INFINITY, hi = -INFINITY, sum = 0;
    int64_t nan = 0;
    for (int64_t i = 0; i < n; ++i) {
      double v = static_cast<double>(data[i]);
      if (std::isnan(v)) {
        ++nan;
        continue;
      }
      lo = std::min(lo, v);
      hi = std::max(hi, v);
      sum += v;
    }
    j.attributeObject("stats", [&] {
      if (nan < n) {
        number(j, "min", lo);
        number(j, "max", hi);
        number(j, "mean", sum / static_cast<double>(n - nan));
      }
      j.attribute("nan", nan);
    });
  };
  if (b.dtype == jx::runtime::dtype::float32)
    stats(reinterpret_cast<const float *>(b.data.data()));
  else if (b.dtype == jx::runtime::dtype::float64)
    stats(reinterpret_cast<const double *>(b.data.data()));
  else if (b.dtype == jx::runtime::dtype::int32)
    stats(reinterpret_cast<const int32_t *>(b.data.data()));
  else if (b.dtype == jx::runtime::dtype::int64)
    stats(reinterpret_cast<const int64_t *>(b.data.data()));
}

/// The JSON made safe inside <script>: "</" and "<!--" occur only in
/// strings, where "<\/" and "\u003c!--" mean the same.
std::string scriptSafe(llvm::StringRef json) {
  std::string out;
  out.reserve(json.size() + json.size() / 64);
  for (std::size_t i = 0; i < json.size(); ++i) {
    if (json[i] == '<' && (json.substr(i).starts_with("</") ||
                           json.substr(i).starts_with("<!--"))) {
      out += json.substr(i).starts_with("</") ? "<\\/" : "\\u003c";
      if (json.substr(i).starts_with("</"))
        ++i;
      continue;
    }
    out += json[i];
  }
  return out;
}

/// The template with each marker replaced (each marker once, found in
/// the template itself, never in what replaces another); empty when one is
/// missing.
std::string compose(llvm::StringRef tpl,
                    llvm::ArrayRef<std::pair<llvm::StringRef, llvm::StringRef>> fills) {
  std::vector<std::pair<std::size_t, std::size_t>> at; // (position, fill)
  for (std::size_t i = 0; i < fills.size(); ++i) {
    std::size_t pos = tpl.find(fills[i].first);
    if (pos == llvm::StringRef::npos)
      return "";
    at.push_back({pos, i});
  }
  std::sort(at.begin(), at.end());
  std::string page;
  std::size_t from = 0;
  for (auto [pos, i] : at) {
    page += tpl.slice(from, pos).str();
    page += fills[i].second.str();
    from = pos + fills[i].first.size();
  }
  page += tpl.drop_front(from).str();
  return page;
}

std::string htmlEscape(llvm::StringRef s) {
  std::string out;
  for (char c : s) {
    switch (c) {
    case '&': out += "&amp;"; break;
    case '<': out += "&lt;"; break;
    case '>': out += "&gt;"; break;
    case '"': out += "&quot;"; break;
    default: out += c;
    }
  }
  return out;
}

/// Counts of the shardings and mesh annotations in the program, which
/// compile() drops on one device.
void countShardings(ModuleOp module, std::map<std::string, uint64_t> &out) {
  module->walk([&](Operation *op) {
    if (op->getName().getDialectNamespace() == "sdy")
      ++out[op->getName().getStringRef().str()];
    for (NamedAttribute a : op->getAttrs())
      if (a.getName().strref().contains("sharding"))
        ++out[a.getName().str()];
    if (auto fn = dyn_cast<FunctionOpInterface>(op)) {
      for (unsigned i = 0; i < fn.getNumArguments(); ++i)
        for (NamedAttribute a : fn.getArgAttrs(i))
          if (a.getName().strref().contains("sharding"))
            ++out[a.getName().str() + " (argument)"];
      for (unsigned i = 0; i < fn.getNumResults(); ++i)
        for (NamedAttribute a : fn.getResultAttrs(i))
          if (a.getName().strref().contains("sharding"))
            ++out[a.getName().str() + " (result)"];
    }
  });
  for (NamedAttribute a : module->getAttrs())
    if (a.getName().strref().starts_with("mhlo.num_"))
      if (auto i = dyn_cast<IntegerAttr>(a.getValue()))
        out[a.getName().str() + " = " + std::to_string(i.getInt())] = 1;
}

/// What the page shows beyond the stages.
struct Report {
  std::string file, title, entry;
  bool fuse = true, blas = true, zeros = false;
  double compileMs = 0, jitMs = 0, exploreMs = 0;
  const jx::runtime::executable *exe = nullptr;
  jx::compiler::program_cost cost;
  bool ran = false;
  std::vector<double> times; // sorted
  std::vector<jx::runtime::host_buffer> results;
  std::string runError;
  std::map<std::string, uint64_t> shardings;
};

/// The page's data: one JSON object (explorer.js reads it).
std::string pageData(const Explorer &ex, const Report &r) {
  std::string json;
  {
    llvm::raw_string_ostream os(json);
    llvm::json::OStream j(os);
    j.object([&] {
      j.attribute("version", 1);
      j.attributeObject("program", [&] {
        j.attribute("file", r.file);
        j.attribute("name", r.title);
        j.attribute("entry", r.entry);
        j.attribute("fuse", r.fuse);
        j.attribute("blas", r.blas);
        j.attribute("jx", jx::runtime::version());
        j.attribute("compileMs", r.compileMs);
        j.attribute("jitMs", r.jitMs);
        j.attribute("exploreMs", r.exploreMs);
      });
      j.attributeArray("names", [&] {
        for (const std::string &n : ex.names.list)
          j.value(n);
      });
      j.attributeArray("funcs", [&] {
        for (const std::string &n : ex.funcs.list)
          j.value(n);
      });
      j.attributeArray("origins", [&] {
        for (const Origin &o : ex.origins) {
          j.arrayBegin();
          j.value(o.line);
          j.value(o.name);
          if (!o.loc.empty())
            j.value(o.loc);
          j.arrayEnd();
        }
      });
      j.attributeArray("stages", [&] {
        for (const Stage &s : ex.stages)
          j.object([&] {
            j.attribute("id", s.id);
            j.attribute("title", s.title);
            j.attribute("kind", s.kind);
            j.attribute("ms", s.ms);
            j.attribute("opCount", s.opCount);
            j.attribute("bytes", static_cast<uint64_t>(s.text.size()));
            if (!s.note.empty())
              j.attribute("note", s.note);
            j.attributeArray("passes", [&] {
              for (auto &[name, ms] : s.passes) {
                j.arrayBegin();
                j.value(name);
                j.value(ms);
                j.arrayEnd();
              }
            });
            writeCounts(j, "dialects", s.dialects);
            writeCounts(j, "opNames", s.opNames, 24);
            writeOps(j, s.ops);
            j.attribute("text", s.text);
          });
      });
      j.attributeArray("fusion", [&] {
        for (const FusionGroup &g : ex.fusion)
          j.object([&] {
            j.attribute("line", g.line);
            j.attribute("op", g.op);
            j.attribute("func", g.func);
            j.attribute("kind", g.kind);
            bool blas = g.kind == "contraction" &&
                        ex.callWithOrigins("jx_rt_gemm", g.origins);
            j.attribute("why", g.why);
            j.attribute("blas", blas);
            j.attributeArray("iterators", [&] {
              for (const std::string &i : g.iterators)
                j.value(i);
            });
            j.attributeArray("origins", [&] {
              for (unsigned o : g.origins)
                j.value(o);
            });
          });
      });
      j.attributeObject("memory", [&] {
        j.attribute("peak", ex.memory.peak);
        j.attribute("total", ex.memory.total);
        j.attribute("stack", ex.memory.stackBytes);
        j.attributeArray("temps", [&] {
          for (const Temporary &t : ex.memory.temps)
            j.object([&] {
              j.attribute("line", t.line);
              j.attribute("freedLine", t.freedLine);
              j.attribute("bytes", t.bytes);
              j.attribute("stack", t.stack);
              j.attribute("dynamic", t.dynamic);
              j.attribute("inLoop", t.inLoop);
              j.attribute("freed", t.freed);
              j.attribute("type", t.type);
              j.attributeArray("origins", [&] {
                for (unsigned o : t.origins)
                  j.value(o);
              });
            });
        });
        j.attributeArray("timeline", [&] {
          for (auto [line, live] : ex.memory.timeline) {
            j.arrayBegin();
            j.value(line);
            j.value(live);
            j.arrayEnd();
          }
        });
        writeCounts(j, "calls", ex.memory.calls);
      });
      j.attributeArray("parallel", [&] {
        for (const ParallelLoop &p : ex.parallel)
          j.object([&] {
            j.attribute("line", p.line);
            j.attribute("func", p.func);
            j.attributeArray("trips", [&] {
              for (int64_t t : p.trips)
                j.value(t);
            });
            j.attributeArray("origins", [&] {
              for (unsigned o : p.origins)
                j.value(o);
            });
          });
      });
      if (r.ran)
        j.attributeArray("regions", [&] {
          for (const TimedRegion &t : ex.regions)
            j.object([&] {
              j.attribute("id", t.id);
              j.attribute("line", t.line);
              j.attribute("kind", t.kind);
              j.attributeArray("origins", [&] {
                for (unsigned o : t.origins)
                  j.value(o);
              });
              j.attribute("calls", t.time.calls);
              j.attribute("ns", t.time.ns);
            });
        });
      j.attributeObject("deploy", [&] {
        const jx::runtime::cpu_info &cpu = jx::runtime::host_cpu();
        j.attribute("cpu", cpu.model);
        j.attributeArray("isa", [&] {
          for (const char *f : {"sse4_2", "avx", "avx2", "fma", "avx512f",
                                "avx512bw", "avx512_bf16", "amx_tile"})
            if (llvm::is_contained(cpu.flags, f))
              j.value(f);
        });
        j.attribute("threads", jx::runtime::num_threads());
        try {
          auto client = jx::runtime::Client::cpu();
          j.attribute("platform", client->platform_version());
          j.attributeArray("devices", [&] {
            for (jx::runtime::Device *d : client->devices())
              j.value(d->to_string());
          });
        } catch (const std::exception &e) {
          j.attribute("clientError", e.what());
        }
        j.attribute("memoryLimit", jx::runtime::memory_limit());
        j.attributeArray("inputs", [&] {
          for (const auto &s : r.exe->inputs())
            writeSpec(j, s);
        });
        j.attributeArray("outputs", [&] {
          for (const auto &s : r.exe->outputs())
            writeSpec(j, s);
        });
        j.attributeArray("mayAlias", [&] {
          for (std::size_t i = 0; i < r.exe->inputs().size(); ++i)
            for (std::size_t o = 0; o < r.exe->outputs().size(); ++o)
              if (r.exe->may_alias(i, o)) {
                j.arrayBegin();
                j.value(i);
                j.value(o);
                j.arrayEnd();
              }
        });
        writeCounts(j, "shardings", r.shardings);
      });
      j.attributeObject("cost", [&] {
        number(j, "flops", r.cost.flops);
        number(j, "transcendentals", r.cost.transcendentals);
        number(j, "bytes", r.cost.bytes_accessed);
      });
      if (r.ran) {
        j.attributeObject("run", [&] {
          j.attribute("zeros", r.zeros);
          j.attribute("calls", static_cast<uint64_t>(r.times.size()));
          j.attribute("medianMs", r.times[r.times.size() / 2]);
          j.attribute("minMs", r.times.front());
          j.attribute("maxMs", r.times.back());
          j.attributeArray("results", [&] {
            for (const jx::runtime::host_buffer &result : r.results)
              j.object([&] {
                j.attribute("type", result.type_string());
                j.attribute("bytes", static_cast<uint64_t>(result.data.size()));
                std::string preview = jx::runtime::format_values(result, 64, 3);
                if (preview.size() > 4000)
                  preview = preview.substr(0, 4000) + "\n...";
                j.attribute("preview", preview);
                writeStats(j, result);
              });
          });
        });
      } else if (!r.runError.empty()) {
        j.attribute("runError", r.runError);
      }
      j.attribute("lineTables", ex.debugInfoNote.rfind("The LLVM IR", 0) == 0);
    });
  }

  return json;
}

} // namespace

FailureOr<page> make_page(ModuleOp module, const explore_options &options) {
  auto start = Clock::now();
  MLIRContext *ctx = module.getContext();
  Explorer ex;
  ex.elide = options.elide_constants;
  const std::string &entry = options.entry;
  auto fn = module.lookupSymbol<func::FuncOp>(entry);
  if (!fn || fn.isExternal())
    return module.emitError("no function @") << entry << " to compile";
  std::string fileName = llvm::sys::path::filename(options.file).str();

  std::vector<jx::runtime::host_buffer> args = options.inputs;
  if (args.empty()) {
    auto dynamic = [](Type t) {
      auto shaped = dyn_cast<ShapedType>(t);
      return shaped && !shaped.hasStaticShape();
    };
    if (llvm::any_of(fn.getArgumentTypes(), dynamic))
      return module.emitError("@")
             << entry
             << " takes arguments of dynamic shape (a shape-polymorphic "
                "export): give inputs, whose shapes specialize it";
  }

  std::map<std::string, uint64_t> shardings;
  countShardings(module, shardings);

  // Stage 0: the source (a jaxpr), when given.
  if (!options.source_text.empty()) {
    Stage s;
    s.id = "source";
    s.title = "source";
    s.kind = "source";
    s.text = options.source_text;
    const std::string &name = options.source_name;
    s.note = "The program before StableHLO (" + name +
             "). jx does not map its lines to StableHLO ops: the op "
             "correspondence starts at the StableHLO stage.";
    // Equations of a jaxpr: `a:f32[] = op ...` (parameters print as
    // `name=value`, without spaces).
    for (std::size_t at = s.text.find(" = "); at != std::string::npos;
         at = s.text.find(" = ", at + 3))
      ++s.opCount;
    s.dialects["source"] = s.opCount;
    ex.stages.push_back(std::move(s));
  }

  // Stage 1: StableHLO, each op relocated to its own line.
  {
    Stage s;
    s.id = "stablehlo";
    s.title = "StableHLO";
    s.kind = "mlir";
    s.ms = options.load_ms;
    ex.collectMlir(module, s, /*define=*/true);
    s.note = "The program as jx read it (" + fileName +
             "). Every op's location is set to its line here, so that each op of "
             "the later stages names the StableHLO ops it came from.";
    ex.stages.push_back(std::move(s));
  }

  // The CPU pipeline's phases, watched through compile()'s hooks.
  jx::compiler::compile_options compileOptions;
  compileOptions.fuse = options.fuse;
  compileOptions.blas = options.blas;
  // Timers around each region when the program runs: the time per region.
  compileOptions.time_regions = !options.inputs.empty() || options.run_zeros;
  auto currentPasses =
      std::make_shared<std::vector<std::pair<std::string, double>>>();
  Clock::time_point phaseStart = Clock::now();
  double collectMs = 0, phasesMs = 0;
  OwningOpRef<ModuleOp> llvmDialect;
  compileOptions.configure_pass_manager = [&](PassManager &pm) {
    currentPasses->clear();
    pm.addInstrumentation(std::make_unique<PassTimes>(currentPasses));
    phaseStart = Clock::now();
    return success();
  };
  static const std::map<std::string, std::string> kTitles = {
      {"hlo", "hlo (simplified)"},
      {"linalg", "linalg (fused)"},
      {"bufferized", "bufferized"},
      {"loops", "loops"},
      {"llvm-dialect", "LLVM dialect"}};
  compileOptions.after_phase = [&](const std::string &phase, ModuleOp m) {
    double ms = msSince(phaseStart);
    phasesMs += ms;
    auto t0 = Clock::now();
    Stage s;
    s.id = phase;
    s.title = kTitles.count(phase) ? kTitles.at(phase) : phase;
    s.kind = "mlir";
    s.ms = ms;
    s.passes = *currentPasses;
    ex.collectMlir(m, s, /*define=*/false);
    ex.stages.push_back(std::move(s));
    const Stage &added = ex.stages.back();
    if (phase == "linalg")
      ex.collectFusion(m, added);
    else if (phase == "bufferized")
      ex.collectMemory(m, entry, added);
    else if (phase == "loops") {
      ex.collectParallel(m, added);
      ex.collectRegions(m, added);
    }
    else if (phase == "llvm-dialect")
      llvmDialect = m.clone();
    collectMs += msSince(t0);
  };
  auto compileStart = Clock::now();
  std::unique_ptr<jx::runtime::executable> exe =
      jx::compiler::compile(module, entry, compileOptions);
  double compileMs = msSince(compileStart);
  if (!exe)
    return failure(); // compile() reported why
  if (!llvmDialect)
    return module.emitError("the pipeline stopped before the LLVM dialect");
  double jitMs = std::max(0.0, compileMs - phasesMs - collectMs);

  // LLVM IR and assembly, compiled again from the llvm-dialect stage with
  // line tables so that instructions keep the StableHLO line:col.
  {
    OwningOpRef<ModuleOp> withLines = llvmDialect->clone();
    withLines->walk([](Operation *op) { op->setLoc(lineTableLoc(op->getLoc())); });
    PassManager pm(ctx);
    pm.addPass(LLVM::createDIScopeForLLVMFuncOpPass());
    bool lines = succeeded(pm.run(*withLines));
    Stage ir;
    ir.id = "llvm-ir";
    ir.title = "LLVM IR";
    ir.kind = "llvm-ir";
    llvm::LLVMContext llvmContext;
    auto t0 = Clock::now();
    std::unique_ptr<llvm::Module> llvmModule;
    {
      // Diagnostics of the first try go nowhere: without line tables is the
      // fallback.
      ScopedDiagnosticHandler quiet(ctx, [](Diagnostic &) { return success(); });
      if (lines)
        llvmModule = jx::cpu::translateToLLVMIR(*withLines, llvmContext, true);
    }
    if (!llvmModule) {
      lines = false;
      withLines = llvmDialect->clone();
      t0 = Clock::now();
      llvmModule = jx::cpu::translateToLLVMIR(*withLines, llvmContext, true);
    }
    if (!llvmModule)
      return module.emitError("translating the LLVM dialect to LLVM IR failed");
    ir.ms = msSince(t0);
    ex.collectLlvmIr(*llvmModule, ir);
    ex.debugInfoNote =
        lines ? "The LLVM IR and assembly shown here are compiled from the "
                "llvm-dialect stage with line tables added "
                "(ensure-debug-info-scope-on-llvm-func), so each instruction's "
                "!dbg / .loc names the StableHLO line:col it came from. The "
                "code is the same; the executable that runs is compiled "
                "without them."
              : "Line tables could not be added to this program's LLVM IR: "
                "its instructions carry no locations, and the page maps LLVM "
                "IR and assembly to the other stages through function names "
                "only.";
    ir.note = ex.debugInfoNote + " Optimized at -O2 for this CPU.";
    ex.stages.push_back(std::move(ir));

    Stage as;
    as.id = "asm";
    as.title = "assembly";
    as.kind = "asm";
    auto t1 = Clock::now();
    llvm::SmallString<0> bytes;
    llvm::raw_svector_ostream os(bytes);
    if (failed(jx::cpu::emitMachineCode(*withLines, /*assembly=*/true, os)))
      return module.emitError("emitting assembly failed");
    as.ms = msSince(t1);
    as.text = std::string(bytes.str());
    ex.collectAsm(as);
    as.note = "The host's assembly (" + jx::runtime::host_cpu().model +
              "). .loc lines give the StableHLO line:col of the instructions "
              "after them.";
    ex.stages.push_back(std::move(as));
  }

  // Numbers from a run.
  bool ran = false;
  std::vector<double> times;
  std::vector<jx::runtime::host_buffer> results;
  std::string runError;
  bool zeros = args.empty();
  if (args.empty() && options.run_zeros)
    for (const jx::runtime::tensor_spec &spec : exe->inputs())
      args.push_back(jx::runtime::zeros_like(spec));
  if (!args.empty()) {
    try {
      results = exe->run(args); // warm-up, and the results shown
      // The region timers' table is the process's: one explorer at a time.
      static std::mutex timersInUse;
      std::lock_guard<std::mutex> lock(timersInUse);
      jx::runtime::reset_region_times();
      auto begin = Clock::now();
      while (times.size() < 5 || (msSince(begin) < 200 && times.size() < 1000)) {
        auto t0 = Clock::now();
        (void)exe->run(args);
        times.push_back(msSince(t0));
      }
      for (TimedRegion &r : ex.regions)
        r.time = jx::runtime::region_time_of(r.id);
      std::sort(times.begin(), times.end());
      ran = true;
    } catch (const jx::runtime::invalid_input &e) {
      return module.emitError(e.what());
    } catch (const std::exception &e) {
      runError = e.what();
    }
  }
  jx::compiler::program_cost cost = jx::compiler::cost_of(module);

  Report report;
  report.file = options.file;
  report.title = options.title.empty() ? fileName : options.title;
  report.fuse = options.fuse;
  report.blas = options.blas;
  report.zeros = zeros;
  report.entry = entry;
  report.compileMs = compileMs;
  report.jitMs = jitMs;
  report.exe = exe.get();
  report.cost = cost;
  report.ran = ran;
  report.times = std::move(times);
  report.results = std::move(results);
  report.runError = runError;
  report.shardings = std::move(shardings);
  report.exploreMs = msSince(start);
  std::string json = pageData(ex, report);

  std::string safeTitle = htmlEscape(report.title), data = scriptSafe(json);
  page result;
  result.html = compose(kHtml, {{"<!--JX_TITLE-->", safeTitle},
                                {"/*JX_CSS*/", kCss},
                                {"/*JX_DATA*/", data},
                                {"/*JX_JS*/", kJs}});
  if (result.html.empty())
    return module.emitError("the explorer page template lacks a marker");
  result.stages = ex.stages.size();
  return result;
}

} // namespace jx::explorer
