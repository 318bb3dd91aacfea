// shape.cpp - broadcast_in_dim, reshape, transpose, iota, squeeze, rev,
// concatenate.
//
// Shape rules call stablehlo's shape functions (InferShape.h); JAX's printer
// hides the parameters implied by the result type (shape, sharding) and an
// empty broadcast_dimensions.

#include "frontend/lowering.h"
#include "jx/Dialect/StableHLO/IR/InferShape.h"
#include "core/trace.h"
#include "jx/lax.h"
#include "primitives/batching.h"
#include "primitives/rules.h"

#include <algorithm>
#include <array>

namespace jx::core {

namespace hlo = jx::stablehlo;
using frontend::lowering_context;
using frontend::tensor_type;

namespace {

using values = std::vector<mlir::Value>;
using avals = std::vector<shaped_array>;

avals broadcast_in_dim_rule(const avals &in, const params_t &p) {
  mlir::RankedTensorType r =
      frontend::infer("jx::lax::broadcast_in_dim", [&](auto e) {
        return hlo::inferBroadcastInDimOp(e, tensor_type(in[0]),
                                          get_ints(p, "shape"),
                                          get_ints(p, "broadcast_dimensions"));
      });
  return {frontend::aval_of_type(r, in[0].weak_type)};
}

values lower_broadcast_in_dim(lowering_context &c, const values &in,
                              const Eqn &e) {
  return {hlo::BroadcastInDimOp::create(
      c.b, c.loc, tensor_type(e.outvars[0]->aval), in[0],
      get_ints(e.params, "broadcast_dimensions"))};
}

bool print_broadcast_param(const std::string &k, const param &v) {
  if (k == "broadcast_dimensions")
    return !std::get<std::vector<int64_t>>(v).empty();
  return k != "shape" && k != "sharding";
}

avals reshape_rule(const avals &in, const params_t &p) {
  mlir::RankedTensorType r = frontend::infer("jx::lax::reshape", [&](auto e) {
    return hlo::inferReshapeOp(e, tensor_type(in[0]), get_ints(p, "new_sizes"));
  });
  return {frontend::aval_of_type(r, in[0].weak_type)};
}

values lower_reshape(lowering_context &c, const values &in, const Eqn &e) {
  return {hlo::ReshapeOp::create(c.b, c.loc, tensor_type(e.outvars[0]->aval),
                                 in[0])};
}

avals transpose_rule(const avals &in, const params_t &p) {
  mlir::RankedTensorType r = frontend::infer("jx::lax::transpose", [&](auto e) {
    return hlo::inferTransposeOp(e, tensor_type(in[0]),
                                 get_ints(p, "permutation"));
  });
  return {frontend::aval_of_type(r, in[0].weak_type)};
}

values lower_transpose(lowering_context &c, const values &in, const Eqn &e) {
  return {hlo::TransposeOp::create(c.b, c.loc, tensor_type(e.outvars[0]->aval),
                                   in[0], get_ints(e.params, "permutation"))};
}

avals iota_rule(const avals &in, const params_t &p) {
  dtype t = get_dtype(p, "dtype");
  mlir::RankedTensorType r = frontend::infer("jx::lax::iota", [&](auto e) {
    return hlo::inferIotaOp(e, get_ints(p, "shape"), frontend::element_type(t),
                            std::get<int64_t>(p.at("dimension")));
  });
  return {frontend::aval_of_type(r)};
}

values lower_iota(lowering_context &c, const values &in, const Eqn &e) {
  return {hlo::IotaOp::create(c.b, c.loc, tensor_type(e.outvars[0]->aval),
                              std::get<int64_t>(e.params.at("dimension")))};
}

/// squeeze[dimensions]: drops size-1 dimensions; lowers to a reshape.
avals squeeze_rule(const avals &in, const params_t &p) {
  const std::vector<int64_t> &dims = get_ints(p, "dimensions");
  shape_t shape;
  for (int64_t i = 0; i < in[0].ndim(); ++i) {
    bool drop = std::find(dims.begin(), dims.end(), i) != dims.end();
    if (drop && in[0].shape[i] != 1)
      throw error("jx::lax::squeeze: dimension " + std::to_string(i) +
                  " of " + in[0].str() + " is not 1");
    if (!drop)
      shape.push_back(in[0].shape[i]);
  }
  for (int64_t d : dims)
    if (d < 0 || d >= in[0].ndim())
      throw error("jx::lax::squeeze: dimension " + std::to_string(d) +
                  " out of range for " + in[0].str());
  return {shaped_array{in[0].dtype, shape, in[0].weak_type}};
}

avals rev_rule(const avals &in, const params_t &p) {
  mlir::RankedTensorType r = frontend::infer("jx::lax::rev", [&](auto e) {
    return hlo::inferReverseOp(e, tensor_type(in[0]), get_ints(p, "dimensions"));
  });
  return {frontend::aval_of_type(r, in[0].weak_type)};
}

values lower_rev(lowering_context &c, const values &in, const Eqn &e) {
  return {hlo::ReverseOp::create(c.b, c.loc, in[0],
                                 get_ints(e.params, "dimensions"))};
}

avals concatenate_rule(const avals &in, const params_t &p) {
  llvm::SmallVector<mlir::Type> types;
  bool weak = true;
  for (const shaped_array &a : in) {
    types.push_back(tensor_type(a));
    weak = weak && a.weak_type;
    if (a.dtype != in[0].dtype)
      throw error("jx::lax::concatenate: operand dtypes differ: " +
                  avals_str(in));
  }
  mlir::RankedTensorType r =
      frontend::infer("jx::lax::concatenate", [&](auto e) {
        return hlo::inferConcatenateOp(e, types,
                                       std::get<int64_t>(p.at("dimension")));
      });
  return {frontend::aval_of_type(r, weak)};
}

values lower_concatenate(lowering_context &c, const values &in, const Eqn &e) {
  return {hlo::ConcatenateOp::create(
      c.b, c.loc, tensor_type(e.outvars[0]->aval), in,
      static_cast<uint64_t>(std::get<int64_t>(e.params.at("dimension"))))};
}

/// pad[padding_config=((lo, hi, interior), ...)](operand, padding_value).
void split_padding(const params_t &p, std::vector<int64_t> &lo,
                   std::vector<int64_t> &hi, std::vector<int64_t> &interior) {
  for (const std::vector<int64_t> &t :
       std::get<std::vector<std::vector<int64_t>>>(p.at("padding_config"))) {
    lo.push_back(t.at(0));
    hi.push_back(t.at(1));
    interior.push_back(t.at(2));
  }
}

avals pad_rule(const avals &in, const params_t &p) {
  if (in[0].dtype != in[1].dtype)
    throw error("jx::lax::pad: operand and padding value dtypes differ: " +
                avals_str(in));
  std::vector<int64_t> lo, hi, interior;
  split_padding(p, lo, hi, interior);
  mlir::RankedTensorType r = frontend::infer("jx::lax::pad", [&](auto e) {
    return hlo::inferPadOp(e, tensor_type(in[0]), tensor_type(in[1]), lo, hi,
                           interior);
  });
  return {frontend::aval_of_type(r, in[0].weak_type)};
}

values lower_pad(lowering_context &c, const values &in, const Eqn &e) {
  std::vector<int64_t> lo, hi, interior;
  split_padding(e.params, lo, hi, interior);
  return {hlo::PadOp::create(c.b, c.loc, in[0], in[1], lo, hi, interior)};
}

} // namespace

const primitive pad_p{"pad", pad_rule, lower_pad};
const primitive squeeze_p{"squeeze", squeeze_rule, lower_reshape};
const primitive rev_p{"rev", rev_rule, lower_rev};
const primitive concatenate_p{"concatenate", concatenate_rule,
                              lower_concatenate};
const primitive broadcast_in_dim_p{"broadcast_in_dim", broadcast_in_dim_rule,
                                   lower_broadcast_in_dim,
                                   print_broadcast_param};
const primitive reshape_p{"reshape", reshape_rule, lower_reshape};
const primitive transpose_p{"transpose", transpose_rule, lower_transpose};
const primitive iota_p{"iota", iota_rule, lower_iota};

} // namespace jx::core

// --- transformation rules ----------------------------------------------------

namespace jx::core {
namespace {

const bool shape_rules_registered = [] {
  // broadcast_in_dim: linear; its transpose sums the broadcast axes (and
  // the size-1 axes that were expanded) away.
  set_rules(broadcast_in_dim_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      return std::vector<tangent>{
          lax::broadcast_in_dim(*a.tangents[0], get_ints(a.params, "shape"),
                                get_ints(a.params, "broadcast_dimensions"))};
    };
    r.vjp = [](const vjp_args &a) {
      const Array &x = a.primals[0];
      const auto &bd = get_ints(a.params, "broadcast_dimensions");
      const Array &ct = *a.cts[0];
      std::vector<int64_t> sum_axes;
      std::vector<int64_t> kept;
      for (int64_t i = 0; i < ct.ndim(); ++i) {
        auto it = std::find(bd.begin(), bd.end(), i);
        if (it == bd.end())
          sum_axes.push_back(i);
        else if (x.shape()[it - bd.begin()] == 1 && ct.shape()[i] != 1)
          sum_axes.push_back(i);
      }
      Array s = lax::reduce_sum(ct, sum_axes);
      return std::vector<tangent>{lax::reshape(s, x.shape())};
    };
    r.batch = [](const std::vector<Array> &args,
                 const std::vector<batch_dim> &dims, const params_t &p) {
      Array x = move_axis(args[0], *dims[0], 0);
      shape_t shape = get_ints(p, "shape");
      shape.insert(shape.begin(), x.shape()[0]);
      std::vector<int64_t> bd{0};
      for (int64_t d : get_ints(p, "broadcast_dimensions"))
        bd.push_back(d + 1);
      return std::make_pair(
          std::vector<Array>{lax::broadcast_in_dim(x, shape, bd)},
          std::vector<batch_dim>{0});
    };
  });

  // reshape: linear.
  set_rules(reshape_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      return std::vector<tangent>{
          lax::reshape(*a.tangents[0], a.outs[0].shape())};
    };
    r.vjp = [](const vjp_args &a) {
      return std::vector<tangent>{
          lax::reshape(*a.cts[0], a.primals[0].shape())};
    };
    r.batch = [](const std::vector<Array> &args,
                 const std::vector<batch_dim> &dims, const params_t &p) {
      Array x = move_axis(args[0], *dims[0], 0);
      shape_t shape = get_ints(p, "new_sizes");
      shape.insert(shape.begin(), x.shape()[0]);
      return std::make_pair(std::vector<Array>{lax::reshape(x, shape)},
                            std::vector<batch_dim>{0});
    };
  });

  // transpose: its transpose is the inverse permutation.
  set_rules(transpose_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      return std::vector<tangent>{lax::transpose(
          *a.tangents[0], get_ints(a.params, "permutation"))};
    };
    r.vjp = [](const vjp_args &a) {
      const auto &perm = get_ints(a.params, "permutation");
      std::vector<int64_t> inverse(perm.size());
      for (std::size_t i = 0; i < perm.size(); ++i)
        inverse[perm[i]] = static_cast<int64_t>(i);
      return std::vector<tangent>{lax::transpose(*a.cts[0], inverse)};
    };
    r.batch = [](const std::vector<Array> &args,
                 const std::vector<batch_dim> &dims, const params_t &p) {
      // The batch dim stays where it is; the others permute around it.
      int64_t b = *dims[0];
      std::vector<int64_t> perm;
      for (int64_t q : get_ints(p, "permutation"))
        perm.push_back(q < b ? q : q + 1);
      perm.insert(perm.begin() + b, b);
      return std::make_pair(std::vector<Array>{lax::transpose(args[0], perm)},
                            std::vector<batch_dim>{b});
    };
  });

  // iota has no operands: no tangent reaches it and vmap never batches it.

  // squeeze: a reshape.
  set_rules(squeeze_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      return std::vector<tangent>{
          lax::squeeze(*a.tangents[0], get_ints(a.params, "dimensions"))};
    };
    r.vjp = [](const vjp_args &a) {
      return std::vector<tangent>{
          lax::reshape(*a.cts[0], a.primals[0].shape())};
    };
    r.batch = axes_batcher(squeeze_p, "dimensions");
  });

  // rev: its own transpose.
  set_rules(rev_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      return std::vector<tangent>{
          lax::rev(*a.tangents[0], get_ints(a.params, "dimensions"))};
    };
    r.vjp = [](const vjp_args &a) {
      return std::vector<tangent>{
          lax::rev(*a.cts[0], get_ints(a.params, "dimensions"))};
    };
    r.batch = axes_batcher(rev_p, "dimensions");
  });

  // concatenate: the tangents concatenated (zeros for symbolic zeros); the
  // cotangent sliced back into the operands.
  set_rules(concatenate_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      std::vector<Array> ts;
      for (std::size_t i = 0; i < a.primals.size(); ++i)
        ts.push_back(a.tangents[i] ? *a.tangents[i]
                                   : zeros(a.primals[i].aval()));
      return std::vector<tangent>{lax::concatenate(
          ts, std::get<int64_t>(a.params.at("dimension")))};
    };
    r.vjp = [](const vjp_args &a) {
      int64_t dim = std::get<int64_t>(a.params.at("dimension"));
      const Array &ct = *a.cts[0];
      std::vector<tangent> out(a.primals.size());
      int64_t offset = 0;
      for (std::size_t i = 0; i < a.primals.size(); ++i) {
        int64_t n = a.primals[i].shape()[dim];
        if (a.wants[i]) {
          std::vector<int64_t> lo(ct.ndim(), 0), hi = ct.shape();
          lo[dim] = offset;
          hi[dim] = offset + n;
          out[i] = lax::slice(ct, lo, hi);
        }
        offset += n;
      }
      return out;
    };
    r.batch = [](const std::vector<Array> &args,
                 const std::vector<batch_dim> &dims, const params_t &p) {
      int64_t size = batch_size(args, dims);
      std::vector<Array> xs;
      for (std::size_t i = 0; i < args.size(); ++i)
        xs.push_back(batch_at(args[i], dims[i], size, 0));
      return std::make_pair(
          std::vector<Array>{lax::concatenate(
              xs, std::get<int64_t>(p.at("dimension")) + 1)},
          std::vector<batch_dim>{0});
    };
  });

  // pad(x, v): linear in (x, v). The transpose of x's part undoes the edge
  // padding (a negative edge, which cropped x, pads the cotangent with the
  // zeros those elements get) and then the interior padding (a strided
  // slice); v gets the cotangent of every padded position.
  set_rules(pad_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      Array tx = a.tangents[0] ? *a.tangents[0] : zeros(a.primals[0].aval());
      Array tv = a.tangents[1] ? *a.tangents[1] : zeros(a.primals[1].aval());
      return std::vector<tangent>{bind1(pad_p, {tx, tv}, a.params)};
    };
    r.vjp = [](const vjp_args &a) {
      std::vector<int64_t> lo, hi, interior;
      split_padding(a.params, lo, hi, interior);
      const Array &ct = *a.cts[0];
      std::vector<std::array<int64_t, 3>> edges;
      std::vector<int64_t> start(ct.ndim(), 0), strides;
      for (int64_t i = 0; i < ct.ndim(); ++i) {
        edges.push_back({-lo[i], -hi[i], 0});
        strides.push_back(interior[i] + 1);
      }
      Array undone = lax::pad(ct, scalar_of(0, ct.dtype()), edges);
      Array tx = lax::slice(undone, start, undone.shape(), strides);
      std::vector<tangent> out(2);
      if (a.wants[0])
        out[0] = tx;
      if (a.wants[1]) {
        std::vector<int64_t> all(ct.ndim());
        for (int64_t i = 0; i < ct.ndim(); ++i)
          all[i] = i;
        out[1] = lax::sub(lax::reduce_sum(ct, all), lax::reduce_sum(tx, all));
      }
      return out;
    };
    r.batch = [](const std::vector<Array> &args,
                 const std::vector<batch_dim> &dims, const params_t &p) {
      int64_t size = batch_size(args, dims);
      Array x = batch_at(args[0], dims[0], size, 0);
      auto config =
          std::get<std::vector<std::vector<int64_t>>>(p.at("padding_config"));
      config.insert(config.begin(), {0, 0, 0});
      params_t q = p;
      q["padding_config"] = config;
      if (!dims[1])
        return std::make_pair(std::vector<Array>{bind1(pad_p, {x, args[1]}, q)},
                              std::vector<batch_dim>{0});
      // A padding value per example: pad with zeros, then select the
      // examples' values where a padded mask says "padding".
      Array padded = bind1(pad_p, {x, scalar_of(0, x.dtype())}, q);
      Array ones = lax::broadcast_in_dim(scalar_of(1, dtype::bool_),
                                         x.shape(), {});
      Array mask = bind1(pad_p, {ones, scalar_of(0, dtype::bool_)}, q);
      Array v = lax::broadcast_in_dim(args[1], padded.shape(), {0});
      return std::make_pair(
          std::vector<Array>{lax::select_n(mask, {v, padded})},
          std::vector<batch_dim>{0});
    };
  });
  return true;
}();

} // namespace
} // namespace jx::core
