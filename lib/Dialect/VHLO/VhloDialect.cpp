//===- VhloDialect.cpp - the versioned ops and their bytecode -------------===//
//
// The VHLO ops are registered from VhloOps.def rather than ODS: VHLO is a
// flat list of names with attribute names and no semantics, and all jx does
// with a VHLO op is read it from bytecode and convert it (VhloToStableHLO.cpp).
// Each op gets an OperationName::Impl whose only real behaviour is its
// bytecode interface: in bytecode >= 5 an op's attributes are its properties,
// written as a sequence of attribute references in the order of their sorted
// names, and `readProperties` gives them back their names.
//
//===----------------------------------------------------------------------===//

#include "jx/Dialect/VHLO/Vhlo.h"

#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "jx/Support/BytecodeLists.h"

#include "mlir/Bytecode/BytecodeImplementation.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/OperationSupport.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;

MLIR_DEFINE_EXPLICIT_TYPE_ID(jx::vhlo::VhloDialect)

namespace jx::vhlo {
namespace {

struct OpInfo {
  const char *name, *minVersion, *maxVersion;
  bool terminator;
  const char *attrs; // comma-separated, sorted
};

constexpr OpInfo kOps[] = {
#define VHLO_OP(NAME, MIN, MAX, TERM, ATTRS) {NAME, MIN, MAX, TERM, ATTRS},
#include "VhloOps.def"
#undef VHLO_OP
};

/// Attribute names of each op ("vhlo.add_v1" -> sorted names), shared by
/// every context.
const llvm::StringMap<llvm::SmallVector<llvm::StringRef>> &attributeTable() {
  static const auto *table = [] {
    auto *t = new llvm::StringMap<llvm::SmallVector<llvm::StringRef>>();
    for (const OpInfo &op : kOps) {
      auto &names = (*t)[(llvm::Twine("vhlo.") + op.name).str()];
      llvm::StringRef attrs(op.attrs);
      while (!attrs.empty()) {
        auto [head, rest] = attrs.split(',');
        names.push_back(head);
        attrs = rest;
      }
    }
    return t;
  }();
  return *table;
}

// -- The ops' bytecode interface ---------------------------------------------

struct VhloBytecodeOpModel
    : public mlir::detail::BytecodeOpInterfaceInterfaceTraits::Concept {
  using Interface = BytecodeOpInterface;
  VhloBytecodeOpModel() : Concept{readProps, writeProps} {}

  static LogicalResult readProps(DialectBytecodeReader &reader,
                                 OperationState &state) {
    auto it = attributeTable().find(state.name.getStringRef());
    if (it == attributeTable().end())
      return reader.emitError("no attribute table for ")
             << state.name.getStringRef();
    for (llvm::StringRef name : it->second) {
      Attribute value;
      if (failed(reader.readAttribute(value)))
        return failure();
      state.attributes.set(StringAttr::get(state.getContext(), name), value);
    }
    return success();
  }
  static void writeProps(const Concept *, Operation *op,
                         DialectBytecodeWriter &writer) {
    auto it = attributeTable().find(op->getName().getStringRef());
    if (it == attributeTable().end())
      return;
    for (llvm::StringRef name : it->second)
      writer.writeAttribute(op->getAttr(name));
  }
};

/// One registered VHLO op: no properties storage (its attributes live in the
/// attribute dictionary), no verifier, generic printing.
class VhloOpModel : public OperationName::Impl {
public:
  VhloOpModel(StringRef name, Dialect *dialect, TypeID id, bool terminator)
      : Impl(name, dialect, id, mlir::detail::InterfaceMap()),
        terminator(terminator) {
    getInterfaceMap().insertModels<VhloBytecodeOpModel>();
  }

  LogicalResult foldHook(Operation *, ArrayRef<Attribute>,
                         SmallVectorImpl<OpFoldResult> &) final {
    return failure();
  }
  void getCanonicalizationPatterns(RewritePatternSet &, MLIRContext *) final {}
  bool hasTrait(TypeID id) final {
    return terminator && id == TypeID::get<OpTrait::IsTerminator>();
  }
  OperationName::ParseAssemblyFn getParseAssemblyFn() final {
    return [](OpAsmParser &parser, OperationState &) -> ParseResult {
      return parser.emitError(parser.getCurrentLocation(),
                              "vhlo ops have no custom syntax");
    };
  }
  void populateDefaultAttrs(const OperationName &, NamedAttrList &) final {}
  void printAssembly(Operation *op, OpAsmPrinter &p, StringRef) final {
    p.printGenericOp(op);
  }
  LogicalResult verifyInvariants(Operation *) final { return success(); }
  LogicalResult verifyRegionInvariants(Operation *) final { return success(); }
  std::optional<Attribute> getInherentAttr(Operation *, StringRef) final {
    return std::nullopt;
  }
  void setInherentAttr(Operation *, StringAttr, Attribute) final {}
  void populateInherentAttrs(Operation *, NamedAttrList &) final {}
  LogicalResult
  verifyInherentAttrs(OperationName, NamedAttrList &,
                      function_ref<InFlightDiagnostic()>) final {
    return success();
  }
  int getOpPropertyByteSize() final { return 0; }
  void initProperties(OperationName, OpaqueProperties, OpaqueProperties) final {}
  void deleteProperties(OpaqueProperties) final {}
  void populateDefaultProperties(OperationName, OpaqueProperties) final {}
  LogicalResult
  setPropertiesFromAttr(OperationName, OpaqueProperties, Attribute attr,
                        function_ref<InFlightDiagnostic()> emitError) final {
    if (!attr)
      return success();
    emitError() << "vhlo ops keep their attributes in the attribute dictionary";
    return failure();
  }
  Attribute getPropertiesAsAttr(Operation *) final { return {}; }
  void copyProperties(OpaqueProperties, OpaqueProperties) final {}
  bool compareProperties(OpaqueProperties, OpaqueProperties) final {
    return true;
  }
  llvm::hash_code hashProperties(OpaqueProperties) final { return {}; }

private:
  bool terminator;
};

// -- Types and attributes: VHLO's bytecode encoding --------------------------
//
// The codes are those of StableHLO's VHLO bytecode (its AttributeCode and
// TypeCode enums); they never change once released.

enum AttrCode : uint64_t {
  kArray = 1, kBoolean = 2, kComparisonDirection = 3, kComparisonType = 4,
  kCustomCallApiVersion = 5, kDictionary = 6, kFftType = 7, kFloat = 8,
  kInteger = 9, kOutputOperandAlias = 10, kPrecision = 11, kRngAlgorithm = 12,
  kRngDistribution = 13, kString = 14, kTensor = 15, kTranspose = 16,
  kType = 17, kTypeExtensions = 18, kResultAccuracyMode = 19,
  kResultAccuracy = 20, kSubAxisInfo = 21, kAxisRef = 22,
  kReplicaGroupMeshAxes = 23, kMeshAxis = 24, kMesh = 25,
};

enum TypeCode : uint64_t {
  kBoolean_ = 0, kComplex = 1, kBF16 = 2, kF16 = 3, kF32 = 4, kF64 = 5,
  kF8E4M3FN = 6, kF8E5M2 = 7, kFunction = 8, kIndex = 9, kSI4 = 10,
  kSI8 = 11, kSI16 = 12, kSI32 = 13, kSI64 = 14, kUI4 = 15, kUI8 = 16,
  kUI16 = 17, kUI32 = 18, kUI64 = 19, kRankedTensor = 20,
  kRankedTensorWithEncoding = 21, kToken = 22, kTuple = 23,
  kUniformQuantized = 24, kUnrankedTensor = 25, kWitness = 26,
  kF8E4M3FNUZ = 27, kF8E5M2FNUZ = 28, kF8E4M3B11FNUZ = 29,
  kUniformQuantizedPerAxis = 30, kSI2 = 31, kUI2 = 32, kNone = 33,
  kTF32 = 34, kF8E4M3 = 35, kF8E3M4 = 36, kF4E2M1FN = 37, kF6E2M3FN = 38,
  kF6E3M2FN = 39, kF8E8M0FNU = 40, kRankedBuffer = 41, kFuture = 42,
};

template <typename EnumAttrT, typename SymbolizeFn>
Attribute readEnum(DialectBytecodeReader &reader, MLIRContext *ctx,
                   SymbolizeFn symbolize, llvm::StringRef what) {
  uint64_t value;
  if (failed(reader.readVarInt(value)))
    return {};
  auto e = symbolize(static_cast<uint32_t>(value));
  if (!e || value > UINT32_MAX) {
    reader.emitError() << "invalid " << what << " value " << value;
    return {};
  }
  return EnumAttrT::get(ctx, *e);
}

class VhloBytecodeInterface : public BytecodeDialectInterface {
public:
  explicit VhloBytecodeInterface(Dialect *dialect)
      : BytecodeDialectInterface(dialect) {}

  Attribute readAttribute(DialectBytecodeReader &reader) const override;
  Type readType(DialectBytecodeReader &reader) const override;

private:
  MLIRContext *ctx() const { return getContext(); }
  Attribute readTensor(DialectBytecodeReader &reader) const;
};

Attribute VhloBytecodeInterface::readAttribute(
    DialectBytecodeReader &reader) const {
  namespace shlo = jx::stablehlo;
  uint64_t code;
  if (failed(reader.readVarInt(code)))
    return {};
  MLIRContext *c = ctx();
  switch (code) {
  case kArray: {
    SmallVector<Attribute> elements;
    if (failed(jx::readBoundedList(reader, elements, [&](Attribute &a) {
          return reader.readAttribute(a);
        })))
      return {};
    return ArrayAttr::get(c, elements);
  }
  case kBoolean: {
    uint64_t v;
    if (failed(reader.readVarInt(v)))
      return {};
    return BoolAttr::get(c, v != 0);
  }
  case kComparisonDirection:
    return readEnum<shlo::ComparisonDirectionAttr>(
        reader, c, [](uint32_t v) { return shlo::symbolizeComparisonDirection(v); }, "comparison direction");
  case kComparisonType:
    return readEnum<shlo::ComparisonTypeAttr>(
        reader, c, [](uint32_t v) { return shlo::symbolizeComparisonType(v); }, "comparison type");
  case kCustomCallApiVersion:
    return readEnum<shlo::CustomCallApiVersionAttr>(
        reader, c, [](uint32_t v) { return shlo::symbolizeCustomCallApiVersion(v); },
        "custom call API version");
  case kDictionary: {
    SmallVector<std::pair<StringAttr, Attribute>> entries;
    auto readEntry = [&](std::pair<StringAttr, Attribute> &entry)
        -> LogicalResult {
      Attribute name, value;
      if (failed(reader.readAttribute(name)) ||
          failed(reader.readAttribute(value)))
        return failure();
      auto key = dyn_cast<StringAttr>(name);
      if (!key)
        return reader.emitError("dictionary key is not a string");
      entry = {key, value};
      return success();
    };
    if (failed(jx::readBoundedList(reader, entries, readEntry)))
      return {};
    SmallVector<NamedAttribute> named;
    for (auto &[k, v] : entries)
      named.emplace_back(k, v);
    return DictionaryAttr::get(c, named);
  }
  case kFftType:
    return readEnum<shlo::FftTypeAttr>(
        reader, c, [](uint32_t v) { return shlo::symbolizeFftType(v); },
                                       "fft type");
  case kFloat: {
    Type type;
    if (failed(reader.readType(type)))
      return {};
    auto ft = dyn_cast<FloatType>(type);
    if (!ft) {
      reader.emitError("float attribute of non-float type");
      return {};
    }
    FailureOr<APFloat> v =
        reader.readAPFloatWithKnownSemantics(ft.getFloatSemantics());
    if (failed(v))
      return {};
    return FloatAttr::get(ft, *v);
  }
  case kInteger: {
    Type type;
    if (failed(reader.readType(type)))
      return {};
    unsigned width;
    if (isa<IndexType>(type))
      width = IndexType::kInternalStorageBitWidth;
    else if (auto it = dyn_cast<IntegerType>(type))
      width = it.getWidth();
    else {
      reader.emitError("integer attribute of non-integer type");
      return {};
    }
    FailureOr<APInt> v = reader.readAPIntWithKnownWidth(width);
    if (failed(v))
      return {};
    return IntegerAttr::get(type, *v);
  }
  case kOutputOperandAlias: {
    SmallVector<int64_t> outIdx, opIdx;
    int64_t operand;
    if (failed(jx::readBoundedSignedVarInts(reader, outIdx)) ||
        failed(reader.readSignedVarInt(operand)) ||
        failed(jx::readBoundedSignedVarInts(reader, opIdx)))
      return {};
    return shlo::OutputOperandAliasAttr::get(c, outIdx, operand, opIdx);
  }
  case kPrecision:
    return readEnum<shlo::PrecisionAttr>(
        reader, c, [](uint32_t v) { return shlo::symbolizePrecision(v); },
                                         "precision");
  case kRngAlgorithm:
    return readEnum<shlo::RngAlgorithmAttr>(
        reader, c, [](uint32_t v) { return shlo::symbolizeRngAlgorithm(v); }, "rng algorithm");
  case kRngDistribution:
    return readEnum<shlo::RngDistributionAttr>(
        reader, c, [](uint32_t v) { return shlo::symbolizeRngDistribution(v); }, "rng distribution");
  case kString: {
    StringRef s;
    if (failed(reader.readString(s)))
      return {};
    return StringAttr::get(c, s);
  }
  case kTensor:
    return readTensor(reader);
  case kTranspose:
    return readEnum<shlo::TransposeAttr>(
        reader, c, [](uint32_t v) { return shlo::symbolizeTranspose(v); },
                                         "transpose");
  case kType: {
    Type t;
    if (failed(reader.readType(t)))
      return {};
    return TypeAttr::get(t);
  }
  case kTypeExtensions: {
    SmallVector<int64_t> bounds;
    if (failed(jx::readBoundedSignedVarInts(reader, bounds)))
      return {};
    return shlo::TypeExtensionsAttr::get(c, bounds);
  }
  case kResultAccuracyMode:
    return readEnum<shlo::ResultAccuracyModeAttr>(
        reader, c, [](uint32_t v) { return shlo::symbolizeResultAccuracyMode(v); }, "result accuracy mode");
  case kResultAccuracy: {
    FailureOr<APFloat> atol =
        reader.readAPFloatWithKnownSemantics(APFloat::IEEEdouble());
    if (failed(atol))
      return {};
    FailureOr<APFloat> rtol =
        reader.readAPFloatWithKnownSemantics(APFloat::IEEEdouble());
    if (failed(rtol))
      return {};
    int64_t ulps;
    Attribute mode;
    if (failed(reader.readSignedVarInt(ulps)) ||
        failed(reader.readAttribute(mode)))
      return {};
    auto m = dyn_cast<shlo::ResultAccuracyModeAttr>(mode);
    if (!m) {
      reader.emitError("result accuracy without a mode");
      return {};
    }
    return shlo::ResultAccuracyAttr::get(c, *atol, *rtol, ulps, m);
  }
  case kSubAxisInfo:
  case kAxisRef:
  case kReplicaGroupMeshAxes:
  case kMeshAxis:
  case kMesh:
    reader.emitError("this artifact uses mesh-axis replica groups (VHLO "
                     "attribute code ")
        << code << "), which jx does not support yet";
    return {};
  default:
    reader.emitError("unknown VHLO attribute code ")
        << code << " (an artifact from a newer StableHLO?)";
    return {};
  }
}

Attribute
VhloBytecodeInterface::readTensor(DialectBytecodeReader &reader) const {
  Type type;
  ArrayRef<char> blob;
  if (failed(reader.readType(type)) || failed(reader.readBlob(blob)))
    return {};
  auto shaped = dyn_cast<RankedTensorType>(type);
  if (!shaped || !shaped.hasStaticShape() ||
      !(shaped.getElementType().isIntOrIndexOrFloat() ||
        isa<ComplexType>(shaped.getElementType()))) {
    reader.emitError("tensor attribute of type ") << type;
    return {};
  }
  int64_t n = shaped.getNumElements();
  if (shaped.getElementType().isInteger(1)) {
    // Booleans travel bit-packed (LSB first), a splat as one byte 0xFF/0x00;
    // older writers used a byte per element.
    SmallVector<bool> values;
    int64_t packed = (n + 7) / 8;
    if (blob.size() == 1 && n > 1) {
      values.push_back(blob[0] != 0);
    } else if ((int64_t)blob.size() == packed && (int64_t)blob.size() != n) {
      for (int64_t i = 0; i < n; ++i)
        values.push_back((blob[i / 8] >> (i % 8)) & 1);
    } else if ((int64_t)blob.size() == n) {
      for (char b : blob)
        values.push_back(b != 0);
    } else {
      reader.emitError("boolean tensor data of ")
          << blob.size() << " bytes for " << n << " elements";
      return {};
    }
    return DenseElementsAttr::get(shaped, values);
  }
  bool splat = false;
  if (!DenseElementsAttr::isValidRawBuffer(shaped, blob, splat)) {
    reader.emitError("tensor data of ")
        << blob.size() << " bytes does not fit " << type;
    return {};
  }
  return DenseElementsAttr::getFromRawBuffer(shaped, blob);
}

Type VhloBytecodeInterface::readType(DialectBytecodeReader &reader) const {
  uint64_t code;
  if (failed(reader.readVarInt(code)))
    return {};

  MLIRContext *c = ctx();
  auto readTypes = [&](SmallVectorImpl<Type> &types) {
    return jx::readBoundedList(reader, types, [&](Type &t) { return reader.readType(t); });
  };
  switch (code) {
  case kBoolean_: return IntegerType::get(c, 1);
  case kBF16: return BFloat16Type::get(c);
  case kF16: return Float16Type::get(c);
  case kF32: return Float32Type::get(c);
  case kF64: return Float64Type::get(c);
  case kTF32: return FloatTF32Type::get(c);
  case kF8E4M3FN: return Float8E4M3FNType::get(c);
  case kF8E5M2: return Float8E5M2Type::get(c);
  case kF8E4M3FNUZ: return Float8E4M3FNUZType::get(c);
  case kF8E5M2FNUZ: return Float8E5M2FNUZType::get(c);
  case kF8E4M3B11FNUZ: return Float8E4M3B11FNUZType::get(c);
  case kF8E4M3: return Float8E4M3Type::get(c);
  case kF8E3M4: return Float8E3M4Type::get(c);
  case kF8E8M0FNU: return Float8E8M0FNUType::get(c);
  case kF4E2M1FN: return Float4E2M1FNType::get(c);
  case kF6E2M3FN: return Float6E2M3FNType::get(c);
  case kF6E3M2FN: return Float6E3M2FNType::get(c);
  case kIndex: return IndexType::get(c);
  case kNone: return NoneType::get(c);
  case kSI2: return IntegerType::get(c, 2);
  case kSI4: return IntegerType::get(c, 4);
  case kSI8: return IntegerType::get(c, 8);
  case kSI16: return IntegerType::get(c, 16);
  case kSI32: return IntegerType::get(c, 32);
  case kSI64: return IntegerType::get(c, 64);
  case kUI2: return IntegerType::get(c, 2, IntegerType::Unsigned);
  case kUI4: return IntegerType::get(c, 4, IntegerType::Unsigned);
  case kUI8: return IntegerType::get(c, 8, IntegerType::Unsigned);
  case kUI16: return IntegerType::get(c, 16, IntegerType::Unsigned);
  case kUI32: return IntegerType::get(c, 32, IntegerType::Unsigned);
  case kUI64: return IntegerType::get(c, 64, IntegerType::Unsigned);
  case kToken: return jx::stablehlo::TokenType::get(c);
  case kComplex: {
    Type element;
    if (failed(reader.readType(element)))
      return {};
    if (!isa<FloatType>(element)) {
      reader.emitError("complex type of ") << element;
      return {};
    }
    return ComplexType::get(element);
  }
  case kFunction: {
    SmallVector<Type> inputs, outputs;
    if (failed(readTypes(inputs)) || failed(readTypes(outputs)))
      return {};
    return FunctionType::get(c, inputs, outputs);
  }
  case kTuple: {
    SmallVector<Type> elements;
    if (failed(readTypes(elements)))
      return {};
    return TupleType::get(c, elements);
  }
  case kRankedTensor:
  case kRankedTensorWithEncoding: {
    Attribute encoding;
    if (code == kRankedTensorWithEncoding &&
        failed(reader.readAttribute(encoding)))
      return {};
    SmallVector<int64_t> shape;
    Type element;
    if (failed(jx::readBoundedSignedVarInts(reader, shape)) ||
        failed(reader.readType(element)))
      return {};
    for (int64_t d : shape)
      if (d < 0 && d != ShapedType::kDynamic) {
        reader.emitError("negative dimension ") << d << " in a tensor type";
        return {};
      }
    if (!(element.isIntOrIndexOrFloat() || isa<ComplexType>(element) ||
          isa<quant::QuantizedType>(element))) {
      reader.emitError("tensor of ") << element;
      return {};
    }
    return RankedTensorType::get(shape, element, encoding);
  }
  case kUnrankedTensor: {
    Type element;
    if (failed(reader.readType(element)))
      return {};
    if (!(element.isIntOrIndexOrFloat() || isa<ComplexType>(element))) {
      reader.emitError("tensor of ") << element;
      return {};
    }
    return UnrankedTensorType::get(element);
  }
  case kUniformQuantized: {
    uint64_t flags;
    Type storage, expressed;
    int64_t zeroPoint, min, max;
    if (failed(reader.readVarInt(flags)) || failed(reader.readType(storage)) ||
        failed(reader.readType(expressed)))
      return {};
    FailureOr<APFloat> scale =
        reader.readAPFloatWithKnownSemantics(APFloat::IEEEdouble());
    if (failed(scale) || failed(reader.readSignedVarInt(zeroPoint)) ||
        failed(reader.readSignedVarInt(min)) ||
        failed(reader.readSignedVarInt(max)))
      return {};
    return quant::UniformQuantizedType::getChecked(
        [&] { return reader.emitError(); }, flags, storage, expressed,
        scale->convertToDouble(), zeroPoint, min, max);
  }
  case kUniformQuantizedPerAxis: {
    // flags, storage and expressed types, the quantized dimension (an
    // unsigned varint), storage min and max, then the scales and the zero
    // points (the order the writer uses).
    uint64_t flags, axis;
    Type storage, expressed;
    int64_t min, max;
    SmallVector<double> scales;
    SmallVector<int64_t> zeroPoints;
    if (failed(reader.readVarInt(flags)) || failed(reader.readType(storage)) ||
        failed(reader.readType(expressed)) || failed(reader.readVarInt(axis)) ||
        failed(reader.readSignedVarInt(min)) ||
        failed(reader.readSignedVarInt(max)))
      return {};
    if (failed(jx::readBoundedList(reader, scales, [&](double &s) -> LogicalResult {
          FailureOr<APFloat> v =
              reader.readAPFloatWithKnownSemantics(APFloat::IEEEdouble());
          if (failed(v))
            return failure();
          s = v->convertToDouble();
          return success();
        })) ||
        failed(jx::readBoundedList(reader, zeroPoints, [&](int64_t &z) {
          return reader.readSignedVarInt(z);
        })))
      return {};
    return quant::UniformQuantizedPerAxisType::getChecked(
        [&] { return reader.emitError(); }, flags, storage, expressed, scales,
        zeroPoints, int32_t(axis), min, max);
  }
  case kWitness:
  case kRankedBuffer:
  case kFuture:
    reader.emitError("VHLO type code ")
        << code << " (witness, buffer or future) is not supported by jx";
    return {};
  default:
    reader.emitError("unknown VHLO type code ")
        << code << " (an artifact from a newer StableHLO?)";
    return {};
  }
}

} // namespace

llvm::ArrayRef<llvm::StringRef> attributeNames(llvm::StringRef opName) {
  auto it = attributeTable().find(opName);
  if (it == attributeTable().end())
    return {};
  return it->second;
}

VhloDialect::VhloDialect(MLIRContext *context)
    : Dialect(getDialectNamespace(), context, TypeID::get<VhloDialect>()) {
  context->getOrLoadDialect<jx::stablehlo::StableHLODialect>();
  context->getOrLoadDialect<quant::QuantDialect>();
  for (const OpInfo &op : kOps) {
    std::string name = (llvm::Twine("vhlo.") + op.name).str();
    RegisteredOperationName::insert(
        std::make_unique<VhloOpModel>(name, this, typeIds.allocate(),
                                      op.terminator),
        {});
  }
  addInterfaces<VhloBytecodeInterface>();
}

VhloDialect::~VhloDialect() = default;

Attribute VhloDialect::parseAttribute(DialectAsmParser &parser, Type) const {
  parser.emitError(parser.getNameLoc(),
                   "vhlo attributes exist only in bytecode; jx reads them as "
                   "builtin and stablehlo attributes");
  return {};
}

Type VhloDialect::parseType(DialectAsmParser &parser) const {
  parser.emitError(parser.getNameLoc(),
                   "vhlo types exist only in bytecode; jx reads them as "
                   "builtin and stablehlo types");
  return {};
}

} // namespace jx::vhlo
