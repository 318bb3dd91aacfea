// dtype.cpp - dtype names and JAX's type-promotion lattice.

#include "jx/dtype.h"

#include <array>
#include <bitset>
#include <cassert>

namespace jx {


std::string short_dtype_name(dtype t) {
  switch (t) {
  case dtype::bool_: return "bool";
  case dtype::int2: return "i2";
  case dtype::int4: return "i4";
  case dtype::int8: return "i8";
  case dtype::int16: return "i16";
  case dtype::int32: return "i32";
  case dtype::int64: return "i64";
  case dtype::uint2: return "u2";
  case dtype::uint4: return "u4";
  case dtype::uint8: return "u8";
  case dtype::uint16: return "u16";
  case dtype::uint32: return "u32";
  case dtype::uint64: return "u64";
  case dtype::float16: return "f16";
  case dtype::bfloat16: return "bf16";
  case dtype::float32: return "f32";
  case dtype::float64: return "f64";
  case dtype::complex64: return "c64";
  case dtype::complex128: return "c128";
  }
  return "?";
}

bool is_bool(dtype t) { return t == dtype::bool_; }
bool is_signed_integer(dtype t) {
  return t >= dtype::int2 && t <= dtype::int64;
}
bool is_unsigned_integer(dtype t) {
  return t >= dtype::uint2 && t <= dtype::uint64;
}
bool is_integer(dtype t) {
  return is_signed_integer(t) || is_unsigned_integer(t);
}
bool is_floating(dtype t) { return t >= dtype::float16 && t <= dtype::float64; }
bool is_complex(dtype t) {
  return t == dtype::complex64 || t == dtype::complex128;
}
bool is_inexact(dtype t) { return is_floating(t) || is_complex(t); }

dtype default_dtype_of_kind(dtype t) {
  if (is_integer(t))
    return dtype::int32;
  if (is_floating(t))
    return dtype::float32;
  if (is_complex(t))
    return dtype::complex64;
  return t;
}

namespace {

// Lattice nodes: the dtypes (by enum value), then the three weak kinds.
constexpr int kNumDtypes = static_cast<int>(dtype::complex128) + 1;
constexpr int kWeakInt = kNumDtypes, kWeakFloat = kNumDtypes + 1,
              kWeakComplex = kNumDtypes + 2, kNumNodes = kNumDtypes + 3;
using node_set = std::bitset<kNumNodes>;

constexpr int n(dtype t) { return static_cast<int>(t); }

/// The lattice's edges: each node's immediate successors.
std::vector<int> successors(int node) {
  using d = dtype;
  if (node == kWeakInt)
    return {n(d::uint8), n(d::uint2), n(d::int8), n(d::int2)};
  if (node == kWeakFloat)
    return {n(d::bfloat16), n(d::float16), kWeakComplex};
  if (node == kWeakComplex)
    return {n(d::complex64)};
  switch (static_cast<d>(node)) {
  case d::bool_: return {kWeakInt};
  case d::uint2: return {n(d::uint4)};
  case d::uint4: return {n(d::uint8)};
  case d::uint8: return {n(d::int16), n(d::uint16)};
  case d::uint16: return {n(d::int32), n(d::uint32)};
  case d::uint32: return {n(d::int64), n(d::uint64)};
  case d::uint64: return {kWeakFloat};
  case d::int2: return {n(d::int4)};
  case d::int4: return {n(d::int8)};
  case d::int8: return {n(d::int16)};
  case d::int16: return {n(d::int32)};
  case d::int32: return {n(d::int64)};
  case d::int64: return {kWeakFloat};
  case d::bfloat16: return {n(d::float32)};
  case d::float16: return {n(d::float32)};
  case d::float32: return {n(d::float64), n(d::complex64)};
  case d::float64: return {n(d::complex128)};
  case d::complex64: return {n(d::complex128)};
  case d::complex128: return {};
  }
  return {};
}

/// For each node, the set of nodes at or above it.
const std::array<node_set, kNumNodes> &upper_bounds() {
  static const std::array<node_set, kNumNodes> table = [] {
    std::array<node_set, kNumNodes> ub;
    // Fixed point; the lattice is tiny.
    for (int i = 0; i < kNumNodes; ++i)
      ub[i].set(i);
    for (bool changed = true; changed;) {
      changed = false;
      for (int i = 0; i < kNumNodes; ++i)
        for (int s : successors(i)) {
          node_set before = ub[i];
          ub[i] |= ub[s];
          changed |= before != ub[i];
        }
    }
    return ub;
  }();
  return table;
}

int node_of(typed_dtype t) {
  if (!t.weak || is_bool(t.dtype))
    return n(t.dtype);
  if (is_integer(t.dtype))
    return kWeakInt;
  if (is_floating(t.dtype))
    return kWeakFloat;
  return kWeakComplex;
}

/// The least upper bound of `nodes`: the common upper bound whose own
/// upper bounds are all the common ones.
int join(const std::vector<int> &nodes) {
  const auto &ub = upper_bounds();
  node_set common;
  common.set();
  for (int x : nodes)
    common &= ub[x];
  for (int i = 0; i < kNumNodes; ++i)
    if (common.test(i) && ub[i] == common)
      return i;
  assert(false && "the promotion lattice has a join for every pair");
  return n(dtype::complex128);
}

} // namespace

dtype promote_types(dtype a, dtype b) {
  int j = join({n(a), n(b)});
  // int64 with uint64 meets at the weak float: JAX (with x64) answers
  // float64 there.
  return j == kWeakFloat ? dtype::float64 : static_cast<dtype>(j);
}

typed_dtype result_type(const std::vector<typed_dtype> &types) {
  assert(!types.empty());
  bool all_weak = true, all_same = true;
  for (const typed_dtype &t : types) {
    all_weak &= t.weak;
    all_same &= t.dtype == types[0].dtype;
  }
  if (types.size() == 1)
    return types[0];
  if (all_same && !all_weak)
    return {types[0].dtype, false};
  std::vector<int> nodes;
  for (const typed_dtype &t : types)
    nodes.push_back(all_weak ? n(t.dtype) : node_of(t));
  int j = join(nodes);
  if (all_weak) {
    dtype d = static_cast<dtype>(j);
    return {d, !is_bool(d)};
  }
  bool any_weak = false;
  for (const typed_dtype &t : types)
    any_weak |= t.weak;
  if (j == kWeakInt)
    return {dtype::int32, true};
  if (j == kWeakFloat)
    return any_weak ? typed_dtype{dtype::float32, true}
                    : typed_dtype{dtype::float64, false};
  if (j == kWeakComplex)
    return {dtype::complex64, true};
  return {static_cast<dtype>(j), false};
}

} // namespace jx
