// dot.cpp - dot_general[dimension_numbers, preferred_element_type].
//
// Shape rule: stablehlo's inferDotGeneralOp (dot_general_c1..c12). Lowered
// as JAX does, with `precision = [DEFAULT, DEFAULT]`.

#include "frontend/lowering.h"
#include "jx/Dialect/StableHLO/IR/InferLinalg.h"
#include "primitives/rules.h"

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
