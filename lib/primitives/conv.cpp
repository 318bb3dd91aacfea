// conv.cpp - conv_general_dilated[window_strides, padding, lhs_dilation,
// rhs_dilation, dimension_numbers, feature_group_count, batch_group_count,
// precision, preferred_element_type].
//
// Shape rule: stablehlo's inferConvolutionOp (convolution_c1..c25), with
// the dimension numbers JAX's ConvDimensionNumbers stand for (spec[0] is the
// batch / output-feature dimension, spec[1] the feature / input-feature
// dimension, the rest spatial). Lowered as JAX does: one
// stablehlo.convolution with every window attribute spelled out and
// `precision_config = [DEFAULT, DEFAULT]`.

#include "core/trace.h"
#include "frontend/lowering.h"
#include "jx/Dialect/StableHLO/IR/InferLinalg.h"
#include "primitives/rules.h"

#include <utility>

namespace jx::core {

namespace hlo = jx::stablehlo;
using frontend::lowering_context;
using frontend::tensor_type;

namespace {

hlo::ConvDimensionNumbersAttr dims_attr(mlir::MLIRContext *ctx,
                                        const conv_dimension_numbers &d) {
  auto spatial = [](const std::vector<int64_t> &spec) {
    return llvm::ArrayRef<int64_t>(spec).drop_front(2);
  };
  return hlo::ConvDimensionNumbersAttr::get(
      ctx, d.lhs_spec[0], d.lhs_spec[1], spatial(d.lhs_spec), d.rhs_spec[1],
      d.rhs_spec[0], spatial(d.rhs_spec), d.out_spec[0], d.out_spec[1],
      spatial(d.out_spec));
}

/// The result dtype: preferred_element_type, or the lhs dtype (None).
dtype result_dtype(const params_t &p, dtype lhs) {
  const param &v = p.at("preferred_element_type");
  if (const dtype *t = std::get_if<dtype>(&v))
    return *t;
  return lhs;
}

std::vector<std::pair<int64_t, int64_t>> padding_pairs(const params_t &p) {
  std::vector<std::pair<int64_t, int64_t>> out;
  for (const auto &lh :
       std::get<std::vector<std::vector<int64_t>>>(p.at("padding")))
    out.emplace_back(lh.at(0), lh.at(1));
  return out;
}

std::vector<shaped_array> conv_rule(const std::vector<shaped_array> &in,
                                    const params_t &p) {
  const std::string api = "jx::lax::conv_general_dilated";
  const auto &d = std::get<conv_dimension_numbers>(p.at("dimension_numbers"));
  if (in[0].dtype != in[1].dtype)
    throw error(api + ": operand dtypes differ: " + avals_str(in));
  int64_t rank = in[0].ndim();
  if (in[1].ndim() != rank ||
      static_cast<int64_t>(d.lhs_spec.size()) != rank ||
      static_cast<int64_t>(d.rhs_spec.size()) != rank ||
      static_cast<int64_t>(d.out_spec.size()) != rank || rank < 2)
    throw error(api + ": lhs, rhs and dimension numbers must have one rank "
                      "(at least 2), got " + avals_str(in) + " and " +
                param_str(d));
  std::vector<std::pair<int64_t, int64_t>> pads = padding_pairs(p);
  hlo::ConvolutionConfig config;
  config.windowStrides = llvm::ArrayRef<int64_t>(get_ints(p, "window_strides"));
  config.padding = llvm::ArrayRef<std::pair<int64_t, int64_t>>(pads);
  config.lhsDilation = llvm::ArrayRef<int64_t>(get_ints(p, "lhs_dilation"));
  config.rhsDilation = llvm::ArrayRef<int64_t>(get_ints(p, "rhs_dilation"));
  config.dimensionNumbers = dims_attr(&frontend::context(), d);
  config.featureGroupCount = std::get<int64_t>(p.at("feature_group_count"));
  config.batchGroupCount = std::get<int64_t>(p.at("batch_group_count"));
  dtype out = result_dtype(p, in[0].dtype);
  mlir::RankedTensorType r;
  try {
    r = frontend::infer(api, [&](auto e) {
      return hlo::inferConvolutionOp(e, "convolution", tensor_type(in[0]),
                                     tensor_type(in[1]), config,
                                     frontend::element_type(out));
    });
  } catch (const error &e) {
    // The dialect's diagnostic, with the operands it was about.
    throw error(std::string(e.what()) + " (lhs " + in[0].str() + ", rhs " +
                in[1].str() + ", dimension_numbers=" + param_str(d) + ")");
  }
  return {frontend::aval_of_type(r)};
}

std::vector<mlir::Value> lower_conv(lowering_context &c,
                                    const std::vector<mlir::Value> &in,
                                    const Eqn &e) {
  const auto &d =
      std::get<conv_dimension_numbers>(e.params.at("dimension_numbers"));
  mlir::MLIRContext *ctx = c.b.getContext();
  const shaped_array &out = e.outvars[0]->aval;
  if (out.size() == 0) // an empty result (no window positions): zeros
    return {c.broadcast_to(c.constant(scalar_buffer(0, out.dtype)), out.shape)};
  const std::vector<int64_t> &strides = get_ints(e.params, "window_strides");
  int64_t n = static_cast<int64_t>(strides.size());
  std::vector<int64_t> flat_pads;
  for (auto [lo, hi] : padding_pairs(e.params)) {
    flat_pads.push_back(lo);
    flat_pads.push_back(hi);
  }
  auto pad_type = mlir::RankedTensorType::get({n, 2}, c.b.getIntegerType(64));
  auto padding = mlir::DenseIntElementsAttr::get(
      pad_type, llvm::ArrayRef<int64_t>(flat_pads));
  llvm::SmallVector<bool> reversal(n, false);
  mlir::Attribute def = hlo::PrecisionAttr::get(ctx, hlo::Precision::DEFAULT);
  auto precision = mlir::ArrayAttr::get(ctx, {def, def});
  return {hlo::ConvolutionOp::create(
      c.b, c.loc, tensor_type(e.outvars[0]->aval), in[0], in[1],
      c.b.getDenseI64ArrayAttr(strides), padding,
      c.b.getDenseI64ArrayAttr(get_ints(e.params, "lhs_dilation")),
      c.b.getDenseI64ArrayAttr(get_ints(e.params, "rhs_dilation")),
      c.b.getDenseBoolArrayAttr(reversal), dims_attr(ctx, d),
      c.b.getI64IntegerAttr(
          std::get<int64_t>(e.params.at("feature_group_count"))),
      c.b.getI64IntegerAttr(std::get<int64_t>(e.params.at("batch_group_count"))),
      precision)};
}

} // namespace

const primitive conv_general_dilated_p{"conv_general_dilated", conv_rule,
                                       lower_conv};

} // namespace jx::core

// --- transformation rules ----------------------------------------------------
//
// Per spatial dimension (input size N, kernel K, output O, stride s, lhs
// dilation ld, rhs dilation rd, padding (pl, ph)) the convolution reads
// padded[o*s + k*rd], where input i sits at padded position i*ld + pl.
//  - jvp: bilinear, conv(t_lhs, rhs) + conv(lhs, t_rhs).
//  - vjp lhs: input i receives ct[o] w[k] for o*s + k*rd = i*ld + pl: a
//    convolution of the cotangent dilated by s (lhs_dilation = s) with the
//    spatially flipped kernel (its in/out features swapped), stride ld,
//    padding ((K-1)*rd - pl, (N-1)*ld + pl - (O-1)*s), rhs_dilation rd;
//    the cotangent's layout is the output's and the result's the lhs's.
//  - vjp rhs: w[f, c, k] receives sum over n, o of ct[n, f, o] *
//    padded[n, c, o*s + k*rd]: a convolution of lhs (c as batch, n as
//    feature) with the cotangent as kernel (f out, n in, o spatial),
//    stride rd, rhs_dilation s, lhs_dilation ld, padding (pl, ph - extra)
//    where extra, the padded positions no window reached, trims the result
//    to K; the result's layout is the kernel's.
// Negative paddings crop (stablehlo allows them). Grouped convolutions
// (feature_group_count or batch_group_count > 1) are differentiated one
// group at a time (slices of the operands, concatenated cotangents), so
// every convolution the rules emit is ungrouped and differentiable again.
// A preferred_element_type different from the operands': the cotangent is
// converted to the operands' dtype first.
// Batching (as JAX): a batched lhs alone folds the batch into the lhs
// batch dimension (inside each batch group); a batched rhs alone into the
// output features (inside each group); both into feature groups (batch
// groups when batch_group_count > 1).

#include "jx/lax.h"
#include "primitives/batching.h"

namespace jx::core {
namespace {

const conv_dimension_numbers &conv_dims(const params_t &p) {
  return std::get<conv_dimension_numbers>(p.at("dimension_numbers"));
}
int64_t int_of(const params_t &p, const char *k) {
  return std::get<int64_t>(p.at(k));
}

/// The params of an ungrouped convolution derived from `p`.
params_t derived(const params_t &p, const conv_dimension_numbers &d,
                 const std::vector<int64_t> &strides,
                 const std::vector<std::pair<int64_t, int64_t>> &pads,
                 const std::vector<int64_t> &lhs_dilation,
                 const std::vector<int64_t> &rhs_dilation) {
  params_t q = p;
  std::vector<std::vector<int64_t>> pv;
  for (auto [lo, hi] : pads)
    pv.push_back({lo, hi});
  q["window_strides"] = strides;
  q["padding"] = pv;
  q["lhs_dilation"] = lhs_dilation;
  q["rhs_dilation"] = rhs_dilation;
  q["dimension_numbers"] = d;
  q["feature_group_count"] = int64_t{1};
  q["batch_group_count"] = int64_t{1};
  q["preferred_element_type"] = none_t{};
  return q;
}

struct spatial_sizes {
  std::vector<int64_t> n, k, o;
};
spatial_sizes sizes_of(const conv_dimension_numbers &d, const shape_t &lhs,
                       const shape_t &rhs, const shape_t &out) {
  spatial_sizes s;
  for (std::size_t i = 2; i < d.lhs_spec.size(); ++i) {
    s.n.push_back(lhs[d.lhs_spec[i]]);
    s.k.push_back(rhs[d.rhs_spec[i]]);
    s.o.push_back(out[d.out_spec[i]]);
  }
  return s;
}

/// The cotangent of an ungrouped convolution's lhs.
Array conv_vjp_lhs(const Array &ct, const Array &rhs, const shape_t &lhs,
                   const params_t &p) {
  const conv_dimension_numbers &d = conv_dims(p);
  const auto &strides = get_ints(p, "window_strides");
  const auto &ld = get_ints(p, "lhs_dilation");
  const auto &rd = get_ints(p, "rhs_dilation");
  auto pads = padding_pairs(p);
  spatial_sizes s = sizes_of(d, lhs, rhs.shape(), ct.shape());
  std::vector<std::pair<int64_t, int64_t>> tp;
  for (std::size_t i = 0; i < s.n.size(); ++i)
    tp.emplace_back((s.k[i] - 1) * rd[i] - pads[i].first,
                    (s.n[i] - 1) * ld[i] + pads[i].first -
                        (s.o[i] - 1) * strides[i]);
  // The kernel as [in features, out features, spatial...], flipped.
  std::vector<int64_t> perm{d.rhs_spec[1], d.rhs_spec[0]}, spatial;
  for (std::size_t i = 2; i < d.rhs_spec.size(); ++i) {
    perm.push_back(d.rhs_spec[i]);
    spatial.push_back(static_cast<int64_t>(i));
  }
  Array w = lax::rev(lax::transpose(rhs, perm), spatial);
  conv_dimension_numbers t;
  t.lhs_spec = d.out_spec;
  for (int64_t i = 0; i < static_cast<int64_t>(perm.size()); ++i)
    t.rhs_spec.push_back(i);
  t.out_spec = d.lhs_spec;
  return bind1(conv_general_dilated_p, {ct, w},
               derived(p, t, ld, tp, strides, rd));
}

/// The cotangent of an ungrouped convolution's rhs.
Array conv_vjp_rhs(const Array &ct, const Array &lhs, const shape_t &rhs,
                   const params_t &p) {
  const conv_dimension_numbers &d = conv_dims(p);
  const auto &strides = get_ints(p, "window_strides");
  const auto &ld = get_ints(p, "lhs_dilation");
  const auto &rd = get_ints(p, "rhs_dilation");
  auto pads = padding_pairs(p);
  spatial_sizes s = sizes_of(d, lhs.shape(), rhs, ct.shape());
  std::vector<std::pair<int64_t, int64_t>> tp;
  for (std::size_t i = 0; i < s.n.size(); ++i) {
    int64_t padded = (s.n[i] - 1) * ld[i] + 1 + pads[i].first + pads[i].second;
    int64_t extra =
        padded - 1 - (s.k[i] - 1) * rd[i] - (s.o[i] - 1) * strides[i];
    tp.emplace_back(pads[i].first, pads[i].second - extra);
  }
  auto swap01 = [](std::vector<int64_t> v) {
    std::swap(v[0], v[1]);
    return v;
  };
  conv_dimension_numbers t;
  t.lhs_spec = swap01(d.lhs_spec);
  t.rhs_spec = swap01(d.out_spec);
  t.out_spec = swap01(d.rhs_spec);
  return bind1(conv_general_dilated_p, {lhs, ct},
               derived(p, t, rd, tp, ld, strides));
}

/// x[g*size/groups : (g+1)*size/groups] along `dim`.
Array group_slice(const Array &x, int64_t dim, int64_t groups, int64_t g) {
  std::vector<int64_t> start(x.ndim(), 0), limit(x.shape());
  int64_t n = x.shape()[dim] / groups;
  start[dim] = g * n;
  limit[dim] = (g + 1) * n;
  return lax::slice(x, start, limit);
}

/// `a` (batch at 0) with the batch folded into `dim` (of the unbatched
/// shape): dim's new size is groups * batch * (size / groups), in that
/// order, so that each of `groups` contiguous groups keeps its members.
Array fold(const Array &a, int64_t dim, int64_t groups) {
  shape_t s = a.shape();
  int64_t b = s[0];
  int64_t size = s[dim + 1];
  shape_t split(s.begin() + 1, s.end());
  split[dim] = size / groups;
  split.insert(split.begin() + dim, groups);
  split.insert(split.begin(), b); // [b, ..., groups, size/groups, ...]
  Array r = lax::reshape(a, split);
  std::vector<int64_t> perm;
  for (int64_t i = 1; i <= dim + 1; ++i)
    perm.push_back(i);
  perm.push_back(0);
  for (int64_t i = dim + 2; i < r.ndim(); ++i)
    perm.push_back(i);
  r = lax::transpose(r, perm);
  shape_t merged(s.begin() + 1, s.end());
  merged[dim] = size * b;
  return lax::reshape(r, merged);
}

/// The inverse of fold on a result: `dim` (groups * batch * m) split, the
/// batch moved to 0.
Array unfold(const Array &y, int64_t dim, int64_t groups, int64_t b) {
  shape_t s = y.shape();
  int64_t m = s[dim] / (groups * b);
  shape_t split = s;
  split[dim] = m;
  split.insert(split.begin() + dim, b);
  split.insert(split.begin() + dim, groups); // [..., groups, b, m, ...]
  Array r = lax::reshape(y, split);
  std::vector<int64_t> perm{dim + 1};
  for (int64_t i = 0; i < r.ndim(); ++i)
    if (i != dim + 1)
      perm.push_back(i);
  r = lax::transpose(r, perm);
  shape_t out = s;
  out[dim] = groups * m;
  out.insert(out.begin(), b);
  return lax::reshape(r, out);
}

const bool conv_rules_registered = [] {
  set_rules(conv_general_dilated_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      tangent t;
      if (a.tangents[0])
        t = bind1(conv_general_dilated_p, {*a.tangents[0], a.primals[1]},
                  a.params);
      if (a.tangents[1])
        t = add_tangents(t, bind1(conv_general_dilated_p,
                                  {a.primals[0], *a.tangents[1]}, a.params));
      return std::vector<tangent>{t};
    };
    r.vjp = [](const vjp_args &a) {
      const Array &lhs = a.primals[0], &rhs = a.primals[1];
      Array ct = *a.cts[0];
      if (ct.dtype() != lhs.dtype())
        ct = lax::convert_element_type(ct, lhs.dtype());
      std::vector<tangent> c(2);
      if (ct.size() == 0 || lhs.size() == 0 || rhs.size() == 0) {
        c[0] = zeros(lhs.aval());
        c[1] = zeros(rhs.aval());
        return c;
      }
      const conv_dimension_numbers &d = conv_dims(a.params);
      int64_t fg = int_of(a.params, "feature_group_count");
      int64_t bg = int_of(a.params, "batch_group_count");
      if (fg == 1 && bg == 1) {
        if (a.wants[0])
          c[0] = conv_vjp_lhs(ct, rhs, lhs.shape(), a.params);
        if (a.wants[1])
          c[1] = conv_vjp_rhs(ct, lhs, rhs.shape(), a.params);
        return c;
      }
      // One group at a time: feature groups split the lhs features, batch
      // groups its batch; both split the kernel's and the result's
      // output features.
      int64_t groups = std::max(fg, bg);
      int64_t lhs_dim = fg > 1 ? d.lhs_spec[1] : d.lhs_spec[0];
      std::vector<Array> cl, cr;
      for (int64_t g = 0; g < groups; ++g) {
        Array lg = group_slice(lhs, lhs_dim, groups, g);
        Array rg = group_slice(rhs, d.rhs_spec[0], groups, g);
        Array cg = group_slice(ct, d.out_spec[1], groups, g);
        if (a.wants[0])
          cl.push_back(conv_vjp_lhs(cg, rg, lg.shape(), a.params));
        if (a.wants[1])
          cr.push_back(conv_vjp_rhs(cg, lg, rg.shape(), a.params));
      }
      if (a.wants[0])
        c[0] = lax::concatenate(cl, lhs_dim);
      if (a.wants[1])
        c[1] = lax::concatenate(cr, d.rhs_spec[0]);
      return c;
    };
    r.batch = [](const std::vector<Array> &args,
                 const std::vector<batch_dim> &dims, const params_t &p) {
      const conv_dimension_numbers &d = conv_dims(p);
      int64_t fg = int_of(p, "feature_group_count");
      int64_t bg = int_of(p, "batch_group_count");
      int64_t b = batch_size(args, dims);
      params_t q = p;
      Array out;
      if (dims[0] && dims[1] && bg > 1) {
        // Both batched into the batch groups: lhs batch (b, groups...),
        // kernel output features (b, groups...).
        Array lhs = fold(move_axis(args[0], *dims[0], 0), d.lhs_spec[0], 1);
        Array rhs = fold(move_axis(args[1], *dims[1], 0), d.rhs_spec[0], 1);
        q["batch_group_count"] = bg * b;
        out = unfold(bind1(conv_general_dilated_p, {lhs, rhs}, q),
                     d.out_spec[1], 1, b);
      } else if (dims[0] && dims[1]) {
        Array lhs = fold(move_axis(args[0], *dims[0], 0), d.lhs_spec[1], 1);
        Array rhs = fold(move_axis(args[1], *dims[1], 0), d.rhs_spec[0], 1);
        q["feature_group_count"] = fg * b;
        out = unfold(bind1(conv_general_dilated_p, {lhs, rhs}, q),
                     d.out_spec[1], 1, b);
      } else if (dims[0]) {
        // Inside each batch group (bg > 1), so that the groups stay
        // contiguous: the result's batch is (b, per-group batch).
        Array lhs = fold(move_axis(args[0], *dims[0], 0), d.lhs_spec[0], bg);
        out = unfold(bind1(conv_general_dilated_p, {lhs, args[1]}, q),
                     d.out_spec[0], 1, b);
      } else {
        int64_t groups = std::max(fg, bg);
        Array rhs =
            fold(move_axis(args[1], *dims[1], 0), d.rhs_spec[0], groups);
        out = unfold(bind1(conv_general_dilated_p, {args[0], rhs}, q),
                     d.out_spec[1], groups, b);
      }
      return std::make_pair(std::vector<Array>{out}, std::vector<batch_dim>{0});
    };
  });
  return true;
}();

} // namespace
} // namespace jx::core
