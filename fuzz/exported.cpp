//===- exported.cpp - fuzz the jax.export reader (libjx_export) -----------===//
//
// Any bytes: jx::exported::parse must give an Exported or throw
// format_error, never crash, read out of bounds or allocate without bound.
// What it gives is consistent: one aval per tree leaf, one sharding per
// aval, kept inputs in range, and looks_like_exported agrees.
//
//===----------------------------------------------------------------------===//

#include "jx/export/exported.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

[[noreturn]] void fail(const char *what) {
  std::fprintf(stderr, "exported: %s\n", what);
  std::abort();
}

void check(const jx::exported::Exported &e) {
  if (e.in_tree.num_leaves() != e.in_avals.size() ||
      e.out_tree.num_leaves() != e.out_avals.size())
    fail("tree leaves and avals differ in number");
  if (e.in_shardings.size() != e.in_avals.size() ||
      e.out_shardings.size() != e.out_avals.size())
    fail("shardings and avals differ in number");
  for (auto i : e.module_kept_var_idx)
    if (i >= e.in_avals.size())
      fail("a kept input out of range");
  if (e.mlir_module_serialized.empty())
    fail("no module");
  (void)e.summary();
  (void)e.in_tree.to_string();
  (void)e.out_tree.to_string();
  if (e.vjp)
    check(*e.vjp);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char *>(data), size);
  bool looks = jx::exported::looks_like_exported(bytes);
  jx::exported::Exported e;
  try {
    e = jx::exported::parse(bytes);
  } catch (const jx::exported::format_error &) {
    return 0; // a clear error: what jxc reports
  }
  if (!looks)
    fail("parse accepts what looks_like_exported rejects");
  check(e);
  return 0;
}
