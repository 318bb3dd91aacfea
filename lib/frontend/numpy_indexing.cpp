// numpy_indexing.cpp - indexing with integer arrays: jx::lax::gather and the
// scatter family, jx::numpy::index / take / take_along_axis, and x.at(idx).
//
// jnp::index and x.at(idx) turn a NumPy index into one gather (scatter) as
// JAX does: every integer array entry (and, next to arrays, every integer)
// is an "advanced" index; these broadcast together, are normalized
// (negative counts from the end: `lt i 0`, `add i n`, `select_n`),
// converted to int32, and become the leading components of the index
// vector; a range with step 1 that is not the whole axis contributes its
// start, a strided range an iota. The indexed block of the result sits
// where the advanced entries are when they are adjacent, first otherwise.

#include "frontend/api_util.h"
#include "jx/lax.h"
#include "jx/numpy.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace jx::lax {

using namespace jx::core;
using frontend::is_literal;
using frontend::literal_as;

namespace {

std::string mode_param(gather_scatter_mode m) {
  switch (m) {
  case gather_scatter_mode::clip: return "GatherScatterMode.CLIP";
  case gather_scatter_mode::fill_or_drop: return "GatherScatterMode.FILL_OR_DROP";
  case gather_scatter_mode::promise_in_bounds:
    return "GatherScatterMode.PROMISE_IN_BOUNDS";
  }
  throw error("jx::lax: unknown gather_scatter_mode " +
              std::to_string(static_cast<int>(m)));
}

/// fill_value as JAX prints it for an operand of `t`.
param fill_param(std::optional<double> v, dtype t) {
  if (!v)
    return none_t{};
  if (is_bool(t))
    return *v != 0;
  if (is_integer(t)) {
    if (std::isnan(*v))
      throw error("jx::lax::gather: fill_value nan for an integer operand");
    if (*v >= 9223372036854775808.0) // 2^63: the highest uint64
      return static_cast<int64_t>(-1);
    return static_cast<int64_t>(*v);
  }
  return *v;
}

/// { lambda ; a:T[] b:T[]. let c:T[] = <p> a b in (c,) }
std::shared_ptr<const ClosedJaxpr> combiner(const primitive &p, dtype t) {
  shaped_array s{t, {}, false};
  auto j = std::make_shared<Jaxpr>();
  Var a = new_var(s), b = new_var(s), c = new_var(s);
  j->invars = {a, b};
  Eqn e;
  e.primitive = &p;
  e.invars = {a, b};
  e.outvars = {c};
  j->eqns.push_back(std::move(e));
  j->outvars = {c};
  auto closed = std::make_shared<ClosedJaxpr>();
  closed->jaxpr = j;
  return closed;
}

Array scatter_impl(const primitive &p, const primitive *combine,
                   const std::string &api, const Array &operand,
                   const Array &scatter_indices, const Array &updates,
                   const scatter_dimension_numbers &dimension_numbers,
                   bool indices_are_sorted, bool unique_indices,
                   std::optional<gather_scatter_mode> mode) {
  if (combine && is_bool(operand.dtype()) &&
      (combine == &add_p || combine == &mul_p))
    throw error(api + ": needs a numeric operand, got " +
                operand.aval().str());
  Array u = updates;
  if (u.dtype() != operand.dtype() && is_literal(u) && u.weak_type())
    u = literal_as(u, operand.dtype(), operand.weak_type());
  param jaxpr = none_t{};
  if (combine)
    jaxpr = combiner(*combine, operand.dtype());
  return bind1(p, {operand, scatter_indices, u},
               {{"dimension_numbers", dimension_numbers},
                {"indices_are_sorted", indices_are_sorted},
                {"unique_indices", unique_indices},
                {"mode",
                 mode_param(mode.value_or(gather_scatter_mode::fill_or_drop))},
                {"update_consts", std::vector<int64_t>{}},
                {"update_jaxpr", jaxpr}});
}

} // namespace

Array gather(const Array &operand, const Array &start_indices,
             const gather_dimension_numbers &dimension_numbers,
             const shape_t &slice_sizes, bool unique_indices,
             bool indices_are_sorted, std::optional<gather_scatter_mode> mode,
             std::optional<double> fill_value) {
  gather_scatter_mode m = mode.value_or(gather_scatter_mode::promise_in_bounds);
  if (m != gather_scatter_mode::fill_or_drop)
    fill_value = std::nullopt; // only FILL_OR_DROP fills
  return bind1(gather_p, {operand, start_indices},
               {{"dimension_numbers", dimension_numbers},
                {"fill_value", fill_param(fill_value, operand.dtype())},
                {"indices_are_sorted", indices_are_sorted},
                {"mode", mode_param(m)},
                {"slice_sizes", slice_sizes},
                {"unique_indices", unique_indices}});
}

Array scatter(const Array &operand, const Array &scatter_indices,
              const Array &updates, const scatter_dimension_numbers &dn,
              bool indices_are_sorted, bool unique_indices,
              std::optional<gather_scatter_mode> mode) {
  return scatter_impl(scatter_p, nullptr, "jx::lax::scatter", operand,
                      scatter_indices, updates, dn, indices_are_sorted,
                      unique_indices, mode);
}
Array scatter_add(const Array &operand, const Array &scatter_indices,
                  const Array &updates, const scatter_dimension_numbers &dn,
                  bool indices_are_sorted, bool unique_indices,
                  std::optional<gather_scatter_mode> mode) {
  return scatter_impl(scatter_add_p, &add_p, "jx::lax::scatter_add", operand,
                      scatter_indices, updates, dn, indices_are_sorted,
                      unique_indices, mode);
}
Array scatter_mul(const Array &operand, const Array &scatter_indices,
                  const Array &updates, const scatter_dimension_numbers &dn,
                  bool indices_are_sorted, bool unique_indices,
                  std::optional<gather_scatter_mode> mode) {
  return scatter_impl(scatter_mul_p, &mul_p, "jx::lax::scatter_mul", operand,
                      scatter_indices, updates, dn, indices_are_sorted,
                      unique_indices, mode);
}
Array scatter_min(const Array &operand, const Array &scatter_indices,
                  const Array &updates, const scatter_dimension_numbers &dn,
                  bool indices_are_sorted, bool unique_indices,
                  std::optional<gather_scatter_mode> mode) {
  return scatter_impl(scatter_min_p, &min_p, "jx::lax::scatter_min", operand,
                      scatter_indices, updates, dn, indices_are_sorted,
                      unique_indices, mode);
}
Array scatter_max(const Array &operand, const Array &scatter_indices,
                  const Array &updates, const scatter_dimension_numbers &dn,
                  bool indices_are_sorted, bool unique_indices,
                  std::optional<gather_scatter_mode> mode) {
  return scatter_impl(scatter_max_p, &max_p, "jx::lax::scatter_max", operand,
                      scatter_indices, updates, dn, indices_are_sorted,
                      unique_indices, mode);
}

} // namespace jx::lax

namespace jx::numpy {

using frontend::is_literal;
using frontend::literal_as;
using frontend::shape_str;
using mode_opt = std::optional<lax::gather_scatter_mode>;

namespace {

/// JAX's fill for out-of-bounds gathers: NaN, the lowest signed or highest
/// unsigned integer, true.
double default_fill(dtype t) {
  if (is_inexact(t))
    return std::numeric_limits<double>::quiet_NaN();
  if (is_bool(t))
    return 1;
  int bits = 8 * static_cast<int>(itemsize(t));
  if (is_signed_integer(t))
    return -std::ldexp(1.0, bits - 1);
  return std::ldexp(1.0, bits) - 1;
}

std::optional<double> fill_for(mode_opt mode, lax::gather_scatter_mode def,
                               std::optional<double> fill, dtype t) {
  if (mode.value_or(def) != lax::gather_scatter_mode::fill_or_drop)
    return std::nullopt;
  return fill ? fill : default_fill(t);
}

/// where(i < 0, i + n, i) for signed indices (a C++ integer on the host).
Array normalize_index(const Array &i, int64_t n) {
  if (!is_signed_integer(i.dtype()))
    return i;
  if (is_literal(i)) {
    int64_t k = i.item<int64_t>();
    return literal_as(Array(k < 0 ? k + n : k), i.dtype(), i.weak_type());
  }
  Array negative = lax::lt(i, Array(0));
  Array wrapped = lax::add(i, Array(n));
  return lax::select_n(negative, {i, wrapped});
}

void check_index_array(const std::string &api, const Array &a,
                       std::size_t position) {
  if (is_bool(a.dtype()))
    throw error(api + ": boolean array indices are not supported yet (the "
                "result's shape would depend on the values), got " +
                a.aval().str() + " at position " + std::to_string(position));
  if (!is_integer(a.dtype()))
    throw error(api + ": array indices must be integers, got " +
                a.aval().str() + " at position " + std::to_string(position));
}

/// NumPy's broadcast of `shapes`, or nullopt.
std::optional<shape_t> broadcast_all(const std::vector<shape_t> &shapes) {
  shape_t out;
  for (const shape_t &s : shapes) {
    std::size_t rank = std::max(out.size(), s.size());
    shape_t a(rank - out.size(), 1), b(rank - s.size(), 1);
    a.insert(a.end(), out.begin(), out.end());
    b.insert(b.end(), s.begin(), s.end());
    for (std::size_t i = 0; i < rank; ++i) {
      if (a[i] != b[i] && a[i] != 1 && b[i] != 1)
        return std::nullopt;
      a[i] = a[i] == 1 ? b[i] : a[i];
    }
    out = a;
  }
  return out;
}

/// A NumPy index as gather's operands and dimension numbers.
struct indexer {
  Array indices; // int32, the index vector last
  std::vector<int64_t> offset_dims, collapsed_slice_dims, start_index_map;
  shape_t slice_sizes;
  shape_t result_shape; // the shape of x[index]
  /// Without integer arrays the indices are sorted and unique (JAX then
  /// says so to gather / scatter).
  bool sorted_unique = false;
};

bool has_array(const std::vector<index_t> &index) {
  return std::any_of(index.begin(), index.end(),
                     [](const index_t &i) { return i.array.has_value(); });
}

indexer make_indexer(const std::string &api, const Array &x,
                     const std::vector<index_t> &index) {
  const int64_t rank = x.ndim();
  if (static_cast<int64_t>(index.size()) > rank)
    throw error(api + ": too many indices (" + std::to_string(index.size()) +
                ") for array " + x.aval().str());
  std::vector<index_t> entries = index;
  while (static_cast<int64_t>(entries.size()) < rank)
    entries.push_back(jx::all());
  bool arrays = has_array(entries);
  std::vector<int64_t> adv_pos; // positions of the advanced entries
  for (int64_t p = 0; p < rank; ++p) {
    if (entries[p].array)
      check_index_array(api, *entries[p].array, p);
    if (entries[p].array || (arrays && entries[p].single))
      adv_pos.push_back(p);
  }
  bool contiguous = true;
  for (std::size_t k = 1; k < adv_pos.size(); ++k)
    contiguous = contiguous && adv_pos[k] == adv_pos[k - 1] + 1;

  // Advanced entries: normalized, broadcast together, as int32.
  std::vector<Array> adv;
  std::vector<shape_t> adv_shapes;
  for (int64_t p : adv_pos) {
    int64_t n = x.shape()[p];
    if (entries[p].array) {
      adv.push_back(normalize_index(*entries[p].array, n));
    } else {
      int64_t k = *entries[p].single;
      adv.push_back(Array(k < 0 ? k + n : k));
    }
    adv_shapes.push_back(adv.back().shape());
  }
  std::optional<shape_t> adv_shape = broadcast_all(adv_shapes);
  if (!adv_shape) {
    std::string shapes;
    for (const shape_t &s : adv_shapes)
      shapes += " " + shape_str(s);
    throw error(api + ": shape mismatch: indexing arrays could not be "
                "broadcast together with shapes" + shapes);
  }
  for (Array &a : adv)
    a = broadcast_to(a, *adv_shape);
  for (Array &a : adv)
    a = lax::convert_element_type(a, dtype::int32, false);

  indexer ix;
  ix.sorted_unique = !arrays;
  ix.slice_sizes.assign(rank, 1);
  shape_t batch; // the indices' shape without the index vector
  std::vector<std::pair<Array, int64_t>> parts; // (component, first dim)
  int64_t y = 0; // dimension of the result
  for (int64_t p = 0; p < rank; ++p) {
    if (!adv_pos.empty() && p == (contiguous ? adv_pos[0] : 0)) {
      for (std::size_t k = 0; k < adv.size(); ++k) {
        parts.push_back({adv[k], static_cast<int64_t>(batch.size())});
        ix.start_index_map.push_back(adv_pos[k]);
        ix.collapsed_slice_dims.push_back(adv_pos[k]);
      }
      batch.insert(batch.end(), adv_shape->begin(), adv_shape->end());
      ix.result_shape.insert(ix.result_shape.end(), adv_shape->begin(),
                             adv_shape->end());
      y += static_cast<int64_t>(adv_shape->size());
    }
    if (std::find(adv_pos.begin(), adv_pos.end(), p) != adv_pos.end())
      continue;
    const index_t &e = entries[p];
    int64_t n = x.shape()[p];
    if (e.single) { // an integer without arrays: a start index
      int64_t k = *e.single < 0 ? *e.single + n : *e.single;
      parts.push_back({Array(k), static_cast<int64_t>(batch.size())});
      ix.start_index_map.push_back(p);
      ix.collapsed_slice_dims.push_back(p);
      continue;
    }
    if (e.step <= 0)
      throw error(api + ": step " + std::to_string(e.step) + " for axis " +
                  std::to_string(p) +
                  " is not supported yet (positive steps only)");
    auto clamp = [n](int64_t v) {
      v = v < 0 ? v + n : v;
      return std::clamp<int64_t>(v, 0, n);
    };
    int64_t lo = e.start ? clamp(*e.start) : 0;
    int64_t hi = std::max(lo, e.stop ? clamp(*e.stop) : n);
    int64_t m = (hi - lo + e.step - 1) / e.step;
    if (e.step == 1) {
      if (m != n) {
        parts.push_back({Array(lo), static_cast<int64_t>(batch.size())});
        ix.start_index_map.push_back(p);
      }
      ix.slice_sizes[p] = m;
      ix.offset_dims.push_back(y);
    } else {
      Array strided = lax::add(
          Array(lo), lax::mul(Array(e.step), lax::iota(dtype::int32, {m})));
      parts.push_back({strided, static_cast<int64_t>(batch.size())});
      batch.push_back(m);
      ix.start_index_map.push_back(p);
      ix.collapsed_slice_dims.push_back(p);
    }
    ix.result_shape.push_back(m);
    ++y;
  }
  std::sort(ix.collapsed_slice_dims.begin(), ix.collapsed_slice_dims.end());

  shape_t ishape = batch;
  ishape.push_back(1);
  std::vector<Array> columns;
  for (const auto &[a, first] : parts) {
    std::vector<int64_t> dims;
    for (int64_t d = 0; d < a.ndim(); ++d)
      dims.push_back(first + d);
    columns.push_back(lax::broadcast_in_dim(a, ishape, dims));
  }
  if (columns.empty()) {
    shape_t empty = batch;
    empty.push_back(0);
    ix.indices = zeros(empty, dtype::int32);
  } else if (columns.size() == 1) {
    ix.indices = columns[0];
  } else {
    ix.indices =
        lax::concatenate(columns, static_cast<int64_t>(batch.size()));
  }
  return ix;
}

gather_dimension_numbers gather_dims(const indexer &ix) {
  return {ix.offset_dims, ix.collapsed_slice_dims, ix.start_index_map, {}, {}};
}

Array gather_at(const std::string &api, const Array &x,
                const std::vector<index_t> &index, mode_opt mode,
                std::optional<double> fill_value) {
  indexer ix = make_indexer(api, x, index);
  auto def = lax::gather_scatter_mode::promise_in_bounds;
  Array r = lax::gather(x, ix.indices, gather_dims(ix), ix.slice_sizes,
                        ix.sorted_unique, ix.sorted_unique, mode.value_or(def),
                        fill_for(mode, def, fill_value, x.dtype()));
  if (r.shape() != ix.result_shape)
    throw std::logic_error(api + ": internal error: gather gave " +
                           r.aval().str() + ", expected shape " +
                           shape_str(ix.result_shape));
  return r;
}

} // namespace

Array index(const Array &a, const std::vector<index_t> &index) {
  if (!has_array(index))
    return slice(a, index);
  return gather_at("jx::index", a, index, std::nullopt, std::nullopt);
}

Array take(const Array &a, const Array &indices, std::optional<int64_t> axis,
           mode_opt mode, std::optional<double> fill_value) {
  const std::string api = "jx::take";
  if (!is_integer(indices.dtype()))
    throw error(api + ": indices must be integers, got " +
                indices.aval().str());
  Array arr = a;
  int64_t ax = 0;
  if (!axis)
    arr = a.ndim() == 1 ? a : lax::reshape(a, {a.size()});
  else
    ax = frontend::normalize_axis(api, *axis, a.aval());
  Array i = normalize_index(indices, arr.shape()[ax]);
  shape_t ishape = i.shape();
  ishape.push_back(1);
  std::vector<int64_t> dims;
  for (int64_t d = 0; d < i.ndim(); ++d)
    dims.push_back(d);
  Array gi = lax::broadcast_in_dim(i, ishape, dims);
  gather_dimension_numbers dn;
  for (int64_t d = 0; d < arr.ndim(); ++d)
    if (d != ax)
      dn.offset_dims.push_back(d < ax ? d : d - 1 + i.ndim());
  dn.collapsed_slice_dims = {ax};
  dn.start_index_map = {ax};
  shape_t slice_sizes = arr.shape();
  slice_sizes[ax] = 1;
  auto def = lax::gather_scatter_mode::fill_or_drop;
  return lax::gather(arr, gi, dn, slice_sizes, false, false,
                     mode.value_or(def),
                     fill_for(mode, def, fill_value, arr.dtype()));
}

Array take_along_axis(const Array &arr, const Array &indices,
                      std::optional<int64_t> axis, mode_opt mode,
                      std::optional<double> fill_value) {
  const std::string api = "jx::take_along_axis";
  if (!is_integer(indices.dtype()))
    throw error(api + ": indices must be integers, got " +
                indices.aval().str());
  Array a = arr;
  int64_t ax = 0;
  if (!axis) {
    if (indices.ndim() != 1)
      throw error(api + ": indices must be 1-d when axis is None, got " +
                  indices.aval().str());
    a = arr.ndim() == 1 ? arr : lax::reshape(arr, {arr.size()});
  } else {
    if (indices.ndim() != arr.ndim())
      throw error(api + ": indices and arr must have the same number of "
                  "dimensions, got " + indices.aval().str() + " and " +
                  arr.aval().str());
    ax = frontend::normalize_axis(api, *axis, arr.aval());
  }
  const shape_t &as = a.shape(), &is = indices.shape();
  for (int64_t d = 0; d < a.ndim(); ++d)
    if (d != ax && as[d] != is[d] && as[d] != 1 && is[d] != 1)
      throw error(api + ": indices " + indices.aval().str() +
                  " do not broadcast against arr " + arr.aval().str() +
                  " (axis " + std::to_string(d) + ")");
  Array i = normalize_index(lax::convert_element_type(indices, dtype::int32),
                            as[ax]);
  gather_dimension_numbers dn;
  shape_t slice_sizes, ishape;
  std::vector<int64_t> squeezed;
  int64_t od = 0, j = 0; // operand and index dimension
  for (int64_t d = 0; d < a.ndim(); ++d) {
    if (d == ax) {
      dn.start_index_map.push_back(od);
      dn.collapsed_slice_dims.push_back(od);
      slice_sizes.push_back(1);
      ishape.push_back(is[d]);
      ++od, ++j;
    } else if (is[d] == 1) { // the whole axis of arr
      dn.offset_dims.push_back(d);
      slice_sizes.push_back(as[d]);
      ++od;
    } else if (as[d] == 1) { // arr broadcasts: drop its axis
      squeezed.push_back(d);
      ishape.push_back(is[d]);
      ++j;
    } else { // both have the axis: a batching dimension
      dn.operand_batching_dims.push_back(od);
      dn.start_indices_batching_dims.push_back(j);
      slice_sizes.push_back(1);
      ishape.push_back(is[d]);
      ++od, ++j;
    }
  }
  ishape.push_back(1);
  if (i.shape() != ishape)
    i = lax::reshape(i, ishape);
  if (!squeezed.empty())
    a = lax::squeeze(a, squeezed);
  auto def = lax::gather_scatter_mode::fill_or_drop;
  return lax::gather(a, i, dn, slice_sizes, false, false, mode.value_or(def),
                     fill_for(mode, def, fill_value, a.dtype()));
}

} // namespace jx::numpy

namespace jx {

namespace jnp = jx::numpy;

at_proxy Array::at(const std::vector<index_t> &index) const {
  return at_proxy(*this, std::make_shared<const std::vector<index_t>>(index));
}

at_proxy Array::at(int64_t index) const {
  return at(std::vector<index_t>{index_t(index)});
}

at_proxy Array::at(int index) const { return at(static_cast<int64_t>(index)); }

at_proxy Array::at(const Array &index) const {
  if (frontend::is_literal(index) && is_integer(index.dtype()))
    return at(index.item<int64_t>());
  return at(std::vector<index_t>{index_t(index)});
}

Array at_proxy::get(mode_t mode, std::optional<double> fill_value) const {
  if (!mode && !jnp::has_array(*index_))
    return jnp::slice(x_, *index_);
  return jnp::gather_at("jx::Array::at().get", x_, *index_, mode, fill_value);
}

namespace {
enum update_op { op_set, op_add, op_multiply, op_min, op_max };
const char *const update_names[] = {"set", "add", "multiply", "min", "max"};
} // namespace

Array at_proxy::update(int op, const Array &values, mode_t mode,
                       bool indices_are_sorted, bool unique_indices) const {
  const std::string api =
      std::string("jx::Array::at().") + update_names[op];
  jnp::indexer ix = jnp::make_indexer(api, x_, *index_);
  // jnp's promotion; the result converts back to x's type.
  typed_dtype t = result_type({{x_.dtype(), x_.weak_type()},
                               {values.dtype(), values.weak_type()}});
  Array x = lax::convert_element_type(x_, t.dtype, t.weak);
  Array v = frontend::is_literal(values)
                ? frontend::literal_as(values, t.dtype, t.weak)
                : lax::convert_element_type(values, t.dtype, t.weak);
  const shape_t &s = ix.result_shape;
  bool fits = v.ndim() <= static_cast<int64_t>(s.size());
  for (int64_t d = 0; fits && d < v.ndim(); ++d) {
    int64_t vd = v.shape()[v.ndim() - 1 - d], sd = s[s.size() - 1 - d];
    fits = vd == sd || vd == 1;
  }
  if (!fits)
    throw error(api + ": values " + values.aval().str() +
                " do not broadcast to the indexed shape " + frontend::shape_str(s) +
                " of " + x_.aval().str());
  v = jnp::broadcast_to(v, s);
  scatter_dimension_numbers dn{ix.offset_dims, ix.collapsed_slice_dims,
                               ix.start_index_map, {}, {}};
  using scatter_fn = Array (*)(const Array &, const Array &, const Array &,
                               const scatter_dimension_numbers &, bool, bool,
                               std::optional<lax::gather_scatter_mode>);
  static const scatter_fn fns[] = {lax::scatter, lax::scatter_add,
                                   lax::scatter_mul, lax::scatter_min,
                                   lax::scatter_max};
  Array r;
  try {
    r = fns[op](x, ix.indices, v, dn, indices_are_sorted || ix.sorted_unique,
                unique_indices || ix.sorted_unique, mode);
  } catch (const error &e) {
    throw error(api + ": " + e.what());
  }
  return lax::convert_element_type(r, x_.dtype(), x_.weak_type());
}

Array at_proxy::set(const Array &values, mode_t mode, bool indices_are_sorted,
                    bool unique_indices) const {
  return update(op_set, values, mode, indices_are_sorted, unique_indices);
}
Array at_proxy::add(const Array &values, mode_t mode, bool indices_are_sorted,
                    bool unique_indices) const {
  return update(op_add, values, mode, indices_are_sorted, unique_indices);
}
Array at_proxy::multiply(const Array &values, mode_t mode,
                         bool indices_are_sorted, bool unique_indices) const {
  return update(op_multiply, values, mode, indices_are_sorted, unique_indices);
}
Array at_proxy::min(const Array &values, mode_t mode, bool indices_are_sorted,
                    bool unique_indices) const {
  return update(op_min, values, mode, indices_are_sorted, unique_indices);
}
Array at_proxy::max(const Array &values, mode_t mode, bool indices_are_sorted,
                    bool unique_indices) const {
  return update(op_max, values, mode, indices_are_sorted, unique_indices);
}

} // namespace jx
