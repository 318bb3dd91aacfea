// context.cpp - the frontend's MLIR context and type mapping.

#include "frontend/lowering.h"

#include "jx/InitAll.h"
#include "jx/Target/CPU/CPUTarget.h"
#include "jx/runtime/executable.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"

namespace jx::frontend {

mlir::MLIRContext &context() {
  static mlir::MLIRContext *ctx = [] {
    jx::registerAllPasses();
    mlir::DialectRegistry registry;
    jx::registerAllDialects(registry);
    jx::cpu::registerTranslations(registry);
    auto *c = new mlir::MLIRContext(registry);
    c->getOrLoadDialect<jx::stablehlo::StableHLODialect>();
    c->getOrLoadDialect<mlir::func::FuncDialect>();
    return c;
  }();
  return *ctx;
}

mlir::Type element_type(dtype t) {
  mlir::MLIRContext *c = &context();
  auto sint = [&](unsigned w) { return mlir::IntegerType::get(c, w); };
  auto uint = [&](unsigned w) {
    return mlir::IntegerType::get(c, w, mlir::IntegerType::Unsigned);
  };
  switch (t) {
  case dtype::bool_: return sint(1);
  case dtype::int2: return sint(2);
  case dtype::int4: return sint(4);
  case dtype::int8: return sint(8);
  case dtype::int16: return sint(16);
  case dtype::int32: return sint(32);
  case dtype::int64: return sint(64);
  case dtype::uint2: return uint(2);
  case dtype::uint4: return uint(4);
  case dtype::uint8: return uint(8);
  case dtype::uint16: return uint(16);
  case dtype::uint32: return uint(32);
  case dtype::uint64: return uint(64);
  case dtype::float16: return mlir::Float16Type::get(c);
  case dtype::bfloat16: return mlir::BFloat16Type::get(c);
  case dtype::float32: return mlir::Float32Type::get(c);
  case dtype::float64: return mlir::Float64Type::get(c);
  case dtype::complex64:
    return mlir::ComplexType::get(mlir::Float32Type::get(c));
  case dtype::complex128:
    return mlir::ComplexType::get(mlir::Float64Type::get(c));
  }
  return {};
}

mlir::RankedTensorType tensor_type(const shaped_array &aval) {
  return mlir::RankedTensorType::get(aval.shape, element_type(aval.dtype));
}

shaped_array aval_of_type(mlir::RankedTensorType t, bool weak_type) {
  std::optional<dtype> d = runtime::dtype_of(t.getElementType());
  return shaped_array{d.value_or(dtype::float32),
                      shape_t(t.getShape().begin(), t.getShape().end()),
                      weak_type};
}

std::string diagnostic_text(mlir::Diagnostic &d) {
  std::string s;
  llvm::raw_string_ostream os(s);
  d.print(os);
  return s;
}

} // namespace jx::frontend
