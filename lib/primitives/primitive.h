// primitive.h - internal: what jx knows about each primitive.
//
// A primitive keeps its rules together (DESIGN: one primitive, all its
// rules in one file per family): the abstract evaluation (shape and dtype
// rule, which calls the stablehlo shape functions), the lowering to
// stablehlo, which parameters JAX's printer hides, and the transformation
// rules (jvp, vjp, batching), registered in the same family file with
// `set_rules` right after the primitive. Rules are written with jx ops on
// jx::Array, so they are themselves traceable and differentiable: grad of
// grad, vmap of grad, jit of both need nothing more (docs/transforms.md).

#ifndef JX_LIB_PRIMITIVES_PRIMITIVE_H
#define JX_LIB_PRIMITIVES_PRIMITIVE_H

#include "jx/jaxpr.h"

#include <functional>
#include <optional>
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
using impl_fn = std::vector<Array> (*)(const std::vector<Array> &args,
                                       const params_t &params);

/// A tangent or cotangent; nullopt is a symbolic zero (no work is done for
/// it, and integer values never get one).
using tangent = std::optional<Array>;
/// The batch dimension of a value under vmap; nullopt: not batched.
using batch_dim = std::optional<int64_t>;

/// jvp rule: the output tangents, given the primal inputs, their tangents
/// (at least one non-zero) and the primal outputs already computed.
struct jvp_args {
  const std::vector<Array> &primals;
  const std::vector<tangent> &tangents;
  const std::vector<Array> &outs;
  const params_t &params;
};
using jvp_fn = std::function<std::vector<tangent>(const jvp_args &)>;
/// A jvp rule that computes the outputs itself (control flow: one loop
/// carries primals and tangents together).
using jvp_full_fn = std::function<std::pair<std::vector<Array>,
                                            std::vector<tangent>>(
    const std::vector<Array> &primals, const std::vector<tangent> &tangents,
    const params_t &params)>;

/// vjp rule: the input cotangents (nullopt where zero or where the input is
/// not differentiable), given the primal inputs, the outputs and the output
/// cotangents (at least one non-zero). `wants[i]` says whether input i's
/// cotangent is needed.
struct vjp_args {
  const std::vector<Array> &primals;
  const std::vector<Array> &outs;
  const std::vector<tangent> &cts;
  const params_t &params;
  const std::vector<bool> &wants;
};
using vjp_fn = std::function<std::vector<tangent>(const vjp_args &)>;
/// A vjp split in two for primitives that choose what the forward pass
/// keeps (checkpoint, loops): `fwd` returns the outputs and residuals,
/// `bwd` the input cotangents from the residuals and output cotangents.
using vjp_fwd_fn = std::function<std::pair<std::vector<Array>,
                                           std::vector<Array>>(
    const std::vector<Array> &primals, const std::vector<bool> &wants,
    const params_t &params)>;
using vjp_bwd_fn = std::function<std::vector<tangent>(
    const std::vector<Array> &residuals, const std::vector<tangent> &cts,
    const std::vector<bool> &wants, const params_t &params)>;

/// Batching rule: the outputs and their batch dims, given the arguments and
/// theirs (at least one batched; all batched ones have the same size).
using batch_fn = std::function<std::pair<std::vector<Array>,
                                         std::vector<batch_dim>>(
    const std::vector<Array> &args, const std::vector<batch_dim> &dims,
    const params_t &params)>;

struct transform_rules {
  jvp_fn jvp;
  jvp_full_fn jvp_full;
  vjp_fn vjp;
  vjp_fwd_fn vjp_fwd;
  vjp_bwd_fn vjp_bwd;
  batch_fn batch;
};

struct primitive {
  std::string name;
  abstract_eval_fn abstract_eval = nullptr;
  lower_fn lower = nullptr;
  /// Whether JAX prints a parameter (null: all are printed).
  print_param_fn print_param = nullptr;
  /// How it runs on concrete arrays, when not as a one-equation executable
  /// (null): shard_map runs on several devices.
  impl_fn impl = nullptr;
  /// Set once, at static initialization, by set_rules in the family file.
  mutable transform_rules rules{};
};

/// Registers `p`'s transformation rules (a static object next to `p`):
///   const set_rules add_rules(add_p, [](transform_rules &r) { r.jvp = ...; });
struct set_rules {
  set_rules(const primitive &p,
            const std::function<void(transform_rules &)> &fill) {
    fill(p.rules);
  }
};

} // namespace jx::core

#endif // JX_LIB_PRIMITIVES_PRIMITIVE_H
