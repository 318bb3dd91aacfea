//===- CollapseShortInnerLoops.cpp - one loop over contiguous elements ----===//
//
// `--jx-collapse-short-inner-loops`, loops phase (CPU), before the linalg
// ops become loops. An elementwise nest over f32[N, 16] becomes two loops,
// the inner one 16 long. LLVM unrolls such a short inner loop completely
// before its loop vectorizer runs, and then vectorizes the outer loop:
// sixteen gathers and scatters with a stride of a row per 16 elements
// instead of one contiguous load and store (x * y + 3 over f32[1M, 16]:
// 76 ms against 10 ms over the same f32[16M], one core, AMD EPYC Zen 5).
//
// A parallel linalg.generic on buffers whose innermost loop has a static
// extent below kShortInnerLoop becomes, through
// linalg::collapseOpIterationDims, one over fewer loops: consecutive loops
// are merged wherever every operand reads or writes them as one contiguous
// run (its indexing map keeps them together and in order, or does not use
// them at all: a broadcast scalar or row) and its buffer's layout lets
// memref.collapse_shape merge its dimensions. x * y + 3 over f32[N, 16]
// becomes one loop over 16 N elements; a bias added to f32[B, S, 16] one
// over B S rows of 16, the bias row read by every row. Only the shape of
// the loops changes: every element is computed by the same operations as
// before, so results are the same bit for bit.
//
// Left alone: reductions, bodies that read their indices (linalg.index:
// the collapsed loop would divide them back out), operands on tensors, and
// nests whose inner loop is long enough that LLVM vectorizes it as it is.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace jx {
namespace {

/// Inner loops at most this long are the ones LLVM unrolls before it
/// vectorizes (a longer one it vectorizes as it is: f32[256K, 64] ran as
/// fast as f32[16M]).
constexpr int64_t kShortInnerLoop = 128;

/// The dimensions of `map`'s results that the loop groups `groups` merge,
/// as `memref.collapse_shape` reassociation indices; empty when a group's
/// loops appear in the results out of order or apart.
std::optional<SmallVector<ReassociationIndices>>
operandGroups(AffineMap map, ArrayRef<ReassociationIndices> groups) {
  SmallVector<ReassociationIndices> result;
  unsigned position = 0;
  while (position < map.getNumResults()) {
    auto dim = dyn_cast<AffineDimExpr>(map.getResult(position));
    if (!dim)
      return std::nullopt;
    const ReassociationIndices *group = nullptr;
    for (const ReassociationIndices &g : groups)
      if (llvm::is_contained(g, dim.getPosition()))
        group = &g;
    if (!group || group->front() != static_cast<int64_t>(dim.getPosition()))
      return std::nullopt;
    ReassociationIndices merged;
    for (int64_t loop : *group) {
      if (position >= map.getNumResults() ||
          map.getResult(position) != getAffineDimExpr(loop, map.getContext()))
        return std::nullopt;
      merged.push_back(position++);
    }
    result.push_back(std::move(merged));
  }
  return result;
}

/// Whether merging the loops as `groups` keeps every operand one
/// contiguous run per merged loop.
bool canCollapse(linalg::GenericOp op, ArrayRef<ReassociationIndices> groups) {
  if (!linalg::areDimSequencesPreserved(op.getIndexingMapsArray(), groups))
    return false;
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type)
      continue; // a scalar
    auto reassociation =
        operandGroups(op.getMatchingIndexingMap(&operand), groups);
    if (!reassociation ||
        !memref::CollapseShapeOp::isGuaranteedCollapsible(type, *reassociation))
      return false;
  }
  return true;
}

/// Whether `op` is an elementwise nest on buffers whose inner loop is short.
bool hasShortInnerLoop(linalg::GenericOp op) {
  if (op.getNumLoops() < 2 || op.getNumReductionLoops() != 0 ||
      !op.hasPureBufferSemantics())
    return false;
  if (!op.getBody()->getOps<linalg::IndexOp>().empty())
    return false;
  for (Value operand : op->getOperands())
    if (!isa<MemRefType>(operand.getType()) &&
        !operand.getType().isIntOrIndexOrFloat())
      return false;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (ShapedType::isDynamic(ranges.back()) || ranges.back() >= kShortInnerLoop)
    return false;
  return llvm::all_of(op.getIndexingMapsArray(), [](AffineMap map) {
    return map.isProjectedPermutation(/*allowZeroInResults=*/false);
  });
}

/// Whether the inner loop of `op` writes at least one vector of the widest
/// kind jx targets (64 bytes): a shorter loop LLVM does better unrolled and
/// vectorized across rows than as a loop of one short vector per row
/// (f32[2M, 8] plus a row: 3.2 ms as LLVM does it, 5.0 ms not unrolled).
bool fillsAVector(linalg::GenericOp op) {
  auto type = cast<MemRefType>(op.getDpsInits().front().getType());
  if (!type.getElementType().isIntOrFloat())
    return false;
  int64_t bits = type.getElementTypeBitWidth();
  return op.getStaticLoopRanges().back() * bits >= 64 * 8;
}

/// The loop groups to merge, or nothing when no two loops merge.
std::optional<SmallVector<ReassociationIndices>>
chooseGroups(linalg::GenericOp op) {
  unsigned loops = op.getNumLoops();

  // Each loop joins the group of the loop before it where every operand
  // still reads the merged loops as one run.
  SmallVector<ReassociationIndices> groups;
  for (unsigned loop = 0; loop < loops; ++loop)
    groups.push_back({static_cast<int64_t>(loop)});
  SmallVector<ReassociationIndices> merged{groups.front()};
  for (unsigned loop = 1; loop < loops; ++loop) {
    SmallVector<ReassociationIndices> trial = merged;
    trial.back().push_back(loop);
    for (unsigned rest = loop + 1; rest < loops; ++rest)
      trial.push_back({static_cast<int64_t>(rest)});
    if (canCollapse(op, trial)) {
      merged.back().push_back(loop);
      continue;
    }
    merged.push_back({static_cast<int64_t>(loop)});
  }
  if (merged.size() == loops)
    return std::nullopt;
  return merged;
}

struct CollapseShortInnerLoopsPass
    : PassWrapper<CollapseShortInnerLoopsPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CollapseShortInnerLoopsPass)
  StringRef getArgument() const override {
    return "jx-collapse-short-inner-loops";
  }
  StringRef getDescription() const override {
    return "Merge contiguous loops of elementwise nests whose inner loop is "
           "short, so that LLVM vectorizes along memory";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<memref::MemRefDialect, affine::AffineDialect,
                    scf::SCFDialect>();
  }
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> candidates;
    getOperation()->walk(
        [&](linalg::GenericOp op) { candidates.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp op : candidates) {
      if (!hasShortInnerLoop(op))
        continue;
      if (auto groups = chooseGroups(op)) {
        rewriter.setInsertionPoint(op);
        FailureOr<linalg::CollapseResult> collapsed =
            linalg::collapseOpIterationDims(op, *groups, rewriter);
        if (failed(collapsed))
          continue;
        rewriter.replaceOp(op, collapsed->results);
        op = cast<linalg::GenericOp>(collapsed->collapsedOp.getOperation());
      }
      if (op.getNumLoops() < 2 || !fillsAVector(op))
        continue;
      // Still a short inner loop (a row broadcast along it): its loops
      // are made here, the parallel ones marked so that jx-parallel-loops
      // asks LLVM not to unroll the innermost loop it makes.
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::LinalgLoops> loops =
          linalg::linalgOpToParallelLoops(rewriter, op);
      if (failed(loops))
        continue;
      for (Operation *loop : *loops)
        if (isa<scf::ParallelOp>(loop))
          loop->setAttr(kVectorizeInnermostAttr, rewriter.getUnitAttr());
      rewriter.eraseOp(op);
    }
  }
};

} // namespace

void registerCollapseShortInnerLoopsPass() {
  PassRegistration<CollapseShortInnerLoopsPass>();
}

} // namespace jx
