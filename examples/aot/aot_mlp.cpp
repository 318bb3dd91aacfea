// aot_mlp.cpp - a model JAX wrote, compiled ahead of time, called as a C
// function from a program that links only jx's runtime.
//
// At build time `jxc compile test/Fixtures/jax/mlp_forward.mlir
// --emit=library --name mlp -o build/aot/mlp` wrote mlp.h and libmlp.a
// (examples/CMakeLists.txt). This program reads JAX's inputs, calls
// mlp::main (the C++ wrapper of the C function mlp_main), and compares the
// results with JAX's outputs; `ldd` shows no libMLIR or libLLVM (the
// jx-example-aot-links-no-llvm test).
//
//   jx-example-aot FIXTURE_DIR     (test/Fixtures/jax)

#include "mlp.h"

#include "jx/runtime/host_buffer.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: jx-example-aot FIXTURE_DIR\n");
    return 2;
  }
  std::string dir = argv[1];
  using jx::runtime::host_buffer;
  std::vector<host_buffer> in;
  for (int i = 0; i < MLP_MAIN_NUM_INPUTS; ++i)
    in.push_back(jx::runtime::read_npy(dir + "/mlp_forward.in" + std::to_string(i) + ".npy"));
  host_buffer want0 = jx::runtime::read_npy(dir + "/mlp_forward.out0.npy");
  host_buffer want1 = jx::runtime::read_npy(dir + "/mlp_forward.out1.npy");

  std::vector<float> out0(24), out1(1);
  auto f32 = [](const host_buffer &b) {
    return reinterpret_cast<const float *>(b.data.data());
  };
  mlp::main(f32(in[0]), f32(in[1]), f32(in[2]), f32(in[3]), f32(in[4]),
            reinterpret_cast<const int32_t *>(in[5].data.data()), out0.data(),
            out1.data());

  double worst = 0;
  for (int i = 0; i < 24; ++i)
    worst = std::fmax(worst, std::fabs(out0[i] - f32(want0)[i]));
  worst = std::fmax(worst, std::fabs(out1[0] - f32(want1)[0]));
  std::printf("mlp_main: probabilities f32[6,4] and loss %.6f (JAX: %.6f); "
              "max |jx - jax| = %.3g\n",
              out1[0], f32(want1)[0], worst);
  if (!(worst <= 1e-5)) {
    std::fprintf(stderr, "FAIL: the results differ from JAX's\n");
    return 1;
  }
  // The C function too, called twice: the same results.
  std::vector<float> again0(24), again1(1);
  int rc = mlp_main(f32(in[0]), f32(in[1]), f32(in[2]), f32(in[3]), f32(in[4]),
                    reinterpret_cast<const int32_t *>(in[5].data.data()),
                    again0.data(), again1.data());
  if (rc != 0 || again0 != out0 || again1 != out1) {
    std::fprintf(stderr, "FAIL: a second call gave rc %d or other results (%s)\n",
                 rc, jx_rt_last_error());
    return 1;
  }
  std::printf("OK\n");
  return 0;
}
