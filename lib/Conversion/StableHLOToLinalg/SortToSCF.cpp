//===- SortToSCF.cpp - sort to a bottom-up merge sort in scf on tensors ---===//
//
// A stable bottom-up merge sort along `dimension`, O(n log n) comparisons
// per slice. An scf.while doubles the run width while it is below the
// dimension's size; each pass merges, in every slice (a loop nest over the
// other dimensions), neighbouring runs [lo, mid) and [mid, hi) of the
// current tensors into fresh ones, then copies them back (the loop carries
// the same tensors throughout, which bufferizes in place). The merge takes the right element only
// when comparator(right, left) holds, so equal elements keep their order.
// All inputs move together; the comparator sees
// (lhs_0, rhs_0, lhs_1, rhs_1, ...) as the spec orders it.
//
//===----------------------------------------------------------------------===//

#include "ReductionCommon.h"

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace jx::stablehlo {
namespace {

struct SortToSCF : OpConversionPattern<SortOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SortOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultTypes = convertResultTypes(*getTypeConverter(), op);
    if (failed(resultTypes))
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    SmallVector<Value> inputs(adaptor.getInputs());
    size_t numInputs = inputs.size();
    if (numInputs == 0)
      return rewriter.notifyMatchFailure(op, "no inputs");
    auto inType = cast<RankedTensorType>(inputs[0].getType());
    int64_t rank = inType.getRank();
    // Nothing to order: a scalar, or no elements at all.
    if (rank == 0 || llvm::is_contained(inType.getShape(), 0)) {
      rewriter.replaceOp(op, inputs);
      return success();
    }
    int64_t dim = op.getDimension();
    if (dim < 0)
      dim += rank;
    Location loc = op.getLoc();
    const TypeConverter &converter = *getTypeConverter();
    SmallVector<Type> types(adaptor.getInputs().getTypes());

    auto dimSize = [&](OpBuilder &b, Location l, Value t,
                       int64_t d) -> Value {
      auto type = cast<RankedTensorType>(t.getType());
      if (!type.isDynamicDim(d))
        return indexConst(b, l, type.getDimSize(d));
      return tensor::DimOp::create(b, l, t, d);
    };
    Value n = dimSize(rewriter, loc, inputs[0], dim);
    Value one = indexConst(rewriter, loc, 1);

    bool failedBody = false;
    // One merge pass over a slice: runs of `width` of `from` (one 1-D
    // tensor per input) merged pairwise into `into`.
    auto mergePass = [&](OpBuilder &b, Location l, Value width, ValueRange from,
                         ValueRange into) -> SmallVector<Value> {
      Value twoWidth = arith::AddIOp::create(b, l, width, width);
      auto pairs = scf::ForOp::create(
          b, l, indexConst(b, l, 0), n, twoWidth, into,
          [&](OpBuilder &pb, Location pl, Value lo, ValueRange pairDsts) {
            Value mid = arith::MinSIOp::create(
                pb, pl, arith::AddIOp::create(pb, pl, lo, width), n);
            Value hi = arith::MinSIOp::create(
                pb, pl, arith::AddIOp::create(pb, pl, lo, twoWidth), n);
            Value midLast = arith::SubIOp::create(pb, pl, mid, one);
            Value hiLast = arith::SubIOp::create(pb, pl, hi, one);
            // Two merges at once, independent of each other: from the
            // front, the smallest first, and from the back, the largest
            // first; the front one writes the first ceil(len / 2) places,
            // the back one the others. Equal elements keep their order: the
            // front takes the right run's element only when it comes
            // strictly before the left's, the back takes the left's only
            // when it comes strictly after the right's.
            Value len = arith::SubIOp::create(pb, pl, hi, lo);
            Value half = arith::DivUIOp::create(
                pb, pl, arith::AddIOp::create(pb, pl, len, one),
                indexConst(pb, pl, 2));
            Value backCount = arith::SubIOp::create(pb, pl, len, half);
            SmallVector<Value> carried = {lo, mid, midLast, hiLast};
            carried.append(pairDsts.begin(), pairDsts.end());
            auto merge = scf::ForOp::create(
                pb, pl, indexConst(pb, pl, 0), half, one, carried,
                [&](OpBuilder &mb, Location ml, Value t, ValueRange it) {
                  Value i = it[0], j = it[1], p = it[2], q = it[3];
                  // Reads stay inside the runs; the flags below ignore the
                  // element of an exhausted run.
                  Value li = arith::MinSIOp::create(mb, ml, i, midLast);
                  Value ri = arith::MinSIOp::create(mb, ml, j, hiLast);
                  Value lp = arith::MaxSIOp::create(mb, ml, p, lo);
                  Value rq = arith::MaxSIOp::create(mb, ml, q, mid);
                  SmallVector<Value> lv, rv, lb, rb, front, back;
                  for (Value f : from) {
                    lv.push_back(tensor::ExtractOp::create(mb, ml, f, li));
                    rv.push_back(tensor::ExtractOp::create(mb, ml, f, ri));
                    lb.push_back(tensor::ExtractOp::create(mb, ml, f, lp));
                    rb.push_back(tensor::ExtractOp::create(mb, ml, f, rq));
                    front.append({rv.back(), lv.back()});
                    back.append({rb.back(), lb.back()});
                  }
                  SmallVector<Value> rightFirst, leftLast;
                  if (failed(emitScalarRegion(mb, op.getComparator(), converter,
                                              front, rightFirst)) ||
                      rightFirst.size() != 1 ||
                      failed(emitScalarRegion(mb, op.getComparator(), converter,
                                              back, leftLast)) ||
                      leftLast.size() != 1) {
                    failedBody = true;
                    scf::YieldOp::create(mb, ml, it);
                    return;
                  }
                  auto cmp = [&](arith::CmpIPredicate pred, Value x,
                                 Value y) -> Value {
                    return arith::CmpIOp::create(mb, ml, pred, x, y);
                  };
                  using P = arith::CmpIPredicate;
                  Value takeRight = arith::OrIOp::create(
                      mb, ml, cmp(P::sge, i, mid),
                      arith::AndIOp::create(mb, ml, cmp(P::slt, j, hi),
                                            rightFirst[0]));
                  Value takeLeft = arith::OrIOp::create(
                      mb, ml, cmp(P::slt, q, mid),
                      arith::AndIOp::create(mb, ml, cmp(P::sge, p, lo),
                                            leftLast[0]));
                  Value minusOne = indexConst(mb, ml, -1);
                  Value zero = indexConst(mb, ml, 0);
                  SmallVector<Value> next = {
                      arith::SelectOp::create(
                          mb, ml, takeRight, i,
                          arith::AddIOp::create(mb, ml, i, one)),
                      arith::SelectOp::create(
                          mb, ml, takeRight,
                          arith::AddIOp::create(mb, ml, j, one), j),
                      arith::AddIOp::create(
                          mb, ml, p,
                          arith::SelectOp::create(mb, ml, takeLeft, minusOne,
                                                  zero)),
                      arith::AddIOp::create(
                          mb, ml, q,
                          arith::SelectOp::create(mb, ml, takeLeft, zero,
                                                  minusOne))};
                  // The back's place is the front's in the last step of an
                  // odd length: written first, then overwritten.
                  Value backAt = arith::SubIOp::create(mb, ml, hiLast, t);
                  Value frontAt = arith::AddIOp::create(mb, ml, lo, t);
                  Value backWrites = cmp(P::slt, t, backCount);
                  for (size_t m = 0; m < numInputs; ++m) {
                    Value b =
                        arith::SelectOp::create(mb, ml, takeLeft, lb[m], rb[m]);
                    Value f = arith::SelectOp::create(mb, ml, takeRight, rv[m],
                                                      lv[m]);
                    Value dst = tensor::InsertOp::create(
                        mb, ml, b, it[4 + m],
                        arith::SelectOp::create(mb, ml, backWrites, backAt,
                                                frontAt)
                            .getResult());
                    next.push_back(
                        tensor::InsertOp::create(mb, ml, f, dst, frontAt));
                  }
                  scf::YieldOp::create(mb, ml, next);
                });
            scf::YieldOp::create(pb, pl, merge.getResults().drop_front(4));
          });
      return SmallVector<Value>(pairs.getResults());
    };

    // Each slice on its own (an scf.forall over the other dimensions): its
    // elements copied into 1-D tensors `a`, merged into `b` and back, runs
    // of w and then 2w per round while w < n (the second pass of the last
    // round copies when one run is left), so that the sorted slice is in
    // `a` after every round and the loop carries its tensors in place.
    SmallVector<OpFoldResult> otherSizes;
    for (int64_t d = 0; d < rank; ++d)
      if (d != dim)
        otherSizes.push_back(
            inType.isDynamicDim(d)
                ? OpFoldResult(dimSize(rewriter, loc, inputs[0], d))
                : OpFoldResult(rewriter.getIndexAttr(inType.getDimSize(d))));
    SmallVector<Value> results;
    for (Value in : inputs) {
      // One result buffer per input (an allocation: see below).
      auto type = cast<RankedTensorType>(in.getType());
      SmallVector<Value> dynamic;
      for (int64_t d = 0; d < rank; ++d)
        if (type.isDynamicDim(d))
          dynamic.push_back(dimSize(rewriter, loc, in, d));
      results.push_back(
          bufferization::AllocTensorOp::create(rewriter, loc, type, dynamic));
    }
    OpFoldResult nFold =
        inType.isDynamicDim(dim)
            ? OpFoldResult(n)
            : OpFoldResult(rewriter.getIndexAttr(inType.getDimSize(dim)));
    auto forall = forEachSlice(
        rewriter, loc, otherSizes, dim, nFold, results,
        [&](OpBuilder &b, Location l, ValueRange otherIvs) {
          SmallVector<OpFoldResult> offsets, sizes, strides;
          sliceAlong(b, otherIvs, rank, dim, nFold, offsets, sizes, strides);
          SmallVector<Value> a, other;
          for (Value in : inputs) {
            Type et = getElementTypeOrSelf(in.getType());
            auto flat = RankedTensorType::get({inType.isDynamicDim(dim)
                                                   ? ShapedType::kDynamic
                                                   : inType.getDimSize(dim)},
                                              et);
            Value slice = tensor::ExtractSliceOp::create(
                b, l, flat, in, offsets, sizes, strides);
            // Two buffers of its own, which the passes write: allocations,
            // not tensor.empty, which CSE would merge into one (its
            // contents are undefined, so bufferization would not tell the
            // two apart).
            SmallVector<Value> dynamic;
            if (flat.isDynamicDim(0))
              dynamic.push_back(n);
            Value copy =
                bufferization::AllocTensorOp::create(b, l, flat, dynamic);
            a.push_back(linalg::CopyOp::create(b, l, ValueRange{slice},
                                               ValueRange{copy})
                            .getResult(0));
            other.push_back(
                bufferization::AllocTensorOp::create(b, l, flat, dynamic));
          }
          SmallVector<Value> inits = {one};
          inits.append(a);
          inits.append(other);
          auto rounds = scf::WhileOp::create(
              b, l, ValueRange(inits).getTypes(), inits,
              [&](OpBuilder &cb, Location cl, ValueRange it) {
                Value more = arith::CmpIOp::create(
                    cb, cl, arith::CmpIPredicate::slt, it[0], n);
                scf::ConditionOp::create(cb, cl, more, it);
              },
              [&](OpBuilder &wb, Location wl, ValueRange it) {
                Value w = it[0];
                ValueRange cur = it.slice(1, numInputs);
                ValueRange spare = it.drop_front(1 + numInputs);
                SmallVector<Value> merged = mergePass(wb, wl, w, cur, spare);
                Value w2 = arith::AddIOp::create(wb, wl, w, w);
                SmallVector<Value> back = mergePass(wb, wl, w2, merged, cur);
                SmallVector<Value> next = {
                    arith::AddIOp::create(wb, wl, w2, w2)};
                next.append(back);
                next.append(merged);
                scf::YieldOp::create(wb, wl, next);
              });
          ResultRange sorted = rounds.getResults().slice(1, numInputs);
          return SmallVector<Value>(sorted.begin(), sorted.end());
        });
    if (failedBody)
      return failure();
    rewriter.replaceOp(op, forall.getResults());
    return success();
  }
};

} // namespace

void sliceAlong(OpBuilder &b, ValueRange other, int64_t rank, int64_t dim,
                OpFoldResult length, SmallVectorImpl<OpFoldResult> &offsets,
                SmallVectorImpl<OpFoldResult> &sizes,
                SmallVectorImpl<OpFoldResult> &strides) {
  for (int64_t d = 0, o = 0; d < rank; ++d) {
    bool along = d == dim;
    offsets.push_back(along ? OpFoldResult(b.getIndexAttr(0))
                            : OpFoldResult(other[o++]));
    sizes.push_back(along ? length : OpFoldResult(b.getIndexAttr(1)));
    strides.push_back(b.getIndexAttr(1));
  }
}

scf::ForallOp forEachSlice(
    OpBuilder &b, Location loc, ArrayRef<OpFoldResult> otherSizes, int64_t dim,
    OpFoldResult length, ValueRange results,
    function_ref<SmallVector<Value>(OpBuilder &, Location, ValueRange)> body) {
  int64_t rank = otherSizes.size() + 1;
  SmallVector<OpFoldResult> ubs(otherSizes);
  if (ubs.empty())
    ubs.push_back(b.getIndexAttr(1));
  return scf::ForallOp::create(
      b, loc, ubs, results, std::nullopt,
      [&](OpBuilder &fb, Location l, ValueRange args) {
        ValueRange other =
            otherSizes.empty() ? ValueRange{} : args.take_front(ubs.size());
        ValueRange shared = args.drop_front(ubs.size());
        SmallVector<Value> slices = body(fb, l, other);
        SmallVector<OpFoldResult> offsets, sizes, strides;
        sliceAlong(fb, other, rank, dim, length, offsets, sizes, strides);
        auto inParallel = scf::InParallelOp::create(fb, l);
        OpBuilder::InsertionGuard guard(fb);
        fb.setInsertionPointToStart(inParallel.getBody());
        for (auto [slice, out] : llvm::zip(slices, shared))
          tensor::ParallelInsertSliceOp::create(fb, l, slice, out, offsets,
                                                sizes, strides);
      });
}

void populateSortPatterns(const TypeConverter &converter,
                          RewritePatternSet &patterns) {
  patterns.add<SortToSCF>(converter, patterns.getContext());
  populateSortSelectPatterns(converter, patterns);
}

} // namespace jx::stablehlo
