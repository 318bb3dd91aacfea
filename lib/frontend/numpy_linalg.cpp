// numpy_linalg.cpp - jx::numpy::dot and matmul, as dot_general.

#include "frontend/api_util.h"
#include "jx/lax.h"
#include "jx/numpy.h"

namespace jx::numpy {

namespace {

/// Promotes both operands to their common dtype.
std::pair<Array, Array> promote_pair(const Array &a, const Array &b) {
  typed_dtype t = result_type({{a.dtype(), a.weak_type()},
                               {b.dtype(), b.weak_type()}});
  return {astype(a, t.dtype), astype(b, t.dtype)};
}

void check_contracting(const std::string &api, const Array &a, int64_t ad,
                       const Array &b, int64_t bd) {
  if (a.shape()[ad] != b.shape()[bd])
    throw error("jx::" + api + ": contracting dims differ: lhs " +
                a.aval().str() + " dim " + std::to_string(ad) + " is " +
                std::to_string(a.shape()[ad]) + ", rhs " + b.aval().str() +
                " dim " + std::to_string(bd) + " is " +
                std::to_string(b.shape()[bd]));
}

Array contract(const std::string &api, const Array &a, const Array &b,
               int64_t ad, int64_t bd, std::vector<int64_t> batch = {}) {
  check_contracting(api, a, ad, b, bd);
  for (int64_t d : batch)
    if (a.shape()[d] != b.shape()[d])
      throw error("jx::" + api + ": batch dims differ: lhs " + a.aval().str() +
                  " dim " + std::to_string(d) + ", rhs " + b.aval().str() +
                  " dim " + std::to_string(d));
  auto [x, y] = promote_pair(a, b);
  dot_dimension_numbers dn{{ad}, {bd}, batch, batch};
  return lax::dot_general(x, y, dn, x.dtype());
}

} // namespace

Array matmul(const Array &a, const Array &b) {
  if (a.ndim() == 0 || b.ndim() == 0)
    throw error("jx::matmul: operands must have at least one dimension, got " +
                a.aval().str() + " and " + b.aval().str());
  if (b.ndim() == 1)
    return contract("matmul", a, b, a.ndim() - 1, 0);
  if (a.ndim() == 1)
    return contract("matmul", a, b, 0, b.ndim() - 2);
  if (a.ndim() == 2 && b.ndim() == 2)
    return contract("matmul", a, b, 1, 0);
  if (a.ndim() != b.ndim())
    throw error("jx::matmul: batch ranks differ (" + a.aval().str() + " and " +
                b.aval().str() + "); broadcasting batch dims is not "
                "supported yet");
  std::vector<int64_t> batch;
  for (int64_t i = 0; i + 2 < a.ndim(); ++i)
    batch.push_back(i);
  return contract("matmul", a, b, a.ndim() - 1, b.ndim() - 2, batch);
}

Array dot(const Array &a, const Array &b) {
  if (a.ndim() == 0 || b.ndim() == 0)
    return multiply(a, b);
  return contract("dot", a, b, a.ndim() - 1, b.ndim() == 1 ? 0 : b.ndim() - 2);
}

} // namespace jx::numpy
