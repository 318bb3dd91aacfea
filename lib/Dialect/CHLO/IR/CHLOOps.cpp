//===- CHLOOps.cpp - the chlo dialect: attributes, verifiers, syntax ------===//

#include "jx/Dialect/CHLO/IR/CHLOOps.h"
#include "jx/Dialect/StableHLO/IR/AssemblyFormat.h"
#include "jx/Dialect/StableHLO/IR/TypeUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace jx::chlo;
using jx::stablehlo::dimsToString;
using jx::stablehlo::EmitErrorFn;
using jx::stablehlo::haveSameBaselineElementType;
using jx::stablehlo::isCompatibleDim;
using jx::stablehlo::isCompatibleShape;

#include "jx/Dialect/CHLO/IR/CHLODialect.cpp.inc"
#include "jx/Dialect/CHLO/IR/CHLOEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "jx/Dialect/CHLO/IR/CHLOAttrs.cpp.inc"

void ChloDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "jx/Dialect/CHLO/IR/CHLOOps.cpp.inc"
      >();
}

void ChloDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "jx/Dialect/CHLO/IR/CHLOAttrs.cpp.inc"
      >();
}

Operation *ChloDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return jx::stablehlo::ConstantOp::create(builder, loc, type, elements);
}

//===----------------------------------------------------------------------===//
// #chlo.ragged_dot<lhs_batching_dimensions = [..], ...>
//===----------------------------------------------------------------------===//

Attribute RaggedDotDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  static constexpr StringLiteral names[] = {
      "lhs_batching_dimensions",    "rhs_batching_dimensions",
      "lhs_contracting_dimensions", "rhs_contracting_dimensions",
      "lhs_ragged_dimensions",      "rhs_group_dimensions"};
  SmallVector<int64_t> fields[6];
  llvm::SmallSet<StringRef, 6> seen;
  if (parser.parseLess())
    return {};
  if (failed(parser.parseOptionalGreater())) {
    auto parseOne = [&]() -> ParseResult {
      SMLoc loc = parser.getCurrentLocation();
      StringRef key;
      if (parser.parseKeyword(&key))
        return failure();
      const StringLiteral *it = llvm::find(names, key);
      if (it == std::end(names))
        return parser.emitError(loc)
               << "unknown field '" << key << "' in #chlo.ragged_dot";
      if (!seen.insert(key).second)
        return parser.emitError(loc)
               << "duplicate field '" << key << "' in #chlo.ragged_dot";
      if (parser.parseEqual())
        return failure();
      return jx::stablehlo::parseDimList(parser, fields[it - names]);
    };
    if (parser.parseCommaSeparatedList(parseOne) || parser.parseGreater())
      return {};
  }
  return get(parser.getContext(), fields[0], fields[1], fields[2], fields[3],
             fields[4], fields[5]);
}

void RaggedDotDimensionNumbersAttr::print(AsmPrinter &p) const {
  // Every field is printed, empty ones too, as frontends write them.
  p << "<lhs_batching_dimensions = ";
  jx::stablehlo::printDimList(p, getLhsBatchingDimensions());
  p << ", rhs_batching_dimensions = ";
  jx::stablehlo::printDimList(p, getRhsBatchingDimensions());
  p << ", lhs_contracting_dimensions = ";
  jx::stablehlo::printDimList(p, getLhsContractingDimensions());
  p << ", rhs_contracting_dimensions = ";
  jx::stablehlo::printDimList(p, getRhsContractingDimensions());
  p << ", lhs_ragged_dimensions = ";
  jx::stablehlo::printDimList(p, getLhsRaggedDimensions());
  p << ", rhs_group_dimensions = ";
  jx::stablehlo::printDimList(p, getRhsGroupDimensions());
  p << '>';
}

//===----------------------------------------------------------------------===//
// Shared checks
//===----------------------------------------------------------------------===//

namespace {

RankedTensorType tensorOf(Value v) {
  return cast<RankedTensorType>(v.getType());
}

/// Shapes of `a` and `b` agree modulo dynamism; the message names both.
LogicalResult checkSameShape(Operation *op, StringRef aName, Type a,
                             StringRef bName, Type b) {
  auto sa = cast<RankedTensorType>(a).getShape();
  auto sb = cast<RankedTensorType>(b).getShape();
  if (isCompatibleShape(sa, sb))
    return success();
  return op->emitOpError() << aName << " shape " << dimsToString(sa)
                           << " and " << bName << " shape "
                           << dimsToString(sb) << " must match";
}

LogicalResult checkSameElementType(Operation *op, StringRef aName, Type a,
                                   StringRef bName, Type b) {
  Type ea = getElementTypeOrSelf(a), eb = getElementTypeOrSelf(b);
  if (haveSameBaselineElementType(ea, eb))
    return success();
  return op->emitOpError() << aName << " element type " << ea << " and "
                           << bName << " element type " << eb
                           << " must match";
}

LogicalResult verifyUnary(Operation *op, bool sameElementType) {
  Type operand = op->getOperand(0).getType();
  Type result = op->getResult(0).getType();
  if (failed(checkSameShape(op, "operand", operand, "result", result)))
    return failure();
  if (sameElementType)
    return checkSameElementType(op, "operand", operand, "result", result);
  return success();
}

LogicalResult verifyBinary(Operation *op) {
  Type lhs = op->getOperand(0).getType();
  Type rhs = op->getOperand(1).getType();
  Type result = op->getResult(0).getType();
  if (failed(checkSameShape(op, "lhs", lhs, "rhs", rhs)) ||
      failed(checkSameShape(op, "lhs", lhs, "result", result)) ||
      failed(checkSameElementType(op, "lhs", lhs, "rhs", rhs)) ||
      failed(checkSameElementType(op, "lhs", lhs, "result", result)))
    return failure();
  return success();
}

/// Checks the broadcast of lhs and rhs against the result shape; with
/// `resultElement`, also checks the element type of the result.
LogicalResult verifyBroadcast(Operation *op, Value lhs, Value rhs,
                              std::optional<ArrayRef<int64_t>> dims,
                              Type result) {
  auto emitError = [&] { return op->emitOpError(); };
  FailureOr<SmallVector<int64_t>> shape = inferBroadcastShape(
      emitError, tensorOf(lhs).getShape(), tensorOf(rhs).getShape(), dims);
  if (failed(shape))
    return failure();
  auto resultShape = cast<RankedTensorType>(result).getShape();
  if (!isCompatibleShape(*shape, resultShape))
    return op->emitOpError()
           << "result shape " << dimsToString(resultShape)
           << " must match the broadcast shape " << dimsToString(*shape)
           << " of lhs " << dimsToString(tensorOf(lhs).getShape())
           << " and rhs " << dimsToString(tensorOf(rhs).getShape());
  return success();
}

} // namespace

FailureOr<SmallVector<int64_t>>
jx::chlo::inferBroadcastShape(EmitErrorFn emitError, ArrayRef<int64_t> lhs,
                              ArrayRef<int64_t> rhs,
                              std::optional<ArrayRef<int64_t>> broadcastDims) {
  bool lhsIsHigh = lhs.size() >= rhs.size();
  ArrayRef<int64_t> high = lhsIsHigh ? lhs : rhs;
  ArrayRef<int64_t> low = lhsIsHigh ? rhs : lhs;
  SmallVector<int64_t> dims;
  if (broadcastDims) {
    if (broadcastDims->size() != low.size())
      return emitError() << "broadcast_dimensions " << dimsToString(*broadcastDims)
                         << " must have one entry per dimension of the "
                            "lower-rank operand, of rank "
                         << low.size();
    for (int64_t d : *broadcastDims)
      if (d < 0 || d >= static_cast<int64_t>(high.size()))
        return emitError() << "broadcast_dimensions " << dimsToString(*broadcastDims)
                           << " must be in range [0, " << high.size() << ")";
    llvm::SmallSet<int64_t, 8> seen;
    for (int64_t d : *broadcastDims)
      if (!seen.insert(d).second)
        return emitError() << "broadcast_dimensions "
                           << dimsToString(*broadcastDims)
                           << " must not repeat a dimension";
    dims.assign(broadcastDims->begin(), broadcastDims->end());
  } else {
    // Trailing dimensions align.
    for (size_t i = 0; i < low.size(); ++i)
      dims.push_back(high.size() - low.size() + i);
  }
  SmallVector<int64_t> shape(high);
  for (auto [i, d] : llvm::enumerate(dims)) {
    int64_t a = high[d], b = low[i];
    if (b == 1)
      continue;
    if (a == 1) {
      shape[d] = b;
      continue;
    }
    if (ShapedType::isDynamic(a)) {
      shape[d] = b;
      continue;
    }
    if (ShapedType::isDynamic(b))
      continue;
    if (a != b)
      return emitError() << "shapes " << dimsToString(lhs) << " and "
                         << dimsToString(rhs)
                         << " do not broadcast: dimension " << d
                         << " has sizes " << a << " and " << b;
  }
  return shape;
}

//===----------------------------------------------------------------------===//
// Verifiers of the elementwise families
//===----------------------------------------------------------------------===//

#define UNARY_VERIFIER(Op, same)                                               \
  LogicalResult Op::verify() { return verifyUnary(*this, same); }
UNARY_VERIFIER(AcosOp, true)
UNARY_VERIFIER(AcoshOp, true)
UNARY_VERIFIER(AsinOp, true)
UNARY_VERIFIER(AsinhOp, true)
UNARY_VERIFIER(AtanOp, true)
UNARY_VERIFIER(AtanhOp, true)
UNARY_VERIFIER(BesselI1eOp, true)
UNARY_VERIFIER(ConjOp, true)
UNARY_VERIFIER(CoshOp, true)
UNARY_VERIFIER(SinhOp, true)
UNARY_VERIFIER(TanOp, true)
UNARY_VERIFIER(DigammaOp, true)
UNARY_VERIFIER(ErfOp, true)
UNARY_VERIFIER(ErfcOp, true)
UNARY_VERIFIER(ErfInvOp, true)
UNARY_VERIFIER(LgammaOp, true)
UNARY_VERIFIER(SquareOp, true)
UNARY_VERIFIER(IsInfOp, false)
UNARY_VERIFIER(IsNegInfOp, false)
UNARY_VERIFIER(IsPosInfOp, false)
#undef UNARY_VERIFIER

LogicalResult NextAfterOp::verify() { return verifyBinary(*this); }
LogicalResult PolygammaOp::verify() { return verifyBinary(*this); }
LogicalResult ZetaOp::verify() { return verifyBinary(*this); }
LogicalResult MulhiOp::verify() { return verifyBinary(*this); }

#define BROADCAST_VERIFIER(Op)                                                 \
  LogicalResult Op::verify() {                                                 \
    if (failed(checkSameElementType(*this, "lhs", getLhs().getType(), "rhs",  \
                                    getRhs().getType())) ||                    \
        failed(checkSameElementType(*this, "lhs", getLhs().getType(),         \
                                    "result", getType())))                    \
      return failure();                                                        \
    return verifyBroadcast(*this, getLhs(), getRhs(),                         \
                           getBroadcastDimensions(), getType());               \
  }
BROADCAST_VERIFIER(BroadcastAddOp)
BROADCAST_VERIFIER(BroadcastAtan2Op)
BROADCAST_VERIFIER(BroadcastDivOp)
BROADCAST_VERIFIER(BroadcastMaxOp)
BROADCAST_VERIFIER(BroadcastMinOp)
BROADCAST_VERIFIER(BroadcastMulOp)
BROADCAST_VERIFIER(BroadcastNextAfterOp)
BROADCAST_VERIFIER(BroadcastPolygammaOp)
BROADCAST_VERIFIER(BroadcastPowOp)
BROADCAST_VERIFIER(BroadcastRemOp)
BROADCAST_VERIFIER(BroadcastShiftLeftOp)
BROADCAST_VERIFIER(BroadcastShiftRightArithmeticOp)
BROADCAST_VERIFIER(BroadcastShiftRightLogicalOp)
BROADCAST_VERIFIER(BroadcastSubOp)
BROADCAST_VERIFIER(BroadcastZetaOp)
BROADCAST_VERIFIER(BroadcastAndOp)
BROADCAST_VERIFIER(BroadcastOrOp)
BROADCAST_VERIFIER(BroadcastXorOp)
#undef BROADCAST_VERIFIER

LogicalResult BroadcastComplexOp::verify() {
  if (failed(checkSameElementType(*this, "lhs", getLhs().getType(), "rhs",
                                  getRhs().getType())))
    return failure();
  Type part = getElementTypeOrSelf(getLhs().getType());
  Type expected = ComplexType::get(part);
  if (getType().getElementType() != expected)
    return emitOpError() << "result element type " << getType().getElementType()
                         << " must be " << expected;
  return verifyBroadcast(*this, getLhs(), getRhs(), getBroadcastDimensions(),
                         getType());
}

LogicalResult BroadcastCompareOp::verify() {
  if (failed(checkSameElementType(*this, "lhs", getLhs().getType(), "rhs",
                                  getRhs().getType())))
    return failure();
  return verifyBroadcast(*this, getLhs(), getRhs(), getBroadcastDimensions(),
                         getType());
}

LogicalResult BroadcastSelectOp::verify() {
  if (failed(checkSameElementType(*this, "on_true", getOnTrue().getType(),
                                  "on_false", getOnFalse().getType())) ||
      failed(checkSameElementType(*this, "on_true", getOnTrue().getType(),
                                  "result", getType())))
    return failure();
  auto emitError = [&] { return emitOpError(); };
  FailureOr<SmallVector<int64_t>> shape =
      inferBroadcastShape(emitError, tensorOf(getOnTrue()).getShape(),
                          tensorOf(getOnFalse()).getShape(), std::nullopt);
  if (failed(shape))
    return failure();
  shape = inferBroadcastShape(emitError, tensorOf(getPred()).getShape(),
                              *shape, std::nullopt);
  if (failed(shape))
    return failure();
  if (!isCompatibleShape(*shape, getType().getShape()))
    return emitOpError() << "result shape " << dimsToString(getType().getShape())
                         << " must match the broadcast shape "
                         << dimsToString(*shape) << " of the operands";
  return success();
}

//===----------------------------------------------------------------------===//
// constant, constant_like
//===----------------------------------------------------------------------===//

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

LogicalResult ConstantLikeOp::verify() {
  auto typed = dyn_cast<TypedAttr>(getValue());
  Type elementType = getType().getElementType();
  if (!typed || typed.getType() != elementType)
    return emitOpError() << "value type "
                         << (typed ? typed.getType() : Type())
                         << " must be the result element type " << elementType;
  return checkSameShape(*this, "operand", getOperand().getType(), "result",
                        getType());
}

//===----------------------------------------------------------------------===//
// top_k
//===----------------------------------------------------------------------===//

void TopKOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getValues(), "values");
  setNameFn(getIndices(), "indices");
}

LogicalResult TopKOp::verify() {
  RankedTensorType operand = getOperand().getType();
  int64_t k = getK();
  if (operand.getRank() < 1)
    return emitOpError() << "operand's rank must be at least 1";
  if (k < 0)
    return emitOpError() << "k must be non-negative, got " << k;
  int64_t last = operand.getShape().back();
  if (!ShapedType::isDynamic(last) && last < k)
    return emitOpError() << "operand's last dimension must be at least " << k
                         << ", got " << last;
  SmallVector<int64_t> expected(operand.getShape());
  expected.back() = k;
  for (auto [name, type] :
       {std::pair<StringRef, RankedTensorType>{"values", getValues().getType()},
        {"indices", getIndices().getType()}})
    if (!isCompatibleShape(type.getShape(), expected))
      return emitOpError() << name << " shape " << dimsToString(type.getShape())
                           << " must be " << dimsToString(expected);
  if (getValues().getType().getElementType() != operand.getElementType())
    return emitOpError() << "values element type "
                         << getValues().getType().getElementType()
                         << " must be the operand element type "
                         << operand.getElementType();
  if (!getIndices().getType().getElementType().isSignlessInteger(32))
    return emitOpError() << "indices element type "
                         << getIndices().getType().getElementType()
                         << " must be i32";
  return success();
}

//===----------------------------------------------------------------------===//
// ragged_dot
//===----------------------------------------------------------------------===//

LogicalResult RaggedDotOp::verify() {
  RaggedDotDimensionNumbersAttr dn = getRaggedDotDimensionNumbers();
  RankedTensorType lhs = getLhs().getType(), rhs = getRhs().getType();
  RankedTensorType groups = getGroupSizes().getType();
  int64_t lhsRank = lhs.getRank(), rhsRank = rhs.getRank();
  auto emitError = [&] { return emitOpError(); };

  auto inRange = [&](StringRef what, ArrayRef<int64_t> dims,
                     int64_t rank) -> LogicalResult {
    for (int64_t d : dims)
      if (d < 0 || d >= rank)
        return emitError() << what << " " << dimsToString(dims)
                           << " must be in range [0, " << rank << ")";
    return success();
  };
  ArrayRef<int64_t> lhsBatch = dn.getLhsBatchingDimensions();
  ArrayRef<int64_t> rhsBatch = dn.getRhsBatchingDimensions();
  ArrayRef<int64_t> lhsContract = dn.getLhsContractingDimensions();
  ArrayRef<int64_t> rhsContract = dn.getRhsContractingDimensions();
  ArrayRef<int64_t> lhsRagged = dn.getLhsRaggedDimensions();
  ArrayRef<int64_t> rhsGroup = dn.getRhsGroupDimensions();
  if (failed(inRange("lhs_batching_dimensions", lhsBatch, lhsRank)) ||
      failed(inRange("rhs_batching_dimensions", rhsBatch, rhsRank)) ||
      failed(inRange("lhs_contracting_dimensions", lhsContract, lhsRank)) ||
      failed(inRange("rhs_contracting_dimensions", rhsContract, rhsRank)) ||
      failed(inRange("lhs_ragged_dimensions", lhsRagged, lhsRank)) ||
      failed(inRange("rhs_group_dimensions", rhsGroup, rhsRank)))
    return failure();

  // Batching and contracting dimensions of one side are all distinct.
  auto checkDisjoint = [&](StringRef side, ArrayRef<int64_t> a, StringRef aName,
                           ArrayRef<int64_t> b,
                           StringRef bName) -> LogicalResult {
    SmallVector<int64_t> all(a);
    all.append(b.begin(), b.end());
    llvm::SmallSet<int64_t, 8> seen;
    for (int64_t d : all)
      if (!seen.insert(d).second)
        return emitOpError() << "has duplicated dimension from " << aName
                             << " and " << bName << ": " << d;
    return success();
  };
  if (failed(checkDisjoint("lhs", lhsBatch, "lhs_batching_dimensions",
                           lhsContract, "lhs_contracting_dimensions")) ||
      failed(checkDisjoint("rhs", rhsBatch, "rhs_batching_dimensions",
                           rhsContract, "rhs_contracting_dimensions")) ||
      failed(checkDisjoint("rhs", rhsGroup, "rhs_group_dimensions", rhsBatch,
                           "rhs_batching_dimensions")) ||
      failed(checkDisjoint("rhs", rhsGroup, "rhs_group_dimensions",
                           rhsContract, "rhs_contracting_dimensions")))
    return failure();

  if (lhsBatch.size() != rhsBatch.size())
    return emitOpError() << "lhs and rhs must have the same number of batching "
                            "dimensions, got "
                         << lhsBatch.size() << " and " << rhsBatch.size();
  if (lhsContract.size() != rhsContract.size())
    return emitOpError() << "lhs and rhs must have the same number of "
                            "contracting dimensions, got "
                         << lhsContract.size() << " and " << rhsContract.size();
  for (auto [l, r] : llvm::zip(lhsBatch, rhsBatch))
    if (!isCompatibleDim(lhs.getDimSize(l), rhs.getDimSize(r)))
      return emitOpError() << "batching dimension sizes must match: lhs "
                           << "dimension " << l << " has size "
                           << lhs.getDimSize(l) << ", rhs dimension " << r
                           << " has size " << rhs.getDimSize(r);
  for (auto [l, r] : llvm::zip(lhsContract, rhsContract))
    if (!isCompatibleDim(lhs.getDimSize(l), rhs.getDimSize(r)))
      return emitOpError() << "contracting dimension sizes must match: lhs "
                           << "dimension " << l << " has size "
                           << lhs.getDimSize(l) << ", rhs dimension " << r
                           << " has size " << rhs.getDimSize(r);

  if (lhsRagged.size() != 1)
    return emitOpError() << "There must be exactly one ragged dimension in the "
                            "lhs, got "
                         << lhsRagged.size();
  int64_t ragged = lhsRagged.front();
  bool raggedBatch = llvm::is_contained(lhsBatch, ragged);
  bool raggedContracting = llvm::is_contained(lhsContract, ragged);
  if ((raggedBatch || raggedContracting) && !rhsGroup.empty())
    return emitOpError() << "There must be zero group dimensions in the rhs "
                            "when the ragged dimension is batch or contracting";
  if (!raggedBatch && !raggedContracting && rhsGroup.size() != 1)
    return emitOpError() << "There must be exactly one group dimension in the "
                            "rhs when the lhs ragged dimension is "
                            "non-contracting";

  // group_sizes: [g], or the lhs dimensions before the ragged one that are
  // batching or of the ragged dimension's kind, followed by g.
  if (groups.getRank() < 1)
    return emitOpError() << "expected group_sizes to have rank 1, got "
                         << groups.getRank();
  int64_t numGroups = groups.getShape().back();
  if (groups.getRank() > 1) {
    SmallVector<int64_t> expected;
    for (int64_t d = 0; d < ragged; ++d) {
      bool batch = llvm::is_contained(lhsBatch, d);
      bool contracting = llvm::is_contained(lhsContract, d);
      bool sameKind = raggedBatch ? batch
                      : raggedContracting ? contracting
                                          : (!batch && !contracting);
      if (batch || sameKind)
        expected.push_back(lhs.getDimSize(d));
    }
    expected.push_back(numGroups);
    if (expected.size() == 1)
      return emitOpError() << "expected group_sizes to have rank 1, got "
                           << groups.getRank();
    if (!isCompatibleShape(groups.getShape(), expected))
      return emitOpError() << "group_sizes is expected to have shape "
                           << dimsToString(expected) << ", got "
                           << dimsToString(groups.getShape());
  }
  if (rhsGroup.size() == 1 &&
      !isCompatibleDim(rhs.getDimSize(rhsGroup.front()), numGroups))
    return emitOpError() << "rhs group dimension is expected to have size="
                         << numGroups << ", got "
                         << rhs.getDimSize(rhsGroup.front());

  if (auto precision = getPrecisionConfig())
    if (precision->size() != 0 && precision->size() != 2)
      return emitOpError() << "precision_config must have 0 or 2 entries, got "
                           << precision->size();

  // Result: [g] in the ragged-contracting mode, then the batch dimensions,
  // the lhs free dimensions and the rhs free dimensions.
  SmallVector<int64_t> expected;
  if (raggedContracting)
    expected.push_back(numGroups);
  for (int64_t d : lhsBatch)
    expected.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < lhsRank; ++d)
    if (!llvm::is_contained(lhsBatch, d) && !llvm::is_contained(lhsContract, d))
      expected.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < rhsRank; ++d)
    if (!llvm::is_contained(rhsBatch, d) &&
        !llvm::is_contained(rhsContract, d) && !llvm::is_contained(rhsGroup, d))
      expected.push_back(rhs.getDimSize(d));
  if (!isCompatibleShape(getType().getShape(), expected))
    return emitOpError() << "result shape " << dimsToString(getType().getShape())
                         << " must be " << dimsToString(expected);
  return success();
}

//===----------------------------------------------------------------------===//
// scan
//===----------------------------------------------------------------------===//

// chlo.scan(%in...) inits(%init...) dimension = 0 [attributes {...}] {body}
//   : (input and init types) -> (output and carry types)
ParseResult ScanOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> inputs, inits;
  int64_t dimension = 0;
  SMLoc operandsLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(inputs, OpAsmParser::Delimiter::Paren) ||
      parser.parseKeyword("inits") ||
      parser.parseOperandList(inits, OpAsmParser::Delimiter::Paren) ||
      parser.parseKeyword("dimension") || parser.parseEqual() ||
      parser.parseInteger(dimension) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body) || parser.parseColon())
    return failure();
  SMLoc typesLoc = parser.getCurrentLocation();
  FunctionType fnType;
  if (parser.parseType(fnType))
    return failure();
  if (fnType.getNumInputs() != inputs.size() + inits.size())
    return parser.emitError(typesLoc)
           << "expected " << inputs.size() + inits.size()
           << " operand types, got " << fnType.getNumInputs();
  SmallVector<OpAsmParser::UnresolvedOperand> all(inputs);
  all.append(inits.begin(), inits.end());
  if (parser.resolveOperands(all, fnType.getInputs(), operandsLoc,
                             result.operands))
    return failure();
  result.addTypes(fnType.getResults());
  Builder &b = parser.getBuilder();
  result.addAttribute(getDimensionAttrName(result.name),
                      b.getI64IntegerAttr(dimension));
  result.addAttribute(getOperandSegmentSizesAttrName(result.name),
                      b.getDenseI32ArrayAttr(
                          {static_cast<int32_t>(inputs.size()),
                           static_cast<int32_t>(inits.size())}));
  return success();
}

void ScanOp::print(OpAsmPrinter &p) {
  p << '(' << getInputs() << ") inits(" << getInits()
    << ") dimension = " << getDimension();
  p.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(),
      {getDimensionAttrName(), getOperandSegmentSizesAttrName()});
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/true);
  p << " : ";
  p.printFunctionalType(getOperandTypes(), getResultTypes());
}

LogicalResult ScanOp::verify() {
  size_t numInputs = getInputs().size(), numInits = getInits().size();
  int64_t dim = getDimension();
  if (getNumResults() < numInits)
    return emitOpError() << "expects at least " << numInits
                         << " results (one per init), got " << getNumResults();
  size_t numOutputs = getNumResults() - numInits;

  // Every input has the scan dimension, of one size.
  std::optional<int64_t> length;
  if (auto explicitSize = getScanDimSize())
    length = *explicitSize;
  for (auto [i, input] : llvm::enumerate(getInputs())) {
    auto type = tensorOf(input);
    if (dim < 0 || dim >= type.getRank())
      return emitOpError() << "scan dimension of operand " << i
                           << " is out of bounds";
    int64_t size = type.getDimSize(dim);
    if (ShapedType::isDynamic(size))
      continue;
    if (length && *length != size)
      return emitOpError() << "invalid scan dimension size of operand " << i
                           << ": " << size << ", expected " << *length;
    length = size;
  }

  Block &block = getBody().front();
  if (block.getNumArguments() != numInputs + numInits)
    return emitOpError() << "expects " << numInputs + numInits
                         << " arguments in the body, but got "
                         << block.getNumArguments();
  // Body arguments: input slices (scan dimension dropped), then the carries.
  for (size_t i = 0; i < numInputs + numInits; ++i) {
    auto operand = tensorOf(getOperand(i));
    Type expected = operand;
    if (i < numInputs) {
      SmallVector<int64_t> shape(operand.getShape());
      shape.erase(shape.begin() + dim);
      expected = RankedTensorType::get(shape, operand.getElementType());
    }
    if (!jx::stablehlo::isCompatibleType(expected,
                                         block.getArgument(i).getType()))
      return emitOpError() << "operand and body argument " << i
                           << " are incompatible: expected " << expected
                           << ", got " << block.getArgument(i).getType();
  }

  // An empty body has no terminator to ask for (getTerminator reads past
  // the block's end).
  Operation *terminator =
      block.empty() || !block.back().hasTrait<OpTrait::IsTerminator>()
          ? nullptr
          : &block.back();
  if (!terminator || terminator->getNumOperands() != numOutputs + numInits)
    return emitOpError() << "body must return " << numOutputs + numInits
                         << " values (" << numOutputs << " outputs and "
                         << numInits << " carries)";
  for (size_t i = 0; i < numOutputs + numInits; ++i) {
    Type returned = terminator->getOperand(i).getType();
    auto slice = dyn_cast<RankedTensorType>(returned);
    auto result = tensorOf(getResult(i));
    Type expected = result;
    if (i < numOutputs) {
      if (!slice || dim > slice.getRank())
        return emitOpError() << "body result " << i << " of type " << returned
                             << " cannot be stacked along dimension " << dim;
      SmallVector<int64_t> shape(slice.getShape());
      shape.insert(shape.begin() + dim,
                   length ? *length : ShapedType::kDynamic);
      expected = RankedTensorType::get(shape, slice.getElementType());
    } else {
      Type init = getInits()[i - numOutputs].getType();
      if (!jx::stablehlo::isCompatibleType(init, returned))
        return emitOpError() << "body carry result " << i - numOutputs
                             << " of type " << returned
                             << " must match init type " << init;
    }
    if (!jx::stablehlo::isCompatibleType(expected, result))
      return emitOpError() << "result " << i << " of type " << result
                           << " must be " << expected;
  }
  return success();
}

#define GET_OP_CLASSES
#include "jx/Dialect/CHLO/IR/CHLOOps.cpp.inc"
