//===- TypeConverter.cpp - stablehlo types to signless types --------------===//

#include "jx/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

namespace jx::stablehlo {

bool isSupportedElementType(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type))
    return complex.getElementType().isF32() || complex.getElementType().isF64();
  if (auto integer = dyn_cast<IntegerType>(type))
    return llvm::is_contained({1u, 2u, 4u, 8u, 16u, 32u, 64u},
                              integer.getWidth());
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
}

static Type convertElementType(Type type) {
  if (!isSupportedElementType(type))
    return nullptr;
  if (auto integer = dyn_cast<IntegerType>(type))
    return IntegerType::get(type.getContext(), integer.getWidth());
  return type;
}

LinalgTypeConverter::LinalgTypeConverter() {
  addConversion([](Type type) -> std::optional<Type> {
    // Types of other dialects (index, memref, ...) pass through.
    if (isa<IndexType, MemRefType, FunctionType, NoneType>(type))
      return type;
    return std::nullopt;
  });
  addConversion([](Type type) -> std::optional<Type> {
    if (isa<IntegerType, FloatType, ComplexType>(type)) {
      if (Type converted = convertElementType(type))
        return converted;
      return nullptr;
    }
    return std::nullopt;
  });
  addConversion([](RankedTensorType type) -> std::optional<Type> {
    Type element = convertElementType(type.getElementType());
    if (!element)
      return nullptr;
    // Bounds in a #stablehlo.type_extensions encoding do not survive
    // lowering; dynamic dimensions stay dynamic.
    return RankedTensorType::get(type.getShape(), element);
  });
  addConversion([](TokenType type) -> std::optional<Type> {
    return RankedTensorType::get({}, IntegerType::get(type.getContext(), 1));
  });
  auto materialize = [](OpBuilder &b, Type type, ValueRange inputs,
                        Location loc) -> Value {
    return UnrealizedConversionCastOp::create(b, loc, type, inputs).getResult(0);
  };
  addSourceMaterialization(materialize);
  addTargetMaterialization(materialize);
}

} // namespace jx::stablehlo
