// elementwise.cpp - elementwise primitives: arithmetic, transcendental,
// comparisons, select_n, convert_element_type. Each family is one helper
// (JAX's standard_unop/standard_binop), so a new op is one line here plus
// its API function.

#include "frontend/lowering.h"
#include "jx/Dialect/StableHLO/IR/InferElementwise.h"
#include "core/trace.h"
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

const primitive select_n_p{"select_n", select_n_rule, lower_select_n};
const primitive convert_element_type_p{"convert_element_type", convert_rule,
                                       lower_convert};

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

void load_chlo(lowering_context &c) {
  c.b.getContext()->getOrLoadDialect<jx::chlo::ChloDialect>();
}

template <class OpTy>
values lower_chlo_unary(lowering_context &c, const values &in, const Eqn &e) {
  load_chlo(c);
  return {OpTy::create(c.b, c.loc, in[0])};
}

values lower_nextafter(lowering_context &c, const values &in, const Eqn &e) {
  load_chlo(c);
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
const primitive erf_p{"erf", unary_rule, lower_chlo_unary<jx::chlo::ErfOp>};
const primitive erf_inv_p{"erf_inv", unary_rule,
                          lower_chlo_unary<jx::chlo::ErfInvOp>};
const primitive nextafter_p{
    "nextafter",
    [](const std::vector<shaped_array> &in, const params_t &) {
      return binary_rule("nextafter", in);
    },
    lower_nextafter};

} // namespace jx::core
