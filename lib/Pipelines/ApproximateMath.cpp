//===- ApproximateMath.cpp - vectorizable f32 transcendentals -------------===//
//
// `--jx-approximate-math` replaces f32 math ops (scalar or vector) with
// MLIR's branch-free polynomial approximations, built from arith ops and
// fma. libm's scalar calls stop the loop vectorizer; the expansions do not,
// so an elementwise loop over exp or tanh runs at the host's vector width.
//
// Which functions are approximated is a choice made per function from
// measured accuracy (scripts/math_accuracy.py, docs/math-accuracy.md): a
// function is on the default list only when its expansion's largest error,
// over every class of input, is within a few ulps of the correctly rounded
// result and its special values (±0, ±inf, NaN, overflow, underflow) are
// right. The others stay libm calls. f64 is never approximated here; f16
// and bf16 reach this pass already extended to f32.
//
//===----------------------------------------------------------------------===//

#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace jx {
namespace {

struct ApproximateMathPass
    : PassWrapper<ApproximateMathPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ApproximateMathPass)
  ApproximateMathPass() = default;
  ApproximateMathPass(const ApproximateMathPass &other)
      : PassWrapper(other) {}

  StringRef getArgument() const override { return "jx-approximate-math"; }
  StringRef getDescription() const override {
    return "Replace f32 transcendental math ops with vectorizable "
           "polynomial approximations";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, math::MathDialect,
                    vector::VectorDialect>();
  }

  ListOption<std::string> ops{
      *this, "ops",
      llvm::cl::desc("Math op names to approximate (math.exp, ...) (default: the "
                     "functions whose measured accuracy allows it)")};

  void runOnOperation() override {
    SmallVector<std::string> chosen(ops.begin(), ops.end());
    if (chosen.empty())
      chosen.assign(std::begin(kDefaultOps), std::end(kDefaultOps));
    auto wanted = [&](StringRef name) {
      return llvm::is_contained(chosen, name.str());
    };
    // The greedy driver walks and simplifies the whole module even when
    // no op is left for it (jx-expand-math-like-xla expands exp and tanh
    // first): look before starting it.
    bool any = false;
    getOperation().walk([&](Operation *op) {
      if (wanted(op->getName().getStringRef())) {
        any = true;
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (!any)
      return;
    RewritePatternSet patterns(&getContext());
    populateMathPolynomialApproximationPatterns(patterns, wanted);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }

  static constexpr const char *kDefaultOps[] = {"math.exp", "math.expm1", "math.tanh"};
};

/// `--jx-math-to-intrinsics`: the math ops that are one LLVM intrinsic
/// (fma, floor, ceil, trunc, round, roundeven, sqrt, absf) become that
/// intrinsic before convert-math-to-libm would make them libm calls, which
/// LLVM does not vectorize. The polynomial expansions are made of them.
struct MathToIntrinsicsPass
    : PassWrapper<MathToIntrinsicsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(MathToIntrinsicsPass)
  StringRef getArgument() const override { return "jx-math-to-intrinsics"; }
  StringRef getDescription() const override {
    return "Lower the math ops that are single LLVM intrinsics to them "
           "(not to libm calls)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect>();
  }
  template <typename To> static Value make(OpBuilder &b, Operation *op) {
    return To::create(b, op->getLoc(), op->getResultTypes(), op->getOperands())
        ->getResult(0);
  }
  void runOnOperation() override {
    getOperation().walk([](Operation *op) {
      if (op->getNumResults() != 1 ||
          !isa<FloatType>(getElementTypeOrSelf(op->getResult(0).getType())))
        return;
      OpBuilder b(op);
      Value r = llvm::TypeSwitch<Operation *, Value>(op)
                    .Case([&](math::FmaOp) { return make<LLVM::FMAOp>(b, op); })
                    .Case([&](math::FloorOp) {
                      return make<LLVM::FFloorOp>(b, op);
                    })
                    .Case([&](math::CeilOp) { return make<LLVM::FCeilOp>(b, op); })
                    .Case([&](math::TruncOp) {
                      return make<LLVM::FTruncOp>(b, op);
                    })
                    .Case([&](math::RoundOp) { return make<LLVM::RoundOp>(b, op); })
                    .Case([&](math::RoundEvenOp) {
                      return make<LLVM::RoundEvenOp>(b, op);
                    })
                    .Case([&](math::SqrtOp) { return make<LLVM::SqrtOp>(b, op); })
                    .Case([&](math::AbsFOp) { return make<LLVM::FAbsOp>(b, op); })
                    .Default([](Operation *) { return Value(); });
      if (!r)
        return;
      op->getResult(0).replaceAllUsesWith(r);
      op->erase();
    });
  }
};

} // namespace

void registerApproximateMathPass() {
  PassRegistration<ApproximateMathPass>();
  PassRegistration<MathToIntrinsicsPass>();
}

} // namespace jx
