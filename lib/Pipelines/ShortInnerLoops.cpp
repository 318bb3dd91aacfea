//===- ShortInnerLoops.cpp - nests whose inner loop is short --------------===//
//
// `--jx-short-inner-loops`, loops phase (CPU), before the linalg ops
// become loops. An elementwise nest over f32[N, 16] becomes two loops, the
// inner one 16 long. LLVM unrolls such a short inner loop completely
// before its loop vectorizer runs, and then vectorizes the outer loop:
// sixteen gathers and scatters with a stride of a row per 16 elements
// instead of one contiguous load and store (x * y + 3 over f32[1M, 16]:
// 28 ms against 3.4 ms over the same f32[16M], one core, AMD EPYC Zen 5).
//
// Elementwise nests. A parallel linalg.generic on buffers whose innermost
// loop has a static extent below kShortInnerLoop becomes, through
// linalg::collapseOpIterationDims, one over fewer loops: consecutive loops
// are merged wherever every operand reads or writes them as one contiguous
// run (its indexing map keeps them together and in order, or does not use
// them at all: a broadcast scalar or row) and its buffer's layout lets
// memref.collapse_shape merge its dimensions. x * y + 3 over f32[N, 16]
// becomes one loop over 16 N elements; a bias added to f32[B, S, 16] one
// over B S rows of 16, the bias row read by every row. Where the inner loop
// stays (that row broadcast along it), its loops are made here and the
// innermost marked not to be unrolled (jx-parallel-loops writes the
// annotation), so that LLVM vectorizes it along the row. Only the shape of
// the loops changes: every element is computed by the same operations as
// before, so results are the same bit for bit.
//
// Reductions along short rows (x.sum(-1) or argmax over f32[N, 16]; a
// softmax's max and sum over rows of 16 to 48, which jx-fuse-rows leaves as
// whole-array nests) have the same trouble, with a gather per column: 16 ms
// over f32[1M, 16], XLA 2.7 ms. Where the rows are contiguous, of a
// multiple of 16 32-bit elements, and come in multiples of 16, such a
// reduction runs 16 rows at a time: each row a lane of the vectors, loaded
// as 16 row vectors per 16 columns and transposed in registers
// (RegisterTranspose.h), the body run on vectors once per column, in order
// (lowerShortRowReduction): 2.6 ms. Each row is still combined element
// after element from its initial value: the same results bit for bit.
//
// Reductions along an outer loop into a short row of results (x.sum(0)
// over f32[N, 16], the partial sums of a blocked column sum) keep that row
// in a vector while the reduction loop runs (lowerShortColumnReduction):
// as a loop nest every step loaded and stored the results.
//
// Left alone: other reductions, elementwise bodies that read their indices
// (linalg.index: the collapsed loop would divide them back out), operands
// on tensors, and nests whose inner loop is long enough that LLVM
// vectorizes it as it is.
//
//===----------------------------------------------------------------------===//

#include "RegisterTranspose.h"

#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
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

/// Whether LLVM should vectorize the inner loop of `op` along the row
/// rather than unroll it and vectorize across rows: where the row holds one
/// vector of the widest kind jx targets (64 bytes), or, where some operand's
/// rows are not adjacent in memory (a half of a concatenate's result), half
/// of one. Across adjacent short rows LLVM's interleaved accesses are wide
/// loads and shuffles, and better than one short vector per row (f32[2M, 8]
/// plus a row: 3.2 ms as LLVM does it, 5.0 ms not unrolled); across rows
/// with gaps they are gathers and scatters (the two halves of
/// concatenate(f32[1M, 8], f32[1M, 8], axis=1): 28.6 ms, 4.8 ms not
/// unrolled).
bool vectorizeAlongRow(linalg::GenericOp op) {
  auto type = cast<MemRefType>(op.getDpsInits().front().getType());
  if (!type.getElementType().isIntOrFloat())
    return false;
  int64_t inner = op.getStaticLoopRanges().back();
  int64_t bytes = inner * type.getElementTypeBitWidth() / 8;
  if (bytes >= 64)
    return true;
  if (bytes < 32)
    return false;
  unsigned last = op.getNumLoops() - 1;
  return llvm::any_of(op->getOpOperands(), [&](OpOperand &operand) {
    auto memref = dyn_cast<MemRefType>(operand.get().getType());
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!memref || memref.getRank() < 2 ||
        map.getNumResults() != memref.getRank() ||
        map.getResults().back() != getAffineDimExpr(last, op.getContext()))
      return false;
    SmallVector<int64_t> strides;
    int64_t offset;
    return failed(memref.getStridesAndOffset(strides, offset)) ||
           strides[strides.size() - 2] != inner;
  });
}

/// The loop groups to merge, or nothing when no two loops merge.
std::optional<SmallVector<ReassociationIndices>>
chooseGroups(linalg::GenericOp op) {
  unsigned loops = op.getNumLoops();

  // Each loop joins the group of the loop before it where every operand
  // still reads the merged loops as one run.
  SmallVector<ReassociationIndices> merged{{0}};
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

/// Rows per block of a short reduction: the rows of a block are the lanes
/// of its vectors (16 lanes of 32 bits: one AVX-512 register).
constexpr int64_t kRowBlock = 16;

/// Whether vectors of `type` load and store as the buffer holds them: an
/// integer or float of whole bytes (a memref of i1 holds a byte per
/// element, a vector of i1 a bit).
bool isVectorElement(Type type) {
  return type.isIntOrFloat() && type.getIntOrFloatBitWidth() % 8 == 0;
}

/// Whether `buffer` has unit stride along its last dimension and, when
/// `rowStride` is set, that stride along the one before.
bool hasContiguousRows(Value buffer, std::optional<int64_t> rowStride) {
  auto type = cast<MemRefType>(buffer.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) || strides.back() != 1)
    return false;
  return !rowStride ||
         (strides.size() >= 2 && strides[strides.size() - 2] == *rowStride);
}

/// Whether `map` indexes an operand by every one of `loops` loops but
/// `reduced`, in order: a reduction's outputs, or an input with one value
/// per result.
bool indexesAllBut(AffineMap map, unsigned loops, unsigned reduced) {
  if (map.getNumResults() != loops - 1)
    return false;
  for (unsigned d = 0, k = 0; d < loops; ++d)
    if (d != reduced &&
        map.getResult(k++) != getAffineDimExpr(d, map.getContext()))
      return false;
  return true;
}

/// Whether the body of `op` is elementwise arithmetic the lowerings below
/// can run on vectors (vectorizeBody), reading its indices only where
/// `indices` is set.
bool hasVectorizableBody(linalg::GenericOp op, bool indices) {
  return llvm::all_of(op.getBody()->without_terminator(), [&](Operation &inner) {
    return isPure(&inner) && inner.getNumRegions() == 0 &&
           (inner.hasTrait<OpTrait::Elementwise>() ||
            isa<arith::ConstantOp>(inner) ||
            (indices && isa<linalg::IndexOp>(inner)));
  });
}

/// Whether `op` reduces contiguous short rows of 32-bit buffers into
/// outputs laid out along its rows (x.sum(-1) or argmax over f32[N, 16]): a
/// reduction along the last loop only, over a multiple of kRowBlock
/// elements, below kShortInnerLoop; the last parallel loop also a multiple
/// of kRowBlock; the other inputs one value per row.
bool isShortRowReduction(linalg::GenericOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumReductionLoops() != 1 ||
      op.getNumLoops() < 2 ||
      op.getIteratorTypesArray().back() != utils::IteratorType::reduction)
    return false;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t extent = ranges.back(), rows = ranges[ranges.size() - 2];
  if (ShapedType::isDynamic(extent) || extent >= kShortInnerLoop ||
      extent % kRowBlock != 0 || ShapedType::isDynamic(rows) ||
      rows % kRowBlock != 0)
    return false;
  unsigned loops = op.getNumLoops();
  // One input read along the rows (contiguous rows of 32-bit elements);
  // the others, and the outputs, one value per row.
  unsigned alongRows = 0;
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type || !isVectorElement(type.getElementType()))
      return false;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!op.isDpsInit(&operand) && map.isIdentity()) {
      if (type.getElementTypeBitWidth() != 32 ||
          !hasContiguousRows(operand.get(), extent))
        return false;
      ++alongRows;
      continue;
    }
    if (!indexesAllBut(map, loops, loops - 1) ||
        !hasContiguousRows(operand.get(), std::nullopt))
      return false;
  }
  return alongRows != 0 && hasVectorizableBody(op, /*indices=*/true);
}

/// Runs the ops of `body` but its terminator on vectors of `width` lanes,
/// each op once on its operands' vectors: the block's arguments are in
/// `mapping`, a linalg.index is `index`'s vector, constants and scalars from
/// outside the body are broadcast. Returns the vectors the body yields.
SmallVector<Value>
vectorizeBody(OpBuilder &b, Location loc, Block *body, int64_t width,
              IRMapping &mapping,
              function_ref<Value(linalg::IndexOp)> index = nullptr) {
  auto vectorOf = [&](Type type) {
    return VectorType::get({width}, getElementTypeOrSelf(type));
  };
  for (Operation &inner : body->without_terminator()) {
    if (auto indexOp = dyn_cast<linalg::IndexOp>(inner)) {
      mapping.map(indexOp.getResult(), index(indexOp));
      continue;
    }
    if (auto c = dyn_cast<arith::ConstantOp>(inner)) {
      Value scalar = b.clone(inner)->getResult(0);
      mapping.map(c.getResult(),
                  vector::BroadcastOp::create(
                      b, loc, vectorOf(scalar.getType()), scalar));
      continue;
    }
    SmallVector<Value> operands;
    for (Value operand : inner.getOperands()) {
      Value mapped = mapping.lookupOrNull(operand);
      if (!mapped) // a scalar from outside the body
        mapped = vector::BroadcastOp::create(
            b, loc, vectorOf(operand.getType()), operand);
      operands.push_back(mapped);
    }
    OperationState state(inner.getLoc(), inner.getName());
    state.addOperands(operands);
    state.addAttributes(inner.getAttrs());
    for (Type type : inner.getResultTypes())
      state.addTypes(vectorOf(type));
    Operation *vectorized = b.create(state);
    mapping.map(inner.getResults(), vectorized->getResults());
  }
  return llvm::to_vector(
      llvm::map_range(body->getTerminator()->getOperands(),
                      [&](Value yielded) { return mapping.lookup(yielded); }));
}

/// `op` (isShortRowReduction) on blocks of kRowBlock rows: the block's rows
/// are loaded kRowBlock elements at a time as vectors, transposed in
/// registers, so that vector c holds element c of every row, and the body
/// runs on vectors, combining each row's accumulator (lane r of a vector
/// loaded from the outputs) with its elements in order. Each row is reduced
/// as the loop nest would reduce it, element after element: the same
/// results bit for bit. (As a loop nest, LLVM unrolls the short reduction
/// and vectorizes across rows with gathers: 17 ms for x.sum(-1) over
/// f32[1M, 16] on an AMD EPYC, Zen 5.)
void lowerShortRowReduction(RewriterBase &rewriter, linalg::GenericOp op) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  unsigned parallel = op.getNumLoops() - 1;
  SmallVector<OpOperand *> alongRows;
  for (OpOperand *operand : op.getDpsInputOperands())
    if (op.getMatchingIndexingMap(operand).isIdentity())
      alongRows.push_back(operand);
  Value input = alongRows.front()->get();
  auto constant = [&](OpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  SmallVector<Value> lbs, ubs, steps;
  for (unsigned d = 0; d < parallel; ++d) {
    lbs.push_back(constant(rewriter, 0));
    ubs.push_back(
        ShapedType::isDynamic(ranges[d])
            ? memref::DimOp::create(rewriter, loc, input, d).getResult()
            : constant(rewriter, ranges[d]));
    steps.push_back(constant(rewriter, d + 1 == parallel ? kRowBlock : 1));
  }
  Block *body = op.getBody();
  auto vectorOf = [&](Type element) {
    return VectorType::get({kRowBlock}, element);
  };
  scf::ParallelOp::create(
      rewriter, loc, lbs, ubs, steps,
      [&](OpBuilder &b, Location loc, ValueRange outer) {
        SmallVector<Value> accumulators;
        for (OpOperand &init : op.getDpsInitsMutable()) {
          auto type = cast<MemRefType>(init.get().getType());
          accumulators.push_back(vector::LoadOp::create(
              b, loc, vectorOf(type.getElementType()), init.get(), outer));
        }
        // The inputs with one value per row: 16 rows' values, once.
        IRMapping perRow;
        for (OpOperand *operand : op.getDpsInputOperands())
          if (!llvm::is_contained(alongRows, operand))
            perRow.map(op.getMatchingBlockArgument(operand),
                       vector::LoadOp::create(
                           b, loc,
                           vectorOf(cast<MemRefType>(operand->get().getType())
                                        .getElementType()),
                           operand->get(), outer));
        // linalg.index of a parallel loop: the row loop's as the 16 rows'
        // indices, the others' broadcast.
        Type indexVector = vectorOf(b.getIndexType());
        SmallVector<Value> loopIndices;
        for (unsigned d = 0; d < parallel; ++d)
          loopIndices.push_back(
              vector::BroadcastOp::create(b, loc, indexVector, outer[d]));
        loopIndices.back() = arith::AddIOp::create(
            b, loc, loopIndices.back(),
            arith::ConstantOp::create(
                b, loc, indexVector,
                DenseElementsAttr::get(
                    cast<ShapedType>(indexVector),
                    llvm::to_vector(llvm::map_range(
                        llvm::seq<int64_t>(0, kRowBlock), [&](int64_t r) {
                          return cast<Attribute>(b.getIndexAttr(r));
                        })))));
        // The blocks of columns one after another (at most 7: straight-line
        // code, which ran faster than a loop over two blocks).
        SmallVector<Value> current(accumulators);
        for (int64_t first = 0; first < ranges.back(); first += kRowBlock) {
          Value column = constant(b, first);
          // Each input's 16 x 16 block, transposed: columns[i][c] holds
          // element first + c of the 16 rows.
          SmallVector<SmallVector<Value>> columns;
          for (OpOperand *operand : alongRows) {
            Type element =
                cast<MemRefType>(operand->get().getType()).getElementType();
            SmallVector<Value> rows;
            for (int64_t r = 0; r < kRowBlock; ++r) {
              SmallVector<Value> indices(outer);
              if (r != 0)
                indices.back() = arith::AddIOp::create(b, loc, indices.back(),
                                                       constant(b, r));
              indices.push_back(column);
              rows.push_back(vector::LoadOp::create(b, loc, vectorOf(element),
                                                    operand->get(), indices));
            }
            transposeBlockInRegisters(b, loc, rows);
            columns.push_back(std::move(rows));
          }
          for (int64_t c = 0; c < kRowBlock; ++c) {
            IRMapping mapping = perRow;
            for (auto [operand, block] : llvm::zip(alongRows, columns))
              mapping.map(op.getMatchingBlockArgument(operand), block[c]);
            for (auto [init, acc] : llvm::zip(op.getDpsInitsMutable(), current))
              mapping.map(op.getMatchingBlockArgument(&init), acc);
            current = vectorizeBody(
                b, loc, body, kRowBlock, mapping, [&](linalg::IndexOp index) {
                  return index.getDim() < parallel
                             ? loopIndices[index.getDim()]
                             : vector::BroadcastOp::create(
                                   b, loc, indexVector, constant(b, first + c))
                                   .getResult();
                });
          }
        }
        for (auto [init, result] : llvm::zip(op.getDpsInitsMutable(), current))
          vector::StoreOp::create(b, loc, result, init.get(), outer);
      });
  rewriter.eraseOp(op);
}

/// Whether `op` is one of several ops in the body of a loop (a chain of
/// jx-fuse-rows, whose reductions in lanes jx-prefetch-next-rows and
/// jx-streaming-stores work on as loop nests; a block of a blocked
/// reduction, alone in its loop but for the fill of its results, is not).
bool inRowChain(linalg::GenericOp op) {
  Operation *loop = op->getParentOfType<LoopLikeOpInterface>();
  if (!loop)
    return false;
  unsigned ops = 0;
  loop->walk([&](linalg::LinalgOp inner) {
    if (!isa<linalg::FillOp>(inner.getOperation()))
      ++ops;
  });
  return ops > 1;
}

/// Whether `op` reduces along an outer loop into short rows of results
/// (x.sum(0) over f32[N, 16], the partial sums of a blocked column
/// reduction): one reduction loop, not the last; the last loop parallel, of
/// a static extent of 4 to kShortInnerLoop - 1 elements, along which every
/// operand is contiguous; the inputs indexed by every loop in order, the
/// outputs by the parallel ones; a body of elementwise arithmetic only.
bool isShortColumnReduction(linalg::GenericOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumReductionLoops() != 1 ||
      op.getNumLoops() < 2 || inRowChain(op))
    return false;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  unsigned loops = op.getNumLoops();
  if (iterators.back() != utils::IteratorType::parallel)
    return false;
  int64_t extent = op.getStaticLoopRanges().back();
  if (ShapedType::isDynamic(extent) || extent < 4 || extent >= kShortInnerLoop)
    return false;
  unsigned reduced =
      llvm::find(iterators, utils::IteratorType::reduction) - iterators.begin();
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type || !isVectorElement(type.getElementType()) ||
        !hasContiguousRows(operand.get(), std::nullopt))
      return false;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!op.isDpsInit(&operand)) {
      if (!map.isIdentity())
        return false;
      continue;
    }
    if (!indexesAllBut(map, loops, reduced))
      return false;
  }
  return hasVectorizableBody(op, /*indices=*/false);
}

/// `op` (isShortColumnReduction) with each short row of results held in a
/// vector while the reduction loop runs: loaded once, combined with each
/// input row in order, stored once. As a loop nest each step loaded and
/// stored the results (LLVM cannot tell that the inputs' loads do not read
/// them), so the sums waited on store-to-load forwarding (x.sum(0) over
/// f32[1M, 16]: 2.45 ms, XLA 1.83). Every result combines the same elements
/// in the same order: the same results bit for bit.
void lowerShortColumnReduction(RewriterBase &rewriter, linalg::GenericOp op) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  unsigned loops = op.getNumLoops();
  unsigned reduced =
      llvm::find(iterators, utils::IteratorType::reduction) - iterators.begin();
  Value input = op.getDpsInputOperand(0)->get();
  auto constant = [&](OpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  auto upper = [&](OpBuilder &b, unsigned d) -> Value {
    return ShapedType::isDynamic(ranges[d])
               ? memref::DimOp::create(b, loc, input, d).getResult()
               : constant(b, ranges[d]);
  };
  // The parallel loops but the last: an scf.parallel (none: straight on).
  SmallVector<unsigned> outerLoops;
  for (unsigned d = 0; d + 1 < loops; ++d)
    if (d != reduced)
      outerLoops.push_back(d);
  Block *body = op.getBody();
  int64_t width = ranges.back();
  auto vectorOf = [&](Type type) {
    return VectorType::get({width}, getElementTypeOrSelf(type));
  };
  auto build = [&](OpBuilder &b, Location loc, ValueRange outer) {
    Value zero = constant(b, 0);
    // Indices of the outputs: the parallel loops, the last at 0.
    SmallVector<Value> resultIndices(outer);
    resultIndices.push_back(zero);
    SmallVector<Value> accumulators;
    for (OpOperand &init : op.getDpsInitsMutable())
      accumulators.push_back(vector::LoadOp::create(
          b, loc, vectorOf(init.get().getType()), init.get(), resultIndices));
    auto loop = scf::ForOp::create(
        b, loc, zero, upper(b, reduced), constant(b, 1), accumulators,
        [&](OpBuilder &b, Location loc, Value iv, ValueRange accs) {
          SmallVector<Value> indices;
          for (unsigned d = 0, k = 0; d < loops; ++d)
            indices.push_back(d == reduced     ? iv
                              : d + 1 == loops ? zero
                                               : outer[k++]);
          IRMapping mapping;
          for (OpOperand *operand : op.getDpsInputOperands())
            mapping.map(op.getMatchingBlockArgument(operand),
                        vector::LoadOp::create(
                            b, loc, vectorOf(operand->get().getType()),
                            operand->get(), indices));
          for (auto [init, acc] : llvm::zip(op.getDpsInitsMutable(), accs))
            mapping.map(op.getMatchingBlockArgument(&init), acc);
          SmallVector<Value> yields =
              vectorizeBody(b, loc, body, width, mapping);
          scf::YieldOp::create(b, loc, yields);
        });
    for (auto [init, result] :
         llvm::zip(op.getDpsInitsMutable(), loop.getResults()))
      vector::StoreOp::create(b, loc, result, init.get(), resultIndices);
  };
  if (outerLoops.empty()) {
    build(rewriter, loc, {});
  } else {
    SmallVector<Value> lbs, ubs, steps;
    for (unsigned d : outerLoops) {
      lbs.push_back(constant(rewriter, 0));
      ubs.push_back(upper(rewriter, d));
      steps.push_back(constant(rewriter, 1));
    }
    scf::ParallelOp::create(rewriter, loc, lbs, ubs, steps, build);
  }
  rewriter.eraseOp(op);
}

struct ShortInnerLoopsPass : PassWrapper<ShortInnerLoopsPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ShortInnerLoopsPass)
  StringRef getArgument() const override { return "jx-short-inner-loops"; }
  StringRef getDescription() const override {
    return "Nests whose inner loop is short: merge the contiguous loops of "
           "elementwise ones (or keep LLVM from unrolling the row), run "
           "reductions along short rows 16 rows at a time and reductions "
           "into short rows of results in vectors";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, memref::MemRefDialect,
                    affine::AffineDialect, scf::SCFDialect,
                    vector::VectorDialect>();
  }
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> candidates;
    IRRewriter rewriter(&getContext());
    // Copies between strided views (jx-strided-copies-to-loops: the
    // halves of a concatenate) are elementwise nests like the others.
    SmallVector<linalg::CopyOp> copies;
    getOperation()->walk([&](linalg::CopyOp op) { copies.push_back(op); });
    for (linalg::CopyOp copy : copies) {
      rewriter.setInsertionPoint(copy);
      (void)linalg::generalizeNamedOp(rewriter, copy);
    }
    getOperation()->walk(
        [&](linalg::GenericOp op) { candidates.push_back(op); });
    for (linalg::GenericOp op : candidates) {
      if (isShortColumnReduction(op)) {
        lowerShortColumnReduction(rewriter, op);
        continue;
      }
      if (isShortRowReduction(op)) {
        lowerShortRowReduction(rewriter, op);
        continue;
      }
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
      if (op.getNumLoops() < 2 || !vectorizeAlongRow(op))
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

void registerShortInnerLoopsPass() { PassRegistration<ShortInnerLoopsPass>(); }

} // namespace jx
