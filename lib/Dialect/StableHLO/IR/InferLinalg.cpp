//===- InferLinalg.cpp - shape functions of the linalg ops ----------------===//
//
// Every check cites the label of the spec constraint it implements. Sizes
// are compared modulo dynamism; a dynamic input dimension gives a dynamic
// result dimension.
//
//===----------------------------------------------------------------------===//

#include "jx/Dialect/StableHLO/IR/InferLinalg.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace jx::stablehlo {

namespace {

std::string label(StringRef opName, StringRef constraint) {
  return (opName + "_" + constraint).str();
}

quant::QuantizedType quantOf(Type type) {
  return dyn_cast<quant::QuantizedType>(getElementTypeOrSelf(type));
}

bool isPerTensor(Type type) {
  return isa<quant::UniformQuantizedType>(getElementTypeOrSelf(type));
}

/// dim(t, d) for a dimension number already checked to be in range.
int64_t dimOf(RankedTensorType t, int64_t d) { return t.getDimSize(d); }

/// `a` and `b` compatible, the static one when only one is.
int64_t mergeDims(int64_t a, int64_t b) {
  return ShapedType::isDynamic(a) ? b : a;
}

std::string dimStr(int64_t d) {
  return ShapedType::isDynamic(d) ? std::string("?") : std::to_string(d);
}

} // namespace

//===----------------------------------------------------------------------===//
// dot_general
//===----------------------------------------------------------------------===//

FailureOr<RankedTensorType>
inferDotGeneralOp(EmitErrorFn emitError, RankedTensorType lhs,
                  RankedTensorType rhs, ArrayRef<int64_t> lhsBatchingDims,
                  ArrayRef<int64_t> rhsBatchingDims,
                  ArrayRef<int64_t> lhsContractingDims,
                  ArrayRef<int64_t> rhsContractingDims,
                  Type resultElementType) {
  // dot_general_c1: size(lhs_batching_dimensions) = size(rhs_batching_dimensions)
  if (lhsBatchingDims.size() != rhsBatchingDims.size())
    return emitError() << "lhs_batching_dimensions "
                       << dimsToString(lhsBatchingDims)
                       << " and rhs_batching_dimensions "
                       << dimsToString(rhsBatchingDims)
                       << " must have the same size (dot_general_c1)";
  // dot_general_c2: size(lhs_contracting_dimensions) =
  // size(rhs_contracting_dimensions)
  if (lhsContractingDims.size() != rhsContractingDims.size())
    return emitError() << "lhs_contracting_dimensions "
                       << dimsToString(lhsContractingDims)
                       << " and rhs_contracting_dimensions "
                       << dimsToString(rhsContractingDims)
                       << " must have the same size (dot_general_c2)";
  SmallVector<int64_t> lhsAll(lhsBatchingDims), rhsAll(rhsBatchingDims);
  llvm::append_range(lhsAll, lhsContractingDims);
  llvm::append_range(rhsAll, rhsContractingDims);
  // dot_general_c3: is_unique(lhs_batching_dimensions + lhs_contracting_dimensions)
  if (failed(verifyDimsUnique(
          emitError, "lhs_batching_dimensions + lhs_contracting_dimensions",
          lhsAll, "dot_general_c3")))
    return failure();
  // dot_general_c4: is_unique(rhs_batching_dimensions + rhs_contracting_dimensions)
  if (failed(verifyDimsUnique(
          emitError, "rhs_batching_dimensions + rhs_contracting_dimensions",
          rhsAll, "dot_general_c4")))
    return failure();
  // dot_general_c5..c8: every dimension number is an axis of its operand.
  if (failed(verifyDimsInRange(emitError, "lhs_batching_dimensions",
                               lhsBatchingDims, lhs.getRank(),
                               "dot_general_c5")) ||
      failed(verifyDimsInRange(emitError, "lhs_contracting_dimensions",
                               lhsContractingDims, lhs.getRank(),
                               "dot_general_c6")) ||
      failed(verifyDimsInRange(emitError, "rhs_batching_dimensions",
                               rhsBatchingDims, rhs.getRank(),
                               "dot_general_c7")) ||
      failed(verifyDimsInRange(emitError, "rhs_contracting_dimensions",
                               rhsContractingDims, rhs.getRank(),
                               "dot_general_c8")))
    return failure();
  // dot_general_c9: dim(lhs, lhs_batching_dimensions...) =
  // dim(rhs, rhs_batching_dimensions...)
  for (auto [l, r] : llvm::zip(lhsBatchingDims, rhsBatchingDims))
    if (!isCompatibleDim(dimOf(lhs, l), dimOf(rhs, r)))
      return emitError() << "batching dimension sizes must match, but dim(lhs, "
                         << l << ") = " << dimStr(dimOf(lhs, l))
                         << " and dim(rhs, " << r
                         << ") = " << dimStr(dimOf(rhs, r))
                         << " (dot_general_c9)";
  // dot_general_c10: dim(lhs, lhs_contracting_dimensions...) =
  // dim(rhs, rhs_contracting_dimensions...)
  for (auto [l, r] : llvm::zip(lhsContractingDims, rhsContractingDims))
    if (!isCompatibleDim(dimOf(lhs, l), dimOf(rhs, r)))
      return emitError() << "contracting dimension sizes must match, but "
                            "dim(lhs, "
                         << l << ") = " << dimStr(dimOf(lhs, l))
                         << " and dim(rhs, " << r
                         << ") = " << dimStr(dimOf(rhs, r))
                         << " (dot_general_c10)";

  Type lhsElem = lhs.getElementType(), rhsElem = rhs.getElementType();
  Type resultElem = resultElementType ? resultElementType : lhsElem;
  quant::QuantizedType lq = quantOf(lhsElem), rq = quantOf(rhsElem),
                       oq = quantOf(resultElem);
  if (!lq && !rq && !oq) {
    // dot_general_c13: element_type(lhs) = element_type(rhs)
    if (lhsElem != rhsElem)
      return emitError() << "lhs element type " << lhsElem
                         << " and rhs element type " << rhsElem
                         << " must match (dot_general_c13)";
  } else {
    // dot_general_c14: is_quantized(lhs) = is_quantized(result) and
    // is_quantized(rhs)
    if (!rq || bool(lq) != bool(oq))
      return emitError()
             << "a quantized dot_general needs a quantized rhs and lhs and "
                "result both quantized or both not, got lhs "
             << lhsElem << ", rhs " << rhsElem << ", result " << resultElem
             << " (dot_general_c14)";
    // dot_general_c15: zero_points(rhs) = 0
    bool zeroPoints = true;
    if (auto perTensor = dyn_cast<quant::UniformQuantizedType>(rq))
      zeroPoints = perTensor.getZeroPoint() == 0;
    else if (auto perAxis = dyn_cast<quant::UniformQuantizedPerAxisType>(rq))
      zeroPoints = llvm::all_of(perAxis.getZeroPoints(),
                                [](int64_t z) { return z == 0; });
    if (!zeroPoints)
      return emitError() << "rhs zero points must be 0, got " << rhsElem
                         << " (dot_general_c15)";
    // dot_general_c16: a per-axis rhs is not quantized along a contracting
    // dimension.
    if (auto perAxis = dyn_cast<quant::UniformQuantizedPerAxisType>(rq))
      if (llvm::is_contained(rhsContractingDims,
                             perAxis.getQuantizedDimension()))
        return emitError() << "quantization dimension "
                           << perAxis.getQuantizedDimension()
                           << " of rhs must not be in rhs_contracting_dimensions "
                           << dimsToString(rhsContractingDims)
                           << " (dot_general_c16)";
    if (lq) {
      // dot_general_c17: storage_type(lhs) = storage_type(rhs)
      if (lq.getStorageType() != rq.getStorageType())
        return emitError() << "lhs storage type " << lq.getStorageType()
                           << " and rhs storage type " << rq.getStorageType()
                           << " must match (dot_general_c17)";
      // dot_general_c18: expressed types of lhs, rhs and result agree.
      if (lq.getExpressedType() != rq.getExpressedType() ||
          lq.getExpressedType() != oq.getExpressedType())
        return emitError() << "expressed types of lhs (" << lq.getExpressedType()
                           << "), rhs (" << rq.getExpressedType()
                           << ") and result (" << oq.getExpressedType()
                           << ") must match (dot_general_c18)";
      // dot_general_c19: a per-tensor rhs gives a per-tensor result.
      if (isPerTensor(rq) && !isPerTensor(oq))
        return emitError() << "result must be per-tensor quantized when rhs "
                              "is, got "
                           << resultElem << " (dot_general_c19)";
    } else {
      // dot_general_c20: element_type(lhs) = expressed_type(rhs) =
      // element_type(result)
      if (lhsElem != rq.getExpressedType() || lhsElem != resultElem)
        return emitError() << "lhs element type " << lhsElem
                           << ", rhs expressed type " << rq.getExpressedType()
                           << " and result element type " << resultElem
                           << " must match (dot_general_c20)";
    }
  }

  // dot_general_c12: shape(result) = dim(lhs, lhs_batching_dimensions) +
  // dim(lhs, lhs_result_dimensions) + dim(rhs, rhs_result_dimensions)
  SmallVector<int64_t> shape;
  for (auto [l, r] : llvm::zip(lhsBatchingDims, rhsBatchingDims))
    shape.push_back(mergeDims(dimOf(lhs, l), dimOf(rhs, r)));
  for (int64_t d = 0; d < lhs.getRank(); ++d)
    if (!llvm::is_contained(lhsAll, d))
      shape.push_back(dimOf(lhs, d));
  for (int64_t d = 0; d < rhs.getRank(); ++d)
    if (!llvm::is_contained(rhsAll, d))
      shape.push_back(dimOf(rhs, d));
  return RankedTensorType::get(shape, resultElem);
}

//===----------------------------------------------------------------------===//
// convolution / dynamic_conv
//===----------------------------------------------------------------------===//

namespace {

/// `<what> [..] must have N - 2 = <n> entries`.
LogicalResult checkWindowSize(EmitErrorFn emitError, StringRef what,
                              size_t size, int64_t spatial, StringRef lbl) {
  if (static_cast<int64_t>(size) == spatial)
    return success();
  return emitError() << what << " must have " << spatial
                     << " entries (one per spatial dimension), got " << size
                     << " (" << lbl << ")";
}

LogicalResult checkPositive(EmitErrorFn emitError, StringRef what,
                            ArrayRef<int64_t> values, StringRef lbl) {
  if (llvm::all_of(values, [](int64_t v) { return v > 0; }))
    return success();
  return emitError() << what << " " << dimsToString(values)
                     << " must be positive (" << lbl << ")";
}

/// Unique and in [0, rank): the dimension lists of the spec's c13/c18/c20.
LogicalResult checkLayout(EmitErrorFn emitError, StringRef what,
                          ArrayRef<int64_t> dims, int64_t rank,
                          StringRef lbl) {
  if (failed(verifyDimsUnique(emitError, what, dims, lbl)))
    return failure();
  return verifyDimsInRange(emitError, what, dims, rank, lbl);
}

/// num_windows of one spatial dimension (convolution_c25).
int64_t numWindows(int64_t inputSize, int64_t windowSize, int64_t padLow,
                   int64_t padHigh, int64_t stride, int64_t lhsDilation,
                   int64_t rhsDilation) {
  if (ShapedType::isDynamic(inputSize) || ShapedType::isDynamic(windowSize))
    return ShapedType::kDynamic;
  int64_t dilatedInput =
      inputSize == 0 ? 0 : saturatingMulAdd(inputSize - 1, lhsDilation, 1);
  int64_t paddedInput =
      saturatingMulAdd(1, saturatingMulAdd(1, padLow, dilatedInput), padHigh);
  int64_t dilatedWindow =
      windowSize == 0 ? 0 : saturatingMulAdd(windowSize - 1, rhsDilation, 1);
  if (paddedInput <= 0 || dilatedWindow > paddedInput || stride <= 0)
    return 0;
  return (paddedInput - dilatedWindow) / stride + 1;
}

} // namespace

FailureOr<RankedTensorType>
inferConvolutionOp(EmitErrorFn emitError, StringRef opName,
                   RankedTensorType lhs, RankedTensorType rhs,
                   const ConvolutionConfig &config, Type resultElementType) {
  auto lbl = [&](StringRef c) { return label(opName, c); };
  // <op>_c1: N = rank(lhs) = rank(rhs)
  int64_t rank = lhs.getRank();
  if (rhs.getRank() != rank)
    return emitError() << "lhs rank " << rank << " and rhs rank "
                       << rhs.getRank() << " must match (" << lbl("c1") << ")";
  if (rank < 2)
    return emitError() << "operands must have rank at least 2 (batch and "
                          "feature dimensions), got "
                       << rank << " (" << lbl("c1") << ")";
  int64_t spatial = rank - 2;

  // <op>_c2, c3: window_strides has N - 2 positive entries.
  SmallVector<int64_t> strides(spatial, 1), lhsDil(spatial, 1),
      rhsDil(spatial, 1);
  SmallVector<std::pair<int64_t, int64_t>> padding(spatial, {0, 0});
  if (config.windowStrides) {
    if (failed(checkWindowSize(emitError, "window_strides",
                               config.windowStrides->size(), spatial,
                               lbl("c2"))) ||
        failed(checkPositive(emitError, "window_strides",
                             *config.windowStrides, lbl("c3"))))
      return failure();
    strides.assign(config.windowStrides->begin(), config.windowStrides->end());
  }
  // <op>_c4: shape(padding) = [N - 2, 2]
  if (config.padding && !config.paddingIsDynamic) {
    if (failed(checkWindowSize(emitError, "padding", config.padding->size(),
                               spatial, lbl("c4"))))
      return failure();
    padding.assign(config.padding->begin(), config.padding->end());
  }
  // <op>_c5, c6: lhs_dilation has N - 2 positive entries.
  if (config.lhsDilation) {
    if (failed(checkWindowSize(emitError, "lhs_dilation",
                               config.lhsDilation->size(), spatial,
                               lbl("c5"))) ||
        failed(checkPositive(emitError, "lhs_dilation", *config.lhsDilation,
                             lbl("c6"))))
      return failure();
    lhsDil.assign(config.lhsDilation->begin(), config.lhsDilation->end());
  }
  // <op>_c7, c8: rhs_dilation has N - 2 positive entries.
  if (config.rhsDilation) {
    if (failed(checkWindowSize(emitError, "rhs_dilation",
                               config.rhsDilation->size(), spatial,
                               lbl("c7"))) ||
        failed(checkPositive(emitError, "rhs_dilation", *config.rhsDilation,
                             lbl("c8"))))
      return failure();
    rhsDil.assign(config.rhsDilation->begin(), config.rhsDilation->end());
  }
  // <op>_c9: size(window_reversal) = N - 2
  if (config.windowReversal &&
      failed(checkWindowSize(emitError, "window_reversal",
                             config.windowReversal->size(), spatial,
                             lbl("c9"))))
    return failure();

  ConvDimensionNumbersAttr dn = config.dimensionNumbers;
  if (!dn)
    return emitError() << "needs dimension numbers";
  // <op>_c12: size(input_spatial_dimensions) = N - 2
  if (failed(checkWindowSize(emitError, "input_spatial_dimensions",
                             dn.getInputSpatialDimensions().size(), spatial,
                             lbl("c12"))))
    return failure();
  // <op>_c13: [input_batch_dimension] + input_spatial_dimensions +
  // [input_feature_dimension] are unique and in [0, N).
  SmallVector<int64_t> inputDims{dn.getInputBatchDimension()};
  llvm::append_range(inputDims, dn.getInputSpatialDimensions());
  inputDims.push_back(dn.getInputFeatureDimension());
  if (failed(checkLayout(emitError, "input dimensions", inputDims, rank,
                         lbl("c13"))))
    return failure();
  // <op>_c17: size(kernel_spatial_dimensions) = N - 2
  if (failed(checkWindowSize(emitError, "kernel_spatial_dimensions",
                             dn.getKernelSpatialDimensions().size(), spatial,
                             lbl("c17"))))
    return failure();
  // <op>_c18: kernel_spatial_dimensions + [kernel_input_feature_dimension] +
  // [kernel_output_feature_dimension] are unique and in [0, N).
  SmallVector<int64_t> kernelDims(dn.getKernelSpatialDimensions());
  kernelDims.push_back(dn.getKernelInputFeatureDimension());
  kernelDims.push_back(dn.getKernelOutputFeatureDimension());
  if (failed(checkLayout(emitError, "kernel dimensions", kernelDims, rank,
                         lbl("c18"))))
    return failure();
  // <op>_c19: size(output_spatial_dimensions) = N - 2
  if (failed(checkWindowSize(emitError, "output_spatial_dimensions",
                             dn.getOutputSpatialDimensions().size(), spatial,
                             lbl("c19"))))
    return failure();
  // <op>_c20: [output_batch_dimension] + output_spatial_dimensions +
  // [output_feature_dimension] are unique and in [0, N).
  SmallVector<int64_t> outputDims{dn.getOutputBatchDimension()};
  llvm::append_range(outputDims, dn.getOutputSpatialDimensions());
  outputDims.push_back(dn.getOutputFeatureDimension());
  if (failed(checkLayout(emitError, "output dimensions", outputDims, rank,
                         lbl("c20"))))
    return failure();

  int64_t fgc = config.featureGroupCount, bgc = config.batchGroupCount;
  // <op>_c21: 0 < feature_group_count
  if (fgc <= 0)
    return emitError() << "feature_group_count must be positive, got " << fgc
                       << " (" << lbl("c21") << ")";
  // <op>_c22: 0 < batch_group_count
  if (bgc <= 0)
    return emitError() << "batch_group_count must be positive, got " << bgc
                       << " (" << lbl("c22") << ")";
  // <op>_c23: feature_group_count = 1 or batch_group_count = 1
  if (fgc != 1 && bgc != 1)
    return emitError() << "feature_group_count (" << fgc
                       << ") or batch_group_count (" << bgc
                       << ") must be 1 (" << lbl("c23") << ")";

  int64_t inBatch = lhs.getDimSize(dn.getInputBatchDimension());
  int64_t inFeature = lhs.getDimSize(dn.getInputFeatureDimension());
  int64_t kIn = rhs.getDimSize(dn.getKernelInputFeatureDimension());
  int64_t kOut = rhs.getDimSize(dn.getKernelOutputFeatureDimension());
  // <op>_c10: dim(lhs, input_batch_dimension) % batch_group_count = 0
  if (!ShapedType::isDynamic(inBatch) && inBatch % bgc != 0)
    return emitError() << "input batch dimension size " << inBatch
                       << " must be divisible by batch_group_count " << bgc
                       << " (" << lbl("c10") << ")";
  // <op>_c11: dim(lhs, input_feature_dimension) % feature_group_count = 0
  if (!ShapedType::isDynamic(inFeature) && inFeature % fgc != 0)
    return emitError() << "input feature dimension size " << inFeature
                       << " must be divisible by feature_group_count " << fgc
                       << " (" << lbl("c11") << ")";
  // <op>_c14: dim(rhs, kernel_input_feature_dimension) =
  // dim(lhs, input_feature_dimension) / feature_group_count
  if (!ShapedType::isDynamic(inFeature) && !ShapedType::isDynamic(kIn) &&
      kIn != inFeature / fgc)
    return emitError() << "kernel input feature dimension size " << kIn
                       << " must be the input feature dimension size "
                       << inFeature << " / feature_group_count " << fgc
                       << " = " << inFeature / fgc << " (" << lbl("c14")
                       << ")";
  // <op>_c15: dim(rhs, kernel_output_feature_dimension) % batch_group_count = 0
  if (!ShapedType::isDynamic(kOut) && kOut % bgc != 0)
    return emitError() << "kernel output feature dimension size " << kOut
                       << " must be divisible by batch_group_count " << bgc
                       << " (" << lbl("c15") << ")";
  // <op>_c16: dim(rhs, kernel_output_feature_dimension) % feature_group_count = 0
  if (!ShapedType::isDynamic(kOut) && kOut % fgc != 0)
    return emitError() << "kernel output feature dimension size " << kOut
                       << " must be divisible by feature_group_count " << fgc
                       << " (" << lbl("c16") << ")";

  Type lhsElem = lhs.getElementType(), rhsElem = rhs.getElementType();
  Type resultElem = resultElementType ? resultElementType : lhsElem;
  quant::QuantizedType lq = quantOf(lhsElem), rq = quantOf(rhsElem),
                       oq = quantOf(resultElem);
  if (!lq && !rq && !oq) {
    // <op>_c27: element_type(lhs) = element_type(rhs). The spec also asks
    // the result to match; like upstream tools, integer convolutions may
    // widen (i8 x i8 -> i32), so the result element type is not checked.
    if (lhsElem != rhsElem)
      return emitError() << "lhs element type " << lhsElem
                         << " and rhs element type " << rhsElem
                         << " must match (" << lbl("c27") << ")";
  } else {
    // <op>_c28: is_quantized(lhs) = is_quantized(result) and is_quantized(rhs)
    if (!rq || bool(lq) != bool(oq))
      return emitError()
             << "a quantized " << opName
             << " needs a quantized rhs and lhs and result both quantized or "
                "both not, got lhs "
             << lhsElem << ", rhs " << rhsElem << ", result " << resultElem
             << " (" << lbl("c28") << ")";
    // <op>_c29: a per-axis rhs is quantized along the kernel output feature
    // dimension.
    if (auto perAxis = dyn_cast<quant::UniformQuantizedPerAxisType>(rq))
      if (perAxis.getQuantizedDimension() !=
          dn.getKernelOutputFeatureDimension())
        return emitError() << "quantization dimension "
                           << perAxis.getQuantizedDimension()
                           << " of rhs must be the kernel output feature "
                              "dimension "
                           << dn.getKernelOutputFeatureDimension() << " ("
                           << lbl("c29") << ")";
    // <op>_c30: a per-axis result is quantized along the output feature
    // dimension.
    if (auto perAxis = dyn_cast_or_null<quant::UniformQuantizedPerAxisType>(oq))
      if (perAxis.getQuantizedDimension() != dn.getOutputFeatureDimension())
        return emitError() << "quantization dimension "
                           << perAxis.getQuantizedDimension()
                           << " of the result must be the output feature "
                              "dimension "
                           << dn.getOutputFeatureDimension() << " ("
                           << lbl("c30") << ")";
    if (lq) {
      // <op>_c31: storage_type(lhs) = storage_type(rhs)
      if (lq.getStorageType() != rq.getStorageType())
        return emitError() << "lhs storage type " << lq.getStorageType()
                           << " and rhs storage type " << rq.getStorageType()
                           << " must match (" << lbl("c31") << ")";
      // <op>_c32: expressed types of lhs, rhs and result agree.
      if (lq.getExpressedType() != rq.getExpressedType() ||
          lq.getExpressedType() != oq.getExpressedType())
        return emitError() << "expressed types of lhs (" << lq.getExpressedType()
                           << "), rhs (" << rq.getExpressedType()
                           << ") and result (" << oq.getExpressedType()
                           << ") must match (" << lbl("c32") << ")";
      // <op>_c33: a per-tensor rhs gives a per-tensor result.
      if (isPerTensor(rq) && !isPerTensor(oq))
        return emitError() << "result must be per-tensor quantized when rhs "
                              "is, got "
                           << resultElem << " (" << lbl("c33") << ")";
    } else {
      // <op>_c34: element_type(lhs) = expressed_type(rhs) =
      // element_type(result)
      if (lhsElem != rq.getExpressedType() || lhsElem != resultElem)
        return emitError() << "lhs element type " << lhsElem
                           << ", rhs expressed type " << rq.getExpressedType()
                           << " and result element type " << resultElem
                           << " must match (" << lbl("c34") << ")";
    }
  }

  // <op>_c25 / c26: the result has rank N and these sizes.
  SmallVector<int64_t> shape(rank, ShapedType::kDynamic);
  shape[dn.getOutputBatchDimension()] =
      ShapedType::isDynamic(inBatch) ? inBatch : inBatch / bgc;
  shape[dn.getOutputFeatureDimension()] = kOut;
  for (int64_t i = 0; i < spatial; ++i) {
    int64_t out = ShapedType::kDynamic;
    if (!config.paddingIsDynamic)
      out = numWindows(
          lhs.getDimSize(dn.getInputSpatialDimensions()[i]),
          rhs.getDimSize(dn.getKernelSpatialDimensions()[i]),
          padding[i].first, padding[i].second, strides[i], lhsDil[i],
          rhsDil[i]);
    shape[dn.getOutputSpatialDimensions()[i]] = out;
  }
  return RankedTensorType::get(shape, resultElem);
}

//===----------------------------------------------------------------------===//
// fft
//===----------------------------------------------------------------------===//

FailureOr<RankedTensorType> inferFftOp(EmitErrorFn emitError,
                                       RankedTensorType operand,
                                       FftType fftType,
                                       ArrayRef<int64_t> fftLength) {
  int64_t length = fftLength.size();
  // fft_c3: 1 <= size(fft_length) <= 3
  if (length < 1 || length > 3)
    return emitError() << "fft_length " << dimsToString(fftLength)
                       << " must have 1 to 3 entries (fft_c3)";
  // fft_c1: rank(operand) >= size(fft_length)
  if (operand.getRank() < length)
    return emitError() << "operand rank " << operand.getRank()
                       << " must be at least size(fft_length) = " << length
                       << " (fft_c1)";
  Type elem = operand.getElementType();
  auto complex = dyn_cast<ComplexType>(elem);
  bool isReal = fftType == FftType::RFFT;
  // fft_c2: FFT, IFFT and IRFFT take complex operands, RFFT real ones.
  if (isReal ? !isa<FloatType>(elem) : !complex)
    return emitError() << stringifyEnum(fftType) << " needs a "
                       << (isReal ? "floating-point" : "complex")
                       << " operand, got element type " << elem << " (fft_c2)";
  SmallVector<int64_t> shape(operand.getShape());
  ArrayRef<int64_t> trailing = operand.getShape().take_back(length);
  switch (fftType) {
  case FftType::FFT:
  case FftType::IFFT:
    return RankedTensorType::get(shape, elem);
  case FftType::RFFT: {
    // fft_c4: the real operand ends in fft_length.
    if (!isCompatibleShape(trailing, fftLength))
      return emitError() << "trailing dimensions " << dimsToString(trailing)
                         << " of the real operand must be fft_length "
                         << dimsToString(fftLength) << " (fft_c4)";
    // fft_c5: dim(result, -1) = dim(operand, -1) / 2 + 1 (0 stays 0)
    int64_t &last = shape.back();
    if (!ShapedType::isDynamic(last) && last != 0)
      last = last / 2 + 1;
    return RankedTensorType::get(shape, ComplexType::get(elem));
  }
  case FftType::IRFFT: {
    // fft_c4: the real result ends in fft_length; by fft_c5 its other
    // dimensions are the operand's.
    ArrayRef<int64_t> leading = trailing.drop_back();
    if (!isCompatibleShape(leading, fftLength.drop_back()))
      return emitError() << "dimensions " << dimsToString(leading)
                         << " of the operand must be "
                         << dimsToString(fftLength.drop_back())
                         << " so that the real result ends in fft_length "
                         << dimsToString(fftLength) << " (fft_c4)";
    // fft_c5: dim(operand, -1) = dim(result, -1) / 2 + 1 (0 stays 0)
    int64_t n = fftLength.back();
    int64_t expected = n == 0 ? 0 : n / 2 + 1;
    if (!isCompatibleDim(shape.back(), expected))
      return emitError() << "last operand dimension " << dimStr(shape.back())
                         << " must be fft_length[-1] / 2 + 1 = " << expected
                         << " (fft_c5)";
    shape.back() = n;
    return RankedTensorType::get(shape, complex.getElementType());
  }
  }
  return emitError() << "unknown fft_type";
}

//===----------------------------------------------------------------------===//
// batch_norm_*
//===----------------------------------------------------------------------===//

namespace {

/// <op>_c1: 0 <= feature_index < rank(operand)
LogicalResult checkFeatureIndex(EmitErrorFn emitError, StringRef opName,
                                RankedTensorType operand,
                                int64_t featureIndex) {
  if (featureIndex >= 0 && featureIndex < operand.getRank())
    return success();
  return emitError() << "feature_index " << featureIndex
                     << " must be in range [0, " << operand.getRank()
                     << ") (" << label(opName, "c1") << ")";
}

/// All of `types` have the baseline element type of the first.
LogicalResult checkSameBaselineElement(EmitErrorFn emitError,
                                       ArrayRef<std::pair<StringRef, Type>> types,
                                       StringRef lbl) {
  Type first = getElementTypeOrSelf(types.front().second);
  for (auto [name, type] : types.drop_front())
    if (!haveSameBaselineElementType(first, getElementTypeOrSelf(type)))
      return emitError() << name << " element type "
                         << getElementTypeOrSelf(type) << " must match "
                         << types.front().first << " element type " << first
                         << " (" << lbl << ")";
  return success();
}

/// `what` is 1-dimensional with dim(operand, feature_index) elements.
LogicalResult checkFeatureVector(EmitErrorFn emitError, StringRef what,
                                 RankedTensorType vector, int64_t features,
                                 StringRef lbl) {
  if (vector.getRank() == 1 && isCompatibleDim(vector.getDimSize(0), features))
    return success();
  return emitError() << what << " must be a 1-dimensional tensor of size "
                     << dimStr(features) << " = dim(operand, feature_index), "
                     << "got shape " << dimsToString(vector.getShape()) << " ("
                     << lbl << ")";
}

} // namespace

FailureOr<SmallVector<RankedTensorType, 3>>
inferBatchNormTrainingOp(EmitErrorFn emitError, RankedTensorType operand,
                         RankedTensorType scale, RankedTensorType offset,
                         int64_t featureIndex) {
  StringRef op = "batch_norm_training";
  if (failed(checkFeatureIndex(emitError, op, operand, featureIndex)))
    return failure();
  // batch_norm_training_c2: operand, scale and offset (and the results) have
  // the same baseline element type.
  if (failed(checkSameBaselineElement(
          emitError, {{"operand", operand}, {"scale", scale}, {"offset", offset}},
          label(op, "c2"))))
    return failure();
  int64_t features = operand.getDimSize(featureIndex);
  // batch_norm_training_c3, c4: size(scale) = size(offset) =
  // dim(operand, feature_index)
  if (failed(checkFeatureVector(emitError, "scale", scale, features,
                                label(op, "c3"))) ||
      failed(checkFeatureVector(emitError, "offset", offset, features,
                                label(op, "c4"))))
    return failure();
  auto vector = RankedTensorType::get({mergeDims(features, scale.getDimSize(0))},
                                      scale.getElementType());
  return SmallVector<RankedTensorType, 3>{operand, vector, vector};
}

FailureOr<RankedTensorType>
inferBatchNormInferenceOp(EmitErrorFn emitError, RankedTensorType operand,
                          RankedTensorType scale, RankedTensorType offset,
                          RankedTensorType mean, RankedTensorType variance,
                          int64_t featureIndex) {
  StringRef op = "batch_norm_inference";
  if (failed(checkFeatureIndex(emitError, op, operand, featureIndex)))
    return failure();
  // batch_norm_inference_c2: operand, scale, offset, mean, variance (and
  // result) have the same baseline element type.
  if (failed(checkSameBaselineElement(emitError,
                                      {{"operand", operand},
                                       {"scale", scale},
                                       {"offset", offset},
                                       {"mean", mean},
                                       {"variance", variance}},
                                      label(op, "c2"))))
    return failure();
  int64_t features = operand.getDimSize(featureIndex);
  // batch_norm_inference_c3..c6: size(scale) = size(offset) = size(mean) =
  // size(variance) = dim(operand, feature_index)
  if (failed(checkFeatureVector(emitError, "scale", scale, features,
                                label(op, "c3"))) ||
      failed(checkFeatureVector(emitError, "offset", offset, features,
                                label(op, "c4"))) ||
      failed(checkFeatureVector(emitError, "mean", mean, features,
                                label(op, "c5"))) ||
      failed(checkFeatureVector(emitError, "variance", variance, features,
                                label(op, "c6"))))
    return failure();
  return operand;
}

FailureOr<SmallVector<RankedTensorType, 3>>
inferBatchNormGradOp(EmitErrorFn emitError, RankedTensorType operand,
                     RankedTensorType scale, RankedTensorType mean,
                     RankedTensorType variance, RankedTensorType gradOutput,
                     int64_t featureIndex) {
  StringRef op = "batch_norm_grad";
  if (failed(checkFeatureIndex(emitError, op, operand, featureIndex)))
    return failure();
  // batch_norm_grad_c2: all operands (and results) have the same baseline
  // element type.
  if (failed(checkSameBaselineElement(emitError,
                                      {{"operand", operand},
                                       {"scale", scale},
                                       {"mean", mean},
                                       {"variance", variance},
                                       {"grad_output", gradOutput}},
                                      label(op, "c2"))))
    return failure();
  // batch_norm_grad_c3: operand and grad_output have the same shape.
  if (!isCompatibleShape(operand.getShape(), gradOutput.getShape()))
    return emitError() << "grad_output shape "
                       << dimsToString(gradOutput.getShape())
                       << " must match operand shape "
                       << dimsToString(operand.getShape()) << " ("
                       << label(op, "c3") << ")";
  int64_t features = operand.getDimSize(featureIndex);
  // batch_norm_grad_c5: size(scale) = dim(operand, feature_index)
  if (failed(checkFeatureVector(emitError, "scale", scale, features,
                                label(op, "c5"))))
    return failure();
  // batch_norm_grad_c4: scale, mean and variance have the same shape.
  if (!isCompatibleShape(mean.getShape(), scale.getShape()) ||
      !isCompatibleShape(variance.getShape(), scale.getShape()))
    return emitError() << "mean shape " << dimsToString(mean.getShape())
                       << " and variance shape "
                       << dimsToString(variance.getShape())
                       << " must match scale shape "
                       << dimsToString(scale.getShape()) << " ("
                       << label(op, "c4") << ")";
  auto vector = RankedTensorType::get({mergeDims(features, scale.getDimSize(0))},
                                      scale.getElementType());
  return SmallVector<RankedTensorType, 3>{operand, vector, vector};
}

//===----------------------------------------------------------------------===//
// triangular_solve, cholesky
//===----------------------------------------------------------------------===//

FailureOr<RankedTensorType> inferTriangularSolveOp(EmitErrorFn emitError,
                                                   RankedTensorType a,
                                                   RankedTensorType b,
                                                   bool leftSide) {
  // triangular_solve_c1: baseline_element_type(a) = baseline_element_type(b)
  if (!haveSameBaselineElementType(a.getElementType(), b.getElementType()))
    return emitError() << "element types of a (" << a.getElementType()
                       << ") and b (" << b.getElementType()
                       << ") must match (triangular_solve_c1)";
  // triangular_solve_c2: 2 <= rank(a) = rank(b)
  if (a.getRank() < 2 || a.getRank() != b.getRank())
    return emitError() << "a and b must have the same rank of at least 2, got "
                       << a.getRank() << " and " << b.getRank()
                       << " (triangular_solve_c2)";
  // triangular_solve_c3: the batch dimensions agree and
  // dim(a, -2) = dim(a, -1) = dim(b, left_side ? -2 : -1).
  ArrayRef<int64_t> aShape = a.getShape(), bShape = b.getShape();
  if (!isCompatibleShape(aShape.drop_back(2), bShape.drop_back(2)))
    return emitError() << "batch dimensions of a "
                       << dimsToString(aShape.drop_back(2)) << " and b "
                       << dimsToString(bShape.drop_back(2))
                       << " must match (triangular_solve_c3)";
  int64_t rows = aShape[aShape.size() - 2], cols = aShape.back();
  if (!isCompatibleDim(rows, cols))
    return emitError() << "a must be square in its last two dimensions, got "
                       << dimsToString(aShape.take_back(2))
                       << " (triangular_solve_c3)";
  int64_t bDim = leftSide ? bShape[bShape.size() - 2] : bShape.back();
  if (!isCompatibleDim(mergeDims(rows, cols), bDim))
    return emitError() << "dimension " << (leftSide ? "-2" : "-1")
                       << " of b (" << dimStr(bDim)
                       << ") must match the size of a ("
                       << dimStr(mergeDims(rows, cols))
                       << ") with left_side = "
                       << (leftSide ? "true" : "false")
                       << " (triangular_solve_c3)";
  return b;
}

FailureOr<RankedTensorType> inferCholeskyOp(EmitErrorFn emitError,
                                            RankedTensorType a) {
  // cholesky_c2: 2 <= rank(a)
  if (a.getRank() < 2)
    return emitError() << "a must have rank at least 2, got " << a.getRank()
                       << " (cholesky_c2)";
  // cholesky_c3: dim(a, -2) = dim(a, -1)
  ArrayRef<int64_t> last2 = a.getShape().take_back(2);
  if (!isCompatibleDim(last2[0], last2[1]))
    return emitError() << "a must be square in its last two dimensions, got "
                       << dimsToString(last2) << " (cholesky_c3)";
  return a;
}

} // namespace jx::stablehlo
