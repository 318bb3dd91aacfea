//===- StableHLODialect.cpp - the stablehlo dialect -----------------------===//

#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace jx::stablehlo;

#include "jx/Dialect/StableHLO/IR/StableHLODialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLOTypes.cpp.inc"

namespace jx::stablehlo {

bool isQuantizedElementType(Type type) {
  return isa<quant::UniformQuantizedType, quant::UniformQuantizedPerAxisType>(
      type);
}

} // namespace jx::stablehlo

namespace {

/// stablehlo ops are pure functions of their operands (side effects are
/// explicit through tokens and traits), so calls into and out of their
/// regions may be inlined: a reduce body that calls a function becomes
/// that function's body.
struct StableHLOInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};

} // namespace

void StableHLODialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "jx/Dialect/StableHLO/IR/StableHLOTypes.cpp.inc"
      >();
}

void StableHLODialect::initialize() {
  registerTypes();
  registerAttributes();
  registerOps();
  addInterfaces<StableHLOInlinerInterface>();
}

Operation *StableHLODialect::materializeConstant(OpBuilder &builder,
                                                 Attribute value, Type type,
                                                 Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, type, elements);
}
