// array.h - jx::Array, the value every jx function takes and returns.
//
// An Array is a cheap handle (shared, immutable) to either
//  - a concrete value: a host buffer with a dtype and a shape, or
//  - a tracer: a typed variable of a jaxpr being traced (inside make_jaxpr,
//    jit), which has an abstract value (dtype, shape) but no data.
// C++ scalars convert implicitly to weakly typed 0-d arrays, so `x + 1.0f`
// keeps x's dtype, as in JAX.

#ifndef JX_ARRAY_H
#define JX_ARRAY_H

#include "jx/dtype.h"
#include "jx/runtime/host_buffer.h"

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace jx {

using shape_t = std::vector<int64_t>;

/// A bad call into jx's API, detected at trace time: the message starts with
/// the API's name and shows the shapes and dtypes involved, e.g.
/// `jx::matmul: contracting dims differ: lhs f32[3,4] dim 1 is 4, rhs
/// f32[5,6] dim 0 is 5`.
class error : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

/// The abstract value of an array: what tracing knows (JAX's ShapedArray).
struct shaped_array {
  jx::dtype dtype = dtype::float32;
  shape_t shape;
  bool weak_type = false;

  int64_t ndim() const { return static_cast<int64_t>(shape.size()); }
  int64_t size() const;
  /// "f32[2,3]" (jaxpr syntax; weak types are not shown).
  std::string str() const;
  bool operator==(const shaped_array &o) const {
    return dtype == o.dtype && shape == o.shape && weak_type == o.weak_type;
  }
  bool operator!=(const shaped_array &o) const { return !(*this == o); }
};

namespace core {
struct array_impl;
struct tracer;
} // namespace core

// Indexing (x.at(idx)): defined in numpy.h, lax.h and below.
struct index_t;
class at_proxy;
namespace lax {
enum class gather_scatter_mode : int;
} // namespace lax

class Array {
public:
  /// A 0-d float32 zero.
  Array();
  /// A weakly typed 0-d array from a C++ scalar (bool is strongly typed).
  /// Integers are int32 and floats float32, as Python scalars in JAX
  /// without x64; an integer outside int32's range throws jx::error (JAX's
  /// OverflowError): build 64-bit values with jx::array, which is exact.
  template <class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
  Array(T value) : Array(from_scalar(value)) {}
  /// A concrete array owning `buffer`.
  explicit Array(runtime::host_buffer buffer, bool weak_type = false);

  const shaped_array &aval() const;
  jx::dtype dtype() const { return aval().dtype; }
  const shape_t &shape() const { return aval().shape; }
  int64_t ndim() const { return aval().ndim(); }
  int64_t size() const { return aval().size(); }
  bool weak_type() const { return aval().weak_type; }

  /// True when the array holds data (not a tracer).
  bool is_concrete() const;
  /// The data; throws jx::error for a tracer ("concretization").
  const runtime::host_buffer &buffer() const;
  /// The elements converted to T, in row-major order. Integer T reads
  /// integer dtypes exactly (int64 and uint64 too), as a C++ cast from the
  /// stored type; other T go through double.
  template <class T> std::vector<T> to_vector() const;
  /// The single element of a size-1 array (converted as by to_vector).
  template <class T> T item() const;

  /// jax's repr: `Array([1., 2.], dtype=float32)`; tracers print their type.
  std::string str() const;

  // Methods in the style of jax.Array.
  Array astype(jx::dtype t) const;
  Array reshape(const shape_t &new_shape) const;
  Array T() const;
  Array sum() const;
  /// Functional updates and reads at a NumPy index, as jax's x.at[idx]:
  /// x.at(i).set(v), x.at({i, jx::all()}).add(v), x.at(i).get() (at_proxy).
  at_proxy at(const Array &index) const;
  at_proxy at(const std::vector<index_t> &index) const;
  at_proxy at(int64_t index) const;
  at_proxy at(int index) const;
  /// Reads x[index], NumPy's indexing as jx::numpy::index: x[2], x[-1],
  /// x[{1, jx::all()}], x[{jx::range(1, 3), idx}] (integers drop their
  /// axis, ranges slice, integer arrays gather; negative entries count from
  /// the end).
  Array operator[](const std::vector<index_t> &index) const;
  Array operator[](const Array &index) const;
  Array operator[](int64_t index) const;
  template <class I, std::enable_if_t<std::is_integral_v<I> &&
                                          !std::is_same_v<I, bool>,
                                      int> = 0>
  Array operator[](I index) const { // x[0], x[v.size() - 1]: any C++ integer
    return (*this)[static_cast<int64_t>(index)];
  }

  /// Internal: the implementation object.
  const std::shared_ptr<const core::array_impl> &impl() const { return impl_; }
  explicit Array(std::shared_ptr<const core::array_impl> impl);

private:
  static Array from_scalar(bool v);
  static Array from_scalar(int64_t v);
  static Array from_scalar(uint64_t v);
  static Array from_scalar(double v);
  template <class T> static Array from_scalar(T v) {
    if constexpr (std::is_same_v<T, bool>)
      return from_scalar(static_cast<bool>(v));
    else if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T>)
      return from_scalar(static_cast<uint64_t>(v));
    else if constexpr (std::is_integral_v<T>)
      return from_scalar(static_cast<int64_t>(v));
    else
      return from_scalar(static_cast<double>(v));
  }
  std::vector<double> to_doubles() const;
  std::vector<int64_t> to_int64s() const;
  std::vector<uint64_t> to_uint64s() const;

  std::shared_ptr<const core::array_impl> impl_;
};

std::ostream &operator<<(std::ostream &os, const Array &a);

// --- indexing: x.at(idx) (lib/frontend/numpy_indexing.cpp) ---
/// x.at(idx), jax's x.at[idx]: each method returns a new array. The index
/// is as in jx::numpy::index (integers, ranges, integer arrays; negative
/// entries count from the end). Updates promote x and values as jnp does
/// and convert the result back to x's dtype; values broadcast to the shape
/// of x[idx]. Out-of-bounds updates are dropped and get() clamps, unless
/// `mode` says otherwise; duplicate indices all apply in add / multiply /
/// min / max (set keeps one of them).
class at_proxy {
public:
  using mode_t = std::optional<lax::gather_scatter_mode>;
  /// x[idx]; fill_value is for mode fill_or_drop (JAX's default fill when
  /// absent: NaN, the lowest / highest integer, true).
  Array get(mode_t mode = std::nullopt,
            std::optional<double> fill_value = std::nullopt) const;
  Array set(const Array &values, mode_t mode = std::nullopt,
            bool indices_are_sorted = false, bool unique_indices = false) const;
  Array add(const Array &values, mode_t mode = std::nullopt,
            bool indices_are_sorted = false, bool unique_indices = false) const;
  Array multiply(const Array &values, mode_t mode = std::nullopt,
                 bool indices_are_sorted = false,
                 bool unique_indices = false) const;
  Array min(const Array &values, mode_t mode = std::nullopt,
            bool indices_are_sorted = false, bool unique_indices = false) const;
  Array max(const Array &values, mode_t mode = std::nullopt,
            bool indices_are_sorted = false, bool unique_indices = false) const;

private:
  friend class Array;
  at_proxy(Array x, std::shared_ptr<const std::vector<index_t>> index)
      : x_(std::move(x)), index_(std::move(index)) {}
  Array update(int op, const Array &values, mode_t mode,
               bool indices_are_sorted, bool unique_indices) const;
  Array x_;
  std::shared_ptr<const std::vector<index_t>> index_;
};
// --- end indexing ---

/// An array of `shape` and `dtype` from row-major `values` (converted).
Array array(const std::vector<double> &values, const shape_t &shape,
            jx::dtype t = dtype::float32);
/// A 1-d array from a list: jx::array({1.f, 2.f}), jx::array({1, 2}).
Array array(std::initializer_list<float> values);
Array array(std::initializer_list<double> values, jx::dtype t);
Array array(std::initializer_list<int> values);

namespace detail {
/// The dtype of C++ integer type I: int32 for int, int64 for int64_t, ...
template <class I> constexpr jx::dtype dtype_of_integer() {
  static_assert(std::is_integral_v<I>);
  constexpr bool s = std::is_signed_v<I>;
  if constexpr (std::is_same_v<I, bool>)
    return dtype::bool_;
  else if constexpr (sizeof(I) == 1)
    return s ? dtype::int8 : dtype::uint8;
  else if constexpr (sizeof(I) == 2)
    return s ? dtype::int16 : dtype::uint16;
  else if constexpr (sizeof(I) == 4)
    return s ? dtype::int32 : dtype::uint32;
  else
    return s ? dtype::int64 : dtype::uint64;
}
Array array_of_int64s(const std::vector<int64_t> &values, const shape_t &shape,
                      jx::dtype t);
Array array_of_uint64s(const std::vector<uint64_t> &values,
                       const shape_t &shape, jx::dtype t);
} // namespace detail
/// An array from row-major C++ integers, converted exactly (no double on
/// the way, so every int64 and uint64 value is kept); the dtype defaults
/// to the C++ type's: jx::array(std::vector<int64_t>{v}, {}) is a 0-d
/// int64 array holding v.
template <class I, std::enable_if_t<std::is_integral_v<I>, int> = 0>
Array array(const std::vector<I> &values, const shape_t &shape,
            jx::dtype t = detail::dtype_of_integer<I>()) {
  if constexpr (std::is_unsigned_v<I>)
    return detail::array_of_uint64s({values.begin(), values.end()}, shape, t);
  else
    return detail::array_of_int64s({values.begin(), values.end()}, shape, t);
}
/// A 1-d array from a list of 64-bit integers, exactly:
/// jx::array({INT64_MAX, INT64_MIN}) is int64, a uint64_t list uint64.
template <class I,
          std::enable_if_t<std::is_integral_v<I> && sizeof(I) == 8, int> = 0>
Array array(std::initializer_list<I> values,
            jx::dtype t = detail::dtype_of_integer<I>()) {
  return array(std::vector<I>(values), {static_cast<int64_t>(values.size())},
               t);
}

// Arithmetic and comparison operators, elementwise with broadcasting, as in
// jax.numpy. `==` and `!=` are not overloaded: use jx::numpy::equal.
Array operator+(const Array &a, const Array &b);
Array operator-(const Array &a, const Array &b);
Array operator*(const Array &a, const Array &b);
Array operator/(const Array &a, const Array &b);
Array operator-(const Array &a);
Array operator<(const Array &a, const Array &b);
Array operator<=(const Array &a, const Array &b);
Array operator>(const Array &a, const Array &b);
Array operator>=(const Array &a, const Array &b);

template <class T> std::vector<T> Array::to_vector() const {
  auto convert = [](const auto &v) { return std::vector<T>(v.begin(), v.end()); };
  if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T> &&
                !std::is_same_v<T, bool>)
    return convert(to_uint64s());
  else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
    return convert(to_int64s());
  else
    return convert(to_doubles());
}
template <class T> T Array::item() const {
  std::vector<T> v = to_vector<T>();
  if (v.size() != 1)
    throw error("jx::Array::item: array of shape " + aval().str() +
                " has more than one element");
  return v[0];
}

} // namespace jx

#endif // JX_ARRAY_H
