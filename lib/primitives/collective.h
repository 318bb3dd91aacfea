// collective.h - internal: the collective primitives (collective.cpp) and
// the axis environment pmap binds while it traces.

#ifndef JX_LIB_PRIMITIVES_COLLECTIVE_H
#define JX_LIB_PRIMITIVES_COLLECTIVE_H

#include "primitives/primitive.h"

#include <string>
#include <vector>

namespace jx::core {

extern const primitive psum_p, pmax_p, pmin_p, all_gather_p, psum_scatter_p,
    ppermute_p, all_to_all_p, axis_index_p;

/// Binds axis `name` of `size` devices on this thread while it lives (pmap
/// tracing its function).
class axis_scope {
public:
  axis_scope(std::string name, int64_t size);
  /// Binds every axis of a mesh (shard_map): devices in row-major order.
  axis_scope(const std::vector<std::string> &names,
             const std::vector<int64_t> &sizes);
  ~axis_scope();
  axis_scope(const axis_scope &) = delete;
  axis_scope &operator=(const axis_scope &) = delete;

private:
  std::size_t count_;
};

/// Whether `e` is a collective over axis `name` (alone or among others):
/// under a vmap of that name, its batching rule runs even when its operand
/// is not batched (psum of a value shared by the batch multiplies it).
bool collective_over(const Eqn &e, const std::string &name);

/// The size of the innermost bound axis `name`; throws jx::error "<api>:
/// unbound axis name ..." when none is.
int64_t bound_axis_size(const std::string &name, const std::string &api);

/// The parameters every collective has (axes, axis_size,
/// axis_index_groups), checked: groups of equal size covering the axis.
params_t base_params(const std::string &api, const std::string &axis,
                     const std::vector<std::vector<int64_t>> &groups);
/// The same over several axes of one mesh (JAX's tuple of axis names): the
/// devices that differ along any of them, the first named the most major;
/// axis_size is the product of theirs.
params_t base_params(const std::string &api, const std::vector<std::string> &axes,
                     const std::vector<std::vector<int64_t>> &groups);

} // namespace jx::core

#endif // JX_LIB_PRIMITIVES_COLLECTIVE_H
