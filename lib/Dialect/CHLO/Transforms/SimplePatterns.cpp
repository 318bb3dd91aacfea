//===- SimplePatterns.cpp - chlo ops with short stablehlo decompositions --===//
//
// constant, constant_like, conj, square, is_inf, is_pos_inf, is_neg_inf,
// tan, next_after and mulhi.
//
//===----------------------------------------------------------------------===//

#include "Decompose.h"

using namespace mlir;
using namespace jx::chlo;
using namespace jx::chlo::detail;

namespace {

template <class Op>
struct OpPattern : OpRewritePattern<Op> {
  using OpRewritePattern<Op>::OpRewritePattern;
};

struct ConstantPattern : OpPattern<ConstantOp> {
  using OpPattern::OpPattern;
  LogicalResult matchAndRewrite(ConstantOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<hlo::ConstantOp>(op, op.getType(),
                                                 op.getValue());
    return success();
  }
};

struct ConstantLikePattern : OpPattern<ConstantLikeOp> {
  using OpPattern::OpPattern;
  LogicalResult matchAndRewrite(ConstantLikeOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    auto value = dyn_cast<TypedAttr>(op.getValue());
    if (!type.hasStaticShape() || !value)
      return failure();
    rewriter.replaceOpWithNewOp<hlo::ConstantOp>(
        op, type, DenseElementsAttr::get(type, value));
    return success();
  }
};

struct ConjPattern : OpPattern<ConjOp> {
  using OpPattern::OpPattern;
  LogicalResult matchAndRewrite(ConjOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    auto complex = dyn_cast<ComplexType>(type.getElementType());
    if (!complex) {
      rewriter.replaceOp(op, op.getOperand());
      return success();
    }
    Location loc = op.getLoc();
    RankedTensorType partType = type.clone(complex.getElementType());
    Value re = hlo::RealOp::create(rewriter, loc, partType, op.getOperand());
    Value im = hlo::ImagOp::create(rewriter, loc, partType, op.getOperand());
    Value negIm = hlo::NegOp::create(rewriter, loc, im);
    rewriter.replaceOpWithNewOp<hlo::ComplexOp>(op, type, re, negIm);
    return success();
  }
};

struct SquarePattern : OpPattern<SquareOp> {
  using OpPattern::OpPattern;
  LogicalResult matchAndRewrite(SquareOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<hlo::MulOp>(op, op.getOperand(),
                                            op.getOperand());
    return success();
  }
};

/// is_inf: |x| == inf; is_pos_inf: x == inf; is_neg_inf: x == -inf.
template <class Op, int Kind>
struct IsInfPattern : OpPattern<Op> {
  using OpPattern<Op>::OpPattern;
  LogicalResult matchAndRewrite(Op op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getOperand().getType());
    if (!type.hasStaticShape())
      return failure();
    Emitter e(rewriter, op.getLoc(), type);
    Value x = op.getOperand();
    Value result = Kind == 0   ? e.eq(e.abs(x), e.inf())
                   : Kind > 0 ? e.eq(x, e.inf())
                              : e.eq(x, e.inf(/*negative=*/true));
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct TanPattern : OpPattern<TanOp> {
  using OpPattern::OpPattern;
  LogicalResult matchAndRewrite(TanOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<hlo::TanOp>(op, op.getOperand());
    return success();
  }
};

/// next_after(x, y): step the bit pattern of x by one ulp towards y.
/// As integers, positive floats order like their bits; for negative x the
/// magnitude grows with the bits. NaN in either operand gives NaN; x == y
/// gives y; x == ±0 steps to the smallest subnormal of y's sign.
Value nextAfter(Emitter &e, Value x, Value y) {
  auto type = e.tensorType();
  unsigned width = type.getElementTypeBitWidth();
  OpBuilder &b = e.builder();
  RankedTensorType intType = type.clone(b.getIntegerType(width));
  Emitter ie(b, e.location(), intType);
  Value xi = e.bitcast(x, intType.getElementType());
  Value yi = e.bitcast(y, intType.getElementType());
  APInt signMask = APInt::getSignMask(width);
  Value sign = ie.cstInt(intType, signMask);
  Value magMask = ie.cstInt(intType, ~signMask);
  Value xMag = ie.andOp(xi, magMask);
  Value yMag = ie.andOp(yi, magMask);
  Value ySign = ie.andOp(yi, sign);
  Value xSign = ie.andOp(xi, sign);
  Value zero = ie.cstInt(intType, APInt(width, 0));
  Value one = ie.cstInt(intType, APInt(width, 1));
  // From ±0: the smallest subnormal carrying y's sign.
  Value fromZero = ie.orOp(ySign, one);
  // Otherwise the magnitude grows when x moves away from zero, i.e. when
  // |y| > |x| with equal signs, or x and y differ in sign... in terms of the
  // float values: away from zero iff (x < y) == (x > 0).
  Value xLtY = e.lt(x, y);
  Value xPos = ie.eq(xSign, zero);
  Value away = ie.eq(xLtY, xPos);
  Value step = ie.select(away, one, ie.cstInt(intType, APInt::getAllOnes(width)));
  Value moved = ie.add(xi, step);
  Value xIsZero = ie.eq(xMag, zero);
  Value result = ie.select(xIsZero, fromZero, moved);
  Value resultF = e.bitcast(result, type.getElementType());
  // x == y (including +0 == -0) returns y; NaNs propagate.
  Value equal = e.eq(x, y);
  resultF = e.select(equal, y, resultF);
  Value anyNan = e.orOp(e.ne(x, x), e.ne(y, y));
  (void)yMag;
  return e.select(anyNan, e.nan(), resultF);
}

struct NextAfterPattern : OpPattern<NextAfterOp> {
  using OpPattern::OpPattern;
  LogicalResult matchAndRewrite(NextAfterOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    if (!type.hasStaticShape())
      return failure();
    Emitter e(rewriter, op.getLoc(), type);
    rewriter.replaceOp(op, nextAfter(e, op.getLhs(), op.getRhs()));
    return success();
  }
};

/// mulhi: the high half of the 2w-bit product. For w <= 32 the operands
/// are widened to 2w bits; for 64-bit operands the product is assembled from
/// 32-bit halves.
struct MulhiPattern : OpPattern<MulhiOp> {
  using OpPattern::OpPattern;
  LogicalResult matchAndRewrite(MulhiOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    if (!type.hasStaticShape())
      return failure();
    auto intType = cast<IntegerType>(type.getElementType());
    unsigned w = intType.getWidth();
    bool isUnsigned = intType.isUnsigned();
    Location loc = op.getLoc();
    if (w <= 32) {
      Type wide = IntegerType::get(getContext(), 2 * w,
                                   isUnsigned ? IntegerType::Unsigned
                                              : IntegerType::Signless);
      RankedTensorType wideType = type.clone(wide);
      Emitter e(rewriter, loc, wideType);
      Value a = e.convert(op.getLhs(), wide);
      Value b = e.convert(op.getRhs(), wide);
      Value product = e.mul(a, b);
      Value shift = e.cstInt(wideType, APInt(2 * w, w));
      Value high = isUnsigned
                       ? hlo::ShiftRightLogicalOp::create(rewriter, loc,
                                                          product, shift)
                             .getResult()
                       : hlo::ShiftRightArithmeticOp::create(rewriter, loc,
                                                             product, shift)
                             .getResult();
      rewriter.replaceOp(op, e.convert(high, intType));
      return success();
    }
    // 64 bits: work on the unsigned bit patterns, then correct for signs:
    // hi_signed(a, b) = hi_unsigned(a, b) - (a < 0 ? b : 0) - (b < 0 ? a : 0).
    Type u64 = IntegerType::get(getContext(), 64, IntegerType::Unsigned);
    RankedTensorType uType = type.clone(u64);
    Emitter e(rewriter, loc, uType);
    Value a = isUnsigned ? op.getLhs() : e.bitcast(op.getLhs(), u64);
    Value b = isUnsigned ? op.getRhs() : e.bitcast(op.getRhs(), u64);
    Value c32 = e.cstInt(uType, APInt(64, 32));
    Value lowMask = e.cstInt(uType, APInt(64, 0xffffffffULL));
    auto shr = [&](Value v) {
      return hlo::ShiftRightLogicalOp::create(rewriter, loc, v, c32)
          .getResult();
    };
    Value aLo = e.andOp(a, lowMask), aHi = shr(a);
    Value bLo = e.andOp(b, lowMask), bHi = shr(b);
    Value ll = e.mul(aLo, bLo);
    Value lh = e.mul(aLo, bHi);
    Value hl = e.mul(aHi, bLo);
    Value hh = e.mul(aHi, bHi);
    // Middle column with its carries.
    Value mid = e.add(e.add(shr(ll), e.andOp(lh, lowMask)),
                      e.andOp(hl, lowMask));
    Value high = e.add(e.add(hh, shr(lh)), e.add(shr(hl), shr(mid)));
    if (isUnsigned) {
      rewriter.replaceOp(op, high);
      return success();
    }
    Emitter s(rewriter, loc, type);
    Value zero = s.cstInt(type, APInt(64, 0));
    Value hiS = e.bitcast(high, intType);
    Value fixA = s.select(s.lt(op.getLhs(), zero), op.getRhs(), zero);
    Value fixB = s.select(s.lt(op.getRhs(), zero), op.getLhs(), zero);
    rewriter.replaceOp(op, s.sub(s.sub(hiS, fixA), fixB));
    return success();
  }
};

} // namespace

void jx::chlo::detail::populateSimplePatterns(RewritePatternSet &patterns) {
  patterns.add<ConstantPattern, ConstantLikePattern, ConjPattern,
               SquarePattern, IsInfPattern<IsInfOp, 0>,
               IsInfPattern<IsPosInfOp, 1>, IsInfPattern<IsNegInfOp, -1>,
               TanPattern, NextAfterPattern, MulhiPattern>(
      patterns.getContext());
}
