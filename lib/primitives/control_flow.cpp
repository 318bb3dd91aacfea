// control_flow.cpp - cond, while and scan: primitives whose parameters hold
// sub-jaxprs (closed jaxprs without constants: what a traced function
// closed over is hoisted into leading operands), their lowering to
// stablehlo.case / stablehlo.while, the tracing of user functions into them
// (the flat half of include/jx/control_flow.h) and their transformation
// rules.
//
//   cond[branches=(b0, b1, ...)] index ops...        index: int32, in range
//   while[cond_jaxpr, body_jaxpr, cond_nconsts, body_nconsts]
//         cond_consts... body_consts... carry...
//   scan[jaxpr, length, reverse, num_consts, num_carry, unroll]
//         consts... carry... xs...   ->  carry... ys...
//
// Transformation rules build new control flow by tracing functions that run
// the interpreters (transforms/interpret.h) on the sub-jaxprs: values of the
// enclosing computation those functions use are captured, so the rules are
// written like user code over jx::lax.

#include "core/trace.h"
#include "frontend/lowering.h"
#include "jx/control_flow.h"
#include "jx/lax.h"
#include "primitives/batching.h"
#include "primitives/rules.h"
#include "transforms/interpret.h"

#include <map>

namespace jx::core {

namespace hlo = jx::stablehlo;
using frontend::lowering_context;
using frontend::tensor_type;

namespace {

using values = std::vector<mlir::Value>;
using avals = std::vector<shaped_array>;
using jaxpr_ptr = std::shared_ptr<const ClosedJaxpr>;
using jaxpr_list = std::vector<jaxpr_ptr>;

const jaxpr_ptr &get_jaxpr(const params_t &p, const std::string &k) {
  return std::get<jaxpr_ptr>(p.at(k));
}
const jaxpr_list &get_jaxprs(const params_t &p, const std::string &k) {
  return std::get<jaxpr_list>(p.at(k));
}
int64_t get_int(const params_t &p, const std::string &k) {
  return std::get<int64_t>(p.at(k));
}

template <class T>
std::vector<T> part(const std::vector<T> &v, std::size_t begin,
                    std::size_t end) {
  return std::vector<T>(v.begin() + begin, v.begin() + end);
}
template <class T>
std::vector<T> cat(std::vector<T> a, const std::vector<T> &b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

bool same_types(const avals &a, const avals &b) {
  if (a.size() != b.size())
    return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].dtype != b[i].dtype || a[i].shape != b[i].shape)
      return false;
  return true;
}

/// "f32[3]" for one value, "(f32[3], i32[])" for several.
std::string describe(const avals &a) {
  return a.size() == 1 ? a[0].str() : "(" + avals_str(a) + ")";
}

Array int_literal(int64_t v, dtype t = dtype::int32) {
  return make_concrete(scalar_buffer(v, t), true, true);
}

/// Per value: whether it has (co)tangents.
std::vector<std::size_t> float_indices(const avals &a) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (transforms::differentiable(a[i].dtype))
      out.push_back(i);
  return out;
}

/// `t` or zeros of `like`'s type.
Array or_zeros(const tangent &t, const shaped_array &like) {
  return t ? *t : zeros(like);
}

// --- shape rules --------------------------------------------------------------

std::string branch_mismatch(const std::string &api, std::size_t i,
                            const avals &got, const avals &first) {
  return api + ": branch " + std::to_string(i) + " returns " + describe(got) +
         " but branch 0 returns " + describe(first);
}

avals cond_rule(const avals &in, const params_t &p) {
  const jaxpr_list &brs = get_jaxprs(p, "branches");
  if (brs.empty())
    throw error("jx::lax::cond: no branches");
  if (in.empty() || in[0].dtype != dtype::int32 || !in[0].shape.empty())
    throw error("jx::lax::cond: the branch index must be an int32 scalar, "
                "got " + (in.empty() ? std::string("no operand") : in[0].str()));
  avals ops(in.begin() + 1, in.end());
  avals outs = brs[0]->out_avals();
  for (std::size_t i = 0; i < brs.size(); ++i) {
    if (!same_types(brs[i]->in_avals(), ops))
      throw error("jx::lax::cond: branch " + std::to_string(i) + " takes (" +
                  avals_str(brs[i]->in_avals()) + ") but the operands are (" +
                  avals_str(ops) + ")");
    avals o = brs[i]->out_avals();
    if (!same_types(o, outs))
      throw error(branch_mismatch("jx::lax::cond", i, o, outs));
    for (std::size_t k = 0; k < o.size(); ++k)
      outs[k].weak_type = outs[k].weak_type && o[k].weak_type;
  }
  return outs;
}

avals while_rule(const avals &in, const params_t &p) {
  const ClosedJaxpr &cj = *get_jaxpr(p, "cond_jaxpr");
  const ClosedJaxpr &bj = *get_jaxpr(p, "body_jaxpr");
  auto ncc = static_cast<std::size_t>(get_int(p, "cond_nconsts"));
  auto nbc = static_cast<std::size_t>(get_int(p, "body_nconsts"));
  if (ncc + nbc > in.size())
    throw error("jx::lax::while_loop: " + std::to_string(in.size()) +
                " operands for " + std::to_string(ncc + nbc) + " constants");
  avals cc = part(in, 0, ncc), bc = part(in, ncc, ncc + nbc),
        carry = part(in, ncc + nbc, in.size());
  if (!same_types(cj.in_avals(), cat(cc, carry)))
    throw error("jx::lax::while_loop: cond_jaxpr takes (" +
                avals_str(cj.in_avals()) + ") but is given (" +
                avals_str(cat(cc, carry)) + ")");
  avals co = cj.out_avals();
  if (co.size() != 1 || co[0].dtype != dtype::bool_ || !co[0].shape.empty())
    throw error("jx::lax::while_loop: cond_fn must return a scalar (0-d) "
                "bool, got " + describe(co));
  if (!same_types(bj.in_avals(), cat(bc, carry)))
    throw error("jx::lax::while_loop: body_jaxpr takes (" +
                avals_str(bj.in_avals()) + ") but is given (" +
                avals_str(cat(bc, carry)) + ")");
  avals bo = bj.out_avals();
  if (!same_types(bo, carry))
    throw error("jx::lax::while_loop: body_fn must return the carry's type " +
                describe(carry) + " but returns " + describe(bo));
  for (std::size_t k = 0; k < carry.size(); ++k)
    carry[k].weak_type = carry[k].weak_type && bo[k].weak_type;
  return carry;
}

avals scan_rule(const avals &in, const params_t &p) {
  const ClosedJaxpr &j = *get_jaxpr(p, "jaxpr");
  int64_t length = get_int(p, "length");
  auto nc = static_cast<std::size_t>(get_int(p, "num_consts"));
  auto ncar = static_cast<std::size_t>(get_int(p, "num_carry"));
  if (nc + ncar > in.size())
    throw error("jx::lax::scan: " + std::to_string(in.size()) +
                " operands for " + std::to_string(nc) + " constants and " +
                std::to_string(ncar) + " carries");
  avals consts = part(in, 0, nc), carry = part(in, nc, nc + ncar), slices;
  for (std::size_t k = nc + ncar; k < in.size(); ++k) {
    if (in[k].shape.empty() || in[k].shape[0] != length)
      throw error("jx::lax::scan: xs leaf " + std::to_string(k - nc - ncar) +
                  " has type " + in[k].str() + " but the scan length is " +
                  std::to_string(length));
    shaped_array s = in[k];
    s.shape.erase(s.shape.begin());
    slices.push_back(s);
  }
  avals want = cat(cat(consts, carry), slices);
  if (!same_types(j.in_avals(), want))
    throw error("jx::lax::scan: jaxpr takes (" + avals_str(j.in_avals()) +
                ") but is given (" + avals_str(want) + ")");
  avals o = j.out_avals();
  if (o.size() < ncar || !same_types(part(o, 0, ncar), carry))
    throw error("jx::lax::scan: f must return the carry's type " +
                describe(carry) + " but returns " +
                describe(part(o, 0, std::min(ncar, o.size()))));
  avals out = carry;
  for (std::size_t k = ncar; k < o.size(); ++k) {
    shaped_array y = o[k];
    y.shape.insert(y.shape.begin(), length);
    out.push_back(y);
  }
  return out;
}

// --- lowering -------------------------------------------------------------------

mlir::Value i32_constant(lowering_context &c, int64_t v) {
  return c.constant(scalar_buffer(v, dtype::int32));
}

llvm::SmallVector<mlir::Type> types_of(const values &vs) {
  llvm::SmallVector<mlir::Type> out;
  for (mlir::Value v : vs)
    out.push_back(v.getType());
  return out;
}

values lower_cond(lowering_context &c, const values &in, const Eqn &e) {
  const jaxpr_list &brs = get_jaxprs(e.params, "branches");
  llvm::SmallVector<mlir::Type> types;
  for (const Var &v : e.outvars)
    types.push_back(tensor_type(v->aval));
  auto op = hlo::CaseOp::create(c.b, c.loc, types, in[0],
                                static_cast<unsigned>(brs.size()));
  values ops(in.begin() + 1, in.end());
  for (std::size_t i = 0; i < brs.size(); ++i) {
    mlir::Block *block = new mlir::Block();
    op.getBranches()[i].push_back(block);
    mlir::OpBuilder::InsertionGuard guard(c.b);
    c.b.setInsertionPointToStart(block);
    values r = c.lower_closed_jaxpr(*brs[i], ops);
    hlo::ReturnOp::create(c.b, c.loc, mlir::ValueRange(r));
  }
  return values(op.getResults().begin(), op.getResults().end());
}

/// A block of `region` with one argument per type, the insertion point
/// moved into it (restored by the caller's guard).
mlir::Block *start_block(lowering_context &c, mlir::Region &region,
                         const llvm::SmallVector<mlir::Type> &types) {
  mlir::Block *block = new mlir::Block();
  region.push_back(block);
  for (mlir::Type t : types)
    block->addArgument(t, c.loc);
  c.b.setInsertionPointToStart(block);
  return block;
}

values block_args(mlir::Block *b) {
  return values(b->getArguments().begin(), b->getArguments().end());
}

values lower_while(lowering_context &c, const values &in, const Eqn &e) {
  const ClosedJaxpr &cj = *get_jaxpr(e.params, "cond_jaxpr");
  const ClosedJaxpr &bj = *get_jaxpr(e.params, "body_jaxpr");
  auto ncc = static_cast<std::size_t>(get_int(e.params, "cond_nconsts"));
  auto nbc = static_cast<std::size_t>(get_int(e.params, "body_nconsts"));
  // The constants travel with the carry, as JAX lowers them.
  llvm::SmallVector<mlir::Type> types = types_of(in);
  auto op = hlo::WhileOp::create(c.b, c.loc, types, in);
  {
    mlir::OpBuilder::InsertionGuard guard(c.b);
    values a = block_args(start_block(c, op.getCond(), types));
    values r = c.lower_closed_jaxpr(
        cj, cat(part(a, 0, ncc), part(a, ncc + nbc, a.size())));
    hlo::ReturnOp::create(c.b, c.loc, mlir::ValueRange(r));
  }
  {
    mlir::OpBuilder::InsertionGuard guard(c.b);
    values a = block_args(start_block(c, op.getBody(), types));
    values r = c.lower_closed_jaxpr(
        bj, cat(part(a, ncc, ncc + nbc), part(a, ncc + nbc, a.size())));
    hlo::ReturnOp::create(c.b, c.loc,
                          mlir::ValueRange(cat(part(a, 0, ncc + nbc), r)));
  }
  values results(op.getResults().begin(), op.getResults().end());
  return part(results, ncc + nbc, results.size());
}

/// scan as JAX lowers it: a stablehlo.while over (xs, consts, i, carry, ys)
/// that slices xs[i] and writes ys[i] (i counted from the end when
/// reversed).
values lower_scan(lowering_context &c, const values &in, const Eqn &e) {
  const ClosedJaxpr &j = *get_jaxpr(e.params, "jaxpr");
  int64_t length = get_int(e.params, "length");
  bool reverse = get_bool(e.params, "reverse");
  auto nc = static_cast<std::size_t>(get_int(e.params, "num_consts"));
  auto ncar = static_cast<std::size_t>(get_int(e.params, "num_carry"));
  values consts = part(in, 0, nc), carry = part(in, nc, nc + ncar),
         xs = part(in, nc + ncar, in.size());
  std::size_t nx = xs.size(), ny = e.outvars.size() - ncar;
  values ys;
  for (std::size_t k = 0; k < ny; ++k) {
    const shaped_array &a = e.outvars[ncar + k]->aval;
    ys.push_back(c.broadcast_to(c.constant(scalar_buffer(0, a.dtype)), a.shape));
  }
  if (length == 0)
    return cat(carry, ys);
  values state = cat(cat(cat(xs, consts), values{i32_constant(c, 0)}),
                     cat(carry, ys));
  llvm::SmallVector<mlir::Type> types = types_of(state);
  std::size_t at_i = nx + nc;
  auto op = hlo::WhileOp::create(c.b, c.loc, types, state);
  mlir::MLIRContext *ctx = c.b.getContext();
  auto signed_cmp =
      hlo::ComparisonTypeAttr::get(ctx, hlo::ComparisonType::SIGNED);
  mlir::Type pred = tensor_type(shaped_array{dtype::bool_, {}, false});
  mlir::Type index_t = tensor_type(shaped_array{dtype::int32, {}, false});
  {
    mlir::OpBuilder::InsertionGuard guard(c.b);
    values a = block_args(start_block(c, op.getCond(), types));
    mlir::Value lt = hlo::CompareOp::create(
        c.b, c.loc, pred, a[at_i], i32_constant(c, length),
        hlo::ComparisonDirection::LT, signed_cmp);
    hlo::ReturnOp::create(c.b, c.loc, mlir::ValueRange{lt});
  }
  {
    mlir::OpBuilder::InsertionGuard guard(c.b);
    values a = block_args(start_block(c, op.getBody(), types));
    mlir::Value i = a[at_i];
    mlir::Value idx =
        reverse ? hlo::SubtractOp::create(c.b, c.loc, index_t,
                                          i32_constant(c, length - 1), i)
                      .getResult()
                : i;
    auto starts = [&](int64_t rank) {
      values s{idx};
      for (int64_t d = 1; d < rank; ++d)
        s.push_back(i32_constant(c, 0));
      return s;
    };
    values args = cat(part(a, nx, nx + nc), part(a, at_i + 1, at_i + 1 + ncar));
    for (std::size_t k = 0; k < nx; ++k) {
      auto t = mlir::cast<mlir::RankedTensorType>(a[k].getType());
      llvm::SmallVector<int64_t> sizes(t.getShape().begin(), t.getShape().end());
      sizes[0] = 1;
      mlir::Value s = hlo::DynamicSliceOp::create(c.b, c.loc, a[k],
                                                  starts(t.getRank()), sizes);
      auto slice_t = mlir::RankedTensorType::get(t.getShape().drop_front(),
                                                 t.getElementType());
      args.push_back(hlo::ReshapeOp::create(c.b, c.loc, slice_t, s));
    }
    values r = c.lower_closed_jaxpr(j, args);
    values next = part(a, 0, nx + nc);
    next.push_back(hlo::AddOp::create(c.b, c.loc, index_t, i,
                                      i32_constant(c, 1)));
    for (std::size_t k = 0; k < ncar; ++k)
      next.push_back(r[k]);
    for (std::size_t k = 0; k < ny; ++k) {
      mlir::Value buf = a[at_i + 1 + ncar + k];
      auto t = mlir::cast<mlir::RankedTensorType>(buf.getType());
      llvm::SmallVector<int64_t> one(t.getShape().begin(), t.getShape().end());
      one[0] = 1;
      mlir::Value upd = hlo::ReshapeOp::create(
          c.b, c.loc, mlir::RankedTensorType::get(one, t.getElementType()),
          r[ncar + k]);
      next.push_back(hlo::DynamicUpdateSliceOp::create(c.b, c.loc, buf, upd,
                                                       starts(t.getRank())));
    }
    hlo::ReturnOp::create(c.b, c.loc, mlir::ValueRange(next));
  }
  values results(op.getResults().begin(), op.getResults().end());
  return part(results, at_i + 1, results.size());
}

bool print_while_param(const std::string &name, const param &) {
  return name != "reverse_buffer"; // jx's own: how reverse mode stores carries
}
bool print_scan_param(const std::string &name, const param &) {
  return name != "_split_transpose"; // JAX hides it too
}

} // namespace

const primitive cond_p{"cond", cond_rule, lower_cond};
const primitive while_p{"while", while_rule, lower_while, print_while_param};
const primitive scan_p{"scan", scan_rule, lower_scan, print_scan_param};

} // namespace jx::core

// --- tracing user functions (include/jx/control_flow.h) ----------------------

namespace jx::detail {

using core::avals_str;
namespace {

using avals = std::vector<shaped_array>;
using jaxpr_ptr = std::shared_ptr<const ClosedJaxpr>;

// The helpers above (same translation unit, so reachable through core::).
using core::avals_of;
using core::branch_mismatch;
using core::describe;
using core::int_literal;
using core::same_types;

/// A traced function as a constant-free jaxpr whose leading invars are the
/// values it closed over (`hoisted`: its constants, then the tracers of
/// enclosing traces), followed by its arguments.
struct traced_fn {
  jaxpr_ptr jaxpr;
  std::vector<Array> hoisted;
};

traced_fn trace_fn(const flat_fn &f, const avals &in) {
  core::traced_jaxpr t = core::trace_with_captures(f, in);
  auto j = std::make_shared<Jaxpr>(*t.jaxpr.jaxpr);
  std::vector<Array> hoisted = transforms::const_arrays(t.jaxpr);
  hoisted.insert(hoisted.end(), t.captured.begin(), t.captured.end());
  std::vector<Var> invars = j->constvars;
  invars.insert(invars.end(), j->invars.begin(), j->invars.end());
  j->invars = std::move(invars);
  j->constvars.clear();
  auto cj = std::make_shared<ClosedJaxpr>();
  cj->jaxpr = std::move(j);
  return {std::move(cj), std::move(hoisted)};
}

} // namespace

Array cond_index(const Array &pred) {
  if (pred.ndim() != 0 || !(is_bool(pred.dtype()) || is_integer(pred.dtype()) ||
                            is_floating(pred.dtype())))
    throw error("jx::lax::cond: the predicate must be a scalar (0-d) bool or "
                "number, got " + pred.aval().str());
  if (is_bool(pred.dtype()))
    return lax::convert_element_type(pred, dtype::int32);
  Array zero = core::make_concrete(core::scalar_buffer(0, pred.dtype()), true,
                                   true);
  return lax::convert_element_type(lax::ne(pred, zero), dtype::int32);
}

Array switch_index(const Array &index, int64_t n) {
  if (index.ndim() != 0 || !is_integer(index.dtype()))
    throw error("jx::lax::switch_: the index must be a scalar (0-d) integer, "
                "got " + index.aval().str());
  Array i = index.dtype() == dtype::int32 && !index.weak_type()
                ? index
                : lax::convert_element_type(index, dtype::int32);
  return lax::min(lax::max(i, int_literal(0, dtype::int32)),
                  int_literal(n - 1, dtype::int32));
}

std::vector<Array> cond_flat(const std::string &api, const Array &index,
                             const std::vector<flat_fn> &branches,
                             const std::vector<Array> &operands) {
  avals in = avals_of(operands);
  std::vector<traced_fn> ts;
  for (const flat_fn &f : branches)
    ts.push_back(trace_fn(f, in));
  avals first = ts[0].jaxpr->out_avals();
  for (std::size_t i = 1; i < ts.size(); ++i) {
    avals o = ts[i].jaxpr->out_avals();
    if (!same_types(o, first))
      throw error(branch_mismatch(api, i, o, first) +
                  (api == "jx::lax::cond"
                       ? " (branch 0 is false_fn, branch 1 true_fn)"
                       : ""));
  }
  // One operand list for all branches: the values each closed over (a
  // tracer used by several only once), then the operands.
  std::vector<Array> hoisted;
  std::map<const core::array_impl *, std::size_t> position;
  std::vector<std::vector<std::size_t>> where(ts.size());
  for (std::size_t b = 0; b < ts.size(); ++b)
    for (const Array &h : ts[b].hoisted) {
      const core::array_impl *key = h.is_concrete() ? nullptr : h.impl().get();
      auto it = key ? position.find(key) : position.end();
      if (it != position.end()) {
        where[b].push_back(it->second);
        continue;
      }
      where[b].push_back(hoisted.size());
      if (key)
        position[key] = hoisted.size();
      hoisted.push_back(h);
    }
  std::vector<jaxpr_ptr> brs;
  for (std::size_t b = 0; b < ts.size(); ++b) {
    auto j = std::make_shared<Jaxpr>(*ts[b].jaxpr->jaxpr);
    std::vector<Var> vars(hoisted.size());
    std::size_t own = ts[b].hoisted.size();
    for (std::size_t k = 0; k < own; ++k)
      vars[where[b][k]] = j->invars[k];
    for (std::size_t k = 0; k < hoisted.size(); ++k)
      if (!vars[k])
        vars[k] = new_var(hoisted[k].aval());
    vars.insert(vars.end(), j->invars.begin() + own, j->invars.end());
    j->invars = std::move(vars);
    auto cj = std::make_shared<ClosedJaxpr>();
    cj->jaxpr = std::move(j);
    brs.push_back(std::move(cj));
  }
  std::vector<Array> args{index};
  args.insert(args.end(), hoisted.begin(), hoisted.end());
  args.insert(args.end(), operands.begin(), operands.end());
  return core::bind(core::cond_p, args, {{"branches", brs}});
}

std::vector<Array> while_flat(const std::string &api, const flat_fn &cond,
                              const flat_fn &body,
                              const std::vector<Array> &init,
                              int64_t reverse_buffer) {
  avals in = avals_of(init);
  traced_fn c = trace_fn(cond, in);
  avals co = c.jaxpr->out_avals();
  if (co.size() != 1 || co[0].dtype != dtype::bool_ || !co[0].shape.empty())
    throw error(api + ": cond_fn must return a scalar (0-d) bool, got " +
                describe(co));
  traced_fn b = trace_fn(body, in);
  avals bo = b.jaxpr->out_avals();
  if (!same_types(bo, in))
    throw error(api + ": body_fn must return the carry's type " +
                describe(in) + " but returns " + describe(bo) +
                " (the carry's type may not change)");
  std::vector<Array> args = c.hoisted;
  args.insert(args.end(), b.hoisted.begin(), b.hoisted.end());
  args.insert(args.end(), init.begin(), init.end());
  return core::bind(
      core::while_p, args,
      {{"cond_jaxpr", c.jaxpr},
       {"body_jaxpr", b.jaxpr},
       {"cond_nconsts", static_cast<int64_t>(c.hoisted.size())},
       {"body_nconsts", static_cast<int64_t>(b.hoisted.size())},
       {"reverse_buffer", reverse_buffer}});
}

std::vector<Array> fori_flat(const Array &lower, const Array &upper,
                             const flat_fn &body,
                             const std::vector<Array> &init,
                             int64_t reverse_buffer) {
  for (const Array *b : {&lower, &upper})
    if (b->ndim() != 0 || !is_integer(b->dtype()))
      throw error("jx::lax::fori_loop: lower and upper must be scalar (0-d) "
                  "integers, got " + lower.aval().str() + " and " +
                  upper.aval().str());
  dtype t = lower.weak_type() && !upper.weak_type() ? upper.dtype()
                                                    : lower.dtype();
  auto as_t = [&](const Array &x) {
    return x.dtype() == t ? x : lax::convert_element_type(x, t);
  };
  std::vector<Array> carry{as_t(lower), as_t(upper)};
  carry.insert(carry.end(), init.begin(), init.end());
  avals want = avals_of(init);
  flat_fn cond = [](const std::vector<Array> &v) {
    return std::vector<Array>{lax::lt(v[0], v[1])};
  };
  flat_fn step = [body, want, t](const std::vector<Array> &v) {
    // i + 1 first, as JAX traces it.
    std::vector<Array> next{lax::add(v[0], int_literal(1, t)), v[1]};
    std::vector<Array> args{v[0]};
    args.insert(args.end(), v.begin() + 2, v.end());
    std::vector<Array> outs = body(args);
    if (!same_types(avals_of(outs), want))
      throw error("jx::lax::fori_loop: body_fn must return the carry's type " +
                  describe(want) + " but returns " +
                  describe(avals_of(outs)) +
                  " (the carry's type may not change)");
    next.insert(next.end(), outs.begin(), outs.end());
    return next;
  };
  std::vector<Array> r =
      while_flat("jx::lax::fori_loop", cond, step, carry, reverse_buffer);
  return std::vector<Array>(r.begin() + 2, r.end());
}

std::vector<Array> scan_flat(const std::string &api, const flat_fn &f,
                             const std::vector<Array> &init,
                             const std::vector<Array> &xs,
                             std::optional<int64_t> length, bool reverse) {
  if (length && *length < 0)
    throw error(api + ": length must not be negative, got " +
                std::to_string(*length));
  std::optional<int64_t> n = length;
  avals in = avals_of(init);
  for (std::size_t k = 0; k < xs.size(); ++k) {
    if (xs[k].ndim() == 0)
      throw error(api + ": xs leaf " + std::to_string(k) + " is 0-d (" +
                  xs[k].aval().str() + "); scan needs a leading axis");
    int64_t lead = xs[k].shape()[0];
    if (n && lead != *n)
      throw error(api + ": xs leaf " + std::to_string(k) + " has type " +
                  xs[k].aval().str() + " but the scan length is " +
                  std::to_string(*n) +
                  (length ? " (given)" : " (the leading size of leaf 0)"));
    n = lead;
    shaped_array s = xs[k].aval();
    s.shape.erase(s.shape.begin());
    in.push_back(s);
  }
  if (!n)
    throw error(api + ": length must be given when xs has no leaves");
  traced_fn t = trace_fn(f, in);
  avals o = t.jaxpr->out_avals();
  avals carry = avals_of(init);
  if (o.size() < carry.size() ||
      !same_types(avals(o.begin(), o.begin() + carry.size()), carry))
    throw error(api + ": f must return the carry's type " + describe(carry) +
                " but returns " +
                describe(avals(o.begin(),
                               o.begin() + std::min(o.size(), carry.size()))) +
                " (the carry's type may not change)");
  std::vector<Array> args = t.hoisted;
  args.insert(args.end(), init.begin(), init.end());
  args.insert(args.end(), xs.begin(), xs.end());
  return core::bind(
      core::scan_p, args,
      {{"jaxpr", t.jaxpr},
       {"length", *n},
       {"reverse", reverse},
       {"num_consts", static_cast<int64_t>(t.hoisted.size())},
       {"num_carry", static_cast<int64_t>(init.size())},
       {"unroll", int64_t{1}},
       {"_split_transpose", false}});
}

} // namespace jx::detail

// --- transformation rules ----------------------------------------------------
//
// jvp: one loop (or cond) over primals and tangents together, its body the
// jvp of the original body. vjp: cond runs the vjp of the taken branch; scan
// saves every carry in a forward scan and runs the body's vjp in a reverse
// scan; while (which JAX does not differentiate in reverse) counts its
// iterations in the forward pass, keeps the first `reverse_buffer` carries
// (at least the initial one), and in the backward loop recomputes carry k
// from the last kept one before the body's vjp at it (docs/transforms.md).
// Batching: a batched predicate runs every branch and selects, or runs the
// loop until every example is done, finished examples masked.

namespace jx::core {
namespace {

using detail::flat_fn;
using transforms::differentiable;

/// Out batch dims of `j` on inputs of types `in` (batched ones already
/// with their batch at dims[i]): traced aside, nothing is bound here.
std::vector<batch_dim> batched_dims(const ClosedJaxpr &j, const avals &in,
                                    const std::vector<batch_dim> &dims) {
  std::vector<batch_dim> out;
  trace_with_captures(
      [&](const std::vector<Array> &v) {
        auto [o, d] = transforms::batch_jaxpr(j, v, dims, "jx::vmap");
        out = d;
        return o;
      },
      in);
  return out;
}

shaped_array with_batch(shaped_array a, int64_t size) {
  a.shape.insert(a.shape.begin(), size);
  return a;
}

Array front(const Array &x, batch_dim d) { return d ? move_axis(x, *d, 0) : x; }

const bool control_flow_rules_registered = [] {
  // --- cond ---
  set_rules(cond_p, [](transform_rules &r) {
    r.jvp_full = [](const std::vector<Array> &primals,
                    const std::vector<tangent> &tangents, const params_t &p) {
      const jaxpr_list &brs = get_jaxprs(p, "branches");
      std::size_t n = primals.size() - 1;
      std::vector<Array> ops = part(primals, 1, primals.size());
      std::vector<std::size_t> tin;
      std::vector<Array> targs;
      for (std::size_t i = 0; i < n; ++i)
        if (tangents[i + 1] && differentiable(ops[i].dtype())) {
          tin.push_back(i);
          targs.push_back(*tangents[i + 1]);
        }
      avals out_avals = brs[0]->out_avals();
      std::vector<std::size_t> tout = float_indices(out_avals);
      std::vector<flat_fn> fns;
      for (const jaxpr_ptr &br : brs)
        fns.push_back([br, n, tin, tout](const std::vector<Array> &v) {
          std::vector<tangent> t(n);
          for (std::size_t k = 0; k < tin.size(); ++k)
            t[tin[k]] = v[n + k];
          auto [o, to] =
              transforms::jvp_jaxpr(*br, part(v, 0, n), t, "jx::jvp");
          std::vector<Array> res = o;
          for (std::size_t j : tout)
            res.push_back(or_zeros(to[j], o[j].aval()));
          return res;
        });
      std::vector<Array> res =
          detail::cond_flat("jx::jvp", primals[0], fns, cat(ops, targs));
      std::size_t nout = out_avals.size();
      std::vector<tangent> touts(nout);
      for (std::size_t k = 0; k < tout.size(); ++k)
        touts[tout[k]] = res[nout + k];
      return std::make_pair(part(res, 0, nout), touts);
    };
    r.vjp = [](const vjp_args &a) {
      const jaxpr_list &brs = get_jaxprs(a.params, "branches");
      std::size_t n = a.primals.size() - 1, nout = a.outs.size();
      std::vector<Array> ops = part(a.primals, 1, a.primals.size());
      std::vector<bool> wrt(n);
      bool any = false;
      for (std::size_t i = 0; i < n; ++i) {
        wrt[i] = a.wants[i + 1] && differentiable(ops[i].dtype());
        any |= wrt[i];
      }
      std::vector<tangent> result(a.primals.size());
      if (!any)
        return result;
      std::vector<std::size_t> cidx;
      std::vector<Array> cargs;
      for (std::size_t j = 0; j < nout; ++j)
        if (a.cts[j]) {
          cidx.push_back(j);
          cargs.push_back(*a.cts[j]);
        }
      std::vector<flat_fn> fns;
      for (const jaxpr_ptr &br : brs)
        fns.push_back([br, n, nout, wrt, cidx](const std::vector<Array> &v) {
          std::vector<Array> x = part(v, 0, n);
          auto tape = transforms::vjp_forward(*br, x, wrt, "jx::grad");
          std::vector<tangent> oc(nout);
          for (std::size_t k = 0; k < cidx.size(); ++k)
            oc[cidx[k]] = v[n + k];
          std::vector<tangent> cin = transforms::vjp_backward(*tape, oc);
          std::vector<Array> res;
          for (std::size_t i = 0; i < n; ++i)
            if (wrt[i])
              res.push_back(or_zeros(cin[i], x[i].aval()));
          return res;
        });
      std::vector<Array> res =
          detail::cond_flat("jx::grad", a.primals[0], fns, cat(ops, cargs));
      std::size_t k = 0;
      for (std::size_t i = 0; i < n; ++i)
        if (wrt[i])
          result[i + 1] = res[k++];
      return result;
    };
    r.batch = [](const std::vector<Array> &args,
                 const std::vector<batch_dim> &dims, const params_t &p) {
      const jaxpr_list &brs = get_jaxprs(p, "branches");
      int64_t size = batch_size(args, dims);
      std::vector<Array> ops;
      std::vector<batch_dim> odims;
      for (std::size_t i = 1; i < args.size(); ++i) {
        ops.push_back(front(args[i], dims[i]));
        odims.push_back(dims[i] ? batch_dim(0) : std::nullopt);
      }
      std::size_t nout = brs[0]->out_avals().size();
      auto run = [size, odims](const ClosedJaxpr &br,
                               const std::vector<Array> &v) {
        auto [o, d] = transforms::batch_jaxpr(br, v, odims, "jx::vmap");
        for (std::size_t j = 0; j < o.size(); ++j)
          o[j] = batch_at(o[j], d[j], size, 0);
        return o;
      };
      if (dims[0]) {
        // A batched predicate: every branch on every example, then select.
        Array idx = front(args[0], dims[0]);
        std::vector<Array> res = run(*brs[0], ops);
        for (std::size_t b = 1; b < brs.size(); ++b) {
          std::vector<Array> o = run(*brs[b], ops);
          for (std::size_t j = 0; j < nout; ++j) {
            Array which = lax::eq(lax::broadcast_in_dim(idx, res[j].shape(), {0}),
                                  int_literal(static_cast<int64_t>(b)));
            res[j] = lax::select_n(which, {res[j], o[j]});
          }
        }
        return std::make_pair(res, std::vector<batch_dim>(nout, 0));
      }
      std::vector<flat_fn> fns;
      for (const jaxpr_ptr &br : brs)
        fns.push_back(
            [br, run](const std::vector<Array> &v) { return run(*br, v); });
      std::vector<Array> res = detail::cond_flat("jx::vmap", args[0], fns, ops);
      return std::make_pair(res, std::vector<batch_dim>(nout, 0));
    };
  });

  // --- while ---
  set_rules(while_p, [](transform_rules &r) {
    r.jvp_full = [](const std::vector<Array> &primals,
                    const std::vector<tangent> &tangents, const params_t &p) {
      jaxpr_ptr cj = get_jaxpr(p, "cond_jaxpr"), bj = get_jaxpr(p, "body_jaxpr");
      auto ncc = static_cast<std::size_t>(get_int(p, "cond_nconsts"));
      auto nbc = static_cast<std::size_t>(get_int(p, "body_nconsts"));
      int64_t rb = get_int(p, "reverse_buffer");
      std::vector<Array> cc = part(primals, 0, ncc),
                         bc = part(primals, ncc, ncc + nbc),
                         carry = part(primals, ncc + nbc, primals.size());
      std::size_t n = carry.size();
      std::vector<tangent> bct = part(tangents, ncc, ncc + nbc);
      for (std::size_t k = 0; k < nbc; ++k)
        if (!differentiable(bc[k].dtype()))
          bct[k] = std::nullopt;
      // Every floating carry gets a tangent (the body may make a zero one
      // nonzero).
      std::vector<std::size_t> F = float_indices(avals_of(carry));
      std::vector<Array> init = carry;
      for (std::size_t j : F)
        init.push_back(or_zeros(tangents[ncc + nbc + j], carry[j].aval()));
      flat_fn cond = [cj, cc, n](const std::vector<Array> &v) {
        return transforms::eval_jaxpr(*cj, cat(cc, part(v, 0, n)));
      };
      flat_fn body = [bj, bc, bct, F, n](const std::vector<Array> &v) {
        std::size_t nb = bc.size();
        std::vector<tangent> t(nb + n);
        for (std::size_t k = 0; k < nb; ++k)
          t[k] = bct[k];
        for (std::size_t m = 0; m < F.size(); ++m)
          t[nb + F[m]] = v[n + m];
        auto [o, to] =
            transforms::jvp_jaxpr(*bj, cat(bc, part(v, 0, n)), t, "jx::jvp");
        std::vector<Array> res = o;
        for (std::size_t j : F)
          res.push_back(or_zeros(to[j], o[j].aval()));
        return res;
      };
      std::vector<Array> res = detail::while_flat("jx::jvp", cond, body, init, rb);
      std::vector<tangent> touts(n);
      for (std::size_t m = 0; m < F.size(); ++m)
        touts[F[m]] = res[n + m];
      return std::make_pair(part(res, 0, n), touts);
    };

    r.vjp_fwd = [](const std::vector<Array> &primals,
                   const std::vector<bool> &wants, const params_t &p) {
      jaxpr_ptr cj = get_jaxpr(p, "cond_jaxpr"), bj = get_jaxpr(p, "body_jaxpr");
      auto ncc = static_cast<std::size_t>(get_int(p, "cond_nconsts"));
      auto nbc = static_cast<std::size_t>(get_int(p, "body_nconsts"));
      int64_t B = std::max<int64_t>(1, get_int(p, "reverse_buffer"));
      std::vector<Array> cc = part(primals, 0, ncc),
                         bc = part(primals, ncc, ncc + nbc),
                         carry = part(primals, ncc + nbc, primals.size());
      std::size_t n = carry.size();
      // Loop state: (count, carry..., buffers...) where buffer j keeps
      // carry j of the first B iterations (only the initial carry, no
      // buffer, when B is 1).
      std::vector<Array> init{int_literal(0)};
      init = cat(init, carry);
      if (B > 1)
        for (const Array &c : carry)
          init.push_back(zeros(with_batch(c.aval(), B)));
      flat_fn cond = [cj, cc, n](const std::vector<Array> &v) {
        return transforms::eval_jaxpr(*cj, cat(cc, part(v, 1, 1 + n)));
      };
      flat_fn body = [bj, bc, n, B](const std::vector<Array> &v) {
        std::vector<Array> c = part(v, 1, 1 + n);
        std::vector<Array> next{lax::add(v[0], int_literal(1))};
        next = cat(next, transforms::eval_jaxpr(*bj, cat(bc, c)));
        if (B > 1) {
          Array keep = lax::lt(v[0], int_literal(B));
          for (std::size_t j = 0; j < n; ++j) {
            const Array &buf = v[1 + n + j];
            std::vector<Array> at{v[0]};
            for (int64_t d = 0; d < c[j].ndim(); ++d)
              at.push_back(int_literal(0));
            Array w = lax::dynamic_update_slice(
                buf, lax::reshape(c[j], with_batch(c[j].aval(), 1).shape), at);
            next.push_back(lax::select_n(keep, {buf, w}));
          }
        }
        return next;
      };
      // The count is strongly typed so the backward loop's counter is too.
      init[0] = lax::convert_element_type(init[0], dtype::int32);
      std::vector<Array> res =
          detail::while_flat("jx::grad", cond, body, init, 0);
      std::vector<Array> residuals{res[0]};
      residuals = cat(residuals, bc);
      residuals = cat(residuals, B > 1 ? part(res, 1 + n, res.size()) : carry);
      return std::make_pair(part(res, 1, 1 + n), residuals);
    };

    r.vjp_bwd = [](const std::vector<Array> &residuals,
                   const std::vector<tangent> &cts,
                   const std::vector<bool> &wants, const params_t &p) {
      jaxpr_ptr bj = get_jaxpr(p, "body_jaxpr");
      auto ncc = static_cast<std::size_t>(get_int(p, "cond_nconsts"));
      auto nbc = static_cast<std::size_t>(get_int(p, "body_nconsts"));
      int64_t B = std::max<int64_t>(1, get_int(p, "reverse_buffer"));
      std::size_t n = cts.size();
      Array count = residuals[0];
      std::vector<Array> bc = part(residuals, 1, 1 + nbc),
                         store = part(residuals, 1 + nbc, residuals.size());
      avals carry_avals = bj->out_avals();
      std::vector<std::size_t> F = float_indices(carry_avals), W;
      for (std::size_t k = 0; k < nbc; ++k)
        if (wants[ncc + k] && differentiable(bc[k].dtype()))
          W.push_back(k);
      std::size_t nf = F.size();
      // Loop state: (k, cotangents of the float carries, accumulated
      // cotangents of the wanted body constants), k from count-1 down to 0.
      std::vector<Array> init{lax::sub(count, int_literal(1))};
      for (std::size_t j : F)
        init.push_back(or_zeros(cts[j], carry_avals[j]));
      for (std::size_t k : W)
        init.push_back(zeros(bc[k].aval()));
      flat_fn cond = [](const std::vector<Array> &v) {
        return std::vector<Array>{lax::ge(v[0], int_literal(0))};
      };
      flat_fn body = [bj, bc, store, F, W, n, nf, B,
                      carry_avals](const std::vector<Array> &v) {
        const Array &k = v[0];
        std::size_t nb = bc.size();
        // Carry k: from the last stored carry, recomputed forward.
        Array start = int_literal(0);
        std::vector<Array> c0 = store;
        if (B > 1) {
          start = lax::min(k, int_literal(B - 1));
          c0.clear();
          for (std::size_t j = 0; j < n; ++j) {
            std::vector<Array> at{start};
            shape_t sizes{1};
            for (int64_t d : carry_avals[j].shape) {
              at.push_back(int_literal(0));
              sizes.push_back(d);
            }
            c0.push_back(lax::reshape(lax::dynamic_slice(store[j], at, sizes),
                                      carry_avals[j].shape));
          }
        }
        flat_fn step = [bj, bc](const std::vector<Array> &s) {
          return transforms::eval_jaxpr(*bj, cat(bc, part(s, 1, s.size())));
        };
        std::vector<Array> ck = detail::fori_flat(start, k, step, c0);
        std::vector<bool> wrt(nb + n, false);
        for (std::size_t kk : W)
          wrt[kk] = true;
        for (std::size_t j : F)
          wrt[nb + j] = true;
        auto tape = transforms::vjp_forward(*bj, cat(bc, ck), wrt, "jx::grad");
        std::vector<tangent> oc(n);
        for (std::size_t m = 0; m < nf; ++m)
          oc[F[m]] = v[1 + m];
        std::vector<tangent> cin = transforms::vjp_backward(*tape, oc);
        std::vector<Array> next{lax::sub(k, int_literal(1))};
        for (std::size_t j : F)
          next.push_back(or_zeros(cin[nb + j], carry_avals[j]));
        for (std::size_t m = 0; m < W.size(); ++m) {
          const Array &acc = v[1 + nf + m];
          const tangent &c = cin[W[m]];
          next.push_back(c ? lax::add(acc, *c) : acc);
        }
        return next;
      };
      std::vector<Array> res = detail::while_flat("jx::grad", cond, body, init, 0);
      std::vector<tangent> out(ncc + nbc + n);
      for (std::size_t m = 0; m < W.size(); ++m)
        out[ncc + W[m]] = res[1 + nf + m];
      for (std::size_t m = 0; m < nf; ++m)
        if (wants[ncc + nbc + F[m]])
          out[ncc + nbc + F[m]] = res[1 + m];
      return out;
    };

    r.batch = [](const std::vector<Array> &args,
                 const std::vector<batch_dim> &dims, const params_t &p) {
      jaxpr_ptr cj = get_jaxpr(p, "cond_jaxpr"), bj = get_jaxpr(p, "body_jaxpr");
      auto ncc = static_cast<std::size_t>(get_int(p, "cond_nconsts"));
      auto nbc = static_cast<std::size_t>(get_int(p, "body_nconsts"));
      int64_t rb = get_int(p, "reverse_buffer");
      int64_t size = batch_size(args, dims);
      std::vector<Array> a;
      std::vector<batch_dim> d;
      for (std::size_t i = 0; i < args.size(); ++i) {
        a.push_back(front(args[i], dims[i]));
        d.push_back(dims[i] ? batch_dim(0) : std::nullopt);
      }
      std::vector<Array> cc = part(a, 0, ncc), bc = part(a, ncc, ncc + nbc),
                         carry = part(a, ncc + nbc, a.size());
      std::vector<batch_dim> ccd = part(d, 0, ncc), bcd = part(d, ncc, ncc + nbc),
                             cd = part(d, ncc + nbc, d.size());
      std::size_t n = carry.size();
      // Which carries are batched: those batched on entry and those the
      // body makes batched (a fixed point).
      for (bool changed = true; changed;) {
        changed = false;
        std::vector<batch_dim> od = batched_dims(
            *bj, cat(avals_of(bc), avals_of(carry)), cat(bcd, cd));
        for (std::size_t j = 0; j < n; ++j)
          if (od[j] && !cd[j]) {
            cd[j] = 0;
            carry[j] = batch_at(carry[j], std::nullopt, size, 0);
            changed = true;
          }
      }
      bool pred_batched =
          batched_dims(*cj, cat(avals_of(cc), avals_of(carry)), cat(ccd, cd))[0]
              .has_value();
      if (pred_batched)
        for (std::size_t j = 0; j < n; ++j)
          if (!cd[j]) {
            cd[j] = 0;
            carry[j] = batch_at(carry[j], std::nullopt, size, 0);
          }
      auto pred = [cj, cc, ccd, cd, size](const std::vector<Array> &v) {
        auto [o, od] = transforms::batch_jaxpr(*cj, cat(cc, v), cat(ccd, cd),
                                               "jx::vmap");
        return od[0] ? batch_at(o[0], od[0], size, 0) : o[0];
      };
      auto step = [bj, bc, bcd, cd, size](const std::vector<Array> &v) {
        auto [o, od] = transforms::batch_jaxpr(*bj, cat(bc, v), cat(bcd, cd),
                                               "jx::vmap");
        for (std::size_t j = 0; j < o.size(); ++j)
          if (cd[j])
            o[j] = batch_at(o[j], od[j], size, 0);
        return o;
      };
      flat_fn cond, body;
      if (!pred_batched) {
        cond = [pred](const std::vector<Array> &v) {
          return std::vector<Array>{pred(v)};
        };
        body = step;
      } else {
        // Run until every example is done; finished examples keep their
        // carry.
        cond = [pred](const std::vector<Array> &v) {
          return std::vector<Array>{lax::reduce_or(pred(v), {0})};
        };
        body = [pred, step](const std::vector<Array> &v) {
          Array go = pred(v);
          std::vector<Array> o = step(v);
          for (std::size_t j = 0; j < o.size(); ++j)
            o[j] = lax::select_n(lax::broadcast_in_dim(go, o[j].shape(), {0}),
                                 {v[j], o[j]});
          return o;
        };
      }
      std::vector<Array> res = detail::while_flat("jx::vmap", cond, body, carry, rb);
      return std::make_pair(res, cd);
    };
  });

  // --- scan ---
  set_rules(scan_p, [](transform_rules &r) {
    r.jvp_full = [](const std::vector<Array> &primals,
                    const std::vector<tangent> &tangents, const params_t &p) {
      jaxpr_ptr j = get_jaxpr(p, "jaxpr");
      auto nc = static_cast<std::size_t>(get_int(p, "num_consts"));
      auto ncar = static_cast<std::size_t>(get_int(p, "num_carry"));
      int64_t length = get_int(p, "length");
      bool reverse = get_bool(p, "reverse");
      std::vector<Array> consts = part(primals, 0, nc),
                         carry = part(primals, nc, nc + ncar),
                         xs = part(primals, nc + ncar, primals.size());
      std::size_t nx = xs.size();
      std::vector<tangent> ct = part(tangents, 0, nc);
      for (std::size_t k = 0; k < nc; ++k)
        if (!differentiable(consts[k].dtype()))
          ct[k] = std::nullopt;
      std::vector<std::size_t> F = float_indices(avals_of(carry)), TX;
      std::vector<Array> txs;
      for (std::size_t k = 0; k < nx; ++k)
        if (tangents[nc + ncar + k] && differentiable(xs[k].dtype())) {
          TX.push_back(k);
          txs.push_back(*tangents[nc + ncar + k]);
        }
      avals o_avals = j->out_avals();
      avals y_avals = part(o_avals, ncar, o_avals.size());
      std::vector<std::size_t> FY = float_indices(y_avals);
      std::size_t nf = F.size(), ny = y_avals.size();
      std::vector<Array> init = carry;
      for (std::size_t c : F)
        init.push_back(or_zeros(tangents[nc + c], carry[c].aval()));
      flat_fn f = [j, consts, ct, F, TX, FY, ncar, nx,
                   nf](const std::vector<Array> &v) {
        // v: carry, carry tangents, x, x tangents.
        std::size_t ncon = consts.size();
        std::vector<Array> args =
            cat(cat(consts, part(v, 0, ncar)), part(v, ncar + nf, ncar + nf + nx));
        std::vector<tangent> t(args.size());
        for (std::size_t k = 0; k < ncon; ++k)
          t[k] = ct[k];
        for (std::size_t m = 0; m < nf; ++m)
          t[ncon + F[m]] = v[ncar + m];
        for (std::size_t m = 0; m < TX.size(); ++m)
          t[ncon + ncar + TX[m]] = v[ncar + nf + nx + m];
        auto [o, to] = transforms::jvp_jaxpr(*j, args, t, "jx::jvp");
        std::vector<Array> res = part(o, 0, ncar);
        for (std::size_t c : F)
          res.push_back(or_zeros(to[c], o[c].aval()));
        res = cat(res, part(o, ncar, o.size()));
        for (std::size_t y : FY)
          res.push_back(or_zeros(to[ncar + y], o[ncar + y].aval()));
        return res;
      };
      std::vector<Array> res = detail::scan_flat("jx::jvp", f, init,
                                                 cat(xs, txs), length, reverse);
      std::vector<Array> outs = cat(part(res, 0, ncar),
                                    part(res, ncar + nf, ncar + nf + ny));
      std::vector<tangent> touts(ncar + ny);
      for (std::size_t m = 0; m < nf; ++m)
        touts[F[m]] = res[ncar + m];
      for (std::size_t m = 0; m < FY.size(); ++m)
        touts[ncar + FY[m]] = res[ncar + nf + ny + m];
      return std::make_pair(outs, touts);
    };

    r.vjp_fwd = [](const std::vector<Array> &primals,
                   const std::vector<bool> &wants, const params_t &p) {
      jaxpr_ptr j = get_jaxpr(p, "jaxpr");
      auto nc = static_cast<std::size_t>(get_int(p, "num_consts"));
      auto ncar = static_cast<std::size_t>(get_int(p, "num_carry"));
      int64_t length = get_int(p, "length");
      bool reverse = get_bool(p, "reverse");
      std::vector<Array> consts = part(primals, 0, nc),
                         carry = part(primals, nc, nc + ncar),
                         xs = part(primals, nc + ncar, primals.size());
      // The carry each step starts from, stacked as extra ys.
      flat_fn f = [j, consts, ncar](const std::vector<Array> &v) {
        return cat(transforms::eval_jaxpr(*j, cat(consts, v)),
                   part(v, 0, ncar));
      };
      std::vector<Array> res =
          detail::scan_flat("jx::grad", f, carry, xs, length, reverse);
      std::size_t nout = res.size() - ncar;
      std::vector<Array> residuals =
          cat(cat(consts, xs), part(res, nout, res.size()));
      return std::make_pair(part(res, 0, nout), residuals);
    };

    r.vjp_bwd = [](const std::vector<Array> &residuals,
                   const std::vector<tangent> &cts,
                   const std::vector<bool> &wants, const params_t &p) {
      jaxpr_ptr j = get_jaxpr(p, "jaxpr");
      auto nc = static_cast<std::size_t>(get_int(p, "num_consts"));
      auto ncar = static_cast<std::size_t>(get_int(p, "num_carry"));
      int64_t length = get_int(p, "length");
      bool reverse = get_bool(p, "reverse");
      std::size_t nx = residuals.size() - nc - ncar, ny = cts.size() - ncar;
      std::vector<Array> consts = part(residuals, 0, nc),
                         xs = part(residuals, nc, nc + nx),
                         carries = part(residuals, nc + nx, residuals.size());
      avals in_avals = j->in_avals();
      avals carry_avals = part(in_avals, nc, nc + ncar);
      std::vector<std::size_t> F = float_indices(carry_avals), WC, WX, CY;
      for (std::size_t k = 0; k < nc; ++k)
        if (wants[k] && differentiable(consts[k].dtype()))
          WC.push_back(k);
      for (std::size_t k = 0; k < nx; ++k)
        if (wants[nc + ncar + k] && differentiable(xs[k].dtype()))
          WX.push_back(k);
      std::vector<Array> cys;
      for (std::size_t y = 0; y < ny; ++y)
        if (cts[ncar + y]) {
          CY.push_back(y);
          cys.push_back(*cts[ncar + y]);
        }
      std::size_t nf = F.size(), nwc = WC.size();
      std::vector<Array> init;
      for (std::size_t c : F)
        init.push_back(or_zeros(cts[c], carry_avals[c]));
      for (std::size_t k : WC)
        init.push_back(zeros(consts[k].aval()));
      flat_fn f = [j, consts, F, WC, WX, CY, ncar, nx, ny, nf, nwc,
                   carry_avals](const std::vector<Array> &v) {
        // v: carry cotangents, const accumulators, carry_t, x_t, ct_y_t.
        std::size_t ncon = consts.size(), at = nf + nwc;
        std::vector<Array> args =
            cat(cat(consts, part(v, at, at + ncar)),
                part(v, at + ncar, at + ncar + nx));
        std::vector<bool> wrt(args.size(), false);
        for (std::size_t k : WC)
          wrt[k] = true;
        for (std::size_t c : F)
          wrt[ncon + c] = true;
        for (std::size_t x : WX)
          wrt[ncon + ncar + x] = true;
        auto tape = transforms::vjp_forward(*j, args, wrt, "jx::grad");
        std::vector<tangent> oc(ncar + ny);
        for (std::size_t m = 0; m < nf; ++m)
          oc[F[m]] = v[m];
        for (std::size_t m = 0; m < CY.size(); ++m)
          oc[ncar + CY[m]] = v[at + ncar + nx + m];
        std::vector<tangent> cin = transforms::vjp_backward(*tape, oc);
        std::vector<Array> res;
        for (std::size_t c : F)
          res.push_back(or_zeros(cin[ncon + c], carry_avals[c]));
        for (std::size_t m = 0; m < nwc; ++m) {
          const tangent &c = cin[WC[m]];
          res.push_back(c ? lax::add(v[nf + m], *c) : v[nf + m]);
        }
        for (std::size_t x : WX)
          res.push_back(or_zeros(cin[ncon + ncar + x], args[ncon + ncar + x].aval()));
        return res;
      };
      std::vector<Array> res = detail::scan_flat(
          "jx::grad", f, init, cat(cat(carries, xs), cys), length, !reverse);
      std::vector<tangent> out(nc + ncar + nx);
      for (std::size_t m = 0; m < nwc; ++m)
        out[WC[m]] = res[nf + m];
      for (std::size_t m = 0; m < nf; ++m)
        if (wants[nc + F[m]])
          out[nc + F[m]] = res[m];
      for (std::size_t m = 0; m < WX.size(); ++m)
        out[nc + ncar + WX[m]] = res[nf + nwc + m];
      return out;
    };

    r.batch = [](const std::vector<Array> &args,
                 const std::vector<batch_dim> &dims, const params_t &p) {
      jaxpr_ptr j = get_jaxpr(p, "jaxpr");
      auto nc = static_cast<std::size_t>(get_int(p, "num_consts"));
      auto ncar = static_cast<std::size_t>(get_int(p, "num_carry"));
      int64_t length = get_int(p, "length");
      bool reverse = get_bool(p, "reverse");
      int64_t size = batch_size(args, dims);
      std::vector<Array> consts, carry, xs;
      std::vector<batch_dim> kd, cd, xd;
      for (std::size_t i = 0; i < args.size(); ++i) {
        batch_dim d = dims[i] ? batch_dim(0) : std::nullopt;
        if (i < nc) {
          consts.push_back(front(args[i], dims[i]));
          kd.push_back(d);
        } else if (i < nc + ncar) {
          carry.push_back(front(args[i], dims[i]));
          cd.push_back(d);
        } else {
          // The scanned axis stays first; the batch goes second.
          xs.push_back(dims[i] ? batch_at(args[i], dims[i], size, 1) : args[i]);
          xd.push_back(d);
        }
      }
      avals x_avals;
      for (const Array &x : xs) {
        shaped_array s = x.aval();
        s.shape.erase(s.shape.begin());
        x_avals.push_back(s);
      }
      for (bool changed = true; changed;) {
        changed = false;
        std::vector<batch_dim> od = batched_dims(
            *j, cat(cat(avals_of(consts), avals_of(carry)), x_avals),
            cat(cat(kd, cd), xd));
        for (std::size_t c = 0; c < ncar; ++c)
          if (od[c] && !cd[c]) {
            cd[c] = 0;
            carry[c] = batch_at(carry[c], std::nullopt, size, 0);
            changed = true;
          }
      }
      flat_fn f = [j, consts, kd, cd, xd, ncar, size](const std::vector<Array> &v) {
        auto [o, od] = transforms::batch_jaxpr(*j, cat(consts, v),
                                               cat(cat(kd, cd), xd), "jx::vmap");
        for (std::size_t k = 0; k < o.size(); ++k)
          if (k >= ncar || cd[k])
            o[k] = batch_at(o[k], od[k], size, 0);
        return o;
      };
      std::vector<Array> res =
          detail::scan_flat("jx::vmap", f, carry, xs, length, reverse);
      std::vector<batch_dim> out = cd;
      out.resize(res.size(), batch_dim(1));
      return std::make_pair(res, out);
    };
  });
  return true;
}();

} // namespace
} // namespace jx::core
