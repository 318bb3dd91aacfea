//===- CheckToRuntime.cpp - lower test checks to runtime calls ------------===//

#include "jx/Conversion/CheckToRuntime/CheckToRuntime.h"

#include "jx/Dialect/Check/CheckOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace jx::check {
namespace {

constexpr StringLiteral kRuntimeCheck = "jx_rt_check";

//===----------------------------------------------------------------------===//
// custom calls -> check ops
//===----------------------------------------------------------------------===//

struct LowerCheckCustomCallsPass
    : PassWrapper<LowerCheckCustomCallsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerCheckCustomCallsPass)
  StringRef getArgument() const override { return "jx-lower-check-custom-calls"; }
  StringRef getDescription() const override {
    return "Rewrite stablehlo.custom_call @check.* into check dialect ops";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<CheckDialect>();
  }
  void runOnOperation() override {
    SmallVector<Operation *> calls;
    getOperation().walk([&](Operation *op) {
      if (isCheckCustomCall(op))
        calls.push_back(op);
    });
    for (Operation *op : calls) {
      if (op->getNumOperands() != 2 || op->getNumResults() != 0) {
        op->emitError() << "check custom call needs two operands and no "
                           "results, got "
                        << op->getNumOperands() << " and "
                        << op->getNumResults();
        return signalPassFailure();
      }
      OpBuilder b(op);
      Value actual = op->getOperand(0), expected = op->getOperand(1);
      bool isFloat = isa<FloatType, ComplexType>(getElementTypeOrSelf(actual));
      CheckKind kind = *getCheckKind(op);
      if (!isFloat || kind == CheckKind::ExpectEq)
        ExpectEqOp::create(b, op->getLoc(), actual, expected);
      else if (kind == CheckKind::ExpectClose)
        ExpectCloseOp::create(b, op->getLoc(), actual, expected,
                              b.getI64IntegerAttr(kCustomCallMaxUlpDifference),
                              nullptr);
      else
        ExpectAlmostEqOp::create(b, op->getLoc(), actual, expected,
                                 b.getF64FloatAttr(kCustomCallTolerance));
      op->erase();
    }
  }
};

//===----------------------------------------------------------------------===//
// check ops -> jx_rt_check calls
//===----------------------------------------------------------------------===//

int32_t elementCode(Type type) {
  auto code = [](ElementFamily f, unsigned bits) {
    return (static_cast<int32_t>(f) << 8) | static_cast<int32_t>(bits);
  };
  if (auto c = dyn_cast<ComplexType>(type))
    return code(ElementFamily::Complex, c.getElementType().getIntOrFloatBitWidth());
  if (type.isBF16())
    return code(ElementFamily::BFloat, 16);
  if (isa<FloatType>(type))
    return code(ElementFamily::Float, type.getIntOrFloatBitWidth());
  if (type.isInteger(1))
    return code(ElementFamily::Bool, 1);
  if (type.isUnsignedInteger())
    return code(ElementFamily::Unsigned, type.getIntOrFloatBitWidth());
  return code(ElementFamily::Signed, type.getIntOrFloatBitWidth());
}

/// The address of a tensor's contiguous buffer, as an i64.
Value bufferAddress(OpBuilder &b, Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  auto memrefType = MemRefType::get(type.getShape(), type.getElementType());
  Value buffer = bufferization::ToBufferOp::create(b, loc, memrefType, tensor,
                                                   /*read_only=*/true);
  Value index =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, buffer);
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
}

Value elementCount(OpBuilder &b, Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  Value n = arith::ConstantIndexOp::create(b, loc, 1);
  for (int64_t i = 0; i < type.getRank(); ++i) {
    Value d = type.isDynamicDim(i)
                  ? tensor::DimOp::create(b, loc, tensor, i).getResult()
                  : arith::ConstantIndexOp::create(b, loc, type.getDimSize(i))
                        .getResult();
    n = arith::MulIOp::create(b, loc, n, d);
  }
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), n);
}

/// A constant tensor of `value`, with unsigned literals retyped to the
/// signless type of `like`.
Value constantLike(OpBuilder &b, Location loc, ElementsAttr value, Value like) {
  auto type = cast<RankedTensorType>(like.getType());
  auto dense = cast<DenseElementsAttr>(value);
  if (dense.getElementType() != type.getElementType())
    dense = dense.bitcast(type.getElementType());
  return arith::ConstantOp::create(b, loc, type, dense);
}

func::FuncOp getOrDeclareRuntime(ModuleOp module) {
  if (auto fn = module.lookupSymbol<func::FuncOp>(kRuntimeCheck))
    return fn;
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  Type i32 = b.getI32Type(), i64 = b.getI64Type(), f64 = b.getF64Type();
  // kind, actual, expected, count, element code, tolerance, max ulp,
  // min ulp, source line
  auto type = b.getFunctionType({i32, i64, i64, i64, i32, f64, i64, i64, i64}, {});
  auto fn = func::FuncOp::create(b, module.getLoc(), kRuntimeCheck, type);
  fn.setPrivate();
  return fn;
}

struct LowerChecksToRuntimePass
    : PassWrapper<LowerChecksToRuntimePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerChecksToRuntimePass)
  StringRef getArgument() const override { return "jx-lower-checks-to-runtime"; }
  StringRef getDescription() const override {
    return "Lower check ops into calls of the jx_rt_check runtime function";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, bufferization::BufferizationDialect,
                    func::FuncDialect, memref::MemRefDialect,
                    tensor::TensorDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Operation *> checks;
    module.walk([&](Operation *op) {
      if (isa<CheckDialect>(op->getDialect()))
        checks.push_back(op);
    });
    if (checks.empty())
      return;
    func::FuncOp runtime = getOrDeclareRuntime(module);
    for (Operation *op : checks) {
      OpBuilder b(op);
      Location loc = op->getLoc();
      std::optional<CheckKind> kind = getCheckKind(op);
      if (!kind || *kind == CheckKind::ExpectSerializedEq) {
        op->emitError() << "'" << op->getName()
                        << "' needs the interpreter's probe files, which "
                           "jx does not run";
        return signalPassFailure();
      }
      Value actual = op->getOperand(0);
      Value expected;
      double tolerance = 0;
      int64_t maxUlp = 0, minUlp = 0;
      if (auto c = dyn_cast<ExpectEqConstOp>(op))
        expected = constantLike(b, loc, c.getValue(), actual);
      else if (auto c = dyn_cast<ExpectAlmostEqConstOp>(op)) {
        expected = constantLike(b, loc, c.getValue(), actual);
        tolerance = c.getToleranceOrDefault();
      } else if (auto c = dyn_cast<ExpectAlmostEqOp>(op)) {
        expected = c.getRhs();
        tolerance = c.getToleranceOrDefault();
      } else if (auto c = dyn_cast<ExpectCloseOp>(op)) {
        expected = c.getExpected();
        maxUlp = c.getMaxUlpDifference();
        minUlp = c.getMinUlpDifference().value_or(0);
      } else {
        expected = op->getOperand(1);
      }
      Type original = getElementTypeOrSelf(actual);
      if (auto attr = op->getAttrOfType<TypeAttr>("jx.element_type"))
        original = attr.getValue();
      int64_t line = 0;
      if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
        line = fileLoc.getLine();
      Value args[] = {
          arith::ConstantIntOp::create(b, loc, static_cast<int64_t>(*kind), 32),
          bufferAddress(b, loc, actual),
          bufferAddress(b, loc, expected),
          elementCount(b, loc, actual),
          arith::ConstantIntOp::create(b, loc, elementCode(original), 32),
          arith::ConstantFloatOp::create(b, loc, b.getF64Type(),
                                         APFloat(tolerance)),
          arith::ConstantIntOp::create(b, loc, maxUlp, 64),
          arith::ConstantIntOp::create(b, loc, minUlp, 64),
          arith::ConstantIntOp::create(b, loc, line, 64)};
      func::CallOp::create(b, loc, runtime, args);
      op->erase();
    }
  }
};

} // namespace

std::unique_ptr<Pass> createLowerCheckCustomCallsPass() {
  return std::make_unique<LowerCheckCustomCallsPass>();
}
std::unique_ptr<Pass> createLowerChecksToRuntimePass() {
  return std::make_unique<LowerChecksToRuntimePass>();
}

void registerCheckToRuntimePasses() {
  PassRegistration<LowerCheckCustomCallsPass>();
  PassRegistration<LowerChecksToRuntimePass>();
}

} // namespace jx::check
