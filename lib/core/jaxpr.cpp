// jaxpr.cpp - jaxpr values and their printing in JAX's syntax.

#include "core/pretty.h"
#include "core/trace.h"
#include "primitives/primitive.h"

#include <charconv>
#include <cmath>
#include <ostream>
#include <unordered_map>
#include <unordered_set>

namespace jx {

namespace {

/// Python's repr of a float: shortest round-trip digits, positional for
/// 1e-4 <= |v| < 1e16 (with a ".0" when integral), else `1e-05`.
std::string python_float_repr(double v) {
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return v < 0 ? "-inf" : "inf";
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  std::string s(buf, r.ptr);
  std::size_t e = s.find('e');
  int exp = std::stoi(s.substr(e + 1));
  std::string mant = s.substr(0, e);
  bool neg = mant[0] == '-';
  if (neg)
    mant.erase(0, 1);
  std::string digits;
  for (char c : mant)
    if (c != '.')
      digits += c;
  std::string out;
  if (v != 0 && (exp < -4 || exp >= 16)) {
    out = digits.substr(0, 1);
    if (digits.size() > 1)
      out += "." + digits.substr(1);
    char ebuf[16];
    std::snprintf(ebuf, sizeof ebuf, "e%c%02d", exp < 0 ? '-' : '+',
                  std::abs(exp));
    out += ebuf;
  } else if (exp < 0) {
    out = "0." + std::string(-exp - 1, '0') + digits;
  } else {
    if (static_cast<int>(digits.size()) <= exp + 1) {
      out = digits + std::string(exp + 1 - digits.size(), '0') + ".0";
    } else {
      out = digits.substr(0, exp + 1) + "." + digits.substr(exp + 1);
    }
  }
  return (neg ? "-" : "") + out;
}

std::string int_list(const std::vector<int64_t> &v, bool tuple) {
  std::string s = tuple ? "(" : "[";
  for (std::size_t i = 0; i < v.size(); ++i)
    s += (i ? ", " : "") + std::to_string(v[i]);
  if (tuple && v.size() == 1)
    s += ",";
  return s + (tuple ? ")" : "]");
}

} // namespace

std::string core::shape_str(const shape_t &s) { return int_list(s, true); }

std::string Literal::str() const {
  std::string s = is_inexact(aval.dtype)
                      ? python_float_repr(core::element_as_double(value, 0))
                      : core::integer_element_str(value, 0);
  return s + ":" + aval.str();
}

const shaped_array &aval_of(const Atom &a) {
  if (const Var *v = std::get_if<Var>(&a))
    return (*v)->aval;
  return std::get<Literal>(a).aval;
}

bool dot_dimension_numbers::operator==(const dot_dimension_numbers &o) const {
  return lhs_contracting == o.lhs_contracting &&
         rhs_contracting == o.rhs_contracting && lhs_batch == o.lhs_batch &&
         rhs_batch == o.rhs_batch;
}

// --- gather / scatter dimension numbers (indexing) ---
bool gather_dimension_numbers::operator==(
    const gather_dimension_numbers &o) const {
  return offset_dims == o.offset_dims &&
         collapsed_slice_dims == o.collapsed_slice_dims &&
         start_index_map == o.start_index_map &&
         operand_batching_dims == o.operand_batching_dims &&
         start_indices_batching_dims == o.start_indices_batching_dims;
}
bool scatter_dimension_numbers::operator==(
    const scatter_dimension_numbers &o) const {
  return update_window_dims == o.update_window_dims &&
         inserted_window_dims == o.inserted_window_dims &&
         scatter_dims_to_operand_dims == o.scatter_dims_to_operand_dims &&
         operand_batching_dims == o.operand_batching_dims &&
         scatter_indices_batching_dims == o.scatter_indices_batching_dims;
}
// --- end gather / scatter ---

std::string param_str(const param &p) {
  struct visitor {
    std::string operator()(none_t) const { return "None"; }
    std::string operator()(bool b) const { return b ? "True" : "False"; }
    std::string operator()(int64_t i) const { return std::to_string(i); }
    std::string operator()(double d) const { return python_float_repr(d); }
    std::string operator()(const std::string &s) const { return s; }
    std::string operator()(const std::vector<int64_t> &v) const {
      return int_list(v, true);
    }
    std::string operator()(const std::vector<std::vector<int64_t>> &v) const {
      std::string s = "(";
      for (std::size_t i = 0; i < v.size(); ++i)
        s += (i ? ", " : "") + int_list(v[i], true);
      return s + (v.size() == 1 ? ",)" : ")");
    }
    std::string operator()(jx::dtype t) const { return dtype_name(t); }
    std::string operator()(const dot_dimension_numbers &d) const {
      return "((" + int_list(d.lhs_contracting, false) + ", " +
             int_list(d.rhs_contracting, false) + "), (" +
             int_list(d.lhs_batch, false) + ", " +
             int_list(d.rhs_batch, false) + "))";
    }
    // conv_general_dilated (issue 4): ConvDimensionNumbers(lhs_spec=(0, 1),
    // rhs_spec=(0, 1), out_spec=(0, 1)).
    std::string operator()(const conv_dimension_numbers &d) const {
      return "ConvDimensionNumbers(lhs_spec=" + int_list(d.lhs_spec, true) +
             ", rhs_spec=" + int_list(d.rhs_spec, true) +
             ", out_spec=" + int_list(d.out_spec, true) + ")";
    }
    // gather / scatter (indexing): Python's repr of JAX's named tuples.
    std::string operator()(const gather_dimension_numbers &d) const {
      return "GatherDimensionNumbers(offset_dims=" +
             int_list(d.offset_dims, true) + ", collapsed_slice_dims=" +
             int_list(d.collapsed_slice_dims, true) + ", start_index_map=" +
             int_list(d.start_index_map, true) + ", operand_batching_dims=" +
             int_list(d.operand_batching_dims, true) +
             ", start_indices_batching_dims=" +
             int_list(d.start_indices_batching_dims, true) + ")";
    }
    std::string operator()(const scatter_dimension_numbers &d) const {
      return "ScatterDimensionNumbers(update_window_dims=" +
             int_list(d.update_window_dims, true) + ", inserted_window_dims=" +
             int_list(d.inserted_window_dims, true) +
             ", scatter_dims_to_operand_dims=" +
             int_list(d.scatter_dims_to_operand_dims, true) +
             ", operand_batching_dims=" +
             int_list(d.operand_batching_dims, true) +
             ", scatter_indices_batching_dims=" +
             int_list(d.scatter_indices_batching_dims, true) + ")";
    }
    std::string operator()(const std::shared_ptr<const ClosedJaxpr> &j) const {
      return to_string(*j->jaxpr);
    }
    std::string
    operator()(const std::vector<std::shared_ptr<const ClosedJaxpr>> &js) const {
      std::string s = "(";
      for (std::size_t i = 0; i < js.size(); ++i)
        s += (i ? " " : "") + to_string(*js[i]->jaxpr);
      return s + ")";
    }
    std::string operator()(const std::shared_ptr<const opaque_param> &o) const {
      return o ? o->str() : "None";
    }
  };
  return std::visit(visitor{}, p);
}

const std::string &Eqn::name() const { return primitive->name; }

std::vector<shaped_array> ClosedJaxpr::in_avals() const {
  std::vector<shaped_array> out;
  for (const Var &v : jaxpr->invars)
    out.push_back(v->aval);
  return out;
}
std::vector<shaped_array> ClosedJaxpr::out_avals() const {
  std::vector<shaped_array> out;
  for (const Atom &a : jaxpr->outvars)
    out.push_back(aval_of(a));
  return out;
}

namespace {

/// Names variables a, b, ..., z, ba, bb, ... in order of first printing,
/// across nested jaxprs (JAX's JaxprPpContext).
class printer {
public:
  pp::doc jaxpr(const Jaxpr &j) {
    using namespace pp;
    // Equation results used nowhere print as `_` (JAX's DropVar).
    std::unordered_set<const var_node *> used;
    for (const Eqn &e : j.eqns)
      for (const Atom &a : e.invars)
        if (const Var *v = std::get_if<Var>(&a))
          used.insert(v->get());
    for (const Atom &a : j.outvars)
      if (const Var *v = std::get_if<Var>(&a))
        used.insert(v->get());
    used_.push_back(std::move(used));
    doc consts = vars(j.constvars, "", true);
    doc ins = vars(j.invars, "", true);
    std::vector<doc> eqn_docs;
    for (const Eqn &e : j.eqns)
      eqn_docs.push_back(eqn(e));
    doc eqns = pp::join(brk("; "), eqn_docs);
    doc outs = concat({text("("), atoms(j.outvars, ","),
                       text(j.outvars.size() == 1 ? ",)" : ")")});
    used_.pop_back();
    return group(nest(2, concat({text("{ "), text("lambda "), consts,
                                 text("; "), ins, text(". "), text("let"),
                                 nest(2, brk() + eqns), brk(), text("in "),
                                 outs})) +
                 text(" }"));
  }

  /// `(` jaxprs `)`, one per line when they don't fit (cond's branches).
  pp::doc jaxprs(const std::vector<std::shared_ptr<const ClosedJaxpr>> &js) {
    using namespace pp;
    std::vector<doc> docs;
    for (const auto &j : js)
      docs.push_back(jaxpr(*j->jaxpr));
    return group(nest(2, concat({text("("), brk(""), pp::join(brk(), docs)})) +
                 brk("") + text(")"));
  }

private:
  std::string name(const Var &v) {
    auto it = names_.find(v.get());
    if (it != names_.end())
      return it->second;
    std::string s;
    for (int64_t n = static_cast<int64_t>(names_.size()); s.empty() || n;
         n /= 26)
      s = static_cast<char>('a' + n % 26) + s;
    names_[v.get()] = s;
    return s;
  }

  pp::doc atom(const Atom &a, bool with_type) {
    if (const Var *v = std::get_if<Var>(&a))
      return pp::text(name(*v) + (with_type ? ":" + (*v)->aval.str() : ""));
    return pp::text(std::get<Literal>(a).str());
  }

  pp::doc vars(const std::vector<Var> &vs, const std::string &sep,
               bool with_type) {
    std::vector<Atom> atoms_(vs.begin(), vs.end());
    std::vector<pp::doc> docs;
    for (const Atom &a : atoms_)
      docs.push_back(atom(a, with_type));
    return pp::nest(2, pp::group(pp::join(pp::text(sep) + pp::group(pp::brk()),
                                          docs)));
  }

  pp::doc atoms(const std::vector<Atom> &as, const std::string &sep) {
    std::vector<pp::doc> docs;
    for (const Atom &a : as)
      docs.push_back(atom(a, false));
    return pp::nest(2, pp::group(pp::join(pp::text(sep) + pp::group(pp::brk()),
                                          docs)));
  }

  pp::doc eqn(const Eqn &e) {
    using namespace pp;
    std::vector<doc> out_docs;
    for (const Var &v : e.outvars)
      out_docs.push_back(used_.back().count(v.get())
                             ? atom(v, true)
                             : text("_:" + v->aval.str()));
    doc lhs = pp::nest(2, pp::group(pp::join(pp::group(pp::brk()), out_docs)));
    std::vector<doc> kvs;
    // JAX prints a `name` parameter first (custom_jvp_call, custom_vjp_call),
    // the others in sorted order.
    std::vector<std::pair<std::string, const param *>> ordered;
    for (const auto &[k, v] : e.params)
      if (k == "name")
        ordered.insert(ordered.begin(), {k, &v});
      else
        ordered.push_back({k, &v});
    for (const auto &[k, vp] : ordered) {
      const param &v = *vp;
      if (e.primitive->print_param && !e.primitive->print_param(k, v))
        continue;
      if (auto *j = std::get_if<std::shared_ptr<const ClosedJaxpr>>(&v))
        kvs.push_back(text(k + "=") + jaxpr(*(*j)->jaxpr));
      else if (auto *js = std::get_if<
                   std::vector<std::shared_ptr<const ClosedJaxpr>>>(&v))
        kvs.push_back(text(k + "=") + jaxprs(*js));
      else
        kvs.push_back(text(k + "=" + param_str(v)));
    }
    doc params = kvs.empty()
                     ? nil()
                     : group(concat({nest(2, concat({text("["), brk(""),
                                                    pp::join(brk(), kvs)})),
                                     brk(""), text("]")}));
    doc rhs = concat({text(e.name()), params, text(" ") + atoms(e.invars, "")});
    if (e.outvars.empty())
      return rhs;
    return concat({lhs, text(" = "), rhs});
  }

  std::unordered_map<const var_node *, std::string> names_;
  std::vector<std::unordered_set<const var_node *>> used_;
};

} // namespace

std::string to_string(const Jaxpr &j, int width) {
  printer p;
  return pp::format(p.jaxpr(j), width);
}

std::string ClosedJaxpr::str(int width) const {
  return to_string(*jaxpr, width);
}

std::ostream &operator<<(std::ostream &os, const ClosedJaxpr &j) {
  return os << j.str();
}
std::ostream &operator<<(std::ostream &os, const Jaxpr &j) {
  return os << to_string(j);
}

} // namespace jx
