// reduction.cpp - reduce_sum, reduce_max, reduce_min, reduce_prod,
// reduce_and, reduce_or over `axes`.
//
// Shape rule: stablehlo's inferReduceOp (reduce_c1..c8). Lowering: one
// stablehlo.reduce whose body applies add/maximum/minimum, with JAX's
// identities as init values (0, -inf / lowest, +inf / highest).

#include "frontend/lowering.h"
#include "jx/Dialect/StableHLO/IR/InferReduction.h"
#include "core/trace.h"
#include "primitives/rules.h"

#include <cstring>
#include <limits>

namespace jx::core {

namespace hlo = jx::stablehlo;
using frontend::lowering_context;

namespace {

using values = std::vector<mlir::Value>;
enum class monoid { sum, max, min, prod, and_, or_ };

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

template <monoid M>
values lower_reduce(lowering_context &c, const values &in, const Eqn &e) {
  const shaped_array &x = aval_of(e.invars[0]);
  runtime::host_buffer init = scalar_buffer(identity(M, x.dtype), x.dtype);
  if ((M == monoid::max || M == monoid::min) &&
      (x.dtype == dtype::int64 || x.dtype == dtype::uint64)) {
    // Exact 64-bit extremes (a double cannot hold them).
    int64_t v = x.dtype == dtype::int64
                    ? (M == monoid::max ? INT64_MIN : INT64_MAX)
                    : (M == monoid::max ? 0 : -1);
    std::memcpy(init.data.data(), &v, sizeof v);
  }
  mlir::Value init_value = c.constant(init);
  mlir::RankedTensorType out = frontend::tensor_type(e.outvars[0]->aval);
  auto op = hlo::ReduceOp::create(c.b, c.loc, mlir::TypeRange{out},
                                  mlir::ValueRange{in[0]},
                                  mlir::ValueRange{init_value},
                                  get_ints(e.params, "axes"));
  mlir::Type scalar = init_value.getType();
  mlir::Block *body = new mlir::Block();
  op.getBody().push_back(body);
  mlir::Value a = body->addArgument(scalar, c.loc);
  mlir::Value b = body->addArgument(scalar, c.loc);
  mlir::OpBuilder::InsertionGuard guard(c.b);
  c.b.setInsertionPointToStart(body);
  mlir::Value r;
  if constexpr (M == monoid::sum)
    r = hlo::AddOp::create(c.b, c.loc, scalar, a, b);
  else if constexpr (M == monoid::prod)
    r = hlo::MulOp::create(c.b, c.loc, scalar, a, b);
  else if constexpr (M == monoid::and_)
    r = hlo::AndOp::create(c.b, c.loc, scalar, a, b);
  else if constexpr (M == monoid::or_)
    r = hlo::OrOp::create(c.b, c.loc, scalar, a, b);
  else if constexpr (M == monoid::max)
    r = hlo::MaxOp::create(c.b, c.loc, scalar, a, b);
  else
    r = hlo::MinOp::create(c.b, c.loc, scalar, a, b);
  hlo::ReturnOp::create(c.b, c.loc, mlir::ValueRange{r});
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
