// grad.h - automatic differentiation: jvp, linearize, vjp, grad,
// value_and_grad, jacfwd, jacrev, hessian, stop_gradient.
//
//   auto loss = [](const Params &p, const jx::Array &x) { ... };  // scalar
//   Params g = jx::grad(loss)(params, x);          // same structure as p
//   auto [value, g2] = jx::value_and_grad(loss)(params, x);
//   auto [both] = jx::grad<0, 1>(loss)(params, x); // tuple of gradients
//
// Arguments and results are trees (jx/tree.h). Gradients are taken with
// respect to floating-point leaves; an integer argument in argnums is an
// error. Everything composes: grad(grad(f)), jit(grad(f)), vmap(grad(f)).
// How it works and what each transform costs: docs/transforms.md.

#ifndef JX_GRAD_H
#define JX_GRAD_H

#include "jx/tree.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <memory>
#include <string>
#include <tuple>
#include <utility>

namespace jx {

namespace detail {

using flat_fn = std::function<std::vector<Array>(const std::vector<Array> &)>;

/// Forward mode on flat lists: outputs and their tangents.
std::pair<std::vector<Array>, std::vector<Array>>
jvp_flat(const flat_fn &f, const std::vector<Array> &primals,
         const std::vector<Array> &tangents, const std::string &api);

/// Reverse mode on flat lists: the outputs, and a function from output
/// cotangents (nullopt: zero) to one cotangent per input: those marked in
/// `wrt` (zeros where the output does not depend on them); an empty
/// placeholder for the others.
struct vjp_state;
class vjp_flat_fn {
public:
  explicit vjp_flat_fn(std::shared_ptr<const vjp_state> s) : s_(std::move(s)) {}
  std::vector<Array>
  operator()(const std::vector<std::optional<Array>> &cts) const;

private:
  std::shared_ptr<const vjp_state> s_;
};
std::pair<std::vector<Array>, vjp_flat_fn>
vjp_flat(const flat_fn &f, const std::vector<Array> &primals,
         const std::vector<bool> &wrt, const std::string &api);

/// Linearization: the outputs, and the jvp at the primal point as a
/// function of the input tangents (the primal part evaluated once).
struct linear_state;
class linear_flat_fn {
public:
  explicit linear_flat_fn(std::shared_ptr<const linear_state> s)
      : s_(std::move(s)) {}
  std::vector<Array> operator()(const std::vector<Array> &tangents) const;

private:
  std::shared_ptr<const linear_state> s_;
};
std::pair<std::vector<Array>, linear_flat_fn>
linearize_flat(const flat_fn &f, const std::vector<Array> &primals);

/// Checks that `args[i]` (a leaf of argument `argnum`) can be
/// differentiated; throws jx::error naming the API otherwise.
void check_differentiable(const std::string &api, int argnum, const Array &a);
/// The cotangent that starts reverse mode for a scalar output.
Array scalar_seed(const std::string &api, const Array &out);
/// Zeros of a's type.
Array zeros_like_leaf(const Array &a);

template <class T> struct is_pair : std::false_type {};
template <class A, class B> struct is_pair<std::pair<A, B>> : std::true_type {};

/// A function of trees as a function of its flat leaves (`like` gives the
/// argument structures). When `result` is given, the last result is kept
/// there: its structure rebuilds the outputs (its leaves are not used).
template <class F, class... A, class R = std::decay_t<
                                   std::invoke_result_t<F, const A &...>>>
flat_fn flatten_fn(F f, const std::tuple<A...> &like,
                   std::shared_ptr<std::optional<R>> result = nullptr) {
  return [f, like, result](const std::vector<Array> &leaves) {
    const Array *it = leaves.data(), *end = it + leaves.size();
    std::tuple<A...> args = std::apply(
        [&](const auto &...l) {
          return std::tuple<A...>{
              tree_traits<std::decay_t<decltype(l)>>::unflatten(l, it, end)...};
        },
        like);
    R r = std::apply(f, args);
    std::vector<Array> out = tree_leaves(r);
    if (result)
      *result = std::move(r);
    return out;
  };
}

/// A holder for the result structure of a flattened function.
template <class R> std::shared_ptr<std::optional<R>> result_slot() {
  return std::make_shared<std::optional<R>>();
}

template <class... A> std::vector<Array> leaves_of(const A &...args) {
  std::vector<Array> out;
  (tree_flatten_into(args, out), ...);
  return out;
}

/// Per leaf: the index of the argument it belongs to.
template <class... A> std::vector<int> arg_of_leaf(const A &...args) {
  std::vector<int> out;
  int k = 0;
  ((out.insert(out.end(), tree_leaves(args).size(), k), ++k), ...);
  return out;
}

template <int... N> struct argnums_t {};

/// The leaves of argument I in `flat` (`owner[i]`: the argument leaf i
/// belongs to), rebuilt in the structure of argument I.
template <std::size_t I, class... A>
auto arg_from_leaves(const std::tuple<A...> &args,
                     const std::vector<Array> &flat,
                     const std::vector<int> &owner) {
  std::size_t begin = static_cast<std::size_t>(
      std::find(owner.begin(), owner.end(), static_cast<int>(I)) -
      owner.begin());
  const auto &like = std::get<I>(args);
  const Array *it = flat.data() + begin, *end = flat.data() + flat.size();
  return tree_traits<std::decay_t<decltype(like)>>::unflatten(like, it, end);
}

template <bool WithValue, class F, class... A, int... N>
auto grad_impl(const std::string &api, const F &f,
               const std::tuple<A...> &args, argnums_t<N...>) {
  constexpr int nums[] = {N..., 0};
  constexpr std::size_t count = sizeof...(N) == 0 ? 1 : sizeof...(N);
  std::vector<Array> leaves = std::apply(
      [](const auto &...a) { return leaves_of(a...); }, args);
  std::vector<int> owner = std::apply(
      [](const auto &...a) { return arg_of_leaf(a...); }, args);
  std::vector<bool> wrt(leaves.size(), false);
  for (std::size_t k = 0; k < count; ++k) {
    if (nums[k] < 0 || nums[k] >= static_cast<int>(sizeof...(A)))
      throw error(api + ": argnum " + std::to_string(nums[k]) +
                  " is out of range for a function of " +
                  std::to_string(sizeof...(A)) + " arguments");
    for (std::size_t i = 0; i < leaves.size(); ++i)
      if (owner[i] == nums[k]) {
        check_differentiable(api, nums[k], leaves[i]);
        wrt[i] = true;
      }
  }
  using R = std::decay_t<std::invoke_result_t<F, const A &...>>;
  constexpr bool aux = is_pair<R>::value;
  auto slot = result_slot<R>();
  auto [outs, back] = vjp_flat(flatten_fn(f, args, slot), leaves, wrt, api);
  std::vector<std::optional<Array>> cts(outs.size());
  cts[0] = scalar_seed(api, outs[0]); // aux outputs get no cotangent
  std::vector<Array> g = back(cts);
  auto grads = [&]() {
    if constexpr (sizeof...(N) <= 1)
      return arg_from_leaves<static_cast<std::size_t>(nums[0])>(args, g, owner);
    else
      return std::make_tuple(
          arg_from_leaves<static_cast<std::size_t>(N)>(args, g, owner)...);
  }();
  if constexpr (!WithValue)
    return grads;
  else if constexpr (!aux)
    return std::make_pair(outs[0], grads);
  else
    return std::make_pair(tree_unflatten(**slot, outs), grads);
}

} // namespace detail

/// grad(f)(args...): the gradient of a scalar-valued f with respect to its
/// first argument, or (grad<0, 2>(f)) a tuple of gradients of the listed
/// arguments. If f returns std::pair<Array, Aux> (JAX's has_aux), the
/// gradient is of the first element and the aux value is dropped.
template <int... N, class F> auto grad(F f) {
  return [f](const auto &...args) {
    return detail::grad_impl</*WithValue=*/false>(
        "jx::grad", f, std::make_tuple(args...), detail::argnums_t<N...>{});
  };
}

/// value_and_grad(f)(args...): {f(args...), grad(f)(args...)}, one forward
/// pass. With an aux output (f returns std::pair<Array, Aux>) the value is
/// that pair, as JAX's has_aux=True.
template <int... N, class F> auto value_and_grad(F f) {
  return [f](const auto &...args) {
    return detail::grad_impl</*WithValue=*/true>(
        "jx::value_and_grad", f, std::make_tuple(args...),
        detail::argnums_t<N...>{});
  };
}

/// jvp(f, {primals...}, {tangents...}): {f(primals...), the directional
/// derivative along the tangents}, in f's result structure.
template <class F, class... A>
auto jvp(F f, const std::tuple<A...> &primals, const std::tuple<A...> &tangents) {
  using R = std::decay_t<std::invoke_result_t<F, const A &...>>;
  std::vector<Array> p = std::apply(
      [](const auto &...a) { return detail::leaves_of(a...); }, primals);
  std::vector<Array> t = std::apply(
      [](const auto &...a) { return detail::leaves_of(a...); }, tangents);
  auto slot = detail::result_slot<R>();
  auto [outs, touts] =
      detail::jvp_flat(detail::flatten_fn(f, primals, slot), p, t, "jx::jvp");
  return std::make_pair(tree_unflatten(**slot, outs),
                        tree_unflatten(**slot, touts));
}
/// jvp of a function of one array: jvp(f, x, t).
template <class F> auto jvp(F f, const Array &x, const Array &t) {
  return jvp(f, std::make_tuple(x), std::make_tuple(t));
}

/// vjp(f, args...): {f(args...), a function from a cotangent of the result
/// (same structure) to the tuple of the arguments' cotangents}.
template <class F, class... A> auto vjp(F f, const A &...args) {
  using R = std::decay_t<std::invoke_result_t<F, const A &...>>;
  std::tuple<A...> like(args...);
  std::vector<Array> leaves = detail::leaves_of(args...);
  std::vector<bool> wrt(leaves.size());
  for (std::size_t i = 0; i < leaves.size(); ++i)
    wrt[i] = is_inexact(leaves[i].dtype());
  auto slot = detail::result_slot<R>();
  auto flat = detail::vjp_flat(detail::flatten_fn(f, like, slot), leaves, wrt,
                               "jx::vjp");
  R out = tree_unflatten(**slot, flat.first);
  detail::vjp_flat_fn back = flat.second;
  auto pullback = [back, like, wrt, leaves](const R &ct) {
    std::vector<Array> ct_leaves = tree_leaves(ct);
    std::vector<std::optional<Array>> cts(ct_leaves.begin(), ct_leaves.end());
    std::vector<Array> full = back(cts);
    // Integer leaves get no cotangent: zeros of their own type keep every
    // argument's structure (JAX gives float0 zeros).
    for (std::size_t i = 0; i < leaves.size(); ++i)
      if (!wrt[i])
        full[i] = detail::zeros_like_leaf(leaves[i]);
    const Array *it = full.data(), *end = it + full.size();
    return std::apply(
        [&](const auto &...l) {
          return std::tuple<A...>{
              tree_traits<std::decay_t<decltype(l)>>::unflatten(l, it, end)...};
        },
        like);
  };
  return std::make_pair(out, pullback);
}

/// linearize(f, x...): {f(x...), f_jvp} with f_jvp(t...) the jvp at x,
/// whose primal part was evaluated once, here.
template <class F, class... A> auto linearize(F f, const A &...args) {
  using R = std::decay_t<std::invoke_result_t<F, const A &...>>;
  std::tuple<A...> like(args...);
  auto slot = detail::result_slot<R>();
  auto flat = detail::linearize_flat(detail::flatten_fn(f, like, slot),
                                     detail::leaves_of(args...));
  R out = tree_unflatten(**slot, flat.first);
  detail::linear_flat_fn lin = flat.second;
  auto f_jvp = [lin, out](const A &...tangents) {
    return tree_unflatten(out, lin(detail::leaves_of(tangents...)));
  };
  return std::make_pair(out, f_jvp);
}

/// The Jacobian of f: Array -> Array, shape out.shape + x.shape, by forward
/// mode (one jvp per input element, batched with vmap) or reverse mode (one
/// vjp per output element). hessian = jacfwd(jacrev(f)).
std::function<Array(const Array &)>
jacfwd(std::function<Array(const Array &)> f);
std::function<Array(const Array &)>
jacrev(std::function<Array(const Array &)> f);
std::function<Array(const Array &)>
hessian(std::function<Array(const Array &)> f);

/// The identity whose derivative is zero (jax.lax.stop_gradient).
Array stop_gradient(const Array &x);

} // namespace jx

#endif // JX_GRAD_H
