// inspect_jaxpr.cpp - looking at what jx traces and compiles: the jaxpr of a
// function (jx::make_jaxpr, printed as jax.make_jaxpr prints it) and the
// StableHLO module jit compiles (jit(f).lower(x).as_text(), as
// jax.jit(f).lower(x).as_text() prints it). The expected texts are JAX
// 0.10.2's printouts of the same Python functions
// (scripts/gen_example_expectations.py).
//
//   ninja -C build jx-example-inspect-jaxpr && build/bin/jx-example-inspect-jaxpr

#include "check.h"

#include <jx/jx.h>

#include <vector>

namespace jnp = jx::numpy;
using example::check;
using example::check_text;
using jx::Array;

int main() {
  // --- The example at the top of docs/frontend.md ------------------------
  // def f(x): return jnp.sin(x) * 2.0
  auto f = [](const Array &x) { return jnp::sin(x) * 2.0f; };
  Array x = jnp::ones({8});
  jx::ClosedJaxpr jaxpr = jx::make_jaxpr(f)(x);
  std::cout << jaxpr << "\n";
  check_text(jaxpr.str(),
             "{ lambda ; a:f32[8]. let b:f32[8] = sin a; c:f32[8] = mul b "
             "2.0:f32[] in (c,) }",
             "make_jaxpr(f) prints JAX's jaxpr");

  auto jf = jx::jit(f, "f");
  std::string module = jf.lower(x).as_text();
  std::cout << module << "\n";
  // JAX prints (jax.jit(f).lower(jnp.ones(8)).as_text()):
  //   module @jit_f attributes {mhlo.num_partitions = 1 : i32, ...} {
  //     func.func public @main(%arg0: tensor<8xf32>) -> (tensor<8xf32>
  //         {jax.result_info = "result"}) {
  //       %0 = stablehlo.sine %arg0 : tensor<8xf32>
  //       %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
  //       %1 = stablehlo.broadcast_in_dim %cst, dims = [] : ...
  //       %2 = stablehlo.multiply %0, %1 : tensor<8xf32>
  //       return %2 : tensor<8xf32>
  // jx prints the same module, except that constants are numbered like the
  // other values (%1) where JAX names them %cst; so compare line by line
  // the lines that do not mention the constant.
  auto has = [&](const std::string &line) {
    return module.find(line) != std::string::npos;
  };
  check(has("module @jit_f attributes {mhlo.num_partitions = 1 : i32, "
            "mhlo.num_replicas = 1 : i32} {\n"),
        "the module is @jit_f with JAX's attributes");
  check(has("  func.func public @main(%arg0: tensor<8xf32>) -> "
            "(tensor<8xf32> {jax.result_info = \"result\"}) {\n"),
        "@main's signature is JAX's");
  check(has("    %0 = stablehlo.sine %arg0 : tensor<8xf32>\n"),
        "sin is stablehlo.sine");
  check(has(" = stablehlo.constant dense<2.000000e+00> : tensor<f32>\n") &&
            has(" = stablehlo.broadcast_in_dim ") &&
            has(" = stablehlo.multiply %0, "),
        "the scalar 2.0 is a 0-d constant broadcast to f32[8], as in JAX");
  jx::Array y = jf(x); // traced, lowered, compiled once
  jf(x);
  check(jf.cache_misses() == 1 && jf.cache_hits() == 1,
        "jf(x) twice: one compile, then a cache hit");
  // JAX: Array([1.6829419, ...], dtype=float32), 8 times 2 sin(1); jx prints
  // it on one line (JAX wraps at 80 columns), so compare the values.
  check(y.to_vector<float>() == std::vector<float>(8, 1.6829419f),
        "jf(ones(8)) is 2 sin(1) (JAX's value)");
  check_text(jf(jnp::ones({4})).str(),
             "Array([1.6829419, 1.6829419, 1.6829419, 1.6829419], "
             "dtype=float32)",
             "jf(ones(4)) prints as JAX prints it");

  // --- Arrays a function closes over become constvars --------------------
  // c = jnp.array([1., 2., 3.]); g = lambda x: x * c + 1.0
  Array c = jx::array({1.f, 2.f, 3.f});
  auto g = [c](const Array &v) { return v * c + 1.0f; };
  jx::ClosedJaxpr gj = jx::make_jaxpr(g)(jnp::ones({2, 3}));
  std::cout << gj << "\n";
  check_text(gj.str(),
             "{ lambda a:f32[3]; b:f32[2,3]. let\n"
             "    c:f32[1,3] = broadcast_in_dim[broadcast_dimensions=(1,)] a\n"
             "    d:f32[2,3] = mul b c\n"
             "    e:f32[2,3] = add d 1.0:f32[]\n"
             "  in (e,) }",
             "a captured array is a constvar, the scalar a literal");
  check(gj.consts.size() == 1 && gj.consts[0].shape == jx::shape_t{3},
        "the ClosedJaxpr holds the constant's value");

  // --- A longer jaxpr is laid out on several lines, as JAX does ----------
  // def layer(x, w): return jnp.tanh(x @ w).sum(axis=1)
  auto layer = [](const Array &a, const Array &w) {
    return jnp::sum(jnp::tanh(jnp::matmul(a, w)), 1);
  };
  jx::ClosedJaxpr lj = jx::make_jaxpr(layer)(jnp::ones({4, 8}), jnp::ones({8, 3}));
  std::cout << lj << "\n";
  check_text(lj.str(),
             "{ lambda ; a:f32[4,8] b:f32[8,3]. let\n"
             "    c:f32[4,3] = dot_general[\n"
             "      dimension_numbers=(([1], [0]), ([], []))\n"
             "      preferred_element_type=float32\n"
             "    ] a b\n"
             "    d:f32[4,3] = tanh c\n"
             "    e:f32[4] = reduce_sum[axes=(1,) out_sharding=None] d\n"
             "  in (e,) }",
             "the layer's jaxpr equals JAX's");

  // The jaxpr is data: equations, their primitives and typed variables.
  const jx::Jaxpr &body = *lj.jaxpr;
  check(body.eqns.size() == 3 && body.eqns[0].name() == "dot_general" &&
            body.eqns[2].name() == "reduce_sum",
        "the equations are dot_general, tanh, reduce_sum");
  check(lj.out_avals()[0].str() == "f32[4]", "the output type is f32[4]");
  bool well_formed = true;
  try {
    jx::check_jaxpr(body);
  } catch (const jx::error &) {
    well_formed = false;
  }
  check(well_formed, "jx::check_jaxpr accepts it");

  return example::finish("inspect_jaxpr");
}
