// random.cpp - jx::random: JAX's threefry2x32 PRNG written with jx ops.
//
// The algorithms follow jax.random's documented behaviour with
// jax_threefry_partitionable=True (JAX 0.10's default):
//  - the hash is Threefry-2x32 with 20 rounds (Salmon et al., "Parallel
//    random numbers: as easy as 1, 2, 3", SC 2011): rotations 13 15 26 6 /
//    17 29 16 24, a key injection every 4 rounds with the third key word
//    k0 ^ k1 ^ 0x1BD11BDA and the injection number added to the second word;
//  - random bits of a shape hash the 64-bit row-major index of each element
//    split into (hi, lo) words under the key; 32-bit results are the xor of
//    the two output words, 64-bit ones hi << 32 | lo, 8/16-bit ones the
//    truncated xor;
//  - split(key, shape) is the pair of output words for each index;
//    fold_in(key, d) hashes the two counters (0, d) as one block.
// Floats are built from mantissa bits (uniform), then shaped as jax.random
// does (normal = sqrt(2) erf_inv(u), gumbel = -log(-log(u)), ...).

#include "frontend/api_util.h"
#include "jx/lax.h"
#include "jx/numpy.h"
#include "jx/random.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace jx::random {

namespace lax = jx::lax;
namespace jnp = jx::numpy;

namespace {

/// A strongly typed 0-d literal holding the bits of `v` (T matching t's
/// width), so that large unsigned values survive.
template <class T> Array scalar(T v, dtype t) {
  runtime::host_buffer b;
  b.dtype = t;
  b.data.resize(sizeof(T));
  std::memcpy(b.data.data(), &v, sizeof(T));
  return core::make_concrete(std::move(b), /*weak_type=*/false,
                             /*literal=*/true);
}
Array u32(uint32_t v) { return scalar<uint32_t>(v, dtype::uint32); }

/// A 0-d literal of floating dtype `t` holding `v` rounded to t.
Array float_scalar(double v, dtype t) {
  return core::make_concrete(core::scalar_buffer(v, t), false, true);
}

std::string type_str(const Array &a) { return a.aval().str(); }

void check_key(const std::string &api, const Array &key) {
  if (key.dtype() == dtype::uint32 && key.shape() == shape_t{2})
    return;
  std::string hint;
  if (key.dtype() == dtype::uint32 && key.ndim() > 1 &&
      key.shape().back() == 2)
    hint = " (a batch of keys: pick one, e.g. jnp::slice(keys, {0}))";
  throw error("jx::random::" + api +
              ": expected a single raw PRNG key of type u32[2] (from "
              "jx::random::PRNGKey), got " + type_str(key) + hint);
}

void check_shape(const std::string &api, const shape_t &shape) {
  for (int64_t d : shape)
    if (d < 0)
      throw error("jx::random::" + api + ": negative dimension in shape " +
                  frontend::shape_str(shape));
}

int64_t size_of(const shape_t &s) {
  if (std::find(s.begin(), s.end(), 0) != s.end())
    return 0; // the other dimensions may multiply past int64
  int64_t n = 1;
  for (int64_t d : s)
    n *= d;
  return n;
}

Array word(const Array &key, int64_t i) {
  return lax::reshape(lax::slice(key, {i}, {i + 1}), {});
}

Array rotl(const Array &x, uint32_t r) {
  return lax::bitwise_or(lax::shift_left(x, u32(r)),
                         lax::shift_right_logical(x, u32(32 - r)));
}

/// Threefry-2x32 of the counter pairs (x0, x1) (uint32, broadcasting like
/// lax: equal shapes or 0-d) under the key words (k0, k1) (0-d).
std::pair<Array, Array> threefry2x32(const Array &k0, const Array &k1,
                                     Array x0, Array x1) {
  static const uint32_t rotations[2][4] = {{13, 15, 26, 6}, {17, 29, 16, 24}};
  const Array ks[3] = {k0, k1,
                       lax::bitwise_xor(lax::bitwise_xor(k0, k1),
                                        u32(0x1BD11BDA))};
  x0 = lax::add(x0, ks[0]);
  x1 = lax::add(x1, ks[1]);
  for (uint32_t s = 1; s <= 5; ++s) {
    for (uint32_t r : rotations[(s - 1) % 2]) {
      x0 = lax::add(x0, x1);
      x1 = lax::bitwise_xor(x0, rotl(x1, r));
    }
    x0 = lax::add(x0, ks[s % 3]);
    x1 = lax::add(lax::add(x1, ks[(s + 1) % 3]), u32(s));
  }
  return {x0, x1};
}

/// The (hi, lo) words of each element's row-major index, and the hash of
/// them under `key`.
std::pair<Array, Array> hash_indices(const std::string &api, const Array &key,
                                     const shape_t &shape) {
  int64_t n = size_of(shape);
  if (n > (int64_t{1} << 32))
    throw error("jx::random::" + api + ": shape " + frontend::shape_str(shape) +
                " has more than 2^32 elements (not supported)");
  Array hi = u32(0), lo = u32(0);
  if (!shape.empty())
    lo = lax::reshape(lax::iota(dtype::uint32, {n}), shape);
  return threefry2x32(word(key, 0), word(key, 1), hi, lo);
}

dtype uint_of_width(int64_t bits) {
  switch (bits) {
  case 8: return dtype::uint8;
  case 16: return dtype::uint16;
  case 32: return dtype::uint32;
  default: return dtype::uint64;
  }
}

Array random_bits(const std::string &api, const Array &key, int64_t width,
                  const shape_t &shape) {
  auto [b0, b1] = hash_indices(api, key, shape);
  if (width == 64) {
    Array hi = lax::convert_element_type(b0, dtype::uint64);
    Array lo = lax::convert_element_type(b1, dtype::uint64);
    return lax::bitwise_or(
        lax::shift_left(hi, scalar<uint64_t>(32, dtype::uint64)), lo);
  }
  Array x = lax::bitwise_xor(b0, b1);
  return width == 32 ? x
                     : lax::convert_element_type(x, uint_of_width(width));
}

struct float_info {
  int nbits, nmant;
};
float_info info_of(const std::string &api, dtype t) {
  switch (t) {
  case dtype::float16: return {16, 10};
  case dtype::bfloat16: return {16, 7};
  case dtype::float32: return {32, 23};
  case dtype::float64: return {64, 52};
  default:
    throw error("jx::random::" + api + ": dtype must be a floating dtype, "
                "got " + dtype_name(t));
  }
}

/// x converted to `t` (literals on the host) with rank raised to `rank` by
/// leading 1s; it must broadcast to `shape`.
Array bound_as(const std::string &api, const std::string &what,
               const Array &x, dtype t, const shape_t &shape) {
  Array v = frontend::is_literal(x) ? frontend::literal_as(x, t, false)
                                    : lax::convert_element_type(x, t);
  const shape_t &s = v.shape();
  bool ok = s.size() <= shape.size();
  for (std::size_t i = 0; ok && i < s.size(); ++i) {
    int64_t d = shape[shape.size() - s.size() + i];
    ok = s[i] == d || s[i] == 1;
  }
  if (!ok)
    throw error("jx::random::" + api + ": " + what + " " + type_str(x) +
                " does not broadcast to shape " + frontend::shape_str(shape));
  if (s.size() == shape.size() || s.empty())
    return v;
  shape_t r(shape.size() - s.size(), 1);
  r.insert(r.end(), s.begin(), s.end());
  return lax::reshape(v, r);
}

/// float64 x + y rounded to odd: the nearest sum, moved to its neighbour
/// with an odd last bit when the sum was inexact (TwoSum gives the error).
/// Rounding to odd and then to a narrower format, or adding to a larger
/// number, rounds correctly: the basis of the exact FMAs below.
Array add_round_to_odd(const Array &x, const Array &y) {
  Array s = lax::add(x, y);
  Array bb = lax::sub(s, x);
  Array err = lax::add(lax::sub(x, lax::sub(s, bb)), lax::sub(y, bb));
  Array zero = float_scalar(0.0, dtype::float64);
  Array bits = lax::bitcast_convert_type(s, dtype::int64);
  Array one = scalar<int64_t>(1, dtype::int64);
  Array even =
      lax::eq(lax::bitwise_and(bits, one), scalar<int64_t>(0, dtype::int64));
  Array fix = lax::bitwise_and(even, lax::ne(err, zero));
  Array up = lax::eq(lax::gt(err, zero), lax::gt(s, zero));
  Array moved = jnp::where(up, lax::add(bits, one), lax::sub(bits, one));
  return lax::bitcast_convert_type(jnp::where(fix, moved, bits),
                                   dtype::float64);
}

/// a * b + c as XLA's CPU compiler computes it: float32 and float64 are
/// contracted into an FMA (rounded once), float16 and bfloat16 are not (each
/// op rounds). jx's compiler does not contract, so the FMA is computed
/// exactly from ordinary operations: for float32 in float64, where a * b is
/// exact and the sum is rounded to odd before rounding to float32; for
/// float64 as RN(th + RO(tl + ul)) with a b = uh + ul (Dekker's product)
/// and c + uh = th + tl (Boldo and Melquiond, IEEE TC 2008).
Array fused_multiply_add(const Array &a, const Array &b, const Array &c) {
  dtype t = a.dtype();
  if (t == dtype::float16 || t == dtype::bfloat16)
    return lax::add(lax::mul(a, b), c);
  auto wide = [](const Array &x) {
    return lax::convert_element_type(x, dtype::float64);
  };
  if (t == dtype::float32)
    return lax::convert_element_type(
        add_round_to_odd(lax::mul(wide(a), wide(b)), wide(c)), t);
  auto split = [](const Array &x) {
    Array s = lax::mul(x, float_scalar(134217729.0, dtype::float64));
    Array hi = lax::sub(s, lax::sub(s, x));
    return std::pair<Array, Array>{hi, lax::sub(x, hi)};
  };
  Array uh = lax::mul(a, b);
  auto [ah, al] = split(a);
  auto [bh, bl] = split(b);
  Array ul = lax::add(
      lax::add(lax::add(lax::sub(lax::mul(ah, bh), uh), lax::mul(ah, bl)),
               lax::mul(al, bh)),
      lax::mul(al, bl));
  Array th = lax::add(c, uh);
  Array bb = lax::sub(th, c);
  Array tl = lax::add(lax::sub(c, lax::sub(th, bb)), lax::sub(uh, bb));
  return lax::add(th, add_round_to_odd(tl, ul));
}

Array uniform_impl(const std::string &api, const Array &key,
                   const shape_t &shape, dtype t, const Array &minval,
                   const Array &maxval) {
  check_key(api, key);
  check_shape(api, shape);
  float_info fi = info_of(api, t);
  Array lo = bound_as(api, "minval", minval, t, shape);
  Array hi = bound_as(api, "maxval", maxval, t, shape);
  int rng_bits = fi.nmant < 8 ? 8 : fi.nbits;
  dtype ut = uint_of_width(fi.nbits);
  Array b = random_bits(api, key, rng_bits, shape);
  if (rng_bits != fi.nbits)
    b = lax::convert_element_type(b, ut);
  uint64_t one = 0;
  switch (t) {
  case dtype::float16: one = 0x3C00; break;
  case dtype::bfloat16: one = 0x3F80; break;
  case dtype::float32: one = 0x3F800000; break;
  default: one = 0x3FF0000000000000ull; break;
  }
  auto uconst = [&](uint64_t v) {
    switch (fi.nbits) {
    case 16: return scalar<uint16_t>(static_cast<uint16_t>(v), ut);
    case 32: return scalar<uint32_t>(static_cast<uint32_t>(v), ut);
    default: return scalar<uint64_t>(v, ut);
    }
  };
  Array fb = lax::bitwise_or(
      lax::shift_right_logical(b, uconst(rng_bits - fi.nmant)), uconst(one));
  Array floats =
      lax::sub(lax::bitcast_convert_type(fb, t), float_scalar(1.0, t));
  Array scaled = fused_multiply_add(floats, lax::sub(hi, lo), lo);
  return lax::max(lo, scaled);
}

Array normal_impl(const std::string &api, const Array &key,
                  const shape_t &shape, dtype t) {
  info_of(api, t);
  Array lo = lax::nextafter(float_scalar(-1.0, t), float_scalar(0.0, t));
  Array u = uniform_impl(api, key, shape, t, lo, float_scalar(1.0, t));
  return lax::mul(float_scalar(std::sqrt(2.0), t), lax::erf_inv(u));
}

/// (key, subkey) = split(key).
std::pair<Array, Array> split2(const Array &key) {
  Array ks = split(key, 2);
  return {lax::reshape(lax::slice(ks, {0, 0}, {1, 2}), {2}),
          lax::reshape(lax::slice(ks, {1, 0}, {2, 2}), {2})};
}

Array shuffle(const std::string &api, Array key, Array x, int64_t axis) {
  int64_t n = std::max<int64_t>(1, x.size());
  int rounds = static_cast<int>(std::ceil(
      3 * std::log(static_cast<double>(n)) /
      std::log(static_cast<double>(std::numeric_limits<uint32_t>::max()))));
  for (int i = 0; i < rounds; ++i) {
    auto [k, sub] = split2(key);
    key = k;
    Array sort_keys = random_bits(api, sub, 32, x.shape());
    x = lax::sort({sort_keys, x}, axis, true, 1)[1];
  }
  return x;
}

/// The broadcast of `shapes` (NumPy rules), if they broadcast.
std::optional<shape_t> try_broadcast(const std::vector<shape_t> &shapes) {
  std::size_t rank = 0;
  for (const shape_t &s : shapes)
    rank = std::max(rank, s.size());
  shape_t r(rank, 1);
  for (const shape_t &s : shapes)
    for (std::size_t i = 0; i < s.size(); ++i) {
      int64_t &d = r[rank - s.size() + i];
      if (s[i] == d || s[i] == 1)
        continue;
      if (d != 1)
        return std::nullopt;
      d = s[i];
    }
  return r;
}

/// The broadcast of `shapes`, or an error naming them.
shape_t broadcast_all(const std::string &api,
                      const std::vector<shape_t> &shapes) {
  std::optional<shape_t> r = try_broadcast(shapes);
  if (r)
    return *r;
  std::string all;
  for (const shape_t &t : shapes)
    all += (all.empty() ? "" : ", ") + frontend::shape_str(t);
  throw error("jx::random::" + api + ": shapes " + all + " do not broadcast");
}

/// As JAX's _check_shape: the parameters' shapes broadcast with `shape` to
/// `shape` itself.
void check_param_shapes(const std::string &api, const shape_t &shape,
                        const std::vector<std::pair<std::string, Array>> &ps) {
  std::vector<shape_t> all{shape};
  for (const auto &p : ps)
    all.push_back(p.second.shape());
  if (try_broadcast(all) != std::optional<shape_t>(shape)) {
    std::string names;
    for (const auto &p : ps)
      names += (names.empty() ? "" : ", ") + p.first + " " + type_str(p.second);
    throw error("jx::random::" + api + ": " + names +
                " must broadcast to the shape argument " +
                frontend::shape_str(shape));
  }
}

Array as_floating(const std::string &api, const std::string &what,
                  const Array &x, dtype t) {
  if (!is_floating(x.dtype()) && !(frontend::is_literal(x) &&
                                   !is_bool(x.dtype())))
    throw error("jx::random::" + api + ": " + what +
                " must be floating, got " + type_str(x));
  if (frontend::is_literal(x))
    return frontend::literal_as(x, t, false);
  return lax::convert_element_type(x, t);
}

} // namespace

// --- keys -------------------------------------------------------------------

Array PRNGKey(int64_t seed) {
  uint32_t lo = static_cast<uint32_t>(static_cast<uint64_t>(seed));
  runtime::host_buffer b;
  b.dtype = dtype::uint32;
  b.shape = {2};
  b.data.resize(8);
  uint32_t words[2] = {0, lo};
  std::memcpy(b.data.data(), words, 8);
  return Array(std::move(b));
}

Array PRNGKey(const Array &seed) {
  if (seed.ndim() != 0 || !is_integer(seed.dtype()))
    throw error("jx::random::PRNGKey: the seed must be a 0-d integer, got " +
                type_str(seed));
  if (frontend::is_literal(seed))
    return PRNGKey(seed.item<int64_t>());
  dtype t = seed.dtype();
  auto shift32 = [&]() -> Array {
    switch (t) {
    case dtype::int64: return scalar<int64_t>(32, t);
    case dtype::uint64: return scalar<uint64_t>(32, t);
    case dtype::int32: return scalar<int32_t>(32, t);
    case dtype::uint32: return scalar<uint32_t>(32, t);
    case dtype::int16: return scalar<int16_t>(32, t);
    case dtype::uint16: return scalar<uint16_t>(32, t);
    case dtype::int8: return scalar<int8_t>(32, t);
    default: return scalar<uint8_t>(32, t);
    }
  };
  Array hi = lax::convert_element_type(
      lax::shift_right_logical(seed, shift32()), dtype::uint32);
  Array lo = lax::convert_element_type(seed, dtype::uint32);
  return lax::concatenate({lax::reshape(hi, {1}), lax::reshape(lo, {1})}, 0);
}

Array key(int64_t seed) { return PRNGKey(seed); }
Array key(const Array &seed) { return PRNGKey(seed); }

Array split(const Array &key, const shape_t &shape) {
  check_key("split", key);
  check_shape("split", shape);
  auto [b0, b1] = hash_indices("split", key, shape);
  shape_t s1 = shape;
  s1.push_back(1);
  std::vector<int64_t> dims(shape.size());
  for (std::size_t i = 0; i < dims.size(); ++i)
    dims[i] = static_cast<int64_t>(i);
  return lax::concatenate({lax::broadcast_in_dim(b0, s1, dims),
                           lax::broadcast_in_dim(b1, s1, dims)},
                          static_cast<int64_t>(shape.size()));
}

Array split(const Array &key, int64_t num) {
  if (num < 0)
    throw error("jx::random::split: num must be nonnegative, got " +
                std::to_string(num));
  return split(key, shape_t{num});
}

Array threefry_2x32(const Array &keypair, const Array &count) {
  check_key("threefry_2x32", keypair);
  if (count.dtype() != dtype::uint32)
    throw error("jx::random::threefry_2x32: count must be uint32, got " +
                type_str(count));
  int64_t n = count.size();
  Array flat = lax::reshape(count, {n});
  bool odd = n % 2;
  if (odd)
    flat = lax::concatenate({flat, lax::reshape(u32(0), {1})}, 0);
  int64_t h = (n + odd) / 2;
  auto [y0, y1] =
      threefry2x32(word(keypair, 0), word(keypair, 1),
                   lax::slice(flat, {0}, {h}), lax::slice(flat, {h}, {2 * h}));
  Array out = lax::concatenate({y0, y1}, 0);
  if (odd)
    out = lax::slice(out, {0}, {n});
  return lax::reshape(out, count.shape());
}

Array fold_in(const Array &key, int64_t data) {
  if (data < 0 || data > std::numeric_limits<uint32_t>::max())
    throw error("jx::random::fold_in: data " + std::to_string(data) +
                " is out of bounds for uint32");
  return fold_in(key, u32(static_cast<uint32_t>(data)));
}

Array fold_in(const Array &key, const Array &data) {
  check_key("fold_in", key);
  if (data.ndim() != 0 || !(is_integer(data.dtype())))
    throw error("jx::random::fold_in: data must be a 0-d integer, got " +
                type_str(data));
  Array d = frontend::is_literal(data) && data.dtype() != dtype::uint32
                ? frontend::literal_as(data, dtype::uint32, false)
                : lax::convert_element_type(data, dtype::uint32);
  auto [y0, y1] = threefry2x32(word(key, 0), word(key, 1), u32(0), d);
  return lax::concatenate({lax::reshape(y0, {1}), lax::reshape(y1, {1})}, 0);
}

// --- samplers ---------------------------------------------------------------

Array bits(const Array &key, const shape_t &shape, dtype t) {
  check_key("bits", key);
  check_shape("bits", shape);
  if (t != dtype::uint8 && t != dtype::uint16 && t != dtype::uint32 &&
      t != dtype::uint64)
    throw error("jx::random::bits: dtype must be an unsigned integer dtype "
                "(uint8..uint64), got " + dtype_name(t));
  return random_bits("bits", key, static_cast<int64_t>(itemsize(t)) * 8,
                     shape);
}

Array uniform(const Array &key, const shape_t &shape, dtype t,
              const Array &minval, const Array &maxval) {
  return uniform_impl("uniform", key, shape, t, minval, maxval);
}

Array normal(const Array &key, const shape_t &shape, dtype t) {
  check_key("normal", key);
  check_shape("normal", shape);
  return normal_impl("normal", key, shape, t);
}

Array truncated_normal(const Array &key, const Array &lower,
                       const Array &upper, std::optional<shape_t> shape,
                       dtype t) {
  const std::string api = "truncated_normal";
  check_key(api, key);
  info_of(api, t);
  Array lo = as_floating(api, "lower", lower, t);
  Array hi = as_floating(api, "upper", upper, t);
  shape_t s;
  if (shape) {
    check_shape(api, *shape);
    check_param_shapes(api, *shape, {{"lower", lower}, {"upper", upper}});
    s = *shape;
  } else {
    s = broadcast_all(api, {lo.shape(), hi.shape()});
  }
  Array sqrt2 = float_scalar(std::sqrt(2.0), t);
  // jax.random divides by sqrt(2); XLA rewrites a division by a constant
  // into a multiplication by its reciprocal (rounded to the dtype), and so
  // does jx here, to draw the same numbers.
  Array inv_sqrt2 = lax::div(float_scalar(1.0, t), sqrt2);
  Array a = lax::erf(lax::mul(lo, inv_sqrt2));
  Array b = lax::erf(lax::mul(hi, inv_sqrt2));
  Array u = uniform_impl(api, key, s, t, a, b);
  Array out = lax::mul(sqrt2, lax::erf_inv(u));
  double inf = std::numeric_limits<double>::infinity();
  Array lo_next = lax::nextafter(lo, float_scalar(inf, t));
  Array hi_next = lax::nextafter(hi, float_scalar(-inf, t));
  return jnp::minimum(hi_next, jnp::maximum(lo_next, out));
}

Array bernoulli(const Array &key, const Array &p, std::optional<shape_t> shape,
                const std::string &mode) {
  const std::string api = "bernoulli";
  if (mode != "low" && mode != "high")
    throw error("jx::random::bernoulli: mode must be \"low\" or \"high\", "
                "got \"" + mode + "\"");
  check_key(api, key);
  if (!is_floating(p.dtype()))
    throw error("jx::random::bernoulli: p must be floating, got " +
                type_str(p));
  dtype t = p.dtype();
  Array pv = frontend::is_literal(p) ? frontend::literal_as(p, t, false) : p;
  shape_t s = shape ? *shape : p.shape();
  if (shape) {
    check_shape(api, s);
    check_param_shapes(api, s, {{"p", p}});
  }
  if (mode == "high") {
    shape_t s2 = s;
    s2.insert(s2.begin(), 2);
    Array u = uniform_impl(api, key, s2, t, 0.0f, 1.0f);
    int64_t n = static_cast<int64_t>(s.size());
    std::vector<int64_t> start(n + 1, 0), limit = s2;
    limit[0] = 1;
    Array u1 = lax::reshape(lax::slice(u, start, limit), s);
    start[0] = 1;
    limit[0] = 2;
    Array u2 = lax::reshape(lax::slice(u, start, limit), s);
    u2 = lax::mul(u2, float_scalar(std::ldexp(1.0, -info_of(api, t).nmant), t));
    return jnp::less(u2, jnp::subtract(pv, u1));
  }
  return jnp::less(uniform_impl(api, key, s, t, 0.0f, 1.0f), pv);
}

Array gumbel(const Array &key, const shape_t &shape, dtype t) {
  const std::string api = "gumbel";
  check_key(api, key);
  check_shape(api, shape);
  double tiny = 0;
  switch (t) {
  case dtype::float16: tiny = std::ldexp(1.0, -14); break;
  case dtype::bfloat16:
  case dtype::float32: tiny = std::numeric_limits<float>::min(); break;
  case dtype::float64: tiny = std::numeric_limits<double>::min(); break;
  default: info_of(api, t);
  }
  Array u = uniform_impl(api, key, shape, t, float_scalar(tiny, t),
                         float_scalar(1.0, t));
  return lax::neg(lax::log(lax::neg(lax::log(u))));
}

Array categorical(const Array &key, const Array &logits, int64_t axis,
                  std::optional<shape_t> shape) {
  const std::string api = "categorical";
  check_key(api, key);
  if (!is_floating(logits.dtype()))
    throw error("jx::random::categorical: logits must be floating, got " +
                type_str(logits));
  if (logits.ndim() == 0)
    throw error("jx::random::categorical: logits must have at least one "
                "dimension, got " + type_str(logits));
  int64_t nd = logits.ndim();
  int64_t ax = frontend::normalize_axis("jx::random::categorical", axis,
                                        logits.aval());
  shape_t batch = logits.shape();
  batch.erase(batch.begin() + ax);
  shape_t s = shape ? *shape : batch;
  if (shape) {
    check_shape(api, s);
    if (s.size() < batch.size() ||
        try_broadcast({s, batch}) != std::optional<shape_t>(s))
      throw error("jx::random::categorical: shape " + frontend::shape_str(s) +
                  " must end with a shape that logits " + type_str(logits) +
                  " without axis " + std::to_string(ax) + " broadcasts to");
  }
  int64_t nprefix = static_cast<int64_t>(s.size() - batch.size());
  shape_t noise_shape(s.begin(), s.begin() + nprefix);
  shape_t logits_shape(s.begin() + nprefix, s.end());
  logits_shape.insert(logits_shape.begin() + ax, logits.shape()[ax]);
  noise_shape.insert(noise_shape.end(), logits_shape.begin(),
                     logits_shape.end());
  Array g = gumbel(key, noise_shape, logits.dtype());
  shape_t expanded(nprefix, 1);
  expanded.insert(expanded.end(), logits.shape().begin(),
                  logits.shape().end());
  Array l = nprefix ? lax::reshape(logits, expanded) : logits;
  return jnp::argmax(jnp::add(g, l), ax - nd + static_cast<int64_t>(
                                                    noise_shape.size()));
}

Array randint(const Array &key, const shape_t &shape, const Array &minval,
              const Array &maxval, dtype t) {
  const std::string api = "randint";
  check_key(api, key);
  check_shape(api, shape);
  if (!is_integer(t) || t == dtype::int2 || t == dtype::int4 ||
      t == dtype::uint2 || t == dtype::uint4)
    throw error("jx::random::randint: dtype must be an integer dtype, got " +
                dtype_name(t));
  for (const Array *v : {&minval, &maxval})
    if (!is_integer(v->dtype()) && !frontend::is_literal(*v))
      throw error("jx::random::randint: minval and maxval must be integers, "
                  "got " + type_str(*v));
  check_param_shapes(api, shape, {{"minval", minval}, {"maxval", maxval}});
  // Integers as JAX's jnp.asarray (weak literals: int32).
  auto as_int = [&](const Array &v) {
    if (frontend::is_literal(v))
      return frontend::literal_as(v, is_integer(v.dtype()) ? v.dtype()
                                                           : dtype::int32,
                                  false);
    return v;
  };
  Array lo = as_int(minval), hi = as_int(maxval);
  int nbits = static_cast<int>(itemsize(t) * 8);
  auto limits = [](dtype d) -> std::pair<long double, long double> {
    int w = static_cast<int>(itemsize(d) * 8);
    if (is_unsigned_integer(d))
      return {0.0L, std::ldexp(1.0L, w) - 1};
    return {-std::ldexp(1.0L, w - 1), std::ldexp(1.0L, w - 1) - 1};
  };
  auto int_scalar = [](long double v, dtype d) -> Array {
    switch (d) {
    case dtype::int8: return scalar<int8_t>(static_cast<int8_t>(v), d);
    case dtype::int16: return scalar<int16_t>(static_cast<int16_t>(v), d);
    case dtype::int32: return scalar<int32_t>(static_cast<int32_t>(v), d);
    case dtype::int64: return scalar<int64_t>(static_cast<int64_t>(v), d);
    case dtype::uint8: return scalar<uint8_t>(static_cast<uint8_t>(v), d);
    case dtype::uint16: return scalar<uint16_t>(static_cast<uint16_t>(v), d);
    case dtype::uint32: return scalar<uint32_t>(static_cast<uint32_t>(v), d);
    default: return scalar<uint64_t>(static_cast<uint64_t>(v), d);
    }
  };
  // clip(val, max(min_t, min_v), min(max_t, max_v)).astype(t)
  auto convert_and_clip = [&](const Array &v, dtype to) {
    auto [tmin, tmax] = limits(to);
    auto [vmin, vmax] = limits(v.dtype());
    Array c = lax::min(lax::max(v, int_scalar(std::max(tmin, vmin), v.dtype())),
                       int_scalar(std::min(tmax, vmax), v.dtype()));
    return c.dtype() == to ? c : lax::convert_element_type(c, to);
  };
  dtype st = t; // the sampling dtype: at least 32 bits
  if (nbits < 32) {
    st = dtype::int32;
    auto [tmin_, tmax] = limits(t);
    long double tmin = tmin_; // a lambda may not capture a structured binding
    auto clip32 = [&](const Array &v, long double top) {
      Array w = v.dtype() == dtype::int32
                    ? v
                    : lax::convert_element_type(v, dtype::int32);
      return lax::min(lax::max(w, int_scalar(tmin, dtype::int32)),
                      int_scalar(top, dtype::int32));
    };
    lo = clip32(lo, tmax);
    hi = clip32(hi, tmax + 1);
    nbits = 32;
  }
  auto [smin, smax] = limits(st);
  (void)smin;
  Array out_of_range = lax::gt(hi, convert_and_clip(int_scalar(smax, st),
                                                    hi.dtype()));
  Array lo_t = convert_and_clip(lo, st), hi_t = convert_and_clip(hi, st);
  auto to_rank = [&](const Array &v) {
    if (v.ndim() == static_cast<int64_t>(shape.size()) || v.ndim() == 0)
      return v;
    shape_t r(shape.size() - v.ndim(), 1);
    r.insert(r.end(), v.shape().begin(), v.shape().end());
    return lax::reshape(v, r);
  };
  lo_t = to_rank(lo_t);
  hi_t = to_rank(hi_t);
  out_of_range = to_rank(out_of_range);
  auto [k1, k2] = split2(key);
  Array higher = random_bits(api, k1, nbits, shape);
  Array lower = random_bits(api, k2, nbits, shape);
  dtype ut = uint_of_width(nbits);
  Array one = int_scalar(1, ut);
  Array span = lax::convert_element_type(jnp::subtract(hi_t, lo_t), ut);
  span = jnp::where(jnp::less_equal(hi_t, lo_t), one, span);
  span = jnp::where(jnp::logical_and(out_of_range, jnp::greater(hi_t, lo_t)),
                    jnp::add(span, one), span);
  // offset = (hi_bits * 2^nbits + lo_bits) mod span, without overflow.
  Array mult = lax::rem(int_scalar(std::ldexp(1.0L, nbits / 2), ut), span);
  mult = lax::rem(lax::mul(mult, mult), span);
  Array offset = lax::add(lax::mul(lax::rem(higher, span), mult),
                          lax::rem(lower, span));
  offset = lax::rem(offset, span);
  Array out = jnp::add(lo_t, lax::convert_element_type(offset, st));
  return st == t ? out : lax::convert_element_type(out, t);
}

// --- permutations -----------------------------------------------------------

Array permutation(const Array &key, int64_t n) {
  check_key("permutation", key);
  if (n < 0)
    throw error("jx::random::permutation: n must be nonnegative, got " +
                std::to_string(n));
  return shuffle("permutation", key, jnp::arange(n), 0);
}

Array permutation(const Array &key, const Array &x, int64_t axis,
                  bool independent) {
  const std::string api = "permutation";
  check_key(api, key);
  if (x.ndim() == 0) {
    if (!is_integer(x.dtype()))
      throw error("jx::random::permutation: x must be an integer or at least "
                  "1-dimensional, got " + type_str(x));
    return permutation(key, x.item<int64_t>());
  }
  int64_t ax = frontend::normalize_axis("jx::random::permutation", axis,
                                        x.aval());
  if (independent || x.ndim() == 1)
    return shuffle(api, key, x, ax);
  int64_t n = x.shape()[ax];
  Array ind = shuffle(api, key, jnp::arange(n), 0);
  // x taken at `ind` along ax, by sorting on the inverse permutation.
  Array inv = lax::sort({ind, jnp::arange(n)}, 0, true, 1)[1];
  Array keys = lax::broadcast_in_dim(inv, x.shape(), {ax});
  return lax::sort({keys, x}, ax, true, 1)[1];
}

} // namespace jx::random
