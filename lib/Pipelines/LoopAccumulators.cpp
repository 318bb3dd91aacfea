//===- LoopAccumulators.cpp - reduction accumulators kept in registers ----===//
//
// `--jx-loop-accumulators`, on CUDA kernels before outlining (gpu.launch
// bodies over buffers, and the parallel loops that become kernels): a
// sequential loop in a kernel that loads an element,
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
// Then the fill that starts a reduction (linalg.fill's loop, a kernel of
// its own) is folded into it: a parallel loop that only stores a constant
// into each element of a buffer, followed by a parallel loop over the same
// points that reads each point's element once, first, and stores it back
// unconditionally (an accumulator, hoisted as above) and touches no other
// element of the buffer: the read becomes the constant and the fill goes.
// Between the two there may only be allocations, frees of other buffers,
// views and other ops that touch no memory.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CUDAPipeline.h"

#include "LoopBuffers.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
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
    if (!byRoot.try_emplace(viewRoot(store.getMemRef()), found.size()).second)
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
      ok = !byRoot.count(viewRoot(load.getMemRef()));
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

/// Whether `indices` are `loop`'s induction variables, in order.
bool atInductionVars(ValueRange indices, scf::ParallelOp loop) {
  return llvm::equal(indices, loop.getInductionVars());
}

/// The constant a fill loop stores, and its buffer: `fill` is a parallel
/// loop whose body only stores a value defined outside it at its own point.
std::pair<Value, Value> fillOf(scf::ParallelOp fill) {
  Block &body = fill.getRegion().front();
  if (body.getOperations().size() != 2) // the store and the terminator
    return {};
  auto store = dyn_cast<memref::StoreOp>(body.front());
  if (!store || !atInductionVars(store.getIndices(), fill) ||
      !fill.isDefinedOutsideOfLoop(store.getValueToStore()))
    return {};
  return {store.getValueToStore(), store.getMemRef()};
}

/// Whether `a` and `b` run over the same points.
bool sameSpace(scf::ParallelOp a, scf::ParallelOp b) {
  auto same = [](ValueRange x, ValueRange y) {
    return x.size() == y.size() && llvm::all_of(llvm::zip(x, y), [](auto pair) {
             auto [u, v] = pair;
             if (u == v)
               return true;
             std::optional<int64_t> cu = getConstantIntValue(u),
                                    cv = getConstantIntValue(v);
             return cu && cv && *cu == *cv;
           });
  };
  return same(a.getLowerBound(), b.getLowerBound()) &&
         same(a.getUpperBound(), b.getUpperBound()) &&
         same(a.getStep(), b.getStep());
}

/// Folds the fill before `loop` into it (see the top of the file); whether
/// it did.
bool foldFillInto(RewriterBase &rewriter, scf::ParallelOp loop) {
  // The parallel loop before it, past ops that touch no memory but to
  // allocate or free buffers (other than the fill's, checked below).
  Operation *prev = loop->getPrevNode();
  SmallVector<Value> freed;
  while (prev && !isa<scf::ParallelOp>(prev)) {
    std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
        getEffectsRecursively(prev);
    if (!effects)
      return false;
    for (const MemoryEffects::EffectInstance &e : *effects) {
      if (isa<MemoryEffects::Allocate>(e.getEffect()))
        continue;
      if (!isa<MemoryEffects::Free>(e.getEffect()) || !e.getValue())
        return false;
      freed.push_back(e.getValue());
    }
    prev = prev->getPrevNode();
  }
  auto fill = dyn_cast_or_null<scf::ParallelOp>(prev);
  if (!fill || !sameSpace(fill, loop))
    return false;
  auto [value, buffer] = fillOf(fill);
  if (!buffer)
    return false;
  Value root = viewRoot(buffer);
  if (llvm::any_of(freed, [&](Value v) { return viewRoot(v) == root; }))
    return false;
  // In the loop: one load at its point, first, and an unconditional store
  // at its point after it; no other use of the buffer or of another view
  // of its memory.
  Block &body = loop.getRegion().front();
  memref::LoadOp load;
  memref::StoreOp store;
  bool ok = true;
  loop.getRegion().walk([&](Operation *op) {
    for (Value operand : op->getOperands()) {
      if (!isa<BaseMemRefType>(operand.getType()) || viewRoot(operand) != root)
        continue;
      if (auto l = dyn_cast<memref::LoadOp>(op);
          l && !load && operand == buffer && l->getBlock() == &body &&
          atInductionVars(l.getIndices(), loop))
        load = l;
      else if (auto st = dyn_cast<memref::StoreOp>(op);
               st && !store && st.getMemRef() == buffer &&
               st->getBlock() == &body &&
               atInductionVars(st.getIndices(), loop))
        store = st;
      else
        ok = false;
    }
  });
  if (!ok || !load || !store || !load->isBeforeInBlock(store))
    return false;
  rewriter.replaceAllUsesWith(load.getResult(), value);
  rewriter.eraseOp(load);
  rewriter.eraseOp(fill);
  return true;
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
           "each iteration in a loop value, and fold the constant fills "
           "before reductions into them";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<memref::MemRefDialect, scf::SCFDialect>();
  }
  void runOnOperation() override {
    // Post-order: inner loops first, so that the loads and stores they
    // hoist are found again in the loop around them.
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) {
      if (loop->getParentOfType<gpu::LaunchOp>() ||
          loop->getParentOfType<scf::ParallelOp>())
        loops.push_back(loop);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ForOp loop : loops) {
      SmallVector<Accumulator> accumulators = findAccumulators(loop);
      if (!accumulators.empty())
        promote(rewriter, loop, accumulators);
    }
    // Fills folded into the reductions after them; again while one goes
    // (a reduction with two results follows two fills).
    SmallVector<scf::ParallelOp> parallel;
    getOperation()->walk(
        [&](scf::ParallelOp loop) { parallel.push_back(loop); });
    for (scf::ParallelOp loop : parallel)
      while (foldFillInto(rewriter, loop)) {
      }
  }
};

} // namespace

void registerLoopAccumulatorsPass() {
  PassRegistration<LoopAccumulatorsPass>();
}

} // namespace jx
