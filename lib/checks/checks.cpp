// checks.cpp - the test-only check ops' verdicts: jx_rt_check, in
// libjx_checks, outside the production runtime (check_hooks.h).
//
// Semantics (../shared/conformance/README.md): expect_eq is exact (NaN
// matches NaN); expect_almost_eq allows an absolute difference up to the
// tolerance (NaN matches NaN, infinities must be equal); expect_close allows
// a distance in units in the last place within [min, max] (any NaN matches
// any NaN, other non-finite values must be bitwise equal).

#include "jx/runtime/check_hooks.h"

#include "jx/runtime/check_abi.h"
#include "jx/runtime/checks.h"
#include "jx/runtime/executable.h"

#include <cmath>
#include <cstdio>
#include <cstring>

using jx::check::CheckKind;
using jx::check::ElementFamily;

namespace jx::runtime {
namespace {


struct element_format {
  ElementFamily family;
  unsigned bits;
  std::size_t bytes() const {
    unsigned total = family == ElementFamily::Complex ? 2 * bits : bits;
    return total <= 8 ? 1 : total / 8;
  }
};

uint64_t load_bits(const uint8_t *p, std::size_t bytes) {
  uint64_t v = 0;
  std::memcpy(&v, p, bytes); // little-endian host
  return v;
}

double half_to_double(uint16_t h) {
  int sign = h >> 15, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  double v;
  if (exp == 0)
    v = std::ldexp(mant, -24);
  else if (exp == 31)
    v = mant ? NAN : INFINITY;
  else
    v = std::ldexp(mant + 1024, exp - 25);
  return sign ? -v : v;
}

double bits_to_double(uint64_t bits, ElementFamily family, unsigned width) {
  if (family == ElementFamily::BFloat) {
    uint32_t f = static_cast<uint32_t>(bits) << 16;
    float x;
    std::memcpy(&x, &f, 4);
    return x;
  }
  if (width == 16)
    return half_to_double(static_cast<uint16_t>(bits));
  if (width == 32) {
    uint32_t f = static_cast<uint32_t>(bits);
    float x;
    std::memcpy(&x, &f, 4);
    return x;
  }
  double x;
  std::memcpy(&x, &bits, 8);
  return x;
}

/// Float bits as an integer that orders like the values (for ULP distance).
int64_t ordered(uint64_t bits, unsigned width) {
  uint64_t sign = uint64_t(1) << (width - 1);
  uint64_t mask = width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  bits &= mask;
  return (bits & sign) ? -static_cast<int64_t>(bits & ~sign)
                       : static_cast<int64_t>(bits);
}

/// One real component's verdict.
bool float_matches(CheckKind kind, uint64_t a, uint64_t b, ElementFamily family,
                   unsigned width, double tol, int64_t max_ulp,
                   int64_t min_ulp) {
  double x = bits_to_double(a, family, width);
  double y = bits_to_double(b, family, width);
  if (std::isnan(x) || std::isnan(y))
    return std::isnan(x) && std::isnan(y);
  switch (kind) {
  case CheckKind::ExpectEq:
  case CheckKind::ExpectEqConst:
    return x == y;
  case CheckKind::ExpectAlmostEq:
  case CheckKind::ExpectAlmostEqConst:
    if (std::isinf(x) || std::isinf(y))
      return x == y;
    return std::fabs(x - y) <= tol;
  default: {
    if (!std::isfinite(x) || !std::isfinite(y))
      return a == b;
    unsigned w = family == ElementFamily::BFloat ? 16 : width;
    int64_t d = ordered(a, w) - ordered(b, w);
    if (d < 0)
      d = -d;
    return d >= min_ulp && d <= max_ulp;
  }
  }
}

std::string format_int(uint64_t bits, ElementFamily family, unsigned width) {
  uint64_t mask = width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  bits &= mask;
  if (family == ElementFamily::Bool)
    return bits ? "true" : "false";
  if (family == ElementFamily::Unsigned)
    return std::to_string(bits);
  int64_t v = static_cast<int64_t>(bits);
  if (width < 64 && (bits >> (width - 1)) & 1)
    v = static_cast<int64_t>(bits | ~mask);
  return std::to_string(v);
}

std::string format_float(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.9g", x);
  return buf;
}

std::string format_element(const uint8_t *p, const element_format &f) {
  if (f.family == ElementFamily::Complex) {
    std::size_t part = f.bits / 8;
    double re = bits_to_double(load_bits(p, part), ElementFamily::Float, f.bits);
    double im = bits_to_double(load_bits(p + part, part), ElementFamily::Float, f.bits);
    return "(" + format_float(re) + ", " + format_float(im) + ")";
  }
  uint64_t bits = load_bits(p, f.bytes());
  if (f.family == ElementFamily::Float || f.family == ElementFamily::BFloat)
    return format_float(bits_to_double(bits, f.family, f.bits));
  return format_int(bits, f.family, f.bits);
}

bool element_matches(CheckKind kind, const uint8_t *a, const uint8_t *b,
                     const element_format &f, double tol, int64_t max_ulp,
                     int64_t min_ulp) {
  switch (f.family) {
  case ElementFamily::Complex: {
    std::size_t part = f.bits / 8;
    return float_matches(kind, load_bits(a, part), load_bits(b, part),
                         ElementFamily::Float, f.bits, tol, max_ulp, min_ulp) &&
           float_matches(kind, load_bits(a + part, part),
                         load_bits(b + part, part), ElementFamily::Float,
                         f.bits, tol, max_ulp, min_ulp);
  }
  case ElementFamily::Float:
  case ElementFamily::BFloat:
    return float_matches(kind, load_bits(a, f.bytes()), load_bits(b, f.bytes()),
                         f.family, f.bits, tol, max_ulp, min_ulp);
  default: {
    uint64_t mask = f.bits == 64 ? ~uint64_t(0) : (uint64_t(1) << f.bits) - 1;
    return (load_bits(a, f.bytes()) & mask) == (load_bits(b, f.bytes()) & mask);
  }
  }
}

} // namespace

void enable_checks() {
  register_compiled_code_symbol("jx_rt_check", reinterpret_cast<void *>(&jx_rt_check));
}

} // namespace jx::runtime

extern "C" void jx_rt_check(int32_t kind, int64_t actual, int64_t expected,
                            int64_t count, int32_t element_code,
                            double tolerance, int64_t max_ulp, int64_t min_ulp,
                            int64_t line) {
  using namespace jx::runtime;
  check_log *log = current_check_log();
  if (!log)
    return;
  ++log->checks_run;
  element_format f{static_cast<ElementFamily>(element_code >> 8),
                   static_cast<unsigned>(element_code & 0xff)};
  auto check = static_cast<CheckKind>(kind);
  const auto *a = reinterpret_cast<const uint8_t *>(actual);
  const auto *b = reinterpret_cast<const uint8_t *>(expected);
  std::size_t size = f.bytes();
  int64_t mismatches = 0, first = -1;
  for (int64_t i = 0; i < count; ++i) {
    if (!element_matches(check, a + i * size, b + i * size, f, tolerance,
                         max_ulp, min_ulp)) {
      if (first < 0)
        first = i;
      ++mismatches;
    }
  }
  if (first < 0)
    return;
  std::string what = jx::check::checkKindName(check);
  std::string msg = "check." + what;
  if (line > 0)
    msg += " (line " + std::to_string(line) + ")";
  msg += ": " + std::to_string(mismatches) + " of " + std::to_string(count) +
         " elements differ; first at index " + std::to_string(first) +
         ": got " + format_element(a + first * size, f) + ", expected " +
         format_element(b + first * size, f);
  if (check == CheckKind::ExpectAlmostEq || check == CheckKind::ExpectAlmostEqConst)
    msg += " (tolerance " + format_float(tolerance) + ")";
  if (check == CheckKind::ExpectClose)
    msg += " (ulp range [" + std::to_string(min_ulp) + ", " +
           std::to_string(max_ulp) + "])";
  log->failures.push_back(msg);
}
