// buffer.cpp - element access and conversion of host buffers.

#include "core/trace.h"

#include "llvm/ADT/APFloat.h"

#include <cmath>
#include <complex>
#include <cstring>

namespace jx::core {

namespace {

template <class T> T load(const uint8_t *p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}
template <class T> void store(uint8_t *p, T v) { std::memcpy(p, &v, sizeof(T)); }

double half_to_double(uint16_t bits, const llvm::fltSemantics &sem) {
  llvm::APFloat f(sem, llvm::APInt(16, bits));
  return f.convertToDouble();
}
uint16_t double_to_half(double v, const llvm::fltSemantics &sem) {
  llvm::APFloat f(v);
  bool lost;
  f.convert(sem, llvm::APFloat::rmNearestTiesToEven, &lost);
  return static_cast<uint16_t>(f.bitcastToAPInt().getZExtValue());
}

} // namespace

double element_as_double(const runtime::host_buffer &b, int64_t i) {
  const uint8_t *p = b.data.data() + i * itemsize(b.dtype);
  switch (b.dtype) {
  case dtype::bool_: return *p ? 1.0 : 0.0;
  case dtype::int2:
  case dtype::int4:
  case dtype::int8: return load<int8_t>(p);
  case dtype::int16: return load<int16_t>(p);
  case dtype::int32: return load<int32_t>(p);
  case dtype::int64: return static_cast<double>(load<int64_t>(p));
  case dtype::uint2:
  case dtype::uint4:
  case dtype::uint8: return load<uint8_t>(p);
  case dtype::uint16: return load<uint16_t>(p);
  case dtype::uint32: return load<uint32_t>(p);
  case dtype::uint64: return static_cast<double>(load<uint64_t>(p));
  case dtype::float16:
    return half_to_double(load<uint16_t>(p), llvm::APFloat::IEEEhalf());
  case dtype::bfloat16:
    return half_to_double(load<uint16_t>(p), llvm::APFloat::BFloat());
  case dtype::float32: return load<float>(p);
  case dtype::float64: return load<double>(p);
  case dtype::complex64: return load<float>(p);
  case dtype::complex128: return load<double>(p);
  }
  return 0;
}

namespace {

/// Stores `v` (converted like a C cast, saturating nothing) at `p`.
void store_double(uint8_t *p, dtype t, double v) {
  switch (t) {
  case dtype::bool_: *p = v != 0; break;
  case dtype::int2:
  case dtype::int4:
  case dtype::int8: store<int8_t>(p, static_cast<int8_t>(v)); break;
  case dtype::int16: store<int16_t>(p, static_cast<int16_t>(v)); break;
  case dtype::int32: store<int32_t>(p, static_cast<int32_t>(v)); break;
  case dtype::int64: store<int64_t>(p, static_cast<int64_t>(v)); break;
  case dtype::uint2:
  case dtype::uint4:
  case dtype::uint8: store<uint8_t>(p, static_cast<uint8_t>(v)); break;
  case dtype::uint16: store<uint16_t>(p, static_cast<uint16_t>(v)); break;
  case dtype::uint32: store<uint32_t>(p, static_cast<uint32_t>(v)); break;
  case dtype::uint64: store<uint64_t>(p, static_cast<uint64_t>(v)); break;
  case dtype::float16:
    store<uint16_t>(p, double_to_half(v, llvm::APFloat::IEEEhalf()));
    break;
  case dtype::bfloat16:
    store<uint16_t>(p, double_to_half(v, llvm::APFloat::BFloat()));
    break;
  case dtype::float32: store<float>(p, static_cast<float>(v)); break;
  case dtype::float64: store<double>(p, v); break;
  case dtype::complex64:
    store<std::complex<float>>(p, std::complex<float>(static_cast<float>(v)));
    break;
  case dtype::complex128: store<std::complex<double>>(p, {v, 0.0}); break;
  }
}

} // namespace

runtime::host_buffer scalar_buffer(double value, dtype t) {
  runtime::host_buffer b;
  b.dtype = t;
  b.data.resize(itemsize(t));
  store_double(b.data.data(), t, value);
  return b;
}

runtime::host_buffer convert_buffer(const runtime::host_buffer &b, dtype t) {
  runtime::host_buffer out;
  out.dtype = t;
  out.shape = b.shape;
  int64_t n = b.size();
  out.data.resize(n * itemsize(t));
  for (int64_t i = 0; i < n; ++i)
    store_double(out.data.data() + i * itemsize(t), t, element_as_double(b, i));
  return out;
}

} // namespace jx::core
