// memref_copy.cpp - copies between strided buffers for compiled code.
//
// MLIR's memref-to-llvm lowering turns a memref.copy whose operands are not
// both contiguous into a call with the element size and two unranked
// descriptors; jx's code generator names that call jx_rt_memref_copy.

#include "jx/runtime/kernels.h"

#include <cstring>

namespace {

/// A ranked memref descriptor seen through its words: allocated, aligned,
/// offset, sizes[rank], strides[rank].
struct strided {
  char *data;
  int64_t offset;
  const int64_t *sizes, *strides;
  explicit strided(const jx_rt_unranked_memref &m) {
    auto *words = static_cast<const int64_t *>(m.descriptor);
    data = reinterpret_cast<char *>(words[1]);
    offset = words[2];
    sizes = words + 3;
    strides = words + 3 + m.rank;
  }
};

} // namespace

extern "C" void jx_rt_memref_copy(int64_t element_size,
                                  jx_rt_unranked_memref *source,
                                  jx_rt_unranked_memref *target) {
  const int64_t rank = source->rank;
  strided src(*source), dst(*target);
  int64_t count = 1;
  for (int64_t d = 0; d < rank; ++d)
    count *= src.sizes[d];
  if (count == 0)
    return;
  char *from = src.data + src.offset * element_size;
  char *to = dst.data + dst.offset * element_size;
  // Contiguous in both: one memcpy. Checked from the innermost dimension
  // out, ignoring the strides of size-1 dimensions.
  bool contiguous = true;
  for (int64_t d = rank - 1, expected = 1; d >= 0; --d) {
    if (src.sizes[d] == 1)
      continue;
    contiguous &= src.strides[d] == expected && dst.strides[d] == expected;
    expected *= src.sizes[d];
  }
  if (contiguous) {
    std::memmove(to, from, static_cast<size_t>(count * element_size));
    return;
  }
  // An odometer over all but the innermost dimension; the innermost is one
  // memcpy when it is unit-strided on both sides, else element by element.
  const int64_t inner = src.sizes[rank - 1];
  const int64_t inner_src = src.strides[rank - 1] * element_size;
  const int64_t inner_dst = dst.strides[rank - 1] * element_size;
  const bool dense_inner = inner_src == element_size && inner_dst == element_size;
  int64_t index[16] = {0};
  if (rank > 16) { // MLIR's own helper has no such limit either; stay correct
    for (int64_t i = 0; i < count; ++i) {
      int64_t rest = i, so = 0, doff = 0;
      for (int64_t d = rank - 1; d >= 0; --d) {
        int64_t k = rest % src.sizes[d];
        rest /= src.sizes[d];
        so += k * src.strides[d];
        doff += k * dst.strides[d];
      }
      std::memcpy(to + doff * element_size, from + so * element_size,
                  static_cast<size_t>(element_size));
    }
    return;
  }
  for (;;) {
    int64_t so = 0, doff = 0;
    for (int64_t d = 0; d < rank - 1; ++d) {
      so += index[d] * src.strides[d];
      doff += index[d] * dst.strides[d];
    }
    char *s = from + so * element_size, *t = to + doff * element_size;
    if (dense_inner) {
      std::memcpy(t, s, static_cast<size_t>(inner * element_size));
    } else {
      for (int64_t i = 0; i < inner; ++i)
        std::memcpy(t + i * inner_dst, s + i * inner_src,
                    static_cast<size_t>(element_size));
    }
    int64_t d = rank - 2;
    for (; d >= 0; --d) {
      if (++index[d] < src.sizes[d])
        break;
      index[d] = 0;
    }
    if (d < 0)
      return;
  }
}
