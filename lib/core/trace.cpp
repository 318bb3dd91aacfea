// trace.cpp - trace frames, tracers and bind().

#include "core/trace.h"

#include "primitives/primitive.h"

#include <cassert>

namespace jx::core {

namespace {
thread_local std::vector<trace_frame *> frame_stack;
/// The primitive bind() is applying (traced or eager), which names the op
/// in new_var's shape errors.
thread_local const primitive *binding = nullptr;
} // namespace

bool frame_is_active(const trace_frame *f) {
  for (const trace_frame *g : frame_stack)
    if (g == f)
      return true;
  return false;
}

trace_frame *current_frame() {
  return frame_stack.empty() ? nullptr : frame_stack.back();
}

frame_scope::frame_scope() { frame_stack.push_back(&frame_); }
frame_scope::~frame_scope() {
  assert(frame_stack.back() == &frame_);
  frame_stack.pop_back();
}

Array trace_frame::tracer_for(const Var &v) {
  auto impl = std::make_shared<array_impl>();
  impl->aval = v->aval;
  impl->tracer = std::make_shared<const tracer>(tracer{this, v});
  return Array(std::shared_ptr<const array_impl>(std::move(impl)));
}

Array trace_frame::new_tracer(const shaped_array &aval) {
  return tracer_for(new_var(aval));
}

Atom trace_frame::atom_of(const Array &a) {
  const array_impl &impl = *a.impl();
  if (impl.tracer) {
    if (impl.tracer->frame == this)
      return impl.tracer->var;
    if (!frame_is_active(impl.tracer->frame))
      throw error("jx: a traced value of type " + impl.aval.str() +
                  " escaped from the trace (make_jaxpr/jit/grad/vmap) that "
                  "made it; it was kept past the end of that call");
    // An enclosing trace's value, closed over: a new input of this jaxpr.
    auto it = captured_of.find(&impl);
    if (it != captured_of.end())
      return it->second;
    Var v = new_var(impl.aval);
    captured_vars.push_back(v);
    captured.push_back(a);
    captured_of[&impl] = v;
    return v;
  }
  if (impl.literal)
    return Literal{*impl.value, impl.aval};
  // A concrete array the function closed over: a constant variable.
  auto it = const_vars_of.find(&impl);
  if (it != const_vars_of.end())
    return it->second;
  Var v = new_var(impl.aval);
  constvars.push_back(v);
  consts.push_back(a.buffer()); // throws for a donated array
  const_vars_of[&impl] = v;
  keep_alive.push_back(a.impl());
  return v;
}

std::vector<shaped_array> avals_of(const std::vector<Array> &xs) {
  std::vector<shaped_array> out;
  out.reserve(xs.size());
  for (const Array &x : xs)
    out.push_back(x.aval());
  return out;
}

std::vector<Array> bind(const primitive &p, const std::vector<Array> &args,
                        params_t params) {
  struct binding_scope {
    const primitive *saved = binding;
    explicit binding_scope(const primitive &p) { binding = &p; }
    ~binding_scope() { binding = saved; }
  } scope(p);
  trace_frame *frame = current_frame();
  if (!frame)
    return eager_apply(p, args, params);
  Eqn eqn;
  eqn.primitive = &p;
  std::vector<shaped_array> in_avals;
  for (const Array &a : args) {
    eqn.invars.push_back(frame->atom_of(a));
    in_avals.push_back(a.aval());
  }
  std::vector<shaped_array> out_avals = p.abstract_eval(in_avals, params);
  std::vector<Array> outs;
  for (const shaped_array &aval : out_avals) {
    Var v = new_var(aval);
    eqn.outvars.push_back(v);
    outs.push_back(frame->tracer_for(v));
  }
  eqn.params = std::move(params);
  frame->eqns.push_back(std::move(eqn));
  return outs;
}

Array bind1(const primitive &p, const std::vector<Array> &args,
            params_t params) {
  std::vector<Array> outs = bind(p, args, std::move(params));
  assert(outs.size() == 1);
  return outs[0];
}

} // namespace jx::core

namespace jx {

Var new_var(const shaped_array &aval) {
  std::string problem = core::shape_problem(aval);
  if (!problem.empty())
    throw error((core::binding ? "jx::lax::" + core::binding->name : "jx") +
                ": " + problem);
  return std::make_shared<const var_node>(var_node{aval});
}

namespace core {

traced_jaxpr trace_with_captures(
    const std::function<std::vector<Array>(const std::vector<Array> &)> &f,
    const std::vector<shaped_array> &in_avals) {
  frame_scope scope;
  trace_frame &frame = scope.frame();
  auto jaxpr = std::make_shared<Jaxpr>();
  std::vector<Array> args;
  std::vector<Var> arg_vars;
  for (const shaped_array &aval : in_avals) {
    Var v = new_var(aval);
    arg_vars.push_back(v);
    args.push_back(frame.tracer_for(v));
  }
  std::vector<Array> outs = f(args);
  for (const Array &o : outs) {
    // A C++ scalar returned as is stays a literal; anything else concrete
    // (a closed-over array returned unchanged) becomes a constvar.
    jaxpr->outvars.push_back(frame.atom_of(o));
  }
  jaxpr->invars = frame.captured_vars;
  jaxpr->invars.insert(jaxpr->invars.end(), arg_vars.begin(), arg_vars.end());
  jaxpr->constvars = frame.constvars;
  jaxpr->eqns = std::move(frame.eqns);
  traced_jaxpr r;
  r.jaxpr.consts = std::move(frame.consts);
  r.jaxpr.jaxpr = std::move(jaxpr);
  r.captured = std::move(frame.captured);
  return r;
}

ClosedJaxpr trace_to_jaxpr(
    const std::function<std::vector<Array>(const std::vector<Array> &)> &f,
    const std::vector<shaped_array> &in_avals) {
  traced_jaxpr r = trace_with_captures(f, in_avals);
  if (!r.captured.empty())
    throw error("jx::make_jaxpr: the function closes over a value of type " +
                r.captured[0].aval().str() +
                " traced by an enclosing jit/grad/vmap; pass it as an "
                "argument instead");
  return std::move(r.jaxpr);
}

} // namespace core
} // namespace jx
