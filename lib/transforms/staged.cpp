// staged.cpp - jit of a function whose jaxpr has shard_map equations at
// its top level (pmap or shard_map called under jit, grad of a pmapped
// loss under jit): the equations between them are compiled as programs
// for jit's device, and each shard_map runs on its devices, in order.
// Lowering such a jaxpr as one module (Lowered, export) runs the
// shard_maps as named vmaps instead (lib/primitives/shard_map.cpp); a
// shard_map inside a loop or a branch is lowered that way too.

#include "transforms/compile.h"

#include "core/trace.h"
#include "primitives/shard_map.h"
#include "transforms/interpret.h"

#include <unordered_map>
#include <unordered_set>

namespace jx::transforms {

struct staged_plan {
  struct stage {
    std::shared_ptr<const compiled> part; // null: `eqn` is a shard_map
    Eqn eqn;
    std::vector<Atom> ins;
    std::vector<Var> outs;
  };
  std::shared_ptr<const Jaxpr> jaxpr; // keeps the variables alive
  std::vector<Array> consts;
  std::vector<stage> stages;
};

bool has_shard_map(const Jaxpr &j) {
  for (const Eqn &e : j.eqns)
    if (e.primitive == &core::shard_map_p)
      return true;
  return false;
}

std::shared_ptr<const staged_plan> plan_stages(const ClosedJaxpr &cj,
                                               const std::string &name,
                                               const std::string &device) {
  const Jaxpr &j = *cj.jaxpr;
  auto plan = std::make_shared<staged_plan>();
  plan->jaxpr = cj.jaxpr;
  plan->consts = const_arrays(cj);
  std::unordered_map<const var_node *, std::size_t> const_index;
  for (std::size_t i = 0; i < j.constvars.size(); ++i)
    const_index[j.constvars[i].get()] = i;
  // Where each variable is last read: by equation index, or past the end
  // for the outputs.
  std::unordered_map<const var_node *, std::size_t> last_use;
  for (std::size_t k = 0; k < j.eqns.size(); ++k)
    for (const Atom &a : j.eqns[k].invars)
      if (const Var *v = std::get_if<Var>(&a))
        last_use[v->get()] = k;
  for (const Atom &a : j.outvars)
    if (const Var *v = std::get_if<Var>(&a))
      last_use[v->get()] = j.eqns.size();

  for (std::size_t k = 0; k < j.eqns.size();) {
    if (j.eqns[k].primitive == &core::shard_map_p) {
      staged_plan::stage s;
      s.eqn = j.eqns[k];
      s.ins = s.eqn.invars;
      s.outs = s.eqn.outvars;
      plan->stages.push_back(std::move(s));
      ++k;
      continue;
    }
    // A run of other equations: one program. Its inputs are what it reads
    // from outside (constants stay constants of the program); its outputs
    // what is read after it.
    std::size_t end = k;
    while (end < j.eqns.size() && j.eqns[end].primitive != &core::shard_map_p)
      ++end;
    auto part = std::make_shared<Jaxpr>();
    ClosedJaxpr closed;
    std::unordered_set<const var_node *> defined, seen;
    staged_plan::stage s;
    for (std::size_t e = k; e < end; ++e) {
      for (const Atom &a : j.eqns[e].invars) {
        const Var *v = std::get_if<Var>(&a);
        if (!v || defined.count(v->get()) || !seen.insert(v->get()).second)
          continue;
        auto c = const_index.find(v->get());
        if (c != const_index.end()) {
          part->constvars.push_back(*v);
          closed.consts.push_back(cj.consts[c->second]);
        } else {
          part->invars.push_back(*v);
          s.ins.push_back(*v);
        }
      }
      for (const Var &v : j.eqns[e].outvars)
        defined.insert(v.get());
      part->eqns.push_back(j.eqns[e]);
    }
    for (std::size_t e = k; e < end; ++e)
      for (const Var &v : j.eqns[e].outvars) {
        auto u = last_use.find(v.get());
        if (u != last_use.end() && u->second >= end) {
          part->outvars.push_back(v);
          s.outs.push_back(v);
        }
      }
    if (!s.outs.empty()) {
      closed.jaxpr = part;
      s.part = compile(closed,
                       name + "_part" + std::to_string(plan->stages.size()),
                       device);
      plan->stages.push_back(std::move(s));
    }
    k = end;
  }
  return plan;
}

std::vector<Array> run_stages(const staged_plan &plan,
                              const std::vector<Array> &args) {
  const Jaxpr &j = *plan.jaxpr;
  std::unordered_map<const var_node *, Array> env;
  for (std::size_t i = 0; i < j.invars.size(); ++i)
    env[j.invars[i].get()] = args[i];
  for (std::size_t i = 0; i < j.constvars.size(); ++i)
    env[j.constvars[i].get()] = plan.consts[i];
  auto read = [&](const Atom &a) -> Array {
    if (const Literal *l = std::get_if<Literal>(&a))
      return literal_array(*l);
    return env.at(std::get<Var>(a).get());
  };
  for (const staged_plan::stage &s : plan.stages) {
    std::vector<Array> ins;
    for (const Atom &a : s.ins)
      ins.push_back(read(a));
    std::vector<Array> outs =
        s.part ? execute(*s.part, ins)
               : core::bind(*s.eqn.primitive, ins, s.eqn.params);
    for (std::size_t i = 0; i < outs.size(); ++i)
      env[s.outs[i].get()] = outs[i];
  }
  std::vector<Array> result;
  for (const Atom &a : j.outvars)
    result.push_back(read(a));
  return result;
}

} // namespace jx::transforms
