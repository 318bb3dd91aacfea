// check.cpp - check_jaxpr: a jaxpr is well formed and well typed.

#include "core/trace.h"
#include "primitives/primitive.h"

#include <set>

namespace jx {

namespace {

[[noreturn]] void fail(const std::string &msg) {
  throw error("jx::check_jaxpr: " + msg);
}

std::string types(const std::vector<shaped_array> &avals) {
  std::string s = "(";
  for (std::size_t i = 0; i < avals.size(); ++i)
    s += (i ? ", " : "") + avals[i].str();
  return s + ")";
}

void check(const Jaxpr &j, std::set<const var_node *> env) {
  auto define = [&](const Var &v, const std::string &where) {
    if (!v)
      fail(where + ": null variable");
    if (!env.insert(v.get()).second)
      fail(where + ": variable of type " + v->aval.str() +
           " is defined more than once");
  };
  auto use = [&](const Atom &a, const std::string &where) {
    if (const Var *v = std::get_if<Var>(&a)) {
      if (!env.count(v->get()))
        fail(where + ": variable of type " + (*v)->aval.str() +
             " is used before it is defined");
    } else if (!std::get<Literal>(a).aval.shape.empty()) {
      fail(where + ": literal is not 0-d");
    }
  };
  for (const Var &v : j.constvars)
    define(v, "constvar");
  for (const Var &v : j.invars)
    define(v, "invar");
  for (std::size_t i = 0; i < j.eqns.size(); ++i) {
    const Eqn &e = j.eqns[i];
    std::string where = "equation " + std::to_string(i) + " (" +
                        (e.primitive ? e.primitive->name : "?") + ")";
    if (!e.primitive)
      fail(where + ": no primitive");
    std::vector<shaped_array> in;
    for (const Atom &a : e.invars) {
      use(a, where);
      in.push_back(aval_of(a));
    }
    for (const auto &[k, p] : e.params) {
      if (auto *sub = std::get_if<std::shared_ptr<const ClosedJaxpr>>(&p))
        check((*sub)->jaxpr ? *(*sub)->jaxpr : Jaxpr{}, {});
      if (auto *subs =
              std::get_if<std::vector<std::shared_ptr<const ClosedJaxpr>>>(&p))
        for (const auto &sub : *subs)
          check(sub->jaxpr ? *sub->jaxpr : Jaxpr{}, {});
    }
    std::vector<shaped_array> expected;
    try {
      expected = e.primitive->abstract_eval(in, e.params);
    } catch (const error &err) {
      fail(where + ": operands " + types(in) + " rejected: " + err.what());
    }
    std::vector<shaped_array> got;
    for (const Var &v : e.outvars)
      got.push_back(v ? v->aval : shaped_array{});
    bool same = expected.size() == got.size();
    for (std::size_t k = 0; same && k < got.size(); ++k)
      same = expected[k].dtype == got[k].dtype &&
             expected[k].shape == got[k].shape;
    if (!same)
      fail(where + ": outputs typed " + types(got) + " but the rule gives " +
           types(expected));
    for (const Var &v : e.outvars)
      define(v, where);
  }
  for (const Atom &a : j.outvars)
    use(a, "outvar");
}

} // namespace

void check_jaxpr(const Jaxpr &j) { check(j, {}); }

} // namespace jx
