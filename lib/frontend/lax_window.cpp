// lax_window.cpp - jx::lax convolution, windowed reductions and erf:
// JAX's argument handling (dimension-number strings, padding strings,
// default dilations), checks naming the API, then bind.

#include "frontend/api_util.h"
#include "jx/lax.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <set>

namespace jx::lax {

using namespace jx::core;

namespace {

std::string ints_str(const std::vector<int64_t> &v) {
  return frontend::shape_str(shape_t(v.begin(), v.end()));
}

std::vector<std::vector<int64_t>>
pairs_param(const std::vector<std::pair<int64_t, int64_t>> &pairs) {
  std::vector<std::vector<int64_t>> out;
  for (auto [lo, hi] : pairs)
    out.push_back({lo, hi});
  return out;
}

std::vector<int64_t> ones_if_empty(const std::vector<int64_t> &v, int64_t n) {
  return v.empty() ? std::vector<int64_t>(n, 1) : v;
}

/// Checks that `v` (a window parameter) has `n` entries.
void check_len(const std::string &api, const char *name,
               const std::vector<int64_t> &v, int64_t n,
               const std::string &what) {
  if (static_cast<int64_t>(v.size()) != n)
    throw error(api + ": " + name + "=" + ints_str(v) + " has " +
                std::to_string(v.size()) + " entries, expected " +
                std::to_string(n) + " for " + what);
}

/// 0 for an empty dimension, else 1 + r * (d - 1) (core.dilate_dim).
int64_t dilate_dim(int64_t d, int64_t r) { return d == 0 ? 0 : 1 + r * (d - 1); }

} // namespace

std::vector<std::pair<int64_t, int64_t>>
padtype_to_pads(const shape_t &in_shape, const shape_t &window_shape,
                const std::vector<int64_t> &window_strides,
                const std::string &padding) {
  std::string p = padding;
  std::transform(p.begin(), p.end(), p.begin(), ::toupper);
  if (p == "VALID")
    return std::vector<std::pair<int64_t, int64_t>>(in_shape.size(), {0, 0});
  if (p != "SAME" && p != "SAME_LOWER")
    throw error("jx::lax::padtype_to_pads: unrecognized padding type '" +
                padding + "' (expected VALID, SAME or SAME_LOWER)");
  if (window_shape.size() != in_shape.size() ||
      window_strides.size() != in_shape.size())
    throw error("jx::lax::padtype_to_pads: window " +
                frontend::shape_str(window_shape) + " and strides " +
                ints_str(window_strides) + " do not match the input shape " +
                frontend::shape_str(in_shape));
  std::vector<std::pair<int64_t, int64_t>> out;
  for (std::size_t i = 0; i < in_shape.size(); ++i) {
    int64_t s = window_strides[i];
    if (s <= 0)
      throw error("jx::lax::padtype_to_pads: window strides must be positive, "
                  "got " + ints_str(window_strides));
    int64_t out_size = (in_shape[i] + s - 1) / s;
    int64_t pad = std::max<int64_t>(
        (out_size - 1) * s + window_shape[i] - in_shape[i], 0);
    if (p == "SAME")
      out.emplace_back(pad / 2, pad - pad / 2);
    else
      out.emplace_back(pad - pad / 2, pad / 2);
  }
  return out;
}

jx::conv_dimension_numbers
conv_dimension_numbers_of(int64_t rank, const conv_dimension_spec &spec) {
  const std::string api = "jx::lax::conv_general_dilated";
  if (spec.numbers)
    return *spec.numbers;
  jx::conv_dimension_numbers d;
  if (spec.lhs.empty() && spec.rhs.empty() && spec.out.empty()) {
    for (int64_t i = 0; i < rank; ++i) {
      d.lhs_spec.push_back(i);
      d.rhs_spec.push_back(i);
      d.out_spec.push_back(i);
    }
    return d;
  }
  const std::string all = "(\"" + spec.lhs + "\", \"" + spec.rhs + "\", \"" +
                          spec.out + "\")";
  const std::string *specs[3] = {&spec.lhs, &spec.rhs, &spec.out};
  const char pairs[3][2] = {{'N', 'C'}, {'O', 'I'}, {'N', 'C'}};
  std::set<char> spatial[3];
  for (int i = 0; i < 3; ++i) {
    const std::string &s = *specs[i];
    char a = pairs[i][0], b = pairs[i][1];
    if (std::count(s.begin(), s.end(), a) != 1 ||
        std::count(s.begin(), s.end(), b) != 1)
      throw error(api + ": dimension_numbers[" + std::to_string(i) +
                  "] must contain the characters '" + a + "' and '" + b +
                  "' exactly once, got " + all);
    if (std::set<char>(s.begin(), s.end()).size() != s.size())
      throw error(api + ": dimension_numbers[" + std::to_string(i) +
                  "] must not have duplicate characters, got " + all);
    if (static_cast<int64_t>(s.size()) != rank)
      throw error(api + ": dimension_numbers[" + std::to_string(i) +
                  "] must have length " + std::to_string(rank) +
                  " (the rank of lhs and rhs), got " + all);
    for (char c : s)
      if (c != a && c != b)
        spatial[i].insert(c);
  }
  if (spatial[0] != spatial[1] || spatial[1] != spatial[2])
    throw error(api + ": dimension_numbers must each have the same set of "
                      "spatial characters, got " + all);
  // Spatial dimensions ordered as in the kernel's string.
  auto perm = [&](const std::string &s, char a, char b) {
    std::vector<int64_t> p{static_cast<int64_t>(s.find(a)),
                           static_cast<int64_t>(s.find(b))};
    for (char c : spec.rhs)
      if (spatial[1].count(c))
        p.push_back(static_cast<int64_t>(s.find(c)));
    return p;
  };
  d.lhs_spec = perm(spec.lhs, 'N', 'C');
  d.rhs_spec = perm(spec.rhs, 'O', 'I');
  d.out_spec = perm(spec.out, 'N', 'C');
  return d;
}

Array conv_general_dilated(const Array &lhs, const Array &rhs,
                           const std::vector<int64_t> &window_strides,
                           const padding_t &padding,
                           const std::vector<int64_t> &lhs_dilation,
                           const std::vector<int64_t> &rhs_dilation,
                           const conv_dimension_spec &dimension_numbers,
                           int64_t feature_group_count,
                           int64_t batch_group_count,
                           std::optional<dtype> preferred_element_type) {
  const std::string api = "jx::lax::conv_general_dilated";
  const std::string operands =
      "lhs " + lhs.aval().str() + ", rhs " + rhs.aval().str();
  int64_t rank = lhs.ndim();
  if (rhs.ndim() != rank || rank < 2)
    throw error(api + ": lhs and rhs must have the same rank (at least 2), "
                      "got " + operands);
  const jx::conv_dimension_numbers dn =
      conv_dimension_numbers_of(rank, dimension_numbers);
  for (const auto *spec : {&dn.lhs_spec, &dn.rhs_spec, &dn.out_spec}) {
    std::vector<int64_t> sorted = *spec;
    std::sort(sorted.begin(), sorted.end());
    for (int64_t i = 0; i < static_cast<int64_t>(sorted.size()); ++i)
      if (sorted[i] != i || static_cast<int64_t>(sorted.size()) != rank)
        throw error(api + ": dimension_numbers " + param_str(dn) +
                    " are not permutations of the " + std::to_string(rank) +
                    " dimensions of " + operands);
  }
  if (lhs.dtype() != rhs.dtype())
    throw error(api + ": operand dtypes differ: " + operands);
  int64_t n = rank - 2;
  const std::string what = std::to_string(n) + " spatial dimensions (" +
                           operands + ")";
  check_len(api, "window_strides", window_strides, n, what);
  std::vector<int64_t> ld = ones_if_empty(lhs_dilation, n);
  std::vector<int64_t> rd = ones_if_empty(rhs_dilation, n);
  check_len(api, "lhs_dilation", ld, n, what);
  check_len(api, "rhs_dilation", rd, n, what);
  std::vector<std::pair<int64_t, int64_t>> pads = padding.pairs;
  if (!padding.type.empty()) {
    if (std::count(ld.begin(), ld.end(), 1) != n)
      throw error(api + ": string padding '" + padding.type +
                  "' is not implemented for lhs_dilation " + ints_str(ld) +
                  " (transposed convolution); give explicit padding");
    shape_t in, window;
    for (int64_t i = 0; i < n; ++i) {
      in.push_back(lhs.shape()[dn.lhs_spec[2 + i]]);
      window.push_back(dilate_dim(rhs.shape()[dn.rhs_spec[2 + i]], rd[i]));
    }
    try {
      pads = padtype_to_pads(in, window, window_strides, padding.type);
    } catch (const error &e) {
      throw error(api + ": " +
                  std::string(e.what()).substr(
                      std::string("jx::lax::padtype_to_pads: ").size()));
    }
  } else if (static_cast<int64_t>(pads.size()) != n) {
    throw error(api + ": padding has " + std::to_string(pads.size()) +
                " (low, high) pairs, expected " + what);
  }
  if (feature_group_count < 1 || batch_group_count < 1)
    throw error(api + ": feature_group_count and batch_group_count must be "
                      "positive, got " + std::to_string(feature_group_count) +
                " and " + std::to_string(batch_group_count));
  params_t params{{"window_strides", window_strides},
                  {"padding", pairs_param(pads)},
                  {"lhs_dilation", ld},
                  {"rhs_dilation", rd},
                  {"dimension_numbers", dn},
                  {"feature_group_count", feature_group_count},
                  {"batch_group_count", batch_group_count},
                  {"precision", none_t{}},
                  {"preferred_element_type", none_t{}},
                  {"out_sharding", none_t{}}};
  if (preferred_element_type)
    params["preferred_element_type"] = *preferred_element_type;
  return bind1(conv_general_dilated_p, {lhs, rhs}, params);
}

Array conv(const Array &lhs, const Array &rhs,
           const std::vector<int64_t> &window_strides,
           const padding_t &padding) {
  if (lhs.ndim() != 4 || rhs.ndim() != 4)
    throw error("jx::lax::conv: needs 4-d NCHW lhs and OIHW rhs, got " +
                lhs.aval().str() + " and " + rhs.aval().str());
  return conv_general_dilated(lhs, rhs, window_strides, padding, {}, {},
                              conv_dimension_spec{"NCHW", "OIHW", "NCHW"});
}

namespace {

Array window_reduce(const primitive &p, const Array &x,
                    const std::vector<int64_t> &window_dimensions,
                    const std::vector<int64_t> &window_strides,
                    const padding_t &padding,
                    const std::vector<int64_t> &base_dilation,
                    const std::vector<int64_t> &window_dilation) {
  const std::string api = "jx::lax::" + p.name;
  int64_t n = x.ndim();
  const std::string what = "operand " + x.aval().str();
  check_len(api, "window_dimensions", window_dimensions, n, what);
  std::vector<int64_t> strides = ones_if_empty(window_strides, n);
  check_len(api, "window_strides", strides, n, what);
  std::vector<int64_t> bd = ones_if_empty(base_dilation, n);
  std::vector<int64_t> wd = ones_if_empty(window_dilation, n);
  check_len(api, "base_dilation", bd, n, what);
  check_len(api, "window_dilation", wd, n, what);
  std::vector<std::pair<int64_t, int64_t>> pads = padding.pairs;
  if (!padding.type.empty()) {
    try {
      pads = padtype_to_pads(x.shape(),
                             shape_t(window_dimensions.begin(),
                                     window_dimensions.end()),
                             strides, padding.type);
    } catch (const error &e) {
      throw error(api + ": " +
                  std::string(e.what()).substr(
                      std::string("jx::lax::padtype_to_pads: ").size()));
    }
  } else if (static_cast<int64_t>(pads.size()) != n) {
    throw error(api + ": padding has " + std::to_string(pads.size()) +
                " (low, high) pairs, expected " + std::to_string(n) +
                " for " + what);
  }
  return bind1(p, {x},
               {{"window_dimensions", window_dimensions},
                {"window_strides", strides},
                {"padding", pairs_param(pads)},
                {"base_dilation", bd},
                {"window_dilation", wd}});
}

} // namespace

Array reduce_window_sum(const Array &x,
                        const std::vector<int64_t> &window_dimensions,
                        const std::vector<int64_t> &window_strides,
                        const padding_t &padding,
                        const std::vector<int64_t> &base_dilation,
                        const std::vector<int64_t> &window_dilation) {
  return window_reduce(reduce_window_sum_p, x, window_dimensions,
                       window_strides, padding, base_dilation,
                       window_dilation);
}
Array reduce_window_max(const Array &x,
                        const std::vector<int64_t> &window_dimensions,
                        const std::vector<int64_t> &window_strides,
                        const padding_t &padding,
                        const std::vector<int64_t> &base_dilation,
                        const std::vector<int64_t> &window_dilation) {
  return window_reduce(reduce_window_max_p, x, window_dimensions,
                       window_strides, padding, base_dilation,
                       window_dilation);
}
Array reduce_window_min(const Array &x,
                        const std::vector<int64_t> &window_dimensions,
                        const std::vector<int64_t> &window_strides,
                        const padding_t &padding,
                        const std::vector<int64_t> &base_dilation,
                        const std::vector<int64_t> &window_dilation) {
  return window_reduce(reduce_window_min_p, x, window_dimensions,
                       window_strides, padding, base_dilation,
                       window_dilation);
}

Array reduce_window(const Array &x, const Array &init_value,
                    window_reducer computation,
                    const std::vector<int64_t> &window_dimensions,
                    const std::vector<int64_t> &window_strides,
                    const padding_t &padding,
                    const std::vector<int64_t> &base_dilation,
                    const std::vector<int64_t> &window_dilation) {
  const std::string api = "jx::lax::reduce_window";
  if (init_value.ndim() != 0 || !init_value.is_concrete())
    throw error(api + ": init_value must be a concrete 0-d value, got " +
                init_value.aval().str());
  if (!(frontend::is_literal(init_value) && init_value.weak_type()) &&
      init_value.dtype() != x.dtype())
    throw error(api + ": init_value " + init_value.aval().str() +
                " does not match operand " + x.aval().str());
  // The identity check, on the init value converted to the operand's dtype.
  Array init = frontend::literal_as(init_value, x.dtype(), false);
  bool identity = false;
  dtype t = x.dtype();
  const primitive *p = &reduce_window_sum_p;
  if (computation == window_reducer::add) {
    identity = init.item<double>() == 0;
  } else {
    bool is_max = computation == window_reducer::max;
    p = is_max ? &reduce_window_max_p : &reduce_window_min_p;
    if (is_inexact(t)) {
      double v = init.item<double>();
      identity = std::isinf(v) && (v < 0) == is_max;
    } else if (is_bool(t)) {
      identity = init.item<bool>() == !is_max;
    } else {
      // Compare raw bytes (64-bit extremes do not survive doubles).
      std::size_t bytes = init.buffer().data.size();
      uint64_t v = 0;
      std::memcpy(&v, init.buffer().data.data(), bytes); // little-endian host
      uint64_t sign = uint64_t{1} << (8 * bytes - 1);
      uint64_t all = bytes == 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * bytes)) - 1;
      uint64_t lowest = is_signed_integer(t) ? sign : 0;
      uint64_t highest = is_signed_integer(t) ? sign - 1 : all;
      identity = v == (is_max ? lowest : highest);
    }
  }
  if (!identity)
    throw error(api + ": jx supports only the identity of the computation as "
                      "init_value (0 for add, -inf or the lowest value for "
                      "max, +inf or the highest for min), got " +
                init_value.aval().str());
  return window_reduce(*p, x, window_dimensions, window_strides, padding,
                       base_dilation, window_dilation);
}

Array erf(const Array &x) {
  if (!is_floating(x.dtype()))
    throw error("jx::lax::erf: needs a floating operand, got " +
                x.aval().str());
  return bind1(erf_p, {x});
}
Array erfc(const Array &x) {
  if (!is_floating(x.dtype()))
    throw error("jx::lax::erfc: needs a floating operand, got " +
                x.aval().str());
  return bind1(erfc_p, {x});
}

} // namespace jx::lax
