// memref_copy.cpp - `memrefCopy`, which compiled code calls for memref.copy
// between buffers that are not both contiguous (strided views of slices,
// pads, concatenations). Same contract as MLIR's C runner utilities: element
// size in bytes and two unranked descriptors {rank, ranked descriptor *},
// each ranked descriptor {allocated, aligned, offset, sizes[rank],
// strides[rank]}, sizes and strides counted in elements.

#include <cstdint>
#include <cstring>
#include <vector>

namespace {

struct UnrankedDescriptor {
  int64_t rank;
  void *descriptor;
};

struct View {
  char *aligned;
  int64_t offset;
  const int64_t *sizes;
  const int64_t *strides;
};

View view(const UnrankedDescriptor *d) {
  char **pointers = static_cast<char **>(d->descriptor);
  const int64_t *ints = reinterpret_cast<const int64_t *>(pointers + 2);
  return {pointers[1], ints[0], ints + 1, ints + 1 + d->rank};
}

} // namespace

extern "C" void memrefCopy(int64_t elemSize, void *srcArg, void *dstArg) {
  auto *src = static_cast<UnrankedDescriptor *>(srcArg);
  auto *dst = static_cast<UnrankedDescriptor *>(dstArg);
  int64_t rank = src->rank;
  View s = view(src), d = view(dst);
  for (int64_t i = 0; i < rank; ++i)
    if (s.sizes[i] == 0)
      return;
  if (rank == 0) {
    std::memcpy(d.aligned + d.offset * elemSize, s.aligned + s.offset * elemSize,
                elemSize);
    return;
  }
  // Rows of the innermost dimension, contiguous ones in one memcpy.
  int64_t inner = s.sizes[rank - 1];
  bool contiguousRows = s.strides[rank - 1] == 1 && d.strides[rank - 1] == 1;
  std::vector<int64_t> index(rank, 0);
  int64_t so = s.offset, dOff = d.offset;
  while (true) {
    if (contiguousRows) {
      std::memcpy(d.aligned + dOff * elemSize, s.aligned + so * elemSize,
                  inner * elemSize);
    } else {
      for (int64_t k = 0; k < inner; ++k)
        std::memcpy(d.aligned + (dOff + k * d.strides[rank - 1]) * elemSize,
                    s.aligned + (so + k * s.strides[rank - 1]) * elemSize,
                    elemSize);
    }
    int64_t dim = rank - 2;
    for (; dim >= 0; --dim) {
      so += s.strides[dim];
      dOff += d.strides[dim];
      if (++index[dim] < s.sizes[dim])
        break;
      so -= s.strides[dim] * s.sizes[dim];
      dOff -= d.strides[dim] * s.sizes[dim];
      index[dim] = 0;
    }
    if (dim < 0)
      return;
  }
}
