//===- SdyBytecode.cpp - reading Shardy attributes from MLIR bytecode -----===//
//
// JAX's portable artifacts carry Shardy attributes (`sdy.sharding_rule` on
// custom calls, `sdy.sharding` on arguments, meshes) in Shardy's own bytecode
// encoding: a kind index, then the attribute's fields (strings, signed
// varints, lists, references to nested attributes). This reader decodes the
// kinds Shardy has released (indices 0..17, which never change) into jx's sdy
// attributes: meshes structured, the rest as the text Shardy would print.
// Nested pieces (axis references, dimension shardings, mappings) are decoded
// to builtin attributes that their parents render.
//
//===----------------------------------------------------------------------===//

#include "jx/Dialect/Sdy/SdyOps.h"

#include "jx/Support/BytecodeLists.h"

#include "mlir/Bytecode/BytecodeImplementation.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace jx::sdy {
namespace {

enum Kind : uint64_t {
  kManualAxes = 0, kMeshAxis = 1, kMesh = 2, kSubAxisInfo = 3, kAxisRef = 4,
  kDimensionSharding = 5, kTensorShardingV1 = 6, kPerValueV1 = 7,
  kDimMapping = 8, kTensorMapping = 9, kOpShardingRule = 10,
  kAxisRefList = 11, kListOfAxisRefLists = 12, kAllToAllParam = 13,
  kAllToAllParamList = 14, kTensorShardingV2 = 15, kPerValueV2 = 16,
  kTensorShardingV3 = 17,
};

/// Text of a nested piece decoded to a StringAttr ("" when absent).
std::string text(Attribute a) {
  if (auto s = dyn_cast_or_null<StringAttr>(a))
    return s.getValue().str();
  return "";
}

std::string quoted(StringRef s) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << '"';
  os.write_escaped(s);
  os << '"';
  return out;
}

std::string factorName(int64_t k) {
  if (k < 18)
    return std::string(1, char('i' + k));
  return "z_" + std::to_string(k - 17);
}

class SdyBytecodeInterface : public BytecodeDialectInterface {
public:
  explicit SdyBytecodeInterface(Dialect *dialect)
      : BytecodeDialectInterface(dialect) {}

  Attribute readAttribute(DialectBytecodeReader &reader) const override;

private:
  LogicalResult readAttrList(DialectBytecodeReader &reader,
                             SmallVectorImpl<Attribute> &out) const {
    return jx::readBoundedList(reader, out,
                           [&](Attribute &a) { return reader.readAttribute(a); });
  }
  /// `{"a", "b":(1)2}` from a list of axis references.
  FailureOr<std::string> readAxisList(DialectBytecodeReader &reader) const {
    SmallVector<Attribute> axes;
    if (failed(readAttrList(reader, axes)))
      return failure();
    std::string out = "{";
    for (size_t i = 0; i < axes.size(); ++i)
      out += (i ? ", " : "") + text(axes[i]);
    return out + "}";
  }
  Attribute readTensorSharding(DialectBytecodeReader &reader,
                               uint64_t kind) const;
};

Attribute SdyBytecodeInterface::readTensorSharding(DialectBytecodeReader &reader,
                                                   uint64_t kind) const {
  MLIRContext *ctx = getContext();
  Attribute meshOrRef;
  SmallVector<Attribute> dims;
  if (failed(reader.readAttribute(meshOrRef)) ||
      failed(readAttrList(reader, dims)))
    return {};
  FailureOr<std::string> replicated = readAxisList(reader);
  if (failed(replicated))
    return {};
  std::string unreduced = "{}";
  int64_t reduction = 0;
  if (kind != kTensorShardingV1) {
    FailureOr<std::string> u = readAxisList(reader);
    if (failed(u))
      return {};
    unreduced = *u;
  }
  if (kind == kTensorShardingV3 && failed(reader.readSignedVarInt(reduction)))
    return {};
  std::string body;
  llvm::raw_string_ostream os(body);
  os << '<';
  if (auto ref = dyn_cast<FlatSymbolRefAttr>(meshOrRef))
    os << '@' << ref.getValue();
  else if (auto mesh = dyn_cast<MeshAttr>(meshOrRef))
    os << mesh;
  else
    os << meshOrRef;
  os << ", [";
  for (size_t i = 0; i < dims.size(); ++i)
    os << (i ? ", " : "") << text(dims[i]);
  os << ']';
  if (*replicated != "{}")
    os << ", replicated=" << *replicated;
  if (unreduced != "{}")
    os << ", unreduced=" << unreduced;
  if (kind == kTensorShardingV3)
    os << ", reduction=" << reduction;
  os << '>';
  return makeTextAttr(ctx, "sharding", body);
}

Attribute SdyBytecodeInterface::readAttribute(
    DialectBytecodeReader &reader) const {
  MLIRContext *ctx = getContext();
  uint64_t kind;
  if (failed(reader.readVarInt(kind)))
    return {};
  auto str = [&](const std::string &s) { return StringAttr::get(ctx, s); };
  switch (kind) {
  case kManualAxes: {
    SmallVector<Attribute> names;
    if (failed(readAttrList(reader, names)))
      return {};
    std::string body = "{";
    for (size_t i = 0; i < names.size(); ++i) {
      auto s = dyn_cast<StringAttr>(names[i]);
      if (!s) {
        reader.emitError("sdy manual axes: an axis name is not a string");
        return {};
      }
      body += (i ? ", " : "") + quoted(s.getValue());
    }
    return makeTextAttr(ctx, "manual_axes", body + "}");
  }
  case kMeshAxis: {
    StringRef name;
    int64_t size;
    if (failed(reader.readString(name)) ||
        failed(reader.readSignedVarInt(size)))
      return {};
    return ArrayAttr::get(ctx, {str(name.str()),
                                IntegerAttr::get(IntegerType::get(ctx, 64),
                                                 size)});
  }
  case kMesh: {
    SmallVector<Attribute> axes;
    SmallVector<int64_t> deviceIds;
    if (failed(readAttrList(reader, axes)) ||
        failed(jx::readBoundedSignedVarInts(reader, deviceIds)))
      return {};
    SmallVector<StringAttr> names;
    SmallVector<int64_t> sizes;
    for (Attribute a : axes) {
      auto pair = dyn_cast<ArrayAttr>(a);
      if (!pair || pair.size() != 2 || !isa<StringAttr>(pair[0]) ||
          !isa<IntegerAttr>(pair[1])) {
        reader.emitError("sdy mesh: an axis is not a mesh axis");
        return {};
      }
      names.push_back(cast<StringAttr>(pair[0]));
      sizes.push_back(cast<IntegerAttr>(pair[1]).getInt());
    }
    return makeMeshAttr([&] { return reader.emitError(); }, ctx, names, sizes,
                        deviceIds);
  }
  case kSubAxisInfo: {
    int64_t pre, size;
    if (failed(reader.readSignedVarInt(pre)) ||
        failed(reader.readSignedVarInt(size)))
      return {};
    return str("(" + std::to_string(pre) + ")" + std::to_string(size));
  }
  case kAxisRef: {
    StringRef name;
    Attribute sub;
    if (failed(reader.readString(name)) ||
        failed(reader.readOptionalAttribute(sub)))
      return {};
    std::string out = quoted(name);
    if (sub)
      out += ":" + text(sub);
    return str(out);
  }
  case kDimensionSharding: {
    FailureOr<std::string> axes = readAxisList(reader);
    bool closed;
    uint64_t priority;
    bool hasPriority;
    if (failed(axes) || failed(reader.readBool(closed)) ||
        failed(reader.readVarIntWithFlag(priority, hasPriority)))
      return {};
    std::string out = *axes;
    if (!closed)
      out.insert(out.size() - 1, out.size() == 2 ? "?" : ", ?");
    if (hasPriority)
      out += "p" + std::to_string(priority);
    return str(out);
  }
  case kTensorShardingV1:
  case kTensorShardingV2:
  case kTensorShardingV3:
    return readTensorSharding(reader, kind);
  case kPerValueV1:
  case kPerValueV2: {
    SmallVector<Attribute> shardings;
    if (failed(readAttrList(reader, shardings)))
      return {};
    std::string body = "<[";
    for (size_t i = 0; i < shardings.size(); ++i) {
      if (!isa<TensorShardingAttr>(shardings[i])) {
        reader.emitError("sdy sharding_per_value: an entry is not a sharding");
        return {};
      }
      body += (i ? ", " : "") + textAttrBody(shardings[i]).str();
    }
    return makeTextAttr(ctx, "sharding_per_value", body + "]>");
  }
  case kDimMapping: {
    SmallVector<int64_t> factors;
    if (failed(jx::readBoundedSignedVarInts(reader, factors)))
      return {};
    return DenseI64ArrayAttr::get(ctx, factors);
  }
  case kTensorMapping: {
    SmallVector<Attribute> dims;
    if (failed(readAttrList(reader, dims)))
      return {};
    return ArrayAttr::get(ctx, dims);
  }
  case kOpShardingRule: {
    SmallVector<int64_t> sizes, reduction, replication, permutation, blocked;
    SmallVector<Attribute> operands, results;
    bool custom;
    if (failed(jx::readBoundedSignedVarInts(reader, sizes)) ||
        failed(readAttrList(reader, operands)) ||
        failed(readAttrList(reader, results)) ||
        failed(jx::readBoundedSignedVarInts(reader, reduction)) ||
        failed(jx::readBoundedSignedVarInts(reader, replication)) ||
        failed(jx::readBoundedSignedVarInts(reader, permutation)) ||
        failed(jx::readBoundedSignedVarInts(reader, blocked)) ||
        failed(reader.readBool(custom)))
      return {};
    std::string body;
    llvm::raw_string_ostream os(body);
    auto printMappings = [&](ArrayRef<Attribute> tensors) -> LogicalResult {
      os << '(';
      for (size_t t = 0; t < tensors.size(); ++t) {
        auto dims = dyn_cast<ArrayAttr>(tensors[t]);
        if (!dims)
          return failure();
        os << (t ? ", " : "") << '[';
        for (size_t d = 0; d < dims.size(); ++d) {
          auto factors = dyn_cast<DenseI64ArrayAttr>(dims[d]);
          if (!factors)
            return failure();
          os << (d ? ", " : "");
          for (int64_t f : factors.asArrayRef())
            os << factorName(f);
        }
        os << ']';
      }
      os << ')';
      return success();
    };
    auto printFactors = [&](StringRef name, ArrayRef<int64_t> factors) {
      if (factors.empty())
        return;
      os << ", " << name << "={";
      for (size_t i = 0; i < factors.size(); ++i)
        os << (i ? ", " : "") << factorName(factors[i]);
      os << '}';
    };
    os << '<';
    if (failed(printMappings(operands)))
      return reader.emitError("sdy op_sharding_rule: bad operand mapping"),
             Attribute();
    os << "->";
    if (failed(printMappings(results)))
      return reader.emitError("sdy op_sharding_rule: bad result mapping"),
             Attribute();
    os << " {";
    for (size_t i = 0; i < sizes.size(); ++i)
      os << (i ? ", " : "") << factorName(i) << '=' << sizes[i];
    os << '}';
    printFactors("reduction", reduction);
    printFactors("need_replication", replication);
    printFactors("permutation", permutation);
    printFactors("blocked_propagation", blocked);
    if (custom)
      os << ", custom";
    os << '>';
    return makeTextAttr(ctx, "op_sharding_rule", body);
  }
  case kAxisRefList: {
    FailureOr<std::string> axes = readAxisList(reader);
    if (failed(axes))
      return {};
    return str(*axes);
  }
  case kListOfAxisRefLists: {
    SmallVector<Attribute> lists;
    if (failed(readAttrList(reader, lists)))
      return {};
    std::string out = "[";
    for (size_t i = 0; i < lists.size(); ++i)
      out += (i ? ", " : "") + text(lists[i]);
    return str(out + "]");
  }
  case kAllToAllParam: {
    FailureOr<std::string> axes = readAxisList(reader);
    int64_t src, tgt;
    if (failed(axes) || failed(reader.readSignedVarInt(src)) ||
        failed(reader.readSignedVarInt(tgt)))
      return {};
    return str(*axes + ": " + std::to_string(src) + "->" + std::to_string(tgt));
  }
  case kAllToAllParamList: {
    SmallVector<Attribute> params;
    if (failed(readAttrList(reader, params)))
      return {};
    std::string out = "[";
    for (size_t i = 0; i < params.size(); ++i)
      out += (i ? ", " : "") + text(params[i]);
    return str(out + "]");
  }
  default:
    reader.emitError("unknown sdy attribute kind ")
        << kind << " in bytecode (from a newer Shardy?)";
    return {};
  }
}

} // namespace

void addBytecodeInterface(SdyDialect *dialect) {
  dialect->addInterfaces<SdyBytecodeInterface>();
}

} // namespace jx::sdy
