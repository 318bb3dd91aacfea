//===- InferShape.cpp - shape functions of the shape ops ------------------===//

#include "jx/Dialect/StableHLO/IR/InferShape.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <string>

using namespace mlir;

namespace jx::stablehlo {

namespace {
using PerAxisType = quant::UniformQuantizedPerAxisType;

PerAxisType getPerAxis(Type elementType) {
  return dyn_cast<PerAxisType>(elementType);
}

/// `type` with its quantization dimension moved to `dim` and, when `repeat`
/// is set, its single scale and zero point repeated `repeat` times.
Type withQuantizedDimension(Type elementType, int64_t dim,
                            std::optional<int64_t> repeat = std::nullopt) {
  PerAxisType q = getPerAxis(elementType);
  if (!q)
    return elementType;
  SmallVector<double> scales(q.getScales());
  SmallVector<int64_t> zeroPoints(q.getZeroPoints());
  if (repeat && scales.size() == 1 && *repeat >= 1) {
    scales.assign(*repeat, scales.front());
    zeroPoints.assign(*repeat, zeroPoints.front());
  }
  return PerAxisType::get(q.getFlags(), q.getStorageType(),
                          q.getExpressedType(), scales, zeroPoints, dim,
                          q.getStorageTypeMin(), q.getStorageTypeMax());
}

/// The number of elements of `dims`, or nullopt if one is dynamic or the
/// product overflows.
std::optional<int64_t> numElements(ArrayRef<int64_t> dims) {
  int64_t n = 1;
  for (int64_t d : dims) {
    if (ShapedType::isDynamic(d))
      return std::nullopt;
    std::optional<int64_t> next = llvm::checkedMul(n, d);
    if (!next)
      return std::nullopt;
    n = *next;
  }
  return n;
}
} // namespace

bool isSameElementTypeModuloQuantization(Type operand, Type result) {
  if (operand == result)
    return true;
  PerAxisType a = getPerAxis(operand), b = getPerAxis(result);
  return a && b && a.getStorageType() == b.getStorageType() &&
         a.getExpressedType() == b.getExpressedType() &&
         a.getFlags() == b.getFlags() &&
         a.getStorageTypeMin() == b.getStorageTypeMin() &&
         a.getStorageTypeMax() == b.getStorageTypeMax();
}

//===----------------------------------------------------------------------===//
// iota, broadcasts, reshape, transpose
//===----------------------------------------------------------------------===//

FailureOr<RankedTensorType> inferIotaOp(EmitErrorFn emitError,
                                        ArrayRef<int64_t> shape,
                                        Type elementType,
                                        int64_t iotaDimension) {
  // iota_c1: 0 <= iota_dimension < rank(output)
  if (iotaDimension < 0 || iotaDimension >= static_cast<int64_t>(shape.size()))
    return emitError() << "iota_dimension " << iotaDimension
                       << " must be in range [0, " << shape.size()
                       << ") (iota_c1)";
  return RankedTensorType::get(shape, elementType);
}

/// broadcast_in_dim and dynamic_broadcast_in_dim share constraints C2..C6;
/// `op` names the op in the labels.
static FailureOr<RankedTensorType>
inferBroadcastInDimImpl(EmitErrorFn emitError, StringRef op,
                        RankedTensorType operand, ArrayRef<int64_t> resultShape,
                        ArrayRef<int64_t> broadcastDimensions) {
  std::string c3 = (op + "_c3").str(), c4 = (op + "_c4").str();
  int64_t rank = operand.getRank();
  int64_t resultRank = resultShape.size();
  // broadcast_in_dim_c2: size(broadcast_dimensions) = rank(operand)
  if (static_cast<int64_t>(broadcastDimensions.size()) != rank)
    return emitError() << "broadcast_dimensions "
                       << dimsToString(broadcastDimensions) << " has "
                       << broadcastDimensions.size()
                       << " entries but the operand has rank " << rank << " ("
                       << op << "_c2)";
  // broadcast_in_dim_c3: 0 <= broadcast_dimensions < rank(result)
  if (failed(verifyDimsInRange(emitError, "broadcast_dimensions",
                               broadcastDimensions, resultRank, c3)))
    return failure();
  // broadcast_in_dim_c4: is_unique(broadcast_dimensions)
  if (failed(verifyDimsUnique(emitError, "broadcast_dimensions",
                              broadcastDimensions, c4)))
    return failure();
  // broadcast_in_dim_c5: dim(operand, d) = 1 or
  // dim(operand, d) = dim(result, broadcast_dimensions[d]).
  for (int64_t d = 0; d < rank; ++d) {
    int64_t from = operand.getDimSize(d);
    int64_t to = resultShape[broadcastDimensions[d]];
    if (from != 1 && !isCompatibleDim(from, to))
      return emitError() << "operand dimension " << d << " of size " << from
                         << " cannot broadcast to result dimension "
                         << broadcastDimensions[d] << " of size " << to
                         << " (operand shape "
                         << dimsToString(operand.getShape())
                         << ", result shape " << dimsToString(resultShape)
                         << ") (" << op << "_c5)";
  }
  Type element = operand.getElementType();
  // broadcast_in_dim_c6: the quantization dimension follows its operand
  // dimension; a broadcast size-1 dimension repeats its scale.
  if (PerAxisType q = getPerAxis(element)) {
    int64_t qd = q.getQuantizedDimension();
    if (qd >= 0 && qd < rank) {
      int64_t to = broadcastDimensions[qd];
      std::optional<int64_t> repeat;
      if (operand.getDimSize(qd) == 1 &&
          !ShapedType::isDynamic(resultShape[to]))
        repeat = resultShape[to];
      element = withQuantizedDimension(element, to, repeat);
    }
  }
  return RankedTensorType::get(resultShape, element);
}

FailureOr<RankedTensorType>
inferBroadcastInDimOp(EmitErrorFn emitError, RankedTensorType operand,
                      ArrayRef<int64_t> resultShape,
                      ArrayRef<int64_t> broadcastDimensions) {
  return inferBroadcastInDimImpl(emitError, "broadcast_in_dim", operand,
                                 resultShape, broadcastDimensions);
}

FailureOr<RankedTensorType>
inferDynamicBroadcastInDimOp(EmitErrorFn emitError, RankedTensorType operand,
                             ArrayRef<int64_t> resultShape,
                             ArrayRef<int64_t> broadcastDimensions) {
  return inferBroadcastInDimImpl(emitError, "dynamic_broadcast_in_dim", operand,
                                 resultShape, broadcastDimensions);
}

FailureOr<RankedTensorType> inferBroadcastOp(EmitErrorFn emitError,
                                             RankedTensorType operand,
                                             ArrayRef<int64_t> sizes) {
  // broadcast_c1 (deprecated op, by analogy with broadcast_in_dim): sizes
  // are non-negative.
  for (int64_t s : sizes)
    if (s < 0)
      return emitError() << "broadcast_sizes " << dimsToString(sizes)
                         << " must be non-negative (broadcast_c1)";
  SmallVector<int64_t> shape(sizes);
  llvm::append_range(shape, operand.getShape());
  Type element = operand.getElementType();
  if (PerAxisType q = getPerAxis(element))
    element = withQuantizedDimension(element,
                                     q.getQuantizedDimension() + sizes.size());
  return RankedTensorType::get(shape, element);
}

FailureOr<RankedTensorType> inferReshapeOp(EmitErrorFn emitError,
                                           RankedTensorType operand,
                                           ArrayRef<int64_t> resultShape) {
  // reshape_c2: size(operand) = size(result)
  std::optional<int64_t> from = numElements(operand.getShape());
  std::optional<int64_t> to = numElements(resultShape);
  if (from && to && *from != *to)
    return emitError() << "operand shape " << dimsToString(operand.getShape())
                       << " has " << *from << " elements but result shape "
                       << dimsToString(resultShape) << " has " << *to
                       << " (reshape_c2)";
  Type element = operand.getElementType();
  // reshape_c3: the dimensions before the quantization dimension hold as
  // many elements in the result as in the operand, and the quantization
  // dimension keeps its size.
  if (PerAxisType q = getPerAxis(element)) {
    int64_t qd = q.getQuantizedDimension();
    if (qd < 0 || qd >= operand.getRank())
      return emitError() << "quantization dimension " << qd
                         << " is out of range for operand shape "
                         << dimsToString(operand.getShape()) << " (reshape_c3)";
    std::optional<int64_t> prefix =
        numElements(operand.getShape().take_front(qd));
    std::optional<int64_t> resultQd;
    for (int64_t j = 0; j < static_cast<int64_t>(resultShape.size()); ++j)
      if (numElements(resultShape.take_front(j)) == prefix &&
          resultShape[j] == operand.getDimSize(qd)) {
        resultQd = j;
        break;
      }
    if (!prefix || !resultQd)
      return emitError() << "result shape " << dimsToString(resultShape)
                         << " does not keep quantization dimension " << qd
                         << " of operand shape "
                         << dimsToString(operand.getShape()) << " (reshape_c3)";
    element = withQuantizedDimension(element, *resultQd);
  }
  return RankedTensorType::get(resultShape, element);
}

FailureOr<RankedTensorType> inferTransposeOp(EmitErrorFn emitError,
                                             RankedTensorType operand,
                                             ArrayRef<int64_t> permutation) {
  int64_t rank = operand.getRank();
  // transpose_c2: permutation is a permutation of range(rank(operand))
  if (static_cast<int64_t>(permutation.size()) != rank)
    return emitError() << "permutation " << dimsToString(permutation)
                       << " must have " << rank
                       << " entries, one per operand dimension (transpose_c2)";
  if (failed(verifyDimsInRange(emitError, "permutation", permutation, rank,
                               "transpose_c2")) ||
      failed(verifyDimsUnique(emitError, "permutation", permutation,
                              "transpose_c2")))
    return failure();
  // transpose_c3: shape(result) = dim(operand, permutation...)
  SmallVector<int64_t> shape;
  for (int64_t p : permutation)
    shape.push_back(operand.getDimSize(p));
  Type element = operand.getElementType();
  // transpose_c4: quantization_dimension(operand) =
  // permutation(quantization_dimension(result))
  if (PerAxisType q = getPerAxis(element)) {
    const int64_t *it = llvm::find(permutation, q.getQuantizedDimension());
    if (it != permutation.end())
      element = withQuantizedDimension(element, it - permutation.begin());
  }
  return RankedTensorType::get(shape, element);
}

//===----------------------------------------------------------------------===//
// Slicing
//===----------------------------------------------------------------------===//

FailureOr<RankedTensorType> inferSliceOp(EmitErrorFn emitError,
                                         RankedTensorType operand,
                                         ArrayRef<int64_t> startIndices,
                                         ArrayRef<int64_t> limitIndices,
                                         ArrayRef<int64_t> strides) {
  int64_t rank = operand.getRank();
  // slice_c2: size(start_indices) = size(limit_indices) = size(strides) =
  // rank(operand)
  if (static_cast<int64_t>(startIndices.size()) != rank ||
      static_cast<int64_t>(limitIndices.size()) != rank ||
      static_cast<int64_t>(strides.size()) != rank)
    return emitError() << "start_indices " << dimsToString(startIndices)
                       << ", limit_indices " << dimsToString(limitIndices)
                       << " and strides " << dimsToString(strides)
                       << " must each have " << rank
                       << " entries, the operand's rank (slice_c2)";
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t start = startIndices[d], limit = limitIndices[d];
    int64_t size = operand.getDimSize(d);
    // slice_c3: 0 <= start_indices <= limit_indices <= shape(operand)
    if (start < 0 || start > limit ||
        (!ShapedType::isDynamic(size) && limit > size))
      return emitError() << "slice " << start << ":" << limit
                         << " of dimension " << d << " (size "
                         << (ShapedType::isDynamic(size) ? std::string("?")
                                                         : std::to_string(size))
                         << ") must satisfy 0 <= start <= limit <= size "
                            "(slice_c3)";
    // slice_c4: 0 < strides
    if (strides[d] <= 0)
      return emitError() << "strides " << dimsToString(strides)
                         << " must be positive (slice_c4)";
    // slice_c5: shape(result) = ceil((limit_indices - start_indices) / strides)
    int64_t extent = limit - start;
    shape.push_back(extent / strides[d] + (extent % strides[d] != 0));
  }
  return RankedTensorType::get(shape, operand.getElementType());
}

FailureOr<RankedTensorType> inferDynamicSliceOp(EmitErrorFn emitError,
                                                RankedTensorType operand,
                                                TypeRange startIndices,
                                                ArrayRef<int64_t> sliceSizes) {
  int64_t rank = operand.getRank();
  // dynamic_slice_c2: size(start_indices) = size(slice_sizes) = rank(operand)
  if (static_cast<int64_t>(startIndices.size()) != rank)
    return emitError() << "has " << startIndices.size()
                       << " start indices but the operand has rank " << rank
                       << " (dynamic_slice_c2)";
  if (static_cast<int64_t>(sliceSizes.size()) != rank)
    return emitError() << "slice_sizes " << dimsToString(sliceSizes)
                       << " must have " << rank
                       << " entries, the operand's rank (dynamic_slice_c2)";
  // dynamic_slice_c3: same_type(start_indices...)
  for (Type t : startIndices)
    if (t != startIndices.front())
      return emitError() << "start indices must have the same type, got "
                         << startIndices.front() << " and " << t
                         << " (dynamic_slice_c3)";
  // dynamic_slice_c4: 0 <= slice_sizes <= shape(operand)
  for (int64_t d = 0; d < rank; ++d) {
    int64_t size = operand.getDimSize(d);
    if (sliceSizes[d] < 0 ||
        (!ShapedType::isDynamic(size) && sliceSizes[d] > size))
      return emitError() << "slice_sizes " << dimsToString(sliceSizes)
                         << " must be within [0, operand shape "
                         << dimsToString(operand.getShape())
                         << "] (dynamic_slice_c4)";
  }
  // dynamic_slice_c5: shape(result) = slice_sizes
  return RankedTensorType::get(sliceSizes, operand.getElementType());
}

FailureOr<RankedTensorType> inferDynamicUpdateSliceOp(EmitErrorFn emitError,
                                                      RankedTensorType operand,
                                                      RankedTensorType update,
                                                      TypeRange startIndices) {
  // dynamic_update_slice_c2: element_type(update) = element_type(operand)
  if (update.getElementType() != operand.getElementType())
    return emitError() << "update element type " << update.getElementType()
                       << " must match operand element type "
                       << operand.getElementType()
                       << " (dynamic_update_slice_c2)";
  // dynamic_update_slice_c3: rank(update) = rank(operand)
  if (update.getRank() != operand.getRank())
    return emitError() << "update rank " << update.getRank()
                       << " must match operand rank " << operand.getRank()
                       << " (dynamic_update_slice_c3)";
  // dynamic_update_slice_c4: size(start_indices) = rank(operand)
  if (static_cast<int64_t>(startIndices.size()) != operand.getRank())
    return emitError() << "has " << startIndices.size()
                       << " start indices but the operand has rank "
                       << operand.getRank() << " (dynamic_update_slice_c4)";
  // dynamic_update_slice_c5: same_type(start_indices...)
  for (Type t : startIndices)
    if (t != startIndices.front())
      return emitError() << "start indices must have the same type, got "
                         << startIndices.front() << " and " << t
                         << " (dynamic_update_slice_c5)";
  // dynamic_update_slice_c6: 0 <= shape(update) <= shape(operand)
  for (int64_t d = 0; d < operand.getRank(); ++d) {
    int64_t u = update.getDimSize(d), o = operand.getDimSize(d);
    if (!ShapedType::isDynamic(u) && !ShapedType::isDynamic(o) && u > o)
      return emitError() << "update shape " << dimsToString(update.getShape())
                         << " must not exceed operand shape "
                         << dimsToString(operand.getShape())
                         << " (dynamic_update_slice_c6)";
  }
  // dynamic_update_slice_c1: type(result) = type(operand)
  return operand;
}

//===----------------------------------------------------------------------===//
// concatenate, pad, reverse, get_dimension_size
//===----------------------------------------------------------------------===//

FailureOr<RankedTensorType>
inferConcatenateOp(EmitErrorFn emitError, TypeRange inputs, int64_t dimension) {
  // concatenate_c3: 0 < size(inputs)
  if (inputs.empty())
    return emitError() << "needs at least one input (concatenate_c3)";
  auto first = dyn_cast<RankedTensorType>(inputs.front());
  if (!first)
    return emitError() << "inputs must be ranked tensors, got "
                       << inputs.front();
  int64_t rank = first.getRank();
  // concatenate_c4: 0 <= dimension < rank(inputs[0])
  if (dimension < 0 || dimension >= rank)
    return emitError() << "dimension " << dimension << " must be in range [0, "
                       << rank << ") (concatenate_c4)";
  SmallVector<int64_t> shape(first.getShape());
  for (auto [i, type] : llvm::enumerate(inputs)) {
    auto input = dyn_cast<RankedTensorType>(type);
    if (!input)
      return emitError() << "inputs must be ranked tensors, got " << type;
    // concatenate_c1: same_element_type(inputs...)
    if (input.getElementType() != first.getElementType())
      return emitError() << "input " << i << " has element type "
                         << input.getElementType()
                         << " but input 0 has element type "
                         << first.getElementType() << " (concatenate_c1)";
    if (i == 0)
      continue;
    // concatenate_c2: same_shape(inputs...) except for dim(inputs...,
    // dimension)
    bool sameShape = input.getRank() == rank;
    for (int64_t d = 0; sameShape && d < rank; ++d)
      if (d != dimension && !isCompatibleDim(input.getDimSize(d), shape[d]))
        sameShape = false;
    if (!sameShape)
      return emitError() << "input " << i << " has shape "
                         << dimsToString(input.getShape())
                         << " but input 0 has shape "
                         << dimsToString(first.getShape())
                         << "; they may differ only in dimension " << dimension
                         << " (concatenate_c2)";
    // The more static of two compatible sizes; sizes along `dimension` add.
    for (int64_t d = 0; d < rank; ++d) {
      int64_t s = input.getDimSize(d);
      if (d == dimension)
        shape[d] = ShapedType::isDynamic(shape[d]) || ShapedType::isDynamic(s)
                       ? ShapedType::kDynamic
                       : shape[d] + s;
      else if (ShapedType::isDynamic(shape[d]))
        shape[d] = s;
    }
  }
  // concatenate_c5, _c6: element type of inputs[0], shape as computed.
  return RankedTensorType::get(shape, first.getElementType());
}

FailureOr<RankedTensorType> inferPadOp(EmitErrorFn emitError,
                                       RankedTensorType operand,
                                       RankedTensorType paddingValue,
                                       ArrayRef<int64_t> edgePaddingLow,
                                       ArrayRef<int64_t> edgePaddingHigh,
                                       ArrayRef<int64_t> interiorPadding) {
  // pad_c1: element_type(operand) = element_type(padding_value) =
  // element_type(result); padding_value is a 0-dimensional tensor.
  if (paddingValue.getRank() != 0)
    return emitError() << "padding_value must be a 0-dimensional tensor, got "
                       << paddingValue << " (pad_c1)";
  if (paddingValue.getElementType() != operand.getElementType())
    return emitError() << "padding_value element type "
                       << paddingValue.getElementType()
                       << " must match operand element type "
                       << operand.getElementType() << " (pad_c1)";
  int64_t rank = operand.getRank();
  // pad_c2: size(edge_padding_low) = size(edge_padding_high) =
  // size(interior_padding) = rank(operand)
  if (static_cast<int64_t>(edgePaddingLow.size()) != rank ||
      static_cast<int64_t>(edgePaddingHigh.size()) != rank ||
      static_cast<int64_t>(interiorPadding.size()) != rank)
    return emitError() << "low " << dimsToString(edgePaddingLow) << ", high "
                       << dimsToString(edgePaddingHigh) << " and interior "
                       << dimsToString(interiorPadding) << " must each have "
                       << rank << " entries, the operand's rank (pad_c2)";
  // pad_c3: 0 <= interior_padding
  for (int64_t p : interiorPadding)
    if (p < 0)
      return emitError() << "interior padding " << dimsToString(interiorPadding)
                         << " must be non-negative (pad_c3)";
  // pad_c4: shape(result) = shape(operand) + edge_padding_low +
  // max(shape(operand) - 1, 0) * interior_padding + edge_padding_high
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t size = operand.getDimSize(d);
    if (ShapedType::isDynamic(size)) {
      shape.push_back(ShapedType::kDynamic);
      continue;
    }
    std::optional<int64_t> interior =
        llvm::checkedMul(std::max<int64_t>(size - 1, 0), interiorPadding[d]);
    std::optional<int64_t> total =
        interior ? llvm::checkedAdd(size, *interior) : std::nullopt;
    total = total ? llvm::checkedAdd(*total, edgePaddingLow[d]) : std::nullopt;
    total = total ? llvm::checkedAdd(*total, edgePaddingHigh[d]) : std::nullopt;
    if (!total || *total < 0)
      return emitError() << "padding dimension " << d << " of size " << size
                         << " with low " << edgePaddingLow[d] << ", high "
                         << edgePaddingHigh[d] << " and interior "
                         << interiorPadding[d]
                         << " gives a negative or overflowing size (pad_c4)";
    shape.push_back(*total);
  }
  return RankedTensorType::get(shape, operand.getElementType());
}

FailureOr<RankedTensorType> inferReverseOp(EmitErrorFn emitError,
                                           RankedTensorType operand,
                                           ArrayRef<int64_t> dimensions) {
  // reverse_c2: is_unique(dimensions)
  if (failed(
          verifyDimsUnique(emitError, "dimensions", dimensions, "reverse_c2")))
    return failure();
  // reverse_c3: 0 <= dimensions < rank(result)
  if (failed(verifyDimsInRange(emitError, "dimensions", dimensions,
                               operand.getRank(), "reverse_c3")))
    return failure();
  // reverse_c1: type(operand) = type(result)
  return operand;
}

FailureOr<RankedTensorType> inferGetDimensionSizeOp(EmitErrorFn emitError,
                                                    RankedTensorType operand,
                                                    int64_t dimension) {
  // get_dimension_size_c1: 0 <= dimension < rank(operand)
  if (dimension < 0 || dimension >= operand.getRank())
    return emitError() << "dimension " << dimension << " must be in range [0, "
                       << operand.getRank() << ") (get_dimension_size_c1)";
  return RankedTensorType::get({}, IntegerType::get(operand.getContext(), 32));
}

//===----------------------------------------------------------------------===//
// Tuples
//===----------------------------------------------------------------------===//

TupleType inferTupleOp(MLIRContext *context, TypeRange values) {
  // tuple_c1: type(result) = tuple(type(val...))
  return TupleType::get(context, values);
}

FailureOr<Type> inferGetTupleElementOp(EmitErrorFn emitError, Type operand,
                                       int64_t index) {
  auto tuple = dyn_cast<TupleType>(operand);
  if (!tuple)
    return emitError() << "operand must be a tuple, got " << operand;
  // get_tuple_element_c1: 0 <= index < size(operand)
  if (index < 0 || index >= static_cast<int64_t>(tuple.size()))
    return emitError() << "index " << index << " must be in range [0, "
                       << tuple.size() << ") (get_tuple_element_c1)";
  // get_tuple_element_c2: type(result) = tuple_element_types(operand)[index]
  return tuple.getType(index);
}

//===----------------------------------------------------------------------===//
// torch_index_select
//===----------------------------------------------------------------------===//

FailureOr<RankedTensorType> inferTorchIndexSelectOp(EmitErrorFn emitError,
                                                    RankedTensorType operand,
                                                    RankedTensorType index,
                                                    int64_t dim,
                                                    int64_t batchDims) {
  // torch_index_select_c1: 0 <= dim < rank(operand)
  if (dim < 0 || dim >= operand.getRank())
    return emitError() << "dim " << dim << " must be in range [0, "
                       << operand.getRank() << ") (torch_index_select_c1)";
  // torch_index_select_c2: 0 <= batch_dims <= min(dim, rank(index))
  if (batchDims < 0 || batchDims > dim || batchDims > index.getRank())
    return emitError() << "batch_dims " << batchDims
                       << " must be in range [0, min(dim = " << dim
                       << ", rank(index) = " << index.getRank()
                       << ")] (torch_index_select_c2)";
  // torch_index_select_c3: the batch dimensions of operand and index agree.
  for (int64_t d = 0; d < batchDims; ++d)
    if (!isCompatibleDim(operand.getDimSize(d), index.getDimSize(d)))
      return emitError() << "batch dimension " << d << " has size "
                         << operand.getDimSize(d) << " in the operand but "
                         << index.getDimSize(d)
                         << " in the index (torch_index_select_c3)";
  SmallVector<int64_t> shape(operand.getShape().take_front(dim));
  llvm::append_range(shape, index.getShape().drop_front(batchDims));
  llvm::append_range(shape, operand.getShape().drop_front(dim + 1));
  return RankedTensorType::get(shape, operand.getElementType());
}

} // namespace jx::stablehlo
