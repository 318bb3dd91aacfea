//===- ShapeOps.cpp - constants and shape ops -----------------------------===//

#include "jx/Dialect/StableHLO/IR/AssemblyFormat.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"
#include "jx/Dialect/StableHLO/IR/TypeUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace jx::stablehlo;

#define GET_OP_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLOShapeOps.cpp.inc"

//===----------------------------------------------------------------------===//
// constant
//===----------------------------------------------------------------------===//

ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  // Generic-looking form: `() <{value = ...}> {attrs} : () -> type`.
  if (succeeded(parser.parseOptionalLParen())) {
    if (parser.parseRParen())
      return failure();
    if (succeeded(parser.parseOptionalLess())) {
      SMLoc loc = parser.getCurrentLocation();
      DictionaryAttr props;
      if (parser.parseAttribute(props) || parser.parseGreater())
        return failure();
      auto value = dyn_cast_or_null<ElementsAttr>(props.get("value"));
      if (!value || props.size() != 1)
        return parser.emitError(loc, "expected <{value = <elements>}>");
      result.getOrAddProperties<Properties>().value = value;
    }
    if (parser.parseOptionalAttrDict(result.attributes))
      return failure();
    if (Attribute value = result.attributes.get("value")) {
      auto elements = dyn_cast<ElementsAttr>(value);
      if (!elements)
        return parser.emitError(parser.getCurrentLocation(),
                                "'value' must be an elements attribute");
      result.getOrAddProperties<Properties>().value = elements;
      result.attributes.erase("value");
    }
    SMLoc typeLoc = parser.getCurrentLocation();
    FunctionType fn;
    if (parser.parseColon() || parser.parseType(fn))
      return failure();
    if (fn.getNumInputs() != 0 || fn.getNumResults() != 1)
      return parser.emitError(typeLoc, "expected () -> result_type");
    if (!result.getOrAddProperties<Properties>().value)
      return parser.emitError(typeLoc, "stablehlo.constant needs a 'value'");
    result.addTypes(fn.getResults());
    return success();
  }
  // Pretty form: `{attrs} dense<...> : tensor<...>`.
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  ElementsAttr value;
  if (parser.parseAttribute(value))
    return failure();
  if (!isa<RankedTensorType>(value.getType()))
    return parser.emitError(loc, "constant value must have a ranked tensor "
                                 "type, got ")
           << value.getType();
  result.getOrAddProperties<Properties>().value = value;
  result.addTypes(value.getType());
  return success();
}

void ConstantOp::print(OpAsmPrinter &p) {
  if (getValue().getType() != getType()) {
    p << "() <{value = ";
    p.printAttribute(getValue());
    p << "}>";
    p.printOptionalAttrDict((*this)->getAttrs(), {"value"});
    p << " : () -> " << getType();
    return;
  }
  p.printOptionalAttrDict((*this)->getAttrs(), {"value"});
  p << ' ';
  p.printAttribute(getValue());
}

LogicalResult ConstantOp::verify() {
  auto valueType = dyn_cast<RankedTensorType>(getValue().getType());
  if (!valueType)
    return emitOpError() << "value must have a ranked tensor type, got "
                         << getValue().getType() << " (constant_c1)";
  // constant_c1: type(value) = type(output); a quantized output holds its
  // storage values.
  Type expected = getType().getElementType();
  if (auto q = dyn_cast<quant::QuantizedType>(expected))
    expected = q.getStorageType();
  if (valueType.getShape() != getType().getShape() ||
      (valueType.getElementType() != expected &&
       valueType.getElementType() != getType().getElementType()))
    return emitOpError() << "value type " << valueType
                         << " does not match result type " << getType()
                         << " (constant_c1)";
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }
