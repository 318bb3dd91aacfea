// array.cpp - jx::Array: construction, accessors, operators.

#include "core/trace.h"

#include "jx/numpy.h"

#include <ostream>

namespace jx {

int64_t shaped_array::size() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
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
Array Array::from_scalar(int64_t v, bool is_unsigned) {
  return core::make_concrete(core::scalar_buffer(static_cast<double>(v),
                                                 dtype::int32),
                             true, true);
}
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

std::vector<double> Array::to_doubles() const {
  const runtime::host_buffer &b = buffer();
  std::vector<double> out(b.size());
  for (int64_t i = 0; i < b.size(); ++i)
    out[i] = core::element_as_double(b, i);
  return out;
}

Array Array::astype(jx::dtype t) const { return numpy::astype(*this, t); }
Array Array::reshape(const shape_t &s) const { return numpy::reshape(*this, s); }
Array Array::T() const { return numpy::transpose(*this); }
Array Array::sum() const { return numpy::sum(*this); }

std::ostream &operator<<(std::ostream &os, const Array &a) {
  return os << a.str();
}

Array array(const std::vector<double> &values, const shape_t &shape,
            jx::dtype t) {
  shaped_array aval{t, shape, false};
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
