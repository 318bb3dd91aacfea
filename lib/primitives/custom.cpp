// custom.cpp - custom_jvp_call, custom_vjp_call and checkpoint: functions
// that carry their own differentiation rules or recompute their forward
// pass in reverse mode. Each holds its function as a jaxpr parameter and
// lowers by inlining it; the rules are the interesting part
// (docs/custom-rules.md).
//
//   custom_jvp_call[name=f call_jaxpr={...} jvp=f_jvp#1 symbolic_zeros=False]
//   custom_vjp_call[name=f bwd=f_bwd#2 call_jaxpr={...} fwd=f_fwd#2 ...]
//   remat2[differentiated=False jaxpr={...} policy=None prevent_cse=True]
//
// Inputs of the custom calls: `num_consts` values the function closes over
// (never seen by the user's rules), then the arguments.

#include "core/trace.h"
#include "frontend/lowering.h"
#include "jx/lax.h"
#include "jx/vmap.h"
#include "primitives/batching.h"
#include "primitives/rules.h"
#include "transforms/interpret.h"

#include <unordered_set>

namespace jx::core {

namespace {

const ClosedJaxpr &jaxpr_param(const params_t &p, const std::string &k) {
  return *std::get<std::shared_ptr<const ClosedJaxpr>>(p.at(k));
}

std::vector<shaped_array> call_abstract_eval(const std::vector<shaped_array> &in,
                                             const ClosedJaxpr &j,
                                             const std::string &prim) {
  std::vector<shaped_array> want = j.in_avals();
  bool ok = want.size() == in.size();
  for (std::size_t i = 0; ok && i < in.size(); ++i)
    ok = in[i].shape == want[i].shape && in[i].dtype == want[i].dtype;
  if (!ok)
    throw error("jx::" + prim + ": operands " + avals_str(in) +
                " do not match the inputs of its jaxpr: " + avals_str(want));
  return j.out_avals();
}

/// Lowers a call by inlining its jaxpr.
std::vector<mlir::Value> lower_call(frontend::lowering_context &ctx,
                                    const std::vector<mlir::Value> &in,
                                    const ClosedJaxpr &j) {
  std::vector<mlir::Value> args;
  for (const runtime::host_buffer &c : j.consts)
    args.push_back(ctx.constant(c));
  args.insert(args.end(), in.begin(), in.end());
  return ctx.lower_jaxpr(*j.jaxpr, args);
}

bool hide_num_consts(const std::string &name, const param &) {
  return name != "num_consts";
}

} // namespace

const primitive custom_jvp_call_p{
    "custom_jvp_call",
    [](const std::vector<shaped_array> &in, const params_t &p) {
      return call_abstract_eval(in, jaxpr_param(p, "call_jaxpr"),
                                "custom_jvp_call");
    },
    [](frontend::lowering_context &ctx, const std::vector<mlir::Value> &in,
       const Eqn &e) {
      return lower_call(ctx, in, jaxpr_param(e.params, "call_jaxpr"));
    },
    hide_num_consts};

const primitive custom_vjp_call_p{
    "custom_vjp_call",
    [](const std::vector<shaped_array> &in, const params_t &p) {
      return call_abstract_eval(in, jaxpr_param(p, "call_jaxpr"),
                                "custom_vjp_call");
    },
    [](frontend::lowering_context &ctx, const std::vector<mlir::Value> &in,
       const Eqn &e) {
      return lower_call(ctx, in, jaxpr_param(e.params, "call_jaxpr"));
    },
    hide_num_consts};

// JAX's checkpoint primitive prints as `remat2`.
const primitive checkpoint_p{
    "remat2",
    [](const std::vector<shaped_array> &in, const params_t &p) {
      return call_abstract_eval(in, jaxpr_param(p, "jaxpr"), "checkpoint");
    },
    [](frontend::lowering_context &ctx, const std::vector<mlir::Value> &in,
       const Eqn &e) { return lower_call(ctx, in, jaxpr_param(e.params, "jaxpr")); }};

std::shared_ptr<const ClosedJaxpr> trace_closed(
    const std::function<std::vector<Array>(const std::vector<Array> &)> &f,
    const std::vector<shaped_array> &avals, std::vector<Array> &leading) {
  traced_jaxpr t = trace_with_captures(f, avals);
  auto j = std::make_shared<Jaxpr>(*t.jaxpr.jaxpr);
  // Constants first, then captured values (already leading invars).
  for (const runtime::host_buffer &c : t.jaxpr.consts)
    leading.push_back(make_concrete(c, /*weak_type=*/false));
  leading.insert(leading.end(), t.captured.begin(), t.captured.end());
  j->invars.insert(j->invars.begin(), j->constvars.begin(), j->constvars.end());
  j->constvars.clear();
  auto closed = std::make_shared<ClosedJaxpr>();
  closed->jaxpr = std::move(j);
  return closed;
}

} // namespace jx::core

// --- transformation rules ----------------------------------------------------
//
// custom_jvp_call: forward mode calls the user's rule; reverse mode is the
// vjp of the rule's tangent map t -> jvp_rule(primals, t).tangents (linear
// in t) at the primal point; batching batches the call and vmaps the rule.
// custom_vjp_call: reverse mode runs the user's fwd and bwd; no forward
// mode (as in JAX). checkpoint: reverse mode keeps the inputs (and what the
// policy saves) and recomputes the rest in the backward pass; jvp and
// batching transform its jaxpr and keep it a checkpoint.

namespace jx::core {
namespace {

using transforms::differentiable;

const std::string &name_param(const params_t &p) {
  return std::get<std::string>(p.at("name"));
}
std::size_t num_consts(const params_t &p) {
  return static_cast<std::size_t>(std::get<int64_t>(p.at("num_consts")));
}
template <class T> const T &opaque(const params_t &p, const std::string &k) {
  return static_cast<const T &>(
      *std::get<std::shared_ptr<const opaque_param>>(p.at(k)));
}

shaped_array strong(shaped_array a) {
  a.weak_type = false;
  return a;
}
bool same_type(const shaped_array &a, const shaped_array &b) {
  return a.shape == b.shape && a.dtype == b.dtype;
}
std::vector<Array> slice(const std::vector<Array> &v, std::size_t begin,
                         std::size_t end) {
  return std::vector<Array>(v.begin() + begin, v.begin() + end);
}
std::vector<Array> concat(std::vector<Array> a, const std::vector<Array> &b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

/// Values a custom function closes over are not differentiated: their
/// tangents or cotangents would need the user's rule to know them.
void check_consts_inactive(const std::string &api, const std::string &name,
                           const std::vector<Array> &primals,
                           std::size_t n_consts,
                           const std::function<bool(std::size_t)> &active) {
  for (std::size_t i = 0; i < n_consts; ++i)
    if (active(i) && differentiable(primals[i].dtype()))
      throw error(api + ": the function '" + name +
                  "' closes over a value of type " + primals[i].aval().str() +
                  " that is being differentiated; its rules only see their "
                  "arguments: pass the value as an argument");
}

/// Checks what a user rule returned against the types it must have:
/// `what` names the values ("primal output", "tangent output", ...).
void check_leaves(const std::string &api, const std::string &rule,
                  const std::string &what, const std::vector<Array> &got,
                  const std::vector<shaped_array> &want,
                  const std::vector<shaped_array> *of = nullptr) {
  if (got.size() != want.size())
    throw error(api + ": the " + rule + " returned " +
                std::to_string(got.size()) + " " + what + " leaves; " +
                std::to_string(want.size()) + " expected (" +
                avals_str(want) + ")");
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (of && !differentiable((*of)[i].dtype))
      continue;
    if (!same_type(got[i].aval(), want[i]))
      throw error(api + ": the " + rule + " returned a " + what + " of type " +
                  got[i].aval().str() + " for " +
                  (of ? "a primal of type " + (*of)[i].str()
                      : "a value of type " + want[i].str()) +
                  " (leaf " + std::to_string(i) +
                  "); it must have the same shape and dtype");
  }
}

std::vector<shaped_array> tangent_avals(const std::vector<shaped_array> &a) {
  std::vector<shaped_array> out;
  for (const shaped_array &x : a)
    out.push_back(strong(x));
  return out;
}

/// Removes the equations whose outputs are not used (jaxprs have no side
/// effects).
std::shared_ptr<const ClosedJaxpr> dce(const ClosedJaxpr &cj) {
  const Jaxpr &j = *cj.jaxpr;
  std::unordered_set<const var_node *> live;
  for (const Atom &a : j.outvars)
    if (const Var *v = std::get_if<Var>(&a))
      live.insert(v->get());
  std::vector<bool> keep(j.eqns.size());
  for (std::size_t k = j.eqns.size(); k-- > 0;) {
    for (const Var &v : j.eqns[k].outvars)
      keep[k] = keep[k] || live.count(v.get());
    if (keep[k])
      for (const Atom &a : j.eqns[k].invars)
        if (const Var *v = std::get_if<Var>(&a))
          live.insert(v->get());
  }
  auto out = std::make_shared<Jaxpr>(j);
  out->eqns.clear();
  for (std::size_t k = 0; k < j.eqns.size(); ++k)
    if (keep[k])
      out->eqns.push_back(j.eqns[k]);
  auto closed = std::make_shared<ClosedJaxpr>(cj);
  closed->jaxpr = std::move(out);
  return closed;
}

/// Batching: every batched argument moved to axis 0.
struct moved_args {
  std::vector<Array> args;
  std::vector<batch_dim> dims; // 0 or nullopt
  int64_t size;
};
moved_args move_to_front(const std::vector<Array> &args,
                         const std::vector<batch_dim> &dims) {
  moved_args m;
  m.size = batch_size(args, dims);
  for (std::size_t i = 0; i < args.size(); ++i) {
    m.args.push_back(dims[i] ? move_axis(args[i], *dims[i], 0) : args[i]);
    m.dims.push_back(dims[i] ? batch_dim(0) : std::nullopt);
  }
  return m;
}

/// `j` batched: a jaxpr over the moved arguments whose outputs all have
/// the batch at axis 0; its closed-over values are appended to `leading`.
std::shared_ptr<const ClosedJaxpr> batch_call(const ClosedJaxpr &j,
                                              const moved_args &m,
                                              std::vector<Array> &leading) {
  ClosedJaxpr call = j;
  std::vector<batch_dim> dims = m.dims;
  int64_t size = m.size;
  auto h = [call, dims, size](const std::vector<Array> &xs) {
    auto [outs, out_dims] =
        transforms::batch_jaxpr(call, xs, dims, "jx::vmap");
    for (std::size_t i = 0; i < outs.size(); ++i)
      outs[i] = batch_at(outs[i], out_dims[i], size, 0);
    return outs;
  };
  return trace_closed(h, avals_of(m.args), leading);
}

/// Batching a custom_jvp or custom_vjp call (`kind`): its constants must be
/// unbatched; the arguments moved to axis 0 and the call batched.
struct batched_custom {
  std::size_t nc;
  moved_args m;
  std::vector<Array> leading; // what the batched call closes over
  std::shared_ptr<const ClosedJaxpr> call;
};
batched_custom batch_custom_call(const std::string &kind,
                                 const std::vector<Array> &in,
                                 const std::vector<batch_dim> &dims,
                                 const params_t &p) {
  const std::string &name = name_param(p);
  std::size_t nc = num_consts(p);
  for (std::size_t i = 0; i < nc; ++i)
    if (dims[i])
      throw error("jx::vmap: the " + kind + " function '" + name +
                  "' closes over a value of type " + in[i].aval().str() +
                  " batched by vmap; pass it as an argument");
  batched_custom b{nc, move_to_front(in, dims), {}, nullptr};
  b.call = batch_call(jaxpr_param(p, "call_jaxpr"), b.m, b.leading);
  return b;
}

/// `prim` bound on the batched call (params `np` but for the call and its
/// constants), every output at axis 0.
std::pair<std::vector<Array>, std::vector<batch_dim>>
bind_batched(const primitive &prim,
             const std::shared_ptr<const ClosedJaxpr> &call,
             const std::vector<Array> &leading, const moved_args &m,
             std::size_t nc, params_t np) {
  np["call_jaxpr"] = call;
  np["num_consts"] = static_cast<int64_t>(leading.size() + nc);
  std::vector<Array> outs = core::bind(prim, concat(leading, m.args), np);
  return std::make_pair(outs, std::vector<batch_dim>(outs.size(), 0));
}

std::vector<axis_spec> axes_of(const std::vector<batch_dim> &d) {
  return std::vector<axis_spec>(d.begin(), d.end());
}

std::string batched_name(const std::string &shown) {
  return "vmap(" + shown + ")";
}

// --- custom_jvp_call ----------------------------------------------------------

const set_rules custom_jvp_rules(custom_jvp_call_p, [](transform_rules &r) {
  r.jvp_full = [](const std::vector<Array> &primals,
                  const std::vector<tangent> &tangents, const params_t &p) {
    const std::string api = "jx::custom_jvp";
    const std::string &name = name_param(p);
    std::size_t nc = num_consts(p);
    check_consts_inactive(api, name, primals, nc,
                          [&](std::size_t i) { return tangents[i].has_value(); });
    const ClosedJaxpr &call = jaxpr_param(p, "call_jaxpr");
    std::vector<Array> args = slice(primals, nc, primals.size());
    std::vector<Array> ts;
    for (std::size_t i = nc; i < primals.size(); ++i)
      ts.push_back(tangents[i] ? *tangents[i] : zeros(strong(primals[i].aval())));
    auto [outs, touts] = opaque<custom_jvp_rule>(p, "jvp").rule(args, ts);
    std::vector<shaped_array> out_avals = call.out_avals();
    std::string rule = "jvp rule of '" + name + "'";
    check_leaves(api, rule, "primal output", outs, out_avals);
    check_leaves(api, rule, "tangent output", touts,
                 tangent_avals(out_avals), &out_avals);
    std::vector<tangent> result;
    for (std::size_t i = 0; i < touts.size(); ++i)
      result.push_back(differentiable(out_avals[i].dtype) ? tangent(touts[i])
                                                          : std::nullopt);
    return std::make_pair(outs, result);
  };

  // Reverse mode: the cotangents are the vjp of the rule's tangent map at
  // the primal point. The map is traced (and dead code, such as the rule's
  // primal outputs, removed), then run through the reverse-mode
  // interpreter at zero tangents (it is linear: the point does not matter).
  r.vjp = [](const vjp_args &a) {
    const std::string api = "jx::custom_jvp";
    const std::string &name = name_param(a.params);
    std::size_t nc = num_consts(a.params);
    check_consts_inactive(api, name, a.primals, nc,
                          [&](std::size_t i) { return a.wants[i]; });
    const ClosedJaxpr &call = jaxpr_param(a.params, "call_jaxpr");
    std::vector<Array> args = slice(a.primals, nc, a.primals.size());
    const flat_jvp_rule &rule = opaque<custom_jvp_rule>(a.params, "jvp").rule;
    std::vector<shaped_array> out_avals = call.out_avals();
    auto g = [&](const std::vector<Array> &ts) {
      auto [outs, touts] = rule(args, ts);
      std::string what = "jvp rule of '" + name + "'";
      check_leaves(api, what, "primal output", outs, out_avals);
      check_leaves(api, what, "tangent output", touts,
                   tangent_avals(out_avals), &out_avals);
      return touts;
    };
    std::vector<shaped_array> tavals = tangent_avals(avals_of(args));
    traced_jaxpr t = trace_with_captures(g, tavals);
    std::shared_ptr<const ClosedJaxpr> lin = dce(t.jaxpr);
    std::vector<Array> ins = t.captured;
    std::vector<bool> wrt(t.captured.size(), false);
    for (std::size_t i = 0; i < tavals.size(); ++i) {
      ins.push_back(zeros(tavals[i]));
      wrt.push_back(a.wants[nc + i]);
    }
    auto tape = transforms::vjp_forward(*lin, ins, wrt, api);
    std::vector<tangent> cts;
    for (std::size_t i = 0; i < a.cts.size(); ++i)
      cts.push_back(differentiable(out_avals[i].dtype) ? a.cts[i]
                                                        : std::nullopt);
    std::vector<tangent> cin = transforms::vjp_backward(*tape, cts);
    std::vector<tangent> result(nc);
    for (std::size_t i = 0; i < tavals.size(); ++i)
      result.push_back(a.wants[nc + i] ? cin[t.captured.size() + i]
                                       : std::nullopt);
    return result;
  };

  // Batching: the call batched, and the rule vmapped over the same axes
  // (primals and tangents alike), every output at axis 0.
  r.batch = [](const std::vector<Array> &in, const std::vector<batch_dim> &dims,
               const params_t &p) {
    auto [nc, m, leading, call] = batch_custom_call("custom_jvp", in, dims, p);
    const custom_jvp_rule &old = opaque<custom_jvp_rule>(p, "jvp");
    flat_jvp_rule user = old.rule;
    std::vector<axis_spec> axes = axes_of(
        std::vector<batch_dim>(m.dims.begin() + nc, m.dims.end()));
    std::vector<axis_spec> both = axes;
    both.insert(both.end(), axes.begin(), axes.end());
    flat_jvp_rule batched = [user, both](const std::vector<Array> &ps,
                                         const std::vector<Array> &ts) {
      std::size_t n_out = 0;
      auto g = [&](const std::vector<Array> &pt) {
        std::size_t n = pt.size() / 2;
        auto [o, to] = user(slice(pt, 0, n), slice(pt, n, pt.size()));
        n_out = o.size();
        return concat(o, to);
      };
      std::vector<Array> r = detail::vmap_flat(g, concat(ps, ts), both, 0,
                                               "jx::vmap");
      return std::make_pair(slice(r, 0, n_out), slice(r, n_out, r.size()));
    };
    params_t np = p;
    np["jvp"] = std::shared_ptr<const opaque_param>(
        std::make_shared<custom_jvp_rule>(batched, batched_name(old.shown)));
    return bind_batched(custom_jvp_call_p, call, leading, m, nc, np);
  };
});

// --- custom_vjp_call ----------------------------------------------------------

const set_rules custom_vjp_rules(custom_vjp_call_p, [](transform_rules &r) {
  r.jvp_full = [](const std::vector<Array> &, const std::vector<tangent> &,
                  const params_t &p) -> std::pair<std::vector<Array>,
                                                  std::vector<tangent>> {
    throw error("jx::jvp: can't apply forward-mode autodiff (jvp, jacfwd, "
                "linearize) to the custom_vjp function '" +
                name_param(p) +
                "': custom_vjp functions do not support forward mode; use "
                "reverse mode (grad, vjp, jacrev), or jx::custom_jvp");
  };
  r.vjp_fwd = [](const std::vector<Array> &primals,
                 const std::vector<bool> &wants, const params_t &p) {
    const std::string api = "jx::custom_vjp";
    const std::string &name = name_param(p);
    std::size_t nc = num_consts(p);
    check_consts_inactive(api, name, primals, nc,
                          [&](std::size_t i) { return bool(wants[i]); });
    auto [outs, res] = opaque<custom_fwd_rule>(p, "fwd").rule(
        slice(primals, nc, primals.size()));
    check_leaves(api, "fwd rule of '" + name + "'", "primal output", outs,
                 jaxpr_param(p, "call_jaxpr").out_avals());
    return std::make_pair(outs, res);
  };
  r.vjp_bwd = [](const std::vector<Array> &res, const std::vector<tangent> &cts,
                 const std::vector<bool> &wants, const params_t &p) {
    const std::string api = "jx::custom_vjp";
    const std::string &name = name_param(p);
    std::size_t nc = num_consts(p);
    const ClosedJaxpr &call = jaxpr_param(p, "call_jaxpr");
    std::vector<shaped_array> out_avals = call.out_avals();
    std::vector<Array> full;
    for (std::size_t i = 0; i < cts.size(); ++i)
      full.push_back(cts[i] ? *cts[i] : zeros(strong(out_avals[i])));
    std::vector<Array> cin = opaque<custom_bwd_rule>(p, "bwd").rule(res, full);
    std::vector<shaped_array> in_avals = call.in_avals();
    in_avals.erase(in_avals.begin(), in_avals.begin() + nc);
    check_leaves(api, "bwd rule of '" + name + "'", "cotangent", cin,
                 tangent_avals(in_avals), &in_avals);
    std::vector<tangent> result(nc);
    for (std::size_t i = 0; i < cin.size(); ++i)
      result.push_back(wants[nc + i] && differentiable(in_avals[i].dtype)
                           ? tangent(cin[i])
                           : std::nullopt);
    return result;
  };
  // Batching: the call batched; fwd and bwd vmapped, residuals and every
  // output at axis 0; the cotangent of an unbatched argument is summed
  // over the batch.
  r.batch = [](const std::vector<Array> &in, const std::vector<batch_dim> &dims,
               const params_t &p) {
    auto [nc, m, leading, call] = batch_custom_call("custom_vjp", in, dims, p);
    const custom_fwd_rule &old_fwd = opaque<custom_fwd_rule>(p, "fwd");
    const custom_bwd_rule &old_bwd = opaque<custom_bwd_rule>(p, "bwd");
    flat_fwd_rule fwd = old_fwd.rule;
    flat_bwd_rule bwd = old_bwd.rule;
    std::vector<batch_dim> arg_dims(m.dims.begin() + nc, m.dims.end());
    std::size_t n_out = call->out_avals().size();
    auto n_res = std::make_shared<std::size_t>(0);
    flat_fwd_rule bfwd = [fwd, arg_dims, n_out,
                          n_res](const std::vector<Array> &ps) {
      auto g = [&](const std::vector<Array> &xs) {
        auto [o, res] = fwd(xs);
        *n_res = res.size();
        return concat(o, res);
      };
      std::vector<Array> r = detail::vmap_flat(g, ps, axes_of(arg_dims), 0,
                                               "jx::vmap");
      return std::make_pair(slice(r, 0, n_out), slice(r, n_out, r.size()));
    };
    flat_bwd_rule bbwd = [bwd, arg_dims, n_res](const std::vector<Array> &res,
                                                const std::vector<Array> &cts) {
      auto h = [&](const std::vector<Array> &rc) {
        return bwd(slice(rc, 0, *n_res), slice(rc, *n_res, rc.size()));
      };
      std::vector<Array> cin = detail::vmap_flat(
          h, concat(res, cts),
          std::vector<axis_spec>(res.size() + cts.size(), 0), 0, "jx::vmap");
      for (std::size_t i = 0; i < cin.size() && i < arg_dims.size(); ++i)
        if (!arg_dims[i])
          cin[i] = lax::reduce_sum(cin[i], {0});
      return cin;
    };
    params_t np = p;
    np["fwd"] = std::shared_ptr<const opaque_param>(
        std::make_shared<custom_fwd_rule>(bfwd, batched_name(old_fwd.shown)));
    np["bwd"] = std::shared_ptr<const opaque_param>(
        std::make_shared<custom_bwd_rule>(bbwd, batched_name(old_bwd.shown)));
    return bind_batched(custom_vjp_call_p, call, leading, m, nc, np);
  };
});

// --- checkpoint ---------------------------------------------------------------

/// Whether the policy saves the outputs of `e` for the backward pass.
bool saveable(const params_t &p, const Eqn &e) {
  const param &policy = p.at("policy");
  if (std::holds_alternative<none_t>(policy))
    return false;
  const std::string &name = std::get<std::string>(policy);
  if (name == "everything_saveable")
    return true;
  if (name == "dots_saveable")
    return e.primitive == &dot_general_p;
  return false; // nothing_saveable
}

/// The reverse-mode tape of `cj` on `args`, recomputing every value but
/// those the policy saved (`saved`, in equation order).
std::shared_ptr<transforms::vjp_tape>
recompute_tape(const ClosedJaxpr &cj, const params_t &p,
               const std::vector<Array> &args, const std::vector<bool> &wrt,
               const std::vector<Array> &saved, const std::string &api) {
  transforms::saved_outputs s{[&](const Eqn &e) { return saveable(p, e); },
                              saved};
  return transforms::vjp_forward(cj, args, wrt, api, &s);
}

const set_rules checkpoint_rules(checkpoint_p, [](transform_rules &r) {
  // Forward: the outputs; residuals: the inputs, then what the policy saves.
  r.vjp_fwd = [](const std::vector<Array> &primals, const std::vector<bool> &,
                 const params_t &p) {
    const ClosedJaxpr &cj = jaxpr_param(p, "jaxpr");
    const Jaxpr &j = *cj.jaxpr;
    std::unordered_map<const var_node *, Array> env;
    std::vector<Array> consts = transforms::const_arrays(cj);
    for (std::size_t i = 0; i < j.constvars.size(); ++i)
      env[j.constvars[i].get()] = consts[i];
    for (std::size_t i = 0; i < primals.size(); ++i)
      env[j.invars[i].get()] = primals[i];
    auto read = [&](const Atom &a) -> Array {
      if (auto *l = std::get_if<Literal>(&a))
        return transforms::literal_array(*l);
      return env.at(std::get<Var>(a).get());
    };
    std::vector<Array> residuals = primals;
    for (const Eqn &e : j.eqns) {
      std::vector<Array> ins;
      for (const Atom &a : e.invars)
        ins.push_back(read(a));
      std::vector<Array> outs = core::bind(*e.primitive, ins, e.params);
      if (saveable(p, e))
        residuals.insert(residuals.end(), outs.begin(), outs.end());
      for (std::size_t k = 0; k < outs.size(); ++k)
        env[e.outvars[k].get()] = outs[k];
    }
    std::vector<Array> outs;
    for (const Atom &a : j.outvars)
      outs.push_back(read(a));
    return std::make_pair(outs, residuals);
  };
  // Backward: recompute the forward pass from the residuals, then its vjp.
  r.vjp_bwd = [](const std::vector<Array> &res, const std::vector<tangent> &cts,
                 const std::vector<bool> &wants, const params_t &p) {
    const ClosedJaxpr &cj = jaxpr_param(p, "jaxpr");
    std::size_t n = cj.jaxpr->invars.size();
    auto tape = recompute_tape(cj, p, slice(res, 0, n), wants,
                               slice(res, n, res.size()), "jx::checkpoint");
    std::vector<tangent> cin = transforms::vjp_backward(*tape, cts);
    for (std::size_t i = 0; i < cin.size(); ++i)
      if (!wants[i])
        cin[i] = std::nullopt;
    return cin;
  };
  // jvp: a checkpoint of the jvp of its jaxpr (inputs: primals, then the
  // non-zero tangents; outputs: primals, then the differentiable outputs'
  // tangents).
  r.jvp_full = [](const std::vector<Array> &primals,
                  const std::vector<tangent> &tangents, const params_t &p) {
    ClosedJaxpr cj = jaxpr_param(p, "jaxpr");
    std::vector<shaped_array> out_avals = cj.out_avals();
    std::vector<std::size_t> with;
    std::vector<Array> ins = primals;
    for (std::size_t i = 0; i < tangents.size(); ++i)
      if (tangents[i]) {
        with.push_back(i);
        ins.push_back(*tangents[i]);
      }
    std::size_t n = primals.size();
    auto h = [cj, with, n, out_avals](const std::vector<Array> &xs) {
      std::vector<tangent> ts(n);
      for (std::size_t k = 0; k < with.size(); ++k)
        ts[with[k]] = xs[n + k];
      auto [outs, touts] =
          transforms::jvp_jaxpr(cj, slice(xs, 0, n), ts, "jx::jvp");
      // Tangents are appended to `outs`: loop over the primal outputs only.
      for (std::size_t i = 0; i < out_avals.size(); ++i)
        if (differentiable(out_avals[i].dtype))
          outs.push_back(touts[i] ? *touts[i] : zeros(strong(out_avals[i])));
      return outs;
    };
    std::vector<Array> leading;
    auto j = trace_closed(h, avals_of(ins), leading);
    params_t np = p;
    np["jaxpr"] = j;
    std::vector<Array> r = core::bind(checkpoint_p, concat(leading, ins), np);
    std::vector<Array> outs = slice(r, 0, out_avals.size());
    std::vector<tangent> touts;
    std::size_t next = out_avals.size();
    for (const shaped_array &a : out_avals)
      touts.push_back(differentiable(a.dtype) ? tangent(r[next++])
                                              : std::nullopt);
    return std::make_pair(outs, touts);
  };
  r.batch = [](const std::vector<Array> &in, const std::vector<batch_dim> &dims,
               const params_t &p) {
    moved_args m = move_to_front(in, dims);
    std::vector<Array> leading;
    params_t np = p;
    np["jaxpr"] = batch_call(jaxpr_param(p, "jaxpr"), m, leading);
    std::vector<Array> outs = core::bind(checkpoint_p, concat(leading, m.args), np);
    return std::make_pair(outs, std::vector<batch_dim>(outs.size(), 0));
  };
});

} // namespace
} // namespace jx::core
