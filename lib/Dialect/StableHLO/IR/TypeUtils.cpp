//===- TypeUtils.cpp - type predicates shared by stablehlo verifiers ------===//

#include "jx/Dialect/StableHLO/IR/TypeUtils.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace jx::stablehlo {

bool isCompatibleDim(int64_t a, int64_t b) {
  return ShapedType::isDynamic(a) || ShapedType::isDynamic(b) || a == b;
}

bool isCompatibleShape(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  if (a.size() != b.size())
    return false;
  for (auto [x, y] : llvm::zip(a, b))
    if (!isCompatibleDim(x, y))
      return false;
  return true;
}

bool haveSameBaselineElementType(Type a, Type b) {
  auto qa = dyn_cast<quant::QuantizedType>(a);
  auto qb = dyn_cast<quant::QuantizedType>(b);
  if (!qa || !qb)
    return a == b;
  return qa.getStorageType() == qb.getStorageType() &&
         qa.getExpressedType() == qb.getExpressedType() &&
         qa.isSigned() == qb.isSigned();
}

Type complexElementTypeOrSelf(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type))
    return complex.getElementType();
  return type;
}

static bool shapesAgree(Type a, Type b) {
  auto ta = dyn_cast<RankedTensorType>(a);
  auto tb = dyn_cast<RankedTensorType>(b);
  if (!ta || !tb)
    return a == b;
  return isCompatibleShape(ta.getShape(), tb.getShape());
}

bool isCompatibleBaselineType(Type a, Type b) {
  return shapesAgree(a, b) && haveSameBaselineElementType(
                                  getElementTypeOrSelf(a),
                                  getElementTypeOrSelf(b));
}

bool isCompatibleType(Type a, Type b) {
  return shapesAgree(a, b) && getElementTypeOrSelf(a) == getElementTypeOrSelf(b);
}

unsigned getBitWidth(Type elementType) {
  if (auto complex = dyn_cast<ComplexType>(elementType))
    return 2 * getBitWidth(complex.getElementType());
  if (auto quantized = dyn_cast<quant::QuantizedType>(elementType))
    return quantized.getStorageTypeIntegralWidth();
  return elementType.getIntOrFloatBitWidth();
}

bool isPromotableElementType(Type from, Type to) {
  if (from == to)
    return true;
  auto qFrom = dyn_cast<quant::QuantizedType>(from);
  auto qTo = dyn_cast<quant::QuantizedType>(to);
  if (qFrom || qTo)
    return qFrom && qTo &&
           qFrom.getExpressedType() == qTo.getExpressedType() &&
           qFrom.isSigned() == qTo.isSigned() &&
           qFrom.getStorageTypeIntegralWidth() <=
               qTo.getStorageTypeIntegralWidth();
  auto iFrom = dyn_cast<IntegerType>(from);
  auto iTo = dyn_cast<IntegerType>(to);
  if (iFrom || iTo) {
    // Booleans promote only to booleans.
    if (!iFrom || !iTo || iFrom.getWidth() == 1 || iTo.getWidth() == 1)
      return false;
    return iFrom.getSignedness() == iTo.getSignedness() &&
           iFrom.getWidth() <= iTo.getWidth();
  }
  auto cFrom = dyn_cast<ComplexType>(from);
  auto cTo = dyn_cast<ComplexType>(to);
  if (cFrom || cTo)
    return cFrom && cTo &&
           isPromotableElementType(cFrom.getElementType(),
                                   cTo.getElementType());
  auto fFrom = dyn_cast<FloatType>(from);
  auto fTo = dyn_cast<FloatType>(to);
  return fFrom && fTo && fFrom.getWidth() <= fTo.getWidth();
}

std::string dimsToString(ArrayRef<int64_t> dims) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << '[';
  llvm::interleaveComma(dims, os, [&](int64_t d) {
    if (ShapedType::isDynamic(d))
      os << '?';
    else
      os << d;
  });
  os << ']';
  return s;
}

LogicalResult verifyDimsInRange(EmitErrorFn emitError, StringRef what,
                                ArrayRef<int64_t> dims, int64_t rank,
                                StringRef label) {
  for (int64_t d : dims)
    if (d < 0 || d >= rank)
      return emitError() << what << " " << dimsToString(dims)
                         << " must be in range [0, " << rank << ") ("
                         << label << ")";
  return success();
}

LogicalResult verifyDimsUnique(EmitErrorFn emitError, StringRef what,
                               ArrayRef<int64_t> dims, StringRef label) {
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t d : dims)
    if (!seen.insert(d).second)
      return emitError() << what << " " << dimsToString(dims)
                         << " must be unique (" << label << ")";
  return success();
}

std::string describeOversizedShape(llvm::ArrayRef<int64_t> shape,
                                   unsigned elementBits) {
  constexpr uint64_t kMax = static_cast<uint64_t>(INT64_MAX);
  uint64_t count = 1;
  bool overflow = false;
  // The exact count, as a decimal string, for the message.
  llvm::APInt exact(192, 1);
  for (int64_t d : shape) {
    uint64_t size = d < 0 ? 0 : static_cast<uint64_t>(d);
    exact = exact * llvm::APInt(192, size);
    if (!overflow && size != 0 && count > kMax / size)
      overflow = true;
    count = overflow ? count : count * size;
  }
  if (exact.isZero())
    return "";
  std::string text;
  llvm::raw_string_ostream os(text);
  if (overflow) {
    os << "has " << llvm::toString(exact, 10, false)
       << " elements, more than an int64 counts (2^63 - 1)";
    return text;
  }
  uint64_t bytes = (elementBits + 7) / 8;
  if (elementBits >= 8 && bytes != 0 && count > kMax / bytes) {
    os << "has " << count << " elements of " << bytes << " bytes ("
       << llvm::toString(exact * llvm::APInt(192, bytes), 10, false)
       << " bytes), more than an int64 counts (2^63 - 1)";
    return text;
  }
  return "";
}

mlir::LogicalResult verifyBoundedTensorSizes(mlir::Operation *op) {
  auto check = [&](mlir::Type type, const char *what,
                   unsigned index) -> mlir::LogicalResult {
    auto shaped = mlir::dyn_cast<mlir::RankedTensorType>(type);
    if (!shaped)
      return mlir::success();
    mlir::Type elem = shaped.getElementType();
    unsigned bits = elem.isIntOrFloat() || mlir::isa<mlir::ComplexType,
                                                     mlir::quant::QuantizedType>(elem)
                        ? getBitWidth(elem)
                        : 64;
    std::string why = describeOversizedShape(shaped.getShape(), bits);
    if (why.empty())
      return mlir::success();
    return op->emitOpError() << what << " #" << index << " of type " << type
                             << " " << why;
  };
  for (auto [i, t] : llvm::enumerate(op->getOperandTypes()))
    if (mlir::failed(check(t, "operand", i)))
      return mlir::failure();
  for (auto [i, t] : llvm::enumerate(op->getResultTypes()))
    if (mlir::failed(check(t, "result", i)))
      return mlir::failure();
  return mlir::success();
}

} // namespace jx::stablehlo
