//===- DivideByReciprocal.cpp - x / broadcast(b) as x * broadcast(1 / b) --===//
//
// `--jx-divide-by-reciprocal`, hlo phase. A floating-point division whose
// divisor is a broadcast, or a constant, becomes a multiplication by the
// divisor's reciprocal, computed once per element of the broadcast's
// operand (or at compile time for a splat constant):
//
//   %d = broadcast_in_dim %b          %r = divide 1, %b
//   %q = divide %a, %d          =>    %d = broadcast_in_dim %r
//                                     %q = multiply %a, %d
//
// This is what XLA does (measured on JAX 0.10.2's CPU backend: for f16,
// f32 and f64, `a / b[:, None]`, `a / b[None, :]`, `a / s` for a scalar
// array s, and `a / c` for a constant c give `a * (1 / b)` bit for bit and
// differ from the division in about a quarter of the elements; a division
// by an array of the same shape, a division XLA folds at compile time
// (of values computed from constants alone: JAX's `jnp.percentile(x, 30)`
// divides 30 by 100 exactly), and every bf16 and complex division, stay
// divisions). jx follows it so that its results are JAX's: a softmax's
// `e / sum(e)` is the multiplication on XLA. It is also what a division by
// one value per row should cost: a vector division takes six times a
// multiplication's throughput on AMD Zen 4, and the division pass of a
// softmax over f32[4096, 4096] was a tenth of its time.
//
// The quotient may differ from the correctly rounded one by an ulp, and a
// divisor whose reciprocal overflows (a subnormal) gives inf where the
// division would not: XLA's behaviour too.
//
//===----------------------------------------------------------------------===//

#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"
#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace jx {
namespace {

namespace hlo = jx::stablehlo;

/// The element types whose divisions XLA turns into multiplications.
bool hasReciprocalDivision(Type elementType) {
  return elementType.isF16() || elementType.isF32() || elementType.isF64();
}

/// 1 / x rounded to `x`'s type as jx's compiled code rounds it: f16
/// arithmetic is carried out in f32 and rounded after each operation.
APFloat reciprocal(const APFloat &x, Type elementType) {
  bool losesInfo = false;
  if (elementType.isF16()) {
    APFloat wide = x;
    wide.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven,
                 &losesInfo);
    APFloat r(1.0f);
    r.divide(wide, APFloat::rmNearestTiesToEven);
    r.convert(APFloat::IEEEhalf(), APFloat::rmNearestTiesToEven, &losesInfo);
    return r;
  }
  APFloat r(x.getSemantics(), 1);
  r.divide(x, APFloat::rmNearestTiesToEven);
  return r;
}

/// Whether `v` is computed from constants alone (by pure ops without
/// regions, `depth` levels deep at most; not through an
/// optimization_barrier): XLA folds such a division at compile time, as a
/// division. The reciprocals this pass makes, 1 / b, are such divisions.
bool isFoldable(Value v, int depth = 8) {
  Operation *def = v.getDefiningOp();
  if (!def || depth == 0 || def->getNumRegions() != 0 ||
      !isMemoryEffectFree(def) || isa<hlo::OptimizationBarrierOp>(def))
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return isFoldable(operand, depth - 1);
  });
}

struct DivideByReciprocal : OpRewritePattern<hlo::DivOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(hlo::DivOp div,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(div.getType());
    if (!type || !hasReciprocalDivision(type.getElementType()) ||
        isFoldable(div.getLhs()))
      return failure();
    Location loc = div.getLoc();
    Value divisor = div.getRhs();

    // A splat constant: its reciprocal at compile time.
    SplatElementsAttr splat;
    if (matchPattern(divisor, m_Constant(&splat))) {
      APFloat r =
          reciprocal(splat.getSplatValue<APFloat>(), type.getElementType());
      auto recip = hlo::ConstantOp::create(
          rewriter, loc,
          DenseElementsAttr::get(cast<ShapedType>(divisor.getType()), r));
      rewriter.replaceOpWithNewOp<hlo::MulOp>(div, type, div.getLhs(), recip);
      return success();
    }

    // Any other constant, or a broadcast that adds elements: the
    // reciprocal of the constant, or of the broadcast's operand.
    Value base;
    hlo::BroadcastInDimOp broadcast;
    if (matchPattern(divisor, m_Constant())) {
      base = divisor;
    } else if ((broadcast = divisor.getDefiningOp<hlo::BroadcastInDimOp>())) {
      auto from = dyn_cast<RankedTensorType>(broadcast.getOperand().getType());
      if (!from || !from.hasStaticShape() || !type.hasStaticShape() ||
          from.getNumElements() >= type.getNumElements())
        return failure();
      base = broadcast.getOperand();
    } else {
      return failure();
    }
    auto baseType = cast<RankedTensorType>(base.getType());
    auto one = hlo::ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(
            baseType, rewriter.getFloatAttr(baseType.getElementType(), 1.0)));
    Value recip = hlo::DivOp::create(rewriter, loc, baseType, one, base);
    if (broadcast)
      recip = hlo::BroadcastInDimOp::create(
          rewriter, broadcast.getLoc(), broadcast.getType(), recip,
          broadcast.getBroadcastDimensionsAttr());
    rewriter.replaceOpWithNewOp<hlo::MulOp>(div, type, div.getLhs(), recip);
    return success();
  }
};

struct DivideByReciprocalPass
    : PassWrapper<DivideByReciprocalPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DivideByReciprocalPass)
  StringRef getArgument() const override { return "jx-divide-by-reciprocal"; }
  StringRef getDescription() const override {
    return "Divide by a broadcast or a constant as XLA does: multiply by its "
           "reciprocal";
  }
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<DivideByReciprocal>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void registerDivideByReciprocalPass() {
  PassRegistration<DivideByReciprocalPass>();
}

} // namespace jx
