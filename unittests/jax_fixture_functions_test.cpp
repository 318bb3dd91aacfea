// jax_fixture_functions_test.cpp - the functions of JAX's reference fixtures
// (test/Fixtures/jax, written by scripts/gen_jax_fixtures.py), written again
// with jx's C++ API, must give JAX's outputs on JAX's inputs.
//
// For every fixture this test knows how to write with jx (the `covered`
// table), it loads the .npy inputs, runs the jx function eagerly and under
// jx::jit, and compares each output with the fixture's .npy output: same
// dtype and shape, values within the per-output tolerance of manifest.json
// (|got - want| <= atol + rtol * |want|; "exact" means equal, bit for bit
// for floats). Where jx traces the same equations as JAX (`jaxpr_equal`),
// jx::make_jaxpr(f)(inputs).str() must also equal the fixture's .jaxpr.txt.
//
// Fixtures that need an API jx does not have yet are listed in the
// `pending` table with the missing API; they show as skipped. A fixture in
// neither table fails the Coverage test, so a new fixture cannot be missed.
//
// A few entries compose what jx lacks from what it has, the way JAX itself
// computes it (e.g. jnp.trunc is where(x < 0, ceil, floor)); each says so in
// its `composed` note.

#include "jx/jx.h"
#include "jx/random.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

namespace {

namespace jnp = jx::numpy;
namespace lax = jx::lax;
using jx::Array;
using args_t = std::vector<Array>;

/// The fixtures' folder, next to the frontend's JAX printouts.
const std::string kFixtures =
    std::string(JX_FRONTEND_INPUTS) + "/../../Fixtures/jax";

// ---------------------------------------------------------------------------
// A minimal JSON reader (objects, arrays, strings, numbers, true/false/null):
// just enough for manifest.json.
// ---------------------------------------------------------------------------

struct json;
using json_object = std::map<std::string, json>;
using json_array = std::vector<json>;

struct json {
  std::variant<std::nullptr_t, bool, double, std::string,
               std::shared_ptr<json_array>, std::shared_ptr<json_object>>
      v;
  bool is_string() const { return std::holds_alternative<std::string>(v); }
  const std::string &str() const { return std::get<std::string>(v); }
  double num() const { return std::get<double>(v); }
  const json_array &arr() const {
    return *std::get<std::shared_ptr<json_array>>(v);
  }
  const json &operator[](const std::string &key) const {
    const json_object &o = *std::get<std::shared_ptr<json_object>>(v);
    auto it = o.find(key);
    if (it == o.end())
      throw std::runtime_error("manifest.json: no key '" + key + "'");
    return it->second;
  }
  bool has(const std::string &key) const {
    const json_object &o = *std::get<std::shared_ptr<json_object>>(v);
    return o.count(key) != 0;
  }
};

class json_parser {
public:
  explicit json_parser(std::string text) : s_(std::move(text)) {}
  json parse() {
    json j = value();
    ws();
    if (i_ != s_.size())
      fail("trailing text");
    return j;
  }

private:
  [[noreturn]] void fail(const std::string &what) {
    throw std::runtime_error("manifest.json: " + what + " at offset " +
                             std::to_string(i_));
  }
  void ws() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_])))
      ++i_;
  }
  bool eat(char c) {
    ws();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!eat(c))
      fail(std::string("expected '") + c + "'");
  }
  std::string string() {
    expect('"');
    std::string out;
    while (i_ < s_.size() && s_[i_] != '"') {
      char c = s_[i_++];
      if (c == '\\') {
        char e = s_.at(i_++);
        switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'u': out += '?'; i_ += 4; break; // not needed here
        default: out += e;
        }
      } else {
        out += c;
      }
    }
    expect('"');
    return out;
  }
  json value() {
    ws();
    if (i_ >= s_.size())
      fail("unexpected end");
    char c = s_[i_];
    if (c == '{') {
      ++i_;
      auto o = std::make_shared<json_object>();
      if (!eat('}')) {
        do {
          std::string k = string();
          expect(':');
          (*o)[k] = value();
        } while (eat(','));
        expect('}');
      }
      return json{o};
    }
    if (c == '[') {
      ++i_;
      auto a = std::make_shared<json_array>();
      if (!eat(']')) {
        do
          a->push_back(value());
        while (eat(','));
        expect(']');
      }
      return json{a};
    }
    if (c == '"')
      return json{string()};
    for (auto [word, val] : {std::pair<const char *, int>{"true", 1},
                             {"false", 0}, {"null", -1}}) {
      if (s_.compare(i_, std::strlen(word), word) == 0) {
        i_ += std::strlen(word);
        if (val < 0)
          return json{nullptr};
        return json{val == 1};
      }
    }
    std::size_t used = 0;
    double d = std::stod(s_.substr(i_, 40), &used);
    i_ += used;
    return json{d};
  }
  std::string s_;
  std::size_t i_ = 0;
};

const json &manifest() {
  static const json m = [] {
    std::ifstream in(kFixtures + "/manifest.json");
    if (!in)
      throw std::runtime_error("cannot read " + kFixtures + "/manifest.json");
    std::stringstream ss;
    ss << in.rdbuf();
    return json_parser(ss.str()).parse();
  }();
  return m;
}

const json *manifest_entry(const std::string &name) {
  for (const json &f : manifest()["fixtures"].arr())
    if (f["name"].str() == name)
      return &f;
  return nullptr;
}

// ---------------------------------------------------------------------------
// Fixture arrays and comparison.
// ---------------------------------------------------------------------------

jx::dtype dtype_from_name(const std::string &n) {
  static const std::map<std::string, jx::dtype> names = {
      {"bool", jx::bool_},     {"int8", jx::int8},       {"int16", jx::int16},
      {"int32", jx::int32},    {"int64", jx::int64},     {"uint8", jx::uint8},
      {"uint16", jx::uint16},  {"uint32", jx::uint32},   {"uint64", jx::uint64},
      {"float16", jx::float16}, {"bfloat16", jx::bfloat16},
      {"float32", jx::float32}, {"float64", jx::float64},
      {"complex64", jx::complex64}, {"complex128", jx::complex128}};
  auto it = names.find(n);
  if (it == names.end())
    throw std::runtime_error("manifest.json: unknown dtype " + n);
  return it->second;
}

/// One input or output leaf: the .npy file as the manifest describes it
/// (bfloat16 is stored as its uint16 bit patterns).
jx::runtime::host_buffer load_leaf(const json &leaf) {
  jx::runtime::host_buffer b =
      jx::runtime::read_npy(kFixtures + "/" + leaf["file"].str());
  jx::dtype want = dtype_from_name(leaf["dtype"].str());
  if (leaf.has("npy_storage") && leaf["npy_storage"].str() == "bfloat16_bits") {
    if (b.dtype != jx::uint16)
      throw std::runtime_error(leaf["file"].str() + ": bfloat16 bits not u16");
    b.dtype = jx::bfloat16;
  }
  if (b.dtype != want)
    throw std::runtime_error(leaf["file"].str() + ": holds " +
                             jx::dtype_name(b.dtype) + ", manifest says " +
                             jx::dtype_name(want));
  return b;
}

/// Compares `got` with the fixture output `leaf`; "" when they agree, else
/// what differs.
std::string compare(const Array &got, const json &leaf) {
  jx::runtime::host_buffer want = load_leaf(leaf);
  std::ostringstream err;
  if (got.dtype() != want.dtype || got.shape() != want.shape) {
    err << "type " << got.aval().str() << ", JAX's is " << want.type_string();
    return err.str();
  }
  const json &tol = leaf["tolerance"];
  if (tol.is_string()) { // "exact": bit for bit (values for ints, bools)
    const jx::runtime::byte_vector &g = got.buffer().data;
    if (g == want.data)
      return "";
    std::vector<double> gv = got.to_vector<double>(),
                        wv = Array(want).to_vector<double>();
    for (std::size_t i = 0; i < gv.size(); ++i)
      if (!(gv[i] == wv[i]) || std::signbit(gv[i]) != std::signbit(wv[i])) {
        err << "exact: element " << i << " is " << gv[i] << ", JAX's is "
            << wv[i];
        return err.str();
      }
    return "exact: bytes differ";
  }
  double rtol = tol["rtol"].num(), atol = tol["atol"].num();
  std::vector<double> gv, wv;
  if (jx::is_complex(got.dtype())) { // real parts, then imaginary parts
    for (const Array &g : {jnp::real(got), jnp::imag(got)})
      for (double v : g.to_vector<double>())
        gv.push_back(v);
    for (const Array &w : {jnp::real(Array(want)), jnp::imag(Array(want))})
      for (double v : w.to_vector<double>())
        wv.push_back(v);
  } else {
    gv = got.to_vector<double>();
    wv = Array(want).to_vector<double>();
  }
  for (std::size_t i = 0; i < gv.size(); ++i) {
    // Non-finite values (singular or failed factorizations) must be the
    // same: NaN where JAX has NaN, an infinity of the same sign.
    if (std::isnan(wv[i]) && std::isnan(gv[i]))
      continue;
    if (std::isinf(wv[i]) && gv[i] == wv[i])
      continue;
    if (!(std::fabs(gv[i] - wv[i]) <= atol + rtol * std::fabs(wv[i]))) {
      err.precision(9);
      err << "element " << i << " is " << gv[i] << ", JAX's is " << wv[i]
          << " (rtol " << rtol << ", atol " << atol << ")";
      return err.str();
    }
  }
  return "";
}

// ---------------------------------------------------------------------------
// The table.
// ---------------------------------------------------------------------------

struct fixture_case {
  std::string name;
  std::size_t arity = 0;
  std::function<args_t(const args_t &)> eager, jitted;
  std::function<std::string(const args_t &)> jaxpr;
  /// jx traces the same equations as JAX: the printed jaxprs must be equal.
  bool jaxpr_equal = false;
  /// What the entry composes from other jx functions ("" when nothing).
  std::string composed;
  /// Pending entries: the API jx lacks (the test is skipped).
  std::string missing;
};

void PrintTo(const fixture_case &c, std::ostream *os) { *os << c.name; }

template <class F, std::size_t... I>
args_t run_flat(const F &f, const args_t &a, std::index_sequence<I...>) {
  args_t out;
  jx::detail::flatten_into(out, f(a.at(I)...));
  return out;
}
template <class F, std::size_t... I>
std::string jaxpr_text(const F &f, const args_t &a,
                       std::index_sequence<I...>) {
  return jx::make_jaxpr(f)(a.at(I)...).str();
}

/// A covered fixture: `f` takes the fixture's N inputs (in the manifest's
/// order) and returns its outputs (an Array, a tuple or a vector).
template <std::size_t N, class F>
fixture_case fx(const char *name, F f, bool jaxpr_equal = false,
                const char *composed = "") {
  fixture_case c;
  c.name = name;
  c.arity = N;
  c.eager = [f](const args_t &a) {
    return run_flat(f, a, std::make_index_sequence<N>{});
  };
  auto jf = jx::jit(f, name);
  c.jitted = [jf](const args_t &a) {
    return run_flat(jf, a, std::make_index_sequence<N>{});
  };
  c.jaxpr = [f](const args_t &a) {
    return jaxpr_text(f, a, std::make_index_sequence<N>{});
  };
  c.jaxpr_equal = jaxpr_equal;
  c.composed = composed;
  return c;
}

[[maybe_unused]] fixture_case pending(const char *name,
                                      std::string missing) {
  fixture_case c;
  c.name = name;
  c.missing = std::move(missing);
  return c;
}

/// A covered entry that cannot run yet for want of `missing` (kept written
/// so that it only needs unwrapping): skipped, counted as pending.
[[maybe_unused]] fixture_case needs(std::string missing, fixture_case c) {
  c.missing = std::move(missing);
  return c;
}

using A = const Array &;
constexpr bool kSameJaxpr = true;

/// x[i] on the first axis (lax.slice + squeeze, as JAX traces it).
Array row(A x, int64_t i) { return jnp::slice(x, {i}); }

namespace nn = jx::nn;

/// The MLP of the mlp_* fixtures; the params dict flattens in key order.
using mlp_params = std::map<std::string, Array>;
mlp_params params_of(A b1, A b2, A w1, A w2) {
  return {{"b1", b1}, {"b2", b2}, {"w1", w1}, {"w2", w2}};
}
Array mlp_logits(const mlp_params &p, A x) {
  Array h = nn::relu(jnp::matmul(x, p.at("w1")) + p.at("b1"));
  return jnp::matmul(h, p.at("w2")) + p.at("b2");
}
Array mlp_loss(const mlp_params &p, A x, A labels) {
  Array logp = nn::log_softmax(mlp_logits(p, x), -1);
  return -jnp::mean(jnp::sum(nn::one_hot(labels, 4) * logp, -1));
}

/// NHWC convolutions' dimension numbers.
const lax::conv_dimension_spec kNHWC{"NHWC", "HWIO", "NHWC"};

std::vector<fixture_case> covered() {
  using std::make_tuple;
  return {
      // Elementwise math.
      fx<1>("exp_f32", [](A x) { return jnp::exp(x); },
            kSameJaxpr),
      fx<1>("log_f32",
            [](A x) { return make_tuple(jnp::log(x), jnp::log1p(x)); },
            kSameJaxpr),
      fx<1>("tanh_f32", [](A x) { return jnp::tanh(x); },
            kSameJaxpr),
      fx<1>("logistic_f32", [](A x) { return jx::nn::sigmoid(x); },
            kSameJaxpr),
      fx<1>("integer_pow_f32",
            [](A x) {
              return make_tuple(jnp::power(x, 2), jnp::power(x, 3),
                                lax::integer_pow(x, -2),
                                lax::integer_pow(x, 5));
            },
            kSameJaxpr),
      fx<2>("abs_sign_f32_i32",
            [](A x, A n) {
              return make_tuple(jnp::abs(x), jnp::sign(x), -x, jnp::abs(n),
                                jnp::sign(n), -n);
            },
            kSameJaxpr),
      fx<1>("floor_ceil_round_f32",
            [](A x) {
              return make_tuple(
                  jnp::floor(x), jnp::ceil(x), jnp::round(x),
                  lax::round(x, lax::rounding_method::away_from_zero),
                  jnp::trunc(x));
            }),
      fx<3>("clip_f32",
            [](A x, A lo, A hi) {
              return make_tuple(jnp::clip(x, -0.5f, 0.75f),
                                lax::clamp(lo, x, hi));
            }),
      fx<3>("where_f32",
            [](A x, A y, A c) {
              return make_tuple(jnp::where(x > 0.0f, x, y),
                                jnp::where(c, x, 0.0f));
            }),
      fx<2>("compare_f32",
            [](A x, A y) {
              return make_tuple(jnp::equal(x, y), jnp::not_equal(x, y), x < y,
                                x <= y, x > y, x >= y);
            },
            kSameJaxpr),
      fx<1>("expm1_log1p_f64",
            [](A x) {
              return make_tuple(jnp::exp(x), jnp::expm1(x),
                                jnp::log1p(jnp::abs(x)), jnp::tanh(x));
            },
            kSameJaxpr),
      fx<2>("tanh_exp_f16",
            [](A x, A y) {
              return make_tuple(jnp::tanh(x), jnp::exp(x), x * y + 1.0f);
            },
            kSameJaxpr),
      fx<2>("arith_bf16",
            [](A x, A y) {
              return make_tuple(x + y, x * y, jnp::exp(x), x / y);
            },
            kSameJaxpr),
      fx<2>("bool_logic",
            [](A p, A q) {
              return make_tuple(jnp::bitwise_and(p, q), jnp::bitwise_or(p, q),
                                jnp::bitwise_xor(p, q), jnp::invert(p),
                                jnp::sum(p.astype(jx::int32)));
            },
            kSameJaxpr),
      // Reductions.
      fx<1>("sum_axes_f32",
            [](A x) {
              return make_tuple(jnp::sum(x, 1), jnp::sum(x, {0, 2}),
                                jnp::sum(x), jnp::sum(x, 2, true));
            },
            kSameJaxpr),
      fx<1>("mean_keepdims_f32",
            [](A x) {
              return make_tuple(jnp::mean(x, -1, true), jnp::mean(x, 0));
            },
            kSameJaxpr),
      fx<2>("max_min_f32",
            [](A x, A n) {
              return make_tuple(jnp::max(x, 1), jnp::min(x, {0, 2}),
                                jnp::max(x, std::nullopt, true),
                                jnp::max(n, 0));
            },
            kSameJaxpr),
      fx<1>("argmax_argmin_f32",
            [](A x) {
              return make_tuple(jnp::argmax(x, 1), jnp::argmin(x, 0),
                                jnp::argmax(x));
            },
            kSameJaxpr),
      fx<2>("prod_i32",
            [](A n, A x) {
              return make_tuple(jnp::prod(n, 1), jnp::prod(x, 0));
            },
            kSameJaxpr),
      fx<1>("logsumexp_f32",
            [](A x) {
              return make_tuple(nn::logsumexp(x, 1), nn::logsumexp(x));
            }),
      fx<1>("var_std_f32",
            [](A x) {
              Array d = x - jnp::mean(x);
              Array var1 = jnp::sum(d * d) / static_cast<float>(x.size() - 1);
              return make_tuple(jnp::var(x, 0), jnp::std(x, 0), var1);
            },
            false, "jnp.var(ddof=1) as sum((x - mean)^2) / (n - 1)"),
      fx<1>("sum_mean_f64",
            [](A x) {
              return make_tuple(jnp::sum(x, 0), jnp::mean(x), jnp::max(x, 1));
            },
            kSameJaxpr),
      fx<1>("any_all_bool",
            [](A p) {
              return make_tuple(jnp::any(p, 1), jnp::all(p, 1),
                                jnp::all(p, 0));
            },
            kSameJaxpr),
      // Linear algebra.
      fx<3>("matmul_f32",
            [](A a, A b, A v) {
              return make_tuple(jnp::matmul(a, b), jnp::matmul(a, v));
            },
            kSameJaxpr),
      fx<2>("dot_general_i32",
            [](A a, A b) {
              return lax::dot_general(a, b, {{2}, {1}, {0}, {0}});
            }),
      fx<2>("dot_bf16_to_f32",
            [](A a, A b) {
              return lax::dot_general(a, b, {{1}, {0}, {}, {}}, jx::float32);
            },
            kSameJaxpr),
      fx<2>("matvec_f64",
            [](A a, A v) {
              return make_tuple(jnp::matmul(a, v), jnp::dot(v, v));
            },
            kSameJaxpr),
      // Slicing.
      fx<1>("slice_strided_f32",
            [](A x) {
              // x[:, 1::2], x[::-1], x[1:3, ::3], x[..., None]
              return make_tuple(
                  jnp::slice(x, {jx::all(), jx::range(1, std::nullopt, 2)}),
                  jnp::flip(x, 0),
                  jnp::slice(x, {jx::range(1, 3),
                                 jx::range(std::nullopt, std::nullopt, 3)}),
                  jnp::expand_dims(x, 2));
            },
            kSameJaxpr,
            "x[::-1] as jnp::flip (negative steps), x[..., None] as "
            "jnp::expand_dims"),
      fx<4>("dynamic_slice_f32",
            [](A x, A u, A i, A j) {
              return make_tuple(lax::dynamic_slice(x, {i, j - 3}, {2, 2}),
                                lax::dynamic_update_slice(x, u, {i, j}));
            }),
      // Sorting and cumulative ops.
      fx<1>("sort_f32",
            [](A x) {
              return make_tuple(jnp::sort(x), jnp::sort(x, 0),
                                -jnp::sort(-row(x, 0)));
            }),
      fx<2>("argsort_f32",
            [](A x, A n) {
              return make_tuple(jnp::argsort(x, -1), jnp::argsort(n));
            }),
      fx<2>("sort_multi_operand",
            [](A k, A v) { return lax::sort({k, v}, 0, true, 1); },
            kSameJaxpr),
      fx<2>("cumulative_f32",
            [](A x, A p) {
              return make_tuple(jnp::cumsum(x, 1), jnp::cumprod(p, 0),
                                lax::cummax(x, 1), lax::cummin(x, 1, true));
            }),
      fx<2>("cumsum_i32",
            [](A n, A b) { return make_tuple(jnp::cumsum(n), jnp::cumsum(b)); }),
      // Neural network functions.
      fx<1>("softmax_f32",
            [](A x) {
              return make_tuple(jx::nn::softmax(x, -1),
                                jx::nn::log_softmax(x, -1));
            }),
      fx<3>("layer_norm_f32",
            [](A x, A g, A b) {
              Array m = jnp::mean(x, -1, true);
              Array v = jnp::var(x, -1, true);
              return (x - m) * lax::rsqrt(v + 1e-5f) * g + b;
            }),
      // Dtype conversions and shapes.
      fx<4>("convert_dtypes",
            [](A x, A n, A b, A u) {
              return make_tuple(x.astype(jx::int32), n.astype(jx::float32),
                                x.astype(jx::bfloat16), x.astype(jx::float16),
                                b.astype(jx::float32), u.astype(jx::float32),
                                x.astype(jx::bool_), n.astype(jx::uint8));
            },
            kSameJaxpr),
      fx<1>("convert_f64_f32",
            [](A x) {
              return make_tuple(x.astype(jx::float32),
                                x.astype(jx::float32).astype(jx::float64),
                                x.astype(jx::int32));
            },
            kSameJaxpr),
      fx<2>("reshape_transpose_concat",
            [](A x, A y) {
              return make_tuple(
                  x.reshape({6, 4}), jnp::transpose(x, {2, 0, 1}),
                  jnp::concatenate({x, y}, 2),
                  jnp::stack({row(x, 0), row(x, 1)}),
                  jnp::broadcast_to(
                      jnp::slice(y, {jx::all(), jx::range(std::nullopt, 1)}),
                      {2, 5, 2}),
                  jnp::squeeze(
                      jnp::slice(x, {jx::all(), jx::range(std::nullopt, 1)}),
                      1));
            }),
      fx<1>("pad_iota",
            [](A x) {
              Array tri = jnp::expand_dims(jnp::arange(4), 0) <=
                          jnp::expand_dims(jnp::arange(3), 1);
              // mode="edge" along axis 1 by (2, 1): repeat the edge columns.
              Array first = jnp::slice(x, {jx::all(), jx::range(0, 1)});
              Array last = jnp::slice(x, {jx::all(), jx::range(3, 4)});
              Array edge = jnp::concatenate(
                  {jnp::broadcast_to(first, {3, 2}), x, last}, 1);
              return make_tuple(
                  jnp::pad(x, {{1, 2}, {0, 1}}), edge,
                  lax::pad(x, -1.0f, {{{0, 0, 1}, {-1, 2, 0}}}),
                  jnp::where(tri, x, 0.0f), jnp::arange(5) * 3);
            },
            false, "jnp.pad(mode='edge') as concatenate of the edge columns"),

      // ---- Fixtures covered since the issue-4 APIs (einsum, conv, pooling,
      // gather/scatter, top_k, random, more elementwise ops, nn) ----
      fx<1>("sin_cos_f32",
            [](A x) { return make_tuple(jnp::sin(x), jnp::cos(x), jnp::tan(x)); },
            kSameJaxpr),
      fx<2>("erf_f32",
            [](A x, A p) {
              return make_tuple(lax::erf(x), lax::erfc(x), lax::erf_inv(p));
            },
            kSameJaxpr),
      fx<2>("pow_f32",
            [](A x, A y) {
              return make_tuple(jnp::power(x, y), jnp::sqrt(x), lax::rsqrt(x),
                                jnp::cbrt(x));
            },
            kSameJaxpr),
      fx<2>("atan2_max_min_f32",
            [](A x, A y) {
              return make_tuple(jnp::arctan2(x, y), jnp::maximum(x, y),
                                jnp::minimum(x, y), jnp::remainder(x, y));
            }),
      fx<3>("int32_arith",
            [](A a, A b, A s) {
              return make_tuple(
                  a + b, a * b, jnp::floor_divide(a, b), jnp::remainder(a, b),
                  lax::div(a, b), lax::rem(a, b), lax::shift_left(a, s),
                  lax::shift_right_arithmetic(a, s),
                  lax::shift_right_logical(a, s), jnp::bitwise_and(a, b),
                  jnp::bitwise_or(a, b), jnp::bitwise_xor(a, b),
                  jnp::invert(a));
            }),
      fx<3>("uint8_arith",
            [](A a, A b, A s) {
              return make_tuple(a + b, a * b, a - b, jnp::maximum(a, b),
                                lax::shift_right_logical(a, s),
                                lax::population_count(a));
            },
            kSameJaxpr),
      fx<2>("batched_matmul_f32",
            [](A a, A b) {
              return make_tuple(jnp::einsum("bij,bjk->bik", a, b),
                                jnp::matmul(a, b));
            },
            kSameJaxpr),
      fx<6>("einsum_f32",
            [](A a, A c, A x, A y, A q, A k) {
              return make_tuple(jnp::einsum("abc,cd->abd", a, c),
                                jnp::einsum("ij,ij->i", x, y),
                                jnp::einsum("bhqd,bhkd->bhqk", q, k),
                                jnp::einsum("i,j->ij", row(x, 0), row(y, 1)));
            },
            kSameJaxpr),
      fx<2>("conv2d_nhwc_strided_f32",
            [](A x, A w) {
              return lax::conv_general_dilated(x, w, {2, 2}, "SAME", {}, {},
                                               kNHWC);
            },
            kSameJaxpr),
      fx<3>("conv2d_grads_rgb_f32",
            [](A x, A w, A g) {
              auto conv = [](A x, A w) {
                return lax::conv_general_dilated(x, w, {1, 1}, "SAME", {}, {},
                                                 kNHWC);
              };
              return jx::vjp(conv, x, w).second(g);
            }),
      fx<2>("conv2d_nhwc_dilated_f32",
            [](A x, A w) {
              return lax::conv_general_dilated(x, w, {1, 1}, {{{1, 2}, {0, 1}}},
                                               {1, 2}, {2, 2}, kNHWC);
            },
            kSameJaxpr),
      fx<3>("conv2d_nhwc_grouped_f32",
            [](A x, A w, A wd) {
              return make_tuple(
                  lax::conv_general_dilated(x, w, {1, 1}, "VALID", {}, {},
                                            kNHWC, 2),
                  lax::conv_general_dilated(x, wd, {1, 1}, "SAME", {}, {},
                                            kNHWC, 4));
            },
            kSameJaxpr),
      fx<2>("conv1d_nwc_f32",
            [](A x, A w) {
              return lax::conv_general_dilated(x, w, {2}, {{{2, 1}}}, {}, {},
                                               {"NWC", "WIO", "NWC"});
            },
            kSameJaxpr),
      fx<2>("conv2d_nchw_f32",
            [](A x, A w) { return lax::conv(x, w, {1, 1}, "VALID"); },
            kSameJaxpr),
      fx<1>("max_pool_f32",
            [](A x) {
              auto max = lax::window_reducer::max;
              Array ninf = -INFINITY;
              return make_tuple(
                  lax::reduce_window(x, ninf, max, {1, 2, 2, 1}, {1, 2, 2, 1},
                                     "VALID"),
                  lax::reduce_window(x, ninf, max, {1, 3, 3, 1}, {1, 1, 1, 1},
                                     "SAME"));
            },
            kSameJaxpr),
      fx<4>("max_pool_grad_f32",
            [](A x, A g1, A g2, A g3) {
              auto pool = [](std::vector<int64_t> window,
                             std::vector<int64_t> stride, std::string padding) {
                return [=](A v) {
                  return lax::reduce_window(v, Array(-INFINITY),
                                            lax::window_reducer::max, window,
                                            stride, padding);
                };
              };
              Array relu = jnp::maximum(x, Array(0.0f));
              auto d = [](auto f, A v, A g) {
                return std::get<0>(jx::vjp(f, v).second(g));
              };
              return make_tuple(
                  d(pool({1, 2, 2, 1}, {1, 2, 2, 1}, "VALID"), relu, g1),
                  d(pool({1, 3, 3, 1}, {1, 2, 2, 1}, "SAME"), x, g2),
                  d(pool({1, 3, 3, 1}, {1, 1, 1, 1}, "VALID"), x, g3));
            }),
      fx<1>("avg_pool_f32",
            [](A x) {
              auto add = lax::window_reducer::add;
              std::vector<int64_t> dims{1, 3, 3, 1}, strides{1, 2, 2, 1};
              Array s = lax::reduce_window(x, 0.0f, add, dims, strides, "SAME");
              Array c = lax::reduce_window(jnp::ones_like(x), 0.0f, add, dims,
                                           strides, "SAME");
              return s / c;
            },
            kSameJaxpr),
      fx<3>("gather_take_f32",
            [](A x, A idx, A j) {
              return make_tuple(jnp::index(x, {idx}), jnp::take(x, j, 1));
            }),
      fx<3>("gather_2d_f32",
            [](A x, A r, A c) {
              return make_tuple(jnp::index(x, {r, c}),
                                jnp::index(x, {r, jx::range(1, 3)}));
            },
            kSameJaxpr),
      fx<4>("scatter_set_f32",
            [](A x, A v, A idx, A vs) {
              return make_tuple(x.at(2).set(v), x.at(idx).set(vs));
            },
            kSameJaxpr),
      fx<3>("scatter_add_f32",
            [](A x, A idx, A v) {
              return make_tuple(
                  x.at(idx).add(v),
                  jnp::zeros({4}).at(jnp::remainder(idx, 4)).add(v));
            }),
      fx<3>("scatter_mul_min_max_f32",
            [](A x, A idx, A v) {
              return make_tuple(x.at(idx).multiply(v), x.at(idx).min(v),
                                x.at(idx).max(v));
            },
            kSameJaxpr),
      fx<4>("scatter_2d_i32",
            [](A x, A r, A c, A row1) {
              return make_tuple(x.at({r, c}).add(1),
                                x.at({1, jx::all()}).set(row1));
            },
            kSameJaxpr),
      fx<1>("top_k_f32",
            [](A x) {
              auto [values, indices] = lax::top_k(x, 3);
              return make_tuple(values, indices);
            },
            kSameJaxpr),
      fx<1>("activations_f32",
            [](A x) {
              return make_tuple(nn::relu(x), nn::gelu(x, true),
                                nn::gelu(x, false), nn::silu(x),
                                nn::softplus(x), nn::leaky_relu(x, 0.1),
                                nn::elu(x));
            }),
      fx<1>("one_hot", [](A l) { return nn::one_hot(l, 5); }),
      fx<6>("mlp_forward",
            [](A b1, A b2, A w1, A w2, A x, A labels) {
              mlp_params p = params_of(b1, b2, w1, w2);
              return make_tuple(nn::softmax(mlp_logits(p, x)),
                                mlp_loss(p, x, labels));
            }),
      (fx<6>("mlp_grad",
                  [](A b1, A b2, A w1, A w2, A x, A labels) {
                    auto [loss, grads] = jx::value_and_grad(
                        [](const mlp_params &p, const Array &x,
                           const Array &l) { return mlp_loss(p, x, l); })(
                        params_of(b1, b2, w1, w2), x, labels);
                    std::vector<Array> out{loss};
                    for (const auto &[name, g] : grads) // b1, b2, w1, w2
                      out.push_back(g);
                    return out;
                  })),
      // --- control flow (jx/control_flow.h) ---
      fx<3>("cond_f32",
            [](A p, A x, A y) {
              return lax::cond(
                  p, [](A a, A b) { return jnp::sin(a) * b; },
                  [](A a, A b) { return a - b; }, x, y);
            },
            kSameJaxpr),
      fx<2>("cond_index_i32",
            [](A n, A x) {
              using P = std::pair<Array, Array>;
              P r = lax::cond(
                  n > 0, [n](A v) { return P(v * 2.0f, n + 1); },
                  [n](A v) { return P(v + 1.0f, n - 1); }, x);
              return make_tuple(r.first, r.second);
            },
            kSameJaxpr),
      fx<1>("while_loop_i32",
            [](A xs) {
              using P = std::pair<Array, Array>;
              auto steps = [](A x) {
                P r = lax::while_loop(
                    [](const P &c) { return jnp::not_equal(c.first, 1); },
                    [](const P &c) {
                      Array v = c.first;
                      Array even = jnp::equal(jnp::remainder(v, 2), 0);
                      return P(jnp::where(even, jnp::floor_divide(v, 2),
                                          v * 3 + 1),
                               c.second + 1);
                    },
                    P(x, jnp::zeros({}, jx::int32)));
                return r.second;
              };
              return jx::vmap(steps)(xs);
            }),
      fx<2>("fori_loop_f32",
            [](A a, A n) {
              Array r = lax::fori_loop(
                  Array(0), Array(5),
                  [a](A, A x) { return (x + a / x) * 0.5f; }, a);
              Array s = lax::fori_loop(
                  Array(0), n,
                  [a](A i, A acc) { return acc + i.astype(jx::float32) * a; },
                  jnp::zeros_like(a));
              return make_tuple(r, s);
            }),
      fx<3>("scan_f32",
            [](A h0, A xs, A w) {
              auto [h, ys] = lax::scan(
                  [w](A h, A x) {
                    Array n = jnp::tanh(jnp::matmul(h, w) + x);
                    return std::make_pair(n, n.sum());
                  },
                  h0, xs);
              return make_tuple(h, ys);
            },
            kSameJaxpr),
      fx<4>("lstm_scan_f32",
            [](A wi, A wh, A b, A xs) {
              using HC = std::pair<Array, Array>;
              auto cell = [wi, wh, b](const HC &carry, A x) {
                auto gate = [](A z, int64_t k) {
                  return lax::slice(z, {0, k * 32}, {4, (k + 1) * 32});
                };
                Array z = jnp::matmul(x, wi) + jnp::matmul(carry.first, wh) + b;
                Array i = nn::sigmoid(gate(z, 0)), g = nn::sigmoid(gate(z, 1)),
                      o = nn::sigmoid(gate(z, 2));
                Array c = g * carry.second + i * jnp::tanh(gate(z, 3));
                Array h = o * jnp::tanh(c);
                return std::make_pair(HC(h, c), h);
              };
              Array zero = jnp::zeros({4, 32}, jx::float32);
              auto [hc, hs] = lax::scan(cell, HC(zero, zero), xs);
              return make_tuple(hc.first, hc.second, hs);
            }),
      fx<2>("switch_f32",
            [](A i, A x) {
              using F = std::function<Array(A)>;
              return lax::switch_<F>(
                  i,
                  {F([](A v) { return v + 1.0f; }), F([](A v) { return v * v; }),
                   F([](A v) { return jnp::cos(v); })},
                  x);
            }),
      fx<1>("random_normal",
            [](A k) { return jx::random::normal(k, {4, 5}, jx::float32); }),
      fx<1>("random_uniform",
            [](A k) {
              return make_tuple(
                  jx::random::uniform(k, {3, 4}, jx::float32, -2.0f, 3.0f),
                  jx::random::bits(k, {6}, jx::uint32));
            }),
      fx<1>("random_split_randint",
            [](A k) {
              Array ks = jx::random::split(k, 3);
              return make_tuple(ks,
                                jx::random::randint(row(ks, 1), {8}, 0, 10));
            }),
      fx<1>("bitcast_convert",
            [](A x) {
              // f32 -> u8[..., 4] (little-endian bytes): the uint32 bits
              // shifted right by 0, 8, 16, 24, masked and converted.
              Array bits = lax::bitcast_convert_type(x, jx::uint32);
              std::vector<Array> bytes;
              for (uint32_t k = 0; k < 4; ++k)
                bytes.push_back(
                    jnp::bitwise_and(jnp::right_shift(bits, 8 * k), 0xffu)
                        .astype(jx::uint8));
              Array flipped = lax::bitcast_convert_type(
                  jnp::bitwise_xor(lax::bitcast_convert_type(x, jx::int32), 1),
                  jx::float32);
              return make_tuple(bits, jnp::stack(bytes, -1), flipped);
            },
            false,
            "bitcast_convert_type to a narrower dtype (f32 -> u8[..., 4]) as "
            "shifts and masks of the uint32 bits"),
      fx<2>("reverse_rotate",
            [](A x, A s) {
              // jnp.roll by a traced shift, as JAX's _roll_dynamic:
              // concatenate(x, x)[:, n - s % n:][:, :n].
              Array shift = jnp::remainder(s, 5);
              Array start = Array(5) - shift;
              Array xx = jnp::concatenate({x, x}, 1);
              Array rolled = lax::dynamic_slice(xx, {Array(0), start}, {3, 5});
              return make_tuple(jnp::flip(x, {0, 1}), jnp::roll(x, 1, 1),
                                rolled, jnp::tile(row(x, 0), 2));
            },
            false,
            "jnp.roll by a traced shift as concatenate + dynamic_slice "
            "(jnp::roll takes C++ shifts)"),
  };
}

namespace jla = jx::numpy::linalg;
namespace sla = jx::scipy::linalg;
namespace lla = jx::lax::linalg;

/// The Gaussian process negative log likelihood of the gp_nll fixture.
Array gp_nll(A log_scale, A x, A y) {
  Array d = jnp::expand_dims(x, 1) - jnp::expand_dims(x, 0);
  Array k = jnp::exp(Array(-0.5f) * jnp::sum(d * d, -1) /
                     jnp::exp(Array(2.0f) * log_scale)) +
            Array(0.1f) * jnp::eye(x.shape()[0]);
  auto factor = sla::cho_factor(k, true);
  Array alpha = sla::cho_solve(factor, y);
  Array logdet = Array(2.0f) * jnp::sum(jnp::log(jnp::diagonal(factor.first)));
  return Array(0.5f) * jnp::dot(y, alpha) + Array(0.5f) * logdet +
         Array(0.5f * 5) * jnp::log(Array(2 * 3.14159265358979323846f));
}

/// The linear-algebra fixtures (group "linalg": jnp.linalg,
/// jax.scipy.linalg and lax.linalg, lowered by JAX to LAPACK custom calls)
/// written with jx::numpy::linalg, jx::scipy::linalg and jx::lax::linalg.
std::vector<fixture_case> linalg_covered() {
  using std::make_tuple;
  auto t3 = [](const std::tuple<Array, Array, Array> &t) { return t; };
  auto t2 = [](const std::pair<Array, Array> &p) {
    return make_tuple(p.first, p.second);
  };
  return {
      fx<2>("linalg_solve_f32", [](A a, A b) { return jla::solve(a, b); }),
      fx<2>("linalg_solve_f64", [](A a, A b) { return jla::solve(a, b); }),
      fx<2>("linalg_solve_batched_f32",
            [](A a, A b) { return jla::solve(a, b); }),
      fx<2>("linalg_solve_broadcast_f32",
            [](A a, A b) { return jla::solve(a, b); }),
      fx<1>("linalg_inv_f32", [](A a) { return jla::inv(a); }),
      fx<1>("linalg_det_f32", [](A a) { return jla::det(a); }),
      fx<1>("linalg_det_f64", [](A a) { return jla::det(a); }),
      fx<1>("linalg_slogdet_f32", [t2](A a) { return t2(jla::slogdet(a)); }),
      fx<1>("linalg_cholesky_f32", [](A a) { return jla::cholesky(a); }),
      fx<1>("linalg_cholesky_f64", [](A a) { return jla::cholesky(a); }),
      fx<1>("linalg_qr_reduced_5x3_f32", [t2](A a) { return t2(jla::qr(a)); }),
      fx<1>("linalg_qr_reduced_3x5_f32", [t2](A a) { return t2(jla::qr(a)); }),
      fx<1>("linalg_qr_complete_5x3_f32",
            [t2](A a) { return t2(jla::qr(a, "complete")); }),
      fx<1>("linalg_qr_complete_3x5_f32",
            [t2](A a) { return t2(jla::qr(a, "complete")); }),
      fx<1>("linalg_qr_raw_f32", [t2](A a) { return t2(jla::qr(a, "raw")); }),
      fx<1>("linalg_qr_batched_f32", [t2](A a) { return t2(jla::qr(a)); }),
      fx<1>("linalg_qr_f64", [t2](A a) { return t2(jla::qr(a)); }),
      fx<1>("linalg_eigh_f32", [t2](A a) { return t2(jla::eigh(a)); }),
      fx<1>("linalg_eigh_upper_f32", [t2](A a) { return t2(jla::eigh(a, "U")); }),
      fx<1>("linalg_eigh_f64", [t2](A a) { return t2(jla::eigh(a)); }),
      fx<1>("linalg_eigvalsh_f32", [](A a) { return jla::eigvalsh(a); }),
      fx<1>("linalg_svd_full_5x3_f32", [t3](A a) { return t3(jla::svd(a)); }),
      fx<1>("linalg_svd_full_3x5_f32", [t3](A a) { return t3(jla::svd(a)); }),
      fx<1>("linalg_svd_reduced_5x3_f32",
            [t3](A a) { return t3(jla::svd(a, false)); }),
      fx<1>("linalg_svd_reduced_3x5_f32",
            [t3](A a) { return t3(jla::svd(a, false)); }),
      fx<1>("linalg_svd_values_f32", [](A a) { return jla::svdvals(a); }),
      fx<1>("linalg_svd_batched_f32",
            [t3](A a) { return t3(jla::svd(a, false)); }),
      fx<1>("linalg_svd_f64", [t3](A a) { return t3(jla::svd(a, false)); }),
      fx<1>("lax_svd_qr_algorithm_f32",
            [](A a) {
              lla::svd_result r =
                  lla::svd(a, false, true, lla::svd_algorithm::qr);
              return make_tuple(*r.u, r.s, *r.vh);
            }),
      fx<2>("linalg_lstsq_f32", [](A a, A b) { return jla::lstsq(a, b); }),
      fx<1>("linalg_pinv_f32", [](A a) { return jla::pinv(a); }),
      fx<1>("linalg_matrix_rank_f32", [](A a) { return jla::matrix_rank(a); }),
      fx<1>("linalg_cond_norm2_f32",
            [](A a) { return make_tuple(jla::cond(a), jla::norm(a, 2)); }),
      fx<2>("scipy_cho_solve_f32",
            [](A a, A b) { return sla::cho_solve(sla::cho_factor(a, true), b); }),
      fx<1>("scipy_cho_factor_upper_f32",
            [](A a) { return sla::cho_factor(a, false).first; }),
      fx<1>("scipy_lu_f32", [t3](A a) { return t3(sla::lu(a)); }),
      fx<2>("scipy_lu_solve_f32",
            [](A a, A b) {
              return make_tuple(sla::lu_solve(sla::lu_factor(a), b),
                                sla::lu_solve(sla::lu_factor(a), b, 1));
            }),
      fx<2>("scipy_solve_triangular_f32",
            [](A a, A b) {
              return make_tuple(
                  sla::solve_triangular(a, b, 0, true),
                  sla::solve_triangular(a, b, 1, false),
                  sla::solve_triangular(a, jnp::slice(b, {jx::all(), 0}), 0,
                                        true, true));
            }),
      fx<2>("lax_triangular_solve_right_f32",
            [](A a, A b) {
              lla::triangular_solve_options o;
              o.left_side = false;
              o.lower = true;
              o.transpose_a = true;
              return lla::triangular_solve(a, b, o);
            },
            kSameJaxpr),
      fx<1>("scipy_expm_f32", [](A a) { return sla::expm(a); }),
      fx<3>("gp_nll_value_and_grad_f32",
            [](A s, A x, A y) {
              auto [v, g] = jx::value_and_grad<0, 1>(gp_nll)(s, x, y);
              return make_tuple(v, g);
            }),
      fx<2>("linalg_singular_f32",
            [](A a, A b) {
              auto [sign, logdet] = jla::slogdet(a);
              return make_tuple(jla::solve(a, b), jla::inv(a), jla::det(a),
                                sign, logdet);
            }),
      fx<1>("linalg_cholesky_not_pd_f32", [](A a) { return jla::cholesky(a); }),
      // General eigenproblems (geev): complex results.
      fx<1>("linalg_eig_f32", [t2](A a) { return t2(jla::eig(a)); }),
      fx<1>("linalg_eig_f64", [t2](A a) { return t2(jla::eig(a)); }),
      fx<1>("linalg_eig_c64", [t2](A a) { return t2(jla::eig(a)); }),
      fx<1>("lax_eig_left_right_f32", [](A a) { return lla::eig(a, true, true); }),
      fx<1>("linalg_eigvals_f32", [](A a) { return jla::eigvals(a); }),
      fx<1>("linalg_eig_nan_f32", [t2](A a) { return t2(jla::eig(a)); }),
      // Complex inputs (heevd, ungqr, the conjugate-transpose solves).
      fx<2>("linalg_solve_c64", [](A a, A b) { return jla::solve(a, b); }),
      fx<2>("linalg_solve_c128", [](A a, A b) { return jla::solve(a, b); }),
      fx<1>("linalg_inv_batched_c64", [](A a) { return jla::inv(a); }),
      fx<1>("linalg_cholesky_c64", [](A a) { return jla::cholesky(a); }),
      fx<1>("linalg_qr_c64", [t2](A a) { return t2(jla::qr(a)); }),
      fx<1>("linalg_eigh_c64", [t2](A a) { return t2(jla::eigh(a)); }),
      fx<1>("linalg_eigh_c128", [t2](A a) { return t2(jla::eigh(a)); }),
      fx<1>("linalg_svd_c64", [t3](A a) { return t3(jla::svd(a)); }),
      fx<2>("scipy_solve_triangular_c64",
            [](A a, A b) { return sla::solve_triangular(a, b, 2, true); }),
  };
}

/// The linear-algebra fixtures jx's frontend cannot write yet, each with
/// what it lacks.
std::vector<fixture_case> pending_table() {
  return {
      pending("scipy_schur_f32", "jx::scipy::linalg::schur (gees)"),
      pending("scipy_schur_c64", "jx::scipy::linalg::schur (gees)"),
      pending("scipy_hessenberg_f32", "jx::scipy::linalg::hessenberg (gehrd)"),
      pending("scipy_qr_pivoting_f32", "jx::scipy::linalg::qr pivoting (geqp3)"),
      pending("scipy_qr_multiply_f32", "jx::scipy::linalg::qr_multiply (ormqr)"),
      pending("scipy_sqrtm_f32", "jx::scipy::linalg::sqrtm (complex Schur)"),
      pending("scipy_polar_f32", "jx::scipy::linalg::polar"),
      pending("lax_tridiagonal_f32", "jx::lax::linalg::tridiagonal (sytrd)"),
      pending("lax_tridiagonal_solve_f32",
              "jx::lax::linalg::tridiagonal_solve (gtsv)"),
      pending("lax_tridiagonal_solve_perturbed_f32",
              "jx::lax::linalg::tridiagonal_solve (gtsv)"),
      pending("lax_ormqr_householder_f32", "jx::lax::linalg::ormqr"),
  };
}

std::vector<fixture_case> all_cases() {
  std::vector<fixture_case> v = covered();
  for (fixture_case &c : linalg_covered())
    v.push_back(std::move(c));
  for (fixture_case &p : pending_table())
    v.push_back(std::move(p));
  return v;
}

args_t load_inputs(const json &entry) {
  args_t in;
  for (const json &leaf : entry["inputs"].arr())
    in.emplace_back(load_leaf(leaf));
  return in;
}

std::string read_text(const std::string &path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string s = ss.str();
  while (!s.empty() && s.back() == '\n')
    s.pop_back();
  return s;
}

/// The first line where two texts differ, both versions.
std::string first_difference(const std::string &got, const std::string &want) {
  std::istringstream g(got), w(want);
  std::string gl, wl;
  for (int line = 1;; ++line) {
    bool more_g = static_cast<bool>(std::getline(g, gl));
    bool more_w = static_cast<bool>(std::getline(w, wl));
    if (!more_g && !more_w)
      return "(equal)";
    if (!more_g || !more_w || gl != wl)
      return "line " + std::to_string(line) + ": jx `" +
             (more_g ? gl : "<end>") + "`, JAX `" + (more_w ? wl : "<end>") +
             "`";
  }
}

class JaxFixture : public testing::TestWithParam<fixture_case> {};

void expect_outputs(const char *mode, const args_t &got, const json &entry) {
  const json_array &outs = entry["outputs"].arr();
  ASSERT_EQ(got.size(), outs.size()) << mode << ": number of outputs";
  for (std::size_t i = 0; i < outs.size(); ++i) {
    std::string diff = compare(got[i], outs[i]);
    EXPECT_EQ(diff, "") << mode << ": output " << i << " ("
                        << outs[i]["file"].str() << ")";
  }
}

TEST_P(JaxFixture, OutputsEqualJax) {
  const fixture_case &c = GetParam();
  if (!c.missing.empty())
    GTEST_SKIP() << "pending: needs " << c.missing;
  const json *entry = manifest_entry(c.name);
  ASSERT_NE(entry, nullptr) << c.name << " is not in manifest.json";
  args_t in = load_inputs(*entry);
  ASSERT_EQ(in.size(), c.arity) << "number of inputs";
  expect_outputs("eager", c.eager(in), *entry);
  expect_outputs("jit", c.jitted(in), *entry);
}

TEST_P(JaxFixture, JaxprEqualsJax) {
  const fixture_case &c = GetParam();
  if (!c.missing.empty())
    GTEST_SKIP() << "pending: needs " << c.missing;
  const json *entry = manifest_entry(c.name);
  ASSERT_NE(entry, nullptr);
  std::string want = read_text(kFixtures + "/" + (*entry)["jaxpr"].str());
  std::string got = c.jaxpr(load_inputs(*entry));
  if (c.jaxpr_equal)
    EXPECT_EQ(got, want);
  else if (got == want)
    ADD_FAILURE() << c.name << ": the jaxpr now equals JAX's; mark the entry "
                     "kSameJaxpr";
  else
    GTEST_SKIP() << "jaxpr differs from JAX's (not expected to match); "
                 << first_difference(got, want);
}

INSTANTIATE_TEST_SUITE_P(
    Fixtures, JaxFixture, testing::ValuesIn(all_cases()),
    [](const testing::TestParamInfo<fixture_case> &info) {
      return info.param.name;
    });

/// Every fixture of manifest.json is either covered or pending, once.
TEST(JaxFixtureCoverage, EveryFixtureIsListed) {
  std::map<std::string, int> listed;
  std::size_t n_covered = 0, n_pending = 0, n_jaxpr = 0, n_composed = 0;
  for (const fixture_case &c : all_cases()) {
    ++listed[c.name];
    (c.missing.empty() ? n_covered : n_pending)++;
    n_jaxpr += c.jaxpr_equal;
    n_composed += !c.composed.empty();
  }
  std::set<std::string> in_manifest;
  for (const json &f : manifest()["fixtures"].arr()) {
    in_manifest.insert(f["name"].str());
    EXPECT_EQ(listed[f["name"].str()], 1)
        << f["name"].str() << " must be in exactly one of covered/pending";
  }
  for (const auto &[name, n] : listed)
    EXPECT_TRUE(in_manifest.count(name)) << name << " is not a fixture";
  std::cout << "[ fixtures ] " << in_manifest.size() << " JAX fixtures: "
            << n_covered << " covered (" << n_composed
            << " compose a missing function), " << n_pending
            << " pending; " << n_jaxpr << " jaxprs equal JAX's\n";
}

} // namespace
