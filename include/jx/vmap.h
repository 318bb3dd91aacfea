// vmap.h - vectorizing map (jax.vmap).
//
//   auto f = [](const jx::Array &w, const jx::Array &x) { return jnp::dot(w, x); };
//   auto batched = jx::vmap(f, {jx::not_mapped, 0});  // w shared, x batched on axis 0
//   jx::Array ys = batched(w, xs);                    // ys[i] == f(w, xs[i])
//
// in_axes: one entry per argument (the same axis for every leaf of a tree
// argument); jx::not_mapped for arguments shared by the whole batch; an
// empty list maps axis 0 of every argument. out_axis: where the batch axis
// goes in every result leaf (negative counts from the end); not_mapped
// requires the results not to depend on the batch. Batches compose with
// grad and jit in any order.
//
// axis_name (jax.vmap's axis_name) names the batch axis for the
// collectives of jx/parallel.h: inside f, lax::psum(x, "i") sums x over
// the batch (every example gets the sum), lax::axis_index("i") is the
// example's index, all_gather, psum_scatter, ppermute and all_to_all
// exchange between examples as they would between pmap's devices. A
// collective over several axes takes the vmap axis with others only for
// psum, pmax and pmin; axis_index_groups are not supported (as in JAX).

#ifndef JX_VMAP_H
#define JX_VMAP_H

#include "jx/grad.h"

#include <optional>

namespace jx {

inline constexpr std::nullopt_t not_mapped = std::nullopt;
using axis_spec = std::optional<int64_t>;

namespace detail {
/// vmap on flat leaves: `in_axes` one per leaf.
std::vector<Array> vmap_flat(const flat_fn &f, const std::vector<Array> &args,
                             const std::vector<axis_spec> &in_axes,
                             axis_spec out_axis, const std::string &api,
                             const std::string &axis_name = "");
} // namespace detail

template <class F>
auto vmap(F f, std::vector<axis_spec> in_axes = {}, axis_spec out_axis = 0,
          std::string axis_name = "") {
  return [f, in_axes, out_axis, axis_name](const auto &...args) {
    constexpr std::size_t n = sizeof...(args);
    if (!in_axes.empty() && in_axes.size() != n)
      throw error("jx::vmap: in_axes has " + std::to_string(in_axes.size()) +
                  " entries for a function of " + std::to_string(n) +
                  " arguments");
    std::vector<Array> leaves = detail::leaves_of(args...);
    std::vector<int> owner = detail::arg_of_leaf(args...);
    std::vector<axis_spec> leaf_axes;
    for (int o : owner)
      leaf_axes.push_back(in_axes.empty() ? axis_spec(0) : in_axes[o]);
    auto like = std::make_tuple(args...);
    using R = std::decay_t<std::invoke_result_t<F, decltype(args)...>>;
    auto slot = detail::result_slot<R>();
    std::vector<Array> outs =
        detail::vmap_flat(detail::flatten_fn(f, like, slot), leaves,
                          leaf_axes, out_axis, "jx::vmap", axis_name);
    return tree_unflatten(**slot, outs);
  };
}

} // namespace jx

#endif // JX_VMAP_H
