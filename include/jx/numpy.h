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
/// The real part, the imaginary part (zeros for a real x) and the complex
/// conjugate (x itself when real), as jnp.real, jnp.imag, jnp.conj.
Array real(const Array &x);
Array imag(const Array &x);
Array conj(const Array &x);
Array conjugate(const Array &x);
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

// --- numpy surface (issue 15 part 3; lib/frontend/numpy_surface.cpp) ---

/// The diagonal of `a` over axes axis1 and axis2 (negative axes count from
/// the end), `offset` above the main diagonal (below when negative): the
/// other axes first, in order, then the diagonal (as NumPy). A gather, so
/// grad and vmap go through it.
Array diagonal(const Array &a, int64_t offset = 0, int64_t axis1 = 0,
               int64_t axis2 = 1);
/// A 1-d `v` gives the square matrix with v on diagonal k (zeros
/// elsewhere); a 2-d `v` gives its k-th diagonal.
Array diag(const Array &v, int64_t k = 0);
/// The sum along diagonal `offset` of axes axis1, axis2 (the rest kept), as
/// JAX computes it: the other entries masked to zero, then jnp::sum over
/// both axes (bools and small integers sum as int32, as jnp.sum).
Array trace(const Array &a, int64_t offset = 0, int64_t axis1 = 0,
            int64_t axis2 = 1);

namespace array_detail {
/// jnp::array's dtype for C++ values of type T: bool, the integer's own
/// dtype (int32 for int, int64 for int64_t, ...), float32 for float and
/// double (jnp.array([1.5]) is float32: JAX without x64).
template <class T> constexpr dtype array_dtype_of() {
  static_assert(std::is_arithmetic_v<T>,
                "jx::numpy::array takes bool, integer or floating values");
  if constexpr (std::is_same_v<T, bool>)
    return dtype::bool_;
  else if constexpr (std::is_integral_v<T>)
    return jx::detail::dtype_of_integer<T>();
  else
    return dtype::float32;
}
/// Throws jx::error for nested lists whose rows differ in length.
[[noreturn]] void ragged_rows(const char *api, std::size_t row,
                              std::size_t got, std::size_t want);
// (Return types share the template's line: the API scans of the tests and
// scripts/gen_jnp_coverage.py take lines starting with `Array f(` as API.)
template <class T> Array array_of(const std::vector<T> &values,
                                  const shape_t &shape, std::optional<dtype> t) {
  dtype d = t.value_or(array_dtype_of<T>());
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
    return jx::array(values, shape, d); // exact for 64-bit integers
  else
    return jx::array(std::vector<double>(values.begin(), values.end()), shape,
                     d);
}
template <class T, class Rows> Array array_of_rows(const char *api,
                                                   const Rows &rows,
                                                   std::optional<dtype> t) {
  std::vector<T> flat;
  std::size_t n = rows.size() ? rows.begin()->size() : 0, i = 0;
  for (const auto &row : rows) {
    if (row.size() != n)
      ragged_rows(api, i, row.size(), n);
    flat.insert(flat.end(), row.begin(), row.end());
    ++i;
  }
  return array_of(flat, {static_cast<int64_t>(rows.size()),
                         static_cast<int64_t>(n)}, t);
}
} // namespace array_detail

/// jnp.array: a new array from C++ values, the dtype `t` defaulting to the
/// values' (array_detail::array_dtype_of: doubles become float32 as in JAX;
/// integers keep their width, so int64_t values are exact). Lists and
/// vectors give 1-d arrays, nested ones 2-d (rows of equal length); a C++
/// scalar gives a 0-d array, weakly typed as in jnp.array(3) unless a dtype
/// is given (64-bit integer scalars are strong int64 / uint64, exact). An
/// Array is copied, converted to `t` when given.
template <class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
Array array(std::initializer_list<T> values,
            std::optional<dtype> t = std::nullopt) {
  return array_detail::array_of(std::vector<T>(values),
                          {static_cast<int64_t>(values.size())}, t);
}
template <class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
Array array(const std::vector<T> &values,
            std::optional<dtype> t = std::nullopt) {
  return array_detail::array_of(values, {static_cast<int64_t>(values.size())},
                          t);
}
template <class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
Array array(std::initializer_list<std::initializer_list<T>> rows,
            std::optional<dtype> t = std::nullopt) {
  return array_detail::array_of_rows<T>("jx::numpy::array", rows, t);
}
template <class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
Array array(const std::vector<std::vector<T>> &rows,
            std::optional<dtype> t = std::nullopt) {
  return array_detail::array_of_rows<T>("jx::numpy::array", rows, t);
}
template <class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
Array array(T value, std::optional<dtype> t = std::nullopt) {
  if (t || (std::is_integral_v<T> && sizeof(T) == 8))
    return array_detail::array_of(std::vector<T>{value}, {}, t);
  return Array(value);
}
Array array(const Array &a, std::optional<dtype> t = std::nullopt);
/// jnp.asarray: as array, but an Array of the right dtype is returned as is.
template <class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
Array asarray(std::initializer_list<T> values,
              std::optional<dtype> t = std::nullopt) {
  return array(values, t);
}
template <class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
Array asarray(std::initializer_list<std::initializer_list<T>> rows,
              std::optional<dtype> t = std::nullopt) {
  return array(rows, t);
}
Array asarray(const Array &a, std::optional<dtype> t = std::nullopt);

/// The Kronecker product (the operands promoted; the lower-rank one gets
/// leading size-1 axes). Bools are refused, as JAX's lax.mul refuses them.
Array kron(const Array &a, const Array &b);

/// Indices (int32) where `v`'s elements would be inserted into the sorted
/// 1-d `a` to keep it sorted: before equal elements for side "left", after
/// them for "right". NaNs sort last. (Every element of `a` is compared with
/// every query, JAX's method "compare_all"; its values equal "scan"'s.)
Array searchsorted(const Array &a, const Array &v,
                   const std::string &side = "left");
/// The `bins` + 1 edges of equal-width bins over `range` (the data's min
/// and max when absent; a zero-width range widened by 0.5 each way), in
/// a's dtype made inexact.
Array histogram_bin_edges(const Array &a, int64_t bins = 10,
                          std::optional<std::pair<double, double>> range =
                              std::nullopt);
/// jnp.histogram: (counts, edges) of the flattened `a` over `bins` equal
/// bins of `range` (std::make_pair(lo, hi); the data's min and max when
/// absent). The last bin includes its right edge; values outside are not
/// counted. Counts are in a's (and the weights') inexact dtype, as JAX's;
/// `density` divides them by the bin widths and their sum.
std::pair<Array, Array>
histogram(const Array &a, int64_t bins = 10,
          std::optional<std::pair<double, double>> range = std::nullopt,
          std::optional<Array> weights = std::nullopt, bool density = false);
/// As above with the bin edges given (a 1-d, increasing array).
std::pair<Array, Array> histogram(const Array &a, const Array &bins,
                                  std::optional<Array> weights = std::nullopt,
                                  bool density = false);
/// Counts of each value 0, 1, ... of the 1-d integer (or bool) `x`
/// (negative values count as 0, as in JAX), or the sums of `weights` there.
/// The result has `length` entries (values beyond are dropped); without it,
/// max(minlength, max(x) + 1), which needs a concrete `x` (under jit, pass
/// length). int32 without weights, else the weights' dtype.
Array bincount(const Array &x, std::optional<Array> weights = std::nullopt,
               int64_t minlength = 0,
               std::optional<int64_t> length = std::nullopt);
/// The sorted unique values of the flattened `ar` (NaNs count as one
/// value). Without `size` the result's length depends on the values, so
/// `ar` must be concrete; with it (as JAX requires under jit) the result
/// is cut or padded to `size`, padded with `fill_value` (converted to ar's
/// dtype) or, when absent, the smallest value.
Array unique(const Array &ar, std::optional<int64_t> size = std::nullopt,
             std::optional<Array> fill_value = std::nullopt);
/// The indices (int32, one array per axis) of a's nonzero elements in
/// row-major order. `size` fixes their length, as JAX requires under jit
/// (cut, or padded with `fill_value`, 0 by default); without it `a` must be
/// concrete.
std::vector<Array> nonzero(const Array &a,
                           std::optional<int64_t> size = std::nullopt,
                           std::optional<Array> fill_value = std::nullopt);
/// JAX's keyword arguments size= and fill_value= of the one-argument where:
/// jnp::where(mask, jnp::static_size{3, -1}).
struct static_size {
  int64_t size;
  std::optional<Array> fill_value = std::nullopt;
};
/// where(condition) with one argument is nonzero(condition).
std::vector<Array> where(const Array &condition);
std::vector<Array> where(const Array &condition, const static_size &size);

/// jnp.quantile: the q-th quantiles (q in [0, 1], 0-d or 1-d; a 1-d q puts
/// its axis first) of `a` along `axis` (the flattened array by default, or
/// several axes at once), as JAX computes them: sorted, then interpolated
/// by `method` ("linear", "lower", "higher", "midpoint", "nearest"). A NaN
/// along the axis gives NaN. Integer inputs give float32. The
/// interpolation runs in q's dtype (a C++ scalar q: float32, or float64 for
/// a float64 `a`).
Array quantile(const Array &a, const Array &q, axes_t axis = std::nullopt,
               const std::string &method = "linear", bool keepdims = false);
/// quantile(a, q / 100, ...).
Array percentile(const Array &a, const Array &q, axes_t axis = std::nullopt,
                 const std::string &method = "linear", bool keepdims = false);
/// quantile(a, 0.5, axis, "midpoint", keepdims), as jnp.median.
Array median(const Array &a, axes_t axis = std::nullopt, bool keepdims = false);
/// The covariance matrix of the variables in the rows of `m` (columns when
/// !rowvar), `y` adding more; normalized by N - ddof (ddof defaults to 1,
/// or 0 when `bias`). One variable gives a 0-d result. Inexact dtypes.
Array cov(const Array &m, std::optional<Array> y = std::nullopt,
          bool rowvar = true, bool bias = false,
          std::optional<int64_t> ddof = std::nullopt);
/// Pearson correlation coefficients: cov normalized by the standard
/// deviations, clipped to [-1, 1].
Array corrcoef(const Array &x, std::optional<Array> y = std::nullopt,
               bool rowvar = true);
/// Piecewise-linear interpolation of the points (xp, fp) (xp increasing) at
/// `x`; left / right (default fp[0] / fp[-1]) outside xp's range.
Array interp(const Array &x, const Array &xp, const Array &fp,
             std::optional<Array> left = std::nullopt,
             std::optional<Array> right = std::nullopt);
/// Discrete 1-d convolution / cross-correlation of `a` and `v` (made
/// inexact): mode "full" (length N + M - 1), "same" (max(N, M)) or "valid"
/// (max(N, M) - min(N, M) + 1). One conv_general_dilated, as in JAX.
Array convolve(const Array &a, const Array &v, const std::string &mode = "full");
Array correlate(const Array &a, const Array &v,
                const std::string &mode = "valid");
/// p[0] * x^(M-1) + ... + p[M-1] by Horner's rule (p and x promoted; p's
/// trailing axes broadcast against x).
Array polyval(const Array &p, const Array &x);
// --- end numpy surface
} // namespace jx::numpy

#endif // JX_NUMPY_H
