// sort.cpp - sort[dimension, is_stable, num_keys] over one or more operands
// of one shape, ordered lexicographically by the first num_keys of them.
//
// The comparator follows JAX's: floats compare in total order after -0.0
// becomes 0.0 and every NaN the canonical NaN (so NaNs sort last); integers
// compare signed or unsigned; bools as unsigned. The shape rule builds the
// comparator too and calls stablehlo's inferSortOp (sort_c1..c5).

#include "frontend/lowering.h"
#include "jx/Dialect/CHLO/IR/CHLOOps.h"
#include "jx/Dialect/StableHLO/IR/InferReduction.h"
#include "core/trace.h"
#include "jx/lax.h"
#include "primitives/batching.h"
#include "primitives/rules.h"

#include "llvm/ADT/APFloat.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace jx::core {

namespace hlo = jx::stablehlo;
using frontend::lowering_context;
using frontend::tensor_type;

namespace {

using values = std::vector<mlir::Value>;
using avals = std::vector<shaped_array>;

/// A 0-d float constant of `t`.
mlir::Value float_constant(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::RankedTensorType t, bool nan) {
  auto ft = mlir::cast<mlir::FloatType>(t.getElementType());
  llvm::APFloat v = nan ? llvm::APFloat::getQNaN(ft.getFloatSemantics())
                        : llvm::APFloat::getZero(ft.getFloatSemantics());
  return hlo::ConstantOp::create(b, loc, mlir::DenseElementsAttr::get(t, v));
}

/// -0.0 -> 0.0 and NaN -> the canonical NaN (JAX's _canonicalize_float_for_sort).
mlir::Value canonicalize(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                         mlir::RankedTensorType t, mlir::Type pred) {
  mlir::MLIRContext *ctx = b.getContext();
  auto fl = hlo::ComparisonTypeAttr::get(ctx, hlo::ComparisonType::FLOAT);
  mlir::Value zero = float_constant(b, loc, t, false);
  mlir::Value is_zero = hlo::CompareOp::create(
      b, loc, pred, x, zero, hlo::ComparisonDirection::EQ, fl);
  x = hlo::SelectOp::create(b, loc, t, is_zero, zero, x);
  mlir::Value is_nan = hlo::CompareOp::create(
      b, loc, pred, x, x, hlo::ComparisonDirection::NE, fl);
  return hlo::SelectOp::create(b, loc, t, is_nan,
                               float_constant(b, loc, t, true), x);
}

/// Fills `region` with the comparator of `dtypes` (one per operand).
void build_comparator(mlir::OpBuilder &b, mlir::Location loc,
                      mlir::Region &region, const std::vector<dtype> &dtypes,
                      int64_t num_keys) {
  mlir::MLIRContext *ctx = b.getContext();
  mlir::Block *body = new mlir::Block();
  region.push_back(body);
  std::vector<mlir::RankedTensorType> types;
  for (dtype t : dtypes) {
    types.push_back(tensor_type(shaped_array{t, {}, false}));
    body->addArgument(types.back(), loc);
    body->addArgument(types.back(), loc);
  }
  mlir::OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(body);
  mlir::Type pred = tensor_type(shaped_array{dtype::bool_, {}, false});
  std::vector<std::pair<mlir::Value, mlir::Value>> lt_eq;
  for (int64_t k = 0; k < num_keys; ++k) {
    dtype t = dtypes[k];
    mlir::Value x = body->getArgument(2 * k), y = body->getArgument(2 * k + 1);
    hlo::ComparisonType kind = hlo::ComparisonType::UNSIGNED;
    if (is_floating(t)) {
      x = canonicalize(b, loc, x, types[k], pred);
      y = canonicalize(b, loc, y, types[k], pred);
      kind = hlo::ComparisonType::TOTALORDER;
    } else if (is_signed_integer(t)) {
      kind = hlo::ComparisonType::SIGNED;
    }
    auto attr = hlo::ComparisonTypeAttr::get(ctx, kind);
    mlir::Value lt = hlo::CompareOp::create(
        b, loc, pred, x, y, hlo::ComparisonDirection::LT, attr);
    mlir::Value eq;
    if (k + 1 < num_keys)
      eq = hlo::CompareOp::create(b, loc, pred, x, y,
                                  hlo::ComparisonDirection::EQ, attr);
    lt_eq.push_back({lt, eq});
  }
  // Lexicographic: lt_0 | (eq_0 & (lt_1 | (eq_1 & ...))).
  mlir::Value p = lt_eq.back().first;
  for (int64_t k = num_keys - 2; k >= 0; --k)
    p = hlo::OrOp::create(b, loc, lt_eq[k].first,
                          hlo::AndOp::create(b, loc, lt_eq[k].second, p));
  hlo::ReturnOp::create(b, loc, mlir::ValueRange{p});
}

std::vector<dtype> dtypes_of(const avals &in) {
  std::vector<dtype> out;
  for (const shaped_array &a : in)
    out.push_back(a.dtype);
  return out;
}

avals sort_rule(const avals &in, const params_t &p) {
  int64_t num_keys = std::get<int64_t>(p.at("num_keys"));
  if (num_keys < 1 || num_keys > static_cast<int64_t>(in.size()))
    throw error("jx::lax::sort: num_keys " + std::to_string(num_keys) +
                " must be in [1, " + std::to_string(in.size()) +
                "] for operands " + avals_str(in));
  for (int64_t k = 0; k < num_keys; ++k)
    if (is_complex(in[k].dtype))
      throw error("jx::lax::sort: complex keys are not supported yet: " +
                  avals_str(in));
  mlir::MLIRContext &ctx = frontend::context();
  mlir::OpBuilder b(&ctx);
  mlir::Region comparator;
  build_comparator(b, b.getUnknownLoc(), comparator, dtypes_of(in), num_keys);
  llvm::SmallVector<mlir::RankedTensorType> inputs;
  for (const shaped_array &a : in)
    inputs.push_back(tensor_type(a));
  mlir::RankedTensorType r = frontend::infer("jx::lax::sort", [&](auto e) {
    auto types = hlo::inferSortOp(e, inputs,
                                  std::get<int64_t>(p.at("dimension")),
                                  comparator);
    if (mlir::failed(types))
      return mlir::FailureOr<mlir::RankedTensorType>(mlir::failure());
    return mlir::FailureOr<mlir::RankedTensorType>((*types)[0]);
  });
  (void)r;
  return in; // sort_c2: results have the operands' types
}

values lower_sort(lowering_context &c, const values &in, const Eqn &e) {
  std::vector<shaped_array> in_avals;
  llvm::SmallVector<mlir::Type> types;
  for (const Atom &a : e.invars) {
    in_avals.push_back(aval_of(a));
    types.push_back(tensor_type(aval_of(a)));
  }
  auto op = hlo::SortOp::create(
      c.b, c.loc, types, in,
      static_cast<uint64_t>(std::get<int64_t>(e.params.at("dimension"))),
      get_bool(e.params, "is_stable"));
  build_comparator(c.b, c.loc, op.getComparator(), dtypes_of(in_avals),
                   std::get<int64_t>(e.params.at("num_keys")));
  return values(op.getResults().begin(), op.getResults().end());
}

} // namespace

const primitive sort_p{"sort", sort_rule, lower_sort};

// --- top_k[axis, k] --------------------------------------------------------
// The k largest entries along `axis` in descending order and their int32
// indices (jax.lax.top_k). Lowered as JAX lowers it: chlo.top_k on the last
// dimension (the CPU pipeline's chlo-legalize-to-stablehlo expands it), with
// `axis` swapped with the last dimension around it when it is not last.

namespace {

avals top_k_rule(const avals &in, const params_t &p) {
  int64_t k = std::get<int64_t>(p.at("k"));
  int64_t axis = std::get<int64_t>(p.at("axis"));
  const shaped_array &x = in[0];
  if (x.ndim() < 1)
    throw error("jx::lax::top_k: needs an operand of rank 1 or more, got " +
                x.str());
  if (axis < 0 || axis >= x.ndim())
    throw error("jx::lax::top_k: axis " + std::to_string(axis) +
                " is out of bounds for operand " + x.str());
  if (k < 0 || k > x.shape[axis])
    throw error("jx::lax::top_k: k " + std::to_string(k) +
                " must be in [0, " + std::to_string(x.shape[axis]) +
                "] (the size of axis " + std::to_string(axis) +
                ") for operand " + x.str());
  if (is_complex(x.dtype))
    throw error("jx::lax::top_k: complex operands are not supported: " +
                x.str());
  shape_t shape = x.shape;
  shape[axis] = k;
  return {shaped_array{x.dtype, shape, x.weak_type},
          shaped_array{dtype::int32, shape, false}};
}

values lower_top_k(lowering_context &c, const values &in, const Eqn &e) {
  int64_t k = std::get<int64_t>(e.params.at("k"));
  int64_t axis = std::get<int64_t>(e.params.at("axis"));
  const shaped_array &x = aval_of(e.invars[0]);
  int64_t last = x.ndim() - 1;
  std::vector<int64_t> perm(x.ndim());
  for (int64_t i = 0; i < x.ndim(); ++i)
    perm[i] = i;
  std::swap(perm[axis], perm[last]);
  auto swapped = [&](shape_t s) {
    std::swap(s[axis], s[last]);
    return s;
  };
  mlir::Value operand = in[0];
  if (axis != last)
    operand = hlo::TransposeOp::create(
        c.b, c.loc,
        tensor_type(shaped_array{x.dtype, swapped(x.shape), false}), operand,
        perm);
  shape_t out = swapped(e.outvars[0]->aval.shape);
  auto op = jx::chlo::TopKOp::create(
      c.b, c.loc, tensor_type(shaped_array{x.dtype, out, false}),
      tensor_type(shaped_array{dtype::int32, out, false}), operand,
      static_cast<uint64_t>(k));
  values r{op.getValues(), op.getIndices()};
  if (axis != last)
    for (std::size_t i = 0; i < 2; ++i)
      r[i] = hlo::TransposeOp::create(
          c.b, c.loc, tensor_type(e.outvars[i]->aval), r[i], perm);
  return r;
}

} // namespace

const primitive top_k_p{"top_k", top_k_rule, lower_top_k};

// --- transformation rules (top_k) --------------------------------------------
//
// top_k's values are its operand at the indices it returns: the jvp gathers
// the tangent there (take_along_axis: a gather whose other dimensions are
// batching dimensions), and the vjp is that gather's: a scatter-add of the
// cotangent into zeros. The indices get no tangent. Batched, the batch goes
// first and the axis moves by one.

namespace {

/// The dimension numbers of reading `x` at `indices[..., None]` along
/// `axis` (every other dimension a batching dimension).
gather_dimension_numbers along_axis(int64_t rank, int64_t axis) {
  gather_dimension_numbers d;
  d.collapsed_slice_dims = {axis};
  d.start_index_map = {axis};
  for (int64_t i = 0; i < rank; ++i)
    if (i != axis) {
      d.operand_batching_dims.push_back(i);
      d.start_indices_batching_dims.push_back(i);
    }
  return d;
}

Array index_vectors(const Array &indices) {
  shape_t s = indices.shape();
  s.push_back(1);
  return lax::reshape(indices, s);
}

const bool top_k_rules_registered = [] {
  set_rules(top_k_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      int64_t axis = std::get<int64_t>(a.params.at("axis"));
      const Array &t = *a.tangents[0];
      return std::vector<tangent>{
          lax::gather(t, index_vectors(a.outs[1]), along_axis(t.ndim(), axis),
                      shape_t(t.ndim(), 1), false, false,
                      lax::gather_scatter_mode::promise_in_bounds),
          std::nullopt};
    };
    r.vjp = [](const vjp_args &a) {
      int64_t axis = std::get<int64_t>(a.params.at("axis"));
      const Array &x = a.primals[0];
      if (!a.cts[0])
        return std::vector<tangent>{std::nullopt};
      gather_dimension_numbers g = along_axis(x.ndim(), axis);
      scatter_dimension_numbers s;
      s.inserted_window_dims = g.collapsed_slice_dims;
      s.scatter_dims_to_operand_dims = g.start_index_map;
      s.operand_batching_dims = g.operand_batching_dims;
      s.scatter_indices_batching_dims = g.start_indices_batching_dims;
      return std::vector<tangent>{lax::scatter_add(
          zeros(x.aval()), index_vectors(a.outs[1]), *a.cts[0], s, false,
          /*unique_indices=*/true,
          lax::gather_scatter_mode::promise_in_bounds)};
    };
    r.batch = [](const std::vector<Array> &args,
                 const std::vector<batch_dim> &dims, const params_t &p) {
      params_t q = p;
      q["axis"] = std::get<int64_t>(p.at("axis")) + 1;
      std::vector<Array> outs =
          core::bind(top_k_p, {move_axis(args[0], *dims[0], 0)}, q);
      return std::make_pair(outs, std::vector<batch_dim>{0, 0});
    };
  });
  return true;
}();

} // namespace

} // namespace jx::core

// --- transformation rules ----------------------------------------------------
//
// A sort permutes its operands along `dimension`, the same way for all of
// them. The jvp sorts the tangents along with the operands (same keys, so
// the same permutation); the vjp sorts an iota along with the keys to get
// the permutation, then sorts (permutation, cotangents) by the permutation,
// which applies its inverse. No gather needed, and every step is a sort, so
// the rules differentiate again.

namespace jx::core {
namespace {

params_t sort_params(int64_t dimension, bool is_stable, int64_t num_keys) {
  return {{"dimension", dimension},
          {"is_stable", is_stable},
          {"num_keys", num_keys}};
}

const bool sort_rules_registered = [] {
  set_rules(sort_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      std::vector<Array> ops = a.primals;
      std::vector<std::size_t> which;
      for (std::size_t i = 0; i < a.tangents.size(); ++i)
        if (a.tangents[i]) {
          ops.push_back(*a.tangents[i]);
          which.push_back(i);
        }
      std::vector<Array> sorted = core::bind(sort_p, ops, a.params);
      std::vector<tangent> out(a.primals.size());
      for (std::size_t k = 0; k < which.size(); ++k)
        out[which[k]] = sorted[a.primals.size() + k];
      return out;
    };
    r.vjp = [](const vjp_args &a) {
      int64_t dim = std::get<int64_t>(a.params.at("dimension"));
      int64_t num_keys = std::get<int64_t>(a.params.at("num_keys"));
      const Array &x = a.primals[0];
      // perm[j] = the input position of output j.
      std::vector<Array> keys(a.primals.begin(), a.primals.begin() + num_keys);
      dtype index = x.shape()[dim] < (int64_t{1} << 31) ? dtype::int32
                                                        : dtype::int64;
      keys.push_back(lax::iota(index, x.shape(), dim));
      Array perm = core::bind(sort_p, keys, a.params)[num_keys];
      std::vector<Array> ops{perm};
      std::vector<std::size_t> which;
      for (std::size_t i = 0; i < a.cts.size(); ++i)
        if (a.cts[i] && a.wants[i]) {
          ops.push_back(*a.cts[i]);
          which.push_back(i);
        }
      std::vector<tangent> out(a.primals.size());
      if (which.empty())
        return out;
      std::vector<Array> back = core::bind(sort_p, ops, sort_params(dim, true, 1));
      for (std::size_t k = 0; k < which.size(); ++k)
        out[which[k]] = back[k + 1];
      return out;
    };
    r.batch = [](const std::vector<Array> &args,
                 const std::vector<batch_dim> &dims, const params_t &p) {
      int64_t size = batch_size(args, dims);
      std::vector<Array> ops;
      for (std::size_t i = 0; i < args.size(); ++i)
        ops.push_back(batch_at(args[i], dims[i], size, 0));
      params_t q = p;
      q["dimension"] = std::get<int64_t>(p.at("dimension")) + 1;
      std::vector<Array> outs = core::bind(sort_p, ops, q);
      return std::make_pair(outs, std::vector<batch_dim>(outs.size(), 0));
    };
  });
  return true;
}();

} // namespace
} // namespace jx::core
