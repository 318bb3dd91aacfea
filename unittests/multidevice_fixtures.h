// multidevice_fixtures.h - the JAX fixtures of test/Fixtures/multidevice/
// (inputs and JAX's outputs as .npy) for the suites of pmap, shard_map and
// named vmaps, and their comparison.

#ifndef JX_UNITTESTS_MULTIDEVICE_FIXTURES_H
#define JX_UNITTESTS_MULTIDEVICE_FIXTURES_H

#include "jx/jx.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace multidevice {

inline std::string fixture(const std::string &name) {
  return std::string(JX_FRONTEND_INPUTS) + "/../../Fixtures/multidevice/" +
         name + ".npy";
}
inline jx::Array load(const std::string &name) {
  return jx::Array(jx::runtime::read_npy(fixture(name)));
}

/// Elementwise |got - want| <= tol * (1 + |want|), shapes equal.
inline void expect_close(const jx::Array &got, const jx::Array &want,
                         double tol = 1e-5) {
  ASSERT_EQ(got.shape(), want.shape());
  std::vector<double> g = got.to_vector<double>(), w = want.to_vector<double>();
  for (std::size_t i = 0; i < g.size(); ++i)
    EXPECT_NEAR(g[i], w[i], tol * (1 + std::abs(w[i]))) << "element " << i;
}

} // namespace multidevice

#endif // JX_UNITTESTS_MULTIDEVICE_FIXTURES_H
