// batch.cpp - vmap's interpreter: each equation with a batched operand
// goes through its primitive's batching rule; the others run unchanged.

#include "transforms/interpret.h"

#include "primitives/batching.h"
#include "primitives/collective.h"

namespace jx::transforms {

std::pair<std::vector<Array>, std::vector<batch_dim>>
batch_jaxpr(const ClosedJaxpr &cj, const std::vector<Array> &args,
            const std::vector<batch_dim> &dims, const std::string &api) {
  const Jaxpr &j = *cj.jaxpr;
  std::unordered_map<const var_node *, std::pair<Array, batch_dim>> env;
  std::vector<Array> consts = const_arrays(cj);
  for (std::size_t i = 0; i < j.constvars.size(); ++i)
    env[j.constvars[i].get()] = {consts[i], std::nullopt};
  for (std::size_t i = 0; i < args.size(); ++i)
    env[j.invars[i].get()] = {args[i], dims[i]};
  auto read = [&](const Atom &a) -> std::pair<Array, batch_dim> {
    if (auto *l = std::get_if<Literal>(&a))
      return {literal_array(*l), std::nullopt};
    return env.at(std::get<Var>(a).get());
  };
  const core::named_batch *named = core::current_named_batch();
  for (const Eqn &e : j.eqns) {
    std::vector<Array> ins;
    std::vector<batch_dim> in_dims;
    bool any = false;
    for (const Atom &a : e.invars) {
      auto [x, d] = read(a);
      ins.push_back(x);
      in_dims.push_back(d);
      any |= d.has_value();
    }
    std::vector<Array> outs;
    std::vector<batch_dim> out_dims;
    if (!any && !(named && core::collective_over(e, named->name))) {
      outs = core::bind(*e.primitive, ins, e.params);
      out_dims.assign(outs.size(), std::nullopt);
    } else {
      if (!e.primitive->rules.batch)
        throw error(api + ": primitive '" + e.primitive->name +
                    "' has no batching rule");
      std::tie(outs, out_dims) = e.primitive->rules.batch(ins, in_dims, e.params);
    }
    for (std::size_t k = 0; k < outs.size(); ++k) {
      // The rule's output, one example at a time, must have the type the
      // equation says: a wrong rule fails here, naming itself.
      shape_t per = outs[k].shape();
      if (out_dims[k]) {
        if (*out_dims[k] < 0 || *out_dims[k] >= outs[k].ndim())
          throw error(api + ": internal error: the batching rule of '" +
                      e.primitive->name + "' gave batch dim " +
                      std::to_string(*out_dims[k]) + " for " +
                      outs[k].aval().str());
        per.erase(per.begin() + *out_dims[k]);
      }
      const shaped_array &want = e.outvars[k]->aval;
      if (per != want.shape || outs[k].dtype() != want.dtype)
        throw error(api + ": internal error: the batching rule of '" +
                    e.primitive->name + "' gave " + outs[k].aval().str() +
                    " (batch dim " +
                    (out_dims[k] ? std::to_string(*out_dims[k]) : "none") +
                    ") for a value of type " + want.str());
      env[e.outvars[k].get()] = {outs[k], out_dims[k]};
    }
  }
  std::vector<Array> outs;
  std::vector<batch_dim> out_dims;
  for (const Atom &a : j.outvars) {
    auto [x, d] = read(a);
    outs.push_back(x);
    out_dims.push_back(d);
  }
  return {outs, out_dims};
}

} // namespace jx::transforms
