// custom.h - custom differentiation rules and rematerialization
// (jax.custom_jvp, jax.custom_vjp, jax.checkpoint).
//
//   // A numerically stable derivative for log(1 + exp(x)):
//   auto log1pexp = jx::custom_jvp(
//       [](const Array &x) { return jnp::log1p(jnp::exp(x)); },
//       [](const Array &x, const Array &t) {          // (primals..., tangents...)
//         return std::make_pair(jnp::log1p(jnp::exp(x)),
//                               t * jx::nn::sigmoid(x));
//       },
//       "log1pexp");
//   jx::grad(log1pexp)(Array(100.0f));                // 1.0, not nan
//
//   // A gradient clipped in the backward pass:
//   auto clip_grad = jx::custom_vjp(
//       [](const Array &x) { return x; },
//       [](const Array &x) { return std::make_pair(x, x); },      // fwd: out, residuals
//       [](const Array &res, const Array &ct) {                   // bwd: arg cotangents
//         return jnp::clip(ct, -1.0, 1.0); });
//
//   // Reverse mode recomputes f's forward pass instead of storing it:
//   auto g = jx::checkpoint(f);                                 // saves the inputs only
//   auto h = jx::checkpoint(f, jx::checkpoint_policies::dots_saveable);
//
// Arguments and results are trees (jx/tree.h). A jvp rule takes the
// primals then the tangents, as separate arguments (rule(x, y, tx, ty)) or
// as two tuples (rule(std::tuple{x, y}, std::tuple{tx, ty})), and returns
// std::pair{primal outputs, tangent outputs}. fwd takes the arguments and
// returns std::pair{outputs, residuals (any tree)}; bwd takes the residuals
// and the output cotangents and returns the arguments' cotangents (one
// argument's cotangent, or a std::tuple of them). The rules must not
// depend on values traced outside the function unless these are passed as
// arguments. See docs/custom-rules.md.

#ifndef JX_CUSTOM_H
#define JX_CUSTOM_H

#include "jx/grad.h"

#include <functional>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

namespace jx {

/// What checkpoint keeps from the forward pass for the backward pass,
/// besides the inputs (jax.checkpoint_policies).
enum class checkpoint_policy {
  nothing_saveable,    // recompute everything
  dots_saveable,       // keep dot_general (matmul) results
  everything_saveable, // keep everything: ordinary reverse mode
};
namespace checkpoint_policies {
inline constexpr checkpoint_policy nothing_saveable =
    checkpoint_policy::nothing_saveable;
inline constexpr checkpoint_policy dots_saveable =
    checkpoint_policy::dots_saveable;
inline constexpr checkpoint_policy everything_saveable =
    checkpoint_policy::everything_saveable;
} // namespace checkpoint_policies

namespace detail {

using flat_pair = std::pair<std::vector<Array>, std::vector<Array>>;
using flat_jvp_fn = std::function<flat_pair(const std::vector<Array> &,
                                            const std::vector<Array> &)>;
using flat_fwd_fn = std::function<flat_pair(const std::vector<Array> &)>;
using flat_bwd_fn = std::function<std::vector<Array>(
    const std::vector<Array> &, const std::vector<Array> &)>;

/// A new id that tells one custom function's rules from another's.
int64_t new_custom_rule_id();
/// f on flat leaves with its custom rules: under a trace, one
/// custom_jvp_call / custom_vjp_call / checkpoint equation; eagerly, f.
std::vector<Array> custom_jvp_flat(const flat_fn &f, const flat_jvp_fn &jvp,
                                   const std::vector<Array> &args,
                                   const std::string &name, int64_t id);
std::vector<Array> custom_vjp_flat(const flat_fn &f, const flat_fwd_fn &fwd,
                                   const flat_bwd_fn &bwd,
                                   const std::vector<Array> &args,
                                   const std::string &name, int64_t id);
std::vector<Array> checkpoint_flat(const flat_fn &f,
                                   const std::vector<Array> &args,
                                   std::optional<checkpoint_policy> policy);

template <class... A>
std::tuple<A...> unflatten_args(const std::tuple<A...> &like,
                                const std::vector<Array> &leaves) {
  const Array *it = leaves.data(), *end = it + leaves.size();
  return std::apply(
      [&](const auto &...l) {
        return std::tuple<A...>{
            tree_traits<std::decay_t<decltype(l)>>::unflatten(l, it, end)...};
      },
      like);
}

/// rule(primals..., tangents...) or rule(tuple of primals, tuple of tangents).
template <class J, class... A>
decltype(auto) call_jvp_rule(const J &rule, const std::tuple<A...> &p,
                             const std::tuple<A...> &t) {
  if constexpr (std::is_invocable_v<const J &, const A &..., const A &...>)
    return std::apply(rule, std::tuple_cat(p, t));
  else
    return rule(p, t);
}

} // namespace detail

/// f with a custom forward-mode rule (jax.custom_jvp); reverse mode is
/// derived from it (the vjp of the rule's tangent map), vmap batches f and
/// the rule together. `name` is what the jaxpr shows.
template <class F, class J> class custom_jvp_fn {
public:
  custom_jvp_fn(F f, J jvp, std::string name)
      : f_(std::move(f)), jvp_(std::move(jvp)), name_(std::move(name)),
        id_(detail::new_custom_rule_id()) {}

  template <class... A> auto operator()(const A &...args) const {
    using R = std::decay_t<std::invoke_result_t<const F &, const A &...>>;
    std::tuple<A...> like(args...);
    auto slot = detail::result_slot<R>();
    J jvp = jvp_;
    detail::flat_jvp_fn rule = [jvp, like](const std::vector<Array> &ps,
                                           const std::vector<Array> &ts) {
      auto r = detail::call_jvp_rule(jvp, detail::unflatten_args(like, ps),
                                     detail::unflatten_args(like, ts));
      return detail::flat_pair(tree_leaves(r.first), tree_leaves(r.second));
    };
    std::vector<Array> outs =
        detail::custom_jvp_flat(detail::flatten_fn(f_, like, slot), rule,
                                detail::leaves_of(args...), name_, id_);
    return tree_unflatten(**slot, outs);
  }

private:
  F f_;
  J jvp_;
  std::string name_;
  int64_t id_;
};

/// custom_jvp(f, jvp_rule, name): see custom_jvp_fn.
template <class F, class J>
custom_jvp_fn<F, J> custom_jvp(F f, J jvp_rule, std::string name = "<lambda>") {
  return custom_jvp_fn<F, J>(std::move(f), std::move(jvp_rule),
                             std::move(name));
}

/// f with a custom reverse-mode rule (jax.custom_vjp): grad runs fwd in the
/// forward pass and bwd in the backward pass; forward mode is an error.
template <class F, class Fwd, class Bwd> class custom_vjp_fn {
public:
  custom_vjp_fn(F f, Fwd fwd, Bwd bwd, std::string name)
      : f_(std::move(f)), fwd_(std::move(fwd)), bwd_(std::move(bwd)),
        name_(std::move(name)), id_(detail::new_custom_rule_id()) {}

  template <class... A> auto operator()(const A &...args) const {
    using R = std::decay_t<std::invoke_result_t<const F &, const A &...>>;
    using FR = std::decay_t<std::invoke_result_t<const Fwd &, const A &...>>;
    using Res = std::decay_t<typename FR::second_type>;
    std::tuple<A...> like(args...);
    auto slot = detail::result_slot<R>();
    auto res_slot = detail::result_slot<Res>();
    Fwd fwd = fwd_;
    Bwd bwd = bwd_;
    detail::flat_fwd_fn ffwd = [fwd, like,
                                res_slot](const std::vector<Array> &xs) {
      FR r = std::apply(fwd, detail::unflatten_args(like, xs));
      detail::flat_pair out(tree_leaves(r.first), tree_leaves(r.second));
      *res_slot = std::move(r.second);
      return out;
    };
    detail::flat_bwd_fn fbwd = [bwd, slot, res_slot](
                                   const std::vector<Array> &res,
                                   const std::vector<Array> &cts) {
      return tree_leaves(
          bwd(tree_unflatten(**res_slot, res), tree_unflatten(**slot, cts)));
    };
    std::vector<Array> outs = detail::custom_vjp_flat(
        detail::flatten_fn(f_, like, slot), ffwd, fbwd,
        detail::leaves_of(args...), name_, id_);
    return tree_unflatten(**slot, outs);
  }

private:
  F f_;
  Fwd fwd_;
  Bwd bwd_;
  std::string name_;
  int64_t id_;
};

/// custom_vjp(f, fwd, bwd, name): see custom_vjp_fn.
template <class F, class Fwd, class Bwd>
custom_vjp_fn<F, Fwd, Bwd> custom_vjp(F f, Fwd fwd, Bwd bwd,
                                      std::string name = "<lambda>") {
  return custom_vjp_fn<F, Fwd, Bwd>(std::move(f), std::move(fwd),
                                    std::move(bwd), std::move(name));
}

/// checkpoint(f, policy) (jax.checkpoint / jax.remat): f, whose reverse
/// mode keeps only its inputs (and what `policy` saves) from the forward
/// pass and recomputes the rest in the backward pass. No policy: save
/// nothing (JAX's policy=None).
template <class F>
auto checkpoint(F f, std::optional<checkpoint_policy> policy = std::nullopt) {
  return [f, policy](const auto &...args) {
    using R = std::decay_t<std::invoke_result_t<const F &, decltype(args)...>>;
    auto like = std::make_tuple(args...);
    auto slot = detail::result_slot<R>();
    std::vector<Array> outs = detail::checkpoint_flat(
        detail::flatten_fn(f, like, slot), detail::leaves_of(args...), policy);
    return tree_unflatten(**slot, outs);
  };
}
/// jax.remat: the same as checkpoint.
template <class F>
auto remat(F f, std::optional<checkpoint_policy> policy = std::nullopt) {
  return checkpoint(std::move(f), policy);
}

} // namespace jx

#endif // JX_CUSTOM_H
