// rules.cpp - helpers shared by the primitive families.

#include "primitives/rules.h"

#include <cassert>

namespace jx::core {

const std::vector<int64_t> &get_ints(const params_t &p, const std::string &k) {
  return std::get<std::vector<int64_t>>(p.at(k));
}
dtype get_dtype(const params_t &p, const std::string &k) {
  return std::get<dtype>(p.at(k));
}
bool get_bool(const params_t &p, const std::string &k) {
  return std::get<bool>(p.at(k));
}

std::optional<shape_t> broadcast_shapes(const shape_t &a, const shape_t &b) {
  if (a.empty())
    return b;
  if (b.empty() || a == b)
    return a;
  if (a.size() != b.size())
    return std::nullopt;
  shape_t out(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] == b[i] || b[i] == 1)
      out[i] = a[i];
    else if (a[i] == 1)
      out[i] = b[i];
    else
      return std::nullopt;
  }
  return out;
}

std::string avals_str(const std::vector<shaped_array> &avals) {
  std::string s;
  for (std::size_t i = 0; i < avals.size(); ++i)
    s += (i ? ", " : "") + avals[i].str();
  return s;
}

} // namespace jx::core
