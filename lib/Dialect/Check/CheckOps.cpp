//===- CheckOps.cpp - the test-only check dialect -------------------------===//

#include "jx/Dialect/Check/CheckOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace jx::check;

#include "jx/Dialect/Check/CheckDialect.cpp.inc"

void CheckDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "jx/Dialect/Check/CheckOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Shared pieces
//===----------------------------------------------------------------------===//

/// `%lhs, dense<...> : tensor<...> {attrs}`: the constant carries its own
/// type, which is also the operand's.
static ParseResult parseConstCheck(OpAsmParser &parser,
                                   OperationState &result) {
  OpAsmParser::UnresolvedOperand lhs;
  Attribute value;
  if (parser.parseOperand(lhs) || parser.parseComma())
    return failure();
  SMLoc valueLoc = parser.getCurrentLocation();
  if (parser.parseAttribute(value))
    return failure();
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements)
    return parser.emitError(valueLoc, "expected a constant tensor such as "
                                      "`dense<...> : tensor<...>`, got ")
           << value;
  result.addAttribute("value", value);
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  return parser.resolveOperand(lhs, elements.getShapedType(), result.operands);
}

static void printConstCheck(OpAsmPrinter &printer, Operation *op, Value lhs,
                            Attribute value) {
  printer << ' ' << lhs << ", ";
  printer.printAttribute(value);
  printer.printOptionalAttrDict(op->getAttrs(), /*elidedAttrs=*/{"value"});
}

static LogicalResult verifyConstType(Operation *op, Value lhs,
                                     ElementsAttr value) {
  if (value.getShapedType() != lhs.getType())
    return op->emitOpError("constant type ")
           << value.getShapedType() << " does not match operand type "
           << lhs.getType();
  return success();
}

static LogicalResult verifyTolerance(Operation *op,
                                     std::optional<APFloat> tolerance) {
  if (!tolerance)
    return success();
  if (tolerance->isNaN() || tolerance->isNegative())
    return op->emitOpError("tolerance must be a non-negative number, got ")
           << tolerance->convertToDouble();
  return success();
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

ParseResult ExpectEqConstOp::parse(OpAsmParser &parser,
                                   OperationState &result) {
  return parseConstCheck(parser, result);
}

void ExpectEqConstOp::print(OpAsmPrinter &printer) {
  printConstCheck(printer, *this, getLhs(), getValue());
}

LogicalResult ExpectEqConstOp::verify() {
  return verifyConstType(*this, getLhs(), getValue());
}

LogicalResult ExpectAlmostEqOp::verify() {
  return verifyTolerance(*this, getTolerance());
}

double ExpectAlmostEqOp::getToleranceOrDefault() {
  if (auto tolerance = getTolerance())
    return tolerance->convertToDouble();
  return kDefaultTolerance;
}

ParseResult ExpectAlmostEqConstOp::parse(OpAsmParser &parser,
                                         OperationState &result) {
  return parseConstCheck(parser, result);
}

void ExpectAlmostEqConstOp::print(OpAsmPrinter &printer) {
  printConstCheck(printer, *this, getLhs(), getValue());
}

LogicalResult ExpectAlmostEqConstOp::verify() {
  if (failed(verifyConstType(*this, getLhs(), getValue())))
    return failure();
  return verifyTolerance(*this, getTolerance());
}

double ExpectAlmostEqConstOp::getToleranceOrDefault() {
  if (auto tolerance = getTolerance())
    return tolerance->convertToDouble();
  return kDefaultTolerance;
}

LogicalResult ExpectCloseOp::verify() {
  if (getActual().getType() != getExpected().getType())
    return emitOpError("operand types must match, got ")
           << getActual().getType() << " and " << getExpected().getType();
  int64_t maxUlp = getMaxUlpDifference();
  if (maxUlp < 0)
    return emitOpError("max_ulp_difference must be non-negative, got ")
           << maxUlp;
  if (std::optional<uint64_t> minUlp = getMinUlpDifference()) {
    int64_t min = static_cast<int64_t>(*minUlp);
    if (min < 0)
      return emitOpError("min_ulp_difference must be non-negative, got ")
             << min;
    if (min > maxUlp)
      return emitOpError("min_ulp_difference (")
             << min << ") must not exceed max_ulp_difference (" << maxUlp
             << ")";
  }
  return success();
}

LogicalResult ExpectSerializedEqOp::verify() {
  if (getProbeId().empty())
    return emitOpError("probe_id must not be empty");
  if (std::optional<uint64_t> iter = getIter())
    if (static_cast<int64_t>(*iter) < 0)
      return emitOpError("iter must be non-negative, got ")
             << static_cast<int64_t>(*iter);
  return success();
}

#define GET_OP_CLASSES
#include "jx/Dialect/Check/CheckOps.cpp.inc"
