//===- SpecialFunctionPatterns.cpp - erf, lgamma, digamma, zeta, ... ------===//
//
// The special functions are evaluated in f64 whatever the operand type (f16,
// bf16 and f32 convert to f64 and back), with approximations accurate to a
// few f64 ulps, so that lower precisions come out correctly rounded in
// nearly every case. Coefficient tables: SpecialFunctionCoefficients.h.
// The exceptions are f32 erf and erf_inv (any type), which jax.random's
// samplers use: they follow XLA:CPU's formulations so that jx draws the
// same numbers as JAX (test/e2e/xla_math_bit_exact.mlir).
//
//   erf x   = x P(x^2)                         |x| < 1/2
//           = sign(x) (1 - erfc |x|)            otherwise            (f64)
//           f32 (f16/bf16 through f32) follow XLA:CPU instead, so that jx
//           equals JAX bit for bit: x N(x^2) / D(x^2), +-1 beyond 3.8325,
//           Horner steps fused (FMA emulated exactly in f64).
//   erfc x  = R(x) exp(-x^2), R piecewise polynomial in x or 1/x, x >= 1/2;
//             exp(-x^2) with x split in halves so that x^2 carries no
//             rounding error; erfc(-x) = 2 - erfc x; 1 - erf x below 1/2.
//   erfinv x follows JAX/XLA (bit-identical results): M. Giles,
//           "Approximating the erfinv function" (GPU Computing Gems, 2010),
//           x P(w), w = -log1p(-x x); f32 (and f16/bf16 through f32):
//           degree-8 polynomials in w - 2.5 (w < 5) or sqrt(w) - 3; f64:
//           degree 22 in w - 3.125 (w < 6.25), 18 in sqrt(w) - 3.25
//           (w < 16), 16 in sqrt(w) - 5; Horner steps fused (FMA,
//           emulated exactly: StableHLO has no fma).
//   lgamma: Stirling's series from 8.5 on, downward recurrence to
//           lgamma(2 + t) = t Q(t), |t| <= 1/2, below; reflection
//           lgamma(x) = log(pi / |sin(pi x)|) - lgamma(1 - x) for x < 1/2.
//   digamma: asymptotic series after shifting x up by 8; reflection
//           psi(x) = psi(1 - x) - pi / tan(pi x) for x < 1/2.
//   zeta(s, q): Euler-Maclaurin summation with 9 terms and 12 corrections.
//   polygamma(n, x) = (-1)^(n+1) n! zeta(n + 1, x), digamma for n = 0.
//   bessel_i1e: power series of I1 up to 20, asymptotic series beyond.
//
//===----------------------------------------------------------------------===//

#include "Decompose.h"
#include "SpecialFunctionCoefficients.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <utility>

using namespace mlir;
using namespace jx::chlo;
using namespace jx::chlo::detail;

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kLogPi = 1.14472988584940017414;
constexpr double kHalfLog2Pi = 0.91893853320467274178;
constexpr double kInvSqrt2Pi = 0.39894228040143267794;

template <size_t N> ArrayRef<double> table(const double (&t)[N]) {
  return ArrayRef<double>(t, N);
}

Value withSignOf(Emitter &e, Value value, Value signOf) {
  return e.select(e.lt(signOf, e.cst(0.0)), e.neg(value), value);
}

//===----------------------------------------------------------------------===//
// erf, erfc, erf_inv
//===----------------------------------------------------------------------===//

/// exp(-x^2) for x >= 0 (at most 30), with x = hi + lo split so that hi^2 is
/// exact: exp(-hi^2) exp(-lo (x + hi)).
Value expMinusSquare(Emitter &e, Value x) {
  Value c = e.mul(x, e.cst(134217729.0)); // 2^27 + 1 (Veltkamp split)
  Value hi = e.sub(c, e.sub(c, x));
  Value lo = e.sub(x, hi);
  return e.mul(e.exp(e.neg(e.mul(hi, hi))),
               e.exp(e.neg(e.mul(lo, e.add(x, hi)))));
}

/// erfc(a) for a >= 1/2 (NaN propagates).
Value erfcPositive(Emitter &e, Value a) {
  a = e.min(a, e.cst(30.0)); // erfc underflows to 0 well before
  Value pa = e.poly(e.sub(a, e.cst(1.25)), table(kErfcA));
  Value pb = e.poly(e.sub(a, e.cst(3.0)), table(kErfcB));
  Value inv = e.div(e.cst(1.0), a);
  Value pc = e.mul(e.poly(e.sub(inv, e.cst(0.15)), table(kErfcC)), inv);
  Value r = e.select(e.lt(a, e.cst(2.0)), pa,
                     e.select(e.lt(a, e.cst(4.0)), pb, pc));
  return e.mul(r, expMinusSquare(e, a));
}

Value erfSmall(Emitter &e, Value x) {
  return e.mul(x, e.poly(e.mul(x, x), table(kErfSmall)));
}

Value erf(Emitter &e, Value x) {
  Value a = e.abs(x);
  Value big = withSignOf(e, e.sub(e.cst(1.0), erfcPositive(e, a)), x);
  return e.select(e.lt(a, e.cst(0.5)), erfSmall(e, x), big);
}

Value erfc(Emitter &e, Value x) {
  Value a = e.abs(x);
  Value one = e.cst(1.0);
  Value pos = erfcPositive(e, a);
  Value big = e.select(e.lt(x, e.cst(0.0)), e.sub(e.cst(2.0), pos), pos);
  return e.select(e.lt(a, e.cst(0.5)), e.sub(one, erfSmall(e, x)), big);
}

/// (s, err) with s = RN(a + b) and s + err = a + b exactly (TwoSum).
std::pair<Value, Value> twoSum(Emitter &e, Value a, Value b) {
  Value s = e.add(a, b);
  Value bb = e.sub(s, a);
  return {s, e.add(e.sub(a, e.sub(s, bb)), e.sub(b, bb))};
}

/// RN(a + b) moved to its odd neighbour when inexact: rounding to odd.
Value addRoundToOdd(Emitter &e, Value a, Value b) {
  OpBuilder &bld = e.builder();
  auto [s, err] = twoSum(e, a, b);
  Emitter n(bld, e.location(), e.tensorType().clone(bld.getI64Type()));
  Value bits = e.bitcast(s, bld.getI64Type());
  Value one = n.cst(1.0);
  Value even = n.eq(n.andOp(bits, one), n.cst(0.0));
  Value inexact = e.ne(err, e.cst(0.0));
  Value up = e.eq(e.gt(err, e.cst(0.0)), e.gt(s, e.cst(0.0)));
  Value moved = n.select(up, n.add(bits, one), n.sub(bits, one));
  Value fixed = n.select(n.andOp(even, inexact), moved, bits);
  return n.bitcast(fixed, bld.getF64Type());
}

/// f32 fma(a, b, c) = a b + c rounded once: a b is exact in f64, and the
/// f64 sum rounded to odd, then rounded to f32, is the correctly rounded sum.
Value fmaF32(Emitter &e, Value a, Value b, Value c) {
  OpBuilder &bld = e.builder();
  Type f64 = bld.getF64Type();
  Emitter d(bld, e.location(), e.tensorType().clone(f64));
  Value p = d.mul(d.convert(a, f64), d.convert(b, f64));
  return d.convert(addRoundToOdd(d, p, d.convert(c, f64)), bld.getF32Type());
}

using FmaFn = Value (*)(Emitter &, Value, Value, Value);

/// XLA's log1p (f32 or f64 operands, `fma` of that width): for
/// |x| < sqrt(2) - 1, x - x^2/2 + x^3 N(x)/D(x) with Cephes' degree-6
/// rational, Horner steps fused; log(1 + x) otherwise. erf_inv's w uses it
/// (jx's stablehlo.log_plus_one is libm's, more accurate above sqrt(2) - 1).
Value log1pLikeXla(Emitter &e, Value x, FmaFn fma) {
  static constexpr double kNum[] = {
      4.5270000862445199635215E-5, 4.9854102823193375972212E-1,
      6.5787325942061044846969E0,  2.9911919328553073277375E1,
      6.0949667980987787057556E1,  5.7112963590585538103336E1,
      2.0039553499201281259648E1};
  static constexpr double kDen[] = {
      1.0,                         1.5062909083469192043167E1,
      8.3047565967967209469434E1,  2.2176239823732856465394E2,
      3.0909872225312059774938E2,  2.1642788614495947685003E2,
      6.0118660497603843919306E1};
  Value n = e.cst(kNum[0]);
  Value d = e.cst(kDen[0]);
  for (size_t k = 1; k < 7; ++k) {
    n = fma(e, n, x, e.cst(kNum[k]));
    d = fma(e, d, x, e.cst(kDen[k]));
  }
  Value x2 = e.mul(x, x);
  Value s = e.mul(e.mul(x, x2), e.div(n, d));
  // s - x^2/2 in one rounding, as XLA's fused form: x^2/2 is exact.
  Value small = e.add(x, e.sub(s, e.mul(x2, e.cst(0.5))));
  Value large = e.log(e.add(x, e.cst(1.0)));
  return e.select(e.lt(e.abs(x), e.cst(0.41421356237309504880)), small,
                  large);
}

/// The float with IEEE single bit pattern `bits`.
double f32Bits(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

/// XLA's f32 erf (f32 operands): x N(x^2) / D(x^2), degree 4 over degree 6,
/// Horner steps fused, +-1 from |x| >= 3.8325069.
Value erfF32(Emitter &e, Value x) {
  static constexpr uint32_t kNum[] = {0x39702D51, 0x3B5F5DA2, 0x3D50B6EB,
                                      0x3E3DA740, 0x3F906EBA};
  static constexpr uint32_t kDen[] = {0xB3FD3906, 0x37C588DF, 0x3A856D28,
                                      0x3C6687D4, 0x3DE34C21, 0x3EFEB44A,
                                      0x3F800000};
  Value x2 = e.mul(x, x);
  Value n = e.cst(f32Bits(kNum[0]));
  for (size_t i = 1; i < 5; ++i)
    n = fmaF32(e, x2, n, e.cst(f32Bits(kNum[i])));
  Value d = e.cst(f32Bits(kDen[0]));
  for (size_t i = 1; i < 7; ++i)
    d = fmaF32(e, x2, d, e.cst(f32Bits(kDen[i])));
  Value r = e.div(e.mul(x, n), d);
  Value saturated = e.ge(e.abs(x), e.cst(f32Bits(0x407547CB)));
  return e.select(saturated, withSignOf(e, e.cst(1.0), x), r);
}

/// f64 fma(a, b, c) = a b + c rounded once, without an fma instruction
/// (StableHLO has none): a b = uh + ul exactly (Dekker's product with
/// Veltkamp's split), c + uh = th + tl exactly, and
/// RN(th + RO(tl + ul)) is the correctly rounded result (Boldo and
/// Melquiond, "Emulation of FMA and correctly rounded sums: proved
/// algorithms using rounding to odd", IEEE TC 2008). Finite operands whose
/// product neither overflows nor underflows.
Value fmaF64(Emitter &e, Value a, Value b, Value c) {
  auto split = [&](Value v) {
    Value t = e.mul(v, e.cst(134217729.0)); // 2^27 + 1
    Value hi = e.sub(t, e.sub(t, v));
    return std::pair<Value, Value>{hi, e.sub(v, hi)};
  };
  auto [ah, al] = split(a);
  auto [bh, bl] = split(b);
  Value uh = e.mul(a, b);
  Value ul = e.add(e.add(e.add(e.sub(e.mul(ah, bh), uh), e.mul(ah, bl)),
                         e.mul(al, bh)),
                   e.mul(al, bl));
  auto [th, tl] = twoSum(e, c, uh);
  return e.add(th, addRoundToOdd(e, tl, ul));
}

/// XLA's f64 erf_inv: Giles' double-precision erfinv, w = -log1p(-x x),
/// polynomials of degree 22 in w - 3.125 (w < 6.25), 18 in sqrt(w) - 3.25
/// (w < 16) and 16 in sqrt(w) - 5, Horner steps fused.
Value erfInvF64(Emitter &e, Value x) {
  static constexpr double kA[] = {
      -3.64441206401782e-21,   -1.6850591381820166e-19, 1.28584807152564e-18,
      1.1157877678025181e-17,  -1.333171662854621e-16,  2.0972767875968562e-17,
      6.637638134358324e-15,   -4.054566272975207e-14,  -8.151934197605472e-14,
      2.6335093153082323e-12,  -1.2975133253453532e-11, -5.415412054294628e-11,
      1.0512122733215323e-09,  -4.112633980346984e-09,  -2.9070369957882005e-08,
      4.2347877827932404e-07,  -1.3654692000834679e-06, -1.3882523362786469e-05,
      0.00018673420803405714,  -0.000740702534166267,   -0.006033670871430149,
      0.24015818242558962,     1.6536545626831027};
  static constexpr double kB[] = {
      2.2137376921775787e-09,  9.075656193888539e-08,   -2.7517406297064545e-07,
      1.8239629214389228e-08,  1.5027403968909828e-06,  -4.013867526981546e-06,
      2.9234449089955446e-06,  1.2475304481671779e-05,  -4.7318229009055734e-05,
      6.828485145957318e-05,   2.4031110387097894e-05,  -0.0003550375203628475,
      0.0009532893797373805,   -0.0016882755560235047,  0.002491442096107851,
      -0.003751208507569241,   0.005370914553590064,    1.0052589676941592,
      3.0838856104922208};
  static constexpr double kC[] = {
      -2.7109920616438573e-11, -2.555641816996525e-10,  1.5076572693500548e-09,
      -3.789465440126737e-09,  7.61570120807834e-09,    -1.496002662714924e-08,
      2.914795345090108e-08,   -6.771199775845234e-08,  2.2900482228026655e-07,
      -9.9298272942317e-07,    4.526062597223154e-06,   -1.968177810553167e-05,
      7.599527703001776e-05,   -0.00021503011930044477, -0.00013871931833623122,
      1.0103004648645344,      4.849906401408584};
  auto horner = [&](ArrayRef<double> c, Value t) {
    Value p = e.cst(c[0]);
    for (size_t i = 1; i < c.size(); ++i)
      p = fmaF64(e, p, t, e.cst(c[i]));
    return p;
  };
  Value w = e.neg(log1pLikeXla(e, e.mul(x, e.neg(x)), fmaF64));
  Value s = e.sqrt(w);
  Value pa = horner(table(kA), e.sub(w, e.cst(3.125)));
  Value pb = horner(table(kB), e.sub(s, e.cst(3.25)));
  Value pc = horner(table(kC), e.sub(s, e.cst(5.0)));
  Value p = e.select(e.lt(w, e.cst(6.25)), pa,
                     e.select(e.lt(w, e.cst(16.0)), pb, pc));
  Value r = e.mul(p, x);
  return e.select(e.eq(e.abs(x), e.cst(1.0)), withSignOf(e, e.inf(), x), r);
}

/// Giles' single-precision erfinv (f32 operands).
Value erfInvF32(Emitter &e, Value x) {
  static constexpr double kSmall[] = {
      2.81022636e-08,  3.43273939e-07, -3.5233877e-06,
      -4.39150654e-06, 0.00021858087,  -0.00125372503,
      -0.00417768164,  0.246640727,    1.50140941};
  static constexpr double kLarge[] = {
      -0.000200214257, 0.000100950558, 0.00134934322,
      -0.00367342844,  0.00573950773,  -0.0076224613,
      0.00943887047,   1.00167406,     2.83297682};
  Value w = e.neg(log1pLikeXla(e, e.neg(e.mul(x, x)), fmaF32));
  Value small = e.lt(w, e.cst(5.0));
  Value t = e.select(small, e.sub(w, e.cst(2.5)),
                     e.sub(e.sqrt(w), e.cst(3.0)));
  Value p = e.select(small, e.cst(kSmall[0]), e.cst(kLarge[0]));
  for (size_t i = 1; i < 9; ++i)
    p = fmaF32(e, p, t, e.select(small, e.cst(kSmall[i]), e.cst(kLarge[i])));
  Value r = e.mul(p, x);
  return e.select(e.eq(e.abs(x), e.cst(1.0)), withSignOf(e, e.inf(), x), r);
}

//===----------------------------------------------------------------------===//
// lgamma, digamma
//===----------------------------------------------------------------------===//

/// |sin(pi x)| and tan(pi x) through r = x - round(x), |r| <= 1/2, so that
/// the argument of sin/tan carries no large multiple of pi.
Value reducedPiX(Emitter &e, Value x) {
  return e.mul(e.cst(kPi), e.sub(x, e.round(x)));
}

/// lgamma(y) for y >= 1/2.
Value lgammaPositive(Emitter &e, Value y) {
  Value one = e.cst(1.0);
  // Stirling's series, y >= 8.5 (smaller y are clamped to keep it finite).
  Value z = e.max(y, e.cst(8.5));
  Value inv = e.div(one, z);
  Value series = e.mul(e.poly(e.mul(inv, inv), table(kStirling)), inv);
  Value stirling = e.add(
      e.add(e.sub(e.mul(e.sub(z, e.cst(0.5)), e.log(z)), z),
            e.cst(kHalfLog2Pi)),
      series);
  // 1/2 <= y < 8.5: lgamma(y) = lgamma(y - n) + log((y - 1) ... (y - n))
  // with y - n in [1.5, 2.5), or lgamma(y + 1) - log(y) below 1.5.
  Value n = e.max(e.floor(e.sub(y, e.cst(1.5))), e.cst(0.0));
  Value product = one;
  for (int k = 1; k <= 7; ++k) {
    Value kk = e.cst(k);
    product = e.mul(product, e.select(e.le(kk, n), e.sub(y, kk), one));
  }
  Value below = e.lt(y, e.cst(1.5));
  Value t = e.select(below, e.sub(y, one), e.sub(y, e.add(n, e.cst(2.0))));
  Value nearTwo = e.mul(t, e.poly(t, table(kLgammaNearTwo)));
  Value shifted = e.select(below, e.sub(nearTwo, e.log1p(t)),
                           e.add(nearTwo, e.log(product)));
  return e.select(e.lt(y, e.cst(8.5)), shifted, stirling);
}

Value lgamma(Emitter &e, Value x) {
  Value one = e.cst(1.0);
  Value reflect = e.lt(x, e.cst(0.5));
  Value y = e.select(reflect, e.sub(one, x), x);
  Value positive = lgammaPositive(e, y);
  Value sinPiX = e.abs(e.sin(reducedPiX(e, x)));
  // log(pi / |sin(pi x)|) - lgamma(1 - x); +inf at the poles.
  Value reflected =
      e.sub(e.sub(e.cst(kLogPi), e.log(sinPiX)), positive);
  Value r = e.select(reflect, reflected, positive);
  Value inf = e.inf();
  return e.select(e.eq(e.abs(x), inf), inf, r);
}

/// digamma(y) for y >= 1/2.
Value digammaPositive(Emitter &e, Value y) {
  Value one = e.cst(1.0);
  Value shift = e.lt(y, e.cst(8.5));
  Value z = e.select(shift, e.add(y, e.cst(8.0)), y);
  Value sum = e.cst(0.0);
  for (int k = 0; k < 8; ++k)
    sum = e.add(sum, e.div(one, e.add(y, e.cst(k))));
  sum = e.select(shift, sum, e.cst(0.0));
  Value inv = e.div(one, z);
  Value inv2 = e.mul(inv, inv);
  Value series = e.mul(e.poly(inv2, table(kDigammaAsymptotic)), inv2);
  Value psi =
      e.sub(e.sub(e.log(z), e.mul(e.cst(0.5), inv)), series);
  return e.sub(psi, sum);
}

Value digamma(Emitter &e, Value x) {
  Value one = e.cst(1.0);
  Value reflect = e.lt(x, e.cst(0.5));
  Value y = e.select(reflect, e.sub(one, x), x);
  Value positive = digammaPositive(e, y);
  Value reflected =
      e.sub(positive, e.div(e.cst(kPi), e.tan(reducedPiX(e, x))));
  Value r = e.select(reflect, reflected, positive);
  // Poles at the non-positive integers give NaN; +inf gives +inf.
  Value pole = e.andOp(e.le(x, e.cst(0.0)), e.eq(x, e.floor(x)));
  r = e.select(pole, e.nan(), r);
  return e.select(e.eq(x, e.inf()), e.inf(), r);
}

//===----------------------------------------------------------------------===//
// zeta, polygamma
//===----------------------------------------------------------------------===//

/// Hurwitz zeta(s, q) = sum_k (q + k)^-s for s > 1, q > 0.
Value zeta(Emitter &e, Value s, Value q) {
  Value one = e.cst(1.0), zero = e.cst(0.0);
  constexpr int kTerms = 9;
  Value sum = zero;
  for (int k = 0; k < kTerms; ++k)
    sum = e.add(sum, e.pow(e.add(q, e.cst(k)), e.neg(s)));
  Value a = e.add(q, e.cst(kTerms));
  Value aPowMinusS = e.pow(a, e.neg(s));
  // Integral and half-term of the tail.
  Value tail = e.add(e.div(e.mul(a, aPowMinusS), e.sub(s, one)),
                     e.mul(e.cst(0.5), aPowMinusS));
  // sum_j B_2j / (2j)! s (s + 1) ... (s + 2j - 2) a^(-s - 2j + 1)
  Value invA = e.div(one, a);
  Value factor = e.mul(s, e.mul(aPowMinusS, invA)); // s a^(-s-1)
  Value correction = zero;
  for (size_t j = 0; j < std::size(kZetaWeights); ++j) {
    correction = e.add(correction, e.mul(e.cst(kZetaWeights[j]), factor));
    // Next: multiply by (s + 2j + 1)(s + 2j + 2) / a^2.
    Value m = e.mul(e.add(s, e.cst(2.0 * j + 1)), e.add(s, e.cst(2.0 * j + 2)));
    factor = e.mul(factor, e.mul(m, e.mul(invA, invA)));
  }
  Value r = e.add(e.add(sum, tail), correction);
  // s == 1: pole; s < 1 (outside the domain): NaN; q a non-positive
  // integer: pole; other q <= 0: NaN.
  Value inf = e.inf(), nan = e.nan();
  r = e.select(e.le(q, zero),
               e.select(e.eq(q, e.floor(q)), inf, nan), r);
  r = e.select(e.lt(s, one), nan, r);
  return e.select(e.eq(s, one), inf, r);
}

//===----------------------------------------------------------------------===//
// bessel_i1e
//===----------------------------------------------------------------------===//

Value besselI1e(Emitter &e, Value x) {
  Value a = e.abs(x);
  Value one = e.cst(1.0);
  // |x| <= 20: exp(-a) (a / 2) sum (a^2 / 4)^k / (k! (k + 1)!).
  Value small = e.min(a, e.cst(20.0));
  Value quarter = e.mul(e.mul(small, small), e.cst(0.25));
  Value series = e.mul(e.mul(e.cst(0.5), small),
                       e.poly(quarter, table(kBesselI1Series)));
  Value seriesScaled = e.mul(series, e.exp(e.neg(small)));
  // |x| > 20: sum c_k / a^k / sqrt(2 pi a).
  Value large = e.max(a, e.cst(20.0));
  Value asym = e.mul(e.poly(e.div(one, large), table(kBesselI1eAsymptotic)),
                     e.div(e.cst(kInvSqrt2Pi), e.sqrt(large)));
  Value r = e.select(e.le(a, e.cst(20.0)), seriesScaled, asym);
  return withSignOf(e, r, x);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

template <class Op, Value (*Formula)(Emitter &, Value)>
struct UnaryF64Pattern : OpRewritePattern<Op> {
  using OpRewritePattern<Op>::OpRewritePattern;
  LogicalResult matchAndRewrite(Op op,
                                PatternRewriter &rewriter) const override {
    return rewriteUnaryFloat(rewriter, op, Formula, /*minWidth=*/64);
  }
};

/// f64 operands through F64, narrower ones through F32 (f16/bf16 extended
/// to f32): the functions that follow XLA's f32 formulations.
template <class Op, Value (*F64)(Emitter &, Value),
          Value (*F32)(Emitter &, Value)>
struct XlaUnaryPattern : OpRewritePattern<Op> {
  using OpRewritePattern<Op>::OpRewritePattern;
  LogicalResult matchAndRewrite(Op op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getOperand().getType());
    if (type && type.getElementType().isF64())
      return rewriteUnaryFloat(rewriter, op, F64, /*minWidth=*/64);
    return rewriteUnaryFloat(rewriter, op, F32, /*minWidth=*/32);
  }
};

struct ZetaPattern : OpRewritePattern<ZetaOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ZetaOp op,
                                PatternRewriter &rewriter) const override {
    return rewriteBinaryFloat(rewriter, op, zeta, /*minWidth=*/64);
  }
};

Value polygamma(Emitter &e, Value n, Value x) {
  // (-1)^(n+1) n! zeta(n + 1, x) for integer n >= 1, digamma for n = 0.
  Value one = e.cst(1.0);
  Value factorial = e.exp(lgamma(e, e.add(n, one)));
  Value z = zeta(e, e.add(n, one), x);
  Value parity = e.sub(n, e.mul(e.cst(2.0), e.floor(e.mul(n, e.cst(0.5)))));
  Value sign = e.select(e.eq(parity, one), one, e.cst(-1.0));
  Value r = e.mul(e.mul(sign, factorial), z);
  r = e.select(e.eq(n, e.cst(0.0)), digamma(e, x), r);
  Value valid = e.andOp(e.eq(n, e.floor(n)), e.ge(n, e.cst(0.0)));
  return e.select(valid, r, e.nan());
}

struct PolygammaPattern : OpRewritePattern<PolygammaOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(PolygammaOp op,
                                PatternRewriter &rewriter) const override {
    return rewriteBinaryFloat(rewriter, op, polygamma, /*minWidth=*/64);
  }
};

} // namespace

void jx::chlo::detail::populateSpecialFunctionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<XlaUnaryPattern<ErfOp, erf, erfF32>,
               XlaUnaryPattern<ErfInvOp, erfInvF64, erfInvF32>,
               UnaryF64Pattern<ErfcOp, erfc>,
               UnaryF64Pattern<LgammaOp, lgamma>,
               UnaryF64Pattern<DigammaOp, digamma>,
               UnaryF64Pattern<BesselI1eOp, besselI1e>, ZetaPattern,
               PolygammaPattern>(patterns.getContext());
}
