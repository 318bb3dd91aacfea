//===- ControlFlowOps.cpp - control flow ops ------------------------------===//
//
// return, while, if, case and optimization_barrier: verifiers (through the
// shape functions of InferControlFlow.h), the pretty syntax of while and
// optimization_barrier, and the region-branch model MLIR's analyses use.
//
//===----------------------------------------------------------------------===//

#include "jx/Dialect/StableHLO/IR/AssemblyFormat.h"
#include "jx/Dialect/StableHLO/IR/InferControlFlow.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"
#include "jx/Dialect/StableHLO/IR/TypeUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace jx::stablehlo;

#define GET_OP_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLOControlFlowOps.cpp.inc"

/// Checks that the op's result types match the types its regions produce.
static LogicalResult verifyResultTypes(Operation *op, TypeRange expected,
                                       StringRef what, StringRef label) {
  TypeRange results = op->getResultTypes();
  bool ok = results.size() == expected.size();
  for (auto [r, e] : llvm::zip(results, expected))
    ok = ok && isCompatibleType(r, e);
  if (!ok)
    return op->emitOpError()
           << "result types " << typesToString(results) << " must match "
           << what << " " << typesToString(expected) << " (" << label << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// return
//===----------------------------------------------------------------------===//

MutableOperandRange
ReturnOp::getMutableSuccessorOperands(RegionSuccessor successor) {
  // The predicate that the `cond` of a while returns decides where control
  // goes; it is not a value passed on.
  if (auto whileOp = dyn_cast_or_null<WhileOp>((*this)->getParentOp()))
    if ((*this)->getParentRegion() == &whileOp.getCond())
      return MutableOperandRange(getOperation(), 0, 0);
  return MutableOperandRange(getOperation());
}

//===----------------------------------------------------------------------===//
// while
//===----------------------------------------------------------------------===//

ParseResult WhileOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::Argument> iterArgs;
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLParen())
    return failure();
  if (failed(parser.parseOptionalRParen())) {
    do {
      OpAsmParser::Argument arg;
      OpAsmParser::UnresolvedOperand operand;
      if (parser.parseArgument(arg) || parser.parseEqual() ||
          parser.parseOperand(operand))
        return failure();
      iterArgs.push_back(arg);
      operands.push_back(operand);
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRParen())
      return failure();
  }
  SmallVector<Type> types;
  SMLoc typesLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalColon()) && parser.parseTypeList(types))
    return failure();
  if (types.size() != operands.size())
    return parser.emitError(typesLoc)
           << "expected " << operands.size() << " types, got "
           << types.size();
  for (auto [arg, type] : llvm::zip(iterArgs, types))
    arg.type = type;
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.resolveOperands(operands, types, loc, result.operands))
    return failure();
  result.addTypes(types);
  Region *cond = result.addRegion();
  Region *body = result.addRegion();
  if (parser.parseKeyword("cond") || parser.parseRegion(*cond, iterArgs) ||
      parser.parseKeyword("do") || parser.parseRegion(*body, iterArgs))
    return failure();
  return success();
}

void WhileOp::print(OpAsmPrinter &p) {
  Block::BlockArgListType condArgs;
  if (!getCond().empty())
    condArgs = getCond().front().getArguments();
  p << '(';
  llvm::interleaveComma(llvm::zip(condArgs, getOperand()), p, [&](auto it) {
    p << std::get<0>(it) << " = " << std::get<1>(it);
  });
  p << ')';
  if (!getOperand().empty()) {
    p << " : ";
    llvm::interleaveComma(getOperand().getTypes(), p);
  }
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs());
  p.printNewline();
  p << " cond ";
  p.printRegion(getCond(), /*printEntryBlockArgs=*/false);
  p << " do ";
  // The body's arguments print under the names of cond's, which the header
  // declares.
  if (!getBody().empty() && getBody().getNumArguments() == condArgs.size())
    p.shadowRegionArgs(getBody(), condArgs);
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

LogicalResult WhileOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  FailureOr<SmallVector<Type>> inferred =
      inferWhileOp(emitError, getOperand().getTypes(), getCond(), getBody());
  if (failed(inferred))
    return failure();
  // while_c3: type(results...) = type(operand...).
  return verifyResultTypes(*this, *inferred, "operand types", "while_c3");
}

void WhileOp::getAsmBlockArgumentNames(Region &region,
                                       OpAsmSetValueNameFn setNameFn) {
  for (BlockArgument arg : region.getArguments())
    setNameFn(arg, "iterArg");
}

OperandRange WhileOp::getEntrySuccessorOperands(RegionSuccessor) {
  return getOperand();
}

// Control enters cond with the operands; cond goes to body or leaves; body
// goes back to cond with its return values. What cond passes on is the
// values it received, which its terminator cannot say: body's arguments
// and the results are left out of the forwarded values.
void WhileOp::getSuccessorRegions(RegionBranchPoint point,
                                  SmallVectorImpl<RegionSuccessor> &regions) {
  if (getCond().empty() || getBody().empty())
    return;
  Operation *from = point.getTerminatorPredecessorOrNull();
  if (!from || from->getParentRegion() == &getBody()) {
    regions.push_back(RegionSuccessor(&getCond(), getCond().getArguments()));
    return;
  }
  regions.push_back(RegionSuccessor(&getBody(), Block::BlockArgListType()));
  regions.push_back(
      RegionSuccessor(getOperation(), getOperation()->getResults().take_front(0)));
}

bool WhileOp::areTypesCompatible(Type lhs, Type rhs) {
  return isCompatibleType(lhs, rhs);
}

//===----------------------------------------------------------------------===//
// if
//===----------------------------------------------------------------------===//

LogicalResult IfOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  FailureOr<SmallVector<Type>> inferred = inferIfOp(
      emitError, getPred().getType(), getTrueBranch(), getFalseBranch());
  if (failed(inferred))
    return failure();
  // if_c3: type(results...) = output_types(true_branch).
  return verifyResultTypes(*this, *inferred, "branch output types", "if_c3");
}

void IfOp::getSuccessorRegions(RegionBranchPoint point,
                               SmallVectorImpl<RegionSuccessor> &regions) {
  if (!point.isParent()) {
    regions.push_back(RegionSuccessor(getOperation(), getOperation()->getResults()));
    return;
  }
  regions.push_back(RegionSuccessor(&getTrueBranch()));
  regions.push_back(RegionSuccessor(&getFalseBranch()));
}

bool IfOp::areTypesCompatible(Type lhs, Type rhs) {
  return isCompatibleType(lhs, rhs);
}

//===----------------------------------------------------------------------===//
// case
//===----------------------------------------------------------------------===//

LogicalResult CaseOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  FailureOr<SmallVector<Type>> inferred =
      inferCaseOp(emitError, getIndex().getType(), getBranches());
  if (failed(inferred))
    return failure();
  // case_c4: type(results...) = output_types(branches[0]).
  return verifyResultTypes(*this, *inferred, "branch output types", "case_c4");
}

void CaseOp::getSuccessorRegions(RegionBranchPoint point,
                                 SmallVectorImpl<RegionSuccessor> &regions) {
  if (!point.isParent()) {
    regions.push_back(RegionSuccessor(getOperation(), getOperation()->getResults()));
    return;
  }
  for (Region &branch : getBranches())
    regions.push_back(RegionSuccessor(&branch));
}

bool CaseOp::areTypesCompatible(Type lhs, Type rhs) {
  return isCompatibleType(lhs, rhs);
}

//===----------------------------------------------------------------------===//
// optimization_barrier
//===----------------------------------------------------------------------===//

ParseResult OptimizationBarrierOp::parse(OpAsmParser &parser,
                                         OperationState &result) {
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  if (succeeded(parser.parseOptionalLParen()))
    return parser.parseRParen();
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SmallVector<Type> types;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperandList(operands) || parser.parseColon() ||
      parser.parseTypeList(types) ||
      parser.resolveOperands(operands, types, loc, result.operands))
    return failure();
  result.addTypes(types);
  return success();
}

void OptimizationBarrierOp::print(OpAsmPrinter &p) {
  p.printOptionalAttrDict((*this)->getAttrs());
  if (getOperand().empty()) {
    p << "()";
    return;
  }
  p << ' ' << getOperand() << " : ";
  llvm::interleaveComma(getOperand().getTypes(), p);
}

LogicalResult OptimizationBarrierOp::verify() {
  // optimization_barrier_c1: type(operand...) = type(result...).
  return verifyResultTypes(*this, getOperand().getTypes(), "operand types",
                           "optimization_barrier_c1");
}
