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
