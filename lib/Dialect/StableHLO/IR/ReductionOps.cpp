//===- ReductionOps.cpp - reduce, reduce_window, sort, map, ... -----------===//
//
// Verifiers of the ops that apply a region (through the shape functions of
// InferReduction.h) and the two pretty forms of reduce. The other ops of
// the family print in the generic form.
//
//===----------------------------------------------------------------------===//

#include "jx/Dialect/StableHLO/IR/AssemblyFormat.h"
#include "jx/Dialect/StableHLO/IR/InferControlFlow.h"
#include "jx/Dialect/StableHLO/IR/InferReduction.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace jx::stablehlo;

#define GET_OP_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLOReductionOps.cpp.inc"

static SmallVector<RankedTensorType> tensorTypes(TypeRange types) {
  SmallVector<RankedTensorType> result;
  for (Type t : types)
    result.push_back(cast<RankedTensorType>(t));
  return result;
}

static SmallVector<Type> elementTypes(ArrayRef<RankedTensorType> types) {
  SmallVector<Type> result;
  for (RankedTensorType t : types)
    result.push_back(t.getElementType());
  return result;
}

/// Checks `results` against the inferred types: as many (`countLabel`), the
/// same shape (`shapeLabel`) and element type (`elementLabel`).
static LogicalResult verifyInferredResults(Operation *op,
                                           ArrayRef<RankedTensorType> inferred,
                                           StringRef countLabel,
                                           StringRef shapeLabel,
                                           StringRef elementLabel) {
  if (op->getNumResults() != inferred.size())
    return op->emitOpError() << "must have " << inferred.size()
                             << " results, has " << op->getNumResults()
                             << " (" << countLabel << ")";
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(op->getResultTypes(), inferred))) {
    auto result = cast<RankedTensorType>(std::get<0>(pair));
    RankedTensorType expected = std::get<1>(pair);
    if (!isCompatibleShape(result.getShape(), expected.getShape()))
      return op->emitOpError()
             << "result " << i << " has shape "
             << dimsToString(result.getShape()) << ", expected "
             << dimsToString(expected.getShape()) << " (" << shapeLabel
             << ")";
    if (result.getElementType() != expected.getElementType())
      return op->emitOpError()
             << "result " << i << " has element type "
             << result.getElementType() << ", expected "
             << expected.getElementType() << " (" << elementLabel << ")";
  }
  return success();
}

/// Flattens an optional `padding` attribute, checking that its shape is
/// [rank, 2] (`label`).
static LogicalResult
flattenPadding(Operation *op, std::optional<DenseIntElementsAttr> padding,
           int64_t rank, StringRef label, SmallVectorImpl<int64_t> &values) {
  if (!padding)
    return success();
  auto type = cast<ShapedType>(padding->getType());
  if (type.getRank() != 2 || type.getDimSize(0) != rank ||
      type.getDimSize(1) != 2)
    return op->emitOpError()
           << "padding must have shape [" << rank << ", 2], got "
           << dimsToString(type.getShape()) << " (" << label << ")";
  for (APInt v : padding->getValues<APInt>())
    values.push_back(v.getSExtValue());
  return success();
}

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

/// The compact form `applies stablehlo.<op>` stands for a body made of one
/// commutative binary stablehlo op on the two block arguments, in order,
/// whose result is returned, all of type tensor<E> for the input's E.
static Operation *getCompactReducer(ReduceOp op) {
  if (op.getInputs().size() != 1 || op.getBody().empty())
    return nullptr;
  Block &block = op.getBody().front();
  if (block.getNumArguments() != 2 || block.getOperations().size() != 2)
    return nullptr;
  Operation &inner = block.front();
  auto ret = dyn_cast<ReturnOp>(block.back());
  auto input = cast<RankedTensorType>(op.getInputs()[0].getType());
  auto scalar = RankedTensorType::get({}, input.getElementType());
  if (!ret || inner.getDialect() != op->getDialect() ||
      !inner.hasTrait<OpTrait::IsCommutative>() ||
      inner.getNumOperands() != 2 || inner.getNumResults() != 1 ||
      inner.getNumRegions() != 0 || !inner.getAttrs().empty() ||
      inner.getOperand(0) != block.getArgument(0) ||
      inner.getOperand(1) != block.getArgument(1) ||
      block.getArgument(0).getType() != scalar ||
      block.getArgument(1).getType() != scalar ||
      inner.getResult(0).getType() != scalar ||
      ret->getNumOperands() != 1 || ret->getOperand(0) != inner.getResult(0))
    return nullptr;
  return &inner;
}

ParseResult ReduceOp::parse(OpAsmParser &parser, OperationState &result) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<OpAsmParser::UnresolvedOperand> inputs, inits;
  do {
    OpAsmParser::UnresolvedOperand input, init;
    if (parser.parseLParen() || parser.parseOperand(input) ||
        parser.parseKeyword("init") || parser.parseColon() ||
        parser.parseOperand(init) || parser.parseRParen())
      return failure();
    inputs.push_back(input);
    inits.push_back(init);
  } while (succeeded(parser.parseOptionalComma()));

  StringRef reducerName;
  SMLoc reducerLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword("applies")) &&
      parser.parseKeyword(&reducerName))
    return failure();

  SmallVector<int64_t> dims;
  if (parser.parseKeyword("across") || parser.parseKeyword("dimensions") ||
      parser.parseEqual() || parseDimList(parser, dims) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  result.getOrAddProperties<Properties>().dimensions =
      DenseI64ArrayAttr::get(parser.getContext(), dims);

  SMLoc typeLoc = parser.getCurrentLocation();
  FunctionType fn;
  if (parser.parseColon() || parser.parseType(fn))
    return failure();
  size_t n = inputs.size();
  if (fn.getNumInputs() != 2 * n)
    return parser.emitError(typeLoc)
           << "expected " << 2 * n << " operand types, got "
           << fn.getNumInputs();
  if (parser.resolveOperands(inputs, fn.getInputs().take_front(n), loc,
                             result.operands) ||
      parser.resolveOperands(inits, fn.getInputs().drop_front(n), loc,
                             result.operands))
    return failure();
  result.addTypes(fn.getResults());
  Region *body = result.addRegion();

  if (!reducerName.empty()) {
    OperationName name(reducerName, parser.getContext());
    if (!name.isRegistered())
      return parser.emitError(reducerLoc)
             << "unknown reduction op '" << reducerName << "'";
    if (n != 1)
      return parser.emitError(reducerLoc)
             << "`applies` needs exactly one input, got " << n;
    auto input = dyn_cast<RankedTensorType>(fn.getInput(0));
    if (!input)
      return parser.emitError(typeLoc) << "expected a ranked tensor input";
    auto scalar = RankedTensorType::get({}, input.getElementType());
    Location bodyLoc = parser.getEncodedSourceLoc(reducerLoc);
    Block *block = new Block();
    body->push_back(block);
    block->addArguments({scalar, scalar}, {bodyLoc, bodyLoc});
    OpBuilder builder(parser.getContext());
    builder.setInsertionPointToEnd(block);
    OperationState state(bodyLoc, name);
    state.addOperands(block->getArguments());
    state.addTypes(scalar);
    Operation *inner = builder.create(state);
    ReturnOp::create(builder, bodyLoc, inner->getResults());
    return success();
  }

  // reducer(%acc0: T0, %x0: T0) (%acc1: T1, %x1: T1) ...: the block takes
  // the accumulators first, then the elements.
  if (parser.parseKeyword("reducer"))
    return failure();
  SmallVector<OpAsmParser::Argument> accs, xs;
  for (size_t i = 0; i < n; ++i) {
    OpAsmParser::Argument acc, x;
    if (parser.parseLParen() ||
        parser.parseArgument(acc, /*allowType=*/true) ||
        parser.parseComma() || parser.parseArgument(x, /*allowType=*/true) ||
        parser.parseRParen())
      return failure();
    accs.push_back(acc);
    xs.push_back(x);
  }
  accs.append(xs.begin(), xs.end());
  return parser.parseRegion(*body, accs);
}

void ReduceOp::print(OpAsmPrinter &p) {
  p << '(';
  llvm::interleave(
      llvm::zip(getInputs(), getInitValues()), p,
      [&](auto it) { p << std::get<0>(it) << " init: " << std::get<1>(it); },
      "), (");
  p << ')';
  Operation *compact = getCompactReducer(*this);
  if (compact)
    p << " applies " << compact->getName().getStringRef();
  p << " across dimensions = ";
  printDimList(p, getDimensions());
  p.printOptionalAttrDict((*this)->getAttrs(), {"dimensions"});
  p << " : ";
  p.printFunctionalType(getOperandTypes(), getResultTypes());
  if (compact)
    return;
  p.printNewline();
  p << " reducer";
  size_t n = getInputs().size();
  Block::BlockArgListType args;
  if (!getBody().empty())
    args = getBody().front().getArguments();
  for (size_t i = 0; i < n && n + i < args.size(); ++i) {
    p << '(';
    p.printRegionArgument(args[i]);
    p << ", ";
    p.printRegionArgument(args[n + i]);
    p << ") ";
  }
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

LogicalResult ReduceOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  SmallVector<RankedTensorType> inputs = tensorTypes(getInputs().getTypes());
  SmallVector<RankedTensorType> inits =
      tensorTypes(getInitValues().getTypes());
  // reduce_c1..c5 (reduce_c3 also asks for N results, checked below).
  if (failed(inferReduceOp(emitError, inputs, inits, getDimensions())))
    return failure();
  // reduce_c6: the body reduces tensor<Ei> pairs.
  FailureOr<SmallVector<Type>> bodyTypes = verifyReducerBody(
      emitError, getBody(), elementTypes(inputs), "reduce_c6");
  if (failed(bodyTypes))
    return failure();
  FailureOr<SmallVector<RankedTensorType>> inferred =
      inferReduceOp(emitError, inputs, inits, getDimensions(), *bodyTypes);
  if (failed(inferred))
    return failure();
  // reduce_c3, reduce_c7, reduce_c8.
  return verifyInferredResults(*this, *inferred, "reduce_c3", "reduce_c7",
                               "reduce_c8");
}

//===----------------------------------------------------------------------===//
// reduce_window
//===----------------------------------------------------------------------===//

LogicalResult ReduceWindowOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  SmallVector<RankedTensorType> inputs = tensorTypes(getInputs().getTypes());
  SmallVector<RankedTensorType> inits =
      tensorTypes(getInitValues().getTypes());
  int64_t rank = inputs.empty() ? 0 : inputs[0].getRank();
  SmallVector<int64_t> padding;
  // reduce_window_c12: shape(padding) = [rank(inputs[0]), 2].
  if (failed(flattenPadding(*this, getPadding(), rank, "reduce_window_c12",
                        padding)))
    return failure();
  WindowConfig window;
  window.dimensions = getWindowDimensions();
  window.strides = getWindowStrides();
  window.baseDilations = getBaseDilations();
  window.windowDilations = getWindowDilations();
  if (getPadding())
    window.padding = ArrayRef<int64_t>(padding);
  // reduce_window_c1..c11.
  if (failed(inferReduceWindowOp(emitError, inputs, inits, window)))
    return failure();
  // reduce_window_c13: the body reduces tensor<Ei> pairs.
  FailureOr<SmallVector<Type>> bodyTypes = verifyReducerBody(
      emitError, getBody(), elementTypes(inputs), "reduce_window_c13");
  if (failed(bodyTypes))
    return failure();
  FailureOr<SmallVector<RankedTensorType>> inferred =
      inferReduceWindowOp(emitError, inputs, inits, window, *bodyTypes);
  if (failed(inferred))
    return failure();
  // reduce_window_c1, c14/c15 (every result has the num_windows shape), c16.
  return verifyInferredResults(*this, *inferred, "reduce_window_c1",
                               "reduce_window_c15", "reduce_window_c16");
}

//===----------------------------------------------------------------------===//
// select_and_scatter
//===----------------------------------------------------------------------===//

LogicalResult SelectAndScatterOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  auto operand = cast<RankedTensorType>(getOperand().getType());
  SmallVector<int64_t> padding;
  // select_and_scatter_c8: shape(padding) = [rank(operand), 2].
  if (failed(flattenPadding(*this, getPadding(), operand.getRank(),
                        "select_and_scatter_c8", padding)))
    return failure();
  WindowConfig window;
  std::optional<ArrayRef<int64_t>> dims = getWindowDimensions();
  SmallVector<int64_t> ones(operand.getRank(), 1);
  window.dimensions = dims ? *dims : ArrayRef<int64_t>(ones);
  window.strides = getWindowStrides();
  if (getPadding())
    window.padding = ArrayRef<int64_t>(padding);
  FailureOr<RankedTensorType> inferred = inferSelectAndScatterOp(
      emitError, operand, cast<RankedTensorType>(getSource().getType()),
      cast<RankedTensorType>(getInitValue().getType()), window, getSelect(),
      getScatter());
  if (failed(inferred))
    return failure();
  // select_and_scatter_c11: shape(operand) = shape(result);
  // select_and_scatter_c12: element_type(result) = E.
  return verifyInferredResults(*this, {*inferred}, "select_and_scatter_c11",
                               "select_and_scatter_c11",
                               "select_and_scatter_c12");
}

//===----------------------------------------------------------------------===//
// sort
//===----------------------------------------------------------------------===//

LogicalResult SortOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  SmallVector<RankedTensorType> inputs = tensorTypes(getInputs().getTypes());
  FailureOr<SmallVector<RankedTensorType>> inferred =
      inferSortOp(emitError, inputs, getDimension(), getComparator());
  if (failed(inferred))
    return failure();
  // sort_c2: type(inputs...) = type(results...).
  if (getNumResults() != inferred->size())
    return emitOpError() << "must have " << inferred->size()
                         << " results, has " << getNumResults()
                         << " (sort_c2)";
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(getResultTypes(), *inferred)))
    if (!isCompatibleType(std::get<0>(pair), std::get<1>(pair)))
      return emitOpError() << "result " << i << " has type "
                           << std::get<0>(pair) << ", expected "
                           << std::get<1>(pair) << " (sort_c2)";
  return success();
}

//===----------------------------------------------------------------------===//
// map
//===----------------------------------------------------------------------===//

LogicalResult MapOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  SmallVector<RankedTensorType> inputs = tensorTypes(getInputs().getTypes());
  FailureOr<RankedTensorType> inferred =
      inferMapOp(emitError, inputs, getDimensions(), getComputation());
  if (failed(inferred))
    return failure();
  // map_c1: shape(result) = shape(inputs...); map_c4: element type E'.
  return verifyInferredResults(*this, {*inferred}, "map_c1", "map_c1",
                               "map_c4");
}
