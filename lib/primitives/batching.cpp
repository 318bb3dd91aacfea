// batching.cpp - helpers shared by the transformation rules.

#include "primitives/batching.h"

#include "core/trace.h"
#include "primitives/rules.h"
#include "jx/lax.h"
#include "jx/grad.h"
#include "jx/numpy.h"

namespace jx::core {

Array zeros(const shaped_array &aval) {
  return lax::broadcast_in_dim(
      make_concrete(scalar_buffer(0, aval.dtype), false, /*literal=*/true),
      aval.shape, {});
}

namespace {
thread_local std::optional<named_batch> named_axis;
} // namespace

const named_batch *current_named_batch() {
  return named_axis && !named_axis->name.empty() ? &*named_axis : nullptr;
}

named_batch_scope::named_batch_scope(std::string name, int64_t size)
    : saved_(named_axis) {
  named_axis = named_batch{std::move(name), size};
}
named_batch_scope::~named_batch_scope() { named_axis = saved_; }

Array move_axis(const Array &x, int64_t from, int64_t to) {
  if (from == to)
    return x;
  std::vector<int64_t> perm;
  for (int64_t i = 0; i < x.ndim(); ++i)
    if (i != from)
      perm.push_back(i);
  perm.insert(perm.begin() + to, from);
  return lax::transpose(x, perm);
}

Array batch_at(const Array &x, batch_dim d, int64_t size, int64_t to) {
  if (d)
    return move_axis(x, *d, to);
  shape_t shape = x.shape();
  shape.insert(shape.begin() + to, size);
  std::vector<int64_t> dims;
  for (int64_t i = 0; i < x.ndim(); ++i)
    dims.push_back(i < to ? i : i + 1);
  return lax::broadcast_in_dim(x, shape, dims);
}

int64_t batch_size(const std::vector<Array> &args,
                   const std::vector<batch_dim> &dims) {
  for (std::size_t i = 0; i < args.size(); ++i)
    if (dims[i])
      return args[i].shape()[*dims[i]];
  throw error("jx::vmap: internal error: no batched operand");
}

Array unbroadcast(const Array &ct, const shape_t &shape) {
  if (ct.shape() == shape)
    return ct;
  std::vector<int64_t> axes;
  if (shape.empty()) {
    for (int64_t i = 0; i < ct.ndim(); ++i)
      axes.push_back(i);
    return lax::reduce_sum(ct, axes);
  }
  for (int64_t i = 0; i < ct.ndim(); ++i)
    if (shape[i] == 1 && ct.shape()[i] != 1)
      axes.push_back(i);
  return lax::reshape(lax::reduce_sum(ct, axes), shape);
}

std::pair<std::vector<Array>, std::vector<batch_dim>>
batch_elementwise(const primitive &p, const std::vector<Array> &args,
                  const std::vector<batch_dim> &dims, const params_t &params,
                  bool keep_scalars) {
  int64_t size = batch_size(args, dims);
  // The per-example shape of the result: the operands' broadcast shape.
  shape_t per;
  for (std::size_t i = 0; i < args.size(); ++i) {
    shape_t s = args[i].shape();
    if (dims[i])
      s.erase(s.begin() + *dims[i]);
    if (s.size() > per.size())
      per = s;
    else if (s.size() == per.size())
      for (std::size_t k = 0; k < s.size(); ++k)
        per[k] = std::max(per[k], s[k]);
  }
  shape_t full = per;
  full.insert(full.begin(), size);
  std::vector<Array> ins;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const Array &a = args[i];
    if (!dims[i] && keep_scalars && a.ndim() == 0) {
      ins.push_back(a);
      continue;
    }
    Array b = batch_at(a, dims[i], size, 0);
    if (b.shape() != full) {
      // A 0-d example (rank 1 with the batch) or size-1 dims at equal
      // rank: broadcast_in_dim expands both.
      std::vector<int64_t> bd;
      for (int64_t k = 0; k < b.ndim(); ++k)
        bd.push_back(k);
      b = lax::broadcast_in_dim(b, full, bd);
    }
    ins.push_back(b);
  }
  std::vector<Array> outs = core::bind(p, ins, params);
  return {outs, std::vector<batch_dim>(outs.size(), 0)};
}

batch_fn elementwise_batcher(const primitive &p, bool keep_scalars) {
  return [&p, keep_scalars](const std::vector<Array> &args,
                            const std::vector<batch_dim> &dims,
                            const params_t &params) {
    return batch_elementwise(p, args, dims, params, keep_scalars);
  };
}

tangent add_tangents(const tangent &a, const tangent &b) {
  if (!a)
    return b;
  if (!b)
    return a;
  return lax::add(*a, *b);
}

// --- helpers of the structural rules ----------------------------------------

Array scalar_of(double v, dtype t) {
  return make_concrete(scalar_buffer(v, t), false, /*literal=*/true);
}

std::vector<int64_t> shift_axes(const std::vector<int64_t> &axes,
                                int64_t by) {
  std::vector<int64_t> out;
  for (int64_t a : axes)
    out.push_back(a + by);
  return out;
}

batch_fn axes_batcher(const primitive &p, const std::string &param) {
  return [&p, param](const std::vector<Array> &args,
                     const std::vector<batch_dim> &dims,
                     const params_t &params) {
    params_t q = params;
    q[param] = shift_axes(get_ints(params, param));
    return std::make_pair(
        std::vector<Array>{bind1(p, {move_axis(args[0], *dims[0], 0)}, q)},
        std::vector<batch_dim>{0});
  };
}

std::vector<tangent>
transpose_linear(const std::function<std::vector<Array>(
                     const std::vector<Array> &)> &f,
                 const std::vector<shaped_array> &in,
                 const std::vector<tangent> &cts, const std::string &api) {
  std::vector<Array> at;
  for (const shaped_array &a : in)
    at.push_back(zeros(shaped_array{a.dtype, a.shape, false}));
  auto [outs, back] =
      detail::vjp_flat(f, at, std::vector<bool>(in.size(), true), api);
  std::vector<Array> r = back(cts);
  return std::vector<tangent>(r.begin(), r.end());
}

} // namespace jx::core
