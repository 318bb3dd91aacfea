// interpret.h - internal: the jaxpr interpreters behind the transforms.
//
// Every transform is an interpreter over a traced jaxpr whose equations it
// re-emits through the primitives' rules. The rules are jx ops, so what an
// interpreter emits goes to whatever trace is current (or runs eagerly):
// that is how grad, vmap and jit compose in any order. See
// docs/transforms.md.

#ifndef JX_LIB_TRANSFORMS_INTERPRET_H
#define JX_LIB_TRANSFORMS_INTERPRET_H

#include "core/trace.h"
#include "primitives/primitive.h"

#include <functional>
#include <memory>
#include <unordered_map>

namespace jx::transforms {

using core::batch_dim;
using core::tangent;

/// A literal of a jaxpr as a concrete array.
Array literal_array(const Literal &l);

/// The constants of `j` as concrete arrays.
std::vector<Array> const_arrays(const ClosedJaxpr &j);

/// Evaluates `j` on `args` (its invars) by binding each equation.
std::vector<Array> eval_jaxpr(const ClosedJaxpr &j,
                              const std::vector<Array> &args);

/// Forward mode: the outputs of `j` and their tangents.
std::pair<std::vector<Array>, std::vector<tangent>>
jvp_jaxpr(const ClosedJaxpr &j, const std::vector<Array> &args,
          const std::vector<tangent> &tangents, const std::string &api);

/// Reverse mode, forward half: every value of `j` on `args`, keeping what
/// the backward half needs. `wrt[i]`: whether input i is differentiated.
struct vjp_tape {
  std::shared_ptr<const Jaxpr> jaxpr;
  std::string api;
  std::unordered_map<const var_node *, Array> env;
  std::unordered_map<const var_node *, bool> active; // depends on wrt inputs
  std::vector<bool> eqn_active;
  std::vector<std::vector<Array>> residuals; // split rules only
  std::vector<Array> outs;
};
/// Outputs to read instead of recomputing (checkpoint's saved values): those
/// of every equation `is_saved` holds for, in equation order. An equation on
/// the differentiated path with a split (vjp_fwd) rule still runs it.
struct saved_outputs {
  std::function<bool(const Eqn &)> is_saved;
  const std::vector<Array> &values;
};
std::shared_ptr<vjp_tape> vjp_forward(const ClosedJaxpr &j,
                                      const std::vector<Array> &args,
                                      const std::vector<bool> &wrt,
                                      const std::string &api,
                                      const saved_outputs *saved = nullptr);
/// Reverse mode, backward half: the cotangent of every input of the jaxpr
/// (nullopt where zero or not differentiated).
std::vector<tangent> vjp_backward(const vjp_tape &tape,
                                  const std::vector<tangent> &out_cts);

/// Batching: `j` applied to a batch of arguments (`dims[i]`: the batch
/// dimension of args[i], or nullopt when it is shared by all).
std::pair<std::vector<Array>, std::vector<batch_dim>>
batch_jaxpr(const ClosedJaxpr &j, const std::vector<Array> &args,
            const std::vector<batch_dim> &dims, const std::string &api);

/// Whether a value of `t` has (co)tangents: floating or complex.
inline bool differentiable(dtype t) { return is_inexact(t); }

} // namespace jx::transforms

#endif // JX_LIB_TRANSFORMS_INTERPRET_H
