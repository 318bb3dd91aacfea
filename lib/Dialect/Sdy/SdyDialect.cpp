//===- SdyDialect.cpp - a minimal sdy (Shardy) dialect --------------------===//
//
// Attributes. A mesh is parsed into axes and device ids. Every other sdy
// attribute keeps its body as text: written in full (`#sdy.sharding<...>`)
// the body is the exact source text (DialectAsmParser::getFullSymbolSpec);
// written without its prefix inside an op (`sdy.sharding_constraint %0
// <@mesh, [{}]>`) it is rebuilt token by token in canonical spelling.
//
//===----------------------------------------------------------------------===//

#include "jx/Dialect/Sdy/SdyOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace jx::sdy;

#include "jx/Dialect/Sdy/SdyDialect.cpp.inc"

// The dialect dispatches on mnemonics itself (parseAttribute below), so the
// generated dispatchers go unused.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunused-function"
#define GET_ATTRDEF_CLASSES
#include "jx/Dialect/Sdy/SdyAttrs.cpp.inc"
#pragma clang diagnostic pop

void SdyDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "jx/Dialect/Sdy/SdyAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "jx/Dialect/Sdy/SdyOps.cpp.inc"
      >();
  addBytecodeInterface(this);
}

Attribute jx::sdy::makeTextAttr(MLIRContext *ctx, StringRef mnemonic,
                                StringRef body) {
  if (mnemonic == "sharding")
    return TensorShardingAttr::get(ctx, body);
  if (mnemonic == "sharding_per_value")
    return TensorShardingPerValueAttr::get(ctx, body);
  if (mnemonic == "manual_axes")
    return ManualAxesAttr::get(ctx, body);
  return UnknownAttr::get(ctx, mnemonic, body);
}

StringRef jx::sdy::textAttrBody(Attribute attr) {
  return llvm::TypeSwitch<Attribute, StringRef>(attr)
      .Case([](TensorShardingAttr a) { return a.getBody(); })
      .Case([](TensorShardingPerValueAttr a) { return a.getBody(); })
      .Case([](ManualAxesAttr a) { return a.getBody(); })
      .Case([](UnknownAttr a) { return a.getBody(); })
      .Default([](Attribute) { return StringRef(); });
}

Attribute jx::sdy::makeMeshAttr(function_ref<InFlightDiagnostic()> emitError,
                                MLIRContext *ctx, ArrayRef<StringAttr> names,
                                ArrayRef<int64_t> sizes,
                                ArrayRef<int64_t> deviceIds) {
  return MeshAttr::getChecked(emitError, ctx, names, sizes, deviceIds);
}

//===----------------------------------------------------------------------===//
// Token-by-token capture of a bracketed group
//===----------------------------------------------------------------------===//

ParseResult jx::sdy::parseBalancedText(AsmParser &parser, std::string &text) {
  llvm::SmallVector<char> closers;
  bool afterRParen = false;
  auto tryOpen = [&]() -> bool {
    char open = 0, close = 0;
    if (succeeded(parser.parseOptionalLess()))
      open = '<', close = '>';
    else if (succeeded(parser.parseOptionalLSquare()))
      open = '[', close = ']';
    else if (succeeded(parser.parseOptionalLBrace()))
      open = '{', close = '}';
    else if (succeeded(parser.parseOptionalLParen()))
      open = '(', close = ')';
    else
      return false;
    if (open == '{' && afterRParen)
      text += ' ';
    text += open;
    closers.push_back(close);
    afterRParen = false;
    return true;
  };
  auto tryClose = [&](SMLoc loc, bool &mismatch) -> bool {
    char close = 0;
    if (succeeded(parser.parseOptionalGreater()))
      close = '>';
    else if (succeeded(parser.parseOptionalRSquare()))
      close = ']';
    else if (succeeded(parser.parseOptionalRBrace()))
      close = '}';
    else if (succeeded(parser.parseOptionalRParen()))
      close = ')';
    else
      return false;
    if (closers.back() != close) {
      parser.emitError(loc, "expected '") << closers.back() << "', got '"
                                          << close << "'";
      mismatch = true;
      return true;
    }
    closers.pop_back();
    text += close;
    afterRParen = close == ')';
    return true;
  };

  if (!tryOpen())
    return parser.emitError(parser.getCurrentLocation(),
                            "expected '<', '[', '{' or '('");
  while (!closers.empty()) {
    SMLoc loc = parser.getCurrentLocation();
    bool mismatch = false;
    if (tryOpen())
      continue;
    if (tryClose(loc, mismatch)) {
      if (mismatch)
        return failure();
      continue;
    }
    bool wasAfterRParen = afterRParen;
    afterRParen = false;
    std::string string;
    StringRef keyword;
    StringAttr symbol;
    int64_t integer;
    if (succeeded(parser.parseOptionalComma())) {
      text += ", ";
    } else if (succeeded(parser.parseOptionalArrow())) {
      text += "->";
    } else if (succeeded(parser.parseOptionalEqual())) {
      text += '=';
    } else if (succeeded(parser.parseOptionalColon())) {
      text += ':';
    } else if (succeeded(parser.parseOptionalQuestion())) {
      text += '?';
    } else if (succeeded(parser.parseOptionalString(&string))) {
      llvm::raw_string_ostream os(text);
      os << '"';
      llvm::printEscapedString(string, os);
      os << '"';
    } else if (succeeded(parser.parseOptionalKeyword(&keyword))) {
      if (wasAfterRParen)
        text += ' ';
      text += keyword.str();
    } else if (succeeded(parser.parseOptionalSymbolName(symbol))) {
      llvm::raw_string_ostream os(text);
      FlatSymbolRefAttr::get(symbol).print(os);
    } else {
      OptionalParseResult parsedInt = parser.parseOptionalInteger(integer);
      if (parsedInt.has_value()) {
        if (failed(*parsedInt))
          return failure();
        text += std::to_string(integer);
        continue;
      }
      Attribute attr;
      OptionalParseResult parsedAttr = parser.parseOptionalAttribute(attr);
      if (!parsedAttr.has_value())
        return parser.emitError(loc, "unexpected token in sdy attribute");
      if (failed(*parsedAttr))
        return failure();
      llvm::raw_string_ostream os(text);
      attr.print(os);
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Dialect attribute hooks
//===----------------------------------------------------------------------===//

Attribute SdyDialect::parseAttribute(DialectAsmParser &parser,
                                     Type type) const {
  StringRef spec = parser.getFullSymbolSpec();
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  if (parser.parseKeyword(&mnemonic))
    return {};
  if (mnemonic == "mesh")
    return MeshAttr::parse(parser, type);

  // Keep the source text of the body; still walk its tokens so that the
  // parser ends after the attribute and unbalanced bodies are reported.
  StringRef body = spec;
  if (body.starts_with(mnemonic))
    body = body.drop_front(mnemonic.size());
  body = body.trim();
  // The body must be one bracketed group of tokens the stripped spelling
  // inside ops also accepts, so that whatever is accepted prints back in a
  // form that parses again.
  if (!body.empty()) {
    std::string canonical;
    if (failed(parseBalancedText(parser, canonical)))
      return {};
    SMLoc end = parser.getCurrentLocation();
    if (end.getPointer() >= spec.begin() && end.getPointer() < spec.end())
      return parser.emitError(end, "expected the end of the sdy attribute"),
             Attribute();
  }
  MLIRContext *ctx = getContext();
  if (mnemonic == "sharding")
    return TensorShardingAttr::get(ctx, body);
  if (mnemonic == "sharding_per_value")
    return TensorShardingPerValueAttr::get(ctx, body);
  if (mnemonic == "manual_axes")
    return ManualAxesAttr::get(ctx, body);
  (void)loc;
  return UnknownAttr::get(ctx, mnemonic, body);
}

void SdyDialect::printAttribute(Attribute attr,
                                DialectAsmPrinter &printer) const {
  llvm::TypeSwitch<Attribute>(attr)
      .Case([&](MeshAttr mesh) {
        printer << "mesh";
        mesh.print(printer);
      })
      .Case([&](TensorShardingAttr a) {
        printer << "sharding";
        a.print(printer);
      })
      .Case([&](TensorShardingPerValueAttr a) {
        printer << "sharding_per_value";
        a.print(printer);
      })
      .Case([&](ManualAxesAttr a) {
        printer << "manual_axes";
        a.print(printer);
      })
      .Case([&](UnknownAttr a) { a.print(printer); });
}

//===----------------------------------------------------------------------===//
// Attributes kept as text
//===----------------------------------------------------------------------===//

#define JX_SDY_TEXT_ATTR(Class)                                                \
  Attribute Class::parse(AsmParser &parser, Type) {                            \
    std::string text;                                                          \
    if (failed(parseBalancedText(parser, text)))                               \
      return {};                                                               \
    return Class::get(parser.getContext(), text);                              \
  }                                                                            \
  void Class::print(AsmPrinter &printer) const {                               \
    printer.getStream() << getBody();                                          \
  }
JX_SDY_TEXT_ATTR(TensorShardingAttr)
JX_SDY_TEXT_ATTR(TensorShardingPerValueAttr)
JX_SDY_TEXT_ATTR(ManualAxesAttr)
#undef JX_SDY_TEXT_ATTR

Attribute UnknownAttr::parse(AsmParser &parser, Type) {
  StringRef name;
  std::string text;
  if (parser.parseKeyword(&name) || parseBalancedText(parser, text))
    return {};
  return UnknownAttr::get(parser.getContext(), name, text);
}

void UnknownAttr::print(AsmPrinter &printer) const {
  printer.getStream() << getName() << getBody();
}

//===----------------------------------------------------------------------===//
// MeshAttr
//===----------------------------------------------------------------------===//

// `<["x"=2, "y"=4]>` or `<["x"=2], device_ids=[1, 0]>`.
Attribute MeshAttr::parse(AsmParser &parser, Type) {
  SmallVector<StringAttr> names;
  SmallVector<int64_t> sizes, deviceIds;
  auto parseAxis = [&]() -> ParseResult {
    std::string name;
    int64_t size;
    if (parser.parseString(&name) || parser.parseEqual() ||
        parser.parseInteger(size))
      return failure();
    names.push_back(StringAttr::get(parser.getContext(), name));
    sizes.push_back(size);
    return success();
  };
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseAxis,
                                     "in mesh axes"))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("device_ids") || parser.parseEqual() ||
        parser.parseCommaSeparatedList(
            AsmParser::Delimiter::Square,
            [&]() { return parser.parseInteger(deviceIds.emplace_back()); },
            "in device_ids"))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), names, sizes, deviceIds);
}

void MeshAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(llvm::zip(getAxisNames(), getAxisSizes()), printer,
                        [&](auto axis) {
                          printer.printString(std::get<0>(axis).getValue());
                          printer << '=' << std::get<1>(axis);
                        });
  printer << ']';
  if (!getDeviceIds().empty()) {
    printer << ", device_ids=[";
    llvm::interleaveComma(getDeviceIds(), printer);
    printer << ']';
  }
  printer << '>';
}

int64_t MeshAttr::getTotalSize() const {
  int64_t total = 1;
  for (int64_t size : getAxisSizes())
    total *= size;
  return total;
}

LogicalResult
MeshAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                 ArrayRef<StringAttr> axisNames, ArrayRef<int64_t> axisSizes,
                 ArrayRef<int64_t> deviceIds) {
  if (axisNames.size() != axisSizes.size())
    return emitError() << "mesh has " << axisNames.size() << " axis names but "
                       << axisSizes.size() << " axis sizes";
  llvm::SmallSet<StringRef, 8> seen;
  // Overflow-safe product: stop once it exceeds any plausible device count.
  constexpr int64_t kMaxDevices = int64_t(1) << 40;
  int64_t total = 1;
  for (auto [name, size] : llvm::zip(axisNames, axisSizes)) {
    if (name.getValue().empty())
      return emitError() << "mesh axis names must not be empty";
    if (!seen.insert(name.getValue()).second)
      return emitError() << "duplicate mesh axis name \"" << name.getValue()
                         << "\"";
    if (size <= 0)
      return emitError() << "mesh axis \"" << name.getValue()
                         << "\" must have a positive size, got " << size;
    if (size > kMaxDevices || total > kMaxDevices / size)
      return emitError() << "mesh has more than " << kMaxDevices
                         << " devices";
    total *= size;
  }
  if (deviceIds.empty())
    return success();
  for (int64_t id : deviceIds)
    if (id < 0)
      return emitError() << "device ids must be non-negative, got " << id;
  if (axisSizes.empty()) {
    if (deviceIds.size() != 1)
      return emitError() << "a mesh without axes takes at most one device "
                            "id, got "
                         << deviceIds.size();
    return success();
  }
  if (static_cast<int64_t>(deviceIds.size()) != total)
    return emitError() << "mesh has " << total << " devices but "
                       << deviceIds.size() << " device ids";
  llvm::SmallVector<bool> present(total, false);
  for (int64_t id : deviceIds) {
    if (id >= total)
      return emitError() << "device id " << id << " is out of range [0, "
                         << total << ")";
    if (present[id])
      return emitError() << "duplicate device id " << id;
    present[id] = true;
  }
  return success();
}
