// dtype.h - jx's element types and JAX's type-promotion rules.
//
// The dtypes are those of jax.numpy. Promotion follows JAX's lattice
// (jax._src.dtypes): bool < weak int < {uint8, int8} < ... < weak float <
// {bfloat16, float16} < float32 < float64, and weak complex < complex64 <
// complex128, with the unsigned ladder joining the signed one one step up
// (uint8 -> int16, ..., uint64 -> weak float). A "weak" type is the type of
// a C++ scalar (`x + 1.0f`): it adapts to the other operand's dtype.

#ifndef JX_DTYPE_H
#define JX_DTYPE_H

#include "jx/runtime/host_buffer.h"

#include <string>
#include <vector>

namespace jx {

using dtype = runtime::dtype;

inline constexpr dtype bool_ = dtype::bool_;
inline constexpr dtype int8 = dtype::int8;
inline constexpr dtype int16 = dtype::int16;
inline constexpr dtype int32 = dtype::int32;
inline constexpr dtype int64 = dtype::int64;
inline constexpr dtype uint8 = dtype::uint8;
inline constexpr dtype uint16 = dtype::uint16;
inline constexpr dtype uint32 = dtype::uint32;
inline constexpr dtype uint64 = dtype::uint64;
inline constexpr dtype float16 = dtype::float16;
inline constexpr dtype bfloat16 = dtype::bfloat16;
inline constexpr dtype float32 = dtype::float32;
inline constexpr dtype float64 = dtype::float64;
inline constexpr dtype complex64 = dtype::complex64;
inline constexpr dtype complex128 = dtype::complex128;

/// "float32", "bool", ... (jnp.dtype(...).name); bytes per element.
using runtime::dtype_name;
using runtime::itemsize;
/// "f32", "bool", "i8", "u32", "bf16", "c64" (as jaxprs print them).
std::string short_dtype_name(dtype t);

bool is_bool(dtype t);
bool is_signed_integer(dtype t);
bool is_unsigned_integer(dtype t);
bool is_integer(dtype t); // signed or unsigned, not bool
bool is_floating(dtype t);
bool is_complex(dtype t);
bool is_inexact(dtype t); // floating or complex

/// The dtype a weakly typed value of `t`'s kind takes by default: int32,
/// float32, complex64 (JAX without x64); bool stays bool.
dtype default_dtype_of_kind(dtype t);

/// A dtype with its weak flag: what promotion works on.
struct typed_dtype {
  jx::dtype dtype = dtype::float32;
  bool weak = false;
  bool operator==(const typed_dtype &o) const {
    return dtype == o.dtype && weak == o.weak;
  }
};

/// jnp.promote_types: the join of two (strong) dtypes in the lattice.
dtype promote_types(dtype a, dtype b);
/// jnp.result_type over weak and strong dtypes: the join, weak only when
/// the join is one of the weak kinds (all operands weak, or weak and bool).
typed_dtype result_type(const std::vector<typed_dtype> &types);

} // namespace jx

#endif // JX_DTYPE_H
