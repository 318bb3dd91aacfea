// pmap.cpp - jx::pmap: f traced once per signature on one device's slice,
// compiled for N replicas, run on N devices of this process.

#include "jx/parallel.h"

#include "core/trace.h"
#include "frontend/lowering.h"
#include "jx/Compiler/Compile.h"
#include "jx/runtime/collectives.h"
#include "primitives/collective.h"
#include "transforms/compile.h"

#include <cstring>
#include <mutex>
#include <unordered_map>

namespace jx::detail {
namespace {

using runtime::host_buffer;

/// Slice `i` of `x` along `axis` (the axis removed).
host_buffer slice_of(const host_buffer &x, int64_t axis, int64_t i) {
  std::size_t item = runtime::itemsize(x.dtype);
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= x.shape[d];
  for (std::size_t d = axis + 1; d < x.shape.size(); ++d)
    inner *= x.shape[d];
  host_buffer out;
  out.dtype = x.dtype;
  out.shape = x.shape;
  int64_t n = out.shape[axis];
  out.shape.erase(out.shape.begin() + axis);
  std::size_t block = static_cast<std::size_t>(inner) * item;
  out.data.resize(static_cast<std::size_t>(outer) * block);
  for (int64_t o = 0; o < outer; ++o)
    std::memcpy(out.data.data() + o * block,
                x.data.data() + (o * n + i) * block, block);
  return out;
}

/// The devices' values stacked along a new `axis`.
host_buffer stack_at(const std::vector<const host_buffer *> &parts,
                     int64_t axis) {
  const host_buffer &first = *parts[0];
  std::size_t item = runtime::itemsize(first.dtype);
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= first.shape[d];
  for (std::size_t d = axis; d < first.shape.size(); ++d)
    inner *= first.shape[d];
  host_buffer out;
  out.dtype = first.dtype;
  out.shape = first.shape;
  int64_t n = static_cast<int64_t>(parts.size());
  out.shape.insert(out.shape.begin() + axis, n);
  std::size_t block = static_cast<std::size_t>(inner) * item;
  out.data.resize(static_cast<std::size_t>(outer * n) * block);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < n; ++i)
      std::memcpy(out.data.data() + (o * n + i) * block,
                  parts[i]->data.data() + o * block, block);
  return out;
}

struct compiled_pmap {
  std::unique_ptr<runtime::executable> exe;
  std::vector<shaped_array> out_avals;
  std::shared_ptr<const void> out_like;
};

} // namespace

struct pmap_state {
  std::mutex mu;
  std::unordered_map<std::string, std::shared_ptr<compiled_pmap>> cache;
};

std::shared_ptr<pmap_state> new_pmap_state() {
  return std::make_shared<pmap_state>();
}

std::vector<Array> pmap_flat(pmap_state &state, const flat_fn &f,
                             const std::vector<Array> &args,
                             const std::vector<axis_spec> &in_axes,
                             const std::string &axis_name,
                             const pmap_options &options,
                             std::shared_ptr<const void> traced_like,
                             std::shared_ptr<const void> &out_like) {
  const std::string api = "jx::pmap(" + options.name + ")";
  if (core::current_frame())
    throw error(api + ": pmap under jit, grad or vmap is not supported; "
                      "call it at top level and put those inside it");
  std::optional<int64_t> size;
  std::vector<shaped_array> avals;
  std::vector<int64_t> axes;
  for (std::size_t i = 0; i < args.size(); ++i) {
    shaped_array aval = args[i].aval();
    int64_t a = -1;
    if (in_axes[i]) {
      int64_t r = aval.ndim();
      a = *in_axes[i] < 0 ? *in_axes[i] + r : *in_axes[i];
      if (a < 0 || a >= r)
        throw error(api + ": in_axes " + std::to_string(*in_axes[i]) +
                    " is out of range for argument leaf " + std::to_string(i) +
                    " of type " + aval.str());
      if (size && aval.shape[a] != *size)
        throw error(api + ": mapped axes have different sizes (" +
                    std::to_string(*size) + " and " +
                    std::to_string(aval.shape[a]) + " for leaf " +
                    std::to_string(i) + ", " + aval.str() + ")");
      size = aval.shape[a];
      aval.shape.erase(aval.shape.begin() + a);
    }
    axes.push_back(a);
    avals.push_back(aval);
  }
  if (!size)
    throw error(api + ": no argument is mapped, so the number of devices is "
                      "unknown");
  const int64_t n = *size;
  if (n < 1)
    throw error(api + ": the mapped axis has size 0");
  if (options.devices && options.devices != n)
    throw error(api + ": " + std::to_string(options.devices) +
                " devices asked for, but the mapped axis has size " +
                std::to_string(n));
  // Under jx::distributed, the axis spans every process's device (one
  // each): the mapped axis holds this process's one slice.
  const runtime::process_group *group = runtime::current_process_group();
  const bool processes = group && group->size > 1;
  if (processes && n != 1)
    throw error(api + ": with " + std::to_string(group->size) +
                " processes of one device each, the mapped axis holds this "
                "process's slice and must have size 1, not " +
                std::to_string(n));
  const int64_t devices = processes ? group->size : n;

  // One compile per signature, in this pmap's own cache.
  std::string key = transforms::signature_key(avals);
  for (int64_t a : axes)
    key += std::to_string(a) + ",";
  std::shared_ptr<compiled_pmap> c;
  {
    std::lock_guard<std::mutex> lock(state.mu);
    auto it = state.cache.find(key);
    if (it != state.cache.end())
      c = it->second;
  }
  if (!c) {
    ClosedJaxpr j = [&] {
      core::axis_scope scope(axis_name, devices);
      return core::trace_to_jaxpr(f, avals);
    }();
    mlir::OwningOpRef<mlir::ModuleOp> module =
        frontend::lower_to_module(j, "pmap_" + options.name);
    mlir::Builder b(module->getContext());
    (*module)->setAttr("mhlo.num_replicas", b.getI32IntegerAttr(devices));
    (*module)->setAttr("mhlo.num_partitions", b.getI32IntegerAttr(1));
    frontend::diagnostic_capture diagnostics;
    auto made = std::make_shared<compiled_pmap>();
    made->exe = compiler::compile(*module, "main");
    if (!made->exe)
      throw error(api + ": compiling failed:\n" + diagnostics.text());
    made->out_avals = j.out_avals();
    made->out_like = std::move(traced_like);
    std::lock_guard<std::mutex> lock(state.mu);
    c = state.cache.emplace(key, made).first->second;
  }
  out_like = c->out_like;

  // Each device's arguments: its slice of the mapped ones, the others whole.
  std::vector<std::vector<host_buffer>> slices(n);
  std::vector<std::vector<const host_buffer *>> device_args(n);
  for (int64_t d = 0; d < n; ++d)
    slices[d].reserve(args.size());
  for (std::size_t i = 0; i < args.size(); ++i) {
    const host_buffer &x = args[i].buffer();
    for (int64_t d = 0; d < n; ++d) {
      if (axes[i] < 0) {
        device_args[d].push_back(&x);
        continue;
      }
      slices[d].push_back(slice_of(x, axes[i], d));
    }
  }
  for (int64_t d = 0; d < n; ++d) {
    std::size_t k = 0;
    for (std::size_t i = 0; i < args.size(); ++i)
      if (axes[i] >= 0) {
        auto at = device_args[d].begin() + i;
        device_args[d].insert(at, &slices[d][k++]);
      }
  }
  std::vector<std::vector<host_buffer>> outs;
  try {
    if (processes)
      outs.push_back(runtime::run_as_process(
          *c->exe, static_cast<int>(devices), 1, device_args[0]));
    else
      outs = runtime::run_spmd(*c->exe, static_cast<int>(n), 1, device_args);
  } catch (const std::exception &e) {
    throw error(api + ": " + e.what());
  }
  std::vector<Array> result;
  for (std::size_t j = 0; j < c->out_avals.size(); ++j) {
    bool weak = c->out_avals[j].weak_type;
    if (!options.out_axes) {
      result.push_back(core::make_concrete(std::move(outs[0][j]), weak));
      continue;
    }
    int64_t r = c->out_avals[j].ndim() + 1;
    int64_t a = *options.out_axes < 0 ? *options.out_axes + r : *options.out_axes;
    if (a < 0 || a >= r)
      throw error(api + ": out_axes " + std::to_string(*options.out_axes) +
                  " is out of range for a result of rank " + std::to_string(r));
    std::vector<const host_buffer *> parts;
    for (int64_t d = 0; d < n; ++d)
      parts.push_back(&outs[d][j]);
    result.push_back(core::make_concrete(stack_at(parts, a), weak));
  }
  return result;
}

} // namespace jx::detail
