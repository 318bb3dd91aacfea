// reduction.cpp - reduce_sum, reduce_max, reduce_min, reduce_prod,
// reduce_and, reduce_or over `axes`.
//
// Shape rule: stablehlo's inferReduceOp (reduce_c1..c8). Lowering: one
// stablehlo.reduce whose body applies add/maximum/minimum, with JAX's
// identities as init values (0, -inf / lowest, +inf / highest).

#include "frontend/lowering.h"
#include "jx/Dialect/StableHLO/IR/InferReduction.h"
#include "core/trace.h"
#include "jx/lax.h"
#include "primitives/batching.h"
#include "primitives/monoid.h"
#include "primitives/rules.h"

#include <algorithm>
#include <array>
#include <functional>
#include <cstring>
#include <limits>

namespace jx::core {

namespace hlo = jx::stablehlo;
using frontend::lowering_context;

void build_monoid_body(lowering_context &c, mlir::Region &region,
                       mlir::Type scalar, monoid m) {
  mlir::Block *body = new mlir::Block();
  region.push_back(body);
  mlir::Value a = body->addArgument(scalar, c.loc);
  mlir::Value b = body->addArgument(scalar, c.loc);
  mlir::OpBuilder::InsertionGuard guard(c.b);
  c.b.setInsertionPointToStart(body);
  mlir::Value r;
  switch (m) {
  case monoid::sum: r = hlo::AddOp::create(c.b, c.loc, scalar, a, b); break;
  case monoid::prod: r = hlo::MulOp::create(c.b, c.loc, scalar, a, b); break;
  case monoid::and_: r = hlo::AndOp::create(c.b, c.loc, scalar, a, b); break;
  case monoid::or_: r = hlo::OrOp::create(c.b, c.loc, scalar, a, b); break;
  case monoid::max: r = hlo::MaxOp::create(c.b, c.loc, scalar, a, b); break;
  case monoid::min: r = hlo::MinOp::create(c.b, c.loc, scalar, a, b); break;
  }
  hlo::ReturnOp::create(c.b, c.loc, mlir::ValueRange{r});
}

namespace {

using values = std::vector<mlir::Value>;

std::vector<shaped_array> reduce_rule(const std::string &name,
                                      const std::vector<shaped_array> &in,
                                      const params_t &p) {
  const std::vector<int64_t> &axes = get_ints(p, "axes");
  shaped_array init{in[0].dtype, {}, false};
  mlir::RankedTensorType input = frontend::tensor_type(in[0]);
  mlir::RankedTensorType init_type = frontend::tensor_type(init);
  mlir::RankedTensorType r = frontend::infer("jx::lax::" + name, [&](auto e) {
    auto types = hlo::inferReduceOp(e, {input}, {init_type}, axes);
    if (mlir::failed(types))
      return mlir::FailureOr<mlir::RankedTensorType>(mlir::failure());
    return mlir::FailureOr<mlir::RankedTensorType>((*types)[0]);
  });
  return {frontend::aval_of_type(r, in[0].weak_type)};
}

/// The identity of `m` for `t`.
double identity(monoid m, dtype t) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  if (m == monoid::sum || m == monoid::or_)
    return 0;
  if (m == monoid::prod || m == monoid::and_)
    return 1;
  bool is_max = m == monoid::max;
  if (is_inexact(t))
    return is_max ? -inf : inf;
  if (is_bool(t))
    return is_max ? 0 : 1;
  switch (t) {
  case dtype::int8: return is_max ? INT8_MIN : INT8_MAX;
  case dtype::int16: return is_max ? INT16_MIN : INT16_MAX;
  case dtype::int32: return is_max ? INT32_MIN : INT32_MAX;
  case dtype::int64: return is_max ? static_cast<double>(INT64_MIN)
                                   : static_cast<double>(INT64_MAX);
  case dtype::uint8: return is_max ? 0 : UINT8_MAX;
  case dtype::uint16: return is_max ? 0 : UINT16_MAX;
  case dtype::uint32: return is_max ? 0 : UINT32_MAX;
  case dtype::uint64: return is_max ? 0 : static_cast<double>(UINT64_MAX);
  default: return 0;
  }
}


/// The identity of `m` as a 0-d constant of `t` (exact 64-bit extremes).
mlir::Value identity_constant(lowering_context &c, monoid m, dtype t) {
  runtime::host_buffer init = scalar_buffer(identity(m, t), t);
  if ((m == monoid::max || m == monoid::min) &&
      (t == dtype::int64 || t == dtype::uint64)) {
    int64_t v = t == dtype::int64
                    ? (m == monoid::max ? INT64_MIN : INT64_MAX)
                    : (m == monoid::max ? 0 : -1);
    std::memcpy(init.data.data(), &v, sizeof v);
  }
  return c.constant(init);
}

template <monoid M>
values lower_reduce(lowering_context &c, const values &in, const Eqn &e) {
  const shaped_array &x = aval_of(e.invars[0]);
  mlir::Value init_value = identity_constant(c, M, x.dtype);
  mlir::RankedTensorType out = frontend::tensor_type(e.outvars[0]->aval);
  auto op = hlo::ReduceOp::create(c.b, c.loc, mlir::TypeRange{out},
                                  mlir::ValueRange{in[0]},
                                  mlir::ValueRange{init_value},
                                  get_ints(e.params, "axes"));
  build_monoid_body(c, op.getBody(), init_value.getType(), M);
  return {op.getResult(0)};
}

// --- cumsum / cumprod / cummax / cummin[axis, reverse] -----------------------
//
// As JAX on CPU: a reduce_window whose window spans the whole axis, padded
// by size - 1 before the data (after it when reversed), so window i covers
// elements 0..i (i..n-1).

/// The window of a cumulative reduction over `axis` of `shape`.
struct cumulative_window {
  std::vector<int64_t> dims, padding; // padding: lo0, hi0, lo1, hi1, ...
};
cumulative_window window_of(const shape_t &shape, int64_t axis, bool reverse) {
  cumulative_window w;
  for (int64_t i = 0; i < static_cast<int64_t>(shape.size()); ++i) {
    int64_t n = i == axis ? std::max<int64_t>(shape[i], 1) : 1;
    w.dims.push_back(n);
    w.padding.push_back(reverse ? 0 : n - 1);
    w.padding.push_back(reverse ? n - 1 : 0);
  }
  return w;
}

std::vector<shaped_array> cumulative_rule(const std::string &name,
                                          const std::vector<shaped_array> &in,
                                          const params_t &p) {
  int64_t axis = std::get<int64_t>(p.at("axis"));
  if (axis < 0 || axis >= in[0].ndim())
    throw error("jx::lax::" + name + ": axis " + std::to_string(axis) +
                " is out of bounds for array " + in[0].str());
  if (is_bool(in[0].dtype) || is_complex(in[0].dtype))
    throw error("jx::lax::" + name + ": needs a real numeric operand, got " +
                in[0].str());
  cumulative_window w = window_of(in[0].shape, axis, get_bool(p, "reverse"));
  hlo::WindowConfig config;
  config.dimensions = w.dims;
  config.padding = llvm::ArrayRef<int64_t>(w.padding);
  mlir::RankedTensorType input = frontend::tensor_type(in[0]);
  mlir::RankedTensorType init =
      frontend::tensor_type(shaped_array{in[0].dtype, {}, false});
  mlir::RankedTensorType r = frontend::infer("jx::lax::" + name, [&](auto e) {
    auto types = hlo::inferReduceWindowOp(e, {input}, {init}, config);
    if (mlir::failed(types))
      return mlir::FailureOr<mlir::RankedTensorType>(mlir::failure());
    return mlir::FailureOr<mlir::RankedTensorType>((*types)[0]);
  });
  return {frontend::aval_of_type(r, in[0].weak_type)};
}

template <monoid M>
values lower_cumulative(lowering_context &c, const values &in, const Eqn &e) {
  const shaped_array &x = aval_of(e.invars[0]);
  cumulative_window w = window_of(x.shape, std::get<int64_t>(e.params.at("axis")),
                                  get_bool(e.params, "reverse"));
  mlir::Value init = identity_constant(c, M, x.dtype);
  auto padding_type = mlir::RankedTensorType::get(
      {x.ndim(), 2}, c.b.getIntegerType(64));
  auto padding = mlir::DenseIntElementsAttr::get(
      padding_type, llvm::ArrayRef<int64_t>(w.padding));
  auto op = hlo::ReduceWindowOp::create(
      c.b, c.loc, mlir::TypeRange{frontend::tensor_type(e.outvars[0]->aval)},
      mlir::ValueRange{in[0]}, mlir::ValueRange{init}, w.dims,
      /*window_strides=*/nullptr, /*base_dilations=*/nullptr,
      /*window_dilations=*/nullptr, padding);
  build_monoid_body(c, op.getBody(), init.getType(), M);
  return {op.getResult(0)};
}

// --- argmax / argmin[axes=(axis,), index_dtype] ------------------------------

std::vector<shaped_array> argminmax_rule(const std::string &name,
                                         const std::vector<shaped_array> &in,
                                         const params_t &p) {
  const std::vector<int64_t> &axes = get_ints(p, "axes");
  if (axes.size() != 1 || axes[0] < 0 || axes[0] >= in[0].ndim())
    throw error("jx::lax::" + name + ": needs one axis of " + in[0].str());
  dtype index = get_dtype(p, "index_dtype");
  if (!is_integer(index))
    throw error("jx::lax::" + name + ": index_dtype must be an integer type");
  if (in[0].shape[axes[0]] == 0)
    throw error("jx::lax::" + name + ": axis " + std::to_string(axes[0]) +
                " of " + in[0].str() + " is empty");
  shape_t shape;
  for (int64_t i = 0; i < in[0].ndim(); ++i)
    if (i != axes[0])
      shape.push_back(in[0].shape[i]);
  return {shaped_array{index, shape, false}};
}

/// A variadic reduce over (values, iota indices) keeping the larger
/// (smaller) value, NaN first, and the smaller index among equal values.
template <bool IsMax>
values lower_argminmax(lowering_context &c, const values &in, const Eqn &e) {
  const shaped_array &x = aval_of(e.invars[0]);
  const shaped_array &out = e.outvars[0]->aval;
  int64_t axis = get_ints(e.params, "axes")[0];
  dtype index = out.dtype;
  shaped_array idx_aval{index, x.shape, false};
  mlir::Value iota = hlo::IotaOp::create(c.b, c.loc,
                                         frontend::tensor_type(idx_aval), axis);
  monoid m = IsMax ? monoid::max : monoid::min;
  runtime::host_buffer init = scalar_buffer(identity(m, x.dtype), x.dtype);
  if (x.dtype == dtype::int64 || x.dtype == dtype::uint64) {
    int64_t v = x.dtype == dtype::int64 ? (IsMax ? INT64_MIN : INT64_MAX)
                                        : (IsMax ? 0 : -1);
    std::memcpy(init.data.data(), &v, sizeof v);
  }
  mlir::Value init_val = c.constant(init);
  mlir::Value init_idx = c.constant(scalar_buffer(0, index));
  mlir::RankedTensorType out_val = frontend::tensor_type(
      shaped_array{x.dtype, out.shape, false});
  mlir::RankedTensorType out_idx = frontend::tensor_type(out);
  auto op = hlo::ReduceOp::create(c.b, c.loc, mlir::TypeRange{out_val, out_idx},
                                  mlir::ValueRange{in[0], iota},
                                  mlir::ValueRange{init_val, init_idx},
                                  std::vector<int64_t>{axis});
  mlir::Type vt = init_val.getType(), it = init_idx.getType();
  mlir::Block *body = new mlir::Block();
  op.getBody().push_back(body);
  mlir::Value av = body->addArgument(vt, c.loc);
  mlir::Value ai = body->addArgument(it, c.loc);
  mlir::Value bv = body->addArgument(vt, c.loc);
  mlir::Value bi = body->addArgument(it, c.loc);
  mlir::OpBuilder::InsertionGuard guard(c.b);
  c.b.setInsertionPointToStart(body);
  mlir::MLIRContext *ctx = c.b.getContext();
  auto kind = [&](dtype t) {
    return hlo::ComparisonTypeAttr::get(
        ctx, is_inexact(t)           ? hlo::ComparisonType::FLOAT
             : is_signed_integer(t) ? hlo::ComparisonType::SIGNED
                                    : hlo::ComparisonType::UNSIGNED);
  };
  mlir::Type bool_t = frontend::tensor_type(shaped_array{dtype::bool_, {}, false});
  auto cmp = [&](mlir::Value l, mlir::Value r, hlo::ComparisonDirection d,
                 dtype t) {
    return hlo::CompareOp::create(c.b, c.loc, bool_t, l, r, d, kind(t))
        .getResult();
  };
  mlir::Value pick_a = cmp(av, bv,
                           IsMax ? hlo::ComparisonDirection::GT
                                 : hlo::ComparisonDirection::LT,
                           x.dtype);
  if (is_inexact(x.dtype))
    pick_a = hlo::OrOp::create(c.b, c.loc, pick_a,
                               cmp(av, av, hlo::ComparisonDirection::NE,
                                   x.dtype));
  mlir::Value tie = hlo::AndOp::create(
      c.b, c.loc, cmp(av, bv, hlo::ComparisonDirection::EQ, x.dtype),
      cmp(ai, bi, hlo::ComparisonDirection::LT, index));
  mlir::Value pick_ai = hlo::OrOp::create(c.b, c.loc, pick_a, tie);
  mlir::Value rv = hlo::SelectOp::create(c.b, c.loc, vt, pick_a, av, bv);
  mlir::Value ri = hlo::SelectOp::create(c.b, c.loc, it, pick_ai, ai, bi);
  hlo::ReturnOp::create(c.b, c.loc, mlir::ValueRange{rv, ri});
  return {op.getResult(1)};
}

} // namespace

const primitive cumsum_p{
    "cumsum",
    [](const std::vector<shaped_array> &in, const params_t &p) {
      return cumulative_rule("cumsum", in, p);
    },
    lower_cumulative<monoid::sum>};
const primitive cumprod_p{
    "cumprod",
    [](const std::vector<shaped_array> &in, const params_t &p) {
      return cumulative_rule("cumprod", in, p);
    },
    lower_cumulative<monoid::prod>};
const primitive cummax_p{
    "cummax",
    [](const std::vector<shaped_array> &in, const params_t &p) {
      return cumulative_rule("cummax", in, p);
    },
    lower_cumulative<monoid::max>};
const primitive cummin_p{
    "cummin",
    [](const std::vector<shaped_array> &in, const params_t &p) {
      return cumulative_rule("cummin", in, p);
    },
    lower_cumulative<monoid::min>};

const primitive argmax_p{
    "argmax",
    [](const std::vector<shaped_array> &in, const params_t &p) {
      return argminmax_rule("argmax", in, p);
    },
    lower_argminmax<true>};
const primitive argmin_p{
    "argmin",
    [](const std::vector<shaped_array> &in, const params_t &p) {
      return argminmax_rule("argmin", in, p);
    },
    lower_argminmax<false>};

const primitive reduce_sum_p{
    "reduce_sum",
    [](const std::vector<shaped_array> &in, const params_t &p) {
      return reduce_rule("reduce_sum", in, p);
    },
    lower_reduce<monoid::sum>};
const primitive reduce_max_p{
    "reduce_max",
    [](const std::vector<shaped_array> &in, const params_t &p) {
      return reduce_rule("reduce_max", in, p);
    },
    lower_reduce<monoid::max>};
const primitive reduce_min_p{
    "reduce_min",
    [](const std::vector<shaped_array> &in, const params_t &p) {
      return reduce_rule("reduce_min", in, p);
    },
    lower_reduce<monoid::min>};

const primitive reduce_prod_p{
    "reduce_prod",
    [](const std::vector<shaped_array> &in, const params_t &p) {
      return reduce_rule("reduce_prod", in, p);
    },
    lower_reduce<monoid::prod>};
const primitive reduce_and_p{
    "reduce_and",
    [](const std::vector<shaped_array> &in, const params_t &p) {
      return reduce_rule("reduce_and", in, p);
    },
    lower_reduce<monoid::and_>};
const primitive reduce_or_p{
    "reduce_or",
    [](const std::vector<shaped_array> &in, const params_t &p) {
      return reduce_rule("reduce_or", in, p);
    },
    lower_reduce<monoid::or_>};

} // namespace jx::core

// --- transformation rules ----------------------------------------------------

namespace jx::core {
namespace {

/// The reduced axes of `in` put back as broadcast dims: `ct` (the reduced
/// shape) broadcast to `shape`.
Array expand_reduced(const Array &ct, const shape_t &shape,
                     const std::vector<int64_t> &axes) {
  std::vector<int64_t> dims;
  for (int64_t i = 0; i < static_cast<int64_t>(shape.size()); ++i)
    if (std::find(axes.begin(), axes.end(), i) == axes.end())
      dims.push_back(i);
  return lax::broadcast_in_dim(ct, shape, dims);
}

/// reduce_max / reduce_min: where x equals the result, 1 / (how many
/// equal it); 0 elsewhere. JAX's rule: ties share the derivative equally.
/// Made of comparisons, so it has no derivative itself.
Array chooser_weights(const Array &x, const Array &out,
                      const std::vector<int64_t> &axes) {
  Array mask = lax::convert_element_type(
      lax::eq(x, expand_reduced(out, x.shape(), axes)), x.dtype());
  Array count = lax::reduce_sum(mask, axes);
  return lax::div(mask, expand_reduced(count, x.shape(), axes));
}

void chooser_rules(const primitive &p) {
  set_rules(p, [&p](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      const auto &axes = get_ints(a.params, "axes");
      Array w = chooser_weights(a.primals[0], a.outs[0], axes);
      return std::vector<tangent>{
          lax::reduce_sum(lax::mul(*a.tangents[0], w), axes)};
    };
    r.vjp = [](const vjp_args &a) {
      const auto &axes = get_ints(a.params, "axes");
      const Array &x = a.primals[0];
      Array w = chooser_weights(x, a.outs[0], axes);
      return std::vector<tangent>{
          lax::mul(expand_reduced(*a.cts[0], x.shape(), axes), w)};
    };
    r.batch = axes_batcher(p);
  });
}

// Cumulative reductions: JAX differentiates them through its associative
// scan (the odd/even recursion of jax.lax.associative_scan), so ties of
// cummax/cummin and zeros of cumprod get exactly JAX's derivatives. The jvp
// runs that scan on (value, tangent) pairs; the vjp is its transpose.

/// A value and its tangent.
struct dual {
  Array p, t;
};
using combine_fn = std::function<dual(const dual &a, const dual &b)>;

Array slice_along(const Array &x, int64_t axis, int64_t start, int64_t limit,
                  int64_t stride = 1) {
  std::vector<int64_t> lo(x.ndim(), 0), hi = x.shape(), st(x.ndim(), 1);
  lo[axis] = start;
  hi[axis] = limit;
  st[axis] = stride;
  return lax::slice(x, lo, hi, st);
}
dual slice_along(const dual &d, int64_t axis, int64_t start, int64_t limit,
                 int64_t stride = 1) {
  return {slice_along(d.p, axis, start, limit, stride),
          slice_along(d.t, axis, start, limit, stride)};
}
dual concat_along(const dual &a, const dual &b, int64_t axis) {
  return {lax::concatenate({a.p, b.p}, axis),
          lax::concatenate({a.t, b.t}, axis)};
}
/// r[2i] = a[i], r[2i+1] = b[i] along `axis` (a has as many elements as b
/// or one more): two interior-padded copies added.
Array interleave(const Array &a, const Array &b, int64_t axis) {
  bool same = a.shape()[axis] == b.shape()[axis];
  std::vector<std::array<int64_t, 3>> ca(a.ndim(), {0, 0, 0}), cb = ca;
  ca[axis] = {0, same ? 1 : 0, 1};
  cb[axis] = {1, same ? 0 : 1, 1};
  Array zero = scalar_of(0, a.dtype());
  return lax::add(lax::pad(a, zero, ca), lax::pad(b, zero, cb));
}

/// The inclusive scan of `e` along `axis` with `combine` (earlier elements
/// on the left), by JAX's recursion.
dual scan(const combine_fn &combine, const dual &e, int64_t axis) {
  int64_t n = e.p.shape()[axis];
  if (n < 2)
    return e;
  dual reduced = combine(slice_along(e, axis, 0, n - 1, 2),
                         slice_along(e, axis, 1, n, 2));
  dual odd = scan(combine, reduced, axis);
  int64_t m = odd.p.shape()[axis];
  dual first = slice_along(e, axis, 0, 1);
  dual even = first;
  if (n > 2) {
    dual rest = slice_along(e, axis, 2, n, 2);
    dual left = n % 2 == 0 ? slice_along(odd, axis, 0, m - 1) : odd;
    even = concat_along(first, combine(left, rest), axis);
  }
  return {interleave(even.p, odd.p, axis), interleave(even.t, odd.t, axis)};
}

dual mul_combine(const dual &a, const dual &b) {
  return {lax::mul(a.p, b.p),
          lax::add(lax::mul(a.t, b.p), lax::mul(a.p, b.t))};
}

/// max / min of two as a reduction over a new last axis, so the tangent
/// gets reduce_max's weights (JAX's max: 1/2 each on ties).
template <bool IsMax> dual chooser_combine(const dual &a, const dual &b) {
  int64_t r = a.p.ndim();
  shape_t one = a.p.shape();
  one.push_back(1);
  auto pair = [&](const Array &x, const Array &y) {
    return lax::concatenate({lax::reshape(x, one), lax::reshape(y, one)}, r);
  };
  Array xs = pair(a.p, b.p);
  std::vector<int64_t> axes{r};
  Array p = IsMax ? lax::reduce_max(xs, axes) : lax::reduce_min(xs, axes);
  Array w = chooser_weights(xs, p, axes);
  return {p, lax::reduce_sum(lax::mul(pair(a.t, b.t), w), axes)};
}

combine_fn combine_of(const std::string &name) {
  if (name == "cumprod")
    return mul_combine;
  if (name == "cummax")
    return chooser_combine<true>;
  return chooser_combine<false>;
}

/// The tangent of a cumulative reduction of x along t.
Array scan_tangent(const std::string &name, const Array &x, const Array &t,
                   int64_t axis, bool reverse) {
  if (!reverse)
    return scan(combine_of(name), {x, t}, axis).t;
  std::vector<int64_t> d{axis};
  dual s = scan(combine_of(name), {lax::rev(x, d), lax::rev(t, d)}, axis);
  return lax::rev(s.t, d);
}

void cumulative_batch(transform_rules &r, const primitive &p) {
  r.batch = [&p](const std::vector<Array> &args,
                 const std::vector<batch_dim> &dims, const params_t &params) {
    params_t q = params;
    q["axis"] = std::get<int64_t>(params.at("axis")) + 1;
    return std::make_pair(
        std::vector<Array>{bind1(p, {move_axis(args[0], *dims[0], 0)}, q)},
        std::vector<batch_dim>{0});
  };
}

void scan_rules(const primitive &p) {
  set_rules(p, [&p](transform_rules &r) {
    r.jvp = [&p](const jvp_args &a) {
      return std::vector<tangent>{scan_tangent(
          p.name, a.primals[0], *a.tangents[0],
          std::get<int64_t>(a.params.at("axis")), get_bool(a.params, "reverse"))};
    };
    r.vjp = [&p](const vjp_args &a) {
      Array x = a.primals[0];
      int64_t axis = std::get<int64_t>(a.params.at("axis"));
      bool reverse = get_bool(a.params, "reverse");
      std::string name = p.name;
      return transpose_linear(
          [=](const std::vector<Array> &t) {
            return std::vector<Array>{scan_tangent(name, x, t[0], axis, reverse)};
          },
          {x.aval()}, {a.cts[0]}, "jx::vjp (rule of " + name + ")");
    };
    cumulative_batch(r, p);
  });
}

/// The product of all elements but one, per element, over `axes`: the
/// exclusive products from the left and from the right (no division, so
/// zeros are fine; cumprod's rules differentiate it again).
Array product_of_others(const Array &x, const std::vector<int64_t> &axes) {
  std::vector<int64_t> perm, kept;
  shape_t flat;
  int64_t n = 1;
  for (int64_t i = 0; i < x.ndim(); ++i)
    if (std::find(axes.begin(), axes.end(), i) == axes.end()) {
      perm.push_back(i);
      flat.push_back(x.shape()[i]);
    }
  for (int64_t a : axes) {
    perm.push_back(a);
    n *= x.shape()[a];
  }
  flat.push_back(n);
  Array xt = lax::transpose(x, perm);
  shape_t tshape = xt.shape();
  Array f = lax::reshape(xt, flat);
  int64_t last = static_cast<int64_t>(flat.size()) - 1;
  Array one = scalar_of(1, x.dtype());
  std::vector<std::array<int64_t, 3>> right(flat.size(), {0, 0, 0}),
      left = right;
  left[last] = {1, -1, 0};
  right[last] = {-1, 1, 0};
  Array others =
      lax::mul(lax::cumprod(lax::pad(f, one, left), last),
               lax::cumprod(lax::pad(f, one, right), last, /*reverse=*/true));
  std::vector<int64_t> inverse(perm.size());
  for (std::size_t i = 0; i < perm.size(); ++i)
    inverse[perm[i]] = static_cast<int64_t>(i);
  return lax::transpose(lax::reshape(others, tshape), inverse);
}

const bool reduction_rules_registered = [] {
  set_rules(reduce_sum_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      return std::vector<tangent>{
          lax::reduce_sum(*a.tangents[0], get_ints(a.params, "axes"))};
    };
    r.vjp = [](const vjp_args &a) {
      return std::vector<tangent>{expand_reduced(
          *a.cts[0], a.primals[0].shape(), get_ints(a.params, "axes"))};
    };
    r.batch = axes_batcher(reduce_sum_p);
  });
  chooser_rules(reduce_max_p);
  chooser_rules(reduce_min_p);
  set_rules(reduce_prod_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      const auto &axes = get_ints(a.params, "axes");
      return std::vector<tangent>{lax::reduce_sum(
          lax::mul(*a.tangents[0], product_of_others(a.primals[0], axes)),
          axes)};
    };
    r.vjp = [](const vjp_args &a) {
      const auto &axes = get_ints(a.params, "axes");
      const Array &x = a.primals[0];
      return std::vector<tangent>{
          lax::mul(expand_reduced(*a.cts[0], x.shape(), axes),
                   product_of_others(x, axes))};
    };
    r.batch = axes_batcher(reduce_prod_p);
  });
  // Bool and integer results: batching only.
  for (const primitive *p : {&reduce_and_p, &reduce_or_p, &argmax_p, &argmin_p})
    set_rules(*p, [p](transform_rules &r) { r.batch = axes_batcher(*p); });
  set_rules(cumsum_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      return std::vector<tangent>{
          lax::cumsum(*a.tangents[0], std::get<int64_t>(a.params.at("axis")),
                      get_bool(a.params, "reverse"))};
    };
    r.vjp = [](const vjp_args &a) {
      return std::vector<tangent>{
          lax::cumsum(*a.cts[0], std::get<int64_t>(a.params.at("axis")),
                      !get_bool(a.params, "reverse"))};
    };
    cumulative_batch(r, cumsum_p);
  });
  scan_rules(cumprod_p);
  scan_rules(cummax_p);
  scan_rules(cummin_p);
  return true;
}();

} // namespace
} // namespace jx::core
