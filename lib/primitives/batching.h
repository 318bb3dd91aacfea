// batching.h - internal: helpers shared by the transformation rules of
// every primitive family (batch-dimension moves, zeros, reductions of
// broadcast cotangents, the generic elementwise rules).

#ifndef JX_LIB_PRIMITIVES_BATCHING_H
#define JX_LIB_PRIMITIVES_BATCHING_H

#include "primitives/primitive.h"

namespace jx::core {

/// The named axis of the vmap whose batching rules run on this thread
/// (jx::vmap's axis_name): a collective over it combines the batch's
/// examples, where a collective over a pmap or mesh axis keeps the batch
/// dim and runs once per example.
struct named_batch {
  std::string name;
  int64_t size;
};
/// The vmap axis being batched, if it has a name (nullptr: none).
const named_batch *current_named_batch();
/// Sets the named axis while it lives: a named vmap's batching, or (empty
/// name) no named axis, for rules that vmap a sub-function whose
/// collectives name other axes (shard_map's body).
class named_batch_scope {
public:
  named_batch_scope(std::string name, int64_t size);
  ~named_batch_scope();
  named_batch_scope(const named_batch_scope &) = delete;
  named_batch_scope &operator=(const named_batch_scope &) = delete;

private:
  std::optional<named_batch> saved_;
};

/// Zeros of `aval`'s shape and dtype.
Array zeros(const shaped_array &aval);
/// `x` with axis `from` moved to position `to` (both in range).
Array move_axis(const Array &x, int64_t from, int64_t to);
/// `x` with its batch axis at `to`: moved there, or (not batched) `x`
/// broadcast along a new axis of `size` at `to`.
Array batch_at(const Array &x, batch_dim d, int64_t size, int64_t to = 0);
/// The size of the batch: the batched arguments' size on their batch dim.
int64_t batch_size(const std::vector<Array> &args,
                   const std::vector<batch_dim> &dims);
/// `ct` summed down to `shape` (undoing a NumPy-style broadcast from a 0-d
/// value or from size-1 dimensions at equal rank).
Array unbroadcast(const Array &ct, const shape_t &shape);

/// Batching rule of an elementwise primitive: every operand brought to the
/// batched shape with the batch at 0 (0-d unbatched operands stay 0-d when
/// `keep_scalars`), then the primitive applied once.
std::pair<std::vector<Array>, std::vector<batch_dim>>
batch_elementwise(const primitive &p, const std::vector<Array> &args,
                  const std::vector<batch_dim> &dims, const params_t &params,
                  bool keep_scalars = true);
/// A batch_fn for an elementwise primitive.
batch_fn elementwise_batcher(const primitive &p, bool keep_scalars = true);

/// Sum of tangents, treating nullopt as zero.
tangent add_tangents(const tangent &a, const tangent &b);

// --- helpers of the structural rules (reductions, shapes, slicing, sort,
// dot_general) ---------------------------------------------------------------

/// A 0-d literal `v` of dtype `t` (strongly typed).
Array scalar_of(double v, dtype t);
/// `axes` each plus `by` (axes of an operand whose batch dim went to 0).
std::vector<int64_t> shift_axes(const std::vector<int64_t> &axes,
                                int64_t by = 1);
/// The batching rule of a primitive of one operand whose int-list parameter
/// `param` names operand axes (reductions' "axes", squeeze's and rev's
/// "dimensions"): the batch goes to 0, the axes shift past it.
batch_fn axes_batcher(const primitive &p, const std::string &param = "axes");
/// The transpose of `f`, a function linear in its arguments (of types
/// `in`): the arguments' cotangents given the results' cotangents, by
/// reverse mode over f at zero. Values f captures are constants, so a vjp
/// rule can transpose its own jvp (cumulative scans); the result is made of
/// jx ops and differentiable again.
std::vector<tangent>
transpose_linear(const std::function<std::vector<Array>(
                     const std::vector<Array> &)> &f,
                 const std::vector<shaped_array> &in,
                 const std::vector<tangent> &cts, const std::string &api);

} // namespace jx::core

#endif // JX_LIB_PRIMITIVES_BATCHING_H
