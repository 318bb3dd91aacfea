// pmap.cpp - jx::pmap and jx::shard_map: f traced once per signature on
// one device's block, compiled for N replicas, run on N devices of this
// process (or one device per MPI process).

#include "jx/parallel.h"

#include "core/trace.h"
#include "frontend/lowering.h"
#include "jx/Compiler/Compile.h"
#include "jx/lax.h"
#include "jx/runtime/collectives.h"
#include "primitives/collective.h"
#include "primitives/shard_map.h"
#include "transforms/compile.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <mutex>
#include <unordered_map>

namespace jx::detail {
namespace {

using runtime::host_buffer;

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

namespace {

/// The executable for `key` in `state`, traced (by `trace`) and compiled
/// for `replicas` devices the first time.
std::shared_ptr<compiled_pmap>
compile_once(pmap_state &state, const std::string &key, const std::string &api,
             const std::string &module_name, int64_t replicas,
             std::shared_ptr<const void> traced_like,
             const std::function<ClosedJaxpr()> &trace) {
  {
    std::lock_guard<std::mutex> lock(state.mu);
    auto it = state.cache.find(key);
    if (it != state.cache.end())
      return it->second;
  }
  ClosedJaxpr j = trace();
  mlir::OwningOpRef<mlir::ModuleOp> module =
      frontend::lower_to_module(j, module_name);
  mlir::Builder b(module->getContext());
  (*module)->setAttr("mhlo.num_replicas", b.getI32IntegerAttr(replicas));
  (*module)->setAttr("mhlo.num_partitions", b.getI32IntegerAttr(1));
  frontend::diagnostic_capture diagnostics;
  auto made = std::make_shared<compiled_pmap>();
  made->exe = compiler::compile(*module, "main");
  if (!made->exe)
    throw error(api + ": compiling failed:\n" + diagnostics.text());
  made->out_avals = j.out_avals();
  made->out_like = std::move(traced_like);
  std::lock_guard<std::mutex> lock(state.mu);
  return state.cache.emplace(key, made).first->second;
}

/// How one array splits over a mesh for one device: per dimension the
/// number of blocks and this device's block.
struct blocks {
  std::vector<int64_t> parts, index;
};

blocks blocks_of(const PartitionSpec &spec, const Mesh &mesh,
                 const std::vector<int64_t> &coords, const shape_t &shape,
                 const std::string &api, const std::string &what,
                 bool global = true) {
  blocks b;
  b.parts = core::spec_parts(spec, mesh, shape.size(), api, what);
  for (std::size_t d = 0; d < shape.size(); ++d) {
    int64_t index = 0;
    if (d < spec.size())
      for (const std::string &axis : spec[d]) {
        std::size_t a = std::find(mesh.axis_names.begin(),
                                  mesh.axis_names.end(), axis) -
                        mesh.axis_names.begin();
        index = index * mesh.axis_sizes[a] + coords[a];
      }
    if (global && shape[d] % b.parts[d])
      throw error(api + ": dimension " + std::to_string(d) + " of " + what +
                  " (size " + std::to_string(shape[d]) +
                  ") does not split into " + std::to_string(b.parts[d]) +
                  " blocks");
    b.index.push_back(index);
  }
  return b;
}

/// Device d's coordinates on the mesh (row-major device order).
std::vector<int64_t> mesh_coords(const Mesh &mesh, int64_t d) {
  std::vector<int64_t> c(mesh.axis_sizes.size());
  for (int64_t a = static_cast<int64_t>(c.size()) - 1; a >= 0; --a) {
    c[a] = d % mesh.axis_sizes[a];
    d /= mesh.axis_sizes[a];
  }
  return c;
}

/// Each argument's block (the same shape on every device).
std::vector<shaped_array> block_avals(const std::vector<Array> &args,
                                      const Mesh &mesh,
                                      const std::vector<PartitionSpec> &in_specs,
                                      const std::string &api) {
  std::vector<shaped_array> avals;
  for (std::size_t i = 0; i < args.size(); ++i) {
    shaped_array aval = args[i].aval();
    blocks b = blocks_of(in_specs[i], mesh, mesh_coords(mesh, 0), aval.shape,
                         api,
                         "argument leaf " + std::to_string(i) + " " +
                             aval.str());
    for (std::size_t d = 0; d < aval.shape.size(); ++d)
      aval.shape[d] /= b.parts[d];
    avals.push_back(aval);
  }
  return avals;
}

/// Every process's results, from this process's own (one device per
/// process, device = rank): each result's bytes are all-gathered over the
/// process group. Throws std::runtime_error with the communicator's message.
std::vector<std::vector<host_buffer>>
gather_over_processes(const runtime::executable &exe,
                      const runtime::process_group &group,
                      std::vector<host_buffer> mine) {
  runtime::participants p;
  p.op = &exe;
  p.name = "gathering shard_map's results";
  for (int d = 0; d < group.size; ++d)
    p.devices.push_back(d);
  p.me = group.rank;
  std::vector<std::vector<host_buffer>> outs(group.size);
  for (host_buffer &r : mine) {
    std::vector<char> all(r.data.size() * group.size);
    std::string failure =
        group.comm->all_gather(p, r.data.data(), r.data.size(), all.data());
    if (!failure.empty())
      throw std::runtime_error(failure);
    for (int d = 0; d < group.size; ++d) {
      host_buffer h;
      h.dtype = r.dtype;
      h.shape = r.shape;
      h.data.resize(r.data.size());
      if (!all.empty())
        std::memcpy(h.data.data(), all.data() + d * r.data.size(),
                    r.data.size());
      outs[d].push_back(std::move(h));
    }
  }
  return outs;
}

/// Copies between a global array and one block of it (offsets in
/// elements per dimension), row by row.
void copy_block(host_buffer &global, host_buffer &block,
                const std::vector<int64_t> &offsets, bool to_block) {
  std::size_t item = runtime::itemsize(global.dtype);
  const shape_t &gs = global.shape, &bs = block.shape;
  std::size_t rank = gs.size();
  if (rank == 0) {
    if (to_block)
      std::memcpy(block.data.data(), global.data.data(), item);
    else
      std::memcpy(global.data.data(), block.data.data(), item);
    return;
  }
  std::size_t row = bs[rank - 1] * item;
  int64_t rows = 1;
  for (std::size_t d = 0; d + 1 < rank; ++d)
    rows *= bs[d];
  std::vector<int64_t> at(rank, 0);
  for (int64_t r = 0; r < rows; ++r) {
    // at: this row's index in the block (all but the last dimension).
    int64_t g = 0;
    for (std::size_t d = 0; d < rank; ++d)
      g = g * gs[d] + (d + 1 < rank ? at[d] + offsets[d] : offsets[d]);
    char *gp = reinterpret_cast<char *>(global.data.data()) + g * item;
    char *bp = reinterpret_cast<char *>(block.data.data()) + r * row;
    if (to_block)
      std::memcpy(bp, gp, row);
    else
      std::memcpy(gp, bp, row);
    for (int64_t d = static_cast<int64_t>(rank) - 2; d >= 0; --d) {
      if (++at[d] < bs[d])
        break;
      at[d] = 0;
    }
  }
}

/// pmap's out_axes for a result of `rank` dimensions, the device axis
/// included: in [0, rank), or jx::error naming it.
int64_t out_axis_at(int64_t out_axes, int64_t rank, const std::string &api) {
  int64_t a = out_axes < 0 ? out_axes + rank : out_axes;
  if (a < 0 || a >= rank)
    throw error(api + ": out_axes " + std::to_string(out_axes) +
                " is out of range for a result of rank " +
                std::to_string(rank));
  return a;
}

/// A spec splitting dimension `dim` over `axis` (the others unsplit).
PartitionSpec split_at(int64_t dim, const std::string &axis) {
  PartitionSpec spec(dim + 1);
  spec[dim] = {axis};
  return spec;
}

/// pmap under a trace: a shard_map over a mesh of the one axis, each
/// mapped operand split into blocks of one along its axis (squeezed before
/// f sees them), each result given the axis back at out_axes.
std::vector<Array> pmap_under_trace(const flat_fn &f,
                                    const std::vector<Array> &args,
                                    const std::vector<int64_t> &axes,
                                    const std::string &axis_name, int64_t n,
                                    const pmap_options &options) {
  const std::string api = "jx::pmap(" + options.name + ")";
  std::vector<PartitionSpec> in_specs;
  for (int64_t a : axes)
    in_specs.push_back(a >= 0 ? split_at(a, axis_name) : PartitionSpec());
  std::optional<int64_t> out_axis = options.out_axes;
  auto body = [&](const std::vector<Array> &blocks) {
    std::vector<Array> xs;
    for (std::size_t i = 0; i < blocks.size(); ++i)
      xs.push_back(axes[i] >= 0 ? lax::squeeze(blocks[i], {axes[i]})
                                : blocks[i]);
    std::vector<Array> outs = f(xs);
    if (!out_axis)
      return outs;
    for (Array &y : outs) {
      shape_t s = y.shape();
      s.insert(s.begin() + out_axis_at(*out_axis, y.ndim() + 1, api), 1);
      y = lax::reshape(y, s);
    }
    return outs;
  };
  return core::bind_shard_map(
      body, args, Mesh{{axis_name}, {n}}, in_specs,
      [&](const std::vector<shaped_array> &outs) {
        std::vector<PartitionSpec> specs;
        for (const shaped_array &o : outs)
          specs.push_back(out_axis ? split_at(out_axis_at(*out_axis, o.ndim(),
                                                          api),
                                              axis_name)
                                   : PartitionSpec());
        return specs;
      },
      options.name);
}

} // namespace

std::vector<Array> pmap_flat(pmap_state &state, const flat_fn &f,
                             const std::vector<Array> &args,
                             const std::vector<axis_spec> &in_axes,
                             const std::string &axis_name,
                             const pmap_options &options,
                             std::shared_ptr<const void> traced_like,
                             std::shared_ptr<const void> &out_like) {
  const std::string api = "jx::pmap(" + options.name + ")";
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
  if (core::current_frame()) {
    if (processes)
      throw error(api + ": pmap under jit, grad or vmap with processes of "
                        "jx::distributed is not supported; call it at top "
                        "level and put those inside it");
    out_like = traced_like;
    return pmap_under_trace(f, args, axes, axis_name, n, options);
  }

  std::string key = transforms::signature_key(avals);
  for (int64_t a : axes)
    key += std::to_string(a) + ",";
  std::shared_ptr<compiled_pmap> c = compile_once(
      state, key, api, "pmap_" + options.name, devices, std::move(traced_like),
      [&] {
        core::axis_scope scope(axis_name, devices);
        return core::trace_to_jaxpr(f, avals);
      });
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
      slices[d].push_back(runtime::index_along(x, axes[i], d));
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
    int64_t a = out_axis_at(*options.out_axes, c->out_avals[j].ndim() + 1, api);
    std::vector<const host_buffer *> parts;
    for (int64_t d = 0; d < n; ++d)
      parts.push_back(&outs[d][j]);
    result.push_back(core::make_concrete(runtime::stack_along(parts, a), weak));
  }
  return result;
}

} // namespace jx::detail

namespace jx::detail {

namespace {
std::vector<Array> run_blocks(const compiled_pmap &c, const Mesh &mesh,
                              const std::vector<PartitionSpec> &in_specs,
                              const std::vector<PartitionSpec> &out_specs,
                              const std::vector<Array> &args,
                              const std::string &api);
} // namespace

std::vector<Array> shard_map_flat(pmap_state &state, const flat_fn &f,
                                  const std::vector<Array> &args,
                                  const Mesh &mesh,
                                  const std::vector<PartitionSpec> &in_specs,
                                  const std::vector<PartitionSpec> &out_specs,
                                  const std::string &name,
                                  std::shared_ptr<const void> traced_like,
                                  std::shared_ptr<const void> &out_like) {
  const std::string api = "jx::shard_map(" + name + ")";
  if (mesh.axis_names.size() != mesh.axis_sizes.size() ||
      mesh.axis_names.empty())
    throw error(api + ": the mesh needs as many axis sizes as names, and an "
                      "axis");
  for (int64_t s : mesh.axis_sizes)
    if (s < 1)
      throw error(api + ": mesh axis sizes must be positive");
  if (core::current_frame()) {
    out_like = traced_like;
    return core::bind_shard_map(f, args, mesh, in_specs, out_specs, name);
  }
  const int64_t n = mesh.size();
  std::vector<shaped_array> avals = block_avals(args, mesh, in_specs, api);
  std::string key = transforms::signature_key(avals);
  for (const PartitionSpec &spec : in_specs) {
    for (const auto &dim : spec) {
      for (const std::string &a : dim)
        key += a + ",";
      key += ";";
    }
    key += "|";
  }
  std::shared_ptr<compiled_pmap> c = compile_once(
      state, key, api, "shard_map_" + name, n, std::move(traced_like), [&] {
        core::axis_scope scope(mesh.axis_names, mesh.axis_sizes);
        return core::trace_to_jaxpr(f, avals);
      });
  out_like = c->out_like;
  return run_blocks(*c, mesh, in_specs, out_specs, args, api);
}

namespace {

/// Runs a compiled shard_map: each device's blocks of `args` (global
/// arrays), the results put together as out_specs say.
std::vector<Array> run_blocks(const compiled_pmap &c, const Mesh &mesh,
                              const std::vector<PartitionSpec> &in_specs,
                              const std::vector<PartitionSpec> &out_specs,
                              const std::vector<Array> &args,
                              const std::string &api) {
  const int64_t n = mesh.size();
  // Under jx::distributed the mesh's devices are the processes, one each
  // (device d = rank d): every process passes the global arrays, runs its
  // own device's block, and gets the global results, the blocks of the
  // others gathered over MPI.
  const runtime::process_group *group = runtime::current_process_group();
  const bool processes = group && group->size > 1;
  if (processes && n != group->size)
    throw error(api + ": the mesh has " + std::to_string(n) +
                " devices, but there are " + std::to_string(group->size) +
                " processes of one device each");
  if (out_specs.size() != 1 && out_specs.size() != c.out_avals.size())
    throw error(api + ": out_specs has " + std::to_string(out_specs.size()) +
                " entries for " + std::to_string(c.out_avals.size()) +
                " result leaves (give one per leaf, or one for all)");
  std::vector<shaped_array> avals = block_avals(args, mesh, in_specs, api);

  std::vector<std::vector<host_buffer>> blocks_in(n);
  std::vector<std::vector<const host_buffer *>> device_args(n);
  for (int64_t d = 0; d < n; ++d) {
    if (processes && d != group->rank)
      continue; // another process's device
    std::vector<int64_t> coords = mesh_coords(mesh, d);
    for (std::size_t i = 0; i < args.size(); ++i) {
      host_buffer &global = const_cast<host_buffer &>(args[i].buffer());
      blocks b = blocks_of(in_specs[i], mesh, coords, global.shape, api, "");
      host_buffer block;
      block.dtype = global.dtype;
      block.shape = avals[i].shape;
      block.data.resize(runtime::itemsize(global.dtype) *
                        static_cast<std::size_t>(avals[i].size()));
      std::vector<int64_t> offsets;
      for (std::size_t k = 0; k < block.shape.size(); ++k)
        offsets.push_back(b.index[k] * block.shape[k]);
      copy_block(global, block, offsets, /*to_block=*/true);
      blocks_in[d].push_back(std::move(block));
    }
    for (const host_buffer &b : blocks_in[d])
      device_args[d].push_back(&b);
  }
  std::vector<std::vector<host_buffer>> outs;
  try {
    if (processes)
      outs = gather_over_processes(
          *c.exe, *group,
          runtime::run_as_process(*c.exe, static_cast<int>(n), 1,
                                  device_args[group->rank]));
    else
      outs = runtime::run_spmd(*c.exe, static_cast<int>(n), 1, device_args);
  } catch (const std::exception &e) {
    throw error(api + ": " + e.what());
  }
  std::vector<Array> result;
  for (std::size_t j = 0; j < c.out_avals.size(); ++j) {
    const PartitionSpec &spec = out_specs.size() == 1 ? out_specs[0] : out_specs[j];
    const shaped_array &local = c.out_avals[j];
    blocks b0 = blocks_of(spec, mesh, mesh_coords(mesh, 0), local.shape, api,
                          "result leaf " + std::to_string(j) + " " +
                              local.str(),
                          /*global=*/false);
    host_buffer global;
    global.dtype = local.dtype;
    global.shape = local.shape;
    for (std::size_t k = 0; k < global.shape.size(); ++k)
      global.shape[k] *= b0.parts[k];
    int64_t elements = 1;
    for (int64_t s : global.shape)
      elements *= s;
    global.data.resize(runtime::itemsize(global.dtype) *
                       static_cast<std::size_t>(elements));
    // Devices in reverse order, so the first one along the axes a spec
    // leaves out writes last.
    for (int64_t d = n - 1; d >= 0; --d) {
      blocks b = blocks_of(spec, mesh, mesh_coords(mesh, d), local.shape, api,
                           "", /*global=*/false);
      std::vector<int64_t> offsets;
      for (std::size_t k = 0; k < local.shape.size(); ++k)
        offsets.push_back(b.index[k] * local.shape[k]);
      copy_block(global, outs[d][j], offsets, /*to_block=*/false);
    }
    result.push_back(core::make_concrete(std::move(global), local.weak_type));
  }
  return result;
}

} // namespace

namespace {
/// The bytes of every literal of `j` and of the jaxprs in its parameters:
/// with the printed text, an exact key (a literal prints its value, but a
/// complex one only its real part).
void literal_bytes(const Jaxpr &j, std::string &out) {
  for (const Eqn &e : j.eqns) {
    for (const Atom &a : e.invars)
      if (const Literal *l = std::get_if<Literal>(&a))
        out.append(reinterpret_cast<const char *>(l->value.data.data()),
                   l->value.data.size());
    for (const auto &[name, value] : e.params) {
      if (const auto *sub =
              std::get_if<std::shared_ptr<const ClosedJaxpr>>(&value))
        literal_bytes(*(*sub)->jaxpr, out);
      if (const auto *subs =
              std::get_if<std::vector<std::shared_ptr<const ClosedJaxpr>>>(
                  &value))
        for (const auto &sub : *subs)
          literal_bytes(*sub->jaxpr, out);
    }
  }
  for (const Atom &a : j.outvars)
    if (const Literal *l = std::get_if<Literal>(&a))
      out.append(reinterpret_cast<const char *>(l->value.data.data()),
                 l->value.data.size());
}
} // namespace

std::vector<Array> run_shard_map(const ClosedJaxpr &body, const Mesh &mesh,
                                 const std::vector<PartitionSpec> &in_specs,
                                 const std::vector<PartitionSpec> &out_specs,
                                 const std::vector<Array> &args,
                                 const std::string &api) {
  // One cache for every shard_map equation run eagerly, by the body's text:
  // the rules trace a new body at every call (a gradient step), the same
  // text each time. Never destroyed, as the eager cache.
  static pmap_state *cache = new pmap_state();
  std::string key = param_str(std::make_shared<const ClosedJaxpr>(body)) +
                    "|" + std::to_string(mesh.size()) + "|";
  literal_bytes(*body.jaxpr, key);
  std::shared_ptr<compiled_pmap> c =
      compile_once(*cache, key, api, "shard_map", mesh.size(), nullptr,
                   [&] { return body; });
  return run_blocks(*c, mesh, in_specs, out_specs, args, api);
}

} // namespace jx::detail
