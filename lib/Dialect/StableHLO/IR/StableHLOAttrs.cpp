//===- StableHLOAttrs.cpp - stablehlo enums and struct attributes ---------===//
//
// Hand-written syntax of the struct attributes. Fields parse in any order;
// printing follows the order of the spec and leaves out empty lists.
//
//===----------------------------------------------------------------------===//

#include "jx/Dialect/StableHLO/IR/AssemblyFormat.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace jx::stablehlo;

#include "jx/Dialect/StableHLO/IR/StableHLOEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLOAttrs.cpp.inc"

void StableHLODialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "jx/Dialect/StableHLO/IR/StableHLOAttrs.cpp.inc"
      >();
}

namespace {

/// Builds the StructField that parses `[1, 2]` into `dims`.
StructField dimsField(AsmParser &parser, StringRef name,
                      SmallVector<int64_t> &dims) {
  return {name, [&parser, &dims]() { return parseDimList(parser, dims); }};
}

StructField intField(AsmParser &parser, StringRef name, int64_t &value) {
  return {name, [&parser, &value]() { return parser.parseInteger(value); }};
}

/// Prints `, name = [..]` (or without the leading comma for the first field)
/// when `dims` is not empty, or always when `always` is set.
class StructPrinter {
public:
  explicit StructPrinter(AsmPrinter &p) : p(p) { p << '<'; }
  ~StructPrinter() { p << '>'; }
  void dims(StringRef name, ArrayRef<int64_t> values, bool always = false) {
    if (values.empty() && !always)
      return;
    key(name);
    printDimList(p, values);
  }
  template <class T> void value(StringRef name, const T &v) {
    key(name);
    p << v;
  }
  AsmPrinter &key(StringRef name) {
    if (!first)
      p << ", ";
    first = false;
    return p << name << " = ";
  }

private:
  AsmPrinter &p;
  bool first = true;
};

} // namespace

//===----------------------------------------------------------------------===//
// #stablehlo.scatter / #stablehlo.gather / #stablehlo.dot
//===----------------------------------------------------------------------===//

Attribute ScatterDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> updateWindow, inserted, inputBatching, indicesBatching,
      toOperand;
  int64_t indexVectorDim = 0;
  if (parseStruct(parser, "scatter",
                  {dimsField(parser, "update_window_dims", updateWindow),
                   dimsField(parser, "inserted_window_dims", inserted),
                   dimsField(parser, "input_batching_dims", inputBatching),
                   dimsField(parser, "scatter_indices_batching_dims",
                             indicesBatching),
                   dimsField(parser, "scatter_dims_to_operand_dims", toOperand),
                   intField(parser, "index_vector_dim", indexVectorDim)}))
    return {};
  return get(parser.getContext(), updateWindow, inserted, inputBatching,
             indicesBatching, toOperand, indexVectorDim);
}

void ScatterDimensionNumbersAttr::print(AsmPrinter &p) const {
  StructPrinter s(p);
  s.dims("update_window_dims", getUpdateWindowDims());
  s.dims("inserted_window_dims", getInsertedWindowDims());
  s.dims("input_batching_dims", getInputBatchingDims());
  s.dims("scatter_indices_batching_dims", getScatterIndicesBatchingDims());
  s.dims("scatter_dims_to_operand_dims", getScatterDimsToOperandDims());
  s.value("index_vector_dim", getIndexVectorDim());
}

Attribute GatherDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> offset, collapsed, operandBatching, indicesBatching,
      startIndexMap;
  int64_t indexVectorDim = 0;
  if (parseStruct(parser, "gather",
                  {dimsField(parser, "offset_dims", offset),
                   dimsField(parser, "collapsed_slice_dims", collapsed),
                   dimsField(parser, "operand_batching_dims", operandBatching),
                   dimsField(parser, "start_indices_batching_dims",
                             indicesBatching),
                   dimsField(parser, "start_index_map", startIndexMap),
                   intField(parser, "index_vector_dim", indexVectorDim)}))
    return {};
  return get(parser.getContext(), offset, collapsed, operandBatching,
             indicesBatching, startIndexMap, indexVectorDim);
}

void GatherDimensionNumbersAttr::print(AsmPrinter &p) const {
  StructPrinter s(p);
  s.dims("offset_dims", getOffsetDims());
  s.dims("collapsed_slice_dims", getCollapsedSliceDims());
  s.dims("operand_batching_dims", getOperandBatchingDims());
  s.dims("start_indices_batching_dims", getStartIndicesBatchingDims());
  s.dims("start_index_map", getStartIndexMap());
  s.value("index_vector_dim", getIndexVectorDim());
}

Attribute DotDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> lhsBatch, rhsBatch, lhsContract, rhsContract;
  if (parseStruct(
          parser, "dot",
          {dimsField(parser, "lhs_batching_dimensions", lhsBatch),
           dimsField(parser, "rhs_batching_dimensions", rhsBatch),
           dimsField(parser, "lhs_contracting_dimensions", lhsContract),
           dimsField(parser, "rhs_contracting_dimensions", rhsContract)}))
    return {};
  return get(parser.getContext(), lhsBatch, rhsBatch, lhsContract,
             rhsContract);
}

void DotDimensionNumbersAttr::print(AsmPrinter &p) const {
  StructPrinter s(p);
  s.dims("lhs_batching_dimensions", getLhsBatchingDimensions());
  s.dims("rhs_batching_dimensions", getRhsBatchingDimensions());
  s.dims("lhs_contracting_dimensions", getLhsContractingDimensions());
  s.dims("rhs_contracting_dimensions", getRhsContractingDimensions());
}

//===----------------------------------------------------------------------===//
// #stablehlo.dot_algorithm
//===----------------------------------------------------------------------===//

Attribute DotAlgorithmAttr::parse(AsmParser &parser, Type) {
  Type lhsType, rhsType, accType;
  int64_t lhsCount = 1, rhsCount = 1, numOps = 1;
  bool allowImprecise = false;
  auto typeField = [&](StringRef name, Type &t) {
    return StructField{name, [&parser, &t]() { return parser.parseType(t); }};
  };
  if (parseStruct(
          parser, "dot_algorithm",
          {typeField("lhs_precision_type", lhsType),
           typeField("rhs_precision_type", rhsType),
           typeField("accumulation_type", accType),
           intField(parser, "lhs_component_count", lhsCount),
           intField(parser, "rhs_component_count", rhsCount),
           intField(parser, "num_primitive_operations", numOps),
           {"allow_imprecise_accumulation", [&]() -> ParseResult {
              if (succeeded(parser.parseOptionalKeyword("true"))) {
                allowImprecise = true;
                return success();
              }
              return parser.parseKeyword("false");
            }}}))
    return {};
  if (!lhsType || !rhsType || !accType) {
    parser.emitError(parser.getCurrentLocation())
        << "#stablehlo.dot_algorithm needs lhs_precision_type, "
           "rhs_precision_type and accumulation_type";
    return {};
  }
  return get(parser.getContext(), lhsType, rhsType, accType, lhsCount,
             rhsCount, numOps, allowImprecise);
}

void DotAlgorithmAttr::print(AsmPrinter &p) const {
  StructPrinter s(p);
  s.value("lhs_precision_type", getLhsPrecisionType());
  s.value("rhs_precision_type", getRhsPrecisionType());
  s.value("accumulation_type", getAccumulationType());
  s.value("lhs_component_count", getLhsComponentCount());
  s.value("rhs_component_count", getRhsComponentCount());
  s.value("num_primitive_operations", getNumPrimitiveOperations());
  s.key("allow_imprecise_accumulation")
      << (getAllowImpreciseAccumulation() ? "true" : "false");
}

//===----------------------------------------------------------------------===//
// #stablehlo.conv: `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`, or
// `raw input_batch_dimension = 0, ...` with every field spelled out.
//===----------------------------------------------------------------------===//

namespace {

/// Parses one bracketed layout such as `[b, 0, 1, f]`. `roles` are the two
/// letters allowed (b/f for input and output, i/o for the kernel); the
/// numbered entries are the spatial dimensions, in spatial order.
ParseResult parseConvLayout(AsmParser &parser, char role0, char role1,
                            int64_t &dim0, int64_t &dim1,
                            SmallVector<int64_t> &spatial) {
  SMLoc loc = parser.getCurrentLocation();
  dim0 = dim1 = -1;
  SmallVector<std::pair<int64_t, int64_t>> spatialAt; // (spatial index, dim)
  int64_t pos = 0;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            SMLoc itemLoc = parser.getCurrentLocation();
            int64_t index;
            OptionalParseResult isInt = parser.parseOptionalInteger(index);
            if (isInt.has_value()) {
              if (failed(*isInt))
                return failure();
              spatialAt.push_back({index, pos++});
              return success();
            }
            StringRef key;
            if (parser.parseKeyword(&key))
              return failure();
            if (key.size() == 1 && key[0] == role0 && dim0 < 0)
              dim0 = pos++;
            else if (key.size() == 1 && key[0] == role1 && dim1 < 0)
              dim1 = pos++;
            else
              return parser.emitError(itemLoc)
                     << "unexpected '" << key << "' in convolution layout, "
                     << "expected '" << role0 << "', '" << role1
                     << "' or a spatial dimension number";
            return success();
          }))
    return failure();
  if (dim0 < 0 || dim1 < 0)
    return parser.emitError(loc) << "convolution layout must name '" << role0
                                 << "' and '" << role1 << "'";
  llvm::sort(spatialAt);
  for (auto [i, entry] : llvm::enumerate(spatialAt)) {
    if (entry.first != static_cast<int64_t>(i))
      return parser.emitError(loc)
             << "spatial dimensions of a convolution layout must be numbered "
                "0.." << spatialAt.size() - 1;
    spatial.push_back(entry.second);
  }
  return success();
}

void printConvLayout(AsmPrinter &p, char role0, char role1, int64_t dim0,
                     int64_t dim1, ArrayRef<int64_t> spatial) {
  int64_t rank = 2 + spatial.size();
  SmallVector<std::string> names(rank, "?");
  if (dim0 >= 0 && dim0 < rank)
    names[dim0] = std::string(1, role0);
  if (dim1 >= 0 && dim1 < rank)
    names[dim1] = std::string(1, role1);
  for (auto [i, d] : llvm::enumerate(spatial))
    if (d >= 0 && d < rank)
      names[d] = std::to_string(i);
  p << '[';
  llvm::interleaveComma(names, p);
  p << ']';
}

/// True when the dimension numbers name each dimension exactly once, so the
/// compact `[b, 0, f]x...` form can represent them.
bool isCompactConvLayout(int64_t dim0, int64_t dim1, ArrayRef<int64_t> spatial) {
  int64_t rank = 2 + spatial.size();
  SmallVector<bool> used(rank, false);
  auto use = [&](int64_t d) {
    if (d < 0 || d >= rank || used[d])
      return false;
    return used[d] = true;
  };
  if (!use(dim0) || !use(dim1))
    return false;
  return llvm::all_of(spatial, use);
}

} // namespace

Attribute ConvDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  int64_t inBatch = -1, inFeature = -1, kIn = -1, kOut = -1, outBatch = -1,
          outFeature = -1;
  SmallVector<int64_t> inSpatial, kSpatial, outSpatial;
  if (parser.parseLess())
    return {};
  if (succeeded(parser.parseOptionalKeyword("raw"))) {
    auto fields = {
        intField(parser, "input_batch_dimension", inBatch),
        intField(parser, "input_feature_dimension", inFeature),
        dimsField(parser, "input_spatial_dimensions", inSpatial),
        intField(parser, "kernel_input_feature_dimension", kIn),
        intField(parser, "kernel_output_feature_dimension", kOut),
        dimsField(parser, "kernel_spatial_dimensions", kSpatial),
        intField(parser, "output_batch_dimension", outBatch),
        intField(parser, "output_feature_dimension", outFeature),
        dimsField(parser, "output_spatial_dimensions", outSpatial)};
    // Reuse the struct parser for the field list; it wants its own `<`.
    llvm::SmallSet<StringRef, 9> seen;
    if (parser.parseCommaSeparatedList([&]() -> ParseResult {
          SMLoc loc = parser.getCurrentLocation();
          StringRef key;
          if (parser.parseKeyword(&key))
            return failure();
          for (const StructField &f : fields)
            if (f.name == key) {
              if (!seen.insert(key).second)
                return parser.emitError(loc) << "duplicate field '" << key
                                             << "' in #stablehlo.conv";
              return failure(parser.parseEqual() || f.parse());
            }
          return parser.emitError(loc)
                 << "unknown field '" << key << "' in #stablehlo.conv";
        }) ||
        parser.parseGreater())
      return {};
  } else {
    if (parseConvLayout(parser, 'b', 'f', inBatch, inFeature, inSpatial) ||
        parser.parseKeyword("x") ||
        parseConvLayout(parser, 'i', 'o', kIn, kOut, kSpatial) ||
        parser.parseArrow() ||
        parseConvLayout(parser, 'b', 'f', outBatch, outFeature, outSpatial) ||
        parser.parseGreater())
      return {};
  }
  return get(parser.getContext(), inBatch, inFeature, inSpatial, kIn, kOut,
             kSpatial, outBatch, outFeature, outSpatial);
}

void ConvDimensionNumbersAttr::print(AsmPrinter &p) const {
  p << '<';
  bool compact =
      isCompactConvLayout(getInputBatchDimension(), getInputFeatureDimension(),
                          getInputSpatialDimensions()) &&
      isCompactConvLayout(getKernelInputFeatureDimension(),
                          getKernelOutputFeatureDimension(),
                          getKernelSpatialDimensions()) &&
      isCompactConvLayout(getOutputBatchDimension(),
                          getOutputFeatureDimension(),
                          getOutputSpatialDimensions());
  if (compact) {
    printConvLayout(p, 'b', 'f', getInputBatchDimension(),
                    getInputFeatureDimension(), getInputSpatialDimensions());
    p << 'x';
    printConvLayout(p, 'i', 'o', getKernelInputFeatureDimension(),
                    getKernelOutputFeatureDimension(),
                    getKernelSpatialDimensions());
    p << "->";
    printConvLayout(p, 'b', 'f', getOutputBatchDimension(),
                    getOutputFeatureDimension(), getOutputSpatialDimensions());
    p << '>';
    return;
  }
  p << "raw input_batch_dimension = " << getInputBatchDimension()
    << ", input_feature_dimension = " << getInputFeatureDimension()
    << ", input_spatial_dimensions = ";
  printDimList(p, getInputSpatialDimensions());
  p << ", kernel_input_feature_dimension = " << getKernelInputFeatureDimension()
    << ", kernel_output_feature_dimension = "
    << getKernelOutputFeatureDimension() << ", kernel_spatial_dimensions = ";
  printDimList(p, getKernelSpatialDimensions());
  p << ", output_batch_dimension = " << getOutputBatchDimension()
    << ", output_feature_dimension = " << getOutputFeatureDimension()
    << ", output_spatial_dimensions = ";
  printDimList(p, getOutputSpatialDimensions());
  p << '>';
}

//===----------------------------------------------------------------------===//
// #stablehlo.channel_handle / output_operand_alias / type_extensions
//===----------------------------------------------------------------------===//

Attribute ChannelHandleAttr::parse(AsmParser &parser, Type) {
  int64_t handle = 0, type = 0;
  if (parseStruct(parser, "channel_handle",
                  {intField(parser, "handle", handle),
                   intField(parser, "type", type)}))
    return {};
  return get(parser.getContext(), handle, type);
}

void ChannelHandleAttr::print(AsmPrinter &p) const {
  StructPrinter s(p);
  s.value("handle", getHandle());
  s.value("type", getType());
}

Attribute OutputOperandAliasAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> outputIndices, operandIndices;
  int64_t operandIndex = 0;
  if (parseStruct(parser, "output_operand_alias",
                  {dimsField(parser, "output_tuple_indices", outputIndices),
                   intField(parser, "operand_index", operandIndex),
                   dimsField(parser, "operand_tuple_indices", operandIndices)}))
    return {};
  return get(parser.getContext(), outputIndices, operandIndex, operandIndices);
}

void OutputOperandAliasAttr::print(AsmPrinter &p) const {
  StructPrinter s(p);
  s.dims("output_tuple_indices", getOutputTupleIndices(), /*always=*/true);
  s.value("operand_index", getOperandIndex());
  s.dims("operand_tuple_indices", getOperandTupleIndices(), /*always=*/true);
}

Attribute TypeExtensionsAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> bounds;
  if (parseStruct(parser, "type_extensions",
                  {{"bounds", [&]() {
                      return parseDimList(parser, bounds,
                                          /*allowDynamic=*/true);
                    }}}))
    return {};
  return get(parser.getContext(), bounds);
}

void TypeExtensionsAttr::print(AsmPrinter &p) const {
  StructPrinter s(p);
  s.dims("bounds", getBounds(), /*always=*/true);
}

//===----------------------------------------------------------------------===//
// #stablehlo.result_accuracy
//===----------------------------------------------------------------------===//

Attribute ResultAccuracyAttr::parse(AsmParser &parser, Type) {
  double atol = 0, rtol = 0;
  int64_t ulps = 0;
  ResultAccuracyModeAttr mode;
  if (parseStruct(parser, "result_accuracy",
                  {{"atol", [&]() { return parser.parseFloat(atol); }},
                   {"rtol", [&]() { return parser.parseFloat(rtol); }},
                   intField(parser, "ulps", ulps),
                   {"mode", [&]() { return parser.parseAttribute(mode); }}}))
    return {};
  if (!mode)
    mode = ResultAccuracyModeAttr::get(parser.getContext(),
                                       ResultAccuracyMode::DEFAULT);
  return get(parser.getContext(), APFloat(atol), APFloat(rtol), ulps, mode);
}

void ResultAccuracyAttr::print(AsmPrinter &p) const {
  StructPrinter s(p);
  s.value("atol", getAtol());
  s.value("rtol", getRtol());
  s.value("ulps", getUlps());
  s.value("mode", getMode());
}
