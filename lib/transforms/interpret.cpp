// interpret.cpp - evaluation and forward-mode (jvp) interpretation of jaxprs.

#include "transforms/interpret.h"

namespace jx::transforms {

Array literal_array(const Literal &l) {
  return core::make_concrete(l.value, l.aval.weak_type, /*literal=*/true);
}

namespace {

/// Checks that a rule produced a value of the type the primitive's output
/// (or input) has: a wrong rule fails here, naming itself, not later.
void check_rule_result(const std::string &api, const std::string &prim,
                       const char *what, const Array &got,
                       const shaped_array &want) {
  if (got.shape() != want.shape || got.dtype() != want.dtype)
    throw error(api + ": internal error: the " + what + " rule of '" + prim +
                "' gave " + got.aval().str() + " for a value of type " +
                want.str());
}

} // namespace

std::vector<Array> const_arrays(const ClosedJaxpr &j) {
  std::vector<Array> out;
  for (const runtime::host_buffer &b : j.consts)
    out.push_back(core::make_concrete(b, /*weak_type=*/false));
  return out;
}

std::vector<Array> eval_jaxpr(const ClosedJaxpr &cj,
                              const std::vector<Array> &args) {
  const Jaxpr &j = *cj.jaxpr;
  std::unordered_map<const var_node *, Array> env;
  std::vector<Array> consts = const_arrays(cj);
  for (std::size_t i = 0; i < j.constvars.size(); ++i)
    env[j.constvars[i].get()] = consts[i];
  if (args.size() != j.invars.size())
    throw error("jx: internal error: jaxpr of " +
                std::to_string(j.invars.size()) + " inputs evaluated on " +
                std::to_string(args.size()) + " arguments");
  for (std::size_t i = 0; i < args.size(); ++i)
    env[j.invars[i].get()] = args[i];
  auto read = [&](const Atom &a) -> Array {
    if (auto *l = std::get_if<Literal>(&a))
      return literal_array(*l);
    return env.at(std::get<Var>(a).get());
  };
  for (const Eqn &e : j.eqns) {
    std::vector<Array> ins;
    for (const Atom &a : e.invars)
      ins.push_back(read(a));
    std::vector<Array> outs = core::bind(*e.primitive, ins, e.params);
    for (std::size_t k = 0; k < outs.size(); ++k)
      env[e.outvars[k].get()] = outs[k];
  }
  std::vector<Array> outs;
  for (const Atom &a : j.outvars)
    outs.push_back(read(a));
  return outs;
}

std::pair<std::vector<Array>, std::vector<tangent>>
jvp_jaxpr(const ClosedJaxpr &cj, const std::vector<Array> &args,
          const std::vector<tangent> &tangents, const std::string &api) {
  const Jaxpr &j = *cj.jaxpr;
  std::unordered_map<const var_node *, std::pair<Array, tangent>> env;
  std::vector<Array> consts = const_arrays(cj);
  for (std::size_t i = 0; i < j.constvars.size(); ++i)
    env[j.constvars[i].get()] = {consts[i], std::nullopt};
  for (std::size_t i = 0; i < args.size(); ++i) {
    tangent t = tangents[i];
    if (t && !differentiable(args[i].dtype()))
      t = std::nullopt;
    env[j.invars[i].get()] = {args[i], t};
  }
  auto read = [&](const Atom &a) -> std::pair<Array, tangent> {
    if (auto *l = std::get_if<Literal>(&a))
      return {literal_array(*l), std::nullopt};
    return env.at(std::get<Var>(a).get());
  };
  for (const Eqn &e : j.eqns) {
    std::vector<Array> ins;
    std::vector<tangent> tins;
    bool any = false;
    for (const Atom &a : e.invars) {
      auto [x, t] = read(a);
      ins.push_back(x);
      any |= t.has_value();
      tins.push_back(t);
    }
    const core::transform_rules &r = e.primitive->rules;
    std::vector<Array> outs;
    std::vector<tangent> touts;
    if (!any) {
      outs = core::bind(*e.primitive, ins, e.params);
    } else if (r.jvp_full) {
      std::tie(outs, touts) = r.jvp_full(ins, tins, e.params);
    } else {
      outs = core::bind(*e.primitive, ins, e.params);
      bool any_out = false;
      for (const Array &o : outs)
        any_out |= differentiable(o.dtype());
      if (any_out) {
        if (!r.jvp)
          throw error(api + ": primitive '" + e.primitive->name +
                      "' has no differentiation (jvp) rule");
        touts = r.jvp(core::jvp_args{ins, tins, outs, e.params});
      }
    }
    touts.resize(outs.size());
    for (std::size_t k = 0; k < outs.size(); ++k) {
      if (touts[k] && !differentiable(outs[k].dtype()))
        touts[k] = std::nullopt;
      if (touts[k])
        check_rule_result(api, e.primitive->name, "jvp", *touts[k],
                          outs[k].aval());
      env[e.outvars[k].get()] = {outs[k], touts[k]};
    }
  }
  std::vector<Array> outs;
  std::vector<tangent> touts;
  for (const Atom &a : j.outvars) {
    auto [x, t] = read(a);
    outs.push_back(x);
    touts.push_back(t);
  }
  return {outs, touts};
}

} // namespace jx::transforms
