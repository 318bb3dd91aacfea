// format.cpp - printing array values as jax does (numpy's repr rules):
//   Array([[ 1.5 ,  2.  ],
//          [ 3.  , -4.25]], dtype=float32)
// Floats print in the shortest form that reads back (at most 8 fractional
// digits), in scientific form when the magnitudes span more than 1e3 or
// reach 1e16 or fall under 1e-4; all elements share one width.

#include "core/trace.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

namespace jx {

namespace {

/// Shortest round-trip digits of `v` (as a float when `single`):
/// returns the mantissa digits and the decimal exponent of the first one.
std::pair<std::string, int> shortest_digits(double v, bool single) {
  char buf[64];
  std::to_chars_result r = single
      ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(v),
                      std::chars_format::scientific)
      : std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  std::string s(buf, r.ptr);
  std::size_t e = s.find('e');
  std::string mant = s.substr(0, e);
  int exp = std::stoi(s.substr(e + 1));
  mant.erase(std::remove(mant.begin(), mant.end(), '.'), mant.end());
  if (!mant.empty() && mant[0] == '-')
    mant.erase(0, 1);
  return {mant, exp};
}

/// Positional: integer part and fractional digits (no trailing zeros).
std::pair<std::string, std::string> positional(double v, bool single) {
  std::ostringstream os;
  auto [digits, exp] = shortest_digits(std::fabs(v), single);
  int frac_len = std::max<int>(0, static_cast<int>(digits.size()) - 1 - exp);
  if (frac_len > 8) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.8f", std::fabs(v));
    std::string s = buf;
    std::string ip = s.substr(0, s.find('.')), fp = s.substr(s.find('.') + 1);
    while (!fp.empty() && fp.back() == '0')
      fp.pop_back();
    return {(std::signbit(v) ? "-" : "") + ip, fp};
  }
  std::string ip, fp;
  if (exp < 0) {
    ip = "0";
    fp = std::string(-exp - 1, '0') + digits;
  } else {
    std::string d = digits + std::string(std::max(0, exp + 1 - (int)digits.size()), '0');
    ip = d.substr(0, exp + 1);
    fp = d.substr(exp + 1);
  }
  while (!fp.empty() && fp.back() == '0')
    fp.pop_back();
  return {(std::signbit(v) ? "-" : "") + ip, fp};
}

std::string special(double v) {
  if (std::isnan(v))
    return "nan";
  return v < 0 ? "-inf" : "inf";
}

std::vector<std::string> format_floats(const std::vector<double> &v,
                                       bool single) {
  double max_abs = 0, min_abs = INFINITY;
  for (double x : v)
    if (std::isfinite(x) && x != 0) {
      max_abs = std::max(max_abs, std::fabs(x));
      min_abs = std::min(min_abs, std::fabs(x));
    }
  bool sci = max_abs >= 1e16 || (min_abs < 1e-4 && max_abs > 0) ||
             (max_abs > 0 && max_abs / min_abs > 1e3);
  std::vector<std::string> ipart(v.size()), fpart(v.size());
  std::size_t iw = 0, fw = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (!std::isfinite(v[i])) {
      ipart[i] = special(v[i]);
    } else if (sci) {
      auto [digits, exp] = shortest_digits(std::fabs(v[i]), single);
      if (digits.size() > 9)
        digits = digits.substr(0, 9);
      while (digits.size() > 1 && digits.back() == '0')
        digits.pop_back();
      if (v[i] == 0)
        exp = 0;
      char e[16];
      std::snprintf(e, sizeof e, "e%c%02d", exp < 0 ? '-' : '+', std::abs(exp));
      ipart[i] = (std::signbit(v[i]) ? "-" : "") + digits.substr(0, 1);
      fpart[i] = digits.substr(1);
      fpart[i] += std::string("\x01") + e; // exponent kept apart
    } else {
      std::tie(ipart[i], fpart[i]) = positional(v[i], single);
    }
    iw = std::max(iw, ipart[i].size());
    std::size_t f = fpart[i].find('\x01');
    fw = std::max(fw, f == std::string::npos ? fpart[i].size() : f);
  }
  std::vector<std::string> out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    std::string frac = fpart[i], exp;
    if (std::size_t f = frac.find('\x01'); f != std::string::npos) {
      exp = frac.substr(f + 1);
      frac = frac.substr(0, f);
    }
    std::string s = std::string(iw - ipart[i].size(), ' ') + ipart[i];
    if (std::isfinite(v[i]))
      s += "." + frac + std::string(sci ? fw - frac.size() : 0, '0') + exp +
           std::string(sci ? 0 : fw - frac.size(), ' ');
    else
      s += std::string(fw + 1, ' ');
    out[i] = s;
  }
  return out;
}

std::vector<std::string> format_elements(const runtime::host_buffer &b) {
  if (is_inexact(b.dtype)) {
    std::vector<double> v(b.size());
    for (int64_t i = 0; i < b.size(); ++i)
      v[i] = core::element_as_double(b, i);
    return format_floats(v, b.dtype != dtype::float64 &&
                                b.dtype != dtype::complex128);
  }
  std::vector<std::string> out(b.size());
  std::size_t w = 0;
  for (int64_t i = 0; i < b.size(); ++i) {
    out[i] = core::integer_element_str(b, i);
    w = std::max(w, out[i].size());
  }
  for (std::string &s : out)
    s = std::string(w - s.size(), ' ') + s;
  return out;
}

void print_nested(std::ostream &os, const std::vector<std::string> &elems,
                  const shape_t &shape, std::size_t dim, int64_t &next,
                  int indent) {
  if (dim == shape.size()) {
    os << elems[next++];
    return;
  }
  os << '[';
  for (int64_t i = 0; i < shape[dim]; ++i) {
    if (i > 0) {
      if (dim + 1 == shape.size()) {
        os << ", ";
      } else {
        os << ',' << std::string(shape.size() - dim - 1, '\n')
           << std::string(indent + dim + 1, ' ');
      }
    }
    print_nested(os, elems, shape, dim + 1, next, indent);
  }
  os << ']';
}

} // namespace

std::string Array::str() const {
  if (!is_concrete())
    return "Traced<" + aval().str() + ">";
  const runtime::host_buffer &b = buffer();
  std::ostringstream os;
  os << "Array(";
  std::vector<std::string> elems = format_elements(b);
  if (b.shape.empty()) {
    std::string s = elems[0];
    s.erase(0, s.find_first_not_of(' '));
    s.erase(s.find_last_not_of(' ') + 1);
    os << s;
  } else {
    int64_t next = 0;
    print_nested(os, elems, b.shape, 0, next, 6);
  }
  os << ", dtype=" << dtype_name(b.dtype);
  if (weak_type())
    os << ", weak_type=True";
  os << ')';
  return os.str();
}

} // namespace jx
