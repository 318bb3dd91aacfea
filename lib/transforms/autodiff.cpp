// autodiff.cpp - jvp, vjp, linearize, jacobians and stop_gradient over
// flat lists of arrays; include/jx/grad.h adds trees on top.

#include "jx/grad.h"
#include "jx/lax.h"
#include "jx/numpy.h"
#include "jx/vmap.h"
#include "primitives/batching.h"
#include "primitives/rules.h"
#include "transforms/interpret.h"

namespace jx {

using core::avals_of;

namespace detail {

void check_differentiable(const std::string &api, int argnum, const Array &a) {
  if (!is_inexact(a.dtype()))
    throw error(api + ": argument " + std::to_string(argnum) +
                " has type " + a.aval().str() +
                "; differentiation needs floating-point (or complex) "
                "inputs (JAX: integer inputs have no gradient)");
}

Array scalar_seed(const std::string &api, const Array &out) {
  if (out.ndim() != 0)
    throw error(api + ": the function must return a scalar (0-d) array to "
                      "take its gradient, but it returned " +
                out.aval().str() + " (use jx::vjp or jx::jacrev)");
  if (!is_inexact(out.dtype()))
    throw error(api + ": the function returned " + out.aval().str() +
                "; a gradient needs a floating-point output");
  return core::make_concrete(core::scalar_buffer(1, out.dtype()), false);
}

Array zeros_like_leaf(const Array &a) { return core::zeros(a.aval()); }

std::pair<std::vector<Array>, std::vector<Array>>
jvp_flat(const flat_fn &f, const std::vector<Array> &primals,
         const std::vector<Array> &tangents, const std::string &api) {
  if (primals.size() != tangents.size())
    throw error(api + ": " + std::to_string(primals.size()) +
                " primal leaves but " + std::to_string(tangents.size()) +
                " tangent leaves");
  for (std::size_t i = 0; i < primals.size(); ++i)
    if (primals[i].shape() != tangents[i].shape() ||
        (is_inexact(primals[i].dtype()) &&
         primals[i].dtype() != tangents[i].dtype()))
      throw error(api + ": tangent " + std::to_string(i) + " has type " +
                  tangents[i].aval().str() + " but its primal is " +
                  primals[i].aval().str());
  core::traced_jaxpr t = core::trace_with_captures(f, avals_of(primals));
  std::vector<Array> args = t.captured;
  args.insert(args.end(), primals.begin(), primals.end());
  std::vector<core::tangent> tin(t.captured.size());
  tin.insert(tin.end(), tangents.begin(), tangents.end());
  auto [outs, touts] = transforms::jvp_jaxpr(t.jaxpr, args, tin, api);
  std::vector<Array> tangents_out;
  for (std::size_t i = 0; i < outs.size(); ++i)
    tangents_out.push_back(touts[i] ? *touts[i] : core::zeros(outs[i].aval()));
  return {outs, tangents_out};
}

struct vjp_state {
  std::shared_ptr<transforms::vjp_tape> tape;
  std::size_t n_captured;
  std::vector<bool> wrt;
  std::vector<shaped_array> in_avals;
};

std::vector<Array>
vjp_flat_fn::operator()(const std::vector<std::optional<Array>> &cts) const {
  const transforms::vjp_tape &tape = *s_->tape;
  const std::string &api = tape.api;
  if (cts.size() != tape.outs.size())
    throw error(api + ": " + std::to_string(cts.size()) +
                " cotangents for a function of " +
                std::to_string(tape.outs.size()) + " outputs");
  for (std::size_t i = 0; i < cts.size(); ++i)
    if (cts[i] && (cts[i]->shape() != tape.outs[i].shape() ||
                   cts[i]->dtype() != tape.outs[i].dtype()))
      throw error(api + ": cotangent " + std::to_string(i) + " has type " +
                  cts[i]->aval().str() + " but the output is " +
                  tape.outs[i].aval().str());
  std::vector<core::tangent> in_cts = transforms::vjp_backward(tape, cts);
  std::vector<Array> result;
  for (std::size_t i = 0; i < s_->wrt.size(); ++i) {
    const core::tangent &c = in_cts[s_->n_captured + i];
    if (!s_->wrt[i])
      result.push_back(Array());
    else
      result.push_back(c ? *c : core::zeros(s_->in_avals[i]));
  }
  return result;
}

std::pair<std::vector<Array>, vjp_flat_fn>
vjp_flat(const flat_fn &f, const std::vector<Array> &primals,
         const std::vector<bool> &wrt, const std::string &api) {
  core::traced_jaxpr t = core::trace_with_captures(f, avals_of(primals));
  std::vector<Array> args = t.captured;
  args.insert(args.end(), primals.begin(), primals.end());
  std::vector<bool> all_wrt(t.captured.size(), false);
  all_wrt.insert(all_wrt.end(), wrt.begin(), wrt.end());
  auto state = std::make_shared<vjp_state>();
  state->tape = transforms::vjp_forward(t.jaxpr, args, all_wrt, api);
  state->n_captured = t.captured.size();
  state->wrt = wrt;
  for (const Array &p : primals)
    state->in_avals.push_back(p.aval());
  std::vector<Array> outs = state->tape->outs;
  return {outs, vjp_flat_fn(state)};
}

// linearize: the jvp traced as a function of the tangents, then split
// (partial evaluation): equations that only need the primal point are
// evaluated now; the rest, linear in the tangents, is kept as a jaxpr.
struct linear_state {
  ClosedJaxpr linear;          // invars: residuals, then tangents
  std::vector<Array> residuals;
  std::vector<shaped_array> tangent_avals;
  // When the jvp cannot be split (a loop's jvp computes primals and
  // tangents in one primitive), each call runs the jvp at the point.
  bool split = true;
  flat_fn f;
  std::vector<Array> primals;
};

std::vector<Array>
linear_flat_fn::operator()(const std::vector<Array> &tangents) const {
  if (tangents.size() != s_->tangent_avals.size())
    throw error("jx::linearize: " + std::to_string(tangents.size()) +
                " tangents for a function of " +
                std::to_string(s_->tangent_avals.size()) + " inputs");
  for (std::size_t i = 0; i < tangents.size(); ++i)
    if (tangents[i].shape() != s_->tangent_avals[i].shape)
      throw error("jx::linearize: tangent " + std::to_string(i) +
                  " has type " + tangents[i].aval().str() +
                  ", expected " + s_->tangent_avals[i].str());
  if (!s_->split)
    return jvp_flat(s_->f, s_->primals, tangents, "jx::linearize").second;
  std::vector<Array> args = s_->residuals;
  args.insert(args.end(), tangents.begin(), tangents.end());
  return transforms::eval_jaxpr(s_->linear, args);
}

std::pair<std::vector<Array>, linear_flat_fn>
linearize_flat(const flat_fn &f, const std::vector<Array> &primals) {
  std::size_t n_out = 0;
  // g(tangents) = (tangent outputs..., primal outputs...).
  flat_fn g = [&](const std::vector<Array> &ts) {
    auto [outs, touts] = jvp_flat(f, primals, ts, "jx::linearize");
    n_out = outs.size();
    touts.insert(touts.end(), outs.begin(), outs.end());
    return touts;
  };
  std::vector<shaped_array> tavals = avals_of(primals);
  for (shaped_array &a : tavals)
    a.weak_type = false;
  core::traced_jaxpr t = core::trace_with_captures(g, tavals);
  const Jaxpr &j = *t.jaxpr.jaxpr;
  std::size_t n_cap = t.captured.size();

  // Known values: constants, captured values, and whatever depends on them
  // only, evaluated now (in the current trace, or eagerly).
  std::unordered_map<const var_node *, Array> known;
  std::vector<Array> consts = transforms::const_arrays(t.jaxpr);
  for (std::size_t i = 0; i < j.constvars.size(); ++i)
    known.emplace(j.constvars[i].get(), consts[i]);
  for (std::size_t i = 0; i < n_cap; ++i)
    known.emplace(j.invars[i].get(), t.captured[i]);
  auto is_known = [&](const Atom &a) {
    return std::holds_alternative<Literal>(a) ||
           known.count(std::get<Var>(a).get());
  };
  auto lin = std::make_shared<Jaxpr>();
  std::vector<Var> residual_vars;
  std::vector<Array> residuals;
  std::unordered_map<const var_node *, Var> residual_of;
  auto as_residual = [&](const Atom &a) -> Atom {
    if (std::holds_alternative<Literal>(a))
      return a;
    const Var &v = std::get<Var>(a);
    auto it = residual_of.find(v.get());
    if (it != residual_of.end())
      return it->second;
    Var r = new_var(v->aval);
    residual_vars.push_back(r);
    residuals.push_back(known.at(v.get()));
    residual_of.emplace(v.get(), r);
    return r;
  };
  for (const Eqn &e : j.eqns) {
    bool all_known = true;
    for (const Atom &a : e.invars)
      all_known &= is_known(a);
    if (all_known) {
      std::vector<Array> ins;
      for (const Atom &a : e.invars)
        ins.push_back(std::holds_alternative<Literal>(a)
                          ? transforms::literal_array(std::get<Literal>(a))
                          : known.at(std::get<Var>(a).get()));
      std::vector<Array> outs = core::bind(*e.primitive, ins, e.params);
      for (std::size_t k = 0; k < outs.size(); ++k)
        known.emplace(e.outvars[k].get(), outs[k]);
      continue;
    }
    Eqn kept = e;
    for (Atom &a : kept.invars)
      if (is_known(a))
        a = as_residual(a);
    lin->eqns.push_back(std::move(kept));
  }
  bool split = true;
  for (std::size_t i = 0; i < n_out; ++i)
    split &= is_known(j.outvars[n_out + i]);
  if (!split) {
    // Some primal output is computed together with tangents (the jvp rule
    // of cond/while/scan carries both in one loop), so the primal part
    // cannot be evaluated alone: fall back to the jvp at every call (the
    // primal is recomputed each time; JAX splits such loops instead).
    auto state = std::make_shared<linear_state>();
    state->split = false;
    state->f = f;
    state->primals = primals;
    state->tangent_avals = tavals;
    return {f(primals), linear_flat_fn(state)};
  }
  std::vector<Array> primal_outs;
  for (std::size_t i = 0; i < n_out; ++i) {
    const Atom &a = j.outvars[n_out + i];
    if (auto *l = std::get_if<Literal>(&a))
      primal_outs.push_back(transforms::literal_array(*l));
    else
      primal_outs.push_back(known.at(std::get<Var>(a).get()));
  }
  for (std::size_t i = 0; i < n_out; ++i) {
    const Atom &a = j.outvars[i];
    lin->outvars.push_back(is_known(a) ? as_residual(a) : a);
  }
  lin->invars = residual_vars;
  lin->invars.insert(lin->invars.end(), j.invars.begin() + n_cap,
                     j.invars.end());
  auto state = std::make_shared<linear_state>();
  state->linear.jaxpr = lin;
  state->residuals = residuals;
  state->tangent_avals = tavals;
  return {primal_outs, linear_flat_fn(state)};
}

} // namespace detail

namespace {

/// The identity matrix of size n, each row reshaped to `shape`: [n, shape...].
Array basis(int64_t n, const shape_t &shape, dtype t) {
  Array rows = lax::iota(dtype::int32, {n, n}, 0);
  Array cols = lax::iota(dtype::int32, {n, n}, 1);
  Array eye = lax::convert_element_type(lax::eq(rows, cols), t);
  shape_t s = shape;
  s.insert(s.begin(), n);
  return lax::reshape(eye, s);
}

shape_t concat(const shape_t &a, const shape_t &b) {
  shape_t s = a;
  s.insert(s.end(), b.begin(), b.end());
  return s;
}

} // namespace

std::function<Array(const Array &)>
jacfwd(std::function<Array(const Array &)> f) {
  return [f](const Array &x) {
    detail::check_differentiable("jx::jacfwd", 0, x);
    Array e = basis(x.size(), x.shape(), x.dtype());
    auto column = [&](const Array &t) { return jvp(f, x, t).second; };
    Array cols = vmap(column)(e); // [n, out...]
    Array moved = core::move_axis(cols, 0, cols.ndim() - 1);
    shape_t out_shape(cols.shape().begin() + 1, cols.shape().end());
    return lax::reshape(moved, concat(out_shape, x.shape()));
  };
}

std::function<Array(const Array &)>
jacrev(std::function<Array(const Array &)> f) {
  return [f](const Array &x) {
    detail::check_differentiable("jx::jacrev", 0, x);
    auto [y, pullback] = vjp(f, x);
    if (!is_inexact(y.dtype()))
      throw error("jx::jacrev: the function returned " + y.aval().str() +
                  "; a Jacobian needs a floating-point output");
    Array e = basis(y.size(), y.shape(), y.dtype());
    auto pb = pullback;
    auto row = [&](const Array &ct) { return std::get<0>(pb(ct)); };
    Array rows = vmap(row)(e); // [m, x...]
    return lax::reshape(rows, concat(y.shape(), x.shape()));
  };
}

std::function<Array(const Array &)>
hessian(std::function<Array(const Array &)> f) {
  return jacfwd(jacrev(std::move(f)));
}

Array stop_gradient(const Array &x) {
  if (!is_inexact(x.dtype()))
    return x;
  return core::bind1(core::stop_gradient_p, {x});
}

} // namespace jx
