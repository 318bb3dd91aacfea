//===- PrefetchNextRows.cpp - fetch the next row while this one computes --===//
//
// `--jx-prefetch-next-rows`, loops phase, after
// convert-linalg-to-parallel-loops. A loop over rows from jx-fuse-rows
// (softmax, log_softmax, layernorm) reads each row of its input from
// memory in its first nest (the row's max, or mean) and then works on the
// row in the cache. Nothing fetches the next row meanwhile: the hardware
// prefetcher follows the stream the first nest reads and stops at the
// row's end, so when the later nests compute more than the memory takes to
// deliver a row (an exponential per element), the core and the memory take
// turns instead of working at once.
//
// This pass spreads prefetches (LLVM's prefetch, locality 2: into L2) of
// the next row's cache lines over the innermost loop of the row loop's
// most expensive later nest, when that nest computes enough per element
// (a transcendental function: kComputeBoundCost, RowLoops.h); else over
// the next nest that reads the row again, when that nest writes nothing
// out of the loop (layernorm's variance: 0.85 -> 0.65 ms over f32[4096,
// 1024], one core). A cheap nest that writes the results out (x - max,
// x / sum) gets none: there the prefetches compete with the writes and the
// streaming pass's misses (x - max over f32[4096, 4096]: 3.6 -> 4.4 ms).
// A long innermost loop is strip-mined so that each strip starts with the
// prefetches of kLinesPerStrip lines; strips keep a trip count of at least
// 64 elements, which LLVM still vectorizes where it has to check at run
// time that the loop's input and output do not overlap (strips of one
// line, 16 iterations, were not vectorized at all). The last row
// prefetches itself. Only prefetches are added: results are unchanged, bit
// for bit.
//
// Measured on an AMD EPYC (Zen 5, AVX-512), one core, on the rows of
// f32[4096, 4096] (docs/performance.md).
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "LoopBuffers.h"
#include "RowLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"

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

/// Lines prefetched at the start of each strip of a strip-mined loop.
constexpr int64_t kLinesPerStrip = 4;
/// The most lines prefetched before each run of an innermost loop that is
/// not strip-mined.
constexpr int64_t kMaxLinesPerRun = 8;
/// The most runs of an innermost loop that prefetch the same line.
constexpr int64_t kMaxRunsPerLine = 4;

/// One dimension of a loop nest's iteration space: an induction variable
/// that runs from 0 by 1 `trips` times.
struct Dim {
  Value iv;
  int64_t trips;
};

/// The innermost loop of the perfect nest `nest` and the dimensions of the
/// nest's iteration space, outermost first; none when a loop holds more
/// than one loop or a bound is not constant.
std::optional<std::pair<Operation *, SmallVector<Dim>>>
perfectNest(Operation *nest) {
  SmallVector<Dim> dims;
  auto addDims = [&](ValueRange lbs, ValueRange ubs, ValueRange steps,
                     ValueRange ivs) {
    for (auto [lb, ub, step, iv] : llvm::zip_equal(lbs, ubs, steps, ivs)) {
      std::optional<int64_t> l = getConstantIntValue(lb),
                             u = getConstantIntValue(ub),
                             s = getConstantIntValue(step);
      if (!l || !u || !s || *l != 0 || *s != 1 || *u <= 0)
        return false;
      dims.push_back({iv, *u});
    }
    return true;
  };
  Operation *loop = nest;
  while (true) {
    Block *body;
    if (auto par = dyn_cast<scf::ParallelOp>(loop)) {
      if (!addDims(par.getLowerBound(), par.getUpperBound(), par.getStep(),
                   par.getInductionVars()))
        return std::nullopt;
      body = par.getBody();
    } else if (auto loopFor = dyn_cast<scf::ForOp>(loop)) {
      if (!addDims(loopFor.getLowerBound(), loopFor.getUpperBound(),
                   loopFor.getStep(), loopFor.getInductionVar()))
        return std::nullopt;
      body = loopFor.getBody();
    } else {
      return std::nullopt;
    }
    Operation *inner = nullptr;
    for (Operation &op : *body) {
      if (!isa<scf::ParallelOp, scf::ForOp>(op))
        continue;
      if (inner)
        return std::nullopt;
      inner = &op;
    }
    if (!inner)
      return std::make_pair(loop, std::move(dims));
    loop = inner;
  }
}

/// Whether `loop` can be strip-mined along its last dimension: an
/// scf.parallel without reductions or an scf.for without results.
bool stripMinable(Operation *loop) {
  if (auto par = dyn_cast<scf::ParallelOp>(loop))
    return par.getInitVals().empty();
  return cast<scf::ForOp>(loop).getNumResults() == 0;
}

/// Strip-mines `loop` (stripMinable, bounds from 0 by 1) along its last
/// dimension by `strip` and returns the builder position at the start of
/// each strip, where the strip's first index is `stripStart`.
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
    return "In a loop over rows, the nest that computes most after the "
           "row is read (or the next that reads it again) prefetches the "
           "next row";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, memref::MemRefDialect,
                    scf::SCFDialect>();
  }

  void runOnOperation() override {
    SmallVector<scf::ParallelOp> rowLoops;
    getOperation().walk([&](scf::ParallelOp loop) {
      if (loop.getInitVals().empty() && isRowLoop(loop))
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
    // The first read of each outside buffer's rows, and the nests in order.
    llvm::MapVector<Value, RowRead> firstReads;
    llvm::DenseMap<Value, SmallVector<Operation *>> readers;
    SmallVector<Operation *> nests;
    for (Operation &nest : rows.getBody()->getOperations()) {
      if (!isa<scf::ParallelOp, scf::ForOp>(nest))
        continue;
      nests.push_back(&nest);
      nest.walk([&](memref::LoadOp load) {
        std::optional<SmallVector<Operation *>> views =
            viewsOfRow(load, rows, row);
        if (!views)
          return;
        Value buffer =
            cast<ViewLikeOpInterface>(views->back()).getViewSource();
        if (readers[buffer].empty() || readers[buffer].back() != &nest)
          readers[buffer].push_back(&nest);
        firstReads.insert({buffer, {load, &nest, std::move(*views)}});
      });
    }
    for (auto &[buffer, read] : firstReads) {
      // The most expensive nest after the one that streams the row in,
      // when it computes a transcendental per element.
      Operation *best = nullptr;
      int64_t bestCost = kComputeBoundCost - 1;
      for (Operation *nest : llvm::make_range(
               std::next(llvm::find(nests, read.nest)), nests.end())) {
        int64_t cost = costPerIteration(nest);
        if (cost > bestCost) {
          best = nest;
          bestCost = cost;
        }
      }
      // Else the next nest that reads the row again, when it only
      // computes (a variance into the row's accumulators): prefetching
      // while a nest writes its results out competes with those writes
      // (x - max(x) over the rows of f32[4096, 4096]: 3.6 -> 4.4 ms).
      if (!best && readers[buffer].size() >= 2 &&
          !writesOutside(readers[buffer][1], rows))
        best = readers[buffer][1];
      if (best)
        prefetchInto(rows, row, read, best);
    }
  }

  /// Whether `nest` stores into a buffer defined outside the row loop.
  static bool writesOutside(Operation *nest, scf::ParallelOp rows) {
    WalkResult r = nest->walk([&](memref::StoreOp store) {
      Value m = viewRoot(store.getMemref());
      return rows->isAncestor(m.getParentRegion()->getParentOp())
                 ? WalkResult::advance()
                 : WalkResult::interrupt();
    });
    return r.wasInterrupted();
  }

  /// Spreads prefetches of the next row of `read`'s buffer over the
  /// innermost loop of `nest`.
  bool prefetchInto(scf::ParallelOp rows, Value row, RowRead &read,
                    Operation *nest) {
    auto type = cast<MemRefType>(read.load.getMemref().getType());
    if (!type.getElementType().isIntOrFloat() || !type.hasStaticShape())
      return false;
    int64_t bytes = (type.getElementTypeBitWidth() + 7) / 8;
    if (bytes == 0 || kLineBytes % bytes != 0)
      return false;
    int64_t lineElems = kLineBytes / bytes;
    int64_t elems = type.getNumElements();
    ReassociationIndices all =
        llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
    if (elems % lineElems != 0 ||
        !memref::CollapseShapeOp::isGuaranteedCollapsible(type, {all}))
      return false;
    std::optional<std::pair<Operation *, SmallVector<Dim>>> shape =
        perfectNest(nest);
    if (!shape)
      return false;
    auto &[inner, dims] = *shape;
    int64_t total = 1;
    for (const Dim &d : dims)
      total *= d.trips;
    int64_t lines = elems / lineElems;
    int64_t trips = dims.back().trips;
    if (total % lines != 0)
      return false;
    // Iterations of the nest per line of the row; where each run of the
    // innermost loop (or each strip of it) starts, its first line and the
    // lines after it are prefetched.
    int64_t perLine = total / lines;
    bool strip = false;
    int64_t linesPerRun = 1;
    if (perLine >= trips) {
      if (perLine % trips != 0 || perLine / trips > kMaxRunsPerLine)
        return false;
    } else if (trips % perLine != 0) {
      return false;
    } else if (trips / perLine <= kMaxLinesPerRun) {
      linesPerRun = trips / perLine;
    } else {
      if (trips % (kLinesPerStrip * perLine) != 0 || !stripMinable(inner))
        return false;
      strip = true;
      linesPerRun = kLinesPerStrip;
    }
    // Before the loop, the prefetches need the other induction variables.
    if (!strip && dims.size() >= 2 && dims[dims.size() - 2].iv.getParentBlock()
                                          ->getParentOp() == inner)
      return false;

    // The next row (the last row's next is itself), one-dimensional, made
    // just before the nest.
    OpBuilder b(nest);
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
    Value nextRow = memref::CollapseShapeOp::create(
        b, loc, map.lookup(read.load.getMemref()),
        ArrayRef<ReassociationIndices>{all});

    Value start;
    OpBuilder at = b;
    if (strip) {
      at = stripMine(inner, kLinesPerStrip * perLine, start);
    } else {
      at.setInsertionPoint(inner);
      start = arith::ConstantIndexOp::create(at, loc, 0);
    }
    auto constant = [&](int64_t v) {
      return arith::ConstantIndexOp::create(at, loc, v);
    };
    // The nest's first iteration here, counted over its iteration space.
    Value first = start;
    int64_t scale = trips;
    for (const Dim &d : llvm::reverse(ArrayRef(dims).drop_back())) {
      if (d.trips > 1)
        first = arith::AddIOp::create(
            at, loc, first,
            arith::MulIOp::create(at, loc, d.iv, constant(scale)));
      scale *= d.trips;
    }
    Value line = arith::DivUIOp::create(at, loc, first, constant(perLine));
    for (int64_t l = 0; l < linesPerRun; ++l) {
      Value offset = arith::MulIOp::create(
          at, loc,
          l == 0 ? line
                 : arith::AddIOp::create(at, loc, line, constant(l)).getResult(),
          constant(lineElems));
      memref::PrefetchOp::create(at, loc, nextRow, offset, /*isWrite=*/false,
                                 /*localityHint=*/2, /*isDataCache=*/true);
    }
    return true;
  }
};

} // namespace

int64_t costPerIteration(Operation *nest) {
  int64_t cost = 0;
  llvm::SmallPtrSet<Value, 32> varying;
  nest->walk<WalkOrder::PreOrder>([&](Operation *op) {
    // Induction variables of loops that run more than once, loop-carried
    // values and any other block arguments vary.
    auto runsOnce = [&](Value lb, Value ub) {
      std::optional<int64_t> l = getConstantIntValue(lb),
                             u = getConstantIntValue(ub);
      return l && u && *u - *l <= 1;
    };
    if (auto par = dyn_cast<scf::ParallelOp>(op)) {
      for (auto [lb, ub, iv] : llvm::zip_equal(
               par.getLowerBound(), par.getUpperBound(), par.getInductionVars()))
        if (!runsOnce(lb, ub))
          varying.insert(iv);
    } else if (auto loopFor = dyn_cast<scf::ForOp>(op)) {
      if (!runsOnce(loopFor.getLowerBound(), loopFor.getUpperBound()))
        varying.insert(loopFor.getInductionVar());
      varying.insert_range(loopFor.getRegionIterArgs());
    } else {
      for (Region &region : op->getRegions())
        for (Block &block : region)
          varying.insert_range(block.getArguments());
    }
    if (op->getNumResults() == 0 || isa<arith::ConstantOp>(op) ||
        llvm::none_of(op->getOperands(),
                      [&](Value v) { return varying.contains(v); }))
      return;
    varying.insert_range(op->getResults());
    Dialect *dialect = op->getDialect();
    if (isa<math::MathDialect>(dialect))
      cost += isa<math::FmaOp, math::AbsFOp, math::AbsIOp, math::CopySignOp,
                  math::FloorOp, math::CeilOp, math::TruncOp, math::RoundOp,
                  math::RoundEvenOp, math::SqrtOp>(op)
                  ? 1
                  : 20;
    else if (isa<arith::DivFOp, arith::RemFOp>(op))
      cost += 4;
    else if (isa<arith::ArithDialect>(dialect))
      cost += 1;
  });
  return cost;
}

bool isRowLoop(Operation *op) {
  if (!isa<scf::ParallelOp, scf::ForOp>(op))
    return false;
  return llvm::count_if(op->getRegion(0).front(), [](Operation &inner) {
           return isa<scf::ParallelOp, scf::ForOp>(inner);
         }) >= 2;
}

void registerPrefetchNextRowsPass() { PassRegistration<PrefetchNextRowsPass>(); }

} // namespace jx
