//===- exported_test.cpp - jx::exported against JAX's own files -----------===//
//
// Every .exported file JAX wrote under test/Fixtures (scripts/
// gen_export_fixtures.py) is read and compared with what the manifests say
// JAX saw: trees, avals, platforms, shardings, versions. Then bad bytes:
// empty, truncated at every length, each byte flipped, random, text,
// bytecode, and hand-built flatbuffers that break one rule each; every one
// must be a format_error, never a crash.
//
//===----------------------------------------------------------------------===//

#include "jx/export/exported.h"

#include "exported_generated.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

namespace fs = std::filesystem;
namespace ex = jx::exported;
namespace fbs = jx::exported::fb;
using nlohmann::json;

namespace {

const fs::path kFixtures = JX_FIXTURES_DIR;

std::string read_bytes(const fs::path &path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << path;
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

json read_json(const fs::path &path) { return json::parse(read_bytes(path)); }

/// The error parse() gives, or "" when it parses.
std::string parse_error(std::string_view bytes) {
  try {
    ex::parse(bytes);
    return "";
  } catch (const ex::format_error &e) {
    std::string what = e.what();
    EXPECT_FALSE(what.empty());
    return what;
  }
}

std::vector<std::string> shape_strings(const json &shape) {
  std::vector<std::string> out;
  for (const json &d : shape)
    out.push_back(d.is_string() ? d.get<std::string>() : std::to_string(d.get<long long>()));
  return out;
}

std::vector<std::string> aval_strings(const std::vector<ex::AbstractValue> &avals) {
  std::vector<std::string> out;
  for (const auto &a : avals)
    out.push_back(a.to_string());
  return out;
}

std::vector<std::string> manifest_aval_strings(const json &entries) {
  std::vector<std::string> out;
  for (const json &e : entries) {
    std::string s = e["dtype"].get<std::string>() + "[";
    auto dims = shape_strings(e["shape"]);
    for (std::size_t i = 0; i < dims.size(); ++i)
      s += (i ? "," : "") + dims[i];
    out.push_back(s + "]");
  }
  return out;
}

// ---------------------------------------------------------------------------
// The JAX fixtures: test/Fixtures/jax/<name>.exported

TEST(ExportedJaxFixtures, EveryFixtureParsesAndMatchesTheManifest) {
  json manifest = read_json(kFixtures / "jax" / "manifest.json");
  std::set<std::string> listed;
  std::map<unsigned, int> versions, conventions;
  int parsed = 0;
  for (const json &fx : manifest["fixtures"]) {
    std::string name = fx["name"];
    SCOPED_TRACE(name);
    ASSERT_TRUE(fx.contains("exported")) << "run scripts/gen_export_fixtures.py";
    std::string file = fx["exported"];
    listed.insert(file);
    // The same function exported with a symbolic leading dimension
    // (scripts/gen_poly_export_fixtures.py), where JAX could.
    if (fx.contains("exported_poly")) {
      std::string poly = fx["exported_poly"];
      listed.insert(poly);
      ex::Exported p = ex::read_file((kFixtures / "jax" / poly).string());
      EXPECT_TRUE(p.is_shape_polymorphic()) << poly;
      EXPECT_EQ(p.in_avals.size(), manifest_aval_strings(fx["inputs"]).size());
    }
    ex::Exported e = ex::read_file((kFixtures / "jax" / file).string());
    ++parsed;
    ++versions[e.serialization_version];
    ++conventions[e.calling_convention_version];
    EXPECT_EQ(e.function_name, name);
    EXPECT_EQ(e.platforms, std::vector<std::string>{"cpu"});
    EXPECT_TRUE(e.calling_convention_supported()) << e.calling_convention_version;
    EXPECT_TRUE(e.module_is_bytecode());
    EXPECT_EQ(e.mlir_module_serialized.substr(0, 4), std::string("ML\xef" "R", 4));
    EXPECT_EQ(e.nr_devices, 1u);
    EXPECT_TRUE(e.has_unique_tables);
    EXPECT_FALSE(e.has_vjp());
    EXPECT_FALSE(e.is_shape_polymorphic());
    EXPECT_TRUE(e.ordered_effects.empty());
    EXPECT_TRUE(e.unordered_effects.empty());
    // (args, kwargs): the positional arguments' tuple and an empty dict.
    ASSERT_EQ(e.in_tree.kind, ex::TreeDef::Kind::tuple);
    ASSERT_EQ(e.in_tree.children.size(), 2u);
    EXPECT_EQ(e.in_tree.children[1].kind, ex::TreeDef::Kind::dict);
    EXPECT_TRUE(e.in_tree.children[1].children.empty());
    EXPECT_EQ(e.in_tree.num_leaves(), fx["inputs"].size());
    EXPECT_EQ(e.out_tree.num_leaves(), fx["outputs"].size());
    EXPECT_EQ(aval_strings(e.in_avals), manifest_aval_strings(fx["inputs"]));
    EXPECT_EQ(aval_strings(e.out_avals), manifest_aval_strings(fx["outputs"]));
    for (const auto &a : e.in_avals) {
      EXPECT_TRUE(a.is_static());
      EXPECT_EQ(a.memory_space, ex::MemorySpace::device);
      EXPECT_NO_THROW(a.dtype_name());
    }
    EXPECT_EQ(e.in_shardings.size(), e.in_avals.size());
    EXPECT_EQ(e.out_shardings.size(), e.out_avals.size());
    for (const auto &s : e.in_shardings)
      EXPECT_EQ(s.kind, ex::Sharding::Kind::unspecified);
    // The module keeps a subset of the inputs, in order.
    EXPECT_LE(e.module_kept_var_idx.size(), e.in_avals.size());
    EXPECT_TRUE(std::is_sorted(e.module_kept_var_idx.begin(), e.module_kept_var_idx.end()));
    // Only the LAPACK targets without compatibility guarantees are allowed
    // explicitly (gen_export_fixtures.py).
    for (const auto &c : e.disabled_safety_checks) {
      EXPECT_EQ(c.kind, ex::DisabledSafetyCheck::Kind::custom_call);
      EXPECT_EQ(fx.value("group", ""), "linalg") << c.to_string();
    }
    EXPECT_NE(e.summary().find("function: " + name), std::string::npos);
  }
  EXPECT_EQ(parsed, 149);
  // Every .exported file in the folder is one of the manifest's.
  for (const auto &entry : fs::directory_iterator(kFixtures / "jax"))
    if (entry.path().extension() == ".exported")
      EXPECT_TRUE(listed.count(entry.path().filename().string())) << entry.path();
  // What JAX 0.10.2 writes: serialization version 3 stored (the format is
  // 11), calling convention 10.
  EXPECT_EQ(versions, (std::map<unsigned, int>{{3u, 149}}));
  EXPECT_EQ(conventions, (std::map<unsigned, int>{{10u, 149}}));
}

TEST(ExportedJaxFixtures, LooksLikeExported) {
  json manifest = read_json(kFixtures / "jax" / "manifest.json");
  int n = 0;
  for (const json &fx : manifest["fixtures"]) {
    std::string bytes = read_bytes(kFixtures / "jax" / fx["exported"].get<std::string>());
    EXPECT_TRUE(ex::looks_like_exported(bytes)) << fx["name"];
    std::string text = read_bytes(kFixtures / "jax" / fx["mlir"].get<std::string>());
    EXPECT_FALSE(ex::looks_like_exported(text)) << fx["name"];
    // The module inside is bytecode, not an Exported.
    EXPECT_FALSE(ex::looks_like_exported(ex::parse(bytes).mlir_module_serialized));
    if (++n == 20)
      break;
  }
}

// ---------------------------------------------------------------------------
// test/Fixtures/export: pytrees, symbolic shapes, platforms, keys, vjp,
// disabled checks, shardings.

class ExportSet : public ::testing::Test {
protected:
  static json manifest() { return read_json(kFixtures / "export" / "manifest.json"); }
  static json fixture(const std::string &name) {
    json m = manifest();
    for (const json &fx : m["fixtures"])
      if (fx["name"] == name)
        return fx;
    ADD_FAILURE() << "no fixture " << name;
    return json::object();
  }
  static ex::Exported load(const std::string &name) {
    return ex::read_file((kFixtures / "export" / (name + ".exported")).string());
  }
};

TEST_F(ExportSet, EveryFixtureMatchesTheManifest) {
  int n = 0;
  json m = manifest();
  for (const json &fx : m["fixtures"]) {
    std::string name = fx["name"];
    SCOPED_TRACE(name);
    ex::Exported e = load(name);
    ++n;
    EXPECT_EQ(e.function_name, fx["function_name"].get<std::string>());
    EXPECT_EQ(e.in_tree.to_string(), fx["in_tree_jx"].get<std::string>());
    EXPECT_EQ(e.out_tree.to_string(), fx["out_tree_jx"].get<std::string>());
    EXPECT_EQ(e.platforms, fx["platforms"].get<std::vector<std::string>>());
    EXPECT_EQ(e.nr_devices, fx["nr_devices"].get<unsigned>());
    EXPECT_EQ(e.calling_convention_version, fx["calling_convention_version"].get<unsigned>());
    EXPECT_EQ(e.uses_global_constants, fx["uses_global_constants"].get<bool>());
    EXPECT_EQ(e.module_kept_var_idx, fx["module_kept_var_idx"].get<std::vector<std::uint32_t>>());
    EXPECT_EQ(e.has_vjp(), fx["has_vjp"].get<bool>());
    EXPECT_TRUE(e.module_is_bytecode());
    EXPECT_EQ(aval_strings(e.in_avals), manifest_aval_strings(fx["in_avals"]));
    EXPECT_EQ(aval_strings(e.out_avals), manifest_aval_strings(fx["out_avals"]));
    std::vector<std::string> checks;
    for (const auto &c : e.disabled_safety_checks)
      checks.push_back(c.to_string());
    EXPECT_EQ(checks, fx["disabled_safety_checks"].get<std::vector<std::string>>());
    for (const char *side : {"in_shardings", "out_shardings"}) {
      const auto &got = std::string(side) == "in_shardings" ? e.in_shardings : e.out_shardings;
      ASSERT_EQ(got.size(), fx[side].size());
      for (std::size_t i = 0; i < got.size(); ++i) {
        if (fx[side][i].is_null())
          EXPECT_EQ(got[i].kind, ex::Sharding::Kind::unspecified);
        else // jx prints a NamedSharding as JAX does
          EXPECT_EQ(got[i].to_string(), fx[side][i].get<std::string>());
      }
    }
    // Cases: the inputs the manifest lists are the avals' leaves.
    for (const json &c : fx["cases"])
      EXPECT_EQ(c["inputs"].size(), e.in_avals.size()) << c["name"];
  }
  EXPECT_EQ(n, 10);
}

TEST_F(ExportSet, PytreeStringsAreJaxs) {
  ex::Exported e = load("pytree_dict_tuple");
  json fx = fixture("pytree_dict_tuple");
  // No custom node: exactly JAX's strings.
  EXPECT_EQ(e.in_tree.to_string(), fx["in_tree"].get<std::string>());
  EXPECT_EQ(e.out_tree.to_string(), fx["out_tree"].get<std::string>());
  EXPECT_EQ(e.in_tree.to_string(), "PyTreeDef((({'b': *, 'w': *}, (*, *)), {}))");
  EXPECT_EQ(e.out_tree.to_string(), "PyTreeDef(({'stats': (*, *), 'y': *}, [*], None))");
  EXPECT_EQ(e.out_tree.children[2].kind, ex::TreeDef::Kind::none);
  EXPECT_EQ(e.out_tree.num_leaves(), 4u);
}

TEST_F(ExportSet, CustomNodeAndKeywordArguments) {
  ex::Exported e = load("pytree_namedtuple_kwargs");
  const ex::TreeDef &args = e.in_tree.children[0], &kwargs = e.in_tree.children[1];
  ASSERT_EQ(args.children.size(), 1u);
  EXPECT_EQ(args.children[0].kind, ex::TreeDef::Kind::custom);
  EXPECT_EQ(args.children[0].custom_name, "jx_test.Point");
  EXPECT_EQ(args.children[0].custom_auxdata, "[\"x\", \"y\"]");
  EXPECT_EQ(kwargs.keys, std::vector<std::string>{"scale"});
  EXPECT_EQ(e.out_tree.to_string(),
            "PyTreeDef(CustomNode(jx_test.Point[b'[\"x\", \"y\"]'], [*, *]))");
}

TEST_F(ExportSet, SymbolicDimensions) {
  ex::Exported e = load("poly_mlp");
  ASSERT_EQ(e.in_avals.size(), 2u);
  EXPECT_EQ(e.in_avals[0].shape, (std::vector<std::string>{"b", "8"}));
  EXPECT_FALSE(ex::AbstractValue::is_constant_dim(e.in_avals[0].shape[0]));
  EXPECT_EQ(e.in_avals[0].dim(0), std::nullopt);
  EXPECT_EQ(e.in_avals[0].dim(1), 8);
  EXPECT_FALSE(e.in_avals[0].is_static());
  EXPECT_TRUE(e.in_avals[1].is_static());
  EXPECT_EQ(e.out_avals[0].to_string(), "float32[b]");
  EXPECT_TRUE(e.is_shape_polymorphic());
  EXPECT_TRUE(e.uses_global_constants);

  ex::Exported two = load("poly_two_args");
  EXPECT_EQ(two.in_avals[0].to_string(), "float32[b,8]");
  EXPECT_EQ(two.in_avals[1].to_string(), "float32[b,4]");
  json bad = fixture("poly_two_args")["bad_cases"][0];
  EXPECT_EQ(bad["error_class"], "ValueError");
  EXPECT_NE(bad["error"].get<std::string>().find("Found inconsistency between dimension size "
                                                 "args[1].shape[0] (= 4) and the "
                                                 "specification 'b' (= 3)"),
            std::string::npos);

  EXPECT_TRUE(ex::AbstractValue::is_constant_dim("8"));
  EXPECT_TRUE(ex::AbstractValue::is_constant_dim("0"));
  for (const char *d : {"", "b", "2*b", "b + 1", "-1", "8b"})
    EXPECT_FALSE(ex::AbstractValue::is_constant_dim(d)) << d;
}

TEST_F(ExportSet, Platforms) {
  ex::Exported both = load("platforms_cpu_cuda");
  EXPECT_EQ(both.platforms, (std::vector<std::string>{"cpu", "cuda"}));
  EXPECT_TRUE(both.uses_global_constants);
  ex::Exported cuda = load("platforms_cuda_only");
  EXPECT_EQ(cuda.platforms, std::vector<std::string>{"cuda"});
  EXPECT_EQ(fixture("platforms_cuda_only")["refusal_on_cpu"]["error"],
            "Function 'mlp' was exported for platforms '('cuda',)' but it is used on "
            "'('cpu',)'.");
}

TEST_F(ExportSet, PrngKeyDtype) {
  ex::Exported e = load("prng_key_input");
  ASSERT_EQ(e.in_avals.size(), 1u);
  EXPECT_EQ(e.in_avals[0].dtype, ex::DType::key_fry);
  EXPECT_TRUE(ex::is_key(e.in_avals[0].dtype));
  EXPECT_EQ(e.in_avals[0].to_string(), "key<fry>[]");
  EXPECT_THROW(e.in_avals[0].dtype_name(), ex::format_error);
  try {
    (void)ex::numpy_name(ex::DType::key_rbg);
  } catch (const ex::format_error &err) {
    EXPECT_NE(std::string(err.what()).find("key<rbg>"), std::string::npos);
  }
}

TEST_F(ExportSet, DtypeNames) {
  std::vector<std::string> names;
  for (int d = 0; d <= static_cast<int>(ex::DType::f4_e2m1fn); ++d)
    names.push_back(std::string(ex::numpy_name(static_cast<ex::DType>(d))));
  EXPECT_EQ(names, (std::vector<std::string>{
                       "bool", "int8", "int16", "int32", "int64", "uint8", "uint16",
                       "uint32", "uint64", "float16", "float32", "float64", "complex64",
                       "complex128", "bfloat16", "int4", "uint4", "float8_e4m3b11fnuz",
                       "float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2", "float8_e5m2fnuz",
                       "float0", "float8_e4m3", "float8_e3m4", "float8_e8m0fnu",
                       "float4_e2m1fn"}));
}

TEST_F(ExportSet, VjpAndDisabledChecks) {
  ex::Exported e = load("with_vjp");
  ASSERT_TRUE(e.has_vjp());
  EXPECT_EQ(aval_strings(e.vjp->in_avals), manifest_aval_strings(fixture("with_vjp")["vjp_in_avals"]));
  EXPECT_EQ(aval_strings(e.vjp->out_avals),
            manifest_aval_strings(fixture("with_vjp")["vjp_out_avals"]));
  EXPECT_FALSE(e.vjp->has_vjp());

  ex::Exported d = load("disabled_checks");
  ASSERT_EQ(d.disabled_safety_checks.size(), 2u);
  EXPECT_EQ(d.disabled_safety_checks[0].kind, ex::DisabledSafetyCheck::Kind::platform);
  EXPECT_EQ(d.disabled_safety_checks[1].custom_call_target, "jx_test_target");
}

TEST_F(ExportSet, NamedShardings) {
  ex::Exported e = load("sharded_2_devices");
  EXPECT_EQ(e.nr_devices, 2u);
  EXPECT_EQ(e.nr_devices_32, 2u);
  ASSERT_EQ(e.in_shardings.size(), 2u);
  const ex::NamedSharding &rows = e.in_shardings[0].named;
  EXPECT_EQ(rows.mesh.axis_names, std::vector<std::string>{"x"});
  EXPECT_EQ(rows.mesh.axis_sizes, std::vector<std::uint32_t>{2});
  EXPECT_EQ(rows.partitions, (std::vector<std::vector<std::string>>{{"x"}}));
  ASSERT_TRUE(rows.mesh.device.has_value());
  EXPECT_EQ(rows.mesh.device->platform, "cpu");
  EXPECT_TRUE(e.in_shardings[1].named.partitions.empty());
  EXPECT_EQ(e.out_shardings[1].kind, ex::Sharding::Kind::unspecified);
}

// ---------------------------------------------------------------------------
// Bad bytes

std::string small_fixture() { return read_bytes(kFixtures / "export" / "disabled_checks.exported"); }

TEST(ExportedErrors, EmptyTextBytecodeRandom) {
  EXPECT_NE(parse_error("").find("empty"), std::string::npos);
  std::string text = read_bytes(kFixtures / "jax" / "exp_f32.mlir");
  EXPECT_NE(parse_error(text).find("text"), std::string::npos) << parse_error(text);
  std::string module = ex::parse(small_fixture()).mlir_module_serialized;
  EXPECT_NE(parse_error(module).find("MLIR bytecode"), std::string::npos);
  EXPECT_NE(parse_error(std::string("\x01\x02", 2)).find("too short"), std::string::npos);
  EXPECT_FALSE(ex::looks_like_exported(""));
  EXPECT_FALSE(ex::looks_like_exported(text));
  EXPECT_FALSE(ex::looks_like_exported(module));

  std::mt19937 rng(1234);
  for (int i = 0; i < 2000; ++i) {
    std::string bytes(rng() % 300, '\0');
    for (char &c : bytes)
      c = static_cast<char>(rng());
    // Some runs start like a flatbuffer: a small root offset.
    if (i % 2 && bytes.size() >= 4)
      bytes[0] = static_cast<char>(rng() % 64), bytes[1] = bytes[2] = bytes[3] = 0;
    EXPECT_NE(parse_error(bytes), "") << i;
    EXPECT_FALSE(ex::looks_like_exported(bytes));
  }
}

TEST(ExportedErrors, TruncatedAtEveryLength) {
  std::string bytes = small_fixture();
  ex::Exported full = ex::parse(bytes);
  int parsed = 0;
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    std::string err = parse_error(std::string_view(bytes).substr(0, n));
    if (err.empty()) {
      // Only the zero padding after the last string may go.
      ++parsed;
      EXPECT_GE(n, bytes.size() - 3) << n;
      EXPECT_EQ(ex::parse(std::string_view(bytes).substr(0, n)).function_name,
                full.function_name);
    }
  }
  EXPECT_LE(parsed, 3);
  EXPECT_NE(parse_error(std::string_view(bytes).substr(0, bytes.size() / 2))
                .find("do not verify"),
            std::string::npos);
}

TEST(ExportedErrors, EveryByteFlipped) {
  // Flips in the module or a name parse (the container cannot tell); flips
  // in offsets, vtables and enums are format_errors. Neither crashes.
  std::string bytes = small_fixture();
  int errors = 0;
  for (std::size_t i = 0; i < bytes.size(); ++i)
    for (unsigned char mask : {0x01, 0x80, 0xff}) {
      std::string b = bytes;
      b[i] = static_cast<char>(b[i] ^ mask);
      if (!parse_error(b).empty())
        ++errors;
    }
  EXPECT_GT(errors, 0);
  // The root offset itself.
  std::string b = bytes;
  b[0] = static_cast<char>(b[0] ^ 0x80);
  EXPECT_NE(parse_error(b), "");
  // A byte in the middle, on a fixture and on a copy at an odd address.
  b = bytes;
  b[b.size() / 2] = static_cast<char>(b[b.size() / 2] ^ 0xff);
  std::string shifted = "x" + b;
  EXPECT_EQ(parse_error(b), parse_error(std::string_view(shifted).substr(1)));
}

TEST(ExportedErrors, ReadFile) {
  try {
    ex::read_file("/nonexistent/f.exported");
    ADD_FAILURE();
  } catch (const ex::format_error &e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/f.exported"), std::string::npos);
  }
  try {
    ex::read_file((kFixtures / "jax" / "exp_f32.mlir").string());
    ADD_FAILURE();
  } catch (const ex::format_error &e) {
    EXPECT_NE(std::string(e.what()).find("exp_f32.mlir: not a serialized jax.export.Exported"),
              std::string::npos)
        << e.what();
  }
}

// Hand-built flatbuffers, each breaking one rule (or using an older layout).
struct Knobs {
  std::uint16_t version = 3;
  bool module = true;
  bool unique_tables = true; // version 10's layout; else the older one
  int dtype = 10;            // f32
  std::uint32_t aval_idx = 0;
  std::uint32_t sharding_idx = 0;
  int tree_kind = 0; // of the single input leaf
  bool dict_keys_mismatch = false;
  std::int16_t nr_devices_short = 1;
  std::uint32_t nr_devices = 0;
  std::vector<std::uint16_t> kept = {0};
  bool hlo_sharding = false;
  bool platforms = true;
  int check_kind = -1; // add a disabled check of this kind
  std::vector<std::string> dims = {"2", "b"};
  bool vjp_bad_version = false;
};

std::string build(const Knobs &k) {
  flatbuffers::FlatBufferBuilder b;
  auto leaf = [&] { return fbs::CreatePyTreeDef(b, static_cast<fbs::PyTreeDefKind>(k.tree_kind)); };
  // in_tree: ((leaf,), {}) or with a dict whose keys do not match.
  auto args = fbs::CreatePyTreeDef(b, fbs::PyTreeDefKind::tuple, b.CreateVector(std::vector{leaf()}));
  std::vector<flatbuffers::Offset<fbs::PyTreeDef>> kw_children;
  std::vector<std::string> kw_keys;
  if (k.dict_keys_mismatch)
    kw_keys.push_back("a");
  auto kwargs = fbs::CreatePyTreeDef(b, fbs::PyTreeDefKind::dict, b.CreateVector(kw_children),
                                     b.CreateVectorOfStrings(kw_keys));
  auto in_tree = fbs::CreatePyTreeDef(b, fbs::PyTreeDefKind::tuple,
                                      b.CreateVector(std::vector{args, kwargs}));
  auto out_tree = fbs::CreatePyTreeDef(b, fbs::PyTreeDefKind::leaf);
  auto aval = [&] {
    return fbs::CreateAbstractValue(b, fbs::AbstractValueKind::shapedArray,
                                    b.CreateVectorOfStrings(k.dims),
                                    static_cast<fbs::DType>(k.dtype), fbs::MemorySpace::Device);
  };
  auto avals = b.CreateVector(std::vector{aval()});
  auto out_avals = b.CreateVector(std::vector{aval()});
  std::vector<flatbuffers::Offset<fbs::Sharding>> sh;
  if (k.hlo_sharding) {
    std::vector<std::int8_t> proto = {8, 1};
    sh.push_back(fbs::CreateSharding(b, fbs::ShardingKind::hlo_sharding, b.CreateVector(proto)));
  } else {
    sh.push_back(fbs::CreateSharding(b));
  }
  auto shardings = b.CreateVector(sh);
  auto platforms = b.CreateVectorOfStrings(k.platforms ? std::vector<std::string>{"cpu"}
                                                       : std::vector<std::string>{});
  std::vector<std::int8_t> module_bytes = {'M', 'L', -17, 'R', 1, 2, 3};
  auto module = b.CreateVector(module_bytes);
  auto kept = b.CreateVector(k.kept);
  auto name = b.CreateString("f");
  std::vector<flatbuffers::Offset<fbs::DisabledSafetyCheck>> checks;
  if (k.check_kind >= 0)
    checks.push_back(fbs::CreateDisabledSafetyCheck(
        b, static_cast<fbs::DisabledSafetyCheckKind>(k.check_kind)));
  auto checks_vec = b.CreateVector(checks);
  flatbuffers::Offset<fbs::Exported> vjp = 0;
  if (k.vjp_bad_version) {
    fbs::ExportedBuilder v(b);
    v.add_serialization_version(99);
    vjp = v.Finish();
  }
  flatbuffers::Offset<flatbuffers::Vector<flatbuffers::Offset<fbs::AbstractValue>>> uniq = 0;
  flatbuffers::Offset<flatbuffers::Vector<std::uint32_t>> in_idx = 0, out_idx = 0, sh_idx = 0;
  if (k.unique_tables) {
    uniq = b.CreateVector(std::vector{aval()});
    in_idx = b.CreateVector(std::vector<std::uint32_t>{k.aval_idx});
    out_idx = b.CreateVector(std::vector<std::uint32_t>{0});
    sh_idx = b.CreateVector(std::vector<std::uint32_t>{k.sharding_idx});
  }
  fbs::ExportedBuilder e(b);
  e.add_serialization_version(k.version);
  e.add_function_name(name);
  e.add_in_tree(in_tree);
  e.add_in_avals(avals);
  e.add_out_tree(out_tree);
  e.add_out_avals(out_avals);
  e.add_nr_devices_short(k.nr_devices_short);
  e.add_nr_devices(k.nr_devices);
  e.add_in_shardings(shardings);
  e.add_platforms(platforms);
  e.add_disabled_checks(checks_vec);
  if (k.module)
    e.add_mlir_module_serialized(module);
  e.add_calling_convention_version(9);
  e.add_module_kept_var_idx(kept);
  if (vjp.o)
    e.add_vjp(vjp);
  if (k.unique_tables) {
    e.add_unique_avals(uniq);
    e.add_in_avals_idxs(in_idx);
    e.add_out_avals_idxs(out_idx);
    e.add_in_shardings_idxs(sh_idx);
  }
  b.Finish(e.Finish());
  return std::string(reinterpret_cast<const char *>(b.GetBufferPointer()), b.GetSize());
}

TEST(ExportedErrors, HandBuiltBuffers) {
  // The baseline parses, in both layouts.
  ex::Exported e = ex::parse(build({}));
  EXPECT_EQ(e.in_avals[0].to_string(), "float32[2,b]");
  EXPECT_TRUE(e.has_unique_tables);
  EXPECT_EQ(e.calling_convention_version, 9u);
  Knobs old;
  old.unique_tables = false;
  old.hlo_sharding = true;
  old.version = 1;
  e = ex::parse(build(old));
  EXPECT_FALSE(e.has_unique_tables);
  EXPECT_EQ(e.nr_devices, 1u);
  EXPECT_EQ(e.in_shardings[0].kind, ex::Sharding::Kind::hlo_sharding);
  EXPECT_EQ(e.in_shardings[0].to_string(), "HloSharding(2-byte OpSharding proto)");
  EXPECT_EQ(e.in_avals[0].to_string(), "float32[2,b]");

  struct Case {
    const char *name;
    Knobs knobs;
    const char *message;
  };
  std::vector<Case> cases;
  auto add = [&](const char *name, auto tweak, const char *message) {
    Knobs k;
    tweak(k);
    cases.push_back({name, k, message});
  };
  add("version 0", [](Knobs &k) { k.version = 0; }, "serialization version 0 (the field is missing)");
  add("version 12", [](Knobs &k) { k.version = 12; },
      "unsupported serialization version 12: jx reads jax.export serialization versions 1..11");
  add("no module", [](Knobs &k) { k.module = false; }, "has no module");
  add("dtype 30", [](Knobs &k) { k.dtype = 30; }, "dtype number 30");
  add("dtype -1", [](Knobs &k) { k.dtype = -1; }, "dtype number -1");
  add("aval index", [](Knobs &k) { k.aval_idx = 5; }, "refers to abstract value 5 of 1");
  add("sharding index", [](Knobs &k) { k.sharding_idx = 3; }, "named sharding 3 of 0");
  add("tree kind", [](Knobs &k) { k.tree_kind = 9; }, "unknown kind 9");
  add("leaves", [](Knobs &k) { k.tree_kind = 1; }, "input tree has 0 leaves but there are 1");
  add("dict keys", [](Knobs &k) { k.dict_keys_mismatch = true; }, "0 children and 1 keys");
  add("devices", [](Knobs &k) { k.nr_devices_short = -2; }, "negative");
  add("no devices", [](Knobs &k) { k.nr_devices_short = 0; }, "device count is missing");
  add("kept", [](Knobs &k) { k.kept = {1}; }, "keeps input 1 of 1");
  add("kept order", [](Knobs &k) { k.kept = {0, 0}; }, "not ascending");
  add("platforms", [](Knobs &k) { k.platforms = false; }, "no platform");
  add("check kind", [](Knobs &k) { k.check_kind = 7; }, "safety check of unknown kind 7");
  add("custom_call check", [](Knobs &k) { k.check_kind = 1; }, "names no target");
  add("empty dim", [](Knobs &k) { k.dims = {""}; }, "empty dimension");
  add("huge dim", [](Knobs &k) { k.dims = {"99999999999999999999"}; }, "too large");
  add("vjp", [](Knobs &k) { k.vjp_bad_version = true; },
      "in the vjp function: unsupported serialization version 99");
  for (const Case &c : cases) {
    std::string err = parse_error(build(c.knobs));
    EXPECT_NE(err.find(c.message), std::string::npos) << c.name << ": " << err;
  }
  Knobs shape_assertions;
  shape_assertions.check_kind = 2;
  EXPECT_EQ(ex::parse(build(shape_assertions)).disabled_safety_checks[0].to_string(),
            "shape_assertions");
  Knobs large;
  large.nr_devices = 70000;
  large.nr_devices_short = 0;
  EXPECT_EQ(ex::parse(build(large)).nr_devices, 70000u);
}

TEST(ExportedErrors, SharedDataCannotBlowUp) {
  // A children vector that names one subtree many times, nested: the tree it
  // describes has 2^40 leaves in a few kilobytes. The reader stops.
  flatbuffers::FlatBufferBuilder b;
  auto node = fbs::CreatePyTreeDef(b, fbs::PyTreeDefKind::leaf);
  for (int depth = 0; depth < 40; ++depth)
    node = fbs::CreatePyTreeDef(b, fbs::PyTreeDefKind::tuple,
                                b.CreateVector(std::vector{node, node}));
  std::vector<std::int8_t> module_bytes = {'M', 'L', -17, 'R'};
  auto module = b.CreateVector(module_bytes);
  auto platforms = b.CreateVectorOfStrings({"cpu"});
  fbs::ExportedBuilder e(b);
  e.add_serialization_version(3);
  e.add_in_tree(node);
  e.add_out_tree(node);
  e.add_platforms(platforms);
  e.add_mlir_module_serialized(module);
  e.add_nr_devices(1);
  b.Finish(e.Finish());
  std::string bytes(reinterpret_cast<const char *>(b.GetBufferPointer()), b.GetSize());
  EXPECT_NE(parse_error(bytes), "");

  // 100000 platform names that are one 10 kB string: 1 GB to copy out of
  // a 400 kB buffer.
  flatbuffers::FlatBufferBuilder c;
  auto big = c.CreateString(std::string(10000, 'p'));
  auto names = c.CreateVector(std::vector<flatbuffers::Offset<flatbuffers::String>>(100000, big));
  auto leaf = fbs::CreatePyTreeDef(c, fbs::PyTreeDefKind::none);
  auto module2 = c.CreateVector(module_bytes);
  fbs::ExportedBuilder e2(c);
  e2.add_serialization_version(3);
  e2.add_in_tree(leaf);
  e2.add_out_tree(leaf);
  e2.add_platforms(names);
  e2.add_mlir_module_serialized(module2);
  e2.add_nr_devices(1);
  c.Finish(e2.Finish());
  bytes.assign(reinterpret_cast<const char *>(c.GetBufferPointer()), c.GetSize());
  EXPECT_NE(parse_error(bytes).find("far more memory than its size"), std::string::npos)
      << parse_error(bytes);

  // 100000 inputs that are one deduplicated aval with a 10 kB dimension.
  flatbuffers::FlatBufferBuilder d;
  auto one = fbs::CreatePyTreeDef(d, fbs::PyTreeDefKind::leaf);
  auto many = fbs::CreatePyTreeDef(
      d, fbs::PyTreeDefKind::tuple,
      d.CreateVector(std::vector<flatbuffers::Offset<fbs::PyTreeDef>>(100000, one)));
  auto dims = d.CreateVectorOfStrings({std::string(10000, 'b')});
  auto uniq = d.CreateVector(std::vector{fbs::CreateAbstractValue(
      d, fbs::AbstractValueKind::shapedArray, dims, fbs::DType::f32)});
  auto idxs = d.CreateVector(std::vector<std::uint32_t>(100000, 0));
  auto module3 = d.CreateVector(module_bytes);
  auto cpu = d.CreateVectorOfStrings({"cpu"});
  auto none = fbs::CreatePyTreeDef(d, fbs::PyTreeDefKind::none);
  fbs::ExportedBuilder e3(d);
  e3.add_serialization_version(3);
  e3.add_in_tree(many);
  e3.add_out_tree(none);
  e3.add_unique_avals(uniq);
  e3.add_in_avals_idxs(idxs);
  e3.add_platforms(cpu);
  e3.add_mlir_module_serialized(module3);
  e3.add_nr_devices(1);
  d.Finish(e3.Finish());
  bytes.assign(reinterpret_cast<const char *>(d.GetBufferPointer()), d.GetSize());
  EXPECT_NE(parse_error(bytes).find("far more memory than its size"), std::string::npos)
      << parse_error(bytes);
}

} // namespace
