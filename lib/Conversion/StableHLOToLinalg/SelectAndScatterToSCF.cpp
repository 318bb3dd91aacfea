//===- SelectAndScatterToSCF.cpp - select_and_scatter to scf on tensors ---===//
//
// The result starts filled with the init value. For every source element
// (a loop nest over the source's shape) the window it belongs to is walked
// in row-major order; positions in the padding are skipped, the first valid
// position is the first candidate and each later one replaces the current
// selection when select(current, candidate) is false, so ties keep the
// first winner. The scatter region then combines result[selected] with
// the source element: result[selected] = scatter(result[selected], source).
//
//===----------------------------------------------------------------------===//

#include "ReductionCommon.h"

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace jx::stablehlo {
namespace {

struct SelectAndScatterToSCF : OpConversionPattern<SelectAndScatterOp> {
  using OpConversionPattern::OpConversionPattern;
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
      Value trueV = arith::ConstantIntOp::create(b, l, 1, 1);
      SmallVector<Value> selInit = {falseV, initScalar};
      selInit.append(rank, zeroIdx);
      auto inner = [&](OpBuilder &ib, Location il, ValueRange wIvs,
                       ValueRange it) -> SmallVector<Value> {
        Value found = it[0], selVal = it[1];
        Value valid = trueV;
        SmallVector<Value> pos;
        for (int64_t d = 0; d < rank; ++d) {
          Value p = arith::AddIOp::create(
              ib, il,
              arith::MulIOp::create(ib, il, sIvs[d],
                                    indexConst(ib, il, strides[d])),
              wIvs[d]);
          p = arith::SubIOp::create(ib, il, p, indexConst(ib, il, lo[d]));
          Value n = indexConst(ib, il, operandType.getDimSize(d));
          Value inLo = arith::CmpIOp::create(ib, il, arith::CmpIPredicate::sge,
                                             p, indexConst(ib, il, 0));
          Value inHi =
              arith::CmpIOp::create(ib, il, arith::CmpIPredicate::slt, p, n);
          valid = arith::AndIOp::create(
              ib, il, valid, arith::AndIOp::create(ib, il, inLo, inHi));
          // Clamped so that the read stays in bounds; unused when invalid.
          Value c = arith::MaxSIOp::create(ib, il, p, indexConst(ib, il, 0));
          c = arith::MinSIOp::create(
              ib, il, c,
              indexConst(ib, il, operandType.getDimSize(d) - 1));
          pos.push_back(c);
        }
        Value v = tensor::ExtractOp::create(ib, il, operand, pos);
        SmallVector<Value> keep;
        if (failed(emitScalarRegion(ib, op.getSelect(), converter,
                                    {selVal, v}, keep)) ||
            keep.size() != 1) {
          failedBody = true;
          return SmallVector<Value>(it);
        }
        Value notFound = arith::XOrIOp::create(ib, il, found, trueV);
        Value notKeep = arith::XOrIOp::create(ib, il, keep[0], trueV);
        Value take = arith::AndIOp::create(
            ib, il, valid, arith::OrIOp::create(ib, il, notFound, notKeep));
        SmallVector<Value> next = {
            arith::OrIOp::create(ib, il, found, valid),
            arith::SelectOp::create(ib, il, take, v, selVal)};
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
            SmallVector<Value> combined;
            if (failed(emitScalarRegion(tb, op.getScatter(), converter,
                                        {cur, srcVal}, combined)) ||
                combined.size() != 1) {
              failedBody = true;
              combined = {cur};
            }
            Value updated =
                tensor::InsertOp::create(tb, tl, combined[0], accT, idx);
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
