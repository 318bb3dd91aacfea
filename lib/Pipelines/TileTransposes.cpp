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
// A nest that only copies 32-bit elements (a transpose alone: one load,
// one store of it at the nest's indices) is done 16 x 16 elements at a
// time in registers instead: 16 vector loads along the rows it reads, four
// steps of 16 two-source shuffles, 16 vector stores along the rows it
// writes (in tiles of up to 128 x 128 elements for the TLB). Every line
// read and written is then used whole at once: out[i][j] = x[j][i] over
// f32[4096, 4096] went from 36 ms (32 x 32 tiles of scalar copies) to the
// time docs/performance.md gives.
//
//===----------------------------------------------------------------------===//

#include "RegisterTranspose.h"

#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
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

/// Edge of the blocks transposed in registers: 16 lanes of 32 bits.
constexpr int64_t kBlock = 16;
/// Edge of the tiles of blocks done one after another.
constexpr int64_t kMaxSquare = 128;

/// Whether `loop` only copies 32-bit elements, one load and a store of it
/// at the loop's induction variables in order, where the load's indices
/// are the same variables in another order, both buffers contiguous along
/// their last dimension, and the loops `read` and the last divide by
/// kBlock.
bool isPureTransposedCopy(scf::ParallelOp loop, unsigned read) {
  Block *body = loop.getBody();
  if (body->getOperations().size() != 3)
    return false;
  auto load = dyn_cast<memref::LoadOp>(&body->front());
  auto store = dyn_cast_or_null<memref::StoreOp>(
      load ? load->getNextNode() : nullptr);
  if (!load || !store || store.getValueToStore() != load.getResult())
    return false;
  SmallVector<Value> ivs = loop.getInductionVars();
  if (!llvm::equal(store.getIndices(), ivs) ||
      load.getIndices().size() != ivs.size() ||
      !llvm::all_of(ivs, [&](Value iv) {
        return llvm::count(load.getIndices(), iv) == 1;
      }))
    return false;
  Type element = load.getMemRefType().getElementType();
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() != 32 ||
      !load.getMemRefType().isLastDimUnitStride() ||
      !store.getMemRefType().isLastDimUnitStride())
    return false;
  unsigned last = ivs.size() - 1;
  return *getConstantIntValue(loop.getUpperBound()[read]) % kBlock == 0 &&
         *getConstantIntValue(loop.getUpperBound()[last]) % kBlock == 0;
}

/// Replaces the pure transposed copy `loop` (above) by one that moves a
/// kBlock x kBlock block per iteration through registers, transposed by
/// vector.shuffle (RegisterTranspose.h).
void transposeInRegisters(scf::ParallelOp loop, unsigned read) {
  auto load = cast<memref::LoadOp>(&loop.getBody()->front());
  auto store = cast<memref::StoreOp>(load->getNextNode());
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  unsigned last = loop.getNumLoops() - 1;
  // Tiles of up to kMaxSquare x kMaxSquare blocks' elements, the blocks of
  // a tile one after another: the rows a tile reads (one line of each per
  // block) stay in the TLB from one block to the next, where a walk down a
  // whole column of blocks would touch a new page with every line.
  int64_t tile = kMaxSquare;
  for (unsigned k : {read, last})
    while (*getConstantIntValue(loop.getUpperBound()[k]) % tile != 0)
      tile /= 2;
  SmallVector<Value> steps(loop.getStep().begin(), loop.getStep().end());
  Value tileStep = arith::ConstantIndexOp::create(b, loc, tile);
  steps[read] = tileStep;
  steps[last] = tileStep;
  auto tiles = scf::ParallelOp::create(b, loc, loop.getLowerBound(),
                                       loop.getUpperBound(), steps);
  b.setInsertionPointToStart(tiles.getBody());
  SmallVector<Value> ivs = tiles.getInductionVars();
  // (Static bounds: jx-parallel-loops divides only nests it can count.)
  Value block = arith::ConstantIndexOp::create(b, loc, kBlock);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  for (unsigned k : {read, last}) {
    auto inner = scf::ForOp::create(b, loc, zero, tileStep, block);
    b.setInsertionPointToStart(inner.getBody());
    ivs[k] = arith::AddIOp::create(b, loc, ivs[k], inner.getInductionVar());
  }
  SmallVector<Value> oldIvs = loop.getInductionVars();
  Type element = load.getMemRefType().getElementType();
  auto row = VectorType::get({kBlock}, element);
  auto offset = [&](Value base, int64_t k) -> Value {
    if (k == 0)
      return base;
    return arith::AddIOp::create(b, loc, base,
                                 arith::ConstantIndexOp::create(b, loc, k));
  };
  // Rows r of the block: the read buffer at last + r, read .. read + 16.
  SmallVector<Value> rows;
  for (int64_t r = 0; r < kBlock; ++r) {
    SmallVector<Value> indices;
    for (Value index : load.getIndices()) {
      unsigned k = llvm::find(oldIvs, index) - oldIvs.begin();
      indices.push_back(k == last ? offset(ivs[k], r) : ivs[k]);
    }
    rows.push_back(
        vector::LoadOp::create(b, loc, row, load.getMemref(), indices));
  }
  // The block transposed by 4 x 16 two-source shuffles.
  transposeBlockInRegisters(b, loc, rows);
  // Row c of the transposed block: the written buffer at read + c.
  for (int64_t c = 0; c < kBlock; ++c) {
    SmallVector<Value> indices(ivs);
    indices[read] = offset(ivs[read], c);
    vector::StoreOp::create(b, loc, rows[c], store.getMemref(), indices);
  }
  loop->erase();
}

struct TileTransposesPass
    : PassWrapper<TileTransposesPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TileTransposesPass)
  StringRef getArgument() const override { return "jx-tile-transposes"; }
  StringRef getDescription() const override {
    return "Tile parallel loop nests that read along a different loop than "
           "they write (transposes) by 32 x 32, or move 16 x 16 blocks of "
           "a plain 32-bit transposed copy through registers";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, scf::SCFDialect,
                    vector::VectorDialect>();
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
      // Blocks in registers need extents of a multiple of 16 (a transpose
      // of f32[1M, 16]: 46.7 ms as scalar loops), tiles of scalars 32.
      unsigned last = loop.getNumLoops() - 1;
      if (!isPureTransposedCopy(loop, *read))
        for (unsigned k : {*read, last})
          if (*getConstantIntValue(loop.getUpperBound()[k]) % kTile != 0)
            return;
      nests.push_back({loop, *read});
    });
    SmallVector<Operation *> steps;
    for (auto [loop, read] : nests) {
      if (isPureTransposedCopy(loop, read)) {
        transposeInRegisters(loop, read);
        continue;
      }
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
