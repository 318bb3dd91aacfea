// control_flow.h - structured control flow, as jax.lax has it: cond,
// switch_, while_loop, fori_loop, scan.
//
//   Array y = jx::lax::cond(x.sum() > 0.0f,
//                           [](const Array &v) { return jnp::sin(v); },
//                           [](const Array &v) { return -v; }, x);
//   auto [i, acc] = jx::lax::while_loop(
//       [](const auto &c) { return c.first < 10; },
//       [](const auto &c) { return std::make_pair(c.first + 1, c.second * 2.0f); },
//       std::make_pair(Array(0), x));
//   auto [h, ys] = jx::lax::scan(
//       [&](const Array &h, const Array &x) {
//         Array n = jnp::tanh(jnp::matmul(h, w) + x);
//         return std::make_pair(n, n.sum());
//       }, h0, xs);
//
// The functions are traced once, on abstract values, into jaxprs held by the
// `cond`, `while` and `scan` primitives (so a branch runs only when taken,
// a loop body is compiled once). Operands, carries and xs/ys are trees
// (jx/tree.h). Values the functions close over are passed to the primitive
// as extra operands. Everything composes with jit, grad and vmap; unlike
// JAX, reverse-mode differentiation of while_loop is supported (see
// docs/transforms.md for its cost and the `reverse_buffer` bound).

#ifndef JX_CONTROL_FLOW_H
#define JX_CONTROL_FLOW_H

#include "jx/grad.h"
#include "jx/tree.h"

#include <functional>
#include <initializer_list>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

namespace jx {

namespace detail {

/// The int32 branch index of cond's predicate: a 0-d bool (false -> 0,
/// true -> 1) or number (nonzero -> 1).
Array cond_index(const Array &pred);
/// The int32 index of switch_, clamped to [0, n).
Array switch_index(const Array &index, int64_t n);

/// Binds `cond` on flat leaves: branches[index](operands).
std::vector<Array> cond_flat(const std::string &api, const Array &index,
                             const std::vector<flat_fn> &branches,
                             const std::vector<Array> &operands);
/// Binds `while` on flat leaves: `cond` returns one 0-d bool.
std::vector<Array> while_flat(const std::string &api, const flat_fn &cond,
                              const flat_fn &body,
                              const std::vector<Array> &init,
                              int64_t reverse_buffer = 0);
/// fori_loop on flat leaves: body takes (i, carry...) and returns carry.
std::vector<Array> fori_flat(const Array &lower, const Array &upper,
                             const flat_fn &body,
                             const std::vector<Array> &init,
                             int64_t reverse_buffer = 0);
/// Binds `scan` on flat leaves: f maps (carry..., x...) to (carry..., y...);
/// the result is (carry..., stacked y...).
std::vector<Array> scan_flat(const std::string &api, const flat_fn &f,
                             const std::vector<Array> &init,
                             const std::vector<Array> &xs,
                             std::optional<int64_t> length, bool reverse);

template <class R, class F, class... Ops>
std::vector<Array> switch_impl(const std::string &api, const Array &index,
                               const std::tuple<Ops...> &like,
                               std::shared_ptr<std::optional<R>> slot,
                               const std::vector<F> &branches) {
  std::vector<flat_fn> flat;
  for (std::size_t i = 0; i < branches.size(); ++i)
    flat.push_back(flatten_fn(branches[i], like,
                              i == 0 ? slot : result_slot<R>()));
  return cond_flat(api, index, flat, std::apply(
      [](const auto &...o) { return leaves_of(o...); }, like));
}

} // namespace detail

namespace lax {

/// true_fn(operands...) if `pred` (a 0-d bool or number) else
/// false_fn(operands...). Both must return the same tree of the same types.
/// Traced as `cond[branches=(false_fn, true_fn)]` on the int32 index.
template <class TF, class FF, class... Ops>
auto cond(const Array &pred, TF true_fn, FF false_fn, const Ops &...operands) {
  using R = std::decay_t<std::invoke_result_t<TF, const Ops &...>>;
  static_assert(
      std::is_same_v<R, std::decay_t<std::invoke_result_t<FF, const Ops &...>>>,
      "jx::lax::cond: true_fn and false_fn must return the same type");
  auto like = std::make_tuple(operands...);
  auto slot = detail::result_slot<R>();
  std::vector<Array> outs = detail::cond_flat(
      "jx::lax::cond", detail::cond_index(pred),
      {detail::flatten_fn(false_fn, like, slot),
       detail::flatten_fn(true_fn, like, detail::result_slot<R>())},
      detail::leaves_of(operands...));
  return tree_unflatten(**slot, outs);
}

/// branches[index](operands...), the index (0-d integer) clamped to the
/// branches' range, as jax.lax.switch. Branches of different lambda types
/// go in a vector of std::function:
///   lax::switch_<std::function<Array(const Array &)>>(i, {f0, f1, f2}, x);
template <class F, class... Ops>
auto switch_(const Array &index, const std::vector<F> &branches,
             const Ops &...operands) {
  using R = std::decay_t<std::invoke_result_t<F, const Ops &...>>;
  if (branches.empty())
    throw error("jx::lax::switch_: no branches");
  if (branches.size() == 1) { // as JAX: the one branch, called directly
    detail::switch_index(index, 1);
    return R(branches[0](operands...));
  }
  auto like = std::make_tuple(operands...);
  auto slot = detail::result_slot<R>();
  std::vector<Array> outs = detail::switch_impl<R>(
      "jx::lax::switch_",
      detail::switch_index(index, static_cast<int64_t>(branches.size())), like,
      slot, branches);
  return tree_unflatten(**slot, outs);
}
template <class F, class... Ops>
auto switch_(const Array &index, std::initializer_list<F> branches,
             const Ops &...operands) {
  return switch_(index, std::vector<F>(branches), operands...);
}

/// while cond_fn(carry): carry = body_fn(carry); returns the last carry.
/// body_fn must return the carry's tree with the same types. Reverse-mode
/// differentiation stores the first `reverse_buffer` carries and recomputes
/// the others from the last stored one (0: only the initial carry, O(1)
/// memory and O(n^2) body evaluations for n iterations; >= n: O(n) memory
/// and n evaluations). See docs/transforms.md.
template <class CF, class BF, class T>
T while_loop(CF cond_fn, BF body_fn, const T &init,
             int64_t reverse_buffer = 0) {
  detail::flat_fn c = [cond_fn, init](const std::vector<Array> &leaves) {
    T x = tree_unflatten(init, leaves);
    return std::vector<Array>{Array(cond_fn(x))};
  };
  detail::flat_fn b = [body_fn, init](const std::vector<Array> &leaves) {
    T x = tree_unflatten(init, leaves);
    return tree_leaves(T(body_fn(x)));
  };
  return tree_unflatten(init,
                        detail::while_flat("jx::lax::while_loop", c, b,
                                           tree_leaves(init), reverse_buffer));
}

/// for i in [lower, upper): carry = body_fn(i, carry); lowered as a while
/// loop over (i, upper, carry). `i` has the bounds' integer dtype.
template <class BF, class T>
T fori_loop(const Array &lower, const Array &upper, BF body_fn, const T &init,
            int64_t reverse_buffer = 0) {
  detail::flat_fn b = [body_fn, init](const std::vector<Array> &leaves) {
    T x = tree_unflatten(init,
                         std::vector<Array>(leaves.begin() + 1, leaves.end()));
    return tree_leaves(T(body_fn(leaves[0], x)));
  };
  return tree_unflatten(init, detail::fori_flat(lower, upper, b,
                                                tree_leaves(init),
                                                reverse_buffer));
}

/// Scans f over the leading axis of xs: (carry, y) = f(carry, xs[i]) for
/// i = 0..length-1 (from the end when `reverse`); returns the last carry and
/// the ys stacked along a new leading axis. `length` is needed when xs has
/// no leaves (pass an empty std::vector<Array>).
template <class F, class C, class X>
auto scan(F f, const C &init, const X &xs,
          std::optional<int64_t> length = std::nullopt, bool reverse = false) {
  using R = std::decay_t<std::invoke_result_t<F, const C &, const X &>>;
  static_assert(detail::is_pair<R>::value,
                "jx::lax::scan: f must return std::pair<carry, y>");
  using Y = typename R::second_type;
  auto slot = detail::result_slot<R>();
  std::size_t n_carry = tree_leaves(init).size();
  detail::flat_fn g = [f, init, xs, slot,
                       n_carry](const std::vector<Array> &leaves) {
    C c = tree_unflatten(
        init, std::vector<Array>(leaves.begin(), leaves.begin() + n_carry));
    X x = tree_unflatten(
        xs, std::vector<Array>(leaves.begin() + n_carry, leaves.end()));
    R r = f(c, x);
    std::vector<Array> out = tree_leaves(r.first);
    std::vector<Array> ys = tree_leaves(r.second);
    out.insert(out.end(), ys.begin(), ys.end());
    *slot = std::move(r);
    return out;
  };
  std::vector<Array> outs = detail::scan_flat(
      "jx::lax::scan", g, tree_leaves(init), tree_leaves(xs), length, reverse);
  C carry = tree_unflatten(
      init, std::vector<Array>(outs.begin(), outs.begin() + n_carry));
  Y ys = tree_unflatten((*slot)->second,
                        std::vector<Array>(outs.begin() + n_carry, outs.end()));
  return std::pair<C, Y>(std::move(carry), std::move(ys));
}

} // namespace lax
} // namespace jx

#endif // JX_CONTROL_FLOW_H
