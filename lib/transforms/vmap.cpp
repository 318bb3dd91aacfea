// vmap.cpp - jx::vmap over flat lists of arrays.

#include "jx/vmap.h"
#include "primitives/batching.h"
#include "primitives/collective.h"
#include "transforms/interpret.h"

namespace jx::detail {

std::vector<Array> vmap_flat(const flat_fn &f, const std::vector<Array> &args,
                             const std::vector<axis_spec> &in_axes,
                             axis_spec out_axis, const std::string &api,
                             const std::string &axis_name) {
  std::optional<int64_t> size;
  std::size_t first = 0;
  std::vector<core::batch_dim> dims;
  std::vector<shaped_array> avals;
  for (std::size_t i = 0; i < args.size(); ++i) {
    shaped_array aval = args[i].aval();
    core::batch_dim d = in_axes[i];
    if (d) {
      int64_t r = args[i].ndim();
      int64_t a = *d < 0 ? *d + r : *d;
      if (a < 0 || a >= r)
        throw error(api + ": in_axes " + std::to_string(*d) +
                    " is out of range for argument leaf " +
                    std::to_string(i) + " of type " + aval.str());
      int64_t n = aval.shape[a];
      if (size && n != *size)
        throw error(api + ": mapped axes have different sizes: leaf " +
                    std::to_string(first) + " has size " +
                    std::to_string(*size) + " and leaf " + std::to_string(i) +
                    " (" + aval.str() + ", axis " + std::to_string(a) +
                    ") has size " + std::to_string(n));
      if (!size) {
        size = n;
        first = i;
      }
      aval.shape.erase(aval.shape.begin() + a);
      d = a;
    }
    dims.push_back(d);
    avals.push_back(aval);
  }
  if (!size)
    throw error(api + ": no argument is mapped (every in_axes entry is "
                      "not_mapped), so the batch size is unknown");
  // A named batch axis is bound while f traces (so its collectives can
  // name it) and while the equations are batched (so their rules combine
  // the examples).
  std::optional<core::axis_scope> scope;
  if (!axis_name.empty())
    scope.emplace(axis_name, *size);
  core::traced_jaxpr t = core::trace_with_captures(f, avals);
  scope.reset();
  std::vector<Array> all = t.captured;
  all.insert(all.end(), args.begin(), args.end());
  std::vector<core::batch_dim> all_dims(t.captured.size());
  all_dims.insert(all_dims.end(), dims.begin(), dims.end());
  std::optional<core::named_batch_scope> named;
  if (!axis_name.empty())
    named.emplace(axis_name, *size);
  auto [outs, out_dims] = transforms::batch_jaxpr(t.jaxpr, all, all_dims, api);
  named.reset();
  std::vector<Array> result;
  for (std::size_t i = 0; i < outs.size(); ++i) {
    if (!out_axis) {
      if (out_dims[i])
        throw error(api + ": out_axes is not_mapped but result leaf " +
                    std::to_string(i) + " depends on the mapped axis");
      result.push_back(outs[i]);
      continue;
    }
    int64_t r = outs[i].ndim() + (out_dims[i] ? 0 : 1);
    int64_t a = *out_axis < 0 ? *out_axis + r : *out_axis;
    if (a < 0 || a >= r)
      throw error(api + ": out_axes " + std::to_string(*out_axis) +
                  " is out of range for a result of rank " +
                  std::to_string(r));
    result.push_back(core::batch_at(outs[i], out_dims[i], *size, a));
  }
  return result;
}

} // namespace jx::detail
