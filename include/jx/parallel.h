// parallel.h - many devices: jx::pmap, jx::shard_map and the collectives
// (jax.pmap, jax.shard_map, jax.lax.psum, ...).
//
//   auto step = jx::pmap([](const Params &p, const jx::Array &batch) {
//     Params g = jx::grad(loss)(p, batch);                // this device's part
//     return jx::tree_map([](const jx::Array &x) {        // averaged over all
//       return jx::lax::pmean(x, "batch");
//     }, g);
//   }, "batch", {.in_axes = {jx::not_mapped, 0}, .out_axes = jx::not_mapped});
//   Params g = step(params, batches);   // batches: [devices, batch, ...]
//
// pmap runs f on as many CPU devices of this process as the mapped axis is
// long, each device on its own thread with its own slice of the mapped
// arguments (not_mapped ones go whole to every device), and stacks the
// results along out_axes (not_mapped: the results must be equal on every
// device, as after a psum; device 0's are returned). f is traced once per
// argument signature and compiled for that many replicas (a StableHLO
// module with mhlo.num_replicas = N), so pmap is also jit. Inside f, the
// collectives below name the axis; grad, vmap and jit compose inside f.
//
// pmap and shard_map also compose from outside: under grad, vjp or jvp
// the derivative runs on the devices too (reverse mode runs f's forward
// pass again there, then its vjp); under vmap the batch stays whole on
// every device; under jit they run on the devices between programs for
// jit's device, except where jit lowers them into one program (inside a
// loop or a branch, jit(f).lower()): there they run on one device as a
// vmap named after each axis (jx::vmap's axis_name), with the same
// numbers. The
// gradient of a replicated result (not_mapped, or a mesh axis out_specs
// leaves out) goes to the device that gave it; a not_mapped argument's is
// the sum of every device's.
//
// Under jx::distributed (jx/distributed.h: mpirun, one device per
// process), the axis spans the processes: each passes its own slice with a
// mapped axis of size 1, the collectives combine every process's values,
// and each gets its own device's results.
//
// The collectives (jax.lax's names and semantics; "axis" is pmap's
// axis_name, or a mesh axis; every collective also takes several axes of
// one mesh, axis_names below;
// groups: axis_index_groups, lists of device indices of equal size, each
// reduced or gathered on its own):
//   psum, pmean, pmax, pmin   reduce over the devices; every device gets it
//   all_gather                the devices' values stacked (tiled:
//                             concatenated) along `axis`
//   psum_scatter              psum, then device i keeps block i along
//                             scatter_dimension (tiled), or index i
//   ppermute                  (source, target) pairs; zeros where nothing
//                             arrives
//   all_to_all                block j along split_axis goes to device j,
//                             the received blocks concatenated along
//                             concat_axis (tiled), or, untiled (JAX's
//                             default), index j of split_axis (its size the
//                             axis size) goes to device j, the received
//                             values stacked along a new dimension at
//                             concat_axis in place of split_axis
//   axis_index                this device's index along the axis (int32)
// Their derivatives are JAX's: psum's cotangent is psum'ed, all_gather's
// is psum_scatter'ed and the converse, ppermute's goes back along the
// inverted pairs, all_to_all's the other way. pmax and pmin have none.

#ifndef JX_PARALLEL_H
#define JX_PARALLEL_H

#include "jx/jaxpr.h"
#include "jx/vmap.h"

#include <memory>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace jx {

struct pmap_options {
  /// One entry per argument (empty: axis 0 of every argument).
  std::vector<axis_spec> in_axes;
  /// Where the device axis goes in every result leaf.
  axis_spec out_axes = 0;
  /// The number of devices, when given: must equal the mapped axis' size.
  int devices = 0;
  /// The name of the compiled module (pmap_<name>) and in messages.
  std::string name = "f";
};

namespace detail {
/// One pmap's compiled executables, by argument signature.
struct pmap_state;
std::shared_ptr<pmap_state> new_pmap_state();
/// pmap on flat leaves: `in_axes` one per leaf. `traced_like` is what
/// tracing f fills (the result's structure); `out_like` is set to the one
/// kept with the signature's executable.
std::vector<Array> pmap_flat(pmap_state &state, const flat_fn &f,
                             const std::vector<Array> &args,
                             const std::vector<axis_spec> &in_axes,
                             const std::string &axis_name,
                             const pmap_options &options,
                             std::shared_ptr<const void> traced_like,
                             std::shared_ptr<const void> &out_like);
} // namespace detail

template <class F>
auto pmap(F f, std::string axis_name, pmap_options options = {}) {
  std::shared_ptr<detail::pmap_state> state = detail::new_pmap_state();
  return [f, axis_name, options, state](const auto &...args) {
    constexpr std::size_t n = sizeof...(args);
    if (!options.in_axes.empty() && options.in_axes.size() != n)
      throw error("jx::pmap: in_axes has " +
                  std::to_string(options.in_axes.size()) +
                  " entries for a function of " + std::to_string(n) +
                  " arguments");
    std::vector<Array> leaves = detail::leaves_of(args...);
    std::vector<int> owner = detail::arg_of_leaf(args...);
    std::vector<axis_spec> leaf_axes;
    for (int o : owner)
      leaf_axes.push_back(options.in_axes.empty() ? axis_spec(0)
                                                  : options.in_axes[o]);
    auto like = std::make_tuple(args...);
    using R = std::decay_t<std::invoke_result_t<F, decltype(args)...>>;
    auto slot = detail::result_slot<R>();
    std::shared_ptr<const void> out_like;
    std::vector<Array> outs = detail::pmap_flat(
        *state, detail::flatten_fn(f, like, slot), leaves, leaf_axes,
        axis_name, options, slot, out_like);
    return tree_unflatten(
        **std::static_pointer_cast<const std::optional<R>>(out_like), outs);
  };
}

/// A grid of devices with named axes (jax.sharding.Mesh): device d sits at
/// the row-major coordinates of d.
struct Mesh {
  std::vector<std::string> axis_names;
  std::vector<int64_t> axis_sizes;
  int64_t size() const {
    int64_t n = 1;
    for (int64_t s : axis_sizes)
      n *= s;
    return n;
  }
};
/// How an array is split over a mesh (jax.sharding.PartitionSpec): for each
/// leading dimension, the mesh axes that split it, major to minor ({}: not
/// split); dimensions past the end are not split. {{"x"}, {}} is P('x',
/// None); {{"x", "y"}} is P(('x', 'y')).
using PartitionSpec = std::vector<std::vector<std::string>>;

namespace detail {
/// Each leaf's spec: its argument's (one spec per argument, checked).
inline std::vector<PartitionSpec> leaf_specs(const std::string &api,
                                             const std::vector<PartitionSpec> &in_specs,
                                             const std::vector<int> &owner,
                                             std::size_t args) {
  if (in_specs.size() != args)
    throw error(api + ": in_specs has " + std::to_string(in_specs.size()) +
                " entries for a function of " + std::to_string(args) +
                " arguments");
  std::vector<PartitionSpec> specs;
  for (int o : owner)
    specs.push_back(in_specs[o]);
  return specs;
}
std::vector<Array> shard_map_flat(pmap_state &state, const flat_fn &f,
                                  const std::vector<Array> &args,
                                  const Mesh &mesh,
                                  const std::vector<PartitionSpec> &in_specs,
                                  const std::vector<PartitionSpec> &out_specs,
                                  const std::string &name,
                                  std::shared_ptr<const void> traced_like,
                                  std::shared_ptr<const void> &out_like);
} // namespace detail

/// jax.shard_map: f runs on every device of `mesh` (threads of this
/// process) on the device's block of each argument, split as in_specs says
/// (one spec per argument, for every leaf of it); each result leaf's
/// blocks are put together as out_specs says (one spec per result leaf, or
/// one for all). A dimension a spec leaves unsplit must hold the same
/// value on the devices along the axes it does not name (after a psum, for
/// instance); the device first along them gives it. Inside f, the
/// collectives name the mesh's axes: lax::psum(x, "y") sums over the
/// devices that differ only in their "y" coordinate. Compiled once per
/// argument signature, for mesh.size() devices. Under jx::distributed
/// (mpirun, one device per process) the mesh's devices are the processes
/// (device d is rank d; mesh.size() must equal their number): every process
/// passes the same global arrays, runs its own block, and gets the global
/// results, the other processes' blocks gathered over MPI.
template <class F>
auto shard_map(F f, Mesh mesh, std::vector<PartitionSpec> in_specs,
               std::vector<PartitionSpec> out_specs, std::string name = "f") {
  std::shared_ptr<detail::pmap_state> state = detail::new_pmap_state();
  return [f, mesh, in_specs, out_specs, name, state](const auto &...args) {
    std::vector<Array> leaves = detail::leaves_of(args...);
    std::vector<PartitionSpec> leaf_specs = detail::leaf_specs(
        "jx::shard_map", in_specs, detail::arg_of_leaf(args...),
        sizeof...(args));
    auto like = std::make_tuple(args...);
    using R = std::decay_t<std::invoke_result_t<F, decltype(args)...>>;
    auto slot = detail::result_slot<R>();
    std::shared_ptr<const void> out_like;
    std::vector<Array> outs = detail::shard_map_flat(
        *state, detail::flatten_fn(f, like, slot), leaves, mesh, leaf_specs,
        out_specs, name, slot, out_like);
    return tree_unflatten(
        **std::static_pointer_cast<const std::optional<R>>(out_like), outs);
  };
}

/// What sharded_jit made of a function: its equations, and how many of them
/// ran on gathered (replicated) operands because no rule splits them.
struct sharded_jit_stats {
  /// Collectives inserted: psum/pmax/pmin of partial results, all_gathers
  /// of split operands.
  int64_t collectives = 0;
  int64_t eqns = 0, replicated_eqns = 0;
  /// The primitives of those equations, in order ("cumsum", ...).
  std::vector<std::string> replicated;
};

namespace detail {
/// The per-device program of `j` (a function of global arrays) on this
/// device's blocks of its inputs: each equation on blocks, with the
/// collectives its operands' shardings need (sharded_jit.cpp).
std::vector<Array> partition_eval(const ClosedJaxpr &j, const Mesh &mesh,
                                  const std::vector<PartitionSpec> &in_specs,
                                  const std::vector<PartitionSpec> &out_specs,
                                  const std::vector<Array> &blocks,
                                  sharded_jit_stats &stats);
} // namespace detail

/// jax.jit with in_shardings / out_shardings (NamedSharding over `mesh`):
/// f is written on global arrays; its arguments are split over the mesh's
/// devices as in_specs say and its results assembled as out_specs say.
/// f's jaxpr is partitioned by propagating the input shardings through it
/// (XLA's SPMD partitioner's rules for elementwise ops, broadcasts,
/// transposes, reshapes that keep split dimensions, dot_general and
/// reductions; sharded_jit.cpp), inserting the collectives they need: a
/// batch-split MLP step sums its gradients with psum, a column-split
/// matmul needs none until its consumer contracts the split dimension. An
/// equation without a rule runs on gathered operands (correct, not split);
/// `stats` counts them. Runs on mesh.size() device threads, compiled once
/// per signature.
template <class F>
auto sharded_jit(F f, Mesh mesh, std::vector<PartitionSpec> in_specs,
                 std::vector<PartitionSpec> out_specs, std::string name = "f",
                 std::shared_ptr<sharded_jit_stats> stats = nullptr) {
  std::shared_ptr<detail::pmap_state> state = detail::new_pmap_state();
  if (!stats)
    stats = std::make_shared<sharded_jit_stats>();
  return [f, mesh, in_specs, out_specs, name, state,
          stats](const auto &...args) {
    std::vector<Array> leaves = detail::leaves_of(args...);
    std::vector<PartitionSpec> leaf_specs = detail::leaf_specs(
        "jx::sharded_jit", in_specs, detail::arg_of_leaf(args...),
        sizeof...(args));
    std::vector<shaped_array> global;
    for (const Array &l : leaves)
      global.push_back(l.aval());
    auto like = std::make_tuple(args...);
    using R = std::decay_t<std::invoke_result_t<F, decltype(args)...>>;
    auto slot = detail::result_slot<R>();
    detail::flat_fn whole = detail::flatten_fn(f, like, slot);
    // Traced on global arrays when shard_map traces its per-device program.
    detail::flat_fn per_device = [whole, global, mesh, leaf_specs, out_specs,
                          stats](const std::vector<Array> &blocks) {
      ClosedJaxpr j = core::trace_to_jaxpr(whole, global);
      *stats = {};
      return detail::partition_eval(j, mesh, leaf_specs, out_specs, blocks,
                                    *stats);
    };
    std::shared_ptr<const void> out_like;
    std::vector<Array> outs = detail::shard_map_flat(
        *state, per_device, leaves, mesh, leaf_specs, out_specs,
        "sharded_jit(" + name + ")", slot, out_like);
    return tree_unflatten(
        **std::static_pointer_cast<const std::optional<R>>(out_like), outs);
  };
}

namespace lax {

using axis_groups = std::vector<std::vector<int64_t>>;

/// The axis a collective works over: one name ("i"), or several axes of one
/// mesh ({"x", "y"}, JAX's tuple of names), which combine the devices that
/// differ along any of them, as one axis whose index is the first named
/// axis' the most major (its size the product of theirs).
class axis_names {
public:
  axis_names(const char *name) : names_{name} {}
  axis_names(std::string name) : names_{std::move(name)} {}
  axis_names(std::initializer_list<std::string> names) : names_(names) {}
  axis_names(std::vector<std::string> names) : names_(std::move(names)) {}
  const std::vector<std::string> &names() const { return names_; }

private:
  std::vector<std::string> names_;
};

Array psum(const Array &x, const axis_names &axes, const axis_groups &groups = {});
Array pmean(const Array &x, const axis_names &axes, const axis_groups &groups = {});
Array pmax(const Array &x, const axis_names &axes, const axis_groups &groups = {});
Array pmin(const Array &x, const axis_names &axes, const axis_groups &groups = {});
Array all_gather(const Array &x, const axis_names &axes, int64_t at = 0,
                 bool tiled = false);
Array psum_scatter(const Array &x, const axis_names &axes,
                   int64_t scatter_dimension = 0, bool tiled = false);
Array ppermute(const Array &x, const axis_names &axes,
               const std::vector<std::pair<int64_t, int64_t>> &perm);
Array all_to_all(const Array &x, const axis_names &axes, int64_t split_axis,
                 int64_t concat_axis, bool tiled = false);
Array axis_index(const axis_names &axes);

} // namespace lax

} // namespace jx

#endif // JX_PARALLEL_H
