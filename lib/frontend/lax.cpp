// lax.cpp - jx::lax: checks, then bind.

#include "frontend/api_util.h"
#include "jx/lax.h"

#include <algorithm>
#include <array>

namespace jx::frontend {

bool is_literal(const Array &a) { return a.impl()->literal; }

Array literal_as(const Array &a, dtype t, bool weak) {
  return core::make_concrete(core::convert_buffer(a.buffer(), t), weak,
                             /*literal=*/true);
}

std::pair<Array, Array> match_dtypes(const std::string &api, Array x,
                                     Array y) {
  if (x.dtype() != y.dtype()) {
    if (is_literal(y) && y.weak_type())
      y = literal_as(y, x.dtype(), x.weak_type());
    else if (is_literal(x) && x.weak_type())
      x = literal_as(x, y.dtype(), y.weak_type());
    else
      throw error("jx::lax::" + api + ": operand dtypes differ: " +
                  x.aval().str() + " and " + y.aval().str());
  }
  return {x, y};
}

Array unary_inexact(const core::primitive &p, const Array &x) {
  if (!is_inexact(x.dtype()))
    throw error("jx::lax::" + p.name + ": needs a floating or complex "
                "operand, got " + x.aval().str());
  return core::bind1(p, {x});
}

typed_dtype result_type_of(const std::vector<Array> &args) {
  std::vector<typed_dtype> types;
  for (const Array &a : args)
    types.push_back({a.dtype(), a.weak_type()});
  return result_type(types);
}

int64_t normalize_axis(const std::string &api, int64_t axis,
                       const shaped_array &a) {
  int64_t r = axis < 0 ? axis + a.ndim() : axis;
  if (r < 0 || r >= a.ndim())
    throw error(api + ": axis " + std::to_string(axis) +
                " is out of bounds for array " + a.str());
  return r;
}

std::vector<int64_t> normalize_axes(const std::string &api,
                                    const std::vector<int64_t> &axes,
                                    const shaped_array &a) {
  std::vector<int64_t> out;
  for (int64_t axis : axes) {
    int64_t r = normalize_axis(api, axis, a);
    if (std::find(out.begin(), out.end(), r) != out.end())
      throw error(api + ": repeated axis " + std::to_string(axis) +
                  " for array " + a.str());
    out.push_back(r);
  }
  return out;
}

} // namespace jx::frontend

namespace jx::lax {

using namespace jx::core;
using frontend::is_literal;
using frontend::literal_as;
using frontend::unary_inexact;

namespace {

/// Checks a binary operation's operands; a weak literal adapts its dtype.
std::pair<Array, Array> binary_operands(const std::string &api, Array x,
                                        Array y) {
  std::tie(x, y) = frontend::match_dtypes(api, x, y);
  if (!broadcast_shapes(x.shape(), y.shape()))
    throw error("jx::lax::" + api + ": operand shapes differ: " +
                x.aval().str() + " and " + y.aval().str());
  return {x, y};
}

Array binary(const primitive &p, const Array &x, const Array &y) {
  auto [a, b] = binary_operands(p.name, x, y);
  return bind1(p, {a, b});
}

/// Checks the operand's dtype with `ok`; `what` says what was needed.
Array unary_checked(const primitive &p, const Array &x, bool (*ok)(dtype),
                    const char *what, const params_t &params = {}) {
  if (!ok(x.dtype()))
    throw error("jx::lax::" + p.name + ": needs " + what + " operand, got " +
                x.aval().str());
  return bind1(p, {x}, params);
}

bool is_numeric(dtype t) { return !is_bool(t); }
bool is_signed_numeric(dtype t) {
  return is_signed_integer(t) || is_inexact(t);
}
bool is_bool_or_integer(dtype t) { return is_bool(t) || is_integer(t); }

Array binary_checked(const primitive &p, const Array &x, const Array &y,
                     bool (*ok)(dtype), const char *what) {
  auto [a, b] = binary_operands(p.name, x, y);
  if (!ok(a.dtype()))
    throw error("jx::lax::" + p.name + ": needs " + what + " operands, got " +
                a.aval().str() + " and " + b.aval().str());
  return bind1(p, {a, b});
}

} // namespace

Array rsqrt(const Array &x) { return unary_inexact(rsqrt_p, x); }
Array log1p(const Array &x) { return unary_inexact(log1p_p, x); }
Array expm1(const Array &x) { return unary_inexact(expm1_p, x); }
Array logistic(const Array &x) { return unary_inexact(logistic_p, x); }
Array floor(const Array &x) {
  return unary_checked(floor_p, x, is_floating, "a floating");
}
Array ceil(const Array &x) {
  return unary_checked(ceil_p, x, is_floating, "a floating");
}
Array is_finite(const Array &x) {
  return unary_checked(is_finite_p, x, is_floating, "a floating");
}
Array abs(const Array &x) {
  return unary_checked(abs_p, x, is_signed_numeric, "a signed or inexact");
}
Array sign(const Array &x) {
  return unary_checked(sign_p, x, is_signed_numeric, "a signed or inexact");
}
Array real(const Array &x) { return bind1(real_p, {x}); }
Array imag(const Array &x) { return bind1(imag_p, {x}); }
Array conj(const Array &x) { return bind1(conj_p, {x}); }
Array complex(const Array &x, const Array &y) {
  return bind1(complex_p, {x, y});
}
Array square(const Array &x) {
  return unary_checked(square_p, x, is_numeric, "a numeric");
}
Array integer_pow(const Array &x, int64_t y) {
  if (y < 0 && !is_inexact(x.dtype()))
    throw error("jx::lax::integer_pow: a negative power " + std::to_string(y) +
                " needs an inexact operand, got " + x.aval().str());
  return unary_checked(integer_pow_p, x, is_numeric, "a numeric", {{"y", y}});
}
Array round(const Array &x, rounding_method method) {
  return unary_checked(round_p, x, is_floating, "a floating",
                       {{"rounding_method", static_cast<int64_t>(method)}});
}
Array pow(const Array &x, const Array &y) {
  return binary_checked(pow_p, x, y, is_inexact, "inexact");
}
Array bitwise_and(const Array &x, const Array &y) {
  return binary_checked(and_p, x, y, is_bool_or_integer, "bool or integer");
}
Array bitwise_or(const Array &x, const Array &y) {
  return binary_checked(or_p, x, y, is_bool_or_integer, "bool or integer");
}
Array bitwise_xor(const Array &x, const Array &y) {
  return binary_checked(xor_p, x, y, is_bool_or_integer, "bool or integer");
}
Array bitwise_not(const Array &x) {
  return unary_checked(not_p, x, is_bool_or_integer, "a bool or integer");
}

Array add(const Array &x, const Array &y) { return binary(add_p, x, y); }
Array sub(const Array &x, const Array &y) { return binary(sub_p, x, y); }
Array mul(const Array &x, const Array &y) { return binary(mul_p, x, y); }
Array div(const Array &x, const Array &y) { return binary(div_p, x, y); }
Array max(const Array &x, const Array &y) { return binary(max_p, x, y); }
Array min(const Array &x, const Array &y) { return binary(min_p, x, y); }
Array eq(const Array &x, const Array &y) { return binary(eq_p, x, y); }
Array ne(const Array &x, const Array &y) { return binary(ne_p, x, y); }
Array lt(const Array &x, const Array &y) { return binary(lt_p, x, y); }
Array le(const Array &x, const Array &y) { return binary(le_p, x, y); }
Array gt(const Array &x, const Array &y) { return binary(gt_p, x, y); }
Array ge(const Array &x, const Array &y) { return binary(ge_p, x, y); }

Array neg(const Array &x) {
  if (is_bool(x.dtype()))
    throw error("jx::lax::neg: needs a numeric operand, got " + x.aval().str());
  return bind1(neg_p, {x});
}
Array exp(const Array &x) { return unary_inexact(exp_p, x); }
Array log(const Array &x) { return unary_inexact(log_p, x); }
Array tanh(const Array &x) { return unary_inexact(tanh_p, x); }
Array sin(const Array &x) { return unary_inexact(sin_p, x); }
Array cos(const Array &x) { return unary_inexact(cos_p, x); }
Array sqrt(const Array &x) { return unary_inexact(sqrt_p, x); }

Array select_n(const Array &which, const std::vector<Array> &cases) {
  if (cases.size() != 2)
    throw error("jx::lax::select_n: jx supports two cases so far, got " +
                std::to_string(cases.size()));
  if (!is_bool(which.dtype()))
    throw error("jx::lax::select_n: the selector must be bool, got " +
                which.aval().str());
  if (cases[0].dtype() != cases[1].dtype() ||
      cases[0].shape() != cases[1].shape())
    throw error("jx::lax::select_n: cases differ: " + cases[0].aval().str() +
                " and " + cases[1].aval().str());
  if (!which.shape().empty() && which.shape() != cases[0].shape())
    throw error("jx::lax::select_n: selector " + which.aval().str() +
                " does not match cases " + cases[0].aval().str());
  return bind1(select_n_p, {which, cases[0], cases[1]});
}

Array convert_element_type(const Array &x, dtype new_dtype, bool weak_type) {
  if (x.dtype() == new_dtype && x.weak_type() == weak_type)
    return x;
  if (is_literal(x))
    return literal_as(x, new_dtype, weak_type);
  return bind1(convert_element_type_p, {x},
               {{"new_dtype", new_dtype}, {"weak_type", weak_type}});
}

namespace {
Array reduce(const primitive &p, const Array &x,
             const std::vector<int64_t> &axes) {
  std::vector<int64_t> a =
      frontend::normalize_axes("jx::lax::" + p.name, axes, x.aval());
  std::sort(a.begin(), a.end());
  params_t params{{"axes", a}};
  if (&p == &reduce_sum_p)
    params["out_sharding"] = none_t{};
  return bind1(p, {x}, params);
}
} // namespace

Array reduce_sum(const Array &x, const std::vector<int64_t> &axes) {
  return reduce(reduce_sum_p, x, axes);
}
Array reduce_max(const Array &x, const std::vector<int64_t> &axes) {
  return reduce(reduce_max_p, x, axes);
}
Array reduce_min(const Array &x, const std::vector<int64_t> &axes) {
  return reduce(reduce_min_p, x, axes);
}
Array reduce_prod(const Array &x, const std::vector<int64_t> &axes) {
  if (is_bool(x.dtype()))
    throw error("jx::lax::reduce_prod: needs a numeric operand, got " +
                x.aval().str());
  return reduce(reduce_prod_p, x, axes);
}
Array reduce_and(const Array &x, const std::vector<int64_t> &axes) {
  if (!is_bool(x.dtype()))
    throw error("jx::lax::reduce_and: jx supports bool operands so far, got " +
                x.aval().str());
  return reduce(reduce_and_p, x, axes);
}
Array reduce_or(const Array &x, const std::vector<int64_t> &axes) {
  if (!is_bool(x.dtype()))
    throw error("jx::lax::reduce_or: jx supports bool operands so far, got " +
                x.aval().str());
  return reduce(reduce_or_p, x, axes);
}

Array argmax(const Array &x, int64_t axis, dtype index_dtype) {
  int64_t a = frontend::normalize_axis("jx::lax::argmax", axis, x.aval());
  return bind1(argmax_p, {x},
               {{"axes", std::vector<int64_t>{a}}, {"index_dtype", index_dtype}});
}
Array argmin(const Array &x, int64_t axis, dtype index_dtype) {
  int64_t a = frontend::normalize_axis("jx::lax::argmin", axis, x.aval());
  return bind1(argmin_p, {x},
               {{"axes", std::vector<int64_t>{a}}, {"index_dtype", index_dtype}});
}

namespace {
Array cumulative(const primitive &p, const Array &x, int64_t axis,
                 bool reverse) {
  int64_t a = frontend::normalize_axis("jx::lax::" + p.name, axis, x.aval());
  return bind1(p, {x}, {{"axis", a}, {"reverse", reverse}});
}
} // namespace

Array cumsum(const Array &x, int64_t axis, bool reverse) {
  return cumulative(cumsum_p, x, axis, reverse);
}
Array cumprod(const Array &x, int64_t axis, bool reverse) {
  return cumulative(cumprod_p, x, axis, reverse);
}
Array cummax(const Array &x, int64_t axis, bool reverse) {
  return cumulative(cummax_p, x, axis, reverse);
}
Array cummin(const Array &x, int64_t axis, bool reverse) {
  return cumulative(cummin_p, x, axis, reverse);
}

Array broadcast_in_dim(const Array &x, const shape_t &shape,
                       const std::vector<int64_t> &broadcast_dimensions) {
  return bind1(broadcast_in_dim_p, {x},
               {{"shape", shape},
                {"broadcast_dimensions", broadcast_dimensions},
                {"sharding", none_t{}}});
}

Array reshape(const Array &x, const shape_t &new_sizes) {
  return bind1(reshape_p, {x},
               {{"new_sizes", new_sizes},
                {"dimensions", none_t{}},
                {"sharding", none_t{}}});
}

Array transpose(const Array &x, const std::vector<int64_t> &permutation) {
  return bind1(transpose_p, {x}, {{"permutation", permutation}});
}

Array squeeze(const Array &x, const std::vector<int64_t> &dimensions) {
  std::vector<int64_t> d =
      frontend::normalize_axes("jx::lax::squeeze", dimensions, x.aval());
  std::sort(d.begin(), d.end());
  return bind1(squeeze_p, {x}, {{"dimensions", d}});
}

Array rev(const Array &x, const std::vector<int64_t> &dimensions) {
  return bind1(rev_p, {x}, {{"dimensions", dimensions}});
}

Array concatenate(const std::vector<Array> &operands, int64_t dimension) {
  if (operands.empty())
    throw error("jx::lax::concatenate: needs at least one operand");
  return bind1(concatenate_p, operands, {{"dimension", dimension}});
}

Array pad(const Array &x, const Array &padding_value,
          const std::vector<std::array<int64_t, 3>> &padding_config) {
  if (static_cast<int64_t>(padding_config.size()) != x.ndim())
    throw error("jx::lax::pad: padding_config has " +
                std::to_string(padding_config.size()) +
                " entries for operand " + x.aval().str());
  if (padding_value.ndim() != 0)
    throw error("jx::lax::pad: the padding value must be 0-d, got " +
                padding_value.aval().str());
  Array v = padding_value;
  if (v.dtype() != x.dtype() && is_literal(v) && v.weak_type())
    v = literal_as(v, x.dtype(), x.weak_type());
  std::vector<std::vector<int64_t>> config;
  for (const auto &t : padding_config)
    config.push_back({t[0], t[1], t[2]});
  return bind1(pad_p, {x, v}, {{"padding_config", config}});
}

Array iota(dtype t, const shape_t &shape, int64_t dimension) {
  return bind1(iota_p, {},
               {{"dtype", t},
                {"shape", shape},
                {"dimension", dimension},
                {"sharding", none_t{}}});
}

Array slice(const Array &x, const std::vector<int64_t> &start_indices,
            const std::vector<int64_t> &limit_indices,
            std::optional<std::vector<int64_t>> strides) {
  params_t params{{"start_indices", start_indices},
                  {"limit_indices", limit_indices},
                  {"strides", none_t{}}};
  if (strides)
    params["strides"] = *strides;
  return bind1(slice_p, {x}, params);
}

namespace {
/// Start indices of the dynamic slices: 0-d integers of one dtype; a C++
/// integer becomes an int32 literal, counted from the end when negative.
std::vector<Array> start_index_operands(const std::string &api, const Array &x,
                                        const std::vector<Array> &indices) {
  if (static_cast<int64_t>(indices.size()) != x.ndim())
    throw error(api + ": " + std::to_string(indices.size()) +
                " start indices for operand " + x.aval().str());
  std::vector<Array> out;
  for (std::size_t i = 0; i < indices.size(); ++i) {
    Array v = indices[i];
    if (v.ndim() != 0 || !is_integer(v.dtype()))
      throw error(api + ": start indices must be 0-d integers, got " +
                  v.aval().str());
    if (is_literal(v) && v.weak_type()) {
      int64_t k = v.item<int64_t>();
      if (k < 0)
        k += x.shape()[i];
      v = literal_as(Array(k), dtype::int32, false);
    }
    if (!out.empty() && v.dtype() != out[0].dtype())
      throw error(api + ": start indices have different dtypes: " +
                  out[0].aval().str() + " and " + v.aval().str());
    out.push_back(v);
  }
  return out;
}
} // namespace

Array dynamic_slice(const Array &x, const std::vector<Array> &start_indices,
                    const shape_t &slice_sizes) {
  std::vector<Array> args{x};
  for (const Array &i :
       start_index_operands("jx::lax::dynamic_slice", x, start_indices))
    args.push_back(i);
  return bind1(dynamic_slice_p, args, {{"slice_sizes", slice_sizes}});
}

Array dynamic_update_slice(const Array &x, const Array &update,
                           const std::vector<Array> &start_indices) {
  Array u = update;
  if (u.dtype() != x.dtype() && is_literal(u) && u.weak_type())
    u = literal_as(u, x.dtype(), x.weak_type());
  std::vector<Array> args{x, u};
  for (const Array &i :
       start_index_operands("jx::lax::dynamic_update_slice", x, start_indices))
    args.push_back(i);
  return bind1(dynamic_update_slice_p, args, {});
}

std::vector<Array> sort(const std::vector<Array> &operands, int64_t dimension,
                        bool is_stable, int64_t num_keys) {
  if (operands.empty())
    throw error("jx::lax::sort: needs at least one operand");
  int64_t d = frontend::normalize_axis("jx::lax::sort", dimension,
                                       operands[0].aval());
  return bind(sort_p, operands,
              {{"dimension", d},
               {"is_stable", is_stable},
               {"num_keys", num_keys}});
}

Array sort(const Array &operand, int64_t dimension, bool is_stable) {
  return sort(std::vector<Array>{operand}, dimension, is_stable, 1)[0];
}

Array dot_general(const Array &lhs, const Array &rhs,
                  const dot_dimension_numbers &dimension_numbers,
                  std::optional<dtype> preferred_element_type) {
  if (lhs.dtype() != rhs.dtype())
    throw error("jx::lax::dot_general: operand dtypes differ: " +
                lhs.aval().str() + " and " + rhs.aval().str());
  return bind1(dot_general_p, {lhs, rhs},
               {{"dimension_numbers", dimension_numbers},
                {"preferred_element_type",
                 preferred_element_type.value_or(lhs.dtype())}});
}

} // namespace jx::lax

// --- numpy-more (issue 4): top_k ---
namespace jx::lax {

std::pair<Array, Array> top_k(const Array &operand, int64_t k, int64_t axis) {
  const std::string api = "jx::lax::top_k";
  if (operand.ndim() == 0)
    throw error(api + ": needs an operand of rank 1 or more, got " +
                operand.aval().str());
  int64_t a = frontend::normalize_axis(api, axis, operand.aval());
  if (k < 0 || k > operand.shape()[a])
    throw error(api + ": k " + std::to_string(k) + " must be in [0, " +
                std::to_string(operand.shape()[a]) + "] (the size of axis " +
                std::to_string(a) + ") for operand " + operand.aval().str());
  std::vector<Array> r =
      core::bind(core::top_k_p, {operand}, {{"axis", a}, {"k", k}});
  return {r[0], r[1]};
}

} // namespace jx::lax

// === jx::random's primitives (issue 5) ======================================

namespace jx::lax {

namespace {
bool is_integer_dtype(dtype t) { return is_integer(t); }
} // namespace

Array shift_left(const Array &x, const Array &y) {
  return binary_checked(shift_left_p, x, y, is_integer_dtype, "integer");
}
Array shift_right_logical(const Array &x, const Array &y) {
  return binary_checked(shift_right_logical_p, x, y, is_integer_dtype,
                        "integer");
}
Array shift_right_arithmetic(const Array &x, const Array &y) {
  return binary_checked(shift_right_arithmetic_p, x, y, is_integer_dtype,
                        "integer");
}
Array rem(const Array &x, const Array &y) {
  return binary_checked(rem_p, x, y, is_numeric, "numeric");
}
Array nextafter(const Array &x, const Array &y) {
  return binary_checked(nextafter_p, x, y, is_floating, "floating");
}
Array population_count(const Array &x) {
  return unary_checked(population_count_p, x, is_integer_dtype, "an integer");
}
Array erf_inv(const Array &x) {
  return unary_checked(erf_inv_p, x, is_floating, "a floating");
}
Array bitcast_convert_type(const Array &x, dtype new_dtype) {
  return bind1(bitcast_convert_type_p, {x}, {{"new_dtype", new_dtype}});
}

} // namespace jx::lax
