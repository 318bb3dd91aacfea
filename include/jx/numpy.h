// numpy.h - jx::numpy, NumPy-style functions as jax.numpy names them.
//
//   namespace jnp = jx::numpy;
//   jx::Array y = jnp::sum(jnp::sin(x) * 2.0f, {1}, /*keepdims=*/true);
//
// Operands are promoted with JAX's type rules (jx::result_type) and
// broadcast as in NumPy. Errors name the function and show the operands'
// types: `jx::add: shapes f32[2,3] and f32[4] do not broadcast`.

#ifndef JX_NUMPY_H
#define JX_NUMPY_H

#include "jx/array.h"

#include <optional>
#include <string>
#include <utility>

namespace jx {

/// One entry of a NumPy-style basic index (jnp::slice): an integer (picks
/// one element and drops the axis; negative counts from the end), or a
/// range start:stop:step made by jx::range / jx::all.
struct index_t {
  index_t(int64_t i) : single(i) {}
  index_t(int i) : single(i) {}
  /// An integer array (advanced indexing; jx::numpy::index).
  index_t(const Array &a) : array(a) {}
  std::optional<int64_t> single;
  std::optional<Array> array;
  std::optional<int64_t> start, stop;
  int64_t step = 1;

private:
  index_t() = default;
  friend index_t range(std::optional<int64_t>, std::optional<int64_t>,
                       int64_t);
};
/// start:stop:step (Python's slice; bounds default to the whole axis,
/// negative ones count from the end). Positive steps only so far.
index_t range(std::optional<int64_t> start, std::optional<int64_t> stop,
              int64_t step = 1);
/// `:`, the whole axis.
inline index_t all() { return range(std::nullopt, std::nullopt); }

} // namespace jx

namespace jx::numpy {

/// The axes of a reduction: all of them (the default), one, or a list:
/// jnp::sum(x), jnp::sum(x, 1), jnp::sum(x, {0, 1}).
struct axes_t {
  axes_t() = default;
  axes_t(std::nullopt_t) {}
  axes_t(int64_t axis) : axes(std::vector<int64_t>{axis}) {}
  axes_t(std::initializer_list<int64_t> list) : axes(list) {}
  axes_t(std::vector<int64_t> list) : axes(std::move(list)) {}
  std::optional<std::vector<int64_t>> axes; // nullopt: all axes
};

// Elementwise arithmetic.
Array add(const Array &x, const Array &y);
Array subtract(const Array &x, const Array &y);
Array multiply(const Array &x, const Array &y);
Array divide(const Array &x, const Array &y);
Array maximum(const Array &x, const Array &y);
Array minimum(const Array &x, const Array &y);
Array negative(const Array &x);
Array exp(const Array &x);
Array log(const Array &x);
Array tanh(const Array &x);
Array sin(const Array &x);
Array cos(const Array &x);
Array sqrt(const Array &x);
Array log1p(const Array &x);
Array expm1(const Array &x);
Array abs(const Array &x);
Array sign(const Array &x);
Array floor(const Array &x);
Array ceil(const Array &x);
/// Rounds half to even, as jnp.round (decimals = 0).
Array round(const Array &x);
Array square(const Array &x);
/// x ** y; an integer C++ scalar y is lax::integer_pow, as in JAX.
Array power(const Array &x, const Array &y);
/// x clamped to [min, max] (either bound may be absent).
Array clip(const Array &x, std::optional<Array> min = std::nullopt,
           std::optional<Array> max = std::nullopt);

// Logical (bool results; nonzero is true) and bitwise (bool or integer).
Array logical_and(const Array &x, const Array &y);
Array logical_or(const Array &x, const Array &y);
Array logical_xor(const Array &x, const Array &y);
Array logical_not(const Array &x);
Array bitwise_and(const Array &x, const Array &y);
Array bitwise_or(const Array &x, const Array &y);
Array bitwise_xor(const Array &x, const Array &y);
Array invert(const Array &x);

// Comparisons (bool results).
Array equal(const Array &x, const Array &y);
Array not_equal(const Array &x, const Array &y);
Array less(const Array &x, const Array &y);
Array less_equal(const Array &x, const Array &y);
Array greater(const Array &x, const Array &y);
Array greater_equal(const Array &x, const Array &y);
Array isfinite(const Array &x);
Array isnan(const Array &x);
Array isinf(const Array &x);
/// x where condition, else y.
Array where(const Array &condition, const Array &x, const Array &y);

// Reductions.
Array sum(const Array &a, axes_t axis = std::nullopt, bool keepdims = false);
Array max(const Array &a, axes_t axis = std::nullopt, bool keepdims = false);
Array min(const Array &a, axes_t axis = std::nullopt, bool keepdims = false);
Array mean(const Array &a, axes_t axis = std::nullopt, bool keepdims = false);
Array prod(const Array &a, axes_t axis = std::nullopt, bool keepdims = false);
/// Bool results (nonzero is true).
Array all(const Array &a, axes_t axis = std::nullopt, bool keepdims = false);
Array any(const Array &a, axes_t axis = std::nullopt, bool keepdims = false);
/// Index (int32) of the largest / smallest value along `axis` (of the
/// flattened array by default); the first one on ties, NaN counts as extreme.
Array argmax(const Array &a, std::optional<int64_t> axis = std::nullopt,
             bool keepdims = false);
Array argmin(const Array &a, std::optional<int64_t> axis = std::nullopt,
             bool keepdims = false);
/// Running sum / product along `axis` (of the flattened array by default);
/// bools count as int32, as in JAX.
Array cumsum(const Array &a, std::optional<int64_t> axis = std::nullopt);
Array cumprod(const Array &a, std::optional<int64_t> axis = std::nullopt);
/// Population variance and standard deviation (ddof = 0).
Array var(const Array &a, axes_t axis = std::nullopt, bool keepdims = false);
Array std(const Array &a, axes_t axis = std::nullopt, bool keepdims = false);

// Shapes. One entry of `shape` in reshape may be -1.
Array reshape(const Array &a, const shape_t &shape);
/// Reverses the axes when `axes` is empty.
Array transpose(const Array &a, const std::vector<int64_t> &axes = {});
Array broadcast_to(const Array &a, const shape_t &shape);
Array expand_dims(const Array &a, int64_t axis);
Array astype(const Array &a, dtype t);
/// Drops the given size-1 axes (all size-1 axes by default).
Array squeeze(const Array &a, axes_t axis = std::nullopt);
/// Reverses the given axes (all by default).
Array flip(const Array &a, axes_t axis = std::nullopt);
/// Joins arrays along an existing axis (dtypes promoted).
Array concatenate(const std::vector<Array> &arrays, int64_t axis = 0);
/// Constant padding: (before, after) per axis, or one pair for all axes.
Array pad(const Array &a,
          const std::vector<std::pair<int64_t, int64_t>> &pad_width,
          const Array &constant_value = Array(0));
/// Joins equal-shaped arrays along a new axis.
Array stack(const std::vector<Array> &arrays, int64_t axis = 0);

/// Sorted copy along `axis` (of the flattened array when nullopt); NaNs
/// last. Stable.
Array sort(const Array &a, std::optional<int64_t> axis = -1);
/// Indices (int32) that sort `a` along `axis` (flattened when nullopt);
/// stable, NaNs last.
Array argsort(const Array &a, std::optional<int64_t> axis = -1);

/// Basic indexing, x[i, a:b:c, ...] in NumPy: jnp::slice(x, {1,
/// jx::range(1, 5, 2), jx::all()}); missing trailing entries take the whole
/// axis. Traces lax.slice then squeeze, as JAX does.
Array slice(const Array &a, const std::vector<index_t> &index);

// --- Indexing with integer arrays (gather; lib/frontend/numpy_indexing.cpp)
/// NumPy indexing x[...] with integer arrays among the entries:
/// jnp::index(x, {idx, jx::all(), 2}). Array entries (and, next to them,
/// integers) broadcast together and gather; the result's dimensions are as
/// in NumPy (the indexed block in place when the array entries are
/// adjacent, first otherwise). Negative indices count from the end;
/// out-of-bounds ones are clamped, as in JAX. Without arrays this is
/// jnp::slice.
Array index(const Array &a, const std::vector<index_t> &index);
/// Elements of `a` (flattened when axis is nullopt) at `indices` along
/// `axis`: the result has a.shape[:axis] + indices.shape +
/// a.shape[axis+1:]. The mode defaults to fill_or_drop (out-of-bounds
/// indices give fill_value: NaN, the lowest / highest integer, true).
Array take(const Array &a, const Array &indices,
           std::optional<int64_t> axis = std::nullopt,
           std::optional<lax::gather_scatter_mode> mode = std::nullopt,
           std::optional<double> fill_value = std::nullopt);
/// out[..., j, ...] = arr[..., indices[..., j, ...], ...] along `axis`;
/// indices has arr's rank and broadcasts against it on the other axes
/// (axis nullopt: 1-d indices into the flattened arr). Mode and fill as in
/// take.
Array take_along_axis(const Array &arr, const Array &indices,
                      std::optional<int64_t> axis,
                      std::optional<lax::gather_scatter_mode> mode =
                          std::nullopt,
                      std::optional<double> fill_value = std::nullopt);
// --- end indexing ---

// Linear algebra.
Array dot(const Array &a, const Array &b);
Array matmul(const Array &a, const Array &b);

// Creation.
Array zeros(const shape_t &shape, dtype t = dtype::float32);
Array ones(const shape_t &shape, dtype t = dtype::float32);
Array full(const shape_t &shape, const Array &fill_value,
           std::optional<dtype> t = std::nullopt);
Array zeros_like(const Array &a);
Array ones_like(const Array &a);
/// [0, stop) (int32).
Array arange(int64_t stop);
/// [start, stop) by step; int32 unless `t` says otherwise.
Array arange(double start, double stop, double step = 1,
             std::optional<dtype> t = std::nullopt);

// --- numpy-more (issue 4): linear algebra, shapes, creation ---

/// Einstein summation, as jnp.einsum: "ij,jk->ik" (explicit output) or
/// "ij,jk" (implicit: the labels seen once, sorted), `...` for broadcast
/// leading dims, a repeated label on one operand takes its diagonal.
/// Operands are promoted to one dtype and contracted pairwise from the left
/// (dot_general), as jnp.einsum(..., optimize=False) does.
Array einsum(const std::string &subscripts, const std::vector<Array> &operands);
template <class... Rest>
Array einsum(const std::string &subscripts, const Array &first,
             const Rest &...rest) {
  return einsum(subscripts, std::vector<Array>{first, Array(rest)...});
}
/// Contracts the last `axes` dims of a with the first `axes` dims of b.
Array tensordot(const Array &a, const Array &b, int64_t axes = 2);
/// Contracts a's dims axes.first[i] with b's dims axes.second[i].
Array tensordot(const Array &a, const Array &b,
                const std::pair<std::vector<int64_t>, std::vector<int64_t>> &axes);
/// ravel(a)[:, None] * ravel(b)[None, :].
Array outer(const Array &a, const Array &b);
/// Sum over the last axes of a and b (a * b when either is 0-d).
Array inner(const Array &a, const Array &b);
/// Dot product of the flattened arrays (real dtypes only so far: jx has
/// no conj yet).
Array vdot(const Array &a, const Array &b);

/// Equal pieces along `axis`; throws when `sections` does not divide it.
std::vector<Array> split(const Array &a, int64_t sections, int64_t axis = 0);
/// Pieces a[:i0], a[i0:i1], ..., a[ik:] along `axis` (Python slice bounds).
std::vector<Array> split(const Array &a, const std::vector<int64_t> &indices,
                         int64_t axis = 0);
std::vector<Array> split(const Array &a, std::initializer_list<int64_t> indices,
                         int64_t axis = 0);
/// As split; `sections` need not divide the axis (the first pieces get one
/// more element).
std::vector<Array> array_split(const Array &a, int64_t sections,
                               int64_t axis = 0);
std::vector<Array> array_split(const Array &a,
                               const std::vector<int64_t> &indices,
                               int64_t axis = 0);
std::vector<Array> array_split(const Array &a,
                               std::initializer_list<int64_t> indices,
                               int64_t axis = 0);
/// Rolls elements by `shift` along `axis` (of the flattened array when
/// none, then reshaped back); one shift per axis, or one for all of them.
Array roll(const Array &a, int64_t shift, axes_t axis = std::nullopt);
Array roll(const Array &a, const std::vector<int64_t> &shift,
           axes_t axis = std::nullopt);
Array roll(const Array &a, std::initializer_list<int64_t> shift,
           axes_t axis = std::nullopt);
/// `a` repeated reps[i] times along each axis (shapes padded with leading
/// ones to equal length).
Array tile(const Array &a, const std::vector<int64_t> &reps);
Array tile(const Array &a, std::initializer_list<int64_t> reps);
Array tile(const Array &a, int64_t reps);
/// Each element repeated `repeats` times along `axis` (of the flattened
/// array when none).
Array repeat(const Array &a, int64_t repeats,
             std::optional<int64_t> axis = std::nullopt);
/// The flattened array (row-major).
Array ravel(const Array &a);
/// Moves axes `source` to positions `destination`, keeping the others' order.
Array moveaxis(const Array &a, int64_t source, int64_t destination);
Array moveaxis(const Array &a, const std::vector<int64_t> &source,
               const std::vector<int64_t> &destination);
Array swapaxes(const Array &a, int64_t axis1, int64_t axis2);
/// `a` with at least 1 (2) dims: a 0-d array becomes [x] ([[x]]), 1-d
/// arrays become rows.
Array atleast_1d(const Array &a);
Array atleast_2d(const Array &a);

/// `num` evenly spaced values from start to stop (included when
/// `endpoint`), computed as JAX does: start * (1 - i/d) + stop * (i/d) in
/// the result dtype when inexact (else float32, then floored). dtype
/// defaults to the promoted dtype of start and stop, made inexact.
Array linspace(const Array &start, const Array &stop, int64_t num = 50,
               bool endpoint = true, std::optional<dtype> t = std::nullopt);
/// N x M (M defaults to N) with ones on diagonal k (above the main one when
/// k > 0).
Array eye(int64_t N, std::optional<int64_t> M = std::nullopt, int64_t k = 0,
          dtype t = dtype::float32);
Array identity(int64_t n, dtype t = dtype::float32);
/// N x M with ones at and below diagonal k.
Array tri(int64_t N, std::optional<int64_t> M = std::nullopt, int64_t k = 0,
          dtype t = dtype::float32);
/// The last two dims of `m` with the entries above (tril) / below (triu)
/// diagonal k zeroed.
Array tril(const Array &m, int64_t k = 0);
Array triu(const Array &m, int64_t k = 0);
/// Coordinate grids of 1-d arrays; indexing "xy" (the default: the first
/// two output dims swapped) or "ij".
std::vector<Array> meshgrid(const std::vector<Array> &xi,
                            const std::string &indexing = "xy");

// --- fixtures (issue 4): more elementwise math (numpy_elementwise.cpp) ---
/// Integer operands are converted to float32 first (as jnp).
Array tan(const Array &x);
Array cbrt(const Array &x);
/// arctan(x1 / x2) in the quadrant of (x2, x1) (operands promoted, made
/// inexact).
Array arctan2(const Array &x1, const Array &x2);
/// Rounds towards zero (integers unchanged).
Array trunc(const Array &x);
/// x1 - floor(x1 / x2) * x2: the sign of x2, as Python's % (jnp.remainder;
/// integer division by zero gives 0). jnp.mod is the same function.
Array remainder(const Array &x1, const Array &x2);
Array mod(const Array &x1, const Array &x2);
/// C's remainder: the sign of x1 (lax::rem; integer division by zero gives
/// 0).
Array fmod(const Array &x1, const Array &x2);
/// floor(x1 / x2), Python's //: integer results for integers (bools count
/// as int32), floats rounded down.
Array floor_divide(const Array &x1, const Array &x2);
/// Bit shifts of integers (bools as int32): right_shift is arithmetic for
/// signed dtypes, logical for unsigned ones; shifting by the bit width or
/// more gives 0 (or the sign fill).
Array left_shift(const Array &x1, const Array &x2);
Array right_shift(const Array &x1, const Array &x2);
/// The number of set bits of each integer (bools as int32; jnp.bitwise_count).
Array bitwise_count(const Array &x);
// --- end fixtures
} // namespace jx::numpy

#endif // JX_NUMPY_H
