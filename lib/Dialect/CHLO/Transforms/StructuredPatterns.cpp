//===- StructuredPatterns.cpp - top_k, scan and ragged_dot ----------------===//
//
// top_k:      a stable descending sort of (values, iota) along the last
//             dimension (floats in total order), then a slice of the first k.
// scan:       a stablehlo.while over the scan index; each step slices the
//             inputs, runs the body, and writes the outputs back with
//             dynamic_update_slice.
// ragged_dot: per group g, a dot_general with rhs group g, masked to the
//             rows (ragged non-contracting) or the contracted entries
//             (ragged contracting) of that group; a ragged batch dimension
//             is an ordinary batched dot_general.
//
//===----------------------------------------------------------------------===//

#include "Decompose.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace jx::chlo;
using namespace jx::chlo::detail;

namespace {

RankedTensorType scalarOf(Type elementType) {
  return RankedTensorType::get({}, elementType);
}

Value scalarConst(OpBuilder &b, Location loc, Type elementType, int64_t v) {
  RankedTensorType t = scalarOf(elementType);
  return hlo::ConstantOp::create(
      b, loc, t, DenseElementsAttr::get(t, IntegerAttr::get(elementType, v)));
}

//===----------------------------------------------------------------------===//
// top_k
//===----------------------------------------------------------------------===//

struct TopKPattern : OpRewritePattern<TopKOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TopKOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = op.getOperand().getType();
    if (!type.hasStaticShape())
      return failure();
    Location loc = op.getLoc();
    int64_t rank = type.getRank(), last = rank - 1;
    Type i32 = rewriter.getI32Type();
    RankedTensorType indexType = type.clone(i32);
    Value iota = hlo::IotaOp::create(rewriter, loc, indexType,
                                     static_cast<uint64_t>(last));
    auto sort = hlo::SortOp::create(
        rewriter, loc, TypeRange{type, indexType},
        ValueRange{op.getOperand(), iota}, static_cast<uint64_t>(last),
        /*is_stable=*/true);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      Type et = type.getElementType();
      Block *block = rewriter.createBlock(
          &sort.getComparator(), {},
          {scalarOf(et), scalarOf(et), scalarOf(i32), scalarOf(i32)},
          SmallVector<Location>(4, loc));
      // Floats in total order, as XLA's TopK: NaN above +inf, -NaN below
      // -inf, 0.0 above -0.0 (a partial-order GT is no strict weak order
      // with NaNs, and would leave them anywhere).
      hlo::ComparisonTypeAttr order;
      if (isa<FloatType>(et))
        order = hlo::ComparisonTypeAttr::get(rewriter.getContext(),
                                             hlo::ComparisonType::TOTALORDER);
      Value greater = hlo::CompareOp::create(
          rewriter, loc, scalarOf(rewriter.getI1Type()), block->getArgument(0),
          block->getArgument(1), hlo::ComparisonDirection::GT, order);
      hlo::ReturnOp::create(rewriter, loc, ValueRange{greater});
    }
    SmallVector<int64_t> start(rank, 0), limit(type.getShape()),
        strides(rank, 1);
    limit[last] = op.getK();
    Value values = hlo::SliceOp::create(rewriter, loc, sort.getResult(0),
                                        start, limit, strides);
    Value indices = hlo::SliceOp::create(rewriter, loc, sort.getResult(1),
                                         start, limit, strides);
    rewriter.replaceOp(op, {values, indices});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// scan
//===----------------------------------------------------------------------===//

struct ScanPattern : OpRewritePattern<ScanOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ScanOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t dim = op.getDimension();
    for (Type t : op->getOperandTypes())
      if (!cast<RankedTensorType>(t).hasStaticShape())
        return failure();
    for (Type t : op->getResultTypes())
      if (!cast<RankedTensorType>(t).hasStaticShape())
        return failure();
    auto outputs = op.getOutputs();
    if (op.getInputs().empty() && outputs.empty())
      return failure();
    int64_t length =
        cast<RankedTensorType>((op.getInputs().empty() ? outputs[0].getType()
                                                       : op.getInputs()[0]
                                                             .getType()))
            .getDimSize(dim);
    bool reverse = op.getIsReverse().value_or(false);
    Type i64 = rewriter.getI64Type();
    RankedTensorType counterType = scalarOf(i64);

    // Loop state: counter, carries, output accumulators.
    SmallVector<Value> init;
    init.push_back(scalarConst(rewriter, loc, i64, 0));
    for (Value v : op.getInits())
      init.push_back(v);
    for (Value out : outputs) {
      auto t = cast<RankedTensorType>(out.getType());
      Attribute zero = rewriter.getZeroAttr(t.getElementType());
      if (!zero)
        return failure();
      init.push_back(hlo::ConstantOp::create(
          rewriter, loc, t, DenseElementsAttr::get(t, zero)));
    }
    size_t numCarries = op.getInits().size();
    SmallVector<Type> stateTypes = llvm::to_vector(ValueRange(init).getTypes());
    auto loop = hlo::WhileOp::create(rewriter, loc, stateTypes, init);
    SmallVector<Location> locs(init.size(), loc);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      Block *cond = rewriter.createBlock(&loop.getCond(), {}, stateTypes, locs);
      Emitter e(rewriter, loc, counterType);
      Value more = e.lt(cond->getArgument(0), e.cst(length));
      hlo::ReturnOp::create(rewriter, loc, ValueRange{more});
    }
    {
      OpBuilder::InsertionGuard guard(rewriter);
      Block *body = rewriter.createBlock(&loop.getBody(), {}, stateTypes, locs);
      Emitter e(rewriter, loc, counterType);
      Value counter = body->getArgument(0);
      Value index =
          reverse ? e.sub(e.cst(length - 1), counter) : counter;
      Value zero = e.cst(0);
      auto offsets = [&](int64_t rank) {
        SmallVector<Value> starts(rank, zero);
        starts[dim] = index;
        return starts;
      };
      IRMapping mapping;
      Block &scanBody = op.getBody().front();
      for (auto [i, input] : llvm::enumerate(op.getInputs())) {
        auto t = cast<RankedTensorType>(input.getType());
        SmallVector<int64_t> sizes(t.getShape());
        sizes[dim] = 1;
        Value slice = hlo::DynamicSliceOp::create(rewriter, loc, input,
                                                  offsets(t.getRank()), sizes);
        auto argType =
            cast<RankedTensorType>(scanBody.getArgument(i).getType());
        Value element = hlo::ReshapeOp::create(
            rewriter, loc, t.clone(argType.getShape()), slice);
        mapping.map(scanBody.getArgument(i), element);
      }
      for (size_t j = 0; j < numCarries; ++j)
        mapping.map(scanBody.getArgument(op.getInputs().size() + j),
                    body->getArgument(1 + j));
      for (Operation &inner : scanBody.without_terminator())
        rewriter.clone(inner, mapping);
      Operation *terminator = scanBody.getTerminator();
      SmallVector<Value> next;
      next.push_back(e.add(counter, e.cst(1)));
      size_t numOutputs = outputs.size();
      for (size_t j = 0; j < numCarries; ++j)
        next.push_back(
            mapping.lookupOrDefault(terminator->getOperand(numOutputs + j)));
      for (size_t j = 0; j < numOutputs; ++j) {
        Value acc = body->getArgument(1 + numCarries + j);
        auto accType = cast<RankedTensorType>(acc.getType());
        SmallVector<int64_t> shape(accType.getShape());
        shape[dim] = 1;
        Value element =
            mapping.lookupOrDefault(terminator->getOperand(j));
        Value expanded = hlo::ReshapeOp::create(
            rewriter, loc, accType.clone(shape), element);
        next.push_back(hlo::DynamicUpdateSliceOp::create(
            rewriter, loc, accType, acc, expanded, offsets(accType.getRank())));
      }
      hlo::ReturnOp::create(rewriter, loc, next);
    }
    SmallVector<Value> results;
    for (size_t j = 0; j < outputs.size(); ++j)
      results.push_back(loop.getResult(1 + numCarries + j));
    for (size_t j = 0; j < numCarries; ++j)
      results.push_back(loop.getResult(1 + j));
    rewriter.replaceOp(op, results);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// ragged_dot
//===----------------------------------------------------------------------===//

struct RaggedDotPattern : OpRewritePattern<RaggedDotOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(RaggedDotOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType lhsType = op.getLhs().getType();
    RankedTensorType rhsType = op.getRhs().getType();
    RankedTensorType groupsType = op.getGroupSizes().getType();
    RankedTensorType resultType = op.getType();
    if (!lhsType.hasStaticShape() || !rhsType.hasStaticShape() ||
        !resultType.hasStaticShape() || groupsType.getRank() != 1 ||
        !groupsType.hasStaticShape())
      return failure();
    Location loc = op.getLoc();
    RaggedDotDimensionNumbersAttr dn = op.getRaggedDotDimensionNumbers();
    ArrayRef<int64_t> lhsBatch = dn.getLhsBatchingDimensions();
    ArrayRef<int64_t> rhsBatch = dn.getRhsBatchingDimensions();
    ArrayRef<int64_t> lhsContract = dn.getLhsContractingDimensions();
    ArrayRef<int64_t> rhsContract = dn.getRhsContractingDimensions();
    int64_t ragged = dn.getLhsRaggedDimensions().front();
    int64_t numGroups = groupsType.getDimSize(0);
    MLIRContext *ctx = getContext();
    ArrayAttr precision;
    if (auto config = op.getPrecisionConfig()) {
      SmallVector<Attribute> values;
      for (Attribute a : *config)
        values.push_back(hlo::PrecisionAttr::get(
            ctx, static_cast<hlo::Precision>(static_cast<uint32_t>(
                     cast<PrecisionAttr>(a).getValue()))));
      precision = ArrayAttr::get(ctx, values);
    }
    auto dot = [&](Value lhs, Value rhs, ArrayRef<int64_t> rb,
                   ArrayRef<int64_t> rc, RankedTensorType type) -> Value {
      auto dims = hlo::DotDimensionNumbersAttr::get(ctx, lhsBatch, rb,
                                                    lhsContract, rc);
      return hlo::DotGeneralOp::create(rewriter, loc, type, lhs, rhs, dims,
                                       precision, nullptr);
    };

    // Ragged batch dimension: an ordinary batched product.
    if (llvm::is_contained(lhsBatch, ragged)) {
      rewriter.replaceOp(op, dot(op.getLhs(), op.getRhs(), rhsBatch,
                                 rhsContract, resultType));
      return success();
    }

    // Group boundaries: start_g = sum_{j<g} sizes[j], end_g = start_g +
    // sizes[g], as scalars of the group_sizes element type.
    Type gt = groupsType.getElementType();
    RankedTensorType scalar = scalarOf(gt);
    Emitter se(rewriter, loc, scalar);
    SmallVector<Value> starts, ends;
    Value running = scalarConst(rewriter, loc, gt, 0);
    for (int64_t g = 0; g < numGroups; ++g) {
      Value size = hlo::SliceOp::create(rewriter, loc, op.getGroupSizes(),
                                        {g}, {g + 1}, {1});
      size = hlo::ReshapeOp::create(rewriter, loc, scalar, size);
      starts.push_back(running);
      running = se.add(running, size);
      ends.push_back(running);
    }
    // in_g(i) over `shape`, i counted along `dim`.
    auto groupMask = [&](RankedTensorType shape, int64_t dim, int64_t g) {
      RankedTensorType idxType = shape.clone(gt);
      Value iota = hlo::IotaOp::create(rewriter, loc, idxType,
                                       static_cast<uint64_t>(dim));
      Emitter ie(rewriter, loc, idxType);
      Value lo = hlo::BroadcastInDimOp::create(rewriter, loc, starts[g],
                                               shape.getShape(), {});
      Value hi = hlo::BroadcastInDimOp::create(rewriter, loc, ends[g],
                                               shape.getShape(), {});
      return ie.andOp(ie.ge(iota, lo), ie.lt(iota, hi));
    };
    auto zerosLike = [&](RankedTensorType t) -> Value {
      return hlo::ConstantOp::create(
          rewriter, loc, t,
          DenseElementsAttr::get(t, rewriter.getZeroAttr(t.getElementType())));
    };

    if (llvm::is_contained(lhsContract, ragged)) {
      // Ragged contracting dimension: result[g] contracts group g only.
      SmallVector<int64_t> partShape(resultType.getShape().drop_front());
      RankedTensorType partType = resultType.clone(partShape);
      SmallVector<Value> parts;
      for (int64_t g = 0; g < numGroups; ++g) {
        Value mask = groupMask(lhsType, ragged, g);
        Value lhs = hlo::SelectOp::create(rewriter, loc, lhsType, mask,
                                          op.getLhs(), zerosLike(lhsType));
        Value part = dot(lhs, op.getRhs(), rhsBatch, rhsContract, partType);
        SmallVector<int64_t> oneShape{1};
        oneShape.append(partShape);
        parts.push_back(hlo::ReshapeOp::create(
            rewriter, loc, resultType.clone(oneShape), part));
      }
      rewriter.replaceOpWithNewOp<hlo::ConcatenateOp>(op, resultType, parts,
                                                      uint64_t{0});
      return success();
    }

    // Ragged non-contracting dimension: rows of group g use rhs[g].
    int64_t groupDim = dn.getRhsGroupDimensions().front();
    auto dropGroup = [&](ArrayRef<int64_t> dims) {
      SmallVector<int64_t> out;
      for (int64_t d : dims)
        out.push_back(d > groupDim ? d - 1 : d);
      return out;
    };
    SmallVector<int64_t> rb = dropGroup(rhsBatch), rc = dropGroup(rhsContract);
    SmallVector<int64_t> rhsPartShape(rhsType.getShape());
    rhsPartShape.erase(rhsPartShape.begin() + groupDim);
    RankedTensorType rhsPartType = rhsType.clone(rhsPartShape);
    // Position of the ragged dimension in the result: after the batch
    // dimensions, among the lhs free dimensions in order.
    int64_t resultRagged = lhsBatch.size();
    for (int64_t d = 0; d < ragged; ++d)
      if (!llvm::is_contained(lhsBatch, d) &&
          !llvm::is_contained(lhsContract, d))
        ++resultRagged;
    Value acc = zerosLike(resultType);
    int64_t rank = rhsType.getRank();
    for (int64_t g = 0; g < numGroups; ++g) {
      SmallVector<int64_t> start(rank, 0), limit(rhsType.getShape()),
          strides(rank, 1);
      start[groupDim] = g;
      limit[groupDim] = g + 1;
      Value rhs = hlo::SliceOp::create(rewriter, loc, op.getRhs(), start,
                                       limit, strides);
      rhs = hlo::ReshapeOp::create(rewriter, loc, rhsPartType, rhs);
      Value part = dot(op.getLhs(), rhs, rb, rc, resultType);
      Value mask = groupMask(resultType, resultRagged, g);
      acc = hlo::SelectOp::create(rewriter, loc, resultType, mask, part, acc);
    }
    rewriter.replaceOp(op, acc);
    return success();
  }
};

} // namespace

void jx::chlo::detail::populateStructuredPatterns(RewritePatternSet &patterns) {
  patterns.add<TopKPattern, ScanPattern, RaggedDotPattern>(
      patterns.getContext());
}
