//===- TrigPatterns.cpp - inverse trigonometric and hyperbolic functions --===//
//
// Real arguments use cancellation- and overflow-free forms of the textbook
// identities:
//   asin x  = 2 atan2(x, 1 + sqrt((1 - x)(1 + x)))
//   acos x  = 2 atan2(sqrt(1 - x), sqrt(1 + x))
//   atan x  = atan2(x, 1)
//   asinh x = log1p(a + a^2 / (1 + sqrt(1 + a^2)))        a = |x| <= 2
//           = log(2a + 1 / (a + sqrt(a^2 + 1)))           2 < a < 1/sqrt(eps)
//           = log(a) + log 2                               beyond
//   acosh x = log1p(t + sqrt(2t + t^2)), t = x - 1         x <= 2
//           = log(2x - 1 / (x + sqrt(x^2 - 1)))            2 < x < 1/sqrt(eps)
//           = log(x) + log 2                               beyond
//   atanh x = log1p(2a + 2a^2 / (1 - a)) / 2               a < 1/2
//           = log1p(2a / (1 - a)) / 2                      otherwise
//   sinh x  = (s + s / (s + 1)) / 2, s = expm1 x           |x| < 1
//           = e^(x + ln 1/2) - e^(ln 1/2 - x)              otherwise
//   cosh x  = e^(x + ln 1/2) + e^(ln 1/2 - x)
//             (XLA's forms, so that results match JAX's, not the most
//             accurate ones: see halfExps)
// Complex arguments follow Hull, Fairgrieve and Tang's algorithm for the
// complex arcsine and arccosine (ACM TOMS 23(3), 1997); asinh, acosh, atan,
// atanh derive from them and from atanh z = (log1p(z) - log1p(-z)) / 2
// written in real arithmetic.
//
//===----------------------------------------------------------------------===//

#include "Decompose.h"

#include <cmath>
#include <utility>

using namespace mlir;
using namespace jx::chlo;
using namespace jx::chlo::detail;

namespace {

constexpr double kLn2 = 0.69314718055994530942;
constexpr double kPi = 3.14159265358979323846;
constexpr double kPiOver2 = 1.57079632679489661923;

/// Returns `value` with the sign of `signOf` (negative when signOf < 0).
Value withSignOf(Emitter &e, Value value, Value signOf) {
  return e.select(e.lt(signOf, e.cst(0.0)), e.neg(value), value);
}

Value largeThreshold(Emitter &e) { return e.cst(1.0 / std::sqrt(e.epsilon())); }

Value asinReal(Emitter &e, Value x) {
  Value one = e.cst(1.0);
  Value root = e.sqrt(e.mul(e.sub(one, x), e.add(one, x)));
  Value half = e.atan2(x, e.add(one, root));
  return e.add(half, half);
}

Value acosReal(Emitter &e, Value x) {
  Value one = e.cst(1.0);
  Value half = e.atan2(e.sqrt(e.sub(one, x)), e.sqrt(e.add(one, x)));
  return e.add(half, half);
}

Value asinhReal(Emitter &e, Value x) {
  Value a = e.abs(x);
  Value one = e.cst(1.0);
  Value a2 = e.mul(a, a);
  Value small = e.log1p(e.add(a, e.div(a2, e.add(one, e.sqrt(e.add(one, a2))))));
  Value medium = e.log(e.add(e.add(a, a),
                             e.div(one, e.add(a, e.sqrt(e.add(a2, one))))));
  Value large = e.add(e.log(a), e.cst(kLn2));
  Value r = e.select(e.le(a, e.cst(2.0)), small,
                     e.select(e.lt(a, largeThreshold(e)), medium, large));
  return withSignOf(e, r, x);
}

Value acoshReal(Emitter &e, Value x) {
  Value one = e.cst(1.0);
  Value t = e.sub(x, one);
  Value small = e.log1p(e.add(t, e.sqrt(e.add(e.add(t, t), e.mul(t, t)))));
  Value medium = e.log(e.sub(
      e.add(x, x), e.div(one, e.add(x, e.sqrt(e.sub(e.mul(x, x), one))))));
  Value large = e.add(e.log(x), e.cst(kLn2));
  Value r = e.select(e.le(x, e.cst(2.0)), small,
                     e.select(e.lt(x, largeThreshold(e)), medium, large));
  // Below 1 (and NaN): NaN.
  return e.select(e.ge(x, one), r, e.nan());
}

Value atanhReal(Emitter &e, Value x) {
  Value a = e.abs(x);
  Value one = e.cst(1.0), half = e.cst(0.5);
  Value twoA = e.add(a, a);
  Value oneMinusA = e.sub(one, a);
  Value small = e.log1p(e.add(twoA, e.div(e.mul(twoA, a), oneMinusA)));
  Value big = e.log1p(e.div(twoA, oneMinusA));
  Value r = e.mul(half, e.select(e.lt(a, half), small, big));
  return withSignOf(e, r, x);
}

/// e^(x + ln(1/2)) and e^(ln(1/2) - x): e^x / 2 and e^-x / 2 as XLA computes
/// them, finite wherever the halves are, with ln(1/2) rounded to the compute
/// type first. In f32 the rounding of x + ln(1/2) costs up to ~25 ulps near
/// |x| = 88, but it is what JAX returns, so jx matches it bit for bit wherever
/// exp does.
std::pair<Value, Value> halfExps(Emitter &e, Value x) {
  Value logHalf = e.cst(-kLn2);
  return {e.exp(e.add(x, logHalf)), e.exp(e.sub(logHalf, x))};
}

Value sinhReal(Emitter &e, Value x) {
  // |x| < 1: (s + s / (s + 1)) / 2 with s = expm1 x, free of the
  // cancellation in e^x - e^-x.
  Value one = e.cst(1.0);
  Value s = e.expm1(x);
  Value small = e.mul(e.add(s, e.div(s, e.add(s, one))), e.cst(0.5));
  auto [up, down] = halfExps(e, x);
  return e.select(e.lt(e.abs(x), one), small, e.sub(up, down));
}

Value coshReal(Emitter &e, Value x) {
  auto [up, down] = halfExps(e, x);
  return e.add(up, down);
}

//===----------------------------------------------------------------------===//
// Complex arguments
//===----------------------------------------------------------------------===//

/// sqrt(a^2 + b^2) without overflow or underflow in the squares.
Value hypot(Emitter &e, Value a, Value b) {
  Value x = e.abs(a), y = e.abs(b);
  Value m = e.max(x, y), n = e.min(x, y);
  Value q = e.div(n, m);
  Value r = e.mul(m, e.sqrt(e.add(e.cst(1.0), e.mul(q, q))));
  r = e.select(e.eq(m, e.cst(0.0)), m, r);
  // inf beats NaN in the other part.
  Value inf = e.inf();
  return e.select(e.orOp(e.eq(x, inf), e.eq(y, inf)), inf, r);
}

struct AsinParts {
  Value reAsin; // real part of asin(x + iy) for x, y >= 0
  Value reAcos; // real part of acos(x + iy) for x, y >= 0
  Value im;     // |imaginary part| of both
};

/// Hull, Fairgrieve and Tang for x = |Re z|, y = |Im z|.
AsinParts asinAcosParts(Emitter &e, Value x, Value y) {
  Value one = e.cst(1.0), half = e.cst(0.5), zero = e.cst(0.0);
  Value xp1 = e.add(x, one);
  Value xm1 = e.sub(x, one);
  Value r = hypot(e, xp1, y);
  Value s = hypot(e, xm1, y);
  Value a = e.mul(half, e.add(r, s));
  Value b = e.min(e.div(x, a), one);
  Value y2 = e.mul(y, y);
  Value rx = e.add(r, xp1);        // r + (x + 1)
  Value sMinus = e.sub(s, xm1);    // s + (1 - x)
  Value sPlus = e.add(s, xm1);     // s + (x - 1)
  Value apx = e.add(a, x);

  // Real parts.
  const double bCross = 0.6417;
  Value xLe1 = e.le(x, one);
  Value d1 = e.sqrt(e.mul(e.mul(half, apx), e.add(e.div(y2, rx), sMinus)));
  Value d2 = e.mul(y, e.sqrt(e.mul(half, e.add(e.div(apx, rx),
                                                e.div(apx, sPlus)))));
  Value d = e.select(xLe1, d1, d2);
  Value useB = e.le(b, e.cst(bCross));
  Value reAsin = e.select(useB, asinReal(e, b), e.atan2(x, d));
  Value reAcos = e.select(useB, acosReal(e, b), e.atan2(d, x));

  // Imaginary part.
  const double aCross = 1.5;
  Value am1Small = e.mul(half, e.add(e.div(y2, rx), e.div(y2, sMinus)));
  Value am1Big = e.mul(half, e.add(e.div(y2, rx), sPlus));
  Value am1 = e.select(e.lt(x, one), am1Small, am1Big);
  // For y == 0 and x < 1, y^2 / (s + 1 - x) is 0/positive: fine.
  Value imSmall = e.log1p(e.add(am1, e.sqrt(e.mul(am1, e.add(a, one)))));
  Value imBig = e.log(e.add(a, e.sqrt(e.sub(e.mul(a, a), one))));
  Value im = e.select(e.le(a, e.cst(aCross)), imSmall, imBig);

  // Huge arguments: r, s and a*a overflow; asin z ~ -i log(2iz).
  Value huge = e.ge(e.max(x, y), e.cst(std::sqrt(llvm::APFloat::getLargest(
                                             e.semantics())
                                             .convertToDouble()) /
                                         8.0));
  Value hugeIm = e.add(e.log(hypot(e, x, y)), e.cst(kLn2));
  reAsin = e.select(huge, e.atan2(x, y), reAsin);
  reAcos = e.select(huge, e.atan2(y, x), reAcos);
  im = e.select(huge, hugeIm, im);
  (void)zero;
  return {reAsin, reAcos, im};
}

struct Complex {
  Value re, im;
};

Complex asinComplex(Emitter &e, Value x, Value y) {
  AsinParts p = asinAcosParts(e, e.abs(x), e.abs(y));
  return {withSignOf(e, p.reAsin, x), withSignOf(e, p.im, y)};
}

Complex acosComplex(Emitter &e, Value x, Value y) {
  AsinParts p = asinAcosParts(e, e.abs(x), e.abs(y));
  Value re = e.select(e.lt(x, e.cst(0.0)), e.sub(e.cst(kPi), p.reAcos),
                      p.reAcos);
  // Im(acos z) has the opposite sign of Im z.
  Value im = e.select(e.lt(y, e.cst(0.0)), p.im, e.neg(p.im));
  return {re, im};
}

Complex atanhComplex(Emitter &e, Value x, Value y) {
  // With a = |x| (atanh is odd):
  //   Re = log1p(4a / ((1 - a)^2 + y^2)) / 4   (a positive argument: no
  //        cancellation), carrying the sign of x;
  //   Im = atan2(2y, (1 - a)(1 + a) - y^2) / 2.
  Value one = e.cst(1.0);
  Value a = e.abs(x);
  Value oma = e.sub(one, a);
  Value den = e.add(e.mul(oma, oma), e.mul(y, y));
  Value re = e.mul(e.cst(0.25), e.log1p(e.div(e.mul(e.cst(4.0), a), den)));
  Value im = e.mul(e.cst(0.5),
                   e.atan2(e.add(y, y),
                           e.sub(e.mul(oma, e.add(one, a)), e.mul(y, y))));
  return {withSignOf(e, re, x), im};
}

/// Rewrites a unary op over complex<T> tensors through real formulas.
template <class Fn>
LogicalResult rewriteComplex(PatternRewriter &rewriter, Operation *op,
                             Fn fn) {
  auto type = cast<RankedTensorType>(op->getOperand(0).getType());
  auto complex = dyn_cast<ComplexType>(type.getElementType());
  if (!complex || !type.hasStaticShape())
    return failure();
  Location loc = op->getLoc();
  RankedTensorType partType = type.clone(complex.getElementType());
  Emitter e(rewriter, loc, partType);
  Value z = op->getOperand(0);
  Value x = hlo::RealOp::create(rewriter, loc, partType, z);
  Value y = hlo::ImagOp::create(rewriter, loc, partType, z);
  Complex r = fn(e, x, y);
  rewriter.replaceOpWithNewOp<hlo::ComplexOp>(op, type, r.re, r.im);
  return success();
}

template <class Op>
struct TrigPattern : OpRewritePattern<Op> {
  using OpRewritePattern<Op>::OpRewritePattern;
  LogicalResult matchAndRewrite(Op op,
                                PatternRewriter &rewriter) const override {
    Type et = getElementTypeOrSelf(op.getOperand().getType());
    if (isa<ComplexType>(et))
      return rewriteComplex(rewriter, op, complexFormula);
    return rewriteUnaryFloat(rewriter, op, realFormula);
  }
  static Value realFormula(Emitter &e, Value x);
  static Complex complexFormula(Emitter &e, Value x, Value y);
};

template <>
Value TrigPattern<AsinOp>::realFormula(Emitter &e, Value x) {
  return asinReal(e, x);
}
template <>
Complex TrigPattern<AsinOp>::complexFormula(Emitter &e, Value x, Value y) {
  return asinComplex(e, x, y);
}

template <>
Value TrigPattern<AcosOp>::realFormula(Emitter &e, Value x) {
  return acosReal(e, x);
}
template <>
Complex TrigPattern<AcosOp>::complexFormula(Emitter &e, Value x, Value y) {
  return acosComplex(e, x, y);
}

template <>
Value TrigPattern<AtanOp>::realFormula(Emitter &e, Value x) {
  return e.atan2(x, e.cst(1.0));
}
template <>
Complex TrigPattern<AtanOp>::complexFormula(Emitter &e, Value x, Value y) {
  // atan z = -i atanh(iz), iz = -y + ix.
  Complex w = atanhComplex(e, e.neg(y), x);
  return {w.im, e.neg(w.re)};
}

template <>
Value TrigPattern<AsinhOp>::realFormula(Emitter &e, Value x) {
  return asinhReal(e, x);
}
template <>
Complex TrigPattern<AsinhOp>::complexFormula(Emitter &e, Value x, Value y) {
  // asinh z = -i asin(iz), iz = -y + ix.
  Complex w = asinComplex(e, e.neg(y), x);
  return {w.im, e.neg(w.re)};
}

template <>
Value TrigPattern<AcoshOp>::realFormula(Emitter &e, Value x) {
  return acoshReal(e, x);
}
template <>
Complex TrigPattern<AcoshOp>::complexFormula(Emitter &e, Value x, Value y) {
  // acosh z = i acos z for Im z >= 0 and -i acos z below: the real part is
  // |Im acos z|, the imaginary part carries the sign of Im z.
  Complex w = acosComplex(e, x, y);
  Value re = e.abs(w.im);
  return {re, withSignOf(e, w.re, y)};
}

template <>
Value TrigPattern<AtanhOp>::realFormula(Emitter &e, Value x) {
  return atanhReal(e, x);
}
template <>
Complex TrigPattern<AtanhOp>::complexFormula(Emitter &e, Value x, Value y) {
  return atanhComplex(e, x, y);
}

template <>
Value TrigPattern<SinhOp>::realFormula(Emitter &e, Value x) {
  return sinhReal(e, x);
}
template <>
Complex TrigPattern<SinhOp>::complexFormula(Emitter &e, Value x, Value y) {
  return {e.mul(sinhReal(e, x), e.cos(y)), e.mul(coshReal(e, x), e.sin(y))};
}

template <>
Value TrigPattern<CoshOp>::realFormula(Emitter &e, Value x) {
  return coshReal(e, x);
}
template <>
Complex TrigPattern<CoshOp>::complexFormula(Emitter &e, Value x, Value y) {
  return {e.mul(coshReal(e, x), e.cos(y)), e.mul(sinhReal(e, x), e.sin(y))};
}

} // namespace

void jx::chlo::detail::populateTrigPatterns(RewritePatternSet &patterns) {
  patterns.add<TrigPattern<AsinOp>, TrigPattern<AcosOp>, TrigPattern<AtanOp>,
               TrigPattern<AsinhOp>, TrigPattern<AcoshOp>,
               TrigPattern<AtanhOp>, TrigPattern<SinhOp>,
               TrigPattern<CoshOp>>(patterns.getContext());
}
