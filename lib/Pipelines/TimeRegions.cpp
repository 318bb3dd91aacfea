//===- TimeRegions.cpp - timers around the regions of an entry ------------===//
//
// `--jx-time-regions`: in every public function, each top-level op that
// does work — a loop nest (scf loops and branches, OpenMP regions), a call
// (an outlined loop nest, a GEMM, a convolution, a LAPACK routine) or a
// memref.copy — gets a number, `jx.region = N : i64`, numbered in order
// through the module, and is bracketed by calls of the runtime's
// jx_rt_region_begin(N) and jx_rt_region_end(N), which add its time to slot
// N of the runtime's table (jx/runtime/region_timers.h). What the op came
// from is its location (the StableHLO ops it was made of). Runs at the end
// of the loops phase when compile_options::time_regions asks for it: the
// pipeline explorer's time per fused region.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "RuntimeCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace jx {
namespace {

constexpr llvm::StringLiteral kBegin = "jx_rt_region_begin";
constexpr llvm::StringLiteral kEnd = "jx_rt_region_end";

/// Whether `op`, at the top level of an entry, is worth a timer.
bool isRegion(Operation &op) {
  if (auto call = dyn_cast<func::CallOp>(op))
    return call.getCallee() != kBegin && call.getCallee() != kEnd;
  return op.getNumRegions() > 0 || isa<memref::CopyOp>(op);
}

struct TimeRegionsPass : PassWrapper<TimeRegionsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TimeRegionsPass)
  StringRef getArgument() const override { return "jx-time-regions"; }
  StringRef getDescription() const override {
    return "Time every top-level loop nest, call and copy of the public "
           "functions through the runtime's region timers";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, func::FuncDialect>();
  }
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Operation *> regions;
    for (auto fn : module.getOps<func::FuncOp>()) {
      if (fn.isPrivate() || fn.isExternal())
        continue;
      for (Block &block : fn.getBody())
        for (Operation &op : block)
          if (isRegion(op))
            regions.push_back(&op);
    }
    if (regions.empty())
      return;
    func::FuncOp begin = declareRuntimeFunction(module, kBegin, 1);
    func::FuncOp end = declareRuntimeFunction(module, kEnd, 1);
    OpBuilder b(module.getContext());
    for (auto [id, op] : llvm::enumerate(regions)) {
      op->setAttr("jx.region", b.getI64IntegerAttr(id));
      Location loc = op->getLoc();
      b.setInsertionPoint(op);
      Value n = arith::ConstantIntOp::create(b, loc, id, 64);
      func::CallOp::create(b, loc, begin, ValueRange{n});
      b.setInsertionPointAfter(op);
      func::CallOp::create(b, loc, end, ValueRange{n});
    }
  }
};

} // namespace

void registerTimeRegionsPass() { PassRegistration<TimeRegionsPass>(); }

void forEachTimedRegion(ModuleOp module,
                        llvm::function_ref<void(const TimedRegionInfo &)> fn) {
  auto hasParallel = [](Operation *op) {
    return isa<omp::ParallelOp>(op) ||
           op->walk([](omp::ParallelOp) { return WalkResult::interrupt(); })
               .wasInterrupted();
  };
  module->walk([&](func::CallOp begin) {
    if (begin.getCallee() != kBegin || begin.getNumOperands() != 1)
      return;
    std::optional<int64_t> id = getConstantIntValue(begin.getOperand(0));
    Operation *op = begin->getNextNode();
    if (!id || !op)
      return;
    TimedRegionInfo r{*id, begin, op, op, ""};
    if (auto call = dyn_cast<func::CallOp>(op)) {
      auto callee = module.lookupSymbol<func::FuncOp>(call.getCallee());
      if (callee && !callee.isExternal()) {
        r.body = callee;
        r.kind = hasParallel(callee) ? "parallel loop nest" : "loop nest";
      } else {
        r.kind = call.getCallee().str();
      }
    } else if (isa<memref::CopyOp>(op)) {
      r.kind = "copy";
    } else {
      r.kind = hasParallel(op) ? "parallel loop nest" : "loop nest";
    }
    fn(r);
  });
}

} // namespace jx
