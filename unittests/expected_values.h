// expected_values.h - JAX's values for the table-driven frontend tests
// (indexing_test.cpp, numpy_surface_test.cpp): one entry of a generated
// *_expected.inc (written by unittests/expected_inc.py's write_cases), and
// the comparison of jx's result with it, eagerly and under jit.

#pragma once

#include "jx/jx.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

namespace expected_values {

using jx::Array;
using args_t = std::vector<Array>;

/// `{"name", dtype, {shape}, {values}}`: values row-major, bools as 0/1.
struct expected_case {
  const char *name;
  jx::dtype dtype;
  jx::shape_t shape;
  std::vector<double> values;
};

inline const expected_case *find(const std::vector<expected_case> &all,
                                 const std::string &name) {
  for (const expected_case &e : all)
    if (name == e.name)
      return &e;
  return nullptr;
}

/// r has e's dtype and shape, and each value is within tol * (1 + |want|)
/// of e's (a NaN wanted matches a NaN got).
inline void expect_matches(const Array &r, const expected_case &e,
                           const std::string &what, double tol) {
  ASSERT_EQ(r.dtype(), e.dtype) << what << ": " << r.aval().str();
  ASSERT_EQ(r.shape(), e.shape) << what << ": " << r.aval().str();
  std::vector<double> got = r.to_vector<double>();
  ASSERT_EQ(got.size(), e.values.size()) << what;
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(e.values[i]))
      EXPECT_TRUE(std::isnan(got[i])) << what << " [" << i << "]: " << got[i];
    else
      EXPECT_NEAR(got[i], e.values[i], tol * (1 + std::fabs(e.values[i])))
          << what << " [" << i << "]";
  }
}

/// f(args) run eagerly and under jit both match e.
inline void expect_eager_and_jit(const std::string &name,
                                 const std::function<Array(const args_t &)> &f,
                                 const args_t &args, const expected_case &e,
                                 double tol) {
  expect_matches(f(args), e, name + " (eager)", tol);
  jx::detail::jit_core jitted([f](const args_t &a) { return args_t{f(a)}; },
                              name);
  expect_matches(jitted.call(args)[0], e, name + " (jit)", tol);
}

/// Every entry of `all` names one of `case_names` (a value the generator
/// writes has a test that reads it).
inline void expect_every_value_has_a_case(
    const std::vector<expected_case> &all,
    const std::vector<std::string> &case_names) {
  for (const expected_case &e : all) {
    bool found = false;
    for (const std::string &c : case_names)
      found = found || c == e.name;
    EXPECT_TRUE(found) << e.name;
  }
}

} // namespace expected_values
