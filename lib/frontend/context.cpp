// context.cpp - the frontend's MLIR context and type mapping.

#include "frontend/lowering.h"

#include "jx/InitAll.h"
#include "jx/Target/CPU/CPUTarget.h"
#include "jx/Compiler/Compile.h"
#include "jx/runtime/executable.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/Threading.h"

#include <stdexcept>

namespace jx::frontend {

namespace {

/// Loads every dialect that tracing, lowering and the CPU pipeline use.
/// Loading a dialect writes the context's dialect table unlocked, so after
/// this nothing may load one: a PassManager run loads its passes'
/// dependent dialects (found loaded now), and lowering rules build
/// stablehlo, chlo and func ops.
void load_dialects(mlir::MLIRContext &c) {
  for (llvm::StringRef name :
       {"builtin", "func", "stablehlo", "chlo", "check"})
    c.getOrLoadDialect(name);
  mlir::OpPassManager pm(mlir::ModuleOp::getOperationName());
  if (mlir::failed(mlir::parsePassPipeline("jx-cpu-pipeline", pm)))
    throw std::logic_error("jx: internal error: no jx-cpu-pipeline");
  mlir::DialectRegistry dependent;
  pm.getDependentDialects(dependent);
  c.appendDialectRegistry(dependent);
  for (llvm::StringRef name : dependent.getDialectNames())
    c.getOrLoadDialect(name);
}

} // namespace

mlir::MLIRContext &context() {
  // One context for every thread. Its multithreading stays enabled: that
  // is what makes its type and attribute uniquing take locks (passes may
  // also run on its thread pool).
  static mlir::MLIRContext *ctx = [] {
    jx::registerAllPasses();
    mlir::DialectRegistry registry;
    jx::registerAllDialects(registry);
    jx::cpu::registerTranslations(registry);
    auto *c = new mlir::MLIRContext(registry);
    load_dialects(*c);
    return c;
  }();
  return *ctx;
}

diagnostic_capture::diagnostic_capture(bool first_only)
    : thread_(llvm::get_threadid()), first_only_(first_only) {
  id_ = context().getDiagEngine().registerHandler([this](mlir::Diagnostic &d) {
    // Another thread's diagnostic: for that thread's own handler (the
    // engine calls handlers newest first, under its lock).
    if (llvm::get_threadid() != thread_)
      return mlir::failure();
    if (!first_only_ || text_.empty())
      text_ += diagnostic_text(d) + (first_only_ ? "" : "\n");
    return mlir::success();
  });
}

diagnostic_capture::~diagnostic_capture() {
  context().getDiagEngine().eraseHandler(id_);
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
  std::optional<dtype> d = compiler::dtype_of(t.getElementType());
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
