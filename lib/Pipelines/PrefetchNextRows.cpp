//===- PrefetchNextRows.cpp - fetch the next row while this one computes --===//
//
// `--jx-prefetch-next-rows`, loops phase, after
// convert-linalg-to-parallel-loops. A loop over rows from jx-fuse-rows
// (softmax, layernorm, log_softmax) reads each row of its input from
// memory in its first nest (the row's max, or mean) and again, from the
// cache, in later ones (the exponentials, the variance), which compute
// more than they load. Nothing fetches the next row meanwhile: the
// hardware prefetcher follows the stream the first nest reads and stops at
// the row's end, so each row's first pass waits for memory while the core
// has nothing else to do, and the computing passes leave the memory idle.
//
// This pass makes the second nest that reads an input row also fetch the
// same elements of the next row into the cache: its innermost loop, over
// the row's contiguous dimension, is strip-mined by one cache line (64
// bytes of elements), and each strip starts with a memref.prefetch (LLVM's
// prefetch, locality 2: into L2) of that line of the next row. The inner
// loop of a strip keeps a constant trip count, which LLVM vectorizes as
// before. The last row prefetches itself. Only prefetches are added:
// results are unchanged, bit for bit.
//
// Measured on an AMD EPYC (Zen 5, AVX-512), one core, softmax over the
// rows of f32[4096, 4096] (docs/performance.md).
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/MapVector.h"

using namespace mlir;

namespace jx {
namespace {

/// The bytes one prefetch brings: a cache line.
constexpr int64_t kLineBytes = 64;

/// A load in a nest of the row loop that reads a row of a buffer defined
/// outside it, through views that depend on the row.
struct RowRead {
  memref::LoadOp load;
  Operation *nest;                   // the row loop's child that holds it
  SmallVector<Operation *> views;    // from the load's memref to the buffer
};

/// The views from `load`'s memref back to a buffer defined outside `rows`
/// (innermost first), when they are all ops of the row loop's body and
/// one of them takes the row index `row`; none otherwise.
std::optional<SmallVector<Operation *>>
viewsOfRow(memref::LoadOp load, scf::ParallelOp rows, Value row) {
  SmallVector<Operation *> views;
  Value m = load.getMemref();
  Block *body = rows.getBody();
  while (Operation *def = m.getDefiningOp()) {
    if (def->getBlock() != body)
      break;
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      return std::nullopt;
    views.push_back(def);
    m = view.getViewSource();
  }
  if (views.empty() || rows->isAncestor(m.getParentRegion()->getParentOp()))
    return std::nullopt;
  bool usesRow = llvm::any_of(views, [&](Operation *op) {
    return llvm::is_contained(op->getOperands(), row);
  });
  if (!usesRow)
    return std::nullopt;
  return views;
}

/// The loop directly around `load` that can be strip-mined by `strip`
/// elements along the load's last index: an scf.parallel without
/// reductions or an scf.for without results, constant bounds, step 1, a
/// trip count that `strip` divides, the last index its (last) induction
/// variable and the other indices available outside its body.
Operation *stripMinable(memref::LoadOp load, int64_t strip) {
  Operation *loop = load->getParentOp();
  Value lb, ub, step, iv;
  if (auto par = dyn_cast<scf::ParallelOp>(loop)) {
    if (!par.getInitVals().empty())
      return nullptr;
    lb = par.getLowerBound().back();
    ub = par.getUpperBound().back();
    step = par.getStep().back();
    iv = par.getInductionVars().back();
  } else if (auto loopFor = dyn_cast<scf::ForOp>(loop)) {
    if (loopFor.getNumResults() != 0)
      return nullptr;
    lb = loopFor.getLowerBound();
    ub = loopFor.getUpperBound();
    step = loopFor.getStep();
    iv = loopFor.getInductionVar();
  } else {
    return nullptr;
  }
  std::optional<int64_t> l = getConstantIntValue(lb),
                         u = getConstantIntValue(ub),
                         s = getConstantIntValue(step);
  if (!l || !u || !s || *s != 1 || *u <= *l || (*u - *l) % strip != 0)
    return nullptr;
  auto indices = load.getIndices();
  if (indices.empty() || indices.back() != iv)
    return nullptr;
  for (Value index : indices.drop_back())
    if (Operation *def = index.getDefiningOp(); def && loop->isAncestor(def))
      return nullptr;
  return loop;
}

/// Strip-mines `loop` (stripMinable) by `strip` and returns the builder
/// position at the start of each strip, where the strip's first index is
/// `stripStart`.
OpBuilder stripMine(Operation *loop, int64_t strip, Value &stripStart) {
  OpBuilder b(loop);
  Location loc = loop->getLoc();
  Value stride = arith::ConstantIndexOp::create(b, loc, strip);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Block *body;
  Value iv;
  if (auto par = dyn_cast<scf::ParallelOp>(loop)) {
    par.getStepMutable()[par.getStep().size() - 1].set(stride);
    body = par.getBody();
    iv = par.getInductionVars().back();
  } else {
    auto loopFor = cast<scf::ForOp>(loop);
    loopFor.getStepMutable().set(stride);
    body = loopFor.getBody();
    iv = loopFor.getInductionVar();
  }
  // for k in [0, strip): the element iv + k (constant bounds, so that
  // jx-parallel-loops still counts the nest's work).
  b.setInsertionPointToStart(body);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  auto inner = scf::ForOp::create(b, loc, zero, stride, one);
  Block *innerBody = inner.getBody();
  b.setInsertionPointToStart(innerBody);
  Value element = arith::AddIOp::create(b, loc, iv, inner.getInductionVar());
  // Everything the body did, now once per element of the strip.
  Operation *terminator = body->getTerminator();
  for (Operation &op : llvm::make_early_inc_range(
           llvm::make_range(std::next(Block::iterator(inner)),
                            Block::iterator(terminator))))
    op.moveBefore(innerBody->getTerminator());
  iv.replaceUsesWithIf(element, [&](OpOperand &use) {
    return use.getOwner() != element.getDefiningOp() &&
           inner->isProperAncestor(use.getOwner());
  });
  stripStart = iv;
  b.setInsertionPoint(inner);
  return b;
}

struct PrefetchNextRowsPass
    : PassWrapper<PrefetchNextRowsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PrefetchNextRowsPass)
  StringRef getArgument() const override { return "jx-prefetch-next-rows"; }
  StringRef getDescription() const override {
    return "In a loop over rows, the second nest that reads an input row "
           "prefetches the same elements of the next row";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, memref::MemRefDialect,
                    scf::SCFDialect>();
  }

  void runOnOperation() override {
    SmallVector<scf::ParallelOp> rowLoops;
    getOperation().walk([&](scf::ParallelOp loop) {
      // A loop over rows holds loop nests of its own.
      if (loop.getInitVals().empty() &&
          llvm::count_if(loop.getBody()->getOperations(), [](Operation &op) {
            return isa<scf::ParallelOp, scf::ForOp>(op);
          }) >= 2)
        rowLoops.push_back(loop);
    });
    for (scf::ParallelOp rows : rowLoops)
      prefetchIn(rows);
  }

  void prefetchIn(scf::ParallelOp rows) {
    Value row = rows.getInductionVars().back();
    std::optional<int64_t> step = getConstantIntValue(rows.getStep().back());
    if (!step || *step != 1)
      return;
    // The reads of each outside buffer's rows, nest by nest, in order.
    llvm::MapVector<Value, SmallVector<RowRead>> reads;
    for (Operation &nest : rows.getBody()->getOperations()) {
      if (!isa<scf::ParallelOp, scf::ForOp>(nest))
        continue;
      nest.walk([&](memref::LoadOp load) {
        std::optional<SmallVector<Operation *>> views =
            viewsOfRow(load, rows, row);
        if (!views)
          return;
        Value buffer =
            cast<ViewLikeOpInterface>(views->back()).getViewSource();
        reads[buffer].push_back({load, &nest, std::move(*views)});
      });
    }
    for (auto &[buffer, list] : reads) {
      // The nests after the first that reads the buffer.
      Operation *first = list.front().nest;
      for (RowRead &read : list) {
        if (read.nest == first)
          continue;
        if (tryPrefetch(rows, row, read))
          break;
      }
    }
  }

  bool tryPrefetch(scf::ParallelOp rows, Value row, RowRead &read) {
    auto type = cast<MemRefType>(read.load.getMemref().getType());
    if (!type.getElementType().isIntOrFloat())
      return false;
    int64_t bytes = (type.getElementTypeBitWidth() + 7) / 8;
    SmallVector<int64_t> strides;
    int64_t offset;
    if (bytes == 0 || kLineBytes % bytes != 0 ||
        failed(type.getStridesAndOffset(strides, offset)) || strides.empty() ||
        strides.back() != 1)
      return false;
    int64_t strip = kLineBytes / bytes;
    Operation *loop = stripMinable(read.load, strip);
    if (!loop)
      return false;

    // The views of the next row (the last row's next is itself), made
    // just before the nest.
    OpBuilder b(read.nest);
    Location loc = read.load.getLoc();
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value last =
        arith::SubIOp::create(b, loc, rows.getUpperBound().back(), one);
    Value next = arith::MinSIOp::create(
        b, loc, arith::AddIOp::create(b, loc, row, one), last);
    IRMapping map;
    map.map(row, next);
    for (Operation *view : llvm::reverse(read.views))
      b.clone(*view, map);
    Value nextRow = map.lookup(read.load.getMemref());

    Value stripStart;
    OpBuilder at = stripMine(loop, strip, stripStart);
    SmallVector<Value> indices(read.load.getIndices().begin(),
                               read.load.getIndices().end());
    indices.back() = stripStart;
    memref::PrefetchOp::create(at, loc, nextRow, indices, /*isWrite=*/false,
                               /*localityHint=*/2, /*isDataCache=*/true);
    return true;
  }
};

} // namespace

void registerPrefetchNextRowsPass() { PassRegistration<PrefetchNextRowsPass>(); }

} // namespace jx
