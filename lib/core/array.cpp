// array.cpp - jx::Array: construction, accessors, operators.

#include "core/trace.h"

#include "jx/numpy.h"

#include <algorithm>
#include <climits>
#include <ostream>

namespace jx {

int64_t shaped_array::size() const {
  // An empty shape's other dimensions may multiply past int64 (see
  // shape_problem): it has no elements, whatever they are.
  if (std::find(shape.begin(), shape.end(), 0) != shape.end())
    return 0;
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

std::string core::shape_problem(const shaped_array &aval) {
  const shape_t &s = aval.shape;
  if (std::any_of(s.begin(), s.end(), [](int64_t d) { return d < 0; }))
    return "negative dimension in shape " + shape_str(s);
  if (std::find(s.begin(), s.end(), 0) != s.end())
    return "";
  int64_t n = 1, bytes;
  for (int64_t d : s)
    if (__builtin_mul_overflow(n, d, &n))
      return "shape " + shape_str(s) + " has more than 2^63 - 1 elements";
  if (__builtin_mul_overflow(n, static_cast<int64_t>(itemsize(aval.dtype)),
                             &bytes))
    return "shape " + shape_str(s) + " of " + dtype_name(aval.dtype) +
           " has more than 2^63 - 1 bytes";
  return "";
}

void core::check_shape(const std::string &api, const shaped_array &aval) {
  std::string problem = shape_problem(aval);
  if (!problem.empty())
    throw error(api + ": " + problem);
}

std::string shaped_array::str() const {
  std::string s = short_dtype_name(dtype) + "[";
  for (std::size_t i = 0; i < shape.size(); ++i)
    s += (i ? "," : "") + std::to_string(shape[i]);
  return s + "]";
}

Array::Array() : Array(from_scalar(0.0f)) {
  // A strongly typed float32 zero, unlike the literal 0.0f.
  auto impl = std::make_shared<core::array_impl>(*impl_);
  impl->aval.weak_type = false;
  impl->literal = false;
  impl_ = impl;
}

Array::Array(std::shared_ptr<const core::array_impl> impl)
    : impl_(std::move(impl)) {}

Array::Array(runtime::host_buffer buffer, bool weak_type)
    : Array(core::make_concrete(std::move(buffer), weak_type)) {}

Array Array::from_scalar(bool v) {
  return core::make_concrete(core::scalar_buffer(v, dtype::bool_), false,
                             /*literal=*/true);
}
namespace {
/// A C++ integer scalar: a weak int32, as a Python int in JAX without x64,
/// which raises OverflowError when the value does not fit.
template <class I> Array weak_int32(I v) {
  bool fits = v <= static_cast<I>(INT32_MAX);
  if constexpr (std::is_signed_v<I>)
    fits = fits && v >= static_cast<I>(INT32_MIN);
  if (!fits)
    throw error("jx::Array: C++ integer " + std::to_string(v) +
                " too large to convert to int32 (integer scalars are weakly "
                "typed int32, as Python ints in JAX); build a 64-bit array "
                "exactly with jx::array(std::vector<int64_t>{...}, shape)");
  return core::make_concrete(core::scalar_buffer(v, dtype::int32), true, true);
}
} // namespace

Array Array::from_scalar(int64_t v) { return weak_int32(v); }
Array Array::from_scalar(uint64_t v) { return weak_int32(v); }
Array Array::from_scalar(double v) {
  return core::make_concrete(core::scalar_buffer(v, dtype::float32), true,
                             true);
}

const shaped_array &Array::aval() const { return impl_->aval; }
bool Array::is_concrete() const {
  // A donated array is concrete (it had data); reading it throws.
  return impl_->value.has_value() || impl_->donated_to;
}

const runtime::host_buffer &Array::buffer() const {
  if (impl_->donated_to)
    core::check_not_donated(*impl_, "jx::Array");
  if (!impl_->value)
    throw error("jx::Array: a traced value of type " + aval().str() +
                " has no data here (it is abstract inside make_jaxpr/jit); "
                "use jx ops on it instead of reading its elements");
  return *impl_->value;
}

namespace {
template <class T>
std::vector<T> elements(const runtime::host_buffer &b,
                        T (*read)(const runtime::host_buffer &, int64_t)) {
  std::vector<T> out(b.size());
  for (int64_t i = 0; i < b.size(); ++i)
    out[i] = read(b, i);
  return out;
}
} // namespace

std::vector<double> Array::to_doubles() const {
  return elements(buffer(), core::element_as_double);
}
std::vector<int64_t> Array::to_int64s() const {
  return elements(buffer(), core::element_as_int64);
}
std::vector<uint64_t> Array::to_uint64s() const {
  return elements(buffer(), core::element_as_uint64);
}

Array Array::astype(jx::dtype t) const { return numpy::astype(*this, t); }
Array Array::reshape(const shape_t &s) const { return numpy::reshape(*this, s); }
Array Array::T() const { return numpy::transpose(*this); }
Array Array::sum() const { return numpy::sum(*this); }

std::ostream &operator<<(std::ostream &os, const Array &a) {
  return os << a.str();
}

namespace {
/// jx::array: `values` (double, int64_t or uint64_t) converted to `t`.
template <class V>
Array array_of(const std::vector<V> &values, const shape_t &shape,
               jx::dtype t) {
  shaped_array aval{t, shape, false};
  core::check_shape("jx::array", aval);
  if (aval.size() != static_cast<int64_t>(values.size()))
    throw error("jx::array: " + std::to_string(values.size()) +
                " values do not fill shape " + aval.str());
  runtime::host_buffer b;
  b.dtype = t;
  b.shape = shape;
  b.data.resize(values.size() * itemsize(t));
  for (std::size_t i = 0; i < values.size(); ++i) {
    runtime::host_buffer s = core::scalar_buffer(values[i], t);
    std::copy(s.data.begin(), s.data.end(),
              b.data.begin() + i * itemsize(t));
  }
  return Array(std::move(b));
}
} // namespace

Array array(const std::vector<double> &values, const shape_t &shape,
            jx::dtype t) {
  return array_of(values, shape, t);
}
namespace detail {
Array array_of_int64s(const std::vector<int64_t> &values, const shape_t &shape,
                      jx::dtype t) {
  return array_of(values, shape, t);
}
Array array_of_uint64s(const std::vector<uint64_t> &values,
                       const shape_t &shape, jx::dtype t) {
  return array_of(values, shape, t);
}
} // namespace detail

Array array(std::initializer_list<float> values) {
  return array(std::vector<double>(values.begin(), values.end()),
               {static_cast<int64_t>(values.size())}, dtype::float32);
}
Array array(std::initializer_list<double> values, jx::dtype t) {
  return array(std::vector<double>(values), {static_cast<int64_t>(values.size())},
               t);
}
Array array(std::initializer_list<int> values) {
  return array(std::vector<double>(values.begin(), values.end()),
               {static_cast<int64_t>(values.size())}, dtype::int32);
}

Array operator+(const Array &a, const Array &b) { return numpy::add(a, b); }
Array operator-(const Array &a, const Array &b) { return numpy::subtract(a, b); }
Array operator*(const Array &a, const Array &b) { return numpy::multiply(a, b); }
Array operator/(const Array &a, const Array &b) { return numpy::divide(a, b); }
Array operator-(const Array &a) { return numpy::negative(a); }
Array operator<(const Array &a, const Array &b) { return numpy::less(a, b); }
Array operator<=(const Array &a, const Array &b) {
  return numpy::less_equal(a, b);
}
Array operator>(const Array &a, const Array &b) { return numpy::greater(a, b); }
Array operator>=(const Array &a, const Array &b) {
  return numpy::greater_equal(a, b);
}

} // namespace jx

namespace jx::core {

void check_not_donated(const array_impl &impl, const std::string &api) {
  if (impl.donated_to)
    throw error(api + ": an array of type " + impl.aval.str() +
                " was donated to " + *impl.donated_to +
                " and deleted; it cannot be used any more (donate_argnums "
                "gives its memory to the call's outputs)");
}

Array make_concrete(runtime::host_buffer buffer, bool weak_type, bool literal) {
  auto impl = std::make_shared<array_impl>();
  impl->aval = shaped_array{buffer.dtype, buffer.shape, weak_type};
  impl->value = std::move(buffer);
  impl->literal = literal && impl->aval.shape.empty();
  return Array(std::shared_ptr<const array_impl>(std::move(impl)));
}

} // namespace jx::core
