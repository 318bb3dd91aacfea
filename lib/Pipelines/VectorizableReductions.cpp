//===- VectorizableReductions.cpp - reductions LLVM can vectorize ---------===//
//
// `--jx-vectorizable-reductions` reshapes linalg reductions (after fusion,
// on tensors) so that the innermost loop convert-linalg-to-loops makes of
// them is a parallel loop over contiguous elements, which LLVM's loop
// vectorizer turns into vector code without reassociating anything:
//
//  - Column reductions (sum over axis 0 of [R, C]): the loops come out as
//    `for c { for r { out[c] += x[r, c] } }`, a strided inner loop. The
//    generic is interchanged to `for r { for c { ... } }`: the same additions
//    in the same order, so the results are bit for bit what they were.
//  - Row reductions (sum over the contiguous last axis): one serial chain of
//    dependent adds per row. The reduced dimension n is split as
//    [n / L, L] (linalg::splitReduction with an inner parallel dimension):
//    L partial sums, lane l adding elements l, l + L, l + 2L, ..., then a
//    second reduction adds the L partials in order. L is 64 f32 or 32 f64
//    values (four AVX-512 registers: four independent add chains) or the
//    largest power of two down to 8 that divides n. This reassociates the
//    sum, as XLA's vectorized reductions do; the order is fixed by the
//    shape alone, so results do not change between runs or thread counts,
//    and each partial adds n / L terms, which also bounds the rounding
//    error more tightly than one chain of n.
//  - Argmax and argmin (two results, a value and its index): columns are
//    interchanged as above (exact); rows are split into lanes combined by
//    the order argmax selects by, which gives the sequential result
//    exactly (ArgReductions.cpp).
//
// Only reductions whose every input is read with the reduced (or the
// chosen parallel) dimension as its last index qualify; everything else is
// left as it is.
//
// The CUDA pipeline (`gpu`) splits rows the same way and leaves columns
// alone (a GPU's threads over the columns already read neighbouring
// addresses); then every reduction's parallel loops, a split one's lanes
// included, go before its reduced loops: the kernel's threads are the
// (row, lane) pairs, a warp's 32 neighbouring lanes read 32 neighbouring
// elements, and each element still adds in the CPU's order, giving the
// CPU's results bit for bit.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "ReductionLanes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"


using namespace mlir;

namespace jx {

/// Whether `dim` is the last index of every input that uses it (inputs
/// that do not, broadcast along it, are invariant in its loop), and at
/// least one input uses it.
bool isContiguousInputDim(linalg::GenericOp op, unsigned dim) {
  bool used = false;
  for (OpOperand *in : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(in);
    if (!map.isFunctionOfDim(dim))
      continue;
    if (map.getResults().back() != getAffineDimExpr(dim, op.getContext()))
      return false;
    for (AffineExpr e : map.getResults().drop_back())
      if (e.isFunctionOfDim(dim))
        return false;
    used = true;
  }
  return used;
}

/// `v` with its last dimension, of n elements, split into [n / inner,
/// inner] (a free reshape).
Value splitLastDim(OpBuilder &b, Location loc, Value v, int64_t inner) {
  auto type = cast<RankedTensorType>(v.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape.back() /= inner;
  shape.push_back(inner);
  SmallVector<ReassociationIndices> groups;
  for (int64_t i = 0; i + 1 < type.getRank(); ++i)
    groups.push_back({i});
  groups.push_back({type.getRank() - 1, type.getRank()});
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType()), v, groups);
}

/// A tensor of `type`'s shape with `lanes` more elements in a new last
/// dimension, each `value`: partial results starting at the identity.
Value filledWithLanes(OpBuilder &b, Location loc, RankedTensorType type,
                      int64_t lanes, Value value) {
  SmallVector<int64_t> shape(type.getShape());
  shape.push_back(lanes);
  Value empty = tensor::EmptyOp::create(b, loc, shape, type.getElementType());
  return linalg::FillOp::create(b, loc, value, empty).getResult(0);
}

/// The least number of elements in a reduced row worth splitting.
constexpr int64_t kMinSplitRow = 64;

int64_t laneCount(int64_t n, unsigned bits) {
  if (n < kMinSplitRow)
    return 0;
  int64_t lanes = bits <= 32 ? 64 : 32;
  while (lanes >= 8 && (n % lanes != 0 || n / lanes < 2))
    lanes /= 2;
  return lanes < 8 ? 0 : lanes;
}

AffineMap appendLane(AffineMap map) {
  SmallVector<AffineExpr> results(map.getResults());
  results.push_back(getAffineDimExpr(map.getNumDims(), map.getContext()));
  return AffineMap::get(map.getNumDims() + 1, 0, results, map.getContext());
}

void splitInputsIntoLanes(OpBuilder &b, linalg::GenericOp op, unsigned dim,
                          int64_t lanes, SmallVectorImpl<Value> &inputs,
                          SmallVectorImpl<AffineMap> &maps) {
  for (OpOperand *in : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(in);
    if (!map.isFunctionOfDim(dim)) {
      inputs.push_back(in->get());
      maps.push_back(AffineMap::get(map.getNumDims() + 1, 0, map.getResults(),
                                    op.getContext()));
      continue;
    }
    inputs.push_back(splitLastDim(b, op.getLoc(), in->get(), lanes));
    maps.push_back(appendLane(map));
  }
}

SmallVector<Value> combineLanes(
    RewriterBase &rewriter, Location loc, ValueRange partials,
    ValueRange inits, ValueRange identities, int64_t lanes,
    function_ref<void(OpBuilder &, Location, ValueRange)> combiner) {
  MLIRContext *ctx = rewriter.getContext();
  unsigned outRank = cast<RankedTensorType>(inits[0].getType()).getRank();
  // out[..] = combiner(partial[.., l], out[..]) over the trailing lane
  // dimension of `from` (and a parallel one of 8 after it with innerLanes).
  auto combineInto = [&](ValueRange from, ValueRange into, bool innerLanes) {
    unsigned rank = outRank + (innerLanes ? 2 : 1);
    AffineMap all = AffineMap::getMultiDimIdentityMap(rank, ctx);
    SmallVector<AffineExpr> outExprs(all.getResults().take_front(outRank));
    if (innerLanes)
      outExprs.push_back(all.getResult(rank - 1));
    AffineMap out = AffineMap::get(rank, 0, outExprs, ctx);
    SmallVector<AffineMap> maps(from.size(), all);
    maps.append(into.size(), out);
    SmallVector<utils::IteratorType> iters(outRank,
                                           utils::IteratorType::parallel);
    iters.push_back(utils::IteratorType::reduction);
    if (innerLanes)
      iters.push_back(utils::IteratorType::parallel);
    return linalg::GenericOp::create(rewriter, loc, into.getTypes(), from,
                                     into, maps, iters, combiner)
        .getResults();
  };
  SmallVector<Value> lanesLeft(partials);
  constexpr int64_t kVector = 8;
  if (lanes > kVector) {
    SmallVector<Value> expanded, eights;
    for (auto [partial, init, identity] :
         llvm::zip(partials, inits, identities)) {
      expanded.push_back(splitLastDim(rewriter, loc, partial, kVector));
      eights.push_back(filledWithLanes(
          rewriter, loc, cast<RankedTensorType>(init.getType()), kVector,
          identity));
    }
    ResultRange eight = combineInto(expanded, eights, /*innerLanes=*/true);
    lanesLeft.assign(eight.begin(), eight.end());
  }
  ResultRange combined = combineInto(lanesLeft, inits, /*innerLanes=*/false);
  return SmallVector<Value>(combined.begin(), combined.end());
}

namespace {

bool isFloatReduction(linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumReductionLoops() != 1)
    return false;
  // Contractions are the BLAS path's (ContractionToBlas.cpp).
  if (linalg::isaContractionOpInterface(op))
    return false;
  Type t = getElementTypeOrSelf(op.getDpsInits()[0].getType());
  return t.isF32() || t.isF64();
}

/// Column reductions: make the contiguous parallel dimension innermost.
bool interchangeColumnReduction(RewriterBase &rewriter, linalg::GenericOp op) {
  unsigned loops = op.getNumLoops();
  if (loops < 2)
    return false;
  SmallVector<utils::IteratorType> iters = op.getIteratorTypesArray();
  if (iters[loops - 1] != utils::IteratorType::reduction)
    return false;
  // The parallel dimension the inputs read contiguously.
  int64_t dim = -1;
  for (unsigned d = 0; d + 1 < loops && dim < 0; ++d)
    if (iters[d] == utils::IteratorType::parallel &&
        isContiguousInputDim(op, d))
      dim = d;
  if (dim < 0)
    return false;
  // The loops in their order, with `dim` moved to the end.
  SmallVector<unsigned> order;
  for (unsigned d = 0; d < loops; ++d)
    if (d != dim)
      order.push_back(d);
  order.push_back(dim);
  rewriter.setInsertionPoint(op);
  return succeeded(linalg::interchangeGenericOp(rewriter, op, order));
}

/// Whether `v` is computed, inside `body`, from `e` alone (and values
/// defined outside the body); the ops on the way go into `slice`.
bool computedFrom(Value v, Value e, Block *body,
                  llvm::SetVector<Operation *> &slice) {
  if (v == e || v.getParentBlock() != body)
    return true;
  Operation *def = v.getDefiningOp();
  if (!def) // another block argument
    return false;
  if (slice.contains(def)) // shared subexpressions are checked once
    return true;
  for (Value operand : def->getOperands())
    if (!computedFrom(operand, e, body, slice))
      return false;
  slice.insert(def);
  return true;
}

/// The combiner of a reduction's body: the ops that depend on the
/// accumulator (the init block argument), and the one value `element`,
/// computed from the inputs alone, that they combine it with (the ops that
/// derive other operands of the combiner from `element`, such as its sign
/// bit for a maximum that orders -0 below +0, are part of the combiner).
/// Fails (false) when there is no such single value, or the body reads
/// loop indices.
bool findCombiner(linalg::GenericOp op, SmallVectorImpl<Operation *> &ops,
                  Value &element) {
  Block *body = op.getBlock();
  if (!body->getOps<linalg::IndexOp>().empty())
    return false;
  Value acc = body->getArguments().back();
  llvm::SmallPtrSet<Value, 8> onAcc{acc};
  SmallVector<Operation *> chain;
  for (Operation &o : body->without_terminator()) {
    bool uses = llvm::any_of(o.getOperands(),
                             [&](Value v) { return onAcc.contains(v); });
    if (!uses)
      continue;
    chain.push_back(&o);
    for (Value r : o.getResults())
      onAcc.insert(r);
  }
  Value yielded = body->getTerminator()->getOperand(0);
  if (!onAcc.contains(yielded) || yielded == acc)
    return false;
  llvm::SetVector<Value> external;
  for (Operation *o : chain)
    for (Value v : o->getOperands())
      if (!onAcc.contains(v) && v.getParentBlock() == body)
        external.insert(v);
  for (Value e : external) {
    llvm::SetVector<Operation *> slice;
    if (!llvm::all_of(external, [&](Value v) {
          return computedFrom(v, e, body, slice);
        }))
      continue;
    element = e;
    // The derived operands first, then the accumulator's chain, each in
    // the body's order.
    SmallVector<Operation *> derived(slice.begin(), slice.end());
    llvm::sort(derived, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
    ops.assign(derived.begin(), derived.end());
    ops.append(chain.begin(), chain.end());
    return true;
  }
  return false;
}

/// Row reductions: split the reduced, contiguous dimension into lanes.
/// The partial results start at the reduction's own init value (a
/// linalg.fill of a constant: the identity stablehlo.reduce requires), the
/// first generic runs the original body over [.., n / L, L] into
/// [.., L] partials, the next combine the L partials with the combiner
/// alone, 8 lanes at a time and then the last 8, into the original init.
bool splitRowReduction(RewriterBase &rewriter, linalg::GenericOp op) {
  unsigned loops = op.getNumLoops();
  SmallVector<utils::IteratorType> iters = op.getIteratorTypesArray();
  unsigned dim = loops - 1;
  if (iters[dim] != utils::IteratorType::reduction ||
      !isContiguousInputDim(op, dim))
    return false;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t n = ranges[dim];
  if (ShapedType::isDynamic(n))
    return false;
  OpOperand *init = op.getDpsInitOperand(0);
  auto fill = init->get().getDefiningOp<linalg::FillOp>();
  if (!fill)
    return false;
  auto outType = cast<RankedTensorType>(init->get().getType());
  AffineMap outMap = op.getMatchingIndexingMap(init);
  if (!outMap.isProjectedPermutation() || !outType.hasStaticShape())
    return false;
  SmallVector<Operation *> combiner;
  Value element;
  if (!findCombiner(op, combiner, element))
    return false;
  int64_t lanes =
      laneCount(n, outType.getElementType().getIntOrFloatBitWidth());
  if (!lanes)
    return false;

  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  // Loops of the split op: the original ones, the reduced one now of
  // n / L, and the lane loop last.
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  splitInputsIntoLanes(rewriter, op, dim, lanes, inputs, maps);
  Value identity = fill.getInputs()[0];
  Value partialInit = filledWithLanes(rewriter, loc, outType, lanes, identity);
  maps.push_back(appendLane(outMap));
  iters.push_back(utils::IteratorType::parallel);
  auto partial = linalg::GenericOp::create(
      rewriter, loc, TypeRange{partialInit.getType()}, inputs,
      ValueRange{partialInit}, maps, iters);
  rewriter.inlineRegionBefore(op.getRegion(), partial.getRegion(),
                              partial.getRegion().begin());

  // Combine the lanes with the combiner alone.
  SmallVector<Value> combined = combineLanes(
      rewriter, loc, partial.getResults(), ValueRange{init->get()},
      ValueRange{identity}, lanes,
      [&](OpBuilder &b, Location l, ValueRange args) {
        IRMapping mapping;
        mapping.map(element, args[0]);
        mapping.map(partial.getBlock()->getArguments().back(), args[1]);
        for (Operation *o : combiner)
          b.clone(*o, mapping);
        linalg::YieldOp::create(
            b, l,
            mapping.lookup(partial.getBlock()->getTerminator()->getOperand(0)));
      });
  rewriter.replaceOp(op, combined);
  return true;
}

struct VectorizableReductionsPass
    : PassWrapper<VectorizableReductionsPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(VectorizableReductionsPass)
  StringRef getArgument() const override {
    return "jx-vectorizable-reductions";
  }
  StringRef getDescription() const override {
    return "Interchange column reductions and split row reductions into "
           "lanes so that their inner loops vectorize";
  }
  VectorizableReductionsPass() = default;
  VectorizableReductionsPass(const VectorizableReductionsPass &other)
      : PassWrapper(other) {}
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, linalg::LinalgDialect,
                    tensor::TensorDialect>();
  }
  // The CUDA pipeline's shape (see the top of the file).
  Option<bool> forGpu{
      *this, "gpu",
      llvm::cl::desc("Shape reductions for a GPU's threads: no column "
                     "interchange, parallel loops outermost"),
      llvm::cl::init(false)};
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> candidates;
    getOperation()->walk([&](linalg::GenericOp op) {
      if (isFloatReduction(op) || isArgReduction(op))
        candidates.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp op : candidates) {
      if (!forGpu && interchangeColumnReduction(rewriter, op))
        continue;
      if (op.getNumDpsInits() == 2)
        (void)splitArgReduction(rewriter, op);
      else
        (void)splitRowReduction(rewriter, op);
    }
    if (forGpu)
      parallelLoopsFirst(rewriter);
  }

  /// Each reduction's parallel loops (the lanes of a split one included)
  /// before its reduced ones, so that they become the kernel's threads;
  /// each element is still reduced in the same order.
  void parallelLoopsFirst(RewriterBase &rewriter) {
    SmallVector<linalg::GenericOp> generics;
    getOperation()->walk([&](linalg::GenericOp op) { generics.push_back(op); });
    for (linalg::GenericOp op : generics) {
      SmallVector<utils::IteratorType> iters = op.getIteratorTypesArray();
      SmallVector<unsigned> order;
      for (unsigned d = 0; d < iters.size(); ++d)
        if (iters[d] == utils::IteratorType::parallel)
          order.push_back(d);
      for (unsigned d = 0; d < iters.size(); ++d)
        if (iters[d] != utils::IteratorType::parallel)
          order.push_back(d);
      if (llvm::is_sorted(order))
        continue;
      rewriter.setInsertionPoint(op);
      (void)linalg::interchangeGenericOp(rewriter, op, order);
    }
  }
};

} // namespace

void registerVectorizableReductionsPass() {
  PassRegistration<VectorizableReductionsPass>();
}

} // namespace jx
