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
    if (rank == 0) {
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
    // One merge pass of runs of `width` from `cur` into fresh tensors.
    auto mergePass = [&](OpBuilder &b, Location l, Value width,
                         ValueRange cur) -> SmallVector<Value> {
      SmallVector<Value> dsts, otherUbs;
      for (Value c : cur)
        dsts.push_back(emptyTensor(
            b, l, cast<RankedTensorType>(c.getType()),
            [&](int64_t d) { return tensor::DimOp::create(b, l, c, d); }));
      for (int64_t d = 0; d < rank; ++d)
        if (d != dim)
          otherUbs.push_back(dimSize(b, l, cur[0], d));
      Value twoWidth = arith::AddIOp::create(b, l, width, width);
      auto slice = [&](OpBuilder &sb, Location sl, ValueRange other,
                       ValueRange sliceDsts) -> SmallVector<Value> {
        auto at = [&](Value x) {
          SmallVector<Value> idx(other.begin(), other.end());
          idx.insert(idx.begin() + dim, x);
          return idx;
        };
        auto pairs = scf::ForOp::create(
            sb, sl, indexConst(sb, sl, 0), n, twoWidth, sliceDsts,
            [&](OpBuilder &pb, Location pl, Value lo, ValueRange pairDsts) {
              Value mid = arith::MinSIOp::create(
                  pb, pl, arith::AddIOp::create(pb, pl, lo, width), n);
              Value hi = arith::MinSIOp::create(
                  pb, pl, arith::AddIOp::create(pb, pl, lo, twoWidth), n);
              Value midLast = arith::SubIOp::create(pb, pl, mid, one);
              Value hiLast = arith::SubIOp::create(pb, pl, hi, one);
              SmallVector<Value> carried = {lo, mid};
              carried.append(pairDsts.begin(), pairDsts.end());
              auto merge = scf::ForOp::create(
                  pb, pl, lo, hi, one, carried,
                  [&](OpBuilder &mb, Location ml, Value k, ValueRange it) {
                    Value i = it[0], j = it[1];
                    Value li = arith::MinSIOp::create(mb, ml, i, midLast);
                    Value ri = arith::MinSIOp::create(mb, ml, j, hiLast);
                    SmallVector<Value> lv, rv, cmpArgs;
                    for (Value c : cur) {
                      lv.push_back(tensor::ExtractOp::create(mb, ml, c, at(li)));
                      rv.push_back(tensor::ExtractOp::create(mb, ml, c, at(ri)));
                      cmpArgs.push_back(rv.back());
                      cmpArgs.push_back(lv.back());
                    }
                    SmallVector<Value> less;
                    if (failed(emitScalarRegion(mb, op.getComparator(),
                                                converter, cmpArgs, less)) ||
                        less.size() != 1) {
                      failedBody = true;
                      scf::YieldOp::create(mb, ml, it);
                      return;
                    }
                    Value leftDone = arith::CmpIOp::create(
                        mb, ml, arith::CmpIPredicate::sge, i, mid);
                    Value rightLeft = arith::CmpIOp::create(
                        mb, ml, arith::CmpIPredicate::slt, j, hi);
                    Value takeRight = arith::OrIOp::create(
                        mb, ml, leftDone,
                        arith::AndIOp::create(mb, ml, rightLeft, less[0]));
                    SmallVector<Value> next = {
                        arith::SelectOp::create(
                            mb, ml, takeRight, i,
                            arith::AddIOp::create(mb, ml, i, one)),
                        arith::SelectOp::create(
                            mb, ml, takeRight,
                            arith::AddIOp::create(mb, ml, j, one), j)};
                    for (size_t m = 0; m < numInputs; ++m) {
                      Value v = arith::SelectOp::create(mb, ml, takeRight,
                                                        rv[m], lv[m]);
                      next.push_back(tensor::InsertOp::create(
                          mb, ml, v, it[2 + m], at(k)));
                    }
                    scf::YieldOp::create(mb, ml, next);
                  });
              scf::YieldOp::create(pb, pl,
                                   merge.getResults().drop_front(2));
            });
        return SmallVector<Value>(pairs.getResults());
      };
      SmallVector<Value> merged = buildLoops(b, l, otherUbs, dsts, slice);
      // Copied back into the carried tensors, so that the loop yields values
      // equivalent to its arguments and bufferizes in place.
      SmallVector<Value> back;
      for (auto [m, c] : llvm::zip(merged, cur))
        back.push_back(
            linalg::CopyOp::create(b, l, ValueRange{m}, ValueRange{c})
                .getResult(0));
      return back;
    };

    SmallVector<Value> whileInits = {one};
    whileInits.append(inputs);
    SmallVector<Type> whileTypes = {rewriter.getIndexType()};
    whileTypes.append(types);
    auto loop = scf::WhileOp::create(
        rewriter, loc, whileTypes, whileInits,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value more = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt,
                                             args[0], n);
          scf::ConditionOp::create(b, l, more, args);
        },
        [&](OpBuilder &b, Location l, ValueRange args) {
          SmallVector<Value> next = {
              arith::AddIOp::create(b, l, args[0], args[0])};
          next.append(mergePass(b, l, args[0], args.drop_front()));
          scf::YieldOp::create(b, l, next);
        });
    if (failedBody)
      return failure();
    rewriter.replaceOp(op, loop.getResults().drop_front());
    return success();
  }
};

} // namespace

void populateSortPatterns(const TypeConverter &converter,
                          RewritePatternSet &patterns) {
  patterns.add<SortToSCF>(converter, patterns.getContext());
  populateSortSelectPatterns(converter, patterns);
}

} // namespace jx::stablehlo
