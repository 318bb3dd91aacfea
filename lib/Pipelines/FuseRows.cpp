//===- FuseRows.cpp - one loop over rows for a reduction and its users ----===//
//
// `--jx-fuse-rows`, linalg phase on tensors, after jx-fuse-elementwise.
// Softmax, layernorm, logsumexp and a row sum are chains of linalg ops that
// all iterate over the same rows: a reduction along each row (max, sum,
// mean, variance), then elementwise ops that read the row again together
// with the reduced value. As separate loop nests each op streams the whole
// input from memory: softmax read its 64 MiB input three times and wrote
// and read its per-row partial sums besides.
//
// This pass tiles the last op of such a chain by one row (an scf.forall
// over the rows: its parallel leading dimension, tile 1, the rest whole;
// or its leading dimensions, when the ops share several and a row along
// the first alone would exceed 4096 elements: a softmax over the keys of
// (heads, queries, keys) loops over (head, query) pairs) and fuses into
// that loop every producer in the chain (upstream's
// tileConsumerAndFuseProducersUsingSCF). Each iteration then works on one
// row, which stays in the core's cache between the ops: the input comes
// from memory once and the output goes to memory once. The per-row
// temporaries become small buffers on the stack
// (jx-loop-temporaries-on-stack) and the row loop runs on all cores
// (scf-forall-to-parallel, jx-parallel-loops).
//
// A chain qualifies when:
//  - every op in it is a linalg op that is not a contraction or a
//    convolution (those go to BLAS and oneDNN, whole);
//  - every op's leading loop is parallel, with the same number of rows R,
//    and every operand of the op either is indexed by that loop in its
//    leading dimension or does not depend on it (a per-column weight);
//  - it contains a reduction (elementwise chains are one loop already),
//    its ops have no users outside it but through its last op, and it is
//    worth a loop (R >= 2, at least 64K elements of work).
// The order of the operations on each element is unchanged: results are
// bit for bit those of the unfused program.
//
//===----------------------------------------------------------------------===//

#include "RowChains.h"

#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;

namespace jx {

/// Fewer elements than this run as they are: the loop would cost more.
static constexpr int64_t kMinWork = int64_t{1} << 16;

/// A row of more elements than this is split further along the next
/// leading row dimension, where there is one (rowDimsOf).
static constexpr int64_t kMaxRowWork = 4096;

/// Rows of fewer elements than this, a multiple of 16 of them, in 32-bit
/// types, are left to jx-short-inner-loops, which reduces them 16
/// rows at a time (rows in vector lanes, read through register
/// transposes) where a row loop's short dependent chains were vectorized
/// by LLVM across rows with gathers and scatters: a softmax over f32[1M,
/// 16] took 46 ms as a row loop, 11.5 ms as whole-array nests (XLA 37 ms);
/// over f32[2M, 8] (which that pass does not take) the row loop is better.
static constexpr int64_t kMinRowElements = 64;

/// Whether the rows of `op` past its first `rowDims` loops are short rows
/// that whole-array nests compute faster (kMinRowElements).
static bool hasShortRows(linalg::LinalgOp op, unsigned rowDims) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (rowDims == 0 || rowDims > ranges.size() ||
      ShapedType::isDynamic(ranges[rowDims - 1]) ||
      ranges[rowDims - 1] % 16 != 0)
    return false;
  int64_t elements = 1;
  for (int64_t extent : ArrayRef(ranges).drop_front(rowDims)) {
    if (ShapedType::isDynamic(extent))
      return false;
    elements *= extent;
  }
  if (elements >= kMinRowElements || elements % 16 != 0)
    return false;
  return llvm::all_of(op->getOperandTypes(), [](Type type) {
    Type element = getElementTypeOrSelf(type);
    return element.isIntOrFloat() && element.getIntOrFloatBitWidth() == 32;
  });
}

/// Whether every operand of `op` either has loops 0..n-1 as its leading
/// dimensions, in order, and uses them nowhere else in its indexing, or
/// does not use them at all (a broadcast along the rows); the inits use
/// them all (the results are laid out with the rows first).
static bool indexesRowsFirst(linalg::LinalgOp op, unsigned n) {
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    bool usesAny = false;
    for (unsigned d = 0; d < n; ++d)
      usesAny |= map.isFunctionOfDim(d);
    if (!usesAny && !op.isDpsInit(&operand))
      continue;
    if (map.getNumResults() < n)
      return false;
    for (unsigned d = 0; d < n; ++d)
      if (map.getResult(d) != getAffineDimExpr(d, op.getContext()))
        return false;
    for (AffineExpr e : map.getResults().drop_front(n))
      for (unsigned d = 0; d < n; ++d)
        if (e.isFunctionOfDim(d))
          return false;
  }
  return true;
}

/// The number of rows of `op` (its leading loop), when every operand is
/// indexed by that loop in its leading dimension or not at all; nullopt
/// when the op is not row-shaped.
std::optional<int64_t> rowsOf(linalg::LinalgOp op) {
  if (!op || !op.hasPureTensorSemantics() || op.getNumLoops() == 0 ||
      linalg::isaContractionOpInterface(op) ||
      linalg::isaConvolutionOpInterface(op))
    return std::nullopt;
  if (op.getIteratorTypesArray().front() != utils::IteratorType::parallel)
    return std::nullopt;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (ShapedType::isDynamic(ranges.front()))
    return std::nullopt;
  if (!indexesRowsFirst(op, 1))
    return std::nullopt;
  return ranges.front();
}

/// How many leading loops of `op` (at least one when rowsOf(op) is set)
/// are row dimensions: parallel, of static size, and indexed rows first
/// (indexesRowsFirst).
static unsigned leadingRowDims(linalg::LinalgOp op) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  unsigned p = 0;
  while (p < iterators.size() && iterators[p] == utils::IteratorType::parallel &&
         !ShapedType::isDynamic(ranges[p]))
    ++p;
  while (p > 1 && !indexesRowsFirst(op, p))
    --p;
  return p;
}

static bool hasReduction(linalg::LinalgOp op) {
  return op.getNumReductionLoops() > 0;
}

static int64_t workOf(linalg::LinalgOp op) {
  int64_t work = 1;
  for (int64_t r : op.getStaticLoopRanges())
    work *= ShapedType::isDynamic(r) ? 1 : r;
  return work;
}

/// How many leading dimensions `op`, a reshape, leaves alone: its leading
/// reassociation groups of one dimension each (0 for any other op).
static unsigned leadingKeptDims(Operation *op) {
  SmallVector<ReassociationIndices> groups;
  if (auto expand = dyn_cast<tensor::ExpandShapeOp>(op))
    groups = expand.getReassociationIndices();
  else if (auto collapse = dyn_cast<tensor::CollapseShapeOp>(op))
    groups = collapse.getReassociationIndices();
  unsigned p = 0;
  while (p < groups.size() && groups[p].size() == 1 &&
         groups[p].front() == static_cast<int64_t>(p))
    ++p;
  return p;
}

/// Whether `op` reshapes a tensor without touching its leading dimension.
bool keepsRows(Operation *op) { return leadingKeptDims(op) >= 1; }

bool willFuseRows(linalg::LinalgOp producer) {
  std::optional<int64_t> rows = rowsOf(producer);
  if (!rows || *rows < 2 || workOf(producer) < kMinWork ||
      hasShortRows(producer, 1))
    return false;
  bool reduction = false;
  SmallVector<Value> work(producer->getResults());
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (keepsRows(user)) {
        work.append(user->result_begin(), user->result_end());
        continue;
      }
      auto consumer = dyn_cast<linalg::LinalgOp>(user);
      if (!consumer || rowsOf(consumer) != rows)
        return false;
      reduction |= hasReduction(consumer);
    }
  }
  return reduction;
}

namespace {

/// The ops that would be fused into a row loop of `root`: its producers,
/// transitively, that are row-shaped with the same rows and whose every
/// user is in the chain.
llvm::SetVector<Operation *> chainOf(linalg::LinalgOp root, int64_t rows) {
  llvm::SetVector<Operation *> chain;
  chain.insert(root);
  SmallVector<Operation *> work{root};
  // Candidates first (every row-shaped producer reachable), then drop those
  // with users outside until nothing changes.
  while (!work.empty()) {
    Operation *op = work.pop_back_val();
    for (Value v : op->getOperands()) {
      Operation *def = v.getDefiningOp();
      if (!def || chain.contains(def))
        continue;
      // A reshape that leaves the rows alone (jx-blocked-reductions'
      // blocks): the slices of a row pass through it.
      if (keepsRows(def)) {
        chain.insert(def);
        work.push_back(def);
        continue;
      }
      auto producer = dyn_cast<linalg::LinalgOp>(def);
      if (!producer || rowsOf(producer) != rows)
        continue;
      chain.insert(producer);
      work.push_back(producer);
    }
  }
  bool changed = true;
  while (changed) {
    changed = false;
    for (Operation *op : llvm::make_early_inc_range(chain)) {
      if (op == root.getOperation())
        continue;
      bool inside = llvm::all_of(op->getUsers(), [&](Operation *user) {
        return chain.contains(user);
      });
      if (!inside) {
        chain.remove(op);
        changed = true;
      }
    }
  }
  return chain;
}

/// Whether `a` and `b` are the same value, or computed by equal pure ops
/// (the slices and reshapes each fused copy makes of the row) from the
/// same values.
bool sameValue(Value a, Value b, int depth = 4) {
  if (a == b)
    return true;
  auto ra = dyn_cast<OpResult>(a), rb = dyn_cast<OpResult>(b);
  if (!ra || !rb || depth == 0 || ra.getResultNumber() != rb.getResultNumber())
    return false;
  Operation *x = ra.getOwner(), *y = rb.getOwner();
  if (x->getName() != y->getName() || x->getNumRegions() != 0 ||
      !isMemoryEffectFree(x) || isa<tensor::EmptyOp>(x) ||
      x->getAttrDictionary() != y->getAttrDictionary() ||
      x->getPropertiesAsAttribute() != y->getPropertiesAsAttribute() ||
      x->getNumOperands() != y->getNumOperands() ||
      x->getResultTypes() != y->getResultTypes())
    return false;
  for (auto [p, q] : llvm::zip(x->getOperands(), y->getOperands()))
    if (!sameValue(p, q, depth - 1))
      return false;
  return true;
}

/// Whether two inits start out the same: the same value, or empty tensors
/// of one type, or fills of such with the same value.
bool sameInit(Value a, Value b) {
  if (a == b)
    return true;
  if (a.getType() != b.getType())
    return false;
  if (a.getDefiningOp<tensor::EmptyOp>() && b.getDefiningOp<tensor::EmptyOp>())
    return true;
  auto fa = a.getDefiningOp<linalg::FillOp>();
  auto fb = b.getDefiningOp<linalg::FillOp>();
  return fa && fb && fa.getInputs() == fb.getInputs() &&
         sameInit(fa.getOutputs()[0], fb.getOutputs()[0]);
}

/// Whether `b` computes what `a` does: the same op on the same inputs from
/// inits that start out the same.
bool computesSame(linalg::LinalgOp a, linalg::LinalgOp b) {
  if (a->getName() != b->getName() ||
      a->getAttrDictionary() != b->getAttrDictionary() ||
      a->getNumOperands() != b->getNumOperands() ||
      a->getPropertiesAsAttribute() != b->getPropertiesAsAttribute())
    return false;
  for (auto [x, y] : llvm::zip(a.getDpsInputs(), b.getDpsInputs()))
    if (!sameValue(x, y))
      return false;
  for (auto [x, y] : llvm::zip(a.getDpsInits(), b.getDpsInits()))
    if (!sameInit(x, y))
      return false;
  return OperationEquivalence::isRegionEquivalentTo(
      &a->getRegion(0), &b->getRegion(0),
      OperationEquivalence::IgnoreLocations);
}

/// Fusion makes one copy of a producer per slice of it that the chain
/// reads (softmax's max, read by the exponentials and by the output): in
/// each row loop, a copy that computes what an earlier one does is
/// replaced by it.
void dropRecomputedProducers(RewriterBase &rewriter, scf::ForallOp loop) {
  SmallVector<linalg::LinalgOp> seen;
  for (Operation &op : llvm::make_early_inc_range(*loop.getBody())) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp || !linalgOp.hasPureTensorSemantics())
      continue;
    auto earlier = llvm::find_if(seen, [&](linalg::LinalgOp other) {
      return computesSame(other, linalgOp);
    });
    if (earlier == seen.end()) {
      seen.push_back(linalgOp);
      continue;
    }
    rewriter.replaceOp(linalgOp, (*earlier)->getResults());
  }
}

struct FuseRowsPass : PassWrapper<FuseRowsPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FuseRowsPass)
  StringRef getArgument() const override { return "jx-fuse-rows"; }
  StringRef getDescription() const override {
    return "Fuse a row reduction and the ops around it into one loop over "
           "the rows";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<affine::AffineDialect, arith::ArithDialect,
                    linalg::LinalgDialect, scf::SCFDialect,
                    tensor::TensorDialect>();
  }

  void runOnOperation() override {
    // Roots from the last op up: a chain fused into a loop is gone when
    // the walk reaches its producers.
    SmallVector<linalg::LinalgOp> ops;
    getOperation()->walk([&](linalg::LinalgOp op) { ops.push_back(op); });
    llvm::SmallPtrSet<Operation *, 16> done;
    SmallVector<scf::ForallOp> loops;
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp root : llvm::reverse(ops)) {
      if (done.contains(root))
        continue;
      std::optional<int64_t> rows = rowsOf(root);
      if (!rows || *rows < 2)
        continue;
      llvm::SetVector<Operation *> chain = chainOf(root, *rows);
      if (!llvm::any_of(chain, [](Operation *op) {
            auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
            return linalgOp && hasReduction(linalgOp);
          }))
        continue;
      int64_t work = 0;
      for (Operation *op : chain)
        if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
          work += workOf(linalgOp);
      if (work < kMinWork)
        continue;
      unsigned rowDims = rowDimsOf(root, chain);
      if (hasShortRows(root, rowDims))
        continue;
      FailureOr<scf::ForallOp> loop = fuse(rewriter, root, chain, rowDims);
      if (failed(loop))
        continue;
      loops.push_back(*loop);
      done.insert(chain.begin(), chain.end());
    }
    if (loops.empty())
      return;
    // A slice of a tensor.empty (the inits of the fused ops, sliced per
    // row) becomes an empty tensor of the row's size, so that the
    // temporaries are per row rather than slices of whole-size buffers.
    RewritePatternSet patterns(&getContext());
    tensor::populateFoldTensorEmptyPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
    for (scf::ForallOp loop : loops)
      dropRecomputedProducers(rewriter, loop);
  }

  /// How many leading dimensions the row loop of `chain` runs over: the
  /// rows are the leading dimensions every op of the chain shares as row
  /// dimensions (leadingRowDims, of equal sizes; reshapes keep them), taken
  /// while a row is still larger than kMaxRowWork elements. A softmax over
  /// the last axis of (heads, queries, keys) then loops over (head, query)
  /// pairs, with per-row temporaries of one row of keys, rather than over
  /// heads with temporaries of a whole head.
  static unsigned rowDimsOf(linalg::LinalgOp root,
                            const llvm::SetVector<Operation *> &chain) {
    unsigned dims = ~0u;
    SmallVector<int64_t> extents = root.getStaticLoopRanges();
    for (Operation *op : chain) {
      if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
        unsigned p = leadingRowDims(linalgOp);
        SmallVector<int64_t> ranges = linalgOp.getStaticLoopRanges();
        unsigned same = 0;
        while (same < p && same < extents.size() && ranges[same] == extents[same])
          ++same;
        dims = std::min(dims, same);
      } else {
        dims = std::min(dims, leadingKeptDims(op));
      }
    }
    dims = std::max(1u, std::min<unsigned>(dims, extents.size()));
    // Per row, the largest op's work.
    auto rowWork = [&](unsigned n) {
      int64_t most = 0;
      for (Operation *op : chain)
        if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
          int64_t w = 1;
          SmallVector<int64_t> ranges = linalgOp.getStaticLoopRanges();
          for (unsigned d = n; d < ranges.size(); ++d)
            w *= ShapedType::isDynamic(ranges[d]) ? 1 : ranges[d];
          most = std::max(most, w);
        }
      return most;
    };
    unsigned n = 1;
    while (n < dims && rowWork(n) > kMaxRowWork)
      ++n;
    return n;
  }

  /// Tiles `root` by rows (its first `rowDims` loops, one index each) and
  /// fuses `chain` into the loop; returns it.
  FailureOr<scf::ForallOp> fuse(IRRewriter &rewriter, linalg::LinalgOp root,
                                const llvm::SetVector<Operation *> &chain,
                                unsigned rowDims) {
    SmallVector<OpFoldResult> tiles(root.getNumLoops(),
                                    rewriter.getIndexAttr(0));
    for (unsigned d = 0; d < rowDims; ++d)
      tiles[d] = rewriter.getIndexAttr(1);
    scf::SCFTilingOptions tiling;
    tiling.setTileSizes(tiles);
    tiling.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
    scf::SCFTileAndFuseOptions options;
    options.setTilingOptions(tiling);
    // A row's slice of a reshape becomes the reshape of the row's slice,
    // so that the reshaped producer is fused too.
    RewritePatternSet cleanup(root.getContext());
    tensor::populateBubbleUpExtractSliceOpPatterns(cleanup);
    options.cleanupPatterns = FrozenRewritePatternSet(std::move(cleanup));
    options.setFusionControlFn(
        [&](tensor::ExtractSliceOp, OpResult producer, bool isDestination)
            -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
          // The inits of the chain (tensor.empty, fills of the
          // reductions' identities) come along too.
          Operation *op = producer.getOwner();
          if (chain.contains(op) || isa<tensor::EmptyOp>(op) ||
              (isa<linalg::FillOp>(op) && isDestination))
            return scf::SCFTileAndFuseOptions::ControlFnResult{};
          return std::nullopt;
        });
    rewriter.setInsertionPoint(root);
    FailureOr<scf::SCFTileAndFuseResult> result =
        scf::tileConsumerAndFuseProducersUsingSCF(
            rewriter, cast<TilingInterface>(root.getOperation()), options);
    if (failed(result))
      return failure();
    // The tiled dimensions: one scf.forall.
    auto loop = cast<scf::ForallOp>(result->loops.front().getOperation());
    for (OpResult r : root->getResults())
      if (Value replacement = result->replacements.lookup(r))
        rewriter.replaceAllUsesWith(r, replacement);
    // The fused producers' originals have no users left but each other.
    SmallVector<Operation *> dead(chain.begin(), chain.end());
    bool erased = true;
    while (erased) {
      erased = false;
      for (Operation *&op : dead)
        if (op && op->use_empty()) {
          rewriter.eraseOp(op);
          op = nullptr;
          erased = true;
        }
    }
    return loop;
  }
};

} // namespace

void registerFuseRowsPass() { PassRegistration<FuseRowsPass>(); }

} // namespace jx
