//===- LoopTemporariesOnStack.cpp - small loop temporaries on the stack ---===//
//
// `--jx-loop-temporaries-on-stack`, after the deallocation pipeline. A
// buffer of static size allocated and freed in the body of a loop (the
// per-row temporaries of jx-fuse-rows: a reduction's partial sums, a
// reduced value) cost a heap allocation and a free per iteration, kept the
// loop on one thread (jx-parallel-loops runs no loop that allocates on the
// heap) and hid the values from LLVM, which keeps a stack buffer that
// does not escape in registers. Such a buffer of at most kMaxBytes becomes
// a memref.alloca, and the body saves the stack pointer on entry and
// restores it at its end, so that the stack is released every iteration.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "LoopBuffers.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace jx {
namespace {

/// The largest buffer put on the stack (per iteration of its loop).
constexpr int64_t kMaxBytes = 64 * 1024;

/// The dealloc of `alloc` in its own block, when that is the buffer's only
/// free.
memref::DeallocOp deallocInBlock(memref::AllocOp alloc) {
  memref::DeallocOp found;
  for (Operation *user : alloc->getUsers()) {
    auto dealloc = dyn_cast<memref::DeallocOp>(user);
    if (!dealloc)
      continue;
    if (found || dealloc->getBlock() != alloc->getBlock())
      return nullptr;
    found = dealloc;
  }
  return found;
}

/// Saves the stack pointer at the start of `block` and restores it before
/// its terminator: the stack its allocas take is released at the end of
/// every iteration. (What memref.alloca_scope lowers to; the scope op
/// itself cannot hold the loops inside the body once they become blocks.)
void releaseStackPerIteration(IRRewriter &rewriter, Block *block) {
  Location loc = block->getParentOp()->getLoc();
  rewriter.setInsertionPointToStart(block);
  auto ptr = LLVM::LLVMPointerType::get(rewriter.getContext());
  Value saved = LLVM::StackSaveOp::create(rewriter, loc, ptr);
  rewriter.setInsertionPoint(block->getTerminator());
  LLVM::StackRestoreOp::create(rewriter, loc, saved);
}

struct LoopTemporariesOnStackPass
    : PassWrapper<LoopTemporariesOnStackPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LoopTemporariesOnStackPass)
  StringRef getArgument() const override {
    return "jx-loop-temporaries-on-stack";
  }
  StringRef getDescription() const override {
    return "Put small buffers allocated and freed in a loop body on the "
           "stack, released at the end of every iteration";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect, memref::MemRefDialect>();
  }
  void runOnOperation() override {
    SmallVector<memref::AllocOp> allocs;
    getOperation()->walk([&](memref::AllocOp op) { allocs.push_back(op); });
    llvm::SetVector<Block *> bodies;
    IRRewriter rewriter(&getContext());
    for (memref::AllocOp alloc : allocs) {
      Block *block = alloc->getBlock();
      Operation *parent = block->getParentOp();
      // Only the body of a loop whose terminator passes nothing on, so
      // that no value from the released stack outlives the iteration.
      if (!isa_and_nonnull<LoopLikeOpInterface>(parent) ||
          block->getTerminator()->getNumOperands() != 0 ||
          !alloc.getSymbolOperands().empty())
        continue;
      std::optional<int64_t> bytes = staticBytes(alloc.getType());
      memref::DeallocOp dealloc = deallocInBlock(alloc);
      if (!bytes || *bytes > kMaxBytes || !dealloc)
        continue;
      rewriter.setInsertionPoint(alloc);
      auto alloca = rewriter.replaceOpWithNewOp<memref::AllocaOp>(
          alloc, alloc.getType(), alloc.getAlignmentAttr());
      alloca->setAttr(kPerIterationAttr, rewriter.getUnitAttr());
      rewriter.eraseOp(dealloc);
      bodies.insert(block);
    }
    for (Block *block : bodies)
      releaseStackPerIteration(rewriter, block);
  }
};

/// `--jx-hoist-allocas-per-thread`, after convert-scf-to-openmp: a stack
/// buffer of a parallel loop's iteration (above) moves to the start of the
/// omp.parallel region, which each thread of the team runs once: the
/// buffer is then allocated once per thread rather than per iteration,
/// and, at the entry of the function OpenMP outlines the region into, it
/// is one LLVM can keep in registers. The iterations a thread runs one
/// after another each write the buffer before reading it (it was a fresh
/// allocation per iteration), so sharing it between them is safe.
struct HoistAllocasPerThreadPass
    : PassWrapper<HoistAllocasPerThreadPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(HoistAllocasPerThreadPass)
  StringRef getArgument() const override {
    return "jx-hoist-allocas-per-thread";
  }
  StringRef getDescription() const override {
    return "Move the stack buffers of a parallel loop's iterations to the "
           "start of their omp.parallel region";
  }
  void runOnOperation() override {
    SmallVector<memref::AllocaOp> allocas;
    llvm::SetVector<Block *> emptied;
    getOperation()->walk([&](memref::AllocaOp op) {
      if (op->getNumOperands() == 0 && op->hasAttr(kPerIterationAttr))
        allocas.push_back(op);
    });
    for (memref::AllocaOp alloca : allocas) {
      Operation *parent = alloca->getParentOp();
      while (isa_and_nonnull<memref::AllocaScopeOp, omp::LoopNestOp,
                             omp::WsloopOp>(parent))
        parent = parent->getParentOp();
      auto team = dyn_cast_or_null<omp::ParallelOp>(parent);
      if (!team || alloca->getParentOp() == team)
        continue;
      Block &entry = team.getRegion().front();
      Block *from = alloca->getBlock();
      alloca->moveBefore(&entry, entry.begin());
      emptied.insert(from);
    }
    // The blocks the allocas left: the stack they saved and restored has
    // nothing left to release. (The alloca_scope convert-scf-to-openmp put
    // around them, empty of allocas now, is inlined by canonicalization.)
    for (Block *block : emptied) {
      if (llvm::any_of(block->getOperations(), [](Operation &op) {
            return isa<memref::AllocaOp>(op);
          }))
        continue;
      for (auto save :
           llvm::make_early_inc_range(block->getOps<LLVM::StackSaveOp>())) {
        if (!save->hasOneUse())
          continue;
        auto restore = dyn_cast<LLVM::StackRestoreOp>(*save->user_begin());
        if (!restore || restore->getBlock() != block)
          continue;
        restore->erase();
        save->erase();
      }
    }
  }
};

} // namespace

void registerLoopTemporariesOnStackPass() {
  PassRegistration<LoopTemporariesOnStackPass>();
  PassRegistration<HoistAllocasPerThreadPass>();
}

} // namespace jx
