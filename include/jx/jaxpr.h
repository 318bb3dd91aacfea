// jaxpr.h - jx's program IR, printed in JAX's jaxpr syntax.
//
// A jaxpr is a list of equations over typed variables:
//   { lambda c:f32[3]; a:f32[2,3]. let b:f32[2,3] = mul a c in (b,) }
// Constant variables (before the `;`) hold arrays a traced function closed
// over; literals are scalars written in place (`2.0:f32[]`). Equation
// parameters may hold sub-jaxprs (control flow, jit).
//
// jx::make_jaxpr(f)(args...) traces f and returns a ClosedJaxpr: the jaxpr
// with the values of its constants.

#ifndef JX_JAXPR_H
#define JX_JAXPR_H

#include "jx/array.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace jx {

namespace core {
struct primitive;
} // namespace core

/// A jaxpr variable: an abstract value with identity (compared by address).
struct var_node {
  shaped_array aval;
};
using Var = std::shared_ptr<const var_node>;
Var new_var(const shaped_array &aval);

/// A 0-d constant written in place in an equation.
struct Literal {
  runtime::host_buffer value; // 0-d
  shaped_array aval;
  /// `2.0:f32[]`, `1:i32[]`, `True:bool[]`.
  std::string str() const;
};

/// An operand of an equation: a variable or a literal.
using Atom = std::variant<Var, Literal>;
const shaped_array &aval_of(const Atom &a);

struct Jaxpr;
struct ClosedJaxpr;

/// dot_general's dimension numbers: ((lhs_contract, rhs_contract),
/// (lhs_batch, rhs_batch)), as in jax.lax.dot_general.
struct dot_dimension_numbers {
  std::vector<int64_t> lhs_contracting, rhs_contracting, lhs_batch, rhs_batch;
  bool operator==(const dot_dimension_numbers &o) const;
};

// --- conv_general_dilated (issue 4, conv/pooling) ---------------------------
/// conv_general_dilated's dimension numbers, as JAX's ConvDimensionNumbers:
/// lhs_spec = (batch, feature, spatial...), rhs_spec = (out feature, in
/// feature, spatial...), out_spec = (batch, feature, spatial...).
struct conv_dimension_numbers {
  std::vector<int64_t> lhs_spec, rhs_spec, out_spec;
  bool operator==(const conv_dimension_numbers &o) const {
    return lhs_spec == o.lhs_spec && rhs_spec == o.rhs_spec &&
           out_spec == o.out_spec;
  }
};
// --- end conv_general_dilated ----------------------------------------------
// --- gather / scatter dimension numbers (indexing) ---
/// gather's dimension numbers, as jax.lax.GatherDimensionNumbers; printed
/// `GatherDimensionNumbers(offset_dims=(0,), collapsed_slice_dims=(1,), ...)`.
/// The index vector is always the last dimension of the start indices.
struct gather_dimension_numbers {
  std::vector<int64_t> offset_dims, collapsed_slice_dims, start_index_map,
      operand_batching_dims, start_indices_batching_dims;
  bool operator==(const gather_dimension_numbers &o) const;
};
/// scatter's dimension numbers, as jax.lax.ScatterDimensionNumbers.
struct scatter_dimension_numbers {
  std::vector<int64_t> update_window_dims, inserted_window_dims,
      scatter_dims_to_operand_dims, operand_batching_dims,
      scatter_indices_batching_dims;
  bool operator==(const scatter_dimension_numbers &o) const;
};
// --- end gather / scatter ---

/// Python's None, for parameters that JAX prints as `None`.
struct none_t {
  bool operator==(const none_t &) const { return true; }
};

/// A parameter jx cannot print from its value: a C++ callable kept in an
/// equation (custom_jvp's rule, custom_vjp's fwd and bwd). `str()` is what
/// the jaxpr printer shows; it must differ between distinct callables
/// (eager mode caches executables by the printed parameters).
struct opaque_param {
  virtual ~opaque_param() = default;
  virtual std::string str() const = 0;
};

/// An equation parameter. Printed as Python prints the corresponding JAX
/// value: `(0, 1)`, `None`, `float32`, `True`, `(([1], [0]), ([], []))`;
/// a list of int lists is a tuple of tuples: `((0, 0, 0), (1, 2, 0))`; a
/// list of jaxprs is a tuple of jaxprs (cond's `branches=(...)`).
using param = std::variant<none_t, bool, int64_t, double, std::string,
                           std::vector<int64_t>,
                           std::vector<std::vector<int64_t>>, jx::dtype,
                           dot_dimension_numbers, conv_dimension_numbers,
                           gather_dimension_numbers, scatter_dimension_numbers,
                           std::shared_ptr<const ClosedJaxpr>,
                           std::vector<std::shared_ptr<const ClosedJaxpr>>,
                           std::shared_ptr<const opaque_param>>;
using params_t = std::map<std::string, param>; // printed in sorted order
std::string param_str(const param &p);

struct Eqn {
  const core::primitive *primitive = nullptr;
  std::vector<Atom> invars;
  std::vector<Var> outvars;
  params_t params;
  const std::string &name() const;
};

struct Jaxpr {
  std::vector<Var> constvars, invars;
  std::vector<Eqn> eqns;
  std::vector<Atom> outvars;
};

struct ClosedJaxpr {
  std::shared_ptr<const Jaxpr> jaxpr;
  std::vector<runtime::host_buffer> consts; // one per constvar
  std::vector<shaped_array> in_avals() const;
  std::vector<shaped_array> out_avals() const;
  /// JAX's text, at most `width` columns where it can.
  std::string str(int width = 80) const;
};

std::ostream &operator<<(std::ostream &os, const ClosedJaxpr &j);
std::ostream &operator<<(std::ostream &os, const Jaxpr &j);
std::string to_string(const Jaxpr &j, int width = 80);

/// Checks that a jaxpr is well formed (every variable defined once before
/// use, equation types agree with the primitives' rules, outputs defined);
/// throws jx::error describing the first problem (jax.core.check_jaxpr).
void check_jaxpr(const Jaxpr &j);

namespace core {
/// Traces `f` on abstract inputs of `in_avals` into a closed jaxpr.
ClosedJaxpr trace_to_jaxpr(
    const std::function<std::vector<Array>(const std::vector<Array> &)> &f,
    const std::vector<shaped_array> &in_avals);
} // namespace core

} // namespace jx

#endif // JX_JAXPR_H
