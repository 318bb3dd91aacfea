//===- SelectAndScatterToSCF.cpp - select_and_scatter to scf on tensors ---===//
//
// Windows that do not overlap (every dimension's stride at least its window,
// or one window along it: a max pool's gradient) select each operand
// position at most once, so each result element is independent of the
// others: one parallel linalg.generic over the result computes, for its
// position p, the window p lies in, that window's selection (walked as
// below), and yields scatter(init, source[window]) where p is the selected
// position and init elsewhere. Each position is combined with the init
// value once, as in the sequential form, so the results are identical;
// the loops vectorize and run on all cores.
//
// Otherwise the result starts filled with the init value. For every source
// element (a loop nest over the source's shape) the window it belongs to is
// walked in row-major order; positions in the padding are skipped, the first
// valid position is the first candidate and each later one replaces the
// current selection when select(current, candidate) is false, so ties keep
// the first winner. The scatter region then combines result[selected] with
// the source element: result[selected] = scatter(result[selected], source).
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

/// Windows of a unrolled walk at most: larger disjoint windows take the
/// loop nest over the source instead.
constexpr int64_t kMaxUnrolledWindow = 64;

/// Whether no two windows share an operand position (along each dimension
/// the stride covers the window, or there is one window) and a window is
/// small enough to walk unrolled.
bool disjointWindows(RankedTensorType sourceType, ArrayRef<int64_t> window,
                     ArrayRef<int64_t> strides) {
  int64_t positions = 1;
  for (int64_t d = 0; d < sourceType.getRank(); ++d) {
    if (strides[d] < window[d] && sourceType.getDimSize(d) > 1)
      return false;
    positions *= window[d];
  }
  return positions <= kMaxUnrolledWindow;
}

/// One step of a window's walk: the candidate at offset `w` (index values)
/// of the window at `win` (source position), when it lies in the operand
/// (not in the padding), replaces the selection unless select(selection,
/// candidate) keeps the selection or none was found yet. Returns the take
/// flag and updates `found` and `selVal`; `pos` gets the candidate's
/// operand position (clamped into bounds). Sets `failedBody` when a region
/// does not convert.
Value walkStep(OpBuilder &b, Location l, SelectAndScatterOp op,
               const TypeConverter &converter, Value operand,
               ValueRange win, ValueRange w, ArrayRef<int64_t> strides,
               ArrayRef<int64_t> lo, Value &found, Value &selVal,
               SmallVector<Value> &pos, bool &failedBody) {
  auto operandType = cast<RankedTensorType>(operand.getType());
  Value zero = indexConst(b, l, 0);
  Value trueV = arith::ConstantIntOp::create(b, l, 1, 1);
  Value valid = trueV;
  pos.clear();
  for (int64_t d = 0; d < operandType.getRank(); ++d) {
    Value p = arith::AddIOp::create(
        b, l, arith::MulIOp::create(b, l, win[d], indexConst(b, l, strides[d])),
        w[d]);
    p = arith::SubIOp::create(b, l, p, indexConst(b, l, lo[d]));
    Value inLo =
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, p, zero);
    Value inHi = arith::CmpIOp::create(
        b, l, arith::CmpIPredicate::slt, p,
        indexConst(b, l, operandType.getDimSize(d)));
    valid = arith::AndIOp::create(b, l, valid,
                                  arith::AndIOp::create(b, l, inLo, inHi));
    // Clamped so that the read stays in bounds; unused when invalid.
    Value c = arith::MaxSIOp::create(b, l, p, zero);
    pos.push_back(arith::MinSIOp::create(
        b, l, c, indexConst(b, l, operandType.getDimSize(d) - 1)));
  }
  Value v = tensor::ExtractOp::create(b, l, operand, pos);
  Value keep = emitOneResultRegion(b, op.getSelect(), converter, {selVal, v},
                                   trueV, failedBody);
  Value notFound = arith::XOrIOp::create(b, l, found, trueV);
  Value notKeep = arith::XOrIOp::create(b, l, keep, trueV);
  Value take = arith::AndIOp::create(
      b, l, valid, arith::OrIOp::create(b, l, notFound, notKeep));
  found = arith::OrIOp::create(b, l, found, valid);
  selVal = arith::SelectOp::create(b, l, take, v, selVal);
  return take;
}

struct SelectAndScatterToSCF : OpConversionPattern<SelectAndScatterOp> {
  using OpConversionPattern::OpConversionPattern;

  /// The disjoint-window form (file comment): one parallel generic over
  /// the result.
  LogicalResult rewriteDisjoint(SelectAndScatterOp op,
                                ConversionPatternRewriter &rewriter,
                                Value operand, Value source, Value init,
                                RankedTensorType resultType,
                                ArrayRef<int64_t> window,
                                ArrayRef<int64_t> strides,
                                ArrayRef<int64_t> lo) const {
    const TypeConverter &converter = *getTypeConverter();
    auto operandType = cast<RankedTensorType>(operand.getType());
    auto sourceType = cast<RankedTensorType>(source.getType());
    int64_t rank = operandType.getRank();
    Location loc = op.getLoc();
    Value initScalar = extractScalar(rewriter, loc, init);
    Value empty = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                          resultType.getElementType());
    bool failedBody = false;
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, ValueRange{}, ValueRange{empty},
        ArrayRef<AffineMap>{rewriter.getMultiDimIdentityMap(rank)},
        SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
        [&](OpBuilder &b, Location l, ValueRange) {
          Value zero = indexConst(b, l, 0);
          Value trueV = arith::ConstantIntOp::create(b, l, 1, 1);
          // The window p lies in (s, clamped for the reads) and p's offset
          // in it (o); p is in none when o falls in the gap between two
          // windows or s past the last one.
          Value inWindow = trueV;
          SmallVector<Value> win, offset;
          for (int64_t d = 0; d < rank; ++d) {
            Value q = arith::AddIOp::create(b, l,
                                            linalg::IndexOp::create(b, l, d),
                                            indexConst(b, l, lo[d]));
            // Along a dimension of one window, p is in window 0 at offset q
            // (the stride may be smaller than the window there).
            Value w = zero, o = q;
            if (sourceType.getDimSize(d) > 1) {
              Value stride = indexConst(b, l, strides[d]);
              w = arith::DivUIOp::create(b, l, q, stride);
              o = arith::SubIOp::create(
                  b, l, q, arith::MulIOp::create(b, l, w, stride));
            }
            inWindow = arith::AndIOp::create(
                b, l, inWindow,
                arith::AndIOp::create(
                    b, l,
                    arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, o,
                                          indexConst(b, l, window[d])),
                    arith::CmpIOp::create(
                        b, l, arith::CmpIPredicate::ult, w,
                        indexConst(b, l, sourceType.getDimSize(d)))));
            win.push_back(arith::MinUIOp::create(
                b, l, w, indexConst(b, l, sourceType.getDimSize(d) - 1)));
            offset.push_back(o);
          }
          // The window's selection, walked in row-major order: the linear
          // index of the selected offset.
          Value found = arith::ConstantIntOp::create(b, l, 0, 1);
          Value selVal = initScalar;
          Value selIdx = zero;
          SmallVector<int64_t> w(rank, 0);
          for (int64_t k = 0;; ++k) {
            SmallVector<Value> offsets, pos;
            for (int64_t d = 0; d < rank; ++d)
              offsets.push_back(indexConst(b, l, w[d]));
            Value take = walkStep(b, l, op, converter, operand, win, offsets,
                                  strides, lo, found, selVal, pos, failedBody);
            selIdx = arith::SelectOp::create(b, l, take, indexConst(b, l, k),
                                             selIdx);
            int64_t d = rank - 1;
            while (d >= 0 && ++w[d] == window[d])
              w[d--] = 0;
            if (d < 0)
              break;
          }
          // p's own linear offset in its window.
          Value mine = zero;
          for (int64_t d = 0; d < rank; ++d)
            mine = arith::AddIOp::create(
                b, l,
                arith::MulIOp::create(b, l, mine, indexConst(b, l, window[d])),
                offset[d]);
          Value selected = arith::AndIOp::create(
              b, l, arith::AndIOp::create(b, l, inWindow, found),
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, selIdx,
                                    mine));
          Value srcVal = tensor::ExtractOp::create(b, l, source, win);
          Value combined =
              emitOneResultRegion(b, op.getScatter(), converter,
                                  {initScalar, srcVal}, initScalar, failedBody);
          linalg::YieldOp::create(
              b, l,
              ValueRange{arith::SelectOp::create(b, l, selected, combined,
                                                 initScalar)});
        });
    if (failedBody)
      return failure();
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }

  LogicalResult
  matchAndRewrite(SelectAndScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultTypes = convertResultTypes(*getTypeConverter(), op);
    if (failed(resultTypes))
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    RankedTensorType resultType = resultTypes->front();
    Value operand = adaptor.getOperand();
    Value source = adaptor.getSource();
    Value init = adaptor.getInitValue();
    auto operandType = cast<RankedTensorType>(operand.getType());
    auto sourceType = cast<RankedTensorType>(source.getType());
    if (!operandType.hasStaticShape() || !sourceType.hasStaticShape())
      return op.emitError(
          "select_and_scatter on dynamic shapes is not supported yet");
    int64_t rank = operandType.getRank();
    SmallVector<int64_t> ones(rank, 1), zeros(rank, 0);
    SmallVector<int64_t> window(op.getWindowDimensions().value_or(ones));
    SmallVector<int64_t> strides(op.getWindowStrides().value_or(ones));
    SmallVector<int64_t> lo(zeros);
    if (auto padding = op.getPadding()) {
      auto values = llvm::to_vector(padding->getValues<int64_t>());
      for (int64_t d = 0; d < rank; ++d)
        lo[d] = values[2 * d];
    }

    Location loc = op.getLoc();
    if (operandType.getNumElements() != 0 &&
        sourceType.getNumElements() != 0 &&
        disjointWindows(sourceType, window, strides))
      return rewriteDisjoint(op, rewriter, operand, source, init, resultType,
                             window, strides, lo);
    Value result = fillWith(
        rewriter, loc,
        tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                resultType.getElementType()),
        init);
    if (operandType.getNumElements() == 0 ||
        sourceType.getNumElements() == 0) {
      rewriter.replaceOp(op, result);
      return success();
    }

    const TypeConverter &converter = *getTypeConverter();
    bool failedBody = false;
    SmallVector<Value> sourceUbs, windowUbs;
    for (int64_t d = 0; d < rank; ++d) {
      sourceUbs.push_back(indexConst(rewriter, loc, sourceType.getDimSize(d)));
      windowUbs.push_back(indexConst(rewriter, loc, window[d]));
    }
    Value initScalar = extractScalar(rewriter, loc, init);
    Value zeroIdx = indexConst(rewriter, loc, 0);

    auto outer = [&](OpBuilder &b, Location l, ValueRange sIvs,
                     ValueRange acc) -> SmallVector<Value> {
      Value srcVal = tensor::ExtractOp::create(b, l, source, sIvs);
      Value falseV = arith::ConstantIntOp::create(b, l, 0, 1);
      SmallVector<Value> selInit = {falseV, initScalar};
      selInit.append(rank, zeroIdx);
      auto inner = [&](OpBuilder &ib, Location il, ValueRange wIvs,
                       ValueRange it) -> SmallVector<Value> {
        Value found = it[0], selVal = it[1];
        SmallVector<Value> pos;
        Value take = walkStep(ib, il, op, converter, operand, sIvs, wIvs,
                              strides, lo, found, selVal, pos, failedBody);
        SmallVector<Value> next = {found, selVal};
        for (int64_t d = 0; d < rank; ++d)
          next.push_back(
              arith::SelectOp::create(ib, il, take, pos[d], it[2 + d]));
        return next;
      };
      SmallVector<Value> sel = buildLoops(b, l, windowUbs, selInit, inner);
      SmallVector<Value> idx(sel.begin() + 2, sel.end());
      Value accT = acc[0];
      auto ifOp = scf::IfOp::create(
          b, l, sel[0],
          [&](OpBuilder &tb, Location tl) {
            Value cur = tensor::ExtractOp::create(tb, tl, accT, idx);
            Value combined = emitOneResultRegion(
                tb, op.getScatter(), converter, {cur, srcVal}, cur, failedBody);
            Value updated =
                tensor::InsertOp::create(tb, tl, combined, accT, idx);
            scf::YieldOp::create(tb, tl, updated);
          },
          [&](OpBuilder &eb, Location el) {
            scf::YieldOp::create(eb, el, accT);
          });
      return {ifOp.getResult(0)};
    };
    SmallVector<Value> results =
        buildLoops(rewriter, loc, sourceUbs, ValueRange{result}, outer);
    if (failedBody)
      return failure();
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void populateSelectAndScatterPatterns(const TypeConverter &converter,
                                      RewritePatternSet &patterns) {
  patterns.add<SelectAndScatterToSCF>(converter, patterns.getContext());
}

} // namespace jx::stablehlo
