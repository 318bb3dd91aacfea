// shard_map.cpp - the shard_map primitive: pmap and shard_map under jit,
// grad and vmap.
//
//   shard_map[jaxpr={...} mesh=Mesh('i': 2) in_specs=(P('i'), P())
//             name=f out_specs=(P('i'),)]
//
// Its rules build new shard_maps: jvp runs the jvp of the body on the
// devices (tangents split as their primals); reverse mode keeps the inputs
// and runs, on the devices, the body's forward pass again and its vjp; a
// vmap of it vmaps the body on every device (the batch unsplit). jit runs
// a top-level shard_map on its devices (lib/transforms/staged.cpp);
// lowered into a program it becomes nested vmaps over the mesh axes,
// named, so that its collectives combine the examples (jx::vmap's
// axis_name): the same numbers on one device.
//
// Gradients are those of the function as defined: a result a spec
// replicates over a mesh axis is the first device's along it, so its
// cotangent goes to that device; an operand a spec replicates over an axis
// reached every device along it, so its cotangent is their sum.

#include "primitives/shard_map.h"

#include "core/trace.h"
#include "frontend/lowering.h"
#include "jx/lax.h"
#include "jx/numpy.h"
#include "jx/vmap.h"
#include "primitives/batching.h"
#include "primitives/collective.h"
#include "primitives/rules.h"
#include "transforms/interpret.h"

#include <algorithm>

namespace jx::core {

namespace {

/// The mesh parameter, printed as JAX prints a Mesh.
struct mesh_param : opaque_param {
  Mesh mesh;
  explicit mesh_param(Mesh m) : mesh(std::move(m)) {}
  std::string str() const override {
    std::string s = "Mesh(";
    for (std::size_t i = 0; i < mesh.axis_names.size(); ++i)
      s += (i ? ", '" : "'") + mesh.axis_names[i] +
           "': " + std::to_string(mesh.axis_sizes[i]);
    return s + ")";
  }
};

/// in_specs / out_specs, printed as a tuple of PartitionSpecs.
struct specs_param : opaque_param {
  std::vector<PartitionSpec> specs;
  explicit specs_param(std::vector<PartitionSpec> s) : specs(std::move(s)) {}
  std::string str() const override {
    std::string s = "(";
    for (const PartitionSpec &spec : specs) {
      s += "P(";
      for (std::size_t d = 0; d < spec.size(); ++d) {
        if (d)
          s += ", ";
        if (spec[d].empty())
          s += "None";
        else if (spec[d].size() == 1)
          s += "'" + spec[d][0] + "'";
        else {
          s += "(";
          for (std::size_t k = 0; k < spec[d].size(); ++k)
            s += (k ? ", '" : "'") + spec[d][k] + "'";
          s += ")";
        }
      }
      s += "), ";
    }
    if (specs.size() > 1)
      s.erase(s.size() - 2);
    else if (!specs.empty())
      s.erase(s.size() - 1);
    return s + ")";
  }
};

struct layout {
  std::shared_ptr<const ClosedJaxpr> body;
  Mesh mesh;
  std::vector<PartitionSpec> in, out;
  std::string name;
};

layout layout_of(const params_t &p) {
  auto opaque = [&](const char *k) {
    return std::get<std::shared_ptr<const opaque_param>>(p.at(k)).get();
  };
  layout l;
  l.body = std::get<std::shared_ptr<const ClosedJaxpr>>(p.at("jaxpr"));
  l.mesh = static_cast<const mesh_param *>(opaque("mesh"))->mesh;
  l.in = static_cast<const specs_param *>(opaque("in_specs"))->specs;
  l.out = static_cast<const specs_param *>(opaque("out_specs"))->specs;
  l.name = std::get<std::string>(p.at("name"));
  return l;
}

std::string api_of(const layout &l) { return "jx::shard_map(" + l.name + ")"; }

std::size_t axis_at(const Mesh &mesh, const std::string &axis) {
  return std::find(mesh.axis_names.begin(), mesh.axis_names.end(), axis) -
         mesh.axis_names.begin();
}

/// One device's block of a global value.
shaped_array block_of(shaped_array a, const PartitionSpec &spec,
                      const Mesh &mesh, const std::string &api,
                      const std::string &what) {
  std::vector<int64_t> parts = spec_parts(spec, mesh, a.ndim(), api, what);
  for (std::size_t d = 0; d < parts.size(); ++d) {
    if (a.shape[d] % parts[d])
      throw error(api + ": dimension " + std::to_string(d) + " of " + what +
                  " " + a.str() + " does not split into " +
                  std::to_string(parts[d]) + " blocks");
    a.shape[d] /= parts[d];
  }
  return a;
}

/// The global value a device's block is part of.
shaped_array global_of(shaped_array a, const PartitionSpec &spec,
                       const Mesh &mesh, const std::string &api,
                       const std::string &what) {
  std::vector<int64_t> parts = spec_parts(spec, mesh, a.ndim(), api, what);
  for (std::size_t d = 0; d < parts.size(); ++d)
    a.shape[d] *= parts[d];
  return a;
}

std::vector<shaped_array> abstract_eval(const std::vector<shaped_array> &in,
                                        const params_t &p) {
  layout l = layout_of(p);
  const std::string api = api_of(l);
  std::vector<shaped_array> want = l.body->in_avals();
  if (in.size() != want.size() || in.size() != l.in.size())
    throw error(api + ": " + std::to_string(in.size()) +
                " operands for a body of " + std::to_string(want.size()) +
                " inputs");
  for (std::size_t i = 0; i < in.size(); ++i) {
    shaped_array b = block_of(in[i], l.in[i], l.mesh, api,
                              "operand " + std::to_string(i));
    if (b.shape != want[i].shape || b.dtype != want[i].dtype)
      throw error(api + ": operand " + std::to_string(i) + " " + in[i].str() +
                  " has blocks " + b.str() + " but the body takes " +
                  want[i].str());
  }
  std::vector<shaped_array> outs;
  std::vector<shaped_array> body_outs = l.body->out_avals();
  for (std::size_t j = 0; j < body_outs.size(); ++j)
    outs.push_back(global_of(body_outs[j], l.out[j], l.mesh, api,
                             "result " + std::to_string(j)));
  return outs;
}

// --- under jit: nested named vmaps ----------------------------------------------

/// The body on every device at once, on one device: each operand's blocks
/// laid out with the mesh axes its spec names in front, then one named
/// vmap per mesh axis (outermost first) around the body, then each result's
/// blocks put back together.
std::vector<Array> emulate(const layout &l, const std::vector<Array> &args) {
  const Mesh &m = l.mesh;
  const std::size_t K = m.axis_names.size();
  const std::string api = api_of(l);
  std::vector<Array> xs;
  std::vector<std::vector<char>> has(args.size(), std::vector<char>(K, 0));
  for (std::size_t i = 0; i < args.size(); ++i) {
    const PartitionSpec &spec = l.in[i];
    shape_t split;
    std::vector<int64_t> axis_piece(K, -1), block_piece;
    for (int64_t d = 0; d < args[i].ndim(); ++d) {
      int64_t parts = 1;
      if (d < static_cast<int64_t>(spec.size()))
        for (const std::string &a : spec[d]) {
          std::size_t k = axis_at(m, a);
          axis_piece[k] = static_cast<int64_t>(split.size());
          split.push_back(m.axis_sizes[k]);
          parts *= m.axis_sizes[k];
          has[i][k] = 1;
        }
      block_piece.push_back(static_cast<int64_t>(split.size()));
      split.push_back(args[i].shape()[d] / parts);
    }
    std::vector<int64_t> perm;
    for (int64_t piece : axis_piece)
      if (piece >= 0)
        perm.push_back(piece);
    perm.insert(perm.end(), block_piece.begin(), block_piece.end());
    xs.push_back(lax::transpose(lax::reshape(args[i], split), perm));
  }
  // Each level also maps an iota of the axis' size, so that a level whose
  // axis no operand names (all replicated along it) still has a batch.
  std::function<std::vector<Array>(std::size_t, const std::vector<Array> &)>
      level = [&](std::size_t k, const std::vector<Array> &vals) {
        if (k == K)
          return transforms::eval_jaxpr(*l.body, vals);
        std::vector<axis_spec> in_axes = {0};
        std::vector<Array> with = {lax::iota(dtype::int32, {m.axis_sizes[k]})};
        for (std::size_t i = 0; i < vals.size(); ++i) {
          in_axes.push_back(has[i][k] ? axis_spec(0) : std::nullopt);
          with.push_back(vals[i]);
        }
        return detail::vmap_flat(
            [&, k](const std::vector<Array> &v) {
              return level(k + 1, std::vector<Array>(v.begin() + 1, v.end()));
            },
            with, in_axes, 0, api, m.axis_names[k]);
      };
  std::vector<Array> outs = level(0, xs);
  std::vector<Array> results;
  for (std::size_t j = 0; j < outs.size(); ++j) {
    const PartitionSpec &spec = l.out[j];
    Array y = outs[j];
    // Mesh axes the spec leaves out: the first device's value.
    std::vector<char> named(K, 0);
    for (const auto &dim : spec)
      for (const std::string &a : dim)
        named[axis_at(m, a)] = 1;
    std::vector<int64_t> start(y.ndim(), 0), limit = y.shape();
    shape_t kept;
    std::vector<int64_t> pos(K, -1);
    for (std::size_t k = 0; k < K; ++k) {
      if (named[k]) {
        pos[k] = static_cast<int64_t>(kept.size());
        kept.push_back(m.axis_sizes[k]);
      } else {
        limit[k] = 1;
      }
    }
    const int64_t named_count = static_cast<int64_t>(kept.size());
    shape_t block(y.shape().begin() + K, y.shape().end());
    kept.insert(kept.end(), block.begin(), block.end());
    y = lax::reshape(lax::slice(y, start, limit), kept);
    std::vector<int64_t> perm;
    shape_t global;
    for (std::size_t d = 0; d < block.size(); ++d) {
      int64_t size = block[d];
      if (d < spec.size())
        for (const std::string &a : spec[d]) {
          std::size_t k = axis_at(m, a);
          perm.push_back(pos[k]);
          size *= m.axis_sizes[k];
        }
      perm.push_back(named_count + static_cast<int64_t>(d));
      global.push_back(size);
    }
    results.push_back(lax::reshape(lax::transpose(y, perm), global));
  }
  return results;
}

std::vector<mlir::Value> lower(frontend::lowering_context &ctx,
                               const std::vector<mlir::Value> &in,
                               const Eqn &e) {
  layout l = layout_of(e.params);
  std::vector<shaped_array> avals;
  for (const Atom &a : e.invars)
    avals.push_back(aval_of(a));
  ClosedJaxpr j = trace_to_jaxpr(
      [&](const std::vector<Array> &xs) { return emulate(l, xs); }, avals);
  return ctx.lower_closed_jaxpr(j, in);
}

std::vector<Array> impl(const std::vector<Array> &args, const params_t &p) {
  layout l = layout_of(p);
  return detail::run_shard_map(*l.body, l.mesh, l.in, l.out, args, api_of(l));
}

} // namespace

const primitive shard_map_p{"shard_map", abstract_eval, lower, nullptr, impl};

std::vector<int64_t> spec_parts(const PartitionSpec &spec, const Mesh &mesh,
                                std::size_t rank, const std::string &api,
                                const std::string &what) {
  if (spec.size() > rank)
    throw error(api + ": " + what + " has rank " + std::to_string(rank) +
                " but its spec names " + std::to_string(spec.size()) +
                " dimensions");
  std::vector<int64_t> parts(rank, 1);
  std::vector<char> used(mesh.axis_names.size(), 0);
  for (std::size_t d = 0; d < spec.size(); ++d)
    for (const std::string &axis : spec[d]) {
      std::size_t a = axis_at(mesh, axis);
      if (a == mesh.axis_names.size())
        throw error(api + ": " + what + "'s spec names axis '" + axis +
                    "', which the mesh lacks");
      if (used[a]++)
        throw error(api + ": " + what + "'s spec names axis '" + axis +
                    "' twice");
      parts[d] *= mesh.axis_sizes[a];
    }
  return parts;
}

std::vector<Array> bind_shard_map(const flat_function &f,
                                  const std::vector<Array> &args,
                                  const Mesh &mesh,
                                  const std::vector<PartitionSpec> &in_specs,
                                  const std::vector<PartitionSpec> &out_specs,
                                  const std::string &name) {
  return bind_shard_map(
      f, args, mesh, in_specs,
      [&](const std::vector<shaped_array> &) { return out_specs; }, name);
}

std::vector<Array> bind_shard_map(const flat_function &f,
                                  const std::vector<Array> &args,
                                  const Mesh &mesh,
                                  const std::vector<PartitionSpec> &in_specs,
                                  const out_specs_fn &out_specs_of,
                                  const std::string &name) {
  const std::string api = "jx::shard_map(" + name + ")";
  std::vector<shaped_array> blocks;
  for (std::size_t i = 0; i < args.size(); ++i)
    blocks.push_back(block_of(args[i].aval(), in_specs[i], mesh, api,
                              "operand " + std::to_string(i)));
  std::vector<Array> leading;
  std::shared_ptr<const ClosedJaxpr> body;
  {
    axis_scope scope(mesh.axis_names, mesh.axis_sizes);
    body = trace_closed(f, blocks, leading);
  }
  std::vector<PartitionSpec> out_specs = out_specs_of(body->out_avals());
  std::size_t outs = body->out_avals().size();
  if (out_specs.size() != 1 && out_specs.size() != outs)
    throw error(api + ": out_specs has " + std::to_string(out_specs.size()) +
                " entries for " + std::to_string(outs) +
                " result leaves (give one per leaf, or one for all)");
  // What the body closes over goes whole to every device.
  std::vector<PartitionSpec> in(leading.size());
  in.insert(in.end(), in_specs.begin(), in_specs.end());
  std::vector<PartitionSpec> out =
      out_specs.size() == outs ? out_specs
                               : std::vector<PartitionSpec>(outs, out_specs[0]);
  params_t p;
  p["jaxpr"] = body;
  p["mesh"] = std::shared_ptr<const opaque_param>(
      std::make_shared<mesh_param>(mesh));
  p["in_specs"] = std::shared_ptr<const opaque_param>(
      std::make_shared<specs_param>(in));
  p["out_specs"] = std::shared_ptr<const opaque_param>(
      std::make_shared<specs_param>(out));
  p["name"] = name;
  leading.insert(leading.end(), args.begin(), args.end());
  return core::bind(shard_map_p, leading, p);
}

} // namespace jx::core

// --- transformation rules ----------------------------------------------------

namespace jx::core {
namespace {

using transforms::differentiable;

template <class T>
std::vector<T> pick(const std::vector<T> &all,
                    const std::vector<std::size_t> &which) {
  std::vector<T> r;
  for (std::size_t i : which)
    r.push_back(all[i]);
  return r;
}
template <class T>
std::vector<T> cat(std::vector<T> a, const std::vector<T> &b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

/// The mesh axes a spec does not name.
std::vector<std::string> unnamed_axes(const PartitionSpec &spec,
                                      const Mesh &mesh) {
  std::vector<std::string> r;
  for (const std::string &a : mesh.axis_names) {
    bool named = false;
    for (const auto &dim : spec)
      named |= std::find(dim.begin(), dim.end(), a) != dim.end();
    if (!named)
      r.push_back(a);
  }
  return r;
}

/// `base` followed by the (co)tangents that are not symbolic zeros;
/// `which` gets their indices.
std::vector<Array> append_present(std::vector<Array> base,
                                  const std::vector<tangent> &ts,
                                  std::vector<std::size_t> &which) {
  for (std::size_t i = 0; i < ts.size(); ++i)
    if (ts[i]) {
      which.push_back(i);
      base.push_back(*ts[i]);
    }
  return base;
}

shaped_array strong(shaped_array a) {
  a.weak_type = false;
  return a;
}

const set_rules shard_map_rules(shard_map_p, [](transform_rules &r) {
  // jvp: a shard_map of the body's jvp; tangents split as their primals.
  r.jvp_full = [](const std::vector<Array> &primals,
                  const std::vector<tangent> &tangents, const params_t &p) {
    layout l = layout_of(p);
    std::vector<std::size_t> with, diff_out;
    std::vector<Array> ins = append_present(primals, tangents, with);
    std::vector<shaped_array> body_outs = l.body->out_avals();
    for (std::size_t j = 0; j < body_outs.size(); ++j)
      if (differentiable(body_outs[j].dtype))
        diff_out.push_back(j);
    std::size_t n = primals.size();
    auto body = l.body;
    auto f = [body, with, n, body_outs, diff_out](const std::vector<Array> &xs) {
      std::vector<tangent> ts(n);
      for (std::size_t k = 0; k < with.size(); ++k)
        ts[with[k]] = xs[n + k];
      auto [outs, touts] = transforms::jvp_jaxpr(
          *body, std::vector<Array>(xs.begin(), xs.begin() + n), ts,
          "jx::jvp");
      for (std::size_t j : diff_out)
        outs.push_back(touts[j] ? *touts[j] : zeros(strong(body_outs[j])));
      return outs;
    };
    std::vector<Array> res =
        bind_shard_map(f, ins, l.mesh, cat(l.in, pick(l.in, with)),
                       cat(l.out, pick(l.out, diff_out)), l.name);
    std::vector<Array> outs(res.begin(), res.begin() + body_outs.size());
    std::vector<tangent> touts(body_outs.size());
    for (std::size_t k = 0; k < diff_out.size(); ++k)
      touts[diff_out[k]] = res[body_outs.size() + k];
    return std::make_pair(outs, touts);
  };
  // Reverse mode: the inputs are the residuals; the backward pass is a
  // shard_map that recomputes the body's forward pass and runs its vjp.
  r.vjp_fwd = [](const std::vector<Array> &primals, const std::vector<bool> &,
                 const params_t &p) {
    return std::make_pair(core::bind(shard_map_p, primals, p), primals);
  };
  r.vjp_bwd = [](const std::vector<Array> &res, const std::vector<tangent> &cts,
                 const std::vector<bool> &wants, const params_t &p) {
    layout l = layout_of(p);
    const std::size_t n = res.size();
    std::vector<std::size_t> with, wanted;
    std::vector<Array> ins = append_present(res, cts, with);
    std::vector<shaped_array> body_ins = l.body->in_avals();
    std::vector<bool> wrt(n, false);
    for (std::size_t i = 0; i < n; ++i)
      if (wants[i] && differentiable(body_ins[i].dtype)) {
        wanted.push_back(i);
        wrt[i] = true;
      }
    std::vector<tangent> result(n);
    if (wanted.empty())
      return result;
    layout lc = l;
    auto f = [lc, with, wanted, wrt, n,
              body_ins](const std::vector<Array> &xs) {
      std::vector<tangent> out_cts(lc.out.size());
      for (std::size_t k = 0; k < with.size(); ++k) {
        // A result replicated over mesh axes is the first device's along
        // them: its cotangent goes there only.
        Array c = xs[n + k];
        for (const std::string &a : unnamed_axes(lc.out[with[k]], lc.mesh))
          c = numpy::where(
              lax::eq(lax::axis_index(a), scalar_of(0, dtype::int32)), c,
              zeros(strong(c.aval())));
        out_cts[with[k]] = c;
      }
      auto tape = transforms::vjp_forward(
          *lc.body, std::vector<Array>(xs.begin(), xs.begin() + n), wrt,
          "jx::vjp");
      std::vector<tangent> in_cts = transforms::vjp_backward(*tape, out_cts);
      std::vector<Array> outs;
      for (std::size_t i : wanted) {
        // An operand replicated over mesh axes reached every device along
        // them: its cotangent is their sum.
        Array c = in_cts[i] ? *in_cts[i] : zeros(strong(body_ins[i]));
        std::vector<std::string> over = unnamed_axes(lc.in[i], lc.mesh);
        if (!over.empty())
          c = lax::psum(c, over);
        outs.push_back(c);
      }
      return outs;
    };
    std::vector<Array> cin =
        bind_shard_map(f, ins, l.mesh, cat(l.in, pick(l.out, with)),
                       pick(l.in, wanted), l.name);
    for (std::size_t k = 0; k < wanted.size(); ++k)
      result[wanted[k]] = cin[k];
    return result;
  };
  // vmap: the batch stays whole on every device, at dim 0 of each block;
  // the body is vmapped there (its collectives name the mesh's axes, not
  // this batch's).
  r.batch = [](const std::vector<Array> &args,
               const std::vector<batch_dim> &dims, const params_t &p) {
    layout l = layout_of(p);
    std::vector<Array> ins;
    std::vector<axis_spec> in_axes;
    std::vector<PartitionSpec> in_specs;
    for (std::size_t i = 0; i < args.size(); ++i) {
      if (!dims[i]) {
        ins.push_back(args[i]);
        in_axes.push_back(std::nullopt);
        in_specs.push_back(l.in[i]);
        continue;
      }
      ins.push_back(move_axis(args[i], *dims[i], 0));
      in_axes.push_back(0);
      PartitionSpec s = l.in[i];
      s.insert(s.begin(), std::vector<std::string>{});
      in_specs.push_back(s);
    }
    auto body = l.body;
    auto f = [body, in_axes](const std::vector<Array> &xs) {
      named_batch_scope unnamed("", 0);
      return detail::vmap_flat(
          [body](const std::vector<Array> &v) {
            return transforms::eval_jaxpr(*body, v);
          },
          xs, in_axes, 0, "jx::vmap");
    };
    std::vector<PartitionSpec> out_specs;
    for (PartitionSpec s : l.out) {
      s.insert(s.begin(), std::vector<std::string>{});
      out_specs.push_back(s);
    }
    std::vector<Array> outs =
        bind_shard_map(f, ins, l.mesh, in_specs, out_specs, l.name);
    return std::make_pair(outs, std::vector<batch_dim>(outs.size(), 0));
  };
});

} // namespace
} // namespace jx::core
