// dot.cpp - dot_general[dimension_numbers, preferred_element_type].
//
// Shape rule: stablehlo's inferDotGeneralOp (dot_general_c1..c12). Lowered
// as JAX does, with `precision = [DEFAULT, DEFAULT]`.

#include "frontend/lowering.h"
#include "jx/Dialect/StableHLO/IR/InferLinalg.h"
#include "core/trace.h"
#include "jx/lax.h"
#include "primitives/batching.h"
#include "primitives/rules.h"

#include <algorithm>

namespace jx::core {

namespace hlo = jx::stablehlo;
using frontend::lowering_context;
using frontend::tensor_type;

namespace {

std::vector<shaped_array> dot_general_rule(const std::vector<shaped_array> &in,
                                           const params_t &p) {
  const auto &d = std::get<dot_dimension_numbers>(p.at("dimension_numbers"));
  dtype out = get_dtype(p, "preferred_element_type");
  mlir::RankedTensorType r =
      frontend::infer("jx::lax::dot_general", [&](auto e) {
        return hlo::inferDotGeneralOp(
            e, tensor_type(in[0]), tensor_type(in[1]), d.lhs_batch,
            d.rhs_batch, d.lhs_contracting, d.rhs_contracting,
            frontend::element_type(out));
      });
  return {frontend::aval_of_type(r)};
}

std::vector<mlir::Value> lower_dot_general(lowering_context &c,
                                           const std::vector<mlir::Value> &in,
                                           const Eqn &e) {
  const auto &d =
      std::get<dot_dimension_numbers>(e.params.at("dimension_numbers"));
  mlir::MLIRContext *ctx = c.b.getContext();
  auto dims = hlo::DotDimensionNumbersAttr::get(
      ctx, d.lhs_batch, d.rhs_batch, d.lhs_contracting, d.rhs_contracting);
  mlir::Attribute def =
      hlo::PrecisionAttr::get(ctx, hlo::Precision::DEFAULT);
  auto precision = mlir::ArrayAttr::get(ctx, {def, def});
  return {hlo::DotGeneralOp::create(c.b, c.loc,
                                    tensor_type(e.outvars[0]->aval), in[0],
                                    in[1], dims, precision, nullptr)};
}

} // namespace

const primitive dot_general_p{"dot_general", dot_general_rule,
                              lower_dot_general};

} // namespace jx::core

// --- transformation rules ----------------------------------------------------

namespace jx::core {
namespace {

using dims_t = std::vector<int64_t>;

bool contains(const dims_t &v, int64_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

/// The dims of an operand of rank `rank` that are neither batch nor
/// contracting, ascending (the order dot_general puts them in its result).
dims_t free_dims(int64_t rank, const dims_t &batch, const dims_t &contracting) {
  dims_t out;
  for (int64_t i = 0; i < rank; ++i)
    if (!contains(batch, i) && !contains(contracting, i))
      out.push_back(i);
  return out;
}

dot_dimension_numbers dims_of(const params_t &p) {
  return std::get<dot_dimension_numbers>(p.at("dimension_numbers"));
}

Array dot(const Array &l, const Array &r, const dot_dimension_numbers &d,
          dtype out) {
  return bind1(dot_general_p, {l, r},
               {{"dimension_numbers", d}, {"preferred_element_type", out}});
}

/// The cotangent of operand `x` of `dot_general(x, y)` (x on the left when
/// `x_is_lhs`): the output cotangent contracted with y over y's free dims,
/// batched over the batch dims, then transposed into x's layout.
///
/// The output is [batch..., lhs free..., rhs free...]. dot_general(ct, y)
/// contracting ct's y-free dims with y's free dims and batching ct's batch
/// dims with y's gives [batch..., x free..., y's contracting dims
/// ascending]; x's contracting dim c pairs with y's contracting dim
/// yc[c], which lands after the x-free dims at its rank among yc.
Array dot_transpose(const Array &ct, const Array &x, const Array &y,
                    const dot_dimension_numbers &d, bool x_is_lhs) {
  const dims_t &xb = x_is_lhs ? d.lhs_batch : d.rhs_batch;
  const dims_t &yb = x_is_lhs ? d.rhs_batch : d.lhs_batch;
  const dims_t &xc = x_is_lhs ? d.lhs_contracting : d.rhs_contracting;
  const dims_t &yc = x_is_lhs ? d.rhs_contracting : d.lhs_contracting;
  int64_t nb = static_cast<int64_t>(xb.size());
  dims_t x_free = free_dims(x.ndim(), xb, xc);
  dims_t y_free = free_dims(y.ndim(), yb, yc);
  int64_t nxf = static_cast<int64_t>(x_free.size());
  int64_t nyf = static_cast<int64_t>(y_free.size());
  // ct's dims: batch [0, nb), lhs free, rhs free.
  int64_t y_free_start = x_is_lhs ? nb + nxf : nb;
  dot_dimension_numbers t;
  for (int64_t i = 0; i < nb; ++i) {
    t.lhs_batch.push_back(i);
    t.rhs_batch.push_back(yb[i]);
  }
  for (int64_t j = 0; j < nyf; ++j) {
    t.lhs_contracting.push_back(y_free_start + j);
    t.rhs_contracting.push_back(y_free[j]);
  }
  // With a preferred_element_type wider than the operands, the cotangent
  // is wider too: contract in its type, then convert to x's.
  Array yy = y.dtype() == ct.dtype() ? y
                                     : lax::convert_element_type(y, ct.dtype());
  Array g = dot(ct, yy, t, ct.dtype());
  if (g.dtype() != x.dtype())
    g = lax::convert_element_type(g, x.dtype());
  // g's dims: batch, then ct's remaining (x free, in order), then y's
  // remaining (y contracting ascending).
  dims_t yc_sorted = yc;
  std::sort(yc_sorted.begin(), yc_sorted.end());
  dims_t perm(x.ndim());
  for (int64_t i = 0; i < nb; ++i)
    perm[xb[i]] = i;
  for (int64_t j = 0; j < nxf; ++j)
    perm[x_free[j]] = nb + j;
  for (std::size_t c = 0; c < xc.size(); ++c) {
    int64_t rank = std::find(yc_sorted.begin(), yc_sorted.end(), yc[c]) -
                   yc_sorted.begin();
    perm[xc[c]] = nb + nxf + rank;
  }
  return lax::transpose(g, perm);
}

const bool dot_rules_registered = [] {
  // Bilinear: d(l . r) = dl . r + l . dr.
  set_rules(dot_general_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      tangent t;
      if (a.tangents[0])
        t = bind1(dot_general_p, {*a.tangents[0], a.primals[1]}, a.params);
      if (a.tangents[1])
        t = add_tangents(
            t, bind1(dot_general_p, {a.primals[0], *a.tangents[1]}, a.params));
      return std::vector<tangent>{t};
    };
    r.vjp = [](const vjp_args &a) {
      dot_dimension_numbers d = dims_of(a.params);
      std::vector<tangent> out(2);
      if (a.wants[0])
        out[0] = dot_transpose(*a.cts[0], a.primals[0], a.primals[1], d, true);
      if (a.wants[1])
        out[1] = dot_transpose(*a.cts[0], a.primals[1], a.primals[0], d, false);
      return out;
    };
    // Both batched: the batch becomes a new leading batch dimension. One
    // batched: it is a free dim of that operand, found in the result after
    // the batch dims (and after lhs's free dims for rhs).
    r.batch = [](const std::vector<Array> &args,
                 const std::vector<batch_dim> &dims, const params_t &p) {
      dot_dimension_numbers d = dims_of(p);
      dot_dimension_numbers e;
      Array l = args[0], rt = args[1];
      int64_t nb = static_cast<int64_t>(d.lhs_batch.size());
      auto shift_l = dims[0] ? 1 : 0, shift_r = dims[1] ? 1 : 0;
      if (dims[0])
        l = move_axis(l, *dims[0], 0);
      if (dims[1])
        rt = move_axis(rt, *dims[1], 0);
      e.lhs_contracting = shift_axes(d.lhs_contracting, shift_l);
      e.rhs_contracting = shift_axes(d.rhs_contracting, shift_r);
      e.lhs_batch = shift_axes(d.lhs_batch, shift_l);
      e.rhs_batch = shift_axes(d.rhs_batch, shift_r);
      int64_t out_dim;
      if (dims[0] && dims[1]) {
        e.lhs_batch.insert(e.lhs_batch.begin(), 0);
        e.rhs_batch.insert(e.rhs_batch.begin(), 0);
        out_dim = 0;
      } else if (dims[0]) {
        out_dim = nb;
      } else {
        int64_t lhs_free = args[0].ndim() - nb -
                           static_cast<int64_t>(d.lhs_contracting.size());
        out_dim = nb + lhs_free;
      }
      params_t q = p;
      q["dimension_numbers"] = e;
      return std::make_pair(std::vector<Array>{bind1(dot_general_p, {l, rt}, q)},
                            std::vector<batch_dim>{out_dim});
    };
  });
  return true;
}();

} // namespace
} // namespace jx::core
