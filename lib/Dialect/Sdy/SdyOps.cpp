//===- SdyOps.cpp - sdy ops -----------------------------------------------===//

#include "jx/Dialect/Sdy/SdyOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace jx::sdy;

//===----------------------------------------------------------------------===//
// ManualComputationOp
//===----------------------------------------------------------------------===//

// sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a"}]>]
//     out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"}
//     (%arg0: tensor<4xf32>) { ... } : (tensor<8xf32>) -> tensor<8xf32>
// The shardings are a #sdy.sharding_per_value written without `<` `>`.

static ParseResult parseShardingList(OpAsmParser &parser, StringRef keyword,
                                     OperationState &result) {
  std::string text;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeyword(keyword) || parser.parseEqual())
    return failure();
  loc = parser.getCurrentLocation();
  if (parseBalancedText(parser, text))
    return failure();
  if (text.empty() || text.front() != '[')
    return parser.emitError(loc, "expected a '[...]' list of shardings");
  result.addAttribute(keyword, TensorShardingPerValueAttr::get(
                                   parser.getContext(), "<" + text + ">"));
  return success();
}

ParseResult ManualComputationOp::parse(OpAsmParser &parser,
                                       OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SmallVector<OpAsmParser::Argument> arguments;
  if (parser.parseOperandList(operands, OpAsmParser::Delimiter::Paren) ||
      parseShardingList(parser, "in_shardings", result) ||
      parseShardingList(parser, "out_shardings", result) ||
      parser.parseKeyword("manual_axes") || parser.parseEqual())
    return failure();
  SMLoc axesLoc = parser.getCurrentLocation();
  std::string axes;
  if (parseBalancedText(parser, axes))
    return failure();
  if (axes.front() != '{')
    return parser.emitError(axesLoc, "expected '{...}' manual axes");
  result.addAttribute("manual_axes",
                      ManualAxesAttr::get(parser.getContext(), axes));
  Region *body = result.addRegion();
  if (parser.parseArgumentList(arguments, OpAsmParser::Delimiter::Paren,
                               /*allowType=*/true) ||
      parser.parseRegion(*body, arguments) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  FunctionType type;
  if (parser.parseType(type))
    return failure();
  result.addTypes(type.getResults());
  return parser.resolveOperands(operands, type.getInputs(), typeLoc,
                                result.operands);
}

static void printStripped(OpAsmPrinter &printer, StringRef body) {
  if (body.size() >= 2 && body.front() == '<' && body.back() == '>')
    body = body.drop_front().drop_back();
  printer.getStream() << body;
}

void ManualComputationOp::print(OpAsmPrinter &printer) {
  printer << '(' << getTensors() << ") in_shardings=";
  printStripped(printer, getInShardings().getBody());
  printer << " out_shardings=";
  printStripped(printer, getOutShardings().getBody());
  printer << " manual_axes=";
  printer.getStream() << getManualAxes().getBody();
  printer << " (";
  if (!getBody().empty())
    llvm::interleaveComma(getBody().front().getArguments(), printer,
                          [&](BlockArgument arg) {
                            printer.printRegionArgument(arg);
                          });
  printer << ") ";
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
  printer.printOptionalAttrDict(
      (*this)->getAttrs(),
      /*elidedAttrs=*/{"in_shardings", "out_shardings", "manual_axes"});
  printer << " : ";
  printer.printFunctionalType(getTensors().getTypes(), getResultTypes());
}

LogicalResult ManualComputationOp::verifyRegions() {
  if (getBody().empty())
    return emitOpError("body must have a block");
  Block &entry = getBody().front();
  if (entry.getNumArguments() != getTensors().size())
    return emitOpError("body takes ")
           << entry.getNumArguments() << " arguments but the op has "
           << getTensors().size() << " operands";
  auto ret = entry.empty() ? ReturnOp() : dyn_cast<ReturnOp>(entry.back());
  if (!ret)
    return emitOpError("body must end with sdy.return");
  if (ret.getResults().size() != getNumResults())
    return emitOpError("body returns ")
           << ret.getResults().size() << " values but the op has "
           << getNumResults() << " results";
  return success();
}

#define GET_OP_CLASSES
#include "jx/Dialect/Sdy/SdyOps.cpp.inc"
