//===- Shardings.cpp - reading sdy sharding texts ------------------------===//
//
// jx keeps sdy's sharding attributes as text (SdyOps.td); the passes that
// run multi-device programs read them here into ShardingSpec.
//
//===----------------------------------------------------------------------===//

#include "jx/Dialect/Sdy/SdyOps.h"

#include "llvm/ADT/StringExtras.h"

namespace jx::sdy {
namespace {

/// A cursor over a sharding text.
class Reader {
public:
  Reader(llvm::StringRef text, std::string &error) : rest(text), error(error) {}

  void skipSpace() { rest = rest.ltrim(); }
  bool eat(llvm::StringRef token) {
    skipSpace();
    return rest.consume_front(token);
  }
  bool expect(llvm::StringRef token) {
    if (eat(token))
      return true;
    fail("expected '" + token.str() + "'");
    return false;
  }
  bool fail(const std::string &what) {
    if (error.empty())
      error = what + " at '" + rest.take_front(24).str() + "'";
    return false;
  }
  bool atEnd() {
    skipSpace();
    return rest.empty();
  }
  std::optional<std::string> quoted() {
    skipSpace();
    if (!rest.consume_front("\"")) {
      fail("expected a quoted axis name");
      return std::nullopt;
    }
    size_t end = rest.find('"');
    if (end == llvm::StringRef::npos) {
      fail("unterminated axis name");
      return std::nullopt;
    }
    std::string name = rest.take_front(end).str();
    rest = rest.drop_front(end + 1);
    return name;
  }
  std::optional<int64_t> integer() {
    skipSpace();
    size_t n = 0;
    while (n < rest.size() && llvm::isDigit(rest[n]))
      ++n;
    int64_t v = 0;
    if (n == 0 || rest.take_front(n).getAsInteger(10, v)) {
      fail("expected a number");
      return std::nullopt;
    }
    rest = rest.drop_front(n);
    return v;
  }
  std::optional<std::string> symbol() {
    skipSpace();
    if (!rest.consume_front("@")) {
      fail("expected a mesh name (@name; inline meshes are not supported)");
      return std::nullopt;
    }
    size_t n = 0;
    while (n < rest.size() && (llvm::isAlnum(rest[n]) || rest[n] == '_' ||
                               rest[n] == '.' || rest[n] == '$' || rest[n] == '-'))
      ++n;
    std::string name = rest.take_front(n).str();
    rest = rest.drop_front(n);
    return name;
  }

  /// `{"x", "y":(1)2, ?}`: the axes of one dimension.
  std::optional<llvm::SmallVector<AxisRef>> axes() {
    llvm::SmallVector<AxisRef> list;
    if (!expect("{"))
      return std::nullopt;
    if (eat("}"))
      return list;
    do {
      if (eat("?"))
        continue;
      std::optional<std::string> name = quoted();
      if (!name)
        return std::nullopt;
      AxisRef ref{*name};
      if (eat(":")) {
        std::optional<int64_t> pre, size;
        if (!expect("(") || !(pre = integer()) || !expect(")") ||
            !(size = integer()))
          return std::nullopt;
        ref.preSize = *pre;
        ref.size = *size;
      }
      list.push_back(ref);
    } while (eat(","));
    if (!expect("}"))
      return std::nullopt;
    // A priority (`p0`) may follow a dimension.
    skipSpace();
    if (rest.consume_front("p"))
      (void)integer();
    return list;
  }

  std::optional<ShardingSpec> sharding() {
    ShardingSpec spec;
    std::optional<std::string> mesh;
    if (!expect("<") || !(mesh = symbol()) || !expect(",") || !expect("["))
      return std::nullopt;
    spec.mesh = *mesh;
    if (!eat("]")) {
      do {
        std::optional<llvm::SmallVector<AxisRef>> dim = axes();
        if (!dim)
          return std::nullopt;
        spec.dims.push_back(std::move(*dim));
      } while (eat(","));
      if (!expect("]"))
        return std::nullopt;
    }
    // replicated={...}, unreduced={...}: axes the value is not split on.
    while (eat(",")) {
      skipSpace();
      size_t eq = rest.find('=');
      if (eq == llvm::StringRef::npos)
        return fail("expected name={...}"), std::nullopt;
      rest = rest.drop_front(eq + 1);
      if (!axes())
        return std::nullopt;
    }
    if (!expect(">"))
      return std::nullopt;
    return spec;
  }

private:
  llvm::StringRef rest;
  std::string &error;
};

} // namespace

std::optional<ShardingSpec> parseSharding(llvm::StringRef text,
                                          std::string &error) {
  Reader r(text, error);
  std::optional<ShardingSpec> spec = r.sharding();
  if (spec && !r.atEnd()) {
    r.fail("unexpected text after the sharding");
    return std::nullopt;
  }
  return spec;
}

std::optional<llvm::SmallVector<ShardingSpec>>
parseShardingPerValue(llvm::StringRef text, std::string &error) {
  // The attribute's body keeps its angle brackets: `<[...]>`.
  text = text.trim();
  if (text.starts_with("<") && text.ends_with(">"))
    text = text.drop_front().drop_back();
  Reader r(text, error);
  llvm::SmallVector<ShardingSpec> list;
  if (!r.expect("["))
    return std::nullopt;
  if (!r.eat("]")) {
    do {
      std::optional<ShardingSpec> spec = r.sharding();
      if (!spec)
        return std::nullopt;
      list.push_back(std::move(*spec));
    } while (r.eat(","));
    if (!r.expect("]"))
      return std::nullopt;
  }
  if (!r.atEnd()) {
    r.fail("unexpected text after the shardings");
    return std::nullopt;
  }
  return list;
}

std::optional<llvm::SmallVector<std::string>>
parseManualAxes(llvm::StringRef text, std::string &error) {
  text = text.trim();
  if (text.starts_with("<") && text.ends_with(">"))
    text = text.drop_front().drop_back();
  Reader r(text, error);
  std::optional<llvm::SmallVector<AxisRef>> refs = r.axes();
  if (!refs)
    return std::nullopt;
  llvm::SmallVector<std::string> names;
  for (const AxisRef &a : *refs) {
    if (a.size) {
      error = "sub-axis \"" + a.name + "\" in manual_axes";
      return std::nullopt;
    }
    names.push_back(a.name);
  }
  return names;
}

} // namespace jx::sdy
