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
