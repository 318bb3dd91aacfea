//===- ReduceWindowToLinalg.cpp - reduce_window to linalg.generic ---------===//
//
// Each input is first padded the spec's way when padding or base dilation
// ask for it: a generic over the padded shape reads the input where the
// position is one (offset padding_low, stride base_dilations; negative
// padding crops) and takes the init value elsewhere. Then one linalg.generic runs over
// (output dims, window dims): a dummy tensor of the window's shape gives
// the window loops their bounds, the padded input is read at
// output * stride + window * window_dilation, and the outputs (filled with
// the init values) accumulate through the body, called as
// body(accumulators..., elements...).
//
//===----------------------------------------------------------------------===//

#include "ReductionCommon.h"

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace jx::stablehlo {
namespace {

/// Pads `input` (static shape) with `init0d`: low/high edge padding and
/// interior padding dilation-1 per dimension; negative edges crop. A
/// linalg.generic over the padded shape reads input[(p - lo) / dilation]
/// where that is an input position and the init value elsewhere.
Value padInput(OpBuilder &b, Location loc, Value input, Value init0d,
               ArrayRef<int64_t> lo, ArrayRef<int64_t> hi,
               ArrayRef<int64_t> dilation) {
  auto type = cast<RankedTensorType>(input.getType());
  int64_t rank = type.getRank();
  SmallVector<int64_t> paddedShape;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t n = type.getDimSize(d);
    int64_t size = lo[d] + hi[d] + (n == 0 ? 0 : (n - 1) * dilation[d] + 1);
    paddedShape.push_back(std::max<int64_t>(size, 0));
  }
  Value empty =
      tensor::EmptyOp::create(b, loc, paddedShape, type.getElementType());
  if (type.getNumElements() == 0)
    return fillWith(b, loc, empty, init0d);
  Value init = extractScalar(b, loc, init0d);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{empty.getType()}, ValueRange{}, ValueRange{empty},
      ArrayRef<AffineMap>{b.getMultiDimIdentityMap(rank)},
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &gb, Location l, ValueRange) {
        Value valid = arith::ConstantIntOp::create(gb, l, 1, 1);
        Value zero = indexConst(gb, l, 0);
        SmallVector<Value> pos;
        for (int64_t d = 0; d < rank; ++d) {
          Value q = arith::SubIOp::create(gb, l,
                                          linalg::IndexOp::create(gb, l, d),
                                          indexConst(gb, l, lo[d]));
          Value dil = indexConst(gb, l, dilation[d]);
          Value k = arith::DivSIOp::create(gb, l, q, dil);
          Value onGrid = arith::CmpIOp::create(
              gb, l, arith::CmpIPredicate::eq,
              arith::RemSIOp::create(gb, l, q, dil), zero);
          Value inLo = arith::CmpIOp::create(gb, l, arith::CmpIPredicate::sge,
                                             q, zero);
          Value inHi = arith::CmpIOp::create(
              gb, l, arith::CmpIPredicate::slt, k,
              indexConst(gb, l, type.getDimSize(d)));
          valid = arith::AndIOp::create(
              gb, l, valid,
              arith::AndIOp::create(gb, l, onGrid,
                                    arith::AndIOp::create(gb, l, inLo, inHi)));
          Value c = arith::MaxSIOp::create(gb, l, k, zero);
          c = arith::MinSIOp::create(gb, l, c,
                                     indexConst(gb, l, type.getDimSize(d) - 1));
          pos.push_back(c);
        }
        Value v = tensor::ExtractOp::create(gb, l, input, pos);
        linalg::YieldOp::create(
            gb, l, ValueRange{arith::SelectOp::create(gb, l, valid, v, init)});
      });
  return generic.getResult(0);
}

struct ReduceWindowToGeneric : OpConversionPattern<ReduceWindowOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceWindowOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultTypes = convertResultTypes(*getTypeConverter(), op);
    if (failed(resultTypes))
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    ValueRange inputs = adaptor.getInputs();
    ValueRange inits = adaptor.getInitValues();
    size_t n = inputs.size();
    if (n == 0 || inits.size() != n || resultTypes->size() != n)
      return rewriter.notifyMatchFailure(op, "operand count mismatch");
    auto inType = cast<RankedTensorType>(inputs[0].getType());
    int64_t rank = inType.getRank();
    if (!inType.hasStaticShape() ||
        llvm::any_of(*resultTypes,
                     [](RankedTensorType t) { return !t.hasStaticShape(); }))
      return op.emitError(
          "reduce_window on dynamic shapes is not supported yet");

    Location loc = op.getLoc();
    // Bodies may accumulate in a wider type than the inputs (is_promotable).
    SmallVector<Value> promoted, promotedInits;
    promoteInputsAndInits(rewriter, loc, adaptor.getInputs(),
                          adaptor.getInitValues(), op.getInputs(),
                          *resultTypes, promoted, promotedInits);
    inputs = promoted;
    inits = promotedInits;
    SmallVector<int64_t> window(op.getWindowDimensions());
    SmallVector<int64_t> ones(rank, 1), zeros(rank, 0);
    SmallVector<int64_t> strides(op.getWindowStrides().value_or(ones));
    SmallVector<int64_t> baseDil(op.getBaseDilations().value_or(ones));
    SmallVector<int64_t> winDil(op.getWindowDilations().value_or(ones));
    SmallVector<int64_t> lo(zeros), hi(zeros);
    if (auto padding = op.getPadding()) {
      auto values = llvm::to_vector(padding->getValues<int64_t>());
      for (int64_t d = 0; d < rank; ++d) {
        lo[d] = values[2 * d];
        hi[d] = values[2 * d + 1];
      }
    }
    bool needPad = llvm::any_of(lo, [](int64_t v) { return v != 0; }) ||
                   llvm::any_of(hi, [](int64_t v) { return v != 0; }) ||
                   llvm::any_of(baseDil, [](int64_t v) { return v != 1; });

    SmallVector<Value> sources(inputs);
    if (needPad)
      for (size_t i = 0; i < n; ++i)
        sources[i] =
            padInput(rewriter, loc, inputs[i], inits[i], lo, hi, baseDil);

    // Iteration space: (o_0..o_{r-1}, w_0..w_{r-1}).
    MLIRContext *ctx = rewriter.getContext();
    SmallVector<AffineExpr> inExprs, winExprs, outExprs;
    for (int64_t d = 0; d < rank; ++d) {
      AffineExpr o = getAffineDimExpr(d, ctx);
      AffineExpr w = getAffineDimExpr(rank + d, ctx);
      inExprs.push_back(o * strides[d] + w * winDil[d]);
      winExprs.push_back(w);
      outExprs.push_back(o);
    }
    SmallVector<AffineMap> maps(n, AffineMap::get(2 * rank, 0, inExprs, ctx));
    maps.push_back(AffineMap::get(2 * rank, 0, winExprs, ctx));
    maps.append(n, AffineMap::get(2 * rank, 0, outExprs, ctx));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    iterators.append(rank, utils::IteratorType::reduction);

    sources.push_back(
        tensor::EmptyOp::create(rewriter, loc, window, rewriter.getI8Type()));
    SmallVector<Value> outputs;
    SmallVector<Type> outTypes;
    for (auto [type, init] : llvm::zip(*resultTypes, inits)) {
      Value empty = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                            type.getElementType());
      outputs.push_back(fillWith(rewriter, loc, empty, init));
      outTypes.push_back(type);
    }
    bool failedBody = false;
    auto generic = linalg::GenericOp::create(
        rewriter, loc, outTypes, sources, outputs, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          SmallVector<Value> scalarArgs, results;
          for (size_t i = 0; i < n; ++i)
            scalarArgs.push_back(args[n + 1 + i]);
          for (size_t i = 0; i < n; ++i)
            scalarArgs.push_back(args[i]);
          if (failed(emitScalarRegion(b, op.getBody(), *getTypeConverter(),
                                      scalarArgs, results)) ||
              results.size() != n) {
            failedBody = true;
            results.clear();
          }
          linalg::YieldOp::create(b, l, results);
        });
    if (failedBody)
      return failure();
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void populateReduceWindowPatterns(const TypeConverter &converter,
                                  RewritePatternSet &patterns) {
  patterns.add<ReduceWindowToGeneric>(converter, patterns.getContext());
}

} // namespace jx::stablehlo
