//===- ExpandMathLikeXla.cpp - f32 log, exp, tanh as XLA:CPU computes them ===//
//
// `--jx-expand-math-like-xla{ops=...}` replaces math.log, math.exp and
// math.tanh on f32 (scalars or vectors) with the formulations XLA's CPU
// backend generates, so that jx's results equal JAX's bit for bit:
// jax.random's Gumbel sampler goes through log, and a model ported from
// JAX should compute the same numbers. (erf_inv's log1p, for normal
// samples, is XLA's too, inside the chlo.erf_inv expansion; math.log1p
// itself stays libm's, which is more accurate than XLA's for
// |x| >= sqrt(2) - 1.)
//
// log x: x = m 2^e with m in [sqrt(1/2), sqrt(2)), t = m - 1,
//   log x = t - t^2/2 + t^3 P(t) + e log 2,
// P the degree-8 Cephes polynomial for logf in three interleaved pieces,
// log 2 split as 0.693359375 - 2.12194440e-4 (Cody and Waite), every
// multiply-add fused where XLA's LLVM backend fuses it. Unlike XLA (which
// flushes subnormal inputs to zero) subnormal inputs are scaled by 2^23
// first, so log of a subnormal is finite and accurate. f64 log is left to
// libm, as XLA leaves it.
//
// exp and tanh are Eigen's formulas, which XLA uses and which MLIR's
// polynomial approximations (jx-approximate-math) copy op for op; here
// they take fewer instructions for the same bits (see expandExp and
// expandTanh): a softmax is bound by its exp on one core.
//
// Checked against JAX on millions of inputs by scripts/compare_xla_math.py
// (identical but for subnormal inputs) and in test/e2e/xla_math_bit_exact.mlir;
// exp and tanh against MLIR's expansions on every f32 input by
// scripts/check_math_rewrites.py (test/e2e/math_rewrites_bit_exact.mlir).
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Pass/Pass.h"

#include "llvm/ADT/STLExtras.h"

#include <cstdint>
#include <cstring>
#include <limits>

using namespace mlir;

namespace jx {
namespace {

using P = arith::CmpFPredicate;

/// Builds the scalar or vector f32 arithmetic of the expansion.
class F32Builder {
public:
  F32Builder(OpBuilder &b, Location loc, Type type)
      : b(b), loc(loc), type(type) {
    Type i32 = b.getI32Type();
    intType = i32;
    if (auto v = dyn_cast<VectorType>(type))
      intType = v.clone(i32);
  }

  Value f(float v) { return constant(type, b.getF32FloatAttr(v)); }
  Value bits(uint32_t v) {
    float x;
    std::memcpy(&x, &v, sizeof x);
    return f(x);
  }
  Value i(int32_t v) { return constant(intType, b.getI32IntegerAttr(v)); }

  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value neg(Value x) { return arith::NegFOp::create(b, loc, x); }
  /// x y + z, rounded once.
  Value fma(Value x, Value y, Value z) {
    return LLVM::FMAOp::create(b, loc, x, y, z);
  }
  Value abs(Value x) { return math::AbsFOp::create(b, loc, x); }
  Value cmp(arith::CmpFPredicate p, Value x, Value y) {
    return arith::CmpFOp::create(b, loc, p, x, y);
  }
  Value select(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
  Value toInt(Value x) { return arith::BitcastOp::create(b, loc, intType, x); }
  Value toFloat(Value x) { return arith::BitcastOp::create(b, loc, type, x); }
  Value intToFloat(Value x) { return arith::SIToFPOp::create(b, loc, type, x); }
  Value andI(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value orI(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value shrU(Value x, Value y) { return arith::ShRUIOp::create(b, loc, x, y); }
  Value subI(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value shl(Value x, Value y) { return arith::ShLIOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value floor(Value x) { return math::FloorOp::create(b, loc, x); }
  /// min(x, c) and max(x, c) that let a NaN x through.
  Value minNaN(Value x, Value c) { return select(cmp(P::ULE, x, c), x, c); }
  Value maxNaN(Value x, Value c) { return select(cmp(P::UGE, x, c), x, c); }

private:
  Value constant(Type t, TypedAttr scalar) {
    if (auto v = dyn_cast<ShapedType>(t))
      return arith::ConstantOp::create(b, loc, t,
                                       DenseElementsAttr::get(v, scalar));
    return arith::ConstantOp::create(b, loc, t, scalar);
  }

  OpBuilder &b;
  Location loc;
  Type type;
  Type intType;
};

constexpr uint32_t kMinNormal = 0x00800000; // 2^-126
constexpr uint32_t kSqrtHalf = 0x3F3504F3;  // sqrt(1/2)

/// Cephes' logf polynomial, highest degree first, in XLA's three pieces.
constexpr uint32_t kLogP[9] = {0x3D9021BB, 0xBDEBD1B8, 0x3DEF251A,
                               0xBDFE5D4F, 0x3E11E9BF, 0xBE2AAE50,
                               0x3E4CCEAC, 0xBE7FFFFC, 0x3EAAAAAA};
constexpr uint32_t kLog2Lo = 0xB95E8083; // -2.12194440e-4
constexpr uint32_t kLog2Hi = 0x3F318000; // 0.693359375

Value expandLog(F32Builder &e, Value x) {
  // Subnormals: scale into the normal range and correct the exponent.
  Value tiny = e.cmp(P::OLT, e.abs(x), e.bits(kMinNormal));
  Value scaled = e.select(tiny, e.mul(x, e.f(8388608.0f)), x);
  Value bits = e.toInt(scaled);
  Value exponent = e.intToFloat(e.subI(e.shrU(bits, e.i(23)), e.i(127)));
  exponent = e.add(exponent, e.f(1.0f));
  exponent = e.sub(exponent, e.select(tiny, e.f(23.0f), e.f(0.0f)));
  // Mantissa in [1/2, 1); below sqrt(1/2) it is doubled (2m - 1 below).
  Value mantissaBits = e.andI(bits, e.i(static_cast<int32_t>(0x807FFFFF)));
  Value m = e.toFloat(e.orI(mantissaBits, e.i(0x3F000000)));
  Value low = e.cmp(P::OLT, m, e.bits(kSqrtHalf));
  Value t = e.add(e.sub(m, e.f(1.0f)), e.select(low, m, e.f(0.0f)));
  exponent = e.sub(exponent, e.select(low, e.f(1.0f), e.f(0.0f)));

  Value t2 = e.mul(t, t);
  Value t3 = e.mul(t2, t);
  auto piece = [&](int k) {
    Value y = e.fma(e.bits(kLogP[k]), t, e.bits(kLogP[k + 1]));
    return e.fma(y, t, e.bits(kLogP[k + 2]));
  };
  Value y = e.fma(piece(0), t3, piece(3));
  y = e.fma(y, t3, piece(6));
  y = e.fma(y, t3, e.mul(exponent, e.bits(kLog2Lo)));
  Value r = e.add(e.fma(e.neg(t2), e.f(0.5f), t), y);
  r = e.fma(exponent, e.bits(kLog2Hi), r);

  float inf = std::numeric_limits<float>::infinity();
  float nan = std::numeric_limits<float>::quiet_NaN();
  r = e.select(e.cmp(P::OEQ, x, e.f(inf)), e.f(inf), r);
  r = e.select(e.cmp(P::OEQ, x, e.f(0.0f)), e.f(-inf), r);
  // Negative or NaN.
  return e.select(e.cmp(P::ULT, x, e.f(0.0f)), e.f(nan), r);
}

/// exp x as XLA:CPU computes it (Eigen's pexp, which is also MLIR's
/// polynomial approximation), in two instructions fewer: with x clamped
/// to [-87.8, 88.8], k = floor(x log2(e) + 1/2) is at least -127, so the
/// clamp of k from below is dropped; and 2^k is built by adding 2^23 + 127
/// to k in f32 (exact: an integer below 2^24) and shifting the sum's bits
/// left by 23, which leaves k + 127 in the exponent field, where XLA
/// converts k to an integer, adds 127 and shifts. k = -127 still gives
/// 2^k = 0, as in XLA's formula (x below about -87.68 gives 0), and a NaN
/// x still gives NaN. Bit for bit the same results on every f32 input
/// (scripts/check_math_rewrites.py).
constexpr uint32_t kExpLo = 0xC2AF999A; // -87.8
constexpr uint32_t kExpHi = 0x42B1999A; // 88.8
constexpr uint32_t kLog2E = 0x3FB8AA3B; // 1.44269502
constexpr uint32_t kLn2Hi = 0xBF318000; // -0.693359375
constexpr uint32_t kLn2Lo = 0x395E8083; // 2.12194442e-4
constexpr uint32_t kExpP[6] = {0x39506967, 0x3AB743CE, 0x3C088908,
                               0x3D2AA9C1, 0x3E2AAAAA, 0x3F000000};
constexpr uint32_t kTwo23Plus127 = 0x4B00007F; // 8388735

Value expandExp(F32Builder &e, Value x) {
  x = e.minNaN(e.maxNaN(x, e.bits(kExpLo)), e.bits(kExpHi));
  Value k = e.floor(e.fma(x, e.bits(kLog2E), e.f(0.5f)));
  k = e.minNaN(k, e.f(127.0f));
  Value r = e.fma(e.bits(kLn2Hi), k, x);
  r = e.fma(e.bits(kLn2Lo), k, r);
  Value y = e.fma(r, e.bits(kExpP[0]), e.bits(kExpP[1]));
  for (int i = 2; i < 6; ++i)
    y = e.fma(y, r, e.bits(kExpP[i]));
  y = e.add(e.fma(y, e.mul(r, r), r), e.f(1.0f));
  Value scale =
      e.toFloat(e.shl(e.toInt(e.add(k, e.bits(kTwo23Plus127))), e.i(23)));
  return e.mul(y, scale);
}

/// tanh x as XLA:CPU computes it (Eigen's ptanh: a rational function of
/// degree 13 over 6 on x clamped to +-7.99881172, x itself for |x| below
/// 4e-4), in one instruction fewer: |x| < 4e-4 is tested as x^2 < t, x^2
/// being needed anyway, with t = fl(4e-4^2); fl(x^2) grows with |x| and
/// the largest f32 below 4e-4 squares to the f32 just below t, so the test
/// picks the same inputs. Bit for bit the same results on every f32 input
/// (scripts/check_math_rewrites.py).
constexpr uint32_t kTanhClamp = 0x40FFF644;       // 7.99881172
constexpr uint32_t kTanhTinySquared = 0x342BCC76; // fl(fl(4e-4)^2)
constexpr uint32_t kTanhP[7] = {0xA59F25C0, 0x2A61337E, 0xAEBD37FF, 0x335C0041,
                                0x3779434A, 0x3A270DED, 0x3BA059DC};
constexpr uint32_t kTanhQ[4] = {0x35A0D3D8, 0x38F895D6, 0x3B14AA05, 0x3BA059DD};

Value expandTanh(F32Builder &e, Value x) {
  x = e.maxNaN(e.minNaN(x, e.bits(kTanhClamp)),
               e.bits(kTanhClamp | 0x80000000u));
  Value x2 = e.mul(x, x);
  Value tiny = e.cmp(P::OLT, x2, e.bits(kTanhTinySquared));
  Value p = e.fma(x2, e.bits(kTanhP[0]), e.bits(kTanhP[1]));
  for (int i = 2; i < 7; ++i)
    p = e.fma(x2, p, e.bits(kTanhP[i]));
  p = e.mul(x, p);
  Value q = e.fma(x2, e.bits(kTanhQ[0]), e.bits(kTanhQ[1]));
  for (int i = 2; i < 4; ++i)
    q = e.fma(x2, q, e.bits(kTanhQ[i]));
  return e.select(tiny, x, e.div(p, q));
}

struct ExpandMathLikeXlaPass
    : PassWrapper<ExpandMathLikeXlaPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ExpandMathLikeXlaPass)
  ExpandMathLikeXlaPass() = default;
  ExpandMathLikeXlaPass(const ExpandMathLikeXlaPass &other)
      : PassWrapper(other) {}

  StringRef getArgument() const override { return "jx-expand-math-like-xla"; }
  StringRef getDescription() const override {
    return "Expand f32 math.log, math.exp and math.tanh into XLA:CPU's "
           "formulations (bit-identical results to JAX on CPU)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, LLVM::LLVMDialect,
                    math::MathDialect>();
  }

  ListOption<std::string> ops{
      *this, "ops",
      llvm::cl::desc("Math op names to expand (default: math.log, math.exp, "
                     "math.tanh)")};

  void runOnOperation() override {
    auto wanted = [&](StringRef name) {
      return ops.empty() || llvm::is_contained(ops, name.str());
    };
    bool log = wanted("math.log"), exp = wanted("math.exp"),
         tanh = wanted("math.tanh");
    // Erasing the visited op is safe in a post-order walk.
    getOperation().walk([&](Operation *op) {
      Value (*expand)(F32Builder &, Value) = nullptr;
      if (isa<math::LogOp>(op) && log)
        expand = expandLog;
      else if (isa<math::ExpOp>(op) && exp)
        expand = expandExp;
      else if (isa<math::TanhOp>(op) && tanh)
        expand = expandTanh;
      if (!expand || !getElementTypeOrSelf(op->getResult(0).getType()).isF32())
        return;
      OpBuilder b(op);
      F32Builder e(b, op->getLoc(), op->getResult(0).getType());
      op->getResult(0).replaceAllUsesWith(expand(e, op->getOperand(0)));
      op->erase();
    });
  }
};

} // namespace

void registerExpandMathLikeXlaPass() {
  PassRegistration<ExpandMathLikeXlaPass>();
}

} // namespace jx
