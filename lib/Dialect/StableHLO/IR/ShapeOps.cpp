//===- ShapeOps.cpp - constants and shape ops -----------------------------===//

#include "jx/Dialect/StableHLO/IR/AssemblyFormat.h"
#include "jx/Dialect/StableHLO/IR/InferShape.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"
#include "jx/Dialect/StableHLO/IR/TypeUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OpImplementation.h"

#include "llvm/ADT/StringExtras.h"

#include <cstring>

using namespace mlir;
using namespace jx::stablehlo;

//===----------------------------------------------------------------------===//
// Custom directives of this family
//===----------------------------------------------------------------------===//

namespace {

/// custom<SliceRanges>: `[1:3, 4:8:2]` (start:limit[:stride], stride 1
/// omitted) <-> start_indices, limit_indices, strides.
ParseResult parseSliceRanges(OpAsmParser &parser, DenseI64ArrayAttr &start,
                             DenseI64ArrayAttr &limit,
                             DenseI64ArrayAttr &strides) {
  SmallVector<int64_t> starts, limits, steps;
  auto parseOne = [&]() -> ParseResult {
    int64_t a, b, c = 1;
    if (parser.parseInteger(a) || parser.parseColon() || parser.parseInteger(b))
      return failure();
    if (succeeded(parser.parseOptionalColon()) && parser.parseInteger(c))
      return failure();
    starts.push_back(a);
    limits.push_back(b);
    steps.push_back(c);
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseOne))
    return failure();
  MLIRContext *ctx = parser.getContext();
  start = DenseI64ArrayAttr::get(ctx, starts);
  limit = DenseI64ArrayAttr::get(ctx, limits);
  strides = DenseI64ArrayAttr::get(ctx, steps);
  return success();
}

void printSliceRanges(OpAsmPrinter &p, Operation *, DenseI64ArrayAttr start,
                      DenseI64ArrayAttr limit, DenseI64ArrayAttr strides) {
  size_t n = std::min({start.size(), limit.size(), strides.size()});
  p << '[';
  for (size_t i = 0; i < n; ++i) {
    if (i)
      p << ", ";
    p << start[i] << ':' << limit[i];
    if (strides[i] != 1)
      p << ':' << strides[i];
  }
  p << ']';
}

/// custom<VariadicOperandWithAttribute>: `%a, %b,` -- each operand followed
/// by a comma, before the keyword of an attribute (`dim = 0`, `sizes = []`).
ParseResult parseVariadicOperandWithAttribute(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands) {
  while (true) {
    OpAsmParser::UnresolvedOperand operand;
    OptionalParseResult parsed = parser.parseOptionalOperand(operand);
    if (!parsed.has_value())
      return success();
    if (failed(*parsed) || parser.parseComma())
      return failure();
    operands.push_back(operand);
  }
}

void printVariadicOperandWithAttribute(OpAsmPrinter &p, Operation *,
                                       OperandRange operands) {
  llvm::interleave(
      operands, p, [&](Value v) { p << v << ','; }, " ");
}

/// custom<TupleOpType>: `: tuple<A, B>`; the operand types are its elements.
ParseResult parseTupleOpType(OpAsmParser &parser,
                             SmallVectorImpl<Type> &operands, Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(result))
    return failure();
  auto tuple = dyn_cast<TupleType>(result);
  if (!tuple)
    return parser.emitError(loc, "expected a tuple type, got ") << result;
  llvm::append_range(operands, tuple.getTypes());
  return success();
}

void printTupleOpType(OpAsmPrinter &p, Operation *, TypeRange, Type result) {
  p << result;
}

/// Runs a shape rule for a builder: its diagnostics are dropped, since the
/// builder then falls back to a placeholder type (`orFallback`) and the
/// verifier reports the error with its label.
template <typename Rule> auto inferQuietly(OperationState &state, Rule rule) {
  ScopedDiagnosticHandler quiet(state.getContext(),
                                [](Diagnostic &) { return success(); });
  Location loc = state.location;
  return rule([loc] { return emitError(loc); });
}

/// The type a builder gives its result when the shape rule fails.
RankedTensorType orFallback(FailureOr<RankedTensorType> inferred,
                            Type fallback) {
  if (succeeded(inferred))
    return *inferred;
  if (auto ranked = dyn_cast<RankedTensorType>(fallback))
    return ranked;
  if (RankedTensorType::isValidElementType(fallback))
    return RankedTensorType::get({}, fallback);
  return RankedTensorType::get({}, Float32Type::get(fallback.getContext()));
}

/// Checks the result type against the shape rule's inferred type: shape
/// (modulo dynamism) cites `shapeLabel`, element type `elementLabel`.
LogicalResult checkInferred(Operation *op, RankedTensorType inferred,
                            RankedTensorType result, StringRef shapeLabel,
                            StringRef elementLabel) {
  if (inferred.getElementType() != result.getElementType())
    return op->emitOpError()
           << "result element type " << result.getElementType() << " must be "
           << inferred.getElementType() << " (" << elementLabel << ")";
  if (!isCompatibleShape(inferred.getShape(), result.getShape()))
    return op->emitOpError()
           << "result shape " << dimsToString(result.getShape()) << " must be "
           << dimsToString(inferred.getShape()) << " (" << shapeLabel << ")";
  return success();
}

/// The static size of a 1-D shape operand, or nullopt when dynamic.
std::optional<int64_t> staticLength(Value shapeOperand) {
  auto type = dyn_cast<RankedTensorType>(shapeOperand.getType());
  if (!type || type.getRank() != 1 || type.isDynamicDim(0))
    return std::nullopt;
  return type.getDimSize(0);
}

} // namespace

#define GET_OP_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLOShapeOps.cpp.inc"

//===----------------------------------------------------------------------===//
// constant
//===----------------------------------------------------------------------===//

namespace {

/// The number of elements of an i1 tensor whose value is written
/// `dense<"0xHH..."> : tensor<AxBx...xi1>` with one hex byte per element, as
/// earlier MLIR and StableHLO's test data write it, read off the text that
/// starts at `p`; 0 when the text is anything else. MLIR 22 reads hex i1
/// data as packed bits (ceil(n/8) bytes) and rejects this form; with n > 1
/// elements the two sizes differ, so the byte count says which form it is.
/// The text is looked at, not parsed, because the parser cannot back up.
int64_t i1BytePerElementCount(const char *p) {
  auto skipSpace = [&] {
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
      ++p;
  };
  auto eat = [&](StringRef word) {
    skipSpace();
    // strncmp stops at the buffer's terminating NUL; StringRef(p) would
    // measure the whole rest of the file.
    if (std::strncmp(p, word.data(), word.size()) == 0) {
      p += word.size();
      return true;
    }
    return false;
  };
  if (!eat("dense") || !eat("<") || !eat("\"0x"))
    return 0;
  int64_t hexDigits = 0;
  for (; llvm::isHexDigit(*p); ++p)
    ++hexDigits;
  if (!eat("\"") || !eat(">") || !eat(":") || !eat("tensor") || !eat("<"))
    return 0;
  int64_t elements = 1;
  skipSpace();
  while (llvm::isDigit(*p)) {
    int64_t dim = 0;
    for (; llvm::isDigit(*p) && dim <= hexDigits; ++p)
      dim = dim * 10 + (*p - '0');
    if (*p++ != 'x' || dim > hexDigits)
      return 0;
    elements *= dim;
    if (elements > hexDigits)
      return 0;
  }
  if (!eat("i1") || !eat(">"))
    return 0;
  return elements > 1 && hexDigits == 2 * elements ? elements : 0;
}

/// Parses `dense<"0x...">: type` that i1BytePerElementCount accepted:
/// element i is true when byte i is nonzero.
ParseResult parseI1BytePerElement(OpAsmParser &parser, int64_t count,
                                  ElementsAttr &value) {
  SMLoc loc = parser.getCurrentLocation();
  std::string hex;
  RankedTensorType type;
  if (parser.parseKeyword("dense") || parser.parseLess() ||
      parser.parseString(&hex) || parser.parseGreater() ||
      parser.parseColonType(type))
    return failure();
  if (!type.getElementType().isInteger(1) || type.getNumElements() != count ||
      hex.size() != std::size_t(2 + 2 * count))
    return parser.emitError(loc, "malformed i1 hex constant of type ") << type;
  SmallVector<bool> bits;
  bits.reserve(count);
  for (int64_t i = 0; i < count; ++i)
    bits.push_back(llvm::hexFromNibbles(hex[2 + 2 * i], hex[3 + 2 * i]) != 0);
  value = DenseElementsAttr::get(type, bits);
  return success();
}

} // namespace

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
  if (int64_t count = i1BytePerElementCount(loc.getPointer())) {
    if (parseI1BytePerElement(parser, count, value))
      return failure();
  } else if (parser.parseAttribute(value)) {
    return failure();
  }
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

//===----------------------------------------------------------------------===//
// iota, dynamic_iota
//===----------------------------------------------------------------------===//

LogicalResult IotaOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  return inferIotaOp(emitError, getType().getShape(),
                     getType().getElementType(), getIotaDimension());
}

LogicalResult DynamicIotaOp::verify() {
  int64_t rank = getType().getRank();
  int64_t dim = getIotaDimension();
  // dynamic_iota_c2: rank(result) = size(output_shape)
  std::optional<int64_t> size = staticLength(getOutputShape());
  if (size && *size != rank)
    return emitOpError() << "output_shape has " << *size
                         << " elements but the result has rank " << rank
                         << " (dynamic_iota_c2)";
  // dynamic_iota_c1: 0 <= iota_dimension < size(output_shape)
  if (dim < 0 || dim >= rank)
    return emitOpError() << "iota_dimension " << dim << " must be in range [0, "
                         << rank << ") (dynamic_iota_c1)";
  return success();
}

//===----------------------------------------------------------------------===//
// Broadcasts
//===----------------------------------------------------------------------===//

void BroadcastInDimOp::build(OpBuilder &builder, OperationState &state,
                             Value operand, ArrayRef<int64_t> resultShape,
                             ArrayRef<int64_t> broadcastDimensions) {
  auto type = cast<RankedTensorType>(operand.getType());
  RankedTensorType result = orFallback(
      inferQuietly(state,
                   [&](EmitErrorFn emit) {
                     return inferBroadcastInDimOp(emit, type, resultShape,
                                                  broadcastDimensions);
                   }),
      type.clone(resultShape));
  build(builder, state, result, operand, broadcastDimensions);
}

/// broadcast_in_dim_c1 and _c6 (or the dynamic op's) once the shape rule
/// has inferred the element type.
static LogicalResult verifyBroadcastElementType(Operation *op, StringRef name,
                                                Type operand, Type inferred,
                                                Type result) {
  // <op>_c1: element_type(result) = element_type(operand), except for the
  // quantization parameters of a per-axis quantized type.
  if (!isSameElementTypeModuloQuantization(operand, result))
    return op->emitOpError() << "result element type " << result
                             << " must match operand element type " << operand
                             << " (" << name << "_c1)";
  // <op>_c6: the per-axis quantization follows the broadcast.
  if (inferred != result)
    return op->emitOpError() << "result element type " << result << " must be "
                             << inferred << " (" << name << "_c6)";
  return success();
}

LogicalResult BroadcastInDimOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  RankedTensorType operand = getOperand().getType();
  FailureOr<RankedTensorType> inferred = inferBroadcastInDimOp(
      emitError, operand, getType().getShape(), getBroadcastDimensions());
  if (failed(inferred))
    return failure();
  return verifyBroadcastElementType(
      *this, "broadcast_in_dim", operand.getElementType(),
      inferred->getElementType(), getType().getElementType());
}

void BroadcastOp::build(OpBuilder &builder, OperationState &state,
                        Value operand, ArrayRef<int64_t> broadcastSizes) {
  auto type = cast<RankedTensorType>(operand.getType());
  RankedTensorType result = orFallback(
      inferQuietly(state,
                   [&](EmitErrorFn emit) {
                     return inferBroadcastOp(emit, type, broadcastSizes);
                   }),
      type);
  build(builder, state, result, operand, broadcastSizes);
}

LogicalResult BroadcastOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  FailureOr<RankedTensorType> inferred =
      inferBroadcastOp(emitError, getOperand().getType(), getBroadcastSizes());
  if (failed(inferred))
    return failure();
  // broadcast is not in the spec; its labels number its checks:
  // broadcast_c2 shape(result) = broadcast_sizes ++ shape(operand),
  // broadcast_c3 element_type(result) = element_type(operand).
  return checkInferred(*this, *inferred, getType(), "broadcast_c2",
                       "broadcast_c3");
}

LogicalResult DynamicBroadcastInDimOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  RankedTensorType operand = getOperand().getType();
  RankedTensorType result = getType();
  // dynamic_broadcast_in_dim_c7: size(output_dimensions) = rank(result)
  std::optional<int64_t> size = staticLength(getOutputDimensions());
  if (size && *size != result.getRank())
    return emitOpError() << "output_dimensions has " << *size
                         << " elements but the result has rank "
                         << result.getRank()
                         << " (dynamic_broadcast_in_dim_c7)";
  FailureOr<RankedTensorType> inferred = inferDynamicBroadcastInDimOp(
      emitError, operand, result.getShape(), getBroadcastDimensions());
  if (failed(inferred) ||
      failed(verifyBroadcastElementType(
          *this, "dynamic_broadcast_in_dim", operand.getElementType(),
          inferred->getElementType(), result.getElementType())))
    return failure();
  ArrayRef<int64_t> expanding, nonexpanding;
  if (auto attr = getKnownExpandingDimensionsAttr())
    expanding = attr.asArrayRef();
  if (auto attr = getKnownNonexpandingDimensionsAttr())
    nonexpanding = attr.asArrayRef();
  // dynamic_broadcast_in_dim_c9: 0 <= known_expanding_dimensions <
  // rank(operand)
  if (failed(verifyDimsInRange(emitError, "known_expanding_dimensions",
                               expanding, operand.getRank(),
                               "dynamic_broadcast_in_dim_c9")))
    return failure();
  // dynamic_broadcast_in_dim_c10: 0 <= known_nonexpanding_dimensions <
  // rank(operand)
  if (failed(verifyDimsInRange(emitError, "known_nonexpanding_dimensions",
                               nonexpanding, operand.getRank(),
                               "dynamic_broadcast_in_dim_c10")))
    return failure();
  // dynamic_broadcast_in_dim_c8: is_unique(known_expanding_dimensions +
  // known_nonexpanding_dimensions)
  SmallVector<int64_t> known(expanding);
  llvm::append_range(known, nonexpanding);
  return verifyDimsUnique(
      emitError, "known_expanding_dimensions + known_nonexpanding_dimensions",
      known, "dynamic_broadcast_in_dim_c8");
}

//===----------------------------------------------------------------------===//
// reshape, dynamic_reshape, transpose
//===----------------------------------------------------------------------===//

void ReshapeOp::build(OpBuilder &builder, OperationState &state, Value operand,
                      ArrayRef<int64_t> resultShape) {
  auto type = cast<RankedTensorType>(operand.getType());
  RankedTensorType result =
      orFallback(inferQuietly(state,
                              [&](EmitErrorFn emit) {
                                return inferReshapeOp(emit, type, resultShape);
                              }),
                 type.clone(resultShape));
  build(builder, state, result, operand);
}

LogicalResult ReshapeOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  RankedTensorType operand = getOperand().getType();
  // reshape_c1: element_type(result) = element_type(operand), except for the
  // quantization parameters of a per-axis quantized type.
  if (!isSameElementTypeModuloQuantization(operand.getElementType(),
                                           getType().getElementType()))
    return emitOpError() << "result element type " << getType().getElementType()
                         << " must match operand element type "
                         << operand.getElementType() << " (reshape_c1)";
  FailureOr<RankedTensorType> inferred =
      inferReshapeOp(emitError, operand, getType().getShape());
  if (failed(inferred))
    return failure();
  // reshape_c3: the quantization dimension moves with its elements.
  if (inferred->getElementType() != getType().getElementType())
    return emitOpError() << "result element type " << getType().getElementType()
                         << " must be " << inferred->getElementType()
                         << " (reshape_c3)";
  return success();
}

LogicalResult DynamicReshapeOp::verify() {
  RankedTensorType operand = getOperand().getType();
  RankedTensorType result = getType();
  // dynamic_reshape_c1: element_type(result) = element_type(operand), modulo
  // per-axis quantization parameters.
  if (!isSameElementTypeModuloQuantization(operand.getElementType(),
                                           result.getElementType()))
    return emitOpError() << "result element type " << result.getElementType()
                         << " must match operand element type "
                         << operand.getElementType() << " (dynamic_reshape_c1)";
  // dynamic_reshape_c2: size(operand) = size(result), when both are static.
  if (operand.hasStaticShape() && result.hasStaticShape() &&
      operand.getNumElements() != result.getNumElements())
    return emitOpError() << "operand shape " << dimsToString(operand.getShape())
                         << " and result shape "
                         << dimsToString(result.getShape())
                         << " must have the same number of elements "
                            "(dynamic_reshape_c2)";
  // dynamic_reshape_c4: size(output_shape) = rank(result)
  std::optional<int64_t> size = staticLength(getOutputShape());
  if (size && *size != result.getRank())
    return emitOpError() << "output_shape has " << *size
                         << " elements but the result has rank "
                         << result.getRank() << " (dynamic_reshape_c4)";
  return success();
}

void TransposeOp::build(OpBuilder &builder, OperationState &state,
                        Value operand, ArrayRef<int64_t> permutation) {
  auto type = cast<RankedTensorType>(operand.getType());
  RankedTensorType result = orFallback(
      inferQuietly(state,
                   [&](EmitErrorFn emit) {
                     return inferTransposeOp(emit, type, permutation);
                   }),
      type);
  build(builder, state, result, operand, permutation);
}

LogicalResult TransposeOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  RankedTensorType operand = getOperand().getType();
  FailureOr<RankedTensorType> inferred =
      inferTransposeOp(emitError, operand, getPermutation());
  if (failed(inferred))
    return failure();
  // transpose_c1: element_type(result) = element_type(operand), modulo
  // per-axis quantization parameters.
  if (!isSameElementTypeModuloQuantization(operand.getElementType(),
                                           getType().getElementType()))
    return emitOpError() << "result element type " << getType().getElementType()
                         << " must match operand element type "
                         << operand.getElementType() << " (transpose_c1)";
  // transpose_c3: shape(result) = dim(operand, permutation...)
  // transpose_c4: the quantization dimension follows the permutation.
  return checkInferred(*this, *inferred, getType(), "transpose_c3",
                       "transpose_c4");
}

//===----------------------------------------------------------------------===//
// Slicing
//===----------------------------------------------------------------------===//

void SliceOp::build(OpBuilder &builder, OperationState &state, Value operand,
                    ArrayRef<int64_t> startIndices,
                    ArrayRef<int64_t> limitIndices, ArrayRef<int64_t> strides) {
  auto type = cast<RankedTensorType>(operand.getType());
  RankedTensorType result =
      orFallback(inferQuietly(state,
                              [&](EmitErrorFn emit) {
                                return inferSliceOp(emit, type, startIndices,
                                                    limitIndices, strides);
                              }),
                 type);
  build(builder, state, result, operand, startIndices, limitIndices, strides);
}

LogicalResult SliceOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  FailureOr<RankedTensorType> inferred =
      inferSliceOp(emitError, getOperand().getType(), getStartIndices(),
                   getLimitIndices(), getStrides());
  if (failed(inferred))
    return failure();
  // slice_c1: element_type(operand) = element_type(result)
  // slice_c5: shape(result) = ceil((limit_indices - start_indices) / strides)
  return checkInferred(*this, *inferred, getType(), "slice_c5", "slice_c1");
}

void DynamicSliceOp::build(OpBuilder &builder, OperationState &state,
                           Value operand, ValueRange startIndices,
                           ArrayRef<int64_t> sliceSizes) {
  auto type = cast<RankedTensorType>(operand.getType());
  RankedTensorType result = orFallback(
      inferQuietly(state,
                   [&](EmitErrorFn emit) {
                     return inferDynamicSliceOp(
                         emit, type, startIndices.getTypes(), sliceSizes);
                   }),
      type.clone(sliceSizes));
  build(builder, state, result, operand, startIndices, sliceSizes);
}

LogicalResult DynamicSliceOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  FailureOr<RankedTensorType> inferred =
      inferDynamicSliceOp(emitError, getOperand().getType(),
                          getStartIndices().getTypes(), getSliceSizes());
  if (failed(inferred))
    return failure();
  // dynamic_slice_c1: element_type(operand) = element_type(result)
  // dynamic_slice_c5: shape(result) = slice_sizes
  return checkInferred(*this, *inferred, getType(), "dynamic_slice_c5",
                       "dynamic_slice_c1");
}

void DynamicUpdateSliceOp::build(OpBuilder &builder, OperationState &state,
                                 Value operand, Value update,
                                 ValueRange startIndices) {
  build(builder, state, operand.getType(), operand, update, startIndices);
}

LogicalResult DynamicUpdateSliceOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  FailureOr<RankedTensorType> inferred = inferDynamicUpdateSliceOp(
      emitError, getOperand().getType(), getUpdate().getType(),
      getStartIndices().getTypes());
  if (failed(inferred))
    return failure();
  // dynamic_update_slice_c1: type(operand) = type(result)
  if (!isCompatibleType(*inferred, getType()))
    return emitOpError() << "result type " << getType()
                         << " must match operand type " << *inferred
                         << " (dynamic_update_slice_c1)";
  return success();
}

LogicalResult RealDynamicSliceOp::verify() {
  // real_dynamic_slice is not specified yet; its checks follow slice's and
  // are labeled the same way.
  RankedTensorType operand = getOperand().getType();
  // real_dynamic_slice_c1: element_type(operand) = element_type(result)
  if (operand.getElementType() != getType().getElementType())
    return emitOpError() << "result element type " << getType().getElementType()
                         << " must match operand element type "
                         << operand.getElementType()
                         << " (real_dynamic_slice_c1)";
  // real_dynamic_slice_c2: size(start_indices) = size(limit_indices) =
  // size(strides) = rank(operand), and the three have one type.
  for (Value v : {getStartIndices(), getLimitIndices(), getStrides()}) {
    std::optional<int64_t> size = staticLength(v);
    if (size && *size != operand.getRank())
      return emitOpError() << "start_indices, limit_indices and strides must "
                              "have "
                           << operand.getRank() << " elements, got "
                           << v.getType() << " (real_dynamic_slice_c2)";
    if (v.getType() != getStartIndices().getType())
      return emitOpError() << "start_indices, limit_indices and strides must "
                              "have the same type, got "
                           << getStartIndices().getType() << " and "
                           << v.getType() << " (real_dynamic_slice_c2)";
  }
  // real_dynamic_slice_c5: rank(result) = rank(operand)
  if (getType().getRank() != operand.getRank())
    return emitOpError() << "result rank " << getType().getRank()
                         << " must match operand rank " << operand.getRank()
                         << " (real_dynamic_slice_c5)";
  return success();
}

//===----------------------------------------------------------------------===//
// concatenate, pad, dynamic_pad, reverse, get_dimension_size
//===----------------------------------------------------------------------===//

void ConcatenateOp::build(OpBuilder &builder, OperationState &state,
                          ValueRange inputs, int64_t dimension) {
  // With no inputs there is no element type to take; f32 is a placeholder
  // the verifier rejects (concatenate_c3).
  Type fallback =
      inputs.empty() ? Type(builder.getF32Type()) : inputs.front().getType();
  RankedTensorType result =
      orFallback(inferQuietly(state,
                              [&](EmitErrorFn emit) {
                                return inferConcatenateOp(
                                    emit, inputs.getTypes(), dimension);
                              }),
                 fallback);
  build(builder, state, result, inputs, dimension);
}

LogicalResult ConcatenateOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  FailureOr<RankedTensorType> inferred =
      inferConcatenateOp(emitError, getInputs().getTypes(), getDimension());
  if (failed(inferred))
    return failure();
  // concatenate_c5: element_type(result) = element_type(inputs[0])
  // concatenate_c6: shape(result) is the inputs' shape with the sizes along
  // `dimension` added.
  return checkInferred(*this, *inferred, getType(), "concatenate_c6",
                       "concatenate_c5");
}

void PadOp::build(OpBuilder &builder, OperationState &state, Value operand,
                  Value paddingValue, ArrayRef<int64_t> low,
                  ArrayRef<int64_t> high, ArrayRef<int64_t> interior) {
  auto type = cast<RankedTensorType>(operand.getType());
  auto padding = dyn_cast<RankedTensorType>(paddingValue.getType());
  FailureOr<RankedTensorType> inferred = failure();
  if (padding)
    inferred = inferQuietly(state, [&](EmitErrorFn emit) {
      return inferPadOp(emit, type, padding, low, high, interior);
    });
  build(builder, state, orFallback(inferred, type), operand, paddingValue, low,
        high, interior);
}

LogicalResult PadOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  FailureOr<RankedTensorType> inferred = inferPadOp(
      emitError, getOperand().getType(), getPaddingValue().getType(),
      getEdgePaddingLow(), getEdgePaddingHigh(), getInteriorPadding());
  if (failed(inferred))
    return failure();
  // pad_c1: element_type(result) = element_type(operand)
  // pad_c4: shape(result) = shape(operand) + edge_padding_low +
  // max(shape(operand) - 1, 0) * interior_padding + edge_padding_high
  return checkInferred(*this, *inferred, getType(), "pad_c4", "pad_c1");
}

LogicalResult DynamicPadOp::verify() {
  RankedTensorType operand = getOperand().getType();
  RankedTensorType padding = getPaddingValue().getType();
  // dynamic_pad_c1: element_type(operand) = element_type(padding_value) =
  // element_type(result); padding_value is 0-dimensional.
  if (padding.getRank() != 0)
    return emitOpError() << "padding_value must be a 0-dimensional tensor, got "
                         << padding << " (dynamic_pad_c1)";
  if (padding.getElementType() != operand.getElementType() ||
      getType().getElementType() != operand.getElementType())
    return emitOpError() << "operand, padding_value and result element types "
                         << operand.getElementType() << ", "
                         << padding.getElementType() << " and "
                         << getType().getElementType()
                         << " must match (dynamic_pad_c1)";
  // dynamic_pad_c2: size(edge_padding_low) = size(edge_padding_high) =
  // size(interior_padding) = rank(operand)
  for (Value v :
       {getEdgePaddingLow(), getEdgePaddingHigh(), getInteriorPadding()}) {
    std::optional<int64_t> size = staticLength(v);
    if (size && *size != operand.getRank())
      return emitOpError() << "edge_padding_low, edge_padding_high and "
                              "interior_padding must have "
                           << operand.getRank() << " elements, got "
                           << v.getType() << " (dynamic_pad_c2)";
  }
  // dynamic_pad_c4 (its rank part): rank(result) = rank(operand)
  if (getType().getRank() != operand.getRank())
    return emitOpError() << "result rank " << getType().getRank()
                         << " must match operand rank " << operand.getRank()
                         << " (dynamic_pad_c4)";
  return success();
}

LogicalResult ReverseOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  FailureOr<RankedTensorType> inferred =
      inferReverseOp(emitError, getOperand().getType(), getDimensions());
  if (failed(inferred))
    return failure();
  // reverse_c1: type(operand) = type(result)
  if (!isCompatibleType(*inferred, getType()))
    return emitOpError() << "result type " << getType()
                         << " must match operand type " << *inferred
                         << " (reverse_c1)";
  return success();
}

LogicalResult GetDimensionSizeOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  return inferGetDimensionSizeOp(emitError, getOperand().getType(),
                                 getDimension());
}

//===----------------------------------------------------------------------===//
// tuple, get_tuple_element
//===----------------------------------------------------------------------===//

void TupleOp::build(OpBuilder &builder, OperationState &state,
                    ValueRange values) {
  build(builder, state, inferTupleOp(builder.getContext(), values.getTypes()),
        values);
}

LogicalResult TupleOp::verify() {
  // tuple_c1: type(result) = tuple(type(val...))
  TupleType expected = inferTupleOp(getContext(), getVal().getTypes());
  if (expected != getType())
    return emitOpError() << "result type " << getType() << " must be "
                         << expected << " (tuple_c1)";
  return success();
}

void GetTupleElementOp::build(OpBuilder &builder, OperationState &state,
                              Value operand, int32_t index) {
  FailureOr<Type> result = inferQuietly(state, [&](EmitErrorFn emit) {
    return inferGetTupleElementOp(emit, operand.getType(), index);
  });
  build(builder, state, succeeded(result) ? *result : builder.getNoneType(),
        operand, index);
}

LogicalResult GetTupleElementOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  FailureOr<Type> expected =
      inferGetTupleElementOp(emitError, getOperand().getType(), getIndex());
  if (failed(expected))
    return failure();
  // get_tuple_element_c2: type(result) = tuple_element_types(operand)[index]
  if (*expected != getType())
    return emitOpError() << "result type " << getType() << " must be "
                         << *expected << ", element " << getIndex()
                         << " of the operand (get_tuple_element_c2)";
  return success();
}

//===----------------------------------------------------------------------===//
// torch_index_select
//===----------------------------------------------------------------------===//

LogicalResult TorchIndexSelectOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  FailureOr<RankedTensorType> inferred =
      inferTorchIndexSelectOp(emitError, getOperand().getType(),
                              getIndex().getType(), getDim(), getBatchDims());
  if (failed(inferred))
    return failure();
  return checkInferred(*this, *inferred, getType(), "torch_index_select_c4",
                       "torch_index_select_c5");
}
