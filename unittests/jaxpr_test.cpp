// jaxpr_test.cpp - printed jaxprs equal JAX's (Inputs/jaxprs.txt), the
// checker, constvars from closures.

#include "fixtures.h"
#include "functions.h"

#include "jx/jx.h"

#include <gtest/gtest.h>

namespace {

namespace jnp = jx::numpy;
using jx::Array;

jx::ClosedJaxpr trace(const sample &s) {
  std::vector<jx::shaped_array> avals;
  for (const Array &a : s.args)
    avals.push_back(a.aval());
  return jx::core::trace_to_jaxpr(s.f, avals);
}

TEST(Jaxpr, PrintoutEqualsJax) {
  auto expected = read_sections("jaxprs.txt");
  int compared = 0;
  for (const sample &s : samples()) {
    auto it = expected.find(s.name);
    if (it == expected.end())
      continue; // jx-only sample (e.g. where: JAX wraps it in a jit)
    EXPECT_EQ(trace(s).str(), it->second) << s.name;
    ++compared;
  }
  EXPECT_GE(compared, 20);
}

TEST(Jaxpr, EverySampleChecks) {
  for (const sample &s : samples())
    EXPECT_NO_THROW(jx::check_jaxpr(*trace(s).jaxpr)) << s.name;
}

TEST(Jaxpr, CheckerRejectsUseBeforeDefinition) {
  jx::ClosedJaxpr j = trace(samples()[0]);
  jx::Jaxpr bad = *j.jaxpr;
  std::swap(bad.eqns[0], bad.eqns[1]);
  EXPECT_THROW(jx::check_jaxpr(bad), jx::error);
}

TEST(Jaxpr, CheckerRejectsWrongTypes) {
  jx::ClosedJaxpr j = trace(samples()[0]);
  jx::Jaxpr bad = *j.jaxpr;
  bad.eqns[0].outvars[0] = jx::new_var({jx::float32, {9}, false});
  try {
    jx::check_jaxpr(bad);
    FAIL() << "expected an error";
  } catch (const jx::error &e) {
    EXPECT_NE(std::string(e.what()).find("equation 0 (sin)"), std::string::npos)
        << e.what();
  }
}

TEST(Jaxpr, ClosuresBecomeConstvars) {
  Array c = jx::array({1.f, 2.f});
  auto f = [c](const Array &x) { return x * c + c; };
  jx::ClosedJaxpr j = jx::make_jaxpr(f)(jx::array({0.f, 0.f}));
  ASSERT_EQ(j.jaxpr->constvars.size(), 1u); // captured once, used twice
  ASSERT_EQ(j.consts.size(), 1u);
  EXPECT_EQ(j.str(), "{ lambda a:f32[2]; b:f32[2]. let\n"
                     "    c:f32[2] = mul b a\n"
                     "    d:f32[2] = add c a\n"
                     "  in (d,) }");
}

TEST(Jaxpr, MultipleOutputsAndLiterals) {
  auto f = [](const Array &x) { return std::make_tuple(x, Array(2.0f)); };
  EXPECT_EQ(jx::make_jaxpr(f)(jx::array({1.f})).str(),
            "{ lambda ; a:f32[1]. let  in (a, 2.0:f32[]) }");
}

TEST(Jaxpr, LiteralsPrintAsPythonFloats) {
  auto f = [](const Array &x) { return x * 0.1f + 1e-5f; };
  EXPECT_EQ(jx::make_jaxpr(f)(jx::array({1.f})).str(),
            "{ lambda ; a:f32[1]. let\n"
            "    b:f32[1] = mul a 0.10000000149011612:f32[]\n"
            "    c:f32[1] = add b 9.999999747378752e-06:f32[]\n"
            "  in (c,) }");
}

} // namespace
