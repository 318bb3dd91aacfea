// float_conversions.cpp - the soft-float conversions compiled code calls.
//
// LLVM lowers an fptrunc to bfloat16 into calls of __truncsfbf2 (from f32)
// and __truncdfbf2 (from f64), which compiler-rt defines and GCC 12's libgcc
// does not; the runtime defines them (compiled_code_symbols() hands them to
// the JIT, and the loader finds them here for shared objects). Both round to
// nearest, ties to even, and keep NaNs NaN (quieted).

#include <cmath>
#include <cstdint>
#include <cstring>

namespace {

uint16_t bf16_bits_of(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  if ((bits & 0x7fffffffu) > 0x7f800000u) // NaN: keep sign and top payload
    return static_cast<uint16_t>((bits >> 16) | 0x0040u);
  bits += 0x7fffu + ((bits >> 16) & 1u);
  return static_cast<uint16_t>(bits >> 16);
}

__bf16 bf16_from_bits(uint16_t bits) {
  __bf16 out;
  std::memcpy(&out, &bits, sizeof out);
  return out;
}

} // namespace

extern "C" __bf16 __truncsfbf2(float f) { return bf16_from_bits(bf16_bits_of(f)); }

extern "C" __bf16 __truncdfbf2(double d) {
  // Two roundings (f64 -> f32 -> bf16) could round twice; rounding the
  // first step to odd instead (truncate, then set the last bit if anything
  // was lost) makes the second, with 16 bits to spare, round correctly.
  if (std::isnan(d))
    return bf16_from_bits(bf16_bits_of(static_cast<float>(d)));
  float f = static_cast<float>(d);
  if (std::isinf(f) && !std::isinf(d)) {
    // Beyond f32's range: beyond bf16's too, which has the same exponents.
    return bf16_from_bits(d > 0 ? 0x7f80u : 0xff80u);
  }
  if (static_cast<double>(f) != d) {
    if (std::fabs(static_cast<double>(f)) > std::fabs(d))
      f = std::nextafter(f, 0.0f); // truncate toward zero
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    bits |= 1u;
    std::memcpy(&f, &bits, sizeof bits);
  }
  return bf16_from_bits(bf16_bits_of(f));
}
