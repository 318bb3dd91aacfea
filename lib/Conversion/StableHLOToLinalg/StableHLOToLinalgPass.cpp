//===- StableHLOToLinalgPass.cpp - the --stablehlo-legalize-to-linalg pass ===//
//
// Applies every family's patterns with a full conversion: a stablehlo op
// left over is an error naming the op and this stage. Ops of other dialects
// that carry stablehlo types (func signatures, calls, the test-only check
// ops) get their types converted.
//
//===----------------------------------------------------------------------===//

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;

namespace jx::stablehlo {
namespace {

/// Rebuilds an op of another dialect (check.*) with converted operand and
/// result types; the original element type of its first operand is kept as
/// `jx.element_type` so that signedness survives for messages.
struct ConvertForeignOpTypes : ConversionPattern {
  ConvertForeignOpTypes(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), 1, ctx) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->getDialect() && op->getDialect()->getNamespace() != "check")
      return failure();
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), results)))
      return failure();
    // Literal attributes follow their operand to the signless type.
    SmallVector<NamedAttribute> attrs;
    for (NamedAttribute attr : op->getAttrs()) {
      auto dense = dyn_cast<DenseElementsAttr>(attr.getValue());
      Type converted =
          dense ? getTypeConverter()->convertType(dense.getElementType())
                : Type();
      if (converted && converted != dense.getElementType() &&
          converted.getIntOrFloatBitWidth() ==
              dense.getElementType().getIntOrFloatBitWidth())
        attr.setValue(dense.bitcast(converted));
      attrs.push_back(attr);
    }
    OperationState state(op->getLoc(), op->getName().getStringRef(), operands,
                         results, attrs);
    if (op->getNumOperands() > 0 && !op->hasAttr("jx.element_type"))
      state.addAttribute("jx.element_type",
                         TypeAttr::get(getElementTypeOrSelf(op->getOperand(0))));
    Operation *created = rewriter.create(state);
    rewriter.replaceOp(op, created->getResults());
    return success();
  }
};

struct StableHLOLegalizeToLinalgPass
    : PassWrapper<StableHLOLegalizeToLinalgPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(StableHLOLegalizeToLinalgPass)

  StringRef getArgument() const override {
    return "stablehlo-legalize-to-linalg";
  }
  StringRef getDescription() const override {
    return "Lower stablehlo to linalg, tensor, arith, math, complex and scf";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, bufferization::BufferizationDialect,
                    complex::ComplexDialect, linalg::LinalgDialect,
                    math::MathDialect, scf::SCFDialect,
                    tensor::TensorDialect>();
  }

  /// Names the first value whose element type the CPU code generator does
  /// not handle yet, rather than letting the conversion fail on it.
  LogicalResult checkElementTypes() {
    WalkResult result = getOperation().walk([](Operation *op) {
      for (Value v : llvm::concat<Value>(op->getOperands(), op->getResults())) {
        Type element = getElementTypeOrSelf(v.getType());
        if (isa<IntegerType, FloatType, ComplexType>(element) ||
            isQuantizedElementType(element))
          if (!isSupportedElementType(element)) {
            op->emitError() << "element type " << element
                            << " is not supported yet by the CPU compiler";
            return WalkResult::interrupt();
          }
      }
      return WalkResult::advance();
    });
    return failure(result.wasInterrupted());
  }

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    if (failed(checkElementTypes()))
      return signalPassFailure();
    LinalgTypeConverter converter;
    RewritePatternSet patterns(ctx);
    populateStableHLOElementwiseToLinalgPatterns(converter, patterns);
    populateStableHLOShapeToLinalgPatterns(converter, patterns);
    populateStableHLOReductionToLinalgPatterns(converter, patterns);
    populateStableHLOControlFlowToSCFPatterns(converter, patterns);
    populateStableHLOIndexingToLinalgPatterns(converter, patterns);
    populateStableHLODotToLinalgPatterns(converter, patterns);
    patterns.add<ConvertForeignOpTypes>(converter, ctx);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);

    ConversionTarget target(*ctx);
    target.addLegalDialect<arith::ArithDialect, bufferization::BufferizationDialect,
                           complex::ComplexDialect, linalg::LinalgDialect,
                           math::MathDialect, scf::SCFDialect,
                           tensor::TensorDialect>();
    target.addIllegalDialect<StableHLODialect>();
    target.addLegalOp<ModuleOp, UnrealizedConversionCastOp>();
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    target.markUnknownOpDynamicallyLegal(
        [&](Operation *op) { return converter.isLegal(op); });

    if (failed(applyFullConversion(getOperation(), target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> createStableHLOLegalizeToLinalgPass() {
  return std::make_unique<StableHLOLegalizeToLinalgPass>();
}

void registerStableHLOToLinalgPasses() {
  PassRegistration<StableHLOLegalizeToLinalgPass>();
}

} // namespace jx::stablehlo
