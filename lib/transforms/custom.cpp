// custom.cpp - jx::custom_jvp, jx::custom_vjp and jx::checkpoint on flat
// lists of arrays: trace the function, bind one custom_jvp_call /
// custom_vjp_call / checkpoint equation whose rules
// (lib/primitives/custom.cpp) call the user's. Outside any trace (eager
// mode, no transform), the function simply runs.

#include "jx/custom.h"
#include "core/trace.h"
#include "primitives/rules.h"

#include <atomic>

namespace jx::detail {

namespace {

using core::avals_of;

std::shared_ptr<const opaque_param> as_param(std::shared_ptr<opaque_param> p) {
  return std::shared_ptr<const opaque_param>(std::move(p));
}

std::string rule_shown(const std::string &name, const char *what,
                       int64_t id) {
  return name + "_" + what + "#" + std::to_string(id);
}

/// `prim` (custom_jvp_call or custom_vjp_call) bound on `f` traced over
/// `args`; `p` holds the user's rules, the rest of the params is set here.
std::vector<Array> bind_custom_call(const core::primitive &prim,
                                    const flat_fn &f,
                                    const std::vector<Array> &args,
                                    const std::string &name, params_t p) {
  std::vector<Array> leading;
  auto call = core::trace_closed(f, avals_of(args), leading);
  p["name"] = name;
  p["call_jaxpr"] = call;
  p["num_consts"] = static_cast<int64_t>(leading.size());
  p["symbolic_zeros"] = false;
  leading.insert(leading.end(), args.begin(), args.end());
  return core::bind(prim, leading, std::move(p));
}

} // namespace

int64_t new_custom_rule_id() {
  static std::atomic<int64_t> next{1};
  return next++;
}

std::vector<Array> custom_jvp_flat(const flat_fn &f, const flat_jvp_fn &jvp,
                                   const std::vector<Array> &args,
                                   const std::string &name, int64_t id) {
  if (!core::current_frame())
    return f(args);
  params_t p;
  p["jvp"] = as_param(std::make_shared<core::custom_jvp_rule>(
      jvp, rule_shown(name, "jvp", id)));
  return bind_custom_call(core::custom_jvp_call_p, f, args, name,
                          std::move(p));
}

std::vector<Array> custom_vjp_flat(const flat_fn &f, const flat_fwd_fn &fwd,
                                   const flat_bwd_fn &bwd,
                                   const std::vector<Array> &args,
                                   const std::string &name, int64_t id) {
  if (!core::current_frame())
    return f(args);
  params_t p;
  p["fwd"] = as_param(std::make_shared<core::custom_fwd_rule>(
      fwd, rule_shown(name, "fwd", id)));
  p["bwd"] = as_param(std::make_shared<core::custom_bwd_rule>(
      bwd, rule_shown(name, "bwd", id)));
  return bind_custom_call(core::custom_vjp_call_p, f, args, name,
                          std::move(p));
}

std::vector<Array> checkpoint_flat(const flat_fn &f,
                                   const std::vector<Array> &args,
                                   std::optional<checkpoint_policy> policy) {
  if (!core::current_frame())
    return f(args);
  std::vector<Array> leading;
  auto j = core::trace_closed(f, avals_of(args), leading);
  params_t p;
  p["jaxpr"] = j;
  if (!policy)
    p["policy"] = none_t{};
  else if (*policy == checkpoint_policy::dots_saveable)
    p["policy"] = std::string("dots_saveable");
  else if (*policy == checkpoint_policy::everything_saveable)
    p["policy"] = std::string("everything_saveable");
  else
    p["policy"] = std::string("nothing_saveable");
  p["prevent_cse"] = true;
  p["differentiated"] = false;
  leading.insert(leading.end(), args.begin(), args.end());
  return core::bind(core::checkpoint_p, leading, std::move(p));
}

} // namespace jx::detail
