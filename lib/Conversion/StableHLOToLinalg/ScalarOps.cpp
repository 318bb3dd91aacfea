//===- ScalarOps.cpp - scalar semantics of stablehlo's elementwise ops ----===//
//
// What each elementwise op computes on one element, in arith/math/complex,
// following the StableHLO spec including its corners: integer division by
// zero and overflow, shifts by the bit width or more, NaN propagation in
// maximum/minimum, saturating float-to-integer conversion. The same mapping
// serves linalg.generic bodies and the scalarized regions of reduce, sort,
// scatter and friends.
//
//===----------------------------------------------------------------------===//

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace jx::stablehlo {
namespace {

bool isUnsigned(Type t) { return t.isUnsignedInteger() || t.isInteger(1); }

Value constInt(OpBuilder &b, Location loc, Type type, int64_t v) {
  return arith::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, v));
}

Value constFloat(OpBuilder &b, Location loc, Type type, double v) {
  return arith::ConstantOp::create(b, loc, type, b.getFloatAttr(type, v));
}

Value allOnes(OpBuilder &b, Location loc, Type type) {
  unsigned w = type.getIntOrFloatBitWidth();
  return arith::ConstantOp::create(b, loc, type,
                                   b.getIntegerAttr(type, APInt::getAllOnes(w)));
}

Value signedMin(OpBuilder &b, Location loc, Type type) {
  unsigned w = type.getIntOrFloatBitWidth();
  return arith::ConstantOp::create(
      b, loc, type, b.getIntegerAttr(type, APInt::getSignedMinValue(w)));
}

Value cmpi(OpBuilder &b, Location loc, arith::CmpIPredicate p, Value x, Value y) {
  return arith::CmpIOp::create(b, loc, p, x, y);
}

Value cmpf(OpBuilder &b, Location loc, arith::CmpFPredicate p, Value x, Value y) {
  return arith::CmpFOp::create(b, loc, p, x, y);
}

Value select(OpBuilder &b, Location loc, Value c, Value x, Value y) {
  return arith::SelectOp::create(b, loc, c, x, y);
}

/// Integer division with the spec's corners: x / 0 = -1 (all bits set),
/// INT_MIN / -1 = INT_MIN; the remainder x % 0 = x, INT_MIN % -1 = 0.
Value intDivRem(OpBuilder &b, Location loc, bool isDiv, bool uns, Value x,
                Value y) {
  Type t = x.getType();
  Value zero = constInt(b, loc, t, 0);
  Value isZero = cmpi(b, loc, arith::CmpIPredicate::eq, y, zero);
  Value one = constInt(b, loc, t, 1);
  // Divide by a safe divisor, then patch the corner cases.
  Value safeY = select(b, loc, isZero, one, y);
  if (uns) {
    Value r = isDiv ? arith::DivUIOp::create(b, loc, x, safeY).getResult()
                    : arith::RemUIOp::create(b, loc, x, safeY).getResult();
    return select(b, loc, isZero, isDiv ? allOnes(b, loc, t) : x, r);
  }
  Value minusOne = allOnes(b, loc, t);
  Value overflow =
      arith::AndIOp::create(b, loc,
                            cmpi(b, loc, arith::CmpIPredicate::eq, x,
                                 signedMin(b, loc, t)),
                            cmpi(b, loc, arith::CmpIPredicate::eq, y, minusOne));
  safeY = select(b, loc, overflow, one, safeY);
  Value r = isDiv ? arith::DivSIOp::create(b, loc, x, safeY).getResult()
                  : arith::RemSIOp::create(b, loc, x, safeY).getResult();
  // INT_MIN / 1 = INT_MIN already; INT_MIN % 1 = 0 already.
  return select(b, loc, isZero, isDiv ? minusOne : x, r);
}

/// Shifts: an amount >= bit width (as unsigned) shifts everything out; the
/// arithmetic right shift then fills with the sign bit.
Value shift(OpBuilder &b, Location loc, StringRef kind, Value x, Value n) {
  Type t = x.getType();
  unsigned w = t.getIntOrFloatBitWidth();
  Value width = constInt(b, loc, t, w);
  Value tooFar = cmpi(b, loc, arith::CmpIPredicate::uge, n, width);
  if (kind == "shift_left")
    return select(b, loc, tooFar, constInt(b, loc, t, 0),
                  arith::ShLIOp::create(b, loc, x, n));
  if (kind == "shift_right_logical")
    return select(b, loc, tooFar, constInt(b, loc, t, 0),
                  arith::ShRUIOp::create(b, loc, x, n));
  Value clamped = select(b, loc, tooFar, constInt(b, loc, t, w - 1), n);
  return arith::ShRSIOp::create(b, loc, x, clamped);
}

/// Integer power by squaring over the bits of the exponent. Negative
/// exponents of signed types give 0, except for bases 1 and -1.
Value intPow(OpBuilder &b, Location loc, bool uns, Value base, Value exp) {
  Type t = base.getType();
  unsigned w = t.getIntOrFloatBitWidth();
  Value one = constInt(b, loc, t, 1);
  Value zero = constInt(b, loc, t, 0);
  Value result = one, acc = base, e = exp;
  for (unsigned i = 0; i < w; ++i) {
    Value bit = arith::AndIOp::create(b, loc, e, one);
    Value take = cmpi(b, loc, arith::CmpIPredicate::ne, bit, zero);
    result = select(b, loc, take, arith::MulIOp::create(b, loc, result, acc),
                    result);
    acc = arith::MulIOp::create(b, loc, acc, acc);
    e = arith::ShRUIOp::create(b, loc, e, one);
  }
  if (uns || w == 1)
    return result;
  Value negative = cmpi(b, loc, arith::CmpIPredicate::slt, exp, zero);
  Value minusOne = allOnes(b, loc, t);
  // base^neg: 1 -> 1, -1 -> +-1 (by the exponent's parity), else 0.
  Value odd = cmpi(b, loc, arith::CmpIPredicate::ne,
                   arith::AndIOp::create(b, loc, exp, one), zero);
  Value negOne = select(b, loc, odd, minusOne, one);
  Value special = select(
      b, loc, cmpi(b, loc, arith::CmpIPredicate::eq, base, one), one,
      select(b, loc, cmpi(b, loc, arith::CmpIPredicate::eq, base, minusOne),
             negOne, zero));
  return select(b, loc, negative, special, result);
}

/// Float-to-integer conversion that saturates at the target's range and maps
/// NaN to 0 (the spec leaves this implementation-defined; XLA saturates).
Value floatToInt(OpBuilder &b, Location loc, Value x, Type to, bool uns) {
  unsigned w = to.getIntOrFloatBitWidth();
  Type ft = x.getType();
  APInt lo = uns ? APInt::getMinValue(w) : APInt::getSignedMinValue(w);
  APInt hi = uns ? APInt::getMaxValue(w) : APInt::getSignedMaxValue(w);
  auto toFloat = [&](const APInt &v) {
    double d = uns ? v.roundToDouble(false) : v.roundToDouble(true);
    return constFloat(b, loc, ft, d);
  };
  Value r = uns ? arith::FPToUIOp::create(b, loc, to, x).getResult()
                : arith::FPToSIOp::create(b, loc, to, x).getResult();
  Value tooLow = cmpf(b, loc, arith::CmpFPredicate::OLE, x, toFloat(lo));
  Value tooHigh = cmpf(b, loc, arith::CmpFPredicate::OGE, x, toFloat(hi));
  Value isNan = cmpf(b, loc, arith::CmpFPredicate::UNO, x, x);
  r = select(b, loc, tooLow, arith::ConstantOp::create(
                                 b, loc, to, b.getIntegerAttr(to, lo)),
             r);
  r = select(b, loc, tooHigh, arith::ConstantOp::create(
                                  b, loc, to, b.getIntegerAttr(to, hi)),
             r);
  return select(b, loc, isNan, constInt(b, loc, to, 0), r);
}

Value convertScalar(OpBuilder &b, Location loc, Value x, Type from, Type fromOrig,
                    Type to, Type toOrig) {
  if (from == to)
    return x;
  bool fromUns = isUnsigned(fromOrig);
  // To bool: x != 0.
  if (to.isInteger(1)) {
    // complex -> bool looks at the real part, as complex -> real does.
    if (auto c = dyn_cast<ComplexType>(from)) {
      Value re = complex::ReOp::create(b, loc, x);
      return cmpf(b, loc, arith::CmpFPredicate::UNE, re,
                  constFloat(b, loc, c.getElementType(), 0));
    }
    if (isa<FloatType>(from))
      return cmpf(b, loc, arith::CmpFPredicate::UNE, x,
                  constFloat(b, loc, from, 0));
    return cmpi(b, loc, arith::CmpIPredicate::ne, x, constInt(b, loc, from, 0));
  }
  if (auto toC = dyn_cast<ComplexType>(to)) {
    Type part = toC.getElementType();
    if (auto fromC = dyn_cast<ComplexType>(from)) {
      Value re = complex::ReOp::create(b, loc, x);
      Value im = complex::ImOp::create(b, loc, x);
      re = convertScalar(b, loc, re, fromC.getElementType(),
                         fromC.getElementType(), part, part);
      im = convertScalar(b, loc, im, fromC.getElementType(),
                         fromC.getElementType(), part, part);
      return complex::CreateOp::create(b, loc, to, re, im);
    }
    Value re = convertScalar(b, loc, x, from, fromOrig, part, part);
    return complex::CreateOp::create(b, loc, to, re, constFloat(b, loc, part, 0));
  }
  if (auto fromC = dyn_cast<ComplexType>(from)) {
    // complex -> real keeps the real part.
    Value re = complex::ReOp::create(b, loc, x);
    return convertScalar(b, loc, re, fromC.getElementType(),
                         fromC.getElementType(), to, toOrig);
  }
  if (isa<FloatType>(from) && isa<FloatType>(to)) {
    if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
      return arith::ExtFOp::create(b, loc, to, x);
    if (from.getIntOrFloatBitWidth() == to.getIntOrFloatBitWidth()) {
      // f16 <-> bf16 go through f32.
      Value wide = arith::ExtFOp::create(b, loc, b.getF32Type(), x);
      return arith::TruncFOp::create(b, loc, to, wide);
    }
    return arith::TruncFOp::create(b, loc, to, x);
  }
  if (isa<IntegerType>(from) && isa<FloatType>(to))
    return fromUns ? arith::UIToFPOp::create(b, loc, to, x).getResult()
                   : arith::SIToFPOp::create(b, loc, to, x).getResult();
  if (isa<FloatType>(from) && isa<IntegerType>(to))
    return floatToInt(b, loc, x, to, isUnsigned(toOrig));
  // Integer to integer: extend by the source's signedness, or truncate.
  unsigned fw = from.getIntOrFloatBitWidth(), tw = to.getIntOrFloatBitWidth();
  if (fw < tw)
    return fromUns ? arith::ExtUIOp::create(b, loc, to, x).getResult()
                   : arith::ExtSIOp::create(b, loc, to, x).getResult();
  return arith::TruncIOp::create(b, loc, to, x);
}

/// stablehlo.compare on scalars. A float comparison with a TOTALORDER
/// compare type (-NaN < -Inf < ... < -0 < +0 < ... < +Inf < +NaN) compares
/// the operands' totalOrderKey integers.
Value compareScalar(OpBuilder &b, Location loc, CompareOp op, Type orig,
                    Value x, Value y) {
  ComparisonDirection dir = op.getComparisonDirection();
  if (isa<ComplexType>(x.getType())) {
    Value eq = arith::AndIOp::create(
        b, loc,
        cmpf(b, loc, arith::CmpFPredicate::OEQ, complex::ReOp::create(b, loc, x),
             complex::ReOp::create(b, loc, y)),
        cmpf(b, loc, arith::CmpFPredicate::OEQ, complex::ImOp::create(b, loc, x),
             complex::ImOp::create(b, loc, y)));
    if (dir == ComparisonDirection::EQ)
      return eq;
    return arith::XOrIOp::create(b, loc, eq, constInt(b, loc, b.getI1Type(), 1));
  }
  if (isa<FloatType>(x.getType())) {
    if (op.getCompareType() == ComparisonType::TOTALORDER) {
      x = totalOrderKey(b, loc, x);
      y = totalOrderKey(b, loc, y);
    } else {
      arith::CmpFPredicate p;
      switch (dir) {
      case ComparisonDirection::EQ: p = arith::CmpFPredicate::OEQ; break;
      case ComparisonDirection::NE: p = arith::CmpFPredicate::UNE; break;
      case ComparisonDirection::GE: p = arith::CmpFPredicate::OGE; break;
      case ComparisonDirection::GT: p = arith::CmpFPredicate::OGT; break;
      case ComparisonDirection::LE: p = arith::CmpFPredicate::OLE; break;
      case ComparisonDirection::LT: p = arith::CmpFPredicate::OLT; break;
      }
      return cmpf(b, loc, p, x, y);
    }
  }
  bool uns = isUnsigned(orig) && !isa<FloatType>(orig);
  arith::CmpIPredicate p;
  switch (dir) {
  case ComparisonDirection::EQ: p = arith::CmpIPredicate::eq; break;
  case ComparisonDirection::NE: p = arith::CmpIPredicate::ne; break;
  case ComparisonDirection::GE: p = uns ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge; break;
  case ComparisonDirection::GT: p = uns ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt; break;
  case ComparisonDirection::LE: p = uns ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle; break;
  case ComparisonDirection::LT: p = uns ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt; break;
  }
  return cmpi(b, loc, p, x, y);
}

/// maximum/minimum: NaN propagates for floats; complex compares
/// lexicographically (real part, then imaginary part).
Value minMax(OpBuilder &b, Location loc, bool isMax, Type orig, Value x,
             Value y) {
  Type t = x.getType();
  if (isa<FloatType>(t)) {
    // Spelled out rather than arith.maximumf/minimumf: the pipeline's
    // arith-expand rewrites those into a compare and select that loses
    // -0 < +0. Pick x when it wins the ordered compare, when it is NaN, or
    // when the two are equal and y is the zero of the losing sign.
    unsigned w = t.getIntOrFloatBitWidth();
    Type it = b.getIntegerType(w);
    Value yBits = arith::BitcastOp::create(b, loc, it, y);
    Value yNeg = cmpi(b, loc, arith::CmpIPredicate::slt, yBits,
                      constInt(b, loc, it, 0));
    Value yLoses = isMax ? yNeg
                         : arith::XOrIOp::create(
                               b, loc, yNeg, constInt(b, loc, b.getI1Type(), 1));
    Value wins = cmpf(b, loc,
                      isMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT,
                      x, y);
    Value tie = arith::AndIOp::create(
        b, loc, cmpf(b, loc, arith::CmpFPredicate::OEQ, x, y), yLoses);
    Value xNan = cmpf(b, loc, arith::CmpFPredicate::UNO, x, x);
    Value pickX = arith::OrIOp::create(
        b, loc, arith::OrIOp::create(b, loc, wins, tie), xNan);
    return select(b, loc, pickX, x, y);
  }
  if (isa<ComplexType>(t)) {
    Value xr = complex::ReOp::create(b, loc, x), yr = complex::ReOp::create(b, loc, y);
    Value xi = complex::ImOp::create(b, loc, x), yi = complex::ImOp::create(b, loc, y);
    auto p = isMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT;
    Value realWins = cmpf(b, loc, p, xr, yr);
    Value realEq = cmpf(b, loc, arith::CmpFPredicate::OEQ, xr, yr);
    Value imagWins = arith::AndIOp::create(b, loc, realEq, cmpf(b, loc, p, xi, yi));
    Value pickX = arith::OrIOp::create(b, loc, realWins, imagWins);
    return select(b, loc, pickX, x, y);
  }
  if (isUnsigned(orig))
    return isMax ? arith::MaxUIOp::create(b, loc, x, y).getResult()
                 : arith::MinUIOp::create(b, loc, x, y).getResult();
  return isMax ? arith::MaxSIOp::create(b, loc, x, y).getResult()
               : arith::MinSIOp::create(b, loc, x, y).getResult();
}

Value signScalar(OpBuilder &b, Location loc, Value x) {
  Type t = x.getType();
  if (isa<FloatType>(t)) {
    Value zero = constFloat(b, loc, t, 0);
    Value one = constFloat(b, loc, t, 1);
    Value s = math::CopySignOp::create(b, loc, one, x);
    // sign(+-0) = +-0, sign(NaN) = NaN.
    Value isZero = cmpf(b, loc, arith::CmpFPredicate::OEQ, x, zero);
    Value isNan = cmpf(b, loc, arith::CmpFPredicate::UNO, x, x);
    return select(b, loc, arith::OrIOp::create(b, loc, isZero, isNan), x, s);
  }
  if (auto c = dyn_cast<ComplexType>(t)) {
    Value abs = complex::AbsOp::create(b, loc, x);
    Type et = c.getElementType();
    Value isZero = cmpf(b, loc, arith::CmpFPredicate::OEQ, abs,
                        constFloat(b, loc, et, 0));
    Value absC = complex::CreateOp::create(b, loc, t, abs, constFloat(b, loc, et, 0));
    Value q = complex::DivOp::create(b, loc, x, absC);
    return select(b, loc, isZero, x, q);
  }
  Value zero = constInt(b, loc, t, 0);
  Value pos = arith::ExtUIOp::create(
      b, loc, t, cmpi(b, loc, arith::CmpIPredicate::sgt, x, zero));
  Value neg = arith::ExtUIOp::create(
      b, loc, t, cmpi(b, loc, arith::CmpIPredicate::slt, x, zero));
  if (t.isInteger(1))
    return x;
  return arith::SubIOp::create(b, loc, pos, neg);
}

/// The result of rounding a float to `e` exponent and `m` mantissa bits,
/// on the bit pattern, as reduce_precision specifies.
Value reducePrecision(OpBuilder &b, Location loc, Value x, int e, int m) {
  auto ft = cast<FloatType>(x.getType());
  unsigned w = ft.getWidth();
  int srcM = ft.getFPMantissaWidth() - 1;
  int srcE = w - srcM - 1;
  Type it = b.getIntegerType(w);
  Value bits = arith::BitcastOp::create(b, loc, it, x);
  auto c = [&](APInt v) {
    return arith::ConstantOp::create(b, loc, it, b.getIntegerAttr(it, v));
  };
  Value result = bits;
  if (m < srcM) {
    // Round to nearest even on the dropped mantissa bits.
    unsigned drop = srcM - m;
    Value one = c(APInt(w, 1));
    Value lastKept = arith::AndIOp::create(
        b, loc, arith::ShRUIOp::create(b, loc, bits, c(APInt(w, drop))), one);
    Value bias = arith::AddIOp::create(
        b, loc, c(APInt::getLowBitsSet(w, drop - 1)), lastKept);
    result = arith::AddIOp::create(b, loc, bits, bias);
    result = arith::AndIOp::create(b, loc, result,
                                   c(~APInt::getLowBitsSet(w, drop)));
  }
  if (e < srcE) {
    // Clamp the exponent: overflow to infinity, underflow to zero.
    Value expMask = c(APInt::getBitsSet(w, srcM, srcM + srcE));
    Value signMask = c(APInt::getSignMask(w));
    int64_t srcBias = (1ll << (srcE - 1)) - 1;
    int64_t dstBias = (1ll << (e - 1)) - 1;
    APInt maxExp(w, (uint64_t)(srcBias + dstBias) << srcM);
    APInt minExp(w, (uint64_t)(srcBias - dstBias) << srcM);
    Value expBits = arith::AndIOp::create(b, loc, result, expMask);
    Value overflow = cmpi(b, loc, arith::CmpIPredicate::ugt, expBits, c(maxExp));
    Value underflow = cmpi(b, loc, arith::CmpIPredicate::ule, expBits, c(minExp));
    Value sign = arith::AndIOp::create(b, loc, result, signMask);
    Value inf = arith::OrIOp::create(b, loc, sign, expMask);
    result = select(b, loc, overflow, inf, result);
    result = select(b, loc, underflow, sign, result);
  }
  Value rounded = arith::BitcastOp::create(b, loc, ft, result);
  // NaN stays NaN while the target keeps a mantissa bit to hold it; with
  // none, NaN becomes infinity of the same sign.
  Value isNan = cmpf(b, loc, arith::CmpFPredicate::UNO, x, x);
  Value nanResult = x;
  if (m == 0) {
    Value expMask = c(APInt::getBitsSet(w, srcM, srcM + srcE));
    Value sign = arith::AndIOp::create(b, loc, bits, c(APInt::getSignMask(w)));
    nanResult = arith::BitcastOp::create(
        b, loc, ft, arith::OrIOp::create(b, loc, sign, expMask));
  }
  return select(b, loc, isNan, nanResult, rounded);
}

template <class FloatOp, class ComplexOp>
Value floatOrComplex(OpBuilder &b, Location loc, Value x) {
  if (isa<ComplexType>(x.getType()))
    return ComplexOp::create(b, loc, x);
  return FloatOp::create(b, loc, x);
}

} // namespace

Value totalOrderKey(OpBuilder &b, Location loc, Value x) {
  unsigned w = x.getType().getIntOrFloatBitWidth();
  Type it = b.getIntegerType(w);
  Value bits = arith::BitcastOp::create(b, loc, it, x);
  // Negative values: flip the magnitude bits (bits >> (w - 1) is all ones
  // for them, zero otherwise) so that larger magnitudes sort lower;
  // compared as signed integers the keys are then totally ordered.
  Value sign = arith::ShRSIOp::create(b, loc, bits, constInt(b, loc, it, w - 1));
  Value magnitude = arith::ConstantOp::create(
      b, loc, it, b.getIntegerAttr(it, APInt::getSignedMaxValue(w)));
  return arith::XOrIOp::create(b, loc, bits,
                               arith::AndIOp::create(b, loc, sign, magnitude));
}

std::optional<FloatMinMax> matchFloatMinMax(Value v) {
  // minMax's spelling, from the select back: select(or(or(wins, tie),
  // xNan), x, y) with wins = x OGT/OLT y, tie = (x OEQ y) and yLoses,
  // yLoses = bitcast(y) < 0 (maximum) or its negation (minimum: a xor with
  // true, or >= 0 once canonicalized), xNan = x UNO x. The operands of the
  // ors and the and in either order.
  auto sel = v.getDefiningOp<arith::SelectOp>();
  if (!sel || !isa<FloatType>(v.getType()))
    return std::nullopt;
  FloatMinMax m;
  m.x = sel.getTrueValue();
  m.y = sel.getFalseValue();
  auto cmpfOf = [&](Value c, arith::CmpFPredicate p, Value a, Value b) {
    auto op = c.getDefiningOp<arith::CmpFOp>();
    return op && op.getPredicate() == p && op.getLhs() == a && op.getRhs() == b
               ? op
               : arith::CmpFOp();
  };
  // The operands of a two-operand op, `first` the one `isFirst` accepts.
  auto split = [](Operation *op, auto isFirst) -> std::optional<std::pair<Value, Value>> {
    if (!op)
      return std::nullopt;
    Value a = op->getOperand(0), b = op->getOperand(1);
    if (isFirst(a))
      return std::make_pair(a, b);
    if (isFirst(b))
      return std::make_pair(b, a);
    return std::nullopt;
  };
  auto outer = sel.getCondition().getDefiningOp<arith::OrIOp>();
  auto nanFirst = split(outer, [&](Value c) {
    return bool(cmpfOf(c, arith::CmpFPredicate::UNO, m.x, m.x));
  });
  if (!nanFirst)
    return std::nullopt;
  Operation *xNan = nanFirst->first.getDefiningOp();
  auto inner = nanFirst->second.getDefiningOp<arith::OrIOp>();
  auto winsFirst = split(inner, [&](Value c) {
    return cmpfOf(c, arith::CmpFPredicate::OGT, m.x, m.y) ||
           cmpfOf(c, arith::CmpFPredicate::OLT, m.x, m.y);
  });
  if (!winsFirst)
    return std::nullopt;
  auto wins = winsFirst->first.getDefiningOp<arith::CmpFOp>();
  m.isMax = wins.getPredicate() == arith::CmpFPredicate::OGT;
  auto tie = winsFirst->second.getDefiningOp<arith::AndIOp>();
  auto eqFirst = split(tie, [&](Value c) {
    return bool(cmpfOf(c, arith::CmpFPredicate::OEQ, m.x, m.y));
  });
  if (!eqFirst)
    return std::nullopt;
  Operation *eq = eqFirst->first.getDefiningOp();
  Value loses = eqFirst->second;
  Operation *flip = nullptr;
  arith::CmpIPredicate sign = arith::CmpIPredicate::slt;
  if (!m.isMax) {
    APInt one;
    if (auto x = loses.getDefiningOp<arith::XOrIOp>();
        x && matchPattern(x.getRhs(), m_ConstantInt(&one)) && one.isAllOnes()) {
      flip = x;
      loses = x.getLhs();
    } else {
      sign = arith::CmpIPredicate::sge;
    }
  }
  auto test = loses.getDefiningOp<arith::CmpIOp>();
  APInt zero;
  if (!test || test.getPredicate() != sign ||
      !matchPattern(test.getRhs(), m_ConstantInt(&zero)) || !zero.isZero())
    return std::nullopt;
  auto bits = test.getLhs().getDefiningOp<arith::BitcastOp>();
  if (!bits || bits.getIn() != m.y)
    return std::nullopt;
  m.ops = {sel, outer, xNan, inner, wins, tie, eq, test, bits};
  if (flip)
    m.ops.push_back(flip);
  return m;
}


Value convertScalarValue(OpBuilder &b, Location loc, Value x, Type fromOrig,
                         Type to, Type toOrig) {
  return convertScalar(b, loc, x, x.getType(), fromOrig, to, toOrig);
}

bool hasScalarMapping(Operation *op) {
  return isa<AbsOp, AddOp, AndOp, Atan2Op, CbrtOp, CeilOp, ClampOp, ClzOp,
             CompareOp, ComplexOp, ConvertOp, CosineOp, DivOp, ExpOp, Expm1Op,
             FloorOp, ImagOp, IsFiniteOp, Log1pOp, LogOp, LogisticOp, MaxOp,
             MinOp, MulOp, NegOp, NotOp, OrOp, PopulationCountOp, PowOp,
             RealOp, ReducePrecisionOp, RemOp, RoundNearestEvenOp, RoundOp,
             RsqrtOp, SelectOp, ShiftLeftOp, ShiftRightArithmeticOp,
             ShiftRightLogicalOp, SignOp, SineOp, SqrtOp, SubtractOp, TanOp,
             TanhOp, XorOp>(op);
}

Value buildScalarOp(OpBuilder &b, Location loc, Operation *op,
                    TypeRange operandTypes, Type resultType, ValueRange args) {
  Type orig = operandTypes.empty() ? Type() : operandTypes.front();
  Value x = args.empty() ? Value() : args[0];
  Value y = args.size() > 1 ? args[1] : Value();
  Type t = x ? x.getType() : Type();
  bool isF = t && isa<FloatType>(t);
  bool isC = t && isa<ComplexType>(t);
  bool uns = orig && isUnsigned(orig);
  return llvm::TypeSwitch<Operation *, Value>(op)
      .Case([&](AddOp) -> Value {
        if (isF) return arith::AddFOp::create(b, loc, x, y);
        if (isC) return complex::AddOp::create(b, loc, x, y);
        if (t.isInteger(1)) return arith::OrIOp::create(b, loc, x, y);
        return arith::AddIOp::create(b, loc, x, y);
      })
      .Case([&](SubtractOp) -> Value {
        if (isF) return arith::SubFOp::create(b, loc, x, y);
        if (isC) return complex::SubOp::create(b, loc, x, y);
        return arith::SubIOp::create(b, loc, x, y);
      })
      .Case([&](MulOp) -> Value {
        if (isF) return arith::MulFOp::create(b, loc, x, y);
        if (isC) return complex::MulOp::create(b, loc, x, y);
        if (t.isInteger(1)) return arith::AndIOp::create(b, loc, x, y);
        return arith::MulIOp::create(b, loc, x, y);
      })
      .Case([&](DivOp) -> Value {
        if (isF) return arith::DivFOp::create(b, loc, x, y);
        if (isC) return complex::DivOp::create(b, loc, x, y);
        return intDivRem(b, loc, /*isDiv=*/true, uns, x, y);
      })
      .Case([&](RemOp) -> Value {
        if (isF) return arith::RemFOp::create(b, loc, x, y);
        if (isC) {
          op->emitOpError("remainder of complex numbers is not supported yet");
          return Value();
        }
        return intDivRem(b, loc, /*isDiv=*/false, uns, x, y);
      })
      .Case([&](MaxOp) { return minMax(b, loc, true, orig, x, y); })
      .Case([&](MinOp) { return minMax(b, loc, false, orig, x, y); })
      .Case([&](AndOp) -> Value { return arith::AndIOp::create(b, loc, x, y); })
      .Case([&](OrOp) -> Value { return arith::OrIOp::create(b, loc, x, y); })
      .Case([&](XorOp) -> Value { return arith::XOrIOp::create(b, loc, x, y); })
      .Case<ShiftLeftOp, ShiftRightArithmeticOp, ShiftRightLogicalOp>(
          [&](Operation *o) {
            return shift(b, loc, o->getName().stripDialect(), x, y);
          })
      .Case([&](PowOp) -> Value {
        if (isF) return math::PowFOp::create(b, loc, x, y);
        if (isC) return complex::PowOp::create(b, loc, x, y);
        return intPow(b, loc, uns, x, y);
      })
      .Case([&](Atan2Op) -> Value {
        if (isC) return complex::Atan2Op::create(b, loc, x, y);
        return math::Atan2Op::create(b, loc, x, y);
      })
      .Case([&](ComplexOp) -> Value {
        return complex::CreateOp::create(b, loc, resultType, x, y);
      })
      .Case([&](AbsOp) -> Value {
        if (isF) return math::AbsFOp::create(b, loc, x);
        if (isC) return complex::AbsOp::create(b, loc, x);
        // abs(INT_MIN) = INT_MIN (wraps), as math.absi computes it.
        return math::AbsIOp::create(b, loc, x);
      })
      .Case([&](NegOp) -> Value {
        if (isF) return arith::NegFOp::create(b, loc, x);
        if (isC) return complex::NegOp::create(b, loc, x);
        return arith::SubIOp::create(b, loc, constInt(b, loc, t, 0), x);
      })
      .Case([&](NotOp) -> Value {
        return arith::XOrIOp::create(b, loc, x, allOnes(b, loc, t));
      })
      .Case([&](SignOp) { return signScalar(b, loc, x); })
      .Case([&](PopulationCountOp) -> Value { return math::CtPopOp::create(b, loc, x); })
      .Case([&](ClzOp) -> Value {
        return math::CountLeadingZerosOp::create(b, loc, x);
      })
      .Case([&](ExpOp) { return floatOrComplex<math::ExpOp, complex::ExpOp>(b, loc, x); })
      .Case([&](Expm1Op) { return floatOrComplex<math::ExpM1Op, complex::Expm1Op>(b, loc, x); })
      .Case([&](LogOp) { return floatOrComplex<math::LogOp, complex::LogOp>(b, loc, x); })
      .Case([&](Log1pOp) { return floatOrComplex<math::Log1pOp, complex::Log1pOp>(b, loc, x); })
      .Case([&](SqrtOp) { return floatOrComplex<math::SqrtOp, complex::SqrtOp>(b, loc, x); })
      .Case([&](RsqrtOp) { return floatOrComplex<math::RsqrtOp, complex::RsqrtOp>(b, loc, x); })
      .Case([&](SineOp) { return floatOrComplex<math::SinOp, complex::SinOp>(b, loc, x); })
      .Case([&](CosineOp) { return floatOrComplex<math::CosOp, complex::CosOp>(b, loc, x); })
      .Case([&](TanOp) { return floatOrComplex<math::TanOp, complex::TanOp>(b, loc, x); })
      .Case([&](TanhOp) { return floatOrComplex<math::TanhOp, complex::TanhOp>(b, loc, x); })
      .Case([&](CbrtOp) -> Value {
        if (isC) {
          // cbrt(z) = exp(log(z) / 3)
          Value three = complex::CreateOp::create(
              b, loc, t, constFloat(b, loc, cast<ComplexType>(t).getElementType(), 3),
              constFloat(b, loc, cast<ComplexType>(t).getElementType(), 0));
          Value l = complex::LogOp::create(b, loc, x);
          return complex::ExpOp::create(b, loc, complex::DivOp::create(b, loc, l, three));
        }
        return math::CbrtOp::create(b, loc, x);
      })
      .Case([&](LogisticOp) -> Value {
        if (isC) {
          Type et = cast<ComplexType>(t).getElementType();
          Value one = complex::CreateOp::create(b, loc, t, constFloat(b, loc, et, 1),
                                                constFloat(b, loc, et, 0));
          Value e = complex::ExpOp::create(b, loc, complex::NegOp::create(b, loc, x));
          return complex::DivOp::create(b, loc, one, complex::AddOp::create(b, loc, one, e));
        }
        Value one = constFloat(b, loc, t, 1);
        Value e = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, x));
        return arith::DivFOp::create(b, loc, one, arith::AddFOp::create(b, loc, one, e));
      })
      .Case([&](FloorOp) -> Value { return math::FloorOp::create(b, loc, x); })
      .Case([&](CeilOp) -> Value { return math::CeilOp::create(b, loc, x); })
      .Case([&](RoundOp) -> Value { return math::RoundOp::create(b, loc, x); })
      .Case([&](RoundNearestEvenOp) -> Value { return math::RoundEvenOp::create(b, loc, x); })
      .Case([&](IsFiniteOp) -> Value {
        Value a = math::AbsFOp::create(b, loc, x);
        Value inf = arith::ConstantOp::create(
            b, loc, t, b.getFloatAttr(t, APFloat::getInf(cast<FloatType>(t).getFloatSemantics())));
        return cmpf(b, loc, arith::CmpFPredicate::ONE, a, inf);
      })
      .Case([&](RealOp) -> Value {
        if (isC) return complex::ReOp::create(b, loc, x);
        return x;
      })
      .Case([&](ImagOp) -> Value {
        if (isC) return complex::ImOp::create(b, loc, x);
        return constFloat(b, loc, t, 0);
      })
      .Case([&](CompareOp cmp) { return compareScalar(b, loc, cmp, orig, x, y); })
      .Case([&](SelectOp) -> Value {
        return arith::SelectOp::create(b, loc, args[0], args[1], args[2]);
      })
      .Case([&](ClampOp) -> Value {
        // clamp(min, x, max) = min(max(x, min), max)
        Type xo = operandTypes[1];
        Value lo = minMax(b, loc, /*isMax=*/true, xo, args[1], args[0]);
        return minMax(b, loc, /*isMax=*/false, xo, lo, args[2]);
      })
      .Case([&](ConvertOp) -> Value {
        Type resultOrig =
            getElementTypeOrSelf(op->getResult(0).getType());
        return convertScalar(b, loc, x, t, orig, resultType, resultOrig);
      })
      .Case([&](ReducePrecisionOp rp) -> Value {
        return reducePrecision(b, loc, x, rp.getExponentBits(),
                               rp.getMantissaBits());
      })
      .Default([&](Operation *o) -> Value {
        o->emitOpError("has no scalar lowering");
        return Value();
      });
}

} // namespace jx::stablehlo
