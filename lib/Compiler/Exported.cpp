//===- Exported.cpp - jax.export's calling convention ---------------------===//

#include "jx/Compiler/Exported.h"

#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"
#include "jx/Dialect/VHLO/Vhlo.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace jx::compiler {
namespace {

/// The element type the module uses for an input of `dtype`, and the extra
/// trailing dimensions (PRNG keys travel as their uint32 data).
std::pair<Type, SmallVector<int64_t>> moduleType(exported::DType dtype,
                                                 MLIRContext &c) {
  using D = exported::DType;
  auto ui = [&](unsigned w) {
    return IntegerType::get(&c, w, IntegerType::Unsigned);
  };
  switch (dtype) {
  case D::bool_: return {IntegerType::get(&c, 1), {}};
  case D::i4: return {IntegerType::get(&c, 4), {}};
  case D::i8: return {IntegerType::get(&c, 8), {}};
  case D::i16: return {IntegerType::get(&c, 16), {}};
  case D::i32: return {IntegerType::get(&c, 32), {}};
  case D::i64: return {IntegerType::get(&c, 64), {}};
  case D::ui4: return {ui(4), {}};
  case D::ui8: return {ui(8), {}};
  case D::ui16: return {ui(16), {}};
  case D::ui32: return {ui(32), {}};
  case D::ui64: return {ui(64), {}};
  case D::f16: return {Float16Type::get(&c), {}};
  case D::bf16: return {BFloat16Type::get(&c), {}};
  case D::f32: return {Float32Type::get(&c), {}};
  case D::f64: return {Float64Type::get(&c), {}};
  case D::c64: return {ComplexType::get(Float32Type::get(&c)), {}};
  case D::c128: return {ComplexType::get(Float64Type::get(&c)), {}};
  case D::f8_e4m3fn: return {Float8E4M3FNType::get(&c), {}};
  case D::f8_e5m2: return {Float8E5M2Type::get(&c), {}};
  case D::f8_e4m3fnuz: return {Float8E4M3FNUZType::get(&c), {}};
  case D::f8_e5m2fnuz: return {Float8E5M2FNUZType::get(&c), {}};
  case D::f8_e4m3b11fnuz: return {Float8E4M3B11FNUZType::get(&c), {}};
  case D::f8_e4m3: return {Float8E4M3Type::get(&c), {}};
  case D::f8_e3m4: return {Float8E3M4Type::get(&c), {}};
  case D::f8_e8m0fnu: return {Float8E8M0FNUType::get(&c), {}};
  case D::f4_e2m1fn: return {Float4E2M1FNType::get(&c), {}};
  case D::f0: return {IntegerType::get(&c, 1), {}};
  case D::key_fry: return {ui(32), {2}};
  case D::key_rbg:
  case D::key_unsafe_rbg: return {ui(32), {4}};
  }
  return {Float32Type::get(&c), {}};
}

Type avalType(const exported::AbstractValue &aval, MLIRContext &c) {
  if (aval.kind == exported::AbstractValue::Kind::token)
    return jx::stablehlo::TokenType::get(&c);
  auto [element, trailing] = moduleType(aval.dtype, c);
  SmallVector<int64_t> shape;
  for (size_t i = 0; i < aval.shape.size(); ++i)
    shape.push_back(aval.dim(i).value_or(ShapedType::kDynamic));
  shape.append(trailing);
  return RankedTensorType::get(shape, element);
}

/// "(b, 8)" as Python prints a shape tuple.
std::string tupleText(const std::vector<std::string> &dims) {
  if (dims.size() == 1)
    return "(" + dims[0] + ",)";
  return "(" + llvm::join(dims, ", ") + ")";
}

} // namespace

OwningOpRef<ModuleOp> loadExported(const exported::Exported &e,
                                   MLIRContext &context, LocationAttr loc) {
  // DisabledSafetyCheck.platform(): run the first lowering even though it
  // was not made for the CPU, as JAX does when the check is disabled.
  bool anyPlatform = llvm::any_of(e.disabled_safety_checks, [](const auto &c) {
    return c.kind == exported::DisabledSafetyCheck::Kind::platform;
  });
  if (!llvm::is_contained(e.platforms, "cpu") && !anyPlatform) {
    emitError(loc) << "this jax.export artifact was lowered for "
                   << llvm::join(e.platforms, ", ")
                   << " only; jx runs programs on the CPU (export with "
                      "platforms=('cpu', ...))";
    return nullptr;
  }
  if (!e.calling_convention_supported()) {
    emitError(loc) << "calling convention version "
                   << e.calling_convention_version
                   << " is not supported (jx supports versions "
                   << exported::kMinCallingConventionVersion << ".."
                   << exported::kMaxCallingConventionVersion << ")";
    return nullptr;
  }
  if (!e.ordered_effects.empty()) {
    emitError(loc) << "the export has ordered effects ("
                   << llvm::join(e.ordered_effects, ", ")
                   << "), which jx does not support yet";
    return nullptr;
  }
  OwningOpRef<ModuleOp> module = vhlo::readPortableArtifact(
      e.mlir_module_serialized, &context, nullptr, loc);
  if (!module)
    return nullptr;
  auto main = module->lookupSymbol<func::FuncOp>("main");
  if (!main) {
    emitError(loc) << "the export's module has no @main";
    return nullptr;
  }
  Block &entry = main.getBody().front();
  if (e.platforms.size() > 1) {
    // The first argument selects the platform's branch of each lowering.
    int64_t index = llvm::find(e.platforms, "cpu") - e.platforms.begin();
    if (index == int64_t(e.platforms.size()))
      index = 0;
    if (main.getNumArguments() == 0) {
      emitError(loc) << "@main lacks the platform index argument";
      return nullptr;
    }
    auto type = dyn_cast<RankedTensorType>(main.getArgument(0).getType());
    if (!type || type.getRank() != 0 || !type.getElementType().isInteger()) {
      emitError(loc) << "@main's first argument is not a platform index";
      return nullptr;
    }
    OpBuilder b(&context);
    b.setInsertionPointToStart(&entry);
    auto c = jx::stablehlo::ConstantOp::create(
        b, main.getLoc(),
        DenseElementsAttr::get(
            type, APInt(type.getElementTypeBitWidth(), index)));
    main.getArgument(0).replaceAllUsesWith(c);
    if (failed(main.eraseArgument(0)))
      return nullptr;
  }
  // Inputs the module does not use were dropped from @main: put them back
  // (unused) so that @main takes every input the export lists.
  if (e.module_kept_var_idx.size() != e.in_avals.size()) {
    for (size_t i = 0; i < e.in_avals.size(); ++i)
      if (!llvm::is_contained(e.module_kept_var_idx, i))
        if (failed(main.insertArgument(i, avalType(e.in_avals[i], context),
                                       {}, main.getLoc())))
          return nullptr;
  }
  if (main.getNumArguments() != e.in_avals.size()) {
    emitError(loc) << "@main takes " << main.getNumArguments()
                   << " arguments; the export lists " << e.in_avals.size()
                   << " inputs";
    return nullptr;
  }
  return module;
}

bool checksShapeAssertions(const exported::Exported &e) {
  return llvm::none_of(e.disabled_safety_checks, [](const auto &c) {
    return c.kind == exported::DisabledSafetyCheck::Kind::shape_assertions;
  });
}

std::string checkInputShapes(const exported::Exported &e,
                             const std::vector<std::vector<int64_t>> &shapes,
                             const std::vector<std::string> &dtypes) {
  if (shapes.size() != e.in_avals.size())
    return "The exported function '" + e.function_name + "' was exported for " +
           std::to_string(e.in_avals.size()) + " inputs and called with " +
           std::to_string(shapes.size());
  for (size_t i = 0; i < shapes.size(); ++i) {
    const exported::AbstractValue &aval = e.in_avals[i];
    std::vector<std::string> got;
    for (int64_t d : shapes[i])
      got.push_back(std::to_string(d));
    std::string where = "args[" + std::to_string(i) + "]";
    // A PRNG key input carries its key data as a trailing dimension.
    size_t trailing = exported::is_key(aval.dtype) ? 1 : 0;
    if (shapes[i].size() != aval.shape.size() + trailing)
      return "Rank mismatch for " + where + ": expected " +
             tupleText(aval.shape) + " and called with " + tupleText(got);
    for (size_t d = 0; d < aval.shape.size(); ++d) {
      std::optional<int64_t> want = aval.dim(d);
      if (want && *want != shapes[i][d])
        return "Shape mismatch for " + where + ".shape[" + std::to_string(d) +
               "] (expected same constant): expected " + tupleText(aval.shape) +
               " and called with " + tupleText(got);
    }
    if (i < dtypes.size() && !exported::is_key(aval.dtype) &&
        dtypes[i] != exported::numpy_name(aval.dtype))
      return "Dtype mismatch for " + where + ": expected " +
             std::string(exported::numpy_name(aval.dtype)) +
             " and called with " + dtypes[i];
  }
  return "";
}

} // namespace jx::compiler
