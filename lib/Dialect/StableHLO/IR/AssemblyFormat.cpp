//===- AssemblyFormat.cpp - custom directives shared by stablehlo ops -----===//

#include "jx/Dialect/StableHLO/IR/AssemblyFormat.h"

#include "llvm/ADT/SmallSet.h"

using namespace mlir;

namespace jx::stablehlo {

ParseResult parseSameOperandsAndResultTypeImpl(OpAsmParser &parser,
                                               ArrayRef<Type *> operandTypes,
                                               Type &resultType) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  auto fnType = dyn_cast<FunctionType>(type);
  if (!fnType) {
    for (Type *t : operandTypes)
      *t = type;
    resultType = type;
    return success();
  }
  if (fnType.getNumInputs() != operandTypes.size())
    return parser.emitError(loc)
           << "expected " << operandTypes.size()
           << " operand types in the function type but got "
           << fnType.getNumInputs();
  if (fnType.getNumResults() != 1)
    return parser.emitError(loc)
           << "expected 1 result type in the function type but got "
           << fnType.getNumResults();
  for (auto [slot, t] : llvm::zip(operandTypes, fnType.getInputs()))
    *slot = t;
  resultType = fnType.getResult(0);
  return success();
}

void printSameOperandsAndResultTypeImpl(OpAsmPrinter &p, TypeRange operandTypes,
                                        Type resultType) {
  if (llvm::all_of(operandTypes, [&](Type t) { return t == resultType; })) {
    p << resultType;
    return;
  }
  p.printFunctionalType(operandTypes, TypeRange(resultType));
}

ParseResult parseDimList(AsmParser &parser, SmallVectorImpl<int64_t> &dims,
                         bool allowDynamic) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        if (allowDynamic && succeeded(parser.parseOptionalQuestion())) {
          dims.push_back(ShapedType::kDynamic);
          return success();
        }
        int64_t value;
        if (parser.parseInteger(value))
          return failure();
        dims.push_back(value);
        return success();
      });
}

void printDimList(AsmPrinter &p, ArrayRef<int64_t> dims) {
  p << '[';
  llvm::interleaveComma(dims, p, [&](int64_t d) {
    if (ShapedType::isDynamic(d))
      p << '?';
    else
      p << d;
  });
  p << ']';
}

ParseResult parseDims(OpAsmParser &parser, DenseI64ArrayAttr &dims) {
  SmallVector<int64_t> values;
  if (parseDimList(parser, values))
    return failure();
  dims = DenseI64ArrayAttr::get(parser.getContext(), values);
  return success();
}

void printDims(OpAsmPrinter &p, Operation *, DenseI64ArrayAttr dims) {
  printDimList(p, dims ? dims.asArrayRef() : ArrayRef<int64_t>());
}

ParseResult parseBoolList(OpAsmParser &parser, DenseBoolArrayAttr &values) {
  SmallVector<bool> flags;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            if (succeeded(parser.parseOptionalKeyword("true"))) {
              flags.push_back(true);
              return success();
            }
            if (succeeded(parser.parseOptionalKeyword("false"))) {
              flags.push_back(false);
              return success();
            }
            return parser.emitError(parser.getCurrentLocation(),
                                    "expected 'true' or 'false'");
          }))
    return failure();
  values = DenseBoolArrayAttr::get(parser.getContext(), flags);
  return success();
}

void printBoolList(OpAsmPrinter &p, Operation *, DenseBoolArrayAttr values) {
  p << '[';
  llvm::interleaveComma(values.asArrayRef(), p,
                        [&](bool b) { p << (b ? "true" : "false"); });
  p << ']';
}

ParseResult parseStruct(AsmParser &parser, StringRef attrName,
                        ArrayRef<StructField> fields) {
  llvm::SmallSet<StringRef, 8> seen;
  if (parser.parseLess())
    return failure();
  if (succeeded(parser.parseOptionalGreater()))
    return success();
  auto parseOne = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key))
      return failure();
    const StructField *field = llvm::find_if(
        fields, [&](const StructField &f) { return f.name == key; });
    if (field == fields.end())
      return parser.emitError(loc)
             << "unknown field '" << key << "' in #stablehlo." << attrName;
    if (!seen.insert(key).second)
      return parser.emitError(loc)
             << "duplicate field '" << key << "' in #stablehlo." << attrName;
    if (parser.parseEqual())
      return failure();
    return field->parse();
  };
  if (parser.parseCommaSeparatedList(parseOne) || parser.parseGreater())
    return failure();
  return success();
}

} // namespace jx::stablehlo
