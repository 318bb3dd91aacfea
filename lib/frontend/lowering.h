// lowering.h - internal: lowering jaxprs to stablehlo (JAX's conventions).

#ifndef JX_LIB_FRONTEND_LOWERING_H
#define JX_LIB_FRONTEND_LOWERING_H

#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"
#include "jx/Dialect/StableHLO/IR/TypeUtils.h"
#include "jx/jaxpr.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OwningOpRef.h"

namespace jx::frontend {

/// The frontend's MLIR context, shared by every thread: every dialect that
/// tracing, lowering and the CPU pipeline use is loaded when it is made.
mlir::MLIRContext &context();

/// Collects the diagnostics emitted on context() by the thread that made it,
/// while it lives (those of a pass run on the context's thread pool reach
/// it too: MLIR re-emits them on the thread that started the passes).
/// Diagnostic handlers are context-wide; this one passes other threads'
/// diagnostics on, so each thread sees its own errors only.
class diagnostic_capture {
public:
  /// `first_only`: keep only the first diagnostic's text.
  explicit diagnostic_capture(bool first_only = false);
  ~diagnostic_capture();
  diagnostic_capture(const diagnostic_capture &) = delete;
  diagnostic_capture &operator=(const diagnostic_capture &) = delete;
  /// What was caught: each diagnostic on its own line ("" when none).
  const std::string &text() const { return text_; }

private:
  mlir::DiagnosticEngine::HandlerID id_;
  uint64_t thread_;
  bool first_only_;
  std::string text_;
};

mlir::Type element_type(dtype t);
mlir::RankedTensorType tensor_type(const shaped_array &aval);

/// Calls a stablehlo shape function `f(emitError)` and returns its type, or
/// throws jx::error("<api>: <diagnostic>").
template <class F>
mlir::RankedTensorType infer(const std::string &api, F &&f);
std::string diagnostic_text(mlir::Diagnostic &d);

/// Lowering state passed to each primitive's lowering rule.
class lowering_context {
public:
  lowering_context(mlir::OpBuilder &builder, mlir::Location loc)
      : b(builder), loc(loc) {}
  mlir::OpBuilder &b;
  mlir::Location loc;

  /// A stablehlo.constant of `value`.
  mlir::Value constant(const runtime::host_buffer &value);
  /// `v` broadcast to `shape` (NumPy rules at equal rank, or from 0-d).
  mlir::Value broadcast_to(mlir::Value v, const shape_t &shape);
  /// Lowers `j`'s equations on `args` (constvars then invars) and returns
  /// its outputs.
  std::vector<mlir::Value> lower_jaxpr(const Jaxpr &j,
                                       const std::vector<mlir::Value> &args);
  /// Lowers a sub-jaxpr (a control-flow branch or body) at the insertion
  /// point, inside the region being built: its constants become
  /// stablehlo.constant ops there, `args` are its invars.
  std::vector<mlir::Value>
  lower_closed_jaxpr(const ClosedJaxpr &j, const std::vector<mlir::Value> &args);
};

/// `module @jit_<name>` with `func.func public @main`: constants inlined,
/// results named with `jax.result_info`.
mlir::OwningOpRef<mlir::ModuleOp> lower_to_module(const ClosedJaxpr &j,
                                                  const std::string &name);

template <class F>
mlir::RankedTensorType infer(const std::string &api, F &&f) {
  mlir::MLIRContext &ctx = context();
  mlir::FailureOr<mlir::RankedTensorType> t = mlir::failure();
  std::string message;
  {
    diagnostic_capture diagnostics(/*first_only=*/true);
    auto emit = [&]() { return mlir::emitError(mlir::UnknownLoc::get(&ctx)); };
    t = f(emit);
    message = diagnostics.text();
  }
  if (mlir::failed(t))
    throw error(api + ": " + (message.empty() ? "invalid operands" : message));
  return *t;
}

/// The shaped_array of a static tensor type (inverse of tensor_type).
shaped_array aval_of_type(mlir::RankedTensorType t, bool weak_type = false);

} // namespace jx::frontend

#endif // JX_LIB_FRONTEND_LOWERING_H
