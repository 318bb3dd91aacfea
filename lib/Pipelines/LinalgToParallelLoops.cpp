//===- LinalgToParallelLoops.cpp - linalg ops on buffers to scf loops -----===//
//
// `--jx-linalg-to-parallel-loops`, loops phase: every linalg op on buffers
// becomes its loop nest (scf.parallel over its parallel dimensions, scf.for
// over the others), by linalg::linalgOpToParallelLoops, as upstream's
// convert-linalg-to-parallel-loops does. That pass runs its pattern
// greedily over the whole function: the driver tries to fold each of the
// function's ops, and after each round walks the function again to
// simplify its regions. In a model's entry of 10 000 ops (100 000 after
// bufferization) that took 0.39-0.43 s; the loop nests are the same when
// the driver starts from the linalg ops alone and simplifies no regions:
// the rewrites only replace each op with loops and fold the index
// arithmetic they create.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace jx {
namespace {

struct LinalgToParallelLoopsPass
    : PassWrapper<LinalgToParallelLoopsPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LinalgToParallelLoopsPass)

  StringRef getArgument() const override {
    return "jx-linalg-to-parallel-loops";
  }
  StringRef getDescription() const override {
    return "Lower linalg ops on buffers to scf.parallel/scf.for loop nests "
           "(convert-linalg-to-parallel-loops, rewriting only those ops)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<affine::AffineDialect, memref::MemRefDialect,
                    scf::SCFDialect>();
  }

  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> linalgOps;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (op.hasPureBufferSemantics())
        linalgOps.push_back(op);
    });
    if (linalgOps.empty())
      return;
    // Each op becomes its loops; an op that cannot stays, for the phase's
    // legality check to name.
    IRRewriter rewriter(&getContext());
    SmallVector<Operation *> created;
    for (linalg::LinalgOp op : linalgOps) {
      Block *block = op->getBlock();
      Operation *before = op->getPrevNode();
      Operation *after = op->getNextNode();
      rewriter.setInsertionPoint(op);
      if (failed(linalg::linalgOpToParallelLoops(rewriter, op)))
        continue;
      rewriter.eraseOp(op);
      // What replaced it: the ops between its neighbours (a nest, or the
      // body alone for an op without loops).
      for (Operation *it = before ? before->getNextNode() : &block->front();
           it != after; it = it->getNextNode())
        it->walk([&](Operation *inner) { created.push_back(inner); });
    }
    // Then the index arithmetic and the loads the loop bodies do not use
    // (an output's old value, for an op that overwrites it) fold away.
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    memref::DimOp::getCanonicalizationPatterns(patterns, context);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    (void)applyOpPatternsGreedily(created, std::move(patterns), config);
  }
};

} // namespace

void registerLinalgToParallelLoopsPass() {
  PassRegistration<LinalgToParallelLoopsPass>();
}

} // namespace jx
