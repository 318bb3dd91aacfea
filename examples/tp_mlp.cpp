// tp_mlp.cpp - a tensor-parallel MLP (the Megatron split): the first
// layer's weight is split by columns and the second's by rows across the
// devices, so each device computes its block of the hidden activations
// and a partial product of the output; the partial outputs are summed by
// an all-reduce (lax::psum), or, the other way, the hidden blocks are
// all-gathered first. Both equal the single-device MLP.
//
//   build/bin/jx-tp-mlp [--devices D]      (D divides the hidden width, 64)
//
// Exit code 0 when both forms equal the single-device outputs within float
// rounding (|difference| <= 1e-5 (1 + |value|): the partial sums add in
// another order), 1 otherwise.

#include "jx/jx.h"

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <string>

namespace jnp = jx::numpy;
namespace lax = jx::lax;
using jx::Array;

int main(int argc, char **argv) {
  int devices = 2;
  for (int i = 1; i + 1 < argc; i += 2)
    if (std::string(argv[i]) == "--devices")
      devices = std::atoi(argv[i + 1]);
  constexpr int64_t kIn = 32, kHidden = 64, kOut = 10, kBatch = 16;
  if (devices < 1 || kHidden % devices) {
    std::cerr << "jx-tp-mlp: --devices must divide " << kHidden << "\n";
    return 2;
  }
  const int64_t block = kHidden / devices;
  Array keys = jx::random::split(jx::random::PRNGKey(7), 5);
  auto key = [&](int64_t i) { return jnp::slice(keys, {i}); };
  Array x = jx::random::normal(key(0), {kBatch, kIn});
  Array w1 = jx::random::normal(key(1), {kIn, kHidden}) * 0.2f;
  Array b1 = jx::random::normal(key(2), {kHidden}) * 0.1f;
  Array w2 = jx::random::normal(key(3), {kHidden, kOut}) * 0.2f;
  Array b2 = jx::random::normal(key(4), {kOut}) * 0.1f;

  // One device: the whole model.
  Array want = jnp::matmul(jnp::tanh(jnp::matmul(x, w1) + b1), w2) + b2;

  // The weights split across the devices: w1 by columns, b1 with them, w2
  // by rows, stacked on a leading device axis.
  Array w1s = jnp::moveaxis(w1.reshape({kIn, devices, block}), 1, 0);
  Array b1s = b1.reshape({devices, block});
  Array w2s = w2.reshape({devices, block, kOut});

  // Row-parallel second layer: partial outputs summed over the devices.
  auto reduce_form = jx::pmap(
      [](const Array &x, const Array &w1, const Array &b1, const Array &w2,
         const Array &b2) {
        Array h = jnp::tanh(jnp::matmul(x, w1) + b1); // [batch, block]
        return lax::psum(jnp::matmul(h, w2), "model") + b2;
      },
      "model", {.in_axes = {jx::not_mapped, 0, 0, 0, jx::not_mapped},
                .out_axes = jx::not_mapped, .name = "tp_psum"});
  // Or the hidden blocks gathered, then the whole second layer.
  auto gather_form = jx::pmap(
      [](const Array &x, const Array &w1, const Array &b1, const Array &w2) {
        Array h = jnp::tanh(jnp::matmul(x, w1) + b1);
        Array full = lax::all_gather(h, "model", 1, /*tiled=*/true);
        Array w2_full = lax::all_gather(w2, "model", 0, /*tiled=*/true);
        return jnp::matmul(full, w2_full);
      },
      "model", {.in_axes = {jx::not_mapped, 0, 0, 0},
                .out_axes = jx::not_mapped, .name = "tp_gather"});
  Array y1 = reduce_form(x, w1s, b1s, w2s, b2);
  Array y2 = gather_form(x, w1s, b1s, w2s) + b2;

  auto max_rel = [&](const Array &got) {
    std::vector<double> g = got.to_vector<double>(), w = want.to_vector<double>();
    double worst = 0;
    for (std::size_t i = 0; i < g.size(); ++i)
      worst = std::max(worst, std::abs(g[i] - w[i]) / (1 + std::abs(w[i])));
    return worst;
  };
  double e1 = max_rel(y1), e2 = max_rel(y2);
  std::cout << "tensor-parallel MLP " << kIn << "-" << kHidden << "-" << kOut
            << " on " << devices << " devices (" << block
            << " hidden units each), batch " << kBatch << "\n"
            << "  psum of partial outputs:   largest difference from one "
               "device "
            << e1 << "\n"
            << "  all_gather of hidden units: largest difference from one "
               "device "
            << e2 << "\n";
  bool ok = e1 <= 1e-5 && e2 <= 1e-5;
  std::cout << (ok ? "equal to the single-device outputs\n"
                   : "DIFFERENT from the single-device outputs\n");
  return ok ? 0 : 1;
}
