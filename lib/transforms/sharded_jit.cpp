// sharded_jit.cpp - jx::sharded_jit: a function of global arrays, traced once,
// partitioned over a mesh by propagating its inputs' shardings through the
// jaxpr, and run as one program per device (shard_map's machinery).
//
// Each value of the traced jaxpr gets a sharding (for each dimension the
// mesh axes splitting it) and each device holds its block. Equations are
// re-emitted on blocks with these rules (XLA's SPMD partitioner's, for the
// ops of MLPs and transformers):
//   elementwise          operands brought to one sharding (the first split
//                        operand's), result split the same way
//   broadcast_in_dim     kept dimensions keep their split; shape localized
//   transpose            the split follows the permutation
//   reshape              kept when every dimension up to the last split one
//                        is unchanged; shape localized
//   dot_general          batch and free dimensions keep their splits; a
//                        contracting dimension split the same way on both
//                        sides gives partial sums, then psum over its axes
//   reduce_sum/max/min   reduced split dimensions: psum/pmax/pmin after
// Any other equation runs on gathered (replicated) operands: correct, not
// split; the partitioner counts those (sharded_jit_stats).

#include "jx/parallel.h"

#include "core/trace.h"
#include "jx/lax.h"
#include "primitives/primitive.h"

#include <algorithm>
#include <set>
#include <unordered_map>

namespace jx::detail {
namespace {

using Sharding = PartitionSpec; // one entry per dimension (empty: not split)

bool contains(const std::vector<int64_t> &v, int64_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

Array i32(int64_t v) {
  return jx::array(std::vector<int32_t>{static_cast<int32_t>(v)}, {});
}

bool replicated(const Sharding &s) {
  return std::all_of(s.begin(), s.end(),
                     [](const std::vector<std::string> &d) { return d.empty(); });
}

struct value {
  Array local;
  Sharding sharding;
};

class partitioner {
public:
  partitioner(const Mesh &mesh, sharded_jit_stats &stats)
      : mesh_(mesh), stats_(stats) {}

  int64_t axis_size(const std::string &a) const {
    auto it = std::find(mesh_.axis_names.begin(), mesh_.axis_names.end(), a);
    return mesh_.axis_sizes[it - mesh_.axis_names.begin()];
  }
  int64_t parts(const std::vector<std::string> &axes) const {
    int64_t n = 1;
    for (const std::string &a : axes)
      n *= axis_size(a);
    return n;
  }

  /// The whole array on every device.
  Array gather(const value &v) {
    Array x = v.local;
    for (std::size_t d = 0; d < v.sharding.size(); ++d)
      // Minor axis first: blocks of the major axis' index come out in order.
      for (auto it = v.sharding[d].rbegin(); it != v.sharding[d].rend(); ++it) {
        x = lax::all_gather(x, *it, static_cast<int64_t>(d), /*tiled=*/true);
        ++stats_.collectives;
      }
    return x;
  }

  /// This device's block of a replicated `x` under `s`.
  Array slice(const Array &x, const Sharding &s) const {
    std::vector<Array> starts;
    shape_t sizes = x.shape();
    bool any = false;
    for (std::size_t d = 0; d < sizes.size(); ++d) {
      Array index = i32(0);
      if (d < s.size() && !s[d].empty()) {
        any = true;
        for (const std::string &a : s[d])
          index = index * i32(axis_size(a)) + lax::axis_index(a);
        sizes[d] /= parts(s[d]);
        index = index * i32(sizes[d]);
      }
      starts.push_back(index);
    }
    return any ? lax::dynamic_slice(x, starts, sizes) : x;
  }

  Array reshard(const value &v, const Sharding &target) {
    if (v.sharding == target)
      return v.local;
    return slice(replicated(v.sharding) ? v.local : gather(v), target);
  }

  Sharding none(int64_t rank) const { return Sharding(rank); }

  std::vector<value> apply(const Eqn &e, const std::vector<value> &in);

private:
  std::vector<value> fallback(const Eqn &e, const std::vector<value> &in) {
    ++stats_.replicated_eqns;
    stats_.replicated.push_back(e.name());
    std::vector<Array> args;
    for (const value &v : in)
      args.push_back(replicated(v.sharding) ? v.local : gather(v));
    std::vector<Array> outs = core::bind(*e.primitive, args, e.params);
    std::vector<value> r;
    for (const Array &o : outs)
      r.push_back({o, none(o.ndim())});
    return r;
  }

  const Mesh &mesh_;
  sharded_jit_stats &stats_;
};

const std::set<std::string> &elementwise_names() {
  static const std::set<std::string> names = {
      "add", "sub", "mul", "div", "max", "min", "pow", "and", "or", "xor",
      "exp", "log", "tanh", "sin", "cos", "sqrt", "rsqrt", "log1p", "expm1",
      "logistic", "sign", "floor", "ceil", "not", "rem", "tan", "cbrt",
      "atan2", "neg", "abs", "is_finite", "round", "square", "integer_pow",
      "erf", "erfc", "erf_inv", "select_n", "convert_element_type", "clamp",
      "eq", "ne", "lt", "le", "gt", "ge", "stop_gradient", "exp2"};
  return names;
}

std::vector<value> partitioner::apply(const Eqn &e,
                                      const std::vector<value> &in) {
  const std::string &name = e.name();
  const shaped_array &out = e.outvars[0]->aval;
  if (elementwise_names().count(name) && e.outvars.size() == 1) {
    // One sharding for the operands of the result's shape; operands that
    // broadcast into it (NumPy's rule, right-aligned) follow it on the
    // dimensions they do not broadcast; 0-d ones are the same everywhere.
    const Sharding *target = nullptr;
    for (std::size_t i = 0; i < in.size(); ++i) {
      const shaped_array &a = aval_of(e.invars[i]);
      if (a.shape == out.shape && !target && !replicated(in[i].sharding))
        target = &in[i].sharding;
    }
    Sharding s = target ? *target : none(out.ndim());
    std::vector<Array> args;
    for (std::size_t i = 0; i < in.size(); ++i) {
      const shaped_array &a = aval_of(e.invars[i]);
      if (a.ndim() == 0) {
        args.push_back(in[i].local);
        continue;
      }
      if (a.ndim() > out.ndim())
        return fallback(e, in);
      int64_t offset = out.ndim() - a.ndim();
      Sharding mine = none(a.ndim());
      for (int64_t d = 0; d < a.ndim(); ++d) {
        if (a.shape[d] == out.shape[offset + d])
          mine[d] = s[offset + d];
        else if (a.shape[d] != 1)
          return fallback(e, in);
      }
      args.push_back(reshard(in[i], mine));
    }
    return {{core::bind1(*e.primitive, args, e.params), s}};
  }
  if (name == "broadcast_in_dim") {
    const auto &bd = std::get<std::vector<int64_t>>(e.params.at("broadcast_dimensions"));
    const shaped_array &x = aval_of(e.invars[0]);
    Sharding s = none(out.ndim());
    for (std::size_t i = 0; i < bd.size(); ++i)
      if (!in[0].sharding[i].empty()) {
        if (x.shape[i] != out.shape[bd[i]])
          return fallback(e, in);
        s[bd[i]] = in[0].sharding[i];
      }
    params_t p = e.params;
    shape_t shape = out.shape;
    for (std::size_t d = 0; d < shape.size(); ++d)
      shape[d] /= parts(s[d]);
    p["shape"] = std::vector<int64_t>(shape.begin(), shape.end());
    std::vector<Array> args{in[0].local};
    for (std::size_t i = 1; i < in.size(); ++i) // dynamic shapes: none here
      args.push_back(in[i].local);
    return {{core::bind1(*e.primitive, args, p), s}};
  }
  if (name == "transpose") {
    const auto &perm = std::get<std::vector<int64_t>>(e.params.at("permutation"));
    Sharding s;
    for (int64_t d : perm)
      s.push_back(in[0].sharding[d]);
    return {{core::bind1(*e.primitive, {in[0].local}, e.params), s}};
  }
  if (name == "reshape") {
    const shaped_array &x = aval_of(e.invars[0]);
    if (replicated(in[0].sharding))
      return {{core::bind1(*e.primitive, {in[0].local}, e.params),
               none(out.ndim())}};
    int64_t last = -1;
    for (int64_t d = 0; d < x.ndim(); ++d)
      if (!in[0].sharding[d].empty())
        last = d;
    if (last >= out.ndim())
      return fallback(e, in);
    for (int64_t d = 0; d <= last; ++d)
      if (x.shape[d] != out.shape[d])
        return fallback(e, in);
    Sharding s = none(out.ndim());
    for (int64_t d = 0; d <= last; ++d)
      s[d] = in[0].sharding[d];
    params_t p = e.params;
    shape_t shape = out.shape;
    for (std::size_t d = 0; d < shape.size(); ++d)
      shape[d] /= parts(s[d]);
    p["new_sizes"] = std::vector<int64_t>(shape.begin(), shape.end());
    return {{core::bind1(*e.primitive, {in[0].local}, p), s}};
  }
  if (name == "dot_general") {
    const auto &dn = std::get<dot_dimension_numbers>(e.params.at("dimension_numbers"));
    value l = in[0], r = in[1];
    const shaped_array &la = aval_of(e.invars[0]), &ra = aval_of(e.invars[1]);
    std::vector<std::string> partial;
    bool ok = true;
    for (std::size_t k = 0; k < dn.lhs_contracting.size(); ++k) {
      const auto &ls = l.sharding[dn.lhs_contracting[k]];
      const auto &rs = r.sharding[dn.rhs_contracting[k]];
      if (ls == rs)
        partial.insert(partial.end(), ls.begin(), ls.end());
      else
        ok = false;
    }
    for (std::size_t k = 0; k < dn.lhs_batch.size(); ++k)
      ok &= l.sharding[dn.lhs_batch[k]] == r.sharding[dn.rhs_batch[k]];
    // The result's split: batch, lhs free, rhs free; no axis twice.
    Sharding s;
    for (int64_t d : dn.lhs_batch)
      s.push_back(l.sharding[d]);
    for (int64_t d = 0; d < la.ndim(); ++d)
      if (!contains(dn.lhs_contracting, d) && !contains(dn.lhs_batch, d))
        s.push_back(l.sharding[d]);
    for (int64_t d = 0; d < ra.ndim(); ++d)
      if (!contains(dn.rhs_contracting, d) && !contains(dn.rhs_batch, d))
        s.push_back(r.sharding[d]);
    std::set<std::string> used(partial.begin(), partial.end());
    for (const auto &dim : s)
      for (const std::string &a : dim)
        ok &= used.insert(a).second;
    if (!ok)
      return fallback(e, in);
    Array y = core::bind1(*e.primitive, {l.local, r.local}, e.params);
    for (const std::string &a : partial) {
      y = lax::psum(y, a);
      ++stats_.collectives;
    }
    return {{y, s}};
  }
  if (name == "reduce_sum" || name == "reduce_max" || name == "reduce_min") {
    const auto &axes = std::get<std::vector<int64_t>>(e.params.at("axes"));
    Array y = core::bind1(*e.primitive, {in[0].local}, e.params);
    Sharding s;
    for (int64_t d = 0; d < static_cast<int64_t>(in[0].sharding.size()); ++d) {
      if (!contains(axes, d)) {
        s.push_back(in[0].sharding[d]);
        continue;
      }
      for (const std::string &a : in[0].sharding[d]) {
        y = name == "reduce_sum"   ? lax::psum(y, a)
            : name == "reduce_max" ? lax::pmax(y, a)
                                   : lax::pmin(y, a);
        ++stats_.collectives;
      }
    }
    return {{y, s}};
  }
  return fallback(e, in);
}

} // namespace

std::vector<Array> partition_eval(const ClosedJaxpr &j, const Mesh &mesh,
                                  const std::vector<PartitionSpec> &in_specs,
                                  const std::vector<PartitionSpec> &out_specs,
                                  const std::vector<Array> &blocks,
                                  sharded_jit_stats &stats) {
  partitioner p(mesh, stats);
  const Jaxpr &jaxpr = *j.jaxpr;
  std::unordered_map<const var_node *, value> env;
  for (std::size_t i = 0; i < jaxpr.constvars.size(); ++i)
    env[jaxpr.constvars[i].get()] = {Array(j.consts[i]),
                                     p.none(jaxpr.constvars[i]->aval.ndim())};
  auto padded = [](PartitionSpec s, int64_t rank) {
    s.resize(rank);
    return s;
  };
  for (std::size_t i = 0; i < jaxpr.invars.size(); ++i)
    env[jaxpr.invars[i].get()] = {
        blocks[i], padded(in_specs[i], jaxpr.invars[i]->aval.ndim())};
  auto read = [&](const Atom &a) -> value {
    if (auto *l = std::get_if<Literal>(&a))
      return {Array(l->value, l->aval.weak_type), {}};
    return env.at(std::get<Var>(a).get());
  };
  for (const Eqn &e : jaxpr.eqns) {
    std::vector<value> ins;
    for (const Atom &a : e.invars)
      ins.push_back(read(a));
    ++stats.eqns;
    std::vector<value> outs = p.apply(e, ins);
    for (std::size_t k = 0; k < outs.size(); ++k)
      env[e.outvars[k].get()] = outs[k];
  }
  std::vector<Array> result;
  for (std::size_t i = 0; i < jaxpr.outvars.size(); ++i) {
    value v = read(jaxpr.outvars[i]);
    const PartitionSpec &spec = out_specs.size() == 1 ? out_specs[0] : out_specs[i];
    result.push_back(p.reshard(v, padded(spec, v.local.ndim())));
  }
  return result;
}

} // namespace jx::detail
