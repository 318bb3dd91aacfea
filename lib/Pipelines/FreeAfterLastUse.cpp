//===- FreeAfterLastUse.cpp - free each temporary after its last use ------===//
//
// `--jx-free-after-last-use`, between ownership-based-buffer-deallocation
// and buffer-deallocation-simplification. The ownership pass frees the
// buffers a block allocates in one `bufferization.dealloc` at the block's
// end. In a model's straight-line entry function that is one dealloc of
// thousands of buffers, which has two costs: every temporary lives until
// the function returns (peak memory is the sum of all of them, not of the
// live ones), and the simplification pass compares the buffers pairwise
// (quadratic: 1 s for 2000 buffers, most of a 4000-op program's MLIR
// time).
//
// This pass takes out of such a dealloc each buffer that the block's own
// `memref.alloc` made, that the dealloc frees unconditionally (no retained
// values, condition `true`), and whose every use stays in the block: then
// it frees the buffer with a `memref.dealloc` right after the last op of
// the block that uses it, or a view of it, or a pointer or index computed
// from it (`extract_aligned_pointer_as_index` feeds runtime calls). A
// buffer that could escape — yielded or returned, stored to memory, or
// passed to an op whose results might alias it — stays in the dealloc.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;

namespace jx {
namespace {

/// Whether the value that `use` reads may be kept past the op: a yield or
/// return hands it on, a store writes it to memory.
bool escapes(OpOperand &use) {
  Operation *user = use.getOwner();
  if (user->hasTrait<OpTrait::IsTerminator>())
    return true;
  if (auto store = dyn_cast<memref::StoreOp>(user))
    return use.get() == store.getValueToStore();
  return false;
}

/// Whether the results of `op` are computed from its operands alone, so
/// that a result may be (or point into) the buffer an operand names.
bool forwardsOperands(Operation *op) {
  return isa<ViewLikeOpInterface>(op) || isMemoryEffectFree(op);
}

/// The last op of `block` that uses `alloc` (or what is derived from it),
/// ignoring `skip`; null when the buffer may escape or is used outside
/// the block.
Operation *lastUseInBlock(memref::AllocOp alloc, Block *block,
                          const llvm::SmallPtrSetImpl<Operation *> &skip) {
  Operation *last = alloc;
  SmallVector<Value> work{alloc.getResult()};
  llvm::SmallPtrSet<Value, 16> seen{alloc.getResult()};
  while (!work.empty()) {
    Value value = work.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (skip.contains(user))
        continue;
      if (escapes(use))
        return nullptr;
      Operation *inBlock = block->findAncestorOpInBlock(*user);
      if (!inBlock)
        return nullptr;
      if (last->isBeforeInBlock(inBlock))
        last = inBlock;
      if (user->getNumResults() == 0)
        continue;
      // An op that reads the buffer's contents (a load) gives data, not
      // the buffer; anything else with results might hand the buffer on.
      if (!forwardsOperands(user)) {
        auto effects = dyn_cast<MemoryEffectOpInterface>(user);
        if (!effects || !effects.onlyHasEffect<MemoryEffects::Read>())
          return nullptr;
        continue;
      }
      for (Value result : user->getResults())
        if (seen.insert(result).second)
          work.push_back(result);
    }
  }
  return last;
}

struct FreeAfterLastUsePass
    : PassWrapper<FreeAfterLastUsePass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FreeAfterLastUsePass)
  StringRef getArgument() const override { return "jx-free-after-last-use"; }
  StringRef getDescription() const override {
    return "Free each buffer a block allocates right after its last use "
           "instead of in the block's one bufferization.dealloc";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<memref::MemRefDialect>();
  }
  void runOnOperation() override {
    SmallVector<bufferization::DeallocOp> deallocs;
    getOperation()->walk(
        [&](bufferization::DeallocOp op) { deallocs.push_back(op); });
    for (bufferization::DeallocOp dealloc : deallocs)
      splitOff(dealloc);
  }

  void splitOff(bufferization::DeallocOp dealloc) {
    if (!dealloc.getRetained().empty())
      return;
    Block *block = dealloc->getBlock();
    SmallVector<Value> keptMemrefs, keptConditions;
    bool changed = false;
    for (auto [memref, condition] :
         llvm::zip(dealloc.getMemrefs(), dealloc.getConditions())) {
      llvm::SmallPtrSet<Operation *, 2> skip{dealloc};
      Value buffer = memref;
      if (auto metadata =
              buffer.getDefiningOp<memref::ExtractStridedMetadataOp>()) {
        // The dealloc frees the base buffer the ownership pass took from
        // the allocation; that op exists for the dealloc only.
        if (metadata.getBaseBuffer().hasOneUse() &&
            llvm::all_of(metadata->getResults().drop_front(),
                         [](Value v) { return v.use_empty(); })) {
          skip.insert(metadata);
          buffer = metadata.getSource();
        }
      }
      auto alloc = buffer.getDefiningOp<memref::AllocOp>();
      Operation *freeAfter = nullptr;
      if (alloc && alloc->getBlock() == block &&
          matchPattern(condition, m_One()))
        freeAfter = lastUseInBlock(alloc, block, skip);
      if (!freeAfter) {
        keptMemrefs.push_back(memref);
        keptConditions.push_back(condition);
        continue;
      }
      OpBuilder b(freeAfter->getContext());
      b.setInsertionPointAfter(freeAfter);
      memref::DeallocOp::create(b, dealloc.getLoc(), alloc);
      changed = true;
    }
    if (!changed)
      return;
    OpBuilder b(dealloc);
    if (!keptMemrefs.empty())
      bufferization::DeallocOp::create(b, dealloc.getLoc(), keptMemrefs,
                                       keptConditions, ValueRange{});
    SmallVector<Operation *> metadata;
    for (Value memref : dealloc.getMemrefs())
      if (auto op = memref.getDefiningOp<memref::ExtractStridedMetadataOp>())
        metadata.push_back(op);
    dealloc.erase();
    for (Operation *op : metadata)
      if (op->use_empty())
        op->erase();
  }
};

} // namespace

void registerFreeAfterLastUsePass() {
  PassRegistration<FreeAfterLastUsePass>();
}

} // namespace jx
