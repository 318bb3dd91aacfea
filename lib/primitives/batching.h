// batching.h - internal: helpers shared by the transformation rules of
// every primitive family (batch-dimension moves, zeros, reductions of
// broadcast cotangents, the generic elementwise rules).

#ifndef JX_LIB_PRIMITIVES_BATCHING_H
#define JX_LIB_PRIMITIVES_BATCHING_H

#include "primitives/primitive.h"

namespace jx::core {

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

} // namespace jx::core

#endif // JX_LIB_PRIMITIVES_BATCHING_H
