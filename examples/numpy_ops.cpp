// numpy_ops.cpp - NumPy-style code with jx::numpy: arrays, broadcasting,
// reductions, jax.nn functions, and JAX's dtype promotion (weak C++
// scalars). Every printed value is compared with what JAX 0.10.2 prints for
// the same Python code (scripts/gen_example_expectations.py).
//
//   ninja -C build jx-example-numpy-ops && build/bin/jx-example-numpy-ops

#include "check.h"

#include <jx/jx.h>

namespace jnp = jx::numpy;
using example::check;
using example::check_text;
using jx::Array;

int main() {
  // --- Arrays and broadcasting -------------------------------------------
  // x = jnp.arange(1, 7, dtype=jnp.float32).reshape(2, 3)
  Array x = jnp::arange(1, 7, 1, jx::float32).reshape({2, 3});
  Array b = jx::array({10.f, 20.f, 30.f});
  Array y = x * 2.0f + b; // b broadcasts over the rows
  std::cout << y << "\n";
  check_text(y.str(),
             "Array([[12., 24., 36.],\n"
             "       [18., 30., 42.]], dtype=float32)",
             "x * 2 + b broadcasts b over the rows");

  // --- Reductions ---------------------------------------------------------
  check_text(jnp::sum(y, 1).str(), "Array([72., 90.], dtype=float32)",
             "jnp.sum(y, axis=1)");
  check_text(jnp::mean(x, 0, /*keepdims=*/true).str(),
             "Array([[2.5, 3.5, 4.5]], dtype=float32)",
             "jnp.mean(x, axis=0, keepdims=True)");
  check_text(jnp::argmax(x, 1).str(), "Array([2, 2], dtype=int32)",
             "jnp.argmax(x, axis=1) is int32");
  check_text(jnp::where(x > 3.0f, x, -x).str(),
             "Array([[-1., -2., -3.],\n"
             "       [ 4.,  5.,  6.]], dtype=float32)",
             "jnp.where(x > 3, x, -x)");
  check_text(jx::nn::softmax(jx::array({1.f, 2.f, 3.f})).str(),
             "Array([0.09003057, 0.24472848, 0.66524094], dtype=float32)",
             "jax.nn.softmax");

  // --- Promotion: C++ scalars are weakly typed ----------------------------
  Array n = jx::array({1, 2, 3}); // int32
  Array nf = n + 1.5;             // int32 + weak float -> weak float32
  check_text(nf.str(),
             "Array([2.5, 3.5, 4.5], dtype=float32, weak_type=True)",
             "int32 array + 1.5 is a weakly typed float32");
  check_text((n * 2).str(), "Array([2, 4, 6], dtype=int32)",
             "int32 array * 2 stays int32");
  Array h = jx::array({0.5, 1.5}, {2}, jx::float16);
  check_text((h * 2.0).str(), "Array([1., 3.], dtype=float16)",
             "float16 * 2.0 stays float16 (the scalar adapts)");
  check_text((h + jx::array({1, 2})).str(),
             "Array([1.5, 3.5], dtype=float16)",
             "float16 + int32 array is float16");
  check_text(Array(2.0).str(), "Array(2., dtype=float32, weak_type=True)",
             "a C++ double is a weak float32 (no x64)");

  // jnp.promote_types: the lattice, pairwise.
  check(jx::promote_types(jx::uint8, jx::int8) == jx::int16,
        "promote_types(uint8, int8) == int16");
  check(jx::promote_types(jx::bfloat16, jx::float16) == jx::float32,
        "promote_types(bfloat16, float16) == float32");
  check(jx::promote_types(jx::int32, jx::float16) == jx::float16,
        "promote_types(int32, float16) == float16");

  return example::finish("numpy_ops");
}
