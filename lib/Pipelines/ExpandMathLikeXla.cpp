//===- ExpandMathLikeXla.cpp - f32 log as XLA:CPU computes it -------------===//
//
// `--jx-expand-math-like-xla` replaces math.log on f32 (scalars or vectors)
// with the formulation XLA's CPU backend generates, so that jx's results
// equal JAX's bit for bit: jax.random's Gumbel sampler goes through log, and
// a model ported from JAX should draw the same numbers. (erf_inv's log1p,
// for normal samples, is XLA's too, inside the chlo.erf_inv expansion;
// math.log1p itself stays libm's, which is more accurate than XLA's for
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
// Checked against JAX on millions of inputs by scripts/compare_xla_math.py
// (identical but for subnormal inputs) and in test/e2e/xla_math_bit_exact.mlir.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Pass/Pass.h"

#include <cstdint>
#include <cstring>
#include <limits>

using namespace mlir;

namespace jx {
namespace {

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

using P = arith::CmpFPredicate;

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

struct ExpandMathLikeXlaPass
    : PassWrapper<ExpandMathLikeXlaPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ExpandMathLikeXlaPass)
  StringRef getArgument() const override { return "jx-expand-math-like-xla"; }
  StringRef getDescription() const override {
    return "Expand f32 math.log into XLA:CPU's formulation "
           "(bit-identical results to JAX on CPU)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, LLVM::LLVMDialect,
                    math::MathDialect>();
  }
  void runOnOperation() override {
    // Erasing the visited op is safe in a post-order walk.
    getOperation().walk([](math::LogOp op) {
      if (!getElementTypeOrSelf(op.getType()).isF32())
        return;
      OpBuilder b(op);
      F32Builder e(b, op.getLoc(), op.getType());
      op.replaceAllUsesWith(expandLog(e, op.getOperand()));
      op.erase();
    });
  }
};

} // namespace

void registerExpandMathLikeXlaPass() {
  PassRegistration<ExpandMathLikeXlaPass>();
}

} // namespace jx
