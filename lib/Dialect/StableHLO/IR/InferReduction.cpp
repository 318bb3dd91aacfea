//===- InferReduction.cpp - shape functions of reduction ops --------------===//

#include "jx/Dialect/StableHLO/IR/InferReduction.h"
#include "jx/Dialect/StableHLO/IR/InferControlFlow.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"

using namespace mlir;

namespace jx::stablehlo {


/// `type` as a 0-dimensional tensor, or null.
static RankedTensorType asScalarTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getRank() == 0 ? tensor : RankedTensorType();
}

FailureOr<SmallVector<Type>>
verifyReducerBody(EmitErrorFn emitError, Region &body,
                  ArrayRef<Type> inputElementTypes, StringRef label) {
  FailureOr<TypeRange> results = getRegionReturnTypes(emitError, body, "body");
  if (failed(results))
    return failure();
  size_t n = inputElementTypes.size();
  Block &block = body.front();
  if (block.getNumArguments() != 2 * n)
    return emitError() << "body must take " << 2 * n
                       << " arguments, takes " << block.getNumArguments()
                       << " (" << label << ")";
  SmallVector<Type> elementTypes;
  for (size_t i = 0; i < n; ++i) {
    Type acc = block.getArgument(i).getType();
    Type x = block.getArgument(n + i).getType();
    RankedTensorType scalar = asScalarTensor(acc);
    if (!scalar)
      return emitError() << "body argument " << i
                         << " must be a 0-dimensional tensor, got " << acc
                         << " (" << label << ")";
    if (x != acc)
      return emitError() << "body arguments " << i << " and " << n + i
                         << " must have the same type, got " << acc
                         << " and " << x << " (" << label << ")";
    Type e = scalar.getElementType();
    if (!isPromotableElementType(inputElementTypes[i], e))
      return emitError() << "body argument " << i << " has element type "
                         << e << ", which cannot hold input element type "
                         << inputElementTypes[i] << " (" << label << ")";
    elementTypes.push_back(e);
  }
  if (results->size() != n)
    return emitError() << "body must return " << n << " values, returns "
                       << results->size() << " (" << label << ")";
  for (size_t i = 0; i < n; ++i)
    if ((*results)[i] != block.getArgument(i).getType())
      return emitError() << "body return " << i << " has type "
                         << (*results)[i] << ", expected "
                         << block.getArgument(i).getType() << " (" << label
                         << ")";
  return elementTypes;
}

/// Checks that `inits` are 0-dimensional tensors with the inputs' element
/// types (`label`) and that inputs and inits are as many and at least one.
static LogicalResult verifyInputsAndInits(EmitErrorFn emitError,
                                          ArrayRef<RankedTensorType> inputs,
                                          ArrayRef<RankedTensorType> inits,
                                          StringRef op, StringRef countLabel,
                                          StringRef shapeLabel,
                                          StringRef elementLabel) {
  if (inputs.empty() || inputs.size() != inits.size())
    return emitError() << "must have as many inputs as init_values, and at "
                          "least one; got "
                       << inputs.size() << " and " << inits.size() << " ("
                       << countLabel << ")";
  for (auto [i, input] : llvm::enumerate(inputs))
    if (!isCompatibleShape(input.getShape(), inputs[0].getShape()))
      return emitError() << "input " << i << " has shape "
                         << dimsToString(input.getShape())
                         << " but input 0 has shape "
                         << dimsToString(inputs[0].getShape()) << " ("
                         << shapeLabel << ")";
  for (auto [i, init] : llvm::enumerate(inits)) {
    if (init.getRank() != 0)
      return emitError() << "init_value " << i
                         << " must be a 0-dimensional tensor, got " << init
                         << " (" << op << "_i2)";
    if (init.getElementType() != inputs[i].getElementType())
      return emitError() << "init_value " << i << " has element type "
                         << init.getElementType() << " but input " << i
                         << " has " << inputs[i].getElementType() << " ("
                         << elementLabel << ")";
  }
  return success();
}

FailureOr<SmallVector<RankedTensorType>>
inferReduceOp(EmitErrorFn emitError, ArrayRef<RankedTensorType> inputs,
              ArrayRef<RankedTensorType> initValues,
              ArrayRef<int64_t> dimensions, ArrayRef<Type> bodyElementTypes) {
  // reduce_c3: size(inputs) = size(init_values) = N >= 1; reduce_c1: same
  // shapes; reduce_c2: element types of inputs and init_values agree.
  if (failed(verifyInputsAndInits(emitError, inputs, initValues, "reduce",
                                  "reduce_c3", "reduce_c1", "reduce_c2")))
    return failure();
  // reduce_c4: 0 <= dimensions < rank(inputs[0]); reduce_c5: unique.
  int64_t rank = inputs[0].getRank();
  if (failed(verifyDimsInRange(emitError, "dimensions", dimensions, rank,
                               "reduce_c4")) ||
      failed(verifyDimsUnique(emitError, "dimensions", dimensions,
                              "reduce_c5")))
    return failure();
  // reduce_c7: the inputs' shape without `dimensions`; reduce_c8: element
  // type Ei of the body.
  SmallVector<RankedTensorType> results;
  for (auto [i, input] : llvm::enumerate(inputs)) {
    SmallVector<int64_t> shape;
    for (int64_t d = 0; d < rank; ++d)
      if (!llvm::is_contained(dimensions, d))
        shape.push_back(input.getDimSize(d));
    Type element = i < bodyElementTypes.size() ? bodyElementTypes[i]
                                               : input.getElementType();
    results.push_back(RankedTensorType::get(shape, element));
  }
  return results;
}

SmallVector<int64_t> computeNumWindows(ArrayRef<int64_t> inputShape,
                                       const WindowConfig &window) {
  SmallVector<int64_t> result;
  for (auto [d, size] : llvm::enumerate(inputShape)) {
    auto at = [&](std::optional<ArrayRef<int64_t>> values, size_t i,
                  int64_t dflt) {
      return values && i < values->size() ? (*values)[i] : dflt;
    };
    if (ShapedType::isDynamic(size)) {
      result.push_back(ShapedType::kDynamic);
      continue;
    }
    int64_t base = at(window.baseDilations, d, 1);
    int64_t lo = at(window.padding, 2 * d, 0);
    int64_t hi = at(window.padding, 2 * d + 1, 0);
    int64_t stride = at(window.strides, d, 1);
    int64_t wdil = at(window.windowDilations, d, 1);
    int64_t w = d < window.dimensions.size() ? window.dimensions[d] : 1;
    int64_t dilatedInput = size == 0 ? 0 : saturatingMulAdd(size - 1, base, 1);
    int64_t padded =
        saturatingMulAdd(1, saturatingMulAdd(1, lo, dilatedInput), hi);
    int64_t dilatedWindow = w == 0 ? 0 : saturatingMulAdd(w - 1, wdil, 1);
    if (padded <= 0 || dilatedWindow > padded || stride <= 0)
      result.push_back(0);
    else
      result.push_back((padded - dilatedWindow) / stride + 1);
  }
  return result;
}

/// Checks that `values` (absent: fine) has `rank` entries, all positive.
static LogicalResult verifyWindowAttr(EmitErrorFn emitError,
                                      std::optional<ArrayRef<int64_t>> values,
                                      StringRef name, int64_t rank,
                                      StringRef sizeLabel,
                                      StringRef positiveLabel) {
  if (!values)
    return success();
  if (static_cast<int64_t>(values->size()) != rank)
    return emitError() << name << " " << dimsToString(*values) << " must have "
                       << rank << " entries, the input rank (" << sizeLabel
                       << ")";
  for (int64_t v : *values)
    if (v <= 0)
      return emitError() << name << " " << dimsToString(*values)
                         << " must be positive (" << positiveLabel << ")";
  return success();
}

FailureOr<SmallVector<RankedTensorType>>
inferReduceWindowOp(EmitErrorFn emitError, ArrayRef<RankedTensorType> inputs,
                    ArrayRef<RankedTensorType> initValues,
                    const WindowConfig &window,
                    ArrayRef<Type> bodyElementTypes) {
  // reduce_window_c1: N inputs, N init_values, N >= 1; reduce_window_c2:
  // same shapes; reduce_window_c3: matching element types.
  if (failed(verifyInputsAndInits(emitError, inputs, initValues,
                                  "reduce_window", "reduce_window_c1",
                                  "reduce_window_c2", "reduce_window_c3")))
    return failure();
  int64_t rank = inputs[0].getRank();
  // reduce_window_c4..c11: each window attribute has `rank` positive
  // entries.
  if (failed(verifyWindowAttr(emitError, window.dimensions,
                              "window_dimensions", rank, "reduce_window_c4",
                              "reduce_window_c5")) ||
      failed(verifyWindowAttr(emitError, window.strides, "window_strides",
                              rank, "reduce_window_c6",
                              "reduce_window_c7")) ||
      failed(verifyWindowAttr(emitError, window.baseDilations,
                              "base_dilations", rank, "reduce_window_c8",
                              "reduce_window_c9")) ||
      failed(verifyWindowAttr(emitError, window.windowDilations,
                              "window_dilations", rank, "reduce_window_c10",
                              "reduce_window_c11")))
    return failure();
  // reduce_window_c12: shape(padding) = [rank, 2].
  if (window.padding &&
      static_cast<int64_t>(window.padding->size()) != 2 * rank)
    return emitError() << "padding must have shape [" << rank
                       << ", 2], has " << window.padding->size()
                       << " entries (reduce_window_c12)";
  // reduce_window_c14, c15: every result has shape num_windows;
  // reduce_window_c16: element type Ei of the body.
  SmallVector<int64_t> shape =
      computeNumWindows(inputs[0].getShape(), window);
  SmallVector<RankedTensorType> results;
  for (auto [i, input] : llvm::enumerate(inputs)) {
    Type element = i < bodyElementTypes.size() ? bodyElementTypes[i]
                                               : input.getElementType();
    results.push_back(RankedTensorType::get(shape, element));
  }
  return results;
}

FailureOr<RankedTensorType>
inferSelectAndScatterOp(EmitErrorFn emitError, RankedTensorType operand,
                        RankedTensorType source, RankedTensorType initValue,
                        const WindowConfig &window, Region &select,
                        Region &scatter) {
  int64_t rank = operand.getRank();
  Type e = operand.getElementType();
  // select_and_scatter_c4..c7: window_dimensions and window_strides have
  // `rank` positive entries.
  std::optional<ArrayRef<int64_t>> dims;
  if (!window.dimensions.empty() || rank == 0)
    dims = window.dimensions;
  if (failed(verifyWindowAttr(emitError, dims, "window_dimensions", rank,
                              "select_and_scatter_c4",
                              "select_and_scatter_c5")) ||
      failed(verifyWindowAttr(emitError, window.strides, "window_strides",
                              rank, "select_and_scatter_c6",
                              "select_and_scatter_c7")))
    return failure();
  // select_and_scatter_c8: shape(padding) = [rank(operand), 2].
  if (window.padding &&
      static_cast<int64_t>(window.padding->size()) != 2 * rank)
    return emitError() << "padding must have shape [" << rank
                       << ", 2], has " << window.padding->size()
                       << " entries (select_and_scatter_c8)";
  // select_and_scatter_c1: element_type(operand) = element_type(source).
  if (source.getElementType() != e)
    return emitError() << "source element type " << source.getElementType()
                       << " must match operand element type " << e
                       << " (select_and_scatter_c1)";
  // select_and_scatter_c3: element_type(init_value) = element_type(operand).
  if (initValue.getRank() != 0)
    return emitError() << "init_value must be a 0-dimensional tensor, got "
                       << initValue << " (select_and_scatter_i3)";
  if (initValue.getElementType() != e)
    return emitError() << "init_value element type "
                       << initValue.getElementType()
                       << " must match operand element type " << e
                       << " (select_and_scatter_c3)";
  // select_and_scatter_c2: shape(source) = num_windows.
  WindowConfig plain = window;
  plain.baseDilations = std::nullopt;
  plain.windowDilations = std::nullopt;
  SmallVector<int64_t> windows = computeNumWindows(operand.getShape(), plain);
  if (!isCompatibleShape(source.getShape(), windows))
    return emitError() << "source shape " << dimsToString(source.getShape())
                       << " must be the number of windows "
                       << dimsToString(windows) << " (select_and_scatter_c2)";
  // select_and_scatter_c9: select has type (tensor<E>, tensor<E>) ->
  // tensor<i1>.
  FailureOr<TypeRange> selectResults =
      getRegionReturnTypes(emitError, select, "select");
  if (failed(selectResults))
    return failure();
  auto scalarE = RankedTensorType::get({}, e);
  TypeRange selectArgs = select.front().getArgumentTypes();
  if (selectArgs.size() != 2 || selectArgs[0] != scalarE ||
      selectArgs[1] != scalarE)
    return emitError() << "select arguments " << typesToString(selectArgs)
                       << " must be " << typesToString({scalarE, scalarE})
                       << " (select_and_scatter_c9)";
  RankedTensorType pred = selectResults->size() == 1
                              ? asScalarTensor((*selectResults)[0])
                              : RankedTensorType();
  if (!pred || !pred.getElementType().isInteger(1))
    return emitError() << "select must return a single tensor<i1>, got "
                       << typesToString(*selectResults)
                       << " (select_and_scatter_c9)";
  // select_and_scatter_c10: scatter has type (tensor<E'>, tensor<E'>) ->
  // tensor<E'> with is_promotable(E, E').
  FailureOr<SmallVector<Type>> scatterTypes =
      verifyReducerBody(emitError, scatter, {e}, "select_and_scatter_c10");
  if (failed(scatterTypes))
    return failure();
  // select_and_scatter_c11, c12: the operand's shape, element type E'.
  return RankedTensorType::get(operand.getShape(), (*scatterTypes)[0]);
}

FailureOr<SmallVector<RankedTensorType>>
inferSortOp(EmitErrorFn emitError, ArrayRef<RankedTensorType> inputs,
            int64_t dimension, Region &comparator) {
  // sort_c1: 0 < size(inputs).
  if (inputs.empty())
    return emitError() << "must have at least one input (sort_c1)";
  // sort_c3: same shapes.
  for (auto [i, input] : llvm::enumerate(inputs))
    if (!isCompatibleShape(input.getShape(), inputs[0].getShape()))
      return emitError() << "input " << i << " has shape "
                         << dimsToString(input.getShape())
                         << " but input 0 has shape "
                         << dimsToString(inputs[0].getShape())
                         << " (sort_c3)";
  // sort_c4: -R <= dimension < R.
  int64_t rank = inputs[0].getRank();
  if (dimension < -rank || dimension >= rank)
    return emitError() << "dimension " << dimension << " must be in range ["
                       << -rank << ", " << rank << ") (sort_c4)";
  // sort_c5: comparator has type (tensor<E0>, tensor<E0>, ...,
  // tensor<EN-1>, tensor<EN-1>) -> tensor<i1>.
  FailureOr<TypeRange> results =
      getRegionReturnTypes(emitError, comparator, "comparator");
  if (failed(results))
    return failure();
  TypeRange args = comparator.front().getArgumentTypes();
  if (args.size() != 2 * inputs.size())
    return emitError() << "comparator must take " << 2 * inputs.size()
                       << " arguments, takes " << args.size() << " (sort_c5)";
  for (auto [i, input] : llvm::enumerate(inputs)) {
    auto expected = RankedTensorType::get({}, input.getElementType());
    if (args[2 * i] != expected || args[2 * i + 1] != expected)
      return emitError() << "comparator arguments " << 2 * i << " and "
                         << 2 * i + 1 << " must be " << expected << ", got "
                         << args[2 * i] << " and " << args[2 * i + 1]
                         << " (sort_c5)";
  }
  RankedTensorType pred =
      results->size() == 1 ? asScalarTensor((*results)[0]) : RankedTensorType();
  if (!pred || !pred.getElementType().isInteger(1))
    return emitError() << "comparator must return a single tensor<i1>, got "
                       << typesToString(*results) << " (sort_c5)";
  return SmallVector<RankedTensorType>(inputs);
}

FailureOr<RankedTensorType> inferMapOp(EmitErrorFn emitError,
                                       ArrayRef<RankedTensorType> inputs,
                                       ArrayRef<int64_t> dimensions,
                                       Region &computation) {
  // map_c2: 0 < size(inputs).
  if (inputs.empty())
    return emitError() << "must have at least one input (map_c2)";
  // map_c1: all inputs have the same shape.
  for (auto [i, input] : llvm::enumerate(inputs))
    if (!isCompatibleShape(input.getShape(), inputs[0].getShape()))
      return emitError() << "input " << i << " has shape "
                         << dimsToString(input.getShape())
                         << " but input 0 has shape "
                         << dimsToString(inputs[0].getShape()) << " (map_c1)";
  // map_c3: dimensions = [0, ..., R-1].
  int64_t rank = inputs[0].getRank();
  bool identity = static_cast<int64_t>(dimensions.size()) == rank;
  for (auto [i, d] : llvm::enumerate(dimensions))
    identity = identity && d == static_cast<int64_t>(i);
  if (!identity)
    return emitError() << "dimensions " << dimsToString(dimensions)
                       << " must be [0, ..., " << rank - 1 << "] (map_c3)";
  // map_c4: computation has type (tensor<E0>, ..., tensor<EN-1>) ->
  // tensor<E'>.
  FailureOr<TypeRange> results =
      getRegionReturnTypes(emitError, computation, "computation");
  if (failed(results))
    return failure();
  TypeRange args = computation.front().getArgumentTypes();
  if (args.size() != inputs.size())
    return emitError() << "computation must take " << inputs.size()
                       << " arguments, takes " << args.size() << " (map_c4)";
  for (auto [i, input] : llvm::enumerate(inputs)) {
    auto expected = RankedTensorType::get({}, input.getElementType());
    if (args[i] != expected)
      return emitError() << "computation argument " << i << " must be "
                         << expected << ", got " << args[i] << " (map_c4)";
  }
  RankedTensorType out =
      results->size() == 1 ? asScalarTensor((*results)[0]) : RankedTensorType();
  if (!out)
    return emitError() << "computation must return a single 0-dimensional "
                          "tensor, got "
                       << typesToString(*results) << " (map_c4)";
  return RankedTensorType::get(inputs[0].getShape(), out.getElementType());
}

} // namespace jx::stablehlo
