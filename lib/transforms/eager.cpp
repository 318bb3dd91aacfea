// eager.cpp - eager mode: a primitive applied to concrete arrays runs at
// once through a cached executable of that one equation.

#include "core/trace.h"
#include "jx/jit.h"
#include "primitives/primitive.h"
#include "transforms/compile.h"

namespace jx {

namespace {
using eager_cache_t =
    transforms::once_cache<std::shared_ptr<const transforms::compiled>>;
eager_cache_t &eager_cache() {
  // Never destroyed: compiled code must outlive every array that may still
  // call it, and JIT teardown during static destruction runs after LLVM's
  // own statics are gone (a crash at exit).
  static auto *c = new eager_cache_t();
  return *c;
}
} // namespace

cache_stats eager_cache_stats() { return eager_cache().stats(); }

namespace core {

std::vector<Array> eager_apply(const primitive &p,
                               const std::vector<Array> &args,
                               const params_t &params) {
  std::vector<shaped_array> in;
  for (const Array &a : args) {
    if (!a.is_concrete())
      throw error("jx::" + p.name + ": a traced value of type " +
                  a.aval().str() + " was used outside of its trace");
    in.push_back(a.aval());
  }
  if (p.impl)
    return p.impl(args, params);
  std::string key = p.name + "[";
  for (const auto &[k, v] : params)
    key += k + "=" + param_str(v) + " ";
  key += "] " + transforms::signature_key(in);

  const auto &entry = eager_cache().get(key, [&] {
    auto jaxpr = std::make_shared<Jaxpr>();
    Eqn eqn;
    eqn.primitive = &p;
    eqn.params = params;
    for (const shaped_array &aval : in) {
      Var v = new_var(aval);
      jaxpr->invars.push_back(v);
      eqn.invars.push_back(v);
    }
    for (const shaped_array &aval : p.abstract_eval(in, params)) {
      Var v = new_var(aval);
      eqn.outvars.push_back(v);
      jaxpr->outvars.push_back(v);
    }
    jaxpr->eqns.push_back(std::move(eqn));
    ClosedJaxpr closed;
    closed.jaxpr = jaxpr;
    return transforms::compile(closed, p.name);
  });
  return transforms::execute(*entry, args);
}

} // namespace core
} // namespace jx
