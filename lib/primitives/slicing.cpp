// slicing.cpp - slice, dynamic_slice, dynamic_update_slice.
//
// Shape rules call stablehlo's shape functions (InferShape.h); the start
// indices of the dynamic ops are 0-d integer operands after the array(s),
// as in JAX's jaxprs (`dynamic_slice[slice_sizes=(1, 2)] a 1:i32[] 0:i32[]`).

#include "frontend/lowering.h"
#include "jx/Dialect/StableHLO/IR/InferShape.h"
#include "primitives/rules.h"

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
