// stop_gradient.cpp - stop_gradient: the identity with a zero derivative.

#include "frontend/lowering.h"
#include "primitives/batching.h"
#include "primitives/rules.h"

namespace jx::core {

const primitive stop_gradient_p{
    "stop_gradient",
    [](const std::vector<shaped_array> &in, const params_t &) {
      return std::vector<shaped_array>{in[0]};
    },
    [](frontend::lowering_context &, const std::vector<mlir::Value> &in,
       const Eqn &) { return in; }};

namespace {
const set_rules stop_gradient_rules(stop_gradient_p, [](transform_rules &r) {
  r.jvp = [](const jvp_args &a) { return std::vector<tangent>{std::nullopt}; };
  r.vjp = [](const vjp_args &a) { return std::vector<tangent>{std::nullopt}; };
  r.batch = [](const std::vector<Array> &args,
               const std::vector<batch_dim> &dims, const params_t &) {
    return std::make_pair(args, dims);
  };
});
} // namespace

} // namespace jx::core
