//===- StableHLOAttrs.td - stablehlo enums and attributes ---*- tablegen -*-===//
//
// Enums print as `#stablehlo<comparison_direction LT>` and struct attributes
// as `#stablehlo.dot<lhs_batching_dimensions = [0], ...>`, the spellings that
// upstream tools write. Struct attributes have hand-written parsers that
// accept their fields in any order and omit the empty ones when printing.
//
//===----------------------------------------------------------------------===//

#ifndef JX_STABLEHLO_ATTRS
#define JX_STABLEHLO_ATTRS

include "jx/Dialect/StableHLO/IR/StableHLOBase.td"

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

class StableHLO_Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::jx::stablehlo";
}

def StableHLO_ComparisonDirection : StableHLO_Enum<"ComparisonDirection",
    "comparison direction", [
  I32EnumAttrCase<"EQ", 0>, I32EnumAttrCase<"NE", 1>, I32EnumAttrCase<"GE", 2>,
  I32EnumAttrCase<"GT", 3>, I32EnumAttrCase<"LE", 4>, I32EnumAttrCase<"LT", 5>]>;
def StableHLO_ComparisonDirectionAttr : EnumAttr<StableHLO_Dialect,
    StableHLO_ComparisonDirection, "comparison_direction">;

def StableHLO_ComparisonType : StableHLO_Enum<"ComparisonType",
    "comparison type", [
  I32EnumAttrCase<"NOTYPE", 0>, I32EnumAttrCase<"FLOAT", 1>,
  I32EnumAttrCase<"TOTALORDER", 2>, I32EnumAttrCase<"SIGNED", 3>,
  I32EnumAttrCase<"UNSIGNED", 4>]>;
def StableHLO_ComparisonTypeAttr : EnumAttr<StableHLO_Dialect,
    StableHLO_ComparisonType, "comparison_type">;

def StableHLO_Precision : StableHLO_Enum<"Precision", "precision", [
  I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGH", 1>,
  I32EnumAttrCase<"HIGHEST", 2>]>;
def StableHLO_PrecisionAttr : EnumAttr<StableHLO_Dialect, StableHLO_Precision,
    "precision">;
def StableHLO_PrecisionConfigAttr : TypedArrayAttrBase<StableHLO_PrecisionAttr,
    "precision config">;

def StableHLO_FftType : StableHLO_Enum<"FftType", "fft type", [
  I32EnumAttrCase<"FFT", 0>, I32EnumAttrCase<"IFFT", 1>,
  I32EnumAttrCase<"RFFT", 2>, I32EnumAttrCase<"IRFFT", 3>]>;
def StableHLO_FftTypeAttr : EnumAttr<StableHLO_Dialect, StableHLO_FftType,
    "fft_type">;

def StableHLO_Transpose : StableHLO_Enum<"Transpose", "transpose", [
  I32EnumAttrCase<"TRANSPOSE_INVALID", 0>, I32EnumAttrCase<"NO_TRANSPOSE", 1>,
  I32EnumAttrCase<"TRANSPOSE", 2>, I32EnumAttrCase<"ADJOINT", 3>]>;
def StableHLO_TransposeAttr : EnumAttr<StableHLO_Dialect, StableHLO_Transpose,
    "transpose">;

def StableHLO_RngDistribution : StableHLO_Enum<"RngDistribution",
    "rng distribution", [
  I32EnumAttrCase<"UNIFORM", 1>, I32EnumAttrCase<"NORMAL", 2>]>;
def StableHLO_RngDistributionAttr : EnumAttr<StableHLO_Dialect,
    StableHLO_RngDistribution, "rng_distribution">;

def StableHLO_RngAlgorithm : StableHLO_Enum<"RngAlgorithm", "rng algorithm", [
  I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"THREE_FRY", 1>,
  I32EnumAttrCase<"PHILOX", 2>]>;
def StableHLO_RngAlgorithmAttr : EnumAttr<StableHLO_Dialect,
    StableHLO_RngAlgorithm, "rng_algorithm">;

def StableHLO_ResultAccuracyMode : StableHLO_Enum<"ResultAccuracyMode",
    "result accuracy mode", [
  I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGHEST", 1>,
  I32EnumAttrCase<"TOLERANCE", 2>]>;
def StableHLO_ResultAccuracyModeAttr : EnumAttr<StableHLO_Dialect,
    StableHLO_ResultAccuracyMode, "result_accuracy_mode"> {
  let assemblyFormat = "`<` $value `>`";
}

// custom_call's api_version is stored as a plain i32 (`api_version = 2 : i32`).
def StableHLO_CustomCallApiVersionAttr : I32EnumAttr<"CustomCallApiVersion",
    "custom call API version", [
  I32EnumAttrCase<"API_VERSION_UNSPECIFIED", 0>,
  I32EnumAttrCase<"API_VERSION_ORIGINAL", 1>,
  I32EnumAttrCase<"API_VERSION_STATUS_RETURNING", 2>,
  I32EnumAttrCase<"API_VERSION_STATUS_RETURNING_UNIFIED", 3>,
  I32EnumAttrCase<"API_VERSION_TYPED_FFI", 4>]> {
  let cppNamespace = "::jx::stablehlo";
}

//===----------------------------------------------------------------------===//
// Struct attributes
//===----------------------------------------------------------------------===//

class StableHLO_Attr<string name, string attrMnemonic>
    : AttrDef<StableHLO_Dialect, name> {
  let mnemonic = attrMnemonic;
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_ScatterDimensionNumbers : StableHLO_Attr<"ScatterDimensionNumbers", "scatter"> {
  let summary = "dimension numbers of scatter";
  let parameters = (ins
    OptionalArrayRefParameter<"int64_t">:$updateWindowDims,
    OptionalArrayRefParameter<"int64_t">:$insertedWindowDims,
    OptionalArrayRefParameter<"int64_t">:$inputBatchingDims,
    OptionalArrayRefParameter<"int64_t">:$scatterIndicesBatchingDims,
    OptionalArrayRefParameter<"int64_t">:$scatterDimsToOperandDims,
    "int64_t":$indexVectorDim);
}

def StableHLO_GatherDimensionNumbers : StableHLO_Attr<"GatherDimensionNumbers", "gather"> {
  let summary = "dimension numbers of gather";
  let parameters = (ins
    OptionalArrayRefParameter<"int64_t">:$offsetDims,
    OptionalArrayRefParameter<"int64_t">:$collapsedSliceDims,
    OptionalArrayRefParameter<"int64_t">:$operandBatchingDims,
    OptionalArrayRefParameter<"int64_t">:$startIndicesBatchingDims,
    OptionalArrayRefParameter<"int64_t">:$startIndexMap,
    "int64_t":$indexVectorDim);
}

def StableHLO_DotDimensionNumbers : StableHLO_Attr<"DotDimensionNumbers", "dot"> {
  let summary = "dimension numbers of dot_general";
  let parameters = (ins
    OptionalArrayRefParameter<"int64_t">:$lhsBatchingDimensions,
    OptionalArrayRefParameter<"int64_t">:$rhsBatchingDimensions,
    OptionalArrayRefParameter<"int64_t">:$lhsContractingDimensions,
    OptionalArrayRefParameter<"int64_t">:$rhsContractingDimensions);
}

def StableHLO_DotAlgorithm : StableHLO_Attr<"DotAlgorithm", "dot_algorithm"> {
  let summary = "algorithm of dot_general";
  let parameters = (ins
    "::mlir::Type":$lhsPrecisionType,
    "::mlir::Type":$rhsPrecisionType,
    "::mlir::Type":$accumulationType,
    "int64_t":$lhsComponentCount,
    "int64_t":$rhsComponentCount,
    "int64_t":$numPrimitiveOperations,
    "bool":$allowImpreciseAccumulation);
}

def StableHLO_ConvDimensionNumbers : StableHLO_Attr<"ConvDimensionNumbers", "conv"> {
  let summary = "dimension numbers of convolution";
  let parameters = (ins
    "int64_t":$inputBatchDimension,
    "int64_t":$inputFeatureDimension,
    OptionalArrayRefParameter<"int64_t">:$inputSpatialDimensions,
    "int64_t":$kernelInputFeatureDimension,
    "int64_t":$kernelOutputFeatureDimension,
    OptionalArrayRefParameter<"int64_t">:$kernelSpatialDimensions,
    "int64_t":$outputBatchDimension,
    "int64_t":$outputFeatureDimension,
    OptionalArrayRefParameter<"int64_t">:$outputSpatialDimensions);
}

def StableHLO_ChannelHandle : StableHLO_Attr<"ChannelHandle", "channel_handle"> {
  let summary = "channel handle of a collective or send/recv";
  let parameters = (ins "int64_t":$handle, "int64_t":$type);
}

def StableHLO_OutputOperandAlias : StableHLO_Attr<"OutputOperandAlias",
    "output_operand_alias"> {
  let summary = "aliasing between a custom_call output and an operand";
  let parameters = (ins
    OptionalArrayRefParameter<"int64_t">:$outputTupleIndices,
    "int64_t":$operandIndex,
    OptionalArrayRefParameter<"int64_t">:$operandTupleIndices);
}

def StableHLO_TypeExtensions : StableHLO_Attr<"TypeExtensions", "type_extensions"> {
  let summary = "bounds of dynamic dimensions, as a tensor encoding";
  // A static dimension's entry is ShapedType::kDynamic and prints as `?`.
  let parameters = (ins ArrayRefParameter<"int64_t">:$bounds);
}

def StableHLO_ResultAccuracy : StableHLO_Attr<"ResultAccuracy", "result_accuracy"> {
  let summary = "requested accuracy of a transcendental op";
  let parameters = (ins
    "::llvm::APFloat":$atol,
    "::llvm::APFloat":$rtol,
    "int64_t":$ulps,
    "::jx::stablehlo::ResultAccuracyModeAttr":$mode);
}

def StableHLO_ArrayOfOutputOperandAlias : TypedArrayAttrBase<
    StableHLO_OutputOperandAlias, "output operand aliases">;

#endif // JX_STABLEHLO_ATTRS
