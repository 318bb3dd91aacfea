// gemm_batch.h - the loops around a GEMM that jx_rt_gemm_* and
// jx_rt_cuda_gemm_* calls carry (JX_GEMM_SIGNATURE, kernels.h): shared by
// the CPU's BLAS calls (blas.cpp) and cuBLAS's (cuda_blas.cpp).

#ifndef JX_LIB_RUNTIME_GEMM_BATCH_H
#define JX_LIB_RUNTIME_GEMM_BATCH_H

#include <cstdint>

namespace jx::runtime::gemm_batch {

/// One loop around the GEMM: its trip count and the element strides of A,
/// B and C along it (C's is 0 for a loop that accumulates along k).
struct outer_loop {
  int64_t size, a, b, c;
};

/// How many GEMMs the loops make: the product of their trip counts.
inline int64_t item_count(int64_t loops, const outer_loop *outer) {
  int64_t total = 1;
  for (int64_t l = 0; l < loops; ++l)
    total *= outer[l].size;
  return total;
}

/// Product `it` of the loops around a GEMM (the last loop fastest): the
/// offsets of its A, B and C, and whether it is the first index of every
/// reduction loop (C does not move along it).
struct batch_item {
  int64_t a = 0, b = 0, c = 0;
  bool first = true;
};
inline batch_item item_at(int64_t it, int64_t loops, const outer_loop *outer) {
  batch_item item;
  for (int64_t l = loops; l-- > 0;) {
    int64_t i = it % outer[l].size;
    it /= outer[l].size;
    item.a += i * outer[l].a;
    item.b += i * outer[l].b;
    item.c += i * outer[l].c;
    if (outer[l].c == 0 && i != 0)
      item.first = false;
  }
  return item;
}

} // namespace jx::runtime::gemm_batch

#endif // JX_LIB_RUNTIME_GEMM_BATCH_H
