//===- FuseElementwise.cpp - jx's elementwise fusion of linalg ops --------===//
//
// `--jx-fuse-elementwise`: the pattern set of upstream's
// linalg-fuse-elementwise-ops (producer-into-consumer fusion of
// all-parallel generics, reshape propagation by expansion, constant
// folding of linalg ops), under jx's own legality rule instead of the
// upstream pass's "the producer has one use":
//
//  - The producer's payload must not read its own outputs. Upstream keeps
//    such a result "preserved" and writes it from the fused loop nest; when
//    the consumer has more loops than the producer (an outer product
//    feeding a broadcast), every extra iteration accumulates into the same
//    element again, a silently wrong answer.
//  - When the consumer reads the producer's result through a map that is
//    not a permutation (the fused loop nest is larger than the producer's),
//    no producer result may stay live: it would be written once per extra
//    iteration, a race as soon as those loops run in parallel.
//  - A contraction (dot_general's generic) absorbs only data movement:
//    a transpose or broadcast becomes the indexing of its operand, which the
//    BLAS path reads in place; computed producers stay outside it.
//  - A cheap all-parallel producer with several consumers that would all
//    fuse it is duplicated first, one copy per consumer (a cost model:
//    recomputing a few ops per element against writing and reading the
//    tensor), so a softmax or layernorm reads its input twice, not four
//    times.
//  - Constant folding of linalg ops is limited to small results, so a
//    splat of 10^9 elements is never expanded element by element at
//    compile time.
//
//===----------------------------------------------------------------------===//

#include "RowChains.h"

#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <functional>

using namespace mlir;

namespace jx {

/// The largest result, in elements, that linalg constant folding may
/// compute at compile time.
constexpr int64_t kMaxFoldedElements = 1 << 16;

bool isLegalElementwiseFusion(OpOperand *fused) {
  Operation *producerOp = fused->get().getDefiningOp();
  if (!producerOp || !producerOp->hasOneUse())
    return false;
  Operation *owner = fused->getOwner();
  // Constant folding asks about the constant operands of its consumer.
  if (isa<arith::ConstantOp>(producerOp)) {
    auto type = owner->getNumResults()
                    ? dyn_cast<RankedTensorType>(owner->getResult(0).getType())
                    : RankedTensorType();
    return type && type.hasStaticShape() &&
           type.getNumElements() <= kMaxFoldedElements;
  }
  auto consumer = dyn_cast<linalg::GenericOp>(owner);
  auto producer = dyn_cast<linalg::GenericOp>(producerOp);
  if (!producer || !consumer)
    return true; // reshape propagation: no payload is duplicated
  for (OpOperand &init : producer.getDpsInitsMutable())
    if (producer.payloadUsesValueFromOperand(&init))
      return false;
  // A contraction takes only data movement (a transpose or broadcast,
  // which becomes its operand's indexing): anything computed would stop it
  // from being a contraction, which the BLAS path needs, and would be
  // recomputed once per element of the reduction.
  if (consumer.getNumReductionLoops() > 0 &&
      linalg::isaContractionOpInterface(
          cast<linalg::LinalgOp>(consumer.getOperation()))) {
    Block &body = producer->getRegion(0).front();
    auto yield = cast<linalg::YieldOp>(body.getTerminator());
    auto arg = dyn_cast<BlockArgument>(
        yield.getOperand(cast<OpResult>(fused->get()).getResultNumber()));
    if (body.getOperations().size() != 1 || !arg ||
        arg.getArgNumber() >= producer.getNumDpsInputs())
      return false;
  }
  AffineMap consumerMap = consumer.getMatchingIndexingMap(fused);
  if (!consumerMap.isPermutation() &&
      !linalg::getPreservedProducerResults(producer, consumer, fused).empty())
    return false;
  return true;
}

namespace {

/// Producers cheaper than this (arith ops count 1, math functions 8) are
/// recomputed by each of their consumers rather than written to memory
/// once and read back by each: at this machine's ~14 GB/s a write and a
/// read of an f32 cost about as much as 16 vectorized arithmetic ops.
constexpr int64_t kMaxRecomputeCost = 16;

/// Producers at most this costly are recomputed even where their result
/// would stay in the cache (a store and a load per element).
constexpr int64_t kMaxRecomputeInCache = 2;

int64_t recomputeCost(linalg::GenericOp op) {
  int64_t cost = 0;
  for (Operation &o : op.getBlock()->without_terminator())
    cost += isa<math::MathDialect>(o.getDialect()) ? 8 : 1;
  return cost;
}

/// Cost-model duplication, before fusion: an all-parallel producer with
/// several consumers, each of which would fuse it (a generic that reads it
/// element for element, not a contraction), and cheap enough to
/// recompute, gets a copy per consumer, so that every consumer fuses its
/// own copy and the intermediate tensor is never materialized (a
/// layernorm's x - mean, read by the variance and the output; a softmax's
/// exp(x - max), read by the sum and the division). Returns
/// whether anything was duplicated.
bool duplicateCheapProducers(Operation *root) {
  SmallVector<linalg::GenericOp> producers;
  root->walk([&](linalg::GenericOp op) {
    if (!op.hasPureTensorSemantics() || op->getNumResults() != 1 ||
        op->hasOneUse() || op->use_empty() ||
        op.getNumLoops() != op.getNumParallelLoops() ||
        op.payloadUsesValueFromOperand(op.getDpsInitOperand(0)))
      return;
    int64_t cost = recomputeCost(op);
    if (cost > kMaxRecomputeCost)
      return;
    // Computed one row at a time by jx-fuse-rows, its result stays in the
    // cache between its consumers: reading it back costs about two ops,
    // less than computing it again unless it is that cheap (softmax's
    // exponentials are kept; layernorm's x - mean is still recomputed).
    if (cost > kMaxRecomputeInCache &&
        willFuseRows(cast<linalg::LinalgOp>(op.getOperation())))
      return;
    producers.push_back(op);
  });
  bool changed = false;
  for (linalg::GenericOp producer : producers) {
    std::function<bool(OpOperand &)> fuses = [&](OpOperand &use) -> bool {
      // Through a reshape (jx-blocked-reductions' blocks), which fusion
      // propagates by expanding the producer.
      if (auto expand = dyn_cast<tensor::ExpandShapeOp>(use.getOwner()))
        return expand->hasOneUse() && fuses(*expand->use_begin());
      auto consumer = dyn_cast<linalg::GenericOp>(use.getOwner());
      return consumer && consumer.isDpsInput(&use) &&
             consumer.getMatchingIndexingMap(&use).isPermutation() &&
             !(consumer.getNumReductionLoops() > 0 &&
               linalg::isaContractionOpInterface(
                   cast<linalg::LinalgOp>(consumer.getOperation())));
    };
    bool allFuse = llvm::all_of(producer->getUses(), fuses);
    if (!allFuse)
      continue;
    SmallVector<OpOperand *> uses;
    for (OpOperand &use : producer->getUses())
      uses.push_back(&use);
    OpBuilder b(producer);
    for (OpOperand *use : llvm::drop_begin(uses)) {
      Operation *copy = b.clone(*producer);
      use->set(copy->getResult(0));
    }
    changed = true;
  }
  return changed;
}

struct FuseElementwisePass
    : PassWrapper<FuseElementwisePass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FuseElementwisePass)
  StringRef getArgument() const override { return "jx-fuse-elementwise"; }
  StringRef getDescription() const override {
    return "Fuse elementwise linalg ops into their consumers, under jx's "
           "legality rule (no fused producer reads its own outputs)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<affine::AffineDialect, arith::ArithDialect,
                    linalg::LinalgDialect, tensor::TensorDialect>();
  }
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    linalg::ControlFusionFn control = isLegalElementwiseFusion;
    linalg::populateElementwiseOpsFusionPatterns(patterns, control);
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, control);
    tensor::populateBubbleUpExpandShapePatterns(patterns);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
    context->getLoadedDialect<linalg::LinalgDialect>()
        ->getCanonicalizationPatterns(patterns);
    linalg::populateConstantFoldLinalgOperations(patterns, control);
    // As upstream: a rewrite that has not converged within the driver's
    // iteration limit still leaves valid IR. Fusion can leave new cheap
    // producers with several consumers: a second round takes those.
    FrozenRewritePatternSet frozen(std::move(patterns));
    for (int round = 0; round < 3; ++round) {
      (void)applyPatternsGreedily(
          getOperation(), frozen,
          GreedyRewriteConfig().setUseTopDownTraversal());
      if (round == 2 || !duplicateCheapProducers(getOperation()))
        break;
    }
  }
};

} // namespace

void registerFuseElementwisePass() { PassRegistration<FuseElementwisePass>(); }

} // namespace jx
