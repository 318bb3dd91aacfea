// reverse.cpp - reverse-mode (vjp) interpretation of jaxprs: a forward pass
// that keeps every value, then a backward pass through the primitives' vjp
// rules in reverse order, summing cotangents of values used more than once.

#include "jx/lax.h"
#include "transforms/interpret.h"

namespace jx::transforms {

std::shared_ptr<vjp_tape> vjp_forward(const ClosedJaxpr &cj,
                                      const std::vector<Array> &args,
                                      const std::vector<bool> &wrt,
                                      const std::string &api,
                                      const saved_outputs *saved) {
  auto tape = std::make_shared<vjp_tape>();
  tape->jaxpr = cj.jaxpr;
  tape->api = api;
  const Jaxpr &j = *cj.jaxpr;
  auto &env = tape->env;
  auto &active = tape->active;
  std::vector<Array> consts = const_arrays(cj);
  for (std::size_t i = 0; i < j.constvars.size(); ++i)
    env[j.constvars[i].get()] = consts[i];
  for (std::size_t i = 0; i < args.size(); ++i) {
    env[j.invars[i].get()] = args[i];
    active[j.invars[i].get()] = wrt[i] && differentiable(args[i].dtype());
  }
  auto is_active = [&](const Atom &a) {
    if (!std::holds_alternative<Var>(a))
      return false;
    auto it = active.find(std::get<Var>(a).get());
    return it != active.end() && it->second;
  };
  auto read = [&](const Atom &a) -> Array {
    if (auto *l = std::get_if<Literal>(&a))
      return literal_array(*l);
    return env.at(std::get<Var>(a).get());
  };
  tape->eqn_active.resize(j.eqns.size());
  tape->residuals.resize(j.eqns.size());
  std::size_t next_saved = 0;
  for (std::size_t k = 0; k < j.eqns.size(); ++k) {
    const Eqn &e = j.eqns[k];
    std::vector<Array> ins;
    std::vector<bool> wants;
    bool any = false;
    for (const Atom &a : e.invars) {
      ins.push_back(read(a));
      wants.push_back(is_active(a));
      any |= wants.back();
    }
    std::vector<Array> outs;
    bool any_out = false;
    for (const Var &v : e.outvars)
      any_out |= differentiable(v->aval.dtype);
    bool on_path = any && any_out;
    const auto &rules = e.primitive->rules;
    bool is_saved = saved && saved->is_saved(e);
    if (on_path && !rules.vjp_fwd && !rules.vjp)
      throw error(api + ": primitive '" + e.primitive->name +
                  "' has no reverse-mode (vjp) rule");
    if (on_path && rules.vjp_fwd)
      std::tie(outs, tape->residuals[k]) = rules.vjp_fwd(ins, wants, e.params);
    else if (is_saved)
      outs = std::vector<Array>(saved->values.begin() + next_saved,
                                saved->values.begin() + next_saved +
                                    e.outvars.size());
    else
      outs = core::bind(*e.primitive, ins, e.params);
    if (is_saved)
      next_saved += e.outvars.size();
    tape->eqn_active[k] = on_path;
    for (std::size_t i = 0; i < outs.size(); ++i) {
      env[e.outvars[i].get()] = outs[i];
      active[e.outvars[i].get()] =
          on_path && differentiable(outs[i].dtype());
    }
  }
  for (const Atom &a : j.outvars)
    tape->outs.push_back(read(a));
  return tape;
}

std::vector<tangent> vjp_backward(const vjp_tape &tape,
                                  const std::vector<tangent> &out_cts) {
  const Jaxpr &j = *tape.jaxpr;
  std::unordered_map<const var_node *, Array> ct;
  auto is_active = [&](const Atom &a) {
    if (!std::holds_alternative<Var>(a))
      return false;
    auto it = tape.active.find(std::get<Var>(a).get());
    return it != tape.active.end() && it->second;
  };
  auto accumulate = [&](const Var &v, const Array &c) {
    if (c.shape() != v->aval.shape || c.dtype() != v->aval.dtype)
      throw error(tape.api + ": cotangent of type " + c.aval().str() +
                  " for a value of type " + v->aval.str());
    auto it = ct.find(v.get());
    if (it == ct.end())
      ct.emplace(v.get(), c);
    else
      it->second = lax::add(it->second, c);
  };
  for (std::size_t i = 0; i < j.outvars.size(); ++i)
    if (out_cts[i] && is_active(j.outvars[i]))
      accumulate(std::get<Var>(j.outvars[i]), *out_cts[i]);

  for (std::size_t k = j.eqns.size(); k-- > 0;) {
    if (!tape.eqn_active[k])
      continue;
    const Eqn &e = j.eqns[k];
    std::vector<tangent> cts;
    bool any = false;
    for (const Var &v : e.outvars) {
      auto it = ct.find(v.get());
      if (it != ct.end()) {
        cts.push_back(it->second);
        any = true;
      } else {
        cts.push_back(std::nullopt);
      }
    }
    if (!any)
      continue;
    std::vector<bool> wants;
    for (const Atom &a : e.invars)
      wants.push_back(is_active(a));
    std::vector<tangent> cin;
    if (e.primitive->rules.vjp_bwd) {
      cin = e.primitive->rules.vjp_bwd(tape.residuals[k], cts, wants,
                                       e.params);
    } else {
      std::vector<Array> ins, outs;
      for (const Atom &a : e.invars) {
        if (auto *l = std::get_if<Literal>(&a))
          ins.push_back(literal_array(*l));
        else
          ins.push_back(tape.env.at(std::get<Var>(a).get()));
      }
      for (const Var &v : e.outvars)
        outs.push_back(tape.env.at(v.get()));
      cin = e.primitive->rules.vjp(core::vjp_args{ins, outs, cts, e.params,
                                                  wants});
    }
    for (std::size_t i = 0; i < e.invars.size() && i < cin.size(); ++i) {
      if (!wants[i] || !cin[i])
        continue;
      const Var &v = std::get<Var>(e.invars[i]);
      if (cin[i]->shape() != v->aval.shape || cin[i]->dtype() != v->aval.dtype)
        throw error(tape.api + ": internal error: the vjp rule of '" +
                    e.primitive->name + "' gave " + cin[i]->aval().str() +
                    " for an input of type " + v->aval.str());
      accumulate(v, *cin[i]);
    }
  }
  std::vector<tangent> result;
  for (const Var &v : j.invars) {
    auto it = ct.find(v.get());
    result.push_back(it == ct.end() ? tangent() : tangent(it->second));
  }
  return result;
}

} // namespace jx::transforms
