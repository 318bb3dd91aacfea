// collective.cpp - psum, pmax, pmin, all_gather, psum_scatter, ppermute,
// all_to_all and axis_index: the collectives over a pmap axis (jx/parallel.h),
// with the axis environment that names pmap's axes while it traces.
//
// Parameters: `axes` (the axis name), `axis_size` (its device count, from
// the environment when bound), `axis_index_groups` (empty: one group of
// every device). They lower to StableHLO's cross-replica collectives
// (pmap's module has mhlo.num_replicas = N).

#include "primitives/collective.h"
#include "primitives/monoid.h"

#include "core/trace.h"
#include "frontend/lowering.h"
#include "jx/lax.h"
#include "jx/parallel.h"
#include "primitives/batching.h"
#include "primitives/rules.h"

#include <algorithm>

namespace jx::core {

namespace hlo = jx::stablehlo;
using frontend::lowering_context;
using values = std::vector<mlir::Value>;

namespace {

/// A bound axis: its name and size, and the mesh it belongs to (pmap: a
/// mesh of that one axis) with its position there.
struct bound_axis {
  std::string name;
  int64_t size;
  std::vector<int64_t> mesh;
  int64_t index;
  int64_t scope; // which axis_scope bound it: axes of one mesh share it
};
thread_local std::vector<bound_axis> axis_env;
thread_local int64_t scopes_made = 0;

/// The innermost binding of axis `name`; throws jx::error "<api>: unbound
/// axis name ..." when there is none.
const bound_axis &innermost_bound(const std::string &name,
                                  const std::string &api) {
  for (auto it = axis_env.rbegin(); it != axis_env.rend(); ++it)
    if (it->name == name)
      return *it;
  std::string bound;
  for (const bound_axis &a : axis_env)
    bound += (bound.empty() ? "" : ", ") + ("'" + a.name + "'");
  throw error(api + ": unbound axis name '" + name + "' (" +
              (bound.empty() ? std::string("no pmap or shard_map is tracing")
                             : "the axes bound are " + bound) +
              ")");
}

int64_t axis_size_of(const params_t &p) {
  return std::get<int64_t>(p.at("axis_size"));
}
const std::vector<std::vector<int64_t>> &groups_of(const params_t &p) {
  return std::get<std::vector<std::vector<int64_t>>>(p.at("axis_index_groups"));
}
/// The devices one collective combines: a group's size, or the axis'.
int64_t group_size(const params_t &p) {
  const auto &g = groups_of(p);
  return g.empty() ? axis_size_of(p) : static_cast<int64_t>(g[0].size());
}

/// The mesh the collective's axes belong to, and for each named axis (in
/// the order named: the first the most major) its position there and its
/// stride in the mesh's row-major device order.
struct mesh_axes {
  std::vector<int64_t> shape;
  std::vector<int64_t> index, stride;
  int64_t devices() const {
    int64_t total = 1;
    for (int64_t s : shape)
      total *= s;
    return total;
  }
};
mesh_axes mesh_of(const params_t &p) {
  mesh_axes m;
  m.shape = std::get<std::vector<int64_t>>(p.at("mesh_shape"));
  m.index = std::get<std::vector<int64_t>>(p.at("mesh_axes"));
  for (int64_t i : m.index) {
    int64_t stride = 1;
    for (std::size_t k = i + 1; k < m.shape.size(); ++k)
      stride *= m.shape[k];
    m.stride.push_back(stride);
  }
  return m;
}

/// The groups of devices one collective combines: axis_index_groups as
/// given, else the devices that differ only along the named axes, each in
/// the order of its index over those axes (the first named the most major).
std::vector<std::vector<int64_t>> device_groups(const params_t &p) {
  std::vector<std::vector<int64_t>> groups = groups_of(p);
  if (!groups.empty())
    return groups;
  mesh_axes m = mesh_of(p);
  for (int64_t d = 0; d < m.devices(); ++d) {
    bool first = true;
    for (std::size_t k = 0; k < m.index.size(); ++k)
      first &= (d / m.stride[k]) % m.shape[m.index[k]] == 0;
    if (!first)
      continue;
    std::vector<int64_t> g = {d};
    for (std::size_t k = m.index.size(); k-- > 0;) {
      std::vector<int64_t> wider;
      for (int64_t j = 0; j < m.shape[m.index[k]]; ++j)
        for (int64_t e : g)
          wider.push_back(e + j * m.stride[k]);
      g = std::move(wider);
    }
    groups.push_back(std::move(g));
  }
  return groups;
}

/// A list of lists of device ids (each `width` long) as the i64 matrix
/// StableHLO takes.
mlir::DenseIntElementsAttr i64_matrix(lowering_context &c,
                                      const std::vector<std::vector<int64_t>> &rows,
                                      int64_t width) {
  std::vector<int64_t> flat;
  for (const auto &r : rows)
    flat.insert(flat.end(), r.begin(), r.end());
  auto type = mlir::RankedTensorType::get(
      {static_cast<int64_t>(rows.size()), width}, c.b.getI64Type());
  return mlir::DenseIntElementsAttr::get(type, llvm::ArrayRef<int64_t>(flat));
}

mlir::DenseIntElementsAttr replica_groups(lowering_context &c,
                                          const params_t &p) {
  std::vector<std::vector<int64_t>> groups = device_groups(p);
  return i64_matrix(c, groups, static_cast<int64_t>(groups[0].size()));
}

/// A batched value with its batch dim moved to the front; the collective
/// then works on dims shifted by one.
std::pair<std::vector<Array>, std::vector<batch_dim>>
batch_front(const std::vector<Array> &args, const std::vector<batch_dim> &dims,
            const std::function<Array(const Array &)> &f) {
  Array x = move_axis(args[0], *dims[0], 0);
  return {{f(x)}, {0}};
}

int64_t shifted(const params_t &p, const std::string &k) {
  return std::get<int64_t>(p.at(k)) + 1;
}

// -- psum, pmax, pmin ---------------------------------------------------------

/// The region `a op b` of an all_reduce or reduce_scatter on `type`'s
/// element type.
void build_combine(lowering_context &c, mlir::Region &region, mlir::Type type,
                   monoid how) {
  build_monoid_body(
      c, region,
      mlir::RankedTensorType::get(
          {}, mlir::cast<mlir::RankedTensorType>(type).getElementType()),
      how);
}

template <monoid C>
values lower_all_reduce(lowering_context &c, const values &in, const Eqn &e) {
  mlir::Type type = in[0].getType();
  auto op = hlo::AllReduceOp::create(c.b, c.loc, mlir::TypeRange{type},
                                     mlir::ValueRange{in[0]},
                                     replica_groups(c, e.params),
                                     hlo::ChannelHandleAttr(), false);
  build_combine(c, op.getComputation(), type, C);
  return {op.getResult(0)};
}

std::vector<shaped_array> same_aval(const std::vector<shaped_array> &in,
                                    const params_t &) {
  return {in[0]};
}

} // namespace

const primitive psum_p{"psum", same_aval, lower_all_reduce<monoid::sum>};
const primitive pmax_p{"pmax", same_aval, lower_all_reduce<monoid::max>};
const primitive pmin_p{"pmin", same_aval, lower_all_reduce<monoid::min>};

// -- all_gather ---------------------------------------------------------------

namespace {

std::vector<shaped_array> all_gather_rule(const std::vector<shaped_array> &in,
                                          const params_t &p) {
  shaped_array out = in[0];
  int64_t at = std::get<int64_t>(p.at("all_gather_dimension"));
  int64_t g = group_size(p);
  if (get_bool(p, "tiled")) {
    if (at < 0 || at >= out.ndim())
      throw error("jx::lax::all_gather: axis " + std::to_string(at) +
                  " is out of range for " + in[0].str() + " (tiled)");
    out.shape[at] *= g;
  } else {
    if (at < 0 || at > out.ndim())
      throw error("jx::lax::all_gather: axis " + std::to_string(at) +
                  " is out of range for " + in[0].str());
    out.shape.insert(out.shape.begin() + at, g);
  }
  return {out};
}

values lower_all_gather(lowering_context &c, const values &in, const Eqn &e) {
  int64_t at = std::get<int64_t>(e.params.at("all_gather_dimension"));
  mlir::Value x = in[0];
  shaped_array xa = aval_of(e.invars[0]);
  if (!get_bool(e.params, "tiled")) {
    xa.shape.insert(xa.shape.begin() + at, 1);
    x = hlo::ReshapeOp::create(c.b, c.loc, frontend::tensor_type(xa), x);
  }
  auto op = hlo::AllGatherOp::create(
      c.b, c.loc,
      mlir::TypeRange{frontend::tensor_type(e.outvars[0]->aval)},
      mlir::ValueRange{x}, static_cast<uint64_t>(at),
      replica_groups(c, e.params), hlo::ChannelHandleAttr(), false);
  return {op.getResult(0)};
}

} // namespace

const primitive all_gather_p{"all_gather", all_gather_rule, lower_all_gather};

// -- psum_scatter (JAX's reduce_scatter) --------------------------------------

namespace {

std::vector<shaped_array> psum_scatter_rule(const std::vector<shaped_array> &in,
                                            const params_t &p) {
  shaped_array out = in[0];
  int64_t d = std::get<int64_t>(p.at("scatter_dimension"));
  int64_t g = group_size(p);
  if (d < 0 || d >= out.ndim())
    throw error("jx::lax::psum_scatter: scatter_dimension " +
                std::to_string(d) + " is out of range for " + in[0].str());
  if (get_bool(p, "tiled")) {
    if (out.shape[d] % g)
      throw error("jx::lax::psum_scatter: dimension " + std::to_string(d) +
                  " of " + in[0].str() + " does not split into " +
                  std::to_string(g) + " blocks");
    out.shape[d] /= g;
  } else {
    if (out.shape[d] != g)
      throw error("jx::lax::psum_scatter: dimension " + std::to_string(d) +
                  " of " + in[0].str() + " must equal the axis size " +
                  std::to_string(g) + " (or use tiled)");
    out.shape.erase(out.shape.begin() + d);
  }
  return {out};
}

values lower_psum_scatter(lowering_context &c, const values &in, const Eqn &e) {
  int64_t d = std::get<int64_t>(e.params.at("scatter_dimension"));
  shaped_array block = aval_of(e.invars[0]);
  block.shape[d] /= group_size(e.params);
  mlir::Type type = frontend::tensor_type(block);
  auto op = hlo::ReduceScatterOp::create(
      c.b, c.loc, type, in[0], static_cast<uint64_t>(d),
      replica_groups(c, e.params), hlo::ChannelHandleAttr(), false);
  build_combine(c, op.getComputation(), type, monoid::sum);
  mlir::Value r = op.getResult();
  if (!get_bool(e.params, "tiled"))
    r = hlo::ReshapeOp::create(c.b, c.loc,
                               frontend::tensor_type(e.outvars[0]->aval), r);
  return {r};
}

} // namespace

const primitive psum_scatter_p{"reduce_scatter", psum_scatter_rule,
                               lower_psum_scatter};

// -- ppermute -----------------------------------------------------------------

namespace {

values lower_ppermute(lowering_context &c, const values &in, const Eqn &e) {
  // The pairs are indices along the named axes: applied within every group
  // of devices that differ only along them, as device ids.
  const auto &perm = std::get<std::vector<std::vector<int64_t>>>(e.params.at("perm"));
  std::vector<std::vector<int64_t>> pairs;
  for (const auto &g : device_groups(e.params))
    for (const auto &pair : perm)
      pairs.push_back({g[pair[0]], g[pair[1]]});
  auto op = hlo::CollectivePermuteOp::create(
      c.b, c.loc, in[0].getType(), in[0],
      i64_matrix(c, pairs, 2),
      hlo::ChannelHandleAttr());
  return {op.getResult()};
}

} // namespace

const primitive ppermute_p{"ppermute", same_aval, lower_ppermute};

// -- all_to_all ---------------------------------------------------------------

namespace {

std::vector<shaped_array> all_to_all_rule(const std::vector<shaped_array> &in,
                                          const params_t &p) {
  shaped_array out = in[0];
  int64_t s = std::get<int64_t>(p.at("split_axis"));
  int64_t c = std::get<int64_t>(p.at("concat_axis"));
  int64_t g = group_size(p);
  if (s < 0 || s >= out.ndim() || c < 0 || c >= out.ndim())
    throw error("jx::lax::all_to_all: split_axis " + std::to_string(s) +
                " or concat_axis " + std::to_string(c) +
                " is out of range for " + in[0].str());
  if (out.shape[s] % g)
    throw error("jx::lax::all_to_all: dimension " + std::to_string(s) + " of " +
                in[0].str() + " does not split into " + std::to_string(g) +
                " blocks");
  out.shape[s] /= g;
  out.shape[c] *= g;
  return {out};
}

values lower_all_to_all(lowering_context &c, const values &in, const Eqn &e) {
  auto op = hlo::AllToAllOp::create(
      c.b, c.loc, mlir::TypeRange{frontend::tensor_type(e.outvars[0]->aval)},
      mlir::ValueRange{in[0]},
      static_cast<uint64_t>(std::get<int64_t>(e.params.at("split_axis"))),
      static_cast<uint64_t>(std::get<int64_t>(e.params.at("concat_axis"))),
      static_cast<uint64_t>(group_size(e.params)), replica_groups(c, e.params),
      hlo::ChannelHandleAttr());
  return {op.getResult(0)};
}

} // namespace

const primitive all_to_all_p{"all_to_all", all_to_all_rule, lower_all_to_all};

// -- axis_index ---------------------------------------------------------------

const primitive axis_index_p{
    "axis_index",
    [](const std::vector<shaped_array> &, const params_t &) {
      return std::vector<shaped_array>{{dtype::int32, {}, false}};
    },
    [](lowering_context &c, const values &, const Eqn &e) {
      // The device's index over the named axes: its coordinate along each,
      // (id / stride) % size, the first axis the most major.
      mesh_axes m = mesh_of(e.params);
      auto i32 = mlir::RankedTensorType::get({}, c.b.getI32Type());
      mlir::Value id = hlo::ConvertOp::create(
          c.b, c.loc, i32, hlo::ReplicaIdOp::create(c.b, c.loc));
      auto constant = [&](int64_t v) -> mlir::Value {
        return hlo::ConstantOp::create(
            c.b, c.loc,
            mlir::DenseElementsAttr::get(i32, static_cast<int32_t>(v)));
      };
      mlir::Value r;
      for (std::size_t k = 0; k < m.index.size(); ++k) {
        mlir::Value coord = id;
        if (m.stride[k] != 1)
          coord = hlo::DivOp::create(c.b, c.loc, coord, constant(m.stride[k]));
        if (m.stride[k] * m.shape[m.index[k]] != m.devices())
          coord = hlo::RemOp::create(c.b, c.loc, coord,
                                     constant(m.shape[m.index[k]]));
        if (r) {
          r = hlo::MulOp::create(c.b, c.loc, r,
                                 constant(m.shape[m.index[k]]));
          r = hlo::AddOp::create(c.b, c.loc, r, coord);
        } else {
          r = coord;
        }
      }
      return values{r};
    }};


// -- the axis environment -----------------------------------------------------

params_t base_params(const std::string &api, const std::vector<std::string> &axes,
                     const std::vector<std::vector<int64_t>> &groups) {
  if (axes.empty())
    throw error(api + ": no axis name given");
  std::vector<const bound_axis *> bound;
  for (const std::string &axis : axes) {
    const bound_axis *b = &innermost_bound(axis, api);
    for (const bound_axis *seen : bound)
      if (seen == b)
        throw error(api + ": axis '" + axis + "' is named twice");
    if (!bound.empty() && b->scope != bound[0]->scope)
      throw error(api + ": axes '" + bound[0]->name + "' and '" + axis +
                  "' belong to different pmaps or meshes; a collective over "
                  "several axes takes axes of one mesh");
    bound.push_back(b);
  }
  int64_t n = 1;
  std::string names;
  std::vector<int64_t> positions;
  for (const bound_axis *b : bound) {
    n *= b->size;
    names += (names.empty() ? "" : ", ") + b->name;
    positions.push_back(b->index);
  }
  if (bound.size() > 1)
    names = "(" + names + ")";
  if (!groups.empty() && (bound.size() > 1 || bound[0]->mesh.size() > 1))
    throw error(api + ": axis_index_groups over " +
                (bound.size() > 1 ? "several axes"
                                  : "axis '" + axes[0] + "' of a mesh of several axes") +
                " is not supported");
  if (!groups.empty()) {
    std::vector<char> seen(n, 0);
    std::size_t size = groups[0].size();
    for (const auto &g : groups) {
      if (g.size() != size || g.empty())
        throw error(api + ": axis_index_groups must all have the same, "
                          "non-zero size");
      for (int64_t i : g) {
        if (i < 0 || i >= n || seen[i])
          throw error(api + ": axis_index_groups must hold each index of "
                            "axis '" + axes[0] + "' (size " + std::to_string(n) +
                      ") once; " + std::to_string(i) + " is " +
                      (i < 0 || i >= n ? "out of range" : "repeated"));
        seen[i] = 1;
      }
    }
    for (int64_t i = 0; i < n; ++i)
      if (!seen[i])
        throw error(api + ": axis_index_groups leave out index " +
                    std::to_string(i) + " of axis '" + axes[0] + "'");
  }
  return {{"axes", names},
          {"axis_size", n},
          {"axis_index_groups", groups},
          {"mesh_shape", bound[0]->mesh},
          {"mesh_axes", positions}};
}

params_t base_params(const std::string &api, const std::string &axis,
                     const std::vector<std::vector<int64_t>> &groups) {
  return base_params(api, std::vector<std::string>{axis}, groups);
}

axis_scope::axis_scope(std::string name, int64_t size) : count_(1) {
  axis_env.push_back({std::move(name), size, {size}, 0, ++scopes_made});
}
axis_scope::axis_scope(const std::vector<std::string> &names,
                       const std::vector<int64_t> &sizes)
    : count_(names.size()) {
  int64_t scope = ++scopes_made;
  for (std::size_t i = 0; i < names.size(); ++i)
    axis_env.push_back(
        {names[i], sizes[i], sizes, static_cast<int64_t>(i), scope});
}
axis_scope::~axis_scope() {
  for (std::size_t i = 0; i < count_; ++i)
    axis_env.pop_back();
}

int64_t bound_axis_size(const std::string &name, const std::string &api) {
  return innermost_bound(name, api).size;
}

// -- transformation rules -----------------------------------------------------

namespace {

/// The axes a collective names, in order (its `axes` parameter: `i`, or
/// `(i, j)` for several).
std::vector<std::string> axis_list(const params_t &p) {
  std::string s = std::get<std::string>(p.at("axes"));
  if (s.size() < 2 || s.front() != '(' || s.back() != ')')
    return {s};
  std::vector<std::string> names;
  s = s.substr(1, s.size() - 2);
  for (std::size_t at = 0;;) {
    std::size_t comma = s.find(", ", at);
    names.push_back(s.substr(at, comma - at));
    if (comma == std::string::npos)
      break;
    at = comma + 2;
  }
  return names;
}

/// A collective's parameters without axis `name` (of `size`), or nullopt
/// when it named no other axis.
std::optional<params_t> without_axis(const params_t &p, const std::string &name,
                                     int64_t size) {
  std::vector<std::string> names = axis_list(p);
  if (names.size() < 2)
    return std::nullopt;
  auto mesh_axes = std::get<std::vector<int64_t>>(p.at("mesh_axes"));
  std::string joined;
  std::vector<int64_t> kept;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name)
      continue;
    joined += (joined.empty() ? "" : ", ") + names[i];
    kept.push_back(mesh_axes[i]);
  }
  params_t q = p;
  q["axes"] = kept.size() > 1 ? "(" + joined + ")" : joined;
  q["axis_size"] = axis_size_of(p) / size;
  q["mesh_axes"] = kept;
  return q;
}

using batched = std::pair<std::vector<Array>, std::vector<batch_dim>>;
/// A collective's rule over the named vmap axis: `x` (the operand, absent
/// for axis_index) has the batch, `n` examples, at dim 0.
using named_rule = std::function<batched(const Array &x, const params_t &p,
                                         int64_t n, const std::string &axis)>;

/// The batching rule of a collective: `named` when it names the vmap axis
/// being batched (jx::vmap's axis_name), else `other` (a collective over a
/// pmap or mesh axis, run once per example). `several`: whether it may
/// name other axes with it.
batch_fn named_or(const std::string &prim, bool several, named_rule named,
                  batch_fn other) {
  return [=](const std::vector<Array> &args, const std::vector<batch_dim> &dims,
             const params_t &p) -> batched {
    const named_batch *nb = current_named_batch();
    if (!nb)
      return other(args, dims, p);
    std::vector<std::string> axes = axis_list(p);
    if (std::find(axes.begin(), axes.end(), nb->name) == axes.end())
      return other(args, dims, p);
    const std::string api = "jx::lax::" + prim;
    if (!groups_of(p).empty() && !several)
      throw error(api + ": axis_index_groups over vmap axis '" + nb->name +
                  "' are not supported");
    if (axes.size() > 1 && !several)
      throw error(api + " over axes " + std::get<std::string>(p.at("axes")) +
                  " is not supported under a vmap named '" + nb->name +
                  "' (a pmap or shard_map lowered into a program, as in a "
                  "loop under jit, runs as one vmap per mesh axis): only "
                  "psum, pmax and pmin take the vmap's axis with others");
    Array x = args.empty() ? Array() : batch_at(args[0], dims[0], nb->size, 0);
    return named(x, p, nb->size, nb->name);
  };
}

/// The rows `rows` of `x` along dim 0, in that order.
Array take_rows(const Array &x, const std::vector<int64_t> &rows) {
  std::vector<Array> parts;
  for (int64_t r : rows) {
    std::vector<int64_t> start(x.ndim(), 0), limit = x.shape();
    start[0] = r;
    limit[0] = r + 1;
    parts.push_back(lax::slice(x, start, limit));
  }
  return lax::concatenate(parts, 0);
}

/// psum, pmax, pmin over the vmap axis: the reduction over the batch
/// (one value for all examples), then over the other axes named. With
/// axis_index_groups, each group's examples are reduced and each example
/// gets its group's value.
named_rule named_reduction(const primitive &prim,
                           Array (*reduce)(const Array &,
                                           const std::vector<int64_t> &)) {
  return [&prim, reduce](const Array &x, const params_t &p, int64_t n,
                         const std::string &axis) -> batched {
    const auto &groups = groups_of(p);
    if (!groups.empty()) {
      std::vector<int64_t> order, group_of(n);
      for (std::size_t g = 0; g < groups.size(); ++g)
        for (int64_t m : groups[g]) {
          order.push_back(m);
          group_of[m] = static_cast<int64_t>(g);
        }
      shape_t s = x.shape();
      s[0] = static_cast<int64_t>(groups[0].size());
      s.insert(s.begin(), static_cast<int64_t>(groups.size()));
      Array sums = reduce(lax::reshape(take_rows(x, order), s), {1});
      return {{take_rows(sums, group_of)}, {0}};
    }
    Array r = reduce(x, {0});
    if (std::optional<params_t> rest = without_axis(p, axis, n))
      r = bind1(prim, {r}, *rest);
    return {{r}, {std::nullopt}};
  };
}

/// ct of a psum'ed value: psum'ed (pmap's convention, as JAX's).
const set_rules psum_rules(psum_p, [](transform_rules &r) {
  r.jvp = [](const jvp_args &a) {
    return std::vector<tangent>{bind1(psum_p, {*a.tangents[0]}, a.params)};
  };
  r.vjp = [](const vjp_args &a) {
    return std::vector<tangent>{bind1(psum_p, {*a.cts[0]}, a.params)};
  };
  r.batch = named_or("psum", true, named_reduction(psum_p, lax::reduce_sum),
                     [](const std::vector<Array> &args,
                        const std::vector<batch_dim> &dims, const params_t &p) {
                       return std::make_pair(
                           std::vector<Array>{bind1(psum_p, args, p)}, dims);
                     });
});

batch_fn same_dims_batcher(const primitive &prim) {
  return [&prim](const std::vector<Array> &args,
                 const std::vector<batch_dim> &dims, const params_t &p) {
    return std::make_pair(std::vector<Array>{bind1(prim, args, p)}, dims);
  };
}
const set_rules pmax_rules(pmax_p, [](transform_rules &r) {
  r.batch = named_or("pmax", true, named_reduction(pmax_p, lax::reduce_max),
                     same_dims_batcher(pmax_p));
});
const set_rules pmin_rules(pmin_p, [](transform_rules &r) {
  r.batch = named_or("pmin", true, named_reduction(pmin_p, lax::reduce_min),
                     same_dims_batcher(pmin_p));
});

params_t with(params_t p, const std::string &k, param v) {
  p[k] = std::move(v);
  return p;
}

const set_rules all_gather_rules(all_gather_p, [](transform_rules &r) {
  r.jvp = [](const jvp_args &a) {
    return std::vector<tangent>{bind1(all_gather_p, {*a.tangents[0]}, a.params)};
  };
  r.vjp = [](const vjp_args &a) {
    params_t p = a.params;
    int64_t at = std::get<int64_t>(p.at("all_gather_dimension"));
    p.erase("all_gather_dimension");
    p["scatter_dimension"] = at;
    return std::vector<tangent>{bind1(psum_scatter_p, {*a.cts[0]}, p)};
  };
  // Over the vmap axis: the examples stacked (tiled: concatenated) at
  // all_gather_dimension, the same for every example.
  auto named = [](const Array &x, const params_t &p, int64_t,
                  const std::string &) -> batched {
    int64_t at = std::get<int64_t>(p.at("all_gather_dimension"));
    Array y = move_axis(x, 0, at);
    if (get_bool(p, "tiled")) {
      shape_t s = y.shape();
      s[at] *= s[at + 1];
      s.erase(s.begin() + at + 1);
      y = lax::reshape(y, s);
    }
    return {{y}, {std::nullopt}};
  };
  r.batch = named_or(
      "all_gather", false, named,
      [](const std::vector<Array> &args, const std::vector<batch_dim> &dims,
         const params_t &p) {
        return batch_front(args, dims, [&](const Array &x) {
          return bind1(all_gather_p, {x},
                       with(p, "all_gather_dimension",
                            shifted(p, "all_gather_dimension")));
        });
      });
});

const set_rules psum_scatter_rules(psum_scatter_p, [](transform_rules &r) {
  r.jvp = [](const jvp_args &a) {
    return std::vector<tangent>{
        bind1(psum_scatter_p, {*a.tangents[0]}, a.params)};
  };
  r.vjp = [](const vjp_args &a) {
    params_t p = a.params;
    int64_t d = std::get<int64_t>(p.at("scatter_dimension"));
    p.erase("scatter_dimension");
    p["all_gather_dimension"] = d;
    return std::vector<tangent>{bind1(all_gather_p, {*a.cts[0]}, p)};
  };
  // Over the vmap axis: the sum of the examples, whose block k (tiled) or
  // index k along scatter_dimension is example k's.
  auto named = [](const Array &x, const params_t &p, int64_t n,
                  const std::string &) -> batched {
    int64_t d = std::get<int64_t>(p.at("scatter_dimension"));
    Array s = lax::reduce_sum(x, {0});
    if (get_bool(p, "tiled")) {
      shape_t shape = s.shape();
      shape[d] /= n;
      shape.insert(shape.begin() + d, n);
      s = lax::reshape(s, shape);
    }
    return {{s}, {d}};
  };
  r.batch = named_or(
      "psum_scatter", false, named,
      [](const std::vector<Array> &args, const std::vector<batch_dim> &dims,
         const params_t &p) {
        return batch_front(args, dims, [&](const Array &x) {
          return bind1(
              psum_scatter_p, {x},
              with(p, "scatter_dimension", shifted(p, "scatter_dimension")));
        });
      });
});

const set_rules ppermute_rules(ppermute_p, [](transform_rules &r) {
  r.jvp = [](const jvp_args &a) {
    return std::vector<tangent>{bind1(ppermute_p, {*a.tangents[0]}, a.params)};
  };
  r.vjp = [](const vjp_args &a) {
    auto perm = std::get<std::vector<std::vector<int64_t>>>(a.params.at("perm"));
    for (auto &pair : perm)
      std::swap(pair[0], pair[1]);
    return std::vector<tangent>{
        bind1(ppermute_p, {*a.cts[0]}, with(a.params, "perm", perm))};
  };
  // Over the vmap axis: example t gets the example its pair names as
  // source, zeros without one.
  auto named = [](const Array &x, const params_t &p, int64_t n,
                  const std::string &) -> batched {
    const auto &perm =
        std::get<std::vector<std::vector<int64_t>>>(p.at("perm"));
    // Row n, appended, is the zeros an example without a source gets.
    std::vector<int64_t> source(n, n);
    for (const auto &pair : perm)
      source[pair[1]] = pair[0];
    shaped_array one = x.aval();
    one.shape[0] = 1;
    one.weak_type = false;
    return {{take_rows(lax::concatenate({x, zeros(one)}, 0), source)}, {0}};
  };
  r.batch = named_or("ppermute", false, named, same_dims_batcher(ppermute_p));
});

const set_rules all_to_all_rules(all_to_all_p, [](transform_rules &r) {
  r.jvp = [](const jvp_args &a) {
    return std::vector<tangent>{bind1(all_to_all_p, {*a.tangents[0]}, a.params)};
  };
  r.vjp = [](const vjp_args &a) {
    params_t p = a.params;
    std::swap(p["split_axis"], p["concat_axis"]);
    return std::vector<tangent>{bind1(all_to_all_p, {*a.cts[0]}, p)};
  };
  // Over the vmap axis: block k of example j along split_axis becomes
  // block j of example k along concat_axis. With the examples j at dim 0
  // and split_axis split into (k, block): k goes to the front, j just
  // before concat_axis, and the two merge.
  auto named = [](const Array &x, const params_t &p, int64_t n,
                  const std::string &) -> batched {
    int64_t s = std::get<int64_t>(p.at("split_axis"));
    int64_t c = std::get<int64_t>(p.at("concat_axis"));
    shape_t per(x.shape().begin() + 1, x.shape().end());
    int64_t r = static_cast<int64_t>(per.size());
    shape_t split = x.shape();
    split[s + 1] /= n;
    split.insert(split.begin() + s + 1, n);
    Array y = lax::reshape(x, split);
    auto at = [&](int64_t i) { return i < s ? i + 1 : i + 2; };
    std::vector<int64_t> perm = {s + 1};
    for (int64_t i = 0; i < r; ++i) {
      if (i == c)
        perm.push_back(0);
      perm.push_back(at(i));
    }
    y = lax::transpose(y, perm);
    shape_t out = per;
    out[s] /= n;
    out[c] *= n;
    out.insert(out.begin(), n);
    return {{lax::reshape(y, out)}, {0}};
  };
  r.batch = named_or(
      "all_to_all", false, named,
      [](const std::vector<Array> &args, const std::vector<batch_dim> &dims,
         const params_t &p) {
        return batch_front(args, dims, [&](const Array &x) {
          params_t q = with(p, "split_axis", shifted(p, "split_axis"));
          q["concat_axis"] = shifted(p, "concat_axis");
          return bind1(all_to_all_p, {x}, q);
        });
      });
});

// axis_index has no operand: it is batched only over the vmap axis it
// names, where each example's index is its position in the batch.
const set_rules axis_index_rules(axis_index_p, [](transform_rules &r) {
  r.batch = named_or(
      "axis_index", false,
      [](const Array &, const params_t &, int64_t n,
         const std::string &) -> batched {
        return {{lax::iota(dtype::int32, {n})}, {0}};
      },
      [](const std::vector<Array> &, const std::vector<batch_dim> &,
         const params_t &p) -> batched {
        return {{bind1(axis_index_p, {}, p)}, {std::nullopt}};
      });
});

} // namespace

bool collective_over(const Eqn &e, const std::string &name) {
  static const primitive *const all[] = {&psum_p,         &pmax_p,
                                         &pmin_p,         &all_gather_p,
                                         &psum_scatter_p, &ppermute_p,
                                         &all_to_all_p,   &axis_index_p};
  if (std::find(std::begin(all), std::end(all), e.primitive) == std::end(all))
    return false;
  std::vector<std::string> axes = axis_list(e.params);
  return std::find(axes.begin(), axes.end(), name) != axes.end();
}

} // namespace jx::core

// -- the API ------------------------------------------------------------------

namespace jx::lax {

using core::base_params;

Array psum(const Array &x, const axis_names &axes, const axis_groups &groups) {
  return core::bind1(core::psum_p, {x},
                     base_params("jx::lax::psum", axes.names(), groups));
}

Array pmean(const Array &x, const axis_names &axes, const axis_groups &groups) {
  params_t p = base_params("jx::lax::pmean", axes.names(), groups);
  int64_t n = groups.empty() ? std::get<int64_t>(p.at("axis_size"))
                             : static_cast<int64_t>(groups[0].size());
  Array s = core::bind1(core::psum_p, {x}, p);
  return lax::div(s, core::scalar_of(static_cast<double>(n), x.dtype()));
}

Array pmax(const Array &x, const axis_names &axes, const axis_groups &groups) {
  return core::bind1(core::pmax_p, {x},
                     base_params("jx::lax::pmax", axes.names(), groups));
}

Array pmin(const Array &x, const axis_names &axes, const axis_groups &groups) {
  return core::bind1(core::pmin_p, {x},
                     base_params("jx::lax::pmin", axes.names(), groups));
}

Array all_gather(const Array &x, const axis_names &axes, int64_t at,
                 bool tiled) {
  params_t p = base_params("jx::lax::all_gather", axes.names(), {});
  int64_t rank = x.ndim() + (tiled ? 0 : 1);
  p["all_gather_dimension"] = at < 0 ? at + rank : at;
  p["tiled"] = tiled;
  return core::bind1(core::all_gather_p, {x}, p);
}

Array psum_scatter(const Array &x, const axis_names &axes,
                   int64_t scatter_dimension, bool tiled) {
  params_t p = base_params("jx::lax::psum_scatter", axes.names(), {});
  p["scatter_dimension"] =
      scatter_dimension < 0 ? scatter_dimension + x.ndim() : scatter_dimension;
  p["tiled"] = tiled;
  return core::bind1(core::psum_scatter_p, {x}, p);
}

Array ppermute(const Array &x, const axis_names &axes,
               const std::vector<std::pair<int64_t, int64_t>> &perm) {
  params_t p = base_params("jx::lax::ppermute", axes.names(), {});
  const std::string &axis = std::get<std::string>(p.at("axes"));
  int64_t n = std::get<int64_t>(p.at("axis_size"));
  std::vector<char> from(n, 0), to(n, 0);
  std::vector<std::vector<int64_t>> pairs;
  for (auto [s, t] : perm) {
    if (s < 0 || s >= n || t < 0 || t >= n)
      throw error("jx::lax::ppermute: pair (" + std::to_string(s) + ", " +
                  std::to_string(t) + ") is out of range for axis '" + axis +
                  "' of size " + std::to_string(n));
    if (from[s]++ || to[t]++)
      throw error("jx::lax::ppermute: perm sends from or to index " +
                  std::to_string(from[s] > 1 ? s : t) + " twice");
    pairs.push_back({s, t});
  }
  p["perm"] = pairs;
  return core::bind1(core::ppermute_p, {x}, p);
}

Array all_to_all(const Array &x, const axis_names &axes, int64_t split_axis,
                 int64_t concat_axis, bool tiled) {
  const char *api = "jx::lax::all_to_all";
  params_t p = base_params(api, axes.names(), {});
  const std::string &axis = std::get<std::string>(p.at("axes"));
  int64_t rank = x.ndim();
  auto normalized = [&](int64_t a, const char *what) {
    if (a < -rank || a >= rank)
      throw error(std::string(api) + ": " + what + " " + std::to_string(a) +
                  " is out of range for an operand of shape " +
                  x.aval().str());
    return a < 0 ? a + rank : a;
  };
  split_axis = normalized(split_axis, "split_axis");
  concat_axis = normalized(concat_axis, "concat_axis");
  if (tiled) {
    p["split_axis"] = split_axis;
    p["concat_axis"] = concat_axis;
    return core::bind1(core::all_to_all_p, {x}, p);
  }
  // Untiled (JAX's default): the split dimension has one index per device
  // along the axis; device j receives index j from every device, stacked
  // along a new dimension at concat_axis (counted in the result, whose
  // rank is the operand's: the split dimension is gone). As a tiled
  // all_to_all: a unit dimension is inserted where the received blocks
  // stack, the split dimension's unit blocks are exchanged into it, and the
  // split dimension, now of size 1, is dropped.
  int64_t n = std::get<int64_t>(p.at("axis_size"));
  if (x.shape()[split_axis] != n)
    throw error(std::string(api) + ": with tiled=false, split_axis " +
                std::to_string(split_axis) + " of " + x.aval().str() +
                " must have the size of axis '" + axis + "' (" +
                std::to_string(n) + ")");
  if (split_axis == concat_axis) {
    p["split_axis"] = split_axis;
    p["concat_axis"] = concat_axis;
    return core::bind1(core::all_to_all_p, {x}, p);
  }
  // Where the new dimension goes in the operand, and where the split
  // dimension then is.
  int64_t stack = split_axis < concat_axis ? concat_axis + 1 : concat_axis;
  int64_t split = split_axis < concat_axis ? split_axis : split_axis + 1;
  shape_t expanded(x.shape().begin(), x.shape().end());
  expanded.insert(expanded.begin() + stack, 1);
  p["split_axis"] = split;
  p["concat_axis"] = stack;
  Array y = core::bind1(core::all_to_all_p, {lax::reshape(x, expanded)}, p);
  return lax::squeeze(y, {split});
}

Array axis_index(const axis_names &axes) {
  return core::bind1(core::axis_index_p, {},
                     base_params("jx::lax::axis_index", axes.names(), {}));
}

} // namespace jx::lax
