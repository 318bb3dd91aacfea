//===- BitcastConvertToLinalg.cpp - bitcast_convert as linalg.generic -----===//
//
// Every element type is viewed as an integer of its bit width (a complex
// number as its real part in the low half and its imaginary part in the high
// half, as it lies in memory). Same widths: one elementwise generic. A
// narrower operand has an extra last dimension whose elements fill the
// result from the least significant bits up (little-endian); a narrower
// result gets that extra dimension, element k taking bits [k*w, (k+1)*w).
//
//===----------------------------------------------------------------------===//

#include "ShapeLowering.h"

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace jx::stablehlo::shape {
namespace {

unsigned bitWidth(Type t) {
  if (auto c = dyn_cast<ComplexType>(t))
    return 2 * c.getElementType().getIntOrFloatBitWidth();
  return t.getIntOrFloatBitWidth();
}

/// The bits of scalar `x` as a signless integer of its width.
Value toBits(OpBuilder &b, Location loc, Value x) {
  Type t = x.getType();
  if (isa<IntegerType>(t))
    return x;
  if (auto c = dyn_cast<ComplexType>(t)) {
    unsigned half = c.getElementType().getIntOrFloatBitWidth();
    Type halfInt = b.getIntegerType(half), full = b.getIntegerType(2 * half);
    Value re = complex::ReOp::create(b, loc, x);
    Value im = complex::ImOp::create(b, loc, x);
    re = arith::ExtUIOp::create(b, loc, full,
                                arith::BitcastOp::create(b, loc, halfInt, re));
    im = arith::ExtUIOp::create(b, loc, full,
                                arith::BitcastOp::create(b, loc, halfInt, im));
    Value shift = arith::ConstantOp::create(b, loc, b.getIntegerAttr(full, half));
    return arith::OrIOp::create(b, loc, re,
                                arith::ShLIOp::create(b, loc, im, shift));
  }
  return arith::BitcastOp::create(b, loc, b.getIntegerType(bitWidth(t)), x);
}

/// Reads the integer `bits` (of the width of `type`) as a `type`.
Value fromBits(OpBuilder &b, Location loc, Value bits, Type type) {
  if (isa<IntegerType>(type))
    return bits;
  if (auto c = dyn_cast<ComplexType>(type)) {
    unsigned half = c.getElementType().getIntOrFloatBitWidth();
    Type halfInt = b.getIntegerType(half);
    Value shift = arith::ConstantOp::create(
        b, loc, b.getIntegerAttr(bits.getType(), half));
    Value re = arith::TruncIOp::create(b, loc, halfInt, bits);
    Value im = arith::TruncIOp::create(
        b, loc, halfInt, arith::ShRUIOp::create(b, loc, bits, shift));
    return complex::CreateOp::create(
        b, loc, c,
        arith::BitcastOp::create(b, loc, c.getElementType(), re),
        arith::BitcastOp::create(b, loc, c.getElementType(), im));
  }
  return arith::BitcastOp::create(b, loc, type, bits);
}

struct BitcastConvertLowering : OpConversionPattern<BitcastConvertOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BitcastConvertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    Location loc = op.getLoc();
    Value operand = adaptor.getOperand();
    auto srcType = cast<RankedTensorType>(operand.getType());
    Type from = srcType.getElementType(), to = type.getElementType();
    unsigned fromWidth = bitWidth(from), toWidth = bitWidth(to);
    SmallVector<OpFoldResult> srcSizes =
        tensor::getMixedSizes(rewriter, loc, operand);
    int64_t rank = type.getRank();
    Value r;
    if (fromWidth == toWidth) {
      r = buildGeneric(
          rewriter, loc, to, srcSizes, operand,
          rewriter.getMultiDimIdentityMap(rank),
          [&](OpBuilder &b, Location l, LoopIndices &, ValueRange args) {
            return fromBits(b, l, toBits(b, l, args[0]), to);
          });
    } else if (fromWidth > toWidth) {
      // The result has an extra last dimension of fromWidth / toWidth.
      int64_t parts = fromWidth / toWidth;
      SmallVector<OpFoldResult> sizes(srcSizes);
      sizes.push_back(rewriter.getIndexAttr(parts));
      SmallVector<AffineExpr> exprs;
      for (int64_t d = 0; d + 1 < rank; ++d)
        exprs.push_back(rewriter.getAffineDimExpr(d));
      auto map = AffineMap::get(rank, 0, exprs, rewriter.getContext());
      r = buildGeneric(
          rewriter, loc, to, sizes, operand, map,
          [&](OpBuilder &b, Location l, LoopIndices &ivs, ValueRange args) {
            Value bits = toBits(b, l, args[0]);
            Type wide = bits.getType();
            Value k = arith::IndexCastOp::create(b, l, wide, ivs.back());
            Value shift = arith::MulIOp::create(
                b, l, k,
                arith::ConstantOp::create(b, l,
                                          b.getIntegerAttr(wide, toWidth)));
            Value part = arith::TruncIOp::create(
                b, l, b.getIntegerType(toWidth),
                arith::ShRUIOp::create(b, l, bits, shift));
            return fromBits(b, l, part, to);
          });
    } else {
      // The operand has an extra last dimension of toWidth / fromWidth.
      int64_t parts = toWidth / fromWidth;
      SmallVector<OpFoldResult> sizes(srcSizes.begin(), srcSizes.end() - 1);
      r = buildGeneric(
          rewriter, loc, to, sizes, {}, {},
          [&](OpBuilder &b, Location l, LoopIndices &ivs, ValueRange) {
            Type wide = b.getIntegerType(toWidth);
            Value acc = arith::ConstantOp::create(b, l, b.getIntegerAttr(wide, 0));
            SmallVector<Value> idx = ivs.range(0, ivs.size());
            idx.push_back(Value());
            for (int64_t k = 0; k < parts; ++k) {
              idx.back() = arith::ConstantIndexOp::create(b, l, k);
              Value e = tensor::ExtractOp::create(b, l, operand, idx);
              Value bits = arith::ExtUIOp::create(b, l, wide, toBits(b, l, e));
              if (k > 0)
                bits = arith::ShLIOp::create(
                    b, l, bits,
                    arith::ConstantOp::create(
                        b, l, b.getIntegerAttr(wide, k * fromWidth)));
              acc = arith::OrIOp::create(b, l, acc, bits);
            }
            return fromBits(b, l, acc, to);
          });
    }
    rewriter.replaceOp(op, castTo(rewriter, loc, r, type));
    return success();
  }
};

} // namespace

void populateBitcastConvertPatterns(const TypeConverter &converter,
                                    RewritePatternSet &patterns) {
  patterns.add<BitcastConvertLowering>(converter, patterns.getContext());
}

} // namespace jx::stablehlo::shape
