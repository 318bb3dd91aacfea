//===- BytecodeCheckTest.cpp - jx::vhlo::checkBytecodeStructure ----------===//
//
// The structural check of MLIR bytecode (lib/Dialect/VHLO/BytecodeCheck.cpp)
// against:
//  - every valid file at hand: the portable artifacts under
//    test/Dialect/VHLO/Inputs and inside test/Fixtures/jax/*.exported, and,
//    when JX_OPT_PATH names jx-opt, bytecode of versions 0 to 6 it emits for
//    fixture programs (a refused valid file is the worst failure);
//  - files built here, valid ones of each version and ones with one field
//    corrupted (the counts MLIR's reader trusts: block, value, result,
//    operand, region, string, dialect, attribute counts; indices; nesting);
//  - every truncation of a small input, and seeded random mutations (the
//    check itself must not crash: the suite runs under ASan/UBSan).
//
// Needs JX_TEST_DIR (the repository's test/ directory); no MLIR.
//
//===----------------------------------------------------------------------===//

#include "jx/Dialect/VHLO/BytecodeCheck.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <regex>
#include <string>
#include <vector>

#ifndef JX_TEST_DIR
#error "JX_TEST_DIR must name the repository's test/ directory"
#endif

using jx::vhlo::checkBytecodeStructure;

namespace {

//===----------------------------------------------------------------------===//
// Reading the inputs
//===----------------------------------------------------------------------===//

std::string readFile(const std::string &path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return {};
  return (*buffer)->getBuffer().str();
}

std::vector<std::string> listFiles(const std::string &dir,
                                   llvm::StringRef suffix) {
  std::vector<std::string> out;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec))
    if (llvm::StringRef(it->path()).ends_with(suffix))
      out.push_back(it->path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string testPath(llvm::StringRef rel) {
  llvm::SmallString<256> p(JX_TEST_DIR);
  llvm::sys::path::append(p, rel);
  return std::string(p);
}

/// The portable artifact inside a jax.export flatbuffer: a byte vector (a
/// little-endian uint32 length, then the bytes) starting with the magic.
std::string extractArtifact(const std::string &exported) {
  size_t at = exported.find("ML\xefR");
  if (at == std::string::npos || at < 4)
    return {};
  uint32_t length = 0;
  for (int i = 0; i < 4; ++i)
    length |= uint32_t(uint8_t(exported[at - 4 + i])) << (8 * i);
  if (at + length > exported.size())
    return {};
  return exported.substr(at, length);
}

/// The valid inputs of the repository: name and bytes.
std::vector<std::pair<std::string, std::string>> validInputs() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const std::string &path :
       listFiles(testPath("Dialect/VHLO/Inputs"), ".bc"))
    out.emplace_back(path, readFile(path));
  for (const std::string &path :
       listFiles(testPath("Fixtures/jax"), ".exported")) {
    std::string artifact = extractArtifact(readFile(path));
    if (!artifact.empty())
      out.emplace_back(path, artifact);
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Building bytecode
//===----------------------------------------------------------------------===//

void varint(std::string &o, uint64_t v) {
  for (unsigned n = 1; n <= 8; ++n) {
    if (n < 8 ? v < (uint64_t(1) << (7 * n)) : v < (uint64_t(1) << 56)) {
      uint64_t e = ((v << 1) | 1) << (n - 1);
      for (unsigned i = 0; i < n; ++i)
        o.push_back(char((e >> (8 * i)) & 0xff));
      return;
    }
  }
  o.push_back('\0');
  for (unsigned i = 0; i < 8; ++i)
    o.push_back(char((v >> (8 * i)) & 0xff));
}
std::string vi(uint64_t v) {
  std::string o;
  varint(o, v);
  return o;
}
std::string flagged(uint64_t v, bool flag) { return vi((v << 1) | flag); }
std::string svi(int64_t v) {
  return vi((uint64_t(v) << 1) ^ uint64_t(v >> 63));
}

enum : unsigned {
  kString = 0, kDialect, kAttrType, kAttrTypeOffset, kIR, kResource,
  kResourceOffset, kDialectVersions, kProperties
};

std::string section(unsigned id, const std::string &body, uint64_t align = 0,
                    size_t at = 0) {
  std::string o(1, char(id | (align ? 0x80 : 0)));
  varint(o, body.size());
  if (align) {
    varint(o, align);
    while ((at + o.size()) % align)
      o.push_back('\xCB');
  }
  return o + body;
}

// IR: ops, regions and blocks, encoded as the writer does.
struct Op;
struct Block {
  std::vector<uint64_t> argTypes;
  std::vector<Op> ops;
  std::string argUseLists; // raw use-list orders of the arguments (v3+)
  std::optional<uint64_t> numArgs; // override
};
struct Region {
  std::vector<Block> blocks;
  std::optional<uint64_t> numBlocks, numValues; // overrides
};
struct Op {
  uint64_t name = 1; // test.op
  std::vector<uint64_t> results; // type indices
  std::vector<uint64_t> operands;
  std::vector<uint64_t> successors;
  std::vector<Region> regions;
  bool isolated = false;
  std::optional<uint64_t> attrs, props;
  std::string useLists; // raw use-list orders of the results (v3+)
  std::optional<uint64_t> numResults, numOperands, numRegions; // overrides
};

std::string encodeOp(const Op &op, uint64_t version);

std::string encodeRegion(const Region &r, uint64_t version) {
  std::string o;
  varint(o, r.numBlocks.value_or(r.blocks.size()));
  if (r.blocks.empty())
    return o;
  uint64_t values = 0;
  for (const Block &b : r.blocks) {
    values += b.argTypes.size();
    for (const Op &op : b.ops)
      values += op.results.size();
  }
  varint(o, r.numValues.value_or(values));
  for (const Block &b : r.blocks) {
    o += flagged(b.ops.size(), !b.argTypes.empty() || b.numArgs);
    if (!b.argTypes.empty() || b.numArgs) {
      varint(o, b.numArgs.value_or(b.argTypes.size()));
      for (uint64_t t : b.argTypes) {
        if (version >= 4) {
          o += flagged(t, false);
        } else {
          varint(o, t);
          varint(o, 0); // location
        }
      }
      if (version >= 3) {
        o.push_back(b.argUseLists.empty() ? 0 : 0x20);
        o += b.argUseLists;
      }
    }
    for (const Op &op : b.ops)
      o += encodeOp(op, version);
  }
  return o;
}

std::string encodeOp(const Op &op, uint64_t version) {
  std::string o = vi(op.name);
  uint8_t mask = 0;
  std::string rest = vi(0); // location: attribute 0
  if (op.attrs) {
    mask |= 0x01;
    varint(rest, *op.attrs);
  }
  if (op.props) {
    mask |= 0x40;
    varint(rest, *op.props);
  }
  if (!op.results.empty() || op.numResults) {
    mask |= 0x02;
    varint(rest, op.numResults.value_or(op.results.size()));
    for (uint64_t t : op.results)
      varint(rest, t);
  }
  if (!op.operands.empty() || op.numOperands) {
    mask |= 0x04;
    varint(rest, op.numOperands.value_or(op.operands.size()));
    for (uint64_t v : op.operands)
      varint(rest, v);
  }
  if (!op.successors.empty()) {
    mask |= 0x08;
    varint(rest, op.successors.size());
    for (uint64_t b : op.successors)
      varint(rest, b);
  }
  if (!op.useLists.empty()) {
    mask |= 0x20;
    rest += op.useLists;
  }
  if (!op.regions.empty() || op.numRegions) {
    mask |= 0x10;
    rest += flagged(op.numRegions.value_or(op.regions.size()), op.isolated);
    std::string regions;
    for (const Region &r : op.regions)
      regions += encodeRegion(r, version);
    if (op.isolated && version >= 2)
      rest += section(kIR, regions);
    else
      rest += regions;
  }
  o.push_back(char(mask));
  return o + rest;
}

Op module(std::vector<Op> ops) {
  Op m;
  m.name = 0; // builtin.module
  m.isolated = true;
  m.regions.push_back(Region{{Block{{}, std::move(ops), {}, {}}}, {}, {}});
  return m;
}

/// The tables of a built file. Strings: builtin, test, module, op, reg.
/// Dialects: builtin, test. Op names: builtin.module, test.op (unregistered),
/// test.reg (registered). Attributes: UnknownLoc, an empty dictionary, then
/// `attrs`. Types: i32, f32, then `types` (all builtin, custom encoded).
struct File {
  uint64_t version = 6;
  std::vector<Op> top = {module({})};
  std::vector<std::string> attrs, types;
  std::vector<std::string> extraStrings;

  std::vector<std::pair<unsigned, std::string>> sections() const {
    std::vector<std::string> strs = {"builtin", "test", "module", "op", "reg"};
    strs.insert(strs.end(), extraStrings.begin(), extraStrings.end());
    std::string s = vi(strs.size());
    for (auto it = strs.rbegin(); it != strs.rend(); ++it)
      varint(s, it->size() + 1);
    for (const std::string &str : strs)
      s += str + std::string(1, '\0');

    std::string d = vi(2);
    if (version < 1)
      d += vi(0) + vi(1);
    else
      d += flagged(0, false) + flagged(1, false);
    if (version >= 4)
      d += vi(3);
    auto name = [&](uint64_t str, bool registered) {
      return version < 5 ? vi(str) : flagged(str, registered);
    };
    d += vi(0) + vi(1) + name(2, true);
    d += vi(1) + vi(2) + name(3, false) + name(4, true);

    std::vector<std::string> a = {vi(15), vi(1) + vi(0)};
    a.insert(a.end(), attrs.begin(), attrs.end());
    std::vector<std::string> t = {vi(0) + vi(32 << 2), vi(5)};
    t.insert(t.end(), types.begin(), types.end());
    std::string off = vi(a.size()) + vi(t.size()), data;
    for (auto *list : {&a, &t}) {
      off += vi(0) + vi(list->size());
      for (const std::string &e : *list) {
        off += flagged(e.size(), true);
        data += e;
      }
    }

    std::string ir = flagged(top.size(), false);
    for (const Op &op : top)
      ir += encodeOp(op, version);

    std::vector<std::pair<unsigned, std::string>> out = {
        {kDialect, d}, {kAttrTypeOffset, off}, {kAttrType, data},
        {kIR, ir}, {kString, s}};
    if (version >= 5)
      out.emplace_back(kProperties, vi(1) + vi(1) + std::string(1, '\x03'));
    return out;
  }

  static std::string assemble(
      uint64_t version,
      const std::vector<std::pair<unsigned, std::string>> &sections) {
    std::string o = "ML\xefR" + vi(version) + "jx-test" + std::string(1, '\0');
    for (const auto &[id, body] : sections)
      o += section(id, body);
    return o;
  }

  std::string bytes() const { return assemble(version, sections()); }
};

/// The reason the check gives, or "" when it accepts.
std::string check(const std::string &bytes) {
  return checkBytecodeStructure(bytes);
}

::testing::AssertionResult rejectedWith(const std::string &bytes,
                                        llvm::StringRef expected) {
  std::string why = check(bytes);
  if (why.empty())
    return ::testing::AssertionFailure() << "accepted";
  if (!llvm::StringRef(why).contains(expected))
    return ::testing::AssertionFailure()
           << "rejected for another reason: " << why;
  static const std::regex form(
      "^(header|[A-Za-z]+ section), byte [0-9]+: .+");
  if (!std::regex_match(why, form))
    return ::testing::AssertionFailure() << "reason not in the form "
                                            "'<where>, byte N: ...': "
                                         << why;
  return ::testing::AssertionSuccess() << why;
}

/// %0 = test.op : i32; test.reg(%0) {props}; with a nested region using %0.
std::vector<Op> sampleOps(uint64_t version) {
  Op def;
  def.results = {0};
  Op user;
  user.name = 2;
  user.operands = {0};
  if (version >= 5)
    user.props = 0;
  Op inner;
  inner.operands = {0, 1}; // %0 and the block argument of the nested region
  Op nested;
  nested.regions.push_back(Region{{Block{{1}, {inner}, {}, {}}}, {}, {}});
  Op branch; // a second block, reached by a successor
  branch.successors = {1};
  Op cfg;
  cfg.regions.push_back(
      Region{{Block{{}, {branch}, {}, {}}, Block{{0}, {Op()}, {}, {}}}, {}, {}});
  return {def, user, nested, cfg};
}

//===----------------------------------------------------------------------===//
// Valid files
//===----------------------------------------------------------------------===//

TEST(BytecodeCheck, RepositoryInputsPass) {
  auto inputs = validInputs();
  ASSERT_GE(inputs.size(), 3u) << "no inputs under " << JX_TEST_DIR;
  for (const auto &[path, bytes] : inputs)
    EXPECT_EQ(check(bytes), "") << path;
}

TEST(BytecodeCheck, EmittedBytecodeOfEveryVersionPasses) {
#ifndef JX_OPT_PATH
  GTEST_SKIP() << "JX_OPT_PATH not defined";
#else
  if (!llvm::sys::fs::can_execute(JX_OPT_PATH))
    GTEST_SKIP() << JX_OPT_PATH << " not built";
  std::vector<std::string> programs =
      listFiles(testPath("Fixtures/jax"), ".mlir");
  ASSERT_FALSE(programs.empty());
  llvm::SmallString<128> out;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("bytecode-check", "bc", out));
  // The first 50 programs in the newest version, every 10th in each older.
  int checked = 0;
  for (size_t i = 0; i < programs.size() && i < 50; ++i) {
    for (int version = 0; version <= 6; ++version) {
      if (version != 6 && i % 10)
        continue;
      std::string flag = "--emit-bytecode-version=" + std::to_string(version);
      llvm::StringRef args[] = {JX_OPT_PATH, programs[i], "--emit-bytecode",
                                flag, "-o", out};
      std::optional<llvm::StringRef> redirects[] = {std::nullopt, {""}, {""}};
      if (llvm::sys::ExecuteAndWait(JX_OPT_PATH, args, std::nullopt,
                                    redirects) != 0)
        continue; // not a program jx-opt reads
      EXPECT_EQ(check(readFile(std::string(out))), "")
          << programs[i] << " version " << version;
      ++checked;
    }
  }
  llvm::sys::fs::remove(out);
  EXPECT_GE(checked, 50);
#endif
}

TEST(BytecodeCheck, BuiltFilesOfEveryVersionPass) {
  for (uint64_t version = 0; version <= 6; ++version) {
    File f;
    f.version = version;
    f.top = {module(sampleOps(version))};
    EXPECT_EQ(check(f.bytes()), "") << "version " << version;
  }
}

TEST(BytecodeCheck, ForwardReferenceDefinedLaterPasses) {
  Op user; // uses %1, defined by the next op (as in a graph region)
  user.operands = {1};
  Op def0, def1;
  def0.results = {0};
  def1.results = {0};
  File f;
  f.top = {module({def0, user, def1})};
  EXPECT_EQ(check(f.bytes()), "");
}

TEST(BytecodeCheck, IsolatedRegionsNestAsSections) {
  Op inner;
  inner.results = {0};
  Op isolatedOp;
  isolatedOp.isolated = true;
  isolatedOp.regions.push_back(
      Region{{Block{{1}, {inner}, {}, {}}}, {}, {}});
  for (uint64_t version : {1, 2, 6}) {
    File f;
    f.version = version;
    f.top = {module({isolatedOp, isolatedOp})};
    EXPECT_EQ(check(f.bytes()), "") << "version " << version;
  }
  // An isolated region does not see the values of its parent.
  Op outerDef;
  outerDef.results = {0};
  Op user;
  user.operands = {0}; // value 0 of the isolated region: its argument
  Op iso2 = isolatedOp;
  iso2.regions[0].blocks[0].ops = {user};
  File ok;
  ok.top = {module({outerDef, iso2})};
  EXPECT_EQ(check(ok.bytes()), "");
  iso2.regions[0].blocks[0].ops[0].operands = {1};
  File bad;
  bad.top = {module({outerDef, iso2})};
  EXPECT_TRUE(rejectedWith(bad.bytes(), "operand value index 1 out of range"));
}

TEST(BytecodeCheck, NestingUpToTheLimitPasses) {
  // Non-isolated regions nested 1000 deep: test.op { test.op { ... } }.
  std::string ir;
  const int depth = 1000;
  for (int i = 0; i < depth; ++i)
    ir += vi(1) + std::string(1, '\x10') + vi(0) + flagged(1, false) + vi(1) +
          vi(0) + flagged(1, false);
  ir += vi(1) + std::string(1, '\0') + vi(0);
  File f;
  auto secs = f.sections();
  for (auto &[id, body] : secs)
    if (id == kIR)
      body = flagged(1, false) + ir;
  EXPECT_EQ(check(File::assemble(6, secs)), "");
}

//===----------------------------------------------------------------------===//
// Corrupted files
//===----------------------------------------------------------------------===//

TEST(BytecodeCheck, Header) {
  EXPECT_TRUE(rejectedWith("", "not MLIR bytecode"));
  EXPECT_TRUE(rejectedWith("ML\xef", "not MLIR bytecode"));
  EXPECT_TRUE(rejectedWith("MLIR\x0d", "not MLIR bytecode"));
  EXPECT_TRUE(rejectedWith("ML\xefR", "truncated"));
  EXPECT_TRUE(rejectedWith("ML\xefR\x0f", "bytecode version 7 is newer"));
  EXPECT_TRUE(rejectedWith("ML\xefR\x0dproducer", "no NUL terminator"));
  EXPECT_TRUE(rejectedWith(std::string("ML\xefR\x0d", 5) + '\0',
                           "missing String section"));
}

TEST(BytecodeCheck, Sections) {
  File f;
  auto secs = f.sections();
  std::string head = std::string("ML\xefR\x0djx-test") + '\0';
  std::string body;
  for (const auto &[id, b] : secs)
    body += section(id, b);
  EXPECT_EQ(check(head + body), "");
  EXPECT_TRUE(rejectedWith(head + body + "\x09\x01", "invalid section id 9"));
  EXPECT_TRUE(rejectedWith(head + body + "\x05\x7f", "exceeds the 0 bytes"));
  EXPECT_TRUE(rejectedWith(head + body + section(kResource, "", 0),
                           "Resource section without ResourceOffset"));
  EXPECT_TRUE(rejectedWith(head + body + section(kIR, vi(0)),
                           "duplicate IR section"));
  // Alignment: a power of two up to 64 KiB, padded with 0xCB.
  size_t at = head.size() + body.size();
  EXPECT_EQ(check(head + body + section(kResourceOffset, vi(0), 16, at) +
                  section(kResource, "")),
            "");
  EXPECT_TRUE(rejectedWith(head + body + section(kResourceOffset, vi(0), 3, at),
                           "section alignment 3 is not a power of two"));
  EXPECT_TRUE(rejectedWith(head + body + "\x86\x03\x01", "section alignment 0"));
  EXPECT_TRUE(rejectedWith(head + body +
                               section(kResourceOffset, vi(0), 1 << 20, at),
                           "is not a power of two at most 65536"));
  std::string padded = section(kResourceOffset, vi(0), 64, at);
  ASSERT_EQ(padded[padded.size() - 2], '\xCB');
  padded[padded.size() - 2] = '\xCC';
  EXPECT_TRUE(rejectedWith(head + body + padded, "expected alignment padding"));
  // Required sections.
  for (unsigned missing : {kString, kDialect, kAttrType, kAttrTypeOffset, kIR,
                           kProperties}) {
    std::string b;
    for (const auto &[id, s] : secs)
      if (id != missing)
        b += section(id, s);
    EXPECT_TRUE(rejectedWith(head + b, "missing")) << missing;
  }
  // Properties are optional before version 5.
  File v4;
  v4.version = 4;
  EXPECT_EQ(check(v4.bytes()), "");
}

// The report that started this: a region claiming 395221406740 blocks made
// MLIR's reader abort in SmallVector::reserve.
TEST(BytecodeCheck, HugeCountsInTheIRSection) {
  auto withModule = [](std::function<void(Op &)> corrupt) {
    Op m = module(sampleOps(6));
    corrupt(m);
    File f;
    f.top = {m};
    return f.bytes();
  };
  EXPECT_TRUE(rejectedWith(
      withModule([](Op &m) { m.regions[0].numBlocks = 395221406740ull; }),
      "region block count 395221406740 exceeds"));
  EXPECT_TRUE(rejectedWith(
      withModule([](Op &m) { m.regions[0].numValues = uint64_t(1) << 40; }),
      "region value count"));
  EXPECT_TRUE(rejectedWith(
      withModule([](Op &m) {
        m.regions[0].blocks[0].ops[0].numResults = uint64_t(1) << 33;
      }),
      "op result count"));
  EXPECT_TRUE(rejectedWith(
      withModule([](Op &m) {
        m.regions[0].blocks[0].ops[1].numOperands = uint64_t(1) << 50;
      }),
      "op operand count"));
  EXPECT_TRUE(rejectedWith(
      withModule([](Op &m) {
        m.regions[0].blocks[0].ops[2].numRegions = uint64_t(1) << 31;
      }),
      "op region count"));
  EXPECT_TRUE(rejectedWith(
      withModule([](Op &m) {
        m.regions[0].blocks[0].ops[2].regions[0].blocks[0].numArgs =
            uint64_t(1) << 36;
      }),
      "block argument count"));
  EXPECT_TRUE(rejectedWith(
      withModule([](Op &m) {
        m.regions[0].blocks[0].ops[3].regions[0].numBlocks = 1u << 20;
      }),
      "region block count 1048576 exceeds"));
}

TEST(BytecodeCheck, ValueCounts) {
  Op m = module(sampleOps(6));
  File f;
  // More values declared than defined: nested regions could then make the
  // reader reserve far more than the file holds.
  m.regions[0].numValues = 5;
  f.top = {m};
  EXPECT_TRUE(rejectedWith(f.bytes(), "declares 5 values but defines 1"));
  Op def;
  def.results = {0};
  Op m0 = module({def});
  m0.regions[0].numValues = 0; // (the reader would not define %0 at all)
  f.top = {m0};
  EXPECT_TRUE(rejectedWith(f.bytes(), "declares 0 values but defines 1"));
  // Fewer: the reader refuses to define past the count.
  Op two;
  two.results = {0, 1};
  Op m2 = module({two});
  m2.regions[0].numValues = 1;
  f.top = {m2};
  EXPECT_TRUE(rejectedWith(f.bytes(), "defines more values than the 1"));
  // Each of many nested regions claiming as many values as bytes remain.
  std::string ir;
  for (int i = 0; i < 200; ++i)
    ir += vi(1) + std::string(1, '\x10') + vi(0) + flagged(1, false) + vi(1) +
          vi(1000) + flagged(1, false);
  ir += vi(1) + std::string(1, '\0') + vi(0) + std::string(2000, '\x01');
  auto secs = File().sections();
  for (auto &[id, body] : secs)
    if (id == kIR)
      body = flagged(1, false) + ir;
  EXPECT_TRUE(rejectedWith(File::assemble(6, secs),
                           "declares 1000 values but defines 0"));
}

TEST(BytecodeCheck, IndicesInTheIRSection) {
  auto file = [](Op op) {
    File f;
    f.top = {module({op})};
    return f.bytes();
  };
  Op op;
  op.name = 3;
  EXPECT_TRUE(rejectedWith(file(op), "op name index 3 out of range (3"));
  op = Op();
  op.results = {2};
  EXPECT_TRUE(rejectedWith(file(op), "op result type index 2 out of range"));
  op = Op();
  op.operands = {7};
  EXPECT_TRUE(rejectedWith(file(op), "operand value index 7 out of range"));
  op = Op();
  op.successors = {1};
  EXPECT_TRUE(rejectedWith(file(op), "successor block index 1 out of range"));
  op = Op();
  op.props = 5; // test.op was not registered: an attribute index
  EXPECT_TRUE(rejectedWith(file(op), "op properties attribute index 5"));
  op.props = 1;
  op.name = 2; // test.reg was: an index into the properties section
  EXPECT_TRUE(rejectedWith(file(op), "op properties index 1 out of range"));
  // A forward reference never defined.
  Op user;
  user.operands = {0};
  Op m = module({user});
  m.regions[0].numValues = 1;
  m.regions[0].blocks[0].argTypes = {}; // the value is never defined
  File f;
  f.top = {m};
  EXPECT_FALSE(check(f.bytes()).empty());
  // Properties before version 5.
  File v4;
  v4.version = 4;
  Op p;
  p.props = 0;
  v4.top = {module({p})};
  EXPECT_TRUE(rejectedWith(v4.bytes(), "has bits undefined in bytecode "
                                       "version 4"));
}

TEST(BytecodeCheck, NestedTooDeeply) {
  std::string ir;
  const unsigned depth = jx::vhlo::kMaxBytecodeRegionDepth + 10;
  for (unsigned i = 0; i < depth; ++i)
    ir += vi(1) + std::string(1, '\x10') + vi(0) + flagged(1, false) + vi(1) +
          vi(0) + flagged(1, false);
  ir += vi(1) + std::string(1, '\0') + vi(0);
  auto secs = File().sections();
  for (auto &[id, body] : secs)
    if (id == kIR)
      body = flagged(1, false) + ir;
  EXPECT_TRUE(rejectedWith(File::assemble(6, secs), "nested too deeply"));
}

TEST(BytecodeCheck, UseListOrders) {
  // %0 used three times; its use-list order given as index pairs.
  Op def;
  def.results = {0};
  Op users;
  users.operands = {0, 0, 0};
  auto file = [&](std::string orders) {
    Op d = def;
    d.useLists = orders;
    File f;
    f.top = {module({d, users})};
    return f.bytes();
  };
  EXPECT_EQ(check(file(flagged(3, false) + vi(2) + vi(0) + vi(1))), "");
  EXPECT_EQ(check(file(flagged(4, true) + vi(0) + vi(2) + vi(2) + vi(0))), "");
  // MLIR writes shuffle[index] without checking the index against the uses.
  EXPECT_TRUE(rejectedWith(file(flagged(2, true) + vi(1000) + vi(0)),
                           "use-list index 1000 out of range"));
  EXPECT_TRUE(rejectedWith(file(flagged(3, true) + vi(0) + vi(1) + vi(2)),
                           "odd number"));
  EXPECT_TRUE(rejectedWith(file(flagged(2, false) + vi(0) + vi(1)),
                           "use-list of 2 indices for a value with 3 uses"));
}

TEST(BytecodeCheck, Tables) {
  auto replace = [](unsigned which, std::string body) {
    auto secs = File().sections();
    for (auto &[id, b] : secs)
      if (id == which)
        b = body;
    return File::assemble(6, secs);
  };
  // Strings.
  EXPECT_TRUE(rejectedWith(replace(kString, vi(uint64_t(1) << 40)),
                           "string count"));
  EXPECT_TRUE(rejectedWith(replace(kString, vi(1) + vi(0) + std::string(1, 0)),
                           "string of length 0"));
  EXPECT_TRUE(rejectedWith(replace(kString, vi(1) + vi(9) + "ab"),
                           "exceeds the data"));
  EXPECT_TRUE(rejectedWith(replace(kString, vi(1) + vi(2) + "abc"),
                           "not NUL-terminated"));
  // Dialects: the op name count (version 4+) must match the names listed.
  std::string d = vi(2) + flagged(0, false) + flagged(1, false);
  std::string names = vi(0) + vi(1) + flagged(2, true) + vi(1) + vi(2) +
                      flagged(3, false) + flagged(4, true);
  EXPECT_TRUE(rejectedWith(replace(kDialect, d + vi(5) + names),
                           "declares 5 op names but lists 3"));
  EXPECT_TRUE(rejectedWith(replace(kDialect, vi(uint64_t(1) << 30)),
                           "dialect count"));
  EXPECT_TRUE(rejectedWith(replace(kDialect, vi(1) + flagged(99, false)),
                           "dialect name string index 99"));
  EXPECT_TRUE(rejectedWith(
      replace(kDialect, d + vi(3) + vi(7) + vi(1) + flagged(2, true)),
      "op name group dialect index 7"));
  // Attribute/type offsets: a group running past the declared count made the
  // reader write past its table.
  std::string a = flagged(1, true), t = flagged(2, true);
  EXPECT_TRUE(rejectedWith(replace(kAttrTypeOffset, vi(2) + vi(2) + vi(0) +
                                                        vi(1000) + a),
                           "overruns the declared count"));
  EXPECT_TRUE(rejectedWith(
      replace(kAttrTypeOffset, vi(uint64_t(1) << 40) + vi(1)),
      "attribute count"));
  EXPECT_TRUE(rejectedWith(replace(kAttrTypeOffset,
                                   vi(2) + vi(2) + vi(0) + vi(2) + a +
                                       flagged(500, true) + vi(0) + vi(2) + t +
                                       vi(1)),
                           "runs past the AttrType section"));
  // Properties.
  EXPECT_TRUE(rejectedWith(replace(kProperties, vi(uint64_t(1) << 40)),
                           "properties count"));
  EXPECT_TRUE(rejectedWith(replace(kProperties, vi(1) + vi(1) + "xy"),
                           "trailing data"));
}

TEST(BytecodeCheck, Resources) {
  // A dialect group for builtin: a blob aligned to 8, then a declaration.
  auto build = [](uint8_t kind, std::string extraData) {
    std::string head = std::string("ML\xefR\x0djx-test") + '\0';
    std::string o = head;
    for (const auto &[id, b] : File().sections())
      o += section(id, b);
    std::string blob = vi(8) + vi(4);
    // The section data starts 8-aligned, so the padding is relative to it.
    while (blob.size() % 8)
      blob.push_back('\xCB');
    blob += "abcd";
    std::string offsets = vi(0) + vi(0) + vi(2) + vi(0) + vi(blob.size()) +
                          std::string(1, char(kind)) + vi(2) + vi(0) +
                          std::string(1, '\0');
    o += section(kResourceOffset, offsets);
    return o + section(kResource, blob + extraData, 8, o.size());
  };
  EXPECT_EQ(check(build(0, "")), "");
  EXPECT_TRUE(rejectedWith(build(0, "zz"), "trailing data"));
  EXPECT_TRUE(rejectedWith(build(7, ""), "unknown resource kind 7"));
  EXPECT_TRUE(rejectedWith(build(1, ""), "trailing data in a resource entry"));
}

TEST(BytecodeCheck, BuiltinPayloads) {
  auto withAttr = [](std::string attr, std::vector<std::string> types = {}) {
    File f;
    f.attrs = {attr};
    f.types = types;
    return f.bytes();
  };
  // The fuzzer's first finding: a dictionary "of" 8e18 entries, which the
  // builtin reader reserves.
  EXPECT_TRUE(rejectedWith(withAttr(vi(1) + vi(8290406764931266315ull)),
                           "dictionary size 8290406764931266315"));
  EXPECT_TRUE(rejectedWith(withAttr(vi(0) + vi(1) + vi(9)),
                           "attribute index 9 out of range"));
  EXPECT_TRUE(rejectedWith(withAttr(vi(99)), "unknown builtin attribute code"));
  EXPECT_TRUE(rejectedWith(withAttr(vi(2) + vi(0) + "x"), "trailing bytes"));
  // tensor<2xi32> (type 2) and dense<...> : tensor<2xi32>.
  std::string tensor = vi(13) + vi(1) + svi(2) + vi(0);
  EXPECT_EQ(check(withAttr(vi(18) + vi(2) + vi(8) + std::string(8, 'x'),
                           {tensor})),
            "");
  EXPECT_EQ(check(withAttr(vi(18) + vi(2) + vi(4) + std::string(4, 'x'),
                           {tensor})),
            ""); // a splat
  EXPECT_TRUE(rejectedWith(
      withAttr(vi(18) + vi(2) + vi(6) + std::string(6, 'x'), {tensor}),
      "6 bytes of data for 2 elements of 32 bits"));
  // Elements of i0 take no storage (a division by zero in an early version
  // of the check).
  std::string tensorI0 = vi(13) + vi(1) + svi(2) + vi(3);
  EXPECT_EQ(check(withAttr(vi(18) + vi(2) + vi(0), {tensorI0, vi(0) + vi(0)})),
            "");
  EXPECT_TRUE(rejectedWith(
      withAttr(vi(18) + vi(2) + vi(1) + "x", {tensorI0, vi(0) + vi(0)}),
      "1 bytes of data for 2 elements of 0 bits"));
  // The fuzzer's second: dense elements of a tensor of tensors.
  std::string tensorOfTensor = vi(13) + vi(1) + svi(2) + vi(2);
  EXPECT_TRUE(rejectedWith(withAttr(vi(18) + vi(3) + vi(0),
                                    {tensor, tensorOfTensor}),
                           "not allowed in this builtin type"));
  EXPECT_TRUE(rejectedWith(withAttr("", {vi(13) + vi(1) + svi(-2) + vi(0)}),
                           "negative dimension size -2"));
  EXPECT_TRUE(rejectedWith(withAttr("", {vi(0) + vi(uint64_t(1) << 30)}),
                           "integer width"));
  EXPECT_TRUE(rejectedWith(
      withAttr("", {vi(13) + vi(3) + svi(int64_t(1) << 40) +
                    svi(int64_t(1) << 40) + svi(1 << 20) + vi(0)}),
      "more than 2^63 elements"));
  EXPECT_TRUE(rejectedWith(
      withAttr("", {vi(20) + vi(1) + std::string(1, '\1') + vi(2) + svi(4) +
                    svi(4) + vi(1)}),
      "vector of rank 2 with 1 scalable"));
  // Dense strings of a tensor<1000000x1000000xi32>: 10^12 strings.
  EXPECT_TRUE(rejectedWith(
      withAttr(vi(19) + vi(2) + vi(0) + vi(0),
               {vi(13) + vi(2) + svi(1000000) + svi(1000000) + vi(0)}),
      "elements exceed"));
  // Dense arrays: size * element width == data.
  EXPECT_EQ(check(withAttr(vi(17) + vi(0) + vi(2) + vi(8) + std::string(8, 0))),
            "");
  EXPECT_TRUE(rejectedWith(
      withAttr(vi(17) + vi(0) + vi(3) + vi(8) + std::string(8, 0)),
      "dense array of 3 elements of 32 bits holds 8 bytes"));
  // Integer and float attributes: the width decides the encoding.
  EXPECT_EQ(check(withAttr(vi(8) + vi(0) + vi(42))), "");
  EXPECT_TRUE(rejectedWith(withAttr(vi(8) + vi(1) + vi(42)),
                           "IntegerAttr of a type that is not an integer"));
  EXPECT_EQ(check(withAttr(vi(9) + vi(1) + vi(42))), "");
  EXPECT_TRUE(rejectedWith(
      withAttr(vi(8) + vi(2) + vi(uint64_t(1) << 40), {vi(0) + vi(128 << 2)}),
      "integer word count"));
}

//===----------------------------------------------------------------------===//
// Truncations and mutations: rejected or accepted, never a crash of the
// check; every proper prefix of a file is rejected.
//===----------------------------------------------------------------------===//

TEST(BytecodeCheck, EveryTruncationIsRejected) {
  std::vector<std::string> files;
  for (uint64_t version = 0; version <= 6; ++version) {
    File f;
    f.version = version;
    f.top = {module(sampleOps(version))};
    files.push_back(f.bytes());
  }
  int fromInputs = 0;
  for (const auto &[path, bytes] : validInputs())
    if (bytes.size() <= 6000 && fromInputs++ < 12)
      files.push_back(bytes);
  size_t n = 0;
  for (const std::string &bytes : files)
    for (size_t len = 0; len < bytes.size(); ++len, ++n)
      ASSERT_NE(check(bytes.substr(0, len)), "")
          << "a prefix of " << len << " of " << bytes.size() << " bytes";
  EXPECT_GT(n, 10000u);
}

TEST(BytecodeCheck, RandomMutationsDoNotCrashTheCheck) {
  auto inputs = validInputs();
  ASSERT_FALSE(inputs.empty());
  for (uint64_t version = 0; version <= 6; ++version) {
    File f;
    f.version = version;
    f.top = {module(sampleOps(version))};
    f.types = {vi(13) + vi(1) + svi(2) + vi(0)};
    f.attrs = {vi(18) + vi(2) + vi(8) + std::string(8, 'x'),
               vi(17) + vi(0) + vi(2) + vi(8) + std::string(8, 0)};
    inputs.emplace_back("built", f.bytes());
  }
  std::mt19937_64 rng(20261202);
  int accepted = 0, rejected = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string bytes = inputs[rng() % inputs.size()].second;
    int edits = 1 + rng() % 3;
    for (int e = 0; e < edits; ++e) {
      size_t at = rng() % bytes.size();
      switch (rng() % 4) {
      case 0:
        bytes[at] = char(rng());
        break;
      case 1:
        bytes[at] ^= char(1 << (rng() % 8));
        break;
      case 2:
        bytes.erase(at, 1 + rng() % 4);
        break;
      default:
        bytes.insert(at, 1, char(rng()));
        break;
      }
      if (bytes.empty())
        bytes = "x";
    }
    (check(bytes).empty() ? accepted : rejected)++;
  }
  // Most mutations land in attribute payloads of other dialects (not
  // decoded) or break the structure.
  EXPECT_GT(rejected, 0);
  RecordProperty("accepted", accepted);
  RecordProperty("rejected", rejected);
}

} // namespace
