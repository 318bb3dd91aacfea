// complex_test.cpp - jnp::real, imag, conj and lax::complex: values, the
// dtypes of the parts, derivatives (JAX's transposes of these real-linear
// maps) and vmap.

#include "jx/jx.h"

#include <gtest/gtest.h>

#include <complex>

namespace {

using jx::Array;
namespace jnp = jx::numpy;
namespace lax = jx::lax;

Array floats(std::vector<double> v, jx::dtype t = jx::dtype::float32) {
  int64_t n = static_cast<int64_t>(v.size());
  return jx::array(v, {n}, t);
}

TEST(Complex, PartsAndConjugate) {
  Array z = lax::complex(floats({1, -2, 0.5}), floats({3, 4, -1}));
  EXPECT_EQ(z.dtype(), jx::dtype::complex64);
  Array re = jnp::real(z), im = jnp::imag(z), c = jnp::conj(z);
  EXPECT_EQ(re.dtype(), jx::dtype::float32);
  EXPECT_EQ(re.to_vector<double>(), (std::vector<double>{1, -2, 0.5}));
  EXPECT_EQ(im.to_vector<double>(), (std::vector<double>{3, 4, -1}));
  EXPECT_EQ(jnp::imag(c).to_vector<double>(), (std::vector<double>{-3, -4, 1}));
  // |z|^2 = z conj(z), real.
  EXPECT_EQ(jnp::real(z * c).to_vector<double>(),
            (std::vector<double>{10, 20, 1.25}));
  // Under jit, the same; float64 parts make complex128.
  auto f = jx::jit([](const Array &a, const Array &b) {
    return jnp::imag(jnp::conj(lax::complex(a, b)));
  });
  Array r = f(floats({1, 2}, jx::dtype::float64), floats({5, 6}, jx::dtype::float64));
  EXPECT_EQ(r.dtype(), jx::dtype::float64);
  EXPECT_EQ(r.to_vector<double>(), (std::vector<double>{-5, -6}));
  // Real inputs: real and conj return them, imag gives zeros (as jnp).
  Array x = floats({1, 2});
  EXPECT_EQ(jnp::conj(x).to_vector<double>(), (std::vector<double>{1, 2}));
  EXPECT_EQ(jnp::imag(x).to_vector<double>(), (std::vector<double>{0, 0}));
}

TEST(Complex, Derivatives) {
  // L(x, y) = sum(|complex(x, y)|^2 * w) through real(z conj(z)):
  // dL/dx = 2 x w, dL/dy = 2 y w.
  Array x = floats({1, -2, 0.5}, jx::dtype::float64);
  Array y = floats({3, 4, -1}, jx::dtype::float64);
  Array w = floats({1, 2, 3}, jx::dtype::float64);
  auto loss = [w](const Array &a, const Array &b) {
    Array z = lax::complex(a, b);
    return (jnp::real(z * jnp::conj(z)) * w).sum();
  };
  auto [gx, gy] = jx::grad<0, 1>(loss)(x, y);
  EXPECT_EQ(gx.to_vector<double>(), (std::vector<double>{2, -8, 3}));
  EXPECT_EQ(gy.to_vector<double>(), (std::vector<double>{6, 16, -6}));
  // imag's cotangent: L = sum(imag(complex(x, y)) * w) = sum(y w).
  auto im = [w](const Array &a, const Array &b) {
    return (jnp::imag(lax::complex(a, b)) * w).sum();
  };
  auto [ix, iy] = jx::grad<0, 1>(im)(x, y);
  EXPECT_EQ(ix.to_vector<double>(), (std::vector<double>{0, 0, 0}));
  EXPECT_EQ(iy.to_vector<double>(), (std::vector<double>{1, 2, 3}));
  // Forward mode: d real(conj(complex(x, y))) along (1, 1) is 1.
  auto [out, t] = jx::jvp(
      [](const Array &a) { return jnp::real(jnp::conj(lax::complex(a, a))); },
      std::make_tuple(x), std::make_tuple(jnp::ones_like(x)));
  EXPECT_EQ(t.to_vector<double>(), (std::vector<double>{1, 1, 1}));
}

TEST(Complex, VmapAndErrors) {
  Array a = jx::array(std::vector<double>{1, 2, 3, 4, 5, 6}, {2, 3},
                      jx::dtype::float32);
  Array v = jx::vmap([](const Array &r) {
    return jnp::imag(lax::complex(r, r * Array(2.0f)));
  })(a);
  EXPECT_EQ(v.to_vector<double>(), (std::vector<double>{2, 4, 6, 8, 10, 12}));
  auto msg = [](const std::function<void()> &f) {
    try {
      f();
    } catch (const jx::error &e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  EXPECT_NE(msg([&] { lax::real(a); }).find("jx::lax::real: needs a complex"),
            std::string::npos);
  EXPECT_NE(msg([&] {
              lax::complex(a, jnp::astype(a, jx::dtype::float64));
            }).find("two float32 or two float64"),
            std::string::npos);
}

} // namespace
