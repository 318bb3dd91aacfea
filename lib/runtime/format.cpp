// format.cpp - host buffers as text and back (format.h).

#include "jx/runtime/format.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include <unistd.h>

namespace jx::runtime {
namespace {

template <typename T> T load(const uint8_t *p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

template <typename T> std::string shortest(T x) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, x);
  return std::string(buf, r.ptr);
}

/// "(re+imj)" of the complex number at `p` with parts of type T.
template <typename T> std::string complex_text(const uint8_t *p) {
  T im = load<T>(p + sizeof(T));
  return "(" + shortest(load<T>(p)) + (std::signbit(im) ? "" : "+") + shortest(im) + "j)";
}

std::string element(const host_buffer &b, int64_t i) {
  const uint8_t *p = b.data.data() + i * itemsize(b.dtype);
  switch (b.dtype) {
  case dtype::bool_: return *p ? "true" : "false";
  case dtype::int2:
  case dtype::int4:
  case dtype::int8: return std::to_string(load<int8_t>(p));
  case dtype::int16: return std::to_string(load<int16_t>(p));
  case dtype::int32: return std::to_string(load<int32_t>(p));
  case dtype::int64: return std::to_string(load<int64_t>(p));
  case dtype::uint2:
  case dtype::uint4:
  case dtype::uint8: return std::to_string(load<uint8_t>(p));
  case dtype::uint16: return std::to_string(load<uint16_t>(p));
  case dtype::uint32: return std::to_string(load<uint32_t>(p));
  case dtype::uint64: return std::to_string(load<uint64_t>(p));
  case dtype::float16: return shortest(static_cast<float>(load<_Float16>(p)));
  case dtype::bfloat16: {
    uint32_t bits = static_cast<uint32_t>(load<uint16_t>(p)) << 16;
    float f;
    std::memcpy(&f, &bits, 4);
    return shortest(f);
  }
  case dtype::float32: return shortest(load<float>(p));
  case dtype::float64: return shortest(load<double>(p));
  case dtype::complex64: return complex_text<float>(p);
  case dtype::complex128: return complex_text<double>(p);
  }
  return "?";
}

void format_dim(std::string &out, const host_buffer &b, std::size_t dim,
                int64_t offset, const std::vector<int64_t> &strides, bool elide,
                std::size_t edge) {
  int64_t n = b.shape[dim];
  out += '[';
  bool last = dim + 1 == b.shape.size();
  for (int64_t i = 0; i < n; ++i) {
    if (elide && n > static_cast<int64_t>(2 * edge) &&
        i == static_cast<int64_t>(edge)) {
      out += last ? "..., " : "...,\n" + std::string(dim + 1, ' ');
      i = n - static_cast<int64_t>(edge) - 1;
      continue;
    }
    if (last)
      out += element(b, offset + i);
    else
      format_dim(out, b, dim + 1, offset + i * strides[dim], strides, elide, edge);
    if (i + 1 < n)
      out += last ? ", " : ",\n" + std::string(dim + 1, ' ');
  }
  out += ']';
}

} // namespace

std::string format_values(const host_buffer &b, std::size_t threshold,
                          std::size_t edge) {
  if (b.shape.empty())
    return element(b, 0);
  std::vector<int64_t> strides(b.shape.size(), 1);
  for (std::size_t d = b.shape.size() - 1; d-- > 0;)
    strides[d] = strides[d + 1] * b.shape[d + 1];
  std::string out;
  format_dim(out, b, 0, 0, strides, b.size() > static_cast<int64_t>(threshold), edge);
  return out;
}

namespace {

struct element_type {
  const char *name;
  dtype type;
};
constexpr element_type kTypes[] = {
    {"i1", dtype::bool_},    {"i8", dtype::int8},     {"i16", dtype::int16},
    {"i32", dtype::int32},   {"i64", dtype::int64},   {"si8", dtype::int8},
    {"si16", dtype::int16},  {"si32", dtype::int32},  {"si64", dtype::int64},
    {"ui8", dtype::uint8},   {"ui16", dtype::uint16}, {"ui32", dtype::uint32},
    {"ui64", dtype::uint64}, {"f16", dtype::float16}, {"bf16", dtype::bfloat16},
    {"f32", dtype::float32}, {"f64", dtype::float64},
};

template <typename T> void store(uint8_t *p, T v) { std::memcpy(p, &v, sizeof v); }

void store_value(const std::string &text, const std::string &word, dtype t,
                 uint8_t *p) {
  auto bad = [&](const char *what) {
    return std::invalid_argument("inline input '" + text + "': '" + word +
                                 "' is not " + what);
  };
  auto integer = [&](auto zero) {
    using T = decltype(zero);
    T v{};
    auto r = std::from_chars(word.data(), word.data() + word.size(), v);
    if (r.ec != std::errc() || r.ptr != word.data() + word.size())
      throw bad("an integer of the element type (or out of its range)");
    store(p, v);
  };
  auto real = [&]() {
    double v;
    auto r = std::from_chars(word.data(), word.data() + word.size(), v);
    if (r.ec != std::errc() || r.ptr != word.data() + word.size())
      throw bad("a number");
    return v;
  };
  switch (t) {
  case dtype::bool_:
    if (word == "1" || word == "true")
      *p = 1;
    else if (word == "0" || word == "false")
      *p = 0;
    else
      throw bad("0, 1, true or false");
    return;
  case dtype::int8: return integer(int8_t{});
  case dtype::int16: return integer(int16_t{});
  case dtype::int32: return integer(int32_t{});
  case dtype::int64: return integer(int64_t{});
  case dtype::uint8: return integer(uint8_t{});
  case dtype::uint16: return integer(uint16_t{});
  case dtype::uint32: return integer(uint32_t{});
  case dtype::uint64: return integer(uint64_t{});
  case dtype::float16: return store(p, static_cast<_Float16>(real()));
  case dtype::bfloat16: return store(p, static_cast<__bf16>(real()));
  case dtype::float32: return store(p, static_cast<float>(real()));
  case dtype::float64: return store(p, real());
  default: throw bad("of a supported element type");
  }
}

} // namespace

host_buffer parse_inline_buffer(const std::string &text) {
  auto eq = text.find('=');
  if (eq == std::string::npos)
    throw std::invalid_argument("inline input '" + text +
                                "': expected SHAPExTYPE=VALUES, e.g. 2x3xf32=1 2 3 4 5 6");
  std::string type = text.substr(0, eq), values = text.substr(eq + 1);
  host_buffer b;
  // "2x3xf32": dimensions, then the element type after the last 'x'.
  auto x = type.rfind('x');
  std::string element_name = x == std::string::npos ? type : type.substr(x + 1);
  const element_type *found = nullptr;
  for (const element_type &e : kTypes)
    if (element_name == e.name)
      found = &e;
  if (!found)
    throw std::invalid_argument("inline input '" + text + "': unknown element type '" +
                                element_name + "' (i1, i8..i64, ui8..ui64, f16, bf16, f32, f64)");
  b.dtype = found->type;
  int64_t count = 1;
  if (x != std::string::npos) {
    std::string dims = type.substr(0, x) + "x";
    std::size_t start = 0;
    for (std::size_t at; (at = dims.find('x', start)) != std::string::npos; start = at + 1) {
      std::string d = dims.substr(start, at - start);
      int64_t v = -1;
      auto r = std::from_chars(d.data(), d.data() + d.size(), v);
      if (d.empty() || r.ec != std::errc() || r.ptr != d.data() + d.size() || v < 0 ||
          (v > 0 && count > (int64_t(1) << 40) / v))
        throw std::invalid_argument("inline input '" + text + "': bad dimension '" + d + "'");
      b.shape.push_back(v);
      count *= v;
    }
  }
  std::vector<std::string> words;
  std::string word;
  for (char c : values + " ") {
    if (c == ' ' || c == ',' || c == '\t' || c == '\n') {
      if (!word.empty())
        words.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  if (words.size() != static_cast<std::size_t>(count) && !(words.size() == 1 && count > 0))
    throw std::invalid_argument("inline input '" + text + "': " +
                                std::to_string(words.size()) + " values for " +
                                std::to_string(count) + " elements");
  std::size_t size = itemsize(b.dtype);
  b.data.resize(static_cast<std::size_t>(count) * size);
  for (int64_t i = 0; i < count; ++i)
    store_value(text, words.size() == 1 ? words[0] : words[i], b.dtype,
                b.data.data() + i * size);
  return b;
}

host_buffer read_input(const std::string &spec) {
  if (!spec.empty() && spec[0] == '@')
    return read_npy(spec.substr(1));
  if (spec.find('=') != std::string::npos && ::access(spec.c_str(), F_OK) != 0)
    return parse_inline_buffer(spec);
  return read_npy(spec);
}

} // namespace jx::runtime
