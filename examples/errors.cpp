// errors.cpp - how jx reports mistakes: a bad call throws jx::error (a
// std::invalid_argument) at the call, eagerly or while tracing, with a
// message that starts with the API's name and shows the types involved.
// Nothing is compiled for a call that fails.
//
//   ninja -C build jx-example-errors && build/bin/jx-example-errors

#include "check.h"

#include <jx/jx.h>

#include <functional>

namespace jnp = jx::numpy;
using example::check;
using example::check_text;
using jx::Array;

namespace {
/// The jx::error message `f` throws ("" if it throws none).
std::string error_of(const std::function<void()> &f) {
  try {
    f();
  } catch (const jx::error &e) {
    return e.what();
  }
  return "";
}
} // namespace

int main() {
  Array a = jnp::ones({3, 4}), b = jnp::ones({5, 6});

  // Shapes that do not fit, eagerly.
  std::string m = error_of([&] { jnp::matmul(a, b); });
  std::cout << m << "\n";
  check_text(m,
             "jx::matmul: contracting dims differ: lhs f32[3,4] dim 1 is 4, "
             "rhs f32[5,6] dim 0 is 5",
             "matmul of f32[3,4] and f32[5,6]");

  m = error_of([] { jnp::ones({2, 3}) + jnp::ones({4}); });
  std::cout << m << "\n";
  check_text(m, "jx::add: shapes f32[2,3] and f32[4] do not broadcast",
             "adding f32[2,3] and f32[4]");

  m = error_of([] { jnp::sum(jnp::ones({2, 3}), 2); });
  std::cout << m << "\n";
  check_text(m, "jx::sum: axis 2 is out of bounds for array f32[2,3]",
             "sum over a missing axis");

  // The same mistake inside jit is reported while tracing, before anything
  // is compiled, and the cache stays empty.
  auto f = jx::jit([](const Array &x, const Array &y) { return x + y; });
  m = error_of([&] { f(jnp::ones({2, 3}), jnp::ones({4})); });
  check_text(m, "jx::add: shapes f32[2,3] and f32[4] do not broadcast",
             "the same message from inside jit");
  check(f.cache_misses() == 0, "a failed trace compiles nothing");

  // Reading a traced value is an error (JAX's concretization error):
  // tracers have a type but no data.
  auto g = jx::jit([](const Array &x) {
    return x.item<float>() > 0 ? x : -x; // not allowed: branch on a value
  });
  m = error_of([&] { g(jx::array({1.f})); });
  std::cout << m << "\n";
  check(m.rfind("jx::", 0) == 0 && m.find("f32[1]") != std::string::npos,
        "reading a tracer's value names the API and the traced type");

  // lax is strict about dtypes, numpy promotes.
  m = error_of([] { jx::lax::add(jnp::ones({2}), jnp::ones({2}, jx::int32)); });
  std::cout << m << "\n";
  check(m.rfind("jx::lax::add", 0) == 0 && m.find("f32[2]") != std::string::npos &&
            m.find("i32[2]") != std::string::npos,
        "lax::add of f32 and i32 names both types");
  check(jnp::add(jnp::ones({2}), jnp::ones({2}, jx::int32)).dtype() ==
            jx::float32,
        "numpy::add of f32 and i32 promotes to f32");

  // jx::error is a std::invalid_argument: generic handlers catch it too.
  bool caught = false;
  try {
    jnp::reshape(jnp::ones({2, 3}), {4, 2});
  } catch (const std::invalid_argument &e) {
    caught = true;
    std::cout << e.what() << "\n";
  }
  check(caught, "a bad reshape throws a std::invalid_argument");

  return example::finish("errors");
}
