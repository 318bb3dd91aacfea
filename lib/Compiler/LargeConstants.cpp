//===- LargeConstants.cpp - weights that cost their own size --------------===//

#include "jx/Compiler/LargeConstants.h"

#include "jx/Pipelines/CPUPipeline.h"

#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <stdexcept>

using namespace mlir;

namespace jx::compiler {
namespace {

constexpr llvm::StringLiteral kOpen = "dense<\"0x";
constexpr llvm::StringLiteral kClose = "\">";

/// A literal to take out: bytes [begin, end) of the text, from the `d` of
/// `dense<"0x` to the `>` after the closing quote.
struct Span {
  std::size_t begin, end;
};

int hexValue(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/// First pass: where the literals of at least `minBytes` bytes are. Fed the
/// text in pieces of any size.
class SpanFinder {
public:
  explicit SpanFinder(std::size_t minBytes) : minHex(2 * minBytes) {}

  void feed(const char *p, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i, ++pos) {
      char c = p[i];
      switch (state) {
      case State::Text:
        if (c == kOpen[matched]) {
          if (++matched == kOpen.size()) {
            state = State::Hex;
            begin = pos + 1 - kOpen.size();
            hexDigits = 0;
            matched = 0;
          }
        } else {
          matched = c == kOpen[0] ? 1 : 0;
        }
        break;
      case State::Hex: {
        std::size_t j = i;
        while (j < n && hexValue(p[j]) >= 0)
          ++j;
        hexDigits += j - i;
        pos += j - i;
        i = j;
        if (i == n) {
          --i, --pos; // the loop's increment; continue with the next piece
          break;
        }
        state = p[i] == '"' ? State::Quote : State::Text;
        break;
      }
      case State::Quote:
        if (c == '>' && hexDigits >= minHex && hexDigits % 2 == 0)
          spans.push_back({begin, pos + 1});
        state = State::Text;
        matched = c == kOpen[0] ? 1 : 0;
        break;
      }
    }
  }

  std::vector<Span> spans;

private:
  enum class State { Text, Hex, Quote };
  State state = State::Text;
  std::size_t minHex, pos = 0, begin = 0, hexDigits = 0, matched = 0;
};

std::atomic<unsigned long> nextConstant{0};

/// Registry of the bytes handed out, by address, for sharedConstantBytes.
std::mutex registryMutex;
std::map<const void *, std::weak_ptr<char>> &registry() {
  static auto *map = new std::map<const void *, std::weak_ptr<char>>();
  return *map;
}

ConstantBytes allocateBytes(std::size_t size) {
  std::size_t rounded = (size + 63) / 64 * 64;
  char *raw = static_cast<char *>(std::aligned_alloc(64, rounded ? rounded : 64));
  if (!raw)
    throw std::runtime_error("out of memory for a constant of " +
                             std::to_string(size) + " bytes");
  ConstantBytes bytes;
  bytes.data = std::shared_ptr<char>(raw, [](char *p) {
    {
      std::lock_guard<std::mutex> lock(registryMutex);
      registry().erase(p);
    }
    std::free(p);
  });
  bytes.size = size;
  std::lock_guard<std::mutex> lock(registryMutex);
  registry()[raw] = bytes.data;
  return bytes;
}

/// Second pass: the text without the spans, and the spans' bytes.
class Extractor {
public:
  Extractor(std::vector<Span> spans, TextProgram &out)
      : spans(std::move(spans)), out(out) {}

  void feed(const char *p, std::size_t n) {
    std::size_t i = 0;
    while (i < n) {
      if (next >= spans.size() || pos + (n - i) <= spans[next].begin) {
        out.text.append(p + i, n - i);
        pos += n - i;
        return;
      }
      const Span &span = spans[next];
      if (pos < span.begin) {
        std::size_t k = span.begin - pos;
        out.text.append(p + i, k);
        i += k, pos += k;
        continue;
      }
      if (pos == span.begin)
        startSpan(span);
      // Inside the span: prefix, hex digits, then the closing `">`.
      std::size_t hexBegin = span.begin + kOpen.size();
      std::size_t hexEnd = span.end - kClose.size();
      std::size_t k = std::min(n - i, span.end - pos);
      for (std::size_t j = 0; j < k; ++j) {
        std::size_t at = pos + j;
        if (at < hexBegin || at >= hexEnd)
          continue;
        int v = hexValue(p[i + j]);
        if (high < 0) {
          high = v;
        } else {
          current.data.get()[written++] = static_cast<char>(high * 16 + v);
          high = -1;
        }
      }
      i += k, pos += k;
      if (pos == span.end) {
        out.constants.back().second = std::move(current);
        ++next;
      }
    }
  }

private:
  void startSpan(const Span &span) {
    std::size_t bytes = (span.end - span.begin - kOpen.size() - kClose.size()) / 2;
    current = allocateBytes(bytes);
    written = 0;
    high = -1;
    std::string name =
        "jx_constant_" + std::to_string(nextConstant.fetch_add(1));
    out.text += "dense_resource<" + name + ">";
    out.constants.emplace_back(name, ConstantBytes{});
  }

  std::vector<Span> spans;
  TextProgram &out;
  std::size_t next = 0, pos = 0, written = 0;
  int high = -1;
  ConstantBytes current;
};

/// Feeds the file at `path` to `sink` in pieces.
template <typename Sink>
void readInPieces(const std::string &path, Sink &sink) {
  std::FILE *file = std::fopen(path.c_str(), "rb");
  if (!file)
    throw std::runtime_error("cannot open " + path + ": " +
                             std::strerror(errno));
  std::vector<char> piece(std::size_t(8) << 20);
  std::size_t n;
  while ((n = std::fread(piece.data(), 1, piece.size(), file)) > 0)
    sink.feed(piece.data(), n);
  bool failed = std::ferror(file);
  std::fclose(file);
  if (failed)
    throw std::runtime_error("cannot read " + path);
}

/// A dense_resource of `type` over `bytes`, which the blob keeps alive.
DenseResourceElementsAttr resourceOver(ShapedType type, llvm::StringRef name,
                                       const ConstantBytes &bytes) {
  std::shared_ptr<char> owner = bytes.data;
  AsmResourceBlob blob(
      llvm::ArrayRef<char>(bytes.data.get(), bytes.size), /*dataAlignment=*/64,
      [owner](void *, std::size_t, std::size_t) mutable { owner.reset(); },
      /*dataIsMutable=*/false);
  return DenseResourceElementsAttr::get(type, name, std::move(blob));
}
} // namespace

TextProgram readTextProgram(const std::string &path, std::size_t minBytes) {
  SpanFinder finder(minBytes);
  readInPieces(path, finder);
  TextProgram program;
  if (finder.spans.empty()) {
    // Nothing to take out: the text as it is.
    struct Copy {
      std::string &text;
      void feed(const char *p, std::size_t n) { text.append(p, n); }
    } copy{program.text};
    readInPieces(path, copy);
    return program;
  }
  Extractor extractor(std::move(finder.spans), program);
  readInPieces(path, extractor);
  return program;
}

TextProgram extractLargeConstants(llvm::StringRef text, std::size_t minBytes) {
  SpanFinder finder(minBytes);
  finder.feed(text.data(), text.size());
  TextProgram program;
  if (finder.spans.empty()) {
    program.text = text.str();
    return program;
  }
  Extractor extractor(std::move(finder.spans), program);
  extractor.feed(text.data(), text.size());
  return program;
}

LogicalResult
attachLargeConstants(ModuleOp module,
                     std::vector<std::pair<std::string, ConstantBytes>> &constants) {
  if (constants.empty())
    return success();
  llvm::StringMap<ConstantBytes *> byName;
  for (auto &[name, bytes] : constants)
    byName[name] = &bytes;
  Operation *current = nullptr;
  bool failed = false;
  AttrTypeReplacer replacer;
  replacer.addReplacement(
      [&](DenseResourceElementsAttr attr) -> std::optional<Attribute> {
        auto it = byName.find(attr.getRawHandle().getKey());
        if (it == byName.end())
          return std::nullopt;
        ConstantBytes &bytes = *it->second;
        ShapedType type = attr.getType();
        llvm::ArrayRef<char> data(bytes.data.get(), bytes.size);
        std::optional<std::size_t> expected = storedByteSize(type);
        if (expected && *expected == bytes.size)
          return resourceOver(type, it->getKey(), bytes);
        // Elements that are not whole bytes (i1) keep MLIR's own layout.
        bool splat = false;
        if (DenseElementsAttr::isValidRawBuffer(type, data, splat))
          return DenseElementsAttr::getFromRawBuffer(type, data);
        failed = true;
        emitError(current ? current->getLoc() : module.getLoc())
            << "the hex literal holds " << bytes.size << " bytes, which do "
            << "not fill " << type;
        return std::nullopt;
      });
  module->walk([&](Operation *op) {
    current = op;
    replacer.replaceElementsIn(op, /*replaceAttrs=*/true, /*replaceLocs=*/false,
                               /*replaceTypes=*/false);
  });
  // The module holds the bytes now; the placeholders' names are spent.
  constants.clear();
  return failure(failed);
}

ConstantBytes copyConstantBytes(llvm::ArrayRef<char> data) {
  ConstantBytes bytes = allocateBytes(data.size());
  std::memcpy(bytes.data.get(), data.data(), data.size());
  return bytes;
}

void holdLargeConstantsApart(ModuleOp module, std::size_t minBytes) {
  AttrTypeReplacer replacer;
  replacer.addReplacement(
      [&](DenseElementsAttr attr) -> std::optional<Attribute> {
        std::optional<llvm::ArrayRef<char>> raw = storedBytes(attr);
        if (!raw || raw->size() < minBytes)
          return std::nullopt;
        return resourceOver(attr.getType(),
                            "jx_constant_" +
                                std::to_string(nextConstant.fetch_add(1)),
                            copyConstantBytes(*raw));
      });
  replacer.recursivelyReplaceElementsIn(module, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/false,
                                        /*replaceTypes=*/false);
}

std::shared_ptr<const char> sharedConstantBytes(const void *data) {
  std::lock_guard<std::mutex> lock(registryMutex);
  auto it = registry().find(data);
  if (it == registry().end())
    return nullptr;
  return it->second.lock();
}

} // namespace jx::compiler
