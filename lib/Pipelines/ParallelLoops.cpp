//===- ParallelLoops.cpp - which loops run on several cores ---------------===//
//
// `--jx-parallel-loops` runs after convert-linalg-to-parallel-loops, which
// makes an scf.parallel of every linalg op's parallel dimensions (its
// reductions are scf.for loops inside). It keeps as scf.parallel, for
// convert-scf-to-openmp, only the outermost parallel loops worth a fork:
//
//  - static bounds, and at least `kMinParallelWork` innermost iterations
//    in the whole nest (the product of the static trip counts, counting
//    sequential loops inside): below that the fork and join of a thread
//    team (microseconds) would cost more than it saves, and a small
//    program stays on the calling thread;
//  - a body with no calls (BLAS, the runtime's checks) and no heap
//    allocation or deallocation: compiled code's allocations are
//    accounted to the calling thread's call (memory.h).
//
// Every other scf.parallel, including those nested in a kept one, becomes
// nested scf.for loops. Only parallel dimensions are divided among
// threads, and each element is computed by the same sequence of
// operations whichever thread runs it: results do not depend on the
// number of threads.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>

using namespace mlir;

namespace jx {
namespace {

/// About 64K elements of elementwise work: tens of microseconds.
constexpr int64_t kMinParallelWork = int64_t{1} << 16;

std::optional<int64_t> tripCount(Value lb, Value ub, Value step) {
  std::optional<int64_t> l = getConstantIntValue(lb),
                         u = getConstantIntValue(ub),
                         s = getConstantIntValue(step);
  if (!l || !u || !s || *s <= 0)
    return std::nullopt;
  return *u > *l ? (*u - *l + *s - 1) / *s : 0;
}

/// Innermost iterations of the loops in `region` per execution of it (the
/// sum over its loops, each the product of its trip count and its own
/// body's), at least: a loop inside whose trip count is not a constant (an
/// scf.while, a merge of runs whose bounds are computed) counts as one
/// iteration of its body, so that a nest is divided among threads only
/// when the work known at compile time is worth it.
std::optional<int64_t> workIn(Region &region);

std::optional<int64_t> workOf(Operation *op) {
  int64_t trips = 1;
  if (auto p = dyn_cast<scf::ParallelOp>(op)) {
    for (auto [l, u, s] :
         llvm::zip(p.getLowerBound(), p.getUpperBound(), p.getStep())) {
      std::optional<int64_t> t = tripCount(l, u, s);
      if (!t)
        return std::nullopt;
      trips *= *t;
    }
  } else if (auto f = dyn_cast<scf::ForOp>(op)) {
    trips = tripCount(f.getLowerBound(), f.getUpperBound(), f.getStep())
                .value_or(1);
  } else if (isa<scf::WhileOp>(op)) {
    std::optional<int64_t> before = workIn(op->getRegion(0));
    std::optional<int64_t> after = workIn(op->getRegion(1));
    if (!before || !after)
      return std::nullopt;
    return std::max<int64_t>(*before + *after, 1);
  } else {
    return 1;
  }
  std::optional<int64_t> inner = workIn(op->getRegion(0));
  if (!inner)
    return std::nullopt;
  return trips * std::max<int64_t>(*inner, 1);
}

std::optional<int64_t> workIn(Region &region) {
  int64_t total = 0;
  for (Operation &op : region.getOps()) {
    // A vector store does the work of one iteration per element.
    if (auto store = dyn_cast<vector::StoreOp>(op)) {
      total += store.getVectorType().getNumElements();
      continue;
    }
    if (!isa<scf::ParallelOp, scf::ForOp, scf::WhileOp>(op)) {
      if (op.getNumRegions() && !isa<scf::IfOp>(op))
        return std::nullopt; // regions of unknown meaning
      continue;
    }
    std::optional<int64_t> w = workOf(&op);
    if (!w)
      return std::nullopt;
    total += *w;
  }
  return total;
}

/// No calls, no allocation or deallocation on the heap.
bool isSafeToRunInParallel(scf::ParallelOp loop) {
  WalkResult r = loop.getBody()->walk([](Operation *op) {
    if (isa<CallOpInterface>(op))
      return WalkResult::interrupt();
    if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
      if (effects.hasEffect<MemoryEffects::Allocate>() ||
          effects.hasEffect<MemoryEffects::Free>()) {
        // An alloca lives on the running thread's stack: fine.
        if (op->getName().getStringRef() != "memref.alloca")
          return WalkResult::interrupt();
      }
    } else if (isa<LLVM::StackSaveOp, LLVM::StackRestoreOp>(op)) {
      // The stack of the iteration's temporaries (jx-loop-temporaries-on-
      // stack): the running thread's own.
    } else if (isa<memref::PrefetchOp>(op)) {
      // A hint to the cache (jx-prefetch-next-rows): no effect to order.
    } else if (!isPure(op) && op->getNumRegions() == 0 &&
               !op->hasTrait<OpTrait::IsTerminator>()) {
      return WalkResult::interrupt(); // unknown effects
    }
    return WalkResult::advance();
  });
  return !r.wasInterrupted();
}

/// Moves the body of `loop` (without its terminator) into the innermost
/// loop of its replacement, `inner`, on induction variables `ivs`, and
/// erases `loop`.
void moveBodyInto(RewriterBase &rewriter, scf::ParallelOp loop,
                  scf::ForOp inner, ValueRange ivs) {
  Block *body = loop.getBody();
  rewriter.eraseOp(body->getTerminator());
  rewriter.inlineBlockBefore(body, inner.getBody()->getTerminator(), ivs);
  rewriter.eraseOp(loop);
}

/// Where jx-short-inner-loops marked `loop`, asks LLVM not to
/// unroll `innermost`, the scf.for made of its last dimension: a short
/// loop LLVM unrolls before its vectorizer runs, which then vectorizes the
/// loop around it with gathers and scatters.
void keepInnermostForVectorizer(scf::ParallelOp loop, scf::ForOp innermost) {
  if (!loop->hasAttr(kVectorizeInnermostAttr))
    return;
  MLIRContext *context = loop.getContext();
  innermost->setAttr(
      "loop_annotation", // the name of llvm.br's attribute, copied by scf-to-cf
      LLVM::LoopAnnotationAttr::get(
          context, /*disableNonforced=*/{}, /*vectorize=*/{},
          /*interleave=*/{},
          LLVM::LoopUnrollAttr::get(context, BoolAttr::get(context, true), {},
                                    {}, {}, {}, {}, {}),
          {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}));
}

/// An scf.parallel (without reductions) as nested scf.for loops.
void toForLoops(RewriterBase &rewriter, scf::ParallelOp loop) {
  rewriter.setInsertionPoint(loop);
  SmallVector<Value> ivs;
  scf::LoopNest nest = scf::buildLoopNest(
      rewriter, loop.getLoc(), loop.getLowerBound(), loop.getUpperBound(),
      loop.getStep(),
      [&](OpBuilder &, Location, ValueRange iv) {
        ivs.assign(iv.begin(), iv.end());
      });
  keepInnermostForVectorizer(loop, nest.loops.back());
  moveBodyInto(rewriter, loop, nest.loops.back(), ivs);
}

/// Keeps the leading dimensions of a kept scf.parallel, as few as give at
/// least kMinParallelTrips iterations, as the parallel loop and makes the
/// others scf.for loops inside it: OpenMP would collapse every dimension
/// into one index, and the divisions that recover the inner indices from
/// it stop the vectorization of the innermost loop.
constexpr int64_t kMinParallelTrips = 64;

void keepLeadingDims(RewriterBase &rewriter, scf::ParallelOp loop) {
  unsigned keep = 0;
  int64_t trips = 1;
  while (keep < loop.getNumLoops() && trips < kMinParallelTrips) {
    trips *= *tripCount(loop.getLowerBound()[keep], loop.getUpperBound()[keep],
                        loop.getStep()[keep]);
    ++keep;
  }
  if (keep == loop.getNumLoops())
    return;
  Location loc = loop.getLoc();
  ValueRange lbs = loop.getLowerBound(), ubs = loop.getUpperBound(),
             steps = loop.getStep();
  rewriter.setInsertionPoint(loop);
  auto outer = scf::ParallelOp::create(rewriter, loc, lbs.take_front(keep),
                                       ubs.take_front(keep),
                                       steps.take_front(keep));
  rewriter.setInsertionPoint(outer.getBody()->getTerminator());
  SmallVector<Value> ivs(outer.getInductionVars());
  scf::LoopNest nest = scf::buildLoopNest(
      rewriter, loc, lbs.drop_front(keep), ubs.drop_front(keep),
      steps.drop_front(keep), [&](OpBuilder &, Location, ValueRange iv) {
        ivs.append(iv.begin(), iv.end());
      });
  keepInnermostForVectorizer(loop, nest.loops.back());
  moveBodyInto(rewriter, loop, nest.loops.back(), ivs);
}

struct ParallelLoopsPass
    : PassWrapper<ParallelLoopsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ParallelLoopsPass)
  StringRef getArgument() const override { return "jx-parallel-loops"; }
  StringRef getDescription() const override {
    return "Keep as scf.parallel only the outermost loops large and safe "
           "enough to run on several threads; the rest become scf.for";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, scf::SCFDialect, LLVM::LLVMDialect>();
  }
  void runOnOperation() override {
    SmallVector<scf::ParallelOp> serial, kept;
    getOperation().walk<WalkOrder::PreOrder>([&](scf::ParallelOp loop) {
      if (!loop.getInitVals().empty())
        return WalkResult::skip(); // scf.reduce: left to the lowering
      bool nested = loop->getParentOfType<scf::ParallelOp>() != nullptr;
      std::optional<int64_t> work = nested ? std::nullopt : workOf(loop);
      bool keep = work && *work >= kMinParallelWork &&
                  isSafeToRunInParallel(loop);
      (keep ? kept : serial).push_back(loop);
      return WalkResult::advance();
    });
    IRRewriter rewriter(&getContext());
    // Innermost first, so that every loop converted is still in place.
    for (scf::ParallelOp loop : llvm::reverse(serial))
      toForLoops(rewriter, loop);
    for (scf::ParallelOp loop : kept)
      keepLeadingDims(rewriter, loop);
  }
};

} // namespace

void registerParallelLoopsPass() { PassRegistration<ParallelLoopsPass>(); }

} // namespace jx
