// complex.cpp - real, imag, conj and complex: the primitives between complex
// numbers and their parts, with JAX's rules.
//
//   real x, imag x      complex64 -> float32, complex128 -> float64
//   conj x              complex -> complex (JAX's conj_p takes only complex
//                       operands here; jnp::conj returns a real x as it is)
//   complex x y         float32, float32 -> complex64 (f64 -> complex128)
//
// All four are linear over the reals. Their transposes are JAX's: real's
// cotangent ct becomes complex(ct, 0), imag's complex(0, -ct), conj's
// conj(ct), and complex's gives (real(ct), -imag(ct)).

#include "core/trace.h"
#include "frontend/lowering.h"
#include "jx/lax.h"
#include "primitives/batching.h"
#include "primitives/rules.h"

namespace jx::core {

namespace hlo = jx::stablehlo;
using frontend::lowering_context;
using frontend::tensor_type;

namespace {

using values = std::vector<mlir::Value>;
using avals = std::vector<shaped_array>;

dtype part_dtype(dtype t) {
  return t == dtype::complex128 ? dtype::float64 : dtype::float32;
}

avals part_rule(const std::string &name, const avals &in) {
  if (!is_complex(in[0].dtype))
    throw error("jx::lax::" + name + ": needs a complex operand, got " +
                in[0].str());
  return {shaped_array{part_dtype(in[0].dtype), in[0].shape, in[0].weak_type}};
}

avals conj_rule(const avals &in, const params_t &) {
  if (!is_complex(in[0].dtype))
    throw error("jx::lax::conj: needs a complex operand, got " + in[0].str());
  return {in[0]};
}

avals complex_rule(const avals &in, const params_t &) {
  if (in[0].dtype != in[1].dtype ||
      (in[0].dtype != dtype::float32 && in[0].dtype != dtype::float64))
    throw error("jx::lax::complex: needs two float32 or two float64 operands, "
                "got " + avals_str(in));
  std::optional<shape_t> shape = broadcast_shapes(in[0].shape, in[1].shape);
  if (!shape)
    throw error("jx::lax::complex: shapes do not broadcast: " + avals_str(in));
  return {shaped_array{in[0].dtype == dtype::float64 ? dtype::complex128
                                                     : dtype::complex64,
                       *shape, in[0].weak_type && in[1].weak_type}};
}

template <class OpTy>
values lower_part(lowering_context &c, const values &in, const Eqn &e) {
  return {OpTy::create(c.b, c.loc, tensor_type(e.outvars[0]->aval), in[0])};
}

values lower_conj(lowering_context &c, const values &in, const Eqn &e) {
  shaped_array part = aval_of(e.invars[0]);
  part.dtype = part_dtype(part.dtype);
  mlir::Type pt = tensor_type(part);
  mlir::Value re = hlo::RealOp::create(c.b, c.loc, pt, in[0]);
  mlir::Value im = hlo::ImagOp::create(c.b, c.loc, pt, in[0]);
  return {hlo::ComplexOp::create(c.b, c.loc, in[0].getType(), re,
                                 hlo::NegOp::create(c.b, c.loc, pt, im))};
}

values lower_complex(lowering_context &c, const values &in, const Eqn &e) {
  const shaped_array &out = e.outvars[0]->aval;
  return {hlo::ComplexOp::create(c.b, c.loc, tensor_type(out),
                                 c.broadcast_to(in[0], out.shape),
                                 c.broadcast_to(in[1], out.shape))};
}

} // namespace

const primitive real_p{"real",
                       [](const avals &in, const params_t &) {
                         return part_rule("real", in);
                       },
                       lower_part<hlo::RealOp>};
const primitive imag_p{"imag",
                       [](const avals &in, const params_t &) {
                         return part_rule("imag", in);
                       },
                       lower_part<hlo::ImagOp>};
const primitive conj_p{"conj", conj_rule, lower_conj};
const primitive complex_p{"complex", complex_rule, lower_complex};

namespace {

Array zeros_as(const Array &x) {
  return zeros(shaped_array{x.dtype(), x.shape(), false});
}

/// Rules of a linear primitive of one operand: jvp applies it to the
/// tangent, vjp applies `transpose` to the cotangent.
void linear_unary(const primitive &p,
                  std::function<Array(const Array &)> transpose) {
  set_rules(p, [&p, transpose](transform_rules &r) {
    r.jvp = [&p](const jvp_args &a) {
      return std::vector<tangent>{bind1(p, {*a.tangents[0]})};
    };
    r.vjp = [transpose](const vjp_args &a) {
      return std::vector<tangent>{transpose(*a.cts[0])};
    };
    r.batch = elementwise_batcher(p);
  });
}

const bool complex_rules = [] {
  linear_unary(real_p, [](const Array &ct) {
    return bind1(complex_p, {ct, zeros_as(ct)});
  });
  linear_unary(imag_p, [](const Array &ct) {
    return bind1(complex_p, {zeros_as(ct), lax::neg(ct)});
  });
  linear_unary(conj_p, [](const Array &ct) { return bind1(conj_p, {ct}); });
  set_rules(complex_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      Array re = a.tangents[0] ? *a.tangents[0] : zeros_as(a.primals[0]);
      Array im = a.tangents[1] ? *a.tangents[1] : zeros_as(a.primals[1]);
      return std::vector<tangent>{bind1(complex_p, {re, im})};
    };
    r.vjp = [](const vjp_args &a) {
      const Array &ct = *a.cts[0];
      std::vector<tangent> out(2);
      if (a.wants[0])
        out[0] = unbroadcast(bind1(real_p, {ct}), a.primals[0].shape());
      if (a.wants[1])
        out[1] = unbroadcast(lax::neg(bind1(imag_p, {ct})),
                             a.primals[1].shape());
      return out;
    };
    r.batch = elementwise_batcher(complex_p, false);
  });
  return true;
}();

} // namespace
} // namespace jx::core
