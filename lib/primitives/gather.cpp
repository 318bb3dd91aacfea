// gather.cpp - gather and the scatter family (scatter, scatter-add,
// scatter-mul, scatter-min, scatter-max), with JAX's parameters:
//
//   gather[dimension_numbers=GatherDimensionNumbers(...) fill_value=None
//          indices_are_sorted=False mode=GatherScatterMode.PROMISE_IN_BOUNDS
//          slice_sizes=(1,) unique_indices=False] operand indices
//   scatter-add[dimension_numbers=ScatterDimensionNumbers(...)
//          indices_are_sorted=False mode=GatherScatterMode.FILL_OR_DROP
//          unique_indices=False update_consts=()
//          update_jaxpr={ lambda ; a:f32[] b:f32[]. let c:f32[] = add a b
//          in (c,) }] operand indices updates
//
// The index vector is the last dimension of the indices, as in JAX. Shape
// rules call stablehlo's inferGatherOp / inferScatterOp (InferIndexing.h),
// so errors carry the spec's labels. Lowering follows JAX's:
//  - gather: stablehlo.gather, whose start indices are clamped so the slice
//    fits (modes CLIP and PROMISE_IN_BOUNDS); FILL_OR_DROP then selects
//    fill_value where some start index was out of [0, dim - slice_size].
//  - scatter: stablehlo.scatter, which skips out-of-bounds updates
//    (FILL_OR_DROP, PROMISE_IN_BOUNDS); CLIP first clamps the indices. The
//    update region is update_jaxpr lowered on two scalars (scatter, with
//    update_jaxpr=None, returns the update).

#include "core/trace.h"
#include "frontend/lowering.h"
#include "jx/Dialect/StableHLO/IR/InferIndexing.h"
#include "primitives/rules.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace jx::core {

namespace hlo = jx::stablehlo;
using frontend::lowering_context;
using frontend::tensor_type;

namespace {

using values = std::vector<mlir::Value>;
using avals = std::vector<shaped_array>;

enum class mode_t { clip, fill_or_drop, promise_in_bounds };

mode_t mode_of(const std::string &api, const params_t &p) {
  const std::string &m = std::get<std::string>(p.at("mode"));
  if (m == "GatherScatterMode.CLIP")
    return mode_t::clip;
  if (m == "GatherScatterMode.FILL_OR_DROP")
    return mode_t::fill_or_drop;
  if (m == "GatherScatterMode.PROMISE_IN_BOUNDS")
    return mode_t::promise_in_bounds;
  throw error(api + ": unknown mode " + m);
}

void check_indices(const std::string &api, const shaped_array &indices,
                   const char *what) {
  if (!is_integer(indices.dtype))
    throw error(api + ": " + what + " must be integers, got " +
                indices.str());
  if (indices.ndim() == 0)
    throw error(api + ": " + what + " must have rank 1 or more (the last "
                "dimension is the index vector), got " + indices.str());
}

// --- gather -----------------------------------------------------------------

const gather_dimension_numbers &gather_dims(const params_t &p) {
  return std::get<gather_dimension_numbers>(p.at("dimension_numbers"));
}

hlo::GatherDims hlo_gather_dims(const gather_dimension_numbers &d,
                                int64_t index_rank) {
  hlo::GatherDims g;
  g.offsetDims = d.offset_dims;
  g.collapsedSliceDims = d.collapsed_slice_dims;
  g.operandBatchingDims = d.operand_batching_dims;
  g.startIndicesBatchingDims = d.start_indices_batching_dims;
  g.startIndexMap = d.start_index_map;
  g.indexVectorDim = index_rank - 1;
  return g;
}

avals gather_rule(const avals &in, const params_t &p) {
  const std::string api = "jx::lax::gather";
  check_indices(api, in[1], "start indices");
  mode_of(api, p);
  const gather_dimension_numbers &d = gather_dims(p);
  hlo::GatherDims dims = hlo_gather_dims(d, in[1].ndim());
  mlir::RankedTensorType r = frontend::infer(api, [&](auto e) {
    return hlo::inferGatherOp(e, "gather", tensor_type(in[0]),
                              tensor_type(in[1]), dims,
                              get_ints(p, "slice_sizes"));
  });
  return {frontend::aval_of_type(r, in[0].weak_type)};
}

/// The fill value of a FILL_OR_DROP gather as a 0-d buffer of `t`: the
/// parameter, or JAX's default (NaN for inexact types, the lowest signed
/// and the highest unsigned integer, True).
runtime::host_buffer fill_buffer(const param &fill, dtype t) {
  if (const double *v = std::get_if<double>(&fill))
    return scalar_buffer(*v, t);
  if (const bool *v = std::get_if<bool>(&fill))
    return scalar_buffer(*v ? 1 : 0, t);
  const int64_t *given = std::get_if<int64_t>(&fill);
  if (given && !is_integer(t))
    return scalar_buffer(static_cast<double>(*given), t);
  if (!given && is_inexact(t))
    return scalar_buffer(std::numeric_limits<double>::quiet_NaN(), t);
  if (!given && is_bool(t))
    return scalar_buffer(1, t);
  int64_t bits = given ? *given
                 : is_signed_integer(t)
                     ? std::numeric_limits<int64_t>::min() >>
                           (64 - 8 * itemsize(t))
                     : -1; // all ones: the highest unsigned value
  runtime::host_buffer b = scalar_buffer(0, t);
  std::memcpy(b.data.data(), &bits, itemsize(t)); // little-endian low bytes
  return b;
}

/// An integer constant of `t` with `shape` holding `v`.
mlir::Value int_constant(lowering_context &c, dtype t, const shape_t &shape,
                         const std::vector<int64_t> &v) {
  runtime::host_buffer b;
  b.dtype = t;
  b.shape = shape;
  b.data.resize(v.size() * itemsize(t));
  for (std::size_t i = 0; i < v.size(); ++i) {
    runtime::host_buffer s = scalar_buffer(v[i], t);
    std::memcpy(b.data.data() + i * itemsize(t), s.data.data(), itemsize(t));
  }
  return c.constant(b);
}

mlir::Value broadcast(lowering_context &c, mlir::Value v, const shape_t &shape,
                      llvm::ArrayRef<int64_t> dims) {
  auto t = mlir::cast<mlir::RankedTensorType>(v.getType());
  return hlo::BroadcastInDimOp::create(
      c.b, c.loc, mlir::RankedTensorType::get(shape, t.getElementType()), v,
      dims);
}

/// The largest in-bounds start index per index-vector component:
/// operand dim - window size along `operand_dims[k]`.
std::vector<int64_t> upper_bounds(const shape_t &operand,
                                  const std::vector<int64_t> &operand_dims,
                                  const shape_t &window) {
  std::vector<int64_t> out;
  for (int64_t d : operand_dims)
    out.push_back(operand[d] - window[d]);
  return out;
}

values lower_gather(lowering_context &c, const values &in, const Eqn &e) {
  const gather_dimension_numbers &d = gather_dims(e.params);
  const shaped_array &operand = aval_of(e.invars[0]);
  const shaped_array &indices = aval_of(e.invars[1]);
  const shaped_array &out = e.outvars[0]->aval;
  const std::vector<int64_t> &slice_sizes = get_ints(e.params, "slice_sizes");
  int64_t ivd = indices.ndim() - 1;
  auto attr = hlo::GatherDimensionNumbersAttr::get(
      c.b.getContext(), d.offset_dims, d.collapsed_slice_dims,
      d.operand_batching_dims, d.start_indices_batching_dims,
      d.start_index_map, ivd);
  mlir::Value g = hlo::GatherOp::create(
      c.b, c.loc, tensor_type(out), in[0], in[1], attr, slice_sizes,
      get_bool(e.params, "indices_are_sorted"));
  if (mode_of("jx::lax::gather", e.params) != mode_t::fill_or_drop)
    return {g};

  // In bounds when 0 <= index <= dim - slice size for every component.
  mlir::MLIRContext *ctx = c.b.getContext();
  auto kind = hlo::ComparisonTypeAttr::get(
      ctx, is_signed_integer(indices.dtype) ? hlo::ComparisonType::SIGNED
                                            : hlo::ComparisonType::UNSIGNED);
  auto pred = [&](const shape_t &s) {
    return tensor_type(shaped_array{dtype::bool_, s, false});
  };
  mlir::Value zero = broadcast(c, int_constant(c, indices.dtype, {}, {0}),
                               indices.shape, {});
  mlir::Value ge = hlo::CompareOp::create(c.b, c.loc, pred(indices.shape),
                                          in[1], zero,
                                          hlo::ComparisonDirection::GE, kind);
  std::vector<int64_t> upper =
      upper_bounds(operand.shape, d.start_index_map, slice_sizes);
  mlir::Value hi = broadcast(
      c,
      int_constant(c, indices.dtype, {static_cast<int64_t>(upper.size())},
                   upper),
      indices.shape, {ivd});
  mlir::Value le = hlo::CompareOp::create(c.b, c.loc, pred(indices.shape),
                                          in[1], hi,
                                          hlo::ComparisonDirection::LE, kind);
  mlir::Value ok = hlo::AndOp::create(c.b, c.loc, ge, le);
  shape_t batch(indices.shape.begin(), indices.shape.end() - 1);
  mlir::Value init = c.constant(scalar_buffer(1, dtype::bool_));
  auto reduce = hlo::ReduceOp::create(c.b, c.loc, mlir::TypeRange{pred(batch)},
                                      mlir::ValueRange{ok},
                                      mlir::ValueRange{init},
                                      llvm::ArrayRef<int64_t>{ivd});
  {
    mlir::Block *body = new mlir::Block();
    reduce.getBody().push_back(body);
    mlir::Type scalar = pred({});
    mlir::Value a = body->addArgument(scalar, c.loc);
    mlir::Value b = body->addArgument(scalar, c.loc);
    mlir::OpBuilder::InsertionGuard guard(c.b);
    c.b.setInsertionPointToStart(body);
    mlir::Value r = hlo::AndOp::create(c.b, c.loc, a, b);
    hlo::ReturnOp::create(c.b, c.loc, mlir::ValueRange{r});
  }
  // The mask's dimensions are the result's batch (non-offset) dimensions.
  std::vector<int64_t> batch_dims;
  for (int64_t i = 0; i < out.ndim(); ++i)
    if (std::find(d.offset_dims.begin(), d.offset_dims.end(), i) ==
        d.offset_dims.end())
      batch_dims.push_back(i);
  mlir::Value mask = reduce.getResult(0);
  if (batch != out.shape)
    mask = broadcast(c, mask, out.shape, batch_dims);
  mlir::Value fill = broadcast(
      c, c.constant(fill_buffer(e.params.at("fill_value"), out.dtype)),
      out.shape, {});
  return {hlo::SelectOp::create(c.b, c.loc, tensor_type(out), mask, g, fill)};
}

// --- scatter ----------------------------------------------------------------

const scatter_dimension_numbers &scatter_dims(const params_t &p) {
  return std::get<scatter_dimension_numbers>(p.at("dimension_numbers"));
}

hlo::ScatterDims hlo_scatter_dims(const scatter_dimension_numbers &d,
                                  int64_t index_rank) {
  hlo::ScatterDims s;
  s.updateWindowDims = d.update_window_dims;
  s.insertedWindowDims = d.inserted_window_dims;
  s.inputBatchingDims = d.operand_batching_dims;
  s.scatterIndicesBatchingDims = d.scatter_indices_batching_dims;
  s.scatterDimsToOperandDims = d.scatter_dims_to_operand_dims;
  s.indexVectorDim = index_rank - 1;
  return s;
}

/// The update computation of an equation: null for plain scatter.
const Jaxpr *update_jaxpr(const params_t &p) {
  const param &u = p.at("update_jaxpr");
  if (auto *j = std::get_if<std::shared_ptr<const ClosedJaxpr>>(&u))
    return (*j)->jaxpr.get();
  return nullptr;
}

avals scatter_rule_named(const std::string &name, const avals &in,
                         const params_t &p) {
  const std::string api = "jx::lax::" + name;
  check_indices(api, in[1], "scatter indices");
  mode_of(api, p);
  if (in[0].dtype != in[2].dtype)
    throw error(api + ": operand and updates dtypes differ: " +
                avals_str({in[0], in[2]}));
  const scatter_dimension_numbers &d = scatter_dims(p);
  hlo::ScatterDims dims = hlo_scatter_dims(d, in[1].ndim());
  mlir::Type scalar = tensor_type(shaped_array{in[0].dtype, {}, false});
  llvm::SmallVector<mlir::Type> args{scalar, scalar}, results{scalar};
  if (const Jaxpr *j = update_jaxpr(p)) {
    args.clear();
    results.clear();
    for (const Var &v : j->invars)
      args.push_back(tensor_type(v->aval));
    for (const Atom &a : j->outvars)
      results.push_back(tensor_type(aval_of(a)));
  }
  mlir::RankedTensorType r = frontend::infer(api, [&](auto e) {
    auto types = hlo::inferScatterOp(e, {tensor_type(in[0])},
                                     tensor_type(in[1]), {tensor_type(in[2])},
                                     dims, args, results);
    if (mlir::failed(types))
      return mlir::FailureOr<mlir::RankedTensorType>(mlir::failure());
    return mlir::FailureOr<mlir::RankedTensorType>((*types)[0]);
  });
  return {frontend::aval_of_type(r, in[0].weak_type)};
}

template <const char *Name>
avals scatter_rule(const avals &in, const params_t &p) {
  return scatter_rule_named(Name, in, p);
}

/// CLIP: indices clamped to [0, dim - window size] per component.
mlir::Value clamp_scatter_indices(lowering_context &c, mlir::Value indices,
                                  const Eqn &e) {
  const scatter_dimension_numbers &d = scatter_dims(e.params);
  const shaped_array &operand = aval_of(e.invars[0]);
  const shaped_array &idx = aval_of(e.invars[1]);
  const shaped_array &updates = aval_of(e.invars[2]);
  shape_t window(operand.ndim(), 1);
  std::size_t w = 0;
  for (int64_t i = 0; i < operand.ndim(); ++i) {
    auto has = [i](const std::vector<int64_t> &v) {
      return std::find(v.begin(), v.end(), i) != v.end();
    };
    if (!has(d.inserted_window_dims) && !has(d.operand_batching_dims))
      window[i] = updates.shape[d.update_window_dims[w++]];
  }
  std::vector<int64_t> upper =
      upper_bounds(operand.shape, d.scatter_dims_to_operand_dims, window);
  mlir::Value lo = broadcast(c, int_constant(c, idx.dtype, {}, {0}),
                             idx.shape, {});
  mlir::Value hi = broadcast(
      c,
      int_constant(c, idx.dtype, {static_cast<int64_t>(upper.size())}, upper),
      idx.shape, {idx.ndim() - 1});
  return hlo::ClampOp::create(c.b, c.loc, tensor_type(idx), lo, indices, hi);
}

values lower_scatter(lowering_context &c, const values &in, const Eqn &e) {
  const scatter_dimension_numbers &d = scatter_dims(e.params);
  const shaped_array &operand = aval_of(e.invars[0]);
  int64_t ivd = aval_of(e.invars[1]).ndim() - 1;
  mlir::Value indices = in[1];
  if (mode_of("jx::lax::scatter", e.params) == mode_t::clip)
    indices = clamp_scatter_indices(c, indices, e);
  auto attr = hlo::ScatterDimensionNumbersAttr::get(
      c.b.getContext(), d.update_window_dims, d.inserted_window_dims,
      d.operand_batching_dims, d.scatter_indices_batching_dims,
      d.scatter_dims_to_operand_dims, ivd);
  auto op = hlo::ScatterOp::create(
      c.b, c.loc, mlir::TypeRange{tensor_type(e.outvars[0]->aval)},
      mlir::ValueRange{in[0]}, indices, mlir::ValueRange{in[2]}, attr,
      get_bool(e.params, "indices_are_sorted"),
      get_bool(e.params, "unique_indices"));
  mlir::Block *body = new mlir::Block();
  op.getUpdateComputation().push_back(body);
  mlir::Type scalar = tensor_type(shaped_array{operand.dtype, {}, false});
  mlir::Value cur = body->addArgument(scalar, c.loc);
  mlir::Value upd = body->addArgument(scalar, c.loc);
  mlir::OpBuilder::InsertionGuard guard(c.b);
  c.b.setInsertionPointToStart(body);
  values result{upd};
  if (const Jaxpr *j = update_jaxpr(e.params))
    result = c.lower_jaxpr(*j, {cur, upd});
  hlo::ReturnOp::create(c.b, c.loc, mlir::ValueRange(result));
  return {op.getResult(0)};
}

constexpr char scatter_name[] = "scatter";
constexpr char scatter_add_name[] = "scatter_add";
constexpr char scatter_mul_name[] = "scatter_mul";
constexpr char scatter_min_name[] = "scatter_min";
constexpr char scatter_max_name[] = "scatter_max";

} // namespace

const primitive gather_p{"gather", gather_rule, lower_gather};
const primitive scatter_p{"scatter", scatter_rule<scatter_name>,
                          lower_scatter};
const primitive scatter_add_p{"scatter-add", scatter_rule<scatter_add_name>,
                              lower_scatter};
const primitive scatter_mul_p{"scatter-mul", scatter_rule<scatter_mul_name>,
                              lower_scatter};
const primitive scatter_min_p{"scatter-min", scatter_rule<scatter_min_name>,
                              lower_scatter};
const primitive scatter_max_p{"scatter-max", scatter_rule<scatter_max_name>,
                              lower_scatter};

} // namespace jx::core

// --- transformation rules ----------------------------------------------------
//
// gather is linear in its operand: jvp = gather of the tangent (filled with
// 0 where FILL_OR_DROP fills), vjp = scatter-add of the cotangent into
// zeros with the same index mapping and mode. scatter-add is linear in
// (operand, updates): the operand's cotangent passes through and the
// updates' is a gather of the cotangent (0 for dropped updates). scatter
// (set) is linear too once the winner of every written position is known:
// the ids of the updates are scattered with the same indices, so
// duplicate indices give the cotangent to the update the scatter kept (as
// JAX). scatter-max / -min split the derivative evenly between the operand
// and the updates equal to the result (JAX's convention); scatter-mul is
// differentiated in its operand always and in its updates only with
// unique_indices (as JAX). Batching: a batched operand alone becomes one
// more offset (window) dimension; batched indices use the batching
// dimensions of the dimension numbers (the unbatched operands are
// broadcast along the batch).

#include "jx/lax.h"
#include "primitives/batching.h"

namespace jx::core {
namespace {

lax::gather_scatter_mode mode_enum(const std::string &api, const params_t &p) {
  switch (mode_of(api, p)) {
  case mode_t::clip:
    return lax::gather_scatter_mode::clip;
  case mode_t::fill_or_drop:
    return lax::gather_scatter_mode::fill_or_drop;
  case mode_t::promise_in_bounds:
    break;
  }
  return lax::gather_scatter_mode::promise_in_bounds;
}

bool contains(const std::vector<int64_t> &v, int64_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

std::vector<int64_t> plus(const std::vector<int64_t> &v, int64_t by = 1) {
  std::vector<int64_t> out;
  for (int64_t x : v)
    out.push_back(x + by);
  return out;
}

std::vector<int64_t> with_front(int64_t x, const std::vector<int64_t> &v) {
  std::vector<int64_t> out{x};
  out.insert(out.end(), v.begin(), v.end());
  return out;
}

/// The scatter that puts back what a gather with `d` took.
scatter_dimension_numbers scatter_of(const gather_dimension_numbers &d) {
  scatter_dimension_numbers s;
  s.update_window_dims = d.offset_dims;
  s.inserted_window_dims = d.collapsed_slice_dims;
  s.scatter_dims_to_operand_dims = d.start_index_map;
  s.operand_batching_dims = d.operand_batching_dims;
  s.scatter_indices_batching_dims = d.start_indices_batching_dims;
  return s;
}

/// The gather that takes what a scatter with `d` wrote.
gather_dimension_numbers gather_of(const scatter_dimension_numbers &d) {
  gather_dimension_numbers g;
  g.offset_dims = d.update_window_dims;
  g.collapsed_slice_dims = d.inserted_window_dims;
  g.start_index_map = d.scatter_dims_to_operand_dims;
  g.operand_batching_dims = d.operand_batching_dims;
  g.start_indices_batching_dims = d.scatter_indices_batching_dims;
  return g;
}

/// A scatter's window sizes on the operand (1 on inserted and batching
/// dims): the slice sizes of the gather that reads the same windows.
shape_t scatter_slice_sizes(const scatter_dimension_numbers &d,
                            const shape_t &operand, const shape_t &updates) {
  shape_t sizes;
  std::size_t w = 0;
  for (int64_t i = 0; i < static_cast<int64_t>(operand.size()); ++i)
    if (contains(d.inserted_window_dims, i) ||
        contains(d.operand_batching_dims, i))
      sizes.push_back(1);
    else
      sizes.push_back(updates[d.update_window_dims[w++]]);
  return sizes;
}

/// The gather that reads, for every update of a scatter with params `p`,
/// the value of `x` (operand-shaped) at the position it goes to; FILL_OR_DROP
/// reads `fill` for dropped updates.
Array gather_updates(const Array &x, const Array &indices,
                     const shape_t &updates, const params_t &p, double fill) {
  const std::string api = "jx::lax::scatter";
  const scatter_dimension_numbers &d = scatter_dims(p);
  lax::gather_scatter_mode m = mode_enum(api, p);
  return lax::gather(
      x, indices, gather_of(d), scatter_slice_sizes(d, x.shape(), updates),
      get_bool(p, "unique_indices"), get_bool(p, "indices_are_sorted"), m,
      m == lax::gather_scatter_mode::fill_or_drop ? std::optional<double>(fill)
                                                  : std::nullopt);
}

/// scatter-add with the index mapping and flags of `p`.
Array scatter_add_like(const Array &operand, const Array &indices,
                       const Array &updates, const params_t &p) {
  return lax::scatter_add(operand, indices, updates, scatter_dims(p),
                          get_bool(p, "indices_are_sorted"),
                          get_bool(p, "unique_indices"),
                          mode_enum("jx::lax::scatter_add", p));
}

Array zeros_like(const Array &x) { return zeros(x.aval()); }
Array scalar_as(double v, dtype t) {
  return make_concrete(scalar_buffer(v, t), false, /*literal=*/true);
}
Array full_as(double v, const Array &x) {
  return lax::broadcast_in_dim(scalar_as(v, x.dtype()), x.shape(), {});
}

// --- gather ---

params_t gather_with_fill_zero(const params_t &p) {
  params_t q = p;
  if (mode_of("jx::lax::gather", p) == mode_t::fill_or_drop)
    q["fill_value"] = 0.0;
  return q;
}

std::pair<std::vector<Array>, std::vector<batch_dim>>
batch_gather(const std::vector<Array> &args, const std::vector<batch_dim> &dims,
             const params_t &p) {
  const gather_dimension_numbers &d = gather_dims(p);
  const std::vector<int64_t> &sizes = get_ints(p, "slice_sizes");
  int64_t n = batch_size(args, dims);
  gather_dimension_numbers e = d;
  params_t q = p;
  Array operand = args[0], indices = args[1];
  if (dims[0] && !dims[1]) {
    // The batch becomes the first offset dimension (a full-size slice).
    operand = move_axis(operand, *dims[0], 0);
    e.offset_dims = with_front(0, plus(d.offset_dims));
    e.collapsed_slice_dims = plus(d.collapsed_slice_dims);
    e.start_index_map = plus(d.start_index_map);
    e.operand_batching_dims = plus(d.operand_batching_dims);
    q["slice_sizes"] = with_front(n, sizes);
  } else if (!dims[0]) {
    // Batched indices: one more batch dimension of the result, first.
    indices = move_axis(indices, *dims[1], 0);
    e.offset_dims = plus(d.offset_dims);
    e.start_indices_batching_dims = plus(d.start_indices_batching_dims);
  } else {
    operand = move_axis(operand, *dims[0], 0);
    indices = move_axis(indices, *dims[1], 0);
    e.offset_dims = plus(d.offset_dims);
    e.collapsed_slice_dims = plus(d.collapsed_slice_dims);
    e.start_index_map = plus(d.start_index_map);
    e.operand_batching_dims = with_front(0, plus(d.operand_batching_dims));
    e.start_indices_batching_dims =
        with_front(0, plus(d.start_indices_batching_dims));
    q["slice_sizes"] = with_front(1, sizes);
  }
  q["dimension_numbers"] = e;
  return {{bind1(gather_p, {operand, indices}, q)}, {0}};
}

// --- scatter family ---

/// The batching rule of every scatter primitive.
batch_fn scatter_batcher(const primitive &prim) {
  return [&prim](const std::vector<Array> &args,
                 const std::vector<batch_dim> &dims, const params_t &p) {
    const scatter_dimension_numbers &d = scatter_dims(p);
    int64_t n = batch_size(args, dims);
    scatter_dimension_numbers e = d;
    Array operand = batch_at(args[0], dims[0], n, 0);
    Array updates = batch_at(args[2], dims[2], n, 0);
    Array indices = args[1];
    e.inserted_window_dims = plus(d.inserted_window_dims);
    e.scatter_dims_to_operand_dims = plus(d.scatter_dims_to_operand_dims);
    if (!dims[1]) {
      // The batch is one more window dimension, as large as the operand's.
      e.update_window_dims = with_front(0, plus(d.update_window_dims));
      e.operand_batching_dims = plus(d.operand_batching_dims);
    } else {
      indices = move_axis(indices, *dims[1], 0);
      e.update_window_dims = plus(d.update_window_dims);
      e.operand_batching_dims = with_front(0, plus(d.operand_batching_dims));
      e.scatter_indices_batching_dims =
          with_front(0, plus(d.scatter_indices_batching_dims));
    }
    params_t q = p;
    q["dimension_numbers"] = e;
    return std::make_pair(
        std::vector<Array>{bind1(prim, {operand, indices, updates}, q)},
        std::vector<batch_dim>{0});
  };
}

/// For every position of the operand, the id (flat index in the updates) of
/// the update element the scatter wrote there, or -1; and for every update
/// element whether it is the one kept at its position.
std::pair<Array, Array> scatter_winners(const Array &operand,
                                        const Array &indices,
                                        const Array &updates,
                                        const params_t &p) {
  dtype id_t =
      updates.size() < (int64_t{1} << 31) ? dtype::int32 : dtype::int64;
  Array ids =
      lax::reshape(lax::iota(id_t, {updates.size()}, 0), updates.shape());
  Array none = lax::broadcast_in_dim(scalar_as(-1, id_t), operand.shape(), {});
  Array winner = bind1(scatter_p, {none, indices, ids}, p);
  Array kept =
      lax::eq(gather_updates(winner, indices, updates.shape(), p, -1), ids);
  return {winner, kept};
}

Array where(const Array &pred, const Array &x) {
  return lax::select_n(pred, {zeros_like(x), x});
}

/// scatter-max / -min: the weights of the operand and of every update in
/// the derivative: 1/count where equal to the result (count: how many
/// contributions equal it), else 0.
std::pair<Array, Array> extremal_weights(const Array &operand,
                                         const Array &indices,
                                         const Array &updates, const Array &out,
                                         const params_t &p) {
  dtype t = out.dtype();
  Array op_eq = lax::convert_element_type(lax::eq(operand, out), t);
  // NaN filler: dropped updates never equal the result.
  Array at = gather_updates(out, indices, updates.shape(), p,
                            std::numeric_limits<double>::quiet_NaN());
  Array up_eq = lax::convert_element_type(lax::eq(updates, at), t);
  Array count =
      lax::add(op_eq, scatter_add_like(zeros_like(operand), indices, up_eq, p));
  count = lax::max(count, full_as(1, count)); // a NaN result: no one
  Array op_w = lax::div(op_eq, count);
  Array up_w =
      lax::div(up_eq, gather_updates(count, indices, updates.shape(), p, 1));
  return {op_w, up_w};
}

void check_differentiable(const std::string &prim, const char *rule,
                          const params_t &p, const Array &updates) {
  if (prim == "scatter-mul" && !get_bool(p, "unique_indices"))
    throw error(std::string("jx: the ") + rule +
                " rule of 'scatter-mul' differentiates the updates (" +
                updates.aval().str() +
                ") only with unique_indices=True (as JAX); the operand's "
                "derivative is available");
}

const bool gather_rules_registered = [] {
  set_rules(gather_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      return std::vector<tangent>{bind1(gather_p,
                                        {*a.tangents[0], a.primals[1]},
                                        gather_with_fill_zero(a.params))};
    };
    r.vjp = [](const vjp_args &a) {
      const Array &operand = a.primals[0];
      return std::vector<tangent>{
          lax::scatter_add(zeros_like(operand), a.primals[1], *a.cts[0],
                           scatter_of(gather_dims(a.params)),
                           get_bool(a.params, "indices_are_sorted"),
                           get_bool(a.params, "unique_indices"),
                           mode_enum("jx::lax::gather", a.params)),
          std::nullopt};
    };
    r.batch = batch_gather;
  });

  set_rules(scatter_add_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      if (!a.tangents[2])
        return std::vector<tangent>{*a.tangents[0]};
      Array t0 = a.tangents[0] ? *a.tangents[0] : zeros_like(a.primals[0]);
      return std::vector<tangent>{
          bind1(scatter_add_p, {t0, a.primals[1], *a.tangents[2]}, a.params)};
    };
    r.vjp = [](const vjp_args &a) {
      const Array &ct = *a.cts[0];
      std::vector<tangent> c(3);
      if (a.wants[0])
        c[0] = ct;
      if (a.wants[2])
        c[2] =
            gather_updates(ct, a.primals[1], a.primals[2].shape(), a.params, 0);
      return c;
    };
    r.batch = scatter_batcher(scatter_add_p);
  });

  set_rules(scatter_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      Array t0 = a.tangents[0] ? *a.tangents[0] : zeros_like(a.primals[0]);
      Array t2 = a.tangents[2] ? *a.tangents[2] : zeros_like(a.primals[2]);
      return std::vector<tangent>{
          bind1(scatter_p, {t0, a.primals[1], t2}, a.params)};
    };
    r.vjp = [](const vjp_args &a) {
      const Array &ct = *a.cts[0];
      auto [winner, kept] =
          scatter_winners(a.primals[0], a.primals[1], a.primals[2], a.params);
      std::vector<tangent> c(3);
      if (a.wants[0])
        c[0] = where(lax::eq(winner, full_as(-1, winner)), ct);
      if (a.wants[2])
        c[2] = where(kept, gather_updates(ct, a.primals[1],
                                          a.primals[2].shape(), a.params, 0));
      return c;
    };
    r.batch = scatter_batcher(scatter_p);
  });

  for (const primitive *prim : {&scatter_max_p, &scatter_min_p})
    set_rules(*prim, [prim](transform_rules &r) {
      r.jvp = [](const jvp_args &a) {
        auto [op_w, up_w] = extremal_weights(a.primals[0], a.primals[1],
                                             a.primals[2], a.outs[0], a.params);
        tangent t;
        if (a.tangents[0])
          t = lax::mul(op_w, *a.tangents[0]);
        if (a.tangents[2])
          t = add_tangents(
              t, scatter_add_like(zeros_like(a.primals[0]), a.primals[1],
                                  lax::mul(up_w, *a.tangents[2]), a.params));
        return std::vector<tangent>{t};
      };
      r.vjp = [](const vjp_args &a) {
        const Array &ct = *a.cts[0];
        auto [op_w, up_w] = extremal_weights(a.primals[0], a.primals[1],
                                             a.primals[2], a.outs[0], a.params);
        std::vector<tangent> c(3);
        if (a.wants[0])
          c[0] = lax::mul(op_w, ct);
        if (a.wants[2])
          c[2] =
              lax::mul(up_w, gather_updates(ct, a.primals[1],
                                            a.primals[2].shape(), a.params, 0));
        return c;
      };
      r.batch = scatter_batcher(*prim);
    });

  // scatter-mul: out = operand * (product of the updates at each position).
  // Linear in the operand; in the updates (unique indices) d out = operand
  // * d update at the written positions.
  set_rules(scatter_mul_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      const Array &x = a.primals[0], &i = a.primals[1], &u = a.primals[2];
      tangent t;
      if (a.tangents[0])
        t = bind1(scatter_mul_p, {*a.tangents[0], i, u}, a.params);
      if (a.tangents[2]) {
        check_differentiable("scatter-mul", "jvp", a.params, u);
        t = add_tangents(
            t, lax::mul(x, scatter_add_like(zeros_like(x), i, *a.tangents[2],
                                            a.params)));
      }
      return std::vector<tangent>{t};
    };
    r.vjp = [](const vjp_args &a) {
      const Array &x = a.primals[0], &i = a.primals[1], &u = a.primals[2];
      const Array &ct = *a.cts[0];
      std::vector<tangent> c(3);
      if (a.wants[0])
        c[0] = bind1(scatter_mul_p, {ct, i, u}, a.params);
      if (a.wants[2]) {
        check_differentiable("scatter-mul", "vjp", a.params, u);
        c[2] = gather_updates(lax::mul(ct, x), i, u.shape(), a.params, 0);
      }
      return c;
    };
    r.batch = scatter_batcher(scatter_mul_p);
  });
  return true;
}();

} // namespace
} // namespace jx::core
