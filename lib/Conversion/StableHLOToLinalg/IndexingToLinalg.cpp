//===- IndexingToLinalg.cpp - gather, dynamic_gather and scatter, lowered -===//
//
// gather and dynamic_gather become one linalg.generic over the result's
// index space. Its body splits the result index into the batch index and the
// offset index, reads the start index vector from start_indices with
// tensor.extract, clamps each start to [0, dim(operand) - slice_size] and
// reads the operand element at start + batching + offset.
//
// scatter becomes a sequential scf.for nest over the update scatter
// dimensions carrying the results as tensor iter_args. Each iteration reads
// the start index vector, checks that the whole update window lies inside
// the inputs (a window that does not is skipped entirely, never clamped) and
// then walks the window with an inner scf.for nest: it extracts the current
// values and the updates, evaluates the update computation as scalar code
// (emitScalarRegion) and inserts the results. Updates are applied in order;
// the unique_indices and indices_are_sorted hints are ignored. When the update
// computation works on a wider element type than the inputs (scatter_c23),
// inputs and updates are promoted to it first.
//
//===----------------------------------------------------------------------===//

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace jx::stablehlo {
namespace {

/// True when `type` (an original stablehlo element type) is an unsigned
/// integer; i1 counts as unsigned (its one bit is a magnitude).
bool isUnsignedInt(Type type) {
  auto intType = dyn_cast<IntegerType>(type);
  return intType && (intType.isUnsigned() || intType.getWidth() == 1);
}

/// `v`, a signless integer scalar whose original type is `origType`, as an
/// index. Unsigned values are zero-extended, so an unsigned 64-bit value of
/// 2^63 or more becomes negative (and so out of bounds or clamped to 0 by
/// the callers, which compare it as the kind of index it is).
Value toIndex(OpBuilder &b, Location loc, Value v, Type origType) {
  if (v.getType().isIndex())
    return v;
  if (isUnsignedInt(origType))
    return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), v);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
}

Value indexConst(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

/// Size of dimension `d` of the ranked tensor `v`: a constant when static.
Value dimSize(OpBuilder &b, Location loc, Value v, int64_t d) {
  auto type = cast<RankedTensorType>(v.getType());
  if (!type.isDynamicDim(d))
    return indexConst(b, loc, type.getDimSize(d));
  return tensor::DimOp::create(b, loc, v, d);
}

/// The dimensions of a rank-`rank` space not listed in `a` or `b`, in order.
SmallVector<int64_t> remainingDims(int64_t rank, ArrayRef<int64_t> a,
                                   ArrayRef<int64_t> b) {
  SmallVector<int64_t> dims;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(a, d) && !llvm::is_contained(b, d))
      dims.push_back(d);
  return dims;
}

/// The coordinates in an index tensor of component `k` of the index vector
/// that belongs to `batchIndex` (the index tensor's coordinates without the
/// index vector dimension): `k` inserted at `indexVectorDim`, or nothing
/// inserted when the index vector dimension is the implicit trailing one.
SmallVector<Value> indexVectorCoords(OpBuilder &b, Location loc,
                                     ValueRange batchIndex,
                                     int64_t indexVectorDim, int64_t indexRank,
                                     int64_t k) {
  SmallVector<Value> coords(batchIndex.begin(), batchIndex.end());
  if (indexVectorDim < indexRank)
    coords.insert(coords.begin() + indexVectorDim, indexConst(b, loc, k));
  return coords;
}

/// Position in the batch index of index-tensor dimension `d`.
int64_t batchPosition(int64_t d, int64_t indexVectorDim) {
  return d < indexVectorDim ? d : d - 1;
}

//===----------------------------------------------------------------------===//
// gather, dynamic_gather
//===----------------------------------------------------------------------===//

/// Slice size `d` as an index: a constant for gather, read from the
/// slice_sizes operand for dynamic_gather.
using SliceSizeFn = function_ref<Value(OpBuilder &, Location, int64_t)>;

LogicalResult lowerGather(Operation *op, Value operand, Value startIndices,
                          Type origIndexType, GatherDimensionNumbersAttr dims,
                          SliceSizeFn sliceSize,
                          const TypeConverter &converter,
                          ConversionPatternRewriter &rewriter) {
  auto resultType = dyn_cast_or_null<RankedTensorType>(
      converter.convertType(op->getResult(0).getType()));
  auto operandType = dyn_cast<RankedTensorType>(operand.getType());
  auto indicesType = dyn_cast<RankedTensorType>(startIndices.getType());
  if (!resultType || !operandType || !indicesType)
    return rewriter.notifyMatchFailure(op, "unranked or unconverted types");
  Location loc = op->getLoc();
  int64_t resultRank = resultType.getRank();
  int64_t operandRank = operandType.getRank();
  int64_t indexRank = indicesType.getRank();
  int64_t indexVectorDim = dims.getIndexVectorDim();
  ArrayRef<int64_t> offsetDims = dims.getOffsetDims();
  ArrayRef<int64_t> startIndexMap = dims.getStartIndexMap();
  ArrayRef<int64_t> operandBatchingDims = dims.getOperandBatchingDims();
  ArrayRef<int64_t> indicesBatchingDims = dims.getStartIndicesBatchingDims();

  // Result dimensions: batch dims follow start_indices without the index
  // vector dimension; offset dims follow the operand dimensions that are
  // neither collapsed nor batching.
  SmallVector<int64_t> batchDims =
      remainingDims(resultRank, offsetDims, /*b=*/{});
  SmallVector<int64_t> offsetOperandDims = remainingDims(
      operandRank, dims.getCollapsedSliceDims(), operandBatchingDims);
  SmallVector<int64_t> batchIndexDims; // start_indices dim of each batch dim
  for (int64_t d = 0; d < indexRank; ++d)
    if (d != indexVectorDim)
      batchIndexDims.push_back(d);
  if (batchDims.size() != batchIndexDims.size() ||
      offsetDims.size() != offsetOperandDims.size())
    return rewriter.notifyMatchFailure(op, "inconsistent dimension numbers");

  SmallVector<Value> dynSizes;
  for (int64_t r = 0; r < resultRank; ++r) {
    if (!resultType.isDynamicDim(r))
      continue;
    if (auto *it = llvm::find(offsetDims, r); it != offsetDims.end())
      dynSizes.push_back(sliceSize(rewriter, loc,
                                   offsetOperandDims[it - offsetDims.begin()]));
    else
      dynSizes.push_back(dimSize(
          rewriter, loc, startIndices,
          batchIndexDims[llvm::find(batchDims, r) - batchDims.begin()]));
  }
  Value init = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                       resultType.getElementType(), dynSizes);

  // Upper clamp bounds of the starts, computed once outside the body.
  SmallVector<Value> maxStart(operandRank);
  for (int64_t d : startIndexMap)
    maxStart[d] = arith::SubIOp::create(rewriter, loc,
                                        dimSize(rewriter, loc, operand, d),
                                        sliceSize(rewriter, loc, d));

  bool unsignedIndices = isUnsignedInt(origIndexType);
  SmallVector<AffineMap> maps{rewriter.getMultiDimIdentityMap(resultRank)};
  SmallVector<utils::IteratorType> iterators(resultRank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, resultType, ValueRange{}, ValueRange{init}, maps,
      iterators, [&](OpBuilder &b, Location l, ValueRange) {
        SmallVector<Value> resultIndex;
        for (int64_t r = 0; r < resultRank; ++r)
          resultIndex.push_back(linalg::IndexOp::create(b, l, r));
        SmallVector<Value> batchIndex;
        for (int64_t r : batchDims)
          batchIndex.push_back(resultIndex[r]);

        Value zero = indexConst(b, l, 0);
        SmallVector<Value> operandIndex(operandRank, zero);
        // full_offset_index
        for (auto [r, d] : llvm::zip(offsetDims, offsetOperandDims))
          operandIndex[d] = resultIndex[r];
        // + full_start_index, clamped
        for (auto [k, d] : llvm::enumerate(startIndexMap)) {
          Value raw = tensor::ExtractOp::create(
              b, l, startIndices,
              indexVectorCoords(b, l, batchIndex, indexVectorDim, indexRank,
                                k));
          Value start = toIndex(b, l, raw, origIndexType);
          if (unsignedIndices) {
            start = arith::MinUIOp::create(b, l, start, maxStart[d]);
          } else {
            start = arith::MinSIOp::create(b, l, start, maxStart[d]);
            start = arith::MaxSIOp::create(b, l, start, zero);
          }
          operandIndex[d] =
              arith::AddIOp::create(b, l, operandIndex[d], start);
        }
        // + full_batching_index
        for (auto [d, s] : llvm::zip(operandBatchingDims, indicesBatchingDims))
          operandIndex[d] = arith::AddIOp::create(
              b, l, operandIndex[d],
              batchIndex[batchPosition(s, indexVectorDim)]);
        Value element = tensor::ExtractOp::create(b, l, operand, operandIndex);
        linalg::YieldOp::create(b, l, element);
      });
  rewriter.replaceOp(op, generic.getResults());
  return success();
}

struct GatherToGeneric : OpConversionPattern<GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ArrayRef<int64_t> sizes = op.getSliceSizes();
    auto sliceSize = [&](OpBuilder &b, Location loc, int64_t d) {
      return indexConst(b, loc, sizes[d]);
    };
    return lowerGather(op, adaptor.getOperand(), adaptor.getStartIndices(),
                       getElementTypeOrSelf(op.getStartIndices().getType()),
                       op.getDimensionNumbers(), sliceSize,
                       *getTypeConverter(), rewriter);
  }
};

struct DynamicGatherToGeneric : OpConversionPattern<DynamicGatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DynamicGatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value sizes = adaptor.getSliceSizes();
    Type origSizeType = getElementTypeOrSelf(op.getSliceSizes().getType());
    auto sliceSize = [&](OpBuilder &b, Location loc, int64_t d) {
      Value v = tensor::ExtractOp::create(b, loc, sizes,
                                          ValueRange{indexConst(b, loc, d)});
      return toIndex(b, loc, v, origSizeType);
    };
    return lowerGather(op, adaptor.getOperand(), adaptor.getStartIndices(),
                       getElementTypeOrSelf(op.getStartIndices().getType()),
                       op.getDimensionNumbers(), sliceSize,
                       *getTypeConverter(), rewriter);
  }
};

//===----------------------------------------------------------------------===//
// scatter
//===----------------------------------------------------------------------===//

/// True when promoteScalar handles `from` -> `to` (signless types).
bool canPromote(Type from, Type to) {
  return from == to ||
         (isa<IntegerType>(from) && isa<IntegerType>(to)) ||
         (isa<FloatType>(from) && isa<FloatType>(to)) ||
         (isa<ComplexType>(from) && isa<ComplexType>(to));
}

/// `v` (signless, originally of element type `fromOrig`) promoted to the
/// wider type `to` of the same kind, as is_promotable allows (canPromote).
Value promoteScalar(OpBuilder &b, Location loc, Value v, Type fromOrig,
                    Type to) {
  Type from = v.getType();
  if (from == to)
    return v;
  if (isa<IntegerType>(from) && isa<IntegerType>(to)) {
    if (isUnsignedInt(fromOrig))
      return arith::ExtUIOp::create(b, loc, to, v);
    return arith::ExtSIOp::create(b, loc, to, v);
  }
  if (isa<FloatType>(from) && isa<FloatType>(to))
    return arith::ExtFOp::create(b, loc, to, v);
  auto cFrom = dyn_cast<ComplexType>(from);
  auto cTo = dyn_cast<ComplexType>(to);
  if (cFrom && cTo) {
    Type part = cTo.getElementType();
    Value re = complex::ReOp::create(b, loc, v);
    Value im = complex::ImOp::create(b, loc, v);
    return complex::CreateOp::create(
        b, loc, cTo, arith::ExtFOp::create(b, loc, part, re),
        arith::ExtFOp::create(b, loc, part, im));
  }
  llvm_unreachable("promotion not checked with canPromote");
}

/// The tensor `v` as `type`: a linalg.generic promotes its elements when the
/// element types differ, a tensor.cast reconciles static and dynamic sizes.
Value promoteTensor(OpBuilder &b, Location loc, Value v, Type fromOrig,
                    RankedTensorType type) {
  auto vType = cast<RankedTensorType>(v.getType());
  if (vType.getElementType() != type.getElementType()) {
    if (!canPromote(vType.getElementType(), type.getElementType()))
      return nullptr;
    int64_t rank = vType.getRank();
    SmallVector<Value> sizes;
    for (int64_t d = 0; d < rank; ++d)
      if (vType.isDynamicDim(d))
        sizes.push_back(tensor::DimOp::create(b, loc, v, d));
    Value init = tensor::EmptyOp::create(b, loc, vType.getShape(),
                                         type.getElementType(), sizes);
    SmallVector<AffineMap> maps(2, b.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    v = linalg::GenericOp::create(
            b, loc, init.getType(), v, init, maps, iterators,
            [&](OpBuilder &nb, Location l, ValueRange args) {
              linalg::YieldOp::create(
                  nb, l,
                  promoteScalar(nb, l, args[0], fromOrig,
                                type.getElementType()));
            })
            .getResult(0);
  }
  if (v.getType() != type)
    v = tensor::CastOp::create(b, loc, type, v);
  return v;
}

struct ScatterToLoops : OpConversionPattern<ScatterOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> inputs(adaptor.getInputs().begin(),
                              adaptor.getInputs().end());
    SmallVector<Value> updates(adaptor.getUpdates().begin(),
                               adaptor.getUpdates().end());
    Value indices = adaptor.getScatterIndices();
    if (inputs.empty() || inputs.size() != updates.size())
      return rewriter.notifyMatchFailure(op, "expected N inputs and N updates");
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(),
                                                resultTypes)))
      return rewriter.notifyMatchFailure(op, "result types do not convert");
    auto inputType = dyn_cast<RankedTensorType>(inputs[0].getType());
    auto updateType = dyn_cast<RankedTensorType>(updates[0].getType());
    auto indicesType = dyn_cast<RankedTensorType>(indices.getType());
    if (!inputType || !updateType || !indicesType)
      return rewriter.notifyMatchFailure(op, "unranked types");
    // The results start as the inputs, promoted to the update computation's
    // element types (scatter_c23 allows a wider Ei); tensor iter_args keep
    // them in SSA form.
    SmallVector<Type> origInputElems, resultElems;
    for (auto [k, input] : llvm::enumerate(inputs)) {
      origInputElems.push_back(getElementTypeOrSelf(op.getInputs()[k]));
      auto resultType = dyn_cast<RankedTensorType>(resultTypes[k]);
      if (!resultType)
        return rewriter.notifyMatchFailure(op, "unranked result");
      resultElems.push_back(resultType.getElementType());
      inputs[k] = promoteTensor(rewriter, op.getLoc(), input, origInputElems[k],
                                resultType);
      if (!inputs[k])
        return rewriter.notifyMatchFailure(op, "unsupported promotion");
    }

    ScatterDimensionNumbersAttr dims = op.getScatterDimensionNumbers();
    int64_t inputRank = inputType.getRank();
    int64_t updateRank = updateType.getRank();
    int64_t indexRank = indicesType.getRank();
    int64_t indexVectorDim = dims.getIndexVectorDim();
    ArrayRef<int64_t> updateWindowDims = dims.getUpdateWindowDims();
    ArrayRef<int64_t> toOperandDims = dims.getScatterDimsToOperandDims();
    ArrayRef<int64_t> inputBatchingDims = dims.getInputBatchingDims();
    ArrayRef<int64_t> indicesBatchingDims =
        dims.getScatterIndicesBatchingDims();
    SmallVector<int64_t> updateScatterDims =
        remainingDims(updateRank, updateWindowDims, /*b=*/{});
    SmallVector<int64_t> windowInputDims = remainingDims(
        inputRank, dims.getInsertedWindowDims(), inputBatchingDims);
    if (windowInputDims.size() != updateWindowDims.size())
      return rewriter.notifyMatchFailure(op, "inconsistent dimension numbers");
    Type origIndexType = getElementTypeOrSelf(op.getScatterIndices().getType());

    // Per input dimension: size and the extent of the update window.
    SmallVector<Value> inputSizes, windowSizes;
    Value one = indexConst(rewriter, loc, 1);
    Value zero = indexConst(rewriter, loc, 0);
    for (int64_t d = 0; d < inputRank; ++d) {
      inputSizes.push_back(dimSize(rewriter, loc, inputs[0], d));
      windowSizes.push_back(one);
    }
    for (auto [u, d] : llvm::zip(updateWindowDims, windowInputDims))
      windowSizes[d] = dimSize(rewriter, loc, updates[0], u);
    SmallVector<Value> maxStart;
    for (int64_t d = 0; d < inputRank; ++d)
      maxStart.push_back(arith::SubIOp::create(rewriter, loc, inputSizes[d],
                                               windowSizes[d]));

    // Loop bounds over the update scatter dims (outer) and window dims (inner).
    SmallVector<Value> outerLbs(updateScatterDims.size(), zero),
        outerSteps(updateScatterDims.size(), one), outerUbs;
    for (int64_t u : updateScatterDims)
      outerUbs.push_back(dimSize(rewriter, loc, updates[0], u));
    SmallVector<Value> innerLbs(updateWindowDims.size(), zero),
        innerSteps(updateWindowDims.size(), one), innerUbs;
    for (int64_t u : updateWindowDims)
      innerUbs.push_back(dimSize(rewriter, loc, updates[0], u));
    Region &computation = op.getUpdateComputation();
    const TypeConverter &converter = *getTypeConverter();
    bool failedBody = false;

    // Walks one in-bounds update window starting at `start` (per input dim).
    auto windowBody = [&](OpBuilder &b, Location l, ValueRange scatterIvs,
                          ArrayRef<Value> start,
                          ValueRange results) -> scf::ValueVector {
      scf::LoopNest nest = scf::buildLoopNest(
          b, l, innerLbs, innerUbs, innerSteps, results,
          [&](OpBuilder &b, Location l, ValueRange windowIvs,
              ValueRange current) -> scf::ValueVector {
            SmallVector<Value> updateIndex(updateRank);
            for (auto [u, iv] : llvm::zip(updateScatterDims, scatterIvs))
              updateIndex[u] = iv;
            for (auto [u, iv] : llvm::zip(updateWindowDims, windowIvs))
              updateIndex[u] = iv;
            SmallVector<Value> resultIndex(start.begin(), start.end());
            for (auto [d, iv] : llvm::zip(windowInputDims, windowIvs))
              resultIndex[d] = arith::AddIOp::create(b, l, resultIndex[d], iv);
            SmallVector<Value> args;
            for (Value t : current)
              args.push_back(tensor::ExtractOp::create(b, l, t, resultIndex));
            for (auto [k, t] : llvm::enumerate(updates))
              args.push_back(promoteScalar(
                  b, l, tensor::ExtractOp::create(b, l, t, updateIndex),
                  origInputElems[k], resultElems[k]));
            SmallVector<Value> values;
            if (failed(emitScalarRegion(b, computation, converter, args,
                                        values)) ||
                values.size() != current.size()) {
              failedBody = true;
              return scf::ValueVector(current.begin(), current.end());
            }
            scf::ValueVector next;
            for (auto [v, t] : llvm::zip(values, current))
              next.push_back(
                  tensor::InsertOp::create(b, l, v, t, resultIndex));
            return next;
          });
      return scf::ValueVector(nest.results.begin(), nest.results.end());
    };

    scf::LoopNest nest = scf::buildLoopNest(
        rewriter, loc, outerLbs, outerUbs, outerSteps, inputs,
        [&](OpBuilder &b, Location l, ValueRange scatterIvs,
            ValueRange results) -> scf::ValueVector {
          // update_scatter_index -> start, per input dim.
          SmallVector<Value> start(inputRank, zero);
          for (auto [k, d] : llvm::enumerate(toOperandDims)) {
            Value raw = tensor::ExtractOp::create(
                b, l, indices,
                indexVectorCoords(b, l, scatterIvs, indexVectorDim, indexRank,
                                  k));
            start[d] = arith::AddIOp::create(b, l, start[d],
                                             toIndex(b, l, raw, origIndexType));
          }
          for (auto [d, s] : llvm::zip(inputBatchingDims, indicesBatchingDims))
            start[d] = arith::AddIOp::create(
                b, l, start[d], scatterIvs[batchPosition(s, indexVectorDim)]);
          // The whole window must be in bounds.
          Value inBounds = arith::ConstantIntOp::create(b, l, 1, 1);
          for (int64_t d = 0; d < inputRank; ++d) {
            Value low = arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge,
                                              start[d], zero);
            Value high = arith::CmpIOp::create(
                b, l, arith::CmpIPredicate::sle, start[d], maxStart[d]);
            inBounds = arith::AndIOp::create(b, l, inBounds, low);
            inBounds = arith::AndIOp::create(b, l, inBounds, high);
          }
          auto ifOp = scf::IfOp::create(
              b, l, inBounds,
              [&](OpBuilder &b, Location l) {
                scf::YieldOp::create(
                    b, l, windowBody(b, l, scatterIvs, start, results));
              },
              [&](OpBuilder &b, Location l) {
                scf::YieldOp::create(b, l, results);
              });
          return scf::ValueVector(ifOp.getResults().begin(),
                                  ifOp.getResults().end());
        });
    if (failedBody)
      return failure();
    rewriter.replaceOp(op, nest.results);
    return success();
  }
};

} // namespace

void populateStableHLOIndexingToLinalgPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<GatherToGeneric, DynamicGatherToGeneric, ScatterToLoops>(
      converter, patterns.getContext());
}

} // namespace jx::stablehlo
