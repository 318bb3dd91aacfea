//===- BytecodeCheck.cpp - structural check of MLIR bytecode --------------===//
//
// See BytecodeCheck.h. The walk follows mlir/docs/BytecodeFormat.md and the
// order in which MLIR's reader consumes a file; the comments name the reader
// hazard each check stands in front of. Nothing here allocates in proportion
// to a count read from the file before that count has been checked against
// the bytes that remain (a table entry, block, op or value takes a byte at
// least), and the IR walk uses an explicit stack, not recursion.
//
//===----------------------------------------------------------------------===//

#include "jx/Dialect/VHLO/BytecodeCheck.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/MathExtras.h"

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <vector>

namespace jx::vhlo {
namespace {

// The encoding constants of mlir/Bytecode/Encoding.h (not included: that
// header pulls in MLIR's IR headers).
enum Version : uint64_t {
  kDialectVersioning = 1,
  kLazyLoading = 2,
  kUseListOrdering = 3,
  kElideUnknownBlockArgLocation = 4,
  kNativePropertiesEncoding = 5,
  kLatestVersion = 6,
};

enum SectionID : unsigned {
  kString = 0,
  kDialect = 1,
  kAttrType = 2,
  kAttrTypeOffset = 3,
  kIR = 4,
  kResource = 5,
  kResourceOffset = 6,
  kDialectVersions = 7,
  kProperties = 8,
  kNumSections = 9,
};

enum OpMask : uint8_t {
  kHasAttrs = 0x01,
  kHasResults = 0x02,
  kHasOperands = 0x04,
  kHasSuccessors = 0x08,
  kHasInlineRegions = 0x10,
  kHasUseListOrders = 0x20,
  kHasProperties = 0x40,
};

constexpr uint8_t kAlignmentByte = 0xCB;

/// The largest alignment accepted for a section or a resource blob. The
/// writer only aligns for resource blobs (typically 8 to 64 bytes); MLIR
/// truncates alignments to 32 bits and allocates blobs with them.
constexpr uint64_t kMaxAlignment = uint64_t(1) << 16;

/// AsmResourceEntryKind: Blob, Bool, String.
constexpr uint8_t kNumResourceKinds = 3;

const char *sectionWhere(unsigned id) {
  static const char *const names[kNumSections] = {
      "String section",         "Dialect section",  "AttrType section",
      "AttrTypeOffset section", "IR section",       "Resource section",
      "ResourceOffset section", "DialectVersions section",
      "Properties section"};
  return id < kNumSections ? names[id] : "section";
}

//===----------------------------------------------------------------------===//
// Reader: a cursor over a range of the buffer; offsets in errors are from the
// start of the whole buffer.
//===----------------------------------------------------------------------===//

class Reader {
public:
  Reader() = default;
  Reader(std::string *err, const uint8_t *base, const uint8_t *begin,
         const uint8_t *end, const char *where)
      : err(err), base(base), cur(begin), end(end), at(begin), where(where) {}

  uint64_t size() const { return uint64_t(end - cur); }
  bool empty() const { return cur == end; }
  const uint8_t *pos() const { return cur; }
  const uint8_t *baseptr() const { return base; }
  const char *name() const { return where; }

  /// Fails at the start of the field read last.
  bool fail(const llvm::Twine &msg) { return failAt(at, msg); }
  bool failAt(const uint8_t *p, const llvm::Twine &msg) {
    if (err->empty())
      *err = (llvm::Twine(where) + ", byte " + llvm::Twine(uint64_t(p - base)) +
              ": " + msg)
                 .str();
    return false;
  }

  bool byte(uint8_t &v, const char *what) {
    at = cur;
    if (cur == end)
      return fail(llvm::Twine("truncated: expected ") + what);
    v = *cur++;
    return true;
  }

  /// A PrefixVarInt: the count of trailing zero bits of the first byte is the
  /// number of further bytes (a zero first byte: 8 further bytes, the value
  /// verbatim).
  bool varint(uint64_t &v, const char *what) {
    at = cur;
    if (cur == end)
      return fail(llvm::Twine("truncated: expected ") + what);
    uint8_t first = *cur;
    unsigned extra = first == 0 ? 8 : llvm::countr_zero(first);
    if (size() < 1 + uint64_t(extra))
      return fail(llvm::Twine("truncated varint (") + what + ")");
    if (extra == 8) {
      v = 0;
      for (unsigned i = 0; i < 8; ++i)
        v |= uint64_t(cur[1 + i]) << (8 * i);
    } else {
      uint64_t raw = 0;
      for (unsigned i = 0; i <= extra; ++i)
        raw |= uint64_t(cur[i]) << (8 * i);
      v = raw >> (extra + 1);
    }
    cur += 1 + extra;
    return true;
  }

  bool flagged(uint64_t &v, bool &flag, const char *what) {
    if (!varint(v, what))
      return false;
    flag = v & 1;
    v >>= 1;
    return true;
  }

  /// A count of items each taking at least `bytesEach` of the bytes that
  /// remain in this reader.
  bool count(uint64_t &n, const char *what, uint64_t bytesEach = 1) {
    if (!varint(n, what))
      return false;
    if (n > size() / bytesEach)
      return fail(llvm::Twine(what) + " " + llvm::Twine(n) + " exceeds the " +
                  llvm::Twine(size()) + " bytes that remain");
    return true;
  }

  /// An index into a table of `limit` entries.
  bool index(uint64_t &i, uint64_t limit, const char *what) {
    if (!varint(i, what))
      return false;
    if (i >= limit)
      return fail(llvm::Twine(what) + " index " + llvm::Twine(i) +
                  " out of range (" + llvm::Twine(limit) + " entries)");
    return true;
  }

  bool skip(uint64_t n, const char *what) {
    at = cur;
    if (n > size())
      return fail(llvm::Twine(what) + " of " + llvm::Twine(n) +
                  " bytes exceeds the " + llvm::Twine(size()) +
                  " bytes that remain");
    cur += n;
    return true;
  }

  /// A sub-reader over the next `n` bytes (which are skipped here).
  bool sub(uint64_t n, const char *what, const char *subWhere, Reader &out) {
    const uint8_t *start = cur;
    if (!skip(n, what))
      return false;
    out = Reader(err, base, start, cur, subWhere);
    return true;
  }

  /// Alignment padding (0xCB bytes) up to a multiple of `alignment` from the
  /// start of the buffer.
  bool alignTo(uint64_t alignment) {
    while (uint64_t(cur - base) & (alignment - 1)) {
      at = cur;
      if (cur == end)
        return fail("truncated alignment padding");
      if (*cur != kAlignmentByte)
        return fail("expected alignment padding byte 0xCB, got 0x" +
                    llvm::utohexstr(*cur));
      ++cur;
    }
    return true;
  }

  bool checkAlignment(uint64_t alignment, const char *what) {
    if (alignment == 0 || !llvm::isPowerOf2_64(alignment) ||
        alignment > kMaxAlignment)
      return fail(llvm::Twine(what) + " " + llvm::Twine(alignment) +
                  " is not a power of two at most " +
                  llvm::Twine(kMaxAlignment));
    return true;
  }

private:
  std::string *err = nullptr;
  const uint8_t *base = nullptr, *cur = nullptr, *end = nullptr;
  const uint8_t *at = nullptr;
  const char *where = "";
};

//===----------------------------------------------------------------------===//
// Checker
//===----------------------------------------------------------------------===//

/// What the check knows of a type entry.
struct TypeInfo {
  enum Kind : uint8_t {
    Pending,        // not decoded yet
    Foreign,        // another dialect's type: not decoded
    UnknownBuiltin, // a builtin type in assembly form not recognized
    Integer,
    Index,
    Float,
    Complex,
    None,
    Function,
    Tuple,
    RankedTensor,
    UnrankedTensor,
    Vector,
    MemRef,
    UnrankedMemRef,
  };
  Kind kind = Pending;
  bool busy = false;
  bool staticShape = true;
  uint64_t width = 0;       // Integer, Float (bits); Index: 64
  uint64_t elem = 0;        // Complex and shaped types: the element type
  uint64_t numElements = 1; // ranked shaped types with a static shape
};

class Checker {
public:
  explicit Checker(llvm::StringRef bytes)
      : base(reinterpret_cast<const uint8_t *>(bytes.data())),
        end(base + bytes.size()) {}

  std::string run() {
    (void)checkFile();
    return err;
  }

private:
  bool checkFile();
  bool parseSection(Reader &r, unsigned &id, Reader &out);
  bool checkStrings(Reader r);
  bool checkProperties(Reader r);
  bool checkDialects(Reader r);
  bool checkAttrTypeOffsets(Reader r, uint64_t attrTypeSize,
                            const uint8_t *attrTypeData);
  bool checkResources(Reader data, Reader offsets);
  bool checkResourceGroup(Reader &data, Reader &offsets, uint64_t &n);
  bool checkIR(Reader r);

  // Payloads of the builtin dialect's attributes and types (see
  // checkBuiltinEntries).
  struct Entry {
    uint64_t offset, size, dialect;
    bool custom;
  };
  bool checkBuiltinEntries();
  bool isBuiltin(uint64_t dialect) const {
    return strings[dialectNames[dialect]] == "builtin";
  }
  Reader entryReader(const Entry &e) {
    return Reader(&err, base, attrTypeData + e.offset,
                  attrTypeData + e.offset + e.size, "AttrType section");
  }
  bool typeInfo(Reader &r, uint64_t index, unsigned depth,
                const TypeInfo *&out);
  bool decodeBuiltinType(Reader &r, TypeInfo &t, unsigned depth);
  bool decodeShape(Reader &r, TypeInfo &t, bool allowDynamic,
                   uint64_t *rankOut = nullptr);
  bool decodeElement(Reader &r, TypeInfo &t, unsigned depth);
  bool decodeBuiltinAttr(Reader &r, bool &stopped);
  bool apint(Reader &r, uint64_t width);

  // IR walk state.
  struct RegionState {
    Reader own;           // the section of an isolated op's regions (v >= 2)
    Reader *r = nullptr;  // `own`, or the reader of the parent region
    uint64_t regionsLeft = 0;
    bool isolated = false;
    bool topLevel = false;
    bool inRegion = false;
    const uint8_t *regionAt = nullptr;
    uint64_t numBlocks = 0, blocksLeft = 0, opsLeft = 0;
    uint64_t numValues = 0, base = 0, nextValue = 0, defined = 0;
  };
  /// A scope of value numbers: the values of an isolated region and of the
  /// regions nested in it that are not isolated. `size` mirrors the size of
  /// the reader's value table; `slots` holds the entries touched so far
  /// (sparse: the declared sizes are only trusted once a region ends).
  struct Scope {
    uint64_t size = 0;
    std::map<uint64_t, uint64_t> slots;
  };
  struct UseListOrder {
    uint64_t value, numIndices, maxIndex;
    bool pairs;
    const uint8_t *at;
    const char *where;
  };

  bool blockHeader(RegionState &s);
  bool op(RegionState &s);
  bool useListOrders(Reader &r, uint64_t rangeSize, uint64_t firstValue,
                     bool isBlock);
  bool useValue(Reader &r, uint64_t slot);
  bool defineValues(Reader &r, RegionState &s, uint64_t first, uint64_t n);
  uint64_t newValues(uint64_t n) {
    uint64_t first = uses.size();
    uses.resize(first + n, 0);
    forward.resize(first + n, 0);
    return first;
  }

  std::string err;
  const uint8_t *base, *end;
  uint64_t version = 0;
  uint64_t numStrings = 0, numDialects = 0, numOpNames = 0, numAttrs = 0,
           numTypes = 0, numProperties = 0;
  /// Per op name: registered when written (version >= 5; else unknown).
  std::vector<uint8_t> opNameRegistered;
  std::vector<llvm::StringRef> strings;
  std::vector<uint64_t> dialectNames; // string indices
  std::vector<Entry> attrEntries, typeEntries;
  std::vector<TypeInfo> types;
  const uint8_t *attrTypeData = nullptr;
  /// Resources declared by dialects: what resource handles index.
  uint64_t numDialectResources = 0;

  /// The regions being read, innermost last (a deque: a region's reader
  /// stays in place while nested regions are pushed).
  std::deque<RegionState> stack;
  std::vector<Scope> scopes;
  std::vector<uint64_t> uses;   // per value: its uses
  std::vector<uint8_t> forward; // per value: an unresolved forward reference
  std::vector<std::pair<uint64_t, const uint8_t *>> forwardRefs;
  uint64_t unresolved = 0;
  std::vector<UseListOrder> orders;
};

bool Checker::parseSection(Reader &r, unsigned &id, Reader &out) {
  const uint8_t *start = r.pos();
  uint8_t idAndAligned;
  uint64_t length;
  if (!r.byte(idAndAligned, "section id") || !r.varint(length, "section length"))
    return false;
  id = idAndAligned & 0x7f;
  if (id >= kNumSections)
    return r.failAt(start, "invalid section id " + llvm::Twine(id));
  if (idAndAligned & 0x80) {
    uint64_t alignment;
    if (!r.varint(alignment, "section alignment") ||
        !r.checkAlignment(alignment, "section alignment") ||
        !r.alignTo(alignment))
      return false;
  }
  if (length > r.size())
    return r.failAt(start, llvm::Twine(sectionWhere(id)) + " of " +
                               llvm::Twine(length) + " bytes exceeds the " +
                               llvm::Twine(r.size()) + " bytes that remain");
  return r.sub(length, "section", sectionWhere(id), out);
}

bool Checker::checkFile() {
  Reader r(&err, base, base, end, "header");
  if (r.size() < 4 || memcmp(base, "ML\xefR", 4) != 0)
    return r.failAt(base, "not MLIR bytecode (no 'ML\\xefR' magic number)");
  (void)r.skip(4, "magic");
  if (!r.varint(version, "bytecode version"))
    return false;
  if (version > kLatestVersion)
    return r.fail("bytecode version " + llvm::Twine(version) +
                  " is newer than the newest version read (" +
                  llvm::Twine(uint64_t(kLatestVersion)) + ")");
  const uint8_t *producer = r.pos();
  const void *nul = memchr(producer, 0, r.size());
  if (!nul)
    return r.failAt(producer, "the producer string has no NUL terminator");
  (void)r.skip(static_cast<const uint8_t *>(nul) - producer + 1, "producer");

  std::optional<Reader> sections[kNumSections];
  while (!r.empty()) {
    const uint8_t *start = r.pos();
    unsigned id;
    Reader data;
    if (!parseSection(r, id, data))
      return false;
    if (sections[id])
      return r.failAt(start, llvm::Twine("duplicate ") + sectionWhere(id));
    sections[id] = data;
  }
  for (unsigned id : {kString, kDialect, kAttrType, kAttrTypeOffset, kIR})
    if (!sections[id])
      return r.failAt(end, llvm::Twine("missing ") + sectionWhere(id));
  if (version >= kNativePropertiesEncoding && !sections[kProperties])
    return r.failAt(end, "missing Properties section (required from "
                         "bytecode version 5)");
  if (sections[kResource].has_value() != sections[kResourceOffset].has_value())
    return r.failAt(end, sections[kResource]
                             ? "Resource section without ResourceOffset section"
                             : "ResourceOffset section without Resource section");

  // In the reader's order: strings, properties, dialects, resources,
  // attributes and types, IR.
  if (!checkStrings(*sections[kString]))
    return false;
  if (sections[kProperties] && !checkProperties(*sections[kProperties]))
    return false;
  if (!checkDialects(*sections[kDialect]))
    return false;
  if (sections[kResource] &&
      !checkResources(*sections[kResource], *sections[kResourceOffset]))
    return false;
  if (!checkAttrTypeOffsets(*sections[kAttrTypeOffset],
                            sections[kAttrType]->size(),
                            sections[kAttrType]->pos()) ||
      !checkBuiltinEntries())
    return false;
  return checkIR(*sections[kIR]);
}

// strings { numStrings, reverseStringLengths[], stringData }: each string
// carries its NUL (a length of 0 would make the reader build a StringRef of
// length SIZE_MAX); the lengths end exactly where the data begins.
bool Checker::checkStrings(Reader r) {
  const uint8_t *data = r.pos();
  uint64_t total = r.size();
  // A string takes a length byte and its NUL at least.
  if (!r.count(numStrings, "string count", 2))
    return false;
  uint64_t dataEnd = total;
  strings.resize(numStrings);
  for (uint64_t i = 0; i < numStrings; ++i) {
    uint64_t length;
    if (!r.varint(length, "string length"))
      return false;
    if (length == 0)
      return r.fail("string of length 0 (no room for its NUL terminator)");
    if (length > dataEnd)
      return r.fail("string length " + llvm::Twine(length) +
                    " exceeds the data of the section");
    dataEnd -= length;
    if (data[dataEnd + length - 1] != 0)
      return r.failAt(data + dataEnd + length - 1,
                      "string is not NUL-terminated");
    strings[numStrings - 1 - i] = llvm::StringRef(
        reinterpret_cast<const char *>(data + dataEnd), length - 1);
  }
  uint64_t lengthsEnd = total - r.size();
  if (lengthsEnd != dataEnd)
    return r.failAt(data + std::min(lengthsEnd, dataEnd),
                    "the string lengths (" + llvm::Twine(lengthsEnd) +
                        " bytes) do not end where the string data (" +
                        llvm::Twine(total - dataEnd) + " bytes) begins");
  return true;
}

// properties { count, (size, bytes)[] }, exhausting the section; an empty
// section holds no entries.
bool Checker::checkProperties(Reader r) {
  if (r.empty())
    return true;
  if (!r.count(numProperties, "properties count"))
    return false;
  for (uint64_t i = 0; i < numProperties; ++i) {
    uint64_t size;
    if (!r.varint(size, "properties entry size") ||
        !r.skip(size, "properties entry"))
      return false;
  }
  if (!r.empty())
    return r.failAt(r.pos(), "trailing data after the " +
                                 llvm::Twine(numProperties) +
                                 " properties entries");
  return true;
}

// dialect_section { numDialects, dialect_name_group[], [numOpNames (v4+)],
//                   dialect_ops_group[] }
bool Checker::checkDialects(Reader r) {
  if (!r.count(numDialects, "dialect count"))
    return false;
  for (uint64_t i = 0; i < numDialects; ++i) {
    uint64_t name;
    if (version < kDialectVersioning) {
      if (!r.index(name, numStrings, "dialect name string"))
        return false;
      dialectNames.push_back(name);
      continue;
    }
    bool versioned;
    if (!r.flagged(name, versioned, "dialect name"))
      return false;
    if (name >= numStrings)
      return r.fail("dialect name string index " + llvm::Twine(name) +
                    " out of range (" + llvm::Twine(numStrings) + " strings)");
    dialectNames.push_back(name);
    if (versioned) {
      const uint8_t *start = r.pos();
      unsigned id;
      Reader versionData;
      if (!parseSection(r, id, versionData))
        return false;
      if (id != kDialectVersions)
        return r.failAt(start, llvm::Twine("expected a dialect version "
                                           "section, got a ") +
                                   sectionWhere(id));
    }
  }

  std::optional<uint64_t> declaredOpNames;
  if (version >= kElideUnknownBlockArgLocation) {
    uint64_t n;
    if (!r.count(n, "op name count"))
      return false;
    declaredOpNames = n;
  }
  const uint8_t *opNamesAt = r.pos();
  while (!r.empty()) {
    uint64_t dialect, n;
    if (!r.index(dialect, numDialects, "op name group dialect") ||
        !r.count(n, "op name group size"))
      return false;
    for (uint64_t i = 0; i < n; ++i) {
      uint64_t name;
      bool registered = false;
      if (version < kNativePropertiesEncoding) {
        if (!r.index(name, numStrings, "op name string"))
          return false;
      } else {
        if (!r.flagged(name, registered, "op name"))
          return false;
        if (name >= numStrings)
          return r.fail("op name string index " + llvm::Twine(name) +
                        " out of range (" + llvm::Twine(numStrings) +
                        " strings)");
      }
      opNameRegistered.push_back(registered);
    }
  }
  numOpNames = opNameRegistered.size();
  if (declaredOpNames && *declaredOpNames != numOpNames)
    return r.failAt(opNamesAt, "the section declares " +
                                   llvm::Twine(*declaredOpNames) +
                                   " op names but lists " +
                                   llvm::Twine(numOpNames));
  return true;
}

// attr_type_offset_section { numAttrs, numTypes, attr_type_offset_group[] }
// with groups { dialect, numElements, (size << 1 | custom)[] }: the groups
// must not overrun the declared counts (the reader writes entries by
// position without checking), and the sizes add up to the AttrType section.
bool Checker::checkAttrTypeOffsets(Reader r, uint64_t attrTypeSize,
                                   const uint8_t *attrTypeData_) {
  if (!r.count(numAttrs, "attribute count") ||
      !r.count(numTypes, "type count"))
    return false;
  if (numAttrs + numTypes > r.size())
    return r.fail(llvm::Twine(numAttrs) + " attributes and " +
                  llvm::Twine(numTypes) + " types exceed the " +
                  llvm::Twine(r.size()) + " bytes that remain");
  attrTypeData = attrTypeData_;
  uint64_t offset = 0;
  for (int kind = 0; kind < 2; ++kind) {
    uint64_t total = kind ? numTypes : numAttrs;
    std::vector<Entry> &entries = kind ? typeEntries : attrEntries;
    uint64_t done = 0;
    while (done < total) {
      uint64_t dialect, n;
      if (!r.index(dialect, numDialects, "attribute/type group dialect") ||
          !r.varint(n, "attribute/type group size"))
        return false;
      if (n > total - done)
        return r.fail("attribute/type group of " + llvm::Twine(n) +
                      " entries overruns the declared count (" +
                      llvm::Twine(total - done) + " left)");
      for (uint64_t i = 0; i < n; ++i) {
        uint64_t size;
        bool custom;
        if (!r.flagged(size, custom, "attribute/type entry size"))
          return false;
        if (size > attrTypeSize - offset)
          return r.fail("attribute/type entry of " + llvm::Twine(size) +
                        " bytes at offset " + llvm::Twine(offset) +
                        " runs past the AttrType section (" +
                        llvm::Twine(attrTypeSize) + " bytes)");
        // Entries in the assembly format are NUL-terminated text.
        if (!custom && (size == 0 || attrTypeData[offset + size - 1] != 0))
          return r.fail("attribute/type entry in assembly format is not "
                        "NUL-terminated");
        entries.push_back({offset, size, dialect, custom});
        offset += size;
      }
      done += n;
    }
  }
  if (!r.empty())
    return r.failAt(r.pos(), "trailing data after the attribute/type offsets");
  if (offset != attrTypeSize)
    return r.failAt(r.pos(), "the attribute/type entries cover " +
                                 llvm::Twine(offset) + " of the " +
                                 llvm::Twine(attrTypeSize) +
                                 " bytes of the AttrType section");
  return true;
}

// resource_offset_section { numExternalResourceGroups, groups[] }: external
// groups keyed by a string, then dialect groups keyed by a dialect until the
// section ends; each group { numResources, (key, size, kind)[] } slices the
// Resource section in order.
bool Checker::checkResources(Reader data, Reader offsets) {
  uint64_t numExternal;
  if (!offsets.count(numExternal, "external resource group count", 2))
    return false;
  for (uint64_t i = 0; i < numExternal; ++i) {
    uint64_t key;
    uint64_t n;
    if (!offsets.index(key, numStrings, "resource group key string") ||
        !checkResourceGroup(data, offsets, n))
      return false;
  }
  while (!offsets.empty()) {
    uint64_t dialect, n;
    if (!offsets.index(dialect, numDialects, "resource group dialect") ||
        !checkResourceGroup(data, offsets, n))
      return false;
    numDialectResources += n;
  }
  if (!data.empty())
    return data.failAt(data.pos(), "trailing data after the resources the "
                                   "ResourceOffset section lists");
  return true;
}

bool Checker::checkResourceGroup(Reader &data, Reader &offsets,
                                 uint64_t &n) {
  // key, size and kind: three bytes at least.
  if (!offsets.count(n, "resource count", 3))
    return false;
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t key, size;
    uint8_t kind;
    if (!offsets.index(key, numStrings, "resource key string") ||
        !offsets.varint(size, "resource size") ||
        !offsets.byte(kind, "resource kind"))
      return false;
    if (kind >= kNumResourceKinds)
      return offsets.fail("unknown resource kind " +
                          llvm::Twine(unsigned(kind)));
    Reader entry;
    if (!data.sub(size, "resource entry", "Resource section", entry))
      return false;
    if (entry.empty()) // A declaration without data.
      continue;
    switch (kind) {
    case 0: { // blob { alignment, size, padding, bytes }
      uint64_t alignment, blobSize;
      if (!entry.varint(alignment, "resource blob alignment") ||
          !entry.checkAlignment(alignment, "resource blob alignment") ||
          !entry.varint(blobSize, "resource blob size") ||
          !entry.alignTo(alignment) ||
          !entry.skip(blobSize, "resource blob"))
        return false;
      break;
    }
    case 1: { // bool
      uint8_t b;
      if (!entry.byte(b, "resource bool"))
        return false;
      break;
    }
    default: { // string
      uint64_t s;
      if (!entry.index(s, numStrings, "resource string"))
        return false;
      break;
    }
    }
    if (!entry.empty())
      return entry.failAt(entry.pos(), "trailing data in a resource entry");
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Builtin attributes and types
//
// Entries of other dialects are decoded by those dialects; the builtin
// dialect is part of every file, its encoding is fixed (BuiltinDialectBytecode
// .td: a varint code, then the fields), and MLIR builds builtin attributes and
// types from it with the unchecked `get`. So the check walks builtin entries
// too: list counts (the reader reserves them), table indices, widths of
// integers and floats, and the consistency MLIR relies on without checking
// (dense element data that matches its type, shapes without negative sizes,
// element types a tensor, vector or complex number may have).
//===----------------------------------------------------------------------===//

/// The deepest nesting of builtin types (a tensor of complex numbers is 2).
constexpr unsigned kMaxTypeDepth = 256;
/// IntegerType::kMaxWidth.
constexpr uint64_t kMaxIntegerWidth = (uint64_t(1) << 24) - 1;
/// ShapedType::kDynamic, as it is written (a signed varint).
constexpr int64_t kDynamicSize = INT64_MIN;

bool signedVarint(Reader &r, int64_t &v, const char *what) {
  uint64_t u;
  if (!r.varint(u, what))
    return false;
  v = static_cast<int64_t>((u >> 1) ^ (~(u & 1) + 1));
  return true;
}

/// The width in bits of a builtin float or integer type in assembly form
/// ("f8E5M2", "tf32", "si7"); 0 when not recognized.
TypeInfo::Kind classifyAsm(llvm::StringRef text, uint64_t &width);

bool Checker::checkBuiltinEntries() {
  types.assign(typeEntries.size(), TypeInfo());
  for (uint64_t i = 0; i < typeEntries.size(); ++i) {
    Reader r = entryReader(typeEntries[i]);
    const TypeInfo *info;
    if (!typeInfo(r, i, 0, info))
      return false;
  }
  for (const Entry &e : attrEntries) {
    if (!e.custom || !isBuiltin(e.dialect))
      continue;
    Reader r = entryReader(e);
    bool stopped = false;
    if (!decodeBuiltinAttr(r, stopped))
      return false;
    if (!stopped && !r.empty())
      return r.failAt(r.pos(), "trailing bytes in a builtin attribute");
  }
  return true;
}

bool Checker::typeInfo(Reader &r, uint64_t index, unsigned depth,
                       const TypeInfo *&out) {
  TypeInfo &t = types[index];
  out = &t;
  if (t.kind != TypeInfo::Pending)
    return true;
  if (t.busy)
    return r.fail("circular reference between builtin types");
  if (depth > kMaxTypeDepth)
    return r.fail("builtin types nested too deeply (more than " +
                  llvm::Twine(kMaxTypeDepth) + " levels)");
  const Entry &e = typeEntries[index];
  if (!isBuiltin(e.dialect)) {
    t.kind = TypeInfo::Foreign;
    return true;
  }
  if (!e.custom) {
    llvm::StringRef text(reinterpret_cast<const char *>(attrTypeData) +
                             e.offset,
                         e.size - 1);
    t.kind = classifyAsm(text, t.width);
    return true;
  }
  Reader entry = entryReader(e);
  t.busy = true;
  bool ok = decodeBuiltinType(entry, t, depth);
  t.busy = false;
  if (!ok)
    return false;
  if (!entry.empty())
    return entry.failAt(entry.pos(), "trailing bytes in a builtin type");
  return true;
}

TypeInfo::Kind classifyAsm(llvm::StringRef text, uint64_t &width) {
  if (text == "index") {
    width = 64;
    return TypeInfo::Index;
  }
  if (text == "none")
    return TypeInfo::None;
  if (text == "bf16") {
    width = 16;
    return TypeInfo::Float;
  }
  if (text == "tf32") {
    width = 19;
    return TypeInfo::Float;
  }
  llvm::StringRef digits = text;
  TypeInfo::Kind kind = TypeInfo::Float;
  if (digits.consume_front("si") || digits.consume_front("ui") ||
      digits.consume_front("i"))
    kind = TypeInfo::Integer;
  else if (!digits.consume_front("f"))
    return TypeInfo::UnknownBuiltin;
  // "f8E5M2": the width is the leading number.
  llvm::StringRef number = digits.take_while(llvm::isDigit);
  if (number.empty() || number.getAsInteger(10, width) ||
      (kind == TypeInfo::Integer && number.size() != digits.size()))
    return TypeInfo::UnknownBuiltin;
  return kind;
}

// shape: svarint[]; a size is >= 0 or ShapedType::kDynamic.
bool Checker::decodeShape(Reader &r, TypeInfo &t, bool allowDynamic,
                          uint64_t *rankOut) {
  uint64_t rank;
  if (!r.count(rank, "shape rank"))
    return false;
  if (rankOut)
    *rankOut = rank;
  t.numElements = 1;
  t.staticShape = true;
  for (uint64_t i = 0; i < rank; ++i) {
    int64_t size;
    if (!signedVarint(r, size, "dimension size"))
      return false;
    if (size == kDynamicSize && allowDynamic) {
      t.staticShape = false;
      continue;
    }
    if (size < 0)
      return r.fail("negative dimension size " + llvm::Twine(size));
    if (size != 0 &&
        t.numElements > uint64_t(INT64_MAX) / uint64_t(size))
      return r.fail("the shape has more than 2^63 elements");
    t.numElements *= uint64_t(size);
  }
  return true;
}

// An element type, checked against what the container allows.
bool Checker::decodeElement(Reader &r, TypeInfo &t, unsigned depth) {
  uint64_t elem;
  const TypeInfo *e;
  if (!r.index(elem, numTypes, "element type") ||
      !typeInfo(r, elem, depth + 1, e))
    return false;
  t.elem = elem;
  bool ok = true;
  switch (t.kind) {
  case TypeInfo::Complex:
    ok = e->kind == TypeInfo::Integer || e->kind == TypeInfo::Float ||
         e->kind == TypeInfo::Foreign || e->kind == TypeInfo::UnknownBuiltin;
    break;
  case TypeInfo::Vector:
    ok = e->kind == TypeInfo::Integer || e->kind == TypeInfo::Float ||
         e->kind == TypeInfo::Index || e->kind == TypeInfo::UnknownBuiltin;
    break;
  case TypeInfo::RankedTensor:
  case TypeInfo::UnrankedTensor:
    ok = e->kind != TypeInfo::None && e->kind != TypeInfo::Function &&
         e->kind != TypeInfo::Tuple && e->kind != TypeInfo::RankedTensor &&
         e->kind != TypeInfo::UnrankedTensor && e->kind != TypeInfo::MemRef &&
         e->kind != TypeInfo::UnrankedMemRef;
    break;
  default: // memrefs
    ok = e->kind != TypeInfo::None && e->kind != TypeInfo::Function &&
         e->kind != TypeInfo::Tuple && e->kind != TypeInfo::RankedTensor &&
         e->kind != TypeInfo::UnrankedTensor;
    break;
  }
  if (!ok)
    return r.fail("element type " + llvm::Twine(elem) +
                  " is not allowed in this builtin type");
  return true;
}

bool Checker::decodeBuiltinType(Reader &r, TypeInfo &t, unsigned depth) {
  uint64_t code, x, n;
  if (!r.varint(code, "builtin type code"))
    return false;
  auto typeList = [&]() {
    if (!r.count(n, "type list size"))
      return false;
    for (uint64_t i = 0; i < n; ++i)
      if (!r.index(x, numTypes, "type"))
        return false;
    return true;
  };
  switch (code) {
  case 0: { // IntegerType { (width << 2) | signedness }
    if (!r.varint(x, "integer width"))
      return false;
    if ((x & 3) == 3)
      return r.fail("invalid integer signedness 3");
    if ((x >> 2) > kMaxIntegerWidth)
      return r.fail("integer width " + llvm::Twine(x >> 2) +
                    " exceeds the maximum " + llvm::Twine(kMaxIntegerWidth));
    t.kind = TypeInfo::Integer;
    t.width = x >> 2;
    return true;
  }
  case 1: // IndexType
    t.kind = TypeInfo::Index;
    t.width = 64;
    return true;
  case 2: // FunctionType { inputs: Type[], results: Type[] }
    t.kind = TypeInfo::Function;
    return typeList() && typeList();
  case 3: case 4: case 5: case 6: case 7: case 8: { // bf16 ... f128
    static const uint64_t widths[] = {16, 16, 32, 64, 80, 128};
    t.kind = TypeInfo::Float;
    t.width = widths[code - 3];
    return true;
  }
  case 9: // ComplexType { elementType }
    t.kind = TypeInfo::Complex;
    return decodeElement(r, t, depth);
  case 10: // MemRefType { shape, elementType, layout }
  case 11: // MemRefTypeWithMemSpace { memorySpace, shape, elementType, layout }
    t.kind = TypeInfo::MemRef;
    return (code == 10 || r.index(x, numAttrs, "memory space")) &&
           decodeShape(r, t, /*allowDynamic=*/true) &&
           decodeElement(r, t, depth) && r.index(x, numAttrs, "layout");
  case 12: // NoneType
    t.kind = TypeInfo::None;
    return true;
  case 13: // RankedTensorType { shape, elementType }
  case 14: // RankedTensorTypeWithEncoding { encoding, shape, elementType }
    t.kind = TypeInfo::RankedTensor;
    return (code == 13 || r.index(x, numAttrs, "tensor encoding")) &&
           decodeShape(r, t, /*allowDynamic=*/true) &&
           decodeElement(r, t, depth);
  case 15: // TupleType { types }
    t.kind = TypeInfo::Tuple;
    return typeList();
  case 16: // UnrankedMemRefType { elementType }
  case 17: // UnrankedMemRefTypeWithMemSpace { memorySpace, elementType }
    t.kind = TypeInfo::UnrankedMemRef;
    t.staticShape = false;
    return (code == 16 || r.index(x, numAttrs, "memory space")) &&
           decodeElement(r, t, depth);
  case 18: // UnrankedTensorType { elementType }
    t.kind = TypeInfo::UnrankedTensor;
    t.staticShape = false;
    return decodeElement(r, t, depth);
  case 19: // VectorType { shape, elementType }
    t.kind = TypeInfo::Vector;
    return decodeShape(r, t, /*allowDynamic=*/false) &&
           decodeElement(r, t, depth);
  case 20: { // VectorTypeWithScalableDims { scalableDims: bool[], shape, elementType }
    t.kind = TypeInfo::Vector;
    uint64_t numScalable;
    uint8_t b;
    if (!r.count(numScalable, "scalable dimension count"))
      return false;
    for (uint64_t i = 0; i < numScalable; ++i)
      if (!r.byte(b, "scalable dimension flag"))
        return false;
    const uint8_t *shapeAt = r.pos();
    uint64_t rank;
    if (!decodeShape(r, t, /*allowDynamic=*/false, &rank))
      return false;
    // MLIR reads a flag per dimension without checking the counts match.
    if (rank != numScalable)
      return r.failAt(shapeAt, "vector of rank " + llvm::Twine(rank) +
                                   " with " + llvm::Twine(numScalable) +
                                   " scalable dimension flags");
    return decodeElement(r, t, depth);
  }
  default:
    return r.fail("unknown builtin type code " + llvm::Twine(code));
  }
}

// An APInt or APFloat of a known width: a byte up to 8 bits, a signed varint
// up to 64, else the number of active 64-bit words and the words.
bool Checker::apint(Reader &r, uint64_t width) {
  uint8_t b;
  uint64_t x, words;
  if (width <= 8)
    return r.byte(b, "small integer");
  if (width <= 64)
    return r.varint(x, "integer");
  if (!r.count(words, "integer word count"))
    return false;
  for (uint64_t i = 0; i < words; ++i)
    if (!r.varint(x, "integer word"))
      return false;
  return true;
}

bool Checker::decodeBuiltinAttr(Reader &r, bool &stopped) {
  uint64_t code, x, n;
  if (!r.varint(code, "builtin attribute code"))
    return false;
  auto attr = [&](const char *what) { return r.index(x, numAttrs, what); };
  auto attrList = [&]() {
    if (!r.count(n, "attribute list size"))
      return false;
    for (uint64_t i = 0; i < n; ++i)
      if (!attr("attribute"))
        return false;
    return true;
  };
  auto type = [&](const TypeInfo *&info) {
    uint64_t index;
    return r.index(index, numTypes, "type") && typeInfo(r, index, 0, info);
  };
  auto blob = [&](const uint8_t *&data, uint64_t &size) {
    if (!r.varint(size, "blob size"))
      return false;
    data = r.pos();
    return r.skip(size, "blob");
  };
  const TypeInfo *t;
  switch (code) {
  case 0: // ArrayAttr { Attribute[] }
  case 12: // FusedLoc { LocationAttr[] }
    return attrList();
  case 1: { // DictionaryAttr { (StringAttr, Attribute)[] }
    if (!r.count(n, "dictionary size", 2))
      return false;
    for (uint64_t i = 0; i < n; ++i)
      if (!attr("dictionary key") || !attr("dictionary value"))
        return false;
    return true;
  }
  case 2: // StringAttr { string }
    return r.index(x, numStrings, "string");
  case 3: // StringAttrWithType { string, Type }
    return r.index(x, numStrings, "string") && r.index(x, numTypes, "type");
  case 4: // FlatSymbolRefAttr { StringAttr }
  case 21: // DistinctAttr { Attribute }
    return attr("attribute");
  case 5: // SymbolRefAttr { StringAttr, FlatSymbolRefAttr[] }
  case 13: // FusedLocWithMetadata { LocationAttr[], Attribute }
    return code == 5 ? attr("symbol") && attrList()
                     : attrList() && attr("metadata");
  case 6: // TypeAttr { Type }
    return r.index(x, numTypes, "type");
  case 7: // UnitAttr
  case 15: // UnknownLoc
    return true;
  case 8: // IntegerAttr { Type, APInt }
  case 9: { // FloatAttr { Type, APFloat }
    if (!type(t))
      return false;
    bool isInt = code == 8;
    if (t->kind == TypeInfo::Foreign || t->kind == TypeInfo::UnknownBuiltin) {
      stopped = true; // The width is not known here; MLIR checks the type.
      return true;
    }
    if (isInt ? t->kind != TypeInfo::Integer && t->kind != TypeInfo::Index
              : t->kind != TypeInfo::Float)
      return r.fail(isInt ? "IntegerAttr of a type that is not an integer"
                          : "FloatAttr of a type that is not a float");
    return apint(r, t->width);
  }
  case 10: // CallSiteLoc { LocationAttr, LocationAttr }
  case 14: // NameLoc { StringAttr, LocationAttr }
    return attr("attribute") && attr("location");
  case 11: // FileLineColLoc { StringAttr, varint, varint }
    return attr("file name") && r.varint(x, "line") &&
           r.varint(x, "column");
  case 16: // DenseResourceElementsAttr { Type, resource handle }
    return r.index(x, numTypes, "type") &&
           r.index(x, numDialectResources, "resource handle");
  case 17: { // DenseArrayAttr { elementType, size: varint, blob }
    const uint8_t *data;
    uint64_t size, bytes;
    if (!type(t) || !r.varint(size, "dense array size") || !blob(data, bytes))
      return false;
    if (t->kind == TypeInfo::UnknownBuiltin)
      return true;
    if (t->kind != TypeInfo::Integer && t->kind != TypeInfo::Float)
      return r.fail("dense array of a type that is not an integer or float");
    uint64_t each = (t->width + 7) / 8;
    if (each ? size > bytes / each || size * each != bytes : bytes != 0)
      return r.fail("dense array of " + llvm::Twine(size) + " elements of " +
                    llvm::Twine(t->width) + " bits holds " +
                    llvm::Twine(bytes) + " bytes");
    return true;
  }
  case 18: { // DenseIntOrFPElementsAttr { ShapedType, blob }
    const uint8_t *data;
    uint64_t bytes;
    if (!type(t) || !blob(data, bytes))
      return false;
    if ((t->kind != TypeInfo::RankedTensor && t->kind != TypeInfo::Vector) ||
        !t->staticShape)
      return r.fail("dense elements of a type that is not a statically "
                    "shaped tensor or vector");
    const TypeInfo &e = types[t->elem];
    uint64_t bits;
    if (e.kind == TypeInfo::Integer || e.kind == TypeInfo::Float ||
        e.kind == TypeInfo::Index) {
      bits = e.width;
    } else if (e.kind == TypeInfo::Complex &&
               (types[e.elem].kind == TypeInfo::Integer ||
                types[e.elem].kind == TypeInfo::Float)) {
      bits = llvm::alignTo(types[e.elem].width, 8) * 2;
    } else {
      return r.fail("dense elements of an element type that is not an "
                    "integer, index, float or complex number");
    }
    // DenseElementsAttr::isValidRawBuffer: i1 is packed by the bit (or one
    // splat byte 0x00 / 0xff); else one element (a splat) or all of them.
    uint64_t storage = bits == 1 ? 1 : llvm::alignTo(bits, 8);
    uint64_t n = t->numElements;
    bool valid;
    if (storage == 0) // i0
      valid = bytes == 0;
    else if (storage == 1)
      valid = (bytes == 1 && (data[0] == 0 || data[0] == 0xff)) ||
              bytes == llvm::divideCeil(n, 8);
    else
      valid = bytes * 8 == storage ||
              (n <= (bytes * 8) / storage && n * storage == bytes * 8);
    if (!valid)
      return r.fail("dense elements: " + llvm::Twine(bytes) +
                    " bytes of data for " + llvm::Twine(n) + " elements of " +
                    llvm::Twine(bits) + " bits");
    return true;
  }
  case 19: { // DenseStringElementsAttr { ShapedType, isSplat, string[] }
    uint64_t splat;
    if (!type(t) || !r.varint(splat, "splat flag"))
      return false;
    if (splat)
      return r.index(x, numStrings, "string");
    if ((t->kind != TypeInfo::RankedTensor && t->kind != TypeInfo::Vector) ||
        !t->staticShape)
      return r.fail("dense strings of a type that is not a statically shaped "
                    "tensor or vector");
    if (t->numElements > r.size())
      return r.fail("dense strings: " + llvm::Twine(t->numElements) +
                    " elements exceed the " + llvm::Twine(r.size()) +
                    " bytes that remain");
    for (uint64_t i = 0; i < t->numElements; ++i)
      if (!r.index(x, numStrings, "string"))
        return false;
    return true;
  }
  case 20: // SparseElementsAttr { ShapedType, indices, values }
    return r.index(x, numTypes, "type") && attr("sparse indices") &&
           attr("sparse values");
  case 22: { // FileLineColRange { StringAttr, varint[] }
    if (!attr("file name") || !r.count(n, "line/column count"))
      return false;
    for (uint64_t i = 0; i < n; ++i)
      if (!r.varint(x, "line/column"))
        return false;
    return true;
  }
  default:
    return r.fail("unknown builtin attribute code " + llvm::Twine(code));
  }
}

//===----------------------------------------------------------------------===//
// IR section
//===----------------------------------------------------------------------===//

bool Checker::useValue(Reader &r, uint64_t slot) {
  Scope &scope = scopes.back();
  if (slot >= scope.size)
    return r.fail("operand value index " + llvm::Twine(slot) +
                  " out of range (" + llvm::Twine(scope.size) +
                  " values in scope)");
  auto [it, inserted] = scope.slots.try_emplace(slot, 0);
  if (inserted) {
    // Not defined yet: the reader creates a forward reference that the
    // definition replaces later.
    it->second = newValues(1);
    forward[it->second] = 1;
    forwardRefs.emplace_back(it->second, r.pos());
    ++unresolved;
  }
  ++uses[it->second];
  return true;
}

bool Checker::defineValues(Reader &r, RegionState &s, uint64_t first,
                           uint64_t n) {
  if (n > s.base + s.numValues - s.nextValue)
    return r.fail("the region defines more values than the " +
                  llvm::Twine(s.numValues) + " it declares");
  Scope &scope = scopes.back();
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t value = first + i;
    auto [it, inserted] = scope.slots.try_emplace(s.nextValue++, value);
    if (inserted)
      continue;
    uint64_t old = it->second;
    if (forward[old]) {
      uses[value] += uses[old];
      uses[old] = 0;
      forward[old] = 0;
      --unresolved;
    }
    it->second = value;
  }
  return true;
}

// uselist orders for a range of `rangeSize` values: [count (if > 1 value)],
// then per value: [index (if > 1 value)], (numIndices << 1 | pairs),
// indices[]. The indices are checked against the uses once the IR is read.
bool Checker::useListOrders(Reader &r, uint64_t rangeSize, uint64_t firstValue,
                            bool isBlock) {
  const char *owner = isBlock ? "block arguments" : "op results";
  if (rangeSize == 0)
    return r.fail(llvm::Twine("use-list orders for ") + owner +
                  " where there are none");
  uint64_t numOrders = 1;
  if (rangeSize > 1) {
    if (!r.count(numOrders, "use-list order count"))
      return false;
    if (numOrders == 0 || numOrders > rangeSize)
      return r.fail("use-list order count " + llvm::Twine(numOrders) +
                    " for " + llvm::Twine(rangeSize) + " " + owner);
  }
  llvm::SmallDenseSet<uint64_t, 4> seen;
  for (uint64_t i = 0; i < numOrders; ++i) {
    uint64_t index = 0;
    if (rangeSize > 1 && !r.index(index, rangeSize, "use-list value"))
      return false;
    const uint8_t *at = r.pos();
    uint64_t numIndices;
    bool pairs;
    if (!r.flagged(numIndices, pairs, "use-list size"))
      return false;
    if (numIndices > r.size())
      return r.fail("use-list of " + llvm::Twine(numIndices) +
                    " indices exceeds the " + llvm::Twine(r.size()) +
                    " bytes that remain");
    if (pairs && numIndices % 2)
      return r.fail("use-list of index pairs has an odd number of indices");
    uint64_t maxIndex = 0;
    for (uint64_t j = 0; j < numIndices; ++j) {
      uint64_t x;
      if (!r.varint(x, "use-list index"))
        return false;
      maxIndex = std::max(maxIndex, x);
    }
    // The reader keeps the first order given for a value.
    if (seen.insert(index).second)
      orders.push_back(
          {firstValue + index, numIndices, maxIndex, pairs, at, r.name()});
  }
  return true;
}

// block { (numOps << 1 | hasArgs), [numArgs, args[], [useListFlag (v3+)]] }
bool Checker::blockHeader(RegionState &s) {
  Reader &r = *s.r;
  uint64_t numOps;
  bool hasArgs;
  if (!r.flagged(numOps, hasArgs, "block header"))
    return false;
  // An op takes three bytes at least: name, mask, location.
  if (numOps > r.size() / 3)
    return r.fail("block of " + llvm::Twine(numOps) + " ops exceeds the " +
                  llvm::Twine(r.size()) + " bytes that remain");
  s.opsLeft = numOps;
  if (!hasArgs)
    return true;
  uint64_t numArgs;
  if (!r.count(numArgs, "block argument count"))
    return false;
  uint64_t first = newValues(numArgs);
  for (uint64_t i = 0; i < numArgs; ++i) {
    uint64_t type, loc;
    if (version >= kElideUnknownBlockArgLocation) {
      bool hasLoc;
      if (!r.flagged(type, hasLoc, "block argument type"))
        return false;
      if (type >= numTypes)
        return r.fail("block argument type index " + llvm::Twine(type) +
                      " out of range (" + llvm::Twine(numTypes) + " types)");
      if (hasLoc && !r.index(loc, numAttrs, "block argument location"))
        return false;
    } else if (!r.index(type, numTypes, "block argument type") ||
               !r.index(loc, numAttrs, "block argument location")) {
      return false;
    }
  }
  s.defined += numArgs;
  if (!defineValues(r, s, first, numArgs))
    return false;
  if (version < kUseListOrdering)
    return true;
  uint8_t flag;
  if (!r.byte(flag, "block use-list flag"))
    return false;
  if (flag != 0 && flag != kHasUseListOrders)
    return r.fail("block use-list flag 0x" + llvm::utohexstr(flag) +
                  " (expected 0 or 0x20)");
  return !flag || useListOrders(r, numArgs, first, /*isBlock=*/true);
}

// op { name, mask, location, [attrs], [properties], [numResults, types[]],
//      [numOperands, values[]], [numSuccessors, blocks[]], [useListOrders],
//      [(numRegions << 1 | isolated), regions or an IR section] }
bool Checker::op(RegionState &s) {
  Reader &r = *s.r;
  uint64_t name, x;
  uint8_t mask;
  if (!r.index(name, numOpNames, "op name") ||
      !r.byte(mask, "op encoding mask"))
    return false;
  uint8_t known = kHasAttrs | kHasResults | kHasOperands | kHasSuccessors |
                  kHasInlineRegions;
  if (version >= kUseListOrdering)
    known |= kHasUseListOrders;
  if (version >= kNativePropertiesEncoding)
    known |= kHasProperties;
  if (mask & ~known)
    return r.fail("op encoding mask 0x" + llvm::utohexstr(mask) +
                  " has bits undefined in bytecode version " +
                  llvm::Twine(version));
  if (!r.index(x, numAttrs, "op location attribute"))
    return false;
  if ((mask & kHasAttrs) &&
      !r.index(x, numAttrs, "op attribute dictionary"))
    return false;
  if (mask & kHasProperties) {
    if (opNameRegistered[name]) {
      if (!r.index(x, numProperties, "op properties"))
        return false;
    } else if (!r.index(x, numAttrs, "op properties attribute")) {
      return false;
    }
  }
  uint64_t numResults = 0, firstResult = uses.size();
  if (mask & kHasResults) {
    if (!r.count(numResults, "op result count"))
      return false;
    for (uint64_t i = 0; i < numResults; ++i)
      if (!r.index(x, numTypes, "op result type"))
        return false;
    firstResult = newValues(numResults);
  }
  if (mask & kHasOperands) {
    uint64_t n;
    if (!r.count(n, "op operand count"))
      return false;
    for (uint64_t i = 0; i < n; ++i)
      if (!r.varint(x, "operand") || !useValue(r, x))
        return false;
  }
  if (mask & kHasSuccessors) {
    uint64_t n;
    if (!r.count(n, "op successor count"))
      return false;
    for (uint64_t i = 0; i < n; ++i)
      if (!r.index(x, s.numBlocks, "successor block"))
        return false;
  }
  if ((mask & kHasUseListOrders) &&
      !useListOrders(r, numResults, firstResult, /*isBlock=*/false))
    return false;
  uint64_t numRegions = 0;
  bool isolated = false;
  if (mask & kHasInlineRegions) {
    if (!r.flagged(numRegions, isolated, "op region count"))
      return false;
    // A region takes a byte at least (its block count).
    if (numRegions > r.size())
      return r.fail("op region count " + llvm::Twine(numRegions) +
                    " exceeds the " + llvm::Twine(r.size()) +
                    " bytes that remain");
  }
  // The reader defines results only in regions that declare values (the top
  // level declares none).
  s.defined += numResults;
  if (s.numValues && numResults &&
      !defineValues(r, s, firstResult, numResults))
    return false;
  if (numRegions == 0)
    return true;

  if (stack.size() >= kMaxBytecodeRegionDepth)
    return r.fail("regions nested too deeply (more than " +
                  llvm::Twine(kMaxBytecodeRegionDepth) + " levels)");
  RegionState child;
  child.regionsLeft = numRegions;
  child.isolated = isolated;
  child.r = &r;
  bool ownSection = isolated && version >= kLazyLoading;
  if (ownSection) {
    const uint8_t *start = r.pos();
    unsigned id;
    if (!parseSection(r, id, child.own))
      return false;
    if (id != kIR)
      return r.failAt(start, llvm::Twine("expected an IR section for the "
                                         "regions of an isolated op, got a ") +
                                 sectionWhere(id));
    if (numRegions > child.own.size())
      return r.failAt(start, "op region count " + llvm::Twine(numRegions) +
                                 " exceeds the " +
                                 llvm::Twine(child.own.size()) +
                                 " bytes of its IR section");
  }
  stack.push_back(child);
  if (ownSection)
    stack.back().r = &stack.back().own;
  if (isolated)
    scopes.emplace_back();
  return true;
}

bool Checker::checkIR(Reader ir) {
  scopes.emplace_back();
  RegionState top;
  top.r = &ir;
  top.isolated = true;
  top.topLevel = true;
  top.inRegion = true;
  top.numBlocks = 1;
  top.regionAt = ir.pos();
  stack.push_back(top);
  if (!blockHeader(stack.back()))
    return false;

  while (!stack.empty()) {
    RegionState &s = stack.back();
    Reader &r = *s.r;
    if (!s.inRegion) {
      if (s.regionsLeft == 0) {
        if (s.isolated)
          scopes.pop_back();
        if (s.r == &s.own && !s.own.empty())
          return s.own.failAt(s.own.pos(), "trailing data after the regions "
                                           "of an isolated op");
        stack.pop_back();
        continue;
      }
      --s.regionsLeft;
      // region { numBlocks, [numValues, blocks[]] }
      s.regionAt = r.pos();
      uint64_t numBlocks, numValues;
      if (!r.count(numBlocks, "region block count"))
        return false;
      if (numBlocks == 0)
        continue;
      if (!r.count(numValues, "region value count"))
        return false;
      Scope &scope = scopes.back();
      s.numBlocks = numBlocks;
      s.blocksLeft = numBlocks - 1;
      s.numValues = numValues;
      s.base = s.nextValue = scope.size;
      s.defined = 0;
      scope.size += numValues;
      s.inRegion = true;
      if (!blockHeader(s))
        return false;
      continue;
    }
    if (s.opsLeft) {
      --s.opsLeft;
      if (!op(s))
        return false;
      continue;
    }
    if (s.blocksLeft) {
      --s.blocksLeft;
      if (!blockHeader(s))
        return false;
      continue;
    }
    // The region is complete. The reader reserves the declared number of
    // values for the region while it is read; more than it defines would let
    // nested regions reserve far more memory than the file holds.
    if (!s.topLevel && s.defined != s.numValues)
      return r.failAt(s.regionAt, "the region declares " +
                                      llvm::Twine(s.numValues) +
                                      " values but defines " +
                                      llvm::Twine(s.defined));
    Scope &scope = scopes.back();
    scope.size -= s.numValues;
    scope.slots.erase(scope.slots.lower_bound(scope.size), scope.slots.end());
    s.inRegion = false;
  }

  if (!ir.empty())
    return ir.failAt(ir.pos(), "trailing data after the top-level block");
  if (unresolved) {
    for (auto &[value, at] : forwardRefs)
      if (forward[value])
        return ir.failAt(at, "operand refers to a value that is never "
                             "defined");
  }
  for (const UseListOrder &o : orders) {
    uint64_t n = uses[o.value];
    Reader at(&err, base, o.at, o.at, o.where);
    if (n < 2)
      return at.failAt(o.at, "use-list order for a value with " +
                                 llvm::Twine(n) + " uses");
    if (o.maxIndex >= n)
      return at.failAt(o.at, "use-list index " + llvm::Twine(o.maxIndex) +
                                 " out of range for a value with " +
                                 llvm::Twine(n) + " uses");
    if (!o.pairs && o.numIndices != n)
      return at.failAt(o.at, "use-list of " + llvm::Twine(o.numIndices) +
                                 " indices for a value with " +
                                 llvm::Twine(n) + " uses");
  }
  return true;
}

} // namespace

std::string checkBytecodeStructure(llvm::StringRef bytes) {
  return Checker(bytes).run();
}

} // namespace jx::vhlo
