//===- ChloLegalizeToStablehlo.cpp - the --chlo-legalize-to-stablehlo pass -===//

#include "Decompose.h"
#include "jx/Dialect/CHLO/Transforms/Passes.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace jx::chlo {
#define GEN_PASS_DEF_CHLOLEGALIZETOSTABLEHLOPASS
#include "jx/Dialect/CHLO/Transforms/Passes.h.inc"
} // namespace jx::chlo

void jx::chlo::populateChloDecompositionPatterns(RewritePatternSet &patterns) {
  detail::populateSimplePatterns(patterns);
  detail::populateBroadcastPatterns(patterns);
  detail::populateSpecialFunctionPatterns(patterns);
  detail::populateTrigPatterns(patterns);
  detail::populateStructuredPatterns(patterns);
}

namespace {

struct ChloLegalizeToStablehloPass
    : jx::chlo::impl::ChloLegalizeToStablehloPassBase<
          ChloLegalizeToStablehloPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    jx::chlo::populateChloDecompositionPatterns(patterns);
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    (void)applyPatternsGreedily(getOperation(), std::move(patterns), config);
    // Whatever is left had no applicable decomposition.
    WalkResult result = getOperation()->walk([&](Operation *op) {
      if (!isa<jx::chlo::ChloDialect>(op->getDialect()))
        return WalkResult::advance();
      op->emitOpError() << "has no decomposition into stablehlo for these "
                           "operand types";
      return WalkResult::interrupt();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
