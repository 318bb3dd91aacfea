// buffer.cpp - element access and conversion of host buffers.
//
// Integers travel as int64_t/uint64_t, never through double, so every
// int64 and uint64 value reads and writes exactly; floats travel as double.

#include "core/trace.h"

#include "llvm/ADT/APFloat.h"

#include <cmath>
#include <complex>
#include <cstring>
#include <limits>

namespace jx::core {

namespace {

template <class T> T load(const uint8_t *p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}
template <class T> void store(uint8_t *p, T v) { std::memcpy(p, &v, sizeof(T)); }

const llvm::fltSemantics &half_semantics(dtype t) {
  return t == dtype::bfloat16 ? llvm::APFloat::BFloat()
                              : llvm::APFloat::IEEEhalf();
}
double half_to_double(uint16_t bits, dtype t) {
  llvm::APFloat f(half_semantics(t), llvm::APInt(16, bits));
  return f.convertToDouble();
}
uint16_t to_half_bits(llvm::APFloat f, dtype t) {
  bool lost;
  f.convert(half_semantics(t), llvm::APFloat::rmNearestTiesToEven, &lost);
  return static_cast<uint16_t>(f.bitcastToAPInt().getZExtValue());
}

/// A double converted to integer I as x86 converts it (through a 64-bit
/// integer, then wrapping), but defined everywhere: NaN gives 0, values
/// beyond 64 bits saturate.
template <class I> I double_to_integer(double v) {
  if (std::isnan(v))
    return 0;
  if (v >= -0x1p63 && v < 0x1p63)
    return static_cast<I>(static_cast<int64_t>(v));
  if (v >= 0 && v < 0x1p64)
    return static_cast<I>(static_cast<uint64_t>(v));
  return v < 0 ? std::numeric_limits<I>::min() : std::numeric_limits<I>::max();
}

/// Element `i` of an integer or bool buffer, as I (a C++ cast from the
/// stored type: exact when I holds the value).
template <class I> I load_integer(const uint8_t *p, dtype t) {
  switch (t) {
  case dtype::bool_: return *p ? 1 : 0;
  case dtype::int2:
  case dtype::int4:
  case dtype::int8: return static_cast<I>(load<int8_t>(p));
  case dtype::int16: return static_cast<I>(load<int16_t>(p));
  case dtype::int32: return static_cast<I>(load<int32_t>(p));
  case dtype::int64: return static_cast<I>(load<int64_t>(p));
  case dtype::uint2:
  case dtype::uint4:
  case dtype::uint8: return static_cast<I>(load<uint8_t>(p));
  case dtype::uint16: return static_cast<I>(load<uint16_t>(p));
  case dtype::uint32: return static_cast<I>(load<uint32_t>(p));
  case dtype::uint64: return static_cast<I>(load<uint64_t>(p));
  default: return 0; // not an integer dtype
  }
}

double load_double(const uint8_t *p, dtype t) {
  switch (t) {
  case dtype::float16:
  case dtype::bfloat16: return half_to_double(load<uint16_t>(p), t);
  case dtype::float32:
  case dtype::complex64: return load<float>(p);
  case dtype::float64:
  case dtype::complex128: return load<double>(p);
  case dtype::uint64: return static_cast<double>(load<uint64_t>(p));
  default: return static_cast<double>(load_integer<int64_t>(p, t));
  }
}

template <class I> I element_as(const runtime::host_buffer &b, int64_t i) {
  const uint8_t *p = b.data.data() + i * itemsize(b.dtype);
  if (is_inexact(b.dtype))
    return double_to_integer<I>(load_double(p, b.dtype));
  return load_integer<I>(p, b.dtype);
}

/// Stores `v` (a double, int64_t or uint64_t) at `p` as dtype `t`, like a
/// C++ cast: integers into integer dtypes are exact where they fit and wrap
/// where they do not (doubles as double_to_integer); integers into float
/// dtypes round once, to nearest even.
template <class V> void store_value(uint8_t *p, dtype t, V v) {
  auto as = [&](auto type_tag) {
    using I = decltype(type_tag);
    if constexpr (std::is_floating_point_v<V>)
      return double_to_integer<I>(v);
    else
      return static_cast<I>(v);
  };
  switch (t) {
  case dtype::bool_: *p = v != 0; break;
  case dtype::int2:
  case dtype::int4:
  case dtype::int8: store(p, as(int8_t{})); break;
  case dtype::int16: store(p, as(int16_t{})); break;
  case dtype::int32: store(p, as(int32_t{})); break;
  case dtype::int64: store(p, as(int64_t{})); break;
  case dtype::uint2:
  case dtype::uint4:
  case dtype::uint8: store(p, as(uint8_t{})); break;
  case dtype::uint16: store(p, as(uint16_t{})); break;
  case dtype::uint32: store(p, as(uint32_t{})); break;
  case dtype::uint64: store(p, as(uint64_t{})); break;
  case dtype::float16:
  case dtype::bfloat16:
    if constexpr (std::is_floating_point_v<V>) {
      store(p, to_half_bits(llvm::APFloat(v), t));
    } else {
      llvm::APFloat f(half_semantics(t));
      f.convertFromAPInt(llvm::APInt(64, static_cast<uint64_t>(v),
                                     std::is_signed_v<V>),
                         std::is_signed_v<V>,
                         llvm::APFloat::rmNearestTiesToEven);
      store(p, static_cast<uint16_t>(f.bitcastToAPInt().getZExtValue()));
    }
    break;
  case dtype::float32: store(p, static_cast<float>(v)); break;
  case dtype::float64: store(p, static_cast<double>(v)); break;
  case dtype::complex64:
    store(p, std::complex<float>(static_cast<float>(v)));
    break;
  case dtype::complex128:
    store(p, std::complex<double>(static_cast<double>(v)));
    break;
  }
}

template <class V> runtime::host_buffer scalar_of(V value, dtype t) {
  runtime::host_buffer b;
  b.dtype = t;
  b.data.resize(itemsize(t));
  store_value(b.data.data(), t, value);
  return b;
}

} // namespace

double element_as_double(const runtime::host_buffer &b, int64_t i) {
  return load_double(b.data.data() + i * itemsize(b.dtype), b.dtype);
}
int64_t element_as_int64(const runtime::host_buffer &b, int64_t i) {
  return element_as<int64_t>(b, i);
}
uint64_t element_as_uint64(const runtime::host_buffer &b, int64_t i) {
  return element_as<uint64_t>(b, i);
}

std::string integer_element_str(const runtime::host_buffer &b, int64_t i) {
  if (is_bool(b.dtype))
    return element_as_int64(b, i) ? "True" : "False";
  if (is_unsigned_integer(b.dtype))
    return std::to_string(element_as_uint64(b, i));
  return std::to_string(element_as_int64(b, i));
}

runtime::host_buffer scalar_buffer_f64(double value, dtype t) {
  return scalar_of(value, t);
}
runtime::host_buffer scalar_buffer_i64(int64_t value, dtype t) {
  return scalar_of(value, t);
}
runtime::host_buffer scalar_buffer_u64(uint64_t value, dtype t) {
  return scalar_of(value, t);
}

runtime::host_buffer convert_buffer(const runtime::host_buffer &b, dtype t) {
  runtime::host_buffer out;
  out.dtype = t;
  out.shape = b.shape;
  int64_t n = b.size();
  out.data.resize(n * itemsize(t));
  for (int64_t i = 0; i < n; ++i) {
    uint8_t *p = out.data.data() + i * itemsize(t);
    if (is_inexact(b.dtype))
      store_value(p, t, element_as_double(b, i));
    else if (is_unsigned_integer(b.dtype))
      store_value(p, t, element_as_uint64(b, i));
    else
      store_value(p, t, element_as_int64(b, i));
  }
  return out;
}

} // namespace jx::core
