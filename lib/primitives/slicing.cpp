// slicing.cpp - slice, dynamic_slice, dynamic_update_slice.
//
// Shape rules call stablehlo's shape functions (InferShape.h); the start
// indices of the dynamic ops are 0-d integer operands after the array(s),
// as in JAX's jaxprs (`dynamic_slice[slice_sizes=(1, 2)] a 1:i32[] 0:i32[]`).

#include "frontend/lowering.h"
#include "jx/Dialect/StableHLO/IR/InferShape.h"
#include "core/trace.h"
#include "jx/lax.h"
#include "primitives/batching.h"
#include "primitives/rules.h"

#include <array>

namespace jx::core {

namespace hlo = jx::stablehlo;
using frontend::lowering_context;
using frontend::tensor_type;

namespace {

using values = std::vector<mlir::Value>;
using avals = std::vector<shaped_array>;

/// slice's strides: None means all ones.
std::vector<int64_t> slice_strides(const params_t &p, std::size_t rank) {
  const param &s = p.at("strides");
  if (std::holds_alternative<none_t>(s))
    return std::vector<int64_t>(rank, 1);
  return std::get<std::vector<int64_t>>(s);
}

avals slice_rule(const avals &in, const params_t &p) {
  std::vector<int64_t> strides = slice_strides(p, in[0].shape.size());
  mlir::RankedTensorType r = frontend::infer("jx::lax::slice", [&](auto e) {
    return hlo::inferSliceOp(e, tensor_type(in[0]),
                             get_ints(p, "start_indices"),
                             get_ints(p, "limit_indices"), strides);
  });
  return {frontend::aval_of_type(r, in[0].weak_type)};
}

values lower_slice(lowering_context &c, const values &in, const Eqn &e) {
  std::vector<int64_t> strides =
      slice_strides(e.params, aval_of(e.invars[0]).shape.size());
  return {hlo::SliceOp::create(c.b, c.loc, in[0],
                               get_ints(e.params, "start_indices"),
                               get_ints(e.params, "limit_indices"), strides)};
}

/// The types of the index operands from `first` on.
llvm::SmallVector<mlir::Type> index_types(const avals &in, std::size_t first) {
  llvm::SmallVector<mlir::Type> types;
  for (std::size_t i = first; i < in.size(); ++i)
    types.push_back(tensor_type(in[i]));
  return types;
}

avals dynamic_slice_rule(const avals &in, const params_t &p) {
  llvm::SmallVector<mlir::Type> idx = index_types(in, 1);
  mlir::RankedTensorType r =
      frontend::infer("jx::lax::dynamic_slice", [&](auto e) {
        return hlo::inferDynamicSliceOp(e, tensor_type(in[0]), idx,
                                        get_ints(p, "slice_sizes"));
      });
  return {frontend::aval_of_type(r, in[0].weak_type)};
}

values lower_dynamic_slice(lowering_context &c, const values &in,
                           const Eqn &e) {
  return {hlo::DynamicSliceOp::create(
      c.b, c.loc, in[0], mlir::ValueRange(in).drop_front(1),
      get_ints(e.params, "slice_sizes"))};
}

avals dynamic_update_slice_rule(const avals &in, const params_t &p) {
  if (in[0].dtype != in[1].dtype)
    throw error("jx::lax::dynamic_update_slice: operand and update dtypes "
                "differ: " + avals_str({in[0], in[1]}));
  llvm::SmallVector<mlir::Type> idx = index_types(in, 2);
  mlir::RankedTensorType r =
      frontend::infer("jx::lax::dynamic_update_slice", [&](auto e) {
        return hlo::inferDynamicUpdateSliceOp(e, tensor_type(in[0]),
                                              tensor_type(in[1]), idx);
      });
  return {frontend::aval_of_type(r, in[0].weak_type)};
}

values lower_dynamic_update_slice(lowering_context &c, const values &in,
                                  const Eqn &e) {
  return {hlo::DynamicUpdateSliceOp::create(
      c.b, c.loc, in[0], in[1], mlir::ValueRange(in).drop_front(2))};
}

} // namespace

const primitive slice_p{"slice", slice_rule, lower_slice};
const primitive dynamic_slice_p{"dynamic_slice", dynamic_slice_rule,
                                lower_dynamic_slice};
const primitive dynamic_update_slice_p{"dynamic_update_slice",
                                       dynamic_update_slice_rule,
                                       lower_dynamic_update_slice};

} // namespace jx::core

// --- transformation rules ----------------------------------------------------

namespace jx::core {
namespace {

/// The operands from `first` on (the start indices).
std::vector<Array> indices_of(const std::vector<Array> &args,
                              std::size_t first) {
  return std::vector<Array>(args.begin() + first, args.end());
}

bool any_batched(const std::vector<batch_dim> &dims, std::size_t first) {
  for (std::size_t i = first; i < dims.size(); ++i)
    if (dims[i])
      return true;
  return false;
}

/// Batched start indices as one [batch, rank] index array (unbatched ones
/// broadcast), for a gather or scatter with the batch as a batching dim.
Array stacked_indices(const std::vector<Array> &args,
                      const std::vector<batch_dim> &dims, std::size_t first,
                      int64_t size) {
  std::vector<Array> cols;
  for (std::size_t i = first; i < args.size(); ++i)
    cols.push_back(
        lax::reshape(batch_at(args[i], dims[i], size, 0), {size, 1}));
  return lax::concatenate(cols, 1);
}

/// 1, 2, ..., rank: the operand dims after the batch dim.
std::vector<int64_t> dims_after_batch(int64_t rank) {
  std::vector<int64_t> out;
  for (int64_t i = 1; i <= rank; ++i)
    out.push_back(i);
  return out;
}

/// Start indices for the batched operand: a zero for the batch dim first.
std::vector<Array> batched_indices(const std::vector<Array> &indices) {
  dtype t = indices.empty() ? dtype::int32 : indices[0].dtype();
  std::vector<Array> out{scalar_of(0, t)};
  out.insert(out.end(), indices.begin(), indices.end());
  return out;
}

std::vector<Array> cat(std::vector<Array> a, const std::vector<Array> &b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

const bool slicing_rules_registered = [] {
  // slice: linear; the transpose pads the cotangent with zeros (interior
  // padding undoes the strides).
  set_rules(slice_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      return std::vector<tangent>{bind1(slice_p, {*a.tangents[0]}, a.params)};
    };
    r.vjp = [](const vjp_args &a) {
      const Array &x = a.primals[0];
      const Array &ct = *a.cts[0];
      const auto &start = get_ints(a.params, "start_indices");
      std::vector<int64_t> strides = slice_strides(a.params, x.ndim());
      if (ct.size() == 0)
        return std::vector<tangent>{zeros(x.aval())};
      std::vector<std::array<int64_t, 3>> config;
      for (int64_t i = 0; i < x.ndim(); ++i) {
        int64_t covered = (ct.shape()[i] - 1) * strides[i] + 1;
        config.push_back({start[i], x.shape()[i] - start[i] - covered,
                          strides[i] - 1});
      }
      return std::vector<tangent>{
          lax::pad(ct, scalar_of(0, ct.dtype()), config)};
    };
    r.batch = [](const std::vector<Array> &args,
                 const std::vector<batch_dim> &dims, const params_t &p) {
      Array x = move_axis(args[0], *dims[0], 0);
      std::vector<int64_t> start = get_ints(p, "start_indices"),
                           limit = get_ints(p, "limit_indices"),
                           strides = slice_strides(p, x.ndim() - 1);
      start.insert(start.begin(), 0);
      limit.insert(limit.begin(), x.shape()[0]);
      strides.insert(strides.begin(), 1);
      return std::make_pair(
          std::vector<Array>{lax::slice(x, start, limit, strides)},
          std::vector<batch_dim>{0});
    };
  });

  // dynamic_slice(x, i...): linear in x; the indices get no cotangent.
  set_rules(dynamic_slice_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      return std::vector<tangent>{bind1(
          dynamic_slice_p, cat({*a.tangents[0]}, indices_of(a.primals, 1)),
          a.params)};
    };
    r.vjp = [](const vjp_args &a) {
      const Array &x = a.primals[0];
      std::vector<tangent> out(a.primals.size());
      out[0] = bind1(dynamic_update_slice_p,
                     cat({zeros(x.aval()), *a.cts[0]}, indices_of(a.primals, 1)),
                     {});
      return out;
    };
    r.batch = [](const std::vector<Array> &args,
                 const std::vector<batch_dim> &dims, const params_t &p) {
      int64_t size = batch_size(args, dims);
      Array x = batch_at(args[0], dims[0], size, 0);
      std::vector<int64_t> sizes = get_ints(p, "slice_sizes");
      if (any_batched(dims, 1)) {
        // Per-example start indices: a gather with the batch as a batching
        // dim; clip mode clamps as dynamic_slice does.
        int64_t rank = static_cast<int64_t>(sizes.size());
        gather_dimension_numbers g;
        g.offset_dims = dims_after_batch(rank);
        g.start_index_map = dims_after_batch(rank);
        g.operand_batching_dims = {0};
        g.start_indices_batching_dims = {0};
        sizes.insert(sizes.begin(), 1);
        return std::make_pair(
            std::vector<Array>{lax::gather(
                x, stacked_indices(args, dims, 1, size), g, sizes, false,
                false, lax::gather_scatter_mode::clip)},
            std::vector<batch_dim>{0});
      }
      params_t q = p;
      sizes.insert(sizes.begin(), size);
      q["slice_sizes"] = sizes;
      return std::make_pair(
          std::vector<Array>{bind1(
              dynamic_slice_p, cat({x}, batched_indices(indices_of(args, 1))),
              q)},
          std::vector<batch_dim>{0});
    };
  });

  // dynamic_update_slice(x, u, i...): linear in (x, u).
  set_rules(dynamic_update_slice_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      Array tx = a.tangents[0] ? *a.tangents[0] : zeros(a.primals[0].aval());
      Array tu = a.tangents[1] ? *a.tangents[1] : zeros(a.primals[1].aval());
      return std::vector<tangent>{bind1(
          dynamic_update_slice_p, cat({tx, tu}, indices_of(a.primals, 2)), {})};
    };
    r.vjp = [](const vjp_args &a) {
      const Array &u = a.primals[1];
      const Array &ct = *a.cts[0];
      std::vector<Array> idx = indices_of(a.primals, 2);
      std::vector<tangent> out(a.primals.size());
      if (a.wants[0])
        out[0] = bind1(dynamic_update_slice_p, cat({ct, zeros(u.aval())}, idx),
                       {});
      if (a.wants[1])
        out[1] = bind1(dynamic_slice_p, cat({ct}, idx),
                       {{"slice_sizes", u.shape()}});
      return out;
    };
    r.batch = [](const std::vector<Array> &args,
                 const std::vector<batch_dim> &dims, const params_t &) {
      int64_t size = batch_size(args, dims);
      Array x = batch_at(args[0], dims[0], size, 0);
      Array u = batch_at(args[1], dims[1], size, 0);
      if (any_batched(dims, 2)) {
        // Per-example start indices: a scatter with the batch as a batching
        // dim; clip mode clamps as dynamic_update_slice does.
        int64_t rank = x.ndim() - 1;
        scatter_dimension_numbers sd;
        sd.update_window_dims = dims_after_batch(rank);
        sd.scatter_dims_to_operand_dims = dims_after_batch(rank);
        sd.operand_batching_dims = {0};
        sd.scatter_indices_batching_dims = {0};
        return std::make_pair(
            std::vector<Array>{lax::scatter(
                x, stacked_indices(args, dims, 2, size), u, sd, false, true,
                lax::gather_scatter_mode::clip)},
            std::vector<batch_dim>{0});
      }
      return std::make_pair(
          std::vector<Array>{bind1(dynamic_update_slice_p,
                                   cat({x, u}, batched_indices(
                                                   indices_of(args, 2))),
                                   {})},
          std::vector<batch_dim>{0});
    };
  });
  return true;
}();

} // namespace
} // namespace jx::core
