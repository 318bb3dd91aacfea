//===- LoopAccumulators.cpp - reduction accumulators kept in registers ----===//
//
// `--jx-loop-accumulators`, on CUDA kernels before outlining (gpu.launch
// bodies over buffers): a sequential loop in a kernel that loads an element,
// combines it and stores it back at the same place each iteration (what
// convert-linalg-to-loops makes of a reduction: `out[i] = out[i] + x[i, k]` for
// k) carries the element as a loop value instead, loaded once before the loop
// and stored once after it.
//
// In a CUDA kernel LLVM cannot do this itself: the kernel's pointers may
// alias as far as it knows, so every iteration stored to global memory.
// The rewrite relies on what the loops come from: a linalg op reads its
// inputs and writes its outputs as separate values (bufferization does not
// give a reduction's output the memory of an input it reads), so the loop's
// other loads do not read the accumulated element. It applies when:
//
//  - the store is directly in the loop body (every iteration), to a buffer
//    and indices defined outside the loop;
//  - the only other access to that buffer in the loop is one load at the
//    same indices, directly in the body, before the store;
//  - nothing else in the loop writes memory, and no two accumulators use
//    the same buffer.
//
// Loops outside kernels are left alone: the hoisted load and store would
// run on the host. Inner loops are rewritten first, so a nest over several
// reduced dimensions keeps its element in a register throughout.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CUDAPipeline.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;

namespace jx {
namespace {

struct Accumulator {
  memref::LoadOp load;
  memref::StoreOp store;
};

/// Whether `op` (in the loop, nested or not) only reads memory, or is one
/// of the accumulators' stores.
bool onlyReads(Operation *op, const llvm::DenseMap<Operation *, int> &stores) {
  if (stores.count(op))
    return true;
  if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
    return true; // its nested ops are checked themselves
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return op->hasTrait<OpTrait::IsTerminator>();
  SmallVector<MemoryEffects::EffectInstance> list;
  effects.getEffects(list);
  return llvm::all_of(list, [](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Read>(e.getEffect());
  });
}

/// The buffer `v` is a view of (through subviews, reshapes, casts).
Value rootBuffer(Value v) {
  while (auto view = v.getDefiningOp<ViewLikeOpInterface>())
    v = view.getViewSource();
  return v;
}

/// The accumulators of `loop`, empty when its body does anything else
/// that the rewrite could reorder.
SmallVector<Accumulator> findAccumulators(scf::ForOp loop) {
  Block *body = loop.getBody();
  auto invariant = [&](ValueRange values) {
    return llvm::all_of(
        values, [&](Value v) { return loop.isDefinedOutsideOfLoop(v); });
  };
  SmallVector<Accumulator> found;
  llvm::DenseMap<Operation *, int> stores;
  llvm::DenseMap<Value, int> byBuffer, byRoot;
  for (Operation &op : *body) {
    auto store = dyn_cast<memref::StoreOp>(op);
    if (!store || !invariant(store.getMemRef()) ||
        !invariant(store.getIndices()))
      continue;
    if (!byRoot.try_emplace(rootBuffer(store.getMemRef()), found.size()).second)
      return {};
    byBuffer[store.getMemRef()] = found.size();
    stores[store] = found.size();
    found.push_back({nullptr, store});
  }
  if (found.empty())
    return {};
  bool ok = true;
  loop.getBody()->walk([&](Operation *op) {
    if (!ok)
      return;
    if (!onlyReads(op, stores)) {
      ok = false;
      return;
    }
    auto load = dyn_cast<memref::LoadOp>(op);
    if (!load)
      return;
    auto it = byBuffer.find(load.getMemRef());
    if (it == byBuffer.end()) {
      // Another view of an accumulator's buffer.
      ok = !byRoot.count(rootBuffer(load.getMemRef()));
      return;
    }
    Accumulator &acc = found[it->second];
    // One load, directly in the body before the store, at its indices.
    ok = !acc.load && load->getBlock() == body &&
         load->isBeforeInBlock(acc.store) &&
         llvm::equal(load.getIndices(), acc.store.getIndices());
    acc.load = load;
  });
  if (!ok || llvm::any_of(found, [](const Accumulator &a) { return !a.load; }))
    return {};
  return found;
}

void promote(RewriterBase &rewriter, scf::ForOp loop,
             MutableArrayRef<Accumulator> accumulators) {
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  SmallVector<Value> inits;
  for (Accumulator &a : accumulators)
    inits.push_back(memref::LoadOp::create(
        rewriter, a.load.getLoc(), a.store.getMemRef(), a.store.getIndices()));
  SmallVector<Value> stored;
  for (Accumulator &a : accumulators)
    stored.push_back(a.store.getValueToStore());
  FailureOr<LoopLikeOpInterface> replaced = loop.replaceWithAdditionalYields(
      rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &, Location, ArrayRef<BlockArgument>) { return stored; });
  if (failed(replaced))
    return;
  auto newLoop = cast<scf::ForOp>(replaced->getOperation());
  unsigned first = newLoop.getNumRegionIterArgs() - accumulators.size();
  rewriter.setInsertionPointAfter(newLoop);
  for (auto [i, a] : llvm::enumerate(accumulators)) {
    rewriter.replaceAllUsesWith(a.load.getResult(),
                                newLoop.getRegionIterArgs()[first + i]);
    memref::StoreOp::create(rewriter, loc, newLoop.getResults()[first + i],
                            a.store.getMemRef(), a.store.getIndices());
    rewriter.eraseOp(a.store);
    rewriter.eraseOp(a.load);
  }
}

struct LoopAccumulatorsPass
    : PassWrapper<LoopAccumulatorsPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LoopAccumulatorsPass)
  StringRef getArgument() const override { return "jx-loop-accumulators"; }
  StringRef getDescription() const override {
    return "In CUDA kernels, keep the element a loop loads and stores back "
           "each iteration in a loop value";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<memref::MemRefDialect, scf::SCFDialect>();
  }
  void runOnOperation() override {
    // Post-order: inner loops first, so that the loads and stores they
    // hoist are found again in the loop around them.
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) {
      if (loop->getParentOfType<gpu::LaunchOp>())
        loops.push_back(loop);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ForOp loop : loops) {
      SmallVector<Accumulator> accumulators = findAccumulators(loop);
      if (!accumulators.empty())
        promote(rewriter, loop, accumulators);
    }
  }
};

} // namespace

void registerLoopAccumulatorsPass() {
  PassRegistration<LoopAccumulatorsPass>();
}

} // namespace jx
