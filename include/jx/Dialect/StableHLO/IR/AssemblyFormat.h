//===- AssemblyFormat.h - custom directives shared by stablehlo ops -*- C++ -*-===//
//
// Parsers and printers used by the ops' assembly formats through
// `custom<Name>(...)` directives, and by the struct attributes' parsers.
// Each accepts what upstream StableHLO tools print.
//
//===----------------------------------------------------------------------===//

#ifndef JX_DIALECT_STABLEHLO_IR_ASSEMBLYFORMAT_H
#define JX_DIALECT_STABLEHLO_IR_ASSEMBLYFORMAT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"

#include <functional>
#include <optional>

namespace jx::stablehlo {

// Declared by the generated enum header; repeated here so that the templates
// below can name it before StableHLOOps.h is included.
template <typename EnumType>
std::optional<EnumType> symbolizeEnum(llvm::StringRef);

//===----------------------------------------------------------------------===//
// custom<SameOperandsAndResultType>(type($a), type($b), ..., type($result))
//
// Prints one type when all are equal (`: tensor<4xf32>`), else the function
// type `: (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>`. Parses either.
//===----------------------------------------------------------------------===//

mlir::ParseResult
parseSameOperandsAndResultTypeImpl(mlir::OpAsmParser &parser,
                                   llvm::ArrayRef<mlir::Type *> operandTypes,
                                   mlir::Type &resultType);
void printSameOperandsAndResultTypeImpl(mlir::OpAsmPrinter &p,
                                        mlir::TypeRange operandTypes,
                                        mlir::Type resultType);

template <class... OpTypes>
mlir::ParseResult parseSameOperandsAndResultType(mlir::OpAsmParser &parser,
                                                 OpTypes &...types) {
  static_assert(sizeof...(types) >= 1, "needs at least the result type");
  mlir::Type *all[] = {&types...};
  return parseSameOperandsAndResultTypeImpl(
      parser, llvm::ArrayRef(all, sizeof...(types) - 1),
      *all[sizeof...(types) - 1]);
}

template <class... OpTypes>
void printSameOperandsAndResultType(mlir::OpAsmPrinter &p, mlir::Operation *,
                                    OpTypes... types) {
  mlir::Type all[] = {types...};
  printSameOperandsAndResultTypeImpl(
      p, mlir::TypeRange(llvm::ArrayRef(all, sizeof...(types) - 1)),
      all[sizeof...(types) - 1]);
}

//===----------------------------------------------------------------------===//
// Dimension lists: `[0, 1]` in op syntax, stored as DenseI64ArrayAttr.
//===----------------------------------------------------------------------===//

/// Parses `[]` or `[1, 2, 3]`. With `allowDynamic`, `?` reads as
/// ShapedType::kDynamic.
mlir::ParseResult parseDimList(mlir::AsmParser &parser,
                               llvm::SmallVectorImpl<int64_t> &dims,
                               bool allowDynamic = false);
void printDimList(mlir::AsmPrinter &p, llvm::ArrayRef<int64_t> dims);

/// custom<Dims>($attr): `[0, 1]` <-> array<i64: 0, 1>.
mlir::ParseResult parseDims(mlir::OpAsmParser &parser,
                            mlir::DenseI64ArrayAttr &dims);
void printDims(mlir::OpAsmPrinter &p, mlir::Operation *,
               mlir::DenseI64ArrayAttr dims);

/// custom<BoolList>($attr): `[true, false]` <-> array<i1: true, false>.
mlir::ParseResult parseBoolList(mlir::OpAsmParser &parser,
                                mlir::DenseBoolArrayAttr &values);
void printBoolList(mlir::OpAsmPrinter &p, mlir::Operation *,
                   mlir::DenseBoolArrayAttr values);

//===----------------------------------------------------------------------===//
// Enum keywords: `LT` in op syntax for `#stablehlo<comparison_direction LT>`.
// custom<EnumKeyword>($attr) works for every stablehlo EnumAttr; the full
// attribute spelling is accepted too.
//===----------------------------------------------------------------------===//

template <class AttrT>
mlir::ParseResult parseEnumKeyword(mlir::OpAsmParser &parser, AttrT &attr) {
  using EnumT = decltype(std::declval<AttrT>().getValue());
  // The full spelling reads a trailing `: type` as the attribute's type, so
  // it is only usable where a comma or keyword follows.
  mlir::OptionalParseResult full = parser.parseOptionalAttribute(attr);
  if (full.has_value())
    return *full;
  llvm::SMLoc loc = parser.getCurrentLocation();
  llvm::StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return mlir::failure();
  std::optional<EnumT> value = symbolizeEnum<EnumT>(keyword);
  if (!value)
    return parser.emitError(loc) << "unknown " << AttrT::getMnemonic()
                                 << " '" << keyword << "'";
  attr = AttrT::get(parser.getContext(), *value);
  return mlir::success();
}

template <class AttrT>
void printEnumKeyword(mlir::OpAsmPrinter &p, mlir::Operation *, AttrT attr) {
  p << stringifyEnum(attr.getValue());
}

//===----------------------------------------------------------------------===//
// Struct-like attribute bodies: `<key = value, key = value>` in any order.
//===----------------------------------------------------------------------===//

/// One field of a struct attribute: its keyword and how to parse its value.
struct StructField {
  llvm::StringRef name;
  std::function<mlir::ParseResult()> parse;
};

/// Parses `<field = value, ...>` (the angle brackets included). Each field
/// may appear at most once; unknown keywords are an error naming the
/// attribute.
mlir::ParseResult parseStruct(mlir::AsmParser &parser,
                              llvm::StringRef attrName,
                              llvm::ArrayRef<StructField> fields);

} // namespace jx::stablehlo

#endif // JX_DIALECT_STABLEHLO_IR_ASSEMBLYFORMAT_H
