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
//  - Constant folding of linalg ops is limited to small results, so a
//    splat of 10^9 elements is never expanded element by element at
//    compile time.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

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
    // iteration limit still leaves valid IR.
    (void)applyPatternsGreedily(getOperation(), std::move(patterns),
                                GreedyRewriteConfig().setUseTopDownTraversal());
  }
};

} // namespace

void registerFuseElementwisePass() { PassRegistration<FuseElementwisePass>(); }

} // namespace jx
