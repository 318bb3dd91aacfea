//===- LinalgOps.cpp - contractions, convolutions, fft, batch_norm --------===//
//
// Verifiers and custom syntax of dot_general, dot, convolution,
// dynamic_conv, fft, triangular_solve, cholesky, the batch_norm ops and the
// deprecated einsum ops. Shape rules are the shared functions of
// InferLinalg.h.
//
//===----------------------------------------------------------------------===//

#include "jx/Dialect/StableHLO/IR/AssemblyFormat.h"
#include "jx/Dialect/StableHLO/IR/InferLinalg.h"
#include "jx/Dialect/StableHLO/IR/StableHLOOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace jx::stablehlo;

namespace {

//===----------------------------------------------------------------------===//
// custom<DotDimensionNumbers>:
//   `batching_dims = [0] x [0], contracting_dims = [2] x [1]`
// The batching part is left out when it is empty.
//===----------------------------------------------------------------------===//

ParseResult parseDimPair(OpAsmParser &parser, SmallVector<int64_t> &lhs,
                         SmallVector<int64_t> &rhs) {
  return failure(parser.parseEqual() || parseDimList(parser, lhs) ||
                 parser.parseKeyword("x") || parseDimList(parser, rhs));
}

ParseResult parseDotDimensionNumbers(OpAsmParser &parser,
                                     DotDimensionNumbersAttr &attr) {
  SmallVector<int64_t> lhsBatch, rhsBatch, lhsContract, rhsContract;
  if (succeeded(parser.parseOptionalKeyword("batching_dims")) &&
      (parseDimPair(parser, lhsBatch, rhsBatch) || parser.parseComma()))
    return failure();
  if (parser.parseKeyword("contracting_dims") ||
      parseDimPair(parser, lhsContract, rhsContract))
    return failure();
  attr = DotDimensionNumbersAttr::get(parser.getContext(), lhsBatch, rhsBatch,
                                      lhsContract, rhsContract);
  return success();
}

void printDotDimensionNumbers(OpAsmPrinter &p, Operation *,
                              DotDimensionNumbersAttr attr) {
  if (!attr.getLhsBatchingDimensions().empty() ||
      !attr.getRhsBatchingDimensions().empty()) {
    p << "batching_dims = ";
    printDimList(p, attr.getLhsBatchingDimensions());
    p << " x ";
    printDimList(p, attr.getRhsBatchingDimensions());
    p << ", ";
  }
  p << "contracting_dims = ";
  printDimList(p, attr.getLhsContractingDimensions());
  p << " x ";
  printDimList(p, attr.getRhsContractingDimensions());
}

//===----------------------------------------------------------------------===//
// custom<PrecisionConfig>: `, precision = [DEFAULT, HIGH]` (or nothing).
// custom<PrecisionConfigAndAlgorithm>: the same, then `, algorithm = <...>`.
//===----------------------------------------------------------------------===//

ParseResult parsePrecisionList(OpAsmParser &parser, ArrayAttr &config) {
  SmallVector<Attribute> values;
  if (parser.parseEqual() ||
      parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            PrecisionAttr value;
            if (parseEnumKeyword(parser, value))
              return failure();
            values.push_back(value);
            return success();
          }))
    return failure();
  config = ArrayAttr::get(parser.getContext(), values);
  return success();
}

void printPrecisionList(OpAsmPrinter &p, ArrayAttr config) {
  p << ", precision = [";
  llvm::interleaveComma(config, p, [&](Attribute a) {
    if (auto precision = dyn_cast<PrecisionAttr>(a))
      p << stringifyEnum(precision.getValue());
    else
      p.printAttribute(a);
  });
  p << ']';
}

ParseResult parsePrecisionConfig(OpAsmParser &parser, ArrayAttr &config) {
  if (failed(parser.parseOptionalComma()))
    return success();
  if (parser.parseKeyword("precision"))
    return failure();
  return parsePrecisionList(parser, config);
}

void printPrecisionConfig(OpAsmPrinter &p, Operation *, ArrayAttr config) {
  if (config && !config.empty())
    printPrecisionList(p, config);
}

ParseResult parsePrecisionConfigAndAlgorithm(OpAsmParser &parser,
                                             ArrayAttr &config,
                                             DotAlgorithmAttr &algorithm) {
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc loc = parser.getCurrentLocation();
    if (!config && succeeded(parser.parseOptionalKeyword("precision"))) {
      if (parsePrecisionList(parser, config))
        return failure();
      continue;
    }
    if (!algorithm && succeeded(parser.parseOptionalKeyword("algorithm"))) {
      if (parser.parseEqual())
        return failure();
      // The pretty form writes the attribute body only: `<lhs_... = ...>`.
      Attribute parsed = DotAlgorithmAttr::parse(parser, Type());
      algorithm = dyn_cast_or_null<DotAlgorithmAttr>(parsed);
      if (!algorithm)
        return failure();
      continue;
    }
    return parser.emitError(loc, "expected 'precision' or 'algorithm'");
  }
  return success();
}

void printPrecisionConfigAndAlgorithm(OpAsmPrinter &p, Operation *,
                                      ArrayAttr config,
                                      DotAlgorithmAttr algorithm) {
  if (config && !config.empty())
    printPrecisionList(p, config);
  if (algorithm) {
    p << ", algorithm = ";
    algorithm.print(p);
  }
}

//===----------------------------------------------------------------------===//
// custom<ConvolutionDimensions>: `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`,
// the body of #stablehlo.conv. Dimension numbers that this layout cannot
// express (repeated or out of range entries) print as the full attribute,
// which parses back too.
//===----------------------------------------------------------------------===//

/// One layout: two lettered roles and numbered spatial dimensions.
struct ConvLayout {
  int64_t first = -1, second = -1;
  SmallVector<int64_t> spatial;
};

/// Parses a layout; its `[` has been consumed when `openConsumed`.
ParseResult parseConvLayoutBody(OpAsmParser &parser, char firstRole,
                                char secondRole, ConvLayout &layout,
                                bool openConsumed = false) {
  SMLoc loc = parser.getCurrentLocation();
  // Position of each numbered spatial dimension, by its number.
  llvm::SmallDenseMap<int64_t, int64_t> spatialPos;
  int64_t pos = 0;
  auto parseEntry = [&]() -> ParseResult {
    SMLoc entryLoc = parser.getCurrentLocation();
    int64_t number;
    OptionalParseResult isNumber = parser.parseOptionalInteger(number);
    if (isNumber.has_value()) {
      if (failed(*isNumber))
        return failure();
      if (number < 0 || !spatialPos.try_emplace(number, pos).second)
        return parser.emitError(entryLoc)
               << "spatial dimension " << number
               << " is negative or appears twice in a convolution layout";
      ++pos;
      return success();
    }
    StringRef role;
    if (parser.parseKeyword(&role))
      return failure();
    int64_t *slot = nullptr;
    if (role.size() == 1 && role[0] == firstRole)
      slot = &layout.first;
    else if (role.size() == 1 && role[0] == secondRole)
      slot = &layout.second;
    if (!slot || *slot >= 0)
      return parser.emitError(entryLoc)
             << "expected '" << firstRole << "', '" << secondRole
             << "' or a spatial dimension number, each once, got '" << role
             << "'";
    *slot = pos++;
    return success();
  };
  if (!openConsumed && parser.parseLSquare())
    return failure();
  if (failed(parser.parseOptionalRSquare())) {
    do {
      if (parseEntry())
        return failure();
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRSquare())
      return failure();
  }
  if (layout.first < 0 || layout.second < 0)
    return parser.emitError(loc) << "convolution layout needs '" << firstRole
                                 << "' and '" << secondRole << "'";
  for (int64_t i = 0, e = spatialPos.size(); i < e; ++i) {
    auto it = spatialPos.find(i);
    if (it == spatialPos.end())
      return parser.emitError(loc)
             << "spatial dimensions of a convolution layout must be numbered "
                "0 to "
             << e - 1;
    layout.spatial.push_back(it->second);
  }
  return success();
}

ParseResult parseConvolutionDimensions(OpAsmParser &parser,
                                       ConvDimensionNumbersAttr &attr) {
  // Full attribute spelling: `#stablehlo.conv<...>`.
  if (failed(parser.parseOptionalLSquare()))
    return parser.parseAttribute(attr);
  ConvLayout input, kernel, output;
  if (parseConvLayoutBody(parser, 'b', 'f', input, /*openConsumed=*/true) ||
      parser.parseKeyword("x") ||
      parseConvLayoutBody(parser, 'i', 'o', kernel) || parser.parseArrow() ||
      parseConvLayoutBody(parser, 'b', 'f', output))
    return failure();
  attr = ConvDimensionNumbersAttr::get(
      parser.getContext(), input.first, input.second, input.spatial,
      kernel.first, kernel.second, kernel.spatial, output.first, output.second,
      output.spatial);
  return success();
}

/// Names each of the `rank` positions after its role, or returns false when
/// the dimension numbers do not describe a permutation.
bool layoutNames(int64_t first, int64_t second, ArrayRef<int64_t> spatial,
                 char firstRole, char secondRole,
                 SmallVectorImpl<std::string> &names) {
  int64_t rank = spatial.size() + 2;
  names.assign(rank, "");
  auto place = [&](int64_t d, std::string name) {
    if (d < 0 || d >= rank || !names[d].empty())
      return false;
    names[d] = std::move(name);
    return true;
  };
  if (!place(first, std::string(1, firstRole)) ||
      !place(second, std::string(1, secondRole)))
    return false;
  for (auto [i, d] : llvm::enumerate(spatial))
    if (!place(d, std::to_string(i)))
      return false;
  return true;
}

void printConvolutionDimensions(OpAsmPrinter &p, Operation *,
                                ConvDimensionNumbersAttr attr) {
  SmallVector<std::string> input, kernel, output;
  if (!layoutNames(attr.getInputBatchDimension(),
                   attr.getInputFeatureDimension(),
                   attr.getInputSpatialDimensions(), 'b', 'f', input) ||
      !layoutNames(attr.getKernelInputFeatureDimension(),
                   attr.getKernelOutputFeatureDimension(),
                   attr.getKernelSpatialDimensions(), 'i', 'o', kernel) ||
      !layoutNames(attr.getOutputBatchDimension(),
                   attr.getOutputFeatureDimension(),
                   attr.getOutputSpatialDimensions(), 'b', 'f', output)) {
    p.printAttribute(attr);
    return;
  }
  auto printLayout = [&](ArrayRef<std::string> names) {
    p << '[';
    llvm::interleaveComma(names, p);
    p << ']';
  };
  printLayout(input);
  p << 'x';
  printLayout(kernel);
  p << "->";
  printLayout(output);
}

//===----------------------------------------------------------------------===//
// custom<WindowAttributes>: `{stride = [1, 1], pad = [[0, 0], [0, 0]],
// lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]}`.
// Every entry is optional; `reverse` also reads 0/1.
//===----------------------------------------------------------------------===//

ParseResult parseWindowAttributes(OpAsmParser &parser,
                                  DenseI64ArrayAttr &strides,
                                  DenseIntElementsAttr &padding,
                                  DenseI64ArrayAttr &lhsDilation,
                                  DenseI64ArrayAttr &rhsDilation,
                                  DenseBoolArrayAttr &reversal) {
  MLIRContext *ctx = parser.getContext();
  llvm::SmallSet<StringRef, 5> seen;
  auto parseI64Array = [&](DenseI64ArrayAttr &attr) -> ParseResult {
    SmallVector<int64_t> values;
    if (parseDimList(parser, values))
      return failure();
    attr = DenseI64ArrayAttr::get(ctx, values);
    return success();
  };
  auto parsePadding = [&]() -> ParseResult {
    if (failed(parser.parseOptionalLSquare()))
      return parser.parseAttribute(padding);
    SmallVector<int64_t> values;
    auto parsePair = [&]() -> ParseResult {
      SMLoc loc = parser.getCurrentLocation();
      SmallVector<int64_t> pair;
      if (parseDimList(parser, pair))
        return failure();
      if (pair.size() != 2)
        return parser.emitError(loc, "expected [low, high] padding, got ")
               << pair.size() << " values";
      llvm::append_range(values, pair);
      return success();
    };
    if (failed(parser.parseOptionalRSquare())) {
      do {
        if (parsePair())
          return failure();
      } while (succeeded(parser.parseOptionalComma()));
      if (parser.parseRSquare())
        return failure();
    }
    auto type = RankedTensorType::get(
        {static_cast<int64_t>(values.size() / 2), 2},
        IntegerType::get(ctx, 64));
    padding = DenseIntElementsAttr::get(type, values);
    return success();
  };
  auto parseReversal = [&]() -> ParseResult {
    SmallVector<bool> flags;
    if (parser.parseCommaSeparatedList(
            AsmParser::Delimiter::Square, [&]() -> ParseResult {
              if (succeeded(parser.parseOptionalKeyword("true"))) {
                flags.push_back(true);
                return success();
              }
              if (succeeded(parser.parseOptionalKeyword("false"))) {
                flags.push_back(false);
                return success();
              }
              SMLoc loc = parser.getCurrentLocation();
              int64_t value;
              if (parser.parseInteger(value))
                return failure();
              if (value != 0 && value != 1)
                return parser.emitError(loc, "expected a boolean, got ")
                       << value;
              flags.push_back(value == 1);
              return success();
            }))
      return failure();
    reversal = DenseBoolArrayAttr::get(ctx, flags);
    return success();
  };
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Braces, [&]() -> ParseResult {
        SMLoc loc = parser.getCurrentLocation();
        StringRef key;
        if (parser.parseKeyword(&key))
          return failure();
        if (!seen.insert(key).second)
          return parser.emitError(loc) << "duplicate window entry '" << key
                                       << "'";
        if (parser.parseEqual())
          return failure();
        if (key == "stride")
          return parseI64Array(strides);
        if (key == "pad")
          return parsePadding();
        if (key == "lhs_dilate")
          return parseI64Array(lhsDilation);
        if (key == "rhs_dilate")
          return parseI64Array(rhsDilation);
        if (key == "reverse")
          return parseReversal();
        return parser.emitError(loc)
               << "unknown window entry '" << key
               << "', expected stride, pad, lhs_dilate, rhs_dilate or reverse";
      });
}

void printWindowAttributes(OpAsmPrinter &p, Operation *,
                           DenseI64ArrayAttr strides,
                           DenseIntElementsAttr padding,
                           DenseI64ArrayAttr lhsDilation,
                           DenseI64ArrayAttr rhsDilation,
                           DenseBoolArrayAttr reversal) {
  p << '{';
  StringRef sep = "";
  auto key = [&](StringRef name) -> OpAsmPrinter & {
    p << sep << name << " = ";
    sep = ", ";
    return p;
  };
  if (strides) {
    key("stride");
    printDimList(p, strides.asArrayRef());
  }
  if (padding) {
    key("pad");
    auto type = padding.getType();
    if (type.getRank() == 2 && type.getDimSize(1) == 2) {
      SmallVector<int64_t> values(padding.getValues<int64_t>());
      p << '[';
      for (size_t i = 0; i < values.size(); i += 2) {
        if (i)
          p << ", ";
        printDimList(p, ArrayRef<int64_t>(values).slice(i, 2));
      }
      p << ']';
    } else {
      p.printAttribute(padding);
    }
  }
  if (lhsDilation) {
    key("lhs_dilate");
    printDimList(p, lhsDilation.asArrayRef());
  }
  if (rhsDilation) {
    key("rhs_dilate");
    printDimList(p, rhsDilation.asArrayRef());
  }
  if (reversal) {
    key("reverse");
    p << '[';
    llvm::interleaveComma(reversal.asArrayRef(), p,
                          [&](bool b) { p << (b ? "true" : "false"); });
    p << ']';
  }
  p << '}';
}

} // namespace

#define GET_OP_CLASSES
#include "jx/Dialect/StableHLO/IR/StableHLOLinalgOps.cpp.inc"

//===----------------------------------------------------------------------===//
// dot_general, dot
//===----------------------------------------------------------------------===//

/// precision_config has no entry or one per operand (<label>).
static LogicalResult verifyPrecisionConfig(Operation *op, ArrayAttr config,
                                           StringRef label) {
  if (!config || config.empty() || config.size() == 2)
    return success();
  return op->emitOpError() << "precision_config must have 2 entries, got "
                           << config.size() << " (" << label << ")";
}

LogicalResult DotGeneralOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  DotDimensionNumbersAttr dims = getDotDimensionNumbers();
  FailureOr<RankedTensorType> inferred = inferDotGeneralOp(
      emitError, getLhs().getType(), getRhs().getType(),
      dims.getLhsBatchingDimensions(), dims.getRhsBatchingDimensions(),
      dims.getLhsContractingDimensions(), dims.getRhsContractingDimensions(),
      getType().getElementType());
  if (failed(inferred))
    return failure();
  // dot_general_c12: shape(result) = dim(lhs, lhs_batching_dimensions) +
  // dim(lhs, lhs_result_dimensions) + dim(rhs, rhs_result_dimensions)
  if (!isCompatibleShape(inferred->getShape(), getType().getShape()))
    return emitOpError() << "result shape " << dimsToString(getType().getShape())
                         << " must be " << dimsToString(inferred->getShape())
                         << " (dot_general_c12)";
  // dot_general_c11: size(precision_config) = 2
  if (failed(verifyPrecisionConfig(*this, getPrecisionConfigAttr(),
                                   "dot_general_c11")))
    return failure();
  if (DotAlgorithmAttr algorithm = getAlgorithmAttr()) {
    // dot_general_c21: with an algorithm, precision_config... = DEFAULT
    if (ArrayAttr config = getPrecisionConfigAttr())
      for (Attribute a : config)
        if (auto p = dyn_cast<PrecisionAttr>(a);
            p && p.getValue() != Precision::DEFAULT)
          return emitOpError() << "precision_config must be DEFAULT when an "
                                  "algorithm is given, got "
                               << stringifyEnum(p.getValue())
                               << " (dot_general_c21)";
    // dot_general_c22..c24: component counts and primitive operations are
    // positive.
    if (algorithm.getLhsComponentCount() <= 0)
      return emitOpError() << "lhs_component_count must be positive, got "
                           << algorithm.getLhsComponentCount()
                           << " (dot_general_c22)";
    if (algorithm.getRhsComponentCount() <= 0)
      return emitOpError() << "rhs_component_count must be positive, got "
                           << algorithm.getRhsComponentCount()
                           << " (dot_general_c23)";
    if (algorithm.getNumPrimitiveOperations() <= 0)
      return emitOpError() << "num_primitive_operations must be positive, got "
                           << algorithm.getNumPrimitiveOperations()
                           << " (dot_general_c24)";
  }
  return success();
}

LogicalResult DotOp::verify() {
  // dot is dot_general contracting the last dimension of lhs with the first
  // of rhs, on vectors and matrices. The spec no longer lists it; its checks
  // cite the dot_general constraints they reduce to.
  RankedTensorType lhs = getLhs().getType(), rhs = getRhs().getType();
  if (lhs.getRank() < 1 || lhs.getRank() > 2 || rhs.getRank() < 1 ||
      rhs.getRank() > 2)
    return emitOpError() << "operands must be vectors or matrices, got ranks "
                         << lhs.getRank() << " and " << rhs.getRank();
  auto emitError = [&] { return emitOpError(); };
  int64_t lhsContract = lhs.getRank() - 1;
  FailureOr<RankedTensorType> inferred =
      inferDotGeneralOp(emitError, lhs, rhs, {}, {}, {lhsContract}, {0},
                        getType().getElementType());
  if (failed(inferred))
    return failure();
  if (!isCompatibleShape(inferred->getShape(), getType().getShape()))
    return emitOpError() << "result shape " << dimsToString(getType().getShape())
                         << " must be " << dimsToString(inferred->getShape())
                         << " (dot_general_c12)";
  return verifyPrecisionConfig(*this, getPrecisionConfigAttr(),
                               "dot_general_c11");
}

//===----------------------------------------------------------------------===//
// convolution, dynamic_conv
//===----------------------------------------------------------------------===//

/// Fills the window part of `config` shared by convolution and dynamic_conv.
template <class ConvOp>
static void getWindowConfig(ConvOp op, ConvolutionConfig &config,
                            SmallVectorImpl<bool> &reversal) {
  if (DenseI64ArrayAttr a = op.getWindowStridesAttr())
    config.windowStrides = a.asArrayRef();
  if (DenseI64ArrayAttr a = op.getLhsDilationAttr())
    config.lhsDilation = a.asArrayRef();
  if (DenseI64ArrayAttr a = op.getRhsDilationAttr())
    config.rhsDilation = a.asArrayRef();
  if (DenseBoolArrayAttr a = op.getWindowReversalAttr()) {
    reversal.assign(a.asArrayRef().begin(), a.asArrayRef().end());
    config.windowReversal = ArrayRef<bool>(reversal);
  }
  config.dimensionNumbers = op.getDimensionNumbers();
  config.featureGroupCount = op.getFeatureGroupCount();
  config.batchGroupCount = op.getBatchGroupCount();
}

/// The checks against the result shared by convolution and dynamic_conv.
static LogicalResult verifyConvolutionResult(Operation *op, StringRef name,
                                             RankedTensorType inferred,
                                             RankedTensorType result,
                                             ArrayAttr precisionConfig) {
  // <op>_c26: rank(result) = N
  if (result.getRank() != inferred.getRank())
    return op->emitOpError()
           << "result rank " << result.getRank() << " must be "
           << inferred.getRank() << " (" << name << "_c26)";
  // <op>_c25: the batch, feature and spatial sizes of the result.
  if (!isCompatibleShape(inferred.getShape(), result.getShape()))
    return op->emitOpError()
           << "result shape " << dimsToString(result.getShape())
           << " must be " << dimsToString(inferred.getShape()) << " ("
           << name << "_c25)";
  // <op>_c24: size(precision_config) = 2
  return verifyPrecisionConfig(op, precisionConfig, (name + "_c24").str());
}

LogicalResult ConvolutionOp::verify() {
  RankedTensorType lhs = getLhs().getType();
  ConvolutionConfig config;
  SmallVector<bool> reversal;
  getWindowConfig(*this, config, reversal);
  SmallVector<std::pair<int64_t, int64_t>> padding;
  if (DenseIntElementsAttr pad = getPaddingAttr()) {
    // convolution_c4: shape(padding) = [N - 2, 2]
    auto type = pad.getType();
    if (type.getRank() != 2 || type.getDimSize(1) != 2 ||
        type.getDimSize(0) != lhs.getRank() - 2)
      return emitOpError() << "padding shape " << dimsToString(type.getShape())
                           << " must be [" << lhs.getRank() - 2
                           << ", 2] (convolution_c4)";
    SmallVector<int64_t> values(pad.getValues<int64_t>());
    for (size_t i = 0; i + 1 < values.size(); i += 2)
      padding.push_back({values[i], values[i + 1]});
    config.padding = ArrayRef(padding);
  }
  auto emitError = [&] { return emitOpError(); };
  FailureOr<RankedTensorType> inferred =
      inferConvolutionOp(emitError, "convolution", lhs, getRhs().getType(),
                         config, getType().getElementType());
  if (failed(inferred))
    return failure();
  return verifyConvolutionResult(*this, "convolution", *inferred, getType(),
                                 getPrecisionConfigAttr());
}

LogicalResult DynamicConvOp::verify() {
  RankedTensorType lhs = getLhs().getType();
  // dynamic_conv_c4: shape(padding) = [N - 2, 2]
  RankedTensorType padType = getPadding().getType();
  if (padType.getRank() != 2 ||
      !isCompatibleDim(padType.getDimSize(0), lhs.getRank() - 2) ||
      !isCompatibleDim(padType.getDimSize(1), 2))
    return emitOpError() << "padding shape "
                         << dimsToString(padType.getShape()) << " must be ["
                         << lhs.getRank() - 2 << ", 2] (dynamic_conv_c4)";
  ConvolutionConfig config;
  SmallVector<bool> reversal;
  getWindowConfig(*this, config, reversal);
  config.paddingIsDynamic = true;
  auto emitError = [&] { return emitOpError(); };
  FailureOr<RankedTensorType> inferred =
      inferConvolutionOp(emitError, "dynamic_conv", lhs, getRhs().getType(),
                         config, getType().getElementType());
  if (failed(inferred))
    return failure();
  return verifyConvolutionResult(*this, "dynamic_conv", *inferred, getType(),
                                 getPrecisionConfigAttr());
}

//===----------------------------------------------------------------------===//
// fft
//===----------------------------------------------------------------------===//

LogicalResult FftOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  ArrayRef<int64_t> length = getFftLength();
  FailureOr<RankedTensorType> inferred =
      inferFftOp(emitError, getOperand().getType(), getFftType(), length);
  if (failed(inferred))
    return failure();
  RankedTensorType result = getType();
  // fft_c2: the result element type follows from fft_type.
  if (result.getElementType() != inferred->getElementType())
    return emitOpError() << stringifyEnum(getFftType())
                         << " of element type "
                         << getOperand().getType().getElementType()
                         << " produces element type "
                         << inferred->getElementType() << ", not "
                         << result.getElementType() << " (fft_c2)";
  // fft_c4: a real result ends in fft_length.
  if (getFftType() == FftType::IRFFT &&
      (result.getRank() < static_cast<int64_t>(length.size()) ||
       !isCompatibleShape(result.getShape().take_back(length.size()), length)))
    return emitOpError() << "result shape " << dimsToString(result.getShape())
                         << " must end in fft_length " << dimsToString(length)
                         << " (fft_c4)";
  // fft_c5: the other dimensions are the operand's; RFFT and IRFFT relate
  // the last ones.
  if (!isCompatibleShape(inferred->getShape(), result.getShape()))
    return emitOpError() << "result shape " << dimsToString(result.getShape())
                         << " must be " << dimsToString(inferred->getShape())
                         << " (fft_c5)";
  return success();
}

//===----------------------------------------------------------------------===//
// triangular_solve, cholesky
//===----------------------------------------------------------------------===//

LogicalResult TriangularSolveOp::verify() {
  // transpose_a is one of NO_TRANSPOSE, TRANSPOSE and ADJOINT (I6).
  if (getTransposeA() == Transpose::TRANSPOSE_INVALID)
    return emitOpError() << "transpose_a must be NO_TRANSPOSE, TRANSPOSE or "
                            "ADJOINT (triangular_solve_I6)";
  auto emitError = [&] { return emitOpError(); };
  FailureOr<RankedTensorType> inferred = inferTriangularSolveOp(
      emitError, getA().getType(), getB().getType(), getLeftSide());
  if (failed(inferred))
    return failure();
  // triangular_solve_c4: baseline_type(b) = baseline_type(result)
  if (!isCompatibleBaselineType(*inferred, getType()))
    return emitOpError() << "result type " << getType()
                         << " must match the type of b " << *inferred
                         << " (triangular_solve_c4)";
  return success();
}

LogicalResult CholeskyOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  FailureOr<RankedTensorType> inferred =
      inferCholeskyOp(emitError, getA().getType());
  if (failed(inferred))
    return failure();
  // cholesky_c1: baseline_type(a) = baseline_type(result)
  if (!isCompatibleBaselineType(*inferred, getType()))
    return emitOpError() << "result type " << getType()
                         << " must match the type of a " << *inferred
                         << " (cholesky_c1)";
  return success();
}

//===----------------------------------------------------------------------===//
// batch_norm_*
//===----------------------------------------------------------------------===//

/// A 1-dimensional result (batch_mean, grad_scale, ...) against the inferred
/// feature vector: its element type under `elementLabel`, its shape under
/// `shapeLabel`.
static LogicalResult verifyFeatureResult(Operation *op, StringRef name,
                                         RankedTensorType inferred,
                                         RankedTensorType actual,
                                         StringRef elementLabel,
                                         StringRef shapeLabel) {
  if (!haveSameBaselineElementType(inferred.getElementType(),
                                   actual.getElementType()))
    return op->emitOpError()
           << name << " element type " << actual.getElementType()
           << " must match operand element type " << inferred.getElementType()
           << " (" << elementLabel << ")";
  if (!isCompatibleShape(inferred.getShape(), actual.getShape()))
    return op->emitOpError()
           << name << " shape " << dimsToString(actual.getShape())
           << " must be " << dimsToString(inferred.getShape()) << " ("
           << shapeLabel << ")";
  return success();
}

LogicalResult BatchNormTrainingOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  auto inferred = inferBatchNormTrainingOp(
      emitError, getOperand().getType(), getScale().getType(),
      getOffset().getType(), getFeatureIndex());
  if (failed(inferred))
    return failure();
  // batch_norm_training_c7: baseline_type(output) = baseline_type(operand)
  if (!isCompatibleBaselineType((*inferred)[0], getOutput().getType()))
    return emitOpError() << "output type " << getOutput().getType()
                         << " must match operand type " << (*inferred)[0]
                         << " (batch_norm_training_c7)";
  // batch_norm_training_c2, c5, c6: batch_mean and batch_var have the
  // operand's element type and dim(operand, feature_index) elements.
  if (failed(verifyFeatureResult(*this, "batch_mean", (*inferred)[1],
                                 getBatchMean().getType(),
                                 "batch_norm_training_c2",
                                 "batch_norm_training_c5")) ||
      failed(verifyFeatureResult(*this, "batch_var", (*inferred)[2],
                                 getBatchVar().getType(),
                                 "batch_norm_training_c2",
                                 "batch_norm_training_c6")))
    return failure();
  return success();
}

LogicalResult BatchNormInferenceOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  auto inferred = inferBatchNormInferenceOp(
      emitError, getOperand().getType(), getScale().getType(),
      getOffset().getType(), getMean().getType(), getVariance().getType(),
      getFeatureIndex());
  if (failed(inferred))
    return failure();
  // batch_norm_inference_c7: baseline_type(operand) = baseline_type(result)
  if (!isCompatibleBaselineType(*inferred, getType()))
    return emitOpError() << "result type " << getType()
                         << " must match operand type " << *inferred
                         << " (batch_norm_inference_c7)";
  return success();
}

LogicalResult BatchNormGradOp::verify() {
  auto emitError = [&] { return emitOpError(); };
  auto inferred = inferBatchNormGradOp(
      emitError, getOperand().getType(), getScale().getType(),
      getMean().getType(), getVariance().getType(), getGradOutput().getType(),
      getFeatureIndex());
  if (failed(inferred))
    return failure();
  RankedTensorType gradOperand = getGradOperand().getType();
  // batch_norm_grad_c2: grad_operand has the operand's element type.
  if (!haveSameBaselineElementType((*inferred)[0].getElementType(),
                                   gradOperand.getElementType()))
    return emitOpError() << "grad_operand element type "
                         << gradOperand.getElementType()
                         << " must match operand element type "
                         << (*inferred)[0].getElementType()
                         << " (batch_norm_grad_c2)";
  // batch_norm_grad_c3: grad_operand has the operand's shape.
  if (!isCompatibleShape((*inferred)[0].getShape(), gradOperand.getShape()))
    return emitOpError() << "grad_operand shape "
                         << dimsToString(gradOperand.getShape())
                         << " must match operand shape "
                         << dimsToString((*inferred)[0].getShape())
                         << " (batch_norm_grad_c3)";
  // batch_norm_grad_c2, c4: grad_scale and grad_offset are like scale.
  if (failed(verifyFeatureResult(*this, "grad_scale", (*inferred)[1],
                                 getGradScale().getType(),
                                 "batch_norm_grad_c2", "batch_norm_grad_c4")) ||
      failed(verifyFeatureResult(*this, "grad_offset", (*inferred)[2],
                                 getGradOffset().getType(),
                                 "batch_norm_grad_c2", "batch_norm_grad_c4")))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// einsum, unary_einsum
//===----------------------------------------------------------------------===//

/// The config names `inputs` operands before `->`: "ab,bc->ac" for einsum,
/// "ab->a" for unary_einsum. These deprecated ops are not in the spec, so
/// the check cites no label.
static LogicalResult verifyEinsumConfig(Operation *op, StringRef config,
                                        size_t inputs) {
  size_t arrow = config.find("->");
  if (arrow == StringRef::npos ||
      config.take_front(arrow).count(',') + 1 != inputs)
    return op->emitOpError()
           << "einsum_config \"" << config << "\" must have the form "
           << (inputs == 1 ? "\"in->out\"" : "\"lhs,rhs->out\"");
  return success();
}

LogicalResult EinsumOp::verify() {
  return verifyEinsumConfig(*this, getEinsumConfig(), 2);
}

LogicalResult UnaryEinsumOp::verify() {
  return verifyEinsumConfig(*this, getEinsumConfig(), 1);
}
