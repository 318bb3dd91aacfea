//===- TileTransposes.cpp - transposed copies one tile at a time ----------===//
//
// `--jx-tile-transposes`, loops phase, after convert-linalg-to-parallel-loops
// and before jx-parallel-loops (CPU only). A parallel loop nest that writes
// along its innermost loop while reading another buffer along a different
// loop (a transpose, alone or fused with elementwise ops) reads one element
// per cache line and, in a large matrix, one per page: out[i][j] = x[j][i]
// over f32[4096, 4096] ran at 1.4 GB/s. Such a nest is tiled, both the
// written and the read innermost loops by 32 (a 32 x 32 f32 tile is 4 KiB:
// the 32 lines it reads and the 32 it writes stay in L1 while the tile is
// done), the other loops by 1. The tiles stay one scf.parallel, which
// jx-parallel-loops divides among the threads; the loop inside a tile
// becomes scf.for loops. Only the order in which elements are computed
// changes: results are identical.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace jx {
namespace {

/// Tile extent along the written and the read innermost loops.
constexpr int64_t kTile = 32;
/// Nests of fewer elements stay as they are (they fit in the cache).
constexpr int64_t kMinElements = int64_t(1) << 16;

/// The loop (an index of `loop`'s induction variables) that a load in its
/// body reads its innermost dimension along, when that is not the last
/// loop and the last loop indexes an outer dimension of the same load (a
/// transposed read); or nothing.
std::optional<unsigned> transposedRead(scf::ParallelOp loop) {
  SmallVector<Value> ivs = loop.getInductionVars();
  Value last = ivs.back();
  std::optional<unsigned> found;
  bool contiguousWrite = false;
  loop.getBody()->walk([&](Operation *op) {
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      if (!store.getIndices().empty() && store.getIndices().back() == last)
        contiguousWrite = true;
      return;
    }
    auto load = dyn_cast<memref::LoadOp>(op);
    if (!load || load.getIndices().size() < 2)
      return;
    ValueRange idx = load.getIndices();
    if (idx.back() == last || !llvm::is_contained(idx.drop_back(), last))
      return;
    for (unsigned k = 0; k + 1 < ivs.size(); ++k)
      if (idx.back() == ivs[k])
        found = k;
  });
  return contiguousWrite ? found : std::nullopt;
}

struct TileTransposesPass
    : PassWrapper<TileTransposesPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TileTransposesPass)
  StringRef getArgument() const override { return "jx-tile-transposes"; }
  StringRef getDescription() const override {
    return "Tile parallel loop nests that read along a different loop than "
           "they write (transposes) by 32 x 32";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, scf::SCFDialect>();
  }
  void runOnOperation() override {
    SmallVector<std::pair<scf::ParallelOp, unsigned>> nests;
    getOperation().walk([&](scf::ParallelOp loop) {
      if (loop->getParentOfType<scf::ParallelOp>() ||
          loop.getNumLoops() < 2)
        return;
      int64_t elements = 1;
      for (auto [lb, ub, step] : llvm::zip(
               loop.getLowerBound(), loop.getUpperBound(), loop.getStep())) {
        std::optional<int64_t> l = getConstantIntValue(lb),
                               u = getConstantIntValue(ub),
                               s = getConstantIntValue(step);
        if (!l || !u || !s || *l != 0 || *s != 1)
          return;
        elements *= *u;
      }
      std::optional<unsigned> read = transposedRead(loop);
      if (!read || elements < kMinElements)
        return;
      unsigned last = loop.getNumLoops() - 1;
      for (unsigned k : {*read, last})
        if (*getConstantIntValue(loop.getUpperBound()[k]) % kTile != 0)
          return;
      nests.push_back({loop, *read});
    });
    SmallVector<Operation *> steps;
    for (auto [loop, read] : nests) {
      SmallVector<int64_t> sizes(loop.getNumLoops(), 1);
      sizes[read] = kTile;
      sizes.back() = kTile;
      auto [outer, inner] =
          scf::tileParallelLoop(loop, sizes, /*noMinMaxBounds=*/true);
      for (Value step : outer.getStep())
        if (Operation *def = step.getDefiningOp())
          steps.push_back(def);
    }
    // The tiles' steps (step * tile) as constants: jx-parallel-loops
    // divides only loops of static bounds and steps among the threads.
    (void)applyOpPatternsGreedily(steps, FrozenRewritePatternSet());
  }
};

} // namespace

void registerTileTransposesPass() { PassRegistration<TileTransposesPass>(); }

} // namespace jx
