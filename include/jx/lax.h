// lax.h - jx::lax, the primitives as jax.lax names them.
//
// These are thin and strict: operands must already have equal dtypes (weakly
// typed C++ scalars adapt), and shapes must agree except for 0-d operands and
// size-1 dimensions of equal-rank operands. jx::numpy builds on them.

#ifndef JX_LAX_H
#define JX_LAX_H

#include "jx/array.h"
#include "jx/jaxpr.h"

#include <array>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

namespace jx::lax {

// Elementwise.
Array add(const Array &x, const Array &y);
Array sub(const Array &x, const Array &y);
Array mul(const Array &x, const Array &y);
Array div(const Array &x, const Array &y);
Array max(const Array &x, const Array &y);
Array min(const Array &x, const Array &y);
Array neg(const Array &x);
Array exp(const Array &x);
Array log(const Array &x);
Array tanh(const Array &x);
Array sin(const Array &x);
Array cos(const Array &x);
Array sqrt(const Array &x);
Array rsqrt(const Array &x);
Array log1p(const Array &x);
Array expm1(const Array &x);
Array logistic(const Array &x);
Array floor(const Array &x);
Array ceil(const Array &x);
Array is_finite(const Array &x);
Array abs(const Array &x);
Array sign(const Array &x);
/// The parts of complex numbers (complex64 -> float32, complex128 ->
/// float64), the conjugate, and a complex number from two equal-dtype
/// floats (broadcast as NumPy).
Array real(const Array &x);
Array imag(const Array &x);
Array conj(const Array &x);
Array complex(const Array &x, const Array &y);
Array square(const Array &x);
/// x ** y for a constant integer y (multiplications; y < 0 needs inexact x).
Array integer_pow(const Array &x, int64_t y);
Array pow(const Array &x, const Array &y);
/// As jax.lax.RoundingMethod.
enum class rounding_method { away_from_zero = 0, to_nearest_even = 1 };
Array round(const Array &x,
            rounding_method method = rounding_method::away_from_zero);
/// Bool or integer operands (JAX's and/or/xor/not primitives).
Array bitwise_and(const Array &x, const Array &y);
Array bitwise_or(const Array &x, const Array &y);
Array bitwise_xor(const Array &x, const Array &y);
Array bitwise_not(const Array &x);
Array eq(const Array &x, const Array &y);
Array ne(const Array &x, const Array &y);
Array lt(const Array &x, const Array &y);
Array le(const Array &x, const Array &y);
Array gt(const Array &x, const Array &y);
Array ge(const Array &x, const Array &y);
/// cases[pred]: `which` is bool (two cases); all cases share a type.
Array select_n(const Array &which, const std::vector<Array> &cases);
Array convert_element_type(const Array &x, dtype new_dtype,
                           bool weak_type = false);

// Reductions over `axes`.
Array reduce_sum(const Array &x, const std::vector<int64_t> &axes);
Array reduce_max(const Array &x, const std::vector<int64_t> &axes);
Array reduce_min(const Array &x, const std::vector<int64_t> &axes);
Array reduce_prod(const Array &x, const std::vector<int64_t> &axes);
/// Bool operands.
Array reduce_and(const Array &x, const std::vector<int64_t> &axes);
Array reduce_or(const Array &x, const std::vector<int64_t> &axes);
/// Index of the largest (smallest) value along `axis`; NaN counts as the
/// extreme, ties give the first index.
Array argmax(const Array &x, int64_t axis, dtype index_dtype = dtype::int32);
Array argmin(const Array &x, int64_t axis, dtype index_dtype = dtype::int32);
/// Running sum / product / maximum / minimum along `axis` (from the end
/// when `reverse`); real numeric operands.
Array cumsum(const Array &x, int64_t axis = 0, bool reverse = false);
Array cumprod(const Array &x, int64_t axis = 0, bool reverse = false);
Array cummax(const Array &x, int64_t axis = 0, bool reverse = false);
Array cummin(const Array &x, int64_t axis = 0, bool reverse = false);

// Shapes.
Array broadcast_in_dim(const Array &x, const shape_t &shape,
                       const std::vector<int64_t> &broadcast_dimensions);
Array reshape(const Array &x, const shape_t &new_sizes);
Array transpose(const Array &x, const std::vector<int64_t> &permutation);
/// Drops the listed size-1 dimensions.
Array squeeze(const Array &x, const std::vector<int64_t> &dimensions);
/// Reverses the listed dimensions.
Array rev(const Array &x, const std::vector<int64_t> &dimensions);
Array concatenate(const std::vector<Array> &operands, int64_t dimension);
/// Pads with `padding_value` (0-d): (low, high, interior) per dimension;
/// negative low/high crop.
Array pad(const Array &x, const Array &padding_value,
          const std::vector<std::array<int64_t, 3>> &padding_config);
Array iota(dtype t, const shape_t &shape, int64_t dimension = 0);

// Slicing.
/// x[start:limit:stride] per dimension (strides default to ones).
Array slice(const Array &x, const std::vector<int64_t> &start_indices,
            const std::vector<int64_t> &limit_indices,
            std::optional<std::vector<int64_t>> strides = std::nullopt);
/// A window of `slice_sizes` at run-time (0-d integer) start indices,
/// clamped so that the window fits; C++ integers may be negative (counted
/// from the end, as in JAX).
Array dynamic_slice(const Array &x, const std::vector<Array> &start_indices,
                    const shape_t &slice_sizes);
/// x with the window at `start_indices` (clamped) replaced by `update`.
Array dynamic_update_slice(const Array &x, const Array &update,
                           const std::vector<Array> &start_indices);

// Sorting.
/// Sorts `operands` (one shape) along `dimension`, ordered lexicographically
/// by the first `num_keys` of them; floats in total order with NaNs last.
std::vector<Array> sort(const std::vector<Array> &operands,
                        int64_t dimension = -1, bool is_stable = true,
                        int64_t num_keys = 1);
Array sort(const Array &operand, int64_t dimension = -1,
           bool is_stable = true);

// Linear algebra.
Array dot_general(const Array &lhs, const Array &rhs,
                  const dot_dimension_numbers &dimension_numbers,
                  std::optional<dtype> preferred_element_type = std::nullopt);

// --- Convolution, windowed reductions, erf (issue 4) ------------------------

/// Padding of a windowed op: "VALID", "SAME", "SAME_LOWER" (as
/// jax.lax.padtype_to_pads), or explicit (low, high) pairs.
struct padding_t {
  template <class S, std::enable_if_t<std::is_convertible_v<const S &,
                                                           std::string>,
                                      int> = 0>
  padding_t(const S &type) : type(type) {}
  padding_t(std::vector<std::pair<int64_t, int64_t>> pairs)
      : pairs(std::move(pairs)) {}
  std::string type; // empty when `pairs` are given
  std::vector<std::pair<int64_t, int64_t>> pairs;
};
/// jax.lax.padtype_to_pads: the (low, high) padding that `padding` ("VALID",
/// "SAME", "SAME_LOWER") means for windows over `in_shape`.
std::vector<std::pair<int64_t, int64_t>>
padtype_to_pads(const shape_t &in_shape, const shape_t &window_shape,
                const std::vector<int64_t> &window_strides,
                const std::string &padding);

/// conv_general_dilated's dimension numbers as JAX takes them: layout
/// strings {"NCHW", "OIHW", "NCHW"} (N batch, C feature, O/I output/input
/// feature, other letters spatial, matched by name), a
/// jx::conv_dimension_numbers, or nothing ({}: JAX's default, N, C,
/// spatial... for every operand).
struct conv_dimension_spec {
  conv_dimension_spec() = default;
  conv_dimension_spec(std::string lhs, std::string rhs, std::string out)
      : lhs(std::move(lhs)), rhs(std::move(rhs)), out(std::move(out)) {}
  conv_dimension_spec(jx::conv_dimension_numbers numbers)
      : numbers(std::move(numbers)) {}
  std::string lhs, rhs, out;
  std::optional<jx::conv_dimension_numbers> numbers;
};
/// jax.lax.conv_dimension_numbers: the ConvDimensionNumbers `spec` means
/// for operands of rank `rank`; throws on malformed strings.
jx::conv_dimension_numbers
conv_dimension_numbers_of(int64_t rank, const conv_dimension_spec &spec);

/// jax.lax.conv_general_dilated. Empty dilations mean ones; string padding
/// is resolved against the dilated kernel (padtype_to_pads).
Array conv_general_dilated(
    const Array &lhs, const Array &rhs,
    const std::vector<int64_t> &window_strides, const padding_t &padding,
    const std::vector<int64_t> &lhs_dilation = {},
    const std::vector<int64_t> &rhs_dilation = {},
    const conv_dimension_spec &dimension_numbers = {},
    int64_t feature_group_count = 1, int64_t batch_group_count = 1,
    std::optional<dtype> preferred_element_type = std::nullopt);
/// jax.lax.conv: NCHW input, OIHW kernel, NCHW output.
Array conv(const Array &lhs, const Array &rhs,
           const std::vector<int64_t> &window_strides,
           const padding_t &padding);

/// Windowed reductions over every dimension of `x` (the primitives
/// reduce_window_sum / _max / _min). Empty strides and dilations mean
/// ones; padding covers every dimension.
Array reduce_window_sum(const Array &x,
                        const std::vector<int64_t> &window_dimensions,
                        const std::vector<int64_t> &window_strides = {},
                        const padding_t &padding = "VALID",
                        const std::vector<int64_t> &base_dilation = {},
                        const std::vector<int64_t> &window_dilation = {});
Array reduce_window_max(const Array &x,
                        const std::vector<int64_t> &window_dimensions,
                        const std::vector<int64_t> &window_strides = {},
                        const padding_t &padding = "VALID",
                        const std::vector<int64_t> &base_dilation = {},
                        const std::vector<int64_t> &window_dilation = {});
Array reduce_window_min(const Array &x,
                        const std::vector<int64_t> &window_dimensions,
                        const std::vector<int64_t> &window_strides = {},
                        const padding_t &padding = "VALID",
                        const std::vector<int64_t> &base_dilation = {},
                        const std::vector<int64_t> &window_dilation = {});
/// jax.lax.reduce_window with lax.add / lax.max / lax.min: `init_value`
/// must be that monoid's identity (0, -inf or lowest, +inf or highest),
/// which JAX turns into the primitives above; jx has no generic
/// reduce_window primitive yet.
enum class window_reducer { add, max, min };
Array reduce_window(const Array &x, const Array &init_value,
                    window_reducer computation,
                    const std::vector<int64_t> &window_dimensions,
                    const std::vector<int64_t> &window_strides,
                    const padding_t &padding,
                    const std::vector<int64_t> &base_dilation = {},
                    const std::vector<int64_t> &window_dilation = {});

/// The error function and its complement (floating operands; lowered to
/// chlo.erf / chlo.erfc as JAX does).
Array erf(const Array &x);
Array erfc(const Array &x);

// --- end issue 4 ---------------------------------------------------------------
// --- numpy-more (issue 4): top_k ---
/// The `k` largest entries along `axis` (the last by default) in descending
/// order, and their int32 indices: equal entries keep the lower index first;
/// floats in total order (NaN above +inf, -NaN below -inf, 0.0 above -0.0),
/// as jax.lax.top_k.
std::pair<Array, Array> top_k(const Array &operand, int64_t k,
                              int64_t axis = -1);
// --- Gather and scatter (indexing; lib/primitives/gather.cpp) ---
/// How gather and scatter treat out-of-bounds indices (GatherScatterMode):
/// `clip` clamps the start indices so that the slice fits; `fill_or_drop`
/// makes out-of-bounds gathers `fill_value` and drops out-of-bounds
/// updates; `promise_in_bounds` promises there are none (gathers then clamp
/// and updates are dropped, stablehlo's behaviour).
enum class gather_scatter_mode : int {
  clip = 0,
  fill_or_drop = 1,
  promise_in_bounds = 2
};
/// Slices of `slice_sizes` of `operand` at `start_indices`, whose last
/// dimension is the index vector (jax.lax.gather). The mode defaults to
/// promise_in_bounds; fill_value (fill_or_drop only) to NaN for inexact
/// types, the lowest signed / highest unsigned integer, or true.
Array gather(const Array &operand, const Array &start_indices,
             const gather_dimension_numbers &dimension_numbers,
             const shape_t &slice_sizes, bool unique_indices = false,
             bool indices_are_sorted = false,
             std::optional<gather_scatter_mode> mode = std::nullopt,
             std::optional<double> fill_value = std::nullopt);
/// `operand` with the slices at `scatter_indices` (last dimension: the
/// index vector) replaced by / combined with `updates` (jax.lax.scatter*).
/// The mode defaults to fill_or_drop (out-of-bounds updates are dropped).
/// Duplicate indices: scatter keeps one of the updates, the others combine
/// all of them.
Array scatter(const Array &operand, const Array &scatter_indices,
              const Array &updates,
              const scatter_dimension_numbers &dimension_numbers,
              bool indices_are_sorted = false, bool unique_indices = false,
              std::optional<gather_scatter_mode> mode = std::nullopt);
Array scatter_add(const Array &operand, const Array &scatter_indices,
                  const Array &updates,
                  const scatter_dimension_numbers &dimension_numbers,
                  bool indices_are_sorted = false, bool unique_indices = false,
                  std::optional<gather_scatter_mode> mode = std::nullopt);
Array scatter_mul(const Array &operand, const Array &scatter_indices,
                  const Array &updates,
                  const scatter_dimension_numbers &dimension_numbers,
                  bool indices_are_sorted = false, bool unique_indices = false,
                  std::optional<gather_scatter_mode> mode = std::nullopt);
Array scatter_min(const Array &operand, const Array &scatter_indices,
                  const Array &updates,
                  const scatter_dimension_numbers &dimension_numbers,
                  bool indices_are_sorted = false, bool unique_indices = false,
                  std::optional<gather_scatter_mode> mode = std::nullopt);
Array scatter_max(const Array &operand, const Array &scatter_indices,
                  const Array &updates,
                  const scatter_dimension_numbers &dimension_numbers,
                  bool indices_are_sorted = false, bool unique_indices = false,
                  std::optional<gather_scatter_mode> mode = std::nullopt);
// --- end gather and scatter ---
// --- jx::random's primitives (issue 5) --------------------------------------
/// Shifts of integer operands by integer amounts of the same dtype; amounts
/// at or above the bit width give 0 (arithmetic: the sign fill).
Array shift_left(const Array &x, const Array &y);
Array shift_right_logical(const Array &x, const Array &y);
Array shift_right_arithmetic(const Array &x, const Array &y);
/// Remainder with the sign of x (C's fmod / %), numeric operands.
Array rem(const Array &x, const Array &y);
/// The next representable value after x towards y (floating operands).
Array nextafter(const Array &x, const Array &y);
/// Number of set bits of each element (integers).
Array population_count(const Array &x);
/// The inverse of the error function (floating operands; chlo.erf_inv in
/// the lowered module, as JAX emits). erf is declared above.
Array erf_inv(const Array &x);
/// x's bits reinterpreted as `new_dtype` of the same width (JAX also
/// accepts differing widths; jx does not yet).
Array bitcast_convert_type(const Array &x, dtype new_dtype);

// --- fixtures (issue 4): tan, cbrt, atan2, clamp (lib/frontend/numpy_elementwise.cpp)
/// Tangent and real cube root (inexact operands).
Array tan(const Array &x);
Array cbrt(const Array &x);
/// arctan(x / y) in the quadrant of the point (y, x), in [-pi, pi]:
/// jax.lax.atan2(x, y) (inexact operands of one dtype).
Array atan2(const Array &x, const Array &y);
/// min(max(x, min), max) elementwise: jax.lax.clamp(min, x, max). `min` and
/// `max` are 0-d or of x's shape, all of x's dtype (weak C++ scalars adapt).
Array clamp(const Array &min, const Array &x, const Array &max);
// --- end fixtures
} // namespace jx::lax

#endif // JX_LAX_H
