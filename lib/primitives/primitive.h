// primitive.h - internal: what jx knows about each primitive.
//
// A primitive keeps its rules together (DESIGN: one primitive, all its
// rules in one file per family): the abstract evaluation (shape and dtype
// rule, which calls the stablehlo shape functions), the lowering to
// stablehlo, and which parameters JAX's printer hides. Transformation rules
// (jvp, transpose, batching) will join them here.

#ifndef JX_LIB_PRIMITIVES_PRIMITIVE_H
#define JX_LIB_PRIMITIVES_PRIMITIVE_H

#include "jx/jaxpr.h"

#include <vector>

namespace mlir {
class Value;
} // namespace mlir

namespace jx::frontend {
class lowering_context;
} // namespace jx::frontend

namespace jx::core {

using abstract_eval_fn = std::vector<shaped_array> (*)(
    const std::vector<shaped_array> &in, const params_t &params);
using lower_fn = std::vector<mlir::Value> (*)(frontend::lowering_context &ctx,
                                              const std::vector<mlir::Value> &in,
                                              const Eqn &eqn);
using print_param_fn = bool (*)(const std::string &name, const param &value);

struct primitive {
  std::string name;
  abstract_eval_fn abstract_eval = nullptr;
  lower_fn lower = nullptr;
  /// Whether JAX prints a parameter (null: all are printed).
  print_param_fn print_param = nullptr;
};

} // namespace jx::core

#endif // JX_LIB_PRIMITIVES_PRIMITIVE_H
