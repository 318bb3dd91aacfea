// rules.h - internal: the primitives of each family and helpers shared by
// their rules.

#ifndef JX_LIB_PRIMITIVES_RULES_H
#define JX_LIB_PRIMITIVES_RULES_H

#include "primitives/primitive.h"

namespace jx::core {

// elementwise.cpp
extern const primitive add_p, sub_p, mul_p, div_p, max_p, min_p;
extern const primitive neg_p, exp_p, log_p, tanh_p, sin_p, cos_p, sqrt_p;
extern const primitive pow_p, and_p, or_p, xor_p;
extern const primitive rsqrt_p, log1p_p, expm1_p, logistic_p, sign_p, floor_p,
    ceil_p, not_p, abs_p, is_finite_p, square_p, integer_pow_p, round_p;
extern const primitive eq_p, ne_p, lt_p, le_p, gt_p, ge_p;
extern const primitive select_n_p, convert_element_type_p;
// elementwise.cpp, jx::random's primitives (issue 5)
extern const primitive shift_left_p, shift_right_logical_p,
    shift_right_arithmetic_p, rem_p, population_count_p,
    bitcast_convert_type_p, erf_inv_p, nextafter_p;
// reduction.cpp
extern const primitive reduce_sum_p, reduce_max_p, reduce_min_p, reduce_prod_p,
    reduce_and_p, reduce_or_p, argmax_p, argmin_p;
extern const primitive cumsum_p, cumprod_p, cummax_p, cummin_p;
// shape.cpp
extern const primitive broadcast_in_dim_p, reshape_p, transpose_p, iota_p;
extern const primitive squeeze_p, rev_p, concatenate_p, pad_p;
// slicing.cpp
extern const primitive slice_p, dynamic_slice_p, dynamic_update_slice_p;
// sort.cpp
extern const primitive sort_p;
// dot.cpp
extern const primitive dot_general_p;
// stop_gradient.cpp
extern const primitive stop_gradient_p;
// control_flow.cpp: sub-jaxprs in params (branches / cond_jaxpr,
// body_jaxpr / jaxpr), constant-free: closed-over values are operands.
extern const primitive cond_p, while_p, scan_p;

// --- issue 4: convolution, windowed reductions, erf ---------------------------
// conv.cpp
extern const primitive conv_general_dilated_p;
// window.cpp
extern const primitive reduce_window_sum_p, reduce_window_max_p,
    reduce_window_min_p;
// elementwise.cpp
extern const primitive erf_p, erfc_p;
// --- end issue 4

// --- numpy-more (issue 4): top_k (sort.cpp) ---
extern const primitive top_k_p;
// gather.cpp (indexing): gather and the scatter family.
extern const primitive gather_p, scatter_p, scatter_add_p, scatter_mul_p,
    scatter_min_p, scatter_max_p;
// --- fixtures (issue 4): elementwise.cpp ---
extern const primitive tan_p, cbrt_p, atan2_p, clamp_p;
// --- end fixtures

// complex.cpp: the parts of complex numbers.
extern const primitive real_p, imag_p, conj_p, complex_p;
// linalg.cpp: jax.lax.linalg's primitives (LAPACK custom calls).
extern const primitive triangular_solve_p, lu_p, cholesky_p, eigh_p, svd_p,
    eig_p, geqrf_p, householder_product_p;

// --- custom.cpp: custom_jvp, custom_vjp, checkpoint (issue 5) ---
// custom_jvp_call / custom_vjp_call: a function with user rules (its inputs:
// num_consts closed-over values, then the arguments); checkpoint ("remat2"
// as JAX prints it): a function whose reverse mode recomputes what its
// policy does not save.
extern const primitive custom_jvp_call_p, custom_vjp_call_p, checkpoint_p;
/// A user's jvp rule on flat leaves: (primals, tangents) -> (outputs,
/// output tangents).
using flat_jvp_rule = std::function<std::pair<std::vector<Array>,
                                              std::vector<Array>>(
    const std::vector<Array> &, const std::vector<Array> &)>;
/// A user's custom_vjp fwd (arguments -> outputs, residuals) and bwd
/// (residuals, output cotangents -> argument cotangents) on flat leaves.
using flat_fwd_rule = std::function<std::pair<std::vector<Array>,
                                              std::vector<Array>>(
    const std::vector<Array> &)>;
using flat_bwd_rule = std::function<std::vector<Array>(
    const std::vector<Array> &, const std::vector<Array> &)>;
/// The `jvp` parameter of custom_jvp_call; `shown` is unique per rule.
struct custom_jvp_rule : opaque_param {
  flat_jvp_rule rule;
  std::string shown;
  custom_jvp_rule(flat_jvp_rule r, std::string s)
      : rule(std::move(r)), shown(std::move(s)) {}
  std::string str() const override { return shown; }
};
/// The `fwd` and `bwd` parameters of custom_vjp_call.
struct custom_fwd_rule : opaque_param {
  flat_fwd_rule rule;
  std::string shown;
  custom_fwd_rule(flat_fwd_rule r, std::string s)
      : rule(std::move(r)), shown(std::move(s)) {}
  std::string str() const override { return shown; }
};
struct custom_bwd_rule : opaque_param {
  flat_bwd_rule rule;
  std::string shown;
  custom_bwd_rule(flat_bwd_rule r, std::string s)
      : rule(std::move(r)), shown(std::move(s)) {}
  std::string str() const override { return shown; }
};
/// `f` traced on `avals` into a jaxpr without constants: what it closes
/// over (constant arrays, then values of enclosing traces) becomes its
/// leading inputs, appended to `leading`.
std::shared_ptr<const ClosedJaxpr> trace_closed(
    const std::function<std::vector<Array>(const std::vector<Array> &)> &f,
    const std::vector<shaped_array> &avals, std::vector<Array> &leading);
// --- end custom.cpp ---

const std::vector<int64_t> &get_ints(const params_t &p, const std::string &k);
dtype get_dtype(const params_t &p, const std::string &k);
bool get_bool(const params_t &p, const std::string &k);

/// The shape two operands broadcast to: equal shapes, a 0-d operand, or
/// equal ranks whose differing sizes are 1. Empty optional when they don't.
std::optional<shape_t> broadcast_shapes(const shape_t &a, const shape_t &b);

/// "f32[2,3]" list: "f32[2,3], i32[]".
std::string avals_str(const std::vector<shaped_array> &avals);

} // namespace jx::core

#endif // JX_LIB_PRIMITIVES_RULES_H
