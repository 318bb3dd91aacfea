//===- ElementwiseOps.cpp - elementwise stablehlo ops ---------------------===//
//
// Verifiers, custom syntax and builders of the unary, binary and ternary
// elementwise ops, compare and the conversions. Shape rules are the shared
// functions of InferElementwise.h.
//
//===----------------------------------------------------------------------===//

#include "jx/Dialect/StableHLO/IR/AssemblyFormat.h"
#include "jx/Dialect/StableHLO/IR/InferElementwise.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace jx::stablehlo;

namespace {

/// `<op>_c1: baseline_type(operand) = baseline_type(result)` for the unary
/// ops whose result keeps the operand's element type.
LogicalResult verifyUnaryElementwise(Operation *op, StringRef name,
                                     bool sameElementType) {
  Type operand = op->getOperand(0).getType();
  Type result = op->getResult(0).getType();
  auto operandShape = cast<RankedTensorType>(operand).getShape();
  auto resultShape = cast<RankedTensorType>(result).getShape();
  if (!isCompatibleShape(operandShape, resultShape))
    return op->emitOpError()
           << "operand shape " << dimsToString(operandShape)
           << " and result shape " << dimsToString(resultShape)
           << " must match (" << name << "_c1)";
  if (sameElementType &&
      !haveSameBaselineElementType(getElementTypeOrSelf(operand),
                                   getElementTypeOrSelf(result)))
    return op->emitOpError()
           << "operand element type " << getElementTypeOrSelf(operand)
           << " and result element type " << getElementTypeOrSelf(result)
           << " must match (" << name << "_c1)";
  return success();
}

LogicalResult verifyBinaryElementwise(Operation *op, StringRef name) {
  auto lhs = cast<RankedTensorType>(op->getOperand(0).getType());
  auto rhs = cast<RankedTensorType>(op->getOperand(1).getType());
  auto result = cast<RankedTensorType>(op->getResult(0).getType());
  auto emitError = [&] { return op->emitOpError(); };
  FailureOr<RankedTensorType> inferred =
      inferBinaryElementwiseOp(emitError, name, lhs, rhs);
  if (failed(inferred))
    return failure();
  if (!isCompatibleBaselineType(*inferred, result))
    return op->emitOpError() << "result type " << result
                             << " must match operand type " << lhs << " ("
                             << name << "_c1)";
  return success();
}

/// custom<ComplexOpType>: `: tensor<2xcomplex<f32>>` when both operands are
/// tensor<2xf32>, otherwise the function type.
ParseResult parseComplexOpType(OpAsmParser &parser, Type &lhs, Type &rhs,
                               Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (auto fn = dyn_cast<FunctionType>(type)) {
    if (fn.getNumInputs() != 2 || fn.getNumResults() != 1)
      return parser.emitError(loc, "expected (lhs, rhs) -> result");
    lhs = fn.getInput(0);
    rhs = fn.getInput(1);
    result = fn.getResult(0);
    return success();
  }
  auto tensor = dyn_cast<RankedTensorType>(type);
  auto complex = tensor ? dyn_cast<ComplexType>(tensor.getElementType())
                        : ComplexType();
  if (!complex)
    return parser.emitError(loc, "expected a tensor of complex type, got ")
           << type;
  lhs = rhs = tensor.clone(complex.getElementType());
  result = type;
  return success();
}

void printComplexOpType(OpAsmPrinter &p, Operation *, Type lhs, Type rhs,
                        Type result) {
  auto tensor = cast<RankedTensorType>(result);
  auto complex = dyn_cast<ComplexType>(tensor.getElementType());
  if (complex && lhs == rhs &&
      lhs == tensor.clone(complex.getElementType())) {
    p << result;
    return;
  }
  p.printFunctionalType(TypeRange{lhs, rhs}, TypeRange{result});
}

/// custom<SelectOpType>: `: pred_type, value_type` or the function type.
ParseResult parseSelectOpType(OpAsmParser &parser, Type &pred, Type &onTrue,
                              Type &onFalse, Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<Type> types;
  if (parser.parseTypeList(types))
    return failure();
  if (types.size() == 2) {
    pred = types[0];
    onTrue = onFalse = result = types[1];
    return success();
  }
  auto fn = types.size() == 1 ? dyn_cast<FunctionType>(types[0]) : nullptr;
  if (!fn || fn.getNumInputs() != 3 || fn.getNumResults() != 1)
    return parser.emitError(loc, "expected `pred_type, result_type` or a "
                                 "function type (pred, on_true, on_false) -> "
                                 "result");
  pred = fn.getInput(0);
  onTrue = fn.getInput(1);
  onFalse = fn.getInput(2);
  result = fn.getResult(0);
  return success();
}

void printSelectOpType(OpAsmPrinter &p, Operation *, Type pred, Type onTrue,
                       Type onFalse, Type result) {
  if (onTrue == onFalse && onTrue == result) {
    p << pred << ", " << result;
    return;
  }
  p.printFunctionalType(TypeRange{pred, onTrue, onFalse}, TypeRange{result});
}

/// custom<ExponentMantissa>: `e5m10` <-> exponent_bits = 5, mantissa_bits = 10.
ParseResult parseExponentMantissa(OpAsmParser &parser, IntegerAttr &exponent,
                                  IntegerAttr &mantissa) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  uint32_t e = 0, m = 0;
  size_t mPos = keyword.find('m');
  if (!keyword.consume_front("e") || mPos == StringRef::npos ||
      keyword.substr(0, mPos - 1).getAsInteger(10, e) ||
      keyword.substr(mPos).getAsInteger(10, m))
    return parser.emitError(loc, "expected a format like e5m10, got '")
           << keyword << "'";
  auto i32 = parser.getBuilder().getI32Type();
  exponent = IntegerAttr::get(i32, e);
  mantissa = IntegerAttr::get(i32, m);
  return success();
}

void printExponentMantissa(OpAsmPrinter &p, Operation *, IntegerAttr exponent,
                           IntegerAttr mantissa) {
  p << 'e' << exponent.getInt() << 'm' << mantissa.getInt();
}

} // namespace

#define GET_OP_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLOElementwiseOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Unary ops with their own element-type rule
//===----------------------------------------------------------------------===//

LogicalResult AbsOp::verify() {
  if (failed(verifyUnaryElementwise(*this, "abs", /*sameElementType=*/false)))
    return failure();
  // abs_c2: element_type(result) is complex_element_type(element_type(operand))
  // for complex operands, baseline_element_type(operand) otherwise.
  Type expected = complexElementTypeOrSelf(getOperand().getType().getElementType());
  if (!haveSameBaselineElementType(expected, getType().getElementType()))
    return emitOpError() << "result element type " << getType().getElementType()
                         << " must be " << expected << " (abs_c2)";
  return success();
}

/// real_c2 / imag_c2: the result element type is the operand's, or its
/// component type for complex operands.
static LogicalResult verifyComplexPart(Operation *op, StringRef name) {
  if (failed(verifyUnaryElementwise(op, name, /*sameElementType=*/false)))
    return failure();
  Type operand = getElementTypeOrSelf(op->getOperand(0).getType());
  Type result = getElementTypeOrSelf(op->getResult(0).getType());
  if (complexElementTypeOrSelf(operand) != result)
    return op->emitOpError() << "result element type " << result << " must be "
                             << complexElementTypeOrSelf(operand) << " ("
                             << name << "_c2)";
  return success();
}

LogicalResult RealOp::verify() { return verifyComplexPart(*this, "real"); }
LogicalResult ImagOp::verify() { return verifyComplexPart(*this, "imag"); }

LogicalResult IsFiniteOp::verify() {
  // is_finite_c1: shape(x) = shape(y)
  return verifyUnaryElementwise(*this, "is_finite", /*sameElementType=*/false);
}

//===----------------------------------------------------------------------===//
// complex, clamp, select
//===----------------------------------------------------------------------===//

LogicalResult ComplexOp::verify() {
  auto lhs = getLhs().getType(), rhs = getRhs().getType();
  // complex_c1: type(lhs) = type(rhs)
  if (!isCompatibleType(lhs, rhs))
    return emitOpError() << "lhs type " << lhs << " and rhs type " << rhs
                         << " must match (complex_c1)";
  // complex_c2: shape(result) = shape(lhs)
  if (!isCompatibleShape(lhs.getShape(), getType().getShape()))
    return emitOpError() << "result shape " << dimsToString(getType().getShape())
                         << " must match operand shape "
                         << dimsToString(lhs.getShape()) << " (complex_c2)";
  // complex_c3: element_type(result) = complex_type(element_type(lhs))
  if (ComplexType::get(lhs.getElementType()) != getType().getElementType())
    return emitOpError() << "result element type " << getType().getElementType()
                         << " must be " << ComplexType::get(lhs.getElementType())
                         << " (complex_c3)";
  return success();
}

LogicalResult ClampOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  FailureOr<RankedTensorType> inferred =
      inferClampOp(emitError, getMin().getType(), getOperand().getType(),
                   getMax().getType());
  if (failed(inferred))
    return failure();
  // clamp_c3: baseline_type(operand) = baseline_type(result)
  if (!isCompatibleBaselineType(*inferred, getType()))
    return emitOpError() << "result type " << getType()
                         << " must match operand type " << *inferred
                         << " (clamp_c3)";
  return success();
}

LogicalResult SelectOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  FailureOr<RankedTensorType> inferred =
      inferSelectOp(emitError, getPred().getType(), getOnTrue().getType(),
                    getOnFalse().getType());
  if (failed(inferred))
    return failure();
  // select_c2: baseline_type(on_true) = baseline_type(result)
  if (!isCompatibleBaselineType(*inferred, getType()))
    return emitOpError() << "result type " << getType()
                         << " must match on_true type " << *inferred
                         << " (select_c2)";
  return success();
}

//===----------------------------------------------------------------------===//
// compare
//===----------------------------------------------------------------------===//

ParseResult CompareOp::parse(OpAsmParser &parser, OperationState &result) {
  ComparisonDirectionAttr direction;
  ComparisonTypeAttr compareType;
  OpAsmParser::UnresolvedOperand lhs, rhs;
  SMLoc typeLoc;
  Type type;
  if (parseEnumKeyword(parser, direction) || parser.parseComma() ||
      parser.parseOperand(lhs) || parser.parseComma() ||
      parser.parseOperand(rhs))
    return failure();
  if (succeeded(parser.parseOptionalComma()) &&
      parseEnumKeyword(parser, compareType))
    return failure();
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  typeLoc = parser.getCurrentLocation();
  if (parser.parseType(type))
    return failure();
  auto fn = dyn_cast<FunctionType>(type);
  if (!fn || fn.getNumInputs() != 2 || fn.getNumResults() != 1)
    return parser.emitError(typeLoc, "expected (lhs_type, rhs_type) -> "
                                     "result_type");
  result.getOrAddProperties<Properties>().comparison_direction = direction;
  if (compareType)
    result.getOrAddProperties<Properties>().compare_type = compareType;
  result.addTypes(fn.getResults());
  return parser.resolveOperands({lhs, rhs}, fn.getInputs(), typeLoc,
                                result.operands);
}

void CompareOp::print(OpAsmPrinter &p) {
  p << ' ' << stringifyEnum(getComparisonDirection()) << ", " << getLhs()
    << ", " << getRhs();
  if (getCompareType())
    p << ", " << stringifyEnum(*getCompareType());
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {"comparison_direction", "compare_type"});
  p << " : ";
  p.printFunctionalType(*this);
}

LogicalResult CompareOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  FailureOr<RankedTensorType> inferred =
      inferCompareOp(emitError, getLhs().getType(), getRhs().getType());
  if (failed(inferred))
    return failure();
  if (!isCompatibleShape(inferred->getShape(), getType().getShape()))
    return emitOpError() << "result shape " << dimsToString(getType().getShape())
                         << " must match operand shape "
                         << dimsToString(inferred->getShape())
                         << " (compare_c2)";
  // compare_c3: compare_type is SIGNED/UNSIGNED for signed/unsigned integers
  // (or NOTYPE), FLOAT or TOTALORDER for floating point and complex.
  if (std::optional<ComparisonType> kind = getCompareType()) {
    Type element = getLhs().getType().getElementType();
    if (auto q = dyn_cast<quant::QuantizedType>(element))
      element = q.getStorageType();
    bool ok = *kind == ComparisonType::NOTYPE;
    if (element.isInteger(1))
      ok |= *kind == ComparisonType::UNSIGNED;
    else if (element.isUnsignedInteger())
      ok |= *kind == ComparisonType::UNSIGNED;
    else if (isa<IntegerType>(element))
      ok |= *kind == ComparisonType::SIGNED;
    else
      ok |= *kind == ComparisonType::FLOAT ||
            *kind == ComparisonType::TOTALORDER;
    if (!ok)
      return emitOpError() << "compare_type " << stringifyEnum(*kind)
                           << " does not apply to element type "
                           << getLhs().getType().getElementType()
                           << " (compare_c3)";
  }
  // compare_c4: complex operands only compare with EQ and NE.
  if (isa<ComplexType>(getLhs().getType().getElementType()) &&
      getComparisonDirection() != ComparisonDirection::EQ &&
      getComparisonDirection() != ComparisonDirection::NE &&
      getCompareType() != ComparisonType::TOTALORDER)
    return emitOpError() << "complex operands only support EQ and NE, got "
                         << stringifyEnum(getComparisonDirection())
                         << " (compare_c4)";
  return success();
}

//===----------------------------------------------------------------------===//
// convert, bitcast_convert, reduce_precision
//===----------------------------------------------------------------------===//

LogicalResult ConvertOp::verify() {
  // convert_c1: shape(operand) = shape(result)
  if (!isCompatibleShape(getOperand().getType().getShape(),
                         getType().getShape()))
    return emitOpError() << "operand shape "
                         << dimsToString(getOperand().getType().getShape())
                         << " and result shape "
                         << dimsToString(getType().getShape())
                         << " must match (convert_c1)";
  return success();
}

LogicalResult BitcastConvertOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  return verifyBitcastConvert(emitError, getOperand().getType(), getType());
}

LogicalResult ReducePrecisionOp::verify() {
  // reduce_precision_c1: baseline_type(operand) = baseline_type(output)
  if (!isCompatibleBaselineType(getOperand().getType(), getType()))
    return emitOpError() << "output type " << getType()
                         << " must match operand type "
                         << getOperand().getType() << " (reduce_precision_c1)";
  // reduce_precision_c2 (exponent_bits >= 1) and _c3 (mantissa_bits >= 0)
  // are enforced by the attribute constraints.
  return success();
}
