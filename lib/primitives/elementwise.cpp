// elementwise.cpp - elementwise primitives: arithmetic, transcendental,
// comparisons, select_n, convert_element_type. Each family is one helper
// (JAX's standard_unop/standard_binop), so a new op is one line here plus
// its API function.

#include "frontend/lowering.h"
#include "jx/Dialect/CHLO/IR/CHLOOps.h"
#include "jx/Dialect/StableHLO/IR/InferElementwise.h"
#include "core/trace.h"
#include "jx/lax.h"
#include "primitives/batching.h"
#include "primitives/rules.h"

namespace jx::core {

namespace hlo = jx::stablehlo;
using frontend::lowering_context;

namespace {

using values = std::vector<mlir::Value>;

// --- binary arithmetic: equal dtypes, broadcasting shapes ------------------

std::vector<shaped_array> binary_rule(const std::string &name,
                                      const std::vector<shaped_array> &in) {
  assert(in.size() == 2);
  std::optional<shape_t> shape = broadcast_shapes(in[0].shape, in[1].shape);
  if (!shape || in[0].dtype != in[1].dtype)
    throw error("jx::lax::" + name + ": incompatible operands " +
                avals_str(in));
  // binary_c1 via the shared shape function, on the broadcast types.
  shaped_array out{in[0].dtype, *shape, in[0].weak_type && in[1].weak_type};
  mlir::RankedTensorType t = frontend::tensor_type(out);
  frontend::infer("jx::lax::" + name, [&](auto emit) {
    return hlo::inferBinaryElementwiseOp(emit, name, t, t);
  });
  return {out};
}

template <class OpTy>
values lower_binary(lowering_context &c, const values &in, const Eqn &e) {
  const shaped_array &out = e.outvars[0]->aval;
  mlir::Value lhs = c.broadcast_to(in[0], out.shape);
  mlir::Value rhs = c.broadcast_to(in[1], out.shape);
  return {OpTy::create(c.b, c.loc, frontend::tensor_type(out), lhs, rhs)};
}

#define JX_BINARY(NAME, OP)                                                    \
  const primitive NAME##_p{                                                    \
      #NAME,                                                                   \
      [](const std::vector<shaped_array> &in, const params_t &) {              \
        return binary_rule(#NAME, in);                                         \
      },                                                                       \
      lower_binary<hlo::OP>};

// --- unary: same type in and out --------------------------------------------

std::vector<shaped_array> unary_rule(const std::vector<shaped_array> &in,
                                     const params_t &) {
  return {in[0]};
}

template <class OpTy>
values lower_unary(lowering_context &c, const values &in, const Eqn &e) {
  return {OpTy::create(c.b, c.loc, in[0])};
}

values lower_neg(lowering_context &c, const values &in, const Eqn &e) {
  return {hlo::NegOp::create(c.b, c.loc, in[0].getType(), in[0])};
}

#define JX_UNARY(NAME, OP)                                                     \
  const primitive NAME##_p{#NAME, unary_rule, lower_unary<hlo::OP>};

// --- comparisons: bool results ----------------------------------------------

std::vector<shaped_array> compare_rule(const std::string &name,
                                       const std::vector<shaped_array> &in) {
  std::vector<shaped_array> out = binary_rule(name, in);
  mlir::RankedTensorType t = frontend::tensor_type(out[0]);
  mlir::RankedTensorType r = frontend::infer("jx::lax::" + name, [&](auto emit) {
    return hlo::inferCompareOp(emit, t, t);
  });
  return {frontend::aval_of_type(r)};
}

hlo::ComparisonTypeAttr compare_type(mlir::MLIRContext *ctx, dtype t) {
  hlo::ComparisonType k = is_inexact(t)           ? hlo::ComparisonType::FLOAT
                          : is_signed_integer(t) ? hlo::ComparisonType::SIGNED
                                                 : hlo::ComparisonType::UNSIGNED;
  return hlo::ComparisonTypeAttr::get(ctx, k);
}

template <hlo::ComparisonDirection Dir>
values lower_compare(lowering_context &c, const values &in, const Eqn &e) {
  const shaped_array &out = e.outvars[0]->aval;
  mlir::Value lhs = c.broadcast_to(in[0], out.shape);
  mlir::Value rhs = c.broadcast_to(in[1], out.shape);
  dtype operand = aval_of(e.invars[0]).dtype;
  return {hlo::CompareOp::create(c.b, c.loc, frontend::tensor_type(out), lhs,
                                 rhs, Dir,
                                 compare_type(c.b.getContext(), operand))};
}

#define JX_COMPARE(NAME, DIR)                                                  \
  const primitive NAME##_p{                                                    \
      #NAME,                                                                   \
      [](const std::vector<shaped_array> &in, const params_t &) {              \
        return compare_rule(#NAME, in);                                        \
      },                                                                       \
      lower_compare<hlo::ComparisonDirection::DIR>};

// --- select_n(which, case0, case1): case1 where which ------------------------

std::vector<shaped_array> select_n_rule(const std::vector<shaped_array> &in,
                                        const params_t &) {
  if (in.size() != 3)
    throw error("jx::lax::select_n: jx supports two cases so far");
  mlir::RankedTensorType r = frontend::infer("jx::lax::select_n", [&](auto e) {
    return hlo::inferSelectOp(e, frontend::tensor_type(in[0]),
                              frontend::tensor_type(in[2]),
                              frontend::tensor_type(in[1]));
  });
  return {frontend::aval_of_type(r, in[1].weak_type && in[2].weak_type)};
}

values lower_select_n(lowering_context &c, const values &in, const Eqn &e) {
  return {hlo::SelectOp::create(c.b, c.loc, in[2].getType(), in[0], in[2],
                                in[1])};
}

// --- convert_element_type[new_dtype, weak_type] ----------------------------

std::vector<shaped_array> convert_rule(const std::vector<shaped_array> &in,
                                       const params_t &p) {
  return {shaped_array{get_dtype(p, "new_dtype"), in[0].shape,
                       get_bool(p, "weak_type")}};
}

values lower_convert(lowering_context &c, const values &in, const Eqn &e) {
  const shaped_array &from = aval_of(e.invars[0]);
  const shaped_array &to = e.outvars[0]->aval;
  mlir::RankedTensorType type = frontend::tensor_type(to);
  if (is_bool(to.dtype) && !is_bool(from.dtype)) {
    // x != 0, as JAX lowers conversions to bool.
    runtime::host_buffer zero = scalar_buffer(0, from.dtype);
    mlir::Value z = c.broadcast_to(c.constant(zero), from.shape);
    return {hlo::CompareOp::create(c.b, c.loc, type, in[0], z,
                                   hlo::ComparisonDirection::NE,
                                   compare_type(c.b.getContext(), from.dtype))};
  }
  return {hlo::ConvertOp::create(c.b, c.loc, type, in[0])};
}

// --- unary ops whose result type differs, or that lower to several ops ------

/// abs: complex -> its real component type; others keep their type.
std::vector<shaped_array> abs_rule(const std::vector<shaped_array> &in,
                                   const params_t &) {
  shaped_array out = in[0];
  if (out.dtype == dtype::complex64)
    out.dtype = dtype::float32;
  else if (out.dtype == dtype::complex128)
    out.dtype = dtype::float64;
  return {out};
}

/// is_finite: bool of the operand's shape.
std::vector<shaped_array> is_finite_rule(const std::vector<shaped_array> &in,
                                         const params_t &) {
  return {shaped_array{dtype::bool_, in[0].shape, false}};
}

template <class OpTy>
values lower_unary_typed(lowering_context &c, const values &in, const Eqn &e) {
  return {OpTy::create(c.b, c.loc, frontend::tensor_type(e.outvars[0]->aval),
                       in[0])};
}

/// square x = x * x, as JAX lowers it.
values lower_square(lowering_context &c, const values &in, const Eqn &e) {
  return {hlo::MulOp::create(c.b, c.loc, in[0], in[0])};
}

/// integer_pow[y]: exponentiation by squaring (multiplications), then a
/// reciprocal for negative y; y = 0 gives ones. As JAX lowers it.
values lower_integer_pow(lowering_context &c, const values &in, const Eqn &e) {
  const shaped_array &out = e.outvars[0]->aval;
  int64_t y = std::get<int64_t>(e.params.at("y"));
  auto ones = [&] {
    return c.broadcast_to(c.constant(scalar_buffer(1, out.dtype)), out.shape);
  };
  if (y == 0)
    return {ones()};
  bool reciprocal = y < 0;
  uint64_t n = reciprocal ? -static_cast<uint64_t>(y) : y;
  mlir::Value x = in[0], acc;
  while (n > 0) {
    if (n & 1)
      acc = acc ? hlo::MulOp::create(c.b, c.loc, acc, x).getResult() : x;
    n >>= 1;
    if (n > 0)
      x = hlo::MulOp::create(c.b, c.loc, x, x);
  }
  if (reciprocal)
    acc = hlo::DivOp::create(c.b, c.loc, ones(), acc);
  return {acc};
}

/// round[rounding_method]: 0 away from zero, 1 to nearest even (JAX's
/// RoundingMethod).
values lower_round(lowering_context &c, const values &in, const Eqn &e) {
  if (std::get<int64_t>(e.params.at("rounding_method")) == 1)
    return {hlo::RoundNearestEvenOp::create(c.b, c.loc, in[0])};
  return {hlo::RoundOp::create(c.b, c.loc, in[0])};
}

} // namespace

JX_BINARY(add, AddOp)
JX_BINARY(sub, SubtractOp)
JX_BINARY(mul, MulOp)
JX_BINARY(div, DivOp)
JX_BINARY(max, MaxOp)
JX_BINARY(min, MinOp)
JX_BINARY(pow, PowOp)
JX_BINARY(and, AndOp)
JX_BINARY(or, OrOp)
JX_BINARY(xor, XorOp)

const primitive neg_p{"neg", unary_rule, lower_neg};
JX_UNARY(exp, ExpOp)
JX_UNARY(log, LogOp)
JX_UNARY(tanh, TanhOp)
JX_UNARY(sin, SineOp)
JX_UNARY(cos, CosineOp)
JX_UNARY(sqrt, SqrtOp)
JX_UNARY(rsqrt, RsqrtOp)
JX_UNARY(log1p, Log1pOp)
JX_UNARY(expm1, Expm1Op)
JX_UNARY(logistic, LogisticOp)
JX_UNARY(sign, SignOp)
JX_UNARY(floor, FloorOp)
JX_UNARY(ceil, CeilOp)
JX_UNARY(not, NotOp)
const primitive abs_p{"abs", abs_rule, lower_unary_typed<hlo::AbsOp>};
const primitive is_finite_p{"is_finite", is_finite_rule,
                            lower_unary_typed<hlo::IsFiniteOp>};
const primitive round_p{"round", unary_rule, lower_round};
const primitive square_p{"square", unary_rule, lower_square};
const primitive integer_pow_p{"integer_pow", unary_rule, lower_integer_pow};

JX_COMPARE(eq, EQ)
JX_COMPARE(ne, NE)
JX_COMPARE(lt, LT)
JX_COMPARE(le, LE)
JX_COMPARE(gt, GT)
JX_COMPARE(ge, GE)

// --- erf, erfc (issue 4, nn): chlo.erf / chlo.erfc as JAX emits them; the
// CPU pipeline's chlo-legalize-to-stablehlo expands them.
namespace {
template <class OpTy>
values lower_chlo_unary(lowering_context &c, const values &in, const Eqn &) {
  return {OpTy::create(c.b, c.loc, in[0])};
}
} // namespace
const primitive erf_p{"erf", unary_rule, lower_chlo_unary<jx::chlo::ErfOp>};
const primitive erfc_p{"erfc", unary_rule, lower_chlo_unary<jx::chlo::ErfcOp>};
// --- end erf, erfc

const primitive select_n_p{"select_n", select_n_rule, lower_select_n};
const primitive convert_element_type_p{"convert_element_type", convert_rule,
                                       lower_convert};

} // namespace jx::core

// --- transformation rules ----------------------------------------------------
//
// jvp and vjp rules written with lax ops (so they are differentiable again);
// the batching rule of every elementwise primitive is the generic one.

namespace jx::core {
namespace {

/// `t` (a tangent of an operand that was broadcast) at the output's shape.
Array at_shape(const Array &t, const shape_t &shape) {
  if (t.shape() == shape)
    return t;
  std::vector<int64_t> dims;
  if (t.ndim() == static_cast<int64_t>(shape.size()))
    for (int64_t i = 0; i < t.ndim(); ++i)
      dims.push_back(i);
  return lax::broadcast_in_dim(t, shape, dims);
}

/// jvp of f(x) with f'(x) given by `deriv(x, out)`.
jvp_fn unary_jvp(Array (*deriv)(const Array &x, const Array &out)) {
  return [deriv](const jvp_args &a) {
    return std::vector<tangent>{
        lax::mul(*a.tangents[0], deriv(a.primals[0], a.outs[0]))};
  };
}
vjp_fn unary_vjp(Array (*deriv)(const Array &x, const Array &out)) {
  return [deriv](const vjp_args &a) {
    return std::vector<tangent>{
        lax::mul(*a.cts[0], deriv(a.primals[0], a.outs[0]))};
  };
}
void unary_rules(const primitive &p,
                 Array (*deriv)(const Array &x, const Array &out)) {
  set_rules(p, [&](transform_rules &r) {
    r.jvp = unary_jvp(deriv);
    r.vjp = unary_vjp(deriv);
    r.batch = elementwise_batcher(p);
  });
}

Array one_like(const Array &x) {
  return make_concrete(scalar_buffer(1, x.dtype()), true, /*literal=*/true);
}

const bool elementwise_rules_registered = [] {
  // add / sub: linear.
  set_rules(add_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      const shape_t &s = a.outs[0].shape();
      tangent t;
      for (int i = 0; i < 2; ++i)
        if (a.tangents[i])
          t = add_tangents(t, at_shape(*a.tangents[i], s));
      return std::vector<tangent>{t};
    };
    r.vjp = [](const vjp_args &a) {
      return std::vector<tangent>{unbroadcast(*a.cts[0], a.primals[0].shape()),
                                  unbroadcast(*a.cts[0], a.primals[1].shape())};
    };
    r.batch = elementwise_batcher(add_p);
  });
  set_rules(sub_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      const shape_t &s = a.outs[0].shape();
      tangent t;
      if (a.tangents[0])
        t = at_shape(*a.tangents[0], s);
      if (a.tangents[1]) {
        Array n = lax::neg(at_shape(*a.tangents[1], s));
        t = add_tangents(t, n);
      }
      return std::vector<tangent>{t};
    };
    r.vjp = [](const vjp_args &a) {
      return std::vector<tangent>{
          unbroadcast(*a.cts[0], a.primals[0].shape()),
          unbroadcast(lax::neg(*a.cts[0]), a.primals[1].shape())};
    };
    r.batch = elementwise_batcher(sub_p);
  });
  set_rules(mul_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      const shape_t &s = a.outs[0].shape();
      tangent t;
      if (a.tangents[0])
        t = at_shape(lax::mul(*a.tangents[0], a.primals[1]), s);
      if (a.tangents[1])
        t = add_tangents(t, at_shape(lax::mul(a.primals[0], *a.tangents[1]), s));
      return std::vector<tangent>{t};
    };
    r.vjp = [](const vjp_args &a) {
      std::vector<tangent> c(2);
      if (a.wants[0])
        c[0] = unbroadcast(lax::mul(*a.cts[0], a.primals[1]),
                           a.primals[0].shape());
      if (a.wants[1])
        c[1] = unbroadcast(lax::mul(a.primals[0], *a.cts[0]),
                           a.primals[1].shape());
      return c;
    };
    r.batch = elementwise_batcher(mul_p);
  });
  set_rules(neg_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      return std::vector<tangent>{lax::neg(*a.tangents[0])};
    };
    r.vjp = [](const vjp_args &a) {
      return std::vector<tangent>{lax::neg(*a.cts[0])};
    };
    r.batch = elementwise_batcher(neg_p);
  });
  unary_rules(sin_p, [](const Array &x, const Array &) { return lax::cos(x); });
  unary_rules(cos_p, [](const Array &x, const Array &) {
    return lax::neg(lax::sin(x));
  });
  unary_rules(exp_p, [](const Array &, const Array &y) { return y; });
  unary_rules(log_p, [](const Array &x, const Array &) {
    return lax::div(one_like(x), x);
  });
  unary_rules(tanh_p, [](const Array &, const Array &y) {
    return lax::sub(one_like(y), lax::mul(y, y));
  });
  return true;
}();

// --- rules of the remaining elementwise primitives ---------------------------

/// A 0-d literal `v` of x's dtype (weak, so it broadcasts against x).
Array scalar_like(double v, const Array &x) {
  return make_concrete(scalar_buffer(v, x.dtype()), true, /*literal=*/true);
}
/// `v` at x's shape and dtype.
Array full_like(double v, const Array &x) {
  return lax::broadcast_in_dim(scalar_like(v, x), x.shape(), {});
}

/// A binary primitive's rules from its partial derivatives: `dx(x, y, out)`
/// and `dy(x, y, out)` (at the output's shape) times the operands' tangents
/// or the output's cotangent.
using partial_fn = Array (*)(const Array &x, const Array &y, const Array &out);
void binary_rules(const primitive &p, partial_fn dx, partial_fn dy) {
  set_rules(p, [&p, dx, dy](transform_rules &r) {
    r.jvp = [dx, dy](const jvp_args &a) {
      const Array &x = a.primals[0], &y = a.primals[1], &out = a.outs[0];
      tangent t;
      if (a.tangents[0])
        t = at_shape(lax::mul(*a.tangents[0], dx(x, y, out)), out.shape());
      if (a.tangents[1])
        t = add_tangents(
            t, at_shape(lax::mul(*a.tangents[1], dy(x, y, out)), out.shape()));
      return std::vector<tangent>{t};
    };
    r.vjp = [dx, dy](const vjp_args &a) {
      const Array &x = a.primals[0], &y = a.primals[1], &out = a.outs[0];
      std::vector<tangent> c(2);
      if (a.wants[0])
        c[0] = unbroadcast(lax::mul(*a.cts[0], dx(x, y, out)), x.shape());
      if (a.wants[1])
        c[1] = unbroadcast(lax::mul(*a.cts[0], dy(x, y, out)), y.shape());
      return c;
    };
    r.batch = elementwise_batcher(p);
  });
}

/// Rules of a piecewise-constant primitive: its derivative is zero.
void zero_derivative_rules(const primitive &p) {
  set_rules(p, [&p](transform_rules &r) {
    r.jvp = [](const jvp_args &) { return std::vector<tangent>{std::nullopt}; };
    r.vjp = [](const vjp_args &) { return std::vector<tangent>{std::nullopt}; };
    r.batch = elementwise_batcher(p);
  });
}

/// max/min: the derivative goes to the operand that equals the result,
/// split in halves at ties (JAX's convention); `w_x = [x == out] * (1 -
/// [y == out] / 2)`. Neither operand equals a NaN result: zero.
Array extremum_weight(const Array &x, const Array &y, const Array &out) {
  Array wx = lax::convert_element_type(lax::eq(x, out), out.dtype());
  Array wy = lax::convert_element_type(lax::eq(y, out), out.dtype());
  return lax::mul(wx,
                  lax::sub(one_like(out), lax::mul(scalar_like(0.5, out), wy)));
}

int64_t int_param(const params_t &p, const std::string &k) {
  return std::get<int64_t>(p.at(k));
}

const bool more_elementwise_rules_registered = [] {
  // div: d/dx = 1/y, d/dy = -out/y.
  binary_rules(
      div_p,
      [](const Array &, const Array &y, const Array &) {
        return lax::div(one_like(y), y);
      },
      [](const Array &, const Array &y, const Array &out) {
        return lax::neg(lax::div(out, y));
      });
  binary_rules(
      max_p,
      [](const Array &x, const Array &y, const Array &out) {
        return extremum_weight(x, y, out);
      },
      [](const Array &x, const Array &y, const Array &out) {
        return extremum_weight(y, x, out);
      });
  binary_rules(
      min_p,
      [](const Array &x, const Array &y, const Array &out) {
        return extremum_weight(x, y, out);
      },
      [](const Array &x, const Array &y, const Array &out) {
        return extremum_weight(y, x, out);
      });
  // pow: d/dx = y x^(y-1); d/dy = log(x) out with log(x) taken as 0 where
  // x == 0 (as JAX: 0 ** y has derivative 0 in y for y > 0).
  binary_rules(
      pow_p,
      [](const Array &x, const Array &y, const Array &) {
        return lax::mul(y, lax::pow(x, lax::sub(y, one_like(y))));
      },
      [](const Array &x, const Array &, const Array &out) {
        Array safe =
            lax::select_n(lax::eq(x, scalar_like(0, x)), {x, full_like(1, x)});
        return lax::mul(lax::log(safe), out);
      });

  unary_rules(sqrt_p, [](const Array &, const Array &y) {
    return lax::div(scalar_like(0.5, y), y);
  });
  unary_rules(rsqrt_p, [](const Array &x, const Array &y) {
    return lax::mul(scalar_like(-0.5, y), lax::div(y, x));
  });
  unary_rules(log1p_p, [](const Array &x, const Array &) {
    return lax::div(one_like(x), lax::add(x, one_like(x)));
  });
  unary_rules(expm1_p, [](const Array &, const Array &y) {
    return lax::add(y, one_like(y));
  });
  unary_rules(logistic_p, [](const Array &, const Array &y) {
    return lax::mul(y, lax::sub(one_like(y), y));
  });
  unary_rules(square_p, [](const Array &x, const Array &) {
    return lax::mul(scalar_like(2, x), x);
  });
  // abs: +t where x >= 0 (so 1 at 0, as JAX), -t elsewhere.
  set_rules(abs_p, [](transform_rules &r) {
    auto check = [](const char *rule, const Array &x) {
      if (is_complex(x.dtype()))
        throw error(std::string("jx: the ") + rule +
                    " rule of 'abs' does not support complex operands yet (" +
                    x.aval().str() + ")");
    };
    r.jvp = [check](const jvp_args &a) {
      const Array &x = a.primals[0], &t = *a.tangents[0];
      check("jvp", x);
      return std::vector<tangent>{
          lax::select_n(lax::ge(x, scalar_like(0, x)), {lax::neg(t), t})};
    };
    r.vjp = [check](const vjp_args &a) {
      const Array &x = a.primals[0], &ct = *a.cts[0];
      check("vjp", x);
      return std::vector<tangent>{
          lax::select_n(lax::ge(x, scalar_like(0, x)), {lax::neg(ct), ct})};
    };
    r.batch = elementwise_batcher(abs_p);
  });
  // integer_pow[y]: y x^(y-1); x^0 is constant.
  set_rules(integer_pow_p, [](transform_rules &r) {
    auto deriv = [](const Array &x, int64_t y) -> tangent {
      if (y == 0)
        return std::nullopt;
      if (y == 1)
        return full_like(1, x);
      Array p = y == 2 ? x : lax::integer_pow(x, y - 1);
      return lax::mul(scalar_like(static_cast<double>(y), x), p);
    };
    r.jvp = [deriv](const jvp_args &a) {
      int64_t y = int_param(a.params, "y");
      if (y == 1)
        return std::vector<tangent>{*a.tangents[0]};
      tangent d = deriv(a.primals[0], y);
      return std::vector<tangent>{d ? tangent(lax::mul(*a.tangents[0], *d))
                                    : std::nullopt};
    };
    r.vjp = [deriv](const vjp_args &a) {
      int64_t y = int_param(a.params, "y");
      if (y == 1)
        return std::vector<tangent>{*a.cts[0]};
      tangent d = deriv(a.primals[0], y);
      return std::vector<tangent>{d ? tangent(lax::mul(*a.cts[0], *d))
                                    : std::nullopt};
    };
    r.batch = elementwise_batcher(integer_pow_p);
  });
  for (const primitive *p : {&sign_p, &floor_p, &ceil_p, &round_p})
    zero_derivative_rules(*p);

  // select_n(which, case0, case1): each case's tangent where it is chosen;
  // the predicate is not differentiable. Batched, every operand is brought
  // to the full shape (a 0-d predicate may not select batched cases per
  // example otherwise).
  set_rules(select_n_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      const Array &out = a.outs[0];
      if (!a.tangents[1] && !a.tangents[2])
        return std::vector<tangent>{std::nullopt};
      Array t0 = a.tangents[1] ? *a.tangents[1] : zeros(out.aval());
      Array t1 = a.tangents[2] ? *a.tangents[2] : zeros(out.aval());
      return std::vector<tangent>{lax::select_n(a.primals[0], {t0, t1})};
    };
    r.vjp = [](const vjp_args &a) {
      const Array &which = a.primals[0], &ct = *a.cts[0];
      std::vector<tangent> c(3);
      if (a.wants[1])
        c[1] = lax::select_n(which, {ct, zeros(a.primals[1].aval())});
      if (a.wants[2])
        c[2] = lax::select_n(which, {zeros(a.primals[2].aval()), ct});
      return c;
    };
    r.batch = elementwise_batcher(select_n_p, /*keep_scalars=*/false);
  });

  // convert_element_type: between inexact types the tangent is converted;
  // to or from an integer or bool it is zero.
  set_rules(convert_element_type_p, [](transform_rules &r) {
    r.jvp = [](const jvp_args &a) {
      const Array &x = a.primals[0], &out = a.outs[0];
      if (!is_inexact(x.dtype()) || !is_inexact(out.dtype()))
        return std::vector<tangent>{std::nullopt};
      return std::vector<tangent>{lax::convert_element_type(
          *a.tangents[0], out.dtype(), get_bool(a.params, "weak_type"))};
    };
    r.vjp = [](const vjp_args &a) {
      const Array &x = a.primals[0], &out = a.outs[0];
      if (!is_inexact(x.dtype()) || !is_inexact(out.dtype()))
        return std::vector<tangent>{std::nullopt};
      return std::vector<tangent>{
          lax::convert_element_type(*a.cts[0], x.dtype(), x.aval().weak_type)};
    };
    r.batch = elementwise_batcher(convert_element_type_p);
  });

  // Batching only: comparisons, bitwise ops and is_finite give integer or
  // bool results (never differentiated).
  for (const primitive *p : {&eq_p, &ne_p, &lt_p, &le_p, &gt_p, &ge_p, &and_p,
                             &or_p, &xor_p, &not_p, &is_finite_p})
    set_rules(*p,
              [p](transform_rules &r) { r.batch = elementwise_batcher(*p); });
  return true;
}();

} // namespace
} // namespace jx::core

// === jx::random's primitives (issue 5): shifts, population_count,
// bitcast_convert_type, rem, erf, erf_inv, nextafter ========================
// erf, erf_inv and nextafter lower to chlo ops, as JAX lowers them; the CPU
// pipeline's chlo-legalize-to-stablehlo expands them.

#include "jx/Dialect/CHLO/IR/CHLOOps.h"

namespace jx::core {
namespace {

/// bitcast_convert_type[new_dtype]: same-width dtypes only (JAX also
/// allows differing widths, adding or dropping a minor dimension).
std::vector<shaped_array> bitcast_rule(const std::vector<shaped_array> &in,
                                       const params_t &p) {
  dtype to = get_dtype(p, "new_dtype");
  dtype from = in[0].dtype;
  if (is_bool(from) || is_bool(to) || is_complex(from) || is_complex(to))
    throw error("jx::lax::bitcast_convert_type: bool and complex types are "
                "not supported, got " + in[0].str() + " to " +
                dtype_name(to));
  if (itemsize(from) != itemsize(to))
    throw error("jx::lax::bitcast_convert_type: jx supports equal widths "
                "only, got " + in[0].str() + " to " + dtype_name(to));
  return {shaped_array{to, in[0].shape, false}};
}

values lower_bitcast(lowering_context &c, const values &in, const Eqn &e) {
  return {hlo::BitcastConvertOp::create(
      c.b, c.loc, frontend::tensor_type(e.outvars[0]->aval), in[0])};
}

values lower_nextafter(lowering_context &c, const values &in, const Eqn &e) {
  const shaped_array &out = e.outvars[0]->aval;
  mlir::Value x = c.broadcast_to(in[0], out.shape);
  mlir::Value y = c.broadcast_to(in[1], out.shape);
  return {jx::chlo::NextAfterOp::create(c.b, c.loc, x, y)};
}

} // namespace

JX_BINARY(shift_left, ShiftLeftOp)
JX_BINARY(shift_right_logical, ShiftRightLogicalOp)
JX_BINARY(shift_right_arithmetic, ShiftRightArithmeticOp)
JX_BINARY(rem, RemOp)
JX_UNARY(population_count, PopulationCountOp)
const primitive bitcast_convert_type_p{"bitcast_convert_type", bitcast_rule,
                                       lower_bitcast};
const primitive erf_inv_p{"erf_inv", unary_rule,
                          lower_chlo_unary<jx::chlo::ErfInvOp>};
const primitive nextafter_p{
    "nextafter",
    [](const std::vector<shaped_array> &in, const params_t &) {
      return binary_rule("nextafter", in);
    },
    lower_nextafter};

} // namespace jx::core

// === fixtures (issue 4): tan, cbrt, atan2, clamp =============================
// stablehlo.tan / cbrt / atan2 / clamp, as JAX lowers these primitives; the
// derivative rules are JAX's (tan' = 1 + tan^2, cbrt' = cbrt / (3x),
// atan2 = atan(x / y) by parts, clamp passes the tangent of the operand
// that is chosen).

namespace jx::core {
namespace {

/// clamp(min, operand, max): min and max are 0-d or of operand's shape, all
/// of one dtype; the result has operand's type.
std::vector<shaped_array> clamp_rule(const std::vector<shaped_array> &in,
                                     const params_t &) {
  assert(in.size() == 3);
  for (int i : {0, 2})
    if (in[i].dtype != in[1].dtype ||
        (!in[i].shape.empty() && in[i].shape != in[1].shape))
      throw error(std::string("jx::lax::clamp: ") + (i ? "max " : "min ") +
                  in[i].str() + " must be 0-d or of the operand's shape, " +
                  "with its dtype; operand " + in[1].str());
  frontend::infer("jx::lax::clamp", [&](auto emit) {
    return hlo::inferClampOp(emit, frontend::tensor_type(in[0]),
                             frontend::tensor_type(in[1]),
                             frontend::tensor_type(in[2]));
  });
  return {in[1]};
}

/// As JAX: 0-d bounds are broadcast to the operand's shape first.
values lower_clamp(lowering_context &c, const values &in, const Eqn &e) {
  const shaped_array &out = e.outvars[0]->aval;
  mlir::Value lo = c.broadcast_to(in[0], out.shape);
  mlir::Value hi = c.broadcast_to(in[2], out.shape);
  return {hlo::ClampOp::create(c.b, c.loc, frontend::tensor_type(out), lo,
                               in[1], hi)};
}

} // namespace

JX_UNARY(tan, TanOp)
JX_UNARY(cbrt, CbrtOp)
JX_BINARY(atan2, Atan2Op)
const primitive clamp_p{"clamp", clamp_rule, lower_clamp};

namespace {

/// Zero where `keep` is false, `t` (at keep's shape) where it is true.
Array masked(const Array &keep, const Array &t) {
  Array full = at_shape(t, keep.shape());
  return lax::select_n(keep, {zeros(full.aval()), full});
}

const bool fixture_rules_registered = [] {
  unary_rules(tan_p, [](const Array &, const Array &y) {
    return lax::add(one_like(y), lax::mul(y, y));
  });
  unary_rules(cbrt_p, [](const Array &x, const Array &y) {
    return lax::mul(scalar_like(1.0 / 3.0, y), lax::integer_pow(y, -2));
  });
  // atan2(x, y): d/dx = y / (x^2 + y^2), d/dy = -x / (x^2 + y^2).
  binary_rules(
      atan2_p,
      [](const Array &x, const Array &y, const Array &) {
        return lax::div(y, lax::add(lax::mul(x, x), lax::mul(y, y)));
      },
      [](const Array &x, const Array &y, const Array &) {
        return lax::div(lax::neg(x), lax::add(lax::mul(x, x), lax::mul(y, y)));
      });
  // clamp(lo, x, hi): x's tangent where lo < x < hi, lo's where x < lo,
  // hi's where hi < x (as JAX).
  set_rules(clamp_p, [](transform_rules &r) {
    auto masks = [](const Array &lo, const Array &x, const Array &hi) {
      return std::array<Array, 3>{lax::gt(lo, x),
                                  lax::bitwise_and(lax::gt(x, lo),
                                                   lax::lt(x, hi)),
                                  lax::lt(hi, x)};
    };
    r.jvp = [masks](const jvp_args &a) {
      auto m = masks(a.primals[0], a.primals[1], a.primals[2]);
      tangent t;
      for (int i = 0; i < 3; ++i)
        if (a.tangents[i])
          t = add_tangents(t, masked(m[i], *a.tangents[i]));
      return std::vector<tangent>{t};
    };
    r.vjp = [masks](const vjp_args &a) {
      auto m = masks(a.primals[0], a.primals[1], a.primals[2]);
      std::vector<tangent> c(3);
      for (int i = 0; i < 3; ++i)
        if (a.wants[i])
          c[i] = unbroadcast(masked(m[i], *a.cts[0]), a.primals[i].shape());
      return c;
    };
    r.batch = elementwise_batcher(clamp_p);
  });
  return true;
}();

} // namespace
} // namespace jx::core

// --- transformation rules (erf, random ops) ----------------------------------
//
// erf' = 2/sqrt(pi) exp(-x^2), erfc' = -erf', erf_inv' = sqrt(pi)/2
// exp(erf_inv(x)^2) (from the result); rem(x, y) = x - y trunc(x/y): d/dx
// = 1, d/dy = -trunc(x/y) (as JAX). The integer primitives jx::random
// uses (shifts, population_count), bitcast_convert_type and nextafter are
// batched elementwise; they have no derivative rules (integer results never
// get tangents; JAX defines none for nextafter, nor jx for a float-to-float
// bitcast).

namespace jx::core {
namespace {

constexpr double two_over_sqrt_pi = 1.1283791670955126;  // 2 / sqrt(pi)
constexpr double sqrt_pi_over_two = 0.88622692545275801; // sqrt(pi) / 2

Array gaussian(const Array &x) { return lax::exp(lax::neg(lax::mul(x, x))); }

/// x / y rounded towards zero.
Array trunc_div(const Array &x, const Array &y) {
  Array q = lax::div(x, y);
  return lax::select_n(lax::lt(q, scalar_like(0, q)),
                       {lax::floor(q), lax::ceil(q)});
}

const bool random_ops_rules_registered = [] {
  unary_rules(erf_p, [](const Array &x, const Array &) {
    return lax::mul(scalar_like(two_over_sqrt_pi, x), gaussian(x));
  });
  unary_rules(erfc_p, [](const Array &x, const Array &) {
    return lax::mul(scalar_like(-two_over_sqrt_pi, x), gaussian(x));
  });
  unary_rules(erf_inv_p, [](const Array &, const Array &y) {
    return lax::mul(scalar_like(sqrt_pi_over_two, y), lax::exp(lax::mul(y, y)));
  });
  binary_rules(
      rem_p,
      [](const Array &x, const Array &, const Array &) { return one_like(x); },
      [](const Array &x, const Array &y, const Array &) {
        return lax::neg(trunc_div(x, y));
      });
  for (const primitive *p :
       {&shift_left_p, &shift_right_logical_p, &shift_right_arithmetic_p,
        &population_count_p, &bitcast_convert_type_p, &nextafter_p})
    set_rules(*p,
              [p](transform_rules &r) { r.batch = elementwise_batcher(*p); });
  return true;
}();

} // namespace
} // namespace jx::core
