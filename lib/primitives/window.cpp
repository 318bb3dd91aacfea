// window.cpp - reduce_window_sum, reduce_window_max, reduce_window_min
// [window_dimensions, window_strides, padding, base_dilation,
// window_dilation].
//
// Shape rule: stablehlo's inferReduceWindowOp (reduce_window_c1..c16).
// Lowering, as JAX's: one stablehlo.reduce_window with every window
// attribute spelled out, the monoid's identity as init value (so padding
// contributes nothing: 0, -inf / lowest, +inf / highest) and a body that
// adds / takes the maximum / minimum.

#include "core/trace.h"
#include "frontend/lowering.h"
#include "jx/Dialect/StableHLO/IR/InferReduction.h"
#include "primitives/rules.h"

#include <cstring>
#include <limits>

namespace jx::core {

namespace hlo = jx::stablehlo;
using frontend::lowering_context;

namespace {

enum class window_monoid { sum, max, min };

/// (lo, hi) pairs flattened: lo0, hi0, lo1, hi1, ...
std::vector<int64_t> flat_padding(const params_t &p) {
  std::vector<int64_t> out;
  for (const auto &lh :
       std::get<std::vector<std::vector<int64_t>>>(p.at("padding")))
    for (int64_t v : lh)
      out.push_back(v);
  return out;
}

std::vector<shaped_array> window_rule(const std::string &name,
                                      const std::vector<shaped_array> &in,
                                      const params_t &p) {
  const std::string api = "jx::lax::" + name;
  const shaped_array &x = in[0];
  if (is_complex(x.dtype) || (name == "reduce_window_sum" && is_bool(x.dtype)))
    throw error(api + ": needs a real " +
                (name == "reduce_window_sum" ? "numeric" : "") +
                " operand, got " + x.str());
  const auto &pads = std::get<std::vector<std::vector<int64_t>>>(p.at("padding"));
  for (const char *k : {"window_dimensions", "window_strides", "base_dilation",
                        "window_dilation"})
    if (static_cast<int64_t>(get_ints(p, k).size()) != x.ndim())
      throw error(api + ": " + k + "=" + param_str(p.at(k)) + " has " +
                  std::to_string(get_ints(p, k).size()) +
                  " entries for operand " + x.str());
  if (static_cast<int64_t>(pads.size()) != x.ndim())
    throw error(api + ": padding=" + param_str(p.at("padding")) + " has " +
                std::to_string(pads.size()) + " entries for operand " + x.str());
  std::vector<int64_t> flat = flat_padding(p);
  if (flat.size() != 2 * pads.size())
    throw error(api + ": padding must be (low, high) pairs, got " +
                param_str(p.at("padding")));
  hlo::WindowConfig config;
  config.dimensions = get_ints(p, "window_dimensions");
  config.strides = llvm::ArrayRef<int64_t>(get_ints(p, "window_strides"));
  config.baseDilations = llvm::ArrayRef<int64_t>(get_ints(p, "base_dilation"));
  config.windowDilations =
      llvm::ArrayRef<int64_t>(get_ints(p, "window_dilation"));
  config.padding = llvm::ArrayRef<int64_t>(flat);
  mlir::RankedTensorType input = frontend::tensor_type(x);
  mlir::RankedTensorType init =
      frontend::tensor_type(shaped_array{x.dtype, {}, false});
  mlir::RankedTensorType r;
  try {
    r = frontend::infer(api, [&](auto e) {
      auto types = hlo::inferReduceWindowOp(e, {input}, {init}, config);
      if (mlir::failed(types))
        return mlir::FailureOr<mlir::RankedTensorType>(mlir::failure());
      return mlir::FailureOr<mlir::RankedTensorType>((*types)[0]);
    });
  } catch (const error &e) {
    throw error(std::string(e.what()) + " (operand " + x.str() +
                ", window_dimensions=" + param_str(p.at("window_dimensions")) +
                ")");
  }
  return {frontend::aval_of_type(r, x.weak_type)};
}

/// The identity of `m` on `t` as a 0-d constant (exact 64-bit extremes).
mlir::Value identity(lowering_context &c, window_monoid m, dtype t) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  if (m == window_monoid::sum)
    return c.constant(scalar_buffer(0, t));
  bool is_max = m == window_monoid::max;
  if (is_inexact(t))
    return c.constant(scalar_buffer(is_max ? -inf : inf, t));
  if (is_bool(t))
    return c.constant(scalar_buffer(is_max ? 0 : 1, t));
  runtime::host_buffer b = scalar_buffer(0, t);
  // Lowest / highest of the integer type, written as raw bytes.
  std::size_t n = b.data.size();
  bool is_signed = is_signed_integer(t);
  uint64_t bits;
  if (is_max)
    bits = is_signed ? (uint64_t{1} << (8 * n - 1)) : 0;
  else
    bits = is_signed ? (n == 8 ? uint64_t(INT64_MAX)
                               : (uint64_t{1} << (8 * n - 1)) - 1)
                     : (n == 8 ? UINT64_MAX : (uint64_t{1} << (8 * n)) - 1);
  std::memcpy(b.data.data(), &bits, n); // little-endian host
  return c.constant(b);
}

template <window_monoid M>
std::vector<mlir::Value> lower_window(lowering_context &c,
                                      const std::vector<mlir::Value> &in,
                                      const Eqn &e) {
  const shaped_array &x = aval_of(e.invars[0]);
  mlir::Value init = identity(c, M, x.dtype);
  // No windows (e.g. a window larger than the padded input): an empty
  // result, which the linalg lowering of reduce_window does not handle.
  if (e.outvars[0]->aval.size() == 0)
    return {c.broadcast_to(init, e.outvars[0]->aval.shape)};
  std::vector<int64_t> flat = flat_padding(e.params);
  auto padding_type =
      mlir::RankedTensorType::get({x.ndim(), 2}, c.b.getIntegerType(64));
  auto padding = mlir::DenseIntElementsAttr::get(padding_type,
                                                 llvm::ArrayRef<int64_t>(flat));
  auto op = hlo::ReduceWindowOp::create(
      c.b, c.loc, mlir::TypeRange{frontend::tensor_type(e.outvars[0]->aval)},
      mlir::ValueRange{in[0]}, mlir::ValueRange{init},
      get_ints(e.params, "window_dimensions"),
      c.b.getDenseI64ArrayAttr(get_ints(e.params, "window_strides")),
      c.b.getDenseI64ArrayAttr(get_ints(e.params, "base_dilation")),
      c.b.getDenseI64ArrayAttr(get_ints(e.params, "window_dilation")),
      padding);
  mlir::Type scalar = init.getType();
  mlir::Block *body = new mlir::Block();
  op.getBody().push_back(body);
  mlir::Value a = body->addArgument(scalar, c.loc);
  mlir::Value b = body->addArgument(scalar, c.loc);
  mlir::OpBuilder::InsertionGuard guard(c.b);
  c.b.setInsertionPointToStart(body);
  mlir::Value r;
  if (M == window_monoid::sum)
    r = hlo::AddOp::create(c.b, c.loc, scalar, a, b);
  else if (M == window_monoid::max)
    r = hlo::MaxOp::create(c.b, c.loc, scalar, a, b);
  else
    r = hlo::MinOp::create(c.b, c.loc, scalar, a, b);
  hlo::ReturnOp::create(c.b, c.loc, mlir::ValueRange{r});
  return {op.getResult(0)};
}

} // namespace

const primitive reduce_window_sum_p{
    "reduce_window_sum",
    [](const std::vector<shaped_array> &in, const params_t &p) {
      return window_rule("reduce_window_sum", in, p);
    },
    lower_window<window_monoid::sum>};
const primitive reduce_window_max_p{
    "reduce_window_max",
    [](const std::vector<shaped_array> &in, const params_t &p) {
      return window_rule("reduce_window_max", in, p);
    },
    lower_window<window_monoid::max>};
const primitive reduce_window_min_p{
    "reduce_window_min",
    [](const std::vector<shaped_array> &in, const params_t &p) {
      return window_rule("reduce_window_min", in, p);
    },
    lower_window<window_monoid::min>};

} // namespace jx::core

// --- transformation rules ----------------------------------------------------
//
// reduce_window_sum is linear: jvp = the same reduction of the tangent; vjp
// = a reduce_window_sum of the cotangent dilated by the strides and padded
// so that every input position sums the outputs whose windows cover it
// (the transpose of the window, as for a convolution with a kernel of
// ones).
//
// reduce_window_max / _min pass each output's derivative to one position of
// its window: the first (row-major over the window) that equals the result,
// as JAX's gradient of max_pool (select_and_scatter_add keeps the first
// maximum, so ties give everything to the first tied position). jx builds
// this from slices: for every window offset k, the strided slice of the
// padded operand at k is compared with the result; the first match selects.
// The jvp takes the tangent there; the vjp pads each selected cotangent
// back to its positions and sums. A NaN result matches no position (zero
// derivative). Cost: one slice per window element.
//
// Batching: the batch is one more dimension with a window of size 1.

#include "jx/lax.h"
#include "primitives/batching.h"

namespace jx::core {
namespace {

struct window_params {
  std::vector<int64_t> dims, strides, base, dil;
  std::vector<std::vector<int64_t>> pads;
  explicit window_params(const params_t &p)
      : dims(get_ints(p, "window_dimensions")),
        strides(get_ints(p, "window_strides")),
        base(get_ints(p, "base_dilation")), dil(get_ints(p, "window_dilation")),
        pads(std::get<std::vector<std::vector<int64_t>>>(p.at("padding"))) {}
  params_t to_params() const {
    return {{"window_dimensions", dims},
            {"window_strides", strides},
            {"padding", pads},
            {"base_dilation", base},
            {"window_dilation", dil}};
  }
};

/// Batching a window reduction `p` (params `q`): the batch moved to axis 0,
/// where the window is 1 wide, unstrided and unpadded.
std::pair<std::vector<Array>, std::vector<batch_dim>>
batch_window(const primitive &p, const std::vector<Array> &args,
             const std::vector<batch_dim> &dims, const params_t &q) {
  window_params w(q);
  w.dims.insert(w.dims.begin(), 1);
  w.strides.insert(w.strides.begin(), 1);
  w.base.insert(w.base.begin(), 1);
  w.dil.insert(w.dil.begin(), 1);
  w.pads.insert(w.pads.begin(), {0, 0});
  return std::make_pair(
      std::vector<Array>{
          bind1(p, {move_axis(args[0], *dims[0], 0)}, w.to_params())},
      std::vector<batch_dim>{0});
}

Array scalar_of_type(double v, dtype t) {
  return make_concrete(scalar_buffer(v, t), false, /*literal=*/true);
}

/// The operand dilated by base_dilation and padded with `fill`: the array
/// the windows slide over.
Array padded_base(const Array &x, const window_params &w, const Array &fill) {
  std::vector<std::array<int64_t, 3>> config;
  for (int64_t i = 0; i < x.ndim(); ++i)
    config.push_back({w.pads[i][0], w.pads[i][1], w.base[i] - 1});
  return lax::pad(x, fill, config);
}

/// Back from the padded, dilated domain to the operand's positions.
Array unpad_base(const Array &y, const window_params &w, const shape_t &x) {
  std::vector<std::array<int64_t, 3>> config;
  std::vector<int64_t> start, limit;
  for (std::size_t i = 0; i < x.size(); ++i) {
    config.push_back({-w.pads[i][0], -w.pads[i][1], 0});
    start.push_back(0);
    limit.push_back((x[i] - 1) * w.base[i] + 1);
  }
  Array d = lax::pad(y, scalar_of_type(0, y.dtype()), config);
  return lax::slice(d, start, limit, w.base);
}

/// Calls f(start, limit) for every window offset, row-major: the strided
/// slice [start, limit) by the strides of the padded base holds that
/// window element of every output.
template <class F>
void for_each_offset(const window_params &w, const shape_t &out, F f) {
  int64_t r = static_cast<int64_t>(w.dims.size());
  std::vector<int64_t> k(r, 0);
  for (;;) {
    std::vector<int64_t> start, limit;
    for (int64_t i = 0; i < r; ++i) {
      start.push_back(k[i] * w.dil[i]);
      limit.push_back(start.back() + (out[i] - 1) * w.strides[i] + 1);
    }
    f(start, limit);
    int64_t i = r - 1;
    for (; i >= 0; --i) {
      if (++k[i] < w.dims[i])
        break;
      k[i] = 0;
    }
    if (i < 0)
      return;
  }
}

/// For every window offset (row-major), whether the output takes its value
/// from there: the first offset whose element equals the result.
std::vector<Array> chosen(const Array &x, const Array &out,
                          const window_params &w, bool is_max) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  Array xp = padded_base(x, w, scalar_of_type(is_max ? -inf : inf, x.dtype()));
  std::vector<Array> sel;
  std::optional<Array> taken;
  for_each_offset(
      w, out.shape(),
      [&](const std::vector<int64_t> &start,
          const std::vector<int64_t> &limit) {
        Array eq = lax::eq(lax::slice(xp, start, limit, w.strides), out);
        if (!taken) {
          sel.push_back(eq);
          taken = eq;
        } else {
          sel.push_back(lax::bitwise_and(eq, lax::bitwise_not(*taken)));
          taken = lax::bitwise_or(*taken, eq);
        }
      });
  return sel;
}

Array where(const Array &pred, const Array &x) {
  return lax::select_n(pred, {zeros(x.aval()), x});
}

/// The operand-shaped cotangent of reduce_window_sum.
Array window_sum_transpose(const Array &ct, const window_params &w,
                           const shape_t &x) {
  std::vector<std::array<int64_t, 3>> config;
  window_params t = w;
  for (std::size_t i = 0; i < x.size(); ++i) {
    int64_t lo = (w.dims[i] - 1) * w.dil[i] - w.pads[i][0];
    int64_t hi = (x[i] - 1) * w.base[i] + w.pads[i][0] -
                 (ct.shape()[i] - 1) * w.strides[i];
    config.push_back({lo, hi, w.strides[i] - 1});
    t.strides[i] = w.base[i];
    t.pads[i] = {0, 0};
    t.base[i] = 1;
  }
  Array padded = lax::pad(ct, scalar_of_type(0, ct.dtype()), config);
  return bind1(reduce_window_sum_p, {padded}, t.to_params());
}

void chooser_rules(const primitive &p, bool is_max) {
  set_rules(p, [&p, is_max](transform_rules &r) {
    r.jvp = [is_max](const jvp_args &a) {
      const Array &x = a.primals[0], &out = a.outs[0], &t = *a.tangents[0];
      if (out.size() == 0)
        return std::vector<tangent>{zeros(out.aval())};
      window_params w(a.params);
      std::vector<Array> sel = chosen(x, out, w, is_max);
      Array tp = padded_base(t, w, scalar_of_type(0, t.dtype()));
      tangent acc;
      std::size_t k = 0;
      for_each_offset(
          w, out.shape(),
          [&](const std::vector<int64_t> &start,
              const std::vector<int64_t> &limit) {
            acc = add_tangents(
                acc, where(sel[k++], lax::slice(tp, start, limit, w.strides)));
          });
      return std::vector<tangent>{acc};
    };
    r.vjp = [is_max](const vjp_args &a) {
      const Array &x = a.primals[0], &out = a.outs[0], &ct = *a.cts[0];
      if (out.size() == 0 || x.size() == 0)
        return std::vector<tangent>{zeros(x.aval())};
      window_params w(a.params);
      std::vector<Array> sel = chosen(x, out, w, is_max);
      Array zero = scalar_of_type(0, ct.dtype());
      shape_t padded = x.shape();
      for (std::size_t i = 0; i < padded.size(); ++i)
        padded[i] =
            (padded[i] - 1) * w.base[i] + 1 + w.pads[i][0] + w.pads[i][1];
      tangent acc;
      std::size_t k = 0;
      for_each_offset(w, out.shape(),
                      [&](const std::vector<int64_t> &start,
                          const std::vector<int64_t> &limit) {
                        std::vector<std::array<int64_t, 3>> config;
                        for (std::size_t i = 0; i < start.size(); ++i)
                          config.push_back({start[i], padded[i] - limit[i],
                                            w.strides[i] - 1});
                        acc = add_tangents(
                            acc, lax::pad(where(sel[k++], ct), zero, config));
                      });
      return std::vector<tangent>{unpad_base(*acc, w, x.shape())};
    };
    r.batch = [&p](const std::vector<Array> &args,
                   const std::vector<batch_dim> &dims, const params_t &q) {
      return batch_window(p, args, dims, q);
    };
  });
}

const bool window_rules_registered = [] {
  set_rules(reduce_window_sum_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      return std::vector<tangent>{
          bind1(reduce_window_sum_p, {*a.tangents[0]}, a.params)};
    };
    r.vjp = [](const vjp_args &a) {
      const Array &x = a.primals[0], &ct = *a.cts[0];
      if (ct.size() == 0 || x.size() == 0)
        return std::vector<tangent>{zeros(x.aval())};
      return std::vector<tangent>{
          window_sum_transpose(ct, window_params(a.params), x.shape())};
    };
    r.batch = [](const std::vector<Array> &args,
                 const std::vector<batch_dim> &dims, const params_t &q) {
      return batch_window(reduce_window_sum_p, args, dims, q);
    };
  });
  chooser_rules(reduce_window_max_p, true);
  chooser_rules(reduce_window_min_p, false);
  return true;
}();

} // namespace
} // namespace jx::core
